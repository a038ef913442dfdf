/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-batch-means.h"

#include <cmath>
#include <sstream>

namespace ns3
{

double
TsqStudentT975(uint32_t df)
{
    // t(0.975, df), df = 1..30 (any statistics table).
    static const double table[30] = {
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010,  2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
        2.0796,  2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423};
    if (df == 0)
    {
        return NAN;
    }
    if (df <= 30)
    {
        return table[df - 1];
    }
    const double z = 1.959964; // the normal's 0.975 quantile
    const double z3 = z * z * z;
    const double z5 = z3 * z * z;
    const double z7 = z5 * z * z;
    const double v = df;
    return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

void
TsqBatchMeans::Add(double value)
{
    m_values.push_back(value);
}

uint32_t
TsqBatchMeans::GetBatches() const
{
    return static_cast<uint32_t>(m_values.size());
}

double
TsqBatchMeans::Mean() const
{
    if (m_values.empty())
    {
        return 0;
    }
    double sum = 0;
    for (double v : m_values)
    {
        sum += v;
    }
    return sum / m_values.size();
}

double
TsqBatchMeans::BatchSd() const
{
    const std::size_t n = m_values.size();
    if (n < 2)
    {
        return 0;
    }
    const double mean = Mean();
    double ss = 0;
    for (double v : m_values)
    {
        ss += (v - mean) * (v - mean);
    }
    return std::sqrt(ss / (n - 1));
}

double
TsqBatchMeans::StandardError() const
{
    const std::size_t n = m_values.size();
    return n < 2 ? 0 : BatchSd() / std::sqrt(static_cast<double>(n));
}

double
TsqBatchMeans::HalfWidth() const
{
    const uint32_t n = GetBatches();
    return n < 2 ? 0 : TsqStudentT975(n - 1) * StandardError();
}

double
TsqBatchMeans::Lag1() const
{
    const std::size_t n = m_values.size();
    if (n < 3)
    {
        return NAN;
    }
    const double mean = Mean();
    double num = 0;
    double den = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
        const double d = m_values[i] - mean;
        den += d * d;
        if (i + 1 < n)
        {
            num += d * (m_values[i + 1] - mean);
        }
    }
    return den > 0 ? num / den : NAN;
}

bool
TsqBatchMeans::Precise(double relative, uint32_t minBatches) const
{
    const uint32_t n = GetBatches();
    return n >= minBatches && n >= 2 && HalfWidth() <= relative * std::fabs(Mean());
}

double
TsqPooledHalfWidth(const std::vector<double>& se, const std::vector<uint32_t>& batches)
{
    if (se.empty() || se.size() != batches.size())
    {
        return NAN;
    }
    double var = 0;
    uint32_t df = 0;
    for (std::size_t i = 0; i < se.size(); ++i)
    {
        if (std::isnan(se[i]) || batches[i] < 2)
        {
            return NAN;
        }
        var += se[i] * se[i];
        df += batches[i] - 1;
    }
    return TsqStudentT975(df) * std::sqrt(var) / se.size();
}

std::string
TsqBatchMeansRule(double batchS, uint32_t minBatches, double relative)
{
    std::ostringstream os;
    os << "batch means: batches of " << batchS << " s, at least " << minBatches
       << "; stop when the 95% t half-width <= " << relative << " x mean, or at --duration";
    return os.str();
}

} // namespace ns3
