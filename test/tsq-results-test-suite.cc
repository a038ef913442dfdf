/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-test-suite.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"
#include "ns3/tsq-batch-means.h"
#include "ns3/tsq-command-line.h"
#include "ns3/tsq-experiment.h"
#include "ns3/tsq-flent-writer.h"
#include "ns3/tsq-job-runner.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-results-db.h"
#include "ns3/uinteger.h"
#include "ns3/wifi-uplink-scenario.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup tsq-tests
 * The results infrastructure: per-run SQLite files (TsqResultsDb), their
 * merge (tsq-merge.sh from TsqDataDir()), the Flent file (TsqFlentWriter) and the job
 * runner (TsqJobRunner).
 */

namespace ns3
{

namespace
{

/** \return a shell-quoted argument */
std::string
ShellQuote(const std::string& s)
{
    std::string out = "'";
    for (char c : s)
    {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

/** \return a run of the pacing-shift experiment with a few series */
TsqRunRecord
MakeRun(uint32_t seed, int shift)
{
    TsqRunRecord r("results-test", seed);
    r.SetParam("kernel_profile", "linux-4.16");
    r.SetParam("tsq_rule", "4.15");
    r.SetParam("pacing_shift", shift);
    r.SetParam("floor_bytes", 0);
    r.SetParam("cc", "cubic");
    r.SetParam("driver_profile", "ath9k");
    r.SetParam("mcs", 7);
    r.SetParam("channel_width", 40);
    r.SetParam("n_sta", 1);
    r.SetParam("duration_s", 2.0);
    for (int i = 1; i <= 10; ++i)
    {
        r.AddSample(TsqRunRecord::SERIES_GOODPUT, 0.2 * i, 40.0 + shift + i);
        r.AddSample(TsqRunRecord::SERIES_PING_RTT, 0.2 * i - 0.1, 5.0 + i);
        r.AddSample(TsqRunRecord::SERIES_CWND, 0.2 * i, 10.0 * i);
    }
    r.SetMetric("goodput_mbps", r.SeriesMean(TsqRunRecord::SERIES_GOODPUT));
    r.SetMetric("ping_rtt_ms_mean", 10.5);
    r.SetMetric("throttle_events", uint64_t(1234));
    r.SetMetric("wall_s", 0.5);
    r.AddAmpdu(1, 3);
    r.AddAmpdu(16, 40);
    r.AddAmpdu(32);
    return r;
}

/** \return the value of the query's first row and column (NULL if none) */
TsqValue
One(const std::string& db, const std::string& sql)
{
    auto rows = TsqResultsDb::Query(db, sql);
    return rows.empty() || rows[0].empty() ? TsqValue() : rows[0][0];
}

} // namespace

/**
 * \ingroup tsq-tests
 * The run key covers parameters, seed, experiment and versions, not metrics.
 */
class TsqRunKeyTestCase : public TestCase
{
  public:
    TsqRunKeyTestCase()
        : TestCase("run key: deterministic, parameters in, metrics out")
    {
    }

  private:
    void DoRun() override
    {
        TsqRunRecord a = MakeRun(1, 8);
        TsqRunRecord b = MakeRun(1, 8);
        NS_TEST_ASSERT_MSG_EQ(a.GetRunKey(), b.GetRunKey(), "same run, same key");
        NS_TEST_ASSERT_MSG_EQ(a.GetRunKey().size(), 32u, "32 hex digits");
        b.SetMetric("wall_s", 99.0);
        NS_TEST_ASSERT_MSG_EQ(a.GetRunKey(), b.GetRunKey(), "a metric is not in the key");
        NS_TEST_ASSERT_MSG_NE(a.GetRunKey(), MakeRun(2, 8).GetRunKey(), "seed");
        NS_TEST_ASSERT_MSG_NE(a.GetRunKey(), MakeRun(1, 9).GetRunKey(), "parameter");
        b.modelAssumptions = "usb-completion";
        NS_TEST_ASSERT_MSG_NE(a.GetRunKey(), b.GetRunKey(), "model assumptions");
        b = MakeRun(1, 8);
        b.moduleVersion = "other";
        NS_TEST_ASSERT_MSG_NE(a.GetRunKey(), b.GetRunKey(), "module version");
        b = MakeRun(1, 8);
        b.SetParam("duration_s", 2); // integer 2 is not real 2.0
        NS_TEST_ASSERT_MSG_NE(a.GetRunKey(), b.GetRunKey(), "parameter type");
        NS_TEST_ASSERT_MSG_EQ(a.ns3Version, TsqResultsDb::Ns3Version(), "ns-3 version");
        NS_TEST_ASSERT_MSG_EQ(a.ns3Version.empty(), false, "ns-3 version known");
    }
};

/**
 * \ingroup tsq-tests
 * The run key's hash is SHA-256: FIPS 180-4's known answers (one block,
 * the empty message, padding into a second block, a million bytes), and a
 * file's digest is its content's.
 */
class TsqSha256TestCase : public TestCase
{
  public:
    TsqSha256TestCase()
        : TestCase("SHA-256: FIPS 180-4 known answers, file digest")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(TsqSha256Hex("abc"),
                              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                              "one block");
        NS_TEST_ASSERT_MSG_EQ(TsqSha256Hex(""),
                              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                              "empty message");
        NS_TEST_ASSERT_MSG_EQ(
            TsqSha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            "56 bytes: the length goes into a second block");
        NS_TEST_ASSERT_MSG_EQ(TsqSha256Hex(std::string(1000000, 'a')),
                              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                              "a million bytes");
        const std::string path = CreateTempDirFilename("tsq-sha256.bin");
        {
            std::ofstream out(path, std::ios::binary);
            out << "abc";
        }
        NS_TEST_ASSERT_MSG_EQ(TsqFileSha256(path), TsqSha256Hex("abc"), "a file's digest");
        std::remove(path.c_str());
        NS_TEST_ASSERT_MSG_EQ(TsqFileSha256(path), "", "an unreadable file has none");
    }
};

/**
 * \ingroup tsq-tests
 * Every option of the scenario is in the run key: each given alone (with
 * what it needs) gives another key than the same command line without it,
 * and the test knows every option the scenario registers, so an option
 * added later without a key column fails here. Attribute overrides are in
 * the key too, read back from the TypeId registry; those the scenario sets
 * itself from its options are refused, and each of them names a real
 * attribute.
 */
class TsqScenarioKeyTestCase : public TestCase
{
  public:
    TsqScenarioKeyTestCase()
        : TestCase("run key: every scenario option and attribute override")
    {
    }

