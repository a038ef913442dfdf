/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// WifiUplinkConfig's options: each declared once (name, help, range) in
// Options, from which the command line, the help and the range checks come;
// and the options a run's link or mode ignores, refused when given.

#include "tsq-command-line.h"
#include "tsq-option-check.h"
#include "tsq-option-table.h"
#include "tsq/edca_gate.h"
#include "tsq/gate.h"
#include "tsq/types.h"
#include "wifi-uplink-config.h"

#include "ns3/tsq-core-names.h"

#include <limits>

namespace ns3
{

const char* const WifiUplinkConfig::kPacingShiftPolicyAllowed = "profile, none or 0..31";
const char* const WifiUplinkConfig::kSocketFactoryAllowed =
    "ns3::TcpSocketFactory or another TCP socket factory; the TSQ socket is --tsq=true";

std::string
WifiUplinkConfig::KernelFormsAllowed()
{
    return "empty (the profile's own) or a comma-separated list of field=form, one per field, "
           "of: " +
           TsqFormsAllowed();
}

std::string
WifiUplinkConfig::RulesAllowed()
{
    return "empty (the kernel profile's) or " + TsqRuleIds();
}

std::string
WifiUplinkConfig::DriverProfilesAllowed()
{
    return TsqDriverProfileNames();
}

const std::vector<std::string>&
WifiUplinkConfig::Standards()
{
    static const std::vector<std::string> standards = {"80211n", "80211ac", "80211ax"};
    return standards;
}

uint32_t
WifiUplinkConfig::MaxMcs(const std::string& standard)
{
    return standard == "80211n" ? 7 : (standard == "80211ac" ? 9 : 11);
}

std::vector<uint32_t>
WifiUplinkConfig::ChannelWidths(const std::string& standard)
{
    if (standard == "80211n")
    {
        return {20, 40};
    }
    return {20, 40, 80, 160};
}

std::string
WifiUplinkConfig::McsAllowed()
{
    std::string text;
    for (const std::string& s : Standards())
    {
        text +=
            (text.empty() ? "" : "; ") + TsqOptionTable::Range(0U, MaxMcs(s), "") + " with " + s;
    }
    return text;
}

std::string
WifiUplinkConfig::ChannelWidthsAllowed()
{
    std::string text;
    for (const std::string& s : Standards())
    {
        text += (text.empty() ? "" : "; ") + TsqOptionTable::Alternatives(ChannelWidths(s)) +
                " with " + s;
    }
    return text;
}

void
WifiUplinkConfig::Options(TsqOptionTable& t)
{
    t.Whole("nSta", "number of uploading stations", nSta, 1, 64);
    t.Names("standard",
            "WiFi standard of AP and stations, 5 GHz",
            standard,
            Standards(),
            "HT, VHT, HE");
    t.Whole("nss", "spatial streams (antennas) of AP and stations", nss, 1, 4);
    t.Checked("mcs",
              "per-stream MCS of the constant-rate manager",
              mcs,
              McsAllowed() + "; 80211n sends HtMcs mcs+8*(nss-1)");
    t.Checked("channelWidth", "channel width in MHz", channelWidth, ChannelWidthsAllowed());
    t.Flag("shortGi", "80211n/ac: use the 400 ns short guard interval", shortGuardInterval);
    t.Names("heGuardInterval",
            "80211ax: guard interval in ns",
            heGuardIntervalNs,
            {800U, 1600U, 3200U});
    t.Real("distance",
           "distance of every station from the AP in m",
           distanceM,
           0.1,
           1000,
           "",
           "ns-3's log-distance loss: 2 streams at the top HE MCS need 1 m");
    t.Flag("minstrel", "use Minstrel-HT rate control instead of a constant rate", minstrel);
    t.Flag("wiredServer", "put the TCP receiver on a wired host behind the AP", wiredServer);
    t.Names("queueDisc",
            "root queue discs",
            queueDisc,
            {"fq_codel", "pfifo_fast", "fifo"},
            "fq_codel: ns-3's default");
    t.Whole("qdiscPackets", "queueDisc=fifo: its limit in packets", qdiscPackets, 1, 100000);
    t.Names("macQueueScheduler",
            "WiFi MAC queue scheduler",
            macQueueScheduler,
            {"tsq", "ns3"},
            "tsq: room for a management frame in a full queue is made by an MPDU never sent; "
            "ns3: ns-3's FCFS, which in 3.37 drops one the BlockAck state still waits for and "
            "so cuts the station off");
    t.Whole("addbaResponseTimeoutMs",
            "how long a WiFi originator waits for an ADDBA Response, its data for the TID "
            "held, in ms",
            addbaResponseTimeoutMs,
            1,
            10000,
            "",
            "mac80211's ADDBA_RESP_INTERVAL: 1000; ns-3's default: 1 up to 3.40, 5 from 3.41");
    std::vector<std::string> controls;
    for (const auto& cc : WifiUplinkCongestionControls())
    {
        controls.push_back(cc.first);
    }
    t.Names("cc", "congestion control", congestionControl, controls);
    t.Checked("socketFactory",
              "TypeId of the TCP socket factory",
              socketFactory,
              kSocketFactoryAllowed);
    t.Whole("segmentSize", "TCP MSS in bytes", segmentSize, 536, 8960);
    t.Whole("sndBuf",
            "send buffer in bytes",
            sndBufBytes,
            4096,
            1U << 30,
            "",
            "tcp: at least the sender's write, 10 x segmentSize");
    t.Whole("rcvBuf", "receive buffer in bytes", rcvBufBytes, 4096, 1U << 30);
    t.Real("duration", "measured time in seconds", durationS, 0.1, 3600);
    t.Real("warmup", "excluded warm-up time in seconds", warmupS, 0, 600);
    t.Real("warmupExtra",
           "longest wait past --warmup, in seconds, for every station to deliver its first "
           "byte; the window opens at the first sample step at which all have",
           warmupExtraS,
           0,
           600,
           "",
           "0: at --warmup whatever");
    t.Real("pingInterval", "ping interval in seconds", pingIntervalS, 0.01, 10, "off");
    t.Whole("seed", "RngRun of the run", seed, 1, 0x7fffffffU);
    t.Real("drain", "simulated seconds after the apps stop", drainS, 0, 600);
    t.Real("sampleInterval",
           "time-series step in seconds",
           sampleIntervalS,
           0.01,
           10,
           "",
           "duration must be a multiple");
    t.Real("precision",
           "stop the window once the 95% half-width of its goodput (batch means) is at most "
           "this fraction of the mean, or at --duration",
           precision,
           0.001,
           0.5,
           "off");
    t.Checked("batch",
              "--precision: batch length in seconds",
              batchS,
              "sampleInterval..600, a multiple of --sampleInterval; --duration a multiple of it");
    t.Whole("minBatches", "--precision: fewest batches before a stop", minBatches, 2, 10000);
    t.Names("link",
            "hop between stations and AP",
            link,
            {"wifi", "p2p", "gate"},
            "p2p: the wired control; gate: the live-kernel comparison's emulated aggregating "
            "link, one station");
    t.Real("p2pRate",
           "p2p link rate in Mb/s",
           p2pRateMbps,
           1,
           100000,
           "the WiFi PHY rate of mcs/width/GI");
    t.Whole("p2pDelayUs", "p2p link one-way propagation delay in us", p2pDelayUs, 0, 1000000);
    t.Whole("deviceQueuePackets",
            "p2p devices' DropTail queue in packets",
            deviceQueuePackets,
            1,
            100000,
            "",
            "ns-3's 100");
    t.Names("traffic",
            "what the stations send",
            traffic,
            {"tcp", "udp"},
            "tcp: bulk uploads; udp: saturation of the link");
    t.Real("udpRate",
           "UDP offered load per station in Mb/s",
           udpRateMbps,
           1,
           100000,
           "1.5 x the PHY rate");
    t.Whole("maxBytes",
            "tcp: bytes each station sends",
            maxBytes,
            1,
            static_cast<uint64_t>(std::numeric_limits<int64_t>::max()),
            "unlimited");
    t.Flag("tsq", "TSQ socket and adapters (false: plain socketFactory)", tsq);
    t.Checked("kernelProfile",
              "kernel profile of sockets and devices",
              kernelProfile,
              TsqProfileNames());
    t.Checked("tsqRule", "TSQ rule id", tsqRule, RulesAllowed());
    t.Checked("kernelForms",
              "forms of other releases in the kernel profile",
              kernelForms,
              KernelFormsAllowed());
    t.Checked("pacingShiftPolicy",
              "WiFi pacing-shift policy (a number: mac80211's override)",
              pacingShiftPolicy,
              kPacingShiftPolicyAllowed);
    t.Checked("driverProfile",
              "WiFi driver profile: when its TX completions credit TCP",
              driverProfile,
              DriverProfilesAllowed());
    t.Real("completionLatencyUs",
           "WiFi TX completion latency in us, on top of the driver profile",
           completionLatencyUs,
           0,
           100000,
           "",
           "nonzero: an ESTIMATE");
    t.Whole("floorBytes", "fixed TSQ floor in bytes", floorBytes, 1, TSQ_FLOOR_MAX, "none");
    t.Whole("limitOutputBytes",
            "tcp_limit_output_bytes",
            limitOutputBytes,
            1,
            TSQ_LOB_MAX,
            "the profile's");
    t.Real("apRxErrorRate",
           "data MPDU error rate at the AP's receiver",
           apRxErrorRate,
           0,
           0.9,
           "",
           "control frames pass");
    t.Real("staRxErrorRate",
           "data MPDU error rate at each station's receiver",
           staRxErrorRate,
           0,
           0.9,
           "",
           "control frames pass");
    t.Real("gateRate", "gate: airtime rate of a slot's frames, Mb/s", gateRateMbps, 1, 100000);
    t.Whole("gateOverheadUs",
            "gate: fixed cost of a data TXOP, us",
            gateOverheadUs,
            1,
            TSQ_GATE_US_MAX);
    t.Whole("gateAckGapUs", "gate: data TXOP end -> AP TXOP, us", gateAckGapUs, 0, TSQ_GATE_US_MAX);
    t.Whole("gateAckTxopUs", "gate: the AP's TXOP, us", gateAckTxopUs, 1, TSQ_GATE_US_MAX);
    t.Whole("gateGapUs", "gate: AP TXOP end -> next data TXOP, us", gateGapUs, 0, TSQ_GATE_US_MAX);
    t.Whole("gateIdlePollUs",
            "gate: idle, look again after, us",
            gateIdlePollUs,
            1,
            TSQ_GATE_US_MAX);
    t.Whole("gateMaxFrames",
            "gate: frames per data TXOP at most",
            gateMaxFrames,
            1,
            TSQ_GATE_FRAMES_MAX);
    t.Whole("gateLost",
            "gate: chance per mille the station goes again before the AP",
            gateLostPermille,
            0,
            1000);
    t.Names("gateRelease",
            "gate: when a TXOP's frames leave",
            gateRelease,
            TsqGateReleaseNames(),
            "at its end, or as it opens");
    t.Names("gateTiming",
            "gate: the link's timing",
            gateTiming,
            {"slots", "edca"},
            "slots: a fixed schedule, the gate options above; edca: 802.11n EDCA between "
            "station and AP, HT40 SGI MCS 7, ath9k's aggregates");
    t.Whole("gateHwDepth",
            "gate edca: aggregates in the station's hardware queue",
            gateHwDepth,
            1,
            TSQ_EGATE_MAX_DEPTH,
            "",
            "2: ath9k");
    t.Whole("gateCompletionLatencyUs",
            "gate edca: the station's TX completion latency after its BlockAck, us",
            gateCompletionLatencyUs,
            0,
            1000000,
            "",
            "an assumption");
    t.Checked("gateLateness",
              "gate: a live-kernel run's slots CSV whose controller lateness is replayed",
              gateLateness,
              "a file; empty: none");
    t.Whole("initialSsthresh",
            "initial ssthresh in segments",
            initialSsthresh,
            2,
            1000000,
            "ns-3's, unlimited");
    t.Flag("tsoBursts", "TSO bursts (false: one-segment skbs, gso_max_segs 1)", tsoBursts);
    t.Flag("ksoftirqdCompletions",
           "every TX completion runs in ksoftirqd: tcp_wfree() resumes the socket only once "
           "nothing is queued below TCP (an assumption)",
           ksoftirqdCompletions);
    t.Whole("txDelayUs",
            "TCP_TX_DELAY's TSQ budget in us",
            txDelayUs,
            0,
            TSQ_TX_DELAY_MAX,
            "",
            "rules 5.0 and 6.16");
    t.Names("receiverAcks",
            "the receiver's ACKs",
            receiverAcks,
            {"ns3", "burst"},
            "ns3: every second segment, 200 ms delayed-ACK timer; burst: one ACK per burst of "
            "segments, as Linux 6.7+ acks what it met in the socket backlog, 133c4c0d3717");
    t.Whole("burstAckUs",
            "receiverAcks=burst: the ACK waits this long for more segments, us",
            burstAckUs,
            1,
            100000);
    t.Names("rttEstimator",
            "RTT the TSQ socket uses",
            rttEstimator,
            {"linux", "ns3"},
            "linux: per-segment us samples, tcp_rtt_estimator; ns3: ns-3's RttEstimator, ms "
            "timestamp echoes in 3.37");
}

void
WifiUplinkConfig::AddToCommandLine(TsqCommandLine& cmd)
{
    TsqOptionTable table(&cmd);
    Options(table);
}

std::string
WifiUplinkConfig::ValidateRanges() const
{
    WifiUplinkConfig copy = *this;
    TsqOptionTable table(nullptr);
    copy.Options(table);
    return table.Error();
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
                              "driverProfile",
                              "pacingShiftPolicy",
                              "completionLatencyUs",
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
    // The fixed schedule's options, and the EDCA timing's: each means
    // nothing on the other timing, and all of them nothing off the gate.
    static const std::vector<std::string> slots = {"gateRate",
                                                   "gateOverheadUs",
                                                   "gateAckGapUs",
                                                   "gateAckTxopUs",
                                                   "gateGapUs",
                                                   "gateIdlePollUs",
                                                   "gateMaxFrames",
                                                   "gateLost",
                                                   "gateRelease",
                                                   "gateLateness"};
    static const std::vector<std::string> edca = {"gateHwDepth", "gateCompletionLatencyUs"};
    auto firstGiven = [&given](const std::vector<std::string>& options) {
        for (const std::string& o : options)
        {
            if (given(o))
            {
                return o;
            }
        }
        return std::string();
    };
    if (link != "gate")
    {
        static const std::vector<std::string> timing = {"gateTiming"};
        for (const std::vector<std::string>* group : {&slots, &edca, &timing})
        {
            if (std::string o = firstGiven(*group); !o.empty())
            {
                return refuse(o, "with --link=gate");
            }
        }
        return "";
    }
    const bool onEdca = gateTiming == "edca";
    if (std::string o = firstGiven(onEdca ? slots : edca); !o.empty())
    {
        return "invalid option: --" + o + " does nothing with --gateTiming=" + gateTiming +
               "; allowed: with --gateTiming=" + (onEdca ? "slots" : "edca");
    }
    return "";
}

} // namespace ns3
