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
                            .SetParent<TcpCongestionOps>()
                            .SetGroupName("Tsq")
                            .AddConstructor<TsqCwndValidationOps>();
    return tid;
}

TsqCwndValidationOps::TsqCwndValidationOps()
{
    NS_LOG_FUNCTION(this);
}

TsqCwndValidationOps::TsqCwndValidationOps(const TsqCwndValidationOps& other)
    : TcpCongestionOps(other),
      m_inner(other.m_inner ? other.m_inner->Fork() : nullptr),
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
    m_inner = nullptr;
    m_gate = MakeNullCallback<bool>();
    TcpCongestionOps::DoDispose();
}

void
TsqCwndValidationOps::SetInner(Ptr<TcpCongestionOps> inner)
{
    NS_LOG_FUNCTION(this << inner);
    NS_ABORT_MSG_IF(!inner, "TsqCwndValidationOps needs a congestion control to wrap");
    m_inner = inner;
}

Ptr<TcpCongestionOps>
TsqCwndValidationOps::GetInner() const
{
    return m_inner;
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

std::string
TsqCwndValidationOps::GetName() const
{
    return m_inner->GetName();
}

void
TsqCwndValidationOps::Init(Ptr<TcpSocketState> tcb)
{
    m_inner->Init(tcb);
}

uint32_t
TsqCwndValidationOps::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    return m_inner->GetSsThresh(tcb, bytesInFlight);
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

void
TsqCwndValidationOps::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    m_inner->PktsAcked(tcb, segmentsAcked, rtt);
}

void
TsqCwndValidationOps::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                         const TcpSocketState::TcpCongState_t newState)
{
    m_inner->CongestionStateSet(tcb, newState);
}

void
TsqCwndValidationOps::CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event)
{
    m_inner->CwndEvent(tcb, event);
}

bool
TsqCwndValidationOps::HasCongControl() const
{
    return m_inner->HasCongControl();
}

void
TsqCwndValidationOps::CongControl(Ptr<TcpSocketState> tcb,
                                  const TcpRateOps::TcpRateConnection& rc,
                                  const TcpRateOps::TcpRateSample& rs)
{
    m_inner->CongControl(tcb, rc, rs);
}

Ptr<TcpCongestionOps>
TsqCwndValidationOps::Fork()
{
    return CopyObject<TsqCwndValidationOps>(this);
}

} // namespace ns3
