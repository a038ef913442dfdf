/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TsqExperiment's runs: each job simulated in a child process and written
// to its own database (and .flent.gz), read back by the parent; or one
// command per job written to a jobs file for tsq-sweep.sh.

#include "tsq-experiment.h"
#include "tsq-flent-writer.h"
#include "tsq-job-runner.h"

#include "ns3/simulator.h"
#include "ns3/system-path.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace ns3
{

std::string
TsqExperiment::RunStem(const Job& job) const
{
    // The run key's first 16 digits: runs of different configurations
    // (any option or attribute override) never share a file, also across
    // invocations into the same folder. The key depends on the parameters
    // only, so a record without results gives the run's key.
    const std::string key =
        WifiUplinkRunRecord(m_experiment, m_points[job.point].label, job.config, {}, 0).GetRunKey();
    return m_points[job.point].label + "-s" + std::to_string(job.config.seed) + "-" +
           key.substr(0, 16);
}

std::string
TsqExperiment::Quote(const std::string& s) const
{
    std::string out = "'";
    for (char c : s)
    {
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return out + "'";
}

int
TsqExperiment::WriteJobsFile(const std::vector<Job>& jobs) const
{
    // Its folder made as the run files' folders are (--jobsFile=results/x.jobs
    // before any run made results/).
    const std::size_t slash = m_jobsFile.rfind('/');
    if (slash != std::string::npos && slash > 0)
    {
        SystemPath::MakeDirectories(m_jobsFile.substr(0, slash));
    }
    std::ofstream out(m_jobsFile);
    if (!out)
    {
        std::cerr << "cannot write jobsFile=" << m_jobsFile << std::endl;
        return 1;
    }
    std::string common = Quote(m_program);
    for (const std::string& a : m_args)
    {
        static const char* const own[] =
            {"jobsFile", "only", "seeds", "seed", "fromDb", "merge", "plot", "jobs"};
        bool drop = false;
        for (const char* o : own)
        {
            std::string opt = std::string("--") + o;
            drop = drop || a == opt || a.rfind(opt + "=", 0) == 0;
        }
        if (!drop)
        {
            common += " " + Quote(a);
        }
    }
    out << "# " << m_experiment << ": " << jobs.size() << " run(s), one per line; run with\n"
        << "#   sh " << TsqDataScript("tsq-sweep.sh") << " --results " << m_resultsDir << " "
        << m_name << " " << m_jobsFile << "\n";
    for (const Job& job : jobs)
    {
        out << common << " --only=" << m_points[job.point].label
            << " --seeds=1 --seed=" << job.config.seed << " --merge=0 --plot=0 --jobs=1\n";
    }
    std::cout << "wrote " << jobs.size() << " job(s) to " << m_jobsFile << "\n"
              << "run them on all local cores (merged into " << m_resultsDir << "/" << m_name
              << ".db as they finish):\n"
              << "  sh " << TsqDataScript("tsq-sweep.sh") << " --results " << m_resultsDir << " "
              << m_name << " " << m_jobsFile << "\n"
              << "then print the table and draw the plots:\n"
              << "  " << m_program << " --fromDb=" << m_resultsDir << "/" << m_name << ".db";
    for (const std::string& a : m_args)
    {
        if (a.rfind("--jobsFile", 0) != 0)
        {
            std::cout << " " << Quote(a);
        }
    }
    std::cout << std::endl;
    return 0;
}

std::vector<TsqRow>
TsqExperiment::ReadDb(const std::string& path) const
{
    std::vector<std::string> columns = TsqResultsDb::Columns(path, "runs");
    std::ostringstream sql;
    sql << "SELECT * FROM runs WHERE experiment = '" << m_experiment << "'";
    std::vector<TsqRow> rows;
    for (const auto& values : TsqResultsDb::Query(path, sql.str()))
    {
        TsqRow row;
        for (std::size_t i = 0; i < columns.size() && i < values.size(); ++i)
        {
            row[columns[i]] = values[i];
        }
        // The runs of this invocation's settings only
        if (std::fabs(row["duration_s"].GetReal() - m_base.durationS) > 1e-9 ||
            std::fabs(row["warmup_s"].GetReal() - m_base.warmupS) > 1e-9 ||
            row["seed"].GetInteger() < m_base.seed ||
            row["seed"].GetInteger() >= int64_t(m_base.seed) + m_seeds)
        {
            continue;
        }
        rows.push_back(row);
    }
    return rows;
}

void
TsqExperiment::RunJob(const Job& job, const std::string& dir, double* wallS) const
{
    auto r0 = std::chrono::steady_clock::now();
    WifiUplinkScenario scenario(job.config);
    scenario.Build();
    WifiUplinkResult result = scenario.Run();
    Simulator::Destroy();
    if (const std::string failure = result.Failure(); !failure.empty())
    {
        // The run did not measure what its row would say: no row, and the
        // sweep lists it as failed (exit 3).
        std::cerr << m_points[job.point].label << " seed " << job.config.seed << ": " << failure
                  << std::endl;
        std::exit(3);
    }
    *wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - r0).count();
    TsqRunRecord record =
        WifiUplinkRunRecord(m_experiment, m_points[job.point].label, job.config, result, *wallS);
    const std::string stem = dir + "/" + RunStem(job);
    TsqResultsDb::WriteRun(stem + ".db", record);
    if (m_flent && job.config.traffic == "tcp" &&
        record.GetSeries().count(TsqRunRecord::SERIES_GOODPUT) > 0)
    {
        TsqFlentOptions flent;
        flent.testName = "tcp_1up";
        flent.stepSizeS = job.config.sampleIntervalS;
        flent.originS = result.windowStartS;
        flent.title = m_experiment + " " + m_points[job.point].label + " seed " +
                      std::to_string(job.config.seed);
        TsqFlentWriter::Write(stem + ".flent.gz", record, flent);
    }
}

std::vector<TsqExperiment::Done>
TsqExperiment::RunAll(const std::vector<Job>& jobs, const std::string& dir) const
{
    std::vector<Done> done;
    auto t0 = std::chrono::steady_clock::now();
    auto progress = [&](const Done& d) {
        const Job& job = jobs[d.index];
        std::string what = "FAILED";
        if (d.ok)
        {
            std::vector<TsqRow> got = ReadDb(dir + "/" + RunStem(job) + ".db");
            what = got.size() == 1
                       ? TsqFixed(got.front()["goodput_mbps"].GetReal(), 1) + " Mb/s, ping " +
                             TsqFixed(got.front()["ping_rtt_ms_mean"].GetReal(), 1) + " ms"
                       : "no database";
        }
        double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::fprintf(stderr,
                     "[%zu/%zu] %s seed %u: %s (%.1f s; ~%.0f s left)\n",
                     done.size(),
                     jobs.size(),
                     m_points[job.point].label.c_str(),
                     job.config.seed,
                     what.c_str(),
                     d.wallS,
                     elapsed / done.size() * (jobs.size() - done.size()));
    };
    // A database left by an earlier run of the same job must not pass for
    // this one's.
    for (const Job& job : jobs)
    {
        const std::string stem = dir + "/" + RunStem(job);
        std::remove((stem + ".db").c_str());
        std::remove((stem + ".flent.gz").c_str());
    }
    // Each run in a child process (TsqJobRunner), --jobs=1 included: the
    // parent never simulates, so every run starts from the same process
    // state, a crashing run ends only its child, and runs use all cores.
    TsqJobRunner runner(m_jobs);
    runner.Run(
        jobs.size(),
        [&](std::size_t k) {
            double wall = 0;
            RunJob(jobs[k], dir, &wall); // a failure exits nonzero
            return std::string();
        },
        [&](const TsqJobRunner::Outcome& o, std::size_t) {
            done.push_back({o.index, o.ok, o.wallS, TsqJobRunner::Describe(o.status)});
            progress(done.back());
        });
    return done;
}

} // namespace ns3
