/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_HYSTART_OPS_H
#define TSQ_HYSTART_OPS_H

#include "tsq-wrapped-congestion-ops.h"

#include "ns3/callback.h"

#include <cstdint>
#include <tsq/hystart.h>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Linux CUBIC's hybrid slow start (net/ipv4/tcp_cubic.c, the
 * core's tsq_hystart_*) in place of ns-3 TcpCubic's own, as a decorator of
 * the congestion control.
 *
 * ns-3 3.37's TcpCubic compares its ACK train with the whole min delay,
 * clamps the delay threshold at 1 s, and is fed the smoothed RTT
 * (PktsAcked receives m_lastRtt, a millisecond timestamp estimate): on a
 * 2 ms path it left slow start at cwnd 19 after 4 ms where Linux 6.18 went
 * on to its locked ssthresh (the live-kernel comparison). Enabled, this
 * class switches the inner TcpCubic's HyStart off and runs Linux's, of the
 * form of the socket's kernel profile (4.x or 5.6), fed each ACK's own
 * sample (the socket's Linux RTT, ack_sample.rtt_us); on a detection it
 * sets ssthresh = cwnd, as the kernel does. Every call is forwarded to the
 * wrapped algorithm; disabled, or wrapping anything but TcpCubic, the class
 * is transparent.
 */
class TsqHyStartOps : public TsqWrappedCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqHyStartOps();

    /**
     * \brief Copy constructor (Fork): the inner algorithm is forked.
     * \param other the object to copy
     */
    TsqHyStartOps(const TsqHyStartOps& other);
    ~TsqHyStartOps() override;

    /**
     * \param sample returns the ACK's RTT sample in us, or -1 (none); null:
     *        PktsAcked's rtt argument (ns-3's smoothed RTT)
     */
    void SetRttSample(Callback<int64_t> sample);

    /** \param pacingRate returns sk_pacing_rate, bytes/s (5.6's ACK delay) */
    void SetPacingRate(Callback<uint64_t> pacingRate);

    /**
     * Switch Linux HyStart on or off (on: the inner TcpCubic's HyStart is
     * switched off; off: it is switched back on).
     * \param enable Linux HyStart in place of TcpCubic's
     * \param form the kernel's form (the profile's hystart_form)
     * \param gsoMaxSize sk_gso_max_size, bytes
     */
    void SetLinuxHyStart(bool enable, enum tsq_hystart_form form, uint32_t gsoMaxSize);

    /**
     * Stretch ACKs as cubictcp_cong_avoid() counts them (the 4.0 series
     * from e73ebb0881ea), while Linux HyStart is active: in slow start
     * tcp_slow_start() (the core's tsq_slow_start) grows cwnd by the
     * segments acked but only up to ssthresh, and the rest goes to
     * congestion avoidance on the same ACK; there, tcp_cong_avoid_ai() adds
     * acked / cnt segments at once (814d488c6126), which TcpCubic is given
     * one acked segment at a time. ns-3 3.37's TcpCubic adds a whole ACK
     * past ssthresh and at most one segment per ACK after it.
     * \param enable Linux's stretch-ACK counting (effective while IsActive())
     */
    void SetLinuxStretchAcks(bool enable);

    /** \return true while Linux HyStart runs (enabled and the inner is TcpCubic) */
    bool IsActive() const;

    /** \return slow-start exits Linux HyStart decided */
    uint64_t GetExits() const;

    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    Ptr<TcpCongestionOps> Fork() override;

  protected:
    void DoDispose() override;

  private:
    Callback<int64_t> m_rttSample;   //!< the ACK's RTT sample, us, or -1
    Callback<uint64_t> m_pacingRate; //!< sk_pacing_rate, bytes/s
    bool m_active{false};            //!< Linux HyStart runs
    bool m_stretchAcks{true};        //!< Linux's stretch-ACK counting while active

    enum tsq_hystart_form m_form
    {
        TSQ_HYSTART_5_6
    }; //!< the kernel's form

    uint32_t m_gsoMaxSize{65536}; //!< sk_gso_max_size, bytes
    bool m_started{false};        //!< m_hs initialised
    uint64_t m_exits{0};          //!< slow-start exits decided

    struct tsq_hystart m_hs
    {
    }; //!< its state
};

} // namespace ns3

#endif /* TSQ_HYSTART_OPS_H */
