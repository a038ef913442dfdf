/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-test-suite.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/packet.h"
#include "ns3/qos-txop.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/test.h"
#include "ns3/tsq-data-error-model.h"
#include "ns3/tsq-helper.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/uinteger.h"
#include "ns3/wifi-mac-header.h"
#include "ns3/wifi-mac-queue.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-tsq-adapter.h"
#include "ns3/wifi-uplink-scenario.h"

#include <algorithm>
#include <cmath>
#include <vector>

/**
 * \file
 * \ingroup tsq-tests
 * WiFi starvation mechanism: a short 802.11n HT40 SGI MCS7
 * upload (STA -> AP) through the TSQ socket with Linux-sized buffers.
 */

namespace ns3
{

namespace
{

/**
 * One 2 s (after 1 s of warm-up) upload with TSQ, linux-4.16.
 * \param shift the device's pacing-shift policy
 * \param driver the driver completion profile
 * \return the result
 */
WifiUplinkResult
RunUpload(const std::string& shift, const std::string& driver)
{
    WifiUplinkConfig config;
    config.durationS = 2.0;
    config.warmupS = 1.0;
    config.pingIntervalS = 0;
    config.seed = 1;
    config.pacingShiftPolicy = shift;
    config.driverProfile = driver;
    WifiUplinkScenario scenario(config);
    scenario.Build();
    WifiUplinkResult result = scenario.Run();
    Simulator::Destroy();
    return result;
}

} // namespace

/**
 * \ingroup tsq-tests
 * One standard at its top MCS (one stream, HT40 / VHT80 / HE80) with a large
 * TSQ budget (linux-6.16, device shift 6): the upload reaches at least 70% of the PHY
 * rate; the MAC is given the core's limits of the standard (A-MPDU length
 * and BlockAck buffer) and the agreement uses them; the accounting counts
 * every data PSDU ns-3's PHY sends with its MPDU count, and the aggregates
 * come near one of the limits.
 */
class TsqWifiStandardTestCase : public TestCase
{
  public:
    /** \param standard 80211n, 80211ac or 80211ax */
    TsqWifiStandardTestCase(std::string standard)
        : TestCase(standard + " at its top MCS: 70% of the PHY rate, the MAC and the accounting "
                              "on the standard's limits"),
          m_standard(standard)
    {
    }

  private:
    void OnPhyPsdu(WifiConstPsduMap psdus, WifiTxVector, double)
    {
        for (const auto& [id, psdu] : psdus)
        {
            if (psdu && psdu->GetNMpdus() > 0 && psdu->GetHeader(0).IsQosData() &&
                !psdu->GetAddr1().IsGroup())
            {
                m_phyMpdus.push_back(static_cast<uint32_t>(psdu->GetNMpdus()));
            }
        }
    }

    void OnAmpdu(uint32_t mpdus, uint32_t, bool)
    {
        m_countedMpdus.push_back(mpdus);
    }

