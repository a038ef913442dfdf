/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-tx-completion.h"

#include "tsq-socket-registry.h"
#include "tsq-tag.h"
#include "tsq-tcp-socket.h"

#include "ns3/arp-cache.h"
#include "ns3/arp-l3-protocol.h"
#include "ns3/csma-net-device.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqTxCompletion");

NS_OBJECT_ENSURE_REGISTERED(TsqTxCompletion);

TypeId
TsqTxCompletion::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqTxCompletion")
            .SetParent<Object>()
            .SetGroupName("Tsq")
            .AddConstructor<TsqTxCompletion>()
            .AddTraceSource("Release",
                            "A TSQ charge was given back (tcp_wfree): the socket id, the "
                            "bytes, whether the socket was gone, and the completion path.",
                            MakeTraceSourceAccessor(&TsqTxCompletion::m_releaseTrace),
                            "ns3::TsqTxCompletion::ReleaseTracedCallback");
    return tid;
}

TsqTxCompletion::TsqTxCompletion()
{
    NS_LOG_FUNCTION(this);
}

TsqTxCompletion::~TsqTxCompletion()
{
    NS_LOG_FUNCTION(this);
}

void
TsqTxCompletion::DoDispose()
{
    m_node = nullptr;
    m_connected.clear();
    Object::DoDispose();
}

namespace
{

/** \return the charge a TSQ tag carries */
TsqTxCompletion::Charge
ChargeOf(const TsqTag& tag)
{
    TsqTxCompletion::Charge charge;
    charge.socketId = tag.GetSocketId();
    charge.nodeId = tag.GetNodeId();
    charge.bytes = tag.GetBytes();
    return charge;
}

} // namespace

bool
TsqTxCompletion::Peek(Ptr<const Packet> packet, uint32_t nodeId, Charge& charge)
{
    if (!packet)
    {
        return false;
    }
    TsqTag tag;
    if (!packet->PeekPacketTag(tag) || tag.GetNodeId() != nodeId)
    {
        return false;
    }
    charge = ChargeOf(tag);
    return true;
}

bool
TsqTxCompletion::Claim(Ptr<const Packet> packet, uint32_t nodeId, Charge& charge)
{
    if (!packet)
    {
        return false;
    }
    // The trace hands the stack's own packet object as const; removing the
    // tag from its tag list is what makes a second release impossible. The
    // object was created non-const (Create<Packet>), so this is defined.
    // One pass over the tag list: removed, then put back in the rare case
    // it names another node (a frame charged there and forwarded here).
    Packet* p = const_cast<Packet*>(PeekPointer(packet));
    TsqTag tag;
    if (!p->RemovePacketTag(tag))
    {
        return false;
    }
    if (tag.GetNodeId() != nodeId)
    {
        p->AddPacketTag(tag);
        return false;
    }
    charge = ChargeOf(tag);
    return true;
}

void
TsqTxCompletion::Credit(const Charge& charge, const char* reason)
{
    Ptr<TsqTcpSocket> socket = TsqSocketRegistry::Lookup(charge.socketId);
    bool orphan = (socket == nullptr);
    if (orphan)
    {
        NS_LOG_LOGIC("release of " << charge.bytes << " bytes of gone socket " << charge.socketId
                                   << " (" << reason << ")");
        m_orphanBytes += charge.bytes;
        ++m_orphanPackets;
    }
    else
    {
        NS_LOG_LOGIC("release of " << charge.bytes << " bytes to socket " << charge.socketId << " ("
                                   << reason << ")");
        m_releasedBytes += charge.bytes;
        ++m_releasedPackets;
        socket->ReleaseBytes(charge.bytes);
    }
    if (!m_releaseTrace.IsEmpty())
    {
        // Only with sinks: the reason becomes a std::string on every call.
        m_releaseTrace(charge.socketId, charge.bytes, orphan, reason);
    }
}

void
TsqTxCompletion::NoteCharging()
{
    m_charging = true;
}

