/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-command-line.h"

#include "tsq-option-check.h"

#include "ns3/global-value.h"
#include "ns3/string.h"
#include "ns3/type-id.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <sstream>

namespace ns3
{

namespace
{

/** The options ns-3 itself answers (help and listings). */
const char* const kNs3Options[] = {"PrintHelp",
                                   "help",
                                   "PrintVersion",
                                   "version",
                                   "PrintGroups",
                                   "PrintTypeIds",
                                   "PrintGlobals",
                                   "PrintGroup",
                                   "PrintAttributes"};

std::string
Invalid(const std::string& name,
        const std::string& value,
        const std::string& what,
        const std::string& allowed)
{
    return "invalid option: --" + name + "=" + value + " " + what + "; allowed: " + allowed;
}

/** \return "" if \p text is a time ns-3 parses (a number, then a unit or none) */
bool
ValidTime(const std::string& text)
{
    std::size_t end = text.size();
    while (end > 0 && std::isalpha(static_cast<unsigned char>(text[end - 1])))
    {
        --end;
    }
    static const std::set<std::string> units =
        {"", "s", "ms", "us", "ns", "ps", "fs", "min", "h", "d", "y"};
    double v;
    std::string number = text.substr(0, end);
    if (!number.empty() && number[0] == '+')
    {
        number = number.substr(1);
    }
    return units.count(text.substr(end)) == 1 && TsqCommandLine::ParseReal(number, &v);
}

} // namespace

TsqCommandLine::TsqCommandLine(const std::string& file)
    : m_cmd(file)
{
}

bool
TsqCommandLine::ParseWhole(const std::string& text, uint64_t max, uint64_t* out)
{
    if (text.empty() || text.size() > 20 ||
        text.find_first_not_of("0123456789") != std::string::npos)
    {
        return false;
    }
    errno = 0;
    unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
    if (errno == ERANGE || v > max)
    {
        return false;
    }
    *out = v;
    return true;
}

bool
TsqCommandLine::ParseReal(const std::string& text, double* out)
{
    // strtod also takes "inf", "nan", hexadecimal and leading blanks.
    if (text.empty() || text.find_first_not_of("0123456789+-.eE") != std::string::npos)
    {
        return false;
    }
    char* end = nullptr;
    errno = 0;
    double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v))
    {
        return false;
    }
    *out = v;
    return true;
}

std::string
TsqCommandLine::CheckAttribute(const std::string& name, const std::string& value)
{
    Ptr<const AttributeChecker> checker;
    std::size_t sep = name.rfind("::");
    if (sep != std::string::npos)
    {
        TypeId tid;
        TypeId::AttributeInformation info;
        if (!TypeId::LookupByNameFailSafe(name.substr(0, sep), &tid))
        {
            return Invalid(name, value, "names no TypeId", "ns3::Type::Attribute=value");
        }
        if (!tid.LookupAttributeByName(name.substr(sep + 2), &info))
        {
            return Invalid(name,
                           value,
                           "names no attribute of " + tid.GetName(),
                           "--PrintAttributes=" + tid.GetName() + " lists them");
        }
        checker = info.checker;
    }
    else
    {
        for (auto it = GlobalValue::Begin(); it != GlobalValue::End(); ++it)
        {
            if ((*it)->GetName() == name)
            {
                checker = (*it)->GetChecker();
            }
        }
        if (!checker)
        {
            return "invalid option: --" + name + (value.empty() ? "" : "=" + value) +
                   " is not an option of this program; allowed: the options --PrintHelp lists";
        }
    }
    const std::string type = checker->GetValueTypeName();
    const std::string range = checker->GetUnderlyingTypeInformation();
    uint64_t whole = 0;
    double real = 0;
    // ns-3's integer and time parsers abort on a malformed value: check
    // the form first, then let the checker judge the range.
    bool formed = true;
    if (type == "ns3::UintegerValue")
    {
        formed = ParseWhole(value, std::numeric_limits<uint64_t>::max(), &whole);
    }
    else if (type == "ns3::IntegerValue")
    {
        formed = ParseWhole(value[0] == '-' ? value.substr(1) : value,
                            std::numeric_limits<int64_t>::max(),
                            &whole);
    }
    else if (type == "ns3::DoubleValue")
    {
        formed = ParseReal(value, &real);
    }
    else if (type == "ns3::BooleanValue")
    {
        formed = value == "true" || value == "false" || value == "1" || value == "0";
    }
    else if (type == "ns3::TimeValue")
    {
        formed = ValidTime(value);
    }
    else if (type == "ns3::TypeIdValue")
    {
        TypeId tid;
        formed = TypeId::LookupByNameFailSafe(value, &tid);
    }
    if (!formed || !checker->CreateValidValue(StringValue(value)))
    {
        std::string allowed = range.empty() ? type : range;
        if (type == "ns3::TimeValue")
        {
            allowed = "a number and a unit (s, ms, us, ns, ...), e.g. 200ms";
        }
        else if (type == "ns3::TypeIdValue")
        {
            allowed = "the name of a registered TypeId (--PrintTypeIds lists them)";
        }
        else if (type == "ns3::BooleanValue")
        {
            allowed = "true, false, 1 or 0";
        }
        return Invalid(name, value, "is not a valid value", allowed);
    }
    return "";
}

bool
TsqCommandLine::Refuse(const std::string& message)
{
    if (m_error.empty())
    {
        m_error = message;
    }
    return true; // ns-3 would print its whole help and exit 1
}

void
TsqCommandLine::Register(const std::string& name,
                         const std::string& help,
                         Callback<bool, TSQ_CMDLINE_PARSER_ARG> parse,
                         const std::string& shown)
{
    m_names.insert(name);
    m_cmd.AddValue(name, help, parse, shown);
}

