/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-scenario.h"

#include "tsq-attribute-defaults.h"
#include "tsq-command-line.h"
#include "tsq-data-error-model.h"
#include "tsq-option-check.h"
#include "tsq/completion.h"
#include "tsq/gate.h"
#include "tsq/profile.h"
#include "tsq/rules.h"
#include "tsq/sock.h"

#include "ns3/boolean.h"
#include "ns3/bulk-send-application.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
#include "ns3/ht-phy.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/log.h"
#include "ns3/mobility-helper.h"
#include "ns3/on-off-helper.h"
#include "ns3/onoff-application.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-size.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/ssid.h"
#include "ns3/string.h"
#include "ns3/tcp-socket.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/tsq-core-names.h"
#include "ns3/tsq-helper.h"
#include "ns3/tsq-kernel-config.h"
#include "ns3/tsq-tcp-socket-factory.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/tsq-tx-completion.h"
#include "ns3/uinteger.h"
#include "ns3/v4ping-helper.h"
#include "ns3/v4ping.h"
#include "ns3/wifi-helper.h"
#include "ns3/wifi-mac-helper.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-psdu.h"
#include "ns3/wifi-tsq-adapter.h"
#include "ns3/yans-wifi-channel.h"
#include "ns3/yans-wifi-helper.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WifiUplinkScenario");

namespace
{

const uint16_t kBasePort = 5000;
const double kAppStartS = 0.5; //!< applications start, s (after association)

std::string
CongestionControlTypeId(const std::string& name)
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

const double kNaN = std::numeric_limits<double>::quiet_NaN();

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

} // namespace

