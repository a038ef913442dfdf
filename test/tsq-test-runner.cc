/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Standalone test runner: Debian ships no ns-3 test-runner, but
 * ns3::TestRunner::Run is exported by libns3-core and is the runner test.py
 * drives in-tree (--suite=NAME, --list, --verbose, ...).
 */

#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