void
TsqCommandLine::AddValue(const std::string& name, const std::string& help, bool& value)
{
    Register(name,
             help,
             Callback<bool, TSQ_CMDLINE_PARSER_ARG>([this, name, &value](std::string text) {
                 // A bare --flag means true (ns-3 3.37 toggled it: --tsq
                 // switched the default true off).
                 if (text == "true" || text == "1" || text.empty())
                 {
                     value = true;
                 }
                 else if (text == "false" || text == "0")
                 {
                     value = false;
                 }
                 else
                 {
                     return Refuse(
                         Invalid(name, text, "is not a truth value", "true, false, 1 or 0"));
                 }
                 return true;
             }),
             value ? "true" : "false");
}

template <typename T>
void
TsqCommandLine::AddWhole(const std::string& name, const std::string& help, T& value)
{
    Register(name,
             help,
             Callback<bool, TSQ_CMDLINE_PARSER_ARG>([this, name, help, &value](std::string text) {
                 uint64_t v = 0;
                 if (!ParseWhole(text, std::numeric_limits<T>::max(), &v))
                 {
                     return Refuse(
                         Invalid(name, text, "is not a whole number (digits only)", help));
                 }
                 value = static_cast<T>(v);
                 return true;
             }),
             std::to_string(value));
}

void
TsqCommandLine::AddValue(const std::string& name, const std::string& help, uint16_t& value)
{
    AddWhole(name, help, value);
}

void
TsqCommandLine::AddValue(const std::string& name, const std::string& help, uint32_t& value)
{
    AddWhole(name, help, value);
}

void
TsqCommandLine::AddValue(const std::string& name, const std::string& help, uint64_t& value)
{
    AddWhole(name, help, value);
}

void
TsqCommandLine::AddValue(const std::string& name, const std::string& help, int32_t& value)
{
    Register(name,
             help,
             Callback<bool, TSQ_CMDLINE_PARSER_ARG>([this, name, help, &value](std::string text) {
                 // One copy of the digits (a conditional temporary made
                 // GCC 12 -O3 warn of an uninitialised string).
                 const bool negative = text.compare(0, 1, "-") == 0;
                 const std::string digits = text.substr(negative ? 1 : 0);
                 uint64_t v = 0;
                 if (!ParseWhole(digits, negative ? 2147483648ULL : 2147483647ULL, &v))
                 {
                     return Refuse(Invalid(name, text, "is not a whole number", help));
                 }
                 value = negative ? static_cast<int32_t>(-static_cast<int64_t>(v))
                                  : static_cast<int32_t>(v);
                 return true;
             }),
             std::to_string(value));
}

void
TsqCommandLine::AddValue(const std::string& name, const std::string& help, double& value)
{
    // A whole default is shown as 10.0: the option takes a real number.
    std::ostringstream shown;
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
    {
        shown.setf(std::ios::fixed);
        shown.precision(1);
    }
    shown << value;
    Register(name,
             help,
             Callback<bool, TSQ_CMDLINE_PARSER_ARG>([this, name, help, &value](std::string text) {
                 double v;
                 if (!ParseReal(text, &v))
                 {
                     return Refuse(Invalid(name, text, "is not a finite decimal number", help));
                 }
                 value = v;
                 return true;
             }),
             shown.str());
}

void
TsqCommandLine::AddValue(const std::string& name, const std::string& help, std::string& value)
{
    Register(name,
             help,
             Callback<bool, TSQ_CMDLINE_PARSER_ARG>([&value](std::string text) {
                 value = text; // whole: ns-3 3.37 stops at the first blank
                 return true;
             }),
             value);
}

std::string
TsqCommandLine::Parse(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        std::size_t start = arg.find_first_not_of('-');
        // "--name" only (ns-3 also takes "-name"): the one form the
        // programs' own checks of what was given recognise.
        if (start != 2)
        {
            return "invalid argument: '" + arg +
                   "' is not an option; allowed: --name=value options (--PrintHelp lists them)";
        }
        std::size_t eq = arg.find('=');
        const std::string name = arg.substr(start, eq == std::string::npos ? eq : eq - start);
        const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
        bool known = m_names.count(name) == 1;
        for (const char* own : kNs3Options)
        {
            known = known || name == own;
        }
        if (!known)
        {
            std::string error = CheckAttribute(name, value);
            if (!error.empty())
            {
                return error;
            }
        }
    }
    m_cmd.Parse(argc, argv);
    return m_error;
}

void
TsqCommandLine::Usage(const std::string& usage)
{
    m_cmd.Usage(usage);
}

const CommandLine&
TsqCommandLine::GetCommandLine() const
{
    return m_cmd;
}

bool
TsqParseUintList(const std::string& list, std::vector<uint32_t>& out)
{
    out.clear();
    std::istringstream in(list);
    std::string item;
    while (std::getline(in, item, ','))
    {
        char* end = nullptr;
        if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos)
        {
            return false;
        }
        unsigned long v = std::strtoul(item.c_str(), &end, 10);
        if (*end != '\0' || v > 0xffffffffUL)
        {
            return false;
        }
        out.push_back(static_cast<uint32_t>(v));
    }
    return !out.empty() && list.back() != ',';
}

std::string
TsqParseShiftList(const std::string& list, std::vector<uint32_t>& out)
{
    if (!TsqParseUintList(list, out))
    {
        return TsqOutOfRange("shifts", list, "comma-separated integers 0..31");
    }
    for (uint32_t s : out)
    {
        if (s > 31)
        {
            return TsqOutOfRange("shifts", std::to_string(s), "0..31 each");
        }
    }
    return TsqRepeatedItem("shifts", list, out);
}

} // namespace ns3
