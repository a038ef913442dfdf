/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-tsq-adapter.h"

#include "tsq-core-names.h"
#include "tsq-socket-registry.h"
#include "tsq-tcp-socket.h"
#include "tsq/profile.h"

#include "ns3/boolean.h"
#include "ns3/ht-frame-exchange-manager.h"
#include "ns3/log.h"
#include "ns3/mpdu-aggregator.h"
#include "ns3/node.h"
#include "ns3/qos-txop.h"
#include "ns3/simulator.h"
#include "ns3/sta-wifi-mac.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"
#include "ns3/wifi-mac-queue.h"
#include "ns3/wifi-net-device.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WifiTsqAdapter");

NS_OBJECT_ENSURE_REGISTERED(WifiTsqAdapter);

namespace
{

/** The four EDCA access categories, in AcIndex order. */
const AcIndex kAcs[4] = {AC_BE, AC_BK, AC_VI, AC_VO};
/** WifiMac attribute name prefixes of the access categories. */
const char* const kAcNames[4] = {"BE", "BK", "VI", "VO"};

} // namespace

TypeId
WifiTsqAdapter::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::WifiTsqAdapter")
            .SetParent<Object>()
            .SetGroupName("Tsq")
            .AddConstructor<WifiTsqAdapter>()
            .AddAttribute("DriverProfile",
                          "When a WiFi driver hands TX completions back to TCP: a driver "
                          "profile of the core (tsq/completion.h): \"ns3\" (depth 1: "
                          "ns-3's MAC builds each A-MPDU just in time, a completion is "
                          "credited at its ack) or \"ath9k\" (depth 2: ath9k builds aggregate "
                          "N+1 before N's BlockAck, ATH_AGGR_MIN_QDEPTH, so N's bytes are "
                          "credited when N+1 starts, or at once when nothing else is queued).",
                          StringValue("ns3"),
                          MakeStringAccessor(&WifiTsqAdapter::m_driverProfile),
                          MakeStringChecker())
            .AddAttribute("CompletionLatency",
                          "Extra delay between an MPDU's completion (ack or drop, after the "
                          "driver profile's pipeline) and the credit reaching the socket. 0 "
                          "(default): no latency. A nonzero value is an ESTIMATE, not a "
                          "measured driver property (e.g. a TSQ tasklet or USB latency); "
                          "results that use one must say so.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&WifiTsqAdapter::m_latency),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
            .AddAttribute("PipelineDepth",
                          "Override of the driver profile's pipeline depth (tsq/completion.h): "
                          "0 (default) = the profile's, else 1..4. For experiments; the "
                          "profiles carry the values their sources give.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&WifiTsqAdapter::m_depthAttr),
                          MakeUintegerChecker<uint32_t>(0, TSQ_CMPL_MAX_DEPTH))
            .AddAttribute("SoftwareGso",
                          "Whether this device's netdev lacks NETIF_F_SG, so that software "
                          "GSO cuts each TSO skb into linear segments that each carry their "
                          "own truesize (skb_segment, tcp_gso_segment): \"profile\" (the "
                          "driver profile's: ath9k sets no hw.netdev_features), \"on\" or "
                          "\"off\". When on, the device sets ns3::TsqTcpSocket::SoftwareGso on "
                          "the local sockets whose frames it queues.",
                          StringValue("profile"),
                          MakeStringAccessor(&WifiTsqAdapter::m_softwareGso),
                          MakeStringChecker())
            .AddAttribute("PacingShiftPolicy",
                          "The pacing-shift policy of this device for local TCP sockets whose "
                          "frames go to a known station (mac80211's sk_pacing_shift_update): "
                          "\"profile\" (the mac80211 value of the kernel profile: none before "
                          "linux-4.16, 8 in linux-4.16 (36148c2bbfbe), 7 since), \"none\" "
                          "(leave the socket's shift), or a shift 0..31.",
                          StringValue("profile"),
                          MakeStringAccessor(&WifiTsqAdapter::m_pacingShiftPolicy),
                          MakeStringChecker())
            .AddAttribute("KernelProfile",
                          "The kernel profile whose mac80211 policy PacingShiftPolicy=\"profile\" "
                          "uses; empty: the default of ns3::TsqTcpSocket::KernelProfile.",
                          StringValue(""),
                          MakeStringAccessor(&WifiTsqAdapter::m_kernelProfile),
                          MakeStringChecker())
            .AddAttribute("MaxStations",
                          "The most station slots of the A-MPDU accounting (receivers this "
                          "device sends data to). A slot is made when a frame to its receiver "
                          "is first counted (a station device, which sends only to its AP, "
                          "holds one); frames to further stations are not counted.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&WifiTsqAdapter::m_maxStations),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("NetifSchedule",
                          "Whether a device with TSQ runs its qdisc again when its MAC queue "
                          "dequeues and the qdisc was left at its quota, as Linux's "
                          "__netif_schedule and NET_TX softirq do (TsqNetifSchedule). false "
                          "keeps ns-3's behaviour, not Linux's: the qdisc waits for the next "
                          "enqueue or a wake of a stopped queue. For measurements that need "
                          "ns-3's behaviour (TsqHelper::Ns3Behaviour).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&WifiTsqAdapter::m_netifScheduleOn),
                          MakeBooleanChecker())
            .AddTraceSource("Ampdu",
                            "A data PSDU was counted: MPDUs, bytes, starved or not.",
                            MakeTraceSourceAccessor(&WifiTsqAdapter::m_ampduTrace),
                            "ns3::WifiTsqAdapter::AmpduTracedCallback")
            .AddTraceSource("PacingShiftUpdate",
                            "The device wrote a local socket's pacing shift: socket id, shift.",
                            MakeTraceSourceAccessor(&WifiTsqAdapter::m_shiftTrace),
                            "ns3::TracedCallback::Uint64Uint32");
    return tid;
}

