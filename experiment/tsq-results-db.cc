/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-results-db.h"

#include "tsq-sha256.h"

#include "ns3/abort.h"
#include "ns3/fatal-error.h"
#include "ns3/log.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <set>
#include <sqlite3.h>
#include <sstream>
#include <sys/stat.h>

#ifndef TSQ_NS3_VERSION
#define TSQ_NS3_VERSION "unknown"
#endif
#ifndef TSQ_MODULE_VERSION
#define TSQ_MODULE_VERSION "unknown"
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqResultsDb");

// ------------------------------------------------------------------ TsqValue

TsqValue::TsqValue()
    : m_type(NUL)
{
}

TsqValue::TsqValue(int64_t v)
    : m_type(INTEGER),
      m_int(v)
{
}

TsqValue::TsqValue(int v)
    : m_type(INTEGER),
      m_int(v)
{
}

TsqValue::TsqValue(uint32_t v)
    : m_type(INTEGER),
      m_int(v)
{
}

TsqValue::TsqValue(uint64_t v)
    : m_type(INTEGER),
      m_int(static_cast<int64_t>(v))
{
    NS_ABORT_MSG_IF(v > static_cast<uint64_t>(INT64_MAX), "TsqValue: " << v << " exceeds int64");
}

TsqValue::TsqValue(double v)
    : m_type(std::isfinite(v) ? REAL : NUL),
      m_real(std::isfinite(v) ? v : 0)
{
}

TsqValue::TsqValue(const std::string& v)
    : m_type(TEXT),
      m_text(v)
{
}

TsqValue::TsqValue(const char* v)
    : m_type(TEXT),
      m_text(v)
{
}

TsqValue::Type
TsqValue::GetType() const
{
    return m_type;
}

bool
TsqValue::IsNull() const
{
    return m_type == NUL;
}

int64_t
TsqValue::GetInteger() const
{
    switch (m_type)
    {
    case INTEGER:
        return m_int;
    case REAL:
        return static_cast<int64_t>(m_real);
    default:
        return 0;
    }
}

double
TsqValue::GetReal() const
{
    switch (m_type)
    {
    case INTEGER:
        return static_cast<double>(m_int);
    case REAL:
        return m_real;
    default:
        return 0;
    }
}

std::string
TsqValue::GetText() const
{
    char buf[40];
    switch (m_type)
    {
    case INTEGER:
        std::snprintf(buf, sizeof(buf), "%lld", static_cast<long long>(m_int));
        return buf;
    case REAL:
        std::snprintf(buf, sizeof(buf), "%.17g", m_real);
        return buf;
    case TEXT:
        return m_text;
    default:
        return "";
    }
}

std::string
TsqValue::Canonical() const
{
    switch (m_type)
    {
    case INTEGER:
        return "i:" + GetText();
    case REAL:
        return "r:" + GetText();
    case TEXT:
        return "t:" + m_text;
    default:
        return "null";
    }
}

std::string
TsqValue::SqlType() const
{
    switch (m_type)
    {
    case INTEGER:
        return "INTEGER";
    case REAL:
        return "REAL";
    case TEXT:
        return "TEXT";
    default:
        return "";
    }
}

