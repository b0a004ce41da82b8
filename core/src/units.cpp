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
        if (!std::isspace(static_cast<unsigned char>(c)))
            t += c;
    // A comma or an underscore only groups thousands ("1,000,000", "12_000"): "1,5B" is a decimal comma, not 15B;
    // "0,500B" (a leading zero group), "1,234e9" (a grouped mantissa with an exponent), "1_0_2_4" and a mix of the
    // two separators are refused, not read as 500B, 1.234e12 or 1024.
    const std::size_t firstSep = t.find_first_of(",_");
    if (firstSep != std::string::npos) {
        const char sep = t[firstSep];
        auto digit = [&](std::size_t i) { return i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])); };
        bool grouped = firstSep >= 1 && firstSep <= 3 && t[0] != '0';
        for (std::size_t i = 0; grouped && i < firstSep; ++i)
            grouped = digit(i);
        const std::size_t dot = t.find('.');
        for (std::size_t i = firstSep; grouped && i < t.size() && t[i] != '.'; ++i) {
            if (t[i] == sep)
                grouped = digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4);
            else
                grouped = std::isdigit(static_cast<unsigned char>(t[i])) || (i + 1 == t.size() && std::isalpha(static_cast<unsigned char>(t[i]))
                                                                             && t[i] != 'e' && t[i] != 'E');
        }
        if (!grouped || t.find_first_of(",_", dot == std::string::npos ? t.size() : dot) != std::string::npos
            || t.find_first_of(sep == ',' ? "_" : ",") != std::string::npos || t.find_first_of("eE") != std::string::npos)
        {
            if (sep == ',')
                return fail("'%1' has a comma that does not group thousands; write decimals with a dot (1.5B)");
            return fail("'%1' has an underscore that does not group thousands (12_000)");
        }
        t.erase(std::remove(t.begin(), t.end(), sep), t.end());
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

bool plainDecimal(const std::string& text, double& out)
{
    std::size_t i = 0;
    const std::size_t n = text.size();
    auto digits = [&] {
        const std::size_t from = i;
        while (i < n && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
        return i - from;
    };
    if (i < n && (text[i] == '+' || text[i] == '-'))
        ++i;
    std::size_t mantissa = digits();
    if (i < n && text[i] == '.') {
        ++i;
        mantissa += digits();
    }
    if (mantissa == 0)
        return false;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < n && (text[i] == '+' || text[i] == '-'))
            ++i;
        if (digits() == 0)
            return false;
    }
    if (i != n)
        return false;
    char* end = nullptr;
    const double v = strtodC(text.c_str(), &end);
    if (end != text.c_str() + n || !std::isfinite(v) || (v != 0 && !std::isnormal(v)))
        return false;
    out = v;
    return true;
}

} // namespace shardscope
