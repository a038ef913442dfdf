/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-config.h"

#include "tsq-attribute-defaults.h"
#include "tsq-command-line.h"
#include "tsq-option-check.h"
#include "tsq-option-table.h"
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
#include "ns3/tsq-helper.h"
#include "ns3/tsq-kernel-config.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/type-id.h"
#include "ns3/vht-phy.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

const std::vector<std::pair<std::string, std::string>>&
WifiUplinkCongestionControls()
{
    static const std::vector<std::pair<std::string, std::string>> controls = {
        {"cubic", "ns3::TcpCubic"},
        {"newreno", "ns3::TcpNewReno"},
        {"bbr", "ns3::TcpBbr"},
    };
    return controls;
}

std::string
WifiUplinkCongestionControlTypeId(const std::string& name)
{
    for (const auto& [cc, typeId] : WifiUplinkCongestionControls())
    {
        if (cc == name)
        {
            return typeId;
        }
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
ValidPacingShiftPolicy(const std::string& value)
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

namespace
{

/* "NAME=VALUE is not a multiple of UNIT=STEP", or "" if it is. */
std::string
NotMultiple(const char* name, double value, const char* unit, double step)
{
    const double n = value / step;
    if (std::fabs(n - std::round(n)) <= 1e-6)
    {
        return std::string();
    }
    std::ostringstream os;
    os << "invalid option: " << name << "=" << value << " is not a multiple of " << unit << "="
       << step << "; allowed: " << name << " = k * " << unit << " (k = 1, 2, ...)";
    return os.str();
}

} // namespace

std::string
WifiUplinkConfig::Validate() const
{
    if (std::string error = ValidateRanges(); !error.empty())
    {
        return error;
    }
    if (std::string error = ValidateWifi(); !error.empty())
    {
        return error;
    }
    if (std::string error = ValidateWindow(); !error.empty())
    {
        return error;
    }
    return ValidateStack();
}

std::string
WifiUplinkConfig::ValidateWifi() const
{
    if (mcs > MaxMcs(standard))
    {
        return TsqOutOfRangeValue("mcs",
                                  mcs,
                                  "0.." + std::to_string(MaxMcs(standard)) +
                                      " with --standard=" + standard);
    }
    const std::vector<uint32_t> widths = ChannelWidths(standard);
    if (std::find(widths.begin(), widths.end(), channelWidth) == widths.end())
    {
        return TsqOutOfRangeValue("channelWidth",
                                  channelWidth,
                                  TsqOptionTable::Alternatives(widths) +
                                      " with --standard=" + standard);
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
    if (queueDisc == "fifo" && link == "gate")
    {
        return TsqOutOfRangeValue("queueDisc",
                                  queueDisc,
                                  "fq_codel or pfifo_fast with link=gate (the gates are the "
                                  "root queue discs)");
    }
    if (link == "gate" && nSta != 1)
    {
        return TsqOutOfRangeValue("nSta", nSta, "1 with link=gate (one station's TXOPs)");
    }
    if (!tsq_driver_profile_find(driverProfile.c_str()))
    {
        return TsqOutOfRangeValue("driverProfile", driverProfile, DriverProfilesAllowed());
    }
    if (!ValidPacingShiftPolicy(pacingShiftPolicy))
    {
        return TsqOutOfRangeValue("pacingShiftPolicy",
                                  pacingShiftPolicy,
                                  kPacingShiftPolicyAllowed);
    }
    return "";
}

std::string
WifiUplinkConfig::ValidateWindow() const
{
    if (std::string e = NotMultiple("duration", durationS, "sampleInterval", sampleIntervalS);
        !e.empty())
    {
        return e;
    }
    if (!(batchS >= sampleIntervalS && batchS <= 600))
    {
        std::ostringstream range;
        range << sampleIntervalS << "..600 (s; at least --sampleInterval)";
        return TsqOutOfRangeValue("batch", batchS, range.str());
    }
    if (precision > 0)
    {
        if (std::string e = NotMultiple("batch", batchS, "sampleInterval", sampleIntervalS);
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
    return "";
}

std::string
WifiUplinkConfig::ValidateStack() const
{
    // The factory of the plain TCP socket (--tsq=false): a TCP one. The
    // TSQ factory needs the adapters --tsq=false does not install.
    TypeId factory;
    if (!TypeId::LookupByNameFailSafe(socketFactory, &factory) ||
        (factory != TypeId::LookupByName("ns3::TcpSocketFactory") &&
         !factory.IsChildOf(TypeId::LookupByName("ns3::TcpSocketFactory"))) ||
        factory.GetName() == "ns3::TsqTcpSocketFactory")
    {
        return TsqOutOfRangeValue("socketFactory", socketFactory, kSocketFactoryAllowed);
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
    if (tsqSocketOnly && !tsq)
    {
        return TsqOutOfRangeValue("tsqSocketOnly", "true", "false with tsq=false");
    }
    if (ns3Behaviour && (!tsq || tsqSocketOnly))
    {
        return TsqOutOfRangeValue("ns3Behaviour",
                                  "true",
                                  "false with tsq=false or tsqSocketOnly=true");
    }
    if (!tsq_profile_find(kernelProfile.c_str()))
    {
        return TsqOutOfRangeValue("kernelProfile", kernelProfile, TsqProfileNames());
    }
    struct tsq_profile forms = *tsq_profile_find(kernelProfile.c_str());
    if (tsq_profile_set_forms(&forms, kernelForms.c_str()) != TSQ_OK)
    {
        return TsqOutOfRangeValue("kernelForms", kernelForms, KernelFormsAllowed());
    }
    enum tsq_rule rule;
    if (!tsqRule.empty() && tsq_rule_from_id(tsqRule.c_str(), &rule) != TSQ_OK)
    {
        return TsqOutOfRangeValue("tsqRule", tsqRule, RulesAllowed());
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
                                          "; any delay with --tsqRule=5.0 or 6.16 or "
                                          "--kernelProfile=linux-6.16 (TCP_TX_DELAY came in 5.4)");
        }
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
    if (tsq && ksoftirqdCompletions)
    {
        os << (os.tellp() > 0 ? "," : "") << "ksoftirqd-completions(assumption)";
    }
    // A driver's completion work after the BlockAck: no measured number.
    if (link == "gate" && gateTiming == "edca" && gateCompletionLatencyUs > 0)
    {
        os << (os.tellp() > 0 ? "," : "") << "gate-completion-latency=" << gateCompletionLatencyUs
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
        return SocketAttributeInForce("CwndValidation") == "true" ? "linux" : "none";
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
        return SocketAttributeInForce("LinuxRateSample") == "true" ? "linux" : "ns3";
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
        tsq_shift_policy_parse(pacingShiftPolicy.c_str(), &profile->mac80211, &policy) == TSQ_OK &&
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
    if (!Ns3BehaviourValue("ns3::TsqTcpSocket::TsqRule").empty())
    {
        return Ns3BehaviourValue("ns3::TsqTcpSocket::TsqRule");
    }
    if (!tsqRule.empty())
    {
        return tsqRule;
    }
    const struct tsq_profile* profile = tsq_profile_find(kernelProfile.c_str());
    return profile ? tsq_rule_id(profile->rule) : "";
}

std::string
WifiUplinkConfig::RttEstimatorInForce() const
{
    return Ns3BehaviourValue("ns3::TsqTcpSocket::LinuxRtt") == "false" ? "ns3" : rttEstimator;
}

bool
WifiUplinkConfig::TsoBurstsInForce() const
{
    return Ns3BehaviourValue("ns3::TsqTcpSocket::TsoBursts") == "false" ? false : tsoBursts;
}

std::string
WifiUplinkConfig::Ns3BehaviourValue(const std::string& attribute) const
{
    if (ns3Behaviour)
    {
        for (const auto& [name, value] : TsqHelper::Ns3Behaviour())
        {
            if (name == attribute)
            {
                return value;
            }
        }
    }
    return "";
}

std::string
WifiUplinkConfig::SocketAttributeInForce(const std::string& attribute) const
{
    const std::string forced = Ns3BehaviourValue("ns3::TsqTcpSocket::" + attribute);
    return forced.empty() ? TsqAttributeDefault("ns3::TsqTcpSocket", attribute) : forced;
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
        {"ns3::TsqTcpSocket::TsqRule", "tsqRule"},
        {"ns3::TsqTcpSocket::KernelForms", "kernelForms"},
        {"ns3::TsqTcpSocket::FloorBytes", "floorBytes"},
        {"ns3::TsqTcpSocket::LimitOutputBytes", "limitOutputBytes"},
        {"ns3::TsqTcpSocket::LinuxRtt", "rttEstimator"},
        {"ns3::TsqTcpSocket::TsoBursts", "tsoBursts"},
        {"ns3::TsqTcpSocket::KsoftirqdCompletions", "ksoftirqdCompletions"},
        {"ns3::TsqTcpSocket::TxDelay", "txDelayUs"},
        {"ns3::WifiTsqAdapter::KernelProfile", "kernelProfile"},
        {"ns3::WifiTsqAdapter::PacingShiftPolicy", "pacingShiftPolicy"},
        {"ns3::WifiTsqAdapter::DriverProfile", "driverProfile"},
        {"ns3::WifiTsqAdapter::CompletionLatency", "completionLatencyUs"},
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
        {"ns3::TsqEdcaGate::CompletionLatency", "gateCompletionLatencyUs"},
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