bool
TsqTxCompletion::Release(Ptr<const Packet> packet, const char* reason)
{
    if (!m_node || !m_charging)
    {
        return false;
    }
    Charge charge;
    if (!Claim(packet, m_node->GetId(), charge))
    {
        return false;
    }
    Credit(charge, reason);
    return true;
}

void
TsqTxCompletion::Install(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    NS_ABORT_MSG_IF(!node, "TsqTxCompletion::Install: no node");
    NS_ABORT_MSG_IF(!node->GetObject<Ipv4L3Protocol>(),
                    "TsqTxCompletion::Install: node " << node->GetId()
                                                      << " has no Internet stack; install "
                                                         "InternetStackHelper before TsqHelper");
    m_node = node;
    Connect();
    // Queue discs and ARP caches appear when addresses are assigned, which
    // scripts may do after TsqHelper::Install: look again at the start.
    Simulator::ScheduleWithContext(node->GetId(), Seconds(0), &TsqTxCompletion::Connect, this);
}

void
TsqTxCompletion::Connect()
{
    if (!m_node)
    {
        return;
    }
    Ptr<Ipv4L3Protocol> ip = m_node->GetObject<Ipv4L3Protocol>();
    if (ip && m_connected.insert(PeekPointer(ip)).second)
    {
        ip->TraceConnectWithoutContext("Drop", MakeCallback(&TsqTxCompletion::OnIpDrop, this));
    }
    Ptr<ArpL3Protocol> arp = m_node->GetObject<ArpL3Protocol>();
    if (arp && m_connected.insert(PeekPointer(arp)).second)
    {
        arp->TraceConnectWithoutContext("Drop", MakeCallback(&TsqTxCompletion::OnArpDrop, this));
    }
    if (ip)
    {
        for (uint32_t i = 0; i < ip->GetNInterfaces(); ++i)
        {
            Ptr<ArpCache> cache = ip->GetInterface(i)->GetArpCache();
            if (cache && m_connected.insert(PeekPointer(cache)).second)
            {
                cache->TraceConnectWithoutContext("Drop",
                                                  MakeCallback(&TsqTxCompletion::OnArpDrop, this));
            }
        }
    }
    Ptr<TrafficControlLayer> tc = m_node->GetObject<TrafficControlLayer>();
    for (uint32_t i = 0; i < m_node->GetNDevices(); ++i)
    {
        Ptr<NetDevice> device = m_node->GetDevice(i);
        ConnectDevice(device);
        if (tc)
        {
            Ptr<QueueDisc> root = tc->GetRootQueueDiscOnDevice(device);
            if (root)
            {
                ConnectQueueDisc(root);
            }
        }
    }
}

void
TsqTxCompletion::ConnectDevice(Ptr<NetDevice> device)
{
    if (m_connected.count(PeekPointer(device)))
    {
        return;
    }
    Ptr<Queue<Packet>> queue;
    if (Ptr<PointToPointNetDevice> p2p = DynamicCast<PointToPointNetDevice>(device))
    {
        queue = p2p->GetQueue();
    }
    else if (Ptr<CsmaNetDevice> csma = DynamicCast<CsmaNetDevice>(device))
    {
        queue = csma->GetQueue();
    }
    else
    {
        // WiFi devices: WifiTsqAdapter; loopback: never carries a TSQ
        // socket's data to another node (see the documentation's limits).
        return;
    }
    m_connected.insert(PeekPointer(device));
    device->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&TsqTxCompletion::OnTxEnd, this));
    device->TraceConnectWithoutContext("PhyTxDrop",
                                       MakeCallback(&TsqTxCompletion::OnDeviceDrop, this));
    device->TraceConnectWithoutContext("MacTxDrop",
                                       MakeCallback(&TsqTxCompletion::OnDeviceDrop, this));
    if (queue)
    {
        queue->TraceConnectWithoutContext("Drop",
                                          MakeCallback(&TsqTxCompletion::OnDeviceDrop, this));
    }
}

