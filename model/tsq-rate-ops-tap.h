/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_RATE_OPS_TAP_H
#define TSQ_RATE_OPS_TAP_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/tcp-rate-ops.h"

namespace ns3
{

class TcpTxItem;

/**
 * \ingroup tsq
 * \brief A TcpRateOps decorator that shows its owner every segment the
 * ACK path delivers, and can replace the min RTT the rate sampler gets.
 *
 * ns-3 3.37 has one per-segment hook on the ACK path: TcpTxBuffer calls
 * the socket's TcpRateOps::SkbDelivered for each segment a SACK newly
 * covers (TcpTxBuffer::Update) and for each segment the cumulative ACK
 * removes (TcpTxBuffer::DiscardUpTo), with the segment's last send time
 * and retransmission flag. TsqTcpSocket takes Linux's per-segment RTT
 * samples there (tcp_clean_rtx_queue, tcp_sacktag_one). The tap calls
 * the observer first, then forwards every call unchanged to the rate
 * estimator it wraps (TsqRateOps or ns-3's TcpRateLinux), so the observer
 * sees the segment as the estimator had left it: a segment the estimator
 * already counted (a SACKed one, now cumulatively acked) still has its
 * RateInformation::m_deliveredTime at Time::Max().
 *
 * GenerateSample's min RTT argument (TcpSocketBase passes
 * TcpSocketState::m_minRtt, the least smoothed estimate) is replaced by
 * the min-RTT callback's answer when one is set (tcp_rate_gen() reads
 * tcp_min_rtt()).
 */
class TsqRateOpsTap : public TcpRateOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqRateOpsTap();
    ~TsqRateOpsTap() override;

    /**
     * \param inner the rate estimator every call is forwarded to, not null
     */
    void SetInner(Ptr<TcpRateOps> inner);
    /** \return the wrapped rate estimator */
    Ptr<TcpRateOps> GetInner() const;

    /**
     * \param observer called with each delivered segment before the
     *        estimator sees it (null: none)
     */
    void SetDeliveredObserver(Callback<void, TcpTxItem*> observer);

    /**
     * \param minRtt returns the min RTT the rate sampler is to use
     *        (Time::Max(): none yet); null: the caller's argument
     */
    void SetMinRtt(Callback<Time> minRtt);

    void SkbSent(TcpTxItem* skb, bool isStartOfTransmission) override;
    void SkbDelivered(TcpTxItem* skb) override;
    void CalculateAppLimited(uint32_t cWnd,
                             uint32_t in_flight,
                             uint32_t segmentSize,
                             const SequenceNumber32& tailSeq,
                             const SequenceNumber32& nextTx,
                             const uint32_t lostOut,
                             const uint32_t retransOut) override;
    const TcpRateSample& GenerateSample(uint32_t delivered,
                                        uint32_t lost,
                                        bool is_sack_reneg,
                                        uint32_t priorInFlight,
                                        const Time& minRtt) override;
    const TcpRateConnection& GetConnectionRate() override;

  protected:
    void DoDispose() override;

  private:
    Ptr<TcpRateOps> m_inner;               //!< the estimator
    Callback<void, TcpTxItem*> m_observer; //!< sees each delivered segment
    Callback<Time> m_minRtt;               //!< min RTT for the sampler
};

} // namespace ns3

#endif /* TSQ_RATE_OPS_TAP_H */
