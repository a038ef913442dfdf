/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_BATCH_MEANS_H
#define TSQ_BATCH_MEANS_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \return the 0.975 quantile of Student's t distribution with \p df
 * degrees of freedom (df >= 1): the factor of a two-sided 95% confidence
 * interval. Tabulated to df 30, then the Cornish-Fisher expansion around
 * the normal quantile 1.959964 (error below 0.001 from df 30 on).
 */
double TsqStudentT975(uint32_t df);

/**
 * \ingroup tsq
 * \brief The method of batch means for the mean of one run's output.
 *
 * The measured window is cut into batches of equal length; each batch's
 * mean is one observation. Batches long enough to be nearly independent
 * (the lag-1 autocorrelation of their means near 0) give the usual
 * Student-t interval of the grand mean: mean +- t(0.975, n-1) s / sqrt(n)
 * over the n batch means (Law and Kelton, "Simulation Modeling and
 * Analysis", batch means; Schmeiser 1982, "Batch size effects in the
 * analysis of simulation output", Operations Research 30(3), on using
 * 10 to 30 batches). A run stops when the half-width is within a fraction
 * of the mean, after a minimum number of batches (a sequential rule: the
 * interval at the stop is approximate, as with every sequential
 * procedure; the record keeps the lag-1 autocorrelation to judge it).
 */
class TsqBatchMeans
{
  public:
    /** \param value the mean of one more batch */
    void Add(double value);

    /** \return the batches so far */
    uint32_t GetBatches() const;
    /** \return the grand mean (0 without batches) */
    double Mean() const;
    /** \return the sample standard deviation of the batch means (0 below 2) */
    double BatchSd() const;
    /** \return the standard error of the grand mean (0 below 2 batches) */
    double StandardError() const;
    /** \return the 95% half-width t(0.975, n-1) x StandardError() (0 below 2) */
    double HalfWidth() const;
    /**
     * \return the lag-1 autocorrelation of the batch means (NaN below 3
     * batches or without variance); near 0 when batches are long enough
     */
    double Lag1() const;
    /**
     * \param relative the target: half-width <= relative x |mean|
     * \param minBatches the fewest batches a stop needs
     * \return whether the rule stops here
     */
    bool Precise(double relative, uint32_t minBatches) const;

  private:
    std::vector<double> m_values; //!< the batch means, in order
};

/**
 * \ingroup tsq
 * The 95% half-width of the mean over several independent runs (seeds) of
 * one point, each with its own batch-means estimate: the standard error of
 * the mean of n runs is sqrt(sum se_i^2) / n, with sum (b_i - 1) degrees
 * of freedom.
 * \param se the runs' standard errors
 * \param batches the runs' batch counts (each >= 2)
 * \return the half-width (NaN if a run has no estimate)
 */
double TsqPooledHalfWidth(const std::vector<double>& se, const std::vector<uint32_t>& batches);

/**
 * \ingroup tsq
 * \param batchS the batch length, s
 * \param minBatches the fewest batches
 * \param relative the target half-width over the mean
 * \return the rule's description, as the database records it
 */
std::string TsqBatchMeansRule(double batchS, uint32_t minBatches, double relative);

} // namespace ns3

#endif /* TSQ_BATCH_MEANS_H */
