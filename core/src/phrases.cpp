// SPDX-License-Identifier: MIT
#include "shardscope/phrases.h"

#include "shardscope/scenario.h"

#include <algorithm>
#include <cctype>

namespace shardscope {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool wordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

bool separator(char c) { return c == ';' || c == ',' || c == '(' || c == ')' || c == '|' || c == '\n'; }

/// A clause ends at a separator or at a sentence's full stop (a '.' before a space or the end): "network not stated.
/// FlashAttention v1" affirms the kernel. A '.' inside a word or number ("1.0.6", "torch.compile") ends nothing.
bool boundaryAt(const std::string& t, std::size_t i)
{
    return separator(t[i]) || (t[i] == '.' && (i + 1 == t.size() || t[i + 1] == ' ' || t[i + 1] == '\t'));
}

/// The alphanumeric words of a text, lower case ("w/o" kept whole).
std::vector<std::string> words(const std::string& t)
{
    std::vector<std::string> w;
    std::string cur;
    for (std::size_t i = 0; i < t.size(); ++i) {
        const char c = t[i];
        if (c == '/' && cur == "w" && i + 1 < t.size() && (t[i + 1] == 'o' || t[i + 1] == 'O')) {
            w.push_back("w/o");
            cur.clear();
            ++i;
            continue;
        }
        if (wordChar(c)) {
            cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!cur.empty()) {
            w.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty())
        w.push_back(cur);
    return w;
}

bool negationWord(const std::string& w)
{
    static const char* kWords[] = {"no", "not", "without", "w/o", "non", "disable", "disabled", "off", "never"};
    return std::any_of(std::begin(kWords), std::end(kWords), [&](const char* n) { return w == n; });
}

bool conjunction(const std::string& w) { return w == "but" || w == "and" || w == "with" || w == "plus"; }

/// "distributed optimizer not stated", "recompute unknown": the text names the knob but says nothing of it.
bool unstatedAt(const std::string& text, std::size_t pos, std::size_t len)
{
    std::size_t end = pos + len;
    while (end < text.size() && !boundaryAt(text, end))
        ++end;
    const std::vector<std::string> post = words(text.substr(pos + len, end - pos - len));
    if (post.empty())
        return false;
    if (post[0] == "unknown" || post[0] == "unstated")
        return true;
    return post.size() > 1 && post[0] == "not" && (post[1] == "stated" || post[1] == "given" || post[1] == "known");
}

bool negatedAt(const std::string& text, std::size_t pos, std::size_t len)
{
    std::size_t begin = pos;
    while (begin > 0 && !boundaryAt(text, begin - 1))
        --begin;
    std::size_t end = pos + len;
    while (end < text.size() && !boundaryAt(text, end))
        ++end;
    // Before: the words since the last conjunction or '+' of the clause.
    std::string before = text.substr(begin, pos - begin);
    const std::size_t plus = before.rfind('+');
    if (plus != std::string::npos)
        before = before.substr(plus + 1);
    std::vector<std::string> pre = words(before);
    for (std::size_t i = pre.size(); i-- > 0;) {
        if (conjunction(pre[i]))
            break;
        if (negationWord(pre[i]))
            return true;
    }
    // After: "=no", "=false", ": off", " disabled", " not used" right after the phrase.
    const std::vector<std::string> post = words(text.substr(pos + len, end - pos - len));
    if (!post.empty()) {
        const std::string& w = post.front();
        if (w == "no" || w == "false" || w == "off" || w == "0" || w == "disabled" || w == "none" || w == "unused")
            return true;
        // "not used", "not enabled", "not on"; "not stated" is no denial, only silence.
        if (w == "not" && post.size() > 1
            && (post[1] == "used" || post[1] == "enabled" || post[1] == "on" || post[1] == "active" || post[1] == "set"))
            return true;
    }
    return false;
}

template<class F>
void forEachHit(const std::string& text, const std::string& phrase, F f)
{
    if (phrase.empty())
        return;
    const std::string t = lower(text), p = lower(phrase);
    for (std::size_t at = t.find(p); at != std::string::npos; at = t.find(p, at + 1)) {
        const bool startOk = at == 0 || !wordChar(t[at - 1]) || !wordChar(p.front());
        const bool endOk = at + p.size() >= t.size() || !wordChar(t[at + p.size()]) || !wordChar(p.back());
        if (startOk && endOk && !f(at, p.size()))
            return;
    }
}

} // namespace

std::optional<PhraseHit> findPhrase(const std::string& text, const std::string& phrase)
{
    std::optional<PhraseHit> hit;
    forEachHit(text, phrase, [&](std::size_t at, std::size_t len) {
        PhraseHit h;
        h.pos = at;
        std::size_t b = at;
        while (b > 0 && !boundaryAt(text, b - 1))
            --b;
        std::size_t e = at + len;
        while (e < text.size() && !boundaryAt(text, e))
            ++e;
        const std::size_t first = text.find_first_not_of(' ', b);
        h.clause = first == std::string::npos || first >= e ? std::string() : text.substr(first, e - first);
        h.negated = negatedAt(text, at, len);
        hit = h;
        return false;
    });
    return hit;
}

bool affirms(const std::string& text, const std::string& phrase)
{
    bool yes = false;
    forEachHit(text, phrase, [&](std::size_t at, std::size_t len) {
        yes = !negatedAt(text, at, len) && !unstatedAt(text, at, len);
        return !yes;
    });
    return yes;
}

bool denies(const std::string& text, const std::string& phrase)
{
    bool found = false, negated = true;
    forEachHit(text, phrase, [&](std::size_t at, std::size_t len) {
        found = true;
        negated = negated && negatedAt(text, at, len);
        return true;
    });
    return found && negated;
}

std::optional<std::int64_t> numberAfter(const std::string& text, const std::string& label, bool* tooLong)
{
    std::optional<std::int64_t> n;
    if (tooLong)
        *tooLong = false;
    forEachHit(text, label, [&](std::size_t at, std::size_t len) {
        std::size_t i = at + len;
        std::size_t gap = 0;
        while (i < text.size() && (text[i] == ' ' || text[i] == '=' || text[i] == ':')) {
            ++i;
            ++gap;
        }
        if (gap == 0)
            return true;
        std::size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
            ++j;
        if (j == i || (j < text.size() && (wordChar(text[j]) || text[j] == '.')))
            return true; // "ffn 4h", "cp = 8x1", "seq 8.5k": not a whole number
        if (j - i > 9) {
            if (tooLong)
                *tooLong = true;
            return false;
        }
        n = std::stoll(text.substr(i, j - i));
        return false;
    });
    return n;
}

std::optional<std::string> readFlashAttentionV1Text(const std::string& text)
{
    for (const char* p : {"flashattention v1", "flashattention-1", "flashattention-v1", "flash attention v1",
                          "flash-attention v1", "flash-attn v1", "flash_attn v1", "fa1"})
        if (affirms(text, p))
            return findPhrase(text, p)->clause;
    // The package with a 1.x version ("flash-attn 1.0.6", "flash-attn==1.0.3.post0", "flash_attn v1"): a bare "1" after
    // the kernel's name is a version only after the package's name ("FlashAttention 1.5x faster" is none). The version's
    // ".0" would read as a denial ("=0") after the phrase, so the package name is what must be affirmed. A plain scan, no
    // std::regex (it recurses once per repetition: a long "1.1.1..." would exhaust the stack).
    const std::string t = lower(text);
    for (const char* name : {"flash-attn", "flash_attn"}) {
        const std::string n = name;
        for (std::size_t at = t.find(n); at != std::string::npos; at = t.find(n, at + 1)) {
            if (at > 0 && wordChar(t[at - 1]))
                continue;
            std::size_t k = at + n.size();
            if (k < t.size() && t[k] == ' ')
                ++k;
            if (t.compare(k, 2, "==") == 0)
                k += 2;
            if (k < t.size() && t[k] == ' ')
                ++k;
            if (k < t.size() && t[k] == 'v')
                ++k;
            if (k < t.size() && t[k] == '1' && (k + 1 == t.size() || !std::isdigit(static_cast<unsigned char>(t[k + 1])))
                && affirms(text, n))
                return findPhrase(text, n)->clause;
        }
    }
    return std::nullopt;
}

std::optional<CheckpointingText> readCheckpointingText(const std::string& text)
{
    const auto found = [&](std::initializer_list<const char*> phrases) -> std::string {
        for (const char* p : phrases)
            if (affirms(text, p))
                return p;
        return {};
    };
    std::string t = text;
    t.erase(0, t.find_first_not_of(" \t"));
    t.erase(t.find_last_not_of(" \t") + 1);
    std::string low = t;
    std::transform(low.begin(), low.end(), low.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (t.empty())
        return CheckpointingText {Checkpointing::None, "", false};
    const std::string selective = found({"selective"});
    if (!selective.empty()) {
        const std::string op = found({"per-op", "op"});
        return op.empty() ? CheckpointingText {Checkpointing::Selective, selective, false}
                          : CheckpointingText {Checkpointing::PerOp, selective + " " + op, false};
    }
    if (const std::string p = found({"per-op"}); !p.empty())
        return CheckpointingText {Checkpointing::PerOp, p, false};
    if (const std::string p = found({"full"}); !p.empty())
        return CheckpointingText {Checkpointing::Full, p, false};
    for (const char* none : {"-", "n/a", "na", "false", "0"})
        if (low == none)
            return CheckpointingText {Checkpointing::None, t, false};
    if (const std::string p = found({"none", "no", "off", "disabled"}); !p.empty())
        return CheckpointingText {Checkpointing::None, p, false};
    static const char* const bare[] = {"activation checkpointing", "gradient checkpointing", "activation recompute",
                                       "activation recomputation", "checkpointing", "recompute", "recomputation", "ac",
                                       "yes", "on", "true", "enabled"};
    for (const char* p : bare)
        if (denies(text, p))
            return CheckpointingText {Checkpointing::None, findPhrase(text, p)->clause, false};
    for (const char* p : bare)
        if (affirms(text, p))
            return CheckpointingText {Checkpointing::Full, p, true};
    return std::nullopt;
}

std::optional<SwitchText> readSwitchText(const std::string& text, std::initializer_list<const char*> names)
{
    for (const char* p : names)
        if (denies(text, p))
            return SwitchText {false, findPhrase(text, p)->clause};
    for (const char* p : {"no", "false", "off", "disabled", "none", "n", "0"})
        if (affirms(text, p))
            return SwitchText {false, p};
    for (const char* p : {"yes", "true", "on", "enabled", "y", "1"})
        if (affirms(text, p))
            return SwitchText {true, p};
    for (const char* p : names)
        if (affirms(text, p))
            return SwitchText {true, p};
    return std::nullopt;
}

} // namespace shardscope
