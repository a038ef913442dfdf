/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_LIVE_TWIN_H
#define TSQ_LIVE_TWIN_H

#include "tsq-results-db.h"
#include "wifi-uplink-scenario.h"

#include <cstdint>
#include <string>
#include <tsq/edca_gate.h>
#include <tsq/gate.h>
#include <vector>

/**
 * \file
 * \ingroup tsq
 * The live-kernel reference and its ns-3 twin: one CUBIC flow behind the
 * same emulated aggregating link (c-core tsq/gate.h's fixed slots, or
 * tsq/edca_gate.h's 802.11n hop on EDCA timing), run by this machine's
 * kernel (live-kernel/tsq-live-run.sh; tsq-live-kernel.cc) and by ns-3
 * with this module (WifiUplinkScenario, link "gate"; tsq-live-twin.cc),
 * summarised in the same terms so the two can be printed side by side and
 * compared.
 */

namespace ns3
{

/**
 * \ingroup tsq
 * \brief One point of the comparison, as both sides run it.
 */
struct TsqLiveConfig
{
    uint32_t durationMs{8000};    //!< the flow's length
    uint32_t txDelayUs{0};        //!< TCP_TX_DELAY: TSQ budget + rate * delay >> 19
    uint32_t limitOutputBytes{0}; //!< tcp_limit_output_bytes (0: the kernel's / profile's)
    uint32_t ssthresh{30};        //!< initial ssthresh, segments (route lock; 0: none)
    std::string cc{"cubic"};      //!< congestion control
    bool gro{false};              //!< GRO on the receiving veth (kernel side)
    bool quickack{false};         //!< the receiver asks for immediate ACKs (kernel side)
    int backlogAckDefer{-1};      //!< the receiver's tcp_backlog_ack_defer (-1: the kernel's)
    /** the twin's receiver ACKs (WifiUplinkConfig::receiverAcks): "burst",
     *  as Linux 6.7+ answers a burst (the kernel side measured 1.1 ACKs
     *  per AP TXOP), or "ns3" (every second segment) */
    std::string twinReceiverAcks{"burst"};
    /** the twin's RTT (WifiUplinkConfig::rttEstimator): "linux" or "ns3" */
    std::string twinRttEstimator{"linux"};
    struct tsq_gate_params gate; //!< the slot link, both sides (timing "slots")
    /** the link's timing: "slots" (tsq/gate.h) or "edca" (tsq/edca_gate.h) */
    std::string timing{"slots"};
    /** the sender's accounting: "veth" (one-segment skbs, gso_max_segs 1) or
     *  "ath9k" (no scatter-gather: GSO skbs cut into linear segments below
     *  TCP, each charged its own truesize) */
    std::string regime{"veth"};
    uint32_t hwDepth{2};             //!< edca: aggregates in the station's hardware queue
    uint32_t completionLatencyUs{0}; //!< edca: credit after the BlockAck, us (an assumption)
    /** MAX_TCP_HEADER of the kernel (ath9k regime: the segments' truesize);
     *  192 for this machine's config (no CONFIG_WLAN, no tunnels) */
    uint32_t maxTcpHeader{192};

    TsqLiveConfig();
};

/**
 * \ingroup tsq
 * \brief What one run of either side measured, in the same terms.
 */
struct TsqLiveSummary
{
    static const std::vector<double>& CwndTimes(); //!< 0.5, 1, 2, 4, 8 s

