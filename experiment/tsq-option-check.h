/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_OPTION_CHECK_H
#define TSQ_OPTION_CHECK_H

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * The one wording of a refused option, for every scenario and program.
 * \param name the option's name
 * \param value the value given, as text
 * \param range the allowed values
 * \return "invalid option: NAME=VALUE is out of range; allowed: RANGE"
 */
inline std::string
TsqOutOfRange(const std::string& name, const std::string& value, const std::string& range)
{
    return "invalid option: " + name + "=" + value + " is out of range; allowed: " + range;
}

/**
 * \ingroup tsq
 * TsqOutOfRange for a value of any streamable type.
 * \param name the option's name
 * \param value the value given
 * \param range the allowed values
 * \return the message
 */
template <typename T>
std::string
TsqOutOfRangeValue(const std::string& name, const T& value, const std::string& range)
{
    std::ostringstream os;
    os << value;
    return TsqOutOfRange(name, os.str(), range);
}

/**
 * \ingroup tsq
 * Whether the command line gave an option (as --NAME or --NAME=VALUE).
 * \param args the arguments after the program's name
 * \param name the option's name without "--"
 * \return true if one of \p args sets it
 */
inline bool
TsqOptionGiven(const std::vector<std::string>& args, const std::string& name)
{
    const std::string flag = "--" + name;
    for (const std::string& a : args)
    {
        if (a == flag || a.rfind(flag + "=", 0) == 0)
        {
            return true;
        }
    }
    return false;
}

/**
 * \ingroup tsq
 * A list option names each point once: a repeated item would run the same
 * configuration twice under one label and merge it into one row.
 * \param name the option's name
 * \param list the value given
 * \param items its items, in order
 * \return "" when no item repeats, else the message naming the repeated one
 */
template <typename T>
std::string
TsqRepeatedItem(const std::string& name, const std::string& list, const std::vector<T>& items)
{
    for (std::size_t i = 0; i < items.size(); ++i)
    {
        for (std::size_t j = 0; j < i; ++j)
        {
            if (items[i] == items[j])
            {
                std::ostringstream os;
                os << items[i];
                return "invalid option: " + name + "=" + list + " names " + os.str() +
                       " twice; allowed: each value once";
            }
        }
    }
    return "";
}

} // namespace ns3

#endif /* TSQ_OPTION_CHECK_H */