WifiTsqAdapter::WifiTsqAdapter()
{
    NS_LOG_FUNCTION(this);
    tsq_shift_policy_init(&m_policy, TSQ_SHIFT_POLICY_NONE, 0);
}

WifiTsqAdapter::~WifiTsqAdapter()
{
    NS_LOG_FUNCTION(this);
}

void
WifiTsqAdapter::DoDispose()
{
    NS_LOG_FUNCTION(this);
    // Teardown during Simulator::Destroy() credits nobody (the sockets are
    // going too); a device disposed while the simulation runs flushes.
    if (m_installed && !Simulator::IsFinished())
    {
        Flush();
    }
    if (m_cmpl)
    {
        m_cmpl->Cancel();
    }
    if (m_netif)
    {
        m_netif->Cancel();
    }
    m_mpdus.Clear();
    m_device = nullptr;
    m_mac = nullptr;
    m_completion = nullptr;
    Object::DoDispose();
}

void
WifiTsqAdapter::SetKernelProfile(const std::string& name)
{
    m_kernelProfile = name;
    if (m_installed)
    {
        ApplyAttributes();
    }
}

void
WifiTsqAdapter::SetPacingShiftPolicy(const std::string& policy)
{
    m_pacingShiftPolicy = policy;
    if (m_installed)
    {
        ApplyAttributes();
    }
}

