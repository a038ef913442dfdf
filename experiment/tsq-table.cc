/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-table.h"

#include "tsq-batch-means.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace ns3
{

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

} // namespace

std::string
TsqFixed(double v, int precision)
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
TsqRowText(const TsqRow& row, const std::string& name)
{
    auto it = row.find(name);
    return it == row.end() ? "" : it->second.GetText();
}

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
        std::string point = TsqRowText(row, "point");
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
        assumptions = assumptions || !TsqRowText(row, "model_assumptions").empty();
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
                std::string cell = TsqFixed(s.mean * c.scale, c.precision);
                // --precision: the goodput as mean ± its 95% half-width
                const double hw =
                    c.metric == "goodput_mbps" ? PooledGoodputHalfWidth(groups[i]) : kNaN;
                if (!std::isnan(hw))
                {
                    cell += " ± " + TsqFixed(hw * c.scale, c.precision);
                }
                line.push_back(cell);
                break;
            }
            case TsqColumn::SD:
                line.push_back(TsqFixed(s.sd * c.scale, c.precision));
                break;
            case TsqColumn::MIN_MAX:
                line.push_back(s.n ? TsqFixed(s.min * c.scale, c.precision) + "-" +
                                         TsqFixed(s.max * c.scale, c.precision)
                                   : "-");
                break;
            case TsqColumn::RATIO: {
                Stats b = base < groups.size() ? StatsOf(groups[base], c.metric) : Stats();
                line.push_back(b.mean > 0 ? TsqFixed(s.mean / b.mean, c.precision) : "-");
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
                labels.insert(TsqRowText(*row, "model_assumptions"));
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

} // namespace ns3
