/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-config.h"

#include "tsq-attribute-defaults.h"
#include "tsq-command-line.h"
#include "tsq-option-check.h"
#include "tsq/completion.h"
#include "tsq/edca_gate.h"
#include "tsq/forms.h"
#include "tsq/gate.h"
#include "tsq/profile.h"
#include "tsq/rules.h"
#include "tsq/sock.h"

#include "ns3/he-phy.h"
#include "ns3/ht-phy.h"
#include "ns3/object-factory.h"
#include "ns3/tsq-core-names.h"
#include "ns3/tsq-kernel-config.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/type-id.h"
#include "ns3/vht-phy.h"

#include <cmath>
#include <sstream>

namespace ns3
{

std::string
WifiUplinkCongestionControlTypeId(const std::string& name)
{
    if (name == "cubic")
    {
        return "ns3::TcpCubic";
    }
    if (name == "newreno")
    {
        return "ns3::TcpNewReno";
    }
    if (name == "bbr")
    {
        return "ns3::TcpBbr";
    }
    return "";
}

namespace
{

/*
 * Would the core's tcp_small_queue_check let the first skb (one MSS) of
 * an empty socket go with this configuration and tcp_limit_output_bytes
 * @lob? The pacing rate is still unknown then (all ones).
 */
bool
FirstSkbPasses(const WifiUplinkConfig& c, uint32_t lob)
{
    TsqKernelConfig k;
    k.SetProfile(c.kernelProfile);
    k.SetForms(c.kernelForms);
    if (!c.tsqRule.empty())
    {
        k.SetRule(c.tsqRule);
    }
    k.SetLimitOutputBytes(lob);
    k.SetFloorBytes(c.floorBytes);
    const struct tsq_profile* profile = k.GetProfile();
    struct tsq_limit_in in = k.LimitInput(tsq_rate_unknown(profile->rate_width),
                                          TSQ_DEFAULT_PACING_SHIFT,
                                          k.Truesize(c.segmentSize),
                                          0,
                                          false);
    struct tsq_sock sk;
    tsq_sock_init(&sk);
    struct tsq_xmit_ctx x = {profile->shortcut, true, false};
    return tsq_small_queue_check(&sk, &in, &x) == 0;
}

/* "profile", "none" or an integer 0..31 (the core's parser) */
bool
ValidDeviceShift(const std::string& value)
{
    const struct tsq_shift_policy any = {TSQ_SHIFT_POLICY_NONE, 0};
    struct tsq_shift_policy p;
    return tsq_shift_policy_parse(value.c_str(), &any, &p) == TSQ_OK;
}

/**
 * \param standard 80211n, 80211ac or 80211ax
 * \param mcs the per-stream MCS, in the standard's range
 * \param nss the spatial streams
 * \return the data mode of the constant-rate manager
 */
WifiMode
DataMode(const std::string& standard, uint32_t mcs, uint32_t nss)
{
    if (standard == "80211ac")
    {
        return VhtPhy::GetVhtMcs(static_cast<uint8_t>(mcs));
    }
    if (standard == "80211ax")
    {
        return HePhy::GetHeMcs(static_cast<uint8_t>(mcs));
    }
    return HtPhy::GetHtMcs(static_cast<uint8_t>(mcs + 8 * (nss - 1)));
}

} // namespace

void
WifiUplinkConfig::AddToCommandLine(TsqCommandLine& cmd)
{
    cmd.AddValue("nSta", "number of uploading stations (1..64)", nSta);
    cmd.AddValue("standard",
                 "WiFi standard of AP and stations: 80211n (HT), 80211ac (VHT) or 80211ax (HE), "
                 "5 GHz",
                 standard);
    cmd.AddValue("nss", "spatial streams (antennas) of AP and stations (1..4)", nss);
    cmd.AddValue("mcs",
                 "per-stream MCS of the constant-rate manager: 0..7 (HT, sent as HtMcs "
                 "mcs+8*(nss-1)), 0..9 (VHT), 0..11 (HE)",
                 mcs);
    cmd.AddValue("channelWidth",
                 "channel width in MHz: 20 or 40 (80211n); 20, 40, 80 or 160 (80211ac, 80211ax)",
                 channelWidth);
    cmd.AddValue("shortGi", "80211n/ac: use the 400 ns short guard interval", shortGuardInterval);
    cmd.AddValue("heGuardInterval",
                 "80211ax: guard interval in ns (800, 1600 or 3200)",
                 heGuardIntervalNs);
    cmd.AddValue("distance",
                 "distance of every station from the AP in m (0.1..1000; ns-3's log-distance "
                 "loss: 2 streams at the top HE MCS need 1 m)",
                 distanceM);
    cmd.AddValue("minstrel", "use Minstrel-HT rate control instead of a constant rate", minstrel);
    cmd.AddValue("wiredServer", "put the TCP receiver on a wired host behind the AP", wiredServer);
    cmd.AddValue("queueDisc",
                 "root queue discs: fq_codel (ns-3 default), pfifo_fast or fifo",
                 queueDisc);
    cmd.AddValue("qdiscPackets", "queueDisc=fifo: its limit in packets (1..100000)", qdiscPackets);
    cmd.AddValue("macQueueScheduler",
                 "WiFi MAC queue scheduler: tsq (room for a management frame in a full queue "
                 "is made by an MPDU never sent) or ns3 (ns-3's FCFS; in 3.37 it drops one the "
                 "BlockAck state still waits for, which cuts the station off)",
                 macQueueScheduler);
    cmd.AddValue("addbaResponseTimeoutMs",
                 "how long a WiFi originator waits for an ADDBA Response, its data for the "
                 "TID held, in ms (1..10000; mac80211's ADDBA_RESP_INTERVAL: 1000; ns-3's "
                 "default: 1 up to 3.40, 5 from 3.41)",
                 addbaResponseTimeoutMs);
    cmd.AddValue("cc", "congestion control: cubic, newreno or bbr", congestionControl);
    cmd.AddValue("socketFactory", "TypeId of the TCP socket factory", socketFactory);
    cmd.AddValue("segmentSize", "TCP MSS in bytes (536..8960)", segmentSize);
    cmd.AddValue("sndBuf", "send buffer in bytes (4096..1073741824)", sndBufBytes);
    cmd.AddValue("rcvBuf", "receive buffer in bytes (4096..1073741824)", rcvBufBytes);
    cmd.AddValue("duration", "measured time in seconds (0.1..3600)", durationS);
    cmd.AddValue("warmup", "excluded warm-up time in seconds (0..600)", warmupS);
    cmd.AddValue("warmupExtra",
                 "longest wait past --warmup, in seconds, for every station to deliver its "
                 "first byte; the window opens at the first sample step at which all have "
                 "(0..600; 0: at --warmup whatever)",
                 warmupExtraS);
    cmd.AddValue("pingInterval",
                 "ping interval in seconds (0 = off, else 0.01..10)",
                 pingIntervalS);
    cmd.AddValue("seed", "RngRun of the run (1..2^31-1)", seed);
    cmd.AddValue("drain", "simulated seconds after the apps stop (0..600)", drainS);
    cmd.AddValue("sampleInterval",
                 "time-series step in seconds (0.01..10; duration must be a multiple)",
                 sampleIntervalS);
    cmd.AddValue("precision",
                 "stop the window once the 95% half-width of its goodput (batch means) is "
                 "at most this fraction of the mean, or at --duration (0 = off, else "
                 "0.001..0.5)",
                 precision);
    cmd.AddValue("batch",
                 "--precision: batch length in seconds (a multiple of --sampleInterval; "
                 "--duration a multiple of it)",
                 batchS);
    cmd.AddValue("minBatches", "--precision: fewest batches before a stop (2..10000)", minBatches);
    cmd.AddValue("link",
                 "hop between stations and AP: wifi, p2p (wired control) or gate (the "
                 "live-kernel comparison's emulated aggregating link, one station)",
                 link);
    cmd.AddValue("p2pRate",
                 "p2p link rate in Mb/s (0 = the WiFi PHY rate of mcs/width/GI, else 1..100000)",
                 p2pRateMbps);
    cmd.AddValue("p2pDelayUs", "p2p link one-way propagation delay in us (0..1000000)", p2pDelayUs);
    cmd.AddValue("deviceQueuePackets",
                 "p2p devices' DropTail queue in packets (1..100000; ns-3's 100)",
                 deviceQueuePackets);
    cmd.AddValue("traffic", "tcp (bulk uploads) or udp (saturation of the link)", traffic);
    cmd.AddValue("udpRate",
                 "UDP offered load per station in Mb/s (0 = 1.5 x PHY rate, else 1..100000)",
                 udpRateMbps);
    cmd.AddValue("maxBytes",
                 "tcp: bytes each station sends (0 = unlimited, else 1..2^63)",
                 maxBytes);
    cmd.AddValue("tsq", "TSQ socket and adapters (false: plain socketFactory)", tsq);
    cmd.AddValue("kernelProfile",
                 "kernel profile of sockets and devices (core name)",
                 kernelProfile);
    cmd.AddValue("rule", "TSQ rule id (empty: the kernel profile's)", tsqRule);
    cmd.AddValue("kernelForms",
                 "forms of other releases in the kernel profile, field=form,... (empty: the "
                 "profile's own; fields tso, shortcut, cwnd, rate, rtt, hystart, truesize)",
                 kernelForms);
    cmd.AddValue("deviceShift",
                 "WiFi pacing-shift policy: profile, none or 0..31 (mac80211 override)",
                 deviceShift);
    cmd.AddValue("driver",
                 "WiFi completion model: a core driver profile (ns3, ath9k)",
                 driverProfile);
    cmd.AddValue("latencyUs",
                 "WiFi completion latency in us, 0..100000 (nonzero: an ESTIMATE)",
                 completionLatencyUs);
    cmd.AddValue("floor", "fixed TSQ floor in bytes (0 = none, else 1..1073741823)", floorBytes);
    cmd.AddValue("limitOutputBytes",
                 "tcp_limit_output_bytes (0 = the kernel profile's, else 1..2147483647)",
                 limitOutputBytes);
    cmd.AddValue("apRxErrorRate",
                 "data MPDU error rate at the AP's receiver (0..0.9; control frames pass)",
                 apRxErrorRate);
    cmd.AddValue("staRxErrorRate",
                 "data MPDU error rate at each station's receiver (0..0.9; control frames pass)",
                 staRxErrorRate);
    cmd.AddValue("gateRate",
                 "gate: airtime rate of a slot's frames, Mb/s (1..100000)",
                 gateRateMbps);
    cmd.AddValue("gateOverheadUs",
                 "gate: fixed cost of a data TXOP, us (1..1000000)",
                 gateOverheadUs);
    cmd.AddValue("gateAckGapUs", "gate: data TXOP end -> AP TXOP, us (0..1000000)", gateAckGapUs);
    cmd.AddValue("gateAckTxopUs", "gate: the AP's TXOP, us (1..1000000)", gateAckTxopUs);
    cmd.AddValue("gateGapUs", "gate: AP TXOP end -> next data TXOP, us (0..1000000)", gateGapUs);
    cmd.AddValue("gateIdlePollUs", "gate: idle, look again after, us (1..1000000)", gateIdlePollUs);
    cmd.AddValue("gateMaxFrames", "gate: frames per data TXOP at most (1..1024)", gateMaxFrames);
    cmd.AddValue("gateLost",
                 "gate: chance per mille the station goes again before the AP (0..1000)",
                 gateLostPermille);
    cmd.AddValue("gateRelease", "gate: frames leave at the TXOP's end or open", gateRelease);
    cmd.AddValue("gateTiming",
                 "gate: slots (fixed schedule: the gate options above) or edca (802.11n "
                 "EDCA between station and AP, HT40 SGI MCS 7, ath9k's aggregates)",
                 gateTiming);
    cmd.AddValue("gateHwDepth",
                 "gate edca: aggregates in the station's hardware queue (1..4; 2: ath9k)",
                 gateHwDepth);
    cmd.AddValue("gateCompletionDelayUs",
                 "gate edca: the station's TX completion after its BlockAck, us (0..1000000; "
                 "an assumption)",
                 gateCompletionDelayUs);
    cmd.AddValue("gateLateness",
                 "gate: a live-kernel run's slots CSV whose controller lateness is replayed",
                 gateLateness);
    cmd.AddValue("initialSsthresh",
                 "initial ssthresh in segments (0 = ns-3's, unlimited; else 2..1000000)",
                 initialSsthresh);
    cmd.AddValue("tsoBursts", "TSO bursts (false: one-segment skbs, gso_max_segs 1)", tsoBursts);
    cmd.AddValue("ksoftirqd",
                 "every TX completion runs in ksoftirqd: tcp_wfree() resumes the socket only "
                 "once nothing is queued below TCP (an assumption)",
                 ksoftirqd);
    cmd.AddValue("txDelayUs",
                 "TCP_TX_DELAY's TSQ budget in us (0..2147483647; rules 5.0 and 6.16)",
                 txDelayUs);
    cmd.AddValue("receiverAcks",
                 "the receiver's ACKs: ns3 (every second segment, 200 ms delayed-ACK timer) "
                 "or burst (one ACK per burst of segments, as Linux 6.7+ acks what it met "
                 "in the socket backlog, 133c4c0d3717)",
                 receiverAcks);
    cmd.AddValue("burstAckUs",
                 "receiverAcks=burst: the ACK waits this long for more segments, us (1..100000)",
                 burstAckUs);
    cmd.AddValue("rttEstimator",
                 "RTT the TSQ socket uses: linux (per-segment us samples, tcp_rtt_estimator) "
                 "or ns3 (ns-3's RttEstimator, ms timestamp echoes in 3.37)",
                 rttEstimator);
}

std::string
WifiUplinkConfig::Validate() const
{
    if (nSta < 1 || nSta > 64)
    {
        return TsqOutOfRangeValue("nSta", nSta, "1..64");
    }
    if (standard != "80211n" && standard != "80211ac" && standard != "80211ax")
    {
        return TsqOutOfRangeValue("standard", standard, "80211n, 80211ac or 80211ax");
    }
    if (nss < 1 || nss > 4)
    {
        return TsqOutOfRangeValue("nss", nss, "1..4");
    }
    const bool ht = standard == "80211n";
    const uint32_t maxMcs = ht ? 7 : (standard == "80211ac" ? 9 : 11);
    if (mcs > maxMcs)
    {
        return TsqOutOfRangeValue("mcs",
                                  mcs,
                                  "0.." + std::to_string(maxMcs) + " with --standard=" + standard);
    }
    if (ht && channelWidth != 20 && channelWidth != 40)
    {
        return TsqOutOfRangeValue("channelWidth", channelWidth, "20 or 40 with --standard=80211n");
    }
    if (!ht && channelWidth != 20 && channelWidth != 40 && channelWidth != 80 &&
        channelWidth != 160)
    {
        return TsqOutOfRangeValue("channelWidth",
                                  channelWidth,
                                  "20, 40, 80 or 160 with --standard=" + standard);
    }
    if (!(distanceM >= 0.1 && distanceM <= 1000))
    {
        return TsqOutOfRangeValue("distance", distanceM, "0.1..1000 (m)");
    }
    if (heGuardIntervalNs != 800 && heGuardIntervalNs != 1600 && heGuardIntervalNs != 3200)
    {
        return TsqOutOfRangeValue("heGuardInterval", heGuardIntervalNs, "800, 1600 or 3200");
    }
    if (!DataMode(standard, mcs, nss).IsAllowed(channelWidth, nss))
    {
        // VHT has no MCS whose coded bits per symbol do not divide
        // among the encoders (802.11-2020's VHT-MCS tables leave them
        // out: MCS 9 at 20 MHz with 1, 2 or 4 streams, MCS 6 at 80 MHz
        // with 3); ns-3's VhtPhy refuses the same combinations
        return "invalid option: --mcs=" + std::to_string(mcs) +
               " with --nss=" + std::to_string(nss) +
               " and --channelWidth=" + std::to_string(channelWidth) + " is not a valid " +
               standard + " rate; allowed: another MCS, width or nss";
    }
    if (queueDisc != "fq_codel" && queueDisc != "pfifo_fast" && queueDisc != "fifo")
    {
        return TsqOutOfRangeValue("queueDisc", queueDisc, "fq_codel, pfifo_fast or fifo");
    }
    if (macQueueScheduler != "tsq" && macQueueScheduler != "ns3")
    {
        return TsqOutOfRangeValue("macQueueScheduler", macQueueScheduler, "tsq or ns3");
    }
    if (addbaResponseTimeoutMs < 1 || addbaResponseTimeoutMs > 10000)
    {
        return TsqOutOfRangeValue("addbaResponseTimeoutMs", addbaResponseTimeoutMs, "1..10000");
    }
    if (qdiscPackets < 1 || qdiscPackets > 100000)
    {
        return TsqOutOfRangeValue("qdiscPackets", qdiscPackets, "1..100000");
    }
    if (queueDisc == "fifo" && link == "gate")
    {
        return TsqOutOfRangeValue("queueDisc",
                                  queueDisc,
                                  "fq_codel or pfifo_fast with link=gate (the gates are the "
                                  "root queue discs)");
    }
    if (WifiUplinkCongestionControlTypeId(congestionControl).empty())
    {
        return TsqOutOfRangeValue("cc", congestionControl, "cubic, newreno or bbr");
    }
    // The factory of the plain TCP socket (--tsq=false): a TCP one. The
    // TSQ factory needs the adapters --tsq=false does not install.
    TypeId factory;
    if (!TypeId::LookupByNameFailSafe(socketFactory, &factory) ||
        (factory != TypeId::LookupByName("ns3::TcpSocketFactory") &&
         !factory.IsChildOf(TypeId::LookupByName("ns3::TcpSocketFactory"))) ||
        factory.GetName() == "ns3::TsqTcpSocketFactory")
    {
        return TsqOutOfRangeValue("socketFactory",
                                  socketFactory,
                                  "ns3::TcpSocketFactory or another TCP socket factory "
                                  "(the TSQ socket is --tsq=true)");
    }
    std::string tcpError = TsqValidateTcpKnobs(segmentSize, sndBufBytes, rcvBufBytes);
    if (!tcpError.empty())
    {
        return tcpError;
    }
    // The bulk sender writes 10 segments at a time: a smaller send buffer
    // never takes a write, and the run would carry nothing.
    if (traffic == "tcp" && sndBufBytes < segmentSize * 10)
    {
        return TsqOutOfRangeValue("sndBuf",
                                  sndBufBytes,
                                  std::to_string(segmentSize * 10) +
                                      "..1073741824 (at least the sender's write: 10 x "
                                      "segmentSize)");
    }
    if (!(durationS >= 0.1 && durationS <= 3600))
    {
        return TsqOutOfRangeValue("duration", durationS, "0.1..3600");
    }
    if (!(warmupS >= 0 && warmupS <= 600))
    {
        return TsqOutOfRangeValue("warmup", warmupS, "0..600");
    }
    if (!(warmupExtraS >= 0 && warmupExtraS <= 600))
    {
        return TsqOutOfRangeValue("warmupExtra", warmupExtraS, "0..600");
    }
    if (!(pingIntervalS == 0 || (pingIntervalS >= 0.01 && pingIntervalS <= 10)))
    {
        return TsqOutOfRangeValue("pingInterval", pingIntervalS, "0 (off) or 0.01..10");
    }
    if (seed < 1 || seed > 0x7fffffffU)
    {
        return TsqOutOfRangeValue("seed", seed, "1..2147483647");
    }
    if (!(drainS >= 0 && drainS <= 600))
    {
        return TsqOutOfRangeValue("drain", drainS, "0..600");
    }
    if (!(sampleIntervalS >= 0.01 && sampleIntervalS <= 10))
    {
        return TsqOutOfRangeValue("sampleInterval", sampleIntervalS, "0.01..10");
    }
    // "NAME=VALUE is not a multiple of UNIT=STEP", or "" if it is.
    auto notMultiple = [](const char* name, double value, const char* unit, double step) {
        const double n = value / step;
        if (std::fabs(n - std::round(n)) <= 1e-6)
        {
            return std::string();
        }
        std::ostringstream os;
        os << "invalid option: " << name << "=" << value << " is not a multiple of " << unit << "="
           << step << "; allowed: " << name << " = k * " << unit << " (k = 1, 2, ...)";
        return os.str();
    };
    if (std::string e = notMultiple("duration", durationS, "sampleInterval", sampleIntervalS);
        !e.empty())
    {
        return e;
    }
    if (!(precision == 0 || (precision >= 0.001 && precision <= 0.5)))
    {
        return TsqOutOfRangeValue("precision", precision, "0 (off) or 0.001..0.5");
    }
    if (!(batchS >= sampleIntervalS && batchS <= 600))
    {
        std::ostringstream range;
        range << sampleIntervalS << "..600 (s; at least --sampleInterval)";
        return TsqOutOfRangeValue("batch", batchS, range.str());
    }
    if (minBatches < 2 || minBatches > 10000)
    {
        return TsqOutOfRangeValue("minBatches", minBatches, "2..10000");
    }
    if (precision > 0)
    {
        if (std::string e = notMultiple("batch", batchS, "sampleInterval", sampleIntervalS);
            !e.empty())
        {
            return e;
        }
        const double batches = durationS / batchS;
        if (std::fabs(batches - std::round(batches)) > 1e-6 || std::round(batches) < minBatches)
        {
            std::ostringstream os;
            os << "invalid option: duration=" << durationS << " with --precision is not "
               << minBatches << " or more whole batches of " << batchS
               << " s; allowed: duration = k * batch, k >= minBatches";
            return os.str();
        }
    }
    if (link != "wifi" && link != "p2p" && link != "gate")
    {
        return TsqOutOfRangeValue("link", link, "wifi, p2p or gate");
    }
    if (link == "gate" && nSta != 1)
    {
        return TsqOutOfRangeValue("nSta", nSta, "1 with link=gate (one station's TXOPs)");
    }
    if (!(gateRateMbps >= 1 && gateRateMbps <= 100000))
    {
        return TsqOutOfRangeValue("gateRate", gateRateMbps, "1..100000");
    }
    if (gateOverheadUs < 1 || gateOverheadUs > TSQ_GATE_US_MAX)
    {
        return TsqOutOfRangeValue("gateOverheadUs", gateOverheadUs, "1..1000000");
    }
    if (gateAckGapUs > TSQ_GATE_US_MAX)
    {
        return TsqOutOfRangeValue("gateAckGapUs", gateAckGapUs, "0..1000000");
    }
    if (gateAckTxopUs < 1 || gateAckTxopUs > TSQ_GATE_US_MAX)
    {
        return TsqOutOfRangeValue("gateAckTxopUs", gateAckTxopUs, "1..1000000");
    }
    if (gateGapUs > TSQ_GATE_US_MAX)
    {
        return TsqOutOfRangeValue("gateGapUs", gateGapUs, "0..1000000");
    }
    if (gateIdlePollUs < 1 || gateIdlePollUs > TSQ_GATE_US_MAX)
    {
        return TsqOutOfRangeValue("gateIdlePollUs", gateIdlePollUs, "1..1000000");
    }
    if (gateMaxFrames < 1 || gateMaxFrames > TSQ_GATE_FRAMES_MAX)
    {
        return TsqOutOfRangeValue("gateMaxFrames", gateMaxFrames, "1..1024");
    }
    if (gateLostPermille > 1000)
    {
        return TsqOutOfRangeValue("gateLost", gateLostPermille, "0..1000");
    }
    enum tsq_gate_release release;
    if (tsq_gate_release_from_name(gateRelease.c_str(), &release) != TSQ_OK)
    {
        return TsqOutOfRangeValue("gateRelease", gateRelease, "end or open");
    }
    if (gateTiming != "slots" && gateTiming != "edca")
    {
        return TsqOutOfRangeValue("gateTiming", gateTiming, "slots or edca");
    }
    if (gateHwDepth < 1 || gateHwDepth > TSQ_EGATE_MAX_DEPTH)
    {
        return TsqOutOfRangeValue("gateHwDepth", gateHwDepth, "1..4");
    }
    if (gateCompletionDelayUs > 1000000)
    {
        return TsqOutOfRangeValue("gateCompletionDelayUs", gateCompletionDelayUs, "0..1000000");
    }
    if (initialSsthresh == 1 || initialSsthresh > 1000000)
    {
        return TsqOutOfRangeValue("initialSsthresh", initialSsthresh, "0 (ns-3's) or 2..1000000");
    }
    if (txDelayUs > TSQ_TX_DELAY_MAX)
    {
        return TsqOutOfRangeValue("txDelayUs", txDelayUs, "0..2147483647");
    }
    if (!(p2pRateMbps == 0 || (p2pRateMbps >= 1 && p2pRateMbps <= 100000)))
    {
        return TsqOutOfRangeValue("p2pRate", p2pRateMbps, "0 (the WiFi PHY rate) or 1..100000");
    }
    if (p2pDelayUs > 1000000)
    {
        return TsqOutOfRangeValue("p2pDelayUs", p2pDelayUs, "0..1000000");
    }
    if (deviceQueuePackets < 1 || deviceQueuePackets > 100000)
    {
        return TsqOutOfRangeValue("deviceQueuePackets", deviceQueuePackets, "1..100000");
    }
    if (maxBytes > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    {
        return TsqOutOfRangeValue("maxBytes", maxBytes, "0 (unlimited) or 1..2^63-1");
    }
    if (tsqSocketOnly && !tsq)
    {
        return TsqOutOfRangeValue("tsqSocketOnly", "true", "false with tsq=false");
    }
    if (traffic != "tcp" && traffic != "udp")
    {
        return TsqOutOfRangeValue("traffic", traffic, "tcp or udp");
    }
    if (!(udpRateMbps == 0 || (udpRateMbps >= 1 && udpRateMbps <= 100000)))
    {
        return TsqOutOfRangeValue("udpRate", udpRateMbps, "0 (1.5 x the PHY rate) or 1..100000");
    }
    if (!tsq_profile_find(kernelProfile.c_str()))
    {
        return TsqOutOfRangeValue("kernelProfile", kernelProfile, TsqProfileNames().c_str());
    }
    struct tsq_profile forms = *tsq_profile_find(kernelProfile.c_str());
    if (tsq_profile_set_forms(&forms, kernelForms.c_str()) != TSQ_OK)
    {
        return TsqOutOfRangeValue("kernelForms",
                                  kernelForms,
                                  ("empty or a comma-separated list of field=form, one per "
                                   "field, of: " +
                                   TsqFormsAllowed())
                                      .c_str());
    }
    enum tsq_rule rule;
    if (!tsqRule.empty() && tsq_rule_from_id(tsqRule.c_str(), &rule) != TSQ_OK)
    {
        return TsqOutOfRangeValue("rule", tsqRule, ("empty or " + TsqRuleIds()).c_str());
    }
    // TCP_TX_DELAY came in 5.4 (a842fe1425cb), with the 5.0 rule: the
    // socket would refuse the delay under an older rule in the middle of
    // the run, so the option is refused here.
    if (tsq && txDelayUs > 0)
    {
        enum tsq_rule effective =
            tsqRule.empty() ? tsq_profile_find(kernelProfile.c_str())->rule : rule;
        if (effective != TSQ_RULE_5_0 && effective != TSQ_RULE_6_16)
        {
            return TsqOutOfRangeValue("txDelayUs",
                                      txDelayUs,
                                      "0 with TSQ rule " + std::string(tsq_rule_id(effective)) +
                                          "; any delay with --rule=5.0 or 6.16 or "
                                          "--kernelProfile=linux-6.16 (TCP_TX_DELAY came in 5.4)");
        }
    }
    if (!ValidDeviceShift(deviceShift))
    {
        return TsqOutOfRangeValue("deviceShift", deviceShift, "profile, none or 0..31");
    }
    if (!tsq_driver_profile_find(driverProfile.c_str()))
    {
        char names[256];
        tsq_driver_profile_names(names, sizeof(names));
        return TsqOutOfRangeValue("driver", driverProfile, names);
    }
    if (!(completionLatencyUs >= 0 && completionLatencyUs <= 100000))
    {
        return TsqOutOfRangeValue("latencyUs", completionLatencyUs, "0..100000");
    }
    if (floorBytes > TSQ_FLOOR_MAX)
    {
        return TsqOutOfRangeValue("floor", floorBytes, "0..1073741823");
    }
    if (limitOutputBytes > TSQ_LOB_MAX)
    {
        return TsqOutOfRangeValue("limitOutputBytes", limitOutputBytes, "0..2147483647");
    }
    // A limit the first skb of an empty socket never passes lets no skb
    // ever go (rule 3.6 with 1 byte: sk_wmem_alloc starts at 1 >= the
    // limit, and 3.6 has no empty-queue exception; Linux would stall the
    // same way). The core decides; a run that can carry nothing is refused.
    if (tsq && limitOutputBytes > 0 && !FirstSkbPasses(*this, limitOutputBytes))
    {
        uint32_t lo = limitOutputBytes + 1; // the smallest limit that passes
        uint32_t hi = TSQ_LOB_MAX;
        while (lo < hi)
        {
            uint32_t mid = lo + (hi - lo) / 2;
            if (FirstSkbPasses(*this, mid))
            {
                hi = mid;
            }
            else
            {
                lo = mid + 1;
            }
        }
        return TsqOutOfRangeValue("limitOutputBytes",
                                  limitOutputBytes,
                                  "0 (the profile's) or " + std::to_string(lo) +
                                      "..2147483647 with rule " + EffectiveRule() +
                                      ": its limit of " + std::to_string(limitOutputBytes) +
                                      " byte(s) stalls every socket from its first skb");
    }
    if (!(apRxErrorRate >= 0 && apRxErrorRate <= 0.9))
    {
        return TsqOutOfRangeValue("apRxErrorRate", apRxErrorRate, "0..0.9");
    }
    if (!(staRxErrorRate >= 0 && staRxErrorRate <= 0.9))
    {
        return TsqOutOfRangeValue("staRxErrorRate", staRxErrorRate, "0..0.9");
    }
    if (receiverAcks != "ns3" && receiverAcks != "burst")
    {
        return TsqOutOfRangeValue("receiverAcks", receiverAcks, "ns3 or burst");
    }
    if (burstAckUs < 1 || burstAckUs > 100000)
    {
        return TsqOutOfRangeValue("burstAckUs", burstAckUs, "1..100000");
    }
    if (rttEstimator != "linux" && rttEstimator != "ns3")
    {
        return TsqOutOfRangeValue("rttEstimator", rttEstimator, "linux or ns3");
    }
    return "";
}

std::string
WifiUplinkConfig::ModelAssumptions() const
{
    // Every opt-in option that is not a mechanism the kernel, driver or
    // radio is known to have; the faithful default has none.
    std::ostringstream os;
    if (tsq && link == "wifi" && completionLatencyUs > 0)
    {
        os << "completion-latency=" << completionLatencyUs << "us(estimate)";
    }
    // A driver profile that had to assume what its firmware does.
    const tsq_driver_profile* driver = tsq_driver_profile_find(driverProfile.c_str());
    if (tsq && link == "wifi" && driver && driver->estimate)
    {
        os << (os.tellp() > 0 ? "," : "") << "driver-" << driver->name << "=" << driver->estimate
           << "(estimate)";
    }
    // The rule is Linux 6.7+'s (one ACK for what the backlog held); which
    // segments meet in the backlog is the model's window, no kernel number.
    if (receiverAcks == "burst")
    {
        os << (os.tellp() > 0 ? "," : "") << "receiver-acks=burst-window-" << burstAckUs
           << "us(estimate)";
    }
    // tcp_wfree()'s test is the kernel's; that every completion runs in
    // ksoftirqd is not a measured fact of any machine.
    if (tsq && ksoftirqd)
    {
        os << (os.tellp() > 0 ? "," : "") << "ksoftirqd-completions(assumption)";
    }
    // A driver's completion work after the BlockAck: no measured number.
    if (link == "gate" && gateTiming == "edca" && gateCompletionDelayUs > 0)
    {
        os << (os.tellp() > 0 ? "," : "") << "gate-completion-delay=" << gateCompletionDelayUs
           << "us(estimate)";
    }
    return os.str();
}

std::string
WifiUplinkConfig::CwndValidation() const
{
    if (traffic == "udp")
    {
        return "";
    }
    // BBR sets cwnd in its own control loop, which neither Linux
    // (bbr_set_cwnd) nor ns-3 gates.
    if (congestionControl == "bbr")
    {
        return "none";
    }
    if (tsq)
    {
        // Linux's tcp_is_cwnd_limited (the TSQ socket's wrapper), unless
        // its attribute is off; on ns-3 >= 3.42 the wrapper sets ns-3's
        // own flag, so it alone decides either way.
        return TsqAttributeDefault("ns3::TsqTcpSocket", "CwndValidation") == "true" ? "linux"
                                                                                    : "none";
    }
    // ns-3's own socket: since 3.42 TcpCubic skips growth while its flag
    // says not cwnd-limited; TcpNewReno does not look at it.
    return TSQ_NS3_CWND_LIMITED && congestionControl == "cubic" ? "ns3" : "none";
}

std::string
WifiUplinkConfig::RateSample() const
{
    if (traffic == "udp")
    {
        return "";
    }
    // The TSQ socket's Linux 4.16 tcp_rate.c (TsqRateOps) unless its
    // attribute is off; else ns-3's TcpRateLinux, which ns3_version tells
    // apart (fixed in 3.41, see tsq-ns3-compat.h).
    if (tsq)
    {
        return TsqAttributeDefault("ns3::TsqTcpSocket", "LinuxRateSample") == "true" ? "linux"
                                                                                     : "ns3";
    }
    return "ns3";
}

std::string
WifiUplinkConfig::DataModeName() const
{
    if (standard == "80211ac")
    {
        return "VhtMcs" + std::to_string(mcs);
    }
    if (standard == "80211ax")
    {
        return "HeMcs" + std::to_string(mcs);
    }
    return "HtMcs" + std::to_string(mcs + 8 * (nss - 1));
}

tsq_ampdu_format
WifiUplinkConfig::AmpduFormat() const
{
    return standard == "80211ax" ? TSQ_AMPDU_HE
                                 : (standard == "80211ac" ? TSQ_AMPDU_VHT : TSQ_AMPDU_HT);
}

uint32_t
WifiUplinkConfig::GuardIntervalNs() const
{
    if (standard == "80211ax")
    {
        return heGuardIntervalNs;
    }
    return shortGuardInterval ? 400 : 800;
}

double
WifiUplinkConfig::PhyRateMbps() const
{
    WifiMode mode = DataMode(standard, mcs, nss);
    return TSQ_WIFI_MODE_DATA_RATE(mode, channelWidth, GuardIntervalNs(), nss) / 1e6;
}

std::string
WifiUplinkConfig::ValidateGiven(int argc, char* argv[]) const
{
    const std::vector<std::string> args =
        argc > 1 ? std::vector<std::string>(argv + 1, argv + argc) : std::vector<std::string>();
    auto given = [&args](const std::string& name) { return TsqOptionGiven(args, name); };
    if (std::string error = ValidateAttributeDefaults(); !error.empty())
    {
        return error;
    }
    auto refuse = [this](const std::string& name, const std::string& applies) {
        return "invalid option: --" + name + " does nothing with --link=" + link +
               "; allowed: " + applies;
    };
    if (link != "wifi")
    {
        for (const char* o : {"minstrel",
                              "distance",
                              "driver",
                              "deviceShift",
                              "latencyUs",
                              "apRxErrorRate",
                              "staRxErrorRate",
                              "macQueueScheduler",
                              "addbaResponseTimeoutMs"})
        {
            if (given(o))
            {
                return refuse(o, "with --link=wifi only");
            }
        }
    }
    if (link == "p2p" && given("p2pRate"))
    {
        for (const char* o :
             {"standard", "nss", "mcs", "channelWidth", "shortGi", "heGuardInterval"})
        {
            if (given(o))
            {
                return refuse(o,
                              "with --link=wifi, or on p2p without --p2pRate (the link's "
                              "rate is then the WiFi PHY rate)");
            }
        }
    }
    if (standard == "80211ax" && given("shortGi"))
    {
        return "invalid option: --shortGi does nothing with --standard=80211ax; allowed: "
               "--heGuardInterval=800|1600|3200";
    }
    if (standard != "80211ax" && given("heGuardInterval"))
    {
        return "invalid option: --heGuardInterval does nothing with --standard=" + standard +
               "; allowed: with --standard=80211ax (HT and VHT: --shortGi)";
    }
    if (link == "wifi")
    {
        for (const char* o : {"p2pRate", "p2pDelayUs", "deviceQueuePackets"})
        {
            if (given(o))
            {
                return refuse(o, "with --link=p2p");
            }
        }
    }
    if (link == "gate")
    {
        for (const char* o : {"p2pRate", "p2pDelayUs", "deviceQueuePackets"})
        {
            if (given(o))
            {
                return refuse(o, "with --link=p2p (the gate's link is 100 Gb/s, no delay)");
            }
        }
    }
    if (precision == 0)
    {
        for (const char* o : {"batch", "minBatches"})
        {
            if (given(o))
            {
                return std::string("invalid option: --") + o +
                       " does nothing without --precision; allowed: with --precision=0.001..0.5";
            }
        }
    }
    if (queueDisc != "fifo" && given("qdiscPackets"))
    {
        return "invalid option: --qdiscPackets does nothing with --queueDisc=" + queueDisc +
               "; allowed: with --queueDisc=fifo";
    }
    if (traffic != "tcp" && given("maxBytes"))
    {
        return "invalid option: --maxBytes does nothing with --traffic=" + traffic +
               "; allowed: with --traffic=tcp";
    }
    if (link != "gate")
    {
        for (const char* o : {"gateRate",
                              "gateOverheadUs",
                              "gateAckGapUs",
                              "gateAckTxopUs",
                              "gateGapUs",
                              "gateIdlePollUs",
                              "gateMaxFrames",
                              "gateLost",
                              "gateRelease",
                              "gateLateness",
                              "gateTiming",
                              "gateHwDepth",
                              "gateCompletionDelayUs"})
        {
            if (given(o))
            {
                return refuse(o, "with --link=gate");
            }
        }
    }
    else if (gateTiming == "edca")
    {
        // The fixed schedule's options mean nothing on EDCA timing.
        for (const char* o : {"gateRate",
                              "gateOverheadUs",
                              "gateAckGapUs",
                              "gateAckTxopUs",
                              "gateGapUs",
                              "gateIdlePollUs",
                              "gateMaxFrames",
                              "gateLost",
                              "gateRelease",
                              "gateLateness"})
        {
            if (given(o))
            {
                return "invalid option: --" + std::string(o) +
                       " does nothing with --gateTiming=edca; allowed: with --gateTiming=slots";
            }
        }
    }
    else
    {
        for (const char* o : {"gateHwDepth", "gateCompletionDelayUs"})
        {
            if (given(o))
            {
                return "invalid option: --" + std::string(o) +
                       " does nothing with --gateTiming=" + gateTiming +
                       "; allowed: with --gateTiming=edca";
            }
        }
    }
    return "";
}

uint32_t
WifiUplinkConfig::EffectivePacingShift() const
{
    const struct tsq_profile* profile = tsq_profile_find(kernelProfile.c_str());
    if (!profile)
    {
        return 10;
    }
    // On WiFi the device's policy (the adapter's parser) sets the shift.
    struct tsq_shift_policy policy;
    if (link == "wifi" &&
        tsq_shift_policy_parse(deviceShift.c_str(), &profile->mac80211, &policy) == TSQ_OK &&
        policy.kind == TSQ_SHIFT_POLICY_FIXED)
    {
        return policy.shift;
    }
    return profile->pacing_shift;
}

std::string
WifiUplinkConfig::KernelFormsInForce() const
{
    if (!tsq)
    {
        return "";
    }
    TsqKernelConfig k;
    k.SetProfile(kernelProfile);
    k.SetForms(kernelForms);
    return k.FormsInForce();
}

std::string
WifiUplinkConfig::EffectiveRule() const
{
    if (!tsq)
    {
        return "ns3";
    }
    if (!tsqRule.empty())
    {
        return tsqRule;
    }
    const struct tsq_profile* profile = tsq_profile_find(kernelProfile.c_str());
    return profile ? tsq_rule_id(profile->rule) : "";
}

const std::vector<std::pair<std::string, std::string>>&
WifiUplinkConfig::ScenarioAttributes()
{
    // Build() writes the first group as defaults and the rest on the
    // objects it creates: a changed default of any of them would not be
    // the run's value.
    static const std::vector<std::pair<std::string, std::string>> attributes = {
        {"ns3::TcpL4Protocol::SocketType", "cc"},
        {"ns3::TcpSocketState::EnablePacing", "cc"},
        {"ns3::TcpSocket::SegmentSize", "segmentSize"},
        {"ns3::TcpSocket::SndBufSize", "sndBuf"},
        {"ns3::TcpSocket::RcvBufSize", "rcvBuf"},
        {"ns3::TcpSocket::ConnTimeout", "(none: Linux's TCP_TIMEOUT_INIT, 1 s)"},
        {"ns3::TcpSocket::DelAckCount", "receiverAcks"},
        {"ns3::TcpSocket::DelAckTimeout", "receiverAcks, burstAckUs"},
        {"ns3::TcpSocket::InitialSlowStartThreshold", "initialSsthresh"},
        {"ns3::TsqTcpSocket::KernelProfile", "kernelProfile"},
        {"ns3::TsqTcpSocket::TsqRule", "rule"},
        {"ns3::TsqTcpSocket::KernelForms", "kernelForms"},
        {"ns3::TsqTcpSocket::FloorBytes", "floor"},
        {"ns3::TsqTcpSocket::LimitOutputBytes", "limitOutputBytes"},
        {"ns3::TsqTcpSocket::LinuxRtt", "rttEstimator"},
        {"ns3::TsqTcpSocket::TsoBursts", "tsoBursts"},
        {"ns3::TsqTcpSocket::KsoftirqdCompletions", "ksoftirqd"},
        {"ns3::TsqTcpSocket::TxDelay", "txDelayUs"},
        {"ns3::WifiTsqAdapter::KernelProfile", "kernelProfile"},
        {"ns3::WifiTsqAdapter::DeviceShift", "deviceShift"},
        {"ns3::WifiTsqAdapter::DriverProfile", "driver"},
        {"ns3::WifiTsqAdapter::CompletionLatency", "latencyUs"},
        {"ns3::TsqSlotGate::Rate", "gateRate"},
        {"ns3::TsqSlotGate::Overhead", "gateOverheadUs"},
        {"ns3::TsqSlotGate::AckGap", "gateAckGapUs"},
        {"ns3::TsqSlotGate::AckTxop", "gateAckTxopUs"},
        {"ns3::TsqSlotGate::Gap", "gateGapUs"},
        {"ns3::TsqSlotGate::IdlePoll", "gateIdlePollUs"},
        {"ns3::TsqSlotGate::MaxFrames", "gateMaxFrames"},
        {"ns3::TsqSlotGate::LostPermille", "gateLost"},
        {"ns3::TsqSlotGate::Seed", "seed"},
        {"ns3::TsqSlotGate::Release", "gateRelease"},
        {"ns3::TsqSlotGate::LatenessFile", "gateLateness"},
        {"ns3::TsqEdcaGate::Seed", "seed"},
        {"ns3::TsqEdcaGate::HwDepth", "gateHwDepth"},
        {"ns3::TsqEdcaGate::CompletionDelay", "gateCompletionDelayUs"},
        {"ns3::ConstantRateWifiManager::DataMode", "mcs"},
        {"ns3::ConstantRateWifiManager::ControlMode", "mcs"},
        {"ns3::WifiPhy::ChannelSettings", "channelWidth"},
        {"ns3::QosTxop::AddBaResponseTimeout", "addbaResponseTimeoutMs"},
        {"ns3::HtConfiguration::ShortGuardIntervalSupported", "shortGi"},
        {"ns3::HeConfiguration::GuardInterval", "heGuardInterval"},
        {TSQ_MPDU_BUFFER_ATTRIBUTE, "standard"},
        {"ns3::WifiPhy::Antennas", "nss"},
        {"ns3::WifiPhy::MaxSupportedTxSpatialStreams", "nss"},
        {"ns3::WifiPhy::MaxSupportedRxSpatialStreams", "nss"},
        {"ns3::RateErrorModel::ErrorRate", "apRxErrorRate"},
        {"ns3::RateErrorModel::ErrorUnit", "apRxErrorRate"},
        {"ns3::TsqDataErrorModel::ErrorRate", "apRxErrorRate or --staRxErrorRate"},
        {"ns3::PointToPointNetDevice::DataRate", "p2pRate"},
        {"ns3::PointToPointChannel::Delay", "p2pDelayUs"},
        {"ns3::DropTailQueue<Packet>::MaxSize", "deviceQueuePackets"},
        {"ns3::FifoQueueDisc::MaxSize", "qdiscPackets"},
        {"ns3::BulkSendApplication::MaxBytes", "maxBytes"},
        {"ns3::BulkSendApplication::SendSize", "segmentSize"},
        {TSQ_PING_TYPE "::Interval", "pingInterval"},
        {"ns3::OnOffApplication::DataRate", "udpRate"},
        {"ns3::OnOffApplication::PacketSize", "(none: 1472-byte datagrams)"},
    };
    return attributes;
}

std::string
WifiUplinkConfig::AttributeOverrides()
{
    std::string text;
    for (const auto& changed : TsqChangedAttributeDefaults())
    {
        bool own = false;
        for (const auto& attribute : ScenarioAttributes())
        {
            own = own || attribute.first == changed.first;
        }
        if (!own)
        {
            text += (text.empty() ? "" : "; ") + changed.first + "=" + changed.second;
        }
    }
    return text;
}

std::string
WifiUplinkConfig::ValidateAttributeDefaults()
{
    for (const auto& changed : TsqChangedAttributeDefaults())
    {
        for (const auto& attribute : ScenarioAttributes())
        {
            if (attribute.first == changed.first)
            {
                return "invalid option: --" + changed.first + "=" + changed.second +
                       " would be overwritten by the scenario; allowed: the scenario's " +
                       (attribute.second[0] == '(' ? attribute.second : "--" + attribute.second) +
                       " instead";
            }
        }
    }
    return "";
}

} // namespace ns3
