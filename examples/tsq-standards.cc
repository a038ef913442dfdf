/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reproduction 6: the pacing-shift sweep of reproduction 1 on three
 * generations of WiFi, each with the driver profile of a card of its
 * generation: 802.11n HT40 one stream (ath9k), 802.11ac VHT80 two streams
 * (ath10k) and 802.11ax HE80 two streams (mt76), at the top MCS of each
 * (7, 9, 11), short / 800 ns guard interval, one station 1 m from the AP
 * (two HE streams at MCS 11 lose frames at the scenario's default 5 m).
 * The kernel is linux-6.16 (mac80211's default shift 7, a 4 MB
 * tcp_limit_output_bytes: a kernel that drives 802.11ax cards); the device
 * forces each shift in turn. No Linux reference exists for these points:
 * the papers behind this module measured 802.11ac, but not this table.
 *
 *   ./tsq-standards                       # full: 3 seeds x 10 s per point
 *   ./tsq-standards --quick
 *   ./tsq-standards --standards=80211ax --shifts=8,6
 */

#include "ns3/core-module.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

#include <algorithm>
#include <iostream>
#include <sstream>

using namespace ns3;

namespace
{

/** One generation of the table. */
struct Standard
{
    const char* name;   //!< its --standard value
    const char* prefix; //!< label prefix
    uint16_t width;     //!< MHz
    uint32_t nss;       //!< spatial streams
    uint32_t mcs;       //!< the standard's top per-stream MCS
    const char* driver; //!< the driver profile of a card of that generation
};

const Standard kStandards[] = {
    {"80211n", "n", 40, 1, 7, "ath9k"},
    {"80211ac", "ac", 80, 2, 9, "ath10k"},
    {"80211ax", "ax", 80, 2, 11, "mt76"},
};

} // namespace

int
main(int argc, char* argv[])
{
    TsqExperiment exp("standards",
                      "Reproduction 6: sk_pacing_shift on 802.11n HT40 1SS (ath9k), 802.11ac "
                      "VHT80 2SS (ath10k), 802.11ax HE80 2SS (mt76), linux-6.16",
                      __FILE__);
    exp.SetDefaults(3, 10, 2, 1, 3, 1);
    WifiUplinkConfig& base = exp.GetBaseConfig();
    base.kernelProfile = "linux-6.16";
    base.wiredServer = true;
    base.distanceM = 1;
    std::string shifts = "10,9,8,7,6";
    std::string standards = "80211n,80211ac,80211ax";
    exp.GetCommandLine().AddValue("shifts",
                                  "pacing shifts to run (comma-separated, 0..31)",
                                  shifts);
    exp.GetCommandLine().AddValue("standards",
                                  "generations to run (comma-separated: 80211n, 80211ac, 80211ax)",
                                  standards);
    if (!exp.Parse(argc, argv))
    {
        return 2;
    }
    // Each point sets these: given beside them they would be overridden.
    for (const char* o : {"pacingShiftPolicy", "standard", "channelWidth", "nss", "mcs", "driverProfile"})
    {
        if (exp.WasGiven(o))
        {
            std::cerr << "invalid option: --" << o
                      << " is set by each point of this program; allowed: --shifts=S1,S2,... "
                         "and --standards=A,B,...\n";
            return 2;
        }
    }
    std::vector<uint32_t> shiftList;
    if (std::string error = TsqParseShiftList(shifts, shiftList); !error.empty())
    {
        std::cerr << error << "\n";
        return 2;
    }
    std::vector<std::string> standardList;
    std::string item;
    std::istringstream in(standards);
    while (std::getline(in, item, ','))
    {
        standardList.push_back(item);
    }
    auto known = [](const std::string& name) {
        return std::any_of(std::begin(kStandards), std::end(kStandards), [&name](const auto& st) {
            return name == st.name;
        });
    };
    if (standardList.empty() || standards.back() == ',' ||
        !std::all_of(standardList.begin(), standardList.end(), known))
    {
        std::cerr << TsqOutOfRange("standards", standards, "80211n, 80211ac and/or 80211ax")
                  << "\n";
        return 2;
    }
    if (std::string repeated = TsqRepeatedItem("standards", standards, standardList);
        !repeated.empty())
    {
        std::cerr << repeated << "\n";
        return 2;
    }

    for (const Standard& st : kStandards)
    {
        if (std::find(standardList.begin(), standardList.end(), st.name) == standardList.end())
        {
            continue;
        }
        for (uint32_t s : shiftList)
        {
            TsqExperimentPoint p;
            p.label = std::string(st.prefix) + "-shift" + std::to_string(s);
            p.apply = [st, s](WifiUplinkConfig& c) {
                c.standard = st.name;
                c.channelWidth = st.width;
                c.nss = st.nss;
                c.mcs = st.mcs;
                c.driverProfile = st.driver;
                c.pacingShiftPolicy = std::to_string(s);
            };
            exp.AddPoint(p);
        }
    }
    exp.AddColumns(TsqExperiment::GoodputColumns());
    exp.AddColumns(TsqExperiment::LatencyColumns());
    exp.AddColumns(TsqExperiment::StackColumns());
    exp.AddColumn({"events/s", TsqColumn::MEAN, "sim_events_per_s", 0, 1e-3});
    exp.AddColumn({"wall s", TsqColumn::MEAN, "wall_s", 1});
    exp.AddNote("PHY rates: HT40 MCS7 short GI 150 Mb/s; VHT80 2SS MCS9 short GI 866.7 Mb/s; "
                "HE80 2SS MCS11 800 ns GI 1201 Mb/s. MPDU/AMPDU against a BlockAck window "
                "of 64 (HT, VHT) or 256 (HE).");
    exp.AddNote("events/s: thousands of simulator events per simulated second (the cost of a "
                "run whatever the machine); wall s: wall time of one run.");
    exp.AddNote("ath10k and mt76: the firmware's completion batching is an estimate (one "
                "event per PPDU), recorded in model_assumptions.");
    exp.SetPlotX("pacing_shift", "sk_pacing_shift");
    exp.SetPlotBy("standard");
    exp.SetReferenceLabel("no Linux reference");
    return exp.Execute();
}
