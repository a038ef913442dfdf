/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup tsq
 * What the module costs the simulation, in three tables (make bench):
 *
 * 1. Overhead: the same scenario (the WiFi uplink of the reproductions and
 *    its point-to-point control, WifiUplinkScenario) run side by side with
 *      (a) ns-3's own TcpSocketBase (--tsq=0 of the examples),
 *      (b) the module with the TSQ rule off (bytes still accounted),
 *      (c) the module's default (linux-4.16: rule 4.15, mac80211 shift 8
 *          on WiFi, 10 on p2p),
 *      (d) the module's plumbing only: ns-3's behaviour through the
 *          module's hooks (TsqHelper::SetNs3Behaviour: the TSQ rule and
 *          every Linux mechanism that acts without it off, so that what
 *          is left is charging, tags, releases and wrappers),
 *    printing wall and CPU seconds, simulated seconds, events executed
 *    (Simulator::GetEventCount) and goodput, with the ratios to (a) on the
 *    same link; with --instructions also the instructions each run
 *    executed, counted by valgrind's callgrind (the machine-independent
 *    cost; where a row executes the events of (a), its ratio is cost
 *    alone, and where not, the events column shows how far the behaviour
 *    differs).
 * 2. Stations: (a), (b) and (d) on WiFi with 1 to 64 stations: peak
 *    resident memory of the run's process, events, and with
 *    --instructions the module's instructions ((b) - (a), (d) - (a)) per
 *    delivered TCP segment.
 * 3. Precision: reproduction 1's pacing-shift table run with
 *    --precision=0.02 is printed by make bench itself (tsq-pacing-shift),
 *    with its wall time.
 *
 * Repetitions are interleaved (a, b, c, a, b, c, ...) and the median is
 * shown, so a load change on the machine hits every stack alike; every
 * run has a fresh child process (TsqJobRunner, the examples' own runner;
 * under callgrind a fresh valgrind), so each is the run the examples
 * would make. A benchmark prints numbers and never judges them.
 *
 *   ./tsq-bench                 # 10 s measured (+1 s warm-up), 3 repetitions
 *   ./tsq-bench --quick         # 2 s measured, 1 repetition, stations 1, 8
 *   ./tsq-bench --links=wifi --reps=5 --instructions
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
#include <sys/resource.h>
#include <unistd.h>
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
    std::string link;                 //!< "wifi" or "p2p"
    const BenchStack* stack{nullptr}; //!< the stack (an element of kStacks)
    std::string detail;               //!< rule and shift in effect
    WifiUplinkConfig config;          //!< what runs
    std::vector<double> wallS;        //!< per repetition, wall seconds
    std::vector<double> cpuS;         //!< per repetition, process CPU seconds
    double simS{0};                   //!< simulated seconds (Simulator::Now at the end)
    uint64_t events{0};               //!< events executed (first repetition)
    double goodputMbps{0};            //!< measured goodput (first repetition)
    bool deterministic{true};         //!< every repetition executed the same events
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
    uint64_t rxBytes;   //!< bytes the receivers got, whole run
    uint64_t rssKb;     //!< peak resident memory of the process, KiB
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
    s.rxBytes = result.rxBytes;
    Simulator::Destroy();
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    s.rssKb = static_cast<uint64_t>(ru.ru_maxrss);
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
                     row.stack->label.c_str(),
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
    NS_LOG_INFO(row.link << " " << row.stack->label << ": " << s.wallS << " s wall, " << s.events
                         << " events");
    return true;
}

/**
 * Run one configuration under valgrind's callgrind, in a fresh process
 * (this program again, --child=LINK,STACK,NSTA): the instructions it
 * executed, whatever the machine's speed.
 * \param child the --child value
 * \param base the measured window and seed (--duration, --warmup, --seed)
 * \param instructions what callgrind counted (out)
 * \param s what the run measured (out; its wall time is valgrind's)
 * \return false (after a message) if the run or valgrind failed
 */
