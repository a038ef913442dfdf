/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-experiment.h"

#include "tsq-batch-means.h"
#include "tsq-option-table.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqExperiment");

namespace
{

/** What a file stem (--name, a point's label) may hold */
const char* const kStemAllowed = "letters, digits, '.', '_', '-'";

bool
ValidStem(const std::string& s)
{
    if (s.empty())
    {
        return false;
    }
    for (char c : s)
    {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'))
        {
            return false;
        }
    }
    return true;
}

} // namespace

TsqExperiment::TsqExperiment(const std::string& experiment,
                             const std::string& title,
                             const std::string& file)
    : m_experiment(experiment),
      m_title(title),
      m_cmd(file),
      m_name(experiment)
{
}

void
TsqExperiment::SetDefaults(uint32_t seeds,
                           double durationS,
                           double warmupS,
                           uint32_t quickSeeds,
                           double quickDurationS,
                           double quickWarmupS)
{
    m_fullSeeds = seeds;
    m_fullDurationS = durationS;
    m_fullWarmupS = warmupS;
    m_quickSeeds = quickSeeds;
    m_quickDurationS = quickDurationS;
    m_quickWarmupS = quickWarmupS;
}

WifiUplinkConfig&
TsqExperiment::GetBaseConfig()
{
    return m_base;
}

TsqCommandLine&
TsqExperiment::GetCommandLine()
{
    return m_cmd;
}

bool
TsqExperiment::IsQuick() const
{
    return m_quick;
}

bool
TsqExperiment::WasGiven(const std::string& option) const
{
    return Given(option);
}

bool
TsqExperiment::Given(const std::string& option) const
{
    return TsqOptionGiven(m_args, option);
}

void
TsqExperiment::Options(TsqOptionTable& t)
{
    t.Whole("seeds", "runs per point, seeds seed..seed+seeds-1", m_seeds, 1, 1000);
    t.Whole("jobs",
            "runs at a time, each in its own process",
            m_jobs,
            1,
            256,
            "",
            "default: the online CPUs");
    t.Flag("quick", "quick mode: fewer seeds, shorter runs (make demo)", m_quick);
    t.Checked("only", "run only these points", m_only, "comma-separated labels; empty: all");
    t.Checked("resultsDir", "folder of the result files", m_resultsDir, "a folder name");
    t.Checked("name",
              "files: RESULTSDIR/NAME.db (merged), RESULTSDIR/NAME/*.db, NAME-*.png",
              m_name,
              kStemAllowed);
    t.Flag("flent", "write a .flent.gz beside each TCP run's database", m_flent);
    t.Flag("merge", "merge the runs into RESULTSDIR/NAME.db (utils/tsq-merge.sh)", m_merge);
    t.Flag("plot", "draw the plots with experiment/tsq-plot.sh (gnuplot)", m_plot);
    t.Checked("jobsFile",
              "write one command per run to this file (for utils/tsq-sweep.sh) and stop",
              m_jobsFile,
              "a file; empty: run");
    t.Checked("fromDb",
              "run nothing: print the table (and plots) from this merged database",
              m_fromDb,
              "a file; empty: run");
}

bool
TsqExperiment::Parse(int argc, char* argv[])
{
    m_program = argv[0];
    if (char* real = realpath(argv[0], nullptr))
    {
        m_program = real;
        std::free(real);
    }
    for (int i = 1; i < argc; ++i)
    {
        m_args.emplace_back(argv[i]);
    }
    m_base.durationS = m_fullDurationS;
    m_base.warmupS = m_fullWarmupS;
    m_seeds = m_fullSeeds;
    m_base.AddToCommandLine(m_cmd);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    m_jobs = cpus > 0 ? static_cast<uint32_t>(std::min(cpus, 256L)) : 1;
    {
        TsqOptionTable table(&m_cmd);
        Options(table);
    }
    if (std::string error = m_cmd.Parse(argc, argv); !error.empty())
    {
        std::cerr << error << std::endl;
        return false;
    }

    if (m_quick)
    {
        if (!Given("duration"))
        {
            m_base.durationS = m_quickDurationS;
        }
        if (!Given("warmup"))
        {
            m_base.warmupS = m_quickWarmupS;
        }
        if (!Given("seeds"))
        {
            m_seeds = m_quickSeeds;
        }
    }
    std::string error = m_base.Validate();
    if (error.empty())
    {
        error = WifiUplinkConfig::ValidateAttributeDefaults();
    }
    if (error.empty())
    {
        TsqOptionTable table(nullptr);
        Options(table);
        error = table.Error();
    }
    if (error.empty() && m_base.seed + uint64_t(m_seeds) - 1 > 0x7fffffffULL)
    {
        error = TsqOutOfRange("seeds",
                              std::to_string(m_seeds),
                              "1..(2147483648 - seed): the last RngRun must stay valid");
    }
    if (error.empty() && !ValidStem(m_name))
    {
        error = TsqOutOfRange("name", "'" + m_name + "'", kStemAllowed);
    }
    if (error.empty() && m_resultsDir.empty())
    {
        error = TsqOutOfRange("resultsDir", "''", "a folder name");
    }
    if (!error.empty())
    {
        std::cerr << error << std::endl;
        return false;
    }
    return true;
}