    void DoRun() override
    {
        WifiUplinkConfig config;
        config.standard = m_standard;
        config.channelWidth = m_standard == "80211n" ? 40 : 80;
        config.mcs = m_standard == "80211n" ? 7 : (m_standard == "80211ac" ? 9 : 11);
        config.durationS = 2.0;
        config.warmupS = 1.0;
        config.pingIntervalS = 0;
        // A large budget: shift 6 under linux-6.16's 4 MB
        // tcp_limit_output_bytes (linux-4.16's 256 KB hold an HE station
        // under ~100 of its 256 MPDUs).
        config.kernelProfile = "linux-6.16";
        config.pacingShiftPolicy = "6";
        config.driverProfile = m_standard == "80211ax" ? "mt76" : "ns3";
        WifiUplinkScenario scenario(config);
        scenario.Build();
        Ptr<WifiNetDevice> sta = DynamicCast<WifiNetDevice>(scenario.GetStationDevices().Get(0));
        sta->GetPhy()->TraceConnectWithoutContext(
            "PhyTxPsduBegin",
            MakeCallback(&TsqWifiStandardTestCase::OnPhyPsdu, this));
        Ptr<WifiTsqAdapter> adapter = TsqHelper::GetWifiAdapter(sta);
        NS_TEST_ASSERT_MSG_NE(adapter, nullptr, "the station has no adapter");
        adapter->TraceConnectWithoutContext("Ampdu",
                                            MakeCallback(&TsqWifiStandardTestCase::OnAmpdu, this));
        WifiUplinkResult r = scenario.Run();

        tsq_ampdu_limits lim{};
        NS_TEST_ASSERT_MSG_EQ(tsq_ampdu_limits_max(config.AmpduFormat(), &lim), 0, "core limits");
        UintegerValue maxAmpdu;
        sta->GetMac()->GetAttribute("BE_MaxAmpduSize", maxAmpdu);
        NS_TEST_ASSERT_MSG_EQ(maxAmpdu.Get(), lim.max_bytes, "the MAC's A-MPDU length");
        Mac48Address ap = DynamicCast<WifiNetDevice>(scenario.GetAccessPoint()->GetDevice(0))
                              ->GetMac()
                              ->GetAddress();
        Ptr<QosTxop> be = sta->GetMac()->GetQosTxop(AC_BE);
        // 0 without an agreement
        NS_TEST_ASSERT_MSG_EQ(be->GetBaBufferSize(ap, 0), lim.max_mpdus, "the agreed buffer");

        // Every data PSDU on air counted once, with ns-3's MPDU count.
        NS_TEST_ASSERT_MSG_GT(m_phyMpdus.size(), 100, "too few PSDUs");
        NS_TEST_ASSERT_MSG_EQ(m_countedMpdus.size(), m_phyMpdus.size(), "PSDUs counted");
        NS_TEST_ASSERT_MSG_EQ((m_countedMpdus == m_phyMpdus), true, "MPDUs per PSDU differ");
        uint32_t largest = *std::max_element(m_phyMpdus.begin(), m_phyMpdus.end());
        NS_TEST_ASSERT_MSG_LT_OR_EQ(largest, lim.max_mpdus, "an A-MPDU above the window");

        const double phy = config.PhyRateMbps();
        const double mpduFill = r.ampduMpdusMean / lim.max_mpdus;
        std::cout << m_standard << ": " << r.goodputMbps << " of " << phy << " Mb/s, "
                  << r.ampduMpdusMean << " MPDUs per A-MPDU (window " << lim.max_mpdus
                  << "), byte fill " << r.ampduByteFill << ", largest " << largest << std::endl;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.goodputMbps, 0.7 * phy, "below 70% of the PHY rate");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(std::max(mpduFill, r.ampduByteFill),
                                    0.6,
                                    "aggregates far from every limit");
        Simulator::Destroy();
    }

    std::string m_standard;               //!< 80211n, 80211ac or 80211ax
    std::vector<uint32_t> m_phyMpdus;     //!< MPDUs of each data PSDU ns-3 sent
    std::vector<uint32_t> m_countedMpdus; //!< MPDUs of each PSDU the adapter counted
};

/**
 * \ingroup tsq-tests
 * Shift 8 -> 13 shrinks the aggregates at least 3x; shift 8 -> 14 costs at
 * least 30% of the goodput (ns-3's MAC starves one shift later than the
 * issue's "13": see the report).
 */
class TsqWifiStarvationTestCase : public TestCase
{
  public:
    TsqWifiStarvationTestCase()
        : TestCase("shift 8 to 13 and 14: smaller aggregates, lower goodput")
    {
    }

  private:
    void DoRun() override
    {
        WifiUplinkResult s8 = RunUpload("8", "ns3");
        WifiUplinkResult s13 = RunUpload("13", "ns3");
        WifiUplinkResult s14 = RunUpload("14", "ns3");
        NS_TEST_ASSERT_MSG_GT(s8.goodputMbps, 100.0, "shift 8 should fill the 150 Mb/s link");
        NS_TEST_ASSERT_MSG_GT(s8.ampduMpdusMean, 30.0, "shift 8 should aggregate fully");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(s8.ampduMpdusMean,
                                    3.0 * s13.ampduMpdusMean,
                                    "MPDUs per A-MPDU must fall >= 3x from shift 8 to 13 ("
                                        << s8.ampduMpdusMean << " -> " << s13.ampduMpdusMean
                                        << ")");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(s14.goodputMbps,
                                    0.7 * s8.goodputMbps,
                                    "goodput must fall >= 30% from shift 8 to 14 ("
                                        << s8.goodputMbps << " -> " << s14.goodputMbps << ")");
        NS_TEST_ASSERT_MSG_LT(s13.goodputMbps, s8.goodputMbps, "shift 13 must cost goodput");
        NS_TEST_ASSERT_MSG_GT(s13.starvedTsqPsdus, 0u, "shift 13: PSDUs while throttled");
    }
};