bool
RunUnderCallgrind(const std::string& child,
                  const WifiUplinkConfig& base,
                  uint64_t& instructions,
                  BenchSample& s)
{
    std::ostringstream cmd;
    cmd << "valgrind --tool=callgrind --callgrind-out-file=/dev/null /proc/" << getpid()
        << "/exe --child=" << child << " --duration=" << base.durationS
        << " --warmup=" << base.warmupS << " --seed=" << base.seed << " 2>&1";
    FILE* out = popen(cmd.str().c_str(), "r");
    if (!out)
    {
        std::fprintf(stderr, "tsq-bench: cannot start valgrind for %s\n", child.c_str());
        return false;
    }
    instructions = 0;
    bool got = false;
    char line[512];
    while (std::fgets(line, sizeof(line), out))
    {
        unsigned long long n = 0;
        if (const char* c = std::strstr(line, "Collected : ");
            c && std::sscanf(c, "Collected : %llu", &n) == 1)
        {
            instructions = n;
        }
        unsigned long long events = 0;
        unsigned long long rx = 0;
        unsigned long long rss = 0;
        if (std::sscanf(
                line,
                "bench-child events=%llu sim_s=%lf goodput_mbps=%lf rx_bytes=%llu rss_kb=%llu",
                &events,
                &s.simS,
                &s.goodputMbps,
                &rx,
                &rss) == 5)
        {
            s.events = events;
            s.rxBytes = rx;
            s.rssKb = rss;
            got = true;
        }
    }
    const int status = pclose(out);
    if (status != 0 || !got || instructions == 0)
    {
        std::fprintf(stderr,
                     "tsq-bench: callgrind run of %s failed (status %d%s)\n",
                     child.c_str(),
                     status,
                     instructions ? "" : ", no instruction count: is valgrind installed?");
        return false;
    }
    return true;
}

/** The stacks of table 1: a change to the base configuration each. */
const BenchStack kStacks[] = {
    {"a ns-3 TcpSocketBase", [](WifiUplinkConfig& c) { c.tsq = false; }},
    {"b module, TSQ off", [](WifiUplinkConfig& c) { c.tsqRule = "off"; }},
    {"c module default", [](WifiUplinkConfig&) {}},
    {"d plumbing only", [](WifiUplinkConfig& c) { c.ns3Behaviour = true; }},
};

/** \return the --child letter of \p stack (an element of kStacks) */
char
StackLetter(const BenchStack& stack)
{
    return static_cast<char>('a' + (&stack - kStacks));
}

/**
 * \param link "wifi" or "p2p"
 * \param stack an element of kStacks
 * \param base the configuration before the stack's change
 * \return the row of \p stack on \p link
 */
BenchRow
MakeRow(const std::string& link, const BenchStack& stack, const WifiUplinkConfig& base)
{
    BenchRow row;
    row.link = link;
    row.stack = &stack;
    row.config = base;
    row.config.link = link;
    stack.apply(row.config);
    return row;
}

/**
 * \param spec a --child value: LINK,STACK,NSTA (wifi or p2p; a, b, c or
 * d; 1..64)
 * \param config the base configuration, changed to the row's (out)
 * \return "" or the message naming the bad value
 */