namespace
{

/** Parameter columns of `runs` every database has, in order, with types. */
const std::vector<std::pair<std::string, std::string>> g_stableParams = {
    {"kernel_profile", "TEXT"},
    {"tsq_rule", "TEXT"},
    {"pacing_shift", "INTEGER"},
    {"floor_bytes", "INTEGER"},
    {"cc", "TEXT"},
    {"driver_profile", "TEXT"},
    {"mcs", "INTEGER"},
    {"channel_width", "INTEGER"},
    {"n_sta", "INTEGER"},
    {"duration_s", "REAL"},
};

/** Metric columns of `runs` every database has, in order, with types. */
const std::vector<std::pair<std::string, std::string>> g_stableMetrics = {
    {"goodput_mbps", "REAL"},
    {"udp_capacity_mbps", "REAL"},
    {"ping_rtt_ms_mean", "REAL"},
    {"ping_rtt_ms_p95", "REAL"},
    {"srtt_ms_mean", "REAL"},
    {"cwnd_segments_mean", "REAL"},
    {"packets_out_mean", "REAL"},
    {"ampdu_mpdus_mean", "REAL"},
    {"tsq_limit_bytes_mean", "REAL"},
    {"queued_bytes_mean", "REAL"},
    {"throttle_events", "INTEGER"},
    {"wall_s", "REAL"},
};

/** Columns filled from TsqRunRecord's fields, never from SetParam/SetMetric. */
const std::set<std::string> g_reserved = {"run_key",
                                          "experiment",
                                          "model_assumptions",
                                          "seed",
                                          "ns3_version",
                                          "module_version",
                                          "created_utc"};

bool
Contains(const std::vector<std::pair<std::string, std::string>>& list, const std::string& name)
{
    return std::any_of(list.begin(), list.end(), [&name](const auto& p) {
        return p.first == name;
    });
}

/** The per-station metrics of a run (schema 3 on), one row per metric. */
const char* const kStationsTable =
    "CREATE TABLE stations (run_key TEXT NOT NULL, station INTEGER NOT NULL, "
    "name TEXT NOT NULL, value, PRIMARY KEY (run_key, station, name))";

/** \return true if name is a plain lower-case SQL identifier we accept. */
bool
ValidName(const std::string& name)
{
    if (name.empty() || name.size() > 63 ||
        !(std::islower(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    {
        return false;
    }
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::islower(static_cast<unsigned char>(c)) ||
               std::isdigit(static_cast<unsigned char>(c)) || c == '_';
    });
}

/** An open SQLite database that reports errors with the file's name. */
class Db
{
  public:
    Db(const std::string& path, int flags)
        : m_path(path)
    {
        if (sqlite3_open_v2(path.c_str(), &m_db, flags, nullptr) != SQLITE_OK)
        {
            std::string msg = m_db ? sqlite3_errmsg(m_db) : "out of memory";
            sqlite3_close(m_db);
            m_db = nullptr;
            NS_FATAL_ERROR("tsq-results: cannot open '" << path << "': " << msg);
        }
        sqlite3_busy_timeout(m_db, 10000);
    }

    ~Db()
    {
        sqlite3_close(m_db);
    }

    Db(const Db&) = delete;
    Db& operator=(const Db&) = delete;

    void Exec(const std::string& sql)
    {
        char* err = nullptr;
        if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK)
        {
            std::string msg = err ? err : sqlite3_errmsg(m_db);
            sqlite3_free(err);
            NS_FATAL_ERROR("tsq-results: '" << m_path << "': " << msg << " (in: " << sql << ")");
        }
    }

    sqlite3_stmt* Prepare(const std::string& sql)
    {
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
        {
            NS_FATAL_ERROR("tsq-results: '" << m_path << "': " << sqlite3_errmsg(m_db)
                                            << " (in: " << sql << ")");
        }
        return stmt;
    }

    void Check(int rc, const char* what)
    {
        if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
        {
            NS_FATAL_ERROR("tsq-results: '" << m_path << "': " << what << ": "
                                            << sqlite3_errmsg(m_db));
        }
    }

    void Bind(sqlite3_stmt* stmt, int index, const TsqValue& v)
    {
        int rc = SQLITE_OK;
        switch (v.GetType())
        {
        case TsqValue::INTEGER:
            rc = sqlite3_bind_int64(stmt, index, v.GetInteger());
            break;
        case TsqValue::REAL:
            rc = sqlite3_bind_double(stmt, index, v.GetReal());
            break;
        case TsqValue::TEXT: {
            std::string t = v.GetText();
            rc = sqlite3_bind_text(stmt, index, t.c_str(), -1, SQLITE_TRANSIENT);
            break;
        }
        default:
            rc = sqlite3_bind_null(stmt, index);
        }
        Check(rc, "bind");
    }

    /** Step a statement to its end, then reset it for reuse. */
    void Run(sqlite3_stmt* stmt, const char* what)
    {
        Check(sqlite3_step(stmt), what);
        Check(sqlite3_reset(stmt), what);
        sqlite3_clear_bindings(stmt);
    }

  private:
    std::string m_path;
    sqlite3* m_db{nullptr};
};

/** Create the folders leading to a file (like mkdir -p of its parent). */
void
MakeParents(const std::string& path)
{
    for (size_t pos = path.find('/', 1); pos != std::string::npos; pos = path.find('/', pos + 1))
    {
        std::string dir = path.substr(0, pos);
        if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        {
            NS_FATAL_ERROR("tsq-results: cannot create folder '" << dir
                                                                 << "': " << std::strerror(errno));
        }
    }
}

std::string
Quote(const std::string& name)
{
    return "\"" + name + "\"";
}

} // namespace