/**
 * \ingroup tsq-tests
 * The ath9k completion model (depth 2) starves at least as much as ns-3's
 * just-in-time MAC (depth 1): at shift 11 (where the pipeline matters)
 * its aggregates are at least 10% smaller and its goodput not higher.
 */
class TsqWifiDriverProfileTestCase : public TestCase
{
  public:
    TsqWifiDriverProfileTestCase()
        : TestCase("ath9k starves at least as much as ns3")
    {
    }

  private:
    void DoRun() override
    {
        WifiUplinkResult ns3 = RunUpload("11", "ns3");
        WifiUplinkResult ath9k = RunUpload("11", "ath9k");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ath9k.ampduMpdusMean,
                                    0.9 * ns3.ampduMpdusMean,
                                    "shift 11: ath9k " << ath9k.ampduMpdusMean << " vs ns3 "
                                                       << ns3.ampduMpdusMean << " MPDUs");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ath9k.goodputMbps,
                                    1.01 * ns3.goodputMbps,
                                    "shift 11: ath9k goodput above ns3's");
        // Not asserted at shift 13: there ath9k's aggregates were larger
        // (13.4 vs 10.2 MPDUs at seed 1); see the report.
    }
};

/**
 * \ingroup tsq-tests
 * mac80211's sk_pacing_shift_update: the socket starts at 10, takes the
 * device's value (8 in linux-4.16) with its first frame to the AP, written
 * once; over point-to-point it stays 10.
 */
class TsqWifiShiftPolicyTestCase : public TestCase
{
  public:
    TsqWifiShiftPolicyTestCase()
        : TestCase("socket shift: device value over WiFi, 10 over point-to-point")
    {
    }

  private:
    void OnShift(uint32_t, uint32_t newValue)
    {
        m_shifts.push_back(newValue);
        m_shiftTimes.push_back(Simulator::Now());
    }

    void OnAdapterShift(uint64_t, uint32_t)
    {
        ++m_adapterWrites;
    }

    void OnFirstFrame(Ptr<const WifiMpdu>)
    {
        if (m_firstFrame.IsZero())
        {
            m_firstFrame = Simulator::Now();
        }
    }

    void DoRun() override
    {
        WifiUplinkConfig config;
        config.durationS = 0.5;
        config.warmupS = 0.2;
        config.pingIntervalS = 0;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        Ptr<WifiTsqAdapter> adapter =
            TsqHelper::GetWifiAdapter(scenario.GetStationDevices().Get(0));
        NS_TEST_ASSERT_MSG_NE(adapter, nullptr, "no adapter on the station");
        NS_TEST_ASSERT_MSG_EQ(adapter->GetPacingShiftPolicy(), 8, "linux-4.16's mac80211 shift");
        adapter->TraceConnectWithoutContext(
            "PacingShiftUpdate",
            MakeCallback(&TsqWifiShiftPolicyTestCase::OnAdapterShift, this));
        // The socket exists once BulkSend starts (0.5 s): hook it then.
        Ptr<Node> sta = scenario.GetStations().Get(0);
        Simulator::Schedule(Seconds(0.5) + NanoSeconds(1), [this, sta]() {
            auto sockets = TsqHelper::GetSockets(sta);
            NS_TEST_ASSERT_MSG_EQ(sockets.size(), 1u, "one TSQ socket");
            if (!sockets.empty())
            {
                m_initial = sockets[0]->GetPacingShift();
                sockets[0]->TraceConnectWithoutContext(
                    "PacingShift",
                    MakeCallback(&TsqWifiShiftPolicyTestCase::OnShift, this));
            }
        });
        DynamicCast<WifiNetDevice>(scenario.GetStationDevices().Get(0))
            ->GetMac()
            ->GetTxopQueue(AC_BE)
            ->TraceConnectWithoutContext(
                "Enqueue",
                MakeCallback(&TsqWifiShiftPolicyTestCase::OnFirstFrame, this));
        WifiUplinkResult result = scenario.Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(m_initial, 10u, "sockets start at sk_pacing_shift 10");
        NS_TEST_ASSERT_MSG_EQ(m_shifts.size(), 1u, "the shift is written once");
        if (!m_shifts.empty())
        {
            NS_TEST_ASSERT_MSG_EQ(m_shifts[0], 8u, "the device's value");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(m_shiftTimes[0], m_firstFrame, "not before a frame");
        }
        NS_TEST_ASSERT_MSG_EQ(m_adapterWrites, 1u, "the adapter wrote once");
        NS_TEST_ASSERT_MSG_EQ(result.socketPacingShift, 8u, "8 at the end");

        // Point-to-point: no device policy, the shift stays 10.
        WifiUplinkConfig p2p;
        p2p.link = "p2p";
        p2p.p2pRateMbps = 100;
        p2p.p2pDelayUs = 5000;
        p2p.warmupS = 0;
        p2p.durationS = 0.5;
        p2p.drainS = 0.2;
        p2p.pingIntervalS = 0;
        WifiUplinkScenario wired(p2p);
        wired.Build();
        uint32_t wiredShift = 0;
        Simulator::Schedule(WifiUplinkScenario::GetAppStart() + Seconds(0.3),
                            [&wiredShift, &wired]() {
                                auto sockets = TsqHelper::GetSockets(wired.GetStations().Get(0));
                                if (!sockets.empty())
                                {
                                    wiredShift = sockets[0]->GetPacingShift();
                                }
                            });
        WifiUplinkResult wiredResult = wired.Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT(wiredResult.rxBytes, 0u, "the wired transfer moved data");
        NS_TEST_ASSERT_MSG_EQ(wiredShift, 10u, "point-to-point leaves the shift at 10");
    }