void
WifiTsqAdapter::ApplyAttributes()
{
    const tsq_driver_profile* driver = tsq_driver_profile_find(m_driverProfile.c_str());
    if (!driver)
    {
        NS_FATAL_ERROR("WifiTsqAdapter: DriverProfile=\""
                       << m_driverProfile
                       << "\" is not a driver profile; allowed: " << TsqDriverProfileNames());
    }
    std::string kernelName = m_kernelProfile;
    if (kernelName.empty())
    {
        // The sockets' default (ns3::TsqTcpSocket::KernelProfile, which
        // Config::SetDefault may have changed).
        TypeId::AttributeInformation info;
        TsqTcpSocket::GetTypeId().LookupAttributeByName("KernelProfile", &info);
        kernelName = info.initialValue->SerializeToString(info.checker);
    }
    const tsq_profile* kernel = tsq_profile_find(kernelName.c_str());
    if (!kernel)
    {
        NS_FATAL_ERROR("WifiTsqAdapter: KernelProfile=\""
                       << kernelName
                       << "\" is not a kernel profile; allowed: " << TsqProfileNames());
    }
    if (m_softwareGso == "profile")
    {
        m_softwareGsoOn = driver->software_gso;
    }
    else if (m_softwareGso == "on" || m_softwareGso == "off")
    {
        m_softwareGsoOn = m_softwareGso == "on";
    }
    else
    {
        NS_FATAL_ERROR("WifiTsqAdapter: SoftwareGso=\""
                       << m_softwareGso << "\" is not allowed; allowed: profile, on, off");
    }
    // "profile": what mac80211 of the kernel profile's release does.
    if (tsq_shift_policy_parse(m_pacingShiftPolicy.c_str(), &kernel->mac80211, &m_policy) != TSQ_OK)
    {
        NS_FATAL_ERROR("WifiTsqAdapter: PacingShiftPolicy=\"" << m_pacingShiftPolicy
                                                              << "\" is out of range; allowed: "
                                                                 "\"profile\", \"none\" or 0.."
                                                              << TSQ_SHIFT_MAX);
    }
    if (m_cmpl)
    {
        m_cmpl->Configure(m_depthAttr ? m_depthAttr : driver->depth, m_latency);
    }
}

void
WifiTsqAdapter::Install(Ptr<WifiNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ABORT_MSG_IF(!device, "WifiTsqAdapter::Install: no device");
    Ptr<TsqTxCompletion> completion = device->GetNode()->GetObject<TsqTxCompletion>();
    NS_ABORT_MSG_IF(!completion,
                    "WifiTsqAdapter::Install: node "
                        << device->GetNode()->GetId()
                        << " has no TsqTxCompletion (use TsqHelper::Install)");
    Connect(device, completion);
}

void
WifiTsqAdapter::InstallStatisticsOnly(Ptr<WifiNetDevice> device)
{
    NS_LOG_FUNCTION(this << device);
    NS_ABORT_MSG_IF(!device, "WifiTsqAdapter::InstallStatisticsOnly: no device");
    Connect(device, nullptr);
}

void
WifiTsqAdapter::Connect(Ptr<WifiNetDevice> device, Ptr<TsqTxCompletion> completion)
{
    NS_ABORT_MSG_IF(m_installed, "WifiTsqAdapter::Install: installed twice");
    m_device = device;
    m_mac = device->GetMac();
    m_nodeId = device->GetNode()->GetId();
    m_completion = completion;
    CheckAmsdu();
    m_cmpl = std::make_unique<TsqWifiCompletion>(m_nodeId);
    m_cmpl->SetCreditPath(m_completion);
    ApplyAttributes();
    m_ampdu = std::make_unique<TsqAmpduStats>(m_maxStations);

    m_mac->TraceConnectWithoutContext("AckedMpdu", MakeCallback(&WifiTsqAdapter::OnAcked, this));
    m_mac->TraceConnectWithoutContext("DroppedMpdu",
                                      MakeCallback(&WifiTsqAdapter::OnDropped, this));
    m_mac->TraceConnectWithoutContext("NAckedMpdu", MakeCallback(&WifiTsqAdapter::OnNAcked, this));
    m_mac->TraceConnectWithoutContext("MacTxDrop",
                                      MakeCallback(&WifiTsqAdapter::OnMacTxDrop, this));
    m_mac->TraceConnectWithoutContext("MpduResponseTimeout",
                                      MakeCallback(&WifiTsqAdapter::OnMpduTimeout, this));
    m_mac->TraceConnectWithoutContext("PsduResponseTimeout",
                                      MakeCallback(&WifiTsqAdapter::OnPsduTimeout, this));
    // A station's link goes down and up with its association, and each
    // link change flushes the ARP cache: these traces come just before.
    if (DynamicCast<StaWifiMac>(m_mac))
    {
        m_mac->TraceConnectWithoutContext("Assoc",
                                          MakeCallback(&WifiTsqAdapter::OnLinkChange, this));
        m_mac->TraceConnectWithoutContext("DeAssoc",
                                          MakeCallback(&WifiTsqAdapter::OnLinkChange, this));
    }
    // The qdisc reruns change the device's behaviour (as Linux's does), so
    // only a device with TSQ has them, not a statistics-only one.
    if (m_completion && m_netifScheduleOn)
    {
        m_netif = std::make_unique<TsqNetifSchedule>(device);
    }
    // ns-3's WifiHelper gives the QoS device one transmit queue per access
    // category, in AcIndex order (BE, BK, VI, VO): kAcs' order.
    for (uint8_t i = 0; i < 4; ++i)
    {
        ConnectQueue(m_mac->GetTxopQueue(kAcs[i]), i);
    }
    // Non-QoS data (no HT): the shift policy still applies at enqueue.
    ConnectQueue(m_mac->GetTxopQueue(AC_BE_NQOS), SIZE_MAX);
    device->GetPhy()->TraceConnectWithoutContext("PhyTxPsduBegin",
                                                 MakeCallback(&WifiTsqAdapter::OnPsduBegin, this));
    m_installed = true;
}