  private:
    /** \return the key of the scenario's record for these options, or "invalid: ..." */
    static std::string KeyOf(const std::string& options)
    {
        WifiUplinkConfig config;
        TsqCommandLine cmd("key-test");
        config.AddToCommandLine(cmd);
        std::vector<std::string> args{"key-test"};
        std::istringstream in(options);
        for (std::string a; in >> a;)
        {
            args.push_back(a);
        }
        std::vector<char*> argv;
        for (auto& a : args)
        {
            argv.push_back(&a[0]);
        }
        std::string error = cmd.Parse(static_cast<int>(argv.size()), argv.data());
        if (error.empty())
        {
            error = config.Validate();
        }
        if (!error.empty())
        {
            return "invalid: " + error;
        }
        return WifiUplinkRunRecord("key-test", "p", config, WifiUplinkResult(), 0).GetRunKey();
    }

    /** \return the options WifiUplinkConfig registers, from the help text */
    static std::set<std::string> RegisteredOptions()
    {
        WifiUplinkConfig config;
        TsqCommandLine cmd("key-test");
        config.AddToCommandLine(cmd);
        std::ostringstream help;
        cmd.GetCommandLine().PrintHelp(help);
        std::set<std::string> names;
        std::istringstream lines(help.str());
        bool program = false;
        for (std::string line; std::getline(lines, line);)
        {
            program = line == "Program Options:" || (program && !line.empty());
            std::size_t dash = line.find("--");
            std::size_t colon = line.find(':', dash);
            if (program && dash != std::string::npos && colon != std::string::npos)
            {
                names.insert(line.substr(dash + 2, colon - dash - 2));
            }
        }
        return names;
    }

    void DoRun() override
    {
        Config::Reset();
        const std::string lateness = CreateTempDirFilename("slots.csv");
        std::ofstream(lateness) << "slot,lateness_us\n0,5\n";
        // option -> (its non-default value, what it needs to apply)
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"--nSta=2", ""},
            {"--standard=80211ac", ""},
            {"--nss=2", ""},
            {"--mcs=3", ""},
            {"--heGuardInterval=1600", "--standard=80211ax"},
            {"--distance=2", ""},
            {"--channelWidth=20", ""},
            {"--shortGi=false", ""},
            {"--minstrel=true", ""},
            {"--wiredServer=true", ""},
            {"--queueDisc=pfifo_fast", ""},
            {"--qdiscPackets=30", "--queueDisc=fifo"},
            {"--macQueueScheduler=ns3", ""},
            {"--addbaResponseTimeoutMs=1", ""},
            {"--cc=newreno", ""},
            {"--segmentSize=1000", ""},
            {"--sndBuf=200000", ""},
            {"--rcvBuf=100000", ""},
            {"--duration=2", ""},
            {"--warmup=1", ""},
            {"--warmupExtra=3", ""},
            {"--pingInterval=0.1", ""},
            {"--seed=2", ""},
            {"--drain=1", ""},
            {"--sampleInterval=0.2", ""},
            {"--precision=0.02", ""},
            {"--batch=1", "--precision=0.02"},
            {"--minBatches=5", "--precision=0.02"},
            {"--link=p2p", ""},
            {"--p2pRate=50", "--link=p2p"},
            {"--p2pDelayUs=100", "--link=p2p"},
            {"--deviceQueuePackets=10", "--link=p2p"},
            {"--traffic=udp", ""},
            {"--udpRate=50", "--traffic=udp"},
            {"--maxBytes=1000000", ""},
            {"--tsq=false", ""},
            {"--kernelProfile=linux-4.14", ""},
            {"--tsqRule=3.6", ""},
            {"--kernelForms=cwnd=2022", ""},
            {"--ksoftirqdCompletions=true", ""},
            {"--pacingShiftPolicy=8", ""},
            {"--driverProfile=ath9k", ""},
            {"--completionLatencyUs=300", ""},
            {"--floorBytes=10000", ""},
            {"--limitOutputBytes=100000", ""},
            {"--apRxErrorRate=0.1", ""},
            {"--staRxErrorRate=0.1", ""},
            {"--gateRate=100", "--link=gate"},
            {"--gateOverheadUs=200", "--link=gate"},
            {"--gateAckGapUs=50", "--link=gate"},
            {"--gateAckTxopUs=200", "--link=gate"},
            {"--gateGapUs=50", "--link=gate"},
            {"--gateIdlePollUs=50", "--link=gate"},
            {"--gateMaxFrames=20", "--link=gate"},
            {"--gateLost=10", "--link=gate"},
            {"--gateRelease=open", "--link=gate"},
            {"--gateLateness=" + lateness, "--link=gate"},
            {"--gateTiming=edca", "--link=gate"},
            {"--gateHwDepth=1", "--link=gate --gateTiming=edca"},
            {"--gateCompletionLatencyUs=100", "--link=gate --gateTiming=edca"},
            {"--initialSsthresh=10", ""},
            {"--tsoBursts=false", ""},
            {"--txDelayUs=100", "--tsqRule=6.16"},
            {"--receiverAcks=burst", ""},
            {"--burstAckUs=20", "--receiverAcks=burst"},
            {"--rttEstimator=ns3", ""},
        };
        // Options with one valid value in this build: their column is
        // checked instead (no other TCP socket factory exists to switch to).
        const std::set<std::string> columnOnly = {"socketFactory"};
        std::set<std::string> covered(columnOnly);
        for (const auto& c : cases)
        {
            const std::string name = c.first.substr(2, c.first.find('=') - 2);
            covered.insert(name);
            std::string base = KeyOf(c.second);
            std::string with = KeyOf(c.second + " " + c.first);
            NS_TEST_ASSERT_MSG_EQ(base.rfind("invalid", 0), std::string::npos, base);
            NS_TEST_ASSERT_MSG_EQ(with.rfind("invalid", 0), std::string::npos, with);
            NS_TEST_ASSERT_MSG_NE(with, base, c.first << " is not in the run key");
        }
        for (const auto& name : RegisteredOptions())
        {
            NS_TEST_ASSERT_MSG_EQ(covered.count(name),
                                  1u,
                                  "--" << name << " is not checked for the run key");
        }
        WifiUplinkConfig plain;
        plain.tsq = false;
        TsqRunRecord plainRecord = WifiUplinkRunRecord("k", "p", plain, WifiUplinkResult(), 0);
        NS_TEST_ASSERT_MSG_EQ(plainRecord.Get("socket_factory").GetText(),
                              "ns3::TcpSocketFactory",
                              "the plain socket's factory is recorded");

