/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-core-names.h"

#include <tsq/tsq.h>
#include <vector>

namespace ns3
{

namespace
{

/** Runs one of the core's snprintf-like list writers into a string. */
std::string
FromCoreList(size_t (*list)(char*, size_t))
{
    std::vector<char> buf(list(nullptr, 0) + 1);
    list(buf.data(), buf.size());
    return std::string(buf.data());
}

} // namespace

std::string
TsqProfileNames()
{
    return FromCoreList(&tsq_profile_names);
}

std::string
TsqRuleIds()
{
    return FromCoreList(&tsq_rule_ids);
}

std::string
TsqDriverProfileNames()
{
    return FromCoreList(&tsq_driver_profile_names);
}

std::string
TsqFormsAllowed()
{
    return FromCoreList(&tsq_profile_forms_allowed);
}

std::vector<std::string>
TsqGateReleaseNames()
{
    std::vector<std::string> names;
    for (int r = 0; r < TSQ_GATE_RELEASE__COUNT; ++r)
    {
        names.emplace_back(tsq_gate_release_name(static_cast<enum tsq_gate_release>(r)));
    }
    return names;
}

} // namespace ns3
