/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Reproduction 5: the wired control. The same flow (linux-4.16 profile,
 * CUBIC, ping every 200 ms, same queue discs) over a point-to-point link of
 * the WiFi PHY's rate (150 Mb/s by default) instead of the 802.11n hop, with
 * and without TSQ: without aggregation to starve, TSQ should cost no
 * throughput and cut the latency (less data sits in the device queue).
 *
 *   ./tsq-wired-control                 # full: 3 seeds x 10 s per point
 *   ./tsq-wired-control --p2pRate=100
 */

#include "ns3/core-module.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

using namespace ns3;

int
main(int argc, char* argv[])
{
    TsqExperiment exp("wired-control",
                      "Reproduction 5: the same flow over a point-to-point link (linux-4.16)",
                      __FILE__);
    exp.SetDefaults(3, 10, 2, 1, 3, 1);
    WifiUplinkConfig& base = exp.GetBaseConfig();
    base.kernelProfile = "linux-4.16";
    base.link = "p2p";
    if (!exp.Parse(argc, argv))
    {
        return 2;
    }
    TsqExperimentPoint tsq;
    tsq.label = "1-tsq";
    tsq.reference = {"no throughput cost"};
    exp.AddPoint(tsq);
    TsqExperimentPoint off;
    off.label = "2-tsq-off";
    off.apply = [](WifiUplinkConfig& c) { c.tsqRule = "off"; };
    off.reference = {"same throughput, more latency"};
    exp.AddPoint(off);
    TsqExperimentPoint plain;
    plain.label = "3-ns3-socket";
    plain.apply = [](WifiUplinkConfig& c) { c.tsq = false; };
    plain.reference = {"(ns-3's own TCP, no TSQ)"};
    exp.AddPoint(plain);

    exp.AddColumns(TsqExperiment::GoodputColumns());
    exp.AddColumn({"ratio", TsqColumn::RATIO, "goodput_mbps", 2});
    exp.AddColumn({"expected", TsqColumn::REFERENCE, "", 0, 1, 0});
    exp.AddColumns(TsqExperiment::LatencyColumns());
    exp.AddColumns(TsqExperiment::StackColumns());
    exp.AddColumns(TsqExperiment::StationColumns());
    exp.AddNote("link: point-to-point at the WiFi PHY rate of mcs/channelWidth/shortGi "
                "(--p2pRate to change), 50 us delay, ns-3's default device queue (100 "
                "packets) under the fq_codel root queue disc; 2-tsq-off: TSQ rule off "
                "(bytes still accounted); 3-ns3-socket: ns-3's TcpSocketBase.");
    exp.SetPlotX("point", "sender");
    return exp.Execute();
}