void
WifiTsqAdapter::CheckAmsdu() const
{
    for (uint8_t i = 0; i < 4; ++i)
    {
        std::string name = std::string(kAcNames[i]) + "_MaxAmsduSize";
        UintegerValue size;
        m_mac->GetAttribute(name, size);
        if (size.Get() != 0)
        {
            NS_FATAL_ERROR("WifiTsqAdapter: node "
                           << m_nodeId << " device " << m_device->GetIfIndex()
                           << " has ns3::WifiMac::" << name << "=" << size.Get()
                           << ": A-MSDU is not supported with TSQ (packet tags, which name the "
                              "charging socket, do not survive A-MSDU aggregation); set "
                           << name << " to 0");
        }
    }
}

void
WifiTsqAdapter::ConnectQueue(Ptr<WifiMacQueue> queue, std::size_t txq)
{
    if (!queue)
    {
        return;
    }
    if (m_netif && txq != SIZE_MAX)
    {
        queue->TraceConnectWithoutContext(
            "Dequeue",
            MakeCallback(&WifiTsqAdapter::OnMacDequeue, this).Bind(txq));
    }
    queue->TraceConnectWithoutContext("Enqueue", MakeCallback(&WifiTsqAdapter::OnEnqueue, this));
    // Every way out of the queue: a charge never stays with a gone MPDU.
    for (const char* removal : {"Dequeue", "Drop", "Expired"})
    {
        queue->TraceConnectWithoutContext(removal,
                                          MakeCallback(&WifiTsqAdapter::OnQueueRemove, this));
    }
}

bool
WifiTsqAdapter::QosAc(const WifiMacHeader& hdr, uint8_t& ac)
{
    if (!hdr.IsQosData())
    {
        return false;
    }
    AcIndex index = QosUtilsMapTidToAc(hdr.GetQosTid());
    for (uint8_t i = 0; i < 4; ++i)
    {
        if (kAcs[i] == index)
        {
            ac = i;
            return true;
        }
    }
    return false;
}

uint32_t
WifiTsqAdapter::StationIndex(Mac48Address address)
{
    return m_ampdu->StationIndex(address);
}