        // Attribute overrides: the TypeId registry's changed defaults.
        const std::string before = KeyOf("");
        NS_TEST_ASSERT_MSG_EQ(WifiUplinkConfig::AttributeOverrides(), "", "none at the start");
        Config::SetDefault("ns3::TsqTcpSocket::LinuxHyStart", BooleanValue(false));
        Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(false));
        NS_TEST_ASSERT_MSG_EQ(
            WifiUplinkConfig::AttributeOverrides(),
            "ns3::TcpSocketBase::Sack=false; ns3::TsqTcpSocket::LinuxHyStart=false",
            "canonical text, sorted");
        NS_TEST_ASSERT_MSG_NE(KeyOf(""), before, "an override is in the key");
        NS_TEST_ASSERT_MSG_EQ(WifiUplinkConfig::ValidateAttributeDefaults(), "", "allowed");
        // Set to its own default again: no override.
        Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
        Config::SetDefault("ns3::TsqTcpSocket::LinuxHyStart", BooleanValue(true));
        NS_TEST_ASSERT_MSG_EQ(KeyOf(""), before, "back to the default");
        // What the scenario sets itself is not an override but a refusal.
        Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1000));
        NS_TEST_ASSERT_MSG_EQ(WifiUplinkConfig::AttributeOverrides(), "", "the scenario's own");
        NS_TEST_ASSERT_MSG_EQ(WifiUplinkConfig::ValidateAttributeDefaults(),
                              "invalid option: --ns3::TcpSocket::SegmentSize=1000 would be "
                              "overwritten by the scenario; allowed: the scenario's "
                              "--segmentSize instead",
                              "refused with the option to use");
        Config::Reset();
        for (const auto& attribute : WifiUplinkConfig::ScenarioAttributes())
        {
            const std::string& full = attribute.first;
            std::size_t sep = full.rfind("::");
            TypeId tid;
            bool declared = false;
            if (TypeId::LookupByNameFailSafe(full.substr(0, sep), &tid))
            {
                for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
                {
                    declared = declared || tid.GetAttribute(i).name == full.substr(sep + 2);
                }
            }
            NS_TEST_ASSERT_MSG_EQ(declared, true, full << " is not an attribute its type declares");
        }
    }
};

/**
 * \ingroup tsq-tests
 * The row says which gate held cwnd and which delivery-rate estimator the
 * senders used, as doc/tsq.rst ("ns-3 releases") documents them: the TSQ
 * socket's Linux rules by default (also on ns-3 3.42+, where its gate
 * decides for ns-3's own flag), none with CwndValidation off, ns-3's own
 * for ns-3's socket (its cwnd-limited flag gates TcpCubic from 3.42 on,
 * nothing before), none for BBR, nothing for UDP.
 */
class TsqNs3ReleaseChoicesTestCase : public TestCase
{
  public:
    TsqNs3ReleaseChoicesTestCase()
        : TestCase("The row names the cwnd validation, rate estimator and rule a run used")
    {
    }

  private:
    /** \return the two columns of a run of config, "cwnd/rate" */
    static std::string Choices(const WifiUplinkConfig& config)
    {
        WifiUplinkResult result;
        TsqRunRecord record = WifiUplinkRunRecord("choices", "p", config, result, 0);
        return record.Get("cwnd_validation").GetText() + "/" + record.Get("rate_sample").GetText();
    }

    void DoRun() override
    {
        Config::Reset();
        WifiUplinkConfig config;
        NS_TEST_ASSERT_MSG_EQ(Choices(config), "linux/linux", "the TSQ socket's rules");
        config.congestionControl = "bbr";
        NS_TEST_ASSERT_MSG_EQ(Choices(config), "none/linux", "BBR sets its own cwnd");
        config.congestionControl = "cubic";
        config.tsq = false;
        const std::string ns3Socket = TSQ_NS3_CWND_LIMITED ? "ns3/ns3" : "none/ns3";
        NS_TEST_ASSERT_MSG_EQ(Choices(config), ns3Socket, "ns-3's socket");
        config.congestionControl = "newreno";
        NS_TEST_ASSERT_MSG_EQ(Choices(config), "none/ns3", "TcpNewReno reads no flag");
        config.tsq = true;
        config.congestionControl = "cubic";
        Config::SetDefault("ns3::TsqTcpSocket::CwndValidation", BooleanValue(false));
        Config::SetDefault("ns3::TsqTcpSocket::LinuxRateSample", BooleanValue(false));
        NS_TEST_ASSERT_MSG_EQ(Choices(config), "none/ns3", "both attributes off");
        Config::Reset();
        // ns-3's behaviour through the module: the row says what ran, not
        // the options it overrode.
        config.ns3Behaviour = true;
        NS_TEST_ASSERT_MSG_EQ(Choices(config), "none/ns3", "ns3Behaviour");
        TsqRunRecord record = WifiUplinkRunRecord("choices", "p", config, WifiUplinkResult(), 0);
        NS_TEST_ASSERT_MSG_EQ(record.Get("tsq_rule").GetText(), "off", "ns3Behaviour's rule");
        NS_TEST_ASSERT_MSG_EQ(record.Get("rtt_estimator").GetText(), "ns3", "ns3Behaviour's RTT");
        NS_TEST_ASSERT_MSG_EQ(record.Get("tso_bursts").GetInteger(), 0, "ns3Behaviour's TSO");
        NS_TEST_ASSERT_MSG_EQ(record.Get("ns3_behaviour").GetInteger(), 1, "ns3Behaviour recorded");
        NS_TEST_ASSERT_MSG_EQ(config.Validate(), "", "ns3Behaviour with the TSQ socket");
        config.tsq = false;
        NS_TEST_ASSERT_MSG_NE(config.Validate(), "", "ns3Behaviour without the TSQ socket");
        config.tsq = true;
        config.ns3Behaviour = false;
        config.traffic = "udp";
        NS_TEST_ASSERT_MSG_EQ(Choices(config), "/", "UDP has neither");
    }
};

/**
 * \ingroup tsq-tests
 * TsqCommandLine takes a value whole or refuses it, where ns-3 3.37's
 * CommandLine kept what it could read: --mcs=1e30 was 1, --nSta=3abc 3,
 * --channelWidth=-65516 wrapped, a bare --tsq toggled the default off.
 */
class TsqCommandLineTestCase : public TestCase
{
  public:
    TsqCommandLineTestCase()
        : TestCase("strict options: whole values or one-line refusals")
    {
    }

