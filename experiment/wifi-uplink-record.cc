/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-record.h"

#include "tsq-batch-means.h"

#include <cmath>
#include <tsq/edca_gate.h>

namespace ns3
{

TsqRunRecord
WifiUplinkRunRecord(const std::string& experiment,
                    const std::string& point,
                    const WifiUplinkConfig& config,
                    const WifiUplinkResult& result,
                    double wallS)
{
    const bool wifi = config.link == "wifi";
    const bool udp = config.traffic == "udp";
    TsqRunRecord run(experiment, config.seed);
    run.modelAssumptions = config.ModelAssumptions();
    // Parameters (the run key)
    run.SetParam("point", point);
    run.SetParam("kernel_profile", config.tsq ? config.kernelProfile : "");
    run.SetParam("tsq_rule", config.EffectiveRule());
    // Both absent when off, so earlier runs keep their keys
    if (config.tsq && config.ksoftirqdCompletions)
    {
        run.SetParam("ksoftirqd_completions", 1);
    }
    if (!config.KernelFormsInForce().empty())
    {
        run.SetParam("kernel_forms", config.KernelFormsInForce());
    }
    // ns-3's own socket (--tsq=0) has no sk_pacing_shift
    run.SetParam("pacing_shift", config.tsq ? TsqValue(config.EffectivePacingShift()) : TsqValue());
    run.SetParam("floor_bytes", config.floorBytes);
    run.SetParam("cc", udp ? "" : config.congestionControl);
    run.SetParam("cwnd_validation", config.CwndValidation());
    run.SetParam("rate_sample", config.RateSample());
    // The driver profile times the TSQ credit of a WiFi device: nothing
    // on a wired or gate link, or for ns-3's own socket ("" there)
    run.SetParam("driver_profile", wifi && config.tsq ? config.driverProfile : "");
    run.SetParam("standard", config.standard);
    run.SetParam("nss", config.nss);
    run.SetParam("mcs", config.mcs);
    if (wifi)
    {
        run.SetParam("distance_m", config.distanceM);
    }
    run.SetParam("channel_width", static_cast<uint32_t>(config.channelWidth));
    run.SetParam("n_sta", config.nSta);
    run.SetParam("duration_s", config.durationS);
    run.SetParam("warmup_s", config.warmupS);
    run.SetParam("warmup_extra_s", config.warmupExtraS);
    run.SetParam("link", config.link);
    run.SetParam("traffic", config.traffic);
    run.SetParam("queue_disc", config.queueDisc);
    if (wifi)
    {
        run.SetParam("mac_queue_scheduler", config.macQueueScheduler);
        run.SetParam("addba_response_timeout_ms", config.addbaResponseTimeoutMs);
    }
    run.SetParam("rate_control", config.minstrel ? "minstrel-ht" : "constant");
    run.SetParam("wired_server", config.wiredServer ? 1 : 0);
    run.SetParam("pacing_shift_policy", wifi && config.tsq ? config.pacingShiftPolicy : "");
    run.SetParam("completion_latency_us", config.completionLatencyUs);
    run.SetParam("limit_output_bytes", config.limitOutputBytes);
    run.SetParam("rtt_estimator", config.tsq ? config.RttEstimatorInForce() : "ns3");
    run.SetParam("initial_ssthresh", config.initialSsthresh);
    run.SetParam("tso_bursts", config.TsoBurstsInForce() ? 1 : 0);
    run.SetParam("tx_delay_us", config.txDelayUs);
    run.SetParam("receiver_acks", config.receiverAcks);
    if (config.receiverAcks == "burst")
    {
        run.SetParam("burst_ack_us", config.burstAckUs);
    }
    if (config.link == "gate" && config.gateTiming == "edca")
    {
        // The core's hop (tsq/edca_gate.h) with its defaults but these
        struct tsq_egate_params p;
        tsq_egate_params_init(&p);
        run.SetParam("gate_timing", config.gateTiming);
        run.SetParam("gate_hw_depth", config.gateHwDepth);
        run.SetParam("gate_completion_latency_us", config.gateCompletionLatencyUs);
        run.SetParam("gate_mcs", p.rate.mcs);
        run.SetParam("gate_width_mhz", p.rate.width_mhz);
        run.SetParam("gate_short_gi", p.rate.sgi ? 1 : 0);
        run.SetParam("gate_basic_rate_mbps", p.basic_rate_mbps);
        run.SetParam("gate_h_baw", p.h_baw);
        run.SetParam("gate_ap_max_frames", p.ap_max_frames);
        run.SetParam("gate_aifsn", p.edca.aifsn);
        run.SetParam("gate_cw_min", p.edca.cw_min);
        run.SetParam("gate_cw_max", p.edca.cw_max);
    }
    else if (config.link == "gate")
    {
        run.SetParam("gate_timing", config.gateTiming);
        run.SetParam("gate_rate_mbps", config.gateRateMbps);
        run.SetParam("gate_overhead_us", config.gateOverheadUs);
        run.SetParam("gate_ack_gap_us", config.gateAckGapUs);
        run.SetParam("gate_ack_txop_us", config.gateAckTxopUs);
        run.SetParam("gate_gap_us", config.gateGapUs);
        run.SetParam("gate_idle_poll_us", config.gateIdlePollUs);
        run.SetParam("gate_max_frames", config.gateMaxFrames);
        run.SetParam("gate_lost_permille", config.gateLostPermille);
        run.SetParam("gate_release", config.gateRelease);
        run.SetParam("gate_lateness", config.gateLateness);
        if (!config.gateLateness.empty())
        {
            run.SetParam("gate_lateness_sha256", TsqFileSha256(config.gateLateness));
        }
    }
    if (config.standard == "80211ax")
    {
        run.SetParam("he_guard_interval_ns", config.heGuardIntervalNs);
    }
    else
    {
        run.SetParam("short_gi", config.shortGuardInterval ? 1 : 0);
    }
    run.SetParam("snd_buf_bytes", config.sndBufBytes);
    run.SetParam("rcv_buf_bytes", config.rcvBufBytes);
    run.SetParam("drain_s", config.drainS);
    run.SetParam("socket_factory",
                 udp ? "" : (config.tsq ? "ns3::TsqTcpSocketFactory" : config.socketFactory));
    if (config.tsqSocketOnly)
    {
        run.SetParam("tsq_socket_only", 1);
    }
    if (config.ns3Behaviour)
    {
        run.SetParam("ns3_behaviour", 1);
    }
    if (config.queueDisc == "fifo")
    {
        run.SetParam("qdisc_packets", config.qdiscPackets);
    }
    if (config.link == "p2p")
    {
        run.SetParam("p2p_delay_us", config.p2pDelayUs);
        run.SetParam("device_queue_packets", config.deviceQueuePackets);
    }
    if (!udp)
    {
        run.SetParam("max_bytes", config.maxBytes);
    }
    run.SetParam("attribute_overrides", WifiUplinkConfig::AttributeOverrides());
    run.SetParam("ap_rx_error_rate", config.apRxErrorRate);
    if (config.staRxErrorRate > 0)
    {
        run.SetParam("sta_rx_error_rate", config.staRxErrorRate);
    }
    run.SetParam("segment_size", config.segmentSize);
    run.SetParam("ping_interval_s", config.pingIntervalS);
    run.SetParam("sample_interval_s", config.sampleIntervalS);
    if (config.precision > 0)
    {
        // The stopping rule's inputs; absent when off, so the keys of runs
        // of a fixed window are what they were.
        run.SetParam("precision", config.precision);
        run.SetParam("batch_s", config.batchS);
        run.SetParam("min_batches", config.minBatches);
    }
    if (!wifi)
    {
        run.SetParam("p2p_rate_mbps",
                     config.p2pRateMbps > 0 ? config.p2pRateMbps : config.PhyRateMbps());
    }
    if (udp)
    {
        run.SetParam("udp_rate_mbps",
                     config.udpRateMbps > 0 ? config.udpRateMbps : 1.5 * config.PhyRateMbps());
    }

    // Metrics (NULL where not measured)
    const TsqValue null;
    auto real = [](double v) { return std::isnan(v) ? TsqValue() : TsqValue(v); };
    run.SetMetric("goodput_mbps", result.goodputMbps);
    run.SetMetric("udp_capacity_mbps", udp ? TsqValue(result.goodputMbps) : null);
    run.SetMetric("ping_rtt_ms_mean", result.pingReplies ? TsqValue(result.pingRttMsMean) : null);
    run.SetMetric("ping_rtt_ms_p95", result.pingReplies ? TsqValue(result.pingRttMsP95) : null);
    run.SetMetric("ping_replies", result.pingReplies);
    run.SetMetric("srtt_ms_mean", real(result.srttMsMean));
    run.SetMetric("cwnd_segments_mean", real(result.cwndSegmentsMean));
    run.SetMetric("packets_out_mean", real(result.packetsOutMean));
    run.SetMetric("pacing_rate_mbps_mean", real(result.pacingRateMbpsMean));
    run.SetMetric("tsq_limit_bytes_mean", real(result.tsqLimitBytesMean));
    run.SetMetric("queued_bytes_mean", real(result.queuedBytesMean));
    run.SetMetric("packets_out_max", real(result.packetsOutMax));
    if (config.link == "gate")
    {
        result.gate.Record(run);
        run.SetMetric("gate_collisions", result.gateCollisions);
    }
    const bool tsqSocket = config.tsq && !udp;
    run.SetMetric("throttle_events", tsqSocket ? TsqValue(result.throttleEvents) : null);
    run.SetMetric("ampdu_mpdus_mean",
                  wifi && result.dataPsdus ? TsqValue(result.ampduMpdusMean) : null);
    run.SetMetric("data_psdus", wifi ? TsqValue(result.dataPsdus) : null);
    if (wifi && config.tsq)
    {
        run.SetMetric("ampdu_byte_fill", result.ampduByteFill);
        run.SetMetric("starved_tsq_psdus", result.starvedTsqPsdus);
    }
    if (tsqSocket)
    {
        run.SetMetric("socket_pacing_shift", result.socketPacingShift);
    }
    run.SetMetric("wall_s", wallS);
    run.SetMetric("sim_events", result.simEvents);
    run.SetMetric("sim_events_per_s",
                  result.simTimeS > 0 ? TsqValue(result.simEvents / result.simTimeS) : null);
    // Where the window opened (app start + warm-up + the wait for every
    // station's first byte), simulated s.
    run.SetMetric("window_start_s", result.windowStartS);
    // The window measured: durationS, or where --precision stopped it, and
    // what the batch means reached there.
    run.SetMetric("window_s", result.windowS);
    if (config.precision > 0)
    {
        run.SetMetric("precision_rule",
                      TsqBatchMeansRule(config.batchS, config.minBatches, config.precision));
        run.SetMetric("precision_reached", result.precisionReached ? 1 : 0);
        run.SetMetric("goodput_batches", result.goodputBatches);
        run.SetMetric("goodput_half_width_mbps", real(result.goodputHalfWidthMbps));
        run.SetMetric("goodput_se_mbps", real(result.goodputSeMbps));
        run.SetMetric("goodput_batch_lag1", real(result.goodputBatchLag1));
    }
    if (config.nSta > 1)
    {
        // Over the stations (their own rows: the stations table)
        run.SetMetric("jain_index", real(result.jainIndex));
        run.SetMetric("min_station_goodput_mbps", result.minStationGoodputMbps);
    }
    for (uint32_t i = 0; i < result.stations.size(); ++i)
    {
        const WifiUplinkStationResult& st = result.stations[i];
        const bool pings = i == 0 && result.pingReplies > 0; // only the first station pings
        run.SetStationMetric(i, "goodput_mbps", st.goodputMbps);
        run.SetStationMetric(i, "ping_rtt_ms_mean", pings ? TsqValue(result.pingRttMsMean) : null);
        run.SetStationMetric(i, "ping_rtt_ms_p95", pings ? TsqValue(result.pingRttMsP95) : null);
        run.SetStationMetric(i, "data_psdus", wifi ? TsqValue(st.dataPsdus) : null);
        run.SetStationMetric(i, "ampdu_mpdus_mean", wifi ? real(st.ampduMpdusMean) : null);
        run.SetStationMetric(i, "ampdu_byte_fill", wifi ? real(st.ampduByteFill) : null);
        run.SetStationMetric(i, "starved_psdus", wifi ? TsqValue(st.starvedPsdus) : null);
        run.SetStationMetric(i, "starved_tsq_psdus", wifi ? TsqValue(st.starvedTsqPsdus) : null);
        run.SetStationMetric(i, "throttle_events", tsqSocket ? TsqValue(st.throttleEvents) : null);
        run.SetStationMetric(i, "srtt_ms_mean", real(st.srttMsMean));
        run.SetStationMetric(i, "cwnd_segments_mean", real(st.cwndSegmentsMean));
        run.SetStationMetric(i, "packets_out_mean", real(st.packetsOutMean));
        run.SetStationMetric(i, "pacing_rate_mbps_mean", real(st.pacingRateMbpsMean));
        run.SetStationMetric(i, "tsq_limit_bytes_mean", real(st.tsqLimitBytesMean));
        run.SetStationMetric(i, "queued_bytes_mean", real(st.queuedBytesMean));
    }
    for (const auto& entry : result.series)
    {
        for (const auto& sample : entry.second)
        {
            run.AddSample(entry.first, sample.first, sample.second);
        }
    }
    if (wifi)
    {
        run.SetAmpduHistogram(result.ampduHistogram);
    }
    return run;
}

} // namespace ns3