void
WifiTsqAdapter::ApplyShift(Ptr<const WifiMpdu> mpdu)
{
    TsqTxCompletion::Charge charge;
    // skb->sk is set only for local sockets: a frame charged on this node.
    if (!TsqTxCompletion::Peek(mpdu->GetPacket(), m_nodeId, charge))
    {
        return;
    }
    Mac48Address to = mpdu->GetHeader().GetAddr1();
    uint32_t sta = to.IsGroup() ? TsqAmpduStats::NO_STATION : StationIndex(to);
    if (sta != TsqAmpduStats::NO_STATION)
    {
        m_socketSta[charge.socketId] = sta;
    }
    if (m_softwareGsoOn)
    {
        // Every skb of the socket goes through this netdev's
        // validate_xmit_skb: its TSO skbs are cut in software.
        Ptr<TsqTcpSocket> socket = TsqSocketRegistry::Lookup(charge.socketId);
        if (socket && !socket->GetSoftwareGso())
        {
            socket->SetSoftwareGso(true);
        }
    }
    if (m_policy.kind == TSQ_SHIFT_POLICY_NONE)
    {
        return; // the core would write nothing: no socket to look up
    }
    Ptr<TsqTcpSocket> socket = TsqSocketRegistry::Lookup(charge.socketId);
    if (!socket)
    {
        return;
    }
    // A known station: ns-3's StaWifiMac/ApWifiMac queue a frame only for
    // one, and CanForwardPacketsTo is the same test.
    const bool known = !to.IsGroup() && m_mac->CanForwardPacketsTo(to);
    if (socket->ApplyShiftPolicy(m_policy, known))
    {
        ++m_shiftUpdates;
        m_shiftTrace(charge.socketId, socket->GetPacingShift());
    }
}

void
WifiTsqAdapter::OnEnqueue(Ptr<const WifiMpdu> mpdu)
{
    const WifiMacHeader& hdr = mpdu->GetHeader();
    if (!hdr.IsData())
    {
        return;
    }
    ApplyShift(mpdu);
    uint8_t ac;
    if (!QosAc(hdr, ac) || hdr.GetAddr1().IsGroup())
    {
        return;
    }
    if (hdr.IsQosAmsdu())
    {
        CheckAmsdu();
        NS_FATAL_ERROR("WifiTsqAdapter: an A-MSDU was queued on node "
                       << m_nodeId << "; A-MSDU is not supported with TSQ (" << kAcNames[ac]
                       << "_MaxAmsduSize must be 0)");
    }
    uint32_t sta = StationIndex(hdr.GetAddr1());
    TsqWifiMpduTable::Entry* entry = m_mpdus.Track(mpdu, sta, ac);
    if (!entry)
    {
        return; // re-inserted (e.g. moved by the MAC): already counted
    }
    m_ampdu->Enqueue(sta, entry->tid, entry->size);
    ReportQueueState(ac);
}

void
WifiTsqAdapter::MarkWaiting(Ptr<const WifiMpdu> mpdu)
{
    uint8_t ac;
    if (m_mpdus.MarkWaiting(mpdu, ac))
    {
        ReportQueueState(ac);
    }
}

void
WifiTsqAdapter::OnNAcked(Ptr<const WifiMpdu> mpdu)
{
    // Not a completion: the MPDU waits for its retransmission.
    MarkWaiting(mpdu);
}

void
WifiTsqAdapter::OnMpduTimeout(uint8_t, Ptr<const WifiMpdu> mpdu, const WifiTxVector&)
{
    MarkWaiting(mpdu);
}

void
WifiTsqAdapter::OnPsduTimeout(uint8_t, Ptr<const WifiPsdu> psdu, const WifiTxVector&)
{
    for (auto it = psdu->begin(); it != psdu->end(); ++it)
    {
        MarkWaiting(*it);
    }
}

void
WifiTsqAdapter::Forget(Ptr<const WifiMpdu> mpdu, bool dropped)
{
    TsqWifiMpduTable::Entry info;
    if (!m_mpdus.Forget(mpdu, info))
    {
        return;
    }
    if (!info.sent)
    {
        if (dropped)
        {
            m_ampdu->Drop(info.sta, info.tid, info.size);
        }
        else
        {
            m_ampdu->Dequeue(info.sta, info.tid, info.size);
        }
    }
    ReportQueueState(info.ac);
}

