/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-cwnd-validation-ops.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

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
      m_rttSample(other.m_rttSample),
      m_held(0),
      m_linuxHystart(other.m_linuxHystart)
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
    m_rttSample = MakeNullCallback<int64_t>();
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

void
TsqCwndValidationOps::SetRttSample(Callback<int64_t> sample)
{
    m_rttSample = sample;
}

void
TsqCwndValidationOps::SetLinuxHyStart(bool enable)
{
    m_linuxHystart = enable && m_inner && m_inner->GetName() == "TcpCubic";
    if (m_linuxHystart)
    {
        m_inner->SetAttribute("HyStart", BooleanValue(false));
    }
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
        if (m_linuxHystart && m_hsStarted && tcb->m_cWnd < tcb->m_ssThresh)
        {
            tsq_hystart_cong_avoid(&m_hs,
                                   static_cast<u32>(Simulator::Now().GetMilliSeconds()),
                                   tcb->m_lastAckedSeq.GetValue(),
                                   tcb->m_highTxMark.Get().GetValue());
        }
        m_inner->IncreaseWindow(tcb, segmentsAcked);
        return;
    }
    ++m_held;
    NS_LOG_LOGIC("not cwnd-limited: cwnd " << tcb->m_cWnd << " held");
}

void
TsqCwndValidationOps::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    if (m_linuxHystart)
    {
        u32 now = static_cast<u32>(Simulator::Now().GetMilliSeconds());
        if (!m_hsStarted)
        {
            tsq_hystart_init(&m_hs, now, tcb->m_highTxMark.Get().GetValue());
            m_hsStarted = true;
        }
        const uint32_t mss = tcb->m_segmentSize;
        int64_t sampleUs;
        if (!m_rttSample.IsNull())
        {
            sampleUs = m_rttSample();
        }
        else
        {
            sampleUs = rtt.IsStrictlyPositive() ? rtt.GetMicroSeconds() : -1;
        }
        if (tsq_hystart_acked(&m_hs, now, sampleUs, tcb->m_cWnd / mss, tcb->m_ssThresh / mss))
        {
            tcb->m_ssThresh = tcb->m_cWnd.Get();
        }
    }
    m_inner->PktsAcked(tcb, segmentsAcked, rtt);
}

void
TsqCwndValidationOps::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                         const TcpSocketState::TcpCongState_t newState)
{
    if (m_linuxHystart && newState == TcpSocketState::CA_LOSS)
    {
        // bictcp_state(TCP_CA_Loss): bictcp_reset + bictcp_hystart_reset
        tsq_hystart_init(&m_hs,
                         static_cast<u32>(Simulator::Now().GetMilliSeconds()),
                         tcb->m_highTxMark.Get().GetValue());
        m_hsStarted = true;
    }
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
