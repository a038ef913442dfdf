/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-scenario.h"

#include "ns3/boolean.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/log.h"
#include "ns3/mobility-helper.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/ssid.h"
#include "ns3/string.h"
#include "ns3/tcp-socket.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/uinteger.h"
#include "ns3/v4ping-helper.h"
#include "ns3/v4ping.h"
#include "ns3/wifi-helper.h"
#include "ns3/wifi-mac-helper.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-psdu.h"
#include "ns3/yans-wifi-helper.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("WifiUplinkScenario");

namespace
{

const uint16_t kBasePort = 5000;
const double kAppStartS = 0.5; //!< applications start, s (after association)

/* "name=value is out of range: allowed RANGE" */
template <typename T>
std::string
OutOfRange(const char* name, const T& value, const char* range)
{
    std::ostringstream os;
    os << "invalid option: " << name << "=" << value << " is out of range; allowed: " << range;
    return os.str();
}

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

} // namespace

void
WifiUplinkConfig::AddToCommandLine(CommandLine& cmd)
{
    cmd.AddValue("nSta", "number of uploading stations (1..64)", nSta);
    cmd.AddValue("mcs", "HT MCS index of the constant-rate manager (0..7)", mcs);
    cmd.AddValue("channelWidth", "channel width in MHz (20 or 40)", channelWidth);
    cmd.AddValue("shortGi", "use the 400 ns short guard interval", shortGuardInterval);
    cmd.AddValue("minstrel", "use Minstrel-HT rate control instead of a constant rate", minstrel);
    cmd.AddValue("wiredServer", "put the TCP receiver on a wired host behind the AP", wiredServer);
    cmd.AddValue("queueDisc", "root queue discs: fq_codel (ns-3 default) or pfifo_fast", queueDisc);
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
}

std::string
WifiUplinkConfig::Validate() const
{
    if (nSta < 1 || nSta > 64)
    {
        return OutOfRange("nSta", nSta, "1..64");
    }
    if (mcs > 7)
    {
        return OutOfRange("mcs", mcs, "0..7 (one spatial stream)");
    }
    if (channelWidth != 20 && channelWidth != 40)
    {
        return OutOfRange("channelWidth", channelWidth, "20 or 40");
    }
    if (queueDisc != "fq_codel" && queueDisc != "pfifo_fast")
    {
        return OutOfRange("queueDisc", queueDisc, "fq_codel or pfifo_fast");
    }
    if (CongestionControlTypeId(congestionControl).empty())
    {
        return OutOfRange("cc", congestionControl, "cubic, newreno or bbr");
    }
    TypeId factory;
    if (!TypeId::LookupByNameFailSafe(socketFactory, &factory) ||
        !factory.IsChildOf(TypeId::LookupByName("ns3::SocketFactory")))
    {
        return OutOfRange("socketFactory", socketFactory, "the TypeId of a SocketFactory");
    }
    if (segmentSize < 536 || segmentSize > 8960)
    {
        return OutOfRange("segmentSize", segmentSize, "536..8960");
    }
    if (sndBufBytes < 4096 || sndBufBytes > (1U << 30))
    {
        return OutOfRange("sndBuf", sndBufBytes, "4096..1073741824");
    }
    if (rcvBufBytes < 4096 || rcvBufBytes > (1U << 30))
    {
        return OutOfRange("rcvBuf", rcvBufBytes, "4096..1073741824");
    }
    if (!(durationS >= 0.1 && durationS <= 3600))
    {
        return OutOfRange("duration", durationS, "0.1..3600");
    }
    if (!(warmupS >= 0 && warmupS <= 600))
    {
        return OutOfRange("warmup", warmupS, "0..600");
    }
    if (!(pingIntervalS == 0 || (pingIntervalS >= 0.01 && pingIntervalS <= 10)))
    {
        return OutOfRange("pingInterval", pingIntervalS, "0 (off) or 0.01..10");
    }
    if (seed < 1 || seed > 0x7fffffffU)
    {
        return OutOfRange("seed", seed, "1..2147483647");
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
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(m_config.segmentSize));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(m_config.sndBufBytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(m_config.rcvBufBytes));
    // Linux's initial SYN retransmission timeout (TCP_TIMEOUT_INIT, 1 s)
    // instead of ns-3's 3 s.
    Config::SetDefault("ns3::TcpSocket::ConnTimeout", TimeValue(Seconds(1)));

    m_stations.Create(m_config.nSta);
    m_ap = CreateObject<Node>();
    m_server = m_config.wiredServer ? CreateObject<Node>() : m_ap;

    InstallWifi();
    InstallStacks();
    InstallApplications();
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

    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        Ptr<WifiNetDevice> dev = DynamicCast<WifiNetDevice>(m_staDevices.Get(i));
        dev->GetPhy()->TraceConnectWithoutContext(
            "PhyTxPsduBegin",
            MakeCallback(&WifiUplinkScenario::OnPsduBegin, this));
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

    if (m_config.queueDisc == "pfifo_fast")
    {
        // The article's second try: pfifo_fast under mq on the WiFi queues.
        TrafficControlHelper mq;
        uint16_t handle = mq.SetRootQueueDisc("ns3::MqQueueDisc");
        TrafficControlHelper::ClassIdList classes =
            mq.AddQueueDiscClasses(handle, 4, "ns3::QueueDiscClass");
        mq.AddChildQueueDiscs(handle, classes, "ns3::PfifoFastQueueDisc");
        mq.Install(m_staDevices);
        mq.Install(m_apDevice);
        if (m_config.wiredServer)
        {
            TrafficControlHelper fifo;
            fifo.SetRootQueueDisc("ns3::PfifoFastQueueDisc");
            fifo.Install(wired);
        }
    }

    Ipv4AddressHelper address;
    address.SetBase("10.1.0.0", "255.255.0.0");
    address.Assign(m_apDevice);
    address.Assign(m_staDevices);
    if (m_config.wiredServer)
    {
        address.SetBase("10.2.0.0", "255.255.255.0");
        address.Assign(wired);
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }
}