void
WifiTsqAdapter::OnQueueRemove(Ptr<const WifiMpdu> mpdu)
{
    // The MPDU left the MAC queue. Acks and drops fire before the removal
    // (BlockAckManager, FrameExchangeManager); a path that removes first
    // (a CTS timeout) or never reports is completed here as a drop.
    if (m_mpdus.Find(mpdu))
    {
        Complete(mpdu, false);
        return;
    }
    if (m_completion && m_completion->Release(mpdu->GetPacket(), "wifi-queue-remove"))
    {
        NS_LOG_LOGIC("charge released at MAC queue removal");
    }
}

void
WifiTsqAdapter::OnMacDequeue(std::size_t txq, Ptr<const WifiMpdu>)
{
    m_netif->Notify(txq);
}

void
WifiTsqAdapter::OnLinkChange(Mac48Address)
{
    if (m_completion && m_device)
    {
        m_completion->ReleaseArpPending(m_device);
    }
}

void
WifiTsqAdapter::OnMacTxDrop(Ptr<const Packet> packet)
{
    // StaWifiMac/ApWifiMac refused the frame (receiver not associated).
    if (m_completion)
    {
        m_completion->Release(packet, "wifi-mac-tx-drop");
    }
}

void
WifiTsqAdapter::OnAcked(Ptr<const WifiMpdu> mpdu)
{
    Complete(mpdu, true);
}

void
WifiTsqAdapter::OnDropped(WifiMacDropReason, Ptr<const WifiMpdu> mpdu)
{
    Complete(mpdu, false);
}

void
WifiTsqAdapter::Complete(Ptr<const WifiMpdu> mpdu, bool acked)
{
    TsqWifiCompletion::PendingCharge pending;
    pending.charged = TsqTxCompletion::Claim(mpdu->GetPacket(), m_nodeId, pending.charge);
    if (const TsqWifiMpduTable::Entry* known = m_mpdus.Find(mpdu))
    {
        const uint8_t ac = known->ac;
        if (m_cmpl->Completed(ac, known->cookie, pending, acked))
        {
            // The completion model now owns the timing of this credit.
            Forget(mpdu, !acked);
            m_cmpl->Settle(ac);
            return;
        }
    }
    // Not known to the completion model (never transmitted, non-QoS, or a
    // PSDU the core refused): credit at the ack/drop itself.
    if (pending.charged)
    {
        m_cmpl->Credit(pending.charge, acked ? "wifi-acked" : "wifi-dropped");
    }
    Forget(mpdu, !acked);
}

void
WifiTsqAdapter::ReportQueueState(uint8_t ac)
{
    m_cmpl->QueueState(ac, m_mpdus.HasWaiting(ac));
}

uint32_t
WifiTsqAdapter::ThrottledSockets(uint32_t sta) const
{
    uint32_t throttled = 0;
    for (const auto& [id, slot] : m_socketSta)
    {
        if (slot != sta)
        {
            continue;
        }
        Ptr<TsqTcpSocket> socket = TsqSocketRegistry::Lookup(id);
        if (socket && socket->IsThrottled())
        {
            ++throttled;
        }
    }
    return throttled;
}

void
WifiTsqAdapter::OnPsduBegin(WifiConstPsduMap psdus, WifiTxVector txVector, double)
{
    for (const auto& [staId, psdu] : psdus)
    {
        if (psdu && psdu->GetNMpdus() > 0 && psdu->GetHeader(0).IsQosData())
        {
            PsduStarted(psdu, txVector);
        }
    }
}

