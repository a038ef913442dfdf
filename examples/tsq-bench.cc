/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup tsq
 * What the module costs the simulation: the same scenario (the WiFi uplink
 * of the reproductions and its point-to-point control, WifiUplinkScenario)
 * run side by side in one program run with
 *   (a) ns-3's own TcpSocketBase (--tsq=0 of the examples),
 *   (b) the module with the TSQ rule off (bytes still accounted),
 *   (c) the module's default (linux-4.16: rule 4.15, mac80211 shift 8 on
 *       WiFi, 10 on p2p),
 * printing wall and CPU seconds, simulated seconds, events executed
 * (Simulator::GetEventCount) and goodput, with the ratios to (a) on the
 * same link. Repetitions are interleaved (a, b, c, a, b, c, ...) and the
 * median is shown, so a load change on the machine hits every stack alike;
 * every run has a fresh child process (TsqJobRunner, the examples' own
 * runner), so each is the run the examples would make (see RunInChild).
 * A benchmark prints numbers and never judges them (make bench).
 *
 *   ./tsq-bench                 # 10 s measured (+1 s warm-up), 3 repetitions
 *   ./tsq-bench --quick         # 2 s measured, 1 repetition
 *   ./tsq-bench --links=wifi --reps=5 --nSta=4
 */

#include "ns3/core-module.h"
#include "ns3/tsq-command-line.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TsqBench");

