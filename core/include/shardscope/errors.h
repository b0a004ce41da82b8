// SPDX-License-Identifier: MIT
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace shardscope {

/**
 * Bad input: a scenario field (or file) that has no meaningful answer.
 * `field` is the scenario key (the same name as in JSON `scenario.<field>` and, with dashes,
 * the command-line option), so every front end can point at the culprit.
 */
class InvalidInput : public std::runtime_error
{
public:
    InvalidInput(std::string field, const std::string& message)
        : std::runtime_error(message)
        , m_field(std::move(field))
    {
    }
    /// A message from a fixed English template with %1..%9 placeholders, so that a front end can word it
    /// in the user's language (the window translates `templateText()` and fills in `args()`); what() is
    /// "--FIELD: " followed by the filled-in template, as the command line prints it.
    InvalidInput(std::string field, std::string templateText, std::vector<std::string> args)
        : std::runtime_error("--" + field + ": " + fill(templateText, args))
        , m_field(std::move(field))
        , m_template(std::move(templateText))
        , m_args(std::move(args))
    {
    }
    const std::string& field() const { return m_field; }
    /// The English template ("TP %1 does not divide the %2 attention heads"); empty for a free-form message.
    const std::string& templateText() const { return m_template; }
    const std::vector<std::string>& args() const { return m_args; }

    /// `templateText` with each %K (K = 1..9) replaced by args[K-1]; a %K without an argument stays as it is.
    static std::string fill(const std::string& templateText, const std::vector<std::string>& args)
    {
        std::string out;
        out.reserve(templateText.size() + 16);
        for (std::size_t i = 0; i < templateText.size(); ++i) {
            const char c = templateText[i];
            if (c == '%' && i + 1 < templateText.size() && templateText[i + 1] >= '1' && templateText[i + 1] <= '9') {
                const auto k = static_cast<std::size_t>(templateText[i + 1] - '1');
                if (k < args.size()) {
                    out += args[k];
                    ++i;
                    continue;
                }
            }
            out += c;
        }
        return out;
    }

private:
    std::string m_field;
    std::string m_template;
    std::vector<std::string> m_args;
};

} // namespace shardscope
