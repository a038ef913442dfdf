/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-test-suite.h"
#include "tsq/profile.h"
#include "tsq/tso.h"

#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/tsq-edca-gate.h"
#include "ns3/tsq-helper.h"
#include "ns3/tsq-netif-schedule.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/tsq-tx-completion.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/wifi-uplink-scenario.h"

#include <algorithm>
#include <iostream>

/**
 * \file
 * \ingroup tsq-tests
 * Wired TSQ: TSQ's original purpose. A 100 Mb/s point-to-point
 * bottleneck with a 1000-packet FIFO queue disc at the sender: without TSQ
 * the queue disc fills and the RTT grows; with rule 4.15 at shift 10 the
 * bytes below TCP stay under the limit in force (plus one burst) at every
 * charge, the RTT stays low and the goodput is within 5%.
 */

namespace ns3
{

/**
 * \ingroup tsq-tests
 * TSQ keeps the queue disc empty without costing throughput.
 */
class TsqWiredTestCase : public TestCase
{
  public:
    TsqWiredTestCase()
        : TestCase("p2p bottleneck: TSQ 4.15 shift 10 vs no TSQ")
    {
    }

  private:
    void OnSocket(Ptr<Socket> socket)
    {
        Ptr<TsqTcpSocket> tsq = DynamicCast<TsqTcpSocket>(socket);
        if (!tsq)
        {
            return;
        }
        m_socket = tsq;
        tsq->TraceConnectWithoutContext("TsqLimit", MakeCallback(&TsqWiredTestCase::OnLimit, this));
        tsq->TraceConnectWithoutContext("BytesQueued",
                                        MakeCallback(&TsqWiredTestCase::OnQueued, this));
    }

    void OnLimit(uint64_t, uint64_t limit)
    {
        m_limit = limit;
    }

    void OnQueued(uint64_t oldValue, uint64_t newValue)
    {
        if (newValue <= oldValue)
        {
            return; // a release
        }
        ++m_charges;
        m_peakQueued = std::max(m_peakQueued, newValue);
        if (m_limit != UINT64_MAX && newValue > m_limit + m_maxBurst)
        {
            ++m_violations;
            m_worstExcess = std::max(m_worstExcess, newValue - m_limit);
        }
    }

    void DoRun() override
    {
        WifiUplinkConfig config;
        config.link = "p2p";
        config.p2pRateMbps = 100;
        config.p2pDelayUs = 5000;
        config.queueDisc = "fifo";
        config.qdiscPackets = 1000;
        config.warmupS = 0;
        config.durationS = 3.0;
        config.drainS = 1.0;
        config.pingIntervalS = 0;
        config.seed = 1;

        // Without TSQ: ns-3's own socket.
        config.tsq = false;
        WifiUplinkScenario plain(config);
        plain.Build();
        WifiUplinkResult noTsq = plain.Run();
        Simulator::Destroy();

        // With TSQ, rule 4.15, the socket's default shift 10.
        const tsq_profile* profile = tsq_profile_find("linux-4.16");
        NS_TEST_ASSERT_MSG_NE(profile, nullptr, "core profile linux-4.16");
        // One burst: the largest TSO skb's truesize (the core's model).
        m_maxBurst = tsq_skb_truesize(profile->truesize, profile->gso_max_size);
        config.tsq = true;
        config.kernelProfile = "linux-4.16";
        config.tsqRule = "4.15";
        WifiUplinkScenario tsqScenario(config);
        tsqScenario.Build();
        tsqScenario.SetSocketCallback(MakeCallback(&TsqWiredTestCase::OnSocket, this));
        WifiUplinkResult withTsq = tsqScenario.Run();
        TsqSocketStats st = m_socket ? m_socket->GetStats() : TsqSocketStats();
        uint8_t shift = m_socket ? m_socket->GetPacingShift() : 0;
        Simulator::Destroy();

        // Without TSQ the queue disc fills and the RTT grows.
        std::cout << "no TSQ: " << noTsq.goodputMbps << " Mb/s, RTT " << noTsq.srttMsMean
                  << " ms, qdisc peak " << noTsq.qdiscPeakPackets
                  << "; TSQ: " << withTsq.goodputMbps << " Mb/s, RTT " << withTsq.srttMsMean
                  << " ms, qdisc peak " << withTsq.qdiscPeakPackets << ", peak below TCP "
                  << m_peakQueued << std::endl;
        NS_TEST_ASSERT_MSG_GT(noTsq.qdiscPeakPackets, 500u, "no TSQ: the qdisc should fill");
        NS_TEST_ASSERT_MSG_GT(noTsq.srttMsMean, 30.0, "no TSQ: RTT well above 10 ms");
        // With TSQ.
        NS_TEST_ASSERT_MSG_NE(m_socket, nullptr, "the sender used a TsqTcpSocket");
        NS_TEST_ASSERT_MSG_GT(m_charges, 1000u, "charges were checked");
        NS_TEST_ASSERT_MSG_EQ(m_violations,
                              0u,
                              "bytes below TCP exceeded limit + one burst by " << m_worstExcess);
        NS_TEST_ASSERT_MSG_LT(withTsq.qdiscPeakPackets, 100u, "TSQ: the qdisc stays short");
        // 10 ms of propagation plus at most about two 64 KB TSO skbs below
        // TCP (limit = 2 * truesize, ~175 KB, ~14 ms at 100 Mb/s) as Linux.
        NS_TEST_ASSERT_MSG_LT(withTsq.srttMsMean, 25.0, "TSQ: RTT stays low");
        NS_TEST_ASSERT_MSG_LT(withTsq.srttMsMean * 4, noTsq.srttMsMean, "TSQ: RTT much lower");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(withTsq.goodputMbps,
                                    0.95 * noTsq.goodputMbps,
                                    "TSQ goodput within 5% of no-TSQ ("
                                        << withTsq.goodputMbps << " vs " << noTsq.goodputMbps
                                        << ")");
        NS_TEST_ASSERT_MSG_EQ(shift, 10u, "no device policy on point-to-point");
        NS_TEST_ASSERT_MSG_EQ(st.releasedBytes, st.chargedBytes, "balance after the drain");
        NS_TEST_ASSERT_MSG_GT(st.throttleEvents, 0u, "TSQ did throttle");
    }