namespace
{

/** One stack under test: a change to the base configuration. */
struct BenchStack
{
    std::string label;                       //!< row label
    void (*apply)(WifiUplinkConfig& config); //!< the change
};

/** One row: a link and a stack, and what its repetitions measured. */
struct BenchRow
{
    std::string link;          //!< "wifi" or "p2p"
    std::string stack;         //!< BenchStack::label
    std::string detail;        //!< rule and shift in effect
    WifiUplinkConfig config;   //!< what runs
    std::vector<double> wallS; //!< per repetition, wall seconds
    std::vector<double> cpuS;  //!< per repetition, process CPU seconds
    double simS{0};            //!< simulated seconds (Simulator::Now at the end)
    uint64_t events{0};        //!< events executed (first repetition)
    double goodputMbps{0};     //!< measured goodput (first repetition)
    bool deterministic{true};  //!< every repetition executed the same events
};

/** \return the median of \p v (the mean of the middle two if even) */
double
Median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/** \return the process's CPU time, seconds */
double
CpuSeconds()
{
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

/** What one run measured, passed from the child process to the parent. */
struct BenchSample
{
    double wallS;       //!< wall seconds: Build, Run and Destroy
    double cpuS;        //!< CPU seconds of the same
    double simS;        //!< simulated seconds (Simulator::Now at the end)
    double goodputMbps; //!< measured goodput
    uint64_t events;    //!< Simulator::GetEventCount at the end
};

/**
 * Run one configuration to its end, in this process.
 * \param config what runs
 * \return what it measured
 */
BenchSample
Measure(const WifiUplinkConfig& config)
{
    double cpu0 = CpuSeconds();
    auto wall0 = std::chrono::steady_clock::now();
    WifiUplinkScenario scenario(config);
    scenario.Build();
    WifiUplinkResult result = scenario.Run();
    BenchSample s;
    s.events = Simulator::GetEventCount();
    s.simS = Simulator::Now().GetSeconds();
    s.goodputMbps = result.goodputMbps;
    Simulator::Destroy();
    s.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    s.cpuS = CpuSeconds() - cpu0;
    return s;
}

/**
 * Run \p row once, in a child process (TsqJobRunner): a fresh process per
 * run, as the experiment programs run theirs (--jobs), so no repetition
 * pays for or profits from what an earlier one left in the process
 * (allocator state, caches). The scenario fixes its random streams, so
 * every repetition executes the same events (checked:
 * BenchRow::deterministic).
 * \param row the row (its config runs)
 * \param s what the run measured (out)
 * \return false (after a message) if the child failed
 */
bool
RunInChild(const BenchRow& row, BenchSample& s)
{
    TsqJobRunner runner(1);
    std::vector<TsqJobRunner::Outcome> out = runner.Run(1, [&row](std::size_t) {
        BenchSample mine = Measure(row.config);
        return std::string(reinterpret_cast<const char*>(&mine), sizeof(mine));
    });
    if (out.size() != 1 || !out.front().ok || out.front().output.size() != sizeof(s))
    {
        std::fprintf(stderr,
                     "tsq-bench: the run of %s %s failed (%s)\n",
                     row.link.c_str(),
                     row.stack.c_str(),
                     out.empty() ? "not run" : TsqJobRunner::Describe(out.front().status).c_str());
        return false;
    }
    std::memcpy(&s, out.front().output.data(), sizeof(s));
    return true;
}

/**
 * Run one repetition of \p row (RunInChild) and record it.
 * \param row the row
 * \return false (after a message) if the run failed
 */
bool
RunOnce(BenchRow& row)
{
    BenchSample s;
    if (!RunInChild(row, s))
    {
        return false;
    }
    if (row.wallS.empty())
    {
        row.events = s.events;
        row.simS = s.simS;
        row.goodputMbps = s.goodputMbps;
    }
    else if (s.events != row.events)
    {
        row.deterministic = false;
    }
    row.wallS.push_back(s.wallS);
    row.cpuS.push_back(s.cpuS);
    NS_LOG_INFO(row.link << " " << row.stack << ": " << s.wallS << " s wall, " << s.events
                         << " events");
    return true;
}

/**
 * \param list comma-separated links
 * \param links the links, in order (out)
 * \return "" or the message naming the bad value
 */
std::string
ParseLinks(const std::string& list, std::vector<std::string>& links)
{
    std::istringstream is(list);
    std::string item;
    while (std::getline(is, item, ','))
    {
        if (item != "wifi" && item != "p2p")
        {
            return TsqOutOfRange("links", list, "a comma-separated list of wifi, p2p");
        }
        links.push_back(item);
    }
    if (links.empty())
    {
        return TsqOutOfRange("links", list, "a comma-separated list of wifi, p2p");
    }
    return TsqRepeatedItem("links", list, links);
}

} // namespace

int
main(int argc, char* argv[])
{
    bool quick = false;
    double durationS = 10;
    double warmupS = 1;
    uint32_t reps = 3;
    uint32_t nSta = 1;
    uint32_t seed = 1;
    std::string links = "wifi,p2p";

    TsqCommandLine cmd(__FILE__);
    cmd.Usage("Simulation cost of the module: ns-3's TCP, the module with TSQ off and the "
              "module's default, side by side on the same scenario.");
    cmd.AddValue("quick", "short runs: 2 s measured after 0.5 s warm-up, 1 repetition", quick);
    cmd.AddValue("duration", "measured simulated time, s (default 10; quick 2)", durationS);
    cmd.AddValue("warmup", "warm-up, s (default 1; quick 0.5)", warmupS);
    cmd.AddValue("reps", "repetitions of every row, 1..50 (default 3; quick 1)", reps);
    cmd.AddValue("links", "links, comma-separated: wifi, p2p", links);
    cmd.AddValue("nSta", "uploading stations (1..64)", nSta);
    cmd.AddValue("seed", "RngRun (1..2147483647)", seed);
    if (std::string error = cmd.Parse(argc, argv); !error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }

    WifiUplinkConfig base;
    // An option not given takes quick's or the full default; a given one
    // is checked as given, never replaced (--duration=-1 is refused).
    const std::vector<std::string> args(argv + 1, argv + argc);
    base.durationS = TsqOptionGiven(args, "duration") ? durationS : (quick ? 2.0 : 10.0);
    base.warmupS = TsqOptionGiven(args, "warmup") ? warmupS : (quick ? 0.5 : 1.0);
    base.nSta = nSta;
    base.seed = seed;
    if (!TsqOptionGiven(args, "reps"))
    {
        reps = quick ? 1 : 3;
    }

    std::vector<std::string> linkList;
    std::string error = ParseLinks(links, linkList);
    if (error.empty() && (reps < 1 || reps > 50))
    {
        error = TsqOutOfRangeValue("reps", reps, "1..50");
    }
    if (error.empty())
    {
        error = base.Validate();
    }
    if (error.empty())
    {
        error = WifiUplinkConfig::ValidateAttributeDefaults();
    }
    if (!error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }

    const BenchStack stacks[] = {
        {"a ns-3 TcpSocketBase", [](WifiUplinkConfig& c) { c.tsq = false; }},
        {"b module, TSQ off", [](WifiUplinkConfig& c) { c.tsqRule = "off"; }},
        {"c module default", [](WifiUplinkConfig&) {}},
    };
    const std::size_t nStacks = std::size(stacks);

    std::vector<BenchRow> rows;
    for (const auto& link : linkList)
    {
        for (const auto& stack : stacks)
        {
            BenchRow row;
            row.link = link;
            row.stack = stack.label;
            row.config = base;
            row.config.link = link;
            stack.apply(row.config);
            std::ostringstream detail;
            detail << row.config.EffectiveRule();
            if (row.config.tsq)
            {
                detail << "/" << row.config.EffectivePacingShift();
            }
            row.detail = detail.str();
            rows.push_back(row);
        }
    }

    std::cout << "(" << rows.size() << " rows x " << reps << " repetition(s), " << base.durationS
              << " s measured after " << base.warmupS << " s warm-up, " << base.nSta
              << " station(s), seed " << base.seed << (quick ? ", quick mode" : "") << ")\n"
              << std::flush;
    for (uint32_t r = 0; r < reps; ++r)
    {
        for (auto& row : rows)
        {
            if (!RunOnce(row))
            {
                return 1;
            }
            std::fprintf(stderr,
                         "[%u/%u] %s %s: %.2f s\n",
                         r + 1,
                         reps,
                         row.link.c_str(),
                         row.stack.c_str(),
                         row.wallS.back());
        }
    }

    std::printf("%-5s %-21s %-9s %6s %10s %8s %7s %7s %7s %6s %8s %7s\n",
                "link",
                "stack",
                "rule/sh",
                "sim_s",
                "events",
                "goodput",
                "wall_s",
                "cpu_s",
                "x_wall",
                "x_cpu",
                "ns/event",
                "x_event");
    std::printf("%-5s %-21s %-9s %6s %10s %8s %7s %7s %7s %6s %8s %7s\n",
                "----",
                "-----",
                "-------",
                "-----",
                "------",
                "-------",
                "------",
                "-----",
                "------",
                "-----",
                "--------",
                "-------");
    bool allDeterministic = true;
    for (std::size_t i = 0; i < rows.size(); ++i)
    {
        const BenchRow& row = rows[i];
        const BenchRow& ref = rows[i - i % nStacks]; // stack (a) of the same link
        double wall = Median(row.wallS);
        double cpu = Median(row.cpuS);
        double refWall = Median(ref.wallS);
        double refCpu = Median(ref.cpuS);
        double nsPerEvent = row.events ? wall * 1e9 / row.events : 0;
        double refNsPerEvent = ref.events ? refWall * 1e9 / ref.events : 0;
        allDeterministic = allDeterministic && row.deterministic;
        std::printf("%-5s %-21s %-9s %6.1f %10llu %8.1f %7.2f %7.2f %7.2f %6.2f %8.0f %7.2f%s\n",
                    row.link.c_str(),
                    row.stack.c_str(),
                    row.detail.c_str(),
                    row.simS,
                    static_cast<unsigned long long>(row.events),
                    row.goodputMbps,
                    wall,
                    cpu,
                    refWall > 0 ? wall / refWall : 0,
                    refCpu > 0 ? cpu / refCpu : 0,
                    nsPerEvent,
                    refNsPerEvent > 0 ? nsPerEvent / refNsPerEvent : 0,
                    row.deterministic ? "" : " *");
    }
    std::printf("x_wall, x_cpu, x_event: ratio to row (a) of the same link; wall_s, cpu_s: median "
                "of %u repetition(s),\ninterleaved, each run in a fresh process; goodput: Mb/s; "
                "rule/sh: the TSQ rule and pacing shift in effect.\n",
                reps);
    if (!allDeterministic)
    {
        std::printf("*: the event count differed between repetitions (first shown).\n");
    }
    return 0;
}