void
TsqExperiment::AddPoint(const TsqExperimentPoint& point)
{
    NS_ABORT_MSG_UNLESS(ValidStem(point.label), "bad point label '" << point.label << "'");
    m_points.push_back(point);
}

void
TsqExperiment::AddColumn(const TsqColumn& column)
{
    m_columns.push_back(column);
}

void
TsqExperiment::AddColumns(const std::vector<TsqColumn>& columns)
{
    m_columns.insert(m_columns.end(), columns.begin(), columns.end());
}

std::vector<TsqColumn>
TsqExperiment::GoodputColumns()
{
    return {{"Mb/s", TsqColumn::MEAN, "goodput_mbps", 1},
            {"sd", TsqColumn::SD, "goodput_mbps", 1},
            {"min-max", TsqColumn::MIN_MAX, "goodput_mbps", 0}};
}

std::vector<TsqColumn>
TsqExperiment::LatencyColumns()
{
    return {{"ping ms", TsqColumn::MEAN, "ping_rtt_ms_mean", 1},
            {"p95", TsqColumn::MEAN, "ping_rtt_ms_p95", 1},
            {"srtt", TsqColumn::MEAN, "srtt_ms_mean", 1}};
}

std::vector<TsqColumn>
TsqExperiment::StackColumns()
{
    return {{"MPDU/AMPDU", TsqColumn::MEAN, "ampdu_mpdus_mean", 1},
            {"limit KiB", TsqColumn::MEAN, "tsq_limit_bytes_mean", 1, 1.0 / 1024},
            {"queued KiB", TsqColumn::MEAN, "queued_bytes_mean", 1, 1.0 / 1024},
            {"cwnd", TsqColumn::MEAN, "cwnd_segments_mean", 1},
            {"pkts out", TsqColumn::MEAN, "packets_out_mean", 1},
            {"throttles", TsqColumn::MEAN, "throttle_events", 0}};
}

std::vector<TsqColumn>
TsqExperiment::StationColumns()
{
    return {{"min sta", TsqColumn::MEAN, "min_station_goodput_mbps", 1},
            {"Jain", TsqColumn::MEAN, "jain_index", 2}};
}

void
TsqExperiment::AddNote(const std::string& line)
{
    m_notes.push_back(line);
}

void
TsqExperiment::SetPlotX(const std::string& column, const std::string& label, bool logx)
{
    m_plotX = column;
    m_plotXLabel = label;
    m_plotLogX = logx;
}

void
TsqExperiment::SetPlotBy(const std::string& column)
{
    m_plotBy = column;
}

void
TsqExperiment::SetReferenceLabel(const std::string& label)
{
    m_referenceLabel = label;
}

void
TsqExperiment::SetReferenceCondition(std::function<std::string(const WifiUplinkConfig&)> condition)
{
    m_referenceCondition = std::move(condition);
}

void
TsqExperiment::SetTimeSeriesPoints(const std::string& first, const std::string& second)
{
    m_seriesFirst = first;
    m_seriesSecond = second;
}

namespace
{

/**
 * The published references were all measured on one 802.11n HT40 stream,
 * whatever else a program checks.
 * \return "" when \p c is that WiFi (or no WiFi), else why not
 */
std::string
ReferenceWifiDiffers(const WifiUplinkConfig& c)
{
    const WifiUplinkConfig reference;
    if (c.link == "wifi" && (c.standard != reference.standard || c.nss != reference.nss ||
                             c.channelWidth != reference.channelWidth))
    {
        return "the published references were measured on 802.11n HT40 with one stream; "
               "this run has standard=" +
               c.standard + ", nss=" + std::to_string(c.nss) +
               ", channelWidth=" + std::to_string(c.channelWidth);
    }
    return "";
}

/** \return whether \p p carries any of the reference's values */
bool
HasReference(const TsqExperimentPoint& p)
{
    return !std::isnan(p.referenceGoodputMbps) || !std::isnan(p.referenceLatencyMs) ||
           std::any_of(p.reference.begin(), p.reference.end(), [](const std::string& r) {
               return !r.empty() && r != "-";
           });
}

/**
 * The runs' own labels (a point may change the driver, and with it what
 * the model assumes), each distinct set once.
 * \return the line under the table
 */
std::string
ModelAssumptionsLine(const std::vector<TsqRow>& rows)
{
    std::set<std::string> assumed;
    for (const auto& row : rows)
    {
        std::string a = TsqRowText(row, "model_assumptions");
        if (!a.empty())
        {
            assumed.insert(a);
        }
    }
    std::string text;
    for (const auto& a : assumed)
    {
        text += (text.empty() ? "" : "; ") + a;
    }
    return "model assumptions: " + (text.empty() ? std::string("'' (the faithful default)") : text);
}

} // namespace