void
WifiUplinkScenario::InstallApplications()
{
    Ptr<Ipv4> ipv4 = m_server->GetObject<Ipv4>();
    // The wired host's address is on its only non-loopback interface (1);
    // the AP's WiFi address also sits on interface 1.
    Ipv4Address serverAddress = ipv4->GetAddress(1, 0).GetLocal();
    // Stations associate about 120 ms in; a SYN sent before that is lost
    // and waits for the SYN retransmission timer.
    Time start = Seconds(kAppStartS);
    Time stop = start + Seconds(m_config.warmupS + m_config.durationS);

    for (uint32_t i = 0; i < m_config.nSta; ++i)
    {
        uint16_t port = kBasePort + i;
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sink.Install(m_server);
        sinkApp.Start(Seconds(0));
        m_sinks.push_back(DynamicCast<PacketSink>(sinkApp.Get(0)));

        BulkSendHelper bulk(m_config.socketFactory, InetSocketAddress(serverAddress, port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        bulk.SetAttribute("SendSize", UintegerValue(m_config.segmentSize * 10));
        ApplicationContainer app = bulk.Install(m_stations.Get(i));
        app.Start(start + MilliSeconds(10 * i));
        app.Stop(stop);
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
    Simulator::Schedule(start + Seconds(m_config.warmupS), &WifiUplinkScenario::StartWindow, this);
    Simulator::Stop(stop);
}

void
WifiUplinkScenario::StartWindow()
{
    m_inWindow = true;
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        m_rxAtWindowStart[i] = m_sinks[i]->GetTotalRx();
    }
}

void
WifiUplinkScenario::OnPsduBegin(WifiConstPsduMap psdus, WifiTxVector, double)
{
    if (!m_inWindow)
    {
        return;
    }
    for (const auto& entry : psdus)
    {
        Ptr<const WifiPsdu> psdu = entry.second;
        if (psdu->GetNMpdus() > 0 && psdu->GetHeader(0).IsQosData())
        {
            ++m_psduCount;
            m_mpduCount += psdu->GetNMpdus();
        }
    }
}

void
WifiUplinkScenario::OnPingRtt(Time rtt)
{
    if (m_inWindow)
    {
        m_pingSumMs += rtt.GetSeconds() * 1000.0;
        ++m_pingCount;
    }
}

WifiUplinkResult
WifiUplinkScenario::Run()
{
    Simulator::Run();
    WifiUplinkResult result;
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        uint64_t bytes = m_sinks[i]->GetTotalRx() - m_rxAtWindowStart[i];
        double mbps = bytes * 8.0 / m_config.durationS / 1e6;
        result.flowGoodputMbps.push_back(mbps);
        result.goodputMbps += mbps;
    }
    result.pingReplies = m_pingCount;
    result.pingRttMsMean = m_pingCount ? m_pingSumMs / m_pingCount : 0;
    result.dataPsdus = m_psduCount;
    result.ampduMpdusMean = m_psduCount ? double(m_mpduCount) / m_psduCount : 0;
    return result;
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
    return m_staDevices;
}

} // namespace ns3