    std::string side;           //!< "kernel" or "ns3"
    std::string kernelRelease;  //!< uname -r (kernel side)
    double goodputMbps{0};      //!< payload acked over the flow's length
    std::vector<double> cwndAt; //!< cwnd (segments) at CwndTimes(), NaN past the end
    double peakInFlight{0};     //!< largest sampled packets out, segments
    double chargedBytesMean{0}; //!< sk_wmem_alloc / TSQ bytes below TCP, mean
    double tsqLimitMean{0};     //!< the TSQ limit (kernel: predicted by the core), mean
    double srttMsMean{0};       //!< smoothed RTT, mean
    TsqGateWindowStats gate;    //!< what the gate carried during the flow
    double latenessP50Us{0};    //!< controller lateness during the flow (kernel), median
    double latenessP99Us{0};    //!< 99th percentile
    uint64_t mismatches{0};     //!< kernel releases that were not exactly the snapshot
    std::vector<std::pair<double, double>> cwnd; //!< (t s from the flow's start, cwnd)
    std::string slotsCsv; //!< the kernel run's slots CSV (for lateness replay)
};

/**
 * \ingroup tsq
 * \return cwnd at each of TsqLiveSummary::CwndTimes() from (t s, cwnd)
 *         samples: the last one at or before each time, NaN past @p lengthS
 */
std::vector<double> TsqLiveCwndAt(const std::vector<std::pair<double, double>>& cwnd,
                                  double lengthS);

/**
 * \ingroup tsq
 * \brief Runs live-kernel/tsq-live-run.sh for @p config into @p outDir.
 * \param config the point
 * \param script path of tsq-live-run.sh
 * \param bindir folder of tsq-live-gate and tsq-live-flow
 * \param outDir the run's output folder (created)
 * \param summary filled on success
 * \param message why not, on failure or skip
 * \return 0 done, 77 skipped (no root, netns, veth or tbf: @p message says
 *         which), else failed
 */
int TsqRunLiveKernel(const TsqLiveConfig& config,
                     const std::string& script,
                     const std::string& bindir,
                     const std::string& outDir,
                     TsqLiveSummary& summary,
                     std::string& message);

/**
 * \ingroup tsq
 * \brief The smooth-link TSQ occupancy check of one rate: what the live
 * kernel kept below TCP behind a plain tbf, and what the core predicts
 * from the kernel's own sampled pacing rate and measured truesize.
 */
struct TsqLiveOccupancy
{
    double linkMbps{0};        //!< the tbf's rate
    double goodputMbps{0};     //!< payload acked over the flow
    double pacingMbps{0};      //!< sk_pacing_rate, mean
    double truesize{0};        //!< measured: sk_wmem_alloc / frames in the qdisc, mean
    double wmemMean{0};        //!< sk_wmem_alloc, mean (bytes TSQ counts)
    double limitMean{0};       //!< the core's limit of each sample, mean
    double backlogFrames{0};   //!< frames in the qdisc, mean
    double predictedFrames{0}; //!< the limit in frames (limit / truesize), mean
};

/**
 * \ingroup tsq
 * \brief Runs tsq-live-run.sh --smooth at @p linkMbps and compares the
 * kernel's occupancy with the core's prediction.
 * \return as TsqRunLiveKernel
 */
int TsqRunLiveSmooth(const TsqLiveConfig& config,
                     double linkMbps,
                     const std::string& script,
                     const std::string& bindir,
                     const std::string& outDir,
                     TsqLiveOccupancy& result,
                     std::string& message);

/**
 * \ingroup tsq
 * \brief The ns-3 twin of @p config: one station behind link "gate" (its
 * timing), the linux-6.16 profile, no ping, no warm-up; one-segment skbs
 * (regime "veth"), or TSO bursts charged as software-GSO segments with
 * @p config's MAX_TCP_HEADER (regime "ath9k": sets the process's
 * defaults of TsqTcpSocket::SoftwareGso and MaxTcpHeader, which the
 * run's record lists among its attribute overrides).
 * \param config the point
 * \param seed RngRun and the gate's lost-contention seed
 * \param lateness a kernel run's slots CSV to replay, or ""
 * \return the scenario's configuration
 */
WifiUplinkConfig TsqLiveTwinConfig(const TsqLiveConfig& config,
                                   uint32_t seed,
                                   const std::string& lateness);

/**
 * \ingroup tsq
 * \brief Runs the twin and summarises it.
 * \param twin from TsqLiveTwinConfig (possibly changed)
 * \return the summary
 */
TsqLiveSummary TsqRunLiveTwin(const WifiUplinkConfig& twin);

/**
 * \ingroup tsq
 * \brief One run of either side as a results record (experiment, point,
 * every input of @p config, the side, the kernel release or profile, and
 * every summary field).
 */
TsqRunRecord TsqLiveRecord(const std::string& experiment,
                           const std::string& point,
                           const TsqLiveConfig& config,
                           uint32_t seed,
                           const TsqLiveSummary& summary,
                           const WifiUplinkConfig* twin);

/**
 * \ingroup tsq
 * \return the core's TSQ limit for a one-segment skb of Linux 6.18
 *         (truesize 2280 B) at @p pacingRate bytes/s, shift 10, with @p config's
 *         tcp_limit_output_bytes (0: 4 MB) and TCP_TX_DELAY
 */
uint64_t TsqLiveKernelLimit(const TsqLiveConfig& config, uint64_t pacingRate);

} // namespace ns3

#endif /* TSQ_LIVE_TWIN_H */