int
TsqExperiment::SelectJobs(std::vector<Job>& jobs) const
{
    std::set<std::string> only;
    {
        std::istringstream in(m_only);
        std::string item;
        while (std::getline(in, item, ','))
        {
            only.insert(item);
        }
    }
    std::string labels;
    for (const auto& p : m_points)
    {
        labels += (labels.empty() ? "" : ", ") + p.label;
    }
    for (const std::string& o : only)
    {
        bool found = false;
        for (const auto& p : m_points)
        {
            found = found || p.label == o;
        }
        if (!found)
        {
            std::cerr << TsqOutOfRange("only", o, labels) << std::endl;
            return 2;
        }
    }
    for (uint32_t i = 0; i < m_points.size(); ++i)
    {
        if (!only.empty() && !only.count(m_points[i].label))
        {
            continue;
        }
        for (uint32_t s = 0; s < m_seeds; ++s)
        {
            Job job{i, m_base};
            if (m_points[i].apply)
            {
                m_points[i].apply(job.config);
            }
            job.config.seed = m_base.seed + s;
            std::string error = job.config.Validate();
            if (!error.empty())
            {
                std::cerr << "point " << m_points[i].label << ": " << error << std::endl;
                return 2;
            }
            jobs.push_back(job);
        }
    }
    if (jobs.empty())
    {
        std::cerr << "no run selected" << std::endl;
        return 2;
    }
    return 0;
}

void
TsqExperiment::WithholdReferences()
{
    std::set<std::string> why;
    for (auto& p : m_points)
    {
        if (!HasReference(p))
        {
            continue;
        }
        WifiUplinkConfig c = m_base;
        if (p.apply)
        {
            p.apply(c);
        }
        std::string reason = ReferenceWifiDiffers(c);
        if (reason.empty() && m_referenceCondition)
        {
            reason = m_referenceCondition(c);
        }
        if (!reason.empty())
        {
            why.insert(reason);
            std::fill(p.reference.begin(), p.reference.end(), std::string("-"));
            p.referenceGoodputMbps = std::numeric_limits<double>::quiet_NaN();
            p.referenceLatencyMs = std::numeric_limits<double>::quiet_NaN();
        }
    }
    for (const std::string& w : why)
    {
        m_notes.push_back("no reference: " + w + "; its columns show '-'.");
    }
}

void
TsqExperiment::AddPrecisionColumns()
{
    // The window each point needed, and what its ± means.
    m_columns.push_back({"window s", TsqColumn::MEAN, "window_s", 1});
    m_columns.push_back({"batches", TsqColumn::MEAN, "goodput_batches", 0});
    m_notes.push_back("Mb/s: mean ± 95% half-width of the point's runs, pooled from each "
                      "run's " +
                      TsqBatchMeansRule(m_base.batchS, m_base.minBatches, m_base.precision) +
                      "; window s: the measured window, mean over the runs.");
}

void
TsqExperiment::PrintNotes() const
{
    for (const auto& n : m_notes)
    {
        std::cout << n << "\n";
    }
}

int
TsqExperiment::ShowDb(const TsqTable& table) const
{
    std::vector<TsqRow> rows = ReadDb(m_fromDb);
    double wall = 0;
    for (auto& row : rows)
    {
        wall += row["wall_s"].GetReal();
    }
    std::cout << "(" << rows.size() << " run(s) of " << m_fromDb << ", duration "
              << m_base.durationS << " s, warm-up " << m_base.warmupS << " s, seeds " << m_base.seed
              << ".." << m_base.seed + m_seeds - 1 << ")\n\n"
              << table.Format(rows);
    PrintNotes();
    std::cout << "simulation wall time, sum over runs: " << TsqFixed(wall, 0) << " s\n";
    if (m_plot)
    {
        Plot(rows, m_fromDb);
    }
    return 0;
}

