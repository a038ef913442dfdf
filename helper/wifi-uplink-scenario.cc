/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-scenario.h"

#include "tsq/completion.h"
#include "tsq/profile.h"
#include "tsq/rules.h"

#include "ns3/boolean.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/command-line.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/error-model.h"
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
#include "ns3/tsq-core-names.h"
#include "ns3/tsq-helper.h"
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
#include "ns3/yans-wifi-helper.h"

#include <cstdlib>
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

/* "profile", "none" or an integer 0..31 */
bool
ValidDeviceShift(const std::string& value)
{
    if (value == "profile" || value == "none")
    {
        return true;
    }
    char* end = nullptr;
    unsigned long shift = std::strtoul(value.c_str(), &end, 10);
    return !value.empty() && *end == '\0' && shift <= TSQ_SHIFT_MAX;
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
    cmd.AddValue("drain", "simulated seconds after the apps stop (0..600)", drainS);
    cmd.AddValue("tsq", "TSQ socket and adapters (false: plain socketFactory)", tsq);
    cmd.AddValue("kernelProfile",
                 "kernel profile of sockets and devices (core name)",
                 kernelProfile);
    cmd.AddValue("rule", "TSQ rule id (empty: the kernel profile's)", tsqRule);
    cmd.AddValue("shift",
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
    cmd.AddValue("apRxErrorRate", "MPDU error rate at the AP's receiver (0..0.9)", apRxErrorRate);
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
    if (!(drainS >= 0 && drainS <= 600))
    {
        return OutOfRange("drain", drainS, "0..600");
    }
    if (!tsq_profile_find(kernelProfile.c_str()))
    {
        return OutOfRange("kernelProfile", kernelProfile, TsqProfileNames().c_str());
    }
    enum tsq_rule rule;
    if (!tsqRule.empty() && tsq_rule_from_id(tsqRule.c_str(), &rule) != TSQ_OK)
    {
        return OutOfRange("rule", tsqRule, ("empty or " + TsqRuleIds()).c_str());
    }
    if (!ValidDeviceShift(deviceShift))
    {
        return OutOfRange("shift", deviceShift, "profile, none or 0..31");
    }
    if (!tsq_driver_profile_find(driverProfile.c_str()))
    {
        char names[256];
        tsq_driver_profile_names(names, sizeof(names));
        return OutOfRange("driver", driverProfile, names);
    }
    if (!(completionLatencyUs >= 0 && completionLatencyUs <= 100000))
    {
        return OutOfRange("latencyUs", completionLatencyUs, "0..100000");
    }
    if (floorBytes > TSQ_FLOOR_MAX)
    {
        return OutOfRange("floor", floorBytes, "0..1073741823");
    }
    if (limitOutputBytes > TSQ_LOB_MAX)
    {
        return OutOfRange("limitOutputBytes", limitOutputBytes, "0..2147483647");
    }
    if (!(apRxErrorRate >= 0 && apRxErrorRate <= 0.9))
    {
        return OutOfRange("apRxErrorRate", apRxErrorRate, "0..0.9");
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
    InstallTsq();
    InstallApplications();
}

void
WifiUplinkScenario::InstallTsq()
{
    if (!m_config.tsq)
    {
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
    tsq.SetDeviceShift(m_config.deviceShift);
    tsq.SetDriverProfile(m_config.driverProfile);
    tsq.SetCompletionLatency(MicroSeconds(m_config.completionLatencyUs));
    tsq.Install(m_stations);
    tsq.Install(m_ap);
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
        // Lossy uplink: MPDUs lost at the AP's receiver force MAC retries
        // and, at the retry limit, drops at the stations.
        Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
        em->SetAttribute("ErrorUnit", StringValue("ERROR_UNIT_PACKET"));
        em->SetAttribute("ErrorRate", DoubleValue(m_config.apRxErrorRate));
        Ptr<WifiNetDevice> apDev = DynamicCast<WifiNetDevice>(m_apDevice.Get(0));
        apDev->GetPhy()->SetPostReceptionErrorModel(em);
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

        BulkSendHelper bulk(m_config.tsq ? "ns3::TsqTcpSocketFactory" : m_config.socketFactory,
                            InetSocketAddress(serverAddress, port));
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
    Simulator::Schedule(stop, &WifiUplinkScenario::EndWindow, this);
    Simulator::Stop(stop + Seconds(m_config.drainS));
}

void
WifiUplinkScenario::StartWindow()
{
    m_inWindow = true;
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        m_rxAtWindowStart[i] = m_sinks[i]->GetTotalRx();
    }
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        if (Ptr<WifiTsqAdapter> adapter = TsqHelper::GetWifiAdapter(m_staDevices.Get(i)))
        {
            adapter->ResetAmpduStats();
        }
    }
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
    // The adapter's statistics stop with the window, as the scenario's own.
    Ptr<WifiTsqAdapter> a =
        m_staDevices.GetN() ? TsqHelper::GetWifiAdapter(m_staDevices.Get(0)) : nullptr;
    if (a)
    {
        m_coreMpdusMean = a->GetMeanMpdusPerAmpdu();
        m_byteFill = a->GetByteFillRatio();
        m_starved = a->GetStarvedPsdus();
        m_starvedTsq = a->GetStarvedTsqPsdus();
        m_histogram = a->GetAmpduHistogram();
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
        uint64_t end = i < m_rxAtWindowEnd.size() ? m_rxAtWindowEnd[i] : m_sinks[i]->GetTotalRx();
        uint64_t bytes = end - m_rxAtWindowStart[i];
        double mbps = bytes * 8.0 / m_config.durationS / 1e6;
        result.flowGoodputMbps.push_back(mbps);
        result.goodputMbps += mbps;
    }
    result.pingReplies = m_pingCount;
    result.pingRttMsMean = m_pingCount ? m_pingSumMs / m_pingCount : 0;
    result.dataPsdus = m_psduCount;
    result.ampduMpdusMean = m_psduCount ? double(m_mpduCount) / m_psduCount : 0;
    result.coreMpdusMean = m_coreMpdusMean;
    result.ampduByteFill = m_byteFill;
    result.starvedPsdus = m_starved;
    result.starvedTsqPsdus = m_starvedTsq;
    result.ampduHistogram = m_histogram;
    for (uint32_t i = 0; i < m_stations.GetN(); ++i)
    {
        for (const auto& socket : TsqHelper::GetSockets(m_stations.Get(i)))
        {
            TsqSocketStats st = socket->GetStats();
            result.tsqChargedBytes += st.chargedBytes;
            result.tsqReleasedBytes += st.releasedBytes;
            result.tsqQueuedBytes += st.queuedBytes;
            if (i == 0 && result.socketPacingShift == 0)
            {
                result.socketPacingShift = socket->GetPacingShift();
            }
        }
        if (Ptr<TsqTxCompletion> completion = TsqHelper::GetTxCompletion(m_stations.Get(i)))
        {
            result.tsqOrphanBytes += completion->GetOrphanBytes();
        }
    }
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