  private:
    /** Parse \p args with the scenario's options into \p config. */
    static std::string Parse(WifiUplinkConfig& config, std::vector<std::string> args)
    {
        TsqCommandLine cmd("strict-test");
        config.AddToCommandLine(cmd);
        args.insert(args.begin(), "strict-test");
        std::vector<char*> argv;
        for (auto& a : args)
        {
            argv.push_back(&a[0]);
        }
        return cmd.Parse(static_cast<int>(argv.size()), argv.data());
    }

    void DoRun() override
    {
        WifiUplinkConfig c;
        NS_TEST_ASSERT_MSG_EQ(Parse(c, {"--tsq", "--nSta=3", "--duration=0.5", "--tsqRule=3.6"}),
                              "",
                              "well-formed");
        NS_TEST_ASSERT_MSG_EQ(c.tsq, true, "a bare flag is true, not a toggle");
        NS_TEST_ASSERT_MSG_EQ(c.nSta, 3u, "whole number");
        NS_TEST_ASSERT_MSG_EQ(c.durationS, 0.5, "real number");
        NS_TEST_ASSERT_MSG_EQ(c.tsqRule, "3.6", "string");
        WifiUplinkConfig d;
        NS_TEST_ASSERT_MSG_EQ(Parse(d, {"--kernelProfile=linux 4.16"}), "", "a blank kept");
        NS_TEST_ASSERT_MSG_EQ(d.kernelProfile, "linux 4.16", "the whole string");
        const std::vector<std::pair<std::string, std::string>> refused = {
            {"--mcs=1e30", "invalid option: --mcs=1e30 is not a whole number"},
            {"--nSta=3abc", "invalid option: --nSta=3abc is not a whole number"},
            {"--channelWidth=-65516", "invalid option: --channelWidth=-65516 is not a whole"},
            {"--channelWidth=65556", "invalid option: --channelWidth=65556 is not a whole"},
            {"--duration=0.5x", "invalid option: --duration=0.5x is not a finite decimal"},
            {"--duration=nan", "invalid option: --duration=nan is not a finite decimal"},
            {"--tsq=yes", "invalid option: --tsq=yes is not a truth value"},
            {"--bogus=1", "invalid option: --bogus=1 is not an option of this program"},
            {"stray", "invalid argument: 'stray' is not an option"},
            {"-nSta=2", "invalid argument: '-nSta=2' is not an option"},
            {"--ns3::TcpSocket::SegmentSize=12x",
             "invalid option: --ns3::TcpSocket::SegmentSize=12x is not a valid value"},
            {"--ns3::TcpSocket::Nope=1", "names no attribute of ns3::TcpSocket"},
        };
        for (const auto& r : refused)
        {
            WifiUplinkConfig e;
            std::string error = Parse(e, {r.first});
            NS_TEST_ASSERT_MSG_NE(error.find(r.second),
                                  std::string::npos,
                                  r.first << ": " << error);
            NS_TEST_ASSERT_MSG_EQ(error.find('\n'), std::string::npos, "one line: " << error);
        }
    }
};

/**
 * \ingroup tsq-tests
 * Two runs written to their own files, merged twice with utils/tsq-merge.sh:
 * two rows, their series and histograms once, extra columns from both, and a
 * metric never measured stays NULL.
 */
class TsqResultsMergeTestCase : public TestCase
{
  public:
    TsqResultsMergeTestCase()
        : TestCase("per-run databases and their idempotent merge")
    {
    }