    std::vector<uint32_t> m_shifts; //!< shift values written
    std::vector<Time> m_shiftTimes; //!< when
    uint32_t m_initial{0};          //!< shift when the socket appeared
    uint32_t m_adapterWrites{0};    //!< adapter PacingShiftUpdate events
    Time m_firstFrame;              //!< first frame queued at the MAC
};

/**
 * \ingroup tsq-tests
 * Linux 4.x HyStart (LinuxHyStart) on the raw RTT samples the socket keeps
 * (TsqRttSampleEstimator): over WiFi the ACKs of an aggregate come in
 * trains, so CUBIC leaves slow start on the ACK-train test, above
 * hystart_low_window and before any loss. Fails if the samples stop
 * reaching the wrapper (no delay_min: HyStart never fires).
 */
class TsqWifiHyStartTestCase : public TestCase
{
  public:
    TsqWifiHyStartTestCase()
        : TestCase("Linux HyStart on raw RTT samples leaves slow start without loss")
    {
    }

  private:
    void DoSetup() override
    {
        TypeId::AttributeInformation info;
        TsqTcpSocket::GetTypeId().LookupAttributeByName("LinuxHyStart", &info);
        m_hyStartDefault = info.initialValue;
    }

    void DoTeardown() override
    {
        // The default as this case found it, whether DoRun ended or not.
        Config::SetDefault("ns3::TsqTcpSocket::LinuxHyStart", *m_hyStartDefault);
    }

    void OnSsThresh(uint32_t, uint32_t newValue)
    {
        if (m_exit.IsZero() && newValue < 1000000)
        {
            m_exit = Simulator::Now();
            m_exitSsThresh = newValue;
            m_lossBeforeExit = m_loss;
        }
    }

    void OnCongState(TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t newValue)
    {
        if (newValue == TcpSocketState::CA_RECOVERY || newValue == TcpSocketState::CA_LOSS)
        {
            m_loss = true;
        }
    }

    void DoRun() override
    {
        Config::SetDefault("ns3::TsqTcpSocket::LinuxHyStart", BooleanValue(true));
        WifiUplinkConfig config;
        config.durationS = 0.5;
        config.warmupS = 0.2;
        config.pingIntervalS = 0.2;
        config.driverProfile = "ath9k";
        config.wiredServer = true;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        Ptr<Node> sta = scenario.GetStations().Get(0);
        Simulator::Schedule(Seconds(0.5) + NanoSeconds(1), [this, sta]() {
            auto sockets = TsqHelper::GetSockets(sta);
            NS_TEST_ASSERT_MSG_EQ(sockets.size(), 1u, "one TSQ socket");
            if (!sockets.empty())
            {
                sockets[0]->TraceConnectWithoutContext(
                    "SlowStartThreshold",
                    MakeCallback(&TsqWifiHyStartTestCase::OnSsThresh, this));
                sockets[0]->TraceConnectWithoutContext(
                    "CongState",
                    MakeCallback(&TsqWifiHyStartTestCase::OnCongState, this));
            }
        });
        scenario.Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(m_exit.IsZero(), false, "slow start never ended");
        NS_TEST_ASSERT_MSG_EQ(m_lossBeforeExit, false, "slow start ended by a loss");
        // hystart_low_window is 16 segments: no exit below it.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(m_exitSsThresh, 16u * 1448u, "exit below 16 segments");
    }

