/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_OPTION_TABLE_H
#define TSQ_OPTION_TABLE_H

#include "tsq-command-line.h"

#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

/**
 * \file
 * \ingroup tsq
 * Options declared once: each option's name, help, range and what 0 means
 * are written in one call, from which its --PrintHelp text, its
 * registration with TsqCommandLine (strict parsing) and its range check
 * (the one-line refusal) are made, so the three never disagree.
 */

namespace ns3
{

/**
 * \ingroup tsq
 * \brief A program's options, declared once.
 *
 * A configuration lists its options in one function taking a table; the
 * same function registers them (a table made with a command line) and
 * checks them (a table made without one). The help of a ranged option is
 * "HELP (RANGE[; NOTE])", and its refusal "invalid option: NAME=VALUE is
 * out of range; allowed: RANGE". A range that depends on another option
 * (Checked) is the caller's to check; its help still states it.
 */
class TsqOptionTable
{
  public:
    /**
     * \param cmd the command line to register the options with, or nullptr
     *        to check the values only
     */
    explicit TsqOptionTable(TsqCommandLine* cmd);

    /**
     * A bool.
     * \param name the option's name (without "--")
     * \param help what it does
     * \param value the variable (its value is the default)
     */
    void Flag(const std::string& name, const std::string& help, bool& value);

    /**
     * A whole number in min..max, or 0 when \p zero says what 0 means.
     * \tparam T an unsigned integer type
     * \param name the option's name (without "--")
     * \param help what it sets, with its unit
     * \param value the variable (its value is the default)
     * \param min the smallest value other than 0
     * \param max the largest value
     * \param zero what 0 means ("" : 0 is allowed only when min is 0)
     * \param note said after the range in the help ("" : nothing)
     */
    template <typename T>
    void Whole(const std::string& name,
               const std::string& help,
               T& value,
               uint64_t min,
               uint64_t max,
               const std::string& zero = "",
               const std::string& note = "")
    {
        static_assert(std::is_unsigned<T>::value, "Whole takes an unsigned variable");
        Ranged<T, uint64_t>(name, help, value, min, max, zero, note);
    }

    /**
     * A real number in min..max, or 0 when \p zero says what 0 means.
     * \param name the option's name (without "--")
     * \param help what it sets, with its unit
     * \param value the variable (its value is the default)
     * \param min the smallest value other than 0
     * \param max the largest value
     * \param zero what 0 means ("" : 0 is allowed only when min is 0)
     * \param note said after the range in the help ("" : nothing)
     */
    void Real(const std::string& name,
              const std::string& help,
              double& value,
              double min,
              double max,
              const std::string& zero = "",
              const std::string& note = "");

    /**
     * One of a list of values: names, or numbers such as a guard interval.
     * \tparam T the variable's type
     * \param name the option's name (without "--")
     * \param help what it selects
     * \param value the variable (its value is the default)
     * \param allowed the values allowed
     * \param note said after the values in the help, e.g. what each means
     */
    template <typename T>
    void Names(const std::string& name,
               const std::string& help,
               T& value,
               const std::vector<T>& allowed,
               const std::string& note = "")
    {
        const std::string list = Alternatives(allowed);
        Register(name, Help(help, list, note), value);
        for (const T& a : allowed)
        {
            if (value == a)
            {
                return;
            }
        }
        Refuse(name, Text(value), list);
    }

    /**
     * A value whose allowed range depends on other options or on the
     * core's lists: registered with \p allowed in its help, checked by the
     * caller.
     * \param name the option's name (without "--")
     * \param help what it sets
     * \param value the variable (its value is the default)
     * \param allowed what is allowed, as the help says it
     */
    template <typename T>
    void Checked(const std::string& name,
                 const std::string& help,
                 T& value,
                 const std::string& allowed)
    {
        Register(name, Help(help, allowed, ""), value);
    }

    /** \return the first refusal, in declaration order ("" : every value in range) */
    const std::string& Error() const;

    /**
     * \param min the smallest value other than 0
     * \param max the largest value
     * \param zero what 0 means ("" : none)
     * \return the range as help and refusal state it: "MIN..MAX" or
     *         "0 (ZERO) or MIN..MAX"
     */
    template <typename B>
    static std::string Range(B min, B max, const std::string& zero)
    {
        const std::string span = Text(min) + ".." + Text(max);
        return zero.empty() ? span : "0 (" + zero + ") or " + span;
    }

    /**
     * \param values names or numbers
     * \return "a", "a or b", "a, b or c"
     */
    template <typename T>
    static std::string Alternatives(const std::vector<T>& values)
    {
        std::string text;
        for (std::size_t i = 0; i < values.size(); ++i)
        {
            text += (i == 0 ? "" : (i + 1 == values.size() ? " or " : ", ")) + Text(values[i]);
        }
        return text;
    }

  private:
    /** \return "HELP (ALLOWED[; NOTE])" */
    static std::string Help(const std::string& help,
                            const std::string& allowed,
                            const std::string& note);

    /** Register \p value with \p help (when registering). */
    template <typename T>
    void Register(const std::string& name, const std::string& help, T& value)
    {
        if (m_cmd)
        {
            m_cmd->AddValue(name, help, value);
        }
    }

    /**
     * \param value a value
     * \return it as the help and a refusal print it (a real number with
     *         six significant digits)
     */
    template <typename T>
    static std::string Text(const T& value)
    {
        std::ostringstream os;
        os << value;
        return os.str();
    }

    /** Whole and Real: register, refuse a value outside min..max (and not a meant 0). */
    template <typename T, typename B>
    void Ranged(const std::string& name,
                const std::string& help,
                T& value,
                B min,
                B max,
                const std::string& zero,
                const std::string& note)
    {
        const std::string range = Range(min, max, zero);
        Register(name, Help(help, range, note), value);
        // NaN fails both comparisons: refused
        if (!(value >= min && value <= max) && !(value == 0 && !zero.empty()))
        {
            Refuse(name, Text(value), range);
        }
    }

    /** Record a refusal unless one came first. */
    void Refuse(const std::string& name, const std::string& value, const std::string& allowed);

    TsqCommandLine* m_cmd; //!< nullptr: check only
    std::string m_error;   //!< the first refusal
};

} // namespace ns3

#endif /* TSQ_OPTION_TABLE_H */
