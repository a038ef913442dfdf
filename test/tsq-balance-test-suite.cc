/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-test-suite.h"

#include "ns3/ipv4-header.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/test.h"
#include "ns3/tsq-helper.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-tag.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/tsq-tx-completion.h"
#include "ns3/wifi-mac-queue.h"
#include "ns3/wifi-mac.h"
#include "ns3/wifi-mpdu.h"
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-tsq-adapter.h"
#include "ns3/wifi-uplink-scenario.h"

/**
 * \file
 * \ingroup tsq-tests
 * Balance: after the applications stop and the queues drain,
 * every charged byte has been released, on clean and lossy WiFi (MAC
 * retries, retry-limit drops), with both driver profiles, with a
 * completion latency, and when a socket closes with packets queued.
 */

namespace ns3
{

/**
 * \ingroup tsq-tests
 * One WiFi upload, then a drain: charged == released, nothing pending.
 */
class TsqWifiBalanceTestCase : public TestCase
{
  public:
    /**
     * \param driver driver profile
     * \param errorRate MPDU error rate at the AP's receiver
     * \param latencyUs completion latency, us
     * \param standard 80211n (HT40 MCS7), 80211ac (VHT80 MCS9) or 80211ax
     *        (HE80 MCS11), one stream
     */
    TsqWifiBalanceTestCase(std::string driver,
                           double errorRate,
                           double latencyUs,
                           std::string standard = "80211n")
        : TestCase("WiFi balance, driver " + driver + ", " + standard + ", AP rx error rate " +
                   std::to_string(errorRate) + ", latency " + std::to_string(latencyUs) + " us"),
          m_driver(driver),
          m_errorRate(errorRate),
          m_latencyUs(latencyUs),
          m_standard(standard)
    {
    }

  private:
    void OnDropped(WifiMacDropReason reason, Ptr<const WifiMpdu>)
    {
        // An MPDU under a BlockAck agreement that reaches the retry limit
        // is reported with that reason by 3.37; 3.43 (commit 0159f57a3,
        // "Avoid firing WifiMac::DroppedMpdu trace twice") reports it once,
        // as the old packet the BlockAck manager drops when it moves its
        // window past it.
        if (reason == WIFI_MAC_DROP_REACHED_RETRY_LIMIT || reason == WIFI_MAC_DROP_QOS_OLD_PACKET)
        {
            ++m_retryLimitDrops;
        }
    }

    void OnNAcked(Ptr<const WifiMpdu>)
    {
        ++m_nacks;
    }