    Time m_exit;                                //!< when ssthresh first became finite
    Ptr<const AttributeValue> m_hyStartDefault; //!< LinuxHyStart's default before the case
    uint32_t m_exitSsThresh{0};                 //!< its value, bytes
    bool m_loss{false};                         //!< a recovery or loss state was entered
    bool m_lossBeforeExit{false};               //!< ... before the exit
};

/**
 * \ingroup tsq-tests
 * A run is the same run whatever ran before it in the process: the
 * scenario fixes its random streams (AssignStreams), so two identical runs
 * in a row execute the same events and measure the same goodput. The
 * experiment programs run their points one after another in one process;
 * without fixed streams a point's result depended on the points before it.
 */
class TsqWifiRepeatableTestCase : public TestCase
{
  public:
    TsqWifiRepeatableTestCase()
        : TestCase("two identical runs in one process measure the same")
    {
    }

  private:
    void DoRun() override
    {
        uint64_t events[4];
        double goodput[4];
        for (int k = 0; k < 4; ++k)
        {
            WifiUplinkConfig config;
            config.durationS = 0.5;
            config.warmupS = 0.2;
            config.driverProfile = "ath9k";
            config.minstrel = true; // rate control draws random numbers too
            config.apRxErrorRate = 0.05;
            if (k >= 2)
            {
                config.traffic = "udp";
                config.wiredServer = true;
                config.nSta = 2;
            }
            WifiUplinkScenario scenario(config);
            scenario.Build();
            WifiUplinkResult result = scenario.Run();
            events[k] = Simulator::GetEventCount();
            goodput[k] = result.goodputMbps;
            Simulator::Destroy();
        }
        for (int k = 0; k < 4; k += 2)
        {
            NS_TEST_ASSERT_MSG_GT(goodput[k], 1.0, "the run carried no traffic");
            NS_TEST_ASSERT_MSG_EQ(events[k + 1], events[k], "events differ between identical runs");
            NS_TEST_ASSERT_MSG_EQ(goodput[k + 1],
                                  goodput[k],
                                  "goodput differs between identical runs");
        }
    }
};

/**
 * \ingroup tsq-tests
 * The scenario's AP loss drops data MPDUs only: at rate 1 every QoS data
 * MPDU is corrupt and no ACK, BlockAck or action frame is (a lost ACK of
 * an ADDBA Response crashed ns-3 3.37).
 */
class TsqDataErrorModelTestCase : public TestCase
{
  public:
    TsqDataErrorModelTestCase()
        : TestCase("AP loss: data MPDUs dropped, control and management frames pass")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<TsqDataErrorModel> em = CreateObject<TsqDataErrorModel>();
        em->SetAttribute("ErrorRate", DoubleValue(1.0));
        em->AssignStreams(1);
        auto frame = [](WifiMacType type, uint32_t payload) {
            WifiMacHeader hdr;
            hdr.SetType(type);
            Ptr<Packet> p = Create<Packet>(payload);
            p->AddHeader(hdr);
            return p;
        };
        NS_TEST_ASSERT_MSG_EQ(em->IsCorrupt(frame(WIFI_MAC_QOSDATA, 1500)), true, "QoS data");
        NS_TEST_ASSERT_MSG_EQ(em->IsCorrupt(frame(WIFI_MAC_DATA, 100)), true, "data");
        NS_TEST_ASSERT_MSG_EQ(em->IsCorrupt(frame(WIFI_MAC_CTL_ACK, 0)), false, "ACK");
        NS_TEST_ASSERT_MSG_EQ(em->IsCorrupt(frame(WIFI_MAC_CTL_BACKRESP, 12)), false, "BA");
        NS_TEST_ASSERT_MSG_EQ(em->IsCorrupt(frame(WIFI_MAC_MGT_ACTION, 9)), false, "ADDBA");
        em->SetAttribute("ErrorRate", DoubleValue(0.0));
        NS_TEST_ASSERT_MSG_EQ(em->IsCorrupt(frame(WIFI_MAC_QOSDATA, 1500)), false, "rate 0");
    }
};

/**
 * \ingroup tsq-tests
 * Several stations: every station's socket is sampled (not only the first
 * one's), the stations' goodputs add up to the run's, the socket means of
 * the run are the means over the stations, Jain's index and the smallest
 * station goodput follow from the stations, and the record holds one row
 * per station and metric.
 */
class TsqWifiStationsTestCase : public TestCase
{
  public:
    TsqWifiStationsTestCase()
        : TestCase("per-station results: every station sampled, aggregates say which")
    {
    }

