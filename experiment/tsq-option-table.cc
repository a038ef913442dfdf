/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-option-table.h"

#include "tsq-command-line.h"
#include "tsq-option-check.h"

#include <sstream>

namespace ns3
{

TsqOptionTable::TsqOptionTable(TsqCommandLine* cmd)
    : m_cmd(cmd)
{
}

std::string
TsqOptionTable::Help(const std::string& help, const std::string& allowed, const std::string& note)
{
    if (allowed.empty() && note.empty())
    {
        return help;
    }
    return help + " (" + allowed + (note.empty() ? "" : "; " + note) + ")";
}

void
TsqOptionTable::Refuse(const std::string& name,
                       const std::string& value,
                       const std::string& allowed)
{
    if (m_error.empty())
    {
        m_error = TsqOutOfRange(name, value, allowed);
    }
}

std::string
TsqOptionTable::Range(uint64_t min, uint64_t max, const std::string& zero)
{
    const std::string span = std::to_string(min) + ".." + std::to_string(max);
    return zero.empty() ? span : "0 (" + zero + ") or " + span;
}

std::string
TsqOptionTable::Range(double min, double max, const std::string& zero)
{
    std::ostringstream span;
    span << min << ".." << max;
    return zero.empty() ? span.str() : "0 (" + zero + ") or " + span.str();
}

std::string
TsqOptionTable::Alternatives(const std::vector<std::string>& names)
{
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
    {
        text += (i == 0 ? "" : (i + 1 == names.size() ? " or " : ", ")) + names[i];
    }
    return text;
}

void
TsqOptionTable::Flag(const std::string& name, const std::string& help, bool& value)
{
    Register(name, help, value, "");
}

template <typename T>
void
TsqOptionTable::WholeOf(const std::string& name,
                        const std::string& help,
                        T& value,
                        uint64_t min,
                        uint64_t max,
                        const std::string& zero,
                        const std::string& note)
{
    const std::string range = Range(min, max, zero);
    if (m_cmd)
    {
        m_cmd->AddValue(name, Help(help, range, note), value);
    }
    if (!(value >= min && value <= max) && !(value == 0 && !zero.empty()))
    {
        Refuse(name, std::to_string(value), range);
    }
}

void
TsqOptionTable::Whole(const std::string& name,
                      const std::string& help,
                      uint32_t& value,
                      uint64_t min,
                      uint64_t max,
                      const std::string& zero,
                      const std::string& note)
{
    WholeOf(name, help, value, min, max, zero, note);
}

void
TsqOptionTable::Whole(const std::string& name,
                      const std::string& help,
                      uint64_t& value,
                      uint64_t min,
                      uint64_t max,
                      const std::string& zero,
                      const std::string& note)
{
    WholeOf(name, help, value, min, max, zero, note);
}

void
TsqOptionTable::Real(const std::string& name,
                     const std::string& help,
                     double& value,
                     double min,
                     double max,
                     const std::string& zero,
                     const std::string& note)
{
    const std::string range = Range(min, max, zero);
    if (m_cmd)
    {
        m_cmd->AddValue(name, Help(help, range, note), value);
    }
    // NaN fails both comparisons: refused
    if (!(value >= min && value <= max) && !(value == 0 && !zero.empty()))
    {
        std::ostringstream os;
        os << value;
        Refuse(name, os.str(), range);
    }
}

void
TsqOptionTable::Names(const std::string& name,
                      const std::string& help,
                      std::string& value,
                      const std::vector<std::string>& names,
                      const std::string& note)
{
    const std::string allowed = Alternatives(names);
    if (m_cmd)
    {
        m_cmd->AddValue(name, Help(help, allowed, note), value);
    }
    for (const std::string& n : names)
    {
        if (value == n)
        {
            return;
        }
    }
    Refuse(name, value, allowed);
}

const std::string&
TsqOptionTable::Error() const
{
    return m_error;
}

} // namespace ns3
