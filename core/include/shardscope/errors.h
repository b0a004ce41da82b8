// SPDX-License-Identifier: MIT
#pragma once

#include <stdexcept>
#include <string>

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
    const std::string& field() const { return m_field; }

private:
    std::string m_field;
};

} // namespace shardscope