    Ptr<TsqTcpSocket> m_socket;   //!< the TSQ sender
    uint64_t m_limit{UINT64_MAX}; //!< limit of the last check
    uint64_t m_maxBurst{0};       //!< truesize of the largest burst
    uint64_t m_charges{0};        //!< charges seen
    uint64_t m_violations{0};     //!< charges above limit + burst
    uint64_t m_worstExcess{0};    //!< largest queued - limit at a violation
    uint64_t m_peakQueued{0};     //!< largest bytes below TCP
};

/**
 * \ingroup tsq-tests
 * A qdisc run that stops at its quota is run again (Linux's
 * __netif_schedule), and only then: the real traffic control layer and
 * point-to-point device, whose transmit queue is stopped while 200
 * datagrams wait in the qdisc, then woken once, as a WiFi device's is
 * after a BlockAck frees a batch of MPDUs (ns-3 3.41+).
 */
class TsqNetifScheduleTestCase : public TestCase
{
  public:
    TsqNetifScheduleTestCase()
        : TestCase("qdisc left at its quota: ns-3 leaves it, TsqNetifSchedule runs it again")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        // Room for every datagram: a run ends at its quota, not because
        // the device queue is full.
        p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1000p"));
        NetDeviceContainer devices = p2p.Install(nodes);
        InternetStackHelper stack;
        stack.Install(nodes);
        TrafficControlHelper tc;
        tc.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue("1000p"));
        tc.Install(devices.Get(0));
        Ipv4AddressHelper address;
        address.SetBase("10.9.0.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = address.Assign(devices);

        Ptr<NetDevice> device = devices.Get(0);
        Ptr<NetDeviceQueue> txq = device->GetObject<NetDeviceQueueInterface>()->GetTxQueue(0);
        Ptr<QueueDisc> qdisc =
            nodes.Get(0)->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(device);
        Ptr<Socket> socket = Socket::CreateSocket(nodes.Get(0), UdpSocketFactory::GetTypeId());
        const InetSocketAddress to(ifs.GetAddress(1), 9);
        const uint32_t datagrams = 200;
        TsqNetifSchedule schedule(device);
        const uint32_t qdiscQuota = qdisc->GetQuota(); // dev_tx_weight: 64
        uint32_t queued = 0;
        uint32_t afterWake = 0;
        uint32_t later = 0;
        uint32_t afterRerun = 0;

        Simulator::Schedule(MilliSeconds(100), [&]() {
            txq->Stop();
            for (uint32_t i = 0; i < datagrams; ++i)
            {
                socket->SendTo(Create<Packet>(1000), 0, to);
            }
            queued = qdisc->GetNPackets();
        });
        Simulator::Schedule(MilliSeconds(200), [&]() {
            txq->Wake(); // one run of the qdisc (at once or at this instant)
        });
        Simulator::Schedule(MilliSeconds(250), [&]() { afterWake = qdisc->GetNPackets(); });
        Simulator::Schedule(MilliSeconds(300), [&]() {
            later = qdisc->GetNPackets();
            schedule.Notify(0);
        });
        Simulator::Schedule(MilliSeconds(301), [&]() { afterRerun = qdisc->GetNPackets(); });
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        Simulator::Destroy();

        const uint32_t quota = qdiscQuota;
        NS_TEST_ASSERT_MSG_EQ(queued,
                              datagrams,
                              "the stopped queue kept every datagram in the qdisc");
        NS_TEST_ASSERT_MSG_EQ(afterWake, datagrams - quota, "one wake is one run of the quota");
        NS_TEST_ASSERT_MSG_EQ(
            later,
            datagrams - quota,
            "ns-3 runs the qdisc again only at an enqueue or a stopped queue's wake");
        NS_TEST_ASSERT_MSG_EQ(afterRerun, 0u, "the rerun emptied the qdisc");
        NS_TEST_ASSERT_MSG_EQ(schedule.GetRuns(),
                              (datagrams - quota + quota - 1) / quota,
                              "one run per quota of what was left");
    }
};

