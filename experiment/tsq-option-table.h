/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_OPTION_TABLE_H
#define TSQ_OPTION_TABLE_H

#include "tsq-command-line.h"

#include <cstdint>
#include <string>
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
     * \param name the option's name (without "--")
     * \param help what it sets, with its unit
     * \param value the variable (its value is the default)
     * \param min the smallest value other than 0
     * \param max the largest value
     * \param zero what 0 means ("" : 0 is allowed only when min is 0)
     * \param note said after the range in the help ("" : nothing)
     */
    void Whole(const std::string& name,
               const std::string& help,
               uint32_t& value,
               uint64_t min,
               uint64_t max,
               const std::string& zero = "",
               const std::string& note = "");
    /** \copydoc Whole(const std::string&,const std::string&,uint32_t&,uint64_t,uint64_t,const
     * std::string&,const std::string&) */
    void Whole(const std::string& name,
               const std::string& help,
               uint64_t& value,
               uint64_t min,
               uint64_t max,
               const std::string& zero = "",
               const std::string& note = "");
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
     * One of a list of names.
     * \param name the option's name (without "--")
     * \param help what it selects
     * \param value the variable (its value is the default)
     * \param names the names allowed
     * \param note said after the names in the help, e.g. what each means
     */
    void Names(const std::string& name,
               const std::string& help,
               std::string& value,
               const std::vector<std::string>& names,
               const std::string& note = "");

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
        Register(name, help, value, allowed);
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
    static std::string Range(double min, double max, const std::string& zero);
    /** \copydoc Range(double,double,const std::string&) */
    static std::string Range(uint64_t min, uint64_t max, const std::string& zero);
    /**
     * \param names names
     * \return "a", "a or b", "a, b or c"
     */
    static std::string Alternatives(const std::vector<std::string>& names);

  private:
    /** \return "HELP (ALLOWED[; NOTE])" */
    static std::string Help(const std::string& help,
                            const std::string& allowed,
                            const std::string& note);

    /** Register \p value with "HELP (ALLOWED)" as its help (when registering). */
    template <typename T>
    void Register(const std::string& name,
                  const std::string& help,
                  T& value,
                  const std::string& allowed)
    {
        if (m_cmd)
        {
            m_cmd->AddValue(name, Help(help, allowed, ""), value);
        }
    }

    /** Whole for any unsigned type: register, check against min..max or 0. */
    template <typename T>
    void WholeOf(const std::string& name,
                 const std::string& help,
                 T& value,
                 uint64_t min,
                 uint64_t max,
                 const std::string& zero,
                 const std::string& note);
    /** Record a refusal unless one came first. */
    void Refuse(const std::string& name, const std::string& value, const std::string& allowed);

    TsqCommandLine* m_cmd; //!< nullptr: check only
    std::string m_error;   //!< the first refusal
};

} // namespace ns3

#endif /* TSQ_OPTION_TABLE_H */
