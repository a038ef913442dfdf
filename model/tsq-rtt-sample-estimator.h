/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_RTT_SAMPLE_ESTIMATOR_H
#define TSQ_RTT_SAMPLE_ESTIMATOR_H

#include "ns3/nstime.h"
#include "ns3/rtt-estimator.h"

namespace ns3
{

/**
 * \ingroup tsq
 * \brief An RttEstimator decorator that remembers the last raw RTT sample.
 *
 * ns-3 3.37 hands congestion controls the smoothed RTT as "the" RTT of an
 * ACK (TcpSocketBase::EstimateRtt sets m_lastRtt to m_rtt->GetEstimate(),
 * which PktsAcked receives), while Linux hands them the ACK's own sample
 * (struct ack_sample.rtt_us in tcp_clean_rtx_queue -> pkts_acked). Linux's
 * CUBIC HyStart keys on those raw samples. This class forwards every
 * measurement to the estimator it wraps, mirrors that estimator's state
 * (so GetEstimate() and GetVariation() are the wrapped estimator's, and
 * TCP's RTO is unchanged), and keeps the raw sample with a counter so a
 * reader can tell whether the current ACK brought one.
 */
class TsqRttSampleEstimator : public RttEstimator
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqRttSampleEstimator();

    /**
     * \brief Copy constructor: the wrapped estimator is copied too.
     * \param other the object to copy
     */
    TsqRttSampleEstimator(const TsqRttSampleEstimator& other);
    ~TsqRttSampleEstimator() override;

    TypeId GetInstanceTypeId() const override;

    /**
     * Set the estimator that does the smoothing (e.g. RttMeanDeviation).
     * \param inner the wrapped estimator, not null
     */
    void SetInner(Ptr<RttEstimator> inner);

    /** \return the wrapped estimator */
    Ptr<RttEstimator> GetInner() const;

    void Measurement(Time t) override;
    Ptr<RttEstimator> Copy() const override;
    void Reset() override;

    /** \return the last raw sample given to Measurement() (0 before any) */
    Time GetLastSample() const;

    /** \return how many samples Measurement() has seen (never reset) */
    uint64_t GetSampleCount() const;

  protected:
    void DoDispose() override;

  private:
    /** Copy the wrapped estimator's estimate, variation and count. */
    void Mirror();

    Ptr<RttEstimator> m_inner; //!< the estimator that smooths
    Time m_lastSample;         //!< the last raw sample
    uint64_t m_samples{0};     //!< samples seen, never reset
};

} // namespace ns3

#endif /* TSQ_RTT_SAMPLE_ESTIMATOR_H */