    void DoRun() override
    {
        WifiUplinkConfig config;
        config.durationS = 1.5;
        config.warmupS = 0.5;
        config.drainS = 2.0;
        config.pingIntervalS = 0;
        config.seed = 3;
        config.nSta = 2;
        if (m_errorRate > 0)
        {
            // ns-3 3.37 with asserts (in-tree builds) aborts in
            // ChannelAccessManager::NotifyTxStartNow ("now - m_lastRx.start
            // <= GetSifs()", sending a normal Ack) in most lossy runs, with
            // or without this module (also --tsq=0). This run does not hit
            // it; Debian's release build does not check the assertion.
            config.seed = 2;
            config.nSta = 1;
            // About 5 MPDUs per simulated second reach the retry limit
            // here; 3 s make a run without one unlikely in either release
            // (3.43 had none in 1.5 s with ath9k and 300 us).
            config.durationS = 3.0;
        }
        config.driverProfile = m_driver;
        if (m_standard != "80211n")
        {
            config.standard = m_standard;
            config.channelWidth = 80;
            config.mcs = m_standard == "80211ac" ? 9 : 11;
        }
        config.apRxErrorRate = m_errorRate;
        config.completionLatencyUs = m_latencyUs;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        NetDeviceContainer devs = scenario.GetStationDevices();
        for (uint32_t i = 0; i < devs.GetN(); ++i)
        {
            Ptr<WifiMac> mac = DynamicCast<WifiNetDevice>(devs.Get(i))->GetMac();
            mac->TraceConnectWithoutContext("DroppedMpdu",
                                            MakeCallback(&TsqWifiBalanceTestCase::OnDropped, this));
            mac->TraceConnectWithoutContext("NAckedMpdu",
                                            MakeCallback(&TsqWifiBalanceTestCase::OnNAcked, this));
        }
        WifiUplinkResult result = scenario.Run();
        // Under heavy loss ns-3 may leave MPDUs in a station's MAC queue
        // after the drain: sent and never acked nor dropped, or never sent
        // (beyond a BlockAck window held by lost MPDUs). The identity
        // charged = released + held by the completion model + charged to
        // MPDUs still in the MAC queues must hold, the charges of MPDUs
        // the core saw transmitted must be among the latter, and the
        // teardown flush must then give back exactly the rest. The MAC
        // queues are read directly (TsqTags of their MPDUs), not through
        // the adapter.
        Mac48Address ap = DynamicCast<WifiNetDevice>(scenario.GetAccessPoint()->GetDevice(0))
                              ->GetMac()
                              ->GetAddress();
        uint64_t inQueues = 0;
        uint64_t held = 0;
        uint64_t inFlight = 0;
        for (uint32_t i = 0; i < devs.GetN(); ++i)
        {
            Ptr<WifiMac> mac = DynamicCast<WifiNetDevice>(devs.Get(i))->GetMac();
            for (AcIndex ac : {AC_BE, AC_BK, AC_VI, AC_VO})
            {
                Ptr<WifiMacQueue> queue = mac->GetTxopQueue(ac);
                for (uint8_t tid = 0; tid < 8; ++tid)
                {
                    for (Ptr<WifiMpdu> mpdu = queue->PeekByTidAndAddress(tid, ap); mpdu;
                         mpdu = queue->PeekByTidAndAddress(tid, ap, mpdu))
                    {
                        TsqTag tag;
                        if (mpdu->GetPacket()->PeekPacketTag(tag))
                        {
                            inQueues += tag.GetBytes();
                        }
                    }
                }
            }
            Ptr<WifiTsqAdapter> adapter = TsqHelper::GetWifiAdapter(devs.Get(i));
            const WifiTsqAdapter::Statistics st = adapter->GetStatistics();
            held += st.pendingBytes;
            inFlight += st.inFlightBytes;
        }
        NS_TEST_ASSERT_MSG_EQ(result.tsqReleasedBytes + held + inQueues,
                              result.tsqChargedBytes,
                              "charged = released + held + in the MAC queues, before the flush");
        NS_TEST_ASSERT_MSG_EQ(result.tsqQueuedBytes, held + inQueues, "below TCP = held + queued");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(inFlight, inQueues, "in flight but not in a MAC queue");
        uint64_t pending = 0;
        uint64_t adapterReleased = 0;
        for (uint32_t i = 0; i < devs.GetN(); ++i)
        {
            Ptr<WifiTsqAdapter> adapter = TsqHelper::GetWifiAdapter(devs.Get(i));
            adapter->Flush();
            const WifiTsqAdapter::Statistics st = adapter->GetStatistics();
            pending += st.pendingBytes;
            adapterReleased += st.releasedBytes;
            NS_TEST_EXPECT_MSG_EQ(st.inFlightBytes, 0u, "nothing in flight after flush");
        }
        uint64_t charged = 0;
        uint64_t released = 0;
        uint64_t overReleases = 0;
        for (uint32_t i = 0; i < scenario.GetStations().GetN(); ++i)
        {
            for (const auto& socket : TsqHelper::GetSockets(scenario.GetStations().Get(i)))
            {
                charged += socket->GetStats().chargedBytes;
                released += socket->GetStats().releasedBytes;
                overReleases += socket->GetStats().overReleases;
            }
        }
        m_flushed = result.tsqChargedBytes - result.tsqReleasedBytes;
        result.tsqChargedBytes = charged;
        result.tsqReleasedBytes = released;
        result.tsqQueuedBytes = charged - released;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(overReleases, 0u, "never more released than charged");
        NS_TEST_ASSERT_MSG_GT(result.tsqChargedBytes, 1000000u, "the senders charged data");
        NS_TEST_ASSERT_MSG_EQ(result.tsqReleasedBytes,
                              result.tsqChargedBytes,
                              "every charged byte released after the drain and flush ("
                                  << m_flushed << " bytes by the flush)");
        NS_TEST_ASSERT_MSG_EQ(result.tsqQueuedBytes, 0u, "nothing left below TCP");
        NS_TEST_ASSERT_MSG_EQ(pending, 0u, "nothing held by the completion model");
        NS_TEST_ASSERT_MSG_EQ(adapterReleased,
                              result.tsqChargedBytes,
                              "all of it through the WiFi adapters");
        NS_TEST_ASSERT_MSG_EQ(result.tsqOrphanBytes, 0u, "no socket went away");
        if (m_errorRate > 0)
        {
            NS_TEST_ASSERT_MSG_GT(m_nacks, 100u, "the lossy channel forced retries");
            NS_TEST_ASSERT_MSG_GT(m_retryLimitDrops, 0u, "and retry-limit drops");
        }
    }

    std::string m_driver;          //!< driver profile
    double m_errorRate;            //!< AP rx error rate
    double m_latencyUs;            //!< completion latency
    std::string m_standard;        //!< WiFi standard
    uint32_t m_retryLimitDrops{0}; //!< MPDUs dropped at the retry limit
    uint32_t m_nacks{0};           //!< MPDUs negatively acknowledged
    uint64_t m_flushed{0};         //!< bytes the teardown flush gave back
};

/**
 * \ingroup tsq-tests
 * A socket closed while its packets sit in a full queue disc still gets
 * every byte back; a packet whose socket is gone is released against
 * nothing, once, and counted.
 */
class TsqClosedSocketBalanceTestCase : public TestCase
{
  public:
    TsqClosedSocketBalanceTestCase()
        : TestCase("socket closed with packets queued; packet of a gone socket")
    {
    }

