/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_RESULTS_DB_H
#define TSQ_RESULTS_DB_H

#include "tsq-sha256.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup tsq
 * One run of an experiment as an SQLite database file (TsqRunRecord,
 * TsqResultsDb). Each run writes its own file; utils/tsq-merge.sh combines
 * run files into one sweep database.
 */

namespace ns3
{

/**
 * \ingroup tsq
 * \brief A value of a `runs` column: NULL, an integer, a real or a text.
 */
class TsqValue
{
  public:
    /** The SQLite storage class of the value. */
    enum Type
    {
        NUL,     //!< not measured / not applicable: SQL NULL
        INTEGER, //!< 64-bit signed integer
        REAL,    //!< double
        TEXT     //!< UTF-8 text
    };

    /** A NULL value. */
    TsqValue();
    /**
     * An integer.
     * \param v the value
     */
    TsqValue(int64_t v);
    /**
     * An integer.
     * \param v the value
     */
    TsqValue(int v);
    /**
     * An integer.
     * \param v the value
     */
    TsqValue(uint32_t v);
    /**
     * An integer (must fit in int64_t).
     * \param v the value
     */
    TsqValue(uint64_t v);
    /**
     * A real; NaN and infinities are stored as NULL.
     * \param v the value
     */
    TsqValue(double v);
    /**
     * A text.
     * \param v the value
     */
    TsqValue(const std::string& v);
    /**
     * A text.
     * \param v the value
     */
    TsqValue(const char* v);

    /** \return the storage class */
    Type GetType() const;
    /** \return true for NULL */
    bool IsNull() const;
    /** \return the integer (REAL: truncated; TEXT, NULL: 0) */
    int64_t GetInteger() const;
    /** \return the number (INTEGER converted; TEXT, NULL: 0) */
    double GetReal() const;
    /** \return the text (numbers formatted, NULL: "") */
    std::string GetText() const;
    /**
     * \return a canonical text "type:value" (reals with 17 significant
     * digits), used for the run key
     */
    std::string Canonical() const;
    /** \return the SQL column type of the storage class ("" for NULL) */
    std::string SqlType() const;

  private:
    Type m_type;        //!< storage class
    int64_t m_int{0};   //!< INTEGER value
    double m_real{0};   //!< REAL value
    std::string m_text; //!< TEXT value
};

/** \ingroup tsq A time series: (t in seconds of simulated time, value). */
typedef std::vector<std::pair<double, double>> TsqSeries;

/**
 * \ingroup tsq
 * \brief Everything one run of an experiment measured, with the parameters
 * that define it.
 *
 * Parameters define the run: they, the experiment, the model assumptions,
 * the seed and the ns-3 and module versions make its run key (GetRunKey()),
 * so the same run merged twice is one row. Metrics are measured and are not
 * part of the key. A metric never set is NULL in the database ("not
 * measured"), never 0.
 *
 * Stable parameter names (columns of `runs`): kernel_profile, tsq_rule,
 * pacing_shift, floor_bytes, cc, driver, mcs, channel_width, n_sta,
 * duration_s. Stable metric names: goodput_mbps, udp_capacity_mbps,
 * ping_rtt_ms_mean, ping_rtt_ms_p95, srtt_ms_mean, cwnd_segments_mean,
 * packets_out_mean, ampdu_mpdus_mean, tsq_limit_bytes_mean,
 * queued_bytes_mean, throttle_events, wall_s. Any other name
 * ([a-z_][a-z0-9_]*, at most 63 characters) becomes an extra column.
 *
 * Series names used by the experiments (any name is accepted):
 * goodput_mbps, ping_rtt_ms, cwnd_segments, pacing_rate_mbps,
 * tsq_limit_bytes, queued_bytes, ampdu_mpdus (see the constants below).
 */
class TsqRunRecord
{
  public:
    static const char* const SERIES_GOODPUT;     //!< "goodput_mbps": per interval, Mb/s
    static const char* const SERIES_PING_RTT;    //!< "ping_rtt_ms": one sample per reply
    static const char* const SERIES_CWND;        //!< "cwnd_segments"
    static const char* const SERIES_PACING_RATE; //!< "pacing_rate_mbps"
    static const char* const SERIES_TSQ_LIMIT;   //!< "tsq_limit_bytes"
    static const char* const SERIES_QUEUED;      //!< "queued_bytes" below TCP
    static const char* const SERIES_AMPDU;       //!< "ampdu_mpdus": MPDUs per PSDU

    /**
     * \param experiment the experiment's name (e.g. "pacing-shift")
     * \param seed the RngRun of the run
     */
    TsqRunRecord(const std::string& experiment = "", uint32_t seed = 1);

    std::string experiment;       //!< experiment name (not empty when written)
    std::string modelAssumptions; //!< "" for the faithful default, else labels
    uint32_t seed;                //!< RngRun
    std::string ns3Version;       //!< defaults to the ns-3 built against
    std::string moduleVersion;    //!< defaults to this module's version