void
WifiUplinkConfig::AddToCommandLine(TsqCommandLine& cmd)
{
    cmd.AddValue("nSta", "number of uploading stations (1..64)", nSta);
    cmd.AddValue("mcs", "HT MCS index of the constant-rate manager (0..7)", mcs);
    cmd.AddValue("channelWidth", "channel width in MHz (20 or 40)", channelWidth);
    cmd.AddValue("shortGi", "use the 400 ns short guard interval", shortGuardInterval);
    cmd.AddValue("minstrel", "use Minstrel-HT rate control instead of a constant rate", minstrel);
    cmd.AddValue("wiredServer", "put the TCP receiver on a wired host behind the AP", wiredServer);
    cmd.AddValue("queueDisc",
                 "root queue discs: fq_codel (ns-3 default), pfifo_fast or fifo",
                 queueDisc);
    cmd.AddValue("qdiscPackets", "queueDisc=fifo: its limit in packets (1..100000)", qdiscPackets);
    cmd.AddValue("cc", "congestion control: cubic, newreno or bbr", congestionControl);
    cmd.AddValue("socketFactory", "TypeId of the TCP socket factory", socketFactory);
    cmd.AddValue("segmentSize", "TCP MSS in bytes (536..8960)", segmentSize);
    cmd.AddValue("sndBuf", "send buffer in bytes (4096..1073741824)", sndBufBytes);
    cmd.AddValue("rcvBuf", "receive buffer in bytes (4096..1073741824)", rcvBufBytes);
    cmd.AddValue("duration", "measured time in seconds (0.1..3600)", durationS);
    cmd.AddValue("warmup", "excluded warm-up time in seconds (0..600)", warmupS);
    cmd.AddValue("pingInterval",
                 "ping interval in seconds (0 = off, else 0.01..10)",
                 pingIntervalS);
    cmd.AddValue("seed", "RngRun of the run (1..2^31-1)", seed);
    cmd.AddValue("drain", "simulated seconds after the apps stop (0..600)", drainS);
    cmd.AddValue("sampleInterval",
                 "time-series step in seconds (0.01..10; duration must be a multiple)",
                 sampleIntervalS);
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
    cmd.AddValue("gateLateness",
                 "gate: a live-kernel run's slots CSV whose controller lateness is replayed",
                 gateLateness);
    cmd.AddValue("initialSsthresh",
                 "initial ssthresh in segments (0 = ns-3's, unlimited; else 2..1000000)",
                 initialSsthresh);
    cmd.AddValue("tsoBursts", "TSO bursts (false: one-segment skbs, gso_max_segs 1)", tsoBursts);
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
    if (mcs > 7)
    {
        return TsqOutOfRangeValue("mcs", mcs, "0..7 (one spatial stream)");
    }
    if (channelWidth != 20 && channelWidth != 40)
    {
        return TsqOutOfRangeValue("channelWidth", channelWidth, "20 or 40");
    }
    if (queueDisc != "fq_codel" && queueDisc != "pfifo_fast" && queueDisc != "fifo")
    {
        return TsqOutOfRangeValue("queueDisc", queueDisc, "fq_codel, pfifo_fast or fifo");
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
    if (CongestionControlTypeId(congestionControl).empty())
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
    {
        double n = durationS / sampleIntervalS;
        if (std::fabs(n - std::round(n)) > 1e-6)
        {
            std::ostringstream os;
            os << "invalid option: duration=" << durationS
               << " is not a multiple of sampleInterval=" << sampleIntervalS
               << "; allowed: duration = k * sampleInterval (k = 1, 2, ...)";
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
    enum tsq_rule rule;
    if (!tsqRule.empty() && tsq_rule_from_id(tsqRule.c_str(), &rule) != TSQ_OK)
    {
        return TsqOutOfRangeValue("rule", tsqRule, ("empty or " + TsqRuleIds()).c_str());
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
    // The rule is Linux 6.7+'s (one ACK for what the backlog held); which
    // segments meet in the backlog is the model's window, no kernel number.
    if (receiverAcks == "burst")
    {
        os << (os.tellp() > 0 ? "," : "") << "receiver-acks=burst-window-" << burstAckUs
           << "us(estimate)";
    }
    return os.str();
}

double
WifiUplinkConfig::PhyRateMbps() const
{
    WifiMode mode = HtPhy::GetHtMcs(static_cast<uint8_t>(mcs));
    return mode.GetDataRate(channelWidth, shortGuardInterval ? 400 : 800, 1) / 1e6;
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
        for (const char* o :
             {"minstrel", "driver", "deviceShift", "latencyUs", "apRxErrorRate", "staRxErrorRate"})
        {
            if (given(o))
            {
                return refuse(o, "with --link=wifi only");
            }
        }
    }
    if (link == "p2p" && given("p2pRate"))
    {
        for (const char* o : {"mcs", "channelWidth", "shortGi"})
        {
            if (given(o))
            {
                return refuse(o,
                              "with --link=wifi, or on p2p without --p2pRate (the link's "
                              "rate is then the WiFi PHY rate)");
            }
        }
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
                              "gateLateness"})
        {
            if (given(o))
            {
                return refuse(o, "with --link=gate");
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
        {"ns3::TsqTcpSocket::FloorBytes", "floor"},
        {"ns3::TsqTcpSocket::LimitOutputBytes", "limitOutputBytes"},
        {"ns3::TsqTcpSocket::LinuxRtt", "rttEstimator"},
        {"ns3::TsqTcpSocket::TsoBursts", "tsoBursts"},
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
        {"ns3::ConstantRateWifiManager::DataMode", "mcs"},
        {"ns3::ConstantRateWifiManager::ControlMode", "mcs"},
        {"ns3::WifiPhy::ChannelSettings", "channelWidth"},
        {"ns3::HtConfiguration::ShortGuardIntervalSupported", "shortGi"},
        {"ns3::RateErrorModel::ErrorRate", "apRxErrorRate"},
        {"ns3::RateErrorModel::ErrorUnit", "apRxErrorRate"},
        {"ns3::TsqDataErrorModel::ErrorRate", "apRxErrorRate or --staRxErrorRate"},
        {"ns3::PointToPointNetDevice::DataRate", "p2pRate"},
        {"ns3::PointToPointChannel::Delay", "p2pDelayUs"},
        {"ns3::DropTailQueue<Packet>::MaxSize", "deviceQueuePackets"},
        {"ns3::FifoQueueDisc::MaxSize", "qdiscPackets"},
        {"ns3::BulkSendApplication::MaxBytes", "maxBytes"},
        {"ns3::BulkSendApplication::SendSize", "segmentSize"},
        {"ns3::V4Ping::Interval", "pingInterval"},
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

WifiUplinkScenario::WifiUplinkScenario(const WifiUplinkConfig& config)
    : m_config(config)
{
}

void
WifiUplinkScenario::Build()
{
    std::string error = m_config.Validate();
    if (!error.empty())
    {
        NS_FATAL_ERROR(error);
    }
    RngSeedManager::SetRun(m_config.seed);

    Config::SetDefault(
        "ns3::TcpL4Protocol::SocketType",
        TypeIdValue(TypeId::LookupByName(CongestionControlTypeId(m_config.congestionControl))));
    // Set every run (runs of one program share the Config defaults). Only
    // BBR paces, as in Linux >= 4.13 without fq; ns-3's TcpBbr switches
    // pacing on by itself (InitPacingRate), so this only keeps the others
    // unpaced.
    Config::SetDefault("ns3::TcpSocketState::EnablePacing",
                       BooleanValue(m_config.congestionControl == "bbr"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(m_config.segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(m_config.sndBufBytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(m_config.rcvBufBytes));
    // Linux's initial SYN retransmission timeout (TCP_TIMEOUT_INIT, 1 s)
    // instead of ns-3's 3 s.
    Config::SetDefault("ns3::TcpSocket::ConnTimeout", TimeValue(Seconds(1)));
    // The receiver's ACKs (set every run: runs of one program share the
    // Config defaults). "burst": an ACK only when a burst is over, for
    // every segment of it, as Linux 6.7+ acks the segments it met in the
    // socket backlog with one ACK (133c4c0d3717).
    const bool burst = m_config.receiverAcks == "burst";
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(burst ? 65535 : 2));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout",
                       TimeValue(burst ? MicroSeconds(m_config.burstAckUs) : Seconds(0.2)));
    // A route's locked ssthresh (ip route ... ssthresh lock N) in Linux
    Config::SetDefault("ns3::TcpSocket::InitialSlowStartThreshold",
                       UintegerValue(m_config.initialSsthresh
                                         ? m_config.initialSsthresh * m_config.segmentSize
                                         : std::numeric_limits<uint32_t>::max()));

    m_stations.Create(m_config.nSta);
    m_ap = CreateObject<Node>();
    m_server = m_config.wiredServer ? CreateObject<Node>() : m_ap;

    if (m_config.link == "wifi")
    {
        InstallWifi();
    }
    else
    {
        InstallP2p();
    }
    InstallStacks();
    // The first station's root queue disc (an address installs ns-3's
    // default one where none was set).
    Ptr<NetDevice> first = GetStationDevices().Get(0);
    if (Ptr<QueueDisc> root =
            first->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(first))
    {
        root->TraceConnectWithoutContext("PacketsInQueue",
                                         MakeCallback(&WifiUplinkScenario::OnQdiscPackets, this));
    }
    InstallTsq();
    InstallGate();
    InstallApplications();
    AssignStreams();
}

void
WifiUplinkScenario::AssignStreams()
{
    // ns-3 numbers automatic random streams with a process-wide counter
    // that Simulator::Destroy does not reset, so without fixed streams a
    // run depended on the runs made before it in the same process.
    int64_t stream = 0;
    NodeContainer all(m_stations, m_ap);
    if (m_server != m_ap)
    {
        all.Add(m_server);
    }
    if (m_config.link == "wifi")
    {
        WifiHelper wifi;
        stream += wifi.AssignStreams(m_staDevices, stream);
        stream += wifi.AssignStreams(m_apDevice, stream);
        Ptr<WifiNetDevice> ap = DynamicCast<WifiNetDevice>(m_apDevice.Get(0));
        Ptr<YansWifiChannel> channel = DynamicCast<YansWifiChannel>(ap->GetChannel());
        if (channel)
        {
            stream += channel->AssignStreams(stream);
        }
        if (m_apRxErrorModel)
        {
            stream += m_apRxErrorModel->AssignStreams(stream);
        }
        for (const auto& em : m_staRxErrorModels)
        {
            stream += em->AssignStreams(stream);
        }
        MobilityHelper mobility;
        stream += mobility.AssignStreams(all, stream);
    }
    InternetStackHelper stack;
    stream += stack.AssignStreams(all, stream);
    for (uint32_t i = 0; i < m_senderApps.GetN(); ++i)
    {
        if (Ptr<OnOffApplication> onoff = DynamicCast<OnOffApplication>(m_senderApps.Get(i)))
        {
            stream += onoff->AssignStreams(stream);
        }
    }
}

void
WifiUplinkScenario::InstallTsq()
{
    if (!m_config.tsq)
    {
        return;
    }
    if (m_config.tsqSocketOnly)
    {
        for (uint32_t i = 0; i < m_stations.GetN(); ++i)
        {
            TsqTcpSocketFactory::Install(m_stations.Get(i));
        }
        return;
    }
    TsqHelper tsq;
    tsq.SetKernelProfile(m_config.kernelProfile);
    if (!m_config.tsqRule.empty())
    {
        tsq.SetTsqRule(m_config.tsqRule);
    }
    if (m_config.floorBytes > 0)
    {
        tsq.SetSocketAttribute("FloorBytes", UintegerValue(m_config.floorBytes));
    }
    if (m_config.limitOutputBytes > 0)
    {
        tsq.SetSocketAttribute("LimitOutputBytes", UintegerValue(m_config.limitOutputBytes));
    }
    tsq.SetSocketAttribute("LinuxRtt", BooleanValue(m_config.rttEstimator == "linux"));
    tsq.SetSocketAttribute("TsoBursts", BooleanValue(m_config.tsoBursts));
    tsq.SetSocketAttribute("TxDelay", TimeValue(MicroSeconds(m_config.txDelayUs)));
    tsq.SetDeviceShift(m_config.deviceShift);
    tsq.SetDriverProfile(m_config.driverProfile);
    tsq.SetCompletionLatency(MicroSeconds(m_config.completionLatencyUs));
    tsq.Install(m_stations);
    tsq.Install(m_ap);
}

void
WifiUplinkScenario::OnQdiscPackets(uint32_t, uint32_t newValue)
{
    m_qdiscPeak = std::max(m_qdiscPeak, newValue);
}

Ptr<Socket>
WifiUplinkScenario::GetSenderSocket() const
{
    Ptr<BulkSendApplication> app =
        m_senderApps.GetN() ? DynamicCast<BulkSendApplication>(m_senderApps.Get(0)) : nullptr;
    return app ? app->GetSocket() : nullptr;
}

void
WifiUplinkScenario::SetSocketCallback(Callback<void, Ptr<Socket>> cb)
{
    m_socketCallback = cb;
}

Time
WifiUplinkScenario::GetAppStart()
{
    return Seconds(kAppStartS);
}

Ptr<TsqSlotGate>
WifiUplinkScenario::GetSlotGate() const
{
    return m_slotGate;
}

void
WifiUplinkScenario::InstallGate()
{
    if (m_config.link != "gate")
    {
        return;
    }
    auto root = [](Ptr<NetDevice> dev) {
        Ptr<TrafficControlLayer> tc = dev->GetNode()->GetObject<TrafficControlLayer>();
        return DynamicCast<TsqGateQueueDisc>(tc->GetRootQueueDiscOnDevice(dev));
    };
    m_slotGate = CreateObject<TsqSlotGate>();
    m_slotGate->SetAttribute(
        "Rate",
        DataRateValue(DataRate(static_cast<uint64_t>(m_config.gateRateMbps * 1e6))));
    m_slotGate->SetAttribute("Overhead", TimeValue(MicroSeconds(m_config.gateOverheadUs)));
    m_slotGate->SetAttribute("AckGap", TimeValue(MicroSeconds(m_config.gateAckGapUs)));
    m_slotGate->SetAttribute("AckTxop", TimeValue(MicroSeconds(m_config.gateAckTxopUs)));
    m_slotGate->SetAttribute("Gap", TimeValue(MicroSeconds(m_config.gateGapUs)));
    m_slotGate->SetAttribute("IdlePoll", TimeValue(MicroSeconds(m_config.gateIdlePollUs)));
    m_slotGate->SetAttribute("MaxFrames", UintegerValue(m_config.gateMaxFrames));
    m_slotGate->SetAttribute("LostPermille", UintegerValue(m_config.gateLostPermille));
    m_slotGate->SetAttribute("Seed", UintegerValue(m_config.seed));
    m_slotGate->SetAttribute("Release", StringValue(m_config.gateRelease));
    m_slotGate->SetAttribute("LatenessFile", StringValue(m_config.gateLateness));
    m_slotGate->SetQueueDiscs(root(m_p2pStaDevices.Get(0)), root(m_p2pApDevices.Get(0)));
    // The schedule runs before the first SYN, as the kernel's controller does.
    m_slotGate->Start(Seconds(kAppStartS) - MilliSeconds(10));
}

void
WifiUplinkScenario::InstallWifi()
{
    YansWifiChannelHelper channel = YansWifiChannelHelper::Default();
    YansWifiPhyHelper phy;
    phy.SetChannel(channel.Create());
    phy.Set("ChannelSettings",
            StringValue(m_config.channelWidth == 40 ? "{38, 40, BAND_5GHZ, 0}"
                                                    : "{36, 20, BAND_5GHZ, 0}"));

    WifiHelper wifi;
    wifi.SetStandard(WIFI_STANDARD_80211n);
    if (m_config.minstrel)
    {
        wifi.SetRemoteStationManager("ns3::MinstrelHtWifiManager");
    }
    else
    {
        std::ostringstream mode;
        mode << "HtMcs" << m_config.mcs;
        wifi.SetRemoteStationManager("ns3::ConstantRateWifiManager",
                                     "DataMode",
                                     StringValue(mode.str()),
                                     "ControlMode",
                                     StringValue("HtMcs0"));
    }
    wifi.ConfigHtOptions("ShortGuardIntervalSupported", BooleanValue(m_config.shortGuardInterval));

    WifiMacHelper mac;
    Ssid ssid("tsq");
    mac.SetType("ns3::StaWifiMac", "Ssid", SsidValue(ssid));
    m_staDevices = wifi.Install(phy, mac, m_stations);
    mac.SetType("ns3::ApWifiMac", "Ssid", SsidValue(ssid));
    m_apDevice = wifi.Install(phy, mac, m_ap);
    if (m_config.apRxErrorRate > 0)
    {
        // Lossy uplink: data MPDUs lost at the AP's receiver force MAC
        // retries and, at the retry limit, drops at the stations (control
        // and management frames pass: TsqDataErrorModel says why).
        Ptr<TsqDataErrorModel> em = CreateObject<TsqDataErrorModel>();
        m_apRxErrorModel = em;
        em->SetAttribute("ErrorRate", DoubleValue(m_config.apRxErrorRate));
        Ptr<WifiNetDevice> apDev = DynamicCast<WifiNetDevice>(m_apDevice.Get(0));
        apDev->GetPhy()->SetPostReceptionErrorModel(em);
    }
    if (m_config.staRxErrorRate > 0)
    {
        // Lossy downlink: the stations lose the AP's data MPDUs (the TCP
        // ACKs of the uploads, the ping replies).
        for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
        {
            Ptr<TsqDataErrorModel> em = CreateObject<TsqDataErrorModel>();
            em->SetAttribute("ErrorRate", DoubleValue(m_config.staRxErrorRate));
            DynamicCast<WifiNetDevice>(m_staDevices.Get(i))
                ->GetPhy()
                ->SetPostReceptionErrorModel(em);
            m_staRxErrorModels.push_back(em);
        }
    }

    MobilityHelper mobility;
    Ptr<ListPositionAllocator> positions = CreateObject<ListPositionAllocator>();
    positions->Add(Vector(0, 0, 0));
    for (uint32_t i = 0; i < m_config.nSta; ++i)
    {
        double angle = 2 * M_PI * i / m_config.nSta;
        positions->Add(Vector(5 * std::cos(angle), 5 * std::sin(angle), 0));
    }
    mobility.SetPositionAllocator(positions);
    mobility.SetMobilityModel("ns3::ConstantPositionMobilityModel");
    mobility.Install(m_ap);
    mobility.Install(m_stations);

    // One A-MPDU count for every run, the adapters': without TSQ the
    // stations get adapters that only count (TsqHelper installs the full
    // ones, and skips a device that has one).
    if (!m_config.tsq)
    {
        for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
        {
            Ptr<WifiNetDevice> dev = DynamicCast<WifiNetDevice>(m_staDevices.Get(i));
            Ptr<WifiTsqAdapter> adapter = CreateObject<WifiTsqAdapter>();
            dev->AggregateObject(adapter);
            adapter->InstallStatisticsOnly(dev);
        }
    }
}

WifiUplinkScenario::AmpduCount
WifiUplinkScenario::CountAmpdus(uint32_t i) const
{
    AmpduCount c;
    c.histogram.assign(TSQ_AMPDU_HIST_LEN, 0);
    Ptr<WifiTsqAdapter> a = TsqHelper::GetWifiAdapter(m_staDevices.Get(i));
    if (!a)
    {
        return c;
    }
    c.psdus = a->GetDataPsdus();
    c.mpdus = a->GetDataMpdus();
    c.starved = a->GetStarvedPsdus();
    c.starvedTsq = a->GetStarvedTsqPsdus();
    c.byteFill = a->GetByteFillRatio();
    std::vector<uint64_t> h = a->GetAmpduHistogram();
    for (size_t n = 0; n < h.size() && n < c.histogram.size(); ++n)
    {
        c.histogram[n] = h[n];
    }
    return c;
}

WifiUplinkScenario::AmpduCount
WifiUplinkScenario::CountAmpdus() const
{
    AmpduCount c;
    c.histogram.assign(TSQ_AMPDU_HIST_LEN, 0);
    double byteFill = 0;
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        const AmpduCount one = CountAmpdus(i);
        c.psdus += one.psdus;
        c.mpdus += one.mpdus;
        c.starved += one.starved;
        c.starvedTsq += one.starvedTsq;
        byteFill += one.byteFill * one.psdus;
        for (size_t n = 0; n < one.histogram.size(); ++n)
        {
            c.histogram[n] += one.histogram[n];
        }
    }
    c.byteFill = c.psdus ? byteFill / c.psdus : 0;
    return c;
}

void
WifiUplinkScenario::InstallP2p()
{
    // The wired control: each station reaches the AP over its own
    // point-to-point link of the WiFi hop's rate; everything above the
    // link (stacks, queue discs, TSQ, applications, metrics) is unchanged.
    // link "gate": the gates are the bottleneck and the delay; the link
    // itself is as close to veth (instant hand-over) as a wire gets.
    const bool gate = m_config.link == "gate";
    double rate = m_config.p2pRateMbps > 0 ? m_config.p2pRateMbps : m_config.PhyRateMbps();
    PointToPointHelper p2p;
    std::ostringstream dataRate;
    dataRate << (gate ? 100000000000ULL : static_cast<uint64_t>(rate * 1e6)) << "bps";
    p2p.SetDeviceAttribute("DataRate", StringValue(dataRate.str()));
    p2p.SetChannelAttribute("Delay", TimeValue(gate ? Time(0) : MicroSeconds(m_config.p2pDelayUs)));
    p2p.SetQueue("ns3::DropTailQueue",
                 "MaxSize",
                 QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_config.deviceQueuePackets)));
    for (uint32_t i = 0; i < m_config.nSta; ++i)
    {
        NetDeviceContainer link = p2p.Install(m_stations.Get(i), m_ap);
        m_p2pStaDevices.Add(link.Get(0));
        m_p2pApDevices.Add(link.Get(1));
    }
}

void
WifiUplinkScenario::InstallStacks()
{
    InternetStackHelper stack;
    stack.Install(m_stations);
    stack.Install(m_ap);
    if (m_config.wiredServer)
    {
        stack.Install(m_server);
    }

    NetDeviceContainer wired;
    if (m_config.wiredServer)
    {
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("50us"));
        wired = p2p.Install(m_ap, m_server);
    }

    if (m_config.link == "gate")
    {
        // The gates are the root queue discs of the station's and the AP's
        // ends of the link (before the addresses: no other root first).
        TrafficControlHelper gate;
        gate.SetRootQueueDisc("ns3::TsqGateQueueDisc");
        gate.Install(m_p2pStaDevices);
        gate.Install(m_p2pApDevices);
    }
    else if (m_config.queueDisc == "fifo")
    {
        // One drop-tail FIFO of qdiscPackets as the root of each end of the
        // hop (the queue a wired TSQ test looks at).
        TrafficControlHelper fifo;
        fifo.SetRootQueueDisc(
            "ns3::FifoQueueDisc",
            "MaxSize",
            QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_config.qdiscPackets)));
        fifo.Install(GetStationDevices());
        fifo.Install(m_config.link == "wifi" ? m_apDevice : m_p2pApDevices);
        if (m_config.wiredServer)
        {
            fifo.Install(wired);
        }
    }
    else if (m_config.queueDisc == "pfifo_fast")
    {
        // The article's second try: pfifo_fast under mq on the WiFi queues.
        TrafficControlHelper mq;
        uint16_t handle = mq.SetRootQueueDisc("ns3::MqQueueDisc");
        TrafficControlHelper::ClassIdList classes =
            mq.AddQueueDiscClasses(handle, 4, "ns3::QueueDiscClass");
        mq.AddChildQueueDiscs(handle, classes, "ns3::PfifoFastQueueDisc");
        if (m_config.link == "wifi")
        {
            mq.Install(m_staDevices);
            mq.Install(m_apDevice);
        }
        else
        {
            TrafficControlHelper fifo;
            fifo.SetRootQueueDisc("ns3::PfifoFastQueueDisc");
            fifo.Install(m_p2pStaDevices);
            fifo.Install(m_p2pApDevices);
        }
        if (m_config.wiredServer)
        {
            TrafficControlHelper fifo;
            fifo.SetRootQueueDisc("ns3::PfifoFastQueueDisc");
            fifo.Install(wired);
        }
    }

    Ipv4AddressHelper address;
    if (m_config.link == "wifi")
    {
        address.SetBase("10.1.0.0", "255.255.0.0");
        address.Assign(m_apDevice);
        address.Assign(m_staDevices);
    }
    else
    {
        // 10.1.<i>.0/24 per station link, AP side first (so the AP's
        // interface 1 is on the first link, as with WiFi).
        for (uint32_t i = 0; i < m_config.nSta; ++i)
        {
            std::ostringstream base;
            base << "10.1." << i << ".0";
            address.SetBase(base.str().c_str(), "255.255.255.0");
            address.Assign(m_p2pApDevices.Get(i));
            address.Assign(m_p2pStaDevices.Get(i));
        }
    }
    if (m_config.wiredServer)
    {
        address.SetBase("10.2.0.0", "255.255.255.0");
        address.Assign(wired);
    }
    if (m_config.wiredServer || m_config.link != "wifi")
    {
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }
}

