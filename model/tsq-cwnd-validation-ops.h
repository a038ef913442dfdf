/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_CWND_VALIDATION_OPS_H
#define TSQ_CWND_VALIDATION_OPS_H

#include "tsq-wrapped-congestion-ops.h"

#include "ns3/callback.h"

#include <tsq/cwnd.h>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Wraps any TcpCongestionOps so that it grows cwnd only while the
 * socket is cwnd-limited, as Linux does (tcp_is_cwnd_limited() gating the
 * congestion-avoidance hook, tcp_cong_avoid()).
 *
 * Every virtual of TcpCongestionOps is forwarded to the wrapped algorithm
 * (TsqWrappedCongestionOps), unchanged, except IncreaseWindow(), which is forwarded only when the
 * gate callback answers true. The gate is the socket's (TsqTcpSocket asks
 * the core's tsq_is_cwnd_limited(), and answers true when its
 * CwndValidation attribute is off, which makes the wrapper transparent).
 *
 * What is gated and why: in Linux the gate sits in the congestion
 * algorithms' cong_avoid hook (CUBIC, Reno, ...), i.e. ns-3's
 * IncreaseWindow(). PktsAcked() (pkts_acked: RTT samples, HyStart) is not
 * gated in Linux and is not here. An algorithm with its own control loop
 * (HasCongControl(), BBR) sets cwnd in CongControl(), which Linux does not
 * gate either (bbr_set_cwnd ignores tcp_is_cwnd_limited), so neither does
 * this class.
 */
class TsqCwndValidationOps : public TsqWrappedCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqCwndValidationOps();

    /**
     * \brief Copy constructor (used by Fork): the inner algorithm is forked.
     * \param other the object to copy
     */
    TsqCwndValidationOps(const TsqCwndValidationOps& other);
    ~TsqCwndValidationOps() override;

    /**
     * Set the gate: IncreaseWindow is forwarded only when it returns true.
     * A null callback always allows growth.
     * \param gate answers "may cwnd grow now?"
     */
    void SetGate(Callback<bool> gate);

    /** \return the number of IncreaseWindow calls that the gate held back */
    uint64_t GetHeldIncreases() const;

    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    Ptr<TcpCongestionOps> Fork() override;

  protected:
    void DoDispose() override;

  private:
    Callback<bool> m_gate; //!< "may cwnd grow now?"
    uint64_t m_held{0};    //!< IncreaseWindow calls held back
};

} // namespace ns3

#endif /* TSQ_CWND_VALIDATION_OPS_H */