TsqExperiment::Collected
TsqExperiment::Collect(std::vector<Done> done,
                       const std::vector<Job>& jobs,
                       const std::string& dir) const
{
    Collected c;
    std::sort(done.begin(), done.end(), [](const Done& a, const Done& b) {
        return a.index < b.index;
    });
    for (const Done& d : done)
    {
        const std::string stem = dir + "/" + RunStem(jobs[d.index]);
        std::vector<TsqRow> got = d.ok ? ReadDb(stem + ".db") : std::vector<TsqRow>();
        if (got.size() != 1)
        {
            // The others' results still count: listed below the table.
            c.failures.push_back(m_points[jobs[d.index].point].label + " seed " +
                                 std::to_string(jobs[d.index].config.seed) + " (" +
                                 (d.ok ? std::string("no database") : d.why) + ")");
            continue;
        }
        c.rows.push_back(got.front());
        c.files.push_back(stem + ".db");
        std::ifstream flent(stem + ".flent.gz");
        if (flent.good())
        {
            c.flentFiles.push_back(stem + ".flent.gz");
        }
    }
    return c;
}

bool
TsqExperiment::Merge(const std::vector<std::string>& files, const std::string& merged) const
{
    if (TsqDataDir().empty())
    {
        std::cout << "merge into " << merged << " FAILED: the module's data folder (share/tsq) "
                  << "is not beside the experiment library; set TSQ_DATA_DIR\n";
        return false;
    }
    std::string cmd = "sh " + Quote(TsqDataDir() + "/tsq-merge.sh") + " --quiet " + Quote(merged);
    for (const auto& f : files)
    {
        cmd += " " + Quote(f);
    }
    cmd += " >/dev/null"; // its refusals and skips (stderr) stay visible
    std::cout << std::flush;
    if (std::system(cmd.c_str()) != 0)
    {
        std::cout << "merge into " << merged << " FAILED (tsq-merge's message above)\n";
        return false;
    }
    std::cout << "merged: " << merged << "\n";
    return true;
}

int
TsqExperiment::Execute()
{
    // Every run's configuration, validated before anything runs.
    std::vector<Job> jobs;
    if (int status = SelectJobs(jobs); status != 0)
    {
        return status;
    }
    if (!m_jobsFile.empty())
    {
        return WriteJobsFile(jobs);
    }
    WithholdReferences();
    if (m_base.precision > 0)
    {
        AddPrecisionColumns();
    }
    TsqTable table(m_points, m_columns);
    std::cout << m_title << "\n";
    if (!m_fromDb.empty())
    {
        return ShowDb(table);
    }

    const std::string dir = m_resultsDir + "/" + m_name;
    const std::string merged = m_resultsDir + "/" + m_name + ".db";
    std::cout << "(" << jobs.size() << " run(s): " << jobs.size() / m_seeds << " point(s) x "
              << m_seeds << " seed(s), " << m_base.durationS << " s measured after "
              << m_base.warmupS << " s warm-up" << (m_quick ? ", quick mode" : "") << ")\n"
              << std::flush;
    auto t0 = std::chrono::steady_clock::now();
    const Collected runs = Collect(RunAll(jobs, dir), jobs, dir);
    if (runs.rows.empty())
    {
        std::cerr << "every run failed, e.g. " << runs.failures.front() << std::endl;
        return 1;
    }
    double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    std::cout << "\n" << table.Format(runs.rows);
    PrintNotes();
    std::cout << ModelAssumptionsLine(runs.rows) << "\n";
    std::printf("wall time: %.1f s for %zu run(s)\n", total, jobs.size());
    std::cout << "runs: " << dir << "/ (" << runs.files.size() << " database(s)";
    if (!runs.flentFiles.empty())
    {
        std::cout << ", " << runs.flentFiles.size() << " .flent.gz, e.g. "
                  << runs.flentFiles.back();
    }
    std::cout << ")\n";
    const bool mergedOk = m_merge && Merge(runs.files, merged);
    if (m_plot && mergedOk)
    {
        Plot(runs.rows, merged);
    }
    if (!runs.failures.empty())
    {
        std::cout << "FAILED: " << runs.failures.size() << " of " << jobs.size()
                  << " run(s), not in the table:";
        for (const std::string& f : runs.failures)
        {
            std::cout << "\n  " << f;
        }
        std::cout << "\n" << std::flush;
        return 1;
    }
    std::cout << std::flush;
    return m_merge && !mergedOk ? 1 : 0;
}

} // namespace ns3