void
TsqTxCompletion::ConnectQueueDisc(Ptr<QueueDisc> qd)
{
    if (!m_connected.insert(PeekPointer(qd)).second)
    {
        return;
    }
    qd->TraceConnectWithoutContext("Drop", MakeCallback(&TsqTxCompletion::OnQueueDiscDrop, this));
    for (std::size_t i = 0; i < qd->GetNQueueDiscClasses(); ++i)
    {
        Ptr<QueueDisc> child = qd->GetQueueDiscClass(i)->GetQueueDisc();
        if (child)
        {
            ConnectQueueDisc(child);
        }
    }
}

void
TsqTxCompletion::OnTxEnd(Ptr<const Packet> packet)
{
    Release(packet, "device-tx-end");
}

uint32_t
TsqTxCompletion::ReleaseDropped(Ptr<const Packet> packet, const char* reason)
{
    Charge charge;
    if (!m_node || !m_charging || !Claim(packet, m_node->GetId(), charge))
    {
        return 0;
    }
    Credit(charge, reason);
    m_droppedBytes += charge.bytes;
    return charge.bytes;
}

void
TsqTxCompletion::OnDeviceDrop(Ptr<const Packet> packet)
{
    ReleaseDropped(packet, "device-drop");
}

void
TsqTxCompletion::OnQueueDiscDrop(Ptr<const QueueDiscItem> item)
{
    if (item)
    {
        ReleaseDropped(item->GetPacket(), "qdisc-drop");
    }
}

void
TsqTxCompletion::OnIpDrop(const Ipv4Header& /* header */,
                          Ptr<const Packet> packet,
                          Ipv4L3Protocol::DropReason /* reason */,
                          Ptr<Ipv4> /* ipv4 */,
                          uint32_t /* interface */)
{
    ReleaseDropped(packet, "ip-drop");
}

void
TsqTxCompletion::OnArpDrop(Ptr<const Packet> packet)
{
    ReleaseDropped(packet, "arp-drop");
}

uint64_t
TsqTxCompletion::ReleaseArpPending(Ptr<NetDevice> device)
{
    Ptr<Ipv4L3Protocol> ip = m_node ? m_node->GetObject<Ipv4L3Protocol>() : nullptr;
    const int32_t k = ip ? ip->GetInterfaceForDevice(device) : -1;
    Ptr<ArpCache> cache = k >= 0 ? ip->GetInterface(k)->GetArpCache() : nullptr;
    if (!cache)
    {
        return 0;
    }
    // ArpCache has no iterator: its printout names every entry's address.
    std::ostringstream listing;
    cache->PrintArpCache(Create<OutputStreamWrapper>(&listing));
    std::istringstream lines(listing.str());
    uint64_t released = 0;
    for (std::string line; std::getline(lines, line);)
    {
        std::istringstream words(line);
        std::string address;
        words >> address;
        ArpCache::Entry* entry =
            address.empty() ? nullptr : cache->Lookup(Ipv4Address(address.c_str()));
        if (!entry || !entry->IsWaitReply())
        {
            continue;
        }
        for (ArpCache::Ipv4PayloadHeaderPair pending = entry->DequeuePending(); pending.first;
             pending = entry->DequeuePending())
        {
            released += ReleaseDropped(pending.first, "arp-flush");
        }
    }
    return released;
}

uint64_t
TsqTxCompletion::GetReleasedBytes() const
{
    return m_releasedBytes;
}

uint64_t
TsqTxCompletion::GetReleasedPackets() const
{
    return m_releasedPackets;
}

uint64_t
TsqTxCompletion::GetOrphanBytes() const
{
    return m_orphanBytes;
}

uint64_t
TsqTxCompletion::GetOrphanPackets() const
{
    return m_orphanPackets;
}

uint64_t
TsqTxCompletion::GetDroppedBytes() const
{
    return m_droppedBytes;
}

} // namespace ns3
