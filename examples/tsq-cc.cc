/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reproduction 3: CUBIC against BBR (reference 000: "we switched to BBR, but
 * things got worse than before; the throughput dropped by 50%, never
 * passing the 20Mb/s line"), at the default TSQ of the article's kernel
 * (linux-4.14: rule 3.19, whose limit is pacing rate >> 10 whatever a
 * driver wants) and on linux-4.16, where mac80211 sets sk_pacing_shift 8
 * (36148c2bbfbe). A "shift 8" on linux-4.14 would change nothing: the
 * shift only exists from 3a9b76fd0db9 (4.15) on.
 *
 *   ./tsq-cc                  # full: 3 seeds x 10 s per point
 *   ./tsq-cc --quick
 */

#include "ns3/core-module.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    TsqExperiment exp(
        "cc",
        "Reproduction 3: CUBIC vs BBR (reference 000): linux-4.14 shift 10, linux-4.16 shift 8",
        __FILE__);
    exp.SetDefaults(3, 10, 2, 1, 3, 1);
    WifiUplinkConfig& base = exp.GetBaseConfig();
    base.kernelProfile = "linux-4.14";
    base.driverProfile = "ath9k";
    if (!exp.Parse(argc, argv))
    {
        return 2;
    }

    struct Point
    {
        const char* label;
        const char* cc;
        const char* kernel; //!< nullptr: the base configuration's
        const char* shift;
        const char* article;
        double seedMbps;
    };

    const double none = std::numeric_limits<double>::quiet_NaN();
    const Point points[] = {
        {"1-cubic-shift10", "cubic", nullptr, "10", "~40", 40},
        {"2-bbr-shift10", "bbr", nullptr, "10", "~20 (half of CUBIC)", 20},
        {"3-cubic-4.16-shift8", "cubic", "linux-4.16", "profile", "-", none},
        {"4-bbr-4.16-shift8", "bbr", "linux-4.16", "profile", "-", none},
    };
    for (const Point& pt : points)
    {
        TsqExperimentPoint p;
        p.label = pt.label;
        std::string cc = pt.cc;
        std::string shift = pt.shift;
        std::string kernel = pt.kernel ? pt.kernel : "";
        p.apply = [cc, shift, kernel](WifiUplinkConfig& c) {
            c.congestionControl = cc;
            c.pacingShiftPolicy = shift;
            if (!kernel.empty())
            {
                c.kernelProfile = kernel;
            }
        };
        p.reference = {pt.article};
        p.referenceGoodputMbps = pt.seedMbps;
        exp.AddPoint(p);
    }
    exp.AddColumns(TsqExperiment::GoodputColumns());
    exp.AddColumn({"ratio", TsqColumn::RATIO, "goodput_mbps", 2});
    exp.AddColumn({"article Mb/s", TsqColumn::REFERENCE, "", 0, 1, 0});
    exp.AddColumns(TsqExperiment::LatencyColumns());
    exp.AddColumns(TsqExperiment::StackColumns());
    exp.AddColumns(TsqExperiment::StationColumns());
    exp.AddNote("ratio: goodput / goodput of CUBIC at shift 10. Shift 10: linux-4.14 (the "
                "article's kernel; its rule has no shift); shift 8: linux-4.16, whose "
                "mac80211 sets it. BBR paces, as Linux >= 4.13 does without fq.");
    exp.SetPlotX("point", "congestion control and shift");
    exp.SetReferenceLabel("article (reference 000, prose)");
    return exp.Execute();
}