/**
 * \ingroup tsq-tests
 * The module's TCP over the emulated 802.11n hop on EDCA timing (link
 * "gate", TsqEdcaGate): the hop's rules hold around a real TCP flow and
 * its accounting.
 */
class TsqEdcaGateTestCase : public TestCase
{
  public:
    /** \param hwDepth aggregates in the station's hardware queue */
    TsqEdcaGateTestCase(uint32_t hwDepth)
        : TestCase("EDCA gate: an upload through the 802.11n hop, hardware depth " +
                   std::to_string(hwDepth)),
          m_hwDepth(hwDepth)
    {
    }

  private:
    void OnTxop(bool station, bool ap, bool collision)
    {
        m_txops += 1;
        m_collisions += collision ? 1 : 0;
        m_both += station && ap ? 1 : 0;
    }

    void DoRun() override
    {
        WifiUplinkConfig config;
        config.link = "gate";
        config.gateTiming = "edca";
        config.gateHwDepth = m_hwDepth;
        config.wiredServer = true;
        config.warmupS = 0.5;
        config.durationS = 2.0;
        config.drainS = 1.0;
        config.pingIntervalS = 0;
        config.seed = 1;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        Ptr<TsqEdcaGate> gate = scenario.GetEdcaGate();
        NS_TEST_ASSERT_MSG_NE(gate, nullptr, "the EDCA gate is installed");
        NS_TEST_ASSERT_MSG_EQ(scenario.GetSlotGate(), nullptr, "and not the slot gate");
        gate->TraceConnectWithoutContext("Txop", MakeCallback(&TsqEdcaGateTestCase::OnTxop, this));
        WifiUplinkResult r = scenario.Run();
        const TsqEdcaGateStats s = gate->GetStats();
        Simulator::Destroy();
        // The hop's ceiling: 32 x 1448 B of TCP payload per aggregate of
        // 2672 us, SIFS and BlockAck 48 us, AIFS 43 us, no backoff, no AP
        // TXOP: 134.2 Mb/s.
        NS_TEST_ASSERT_MSG_LT(r.goodputMbps, 134.2, "above the hop's ceiling");
        NS_TEST_ASSERT_MSG_GT(r.goodputMbps, 50, "the upload runs");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.gate.framesPerSlot, 1.0, "MPDUs per aggregate");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(r.gate.framesPerSlot, 32.0, "ath9k's 32 at most");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.gate.acksPerTxop, 1.0, "ACKs per AP TXOP");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(r.gate.acksPerTxop, 64.0, "the AP's 64 at most");
        NS_TEST_ASSERT_MSG_GT(r.gateCollisions, 0u, "two contenders collide sometimes");
        NS_TEST_ASSERT_MSG_EQ(m_txops, s.staTxops + s.apTxops - s.collisions, "one trace per TXOP");
        NS_TEST_ASSERT_MSG_EQ(m_collisions, s.collisions, "collisions traced");
        NS_TEST_ASSERT_MSG_EQ(m_both, m_collisions, "both send only in a collision");
        // Every byte TSQ charged came back after the drain
        NS_TEST_ASSERT_MSG_EQ(r.tsqReleasedBytes, r.tsqChargedBytes, "TSQ balance");
        NS_TEST_ASSERT_MSG_EQ(r.tsqQueuedBytes, 0u, "nothing left below TCP");
    }

    uint32_t m_hwDepth;       //!< the gate's HwDepth
    uint64_t m_txops{0};      //!< Txop traces
    uint64_t m_collisions{0}; //!< ... of collisions
    uint64_t m_both{0};       //!< ... in which both sent
};

/**
 * \ingroup tsq-tests
 * The suite.
 */
class TsqWiredTestSuite : public TsqTestSuite
{
  public:
    TsqWiredTestSuite()
        : TsqTestSuite("tsq-wired", TSQ_TEST_SYSTEM)
    {
        AddTestCase(new TsqWiredTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqNetifScheduleTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqEdcaGateTestCase(2), TSQ_TEST_QUICK);
        AddTestCase(new TsqEdcaGateTestCase(1), TSQ_TEST_QUICK);
    }
};

static TsqWiredTestSuite g_tsqWiredTestSuite; //!< static instance

} // namespace ns3
