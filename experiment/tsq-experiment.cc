/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-experiment.h"

#include "tsq-batch-means.h"
#include "tsq-flent-writer.h"
#include "tsq-job-runner.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/system-path.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <sys/types.h>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqExperiment");

namespace
{

const double kNaN = std::numeric_limits<double>::quiet_NaN();

/* Mean, sample standard deviation, min, max of the non-NULL values. */
struct Stats
{
    uint32_t n{0};
    double mean{kNaN};
    double sd{kNaN};
    double min{kNaN};
    double max{kNaN};
};

/* Characters a cell takes on a terminal (UTF-8: "±" is two bytes). */
std::size_t
DisplayWidth(const std::string& cell)
{
    std::size_t n = 0;
    for (unsigned char c : cell)
    {
        n += (c & 0xC0) != 0x80;
    }
    return n;
}

/* --precision runs: the 95% half-width of the mean of a point's runs,
 * pooled from each run's batch means (NaN if a run has none). */
double
PooledGoodputHalfWidth(const std::vector<const TsqRow*>& rows)
{
    std::vector<double> se;
    std::vector<uint32_t> batches;
    for (const TsqRow* row : rows)
    {
        auto s = row->find("goodput_se_mbps");
        auto b = row->find("goodput_batches");
        if (s == row->end() || b == row->end() || s->second.IsNull() || b->second.IsNull())
        {
            return kNaN;
        }
        se.push_back(s->second.GetReal());
        batches.push_back(static_cast<uint32_t>(b->second.GetReal()));
    }
    return TsqPooledHalfWidth(se, batches);
}

Stats
StatsOf(const std::vector<const TsqRow*>& rows, const std::string& metric)
{
    std::vector<double> v;
    for (const TsqRow* row : rows)
    {
        auto it = row->find(metric);
        if (it != row->end() && !it->second.IsNull() && it->second.GetType() != TsqValue::TEXT)
        {
            v.push_back(it->second.GetReal());
        }
    }
    Stats s;
    s.n = v.size();
    if (v.empty())
    {
        return s;
    }
    double sum = 0;
    for (double x : v)
    {
        sum += x;
    }
    s.mean = sum / v.size();
    double sq = 0;
    for (double x : v)
    {
        sq += (x - s.mean) * (x - s.mean);
    }
    s.sd = v.size() > 1 ? std::sqrt(sq / (v.size() - 1)) : 0;
    s.min = *std::min_element(v.begin(), v.end());
    s.max = *std::max_element(v.begin(), v.end());
    return s;
}

std::string
Fixed(double v, int precision)
{
    if (std::isnan(v))
    {
        return "-";
    }
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.*f", precision, v);
    return buf;
}

std::string
Text(const TsqRow& row, const std::string& name)
{
    auto it = row.find(name);
    return it == row.end() ? "" : it->second.GetText();
}

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

bool
TsqParseUintList(const std::string& list, std::vector<uint32_t>& out)
{
    out.clear();
    std::istringstream in(list);
    std::string item;
    while (std::getline(in, item, ','))
    {
        char* end = nullptr;
        if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos)
        {
            return false;
        }
        unsigned long v = std::strtoul(item.c_str(), &end, 10);
        if (*end != '\0' || v > 0xffffffffUL)
        {
            return false;
        }
        out.push_back(static_cast<uint32_t>(v));
    }
    return !out.empty() && list.back() != ',';
}

std::string
TsqParseShiftList(const std::string& list, std::vector<uint32_t>& out)
{
    if (!TsqParseUintList(list, out))
    {
        return TsqOutOfRange("shifts", list, "comma-separated integers 0..31");
    }
    for (uint32_t s : out)
    {
        if (s > 31)
        {
            return TsqOutOfRange("shifts", std::to_string(s), "0..31 each");
        }
    }
    return TsqRepeatedItem("shifts", list, out);
}

namespace
{
/** An object of this library: dladdr() names the file it was loaded from. */
const int g_tsqDataDirAnchor = 0;
} // namespace

