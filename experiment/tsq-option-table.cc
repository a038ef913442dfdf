/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-option-table.h"

#include "tsq-command-line.h"
#include "tsq-option-check.h"

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

void
TsqOptionTable::Flag(const std::string& name, const std::string& help, bool& value)
{
    Register(name, help, value);
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
    Ranged<double, double>(name, help, value, min, max, zero, note);
}

const std::string&
TsqOptionTable::Error() const
{
    return m_error;
}

} // namespace ns3
