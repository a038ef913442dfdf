/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-test-suite.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-rate-ops.h"
#include "ns3/test.h"
#include "ns3/tsq-core-clock.h"
#include "ns3/tsq-helper.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-rate-ops.h"
#include "ns3/tsq-tcp-socket-factory.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/wifi-uplink-scenario.h"

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>

/**
 * \file
 * \ingroup tsq-tests
 * The LinuxRateSample attribute: TsqRateOps (Linux 4.16's tcp_rate.c from
 * the core) in place of ns-3 3.37's TcpRateLinux, and BBR over it, wired
 * across a ProbeRTT and over WiFi.
 */

namespace ns3
{

/**
 * \ingroup tsq-tests
 * The attribute installs the estimator: TsqRateOps by default, ns-3's
 * TcpRateLinux when false, switched both ways by SetAttribute, kept by the
 * copy constructor (Fork), one estimator per socket.
 */
class TsqRateInstallTestCase : public TestCase
{
  public:
    TsqRateInstallTestCase()
        : TestCase("LinuxRateSample installs TsqRateOps, also in a fork")
    {
    }

  private:
    void DoRun() override
    {
        Config::Reset();
        WifiUplinkConfig c;
        c.link = "p2p";
        c.congestionControl = "bbr";
        c.pingIntervalS = 0;
        WifiUplinkScenario scenario(c);
        scenario.Build();
        Ptr<Node> sender = scenario.GetStations().Get(0);
        TsqTcpSocketFactory::Install(sender);
        Ptr<TsqTcpSocket> s = DynamicCast<TsqTcpSocket>(
            Socket::CreateSocket(sender, TsqTcpSocketFactory::GetTypeId()));
        NS_TEST_ASSERT_MSG_NE(s, nullptr, "no TsqTcpSocket");
        Ptr<TsqRateOps> ours = DynamicCast<TsqRateOps>(s->GetRateOps());
        NS_TEST_ASSERT_MSG_NE(ours, nullptr, "default estimator is not TsqRateOps");

        // The fork gets its own TsqRateOps (TcpSocketBase's copy gave it a
        // TcpRateLinux).
        Ptr<TsqTcpSocket> fork = CopyObject<TsqTcpSocket>(s);
        Ptr<TsqRateOps> forkOps = DynamicCast<TsqRateOps>(fork->GetRateOps());
        NS_TEST_ASSERT_MSG_NE(forkOps, nullptr, "fork lost TsqRateOps");
        NS_TEST_ASSERT_MSG_NE(forkOps, ours, "fork shares the parent's estimator");

        // Setting the same value keeps the estimator; false restores ns-3's.
        s->SetAttribute("LinuxRateSample", BooleanValue(true));
        NS_TEST_ASSERT_MSG_EQ(s->GetRateOps(), Ptr<TcpRateOps>(ours), "estimator replaced");
        s->SetAttribute("LinuxRateSample", BooleanValue(false));
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<TsqRateOps>(s->GetRateOps()), nullptr, "still ours");
        NS_TEST_ASSERT_MSG_NE(DynamicCast<TcpRateLinux>(s->GetRateOps()),
                              nullptr,
                              "false must give ns-3's TcpRateLinux");
        Ptr<TsqTcpSocket> fork2 = CopyObject<TsqTcpSocket>(s);
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<TsqRateOps>(fork2->GetRateOps()),
                              nullptr,
                              "a fork of a false socket has TsqRateOps");
        s->SetAttribute("LinuxRateSample", BooleanValue(true));
        NS_TEST_ASSERT_MSG_NE(DynamicCast<TsqRateOps>(s->GetRateOps()), nullptr, "true again");

        // Created with the default false.
        Config::SetDefault("ns3::TsqTcpSocket::LinuxRateSample", BooleanValue(false));
        Ptr<TsqTcpSocket> plain = DynamicCast<TsqTcpSocket>(
            Socket::CreateSocket(sender, TsqTcpSocketFactory::GetTypeId()));
        NS_TEST_ASSERT_MSG_NE(DynamicCast<TcpRateLinux>(plain->GetRateOps()),
                              nullptr,
                              "Config default false ignored");

