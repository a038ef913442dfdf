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
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-tcp-socket-factory.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/tsq-tx-completion.h"
#include "ns3/uinteger.h"
#include TSQ_PING_HELPER_HEADER
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

} // namespace

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

    Config::SetDefault("ns3::TcpL4Protocol::SocketType",
                       TypeIdValue(TypeId::LookupByName(
                           WifiUplinkCongestionControlTypeId(m_config.congestionControl))));
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

    // How long an originator waits for the ADDBA Response, its frames for
    // the TID held meanwhile. mac80211 waits ADDBA_RESP_INTERVAL (HZ, 1 s:
    // net/mac80211/sta_info.h, since its first A-MPDU TX sessions) with
    // the TID's frames on tid_tx->pending; ns-3's 1 ms expires while a
    // busy AP still queues the Response, the station then sends the
    // agreement's starting sequence number without it, the late Response
    // is taken anyway, and the AP's reorder buffer waits for that number
    // for good: the station's TCP gets no ACK again.
    Config::SetDefault("ns3::QosTxop::AddBaResponseTimeout",
                       TimeValue(MilliSeconds(m_config.addbaResponseTimeoutMs)));

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
    if (!m_config.kernelForms.empty())
    {
        tsq.SetSocketAttribute("KernelForms", StringValue(m_config.kernelForms));
    }
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
    tsq.SetSocketAttribute("KsoftirqdCompletions", BooleanValue(m_config.ksoftirqdCompletions));
    tsq.SetSocketAttribute("TxDelay", TimeValue(MicroSeconds(m_config.txDelayUs)));
    tsq.SetPacingShiftPolicy(m_config.pacingShiftPolicy);
    tsq.SetDriverProfile(m_config.driverProfile);
    tsq.SetCompletionLatency(MicroSeconds(m_config.completionLatencyUs));
    if (m_config.ns3Behaviour)
    {
        tsq.SetNs3Behaviour();
    }
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

