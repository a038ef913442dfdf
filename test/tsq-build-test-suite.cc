/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-test-suite.h"

#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/wifi-uplink-scenario.h"

/**
 * \file
 * \ingroup tsq-tests
 * The frame itself: the shared WiFi uplink scenario builds and runs a real
 * 802.11n TCP transfer through ns-3 and aggregates frames.
 */

namespace ns3
{

/**
 * \ingroup tsq-tests
 * A 1 s HT40 SGI MCS7 upload moves data and aggregates MPDUs.
 */
class TsqScenarioSmokeTestCase : public TestCase
{
  public:
    TsqScenarioSmokeTestCase()
        : TestCase("802.11n upload through the shared scenario")
    {
    }

  private:
    void DoRun() override
    {
        WifiUplinkConfig config;
        config.durationS = 1.0;
        config.warmupS = 0.5;
        config.seed = 1;
        WifiUplinkScenario scenario(config);
        scenario.Build();
        WifiUplinkResult result = scenario.Run();
        Simulator::Destroy();
        // Plain ns-3 TCP over HT40 SGI MCS7 reaches ~115 Mb/s (measured);
        // far below that means the topology is broken.
        NS_TEST_ASSERT_MSG_GT(result.goodputMbps, 50.0, "goodput too low");
        NS_TEST_ASSERT_MSG_LT(result.goodputMbps, 150.0, "goodput above the PHY rate");
        NS_TEST_ASSERT_MSG_GT(result.ampduMpdusMean, 4.0, "no A-MPDU aggregation");
        NS_TEST_ASSERT_MSG_GT(result.pingReplies, 0u, "no ping reply");
    }
};

/**
 * \ingroup tsq-tests
 * Out-of-range scenario options are refused with the value and the range.
 */
class TsqScenarioValidationTestCase : public TestCase
{
  public:
    TsqScenarioValidationTestCase()
        : TestCase("scenario options are validated")
    {
    }

  private:
    void DoRun() override
    {
        WifiUplinkConfig config;
        NS_TEST_ASSERT_MSG_EQ(config.Validate(), "", "defaults must be valid");
        config.channelWidth = 80;
        std::string error = config.Validate();
        NS_TEST_ASSERT_MSG_NE(error.find("channelWidth=80"), std::string::npos, error);
        NS_TEST_ASSERT_MSG_NE(error.find("20 or 40"), std::string::npos, error);
        config = WifiUplinkConfig();
        config.congestionControl = "vegas";
        NS_TEST_ASSERT_MSG_NE(config.Validate().find("cc=vegas"), std::string::npos, "cc");
    }
};

/**
 * \ingroup tsq-tests
 * The suite of the frame.
 */
class TsqBuildTestSuite : public TsqTestSuite
{
  public:
    TsqBuildTestSuite()
        : TsqTestSuite("tsq-build", TSQ_TEST_UNIT)
    {
        AddTestCase(new TsqScenarioValidationTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqScenarioSmokeTestCase, TSQ_TEST_QUICK);
    }
};

static TsqBuildTestSuite g_tsqBuildTestSuite; //!< static instance

} // namespace ns3
