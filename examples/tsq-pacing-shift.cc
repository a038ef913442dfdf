/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reproduction 1: mac80211's sk_pacing_shift table (reference 004, commit
 * 36148c2bbfbe). One station uploads over 802.11n (HT40, short GI, MCS7)
 * to a host behind the AP, with the linux-4.16 kernel profile and the ath9k
 * driver profile; the WiFi device forces each shift in turn (10 = pre-patch,
 * 8 = the patch). Prints goodput (mean, spread, ratio to shift 10) beside
 * Linux's 43.21 / 78.17 / 123.94 / 128.31 Mb/s, the ping latency under
 * load, MPDUs per A-MPDU, the TSQ limit, bytes queued below TCP, cwnd and
 * packets in flight; writes one database (and .flent.gz) per run under
 * results/pacing-shift/, merges them into results/pacing-shift.db and plots.
 *
 *   ./tsq-pacing-shift                      # full: 5 seeds x 10 s per shift
 *   ./tsq-pacing-shift --quick --name=demo  # make demo
 *   ./tsq-pacing-shift --shifts=10,8 --seeds=3 --completionLatencyUs=300   # an assumption
 *   ./tsq-pacing-shift --jobsFile=shift.jobs  # for utils/tsq-sweep.sh
 */

#include "ns3/core-module.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

#include <iostream>
#include <map>

using namespace ns3;