  private:
    void DoRun() override
    {
        const std::string runA = CreateTempDirFilename("runs/a.db");
        const std::string runB = CreateTempDirFilename("runs/b.db");
        const std::string out = CreateTempDirFilename("sweep.db");
        std::remove(out.c_str());

        TsqRunRecord a = MakeRun(1, 10);
        a.SetMetric("rx_errors", 7); // an extra metric column only in run A
        a.SetStationMetric(0, "goodput_mbps", 30.0);
        a.SetStationMetric(1, "goodput_mbps", 25.5);
        a.SetStationMetric(1, "ping_rtt_ms_mean", TsqValue()); // station 1 does not ping
        TsqRunRecord b = MakeRun(2, 8);
        b.SetParam("ap_rx_error_rate", 0.01);    // an extra parameter only in run B
        b.SetMetric("srtt_ms_mean", TsqValue()); // explicitly not measured
        const std::string keyA = TsqResultsDb::WriteRun(runA, a);
        const std::string keyB = TsqResultsDb::WriteRun(runB, b);
        NS_TEST_ASSERT_MSG_EQ(keyA, a.GetRunKey(), "WriteRun returns the key");

        // One file: every stable column, the extra one, the values.
        auto cols = TsqResultsDb::Columns(runA, "runs");
        for (const auto& c : TsqResultsDb::StableColumns())
        {
            NS_TEST_ASSERT_MSG_EQ(std::count(cols.begin(), cols.end(), c.first),
                                  1,
                                  "column " << c.first << " in a run file");
        }
        NS_TEST_ASSERT_MSG_EQ(std::count(cols.begin(), cols.end(), "rx_errors"), 1, "extra");
        NS_TEST_ASSERT_MSG_EQ(One(runA, "SELECT count(*) FROM runs").GetInteger(), 1, "one row");
        NS_TEST_ASSERT_MSG_EQ(One(runA, "SELECT pacing_shift FROM runs").GetInteger(), 10, "shift");
        NS_TEST_ASSERT_MSG_EQ(One(runA, "SELECT model_assumptions FROM runs").GetText(),
                              "",
                              "faithful default: empty model_assumptions");
        NS_TEST_ASSERT_MSG_EQ(One(runA, "SELECT udp_capacity_mbps FROM runs").IsNull(),
                              true,
                              "a metric not measured is NULL");
        NS_TEST_ASSERT_MSG_EQ(One(runA, "SELECT count(*) FROM series").GetInteger(), 30, "series");
        NS_TEST_ASSERT_MSG_EQ(
            One(runA, "SELECT psdus FROM ampdu_histogram WHERE mpdus = 16").GetInteger(),
            40,
            "histogram");

        // A run still being written and a file that is no database: skipped.
        std::ofstream(CreateTempDirFilename("runs/c.db.part")) << "partial";
        std::ofstream(CreateTempDirFilename("runs/junk.db")) << "not a database";

        const std::string merge = "sh " + ShellQuote(TsqDataDir() + "/tsq-merge.sh") + " --quiet " +
                                  ShellQuote(out) + " " + ShellQuote(runA) + " " +
                                  ShellQuote(runB) + " " +
                                  ShellQuote(CreateTempDirFilename("runs")) + " >&2";
        for (int pass = 1; pass <= 2; ++pass)
        {
            int rc = std::system(merge.c_str());
            NS_TEST_ASSERT_MSG_EQ(rc, 0, "merge pass " << pass << ": " << merge);
            NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT count(*) FROM runs").GetInteger(),
                                  2,
                                  "two runs after pass " << pass);
            NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT count(*) FROM series").GetInteger(),
                                  60,
                                  "series rows once after pass " << pass);
            NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT count(*) FROM ampdu_histogram").GetInteger(),
                                  6,
                                  "histogram rows once after pass " << pass);
            NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT count(*) FROM stations").GetInteger(),
                                  3,
                                  "station rows once after pass " << pass);
        }
        auto merged = TsqResultsDb::Columns(out, "runs");
        for (const char* c : {"run_key", "goodput_mbps", "rx_errors", "ap_rx_error_rate"})
        {
            NS_TEST_ASSERT_MSG_EQ(std::count(merged.begin(), merged.end(), c),
                                  1,
                                  "column " << c << " in the sweep database");
        }
        const std::string whereA = " FROM runs WHERE run_key = '" + keyA + "'";
        const std::string whereB = " FROM runs WHERE run_key = '" + keyB + "'";
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT rx_errors" + whereA).GetInteger(), 7, "extra A");
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT rx_errors" + whereB).IsNull(), true, "B: NULL");
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT ap_rx_error_rate" + whereB).GetReal(),
                              0.01,
                              "extra B");
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT srtt_ms_mean" + whereB).IsNull(), true, "NULL");
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT typeof(udp_capacity_mbps)" + whereA).GetText(),
                              "null",
                              "a NULL metric stays NULL through the merge");
        NS_TEST_ASSERT_MSG_EQ_TOL(One(out, "SELECT goodput_mbps" + whereA).GetReal(),
                                  55.5,
                                  1e-9,
                                  "goodput");
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT throttle_events" + whereA).GetInteger(),
                              1234,
                              "integer metric");
        NS_TEST_ASSERT_MSG_EQ(One(out,
                                  "SELECT value FROM stations WHERE station = 1 AND name = "
                                  "'goodput_mbps' AND run_key = '" +
                                      keyA + "'")
                                  .GetReal(),
                              25.5,
                              "a station's metric");
        NS_TEST_ASSERT_MSG_EQ(One(out,
                                  "SELECT typeof(value) FROM stations WHERE station = 1 AND name "
                                  "= 'ping_rtt_ms_mean'")
                                  .GetText(),
                              "null",
                              "a station's metric not measured is NULL");
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT ns3_version" + whereA).GetText(),
                              TsqResultsDb::Ns3Version(),
                              "ns-3 version recorded");

        // A rewritten run (same key, new metrics) merged again stays one row.
        a.SetMetric("wall_s", 2.0);
        TsqResultsDb::WriteRun(runA, a);
        NS_TEST_ASSERT_MSG_EQ(std::system(merge.c_str()), 0, "third merge");
        NS_TEST_ASSERT_MSG_EQ(One(out, "SELECT count(*) FROM runs").GetInteger(), 2, "still 2");

        // The same key with another result: refused loudly, the row kept.
        a.SetMetric("goodput_mbps", 12.0);
        TsqResultsDb::WriteRun(runA, a);
        const std::string log = CreateTempDirFilename("refused.log");
        const std::string refuse = "sh " + ShellQuote(TsqDataDir() + "/tsq-merge.sh") + " " +
                                   ShellQuote(out) + " " + ShellQuote(runA) + " 2>" +
                                   ShellQuote(log) + " >/dev/null";
        NS_TEST_ASSERT_MSG_NE(std::system(refuse.c_str()), 0, "a clashing row must fail the merge");
        std::ifstream in(log);
        std::string message((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        NS_TEST_ASSERT_MSG_NE(message.find("refusing " + runA + ": run " + keyA),
                              std::string::npos,
                              "the refusal names the file and the run: " << message);
        NS_TEST_ASSERT_MSG_NE(message.find("goodput_mbps = 55.5, here goodput_mbps = 12.0"),
                              std::string::npos,
                              "the refusal names the column and both values: " << message);
        NS_TEST_ASSERT_MSG_EQ_TOL(One(out, "SELECT goodput_mbps" + whereA).GetReal(),
                                  55.5,
                                  1e-9,
                                  "the row in the sweep database is unchanged");
    }
};

/**
 * \ingroup tsq-tests
 * Schema version 1 (the TSQ rule's column was called policy) is migrated by
 * tsq-merge.sh: a version 1 input is merged through a migrated copy (the
 * file itself is left alone), a version 1 sweep database is migrated in
 * place before new runs join it.
 */
class TsqResultsMigrationTestCase : public TestCase
{
  public:
    TsqResultsMigrationTestCase()
        : TestCase("schema 1 databases migrated by the merge (policy -> tsq_rule)")
    {
    }

  private:
    /** Turn the run database \p db back into schema version 1. */
    bool Downgrade(const std::string& db)
    {
        std::string cmd = "sqlite3 -batch " + ShellQuote(db) +
                          " \"ALTER TABLE runs RENAME COLUMN tsq_rule TO policy; DROP TABLE "
                          "stations; UPDATE tsq_meta SET value = '1' WHERE key = "
                          "'schema_version';\"";
        return std::system(cmd.c_str()) == 0;
    }

