/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WRAPPED_CONGESTION_OPS_H
#define TSQ_WRAPPED_CONGESTION_OPS_H

#include "ns3/tcp-congestion-ops.h"

namespace ns3
{

/**
 * \ingroup tsq
 * \brief A decorator of a TcpCongestionOps: every virtual is forwarded to
 * the wrapped ("inner") algorithm, and a subclass overrides only the hooks
 * whose Linux behaviour it adds (TsqCwndValidationOps: IncreaseWindow;
 * TsqHyStartOps: IncreaseWindow, PktsAcked, CongestionStateSet).
 *
 * The name is the inner's, so traces and results name the algorithm that
 * does the work; a copy (Fork) forks the inner too.
 */
class TsqWrappedCongestionOps : public TcpCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqWrappedCongestionOps();
    /**
     * \brief Copy constructor (Fork): the inner algorithm is forked.
     * \param other the object to copy
     */
    TsqWrappedCongestionOps(const TsqWrappedCongestionOps& other);
    ~TsqWrappedCongestionOps() override;

    /** \param inner the congestion control that does the real work (not null) */
    void SetInner(Ptr<TcpCongestionOps> inner);
    /** \return the wrapped algorithm */
    Ptr<TcpCongestionOps> GetInner() const;

    std::string GetName() const override;
    void Init(Ptr<TcpSocketState> tcb) override;
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;
    void CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event) override;
    bool HasCongControl() const override;
    void CongControl(Ptr<TcpSocketState> tcb,
                     const TcpRateOps::TcpRateConnection& rc,
                     const TcpRateOps::TcpRateSample& rs) override;

  protected:
    void DoDispose() override;

    Ptr<TcpCongestionOps> m_inner; //!< the real congestion control
};

} // namespace ns3

#endif /* TSQ_WRAPPED_CONGESTION_OPS_H */
