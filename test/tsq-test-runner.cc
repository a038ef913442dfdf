/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Standalone test runner: Debian ships no ns-3 test-runner, but
 * ns3::TestRunner::Run is exported by libns3-core and is the runner test.py
 * drives in-tree (--suite=NAME, --list, --verbose, ...).
 *
 * One option of its own: --suites=A,B,... runs those suites one after
 * another in this one process, in the order given (ns3::TestRunner runs
 * a whole run in registration order only), so a suite's verdict can be
 * compared alone, in the whole run and in another order.
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

int
main(int argc, char** argv)
{
    const char* prefix = "--suites=";
    std::vector<char*> rest;
    std::string list;
    bool listed = false;
    for (int i = 0; i < argc; ++i)
    {
        if (std::strncmp(argv[i], prefix, std::strlen(prefix)) == 0)
        {
            list = argv[i] + std::strlen(prefix);
            listed = true;
        }
        else
        {
            rest.push_back(argv[i]);
        }
    }
    if (!listed)
    {
        return ns3::TestRunner::Run(argc, argv);
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
        std::vector<char*> args(rest);
        args.push_back(option.data());
        args.push_back(nullptr);
        const int rc = ns3::TestRunner::Run(static_cast<int>(args.size() - 1), args.data());
        status = status ? status : rc;
    }
    return status;
}