void
WifiUplinkScenario::InstallApplications()
{
    Ptr<Ipv4> ipv4 = m_server->GetObject<Ipv4>();
    // The wired host's address is on its only non-loopback interface (1);
    // the AP's WiFi (or first p2p) address also sits on interface 1.
    Ipv4Address serverAddress = ipv4->GetAddress(1, 0).GetLocal();
    // Stations associate about 120 ms in; a SYN sent before that is lost
    // and waits for the SYN retransmission timer.
    Time start = Seconds(kAppStartS);
    Time stop = start + Seconds(m_config.warmupS + m_config.durationS);
    const bool udp = m_config.traffic == "udp";
    const std::string sinkFactory = udp ? "ns3::UdpSocketFactory" : "ns3::TcpSocketFactory";

    for (uint32_t i = 0; i < m_config.nSta; ++i)
    {
        uint16_t port = kBasePort + i;
        PacketSinkHelper sink(sinkFactory, InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sink.Install(m_server);
        sinkApp.Start(Seconds(0));
        m_sinks.push_back(DynamicCast<PacketSink>(sinkApp.Get(0)));

        ApplicationContainer app;
        if (udp)
        {
            // Saturation: a constant bit rate above what the link carries.
            double rate =
                m_config.udpRateMbps > 0 ? m_config.udpRateMbps : 1.5 * m_config.PhyRateMbps();
            OnOffHelper onoff("ns3::UdpSocketFactory", InetSocketAddress(serverAddress, port));
            onoff.SetConstantRate(DataRate(static_cast<uint64_t>(rate * 1e6)), 1472);
            app = onoff.Install(m_stations.Get(i));
        }
        else
        {
            BulkSendHelper bulk(m_config.tsq ? "ns3::TsqTcpSocketFactory" : m_config.socketFactory,
                                InetSocketAddress(serverAddress, port));
            bulk.SetAttribute("MaxBytes", UintegerValue(m_config.maxBytes));
            bulk.SetAttribute("SendSize", UintegerValue(m_config.segmentSize * 10));
            app = bulk.Install(m_stations.Get(i));
        }
        app.Start(start + MilliSeconds(10 * i));
        app.Stop(stop);
        m_senderApps.Add(app);
    }
    m_sockets.assign(m_config.nSta, SocketState());
    if (!udp)
    {
        // A socket exists once its application started.
        for (uint32_t i = 0; i < m_config.nSta; ++i)
        {
            Simulator::Schedule(start + MilliSeconds(10 * i) + NanoSeconds(1),
                                &WifiUplinkScenario::ConnectSenderSocket,
                                this,
                                i);
        }
    }

    if (m_config.pingIntervalS > 0)
    {
        V4PingHelper ping(serverAddress);
        ping.SetAttribute("Interval", TimeValue(Seconds(m_config.pingIntervalS)));
        ApplicationContainer app = ping.Install(m_stations.Get(0));
        app.Start(start);
        app.Stop(stop);
        app.Get(0)->TraceConnectWithoutContext("Rtt",
                                               MakeCallback(&WifiUplinkScenario::OnPingRtt, this));
    }
    m_rxAtWindowStart.assign(m_config.nSta, 0);
    m_windowStart = start + Seconds(m_config.warmupS);
    Simulator::Schedule(m_windowStart, &WifiUplinkScenario::StartWindow, this);
    // The window ends with its last sample (Sample(n) calls EndWindow), at
    // windowStart + n * sampleInterval = stop.
    // 1 ns after the last sample: an event scheduled later for the same
    // instant as Stop would not run.
    Simulator::Stop(stop + Seconds(m_config.drainS) + NanoSeconds(1));
}

void
WifiUplinkScenario::ConnectSenderSocket(uint32_t i)
{
    Ptr<BulkSendApplication> app = DynamicCast<BulkSendApplication>(m_senderApps.Get(i));
    Ptr<Socket> socket = app ? app->GetSocket() : nullptr;
    m_sockets[i].socket = socket;
    if (!socket)
    {
        return;
    }
    if (i == 0)
    {
        m_senderSocket = socket;
        if (!m_socketCallback.IsNull())
        {
            m_socketCallback(socket);
        }
    }
    socket->TraceConnectWithoutContext("CongestionWindow",
                                       MakeCallback(&WifiUplinkScenario::OnCwnd, this).Bind(i));
    // The srtt the TSQ socket works with (TsqSrtt: Linux's with LinuxRtt);
    // for ns-3's own socket its "RTT" trace, m_tcb->m_lastRtt, the estimate.
    const bool tsq = DynamicCast<TsqTcpSocket>(socket) != nullptr;
    socket->TraceConnectWithoutContext(tsq ? "TsqSrtt" : "RTT",
                                       MakeCallback(&WifiUplinkScenario::OnRtt, this).Bind(i));
    socket->TraceConnectWithoutContext(
        "BytesInFlight",
        MakeCallback(&WifiUplinkScenario::OnBytesInFlight, this).Bind(i));
    if (tsq)
    {
        socket->TraceConnectWithoutContext(
            "TsqLimit",
            MakeCallback(&WifiUplinkScenario::OnTsqLimit, this).Bind(i));
        socket->TraceConnectWithoutContext(
            "BytesQueued",
            MakeCallback(&WifiUplinkScenario::OnBytesQueued, this).Bind(i));
        socket->TraceConnectWithoutContext(
            "TsqPacingRate",
            MakeCallback(&WifiUplinkScenario::OnTsqPacingRate, this).Bind(i));
        m_sockets[i].bytesQueued = 0;
    }
}

void
WifiUplinkScenario::OnCwnd(uint32_t i, uint32_t, uint32_t newValue)
{
    m_sockets[i].cwndBytes = newValue;
}

void
WifiUplinkScenario::OnRtt(uint32_t i, Time, Time newValue)
{
    m_sockets[i].srttMs = newValue.GetSeconds() * 1000.0;
}

void
WifiUplinkScenario::OnBytesInFlight(uint32_t i, uint32_t, uint32_t newValue)
{
    m_sockets[i].bytesInFlight = newValue;
}

void
WifiUplinkScenario::OnTsqLimit(uint32_t i, uint64_t, uint64_t newValue)
{
    // UINT64_MAX: no limit (TSQ off); not a limit to average
    m_sockets[i].tsqLimit =
        newValue == std::numeric_limits<uint64_t>::max() ? kNaN : double(newValue);
}

void
WifiUplinkScenario::OnBytesQueued(uint32_t i, uint64_t, uint64_t newValue)
{
    m_sockets[i].bytesQueued = static_cast<double>(newValue);
}

void
WifiUplinkScenario::OnTsqPacingRate(uint32_t i, DataRate, DataRate newValue)
{
    m_sockets[i].pacingMbps = newValue.GetBitRate() / 1e6;
}

std::vector<uint64_t>
WifiUplinkScenario::ThrottleEventsByStation() const
{
    std::vector<uint64_t> events(m_config.nSta, 0);
    for (std::size_t k = 0; k < m_windowSockets.size(); ++k)
    {
        events[m_windowSocketStation[k]] += m_windowSockets[k]->GetStats().throttleEvents;
    }
    return events;
}

uint64_t
WifiUplinkScenario::ThrottleEventsNow() const
{
    // The sockets of the window's start: at its end the applications stop
    // (same instant) and a closed socket leaves the node's list.
    uint64_t events = 0;
    for (const auto& socket : m_windowSockets)
    {
        events += socket->GetStats().throttleEvents;
    }
    return events;
}

void
WifiUplinkScenario::StartWindow()
{
    m_inWindow = true;
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        m_rxAtWindowStart[i] = m_sinks[i]->GetTotalRx();
    }
    m_rxAtLastSample = m_rxAtWindowStart;
    m_windowSockets.clear();
    m_windowSocketStation.clear();
    for (uint32_t i = 0; i < m_stations.GetN(); ++i)
    {
        for (const auto& socket : TsqHelper::GetSockets(m_stations.Get(i)))
        {
            m_windowSockets.push_back(socket);
            m_windowSocketStation.push_back(i);
        }
    }
    m_throttleAtStart = ThrottleEventsNow();
    m_throttleByStaAtStart = ThrottleEventsByStation();
    if (m_slotGate)
    {
        m_gateAtStart = m_slotGate->GetStats();
    }
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        if (Ptr<WifiTsqAdapter> adapter = TsqHelper::GetWifiAdapter(m_staDevices.Get(i)))
        {
            adapter->ResetAmpduStats();
        }
    }
    m_ampduAtLastSample = AmpduCount();
    Simulator::Schedule(Seconds(m_config.sampleIntervalS), &WifiUplinkScenario::Sample, this, 1);
}

