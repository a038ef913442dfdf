/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-cwnd-validation-ops.h"

#include "tsq-ns3-compat.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqCwndValidationOps");

NS_OBJECT_ENSURE_REGISTERED(TsqCwndValidationOps);

TypeId
TsqCwndValidationOps::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TsqCwndValidationOps")
                            .SetParent<TsqWrappedCongestionOps>()
                            .SetGroupName("Tsq")
                            .AddConstructor<TsqCwndValidationOps>();
    return tid;
}

TsqCwndValidationOps::TsqCwndValidationOps()
{
    NS_LOG_FUNCTION(this);
}

TsqCwndValidationOps::TsqCwndValidationOps(const TsqCwndValidationOps& other)
    : TsqWrappedCongestionOps(other),
      m_gate(other.m_gate),
      m_held(0)
{
    NS_LOG_FUNCTION(this);
}

TsqCwndValidationOps::~TsqCwndValidationOps()
{
    NS_LOG_FUNCTION(this);
}

void
TsqCwndValidationOps::DoDispose()
{
    m_gate = MakeNullCallback<bool>();
    TsqWrappedCongestionOps::DoDispose();
}

void
TsqCwndValidationOps::SetGate(Callback<bool> gate)
{
    m_gate = gate;
}

uint64_t
TsqCwndValidationOps::GetHeldIncreases() const
{
    return m_held;
}

void
TsqCwndValidationOps::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (m_gate.IsNull() || m_gate())
    {
#if TSQ_NS3_CWND_LIMITED
        // The gate said grow (or is off): ns-3's own cwnd-limited flag,
        // set from its simpler rule (cwnd < in flight + 1 MSS, no slow
        // start allowance), must not hold the wrapped algorithm back.
        const bool ns3Limited = tcb->m_isCwndLimited;
        tcb->m_isCwndLimited = true;
        m_inner->IncreaseWindow(tcb, segmentsAcked);
        tcb->m_isCwndLimited = ns3Limited;
#else
        m_inner->IncreaseWindow(tcb, segmentsAcked);
#endif
        return;
    }
    ++m_held;
    NS_LOG_LOGIC("not cwnd-limited: cwnd " << tcb->m_cWnd << " held");
}

Ptr<TcpCongestionOps>
TsqCwndValidationOps::Fork()
{
    return CopyObject<TsqCwndValidationOps>(this);
}

} // namespace ns3