std::string
TsqDataDir()
{
    if (const char* env = std::getenv("TSQ_DATA_DIR"))
    {
        if (*env)
        {
            return env;
        }
    }
    Dl_info info;
    if (dladdr(&g_tsqDataDirAnchor, &info) == 0 || !info.dli_fname)
    {
        return "";
    }
    std::string lib = info.dli_fname;
    std::size_t slash = lib.rfind('/');
    std::string dir = slash == std::string::npos ? "." : lib.substr(0, slash);
    for (const char* rel : {"/share/tsq", "/../share/tsq"})
    {
        if (access((dir + rel + "/tsq-plot.sh").c_str(), R_OK) == 0)
        {
            return dir + rel;
        }
    }
    return "";
}

namespace
{
/**
 * \return the path of the data folder's script \p name, or
 *         "$TSQ_DATA_DIR/<name>" (for the user to set) when it is not found
 */
std::string
DataScript(const std::string& name)
{
    std::string dir = TsqDataDir();
    return (dir.empty() ? std::string("$TSQ_DATA_DIR") : dir) + "/" + name;
}
} // namespace

// ---------------------------------------------------------------- TsqTable

TsqTable::TsqTable(const std::vector<TsqExperimentPoint>& points,
                   const std::vector<TsqColumn>& columns)
    : m_points(points),
      m_columns(columns)
{
}

TsqRow
TsqTable::RowOf(const TsqRunRecord& record)
{
    TsqRow row;
    for (const auto& p : record.GetParams())
    {
        row[p.first] = p.second;
    }
    for (const auto& m : record.GetMetrics())
    {
        row[m.first] = m.second;
    }
    row["experiment"] = record.experiment;
    row["model_assumptions"] = record.modelAssumptions;
    row["seed"] = record.seed;
    row["run_key"] = record.GetRunKey();
    return row;
}

std::string
TsqTable::Format(const std::vector<TsqRow>& rows) const
{
    // Group the runs by point, in the points' order.
    std::vector<std::vector<const TsqRow*>> groups(m_points.size());
    for (const TsqRow& row : rows)
    {
        std::string point = Text(row, "point");
        for (uint32_t i = 0; i < m_points.size(); ++i)
        {
            if (m_points[i].label == point)
            {
                groups[i].push_back(&row);
            }
        }
    }
    bool assumptions = false;
    for (const TsqRow& row : rows)
    {
        assumptions = assumptions || !Text(row, "model_assumptions").empty();
    }
    uint32_t base = 0; // RATIO: the first point with runs
    while (base < groups.size() && groups[base].empty())
    {
        ++base;
    }

    std::vector<std::vector<std::string>> cells;
    std::vector<std::string> header{"point", "runs"};
    for (const TsqColumn& c : m_columns)
    {
        header.push_back(c.header);
    }
    if (assumptions)
    {
        header.emplace_back("model_assumptions");
    }
    cells.push_back(header);
    for (uint32_t i = 0; i < m_points.size(); ++i)
    {
        if (groups[i].empty())
        {
            continue;
        }
        std::vector<std::string> line{m_points[i].label, std::to_string(groups[i].size())};
        for (const TsqColumn& c : m_columns)
        {
            if (c.kind == TsqColumn::REFERENCE)
            {
                const auto& ref = m_points[i].reference;
                line.push_back(
                    c.reference < ref.size() && !ref[c.reference].empty() ? ref[c.reference] : "-");
                continue;
            }
            Stats s = StatsOf(groups[i], c.metric);
            switch (c.kind)
            {
            case TsqColumn::MEAN: {
                std::string cell = Fixed(s.mean * c.scale, c.precision);
                // --precision: the goodput as mean ± its 95% half-width
                const double hw =
                    c.metric == "goodput_mbps" ? PooledGoodputHalfWidth(groups[i]) : kNaN;
                if (!std::isnan(hw))
                {
                    cell += " ± " + Fixed(hw * c.scale, c.precision);
                }
                line.push_back(cell);
                break;
            }
            case TsqColumn::SD:
                line.push_back(Fixed(s.sd * c.scale, c.precision));
                break;
            case TsqColumn::MIN_MAX:
                line.push_back(s.n ? Fixed(s.min * c.scale, c.precision) + "-" +
                                         Fixed(s.max * c.scale, c.precision)
                                   : "-");
                break;
            case TsqColumn::RATIO: {
                Stats b = base < groups.size() ? StatsOf(groups[base], c.metric) : Stats();
                line.push_back(b.mean > 0 ? Fixed(s.mean / b.mean, c.precision) : "-");
                break;
            }
            default:
                break;
            }
        }
        if (assumptions)
        {
            std::set<std::string> labels;
            for (const TsqRow* row : groups[i])
            {
                labels.insert(Text(*row, "model_assumptions"));
            }
            std::string joined;
            for (const auto& l : labels)
            {
                joined += (joined.empty() ? "" : " | ") + (l.empty() ? std::string("''") : l);
            }
            line.push_back(joined);
        }
        cells.push_back(line);
    }

    std::vector<std::size_t> width(header.size(), 0);
    for (const auto& line : cells)
    {
        for (std::size_t j = 0; j < line.size(); ++j)
        {
            width[j] = std::max(width[j], DisplayWidth(line[j]));
        }
    }
    std::ostringstream os;
    for (std::size_t r = 0; r < cells.size(); ++r)
    {
        for (std::size_t j = 0; j < cells[r].size(); ++j)
        {
            const std::string& cell = cells[r][j];
            std::string pad(width[j] - DisplayWidth(cell), ' ');
            // the label left-aligned, numbers right-aligned
            os << (j ? "  " : "") << (j == 0 ? cell + pad : pad + cell);
        }
        os << "\n";
        if (r == 0)
        {
            std::size_t total = 0;
            for (std::size_t w : width)
            {
                total += w + 2;
            }
            os << std::string(total - 2, '-') << "\n";
        }
    }
    return os.str();
}

