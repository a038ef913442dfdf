/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_COMMAND_LINE_H
#define TSQ_COMMAND_LINE_H

#include "ns3/command-line.h"
#include "ns3/tsq-ns3-compat.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief ns-3's CommandLine with strict values: every option takes its
 * whole value or is refused with one line, never a silently different value.
 *
 * ns-3 3.37's CommandLine reads a number with operator>> and keeps what
 * it read (--mcs=1e30 is 1, --nSta=3abc is 3, --channelWidth=-65516 wraps
 * to 20), a string up to its first blank, toggles a bool given without a
 * value, and aborts on a malformed attribute value. Here a whole number is
 * digits only and fits its type, a real number is all of it a number and
 * finite, a bool is true, false, 1 or 0 (a bare --flag is true), a string is
 * kept whole. Unknown options, stray arguments and --ns3::Type::Attribute
 * (or global) values that do not parse for their attribute are refused
 * before ns-3 sees them. Each option's own range stays in the program's
 * validation; the message of a malformed value quotes the option's help,
 * which states it.
 */
class TsqCommandLine
{
  public:
    /**
     * \param file the program's source file (__FILE__), for the usage line
     */
    explicit TsqCommandLine(const std::string& file);

    /**
     * Register an option.
     * \param name the option's name (without "--")
     * \param help its help text, with its allowed range
     * \param value the variable the option sets (its value is the default)
     */
    void AddValue(const std::string& name, const std::string& help, bool& value);
    /** \copydoc AddValue(const std::string&,const std::string&,bool&) */
    void AddValue(const std::string& name, const std::string& help, uint16_t& value);
    /** \copydoc AddValue(const std::string&,const std::string&,bool&) */
    void AddValue(const std::string& name, const std::string& help, uint32_t& value);
    /** \copydoc AddValue(const std::string&,const std::string&,bool&) */
    void AddValue(const std::string& name, const std::string& help, uint64_t& value);
    /** \copydoc AddValue(const std::string&,const std::string&,bool&) */
    void AddValue(const std::string& name, const std::string& help, int32_t& value);
    /** \copydoc AddValue(const std::string&,const std::string&,bool&) */
    void AddValue(const std::string& name, const std::string& help, double& value);
    /** \copydoc AddValue(const std::string&,const std::string&,bool&) */
    void AddValue(const std::string& name, const std::string& help, std::string& value);

    /**
     * \param usage the program's description, printed by --PrintHelp
     */
    void Usage(const std::string& usage);

    /**
     * Parse the arguments (--PrintHelp and the other ns-3 help options
     * print and exit as in ns-3).
     * \param argc as main's
     * \param argv as main's
     * \return "" or the message naming the first bad argument, its value
     *         and what is allowed (the caller prints it and exits 2)
     */
    std::string Parse(int argc, char* argv[]);

    /** \return the wrapped ns-3 CommandLine (its help text, for tests) */
    const CommandLine& GetCommandLine() const;

    /**
     * \param text the value as given
     * \param max the largest allowed value
     * \param[out] out the value
     * \return true if \p text is digits only and at most \p max
     */
    static bool ParseWhole(const std::string& text, uint64_t max, uint64_t* out);
    /**
     * \param text the value as given
     * \param[out] out the value
     * \return true if all of \p text is one finite decimal number
     */
    static bool ParseReal(const std::string& text, double* out);
    /**
     * \param name an attribute path ns3::Type::Attribute, or a global's name
     * \param value its value as given
     * \return "" if ns-3 would take the value as it is, else the message
     */
    static std::string CheckAttribute(const std::string& name, const std::string& value);

  private:
    /** Remember the first refused value (ns-3 is told it parsed). */
    bool Refuse(const std::string& message);
    /** Register an unsigned whole-number option of type T. */
    template <typename T>
    void AddWhole(const std::string& name, const std::string& help, T& value);
    /** Register the option's callback with ns-3. */
    void Register(const std::string& name,
                  const std::string& help,
                  Callback<bool, TSQ_CMDLINE_PARSER_ARG> parse,
                  const std::string& shown);

    CommandLine m_cmd;             //!< the ns-3 command line
    std::set<std::string> m_names; //!< registered options
    std::string m_error;           //!< first refusal
};

/**
 * \ingroup tsq
 * \param list comma-separated unsigned integers
 * \param out the values, in order
 * \return false if an item is empty or not a number
 */
bool TsqParseUintList(const std::string& list, std::vector<uint32_t>& out);

/**
 * \ingroup tsq
 * Parses a --shifts list (pacing shifts 0..31, each once).
 * \param list the value given
 * \param out the shifts, in order
 * \return "" or the one-line message naming the value and what is allowed
 */
std::string TsqParseShiftList(const std::string& list, std::vector<uint32_t>& out);

} // namespace ns3

#endif /* TSQ_COMMAND_LINE_H */
