/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * One TCP upload over 802.11n (HT40, short GI, MCS7 by default) from a
 * station to the AP, with a ping measuring latency under load; prints the
 * goodput, the ping RTT and the mean number of MPDUs per A-MPDU. The
 * senders use the TSQ socket (linux-4.16, mac80211 shift 8) unless --tsq=0.
 *
 *   ./tsq-wifi-upload --duration=10 --nSta=1 --cc=cubic
 *   ./tsq-wifi-upload --pacingShiftPolicy=10 --driverProfile=ath9k
 */

#include "ns3/core-module.h"
#include "ns3/tsq-command-line.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

#include <cstdio>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    WifiUplinkConfig config;
    TsqCommandLine cmd(__FILE__);
    config.AddToCommandLine(cmd);
    if (std::string error = cmd.Parse(argc, argv); !error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }

    std::string error = config.Validate();
    if (error.empty())
    {
        error = config.ValidateGiven(argc, argv);
    }
    if (!error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }

    WifiUplinkScenario scenario(config);
    scenario.Build();
    WifiUplinkResult result = scenario.Run();
    Simulator::Destroy();

    std::printf("goodput_mbps=%.2f ping_rtt_ms_mean=%.2f ping_replies=%u "
                "ampdu_mpdus_mean=%.2f data_psdus=%llu\n",
                result.goodputMbps,
                result.pingRttMsMean,
                result.pingReplies,
                result.ampduMpdusMean,
                static_cast<unsigned long long>(result.dataPsdus));
    std::printf("tcp srtt_ms_mean=%.2f cwnd_segments_mean=%.1f packets_out_mean=%.1f "
                "pacing_rate_mbps_mean=%.1f tsq_limit_bytes_mean=%.0f queued_bytes_mean=%.0f\n",
                result.srttMsMean,
                result.cwndSegmentsMean,
                result.packetsOutMean,
                result.pacingRateMbpsMean,
                result.tsqLimitBytesMean,
                result.queuedBytesMean);
    if (config.tsq)
    {
        std::printf("tsq kernel_profile=%s tsq_rule=%s pacing_shift_policy=%s driver_profile=%s "
                    "socket_pacing_shift=%u ampdu_byte_fill=%.3f starved_psdus=%llu "
                    "starved_tsq_psdus=%llu charged=%llu released=%llu queued=%llu\n",
                    config.kernelProfile.c_str(),
                    config.EffectiveRule().c_str(),
                    config.pacingShiftPolicy.c_str(),
                    config.driverProfile.c_str(),
                    result.socketPacingShift,
                    result.ampduByteFill,
                    static_cast<unsigned long long>(result.starvedPsdus),
                    static_cast<unsigned long long>(result.starvedTsqPsdus),
                    static_cast<unsigned long long>(result.tsqChargedBytes),
                    static_cast<unsigned long long>(result.tsqReleasedBytes),
                    static_cast<unsigned long long>(result.tsqQueuedBytes));
    }
    if (config.link == "gate")
    {
        // The gate's own statistics over the window: frames per data TXOP
        // (per acknowledged aggregate with --gateTiming=edca), ACKs per
        // AP TXOP, collisions (edca) or lost contentions (slots)
        std::printf("gate timing=%s gate_data_slots=%llu gate_frames_per_slot=%.2f "
                    "gate_acks_per_txop=%.2f gate_collisions=%llu gate_lost_slots=%llu\n",
                    config.gateTiming.c_str(),
                    static_cast<unsigned long long>(result.gate.dataSlots),
                    result.gate.framesPerSlot,
                    result.gate.acksPerTxop,
                    static_cast<unsigned long long>(result.gateCollisions),
                    static_cast<unsigned long long>(result.gate.lostSlots));
    }
    if (config.precision > 0)
    {
        // The window --precision ended (or --duration, reached=0), and its
        // batch means of goodput.
        std::printf("precision window_s=%.2f reached=%d batches=%u half_width_mbps=%.2f "
                    "lag1=%.2f\n",
                    result.windowS,
                    result.precisionReached ? 1 : 0,
                    result.goodputBatches,
                    result.goodputHalfWidthMbps,
                    result.goodputBatchLag1);
    }
    if (config.nSta > 1)
    {
        // The tcp line's socket metrics are means over the stations.
        // window_start_s: simulated time the window opened, once every
        // station had delivered (--warmupExtra).
        std::printf("stations jain_index=%.3f min_station_goodput_mbps=%.2f window_start_s=%.2f\n",
                    result.jainIndex,
                    result.minStationGoodputMbps,
                    result.windowStartS);
        for (uint32_t i = 0; i < result.stations.size(); ++i)
        {
            const WifiUplinkStationResult& st = result.stations[i];
            std::printf("station %u goodput_mbps=%.2f ampdu_mpdus_mean=%.2f data_psdus=%llu "
                        "cwnd_segments_mean=%.1f srtt_ms_mean=%.2f throttle_events=%llu\n",
                        i,
                        st.goodputMbps,
                        st.ampduMpdusMean,
                        static_cast<unsigned long long>(st.dataPsdus),
                        st.cwndSegmentsMean,
                        st.srttMsMean,
                        static_cast<unsigned long long>(st.throttleEvents));
        }
    }
    if (const std::string failure = result.Failure(); !failure.empty())
    {
        std::cerr << failure << std::endl;
        return 3;
    }
    return 0;
}