// -------------------------------------------------------------- TsqRunRecord

const char* const TsqRunRecord::SERIES_GOODPUT = "goodput_mbps";
const char* const TsqRunRecord::SERIES_PING_RTT = "ping_rtt_ms";
const char* const TsqRunRecord::SERIES_CWND = "cwnd_segments";
const char* const TsqRunRecord::SERIES_PACING_RATE = "pacing_rate_mbps";
const char* const TsqRunRecord::SERIES_TSQ_LIMIT = "tsq_limit_bytes";
const char* const TsqRunRecord::SERIES_QUEUED = "queued_bytes";
const char* const TsqRunRecord::SERIES_AMPDU = "ampdu_mpdus";

TsqRunRecord::TsqRunRecord(const std::string& experimentName, uint32_t rngRun)
    : experiment(experimentName),
      seed(rngRun),
      ns3Version(TsqResultsDb::Ns3Version()),
      moduleVersion(TsqResultsDb::ModuleVersion())
{
}

void
TsqRunRecord::SetParam(const std::string& name, const TsqValue& value)
{
    NS_ABORT_MSG_IF(!ValidName(name),
                    "TsqRunRecord: parameter name '" << name << "' is not [a-z_][a-z0-9_]*");
    NS_ABORT_MSG_IF(g_reserved.count(name),
                    "TsqRunRecord: '" << name << "' is a field of the record, not a parameter");
    NS_ABORT_MSG_IF(TsqResultsDb::IsStableMetric(name) || m_metrics.count(name),
                    "TsqRunRecord: '" << name << "' is a metric, not a parameter");
    m_params[name] = value;
}

void
TsqRunRecord::SetMetric(const std::string& name, const TsqValue& value)
{
    NS_ABORT_MSG_IF(!ValidName(name),
                    "TsqRunRecord: metric name '" << name << "' is not [a-z_][a-z0-9_]*");
    NS_ABORT_MSG_IF(g_reserved.count(name),
                    "TsqRunRecord: '" << name << "' is a field of the record, not a metric");
    NS_ABORT_MSG_IF(TsqResultsDb::IsStableParam(name) || m_params.count(name),
                    "TsqRunRecord: '" << name << "' is a parameter, not a metric");
    m_metrics[name] = value;
}

void
TsqRunRecord::AddSample(const std::string& series, double tS, double value)
{
    m_series[series].emplace_back(tS, value);
}

void
TsqRunRecord::AddAmpdu(uint32_t mpdus, uint64_t psdus)
{
    if (m_ampdu.size() <= mpdus)
    {
        m_ampdu.resize(mpdus + 1, 0);
    }
    m_ampdu[mpdus] += psdus;
}

void
TsqRunRecord::SetAmpduHistogram(const std::vector<uint64_t>& histogram)
{
    m_ampdu = histogram;
}

const std::map<std::string, TsqValue>&
TsqRunRecord::GetParams() const
{
    return m_params;
}

const std::map<std::string, TsqValue>&
TsqRunRecord::GetMetrics() const
{
    return m_metrics;
}

const std::map<std::string, TsqSeries>&
TsqRunRecord::GetSeries() const
{
    return m_series;
}

const std::vector<uint64_t>&
TsqRunRecord::GetAmpduHistogram() const
{
    return m_ampdu;
}

void
TsqRunRecord::SetStationMetric(uint32_t station, const std::string& name, const TsqValue& value)
{
    NS_ABORT_MSG_UNLESS(ValidName(name), "tsq-results: bad station metric name '" << name << "'");
    m_stations[station][name] = value;
}

const std::map<uint32_t, std::map<std::string, TsqValue>>&
TsqRunRecord::GetStations() const
{
    return m_stations;
}

TsqValue
TsqRunRecord::Get(const std::string& name) const
{
    auto p = m_params.find(name);
    if (p != m_params.end())
    {
        return p->second;
    }
    auto m = m_metrics.find(name);
    return m != m_metrics.end() ? m->second : TsqValue();
}

double
TsqRunRecord::SeriesMean(const std::string& name) const
{
    auto it = m_series.find(name);
    if (it == m_series.end() || it->second.empty())
    {
        return std::nan("");
    }
    double sum = 0;
    for (const auto& s : it->second)
    {
        sum += s.second;
    }
    return sum / it->second.size();
}

