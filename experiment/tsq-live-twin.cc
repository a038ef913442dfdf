/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-live-twin.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>
#include <sstream>

namespace ns3
{

namespace
{
const double kNaN = std::numeric_limits<double>::quiet_NaN();
} // namespace

TsqLiveConfig::TsqLiveConfig()
{
    tsq_gate_params_init(&gate);
}

const std::vector<double>&
TsqLiveSummary::CwndTimes()
{
    static const std::vector<double> t = {0.5, 1, 2, 4, 8};
    return t;
}

WifiUplinkConfig
TsqLiveTwinConfig(const TsqLiveConfig& config, uint32_t seed, const std::string& lateness)
{
    WifiUplinkConfig c;
    c.link = "gate";
    c.nSta = 1;
    c.wiredServer = false;
    c.pingIntervalS = 0;
    c.warmupS = 0;
    c.durationS = config.durationMs / 1e3;
    c.sampleIntervalS = 0.05;
    c.seed = seed;
    c.congestionControl = config.cc;
    c.kernelProfile = "linux-6.16";
    c.limitOutputBytes = config.limitOutputBytes;
    c.initialSsthresh = config.ssthresh;
    // veth: the kernel side's gso_max_segs 1; ath9k: TSO-sized GSO skbs cut
    // into linear segments below TCP, each charged its own truesize
    c.tsoBursts = config.regime == "ath9k";
    if (c.tsoBursts)
    {
        Config::SetDefault("ns3::TsqTcpSocket::SoftwareGso", BooleanValue(true));
        Config::SetDefault("ns3::TsqTcpSocket::MaxTcpHeader", UintegerValue(config.maxTcpHeader));
    }
    c.gateTiming = config.timing;
    c.gateHwDepth = config.hwDepth;
    c.gateCompletionLatencyUs = config.completionLatencyUs;
    c.txDelayUs = config.txDelayUs;
    // Linux's buffers as the kernel side sets them (tcp_wmem / tcp_rmem max)
    c.sndBufBytes = 4194304;
    c.rcvBufBytes = 6291456;
    const struct tsq_gate_params& g = config.gate;
    c.gateRateMbps = g.rate_bps / 1e6;
    c.gateOverheadUs = g.overhead_us;
    c.gateAckGapUs = g.ack_gap_us;
    c.gateAckTxopUs = g.ack_txop_us;
    c.gateGapUs = g.gap_us;
    c.gateIdlePollUs = g.idle_poll_us;
    c.gateMaxFrames = g.max_frames;
    c.gateLostPermille = g.lost_permille;
    c.gateRelease = tsq_gate_release_name(g.release);
    c.gateLateness = lateness;
    c.receiverAcks = config.twinReceiverAcks;
    c.rttEstimator = config.twinRttEstimator;
    return c;
}

TsqLiveSummary
TsqRunLiveTwin(const WifiUplinkConfig& twin)
{
    WifiUplinkScenario scenario(twin);
    scenario.Build();
    WifiUplinkResult r = scenario.Run();
    Simulator::Destroy();

    TsqLiveSummary s;
    s.side = "ns3";
    s.goodputMbps = r.goodputMbps;
    auto cwnd = r.series.find(TsqRunRecord::SERIES_CWND);
    if (cwnd != r.series.end())
    {
        for (const auto& p : cwnd->second)
        {
            s.cwnd.emplace_back(p.first - r.windowStartS, p.second);
        }
    }
    s.cwndAt = TsqLiveCwndAt(s.cwnd, twin.durationS);
    s.peakInFlight = r.packetsOutMax;
    s.chargedBytesMean = r.queuedBytesMean;
    s.tsqLimitMean = r.tsqLimitBytesMean;
    s.srttMsMean = r.srttMsMean;
    s.gate = r.gate;
    s.latenessP50Us = kNaN;
    s.latenessP99Us = kNaN;
    return s;
}

TsqRunRecord
TsqLiveRecord(const std::string& experiment,
              const std::string& point,
              const TsqLiveConfig& config,
              uint32_t seed,
              const TsqLiveSummary& s,
              const WifiUplinkConfig* twin)
{
    TsqRunRecord run(experiment, seed);
    const struct tsq_gate_params& g = config.gate;
    run.modelAssumptions = twin ? twin->ModelAssumptions() : "";
    run.SetParam("point", point);
    run.SetParam("side", s.side);
    run.SetParam("kernel_release", s.kernelRelease);
    run.SetParam("kernel_profile", twin ? twin->kernelProfile : "");
    run.SetParam("cc", config.cc);
    run.SetParam("duration_s", config.durationMs / 1e3);
    run.SetParam("tx_delay_us", config.txDelayUs);
    run.SetParam("limit_output_bytes", config.limitOutputBytes);
    run.SetParam("initial_ssthresh", config.ssthresh);
    run.SetParam("gro", config.gro ? 1 : 0);
    run.SetParam("quickack", config.quickack ? 1 : 0);
    run.SetParam("backlog_ack_defer", config.backlogAckDefer);
    run.SetParam("gate_rate_mbps", g.rate_bps / 1e6);
    run.SetParam("gate_overhead_us", g.overhead_us);
    run.SetParam("gate_ack_gap_us", g.ack_gap_us);
    run.SetParam("gate_ack_txop_us", g.ack_txop_us);
    run.SetParam("gate_gap_us", g.gap_us);
    run.SetParam("gate_idle_poll_us", g.idle_poll_us);
    run.SetParam("gate_max_frames", g.max_frames);
    run.SetParam("gate_lost_permille", g.lost_permille);
    run.SetParam("gate_release", tsq_gate_release_name(g.release));
    run.SetParam("gate_lateness", twin ? twin->gateLateness : "");
    run.SetParam("gate_timing", config.timing);
    run.SetParam("regime", config.regime);
    run.SetParam("gate_hw_depth", config.hwDepth);
    run.SetParam("gate_completion_latency_us", config.completionLatencyUs);
    run.SetParam("gate_seed", g.seed);
    run.SetParam("max_tcp_header", config.maxTcpHeader);
    if (twin)
    {
        run.SetParam("attribute_overrides", WifiUplinkConfig::AttributeOverrides());
    }
    if (twin && !twin->gateLateness.empty())
    {
        // The replayed schedule: what the file held, not its name.
        run.SetParam("gate_lateness_sha256", TsqFileSha256(twin->gateLateness));
    }
    if (!twin)
    {
        // A kernel run is a measurement, not a function of its inputs: two
        // runs of one configuration are two rows, told apart by when.
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        char when[64];
        std::strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", std::gmtime(&now.tv_sec));
        char micro[16];
        std::snprintf(micro, sizeof(micro), ".%06uZ", static_cast<unsigned>(now.tv_nsec / 1000));
        run.SetParam("measured_utc", std::string(when) + micro);
    }
    run.SetParam("receiver_acks", twin ? twin->receiverAcks : "linux");
    run.SetParam("rtt_estimator", twin ? twin->rttEstimator : "linux");
    auto real = [](double v) { return std::isnan(v) ? TsqValue() : TsqValue(v); };
    run.SetMetric("goodput_mbps", s.goodputMbps);
    const auto& times = TsqLiveSummary::CwndTimes();
    for (size_t i = 0; i < times.size() && i < s.cwndAt.size(); ++i)
    {
        std::ostringstream name;
        name << "cwnd_at_" << static_cast<int>(times[i] * 10) << "ds";
        run.SetMetric(name.str(), real(s.cwndAt[i]));
    }
    run.SetMetric("packets_out_max", real(s.peakInFlight));
    run.SetMetric("queued_bytes_mean", real(s.chargedBytesMean));
    run.SetMetric("tsq_limit_bytes_mean", real(s.tsqLimitMean));
    run.SetMetric("srtt_ms_mean", real(s.srttMsMean));
    s.gate.Record(run);
    run.SetMetric("lateness_p50_us", real(s.latenessP50Us));
    run.SetMetric("lateness_p99_us", real(s.latenessP99Us));
    run.SetMetric("gate_mismatches", s.mismatches);
    for (const auto& p : s.cwnd)
    {
        run.AddSample(TsqRunRecord::SERIES_CWND, p.first, p.second);
    }
    return run;
}

} // namespace ns3
