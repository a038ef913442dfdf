/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-wrapped-congestion-ops.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqWrappedCongestionOps");

NS_OBJECT_ENSURE_REGISTERED(TsqWrappedCongestionOps);

TypeId
TsqWrappedCongestionOps::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqWrappedCongestionOps").SetParent<TcpCongestionOps>().SetGroupName("Tsq");
    return tid;
}

TsqWrappedCongestionOps::TsqWrappedCongestionOps()
{
    NS_LOG_FUNCTION(this);
}

TsqWrappedCongestionOps::TsqWrappedCongestionOps(const TsqWrappedCongestionOps& other)
    : TcpCongestionOps(other),
      m_inner(other.m_inner ? other.m_inner->Fork() : nullptr)
{
    NS_LOG_FUNCTION(this);
}

TsqWrappedCongestionOps::~TsqWrappedCongestionOps()
{
    NS_LOG_FUNCTION(this);
}

void
TsqWrappedCongestionOps::DoDispose()
{
    m_inner = nullptr;
    TcpCongestionOps::DoDispose();
}

void
TsqWrappedCongestionOps::SetInner(Ptr<TcpCongestionOps> inner)
{
    NS_LOG_FUNCTION(this << inner);
    NS_ABORT_MSG_IF(!inner, GetInstanceTypeId().GetName() << " needs a congestion control to wrap");
    m_inner = inner;
}

Ptr<TcpCongestionOps>
TsqWrappedCongestionOps::GetInner() const
{
    return m_inner;
}

std::string
TsqWrappedCongestionOps::GetName() const
{
    return m_inner->GetName();
}

void
TsqWrappedCongestionOps::Init(Ptr<TcpSocketState> tcb)
{
    m_inner->Init(tcb);
}

uint32_t
TsqWrappedCongestionOps::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    return m_inner->GetSsThresh(tcb, bytesInFlight);
}

void
TsqWrappedCongestionOps::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    m_inner->IncreaseWindow(tcb, segmentsAcked);
}

void
TsqWrappedCongestionOps::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    m_inner->PktsAcked(tcb, segmentsAcked, rtt);
}

void
TsqWrappedCongestionOps::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                            const TcpSocketState::TcpCongState_t newState)
{
    m_inner->CongestionStateSet(tcb, newState);
}

void
TsqWrappedCongestionOps::CwndEvent(Ptr<TcpSocketState> tcb,
                                   const TcpSocketState::TcpCAEvent_t event)
{
    m_inner->CwndEvent(tcb, event);
}

bool
TsqWrappedCongestionOps::HasCongControl() const
{
    return m_inner->HasCongControl();
}

void
TsqWrappedCongestionOps::CongControl(Ptr<TcpSocketState> tcb,
                                     const TcpRateOps::TcpRateConnection& rc,
                                     const TcpRateOps::TcpRateSample& rs)
{
    m_inner->CongControl(tcb, rc, rs);
}

} // namespace ns3