Ptr<TsqEdcaGate>
WifiUplinkScenario::GetEdcaGate() const
{
    return m_edcaGate;
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
    if (m_config.gateTiming == "edca")
    {
        m_edcaGate = CreateObject<TsqEdcaGate>();
        m_edcaGate->SetAttribute("Seed", UintegerValue(m_config.seed));
        m_edcaGate->SetAttribute("HwDepth", UintegerValue(m_config.gateHwDepth));
        m_edcaGate->SetAttribute("CompletionLatency",
                                 TimeValue(MicroSeconds(m_config.gateCompletionLatencyUs)));
        m_edcaGate->SetQueueDiscs(root(m_p2pStaDevices.Get(0)), root(m_p2pApDevices.Get(0)));
        m_edcaGate->Start(Seconds(kAppStartS) - MilliSeconds(10));
        return;
    }
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
    // 5 GHz, the lowest channel of each width (36, 38, 42, 50).
    std::string channelSettings;
    switch (m_config.channelWidth)
    {
    case 20:
        channelSettings = "{36, 20, BAND_5GHZ, 0}";
        break;
    case 40:
        channelSettings = "{38, 40, BAND_5GHZ, 0}";
        break;
    case 80:
        channelSettings = "{42, 80, BAND_5GHZ, 0}";
        break;
    default:
        channelSettings = "{50, 160, BAND_5GHZ, 0}";
        break;
    }
    phy.Set("ChannelSettings", StringValue(channelSettings));
    phy.Set("Antennas", UintegerValue(m_config.nss));
    phy.Set("MaxSupportedTxSpatialStreams", UintegerValue(m_config.nss));
    phy.Set("MaxSupportedRxSpatialStreams", UintegerValue(m_config.nss));

    // The A-MPDU limits the MAC uses are the core's largest of the format
    // (the accounting takes the agreed ones per PSDU, which cannot exceed
    // them): A-MPDU length and BlockAck buffer.
    const tsq_ampdu_format format = m_config.AmpduFormat();
    tsq_ampdu_limits limits{};
    tsq_ampdu_limits_max(format, &limits);
    // A changed default (e.g. ath9k's 32-subframe cap) is the user's
    // choice, recorded in attribute_overrides; the accounting then takes
    // the length ns-3's aggregator uses.
    const auto changed = TsqChangedAttributeDefaults();
    const bool userAmpduSize = std::any_of(changed.begin(), changed.end(), [](const auto& c) {
        return c.first == "ns3::WifiMac::BE_MaxAmpduSize";
    });

    WifiHelper wifi;
    if (m_config.standard == "80211ax")
    {
        wifi.SetStandard(WIFI_STANDARD_80211ax);
    }
    else if (m_config.standard == "80211ac")
    {
        wifi.SetStandard(WIFI_STANDARD_80211ac);
    }
    else
    {
        wifi.SetStandard(WIFI_STANDARD_80211n);
    }
    if (m_config.minstrel)
    {
        // ns-3's MinstrelHt has HT, VHT and HE groups (3.37 and later).
        wifi.SetRemoteStationManager("ns3::MinstrelHtWifiManager");
    }
    else
    {
        const std::string control = m_config.standard == "80211ax"   ? "HeMcs0"
                                    : m_config.standard == "80211ac" ? "VhtMcs0"
                                                                     : "HtMcs0";
        wifi.SetRemoteStationManager("ns3::ConstantRateWifiManager",
                                     "DataMode",
                                     StringValue(m_config.DataModeName()),
                                     "ControlMode",
                                     StringValue(control));
    }
    wifi.ConfigHtOptions("ShortGuardIntervalSupported", BooleanValue(m_config.shortGuardInterval));
    if (m_config.standard == "80211ax")
    {
        wifi.ConfigHeOptions("GuardInterval",
                             TimeValue(NanoSeconds(m_config.heGuardIntervalNs))
#if !TSQ_NS3_MAC_MPDU_BUFFER
                                 ,
                             "MpduBufferSize",
                             UintegerValue(limits.max_mpdus)
#endif
        );
    }

    WifiMacHelper mac;
    if (m_config.macQueueScheduler == "tsq")
    {
        // ns-3 3.37's FCFS scheduler makes room for a management frame in
        // a full queue by dropping an MPDU the BlockAck state still waits
        // for, and never tells it: the station behind that queue is cut
        // off for good (see TsqWifiQueueScheduler).
        mac.SetMacQueueScheduler("ns3::TsqWifiQueueScheduler");
    }
    Ssid ssid("tsq");
    for (const char* type : {"ns3::StaWifiMac", "ns3::ApWifiMac"})
    {
        mac.SetType(type,
                    "Ssid",
                    SsidValue(ssid)
#if TSQ_NS3_MAC_MPDU_BUFFER
                        ,
                    "MpduBufferSize",
                    UintegerValue(limits.max_mpdus)
#endif
        );
        if (std::string(type) == "ns3::StaWifiMac")
        {
            m_staDevices = wifi.Install(phy, mac, m_stations);
        }
        else
        {
            m_apDevice = wifi.Install(phy, mac, m_ap);
        }
    }
    if (!userAmpduSize)
    {
        // Before the first beacon: the capabilities advertise it.
        NetDeviceContainer all(m_staDevices, m_apDevice);
        for (uint32_t i = 0; i < all.GetN(); ++i)
        {
            DynamicCast<WifiNetDevice>(all.Get(i))
                ->GetMac()
                ->SetAttribute("BE_MaxAmpduSize", UintegerValue(limits.max_bytes));
        }
    }
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
        positions->Add(
            Vector(m_config.distanceM * std::cos(angle), m_config.distanceM * std::sin(angle), 0));
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
        // No stop time: the window's opening is known only when it comes
        // (TryStartWindow); EndWindow stops the senders.
        app.Start(start + MilliSeconds(10 * i));
        app.Get(0)->TraceConnectWithoutContext(
            "Tx",
            MakeCallback(&WifiUplinkScenario::OnSenderTx, this).Bind(i));
        m_senderApps.Add(app);
    }
    m_sockets.assign(m_config.nSta, SocketState());
    m_senderTxBytes.assign(m_config.nSta, 0);
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

    m_warmupEnd = start + Seconds(m_config.warmupS);
    if (m_config.pingIntervalS > 0)
    {
        TSQ_PING_HELPER ping(serverAddress);
        TSQ_PING_SILENCE(ping);
        ping.SetAttribute("Interval", TimeValue(Seconds(m_config.pingIntervalS)));
        // It pings until the simulation stops (drain included); only the
        // window's replies count (OnPingRtt). Its stop is the latest end
        // the run can have (3.43's Ping sizes its records from it).
        ApplicationContainer app = ping.Install(m_stations.Get(0));
        app.Start(start);
        app.Stop(LatestWindowStart() + Seconds(m_config.durationS + m_config.drainS) +
                 NanoSeconds(1));
        app.Get(0)->TraceConnectWithoutContext("Rtt",
                                               MakeCallback(&WifiUplinkScenario::OnPingRtt, this));
    }
    m_rxAtWindowStart.assign(m_config.nSta, 0);
    Simulator::Schedule(m_warmupEnd, &WifiUplinkScenario::TryStartWindow, this, 0);
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