void
WifiUplinkScenario::AddSample(const std::string& series, double value)
{
    if (std::isnan(value))
    {
        return;
    }
    m_series[series].emplace_back(Simulator::Now().GetSeconds(), value);
}

void
WifiUplinkScenario::Sample(uint32_t k)
{
    // Interval k ends now: goodput over exactly this interval, so the mean
    // of the goodput series is the window's goodput.
    uint64_t bytes = 0;
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        uint64_t rx = m_sinks[i]->GetTotalRx();
        bytes += rx - m_rxAtLastSample[i];
        m_rxAtLastSample[i] = rx;
    }
    AddSample(TsqRunRecord::SERIES_GOODPUT, bytes * 8.0 / m_config.sampleIntervalS / 1e6);
    const AmpduCount now = CountAmpdus();
    if (now.psdus > m_ampduAtLastSample.psdus)
    {
        AddSample(TsqRunRecord::SERIES_AMPDU,
                  double(now.mpdus - m_ampduAtLastSample.mpdus) /
                      (now.psdus - m_ampduAtLastSample.psdus));
    }
    m_ampduAtLastSample = now;
    for (uint32_t i = 0; i < m_sockets.size(); ++i)
    {
        SocketState& s = m_sockets[i];
        if (!s.socket)
        {
            continue;
        }
        const std::pair<const char*, double> samples[] = {
            {TsqRunRecord::SERIES_CWND, s.cwndBytes / m_config.segmentSize},
            {"srtt_ms", s.srttMs},
            {"packets_out", s.bytesInFlight / m_config.segmentSize},
            {TsqRunRecord::SERIES_PACING_RATE, s.pacingMbps},
            {TsqRunRecord::SERIES_TSQ_LIMIT, s.tsqLimit},
            {TsqRunRecord::SERIES_QUEUED, s.bytesQueued}};
        for (const auto& sample : samples)
        {
            if (i == 0)
            {
                AddSample(sample.first, sample.second); // the first station's series
            }
            if (!std::isnan(sample.second))
            {
                auto& sum = s.sums[sample.first];
                sum.first += sample.second;
                ++sum.second;
            }
        }
    }
    m_nSamples = k;
    const auto n =
        static_cast<uint32_t>(std::lround(m_config.durationS / m_config.sampleIntervalS));
    if (k >= n)
    {
        EndWindow();
        return;
    }
    // Absolute times: no drift over long windows.
    Time next = m_windowStart + Seconds(m_config.sampleIntervalS * (k + 1));
    Simulator::Schedule(next - Simulator::Now(), &WifiUplinkScenario::Sample, this, k + 1);
}

