/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Standalone test runner: Debian ships no ns-3 test-runner, but
 * ns3::TestRunner::Run is exported by libns3-core and is the runner test.py
 * drives in-tree (--suite=NAME, --list, --verbose, ...).
 *
 * One option of its own: --suites=A,B,... runs those suites one after
 * another in this one process, in the order given, so a suite's verdict
 * can be compared alone, in the whole run and in another order. Without
 * an option that selects tests (--suite, --test-name, --test-type, --list,
 * --print-..., --help) it runs every suite of the module that way, in the
 * build's order (TSQ_TEST_SUITE_NAMES): ns-3 3.43's runner refuses a whole
 * run in one process ("tests should be launched separately"), 3.37's runs
 * one; both then do the same.
 */

#include "ns3/test.h"

#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace
{

/**
 * The names of a comma-separated list, or an empty list when one is empty.
 * \param text the list
 * \return the names
 */
std::vector<std::string>
SplitSuites(const std::string& text)
{
    std::vector<std::string> names;
    std::istringstream in(text);
    for (std::string name; std::getline(in, name, ',');)
    {
        if (name.empty())
        {
            return {};
        }
        names.push_back(name);
    }
    if (!text.empty() && text.back() == ',')
    {
        return {};
    }
    return names;
}

} // namespace

/**
 * \param arg a command-line argument
 * \return it selects tests or asks for a listing (ns-3's runner does it)
 */
bool
Selects(const char* arg)
{
    for (const char* p :
         {"--suite=", "--test-name=", "--test-type=", "--list", "--print-", "--help"})
    {
        if (std::strncmp(arg, p, std::strlen(p)) == 0)
        {
            return true;
        }
    }
    return false;
}

int
main(int argc, char** argv)
{
    const char* prefix = "--suites=";
    std::vector<char*> rest;
    std::string list;
    bool listed = false;
    bool selects = false;
    for (int i = 0; i < argc; ++i)
    {
        if (std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0)
        {
            list = argv[i] + std::strlen(prefix);
            listed = true;
        }
        else
        {
            selects = selects || (i > 0 && Selects(argv[i]));
            rest.push_back(argv[i]);
        }
    }
    if (selects && !listed)
    {
        return ns3::TestRunner::Run(argc, argv);
    }
    if (!listed)
    {
        list = TSQ_TEST_SUITE_NAMES;
    }
    const std::vector<std::string> names = SplitSuites(list);
    if (names.empty())
    {
        std::cerr << "invalid option: --suites=" << list
                  << " is not a list of suite names; allowed: NAME[,NAME...] (--list shows "
                     "them)"
                  << std::endl;
        return 2;
    }
    int status = 0;
    for (const std::string& name : names)
    {
        std::string option = "--suite=" + name;
        // Element by element: GCC 14's -O2 sees a vector copy's memmove as
        // overlapping itself (-Wrestrict), a false positive.
        std::vector<char*> args;
        args.reserve(rest.size() + 2);
        for (char* arg : rest)
        {
            args.push_back(arg);
        }
        args.push_back(option.data());
        args.push_back(nullptr);
        const int rc = ns3::TestRunner::Run(static_cast<int>(args.size() - 1), args.data());
        status = status ? status : rc;
    }
    return status;
}