        // The clock: 0 is "none"; whole microseconds round-trip.
        NS_TEST_ASSERT_MSG_EQ(TsqMstamp(Time::Max()), 0u, "Max is none");
        NS_TEST_ASSERT_MSG_EQ(TsqMstamp(Seconds(0)), 1u, "time 0 is a stamp");
        NS_TEST_ASSERT_MSG_EQ(TsqMstampTime(TsqMstamp(MicroSeconds(1234567)), Time::Max()),
                              MicroSeconds(1234567),
                              "round trip");
        NS_TEST_ASSERT_MSG_EQ(TsqMstampTime(0, Time::Max()), Time::Max(), "none");
        NS_TEST_ASSERT_MSG_EQ(TsqMstamp(NanoSeconds(1999)), 2u, "whole us, truncated");
        NS_TEST_ASSERT_MSG_EQ(TsqMstamp(NanoSeconds(-1)), 0u, "before 0 is none");
        NS_TEST_ASSERT_MSG_EQ(TsqMstampTime(2, Time::Max()), NanoSeconds(1000), "1 us");
        Simulator::Destroy();
        Config::Reset();
    }
};

/**
 * \ingroup tsq-tests
 * BBR through a TsqTcpSocket (TsqHelper, linux-4.16) over a 100 Mb/s, 5 ms
 * point-to-point link for 15 s: its first ProbeRTT comes at ~10 s (cwnd
 * down to 4 segments), and it must come back: goodput from 12 s to 15 s
 * above half the link rate. With ns-3 3.37's TcpRateLinux
 * (LinuxRateSample false) BBR's bandwidth estimate collapses after that
 * ProbeRTT and so does the goodput.
 */
class TsqRateBbrWiredTestCase : public TestCase
{
  public:
    TsqRateBbrWiredTestCase()
        : TestCase("BBR over p2p keeps > 50% of the link after its ProbeRTT")
    {
    }

  private:
    void OnSocket(Ptr<Socket> socket)
    {
        m_socket = DynamicCast<TsqTcpSocket>(socket);
        if (!m_socket)
        {
            return;
        }
        m_socket->TraceConnectWithoutContext("CongestionWindow",
                                             MakeCallback(&TsqRateBbrWiredTestCase::OnCwnd, this));
        m_socket->GetRateOps()->TraceConnectWithoutContext(
            "TcpRateSampleUpdated",
            MakeCallback(&TsqRateBbrWiredTestCase::OnSample, this));
    }

    void OnCwnd(uint32_t, uint32_t newValue)
    {
        if (Simulator::Now() > WifiUplinkScenario::GetAppStart() + Seconds(4.9))
        {
            m_minCwndLate = std::min(m_minCwndLate, newValue);
        }
    }

    void OnSample(const TcpRateOps::TcpRateSample& rs)
    {
        if (rs.m_deliveryRate.GetBitRate() > 0)
        {
            ++m_validSamples;
            m_maxInterval = std::max(m_maxInterval, rs.m_interval);
        }
    }

    void Mark(Ptr<PacketSink> sink)
    {
        m_rxAt12 = sink->GetTotalRx();
    }

    void DoRun() override
    {
        Config::Reset();
        WifiUplinkConfig c;
        c.link = "p2p";
        c.congestionControl = "bbr";
        c.p2pRateMbps = 100;
        c.p2pDelayUs = 5000;
        c.queueDisc = "fifo"; // 1000 packets
        c.kernelProfile = "linux-4.16";
        c.warmupS = 0;
        c.durationS = 15.0;
        c.drainS = 0;
        c.pingIntervalS = 0;
        c.seed = 1;
        WifiUplinkScenario scenario(c);
        scenario.Build();
        scenario.SetSocketCallback(MakeCallback(&TsqRateBbrWiredTestCase::OnSocket, this));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(scenario.GetServer()->GetApplication(0));
        NS_TEST_ASSERT_MSG_NE(sink, nullptr, "receiver has no PacketSink");
        // 12 s and 15 s of the application's run.
        Simulator::Schedule(WifiUplinkScenario::GetAppStart() + Seconds(12),
                            &TsqRateBbrWiredTestCase::Mark,
                            this,
                            sink);
        WifiUplinkResult r = scenario.Run();
        uint64_t rxEnd = sink->GetTotalRx();
        bool ours = m_socket && DynamicCast<TsqRateOps>(m_socket->GetRateOps());
        m_socket = nullptr;
        Simulator::Destroy();
        Config::Reset();

        double lateMbps = (rxEnd - m_rxAt12) * 8.0 / 3.0 / 1e6;
        std::cout << "BBR p2p 100 Mb/s: " << r.goodputMbps << " Mb/s over 15 s, " << lateMbps
                  << " Mb/s from 12 s to 15 s, min cwnd after 5 s " << m_minCwndLate << " B, "
                  << m_validSamples << " valid samples, longest interval "
                  << m_maxInterval.GetMicroSeconds() << " us" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(ours, true, "the sender did not use TsqRateOps");
#if !TSQ_NS3_BBR_RAW_RTPROP
        // ProbeRTT happened: cwnd down to BBR's 4-segment floor, where 3.37's
        // TcpRateLinux made BBR collapse. (On 3.43 TcpBbr's RTprop filter
        // takes raw samples, keeps refreshing its min RTT on this path and
        // needs no ProbeRTT in 15 s; the checks below still hold.)
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m_minCwndLate, 4u * 1448u, "no ProbeRTT after 5 s");
#endif
        NS_TEST_ASSERT_MSG_GT(m_validSamples, 10000u, "too few valid rate samples");
        // No sample spans the absolute simulated time (ns-3 3.37's defect).
        NS_TEST_ASSERT_MSG_LT(m_maxInterval, Seconds(1), "a sample longer than 1 s");
        NS_TEST_ASSERT_MSG_GT(lateMbps, 50.0, "BBR collapsed after its ProbeRTT");
        NS_TEST_ASSERT_MSG_GT(r.goodputMbps, 50.0, "BBR goodput over the whole run");
    }

    Ptr<TsqTcpSocket> m_socket;                                   //!< the sender
    uint32_t m_minCwndLate{std::numeric_limits<uint32_t>::max()}; //!< after 5 s, bytes
    uint64_t m_rxAt12{0};                                         //!< sink bytes at 12 s
    uint64_t m_validSamples{0};                                   //!< samples with a rate
    Time m_maxInterval{0};                                        //!< longest valid interval
};