  private:
    void DoRun() override
    {
        WifiUplinkConfig config;
        config.nSta = 3;
        config.durationS = 1.0;
        config.warmupS = 1.0;
        config.pingIntervalS = 0.2;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        WifiUplinkResult r = scenario.Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(r.stations.size(), 3u, "one result per station");
        double sum = 0;
        double sumSquares = 0;
        double minimum = 1e9;
        double cwnd = 0;
        uint32_t sent = 0;
        for (uint32_t i = 0; i < r.stations.size(); ++i)
        {
            // A station may send nothing in the window (ns-3 3.37 can leave
            // a BlockAck recipient waiting for a sequence number that went
            // by): the bookkeeping below holds either way.
            const WifiUplinkStationResult& st = r.stations[i];
            sent += st.goodputMbps > 0 && st.dataPsdus > 0 ? 1 : 0;
            NS_TEST_ASSERT_MSG_EQ(std::isnan(st.cwndSegmentsMean),
                                  false,
                                  "station " << i << "'s socket was not sampled");
            NS_TEST_ASSERT_MSG_EQ(std::isnan(st.tsqLimitBytesMean),
                                  false,
                                  "station " << i << "'s TSQ limit was not sampled");
            sum += st.goodputMbps;
            sumSquares += st.goodputMbps * st.goodputMbps;
            minimum = std::min(minimum, st.goodputMbps);
            cwnd += st.cwndSegmentsMean;
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sent, 2u, "most stations sent");
        NS_TEST_ASSERT_MSG_EQ_TOL(sum, r.goodputMbps, 1e-9, "stations add up to the run");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.cwndSegmentsMean, cwnd / 3, 1e-9, "mean over the stations");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.jainIndex, sum * sum / (3 * sumSquares), 1e-12, "Jain");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.jainIndex, 1.0 / 3, "Jain's index >= 1/n");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(r.jainIndex, 1.0, "Jain's index <= 1");
        NS_TEST_ASSERT_MSG_EQ(r.minStationGoodputMbps, minimum, "the smallest station goodput");

        TsqRunRecord record = WifiUplinkRunRecord("stations-test", "p", config, r, 0);
        NS_TEST_ASSERT_MSG_EQ(record.GetStations().size(), 3u, "a row set per station");
        NS_TEST_ASSERT_MSG_EQ(record.GetStations().at(2).at("goodput_mbps").GetReal(),
                              r.stations[2].goodputMbps,
                              "station 2's goodput");
        NS_TEST_ASSERT_MSG_EQ(record.GetStations().at(1).at("ping_rtt_ms_mean").IsNull(),
                              true,
                              "only station 0 pings");
        NS_TEST_ASSERT_MSG_EQ(record.GetStations().at(0).at("ping_rtt_ms_mean").IsNull(),
                              false,
                              "station 0's ping");
        NS_TEST_ASSERT_MSG_EQ(record.Get("jain_index").GetReal(), r.jainIndex, "in the row");
        NS_TEST_ASSERT_MSG_EQ(record.Get("goodput_mbps_sta0").IsNull(), true, "no sta columns");
    }
};

/**
 * \ingroup tsq-tests
 * Several stations, TSQ off, HT40 MCS 7, seed 1: every station delivers
 * data before the window and during it, and Jain's index is above 0.5.
 * With ns-3 3.37's
 * FCFS scheduler and 1 ms ADDBA Response timeout (--macQueueScheduler=ns3
 * --addbaResponseTimeoutMs=1) 8 stations over 6 s left four stations
 * silent (31 Mb/s in all, no ping reply), and 16 stations three (Jain
 * 0.41). Both run with the default warm-up: at 16 stations the window
 * waits past it for the last station's first byte (--warmupExtra, see
 * TsqWifiWindowWaitsTestCase).
 */
class TsqWifiEveryStationSendsTestCase : public TestCase
{
  public:
    /**
     * \param nSta stations
     * \param durationS measured window, s
     * \param warmupS warm-up, s
     */
    TsqWifiEveryStationSendsTestCase(uint32_t nSta, double durationS, double warmupS)
        : TestCase(std::to_string(nSta) +
                   " stations: every station sends before and in the window (TSQ off)"),
          m_nSta(nSta),
          m_durationS(durationS),
          m_warmupS(warmupS)
    {
    }