std::string
TsqRunRecord::GetKeyText() const
{
    std::string text;
    text += "experiment=" + TsqValue(experiment).Canonical() + "\n";
    text += "model_assumptions=" + TsqValue(modelAssumptions).Canonical() + "\n";
    text += "seed=" + TsqValue(seed).Canonical() + "\n";
    text += "ns3_version=" + TsqValue(ns3Version).Canonical() + "\n";
    text += "module_version=" + TsqValue(moduleVersion).Canonical() + "\n";
    for (const auto& p : m_params) // std::map: sorted by name
    {
        text += "param." + p.first + "=" + p.second.Canonical() + "\n";
    }
    return text;
}

std::string
TsqRunRecord::GetRunKey() const
{
    return TsqSha256Hex(GetKeyText()).substr(0, 32);
}

// -------------------------------------------------------------- TsqResultsDb

const std::vector<std::pair<std::string, std::string>>&
TsqResultsDb::StableColumns()
{
    static const std::vector<std::pair<std::string, std::string>> columns = [] {
        std::vector<std::pair<std::string, std::string>> c = {
            {"run_key", "TEXT NOT NULL UNIQUE"},
            {"experiment", "TEXT NOT NULL"},
            {"model_assumptions", "TEXT NOT NULL DEFAULT ''"}};
        c.insert(c.end(), g_stableParams.begin(), g_stableParams.end());
        c.emplace_back("seed", "INTEGER");
        c.insert(c.end(), g_stableMetrics.begin(), g_stableMetrics.end());
        c.emplace_back("ns3_version", "TEXT");
        c.emplace_back("module_version", "TEXT");
        c.emplace_back("created_utc", "TEXT");
        return c;
    }();
    return columns;
}

bool
TsqResultsDb::IsStableParam(const std::string& name)
{
    return Contains(g_stableParams, name);
}

bool
TsqResultsDb::IsStableMetric(const std::string& name)
{
    return Contains(g_stableMetrics, name);
}

std::string
TsqResultsDb::Ns3Version()
{
    return TSQ_NS3_VERSION;
}

std::string
TsqResultsDb::ModuleVersion()
{
    return TSQ_MODULE_VERSION;
}

