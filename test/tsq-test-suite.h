/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_TEST_SUITE_H
#define TSQ_TEST_SUITE_H

#include "ns3/config.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"
#include "ns3/wifi-uplink-config.h"

#include <string>

/**
 * \file
 * \ingroup tsq-tests
 * The base of the module's TestSuites: a suite leaves the process as it
 * found it.
 */

namespace ns3
{

/**
 * \ingroup tsq-tests
 * A TestSuite that fails when its cases leave an attribute default or the
 * RNG's seed changed, and then restores both. test.py runs each suite in a
 * process of its own, but a test runner run as a whole (or test.py's
 * in-process modes) runs them one after another: a default left set by
 * one suite silently changes what the next one simulates. The scenario's
 * own attributes (set by WifiUplinkScenario::Build on every run) are not
 * counted as left over, but are restored too.
 */
class TsqTestSuite : public TestSuite
{
  public:
    /**
     * \param name the suite's name
     * \param type the suite's type
     */
    TsqTestSuite(std::string name, TestSuite::Type type)
        : TestSuite(name, type)
    {
    }

  private:
    void DoSetup() override
    {
        m_seed = RngSeedManager::GetSeed();
        m_run = RngSeedManager::GetRun();
    }

    void DoTeardown() override
    {
        const std::string left = WifiUplinkConfig::AttributeOverrides();
        const uint32_t seed = RngSeedManager::GetSeed();
        Config::Reset();
        RngSeedManager::SetSeed(m_seed);
        RngSeedManager::SetRun(m_run);
        NS_TEST_EXPECT_MSG_EQ(left, "", "attribute defaults left changed by " << GetName());
        NS_TEST_EXPECT_MSG_EQ(seed, m_seed, "RNG seed left changed by " << GetName());
    }

    uint32_t m_seed{1}; //!< the RNG seed the suite started with
    uint64_t m_run{1};  //!< the RNG run the suite started with (each scenario sets its own)
};

} // namespace ns3

#endif /* TSQ_TEST_SUITE_H */