void
WifiUplinkScenario::EndWindow()
{
    m_inWindow = false;
    m_rxAtWindowEnd.assign(m_sinks.size(), 0);
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        m_rxAtWindowEnd[i] = m_sinks[i]->GetTotalRx();
    }
    m_throttleAtEnd = ThrottleEventsNow();
    m_throttleByStaAtEnd = ThrottleEventsByStation();
    if (m_slotGate)
    {
        m_gateAtEnd = m_slotGate->GetStats();
    }
    // The adapters' statistics stop with the window.
    m_ampduAtWindowEnd = CountAmpdus();
    m_ampduByStaAtWindowEnd.clear();
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        m_ampduByStaAtWindowEnd.push_back(CountAmpdus(i));
    }
    // The first station's socket shift of the window (the socket may be
    // gone after a long drain).
    if (Ptr<TsqTcpSocket> tsq = DynamicCast<TsqTcpSocket>(m_senderSocket))
    {
        m_shiftAtWindowEnd = tsq->GetPacingShift();
    }
}

void
WifiUplinkScenario::OnPingRtt(Time rtt)
{
    if (m_inWindow)
    {
        double ms = rtt.GetSeconds() * 1000.0;
        m_pingSumMs += ms;
        ++m_pingCount;
        m_pingRtts.push_back(ms);
        m_series[TsqRunRecord::SERIES_PING_RTT].emplace_back(Simulator::Now().GetSeconds(), ms);
    }
}

