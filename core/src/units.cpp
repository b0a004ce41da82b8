// SPDX-License-Identifier: MIT
#include "shardscope/units.h"

#include "shardscope/errors.h"

#include "cnumber.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <locale.h> // newlocale, locale_t (POSIX)
#include <stdlib.h> // strtod_l (glibc)

namespace shardscope {

std::string formatBytes(double bytes, ByteUnit unit, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f %s", decimals, bytes / unitDivisor(unit), unitName(unit));
    return buf;
}

std::string withThousands(std::int64_t v)
{
    std::string digits = std::to_string(v < 0 ? -v : v);
    std::string out;
    int n = 0;
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
        if (n > 0 && n % 3 == 0)
            out.insert(out.begin(), ',');
        out.insert(out.begin(), *it);
        ++n;
    }
    return v < 0 ? "-" + out : out;
}

std::string shortCount(double v)
{
    const char* suffix = "";
    double x = v;
    if (std::fabs(v) >= 1e12) {
        x = v / 1e12;
        suffix = "T";
    } else if (std::fabs(v) >= 1e9) {
        x = v / 1e9;
        suffix = "B";
    } else if (std::fabs(v) >= 1e6) {
        x = v / 1e6;
        suffix = "M";
    } else if (std::fabs(v) >= 1e3) {
        x = v / 1e3;
        suffix = "K";
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f%s", x, suffix);
    return buf;
}

std::int64_t parseCount(const std::string& text, const std::string& field)
{
    // Each refusal is a template the window translates (context "shardscope::Validation", as validateScenario's);
    // what() reads "--FIELD: 'TEXT' why", as before.
    auto fail = [&](const char* tmpl) -> std::int64_t { throw InvalidInput(field, tmpl, {text}); };
    std::string t;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)) && c != '_')
            t += c;
    // A comma only groups thousands ("1,000,000"): "1,5B" is a decimal comma, not 15B.
    const std::size_t firstComma = t.find(',');
    if (firstComma != std::string::npos) {
        auto digit = [&](std::size_t i) { return i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])); };
        bool grouped = firstComma >= 1 && firstComma <= 3;
        for (std::size_t i = 0; grouped && i < firstComma; ++i)
            grouped = digit(i);
        for (std::size_t i = firstComma; grouped && i < t.size() && t[i] != '.'; ++i) {
            if (t[i] == ',')
                grouped = digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4);
            else
                grouped = std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '+' || t[i] == '-';
        }
        if (!grouped || t.find(',', t.find('.') == std::string::npos ? t.size() : t.find('.')) != std::string::npos)
            return fail("'%1' has a comma that does not group thousands; write decimals with a dot (1.5B)");
        t.erase(std::remove(t.begin(), t.end(), ','), t.end());
    }
    if (t.empty())
        return fail("'%1' is empty; expected a count such as 7e9, 7B or 1.5T");
    if (t.find_first_of("0123456789") == std::string::npos)
        return fail("'%1' is not a number; expected a count such as 7e9, 7B or 1.5T");
    double mult = 1;
    const char last = static_cast<char>(std::toupper(static_cast<unsigned char>(t.back())));
    if (std::isalpha(static_cast<unsigned char>(last)) && last != 'E') {
        switch (last) {
        case 'K': mult = 1e3; break;
        case 'M': mult = 1e6; break;
        case 'B':
        case 'G': mult = 1e9; break;
        case 'T': mult = 1e12; break;
        default: return fail("'%1' has an unknown suffix; use K, M, B or T (powers of 1000)");
        }
        t.pop_back();
        if (t.empty())
            return fail("'%1' has no number before its suffix");
    }
    // Only digits, one dot, one exponent: strtod alone would also accept "nan", "inf" and hex.
    for (char c : t)
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == '+'
              || c == '-'))
            return fail("'%1' is not a number; expected a count such as 7e9, 7B or 1.5T");
    char* end = nullptr;
    const double v = strtodC(t.c_str(), &end);
    if (end == t.c_str() || *end != '\0')
        return fail("'%1' is not a number; expected a count such as 7e9, 7B or 1.5T");
    const double x = v * mult;
    if (!std::isfinite(x))
        return fail("'%1' is not finite");
    if (x < 0)
        return fail("'%1' is negative");
    if (x > 9.0e18)
        return fail("'%1' is too large");
    const double r = std::round(x);
    if (std::fabs(r - x) > 1e-6 * std::max(1.0, std::fabs(x)))
        return fail("'%1' is not a whole number");
    return static_cast<std::int64_t>(r);
}

double strtodC(const char* text, char** end)
{
    // A private "C" locale object, made once (thread-safe static); the process's locale is not touched.
    static const locale_t c = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
    return strtod_l(text, end, c);
}

} // namespace shardscope