std::string
ParseChild(const std::string& spec, WifiUplinkConfig& config)
{
    const std::string allowed = "LINK,STACK,NSTA: wifi or p2p, a, b, c or d, 1..64";
    std::istringstream is(spec);
    std::string link;
    std::string stack;
    std::string n;
    std::string rest;
    if (!std::getline(is, link, ',') || !std::getline(is, stack, ',') ||
        !std::getline(is, n, ',') || std::getline(is, rest) || (link != "wifi" && link != "p2p") ||
        stack.size() != 1 || stack[0] < 'a' ||
        static_cast<std::size_t>(stack[0] - 'a') >= std::size(kStacks) || n.empty() ||
        n.find_first_not_of("0123456789") != std::string::npos || n.size() > 2 ||
        std::stoul(n) < 1 || std::stoul(n) > 64)
    {
        return TsqOutOfRange("child", spec, allowed);
    }
    config.link = link;
    config.nSta = static_cast<uint32_t>(std::stoul(n));
    const BenchStack& chosen = kStacks[stack[0] - 'a'];
    chosen.apply(config);
    return "";
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

/**
 * \param list comma-separated station counts
 * \param out the counts, in order (out)
 * \return "" or the message naming the bad value
 */
std::string
ParseStations(const std::string& list, std::vector<uint32_t>& out)
{
    if (!TsqParseUintList(list, out) ||
        std::any_of(out.begin(), out.end(), [](uint32_t n) { return n < 1 || n > 64; }))
    {
        return TsqOutOfRange("stations", list, "a comma-separated list of station counts 1..64");
    }
    return TsqRepeatedItem("stations", list, out);
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
    bool instructions = false;
    std::string stations;
    std::string child;

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
    cmd.AddValue("instructions",
                 "also count each run's instructions under valgrind's callgrind (slow: about "
                 "50x a run's time)",
                 instructions);
    cmd.AddValue("stations",
                 "table 2's station counts, comma-separated (1..64; default 1,8,64; quick 1,8)",
                 stations);
    cmd.AddValue("child",
                 "run one configuration and print what it measured (LINK,STACK,NSTA: wifi or "
                 "p2p, a, b, c or d, 1..64); what --instructions runs under callgrind",
                 child);
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

    if (!child.empty())
    {
        WifiUplinkConfig one = base;
        std::string error = ParseChild(child, one);
        if (error.empty())
        {
            error = one.Validate();
        }
        if (!error.empty())
        {
            std::cerr << error << std::endl;
            return 2;
        }
        BenchSample m = Measure(one);
        std::printf("bench-child events=%llu sim_s=%.6f goodput_mbps=%.6f rx_bytes=%llu "
                    "rss_kb=%llu\n",
                    static_cast<unsigned long long>(m.events),
                    m.simS,
                    m.goodputMbps,
                    static_cast<unsigned long long>(m.rxBytes),
                    static_cast<unsigned long long>(m.rssKb));
        return 0;
    }

    std::vector<std::string> linkList;
    std::string error = ParseLinks(links, linkList);
    std::vector<uint32_t> stationList;
    if (error.empty())
    {
        error =
            ParseStations(TsqOptionGiven(args, "stations") ? stations : (quick ? "1,8" : "1,8,64"),
                          stationList);
    }
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

    const std::size_t nStacks = std::size(kStacks);

    std::vector<BenchRow> rows;
    for (const auto& link : linkList)
    {
        for (const auto& stack : kStacks)
        {
            BenchRow row = MakeRow(link, stack, base);
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
                         row.stack->label.c_str(),
                         row.wallS.back());
        }
    }

    // Instructions: one callgrind run per row (deterministic: the same
    // events each time, so one suffices).
    std::vector<uint64_t> instr(rows.size(), 0);
    if (instructions)
    {
        for (std::size_t i = 0; i < rows.size(); ++i)
        {
            const std::string spec = rows[i].link + "," +
                                     std::string(1, StackLetter(*rows[i].stack)) + "," +
                                     std::to_string(base.nSta);
            BenchSample s;
            if (!RunUnderCallgrind(spec, base, instr[i], s))
            {
                return 1;
            }
            if (s.events != rows[i].events)
            {
                rows[i].deterministic = false;
            }
            std::fprintf(stderr,
                         "[callgrind] %s %s: %.3f G instructions\n",
                         rows[i].link.c_str(),
                         rows[i].stack->label.c_str(),
                         instr[i] / 1e9);
        }
    }

    std::printf("\nTable 1: overhead, side by side on one scenario\n");
    std::printf("%-5s %-21s %-9s %6s %10s %8s %7s %7s %7s %6s %8s %7s %9s %7s\n",
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
                "x_event",
                "Minstr",
                "x_instr");
    std::printf("%s\n", std::string(130, '-').c_str());
    bool allDeterministic = true;
    for (std::size_t i = 0; i < rows.size(); ++i)
    {
        const BenchRow& row = rows[i];
        const std::size_t refIndex = i - i % nStacks; // stack (a) of the same link
        const BenchRow& ref = rows[refIndex];
        double wall = Median(row.wallS);
        double cpu = Median(row.cpuS);
        double refWall = Median(ref.wallS);
        double refCpu = Median(ref.cpuS);
        double nsPerEvent = row.events ? wall * 1e9 / row.events : 0;
        double refNsPerEvent = ref.events ? refWall * 1e9 / ref.events : 0;
        allDeterministic = allDeterministic && row.deterministic;
        char instrCells[64] = "        -       -";
        if (instructions && instr[refIndex] > 0)
        {
            std::snprintf(instrCells,
                          sizeof(instrCells),
                          "%9.1f %7.3f",
                          instr[i] / 1e6,
                          double(instr[i]) / instr[refIndex]);
        }
        std::printf("%-5s %-21s %-9s %6.1f %10llu %8.1f %7.2f %7.2f %7.2f %6.2f %8.0f %7.2f %s%s\n",
                    row.link.c_str(),
                    row.stack->label.c_str(),
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
                    instrCells,
                    row.deterministic ? "" : " *");
    }
    std::printf(
        "x_wall, x_cpu, x_event, x_instr: ratio to row (a) of the same link; wall_s, cpu_s: "
        "median of %u repetition(s),\ninterleaved, each run in a fresh process; goodput: "
        "Mb/s; rule/sh: the TSQ rule and pacing shift in effect;\nMinstr: millions of "
        "instructions the run executed (callgrind, --instructions; '-': not counted).\n",
        reps);
    if (!allDeterministic)
    {
        std::printf("*: the event count differed between repetitions (first shown).\n");
    }

    // Table 2: (a), (b) and (d) on WiFi as the stations grow.
    const std::size_t kTable2[] = {0, 1, 3};
    const std::size_t nTable2 = std::size(kTable2);
    std::printf("\nTable 2: stations (wifi; a: ns-3 TcpSocketBase, b: module, TSQ off, d: "
                "plumbing only)\n");
    std::printf("%5s %-21s %10s %8s %7s %8s %7s %9s %10s\n",
                "n_sta",
                "stack",
                "events",
                "goodput",
                "wall_s",
                "rss_MiB",
                "x_rss",
                "Minstr",
                "instr/seg");
    std::printf("%s\n", std::string(93, '-').c_str());
    for (uint32_t n : stationList)
    {
        BenchSample byStack[nTable2];
        uint64_t instrByStack[nTable2] = {};
        for (std::size_t j = 0; j < nTable2; ++j)
        {
            const BenchStack& stack = kStacks[kTable2[j]];
            WifiUplinkConfig atN = base;
            atN.nSta = n;
            BenchRow row = MakeRow("wifi", stack, atN);
            if (!RunInChild(row, byStack[j]))
            {
                return 1;
            }
            if (instructions)
            {
                const std::string spec = std::string("wifi,") + std::string(1, StackLetter(stack)) +
                                         "," + std::to_string(n);
                BenchSample ignored;
                if (!RunUnderCallgrind(spec, base, instrByStack[j], ignored))
                {
                    return 1;
                }
            }
            std::fprintf(stderr,
                         "[stations %u] %s: %.2f s\n",
                         n,
                         stack.label.c_str(),
                         byStack[j].wallS);
        }
        const double refSegments = double(byStack[0].rxBytes) / base.segmentSize;
        const double refPerSeg = refSegments > 0 ? instrByStack[0] / refSegments : 0;
        for (std::size_t j = 0; j < nTable2; ++j)
        {
            const BenchSample& m = byStack[j];
            char instrCells[64] = "        -          -";
            if (instructions)
            {
                // (a): all its instructions per segment delivered; the
                // module's rows: theirs per segment minus (a)'s, so that a
                // row that delivers more segments is not charged for them.
                const double segments = double(m.rxBytes) / base.segmentSize;
                const double perSeg = segments > 0 ? instrByStack[j] / segments : 0;
                std::snprintf(instrCells,
                              sizeof(instrCells),
                              "%9.1f %10.0f",
                              instrByStack[j] / 1e6,
                              j == 0 ? perSeg : perSeg - refPerSeg);
            }
            std::printf("%5u %-21s %10llu %8.1f %7.2f %8.1f %7.3f %s\n",
                        n,
                        kStacks[kTable2[j]].label.c_str(),
                        static_cast<unsigned long long>(m.events),
                        m.goodputMbps,
                        m.wallS,
                        m.rssKb / 1024.0,
                        byStack[0].rssKb ? double(m.rssKb) / byStack[0].rssKb : 0,
                        instrCells);
        }
    }
    std::printf("rss_MiB: peak resident memory of the run's process; x_rss: ratio to (a) at the "
                "same n_sta; instr/seg:\n(a) all instructions per TCP segment delivered, (b) "
                "and (d) the module's own (their instructions per\nsegment minus (a)'s; "
                "callgrind, --instructions).\n");
    return 0;
}