  private:
    void DoRun() override
    {
        WifiUplinkConfig config;
        config.link = "p2p";
        config.p2pRateMbps = 10;
        config.p2pDelayUs = 5000;
        config.queueDisc = "fifo"; // 1000 packets
        config.tsqRule = "off";    // no TSQ limit: the qdisc fills up
        config.maxBytes = 1000000; // all of it can reach the receiver in the drain
        config.warmupS = 0;
        config.durationS = 1.0;
        config.drainS = 4.0;
        config.pingIntervalS = 0;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        Ptr<Node> sender = scenario.GetStations().Get(0);
        Ptr<NetDevice> senderDevice = scenario.GetStationDevices().Get(0);
        const Time start = WifiUplinkScenario::GetAppStart();
        uint64_t queuedAtClose = 0;
        Ptr<TsqTcpSocket> closed;
        Simulator::Schedule(start + Seconds(0.7), [&]() {
            auto sockets = TsqHelper::GetSockets(sender);
            if (!sockets.empty())
            {
                closed = sockets[0];
                queuedAtClose = closed->GetStats().queuedBytes;
                closed->Close();
            }
        });
        // A segment of a socket that no longer exists, sent down the same
        // device: released against nothing, exactly once.
        Ptr<TsqTxCompletion> completion = TsqHelper::GetTxCompletion(sender);
        uint64_t orphansAfterSecondTry = 0;
        Simulator::Schedule(start + Seconds(1.4), [&]() {
            Ptr<Packet> p = Create<Packet>(1000);
            Ipv4Header ip;
            ip.SetSource(sender->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal());
            ip.SetDestination(scenario.GetServer()->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal());
            ip.SetProtocol(253); // experimental: the receiver discards it
            ip.SetPayloadSize(p->GetSize());
            p->AddHeader(ip);
            p->AddPacketTag(TsqTag(0xffffffffffULL, sender->GetId(), 1832));
            senderDevice->Send(p, senderDevice->GetBroadcast(), 0x0800);
            Simulator::Schedule(Seconds(0.1), [&, p]() {
                completion->Release(p, "test-second-release");
                orphansAfterSecondTry = completion->GetOrphanPackets();
            });
        });
        scenario.Run();
        NS_TEST_ASSERT_MSG_NE(closed, nullptr, "the socket existed 0.7 s after the start");
        NS_TEST_ASSERT_MSG_GT(queuedAtClose, 100000u, "packets were queued when it closed");
        TsqSocketStats st = closed->GetStats();
        NS_TEST_ASSERT_MSG_EQ(st.releasedBytes, st.chargedBytes, "all released after close");
        NS_TEST_ASSERT_MSG_EQ(st.queuedBytes, 0u, "nothing left below TCP");
        NS_TEST_ASSERT_MSG_EQ(st.overReleases, 0u, "never released more than charged");
        NS_TEST_ASSERT_MSG_EQ(completion->GetOrphanBytes(), 1832u, "the gone socket's bytes");
        NS_TEST_ASSERT_MSG_EQ(orphansAfterSecondTry, 1u, "released once only");
        Simulator::Destroy();
    }
};

/**
 * \ingroup tsq-tests
 * The suite.
 */
class TsqBalanceTestSuite : public TsqTestSuite
{
  public:
    TsqBalanceTestSuite()
        : TsqTestSuite("tsq-balance", TSQ_TEST_SYSTEM)
    {
        AddTestCase(new TsqWifiBalanceTestCase("ns3", 0, 0), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiBalanceTestCase("ns3", 0.5, 0), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiBalanceTestCase("ns3", 0.5, 300), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiBalanceTestCase("ath9k", 0, 0), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiBalanceTestCase("ath9k", 0.5, 0), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiBalanceTestCase("ath9k", 0.5, 300), TSQ_TEST_QUICK);
        // the firmware-aggregating profiles on their own standards, with
        // losses (VHT's 64-MPDU and HE's 256-MPDU BlockAck windows)
        AddTestCase(new TsqWifiBalanceTestCase("ath10k", 0.5, 0, "80211ac"), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiBalanceTestCase("mt76", 0.5, 0, "80211ax"), TSQ_TEST_QUICK);
        AddTestCase(new TsqWifiBalanceTestCase("mt76", 0, 0, "80211ax"), TSQ_TEST_QUICK);
        AddTestCase(new TsqClosedSocketBalanceTestCase, TSQ_TEST_QUICK);
    }
};

static TsqBalanceTestSuite g_tsqBalanceTestSuite; //!< static instance

} // namespace ns3