std::string
TsqResultsDb::WriteRun(const std::string& path, const TsqRunRecord& record)
{
    NS_ABORT_MSG_IF(record.experiment.empty(),
                    "tsq-results: '" << path << "': the record has no experiment name");
    const std::string key = record.GetRunKey();
    const std::string part = path + ".part";
    MakeParents(path);
    std::remove(part.c_str());

    // Column list: the stable ones, then extras in name order.
    std::vector<std::pair<std::string, std::string>> columns = StableColumns();
    std::map<std::string, TsqValue> values;
    for (const auto* m : {&record.GetParams(), &record.GetMetrics()})
    {
        for (const auto& kv : *m)
        {
            values[kv.first] = kv.second;
            if (!IsStableParam(kv.first) && !IsStableMetric(kv.first))
            {
                columns.emplace_back(kv.first, kv.second.SqlType());
            }
        }
    }
    std::sort(columns.begin() + StableColumns().size(), columns.end());
    char created[32];
    std::time_t now = std::time(nullptr);
    std::strftime(created, sizeof(created), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    values["run_key"] = key;
    values["experiment"] = record.experiment;
    values["model_assumptions"] = record.modelAssumptions;
    values["seed"] = record.seed;
    values["ns3_version"] = record.ns3Version;
    values["module_version"] = record.moduleVersion;
    values["created_utc"] = std::string(created);

    {
        Db db(part, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        db.Exec("PRAGMA journal_mode=MEMORY; PRAGMA synchronous=OFF;");
        db.Exec("BEGIN");
        std::string create = "CREATE TABLE runs (";
        std::string insert = "INSERT INTO runs (";
        std::string marks;
        for (size_t i = 0; i < columns.size(); ++i)
        {
            create += (i ? ", " : "") + Quote(columns[i].first) +
                      (columns[i].second.empty() ? "" : " " + columns[i].second);
            insert += (i ? ", " : "") + Quote(columns[i].first);
            marks += i ? ", ?" : "?";
        }
        db.Exec(create + ")");
        db.Exec("CREATE TABLE series (run_key TEXT NOT NULL, series TEXT NOT NULL, "
                "t_s REAL NOT NULL, value REAL)");
        db.Exec("CREATE INDEX series_by_run ON series (run_key, series, t_s)");
        db.Exec("CREATE TABLE ampdu_histogram (run_key TEXT NOT NULL, mpdus INTEGER NOT NULL, "
                "psdus INTEGER NOT NULL, PRIMARY KEY (run_key, mpdus))");
        db.Exec(kStationsTable);
        db.Exec("CREATE TABLE tsq_meta (key TEXT PRIMARY KEY, value TEXT)");
        // 2: the TSQ rule's column is tsq_rule (1 called it policy); 3: the
        // stations table. tsq-merge.sh migrates older databases.
        db.Exec("INSERT INTO tsq_meta VALUES ('schema_version', '4')");

        sqlite3_stmt* stmt = db.Prepare(insert + ") VALUES (" + marks + ")");
        for (size_t i = 0; i < columns.size(); ++i)
        {
            auto it = values.find(columns[i].first);
            db.Bind(stmt, static_cast<int>(i + 1), it == values.end() ? TsqValue() : it->second);
        }
        db.Run(stmt, "insert run");
        sqlite3_finalize(stmt);

        stmt = db.Prepare("INSERT INTO series VALUES (?, ?, ?, ?)");
        for (const auto& s : record.GetSeries())
        {
            for (const auto& sample : s.second)
            {
                db.Bind(stmt, 1, key);
                db.Bind(stmt, 2, s.first);
                db.Bind(stmt, 3, sample.first);
                db.Bind(stmt, 4, sample.second);
                db.Run(stmt, "insert series");
            }
        }
        sqlite3_finalize(stmt);

        stmt = db.Prepare("INSERT INTO ampdu_histogram VALUES (?, ?, ?)");
        const auto& h = record.GetAmpduHistogram();
        for (size_t n = 0; n < h.size(); ++n)
        {
            if (h[n])
            {
                db.Bind(stmt, 1, key);
                db.Bind(stmt, 2, TsqValue(static_cast<uint64_t>(n)));
                db.Bind(stmt, 3, TsqValue(h[n]));
                db.Run(stmt, "insert histogram");
            }
        }
        sqlite3_finalize(stmt);

        stmt = db.Prepare("INSERT INTO stations VALUES (?, ?, ?, ?)");
        for (const auto& station : record.GetStations())
        {
            for (const auto& metric : station.second)
            {
                db.Bind(stmt, 1, key);
                db.Bind(stmt, 2, TsqValue(station.first));
                db.Bind(stmt, 3, metric.first);
                db.Bind(stmt, 4, metric.second);
                db.Run(stmt, "insert station");
            }
        }
        sqlite3_finalize(stmt);
        db.Exec("COMMIT");
    }
    if (std::rename(part.c_str(), path.c_str()) != 0)
    {
        NS_FATAL_ERROR("tsq-results: cannot rename '" << part << "' to '" << path
                                                      << "': " << std::strerror(errno));
    }
    NS_LOG_INFO("wrote run " << key << " to " << path);
    return key;
}

std::vector<std::vector<TsqValue>>
TsqResultsDb::Query(const std::string& path, const std::string& sql)
{
    Db db(path, SQLITE_OPEN_READONLY);
    sqlite3_stmt* stmt = db.Prepare(sql);
    std::vector<std::vector<TsqValue>> rows;
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
    {
        std::vector<TsqValue> row;
        for (int i = 0; i < sqlite3_column_count(stmt); ++i)
        {
            switch (sqlite3_column_type(stmt, i))
            {
            case SQLITE_INTEGER:
                row.emplace_back(static_cast<int64_t>(sqlite3_column_int64(stmt, i)));
                break;
            case SQLITE_FLOAT:
                row.emplace_back(sqlite3_column_double(stmt, i));
                break;
            case SQLITE_NULL:
                row.emplace_back();
                break;
            default: {
                const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
                row.emplace_back(std::string(t ? t : ""));
            }
            }
        }
        rows.push_back(row);
    }
    db.Check(rc, "query");
    sqlite3_finalize(stmt);
    return rows;
}

std::vector<std::string>
TsqResultsDb::Columns(const std::string& path, const std::string& table)
{
    NS_ABORT_MSG_IF(!ValidName(table), "tsq-results: bad table name '" << table << "'");
    std::vector<std::string> names;
    for (const auto& row : Query(path, "SELECT name FROM pragma_table_info('" + table + "')"))
    {
        names.push_back(row.at(0).GetText());
    }
    return names;
}

} // namespace ns3
