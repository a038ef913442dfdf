/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_RATE_OPS_H
#define TSQ_RATE_OPS_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/tcp-rate-ops.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <tsq/rate.h>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Linux 4.16's delivery-rate estimator (net/ipv4/tcp_rate.c) for
 * ns-3's TCP, in place of ns-3 3.37's TcpRateLinux.
 *
 * All arithmetic is the core's (tsq/rate.h); this class translates ns-3's
 * types: TcpTxItem::RateInformation holds the per-skb snapshot
 * (TCP_SKB_CB(skb)->tx), Time the core's microsecond clock, and the
 * TcpRateSample / TcpRateConnection that BBR reads are filled from the
 * core's struct rate_sample / tcp_sock fields. Delivered counts are bytes
 * (ns-3's unit), not packets.
 *
 * What differs from ns-3 3.37's TcpRateLinux, and why BBR needs it:
 *  - every ACK starts a fresh sample (Linux's tcp_ack() zeroes its struct
 *    rate_sample): GenerateSample() finishes the sample and resets it, and
 *    TcpSocketBase calls it on every ACK when the congestion control has
 *    its own control loop (BBR; no other reads a sample). TcpRateLinux
 *    keeps one sample across ACKs and takes the ACK phase as now minus
 *    the previous sample's prior time, and after an invalid sample (it
 *    zeroes m_priorTime) the next interval is the absolute simulated
 *    time: BBR's bandwidth filter then holds a tiny rate and BBR
 *    collapses;
 *  - an invalid sample has m_deliveryRate 0 (TcpBbr then skips it, as
 *    bbr_update_bw() skips an invalid sample); TcpRateLinux leaves the
 *    previous rate in place;
 *  - m_deliveryRate is delivered / interval for every valid sample, as
 *    bbr_update_bw() computes it; whether tp->rate_* records the sample
 *    (the tcp_info delivery rate) is separate (m_rateDelivered,
 *    m_rateInterval);
 *  - an interval shorter than min RTT is invalid (interval -1 in Linux;
 *    here m_interval 0, m_priorTime 0, so TcpRateSample::IsValid() is
 *    false) without touching the connection's timing.
 *
 * The socket may give two Linux inputs ns-3's interface lacks: bytes
 * queued below TCP (sk_wmem_alloc_get() in tcp_rate_check_app_limited();
 * without it, taken as 0 as TcpRateLinux does) and packets out
 * (tcp_rate_skb_sent() restarts the sample when none are out; without it,
 * SkbSent's isStartOfTransmission, which ns-3 derives from bytes in
 * flight, so lost-marked data counts as not out after an RTO).
 *
 * Not modelled: CE counting (4.18), and counting delivered data of items
 * that carry no timing (never passed to SkbSent): ns-3 calls SkbDelivered
 * again for a SACKed item when it is cumulatively acked, and the mark-off
 * of the SACKed item (delivered_mstamp 0) is how it is counted once.
 *
 * ns-3's clock starts at 0, which the kernel reserves for "no timestamp":
 * the core's clock is Simulator time in microseconds plus 1.
 */
class TsqRateOps : public TcpRateOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqRateOps();
    ~TsqRateOps() override;

    /**
     * \brief Where tcp_rate_check_app_limited() reads sk_wmem_alloc_get():
     * bytes (truesize) queued below TCP. Null: 0.
     * \param wmemAlloc returns the bytes queued below TCP now
     */
    void SetWmemAlloc(Callback<uint64_t> wmemAlloc);

    /**
     * \brief Where tcp_rate_skb_sent() reads packets_out: data sent and not
     * yet acknowledged, before the segment being sent (only zero or not
     * matters). Null: SkbSent's isStartOfTransmission.
     * \param packetsOut returns the unacknowledged bytes now
     */
    void SetPacketsOut(Callback<uint32_t> packetsOut);

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
    /** Copies the core's connection state into m_rate. */
    void PublishConnection();
    /**
     * The core's connection state changed: m_rate is stale until the next
     * GetConnectionRate(), or is published now if TcpRateUpdated has sinks
     * (copying it on every delivered segment cost more than the core's
     * arithmetic, for a struct ns-3 reads twice per ACK).
     */
    void ConnectionChanged();

    struct tsq_rate_conn m_conn;     //!< the core's tcp_sock rate fields
    struct tsq_rate_sample m_rs;     //!< the core's sample of the ACK in progress
    uint64_t m_txItemDelivered{0};   //!< tx.delivered of the last item delivered
    TcpRateConnection m_rate;        //!< m_conn in ns-3's types
    bool m_rateStale{true};          //!< m_conn changed since m_rate was published
    TcpRateSample m_rateSample;      //!< the last sample in ns-3's types
    Callback<uint64_t> m_wmemAlloc;  //!< bytes queued below TCP
    Callback<uint32_t> m_packetsOut; //!< unacknowledged bytes

    TracedCallback<const TcpRateConnection&> m_rateTrace;   //!< TcpRateUpdated
    TracedCallback<const TcpRateSample&> m_rateSampleTrace; //!< TcpRateSampleUpdated
};

} // namespace ns3

#endif /* TSQ_RATE_OPS_H */