WifiUplinkResult
WifiUplinkScenario::Run()
{
    Simulator::Run();
    WifiUplinkResult result;
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        uint64_t end = i < m_rxAtWindowEnd.size() ? m_rxAtWindowEnd[i] : m_sinks[i]->GetTotalRx();
        uint64_t bytes = end - m_rxAtWindowStart[i];
        double mbps = bytes * 8.0 / m_config.durationS / 1e6;
        result.flowGoodputMbps.push_back(mbps);
        result.goodputMbps += mbps;
    }
    for (const auto& sink : m_sinks)
    {
        result.rxBytes += sink->GetTotalRx();
    }
    result.qdiscPeakPackets = m_qdiscPeak;
    result.pingReplies = m_pingCount;
    result.pingRttMsMean = m_pingCount ? m_pingSumMs / m_pingCount : 0;
    if (!m_pingRtts.empty())
    {
        // nearest rank: the ceil(0.95 n)-th smallest
        std::vector<double> sorted = m_pingRtts;
        std::sort(sorted.begin(), sorted.end());
        auto rank = static_cast<std::size_t>(std::ceil(0.95 * sorted.size()));
        result.pingRttMsP95 = sorted[std::max<std::size_t>(rank, 1) - 1];
    }
    const AmpduCount& a = m_ampduAtWindowEnd;
    result.dataPsdus = a.psdus;
    result.ampduMpdusMean = a.psdus ? double(a.mpdus) / a.psdus : 0;
    result.psduHistogram = a.histogram;
    result.ampduByteFill = a.byteFill;
    result.starvedPsdus = a.starved;
    result.starvedTsqPsdus = a.starvedTsq;
    // Per station: its goodput, A-MPDU counts, TSQ answers and socket means.
    auto mean = [](const std::map<std::string, std::pair<double, uint32_t>>& sums,
                   const std::string& name) {
        auto it = sums.find(name);
        return it == sums.end() || it->second.second == 0 ? kNaN
                                                          : it->second.first / it->second.second;
    };
    double sum = 0;
    double sumSquares = 0;
    for (uint32_t i = 0; i < m_config.nSta; ++i)
    {
        WifiUplinkStationResult st;
        st.goodputMbps = i < result.flowGoodputMbps.size() ? result.flowGoodputMbps[i] : 0;
        if (i < m_ampduByStaAtWindowEnd.size())
        {
            const AmpduCount& c = m_ampduByStaAtWindowEnd[i];
            st.dataPsdus = c.psdus;
            st.ampduMpdusMean = c.psdus ? double(c.mpdus) / c.psdus : kNaN;
            st.ampduByteFill = c.psdus ? c.byteFill : kNaN;
            st.starvedPsdus = c.starved;
            st.starvedTsqPsdus = c.starvedTsq;
        }
        if (i < m_throttleByStaAtEnd.size() && i < m_throttleByStaAtStart.size())
        {
            st.throttleEvents = m_throttleByStaAtEnd[i] - m_throttleByStaAtStart[i];
        }
        static const std::map<std::string, std::pair<double, uint32_t>> none;
        const auto& sums = i < m_sockets.size() ? m_sockets[i].sums : none;
        st.srttMsMean = mean(sums, "srtt_ms");
        st.cwndSegmentsMean = mean(sums, TsqRunRecord::SERIES_CWND);
        st.packetsOutMean = mean(sums, "packets_out");
        st.pacingRateMbpsMean = mean(sums, TsqRunRecord::SERIES_PACING_RATE);
        st.tsqLimitBytesMean = mean(sums, TsqRunRecord::SERIES_TSQ_LIMIT);
        st.queuedBytesMean = mean(sums, TsqRunRecord::SERIES_QUEUED);
        result.stations.push_back(st);
        sum += st.goodputMbps;
        sumSquares += st.goodputMbps * st.goodputMbps;
        result.minStationGoodputMbps =
            i == 0 ? st.goodputMbps : std::min(result.minStationGoodputMbps, st.goodputMbps);
    }
    // Jain's index (Jain, Chiu, Hawe 1984): (sum x)^2 / (n sum x^2), 1 when
    // every station gets the same, 1/n when one gets everything.
    result.jainIndex = sumSquares > 0 ? sum * sum / (m_config.nSta * sumSquares) : kNaN;
    // The socket metrics over the stations: the mean of each station's
    // mean (stations without samples left out).
    auto overStations = [&result](double WifiUplinkStationResult::*field) {
        double total = 0;
        uint32_t n = 0;
        for (const auto& st : result.stations)
        {
            if (!std::isnan(st.*field))
            {
                total += st.*field;
                ++n;
            }
        }
        return n ? total / n : kNaN;
    };
    result.srttMsMean = overStations(&WifiUplinkStationResult::srttMsMean);
    result.cwndSegmentsMean = overStations(&WifiUplinkStationResult::cwndSegmentsMean);
    result.packetsOutMean = overStations(&WifiUplinkStationResult::packetsOutMean);
    result.pacingRateMbpsMean = overStations(&WifiUplinkStationResult::pacingRateMbpsMean);
    result.tsqLimitBytesMean = overStations(&WifiUplinkStationResult::tsqLimitBytesMean);
    result.queuedBytesMean = overStations(&WifiUplinkStationResult::queuedBytesMean);
    result.throttleEvents = m_throttleAtEnd - m_throttleAtStart;
    result.windowStartS = m_windowStart.GetSeconds();
    result.series = m_series;
    auto out = m_series.find("packets_out");
    if (out != m_series.end() && !out->second.empty())
    {
        result.packetsOutMax = 0;
        for (const auto& s : out->second)
        {
            result.packetsOutMax = std::max(result.packetsOutMax, s.second);
        }
    }
    if (m_slotGate)
    {
        const TsqSlotGateStats& a = m_gateAtStart;
        const TsqSlotGateStats& b = m_gateAtEnd;
        result.gateDataSlots = b.dataSlots - a.dataSlots;
        result.gateLost = b.lost - a.lost;
        if (result.gateDataSlots)
        {
            result.gateFramesPerSlot = double(b.frames - a.frames) / result.gateDataSlots;
            result.gateBytesPerSlot = double(b.bytes - a.bytes) / result.gateDataSlots;
        }
        if (b.ackTxops > a.ackTxops)
        {
            result.gateAcksPerTxop = double(b.ackFrames - a.ackFrames) / (b.ackTxops - a.ackTxops);
        }
    }
    result.socketPacingShift = m_shiftAtWindowEnd;
    // The balance after the drain: the window's sockets (held since its
    // start, so a drain that outlives them still counts their bytes) and
    // any opened later.
    std::vector<Ptr<TsqTcpSocket>> sockets = m_windowSockets;
    for (uint32_t i = 0; i < m_stations.GetN(); ++i)
    {
        for (const auto& socket : TsqHelper::GetSockets(m_stations.Get(i)))
        {
            if (std::find(sockets.begin(), sockets.end(), socket) == sockets.end())
            {
                sockets.push_back(socket);
            }
        }
    }
    for (const auto& socket : sockets)
    {
        TsqSocketStats st = socket->GetStats();
        result.tsqChargedBytes += st.chargedBytes;
        result.tsqReleasedBytes += st.releasedBytes;
        result.tsqQueuedBytes += st.queuedBytes;
    }
    for (uint32_t i = 0; i < m_stations.GetN(); ++i)
    {
        if (Ptr<TsqTxCompletion> completion = TsqHelper::GetTxCompletion(m_stations.Get(i)))
        {
            result.tsqOrphanBytes += completion->GetOrphanBytes();
        }
    }
    // The scenario's holds end with the run: a socket lives on only where
    // the simulation (or the caller) still holds it.
    m_senderSocket = nullptr;
    m_windowSockets.clear();
    for (auto& s : m_sockets)
    {
        s.socket = nullptr;
    }
    return result;
}

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
    run.SetParam("pacing_shift", config.EffectivePacingShift());
    run.SetParam("floor_bytes", config.floorBytes);
    run.SetParam("cc", udp ? "" : config.congestionControl);
    run.SetParam("driver", wifi ? config.driverProfile : "p2p");
    run.SetParam("mcs", config.mcs);
    run.SetParam("channel_width", static_cast<uint32_t>(config.channelWidth));
    run.SetParam("n_sta", config.nSta);
    run.SetParam("duration_s", config.durationS);
    run.SetParam("warmup_s", config.warmupS);
    run.SetParam("link", config.link);
    run.SetParam("traffic", config.traffic);
    run.SetParam("queue_disc", config.queueDisc);
    run.SetParam("rate_control", config.minstrel ? "minstrel-ht" : "constant");
    run.SetParam("wired_server", config.wiredServer ? 1 : 0);
    run.SetParam("device_shift", config.deviceShift);
    run.SetParam("completion_latency_us", config.completionLatencyUs);
    run.SetParam("limit_output_bytes", config.limitOutputBytes);
    run.SetParam("rtt_estimator", config.tsq ? config.rttEstimator : "ns3");
    run.SetParam("initial_ssthresh", config.initialSsthresh);
    run.SetParam("tso_bursts", config.tsoBursts ? 1 : 0);
    run.SetParam("tx_delay_us", config.txDelayUs);
    run.SetParam("receiver_acks", config.receiverAcks);
    if (config.receiverAcks == "burst")
    {
        run.SetParam("burst_ack_us", config.burstAckUs);
    }
    if (config.link == "gate")
    {
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
    run.SetParam("short_gi", config.shortGuardInterval ? 1 : 0);
    run.SetParam("snd_buf_bytes", config.sndBufBytes);
    run.SetParam("rcv_buf_bytes", config.rcvBufBytes);
    run.SetParam("drain_s", config.drainS);
    run.SetParam("socket_factory",
                 udp ? "" : (config.tsq ? "ns3::TsqTcpSocketFactory" : config.socketFactory));
    if (config.tsqSocketOnly)
    {
        run.SetParam("tsq_socket_only", 1);
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
        run.SetMetric("gate_data_slots", result.gateDataSlots);
        run.SetMetric("gate_frames_per_slot", real(result.gateFramesPerSlot));
        run.SetMetric("gate_bytes_per_slot", real(result.gateBytesPerSlot));
        run.SetMetric("gate_acks_per_txop", real(result.gateAcksPerTxop));
        run.SetMetric("gate_lost_slots", result.gateLost);
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
        run.SetAmpduHistogram(result.psduHistogram);
    }
    return run;
}

NodeContainer
WifiUplinkScenario::GetStations() const
{
    return m_stations;
}

Ptr<Node>
WifiUplinkScenario::GetAccessPoint() const
{
    return m_ap;
}

Ptr<Node>
WifiUplinkScenario::GetServer() const
{
    return m_server;
}

NetDeviceContainer
WifiUplinkScenario::GetStationDevices() const
{
    return m_config.link == "wifi" ? m_staDevices : m_p2pStaDevices;
}

} // namespace ns3