    /**
     * Set a parameter (part of the run key).
     * \param name column name; a stable metric name is refused
     * \param value the value
     */
    void SetParam(const std::string& name, const TsqValue& value);
    /**
     * Set a metric (not part of the run key); a NULL TsqValue marks it
     * explicitly not measured.
     * \param name column name; a stable parameter name is refused
     * \param value the value
     */
    void SetMetric(const std::string& name, const TsqValue& value);
    /**
     * Append one sample to a series.
     * \param series series name
     * \param tS simulated time, s
     * \param value the sample
     */
    void AddSample(const std::string& series, double tS, double value);
    /**
     * Count PSDUs of one size in the A-MPDU histogram.
     * \param mpdus MPDUs in the PSDU (1 for a non-aggregated one)
     * \param psdus how many PSDUs of that size to add
     */
    void AddAmpdu(uint32_t mpdus, uint64_t psdus = 1);
    /**
     * Replace the histogram.
     * \param histogram element n: number of PSDUs of n MPDUs
     */
    void SetAmpduHistogram(const std::vector<uint64_t>& histogram);
    /**
     * Set one station's metric (the `stations` table; not in the run key).
     * \param station the station's index (0: the first, the one that pings)
     * \param name metric name ([a-z_][a-z0-9_]*); NULL: not measured
     * \param value the value
     */
    void SetStationMetric(uint32_t station, const std::string& name, const TsqValue& value);

    /** \return the parameters */
    const std::map<std::string, TsqValue>& GetParams() const;
    /** \return the metrics */
    const std::map<std::string, TsqValue>& GetMetrics() const;
    /** \return the series */
    const std::map<std::string, TsqSeries>& GetSeries() const;
    /** \return the A-MPDU histogram (element n: PSDUs of n MPDUs) */
    const std::vector<uint64_t>& GetAmpduHistogram() const;
    /** \return the stations' metrics: station -> (name -> value) */
    const std::map<uint32_t, std::map<std::string, TsqValue>>& GetStations() const;
    /**
     * \param name a parameter or metric name
     * \return its value, NULL if not set
     */
    TsqValue Get(const std::string& name) const;
    /**
     * \param name series name
     * \return the mean of the series' values (NaN if empty)
     */
    double SeriesMean(const std::string& name) const;

    /**
     * \return the run key: 32 hex digits of the SHA-256 of the canonical
     * text of experiment, model assumptions, seed, versions and every
     * parameter (sorted by name)
     */
    std::string GetRunKey() const;
    /** \return the text hashed into the run key */
    std::string GetKeyText() const;

  private:
    std::map<std::string, TsqValue> m_params;                       //!< parameters
    std::map<std::string, TsqValue> m_metrics;                      //!< metrics
    std::map<std::string, TsqSeries> m_series;                      //!< time series
    std::vector<uint64_t> m_ampdu;                                  //!< A-MPDU histogram
    std::map<uint32_t, std::map<std::string, TsqValue>> m_stations; //!< per-station metrics
};

/**
 * \ingroup tsq
 * \brief Writes runs to SQLite files and reads them back.
 *
 * Schema (version 1):
 *  - `runs`: one row per run; run_key TEXT UNIQUE, experiment,
 *    model_assumptions, the stable parameter and metric columns, seed,
 *    ns3_version, module_version, created_utc, then one column per extra
 *    parameter or metric;
 *  - `series` (run_key, series, t_s, value);
 *  - `ampdu_histogram` (run_key, mpdus, psdus);
 *  - `stations` (run_key, station, name, value): per-station metrics;
 *  - `tsq_meta` (key, value): schema_version (4).
 *
 * Errors end the program with NS_FATAL_ERROR naming the file and SQLite's
 * message.
 */
class TsqResultsDb
{
  public:
    /**
     * Write one run as its own database file. The file is written under
     * PATH.part and renamed to PATH when complete, so a file under its final
     * name is always whole (the merge skips *.part). An existing PATH is
     * replaced. The parent folder is created if missing.
     * \param path the database file
     * \param record the run
     * \return the run key
     */
    static std::string WriteRun(const std::string& path, const TsqRunRecord& record);

    /**
     * Run a query on a database file (read-only).
     * \param path the database file
     * \param sql one SQL statement
     * \return the rows, each a vector of column values
     */
    static std::vector<std::vector<TsqValue>> Query(const std::string& path,
                                                    const std::string& sql);

    /**
     * \param path the database file
     * \param table a table name
     * \return the table's column names, in order
     */
    static std::vector<std::string> Columns(const std::string& path, const std::string& table);

    /** \return the `runs` columns every database has, in order, with types */
    static const std::vector<std::pair<std::string, std::string>>& StableColumns();

    /**
     * \param name a column name
     * \return true if it is a stable parameter column (part of the run key)
     */
    static bool IsStableParam(const std::string& name);

    /**
     * \param name a column name
     * \return true if it is a stable metric column
     */
    static bool IsStableMetric(const std::string& name);

    /** \return the ns-3 version this module was built against, e.g. "3.37" */
    static std::string Ns3Version();
    /** \return this module's version */
    static std::string ModuleVersion();
};

} // namespace ns3

#endif /* TSQ_RESULTS_DB_H */
