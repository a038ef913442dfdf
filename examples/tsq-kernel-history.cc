/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reproduction 4: the history of the TSQ limit. The same WiFi upload
 * (reference 004's scenario: linux-4.16 profile, ath9k, mac80211's shift policy,
 * a host behind the AP) under every TSQ rule of the C core, from 3.6's fixed
 * 128 KB to 6.16: the curve no single real kernel can show. Only the rule
 * changes; the rest of the profile (TSO autosizing, cwnd validation,
 * truesize) stays the kernel profile's.
 *
 *   ./tsq-kernel-history                  # full: 3 seeds x 10 s per rule
 *   ./tsq-kernel-history --pacingShiftPolicy=none     # without mac80211's shift 8
 *   ./tsq-kernel-history --rules=3.19,4.15
 */

#include "tsq/rules.h"

#include "ns3/core-module.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

#include <iostream>
#include <sstream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    TsqExperiment exp("kernel-history",
                      "Reproduction 4: every TSQ rule of the core (linux-4.16 profile, ath9k)",
                      __FILE__);
    exp.SetDefaults(3, 10, 2, 1, 3, 1);
    WifiUplinkConfig& base = exp.GetBaseConfig();
    base.kernelProfile = "linux-4.16";
    base.driverProfile = "ath9k";
    base.wiredServer = true;
    std::string rules;
    exp.GetCommandLine().AddValue("rules",
                                  "rule ids to run, comma-separated (empty: all, off last)",
                                  rules);
    if (!exp.Parse(argc, argv))
    {
        return 2;
    }
    // Each point sets the TSQ rule: a --tsqRule beside them would be
    // silently overridden.
    if (exp.WasGiven("tsqRule"))
    {
        std::cerr << "invalid option: --tsqRule is set by each point of this program; allowed: "
                     "--rules=R1,R2,... to choose them\n";
        return 2;
    }
    std::vector<std::string> ids;
    if (rules.empty())
    {
        for (unsigned int i = 0; i < tsq_rule_count(); ++i)
        {
            const struct tsq_rule_info* info = tsq_rule_info(static_cast<enum tsq_rule>(i));
            if (info && info->rule != TSQ_RULE_OFF)
            {
                ids.emplace_back(info->id);
            }
        }
        ids.emplace_back("off");
    }
    else
    {
        std::istringstream in(rules);
        std::string id;
        while (std::getline(in, id, ','))
        {
            enum tsq_rule r;
            if (tsq_rule_from_id(id.c_str(), &r) != TSQ_OK)
            {
                std::cerr << TsqOutOfRange("rules", id, TsqRuleIds()) << "\n";
                return 2;
            }
            ids.push_back(id);
        }
        std::string repeated = TsqRepeatedItem("rules", rules, ids);
        if (!repeated.empty())
        {
            std::cerr << repeated << "\n";
            return 2;
        }
    }
    for (const std::string& id : ids)
    {
        enum tsq_rule r;
        tsq_rule_from_id(id.c_str(), &r);
        const struct tsq_rule_info* info = tsq_rule_info(r);
        TsqExperimentPoint p;
        p.label = id;
        p.apply = [id](WifiUplinkConfig& c) { c.tsqRule = id; };
        std::ostringstream ref;
        if (r == TSQ_RULE_OFF)
        {
            ref << "TSQ off";
        }
        else
        {
            ref << info->release << " " << info->commit;
        }
        p.reference = {ref.str()};
        exp.AddPoint(p);
    }
    exp.AddColumn({"kernel rule", TsqColumn::REFERENCE, "", 0, 1, 0});
    exp.AddColumns(TsqExperiment::GoodputColumns());
    exp.AddColumns(TsqExperiment::LatencyColumns());
    exp.AddColumns(TsqExperiment::StackColumns());
    exp.AddColumns(TsqExperiment::StationColumns());
    exp.AddNote(
        "Each row: the linux-4.16 profile with only the TSQ rule replaced; mac80211's "
        "shift policy (--pacingShiftPolicy, default: the profile's 8) applies to the 4.15+ rules, "
        "earlier rules use rate >> 10 as their kernels did.");
    exp.AddNote("Equal rows are equal runs, by the rules: 3.13's max(lob, rate >> 10) never "
                "goes below the lob, which is 3.6's whole limit; 5.0 and 6.16 differ from "
                "4.15 only for paced flows (CUBIC here is not) and in the default lob (the "
                "profile's 256 KB is kept).");
    exp.SetPlotX("tsq_rule", "TSQ rule (kernel release)");
    return exp.Execute();
}