void
WifiTsqAdapter::PsduStarted(Ptr<const WifiPsdu> psdu, const WifiTxVector& txVector)
{
    const WifiMacHeader& hdr = psdu->GetHeader(0);
    uint8_t ac;
    if (!QosAc(hdr, ac) || hdr.GetAddr1().IsGroup())
    {
        return;
    }
    std::vector<tsq_cmpl_mpdu_in> in;
    in.reserve(psdu->GetNMpdus());
    for (auto it = psdu->begin(); it != psdu->end(); ++it)
    {
        Ptr<const WifiMpdu> mpdu = *it;
        if (mpdu->GetHeader().IsQosAmsdu())
        {
            NS_FATAL_ERROR("WifiTsqAdapter: an A-MSDU was sent on node "
                           << m_nodeId << "; A-MSDU is not supported with TSQ (" << kAcNames[ac]
                           << "_MaxAmsduSize must be 0)");
        }
        TsqTxCompletion::Charge charge;
        bool charged = TsqTxCompletion::Peek(mpdu->GetPacket(), m_nodeId, charge);
        TsqWifiMpduTable::Entry* entry = m_mpdus.Find(mpdu);
        const bool enqueued = entry != nullptr;
        if (!enqueued)
        {
            // Sent without an Enqueue we saw (e.g. queued before Install(),
            // or still in the MAC queue after its ack): track it from now
            // on, so that its ack, drop or removal from the queue reaches
            // the core under the same cookie.
            entry = m_mpdus.Track(mpdu, StationIndex(mpdu->GetHeader().GetAddr1()), ac);
        }
        in.push_back(tsq_cmpl_mpdu_in{entry->cookie, charged ? charge.bytes : 0U});
        if (m_mpdus.MarkSent(*entry) && enqueued)
        {
            m_ampdu->Dequeue(entry->sta, entry->tid, entry->size);
        }
    }
    m_cmpl->PsduStart(ac, in);

    uint32_t sta = StationIndex(hdr.GetAddr1());
    if (sta != TsqAmpduStats::NO_STATION)
    {
        tsq_ampdu_psdu p;
        std::memset(&p, 0, sizeof(p));
        p.sta = sta;
        p.tid = hdr.GetQosTid();
        p.n_mpdus = static_cast<u32>(psdu->GetNMpdus());
        p.bytes = psdu->GetSize();
        p.airtime_ns =
            static_cast<u64>(WifiPhy::CalculateTxDuration(psdu->GetSize(),
                                                          txVector,
                                                          m_device->GetPhy()->GetPhyBand())
                                 .GetNanoSeconds());
        p.rate_bps = txVector.GetMode().GetDataRate(txVector);
        p.lim = AgreedLimits(hdr, txVector);
        Ptr<const WifiMpdu> next = m_mpdus.NextWaiting(hdr.GetAddr1(), hdr.GetQosTid());
        p.next_mpdu_bytes = next ? next->GetSize() : 0;
        bool starved = m_ampdu->PsduTx(p, ThrottledSockets(sta));
        m_ampduTrace(p.n_mpdus, p.bytes, starved);
    }
    ReportQueueState(ac);
}

tsq_ampdu_limits
WifiTsqAdapter::AgreedLimits(const WifiMacHeader& hdr, const WifiTxVector& txVector) const
{
    tsq_ampdu_limits lim{};
    const WifiModulationClass mc = txVector.GetModulationClass();
    tsq_ampdu_format fmt;
    switch (mc)
    {
    case WIFI_MOD_CLASS_HT:
        fmt = TSQ_AMPDU_HT;
        break;
    case WIFI_MOD_CLASS_VHT:
        fmt = TSQ_AMPDU_VHT;
        break;
    case WIFI_MOD_CLASS_HE:
        fmt = TSQ_AMPDU_HE;
        break;
    default:
        return lim;
    }
    Ptr<WifiMac> mac = m_device->GetMac();
    const Mac48Address to = hdr.GetAddr1();
    const uint8_t tid = hdr.GetQosTid();
    tsq_ampdu_limits most{};
    tsq_ampdu_limits_max(fmt, &most);
    uint32_t bytes = most.max_bytes;
    auto fem = DynamicCast<HtFrameExchangeManager>(mac->GetFrameExchangeManager());
    if (fem && fem->GetMpduAggregator())
    {
        bytes = fem->GetMpduAggregator()->GetMaxAmpduSize(to, tid, mc);
    }
    // The agreement's buffer (0 while there is none: 3.37 and 3.43 alike).
    uint32_t buffer = most.max_mpdus;
    Ptr<QosTxop> txop = mac->GetQosTxop(tid);
    if (uint16_t agreed = txop ? txop->GetBaBufferSize(to, tid) : 0; agreed > 0)
    {
        buffer = agreed;
    }
    // An exponent or buffer the format does not have (a MAC configured
    // beyond the standard) leaves the limits zero: the default's, logged.
    if (tsq_ampdu_limits_agreed(fmt, tsq_ampdu_len_exp(bytes), buffer, &lim) != 0)
    {
        NS_LOG_WARN("A-MPDU limits outside the standard: " << bytes << " B, " << buffer
                                                           << " MPDUs");
        return tsq_ampdu_limits{};
    }
    // A MAC configured below its recipient's exponent (BE_MaxAmpduSize
    // not of the form 2^n - 1, e.g. ath9k's 32-subframe cap) stops there.
    lim.max_bytes = std::min(lim.max_bytes, bytes);
    return lim;
}