    void DoRun() override
    {
        const std::string oldRun = CreateTempDirFilename("old.db");
        const std::string newRun = CreateTempDirFilename("new.db");
        TsqRunRecord o = MakeRun(1, 10);
        o.SetParam("tsq_rule", "3.19");
        TsqResultsDb::WriteRun(oldRun, o);
        TsqResultsDb::WriteRun(newRun, MakeRun(2, 8));
        NS_TEST_ASSERT_MSG_EQ(
            One(newRun, "SELECT value FROM tsq_meta WHERE key = 'schema_version'").GetText(),
            "4",
            "runs are written with schema version 4");
        NS_TEST_ASSERT_MSG_EQ(Downgrade(oldRun), true, "a schema 1 run file");
        const std::string merge =
            "sh " + ShellQuote(TsqDataDir() + "/tsq-merge.sh") + " --quiet --strict ";

        // A schema 1 input into a new sweep database.
        const std::string out = CreateTempDirFilename("sweep.db");
        std::string cmd =
            merge + ShellQuote(out) + " " + ShellQuote(oldRun) + " " + ShellQuote(newRun) + " >&2";
        NS_TEST_ASSERT_MSG_EQ(std::system(cmd.c_str()), 0, "merge of schema 1 and 2 inputs");
        auto cols = TsqResultsDb::Columns(out, "runs");
        NS_TEST_ASSERT_MSG_EQ(std::count(cols.begin(), cols.end(), "tsq_rule"), 1, "tsq_rule");
        NS_TEST_ASSERT_MSG_EQ(std::count(cols.begin(), cols.end(), "policy"), 0, "no policy");
        NS_TEST_ASSERT_MSG_EQ(One(out,
                                  "SELECT group_concat(tsq_rule, ',') FROM (SELECT tsq_rule "
                                  "FROM runs ORDER BY seed)")
                                  .GetText(),
                              "3.19,4.15",
                              "both runs' rules under tsq_rule");
        NS_TEST_ASSERT_MSG_EQ(
            One(out, "SELECT value FROM tsq_meta WHERE key = 'schema_version'").GetText(),
            "4",
            "the sweep database is schema 4");
        auto oldCols = TsqResultsDb::Columns(oldRun, "runs");
        NS_TEST_ASSERT_MSG_EQ(std::count(oldCols.begin(), oldCols.end(), "policy"),
                              1,
                              "the schema 1 input itself is left alone");

        // A schema 1 sweep database that new runs join.
        const std::string old = CreateTempDirFilename("old-sweep.db");
        cmd = merge + ShellQuote(old) + " " + ShellQuote(newRun) + " >&2";
        NS_TEST_ASSERT_MSG_EQ(std::system(cmd.c_str()), 0, "a sweep of one run");
        NS_TEST_ASSERT_MSG_EQ(Downgrade(old), true, "a schema 1 sweep database");
        TsqRunRecord third = MakeRun(3, 9);
        const std::string thirdRun = CreateTempDirFilename("third.db");
        TsqResultsDb::WriteRun(thirdRun, third);
        cmd = merge + ShellQuote(old) + " " + ShellQuote(thirdRun) + " >&2";
        NS_TEST_ASSERT_MSG_EQ(std::system(cmd.c_str()), 0, "merge into a schema 1 database");
        NS_TEST_ASSERT_MSG_EQ(
            One(old, "SELECT count(*) FROM runs WHERE tsq_rule = '4.15'").GetInteger(),
            2,
            "the old row and the new one under tsq_rule");
        NS_TEST_ASSERT_MSG_EQ(
            One(old, "SELECT value FROM tsq_meta WHERE key = 'schema_version'").GetText(),
            "4",
            "migrated in place");
    }
};

/**
 * \ingroup tsq-tests
 * Schema version 3 (device_shift, driver, gate_completion_delay_us,
 * driver "p2p")
 * is migrated by tsq-merge.sh to the names and values of version 4.
 */
class TsqResultsMigration3TestCase : public TestCase
{
  public:
    TsqResultsMigration3TestCase()
        : TestCase("schema 3 databases migrated by the merge (device_shift -> "
                   "pacing_shift_policy)")
    {
    }

  private:
    /** \return a schema 3 run file of a run on \p link with rule \p rule */
    std::string OldRun(uint32_t seed, const std::string& link, const std::string& rule)
    {
        const std::string db = CreateTempDirFilename("v3-" + std::to_string(seed) + ".db");
        TsqRunRecord r = MakeRun(seed, 10);
        r.SetParam("link", link);
        r.SetParam("tsq_rule", rule);
        r.SetParam("driver_profile", link == "wifi" ? "ath9k" : "p2p");
        r.SetParam("pacing_shift_policy", "profile");
        r.SetParam("gate_completion_latency_us", 0);
        r.SetParam("ksoftirqd_completions", 1);
        TsqResultsDb::WriteRun(db, r);
        std::string cmd = "sqlite3 -batch " + ShellQuote(db) +
                          " \"ALTER TABLE runs RENAME COLUMN driver_profile TO driver; "
                          "ALTER TABLE runs RENAME COLUMN pacing_shift_policy TO device_shift; "
                          "ALTER TABLE runs RENAME COLUMN gate_completion_latency_us TO "
                          "gate_completion_delay_us; "
                          "ALTER TABLE runs RENAME COLUMN ksoftirqd_completions TO ksoftirqd; "
                          "UPDATE tsq_meta SET value = '3' WHERE key = 'schema_version';\"";
        return std::system(cmd.c_str()) == 0 ? db : "";
    }

    void DoRun() override
    {
        const std::string wifi = OldRun(1, "wifi", "4.15");
        const std::string p2p = OldRun(2, "p2p", "4.15");
        const std::string ns3 = OldRun(3, "wifi", "ns3");
        NS_TEST_ASSERT_MSG_EQ(wifi.empty() || p2p.empty() || ns3.empty(), false, "v3 files");
        const std::string out = CreateTempDirFilename("sweep.db");
        std::string cmd = "sh " + ShellQuote(TsqDataDir() + "/tsq-merge.sh") +
                          " --quiet --strict " + ShellQuote(out) + " " + ShellQuote(wifi) + " " +
                          ShellQuote(p2p) + " " + ShellQuote(ns3) + " >&2";
        NS_TEST_ASSERT_MSG_EQ(std::system(cmd.c_str()), 0, "merge of schema 3 inputs");
        auto cols = TsqResultsDb::Columns(out, "runs");
        for (const char* gone : {"device_shift", "driver", "ksoftirqd", "gate_completion_delay_us"})
        {
            NS_TEST_ASSERT_MSG_EQ(std::count(cols.begin(), cols.end(), gone), 0, gone);
        }
        for (const char* name : {"pacing_shift_policy",
                                 "driver_profile",
                                 "ksoftirqd_completions",
                                 "gate_completion_latency_us"})
        {
            NS_TEST_ASSERT_MSG_EQ(std::count(cols.begin(), cols.end(), name), 1, name);
        }
        auto byRun = [&](const std::string& what) {
            return One(out,
                       "SELECT group_concat(v, ',') FROM (SELECT coalesce(" + what +
                           ", 'NULL') AS v FROM runs ORDER BY seed)")
                .GetText();
        };
        NS_TEST_ASSERT_MSG_EQ(byRun("driver_profile"), "ath9k,,", "a WiFi TSQ run's only");
        NS_TEST_ASSERT_MSG_EQ(byRun("pacing_shift_policy"), "profile,,", "the policy likewise");
        NS_TEST_ASSERT_MSG_EQ(byRun("pacing_shift"), "10,10,NULL", "ns-3's socket: no shift");
        NS_TEST_ASSERT_MSG_EQ(
            One(out, "SELECT value FROM tsq_meta WHERE key = 'schema_version'").GetText(),
            "4",
            "the sweep database is schema 4");
    }
};