/**
 * \ingroup tsq-tests
 * BBR over the WiFi uplink (802.11n HT40 SGI MCS7, TSQ, linux-4.16), 2 s
 * after 1 s of warm-up. ns-3 3.37: more than 80 Mb/s with the Linux
 * estimator (with 3.37's TcpRateLinux BBR's bandwidth estimate falls and
 * its goodput with it). ns-3 >= 3.41 (TcpRateLinux fixed): the two
 * estimators agree within 10%.
 */
class TsqRateBbrWifiTestCase : public TestCase
{
  public:
    TsqRateBbrWifiTestCase()
        : TestCase("BBR over WiFi: above 80 Mbps on 3.37, the two estimators agree from 3.41")
    {
    }

  private:
    /**
     * \param linuxRateSample the TSQ socket's Linux estimator, else ns-3's
     * \return the run's result
     */
    static WifiUplinkResult RunOnce(bool linuxRateSample)
    {
        Config::Reset();
        Config::SetDefault("ns3::TsqTcpSocket::LinuxRateSample", BooleanValue(linuxRateSample));
        WifiUplinkConfig config;
        config.congestionControl = "bbr";
        config.durationS = 2.0;
        config.warmupS = 1.0;
        config.pingIntervalS = 0;
        config.seed = 1;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        WifiUplinkResult result = scenario.Run();
        Simulator::Destroy();
        Config::Reset();
        return result;
    }

    void DoRun() override
    {
        WifiUplinkResult result = RunOnce(true);
        std::cout << "BBR WiFi: " << result.goodputMbps << " Mb/s, " << result.ampduMpdusMean
                  << " MPDUs per A-MPDU" << std::endl;
#if TSQ_NS3_RATE_FIXED
        // ns-3 >= 3.41: TcpRateLinux is fixed and both estimators must give
        // BBR the same run (3.43: 54.7 and 54.3 Mb/s). BBR's own rate here
        // is ns-3's TcpBbr's (3.43 keeps cwnd near 5 segments, also with
        // ns-3's own socket: see validation.rst).
        WifiUplinkResult ns3 = RunOnce(false);
        std::cout << "BBR WiFi, ns-3's estimator: " << ns3.goodputMbps << " Mb/s" << std::endl;
        NS_TEST_ASSERT_MSG_EQ_TOL(result.goodputMbps,
                                  ns3.goodputMbps,
                                  0.1 * ns3.goodputMbps,
                                  "the two estimators disagree");
        NS_TEST_ASSERT_MSG_GT(result.goodputMbps, 40.0, "BBR over WiFi");
#else
        // The brief's bar is 50 Mb/s; 80 also separates the estimators
        // (this run: ~102 Mb/s; ~73 with ns-3's TcpRateLinux, ~48 from 3 s
        // on and ~31 from 11 s on).
        NS_TEST_ASSERT_MSG_GT(result.goodputMbps, 80.0, "BBR over WiFi");
#endif
    }
};

/**
 * \ingroup tsq-tests
 * The rate-estimator suite.
 */
class TsqRateTestSuite : public TsqTestSuite
{
  public:
    TsqRateTestSuite()
        : TsqTestSuite("tsq-rate", TSQ_TEST_UNIT)
    {
        AddTestCase(new TsqRateInstallTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqRateBbrWifiTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqRateBbrWiredTestCase, TSQ_TEST_QUICK);
    }
};

/** The suite's static instance. */
static TsqRateTestSuite g_tsqRateTestSuite;

} // namespace ns3
