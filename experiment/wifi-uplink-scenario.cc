/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "wifi-uplink-scenario.h"

#include "tsq-attribute-defaults.h"
#include "tsq-command-line.h"
#include "tsq-data-error-model.h"
#include "tsq-option-check.h"
#include "tsq-wifi-queue-scheduler.h"
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

const double kNaN = std::numeric_limits<double>::quiet_NaN();
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

void
WifiUplinkScenario::OnSenderTx(uint32_t i, Ptr<const Packet> packet)
{
    m_senderTxBytes[i] += packet->GetSize();
}

bool
WifiUplinkScenario::EveryStationDelivered() const
{
    for (const auto& sink : m_sinks)
    {
        if (sink->GetTotalRx() == 0)
        {
            return false;
        }
    }
    return true;
}

Time
WifiUplinkScenario::LatestWindowStart() const
{
    return m_warmupEnd + Seconds(m_config.warmupExtraS);
}

void
WifiUplinkScenario::TryStartWindow(uint32_t k)
{
    // A station whose first SYN, SYN-ACK or ARP exchange was lost behind
    // the AP's queue of the other stations' ACKs waits out a connection
    // timer (ns-3: 3 s, Linux: 1 s) and would be measured with a fraction
    // of the window. The window waits for every station, on the sample
    // grid counted from --warmup, at most --warmupExtra; a station still
    // silent then fails the run (StartWindow). No warm-up: no wait.
    const Time latest = LatestWindowStart();
    if (m_config.warmupS == 0 || EveryStationDelivered() || Simulator::Now() >= latest)
    {
        StartWindow();
        return;
    }
    const Time next = std::min(latest, m_warmupEnd + Seconds(m_config.sampleIntervalS * (k + 1)));
    Simulator::Schedule(next - Simulator::Now(), &WifiUplinkScenario::TryStartWindow, this, k + 1);
}

void
WifiUplinkScenario::StopSenders()
{
    // What each application's StopApplication does (it is private), by
    // its public byte budget. TCP: no new data, the socket closed (FIN once
    // the buffer is sent) at the application's next send attempt, which
    // finds the budget spent. (ShutdownSend would not do: ns-3's
    // TcpSocketBase::Send adds the data to the buffer before it checks
    // for a shut-down send side.) UDP: no further packet, the OnOff
    // application stops at its next send.
    for (uint32_t i = 0; i < m_senderApps.GetN(); ++i)
    {
        Ptr<Application> app = m_senderApps.Get(i);
        if (Ptr<BulkSendApplication> bulk = DynamicCast<BulkSendApplication>(app))
        {
            bulk->SetMaxBytes(std::max<uint64_t>(m_senderTxBytes[i], 1));
        }
        else if (Ptr<OnOffApplication> onoff = DynamicCast<OnOffApplication>(app))
        {
            onoff->SetMaxBytes(1);
            if (Ptr<Socket> socket = onoff->GetSocket())
            {
                socket->ShutdownSend();
            }
        }
    }
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
    // for ns-3's own socket its "RTT" trace, the estimate (m_lastRtt in 3.37,
    // m_srtt from 3.43 on, where m_lastRtt became the last raw sample).
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
    m_windowStart = Simulator::Now();
    // The window ends with its last sample (Sample(n) calls EndWindow), at
    // windowStart + n * sampleInterval. 1 ns after it: an event scheduled
    // later for the same instant as Stop would not run.
    Simulator::Stop(Seconds(m_config.durationS + m_config.drainS) + NanoSeconds(1));
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        m_rxAtWindowStart[i] = m_sinks[i]->GetTotalRx();
        // Every station associated and sending before it is measured: a
        // station cut off by its BlockAck state, still without an ARP
        // answer or not yet started would make the window measure fewer
        // stations than the run says.
        if (m_config.warmupS > 0 && m_rxAtWindowStart[i] == 0)
        {
            m_silentStations.push_back(i);
        }
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
    if (m_config.precision > 0 && BatchEnds(k))
    {
        EndWindow();
        Simulator::Stop(Seconds(m_config.drainS) + NanoSeconds(1));
        return;
    }
    if (k >= n)
    {
        EndWindow();
        return;
    }
    // Absolute times: no drift over long windows.
    Time next = m_windowStart + Seconds(m_config.sampleIntervalS * (k + 1));
    Simulator::Schedule(next - Simulator::Now(), &WifiUplinkScenario::Sample, this, k + 1);
}

bool
WifiUplinkScenario::BatchEnds(uint32_t k)
{
    const auto perBatch =
        static_cast<uint32_t>(std::lround(m_config.batchS / m_config.sampleIntervalS));
    if (k % perBatch != 0)
    {
        return false;
    }
    // The batch's goodput: the mean of its samples' (each over one
    // sample interval, all stations, as the window's is counted).
    const TsqSeries& goodput = m_series[TsqRunRecord::SERIES_GOODPUT];
    double sum = 0;
    for (auto it = goodput.end() - perBatch; it != goodput.end(); ++it)
    {
        sum += it->second;
    }
    m_batches.Add(sum / perBatch);
    return m_batches.Precise(m_config.precision, m_config.minBatches);
}

void
WifiUplinkScenario::EndWindow()
{
    m_inWindow = false;
    m_windowEnd = Simulator::Now();
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
    StopSenders();
}

void
WifiUplinkScenario::OnPingRtt(TSQ_PING_RTT_ARGS)
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
    // What a run costs in simulation work, whatever the machine's speed.
    result.simEvents = Simulator::GetEventCount();
    result.simTimeS = Simulator::Now().GetSeconds();
    // The window's length: durationS, or shorter where --precision ended it.
    const double windowS = m_windowEnd > m_windowStart ? (m_windowEnd - m_windowStart).GetSeconds()
                                                       : m_config.durationS;
    result.windowS = windowS;
    if (m_batches.GetBatches() > 0)
    {
        result.goodputBatches = m_batches.GetBatches();
        result.goodputHalfWidthMbps = m_batches.HalfWidth();
        result.goodputSeMbps = m_batches.StandardError();
        result.goodputBatchLag1 = m_batches.Lag1();
        result.precisionReached = m_batches.Precise(m_config.precision, m_config.minBatches);
    }
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        uint64_t end = i < m_rxAtWindowEnd.size() ? m_rxAtWindowEnd[i] : m_sinks[i]->GetTotalRx();
        uint64_t bytes = end - m_rxAtWindowStart[i];
        double mbps = bytes * 8.0 / windowS / 1e6;
        result.flowGoodputMbps.push_back(mbps);
        result.goodputMbps += mbps;
    }
    for (const auto& sink : m_sinks)
    {
        result.rxBytes += sink->GetTotalRx();
    }
    result.qdiscPeakPackets = m_qdiscPeak;
    result.silentStations = m_silentStations;
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
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        if (Ptr<WifiTsqAdapter> a = TsqHelper::GetWifiAdapter(m_staDevices.Get(i)))
        {
            result.tsqDeviceHeldBytes +=
                a->GetInFlightBytes() + a->GetPendingBytes() + a->GetUnsentChargedBytes();
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