/**
 * \ingroup tsq-tests
 * The Flent JSON has format version 4, the test's NAME and series names,
 * T0, the grid and every raw sample.
 */
class TsqFlentJsonTestCase : public TestCase
{
  public:
    TsqFlentJsonTestCase()
        : TestCase("Flent file: keys and series")
    {
    }

  private:
    void DoRun() override
    {
        TsqRunRecord r = MakeRun(1, 8);
        TsqFlentOptions o;
        o.t0UnixS = 1500000000.25;
        std::string json = TsqFlentWriter::ToJson(r, o, "x.flent.gz");
        for (const char* key : {"\"version\": 4",
                                "\"NAME\": \"tcp_1up\"",
                                "\"T0\": \"2017-07-14T02:40:00.250000Z\"",
                                "\"STEP_SIZE\": 0.2",
                                "\"TOTAL_LENGTH\": 2",
                                "\"TCP upload\": [",
                                "\"Ping (ms) ICMP\": [",
                                "\"x_values\": [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2,",
                                "\"raw_values\"",
                                "\"TSQ_RUN_KEY\""})
        {
            NS_TEST_ASSERT_MSG_NE(json.find(key), std::string::npos, key << " in " << json);
        }
        std::string written = CreateTempDirFilename("run.flent.gz");
        TsqFlentWriter::Write(written, r, o);
        std::ifstream f(written, std::ios::binary);
        unsigned char magic[2] = {0, 0};
        f.read(reinterpret_cast<char*>(magic), 2);
        NS_TEST_ASSERT_MSG_EQ((magic[0] == 0x1f && magic[1] == 0x8b), true, "gzip magic");
    }
};

/**
 * \ingroup tsq-tests
 * TsqJobRunner with real child processes: a job that aborts or is killed
 * ends only itself (the others' results arrive, the failure is reported
 * with its signal), a job's output larger than a pipe's buffer arrives
 * whole, and every job is reported exactly once with two at a time.
 */
class TsqJobRunnerTestCase : public TestCase
{
  public:
    TsqJobRunnerTestCase()
        : TestCase("TsqJobRunner: a crashing job loses only itself; outputs arrive whole")
    {
    }

  private:
    void DoRun() override
    {
        const std::size_t n = 6;
        TsqJobRunner runner(2);
        std::size_t reports = 0;
        std::vector<TsqJobRunner::Outcome> out = runner.Run(
            n,
            [](std::size_t k) -> std::string {
                if (k == 1)
                {
                    std::abort();
                }
                if (k == 4)
                {
                    std::raise(SIGKILL);
                }
                if (k == 3)
                {
                    return std::string(300000, 'x'); // over a pipe's 64 KiB
                }
                return "job" + std::to_string(k);
            },
            [&reports](const TsqJobRunner::Outcome&, std::size_t finished) { reports = finished; });
        NS_TEST_ASSERT_MSG_EQ(out.size(), n, "one outcome per job");
        NS_TEST_ASSERT_MSG_EQ(reports, n, "one report per job");
        std::vector<int> seen(n, 0);
        for (const auto& o : out)
        {
            NS_TEST_ASSERT_MSG_LT(o.index, n, "index in range");
            ++seen[o.index];
            if (o.index == 1 || o.index == 4)
            {
                NS_TEST_ASSERT_MSG_EQ(o.ok, false, "job " << o.index << " failed");
                NS_TEST_ASSERT_MSG_EQ(o.output, "", "a failed job has no output");
                std::string why = TsqJobRunner::Describe(o.status);
                NS_TEST_ASSERT_MSG_EQ(
                    why.rfind("signal " + std::to_string(o.index == 1 ? SIGABRT : SIGKILL), 0),
                    0,
                    "reported as its signal: " << why);
            }
            else if (o.index == 3)
            {
                NS_TEST_ASSERT_MSG_EQ(o.ok, true, "job 3 ran");
                NS_TEST_ASSERT_MSG_EQ(o.output.size(), 300000, "the whole output");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(o.ok, true, "job " << o.index << " ran");
                NS_TEST_ASSERT_MSG_EQ(o.output, "job" + std::to_string(o.index), "its output");
            }
        }
        for (std::size_t k = 0; k < n; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(seen[k], 1, "job " << k << " reported once");
        }
        NS_TEST_ASSERT_MSG_EQ(TsqJobRunner::Describe(0), "exit 0", "exit status text");
        NS_TEST_ASSERT_MSG_EQ(TsqJobRunner::Describe(-1), "fork failed", "fork failure text");
    }
};

/**
 * \ingroup tsq-tests
 * The batch means of --precision on synthetic series whose mean and
 * variance are known: the t quantiles, one hand-computed case, the
 * coverage of the 95% interval on an autocorrelated AR(1) series with
 * batches long enough and too short, the pooled half-width of several
 * runs, and the stopping rule.
 */