void
WifiTsqAdapter::Flush()
{
    NS_LOG_FUNCTION(this);
    // MPDUs still in the MAC queues (waiting, or sent and never acked
    // nor dropped): their charges go back now, counted as released by this
    // device like every other credit; the core then releases everything it
    // still holds (its releases of the in-flight ones carry no charge).
    // (Copied first: a credit may make a socket send, i.e. enqueue.)
    const std::vector<Ptr<const WifiMpdu>> queued = m_mpdus.Mpdus();
    if (!m_cmpl)
    {
        return; // never installed
    }
    for (const auto& mpdu : queued)
    {
        TsqTxCompletion::Charge charge;
        if (m_completion && TsqTxCompletion::Claim(mpdu->GetPacket(), m_nodeId, charge))
        {
            m_cmpl->Credit(charge, "wifi-flushed");
        }
    }
    m_cmpl->Flush();
}

int
WifiTsqAdapter::GetPacingShiftPolicy() const
{
    return m_policy.kind == TSQ_SHIFT_POLICY_FIXED ? static_cast<int>(m_policy.shift) : -1;
}

WifiTsqAdapter::Statistics
WifiTsqAdapter::GetStatistics() const
{
    Statistics st;
    st.ampduHistogram.assign(TSQ_AMPDU_HIST_LEN, 0);
    if (m_ampdu)
    {
        st.ampduHistogram = m_ampdu->GetHistogram();
        st.dataPsdus = m_ampdu->GetDataPsdus();
        st.dataMpdus = m_ampdu->GetDataMpdus();
        st.ampduMpdusMean = m_ampdu->GetMeanMpdus();
        st.ampduByteFill = m_ampdu->GetByteFill();
        st.mpduFillRatio = m_ampdu->GetMpduFill();
        st.airtimeFillRatio = m_ampdu->GetAirtimeFill();
        st.starvedPsdus = m_ampdu->GetStarved();
        st.starvedTsqPsdus = m_ampdu->GetStarvedTsq();
        st.stationSlots = m_ampdu->GetStationSlots();
    }
    if (m_cmpl)
    {
        st.releasedBytes = m_cmpl->GetReleasedBytes();
        st.pendingBytes = m_cmpl->GetPendingBytes();
        st.inFlightBytes = m_cmpl->GetInFlightBytes();
        st.heldMpdus = m_cmpl->GetHeldMpdus();
        st.completionModels = m_cmpl->GetQueueModels();
    }
    st.queuedMpdus = m_mpdus.Size();
    for (const auto& mpdu : m_mpdus.UnsentMpdus())
    {
        TsqTxCompletion::Charge charge;
        if (TsqTxCompletion::Peek(mpdu->GetPacket(), m_nodeId, charge))
        {
            st.unsentChargedBytes += charge.bytes;
        }
    }
    st.shiftUpdates = m_shiftUpdates;
    return st;
}

void
WifiTsqAdapter::ResetAmpduStats()
{
    if (m_ampdu)
    {
        m_ampdu->Reset();
    }
}

} // namespace ns3