  private:
    void DoRun() override
    {
        WifiUplinkConfig config;
        config.nSta = m_nSta;
        config.durationS = m_durationS;
        config.warmupS = m_warmupS;
        config.tsq = false;
        config.seed = 1;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        WifiUplinkResult r = scenario.Run();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(r.Failure(), "", "every station sent before the window");
        NS_TEST_ASSERT_MSG_EQ(r.stations.size(), m_nSta, "one result per station");
        for (uint32_t i = 0; i < r.stations.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_GT(r.stations[i].goodputMbps,
                                  0,
                                  "station " << i << " carried nothing in the window");
        }
        NS_TEST_ASSERT_MSG_GT(r.jainIndex, 0.5, "Jain's index");
        NS_TEST_ASSERT_MSG_GT(r.pingReplies, 0u, "the pinging station got replies");
    }

    uint32_t m_nSta;    //!< stations
    double m_durationS; //!< measured window, s
    double m_warmupS;   //!< warm-up, s
};

/**
 * \ingroup tsq-tests
 * The window waits for every station's first byte. 16 stations, TSQ off,
 * a 50 ms warm-up: the last station's application starts 150 ms after the
 * first (10 ms apart), so when the warm-up ends it has sent nothing. A
 * fixed window (--warmupExtra=0) fails the run naming it; the default
 * wait opens the window later, on the sample grid, once every station has
 * delivered.
 */
class TsqWifiWindowWaitsTestCase : public TestCase
{
  public:
    TsqWifiWindowWaitsTestCase()
        : TestCase("16 stations, 50 ms warm-up: the window opens once every station has "
                   "delivered")
    {
    }

  private:
    static WifiUplinkResult RunOnce(double warmupExtraS)
    {
        WifiUplinkConfig config;
        config.nSta = 16;
        config.durationS = 1.0;
        config.warmupS = 0.05;
        config.warmupExtraS = warmupExtraS;
        config.tsq = false;
        config.seed = 1;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        WifiUplinkResult r = scenario.Run();
        Simulator::Destroy();
        return r;
    }

    void DoRun() override
    {
        const double warmupEndS = WifiUplinkScenario::GetAppStart().GetSeconds() + 0.05;
        WifiUplinkResult fixed = RunOnce(0);
        NS_TEST_ASSERT_MSG_EQ_TOL(fixed.windowStartS, warmupEndS, 1e-9, "no wait");
        NS_TEST_ASSERT_MSG_EQ(fixed.silentStations.empty(), false, "a station still silent");
        NS_TEST_ASSERT_MSG_EQ(fixed.silentStations.back(), 15u, "the last to start is silent");
        NS_TEST_ASSERT_MSG_NE(fixed.Failure(), "", "the fixed window fails the run");

        WifiUplinkResult waited = RunOnce(8.0);
        NS_TEST_ASSERT_MSG_EQ(waited.Failure(), "", "every station delivered first");
        NS_TEST_ASSERT_MSG_GT(waited.windowStartS, warmupEndS, "the window waited");
        NS_TEST_ASSERT_MSG_LT(waited.windowStartS, warmupEndS + 8.0, "within the wait");
        // on the 0.1 s sample grid counted from the warm-up's end
        const double steps = (waited.windowStartS - warmupEndS) / 0.1;
        NS_TEST_ASSERT_MSG_EQ_TOL(steps, std::round(steps), 1e-6, "on the sample grid");
    }
};

/**
 * \ingroup tsq-tests
 * An adapter's memory follows the receivers and access categories actually
 * used, not the most it allows: after a short upload from 4 stations (TSQ,
 * best effort only) the AP's adapter holds one A-MPDU station slot per
 * station it sent to (4, of MaxStations 64) and one completion model
 * (AC_BE, of 4), and each station's adapter one slot (its AP) and one
 * model. With MaxStations 2 the AP stops at 2 slots (frames to the other
 * stations are not counted) and its data PSDUs counted are fewer.
 */
class TsqWifiAdapterMemoryTestCase : public TestCase
{
  public:
    TsqWifiAdapterMemoryTestCase()
        : TestCase("adapter memory: one station slot per receiver sent to, one completion "
                   "model per access category used")
    {
    }

  private:
    /** What the adapters of one run held. */
    struct Held
    {
        uint32_t apSlots{0};             //!< AP: station slots
        uint32_t apModels{0};            //!< AP: completion models
        uint64_t apPsdus{0};             //!< AP: data PSDUs counted
        std::vector<uint32_t> staSlots;  //!< per station: station slots
        std::vector<uint32_t> staModels; //!< per station: completion models
        uint32_t apAdapters{0};          //!< adapters found on the AP
    };