int
main(int argc, char* argv[])
{
    TsqExperiment exp("pacing-shift",
                      "Reproduction 1: mac80211 sk_pacing_shift (reference 004: linux-4.16, ath9k)",
                      __FILE__);
    exp.SetDefaults(5, 10, 2, 2, 4, 1);
    WifiUplinkConfig& base = exp.GetBaseConfig();
    base.kernelProfile = "linux-4.16";
    base.driverProfile = "ath9k";
    base.wiredServer = true; // "netperf runs to a host on the other side of the WiFi hop"
    std::string shifts = "10,9,8,7,6";
    exp.GetCommandLine().AddValue("shifts",
                                  "pacing shifts to run (comma-separated, 0..31)",
                                  shifts);
    if (!exp.Parse(argc, argv))
    {
        return 2;
    }
    // Each point sets the device's shift: a --pacingShiftPolicy beside them
    // would be silently overridden.
    if (exp.WasGiven("pacingShiftPolicy"))
    {
        std::cerr << "invalid option: --pacingShiftPolicy is set by each point of --shifts; allowed: "
                     "--shifts=S1,S2,... alone\n";
        return 2;
    }
    std::vector<uint32_t> list;
    if (std::string error = TsqParseShiftList(shifts, list); !error.empty())
    {
        std::cerr << error << "\n";
        return 2;
    }

    // Reference 004: average of 5 iterations of 10-s netperf runs, ath9k.
    const std::map<uint32_t, double> seed004{{10, 43.21}, {9, 78.17}, {8, 123.94}, {7, 128.31}};
    for (uint32_t s : list)
    {
        TsqExperimentPoint p;
        p.label = "shift" + std::to_string(s);
        p.apply = [s](WifiUplinkConfig& c) { c.pacingShiftPolicy = std::to_string(s); };
        auto it = seed004.find(s);
        if (it != seed004.end())
        {
            char mbps[32];
            char ratio[32];
            std::snprintf(mbps, sizeof(mbps), "%.2f", it->second);
            std::snprintf(ratio, sizeof(ratio), "%.2f", it->second / seed004.at(10));
            p.reference = {mbps, ratio, s == 10 ? "~3" : (s == 8 ? "~10" : "")};
            p.referenceGoodputMbps = it->second;
        }
        p.referenceLatencyMs = s == 10 ? 3 : (s == 8 ? 10 : p.referenceLatencyMs);
        exp.AddPoint(p);
    }
    exp.AddColumns(TsqExperiment::GoodputColumns());
    exp.AddColumn({"ratio", TsqColumn::RATIO, "goodput_mbps", 2});
    exp.AddColumn({"Linux Mb/s", TsqColumn::REFERENCE, "", 0, 1, 0});
    exp.AddColumn({"Linux ratio", TsqColumn::REFERENCE, "", 0, 1, 1});
    exp.AddColumns(TsqExperiment::LatencyColumns());
    exp.AddColumn({"Linux ping", TsqColumn::REFERENCE, "", 0, 1, 2});
    exp.AddColumns(TsqExperiment::StackColumns());
    exp.AddColumns(TsqExperiment::StationColumns());
    exp.AddNote("ratio: goodput / goodput of the first shift listed. Linux: reference 004 "
                "(36148c2bbfbe), ath9k, mean of 5 x 10-s netperf runs; Linux ping: "
                "\"latency for competing flows increases from ~3 ms to ~10 ms\".");
    exp.AddNote("limit, queued, cwnd, pkts out, srtt: each station's socket sampled every "
                "sampleInterval, mean over the stations; MPDU/AMPDU: data PSDUs of the "
                "stations; min sta, Jain: over the stations' goodputs (their rows: the "
                "stations table).");
    exp.SetPlotX("pacing_shift", "sk_pacing_shift");
    exp.SetReferenceLabel("Linux ath9k (reference 004)");
    // Reference 004's numbers are ath9k's on 802.11n HT40 with one station
    // and the 4.16 kernel: for any other configuration there is none.
    exp.SetReferenceCondition([](const WifiUplinkConfig& c) -> std::string {
        const std::string was = "reference 004 was measured on 802.11n HT40 (modelled at MCS 7, "
                                "short GI), one station, ath9k, linux-4.16, a CUBIC TCP upload "
                                "to a wired host with Linux's socket buffers; this run has ";
        if (c.link != "wifi")
        {
            return was + "link=" + c.link;
        }
        if (c.standard != "80211n" || c.nss != 1)
        {
            return was + "standard=" + c.standard + ", nss=" + std::to_string(c.nss);
        }
        if (c.channelWidth != 40)
        {
            return was + "channelWidth=" + std::to_string(c.channelWidth);
        }
        if (c.nSta != 1)
        {
            return was + "nSta=" + std::to_string(c.nSta);
        }
        if (c.driverProfile != "ath9k")
        {
            return was + "driverProfile=" + c.driverProfile;
        }
        if (c.kernelProfile != "linux-4.16")
        {
            return was + "kernelProfile=" + c.kernelProfile;
        }
        if (c.traffic != "tcp" || c.congestionControl != "cubic")
        {
            return was + "traffic=" + c.traffic + ", cc=" + c.congestionControl;
        }
        if (!c.tsq)
        {
            return was + "tsq=false";
        }
        // The reference's link and host, as the defaults model them: a
        // 150 Mb/s PHY (MCS 7, short GI), no injected loss, a wired
        // receiver, Linux's socket buffers.
        const WifiUplinkConfig reference;
        if (c.mcs != 7 || !c.shortGuardInterval)
        {
            return was + "mcs=" + std::to_string(c.mcs) +
                   ", shortGi=" + (c.shortGuardInterval ? "true" : "false");
        }
        if (c.distanceM != reference.distanceM)
        {
            return was + "distance=" + std::to_string(c.distanceM);
        }
        if (c.apRxErrorRate > 0 || c.staRxErrorRate > 0)
        {
            return was + "apRxErrorRate=" + std::to_string(c.apRxErrorRate) +
                   ", staRxErrorRate=" + std::to_string(c.staRxErrorRate);
        }
        if (!c.wiredServer)
        {
            return was + "wiredServer=false";
        }
        if (c.sndBufBytes != reference.sndBufBytes || c.rcvBufBytes != reference.rcvBufBytes)
        {
            return was + "sndBuf=" + std::to_string(c.sndBufBytes) +
                   ", rcvBuf=" + std::to_string(c.rcvBufBytes);
        }
        return "";
    });
    // The shift of the bug (10) and mac80211's fix (8), when both are run.
    exp.SetTimeSeriesPoints("shift10", "shift8");
    return exp.Execute();
}
