/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "p2p-bulk-scenario.h"

#include "tsq-option-check.h"

#include "ns3/bulk-send-application.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/config.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("P2pBulkScenario");

namespace
{

const uint16_t kPort = 5100;
const double kAppStartS = 0.1; //!< the sender starts, s

} // namespace

std::string
P2pBulkConfig::Validate() const
{
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(socketFactory, &tid) ||
        !tid.IsChildOf(TypeId::LookupByName("ns3::SocketFactory")))
    {
        return TsqOutOfRangeValue("socketFactory", socketFactory, "the TypeId of a SocketFactory");
    }
    // Not IsChildOf: ns-3 3.37 registers TcpCubic's TypeId with parent
    // TcpSocketBase, so create one and look at what it is.
    if (!TypeId::LookupByNameFailSafe(congestionControl, &tid) || !tid.HasConstructor() ||
        !DynamicCast<TcpCongestionOps>(ObjectFactory(congestionControl).Create()))
    {
        return TsqOutOfRangeValue("congestionControl",
                                  congestionControl,
                                  "the TypeId of a TcpCongestionOps");
    }
    if (qdiscPackets < 1 || qdiscPackets > 100000)
    {
        return TsqOutOfRangeValue("qdiscPackets", qdiscPackets, "1..100000");
    }
    if (deviceQueuePackets < 1 || deviceQueuePackets > 100000)
    {
        return TsqOutOfRangeValue("deviceQueuePackets", deviceQueuePackets, "1..100000");
    }
    std::string tcpError = TsqValidateTcpKnobs(segmentSize, sndBufBytes, rcvBufBytes);
    if (!tcpError.empty())
    {
        return tcpError;
    }
    if (!(durationS >= 0.01 && durationS <= 3600))
    {
        return TsqOutOfRangeValue("duration", durationS, "0.01..3600");
    }
    if (!(drainS >= 0 && drainS <= 600))
    {
        return TsqOutOfRangeValue("drain", drainS, "0..600");
    }
    return "";
}

P2pBulkScenario::P2pBulkScenario(const P2pBulkConfig& config)
    : m_config(config)
{
}

void
P2pBulkScenario::Build()
{
    std::string error = m_config.Validate();
    if (!error.empty())
    {
        NS_FATAL_ERROR(error);
    }
    RngSeedManager::SetRun(m_config.seed);
    Config::SetDefault("ns3::TcpL4Protocol::SocketType",
                       TypeIdValue(TypeId::LookupByName(m_config.congestionControl)));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(m_config.segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(m_config.sndBufBytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(m_config.rcvBufBytes));

    m_nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue(m_config.dataRate));
    p2p.SetChannelAttribute("Delay", StringValue(m_config.delay));
    p2p.SetQueue("ns3::DropTailQueue",
                 "MaxSize",
                 QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_config.deviceQueuePackets)));
    m_devices = p2p.Install(m_nodes);

    InternetStackHelper stack;
    stack.Install(m_nodes);
    // Fixed streams (ARP jitter): a run is the same run whatever ran
    // before it in the process (see WifiUplinkScenario::AssignStreams).
    stack.AssignStreams(m_nodes, 0);
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::FifoQueueDisc",
                         "MaxSize",
                         QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_config.qdiscPackets)));
    QueueDiscContainer qdiscs = tch.Install(m_devices);
    m_qdisc = qdiscs.Get(0);
    m_qdisc->TraceConnectWithoutContext("PacketsInQueue",
                                        MakeCallback(&P2pBulkScenario::OnQdiscPackets, this));

    Ipv4AddressHelper address;
    address.SetBase("10.3.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = address.Assign(m_devices);

    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), kPort));
    ApplicationContainer sinkApp = sink.Install(m_nodes.Get(1));
    sinkApp.Start(Seconds(0));
    m_sink = DynamicCast<PacketSink>(sinkApp.Get(0));

    BulkSendHelper bulk(m_config.socketFactory, InetSocketAddress(ifaces.GetAddress(1), kPort));
    bulk.SetAttribute("MaxBytes", UintegerValue(m_config.maxBytes));
    bulk.SetAttribute("SendSize", UintegerValue(m_config.segmentSize * 10));
    ApplicationContainer app = bulk.Install(m_nodes.Get(0));
    app.Start(Seconds(kAppStartS));
    app.Stop(Seconds(kAppStartS + m_config.durationS));
    m_app = DynamicCast<BulkSendApplication>(app.Get(0));
    Simulator::Schedule(Seconds(kAppStartS) + NanoSeconds(1), &P2pBulkScenario::OnAppStarted, this);
    Simulator::Stop(Seconds(kAppStartS + m_config.durationS + m_config.drainS));
}

void
P2pBulkScenario::SetSocketCallback(Callback<void, Ptr<Socket>> cb)
{
    m_socketCallback = cb;
}

void
P2pBulkScenario::OnAppStarted()
{
    Ptr<Socket> socket = m_app->GetSocket();
    NS_ABORT_MSG_UNLESS(socket, "P2pBulkScenario: the sender created no socket");
    socket->TraceConnectWithoutContext("RTT", MakeCallback(&P2pBulkScenario::OnRtt, this));
    if (!m_socketCallback.IsNull())
    {
        m_socketCallback(socket);
    }
}

void
P2pBulkScenario::OnRtt(Time, Time newRtt)
{
    double ms = newRtt.GetSeconds() * 1000.0;
    m_rttSumMs += ms;
    m_rttMaxMs = std::max(m_rttMaxMs, ms);
    ++m_rttCount;
}

void
P2pBulkScenario::OnQdiscPackets(uint32_t, uint32_t newValue)
{
    m_qdiscPeak = std::max(m_qdiscPeak, newValue);
}

P2pBulkResult
P2pBulkScenario::Run()
{
    Simulator::Run();
    P2pBulkResult r;
    r.rxBytes = m_sink->GetTotalRx();
    r.goodputMbps = r.rxBytes * 8.0 / m_config.durationS / 1e6;
    r.rttSamples = m_rttCount;
    r.rttMeanMs = m_rttCount ? m_rttSumMs / m_rttCount : 0;
    r.rttMaxMs = m_rttMaxMs;
    r.qdiscPeakPackets = m_qdiscPeak;
    return r;
}

Ptr<Node>
P2pBulkScenario::GetSender() const
{
    return m_nodes.Get(0);
}

Ptr<Node>
P2pBulkScenario::GetReceiver() const
{
    return m_nodes.Get(1);
}

Ptr<NetDevice>
P2pBulkScenario::GetSenderDevice() const
{
    return m_devices.Get(0);
}

Ptr<QueueDisc>
P2pBulkScenario::GetSenderQueueDisc() const
{
    return m_qdisc;
}

Ptr<Socket>
P2pBulkScenario::GetSenderSocket() const
{
    return m_app ? m_app->GetSocket() : nullptr;
}

} // namespace ns3