// ----------------------------------------------------------- TsqExperiment

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
    m_cmd.AddValue("seeds", "runs per point, seeds seed..seed+seeds-1 (1..1000)", m_seeds);
    m_cmd.AddValue("jobs",
                   "runs at a time, each in its own process (1..256; default: the online CPUs)",
                   m_jobs);
    m_cmd.AddValue("quick", "quick mode: fewer seeds, shorter runs (make demo)", m_quick);
    m_cmd.AddValue("only", "run only these points (comma-separated labels; empty: all)", m_only);
    m_cmd.AddValue("resultsDir", "folder of the result files", m_resultsDir);
    m_cmd.AddValue("name",
                   "files: RESULTSDIR/NAME.db (merged), RESULTSDIR/NAME/*.db, NAME-*.png",
                   m_name);
    m_cmd.AddValue("flent", "write a .flent.gz beside each TCP run's database", m_flent);
    m_cmd.AddValue("merge", "merge the runs into RESULTSDIR/NAME.db (utils/tsq-merge.sh)", m_merge);
    m_cmd.AddValue("plot", "draw the plots with experiment/tsq-plot.sh (gnuplot)", m_plot);
    m_cmd.AddValue("jobsFile",
                   "write one command per run to this file (for utils/tsq-sweep.sh) and stop",
                   m_jobsFile);
    m_cmd.AddValue("fromDb",
                   "run nothing: print the table (and plots) from this merged database",
                   m_fromDb);
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
    if (error.empty() && (m_seeds < 1 || m_seeds > 1000))
    {
        error = TsqOutOfRange("seeds", std::to_string(m_seeds), "1..1000");
    }
    if (error.empty() && m_base.seed + uint64_t(m_seeds) - 1 > 0x7fffffffULL)
    {
        error = TsqOutOfRange("seeds",
                              std::to_string(m_seeds),
                              "1..(2147483648 - seed): the last RngRun must stay valid");
    }
    if (error.empty() && (m_jobs < 1 || m_jobs > 256))
    {
        error = TsqOutOfRange("jobs", std::to_string(m_jobs), "1..256");
    }
    if (error.empty() && !ValidStem(m_name))
    {
        error = TsqOutOfRange("name", "'" + m_name + "'", "letters, digits, '.', '_', '-'");
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
        << "#   sh " << DataScript("tsq-sweep.sh") << " --results " << m_resultsDir << " " << m_name
        << " " << m_jobsFile << "\n";
    for (const Job& job : jobs)
    {
        out << common << " --only=" << m_points[job.point].label
            << " --seeds=1 --seed=" << job.config.seed << " --merge=0 --plot=0 --jobs=1\n";
    }
    std::cout << "wrote " << jobs.size() << " job(s) to " << m_jobsFile << "\n"
              << "run them on all local cores (merged into " << m_resultsDir << "/" << m_name
              << ".db as they finish):\n"
              << "  sh " << DataScript("tsq-sweep.sh") << " --results " << m_resultsDir << " "
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
TsqExperiment::Plot(const std::vector<TsqRow>& rows, const std::string& db) const
{
    if (rows.empty())
    {
        return;
    }
    const std::string data = TsqDataDir();
    if (data.empty())
    {
        std::cerr << "plot: NOT drawn: the module's data folder (share/tsq, with tsq-plot.sh) "
                     "is not beside the experiment library; set TSQ_DATA_DIR\n";
        return;
    }
    const std::string stem = m_resultsDir + "/" + m_name;
    std::string keys;
    for (const TsqRow& row : rows)
    {
        keys += (keys.empty() ? "'" : ",'") + Text(row, "run_key") + "'";
    }
    const std::string where = "run_key IN (" + keys + ")";

    // The reference's points at the X of our runs of the same point.
    auto seedFile = [&](bool latency) {
        std::string path = stem + (latency ? "-reference-latency.txt" : "-reference-goodput.txt");
        std::ofstream out(path);
        out << "# x y label: the reference's published values (" << m_experiment << ")\n";
        std::set<std::string> done;
        for (const TsqRow& row : rows)
        {
            std::string label = Text(row, "point");
            for (const auto& p : m_points)
            {
                double y = latency ? p.referenceLatencyMs : p.referenceGoodputMbps;
                if (p.label == label && !std::isnan(y) && done.insert(label).second)
                {
                    out << Text(row, m_plotX) << " " << y << " " << m_referenceLabel << "\n";
                }
            }
        }
        return path;
    };

    struct Figure
    {
        std::string y;
        std::string ylabel;
        bool latency;
    };

    const Figure figures[] = {{"goodput_mbps", "goodput (Mb/s)", false},
                              {"ping_rtt_ms_mean", "ping RTT under load (ms)", true}};
    for (const Figure& f : figures)
    {
        std::string png = stem + (f.latency ? "-latency.png" : "-goodput.png");
        std::ostringstream cmd;
        cmd << "sh " << Quote(data + "/tsq-plot.sh") << " --where " << Quote(where)
            << " --reference-points " << Quote(seedFile(f.latency)) << " --title " << Quote(m_title)
            << " --xlabel " << Quote(m_plotXLabel) << " --ylabel " << Quote(f.ylabel)
            << (m_plotLogX ? " --logx" : "") << (m_plotBy.empty() ? "" : " --by " + Quote(m_plotBy))
            << " " << Quote(db) << " " << m_plotX << " " << f.y << " " << Quote(png)
            << " >/dev/null";
        if (std::system(cmd.str().c_str()) == 0)
        {
            std::cout << "plot: " << png << "\n";
        }
        else
        {
            std::cout << "plot: " << png << " NOT drawn (needs gnuplot and sqlite3)\n";
        }
    }
    // Goodput and ping in one figure, two panels on the same X.
    {
        std::string png = stem + "-results.png";
        std::ostringstream cmd;
        cmd << "sh " << Quote(data + "/tsq-plot.sh") << " --where " << Quote(where)
            << " --reference-points " << Quote(seedFile(false)) << " --y2 ping_rtt_ms_mean"
            << " --reference-points2 " << Quote(seedFile(true)) << " --title " << Quote(m_title)
            << " --xlabel " << Quote(m_plotXLabel) << " --ylabel " << Quote(figures[0].ylabel)
            << " --ylabel2 " << Quote(figures[1].ylabel) << (m_plotLogX ? " --logx" : "")
            << (m_plotBy.empty() ? "" : " --by " + Quote(m_plotBy)) << " " << Quote(db) << " "
            << m_plotX << " goodput_mbps " << Quote(png) << " >/dev/null";
        std::cout << "plot: " << png
                  << (std::system(cmd.str().c_str()) == 0
                          ? ""
                          : " NOT drawn (needs gnuplot and sqlite3)")
                  << "\n";
    }
    // The time series of two points stacked on one time axis: the first
    // TCP run of each (SetTimeSeriesPoints, else the first and last point).
    auto firstRun = [&](const std::string& label) -> const TsqRow* {
        for (const TsqRow& row : rows)
        {
            if (Text(row, "point") == label && Text(row, "traffic") != "udp")
            {
                return &row;
            }
        }
        return nullptr;
    };
    std::vector<const TsqRow*> picks;
    const std::pair<std::string, std::string> wanted[] = {{m_seriesFirst, m_points.front().label},
                                                          {m_seriesSecond, m_points.back().label}};
    for (const auto& w : wanted)
    {
        // a point not run (--shifts without it, --only): the default one
        const TsqRow* r = w.first.empty() ? nullptr : firstRun(w.first);
        r = r ? r : firstRun(w.second);
        if (r && std::find(picks.begin(), picks.end(), r) == picks.end())
        {
            picks.push_back(r);
        }
    }
    if (!picks.empty())
    {
        std::string png = stem + "-timeseries.png";
        std::string keys;
        std::string labels;
        std::string what;
        for (const TsqRow* r : picks)
        {
            keys += (keys.empty() ? "" : ",") + Text(*r, "run_key");
            labels += (labels.empty() ? "" : ",") + Text(*r, "point") + " seed " + Text(*r, "seed");
            what += (what.empty() ? "" : " and ") + Text(*r, "point") + " seed " + Text(*r, "seed");
        }
        std::ostringstream cmd;
        cmd << "sh " << Quote(data + "/tsq-plot.sh") << " --stack --run " << keys << " --labels "
            << Quote(labels) << " --title " << Quote(m_title) << " " << Quote(db)
            << " goodput_mbps,cwnd_segments,tsq_limit_bytes,ampdu_mpdus " << Quote(png)
            << " >/dev/null";
        if (std::system(cmd.str().c_str()) == 0)
        {
            std::cout << "plot: " << png << " (time series of " << what << ")\n";
        }
        else
        {
            std::cout << "plot: " << png << " NOT drawn (tsq-plot.sh failed, see above)\n";
        }
    }
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
                       ? Fixed(got.front()["goodput_mbps"].GetReal(), 1) + " Mb/s, ping " +
                             Fixed(got.front()["ping_rtt_ms_mean"].GetReal(), 1) + " ms"
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

int
TsqExperiment::Execute()
{
    // Every run's configuration, validated before anything runs.
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
    std::vector<Job> jobs;
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
    if (!m_jobsFile.empty())
    {
        return WriteJobsFile(jobs);
    }

    // The reference's numbers only where they were measured; every seed's
    // was on one 802.11n HT40 stream, whatever else a program checks.
    auto generation = [](const WifiUplinkConfig& c) -> std::string {
        const WifiUplinkConfig reference;
        if (c.link == "wifi" && (c.standard != reference.standard || c.nss != reference.nss ||
                                 c.channelWidth != reference.channelWidth))
        {
            return "the seeds' references were measured on 802.11n HT40 with one stream; "
                   "this run has standard=" +
                   c.standard + ", nss=" + std::to_string(c.nss) +
                   ", channelWidth=" + std::to_string(c.channelWidth);
        }
        return "";
    };
    {
        std::set<std::string> why;
        for (auto& p : m_points)
        {
            WifiUplinkConfig c = m_base;
            if (p.apply)
            {
                p.apply(c);
            }
            const bool hasReference =
                !std::isnan(p.referenceGoodputMbps) || !std::isnan(p.referenceLatencyMs) ||
                std::any_of(p.reference.begin(), p.reference.end(), [](const std::string& r) {
                    return !r.empty() && r != "-";
                });
            if (!hasReference)
            {
                continue;
            }
            std::string reason = generation(c);
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
    if (m_base.precision > 0)
    {
        // The window each point needed, and what its ± means.
        m_columns.push_back({"window s", TsqColumn::MEAN, "window_s", 1});
        m_columns.push_back({"batches", TsqColumn::MEAN, "goodput_batches", 0});
        m_notes.push_back("Mb/s: mean ± 95% half-width of the point's runs, pooled from each "
                          "run's " +
                          TsqBatchMeansRule(m_base.batchS, m_base.minBatches, m_base.precision) +
                          "; window s: the measured window, mean over the runs.");
    }
    TsqTable table(m_points, m_columns);
    const std::string dir = m_resultsDir + "/" + m_name;
    const std::string merged = m_resultsDir + "/" + m_name + ".db";
    std::cout << m_title << "\n";
    if (!m_fromDb.empty())
    {
        std::vector<TsqRow> rows = ReadDb(m_fromDb);
        double wall = 0;
        for (auto& row : rows)
        {
            wall += row["wall_s"].GetReal();
        }
        std::cout << "(" << rows.size() << " run(s) of " << m_fromDb << ", duration "
                  << m_base.durationS << " s, warm-up " << m_base.warmupS << " s, seeds "
                  << m_base.seed << ".." << m_base.seed + m_seeds - 1 << ")\n\n"
                  << table.Format(rows);
        for (const auto& n : m_notes)
        {
            std::cout << n << "\n";
        }
        std::cout << "simulation wall time, sum over runs: " << Fixed(wall, 0) << " s\n";
        if (m_plot)
        {
            Plot(rows, m_fromDb);
        }
        return 0;
    }

    std::cout << "(" << jobs.size() << " run(s): " << jobs.size() / m_seeds << " point(s) x "
              << m_seeds << " seed(s), " << m_base.durationS << " s measured after "
              << m_base.warmupS << " s warm-up" << (m_quick ? ", quick mode" : "") << ")\n"
              << std::flush;
    auto t0 = std::chrono::steady_clock::now();
    std::vector<Done> done = RunAll(jobs, dir);
    std::vector<TsqRow> rows;
    std::vector<std::string> files;
    std::vector<std::string> flentFiles;
    std::vector<std::string> failures;
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
            failures.push_back(m_points[jobs[d.index].point].label + " seed " +
                               std::to_string(jobs[d.index].config.seed) + " (" +
                               (d.ok ? std::string("no database") : d.why) + ")");
            continue;
        }
        rows.push_back(got.front());
        files.push_back(stem + ".db");
        std::ifstream flent(stem + ".flent.gz");
        if (flent.good())
        {
            flentFiles.push_back(stem + ".flent.gz");
        }
    }
    if (rows.empty())
    {
        std::cerr << "every run failed, e.g. " << failures.front() << std::endl;
        return 1;
    }
    double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    std::cout << "\n" << table.Format(rows);
    for (const auto& n : m_notes)
    {
        std::cout << n << "\n";
    }
    // The runs' own labels (a point may change the driver, and with it
    // what the model assumes), each distinct set once.
    std::set<std::string> assumed;
    for (const auto& row : rows)
    {
        std::string a = Text(row, "model_assumptions");
        if (!a.empty())
        {
            assumed.insert(a);
        }
    }
    std::string assumedText;
    for (const auto& a : assumed)
    {
        assumedText += (assumedText.empty() ? "" : "; ") + a;
    }
    std::cout << "model assumptions: "
              << (assumedText.empty() ? "'' (the faithful default)" : assumedText) << "\n";
    std::printf("wall time: %.1f s for %zu run(s)\n", total, jobs.size());

    std::cout << "runs: " << dir << "/ (" << files.size() << " database(s)";
    if (!flentFiles.empty())
    {
        std::cout << ", " << flentFiles.size() << " .flent.gz, e.g. " << flentFiles.back();
    }
    std::cout << ")\n";
    std::string plotDb = files.front();
    bool mergeFailed = false;
    if (m_merge && TsqDataDir().empty())
    {
        mergeFailed = true;
        std::cout << "merge into " << merged << " FAILED: the module's data folder (share/tsq) "
                  << "is not beside the experiment library; set TSQ_DATA_DIR\n";
    }
    else if (m_merge)
    {
        std::string cmd =
            "sh " + Quote(TsqDataDir() + "/tsq-merge.sh") + " --quiet " + Quote(merged);
        for (const auto& f : files)
        {
            cmd += " " + Quote(f);
        }
        cmd += " >/dev/null"; // its refusals and skips (stderr) stay visible
        std::cout << std::flush;
        if (std::system(cmd.c_str()) == 0)
        {
            std::cout << "merged: " << merged << "\n";
            plotDb = merged;
        }
        else
        {
            std::cout << "merge into " << merged << " FAILED (tsq-merge's message above)\n";
            mergeFailed = true;
        }
    }
    if (m_plot && plotDb == merged)
    {
        Plot(rows, merged);
    }
    if (!failures.empty())
    {
        std::cout << "FAILED: " << failures.size() << " of " << jobs.size()
                  << " run(s), not in the table:";
        for (const std::string& f : failures)
        {
            std::cout << "\n  " << f;
        }
        std::cout << "\n" << std::flush;
        return 1;
    }
    std::cout << std::flush;
    return mergeFailed ? 1 : 0;
}

} // namespace ns3
