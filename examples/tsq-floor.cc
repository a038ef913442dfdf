/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reproduction 2: the article's TSQ-floor experiment (reference 000, kernel
 * 4.14). One station uploads to the AP over 802.11n with the linux-4.14
 * profile (TSQ limit max(2 truesize, rate >> 10), capped by
 * tcp_limit_output_bytes; mac80211 of 4.14 leaves the shift at 10); the
 * runs force a lower bound on the limit of 64 KB, 128 KB, 256 KB, 1 MB and
 * 10 MB, then TSQ off, then UDP saturation of the same link. The reference's
 * values are prose and printed as such beside ours.
 *
 *   ./tsq-floor                     # full: 3 seeds x 10 s per point
 *   ./tsq-floor --quick
 *   ./tsq-floor --only=1-default,3-floor-128K --seeds=5
 */

#include "ns3/core-module.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    TsqExperiment exp("floor",
                      "Reproduction 2: the article's TSQ floor (reference 000: linux-4.14)",
                      __FILE__);
    exp.SetDefaults(3, 10, 2, 1, 3, 1);
    WifiUplinkConfig& base = exp.GetBaseConfig();
    base.kernelProfile = "linux-4.14";
    base.driverProfile = "ath9k"; // the article's dongle is ath9k_htc (USB)
    if (!exp.Parse(argc, argv))
    {
        return 2;
    }

    struct Floor
    {
        const char* label;
        uint32_t bytes;
        const char* article;
        double seedMbps;
    };

    const double none = std::numeric_limits<double>::quiet_NaN();
    const Floor floors[] = {
        {"1-default", 0, "~40 Mb/s, a couple of ms", 40},
        {"2-floor-64K", 64 * 1024, "~60 Mb/s (+20), more delay", 60},
        {"3-floor-128K", 128 * 1024, ">90 Mb/s, +2 ms", 90},
        {"4-floor-256K", 256 * 1024, "no gain, more delay", none},
        {"5-floor-1M", 1024 * 1024, "no gain, more delay", none},
        {"6-floor-10M", 10 * 1024 * 1024, "no gain, more delay", none},
    };
    for (const Floor& f : floors)
    {
        TsqExperimentPoint p;
        p.label = f.label;
        uint32_t bytes = f.bytes;
        p.apply = [bytes](WifiUplinkConfig& c) { c.floorBytes = bytes; };
        p.reference = {f.article};
        p.referenceGoodputMbps = f.seedMbps;
        exp.AddPoint(p);
    }
    TsqExperimentPoint off;
    off.label = "7-tsq-off";
    off.apply = [](WifiUplinkConfig& c) { c.tsqRule = "off"; };
    off.reference = {"no improvement"};
    exp.AddPoint(off);
    TsqExperimentPoint udp;
    udp.label = "8-udp";
    udp.apply = [](WifiUplinkConfig& c) { c.traffic = "udp"; };
    udp.reference = {"~100 Mb/s (UDP)"};
    udp.referenceGoodputMbps = 100;
    exp.AddPoint(udp);

    exp.AddColumns(TsqExperiment::GoodputColumns());
    exp.AddColumn({"article (prose)", TsqColumn::REFERENCE, "", 0, 1, 0});
    exp.AddColumns(TsqExperiment::LatencyColumns());
    exp.AddColumns(TsqExperiment::StackColumns());
    exp.AddColumns(TsqExperiment::StationColumns());
    exp.AddNote("floor: the article's patched tcp_small_queue_check, limit = max(limit, floor); "
                "7-tsq-off: TSQ rule off (bytes still accounted); 8-udp: UDP at 1.5 x the PHY "
                "rate, goodput = udp_capacity_mbps.");
    exp.AddNote("The article's values are prose (its figure has no numbers): ~40 default, "
                "~60 at 64 KB, >90 Mb/s with +2 ms at 128 KB, ~100 UDP, no gain and more "
                "delay up to 10 MB.");
    exp.SetPlotX("point", "TSQ configuration");
    exp.SetReferenceLabel("article (reference 000, prose)");
    return exp.Execute();
}