    /**
     * A 4-station upload with TSQ, 0.5 s after 0.5 s of warm-up.
     * \param maxStations the adapters' MaxStations
     * \return what the adapters held at the end (before the teardown)
     */
    static Held RunOnce(uint32_t maxStations)
    {
        TypeId::AttributeInformation info;
        WifiTsqAdapter::GetTypeId().LookupAttributeByName("MaxStations", &info);
        Ptr<const AttributeValue> before = info.initialValue;
        Config::SetDefault("ns3::WifiTsqAdapter::MaxStations", UintegerValue(maxStations));
        WifiUplinkConfig config;
        config.nSta = 4;
        config.durationS = 0.5;
        config.warmupS = 0.5;
        config.seed = 1;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        scenario.Run();
        Held held;
        Ptr<Node> ap = scenario.GetAccessPoint();
        for (uint32_t i = 0; i < ap->GetNDevices(); ++i)
        {
            if (Ptr<WifiTsqAdapter> a = TsqHelper::GetWifiAdapter(ap->GetDevice(i)))
            {
                ++held.apAdapters;
                const WifiTsqAdapter::Statistics st = a->GetStatistics();
                held.apSlots = st.stationSlots;
                held.apModels = st.completionModels;
                held.apPsdus = st.dataPsdus;
            }
        }
        NetDeviceContainer stations = scenario.GetStationDevices();
        for (uint32_t i = 0; i < stations.GetN(); ++i)
        {
            Ptr<WifiTsqAdapter> a = TsqHelper::GetWifiAdapter(stations.Get(i));
            const WifiTsqAdapter::Statistics st =
                a ? a->GetStatistics() : WifiTsqAdapter::Statistics();
            held.staSlots.push_back(st.stationSlots);
            held.staModels.push_back(st.completionModels);
        }
        Simulator::Destroy();
        Config::SetDefault("ns3::WifiTsqAdapter::MaxStations", *before);
        return held;
    }

    void DoRun() override
    {
        Held all = RunOnce(64);
        NS_TEST_ASSERT_MSG_EQ(all.apAdapters, 1u, "the AP's WiFi device has an adapter");
        NS_TEST_ASSERT_MSG_EQ(all.apSlots, 4u, "the AP: one slot per station, not 64");
        NS_TEST_ASSERT_MSG_EQ(all.apModels, 1u, "the AP: AC_BE's completion model only");
        NS_TEST_ASSERT_MSG_EQ(all.staSlots.size(), 4u, "4 stations");
        for (uint32_t i = 0; i < all.staSlots.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(all.staSlots[i], 1u, "station " << i << ": its AP's slot only");
            NS_TEST_ASSERT_MSG_EQ(all.staModels[i],
                                  1u,
                                  "station " << i << ": AC_BE's completion model only");
        }

        Held two = RunOnce(2);
        NS_TEST_ASSERT_MSG_EQ(two.apSlots, 2u, "MaxStations bounds the slots");
        NS_TEST_ASSERT_MSG_EQ(two.apModels, 1u, "the bound is the accounting's only");
        NS_TEST_ASSERT_MSG_GT(two.apPsdus, 0u, "PSDUs to the first two stations counted");
        NS_TEST_ASSERT_MSG_LT(two.apPsdus,
                              all.apPsdus,
                              "PSDUs to the other two stations not counted");
        for (uint32_t i = 0; i < two.staSlots.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(two.staSlots[i], 1u, "station " << i << ": its AP's slot");
        }
    }
};

/**
 * \ingroup tsq-tests
 * The suite.
 */
class TsqWifiTestSuite : public TsqTestSuite
{
  public:
    TsqWifiTestSuite()
        : TsqTestSuite("tsq-wifi", TSQ_TEST_SYSTEM)
    {
        AddTestCase(new TsqWifiShiftPolicyTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiStarvationTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiDriverProfileTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiHyStartTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiRepeatableTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiStationsTestCase, TSQ_TEST_QUICK);
        for (const char* standard : {"80211n", "80211ac", "80211ax"})
        {
            AddTestCase(new TsqWifiStandardTestCase(standard), TSQ_TEST_QUICK);
        }
        AddTestCase(new TsqWifiEveryStationSendsTestCase(8, 6.0, 2.0), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiEveryStationSendsTestCase(16, 4.0, 2.0), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiWindowWaitsTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqDataErrorModelTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiAdapterMemoryTestCase, TSQ_TEST_QUICK);
    }
};

static TsqWifiTestSuite g_tsqWifiTestSuite; //!< static instance

} // namespace ns3