class TsqBatchMeansTestCase : public TestCase
{
  public:
    TsqBatchMeansTestCase()
        : TestCase("batch means: 95% intervals of a known mean, stopping rule, pooling")
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
        // DoRun draws its series from seed 3: the next case gets the
        // seed and run this one found.
        RngSeedManager::SetSeed(m_seed);
        RngSeedManager::SetRun(m_run);
    }

    /**
     * Replications of an AR(1) series x = mu + phi (x' - mu) + e, e ~ N(0, 1),
     * cut into \p batches batches of \p length samples each.
     * \param length samples per batch
     * \param batches batches per replication
     * \param reps replications
     * \param[out] meanSe the mean of the replications' standard errors
     * \return the fraction of replications whose interval holds mu
     */
    double Coverage(uint32_t length, uint32_t batches, uint32_t reps, double& meanSe)
    {
        const double mu = 10;
        const double phi = 0.5;
        Ptr<NormalRandomVariable> e = CreateObject<NormalRandomVariable>();
        e->SetAttribute("Mean", DoubleValue(0));
        e->SetAttribute("Variance", DoubleValue(1));
        e->SetStream(7);
        uint32_t covered = 0;
        double seSum = 0;
        for (uint32_t r = 0; r < reps; ++r)
        {
            // Started in the stationary law: x0 ~ N(mu, 1 / (1 - phi^2)).
            double x = mu + e->GetValue() / std::sqrt(1 - phi * phi);
            TsqBatchMeans bm;
            for (uint32_t b = 0; b < batches; ++b)
            {
                double sum = 0;
                for (uint32_t i = 0; i < length; ++i)
                {
                    x = mu + phi * (x - mu) + e->GetValue();
                    sum += x;
                }
                bm.Add(sum / length);
            }
            covered += std::fabs(bm.Mean() - mu) <= bm.HalfWidth();
            seSum += bm.StandardError();
        }
        meanSe = seSum / reps;
        return double(covered) / reps;
    }

    void DoRun() override
    {
        // Student's t, 0.975: the table and the expansion beyond it.
        NS_TEST_ASSERT_MSG_EQ_TOL(TsqStudentT975(1), 12.7062, 1e-4, "t(1)");
        NS_TEST_ASSERT_MSG_EQ_TOL(TsqStudentT975(9), 2.2622, 1e-4, "t(9)");
        NS_TEST_ASSERT_MSG_EQ_TOL(TsqStudentT975(30), 2.0423, 1e-4, "t(30)");
        NS_TEST_ASSERT_MSG_EQ_TOL(TsqStudentT975(31), 2.0395, 5e-4, "t(31)");
        NS_TEST_ASSERT_MSG_EQ_TOL(TsqStudentT975(120), 1.9799, 5e-4, "t(120)");
        NS_TEST_ASSERT_MSG_EQ_TOL(TsqStudentT975(1000000), 1.96, 1e-4, "t(inf)");

        // By hand: 1..5 -> mean 3, sd sqrt(2.5), se sqrt(0.5), t(4) = 2.7764,
        // lag-1 (2 + 0 + 0 + 2) / 10.
        TsqBatchMeans five;
        NS_TEST_ASSERT_MSG_EQ(five.HalfWidth(), 0, "no interval without batches");
        for (double v : {1.0, 2.0, 3.0, 4.0, 5.0})
        {
            five.Add(v);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(five.Mean(), 3, 1e-12, "mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(five.StandardError(), std::sqrt(0.5), 1e-12, "standard error");
        NS_TEST_ASSERT_MSG_EQ_TOL(five.HalfWidth(), 2.7764 * std::sqrt(0.5), 1e-9, "half-width");
        NS_TEST_ASSERT_MSG_EQ_TOL(five.Lag1(), 0.4, 1e-12, "lag-1 autocorrelation");
        NS_TEST_ASSERT_MSG_EQ(five.Precise(0.7, 5), true, "1.96 <= 0.7 x 3");
        NS_TEST_ASSERT_MSG_EQ(five.Precise(0.6, 5), false, "1.96 > 0.6 x 3");
        NS_TEST_ASSERT_MSG_EQ(five.Precise(0.7, 6), false, "fewer batches than the minimum");

        // AR(1), phi 0.5: the variance of the mean of N samples is
        // 1 / (1 - phi)^2 / N. Batches of 100 samples are nearly
        // independent: 95% of the intervals hold mu (400 replications:
        // +-3 binomial sd is 0.917..0.983) and the standard error is the
        // true one. Batches of 1 sample are the correlated series itself:
        // the interval is too narrow by sqrt((1 + phi) / (1 - phi)) = sqrt(3)
        // (coverage P(|Z| <= 1.96 / sqrt(3)), about 0.74).
        RngSeedManager::SetSeed(3);
        RngSeedManager::SetRun(1);
        double se = 0;
        const double good = Coverage(100, 20, 400, se);
        const double trueSe = 1 / (1 - 0.5) / std::sqrt(100.0 * 20);
        std::cout << "AR(1): coverage " << good << " with batches of 100 (se " << se << ", true "
                  << trueSe << ")";
        NS_TEST_ASSERT_MSG_GT_OR_EQ(good, 0.917, "batches of 100: coverage near 95%");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(good, 0.983, "batches of 100: coverage near 95%");
        NS_TEST_ASSERT_MSG_EQ_TOL(se,
                                  trueSe,
                                  0.1 * trueSe,
                                  "batches of 100: the true standard error");
        const double bad = Coverage(1, 2000, 400, se);
        std::cout << "; " << bad << " with batches of 1" << std::endl;
        NS_TEST_ASSERT_MSG_LT(bad, 0.85, "batches of 1: correlated, the interval too narrow");

        // The stopping rule on the same series: it stops, with the
        // interval it promised, and not before the minimum.
        Ptr<NormalRandomVariable> e = CreateObject<NormalRandomVariable>();
        e->SetStream(8);
        TsqBatchMeans run;
        double x = 10;
        while (!run.Precise(0.01, 10) && run.GetBatches() < 10000)
        {
            double sum = 0;
            for (int i = 0; i < 100; ++i)
            {
                x = 10 + 0.5 * (x - 10) + e->GetValue();
                sum += x;
            }
            run.Add(sum / 100);
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(run.GetBatches(), 10u, "not before the minimum");
        NS_TEST_ASSERT_MSG_LT(run.GetBatches(), 10000u, "the rule stops");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(run.HalfWidth(), 0.01 * run.Mean(), "within 1% at the stop");

        // Pooled over runs: two runs of 10 batches, se 1 each -> t(18) x
        // sqrt(2) / 2.
        NS_TEST_ASSERT_MSG_EQ_TOL(TsqPooledHalfWidth({1.0, 1.0}, {10, 10}),
                                  2.1009 * std::sqrt(2.0) / 2,
                                  1e-9,
                                  "pooled half-width");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(TsqPooledHalfWidth({1.0}, {1})), true, "one batch: none");
    }

    uint32_t m_seed{1}; //!< the RNG seed before the case
    uint64_t m_run{1};  //!< the RNG run before the case
};

/**
 * \ingroup tsq-tests
 * The results infrastructure's suite.
 */
class TsqResultsTestSuite : public TsqTestSuite
{
  public:
    TsqResultsTestSuite()
        : TsqTestSuite("tsq-results", TSQ_TEST_UNIT)
    {
        AddTestCase(new TsqRunKeyTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqSha256TestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqScenarioKeyTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqCommandLineTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqNs3ReleaseChoicesTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqResultsMergeTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqFlentJsonTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqResultsMigrationTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqResultsMigration3TestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqJobRunnerTestCase, TSQ_TEST_QUICK);
        AddTestCase(new TsqBatchMeansTestCase, TSQ_TEST_QUICK);
    }
};

/// The suite's instance.
static TsqResultsTestSuite g_tsqResultsTestSuite;

} // namespace ns3
