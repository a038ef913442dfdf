/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_TABLE_H
#define TSQ_TABLE_H

#include "tsq-results-db.h"
#include "wifi-uplink-config.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup tsq
 * A reproduction's table: its points (each a configuration and the
 * reference's values), its columns, and the runs aggregated per point
 * (mean, sd, min-max, ratio to the first point) beside the reference.
 */

namespace ns3
{

/**
 * \ingroup tsq
 * \brief One point of an experiment: a change to the base configuration,
 * run under every seed, and what the reference published for it.
 */
struct TsqExperimentPoint
{
    /** row label and file-name stem ([A-Za-z0-9._-]+) */
    std::string label;
    /** applied to a copy of the base configuration */
    std::function<void(WifiUplinkConfig&)> apply;
    /** the reference's values, one per TsqColumn::REFERENCE column ("" or "-": none) */
    std::vector<std::string> reference;
    /** the reference's goodput for the plot, Mb/s (NaN: none) */
    double referenceGoodputMbps{std::numeric_limits<double>::quiet_NaN()};
    /** the reference's latency for the plot, ms (NaN: none) */
    double referenceLatencyMs{std::numeric_limits<double>::quiet_NaN()};
};

/**
 * \ingroup tsq
 * \brief A column of an experiment's table.
 */
struct TsqColumn
{
    /** What a cell shows, over the runs (seeds) of a point. */
    enum Kind
    {
        MEAN,      //!< mean of the metric
        SD,        //!< sample standard deviation of the metric
        MIN_MAX,   //!< "min-max" of the metric
        RATIO,     //!< mean of the metric / mean of the first point's
        REFERENCE, //!< TsqExperimentPoint::reference[reference]
    };

    std::string header;    //!< column header
    Kind kind{MEAN};       //!< what the cell shows
    std::string metric;    //!< runs column (not for REFERENCE)
    int precision{1};      //!< digits after the point
    double scale{1};       //!< the metric is multiplied by this (e.g. 1/1024 for KiB)
    uint32_t reference{0}; //!< REFERENCE: index into TsqExperimentPoint::reference
};

/** \ingroup tsq One run as a table row: column name -> value. */
typedef std::map<std::string, TsqValue> TsqRow;

/**
 * \ingroup tsq
 * \brief Aggregates runs by point and prints the table (shared by every
 * reproduction; also used on rows read back from a merged database).
 */
class TsqTable
{
  public:
    /**
     * \param points the points, in table order
     * \param columns the columns
     */
    TsqTable(const std::vector<TsqExperimentPoint>& points, const std::vector<TsqColumn>& columns);

    /**
     * \param rows runs; each is put under the point named by its "point"
     * \return the table as text (header, rule, one line per point with runs)
     */
    std::string Format(const std::vector<TsqRow>& rows) const;

    /**
     * \param record a run
     * \return its row: parameters, metrics, experiment, model_assumptions,
     *         seed, run_key
     */
    static TsqRow RowOf(const TsqRunRecord& record);

  private:
    std::vector<TsqExperimentPoint> m_points; //!< in order
    std::vector<TsqColumn> m_columns;         //!< in order
};

/**
 * \ingroup tsq
 * \param v a value (NaN: none)
 * \param precision digits after the point
 * \return \p v with \p precision digits, or "-" for NaN
 */
std::string TsqFixed(double v, int precision);

/**
 * \ingroup tsq
 * \param row a run
 * \param name a column
 * \return the column's value as text, "" when the row has no such column
 */
std::string TsqRowText(const TsqRow& row, const std::string& name);

} // namespace ns3

#endif /* TSQ_TABLE_H */
