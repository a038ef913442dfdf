/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-rate-ops-tap.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqRateOpsTap");

NS_OBJECT_ENSURE_REGISTERED(TsqRateOpsTap);

TypeId
TsqRateOpsTap::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TsqRateOpsTap")
                            .SetParent<TcpRateOps>()
                            .SetGroupName("Tsq")
                            .AddConstructor<TsqRateOpsTap>();
    return tid;
}

TsqRateOpsTap::TsqRateOpsTap()
{
    NS_LOG_FUNCTION(this);
}

TsqRateOpsTap::~TsqRateOpsTap()
{
    NS_LOG_FUNCTION(this);
}

void
TsqRateOpsTap::DoDispose()
{
    m_inner = nullptr;
    m_observer = MakeNullCallback<void, TcpTxItem*>();
    m_minRtt = MakeNullCallback<Time>();
    TcpRateOps::DoDispose();
}

void
TsqRateOpsTap::SetInner(Ptr<TcpRateOps> inner)
{
    NS_ABORT_MSG_IF(!inner, "TsqRateOpsTap needs a rate estimator to wrap");
    m_inner = inner;
}

Ptr<TcpRateOps>
TsqRateOpsTap::GetInner() const
{
    return m_inner;
}

void
TsqRateOpsTap::SetDeliveredObserver(Callback<void, TcpTxItem*> observer)
{
    m_observer = observer;
}

void
TsqRateOpsTap::SetMinRtt(Callback<Time> minRtt)
{
    m_minRtt = minRtt;
}

void
TsqRateOpsTap::SkbSent(TcpTxItem* skb, bool isStartOfTransmission)
{
    m_inner->SkbSent(skb, isStartOfTransmission);
}

void
TsqRateOpsTap::SkbDelivered(TcpTxItem* skb)
{
    if (!m_observer.IsNull())
    {
        m_observer(skb);
    }
    m_inner->SkbDelivered(skb);
}

void
TsqRateOpsTap::CalculateAppLimited(uint32_t cWnd,
                                   uint32_t in_flight,
                                   uint32_t segmentSize,
                                   const SequenceNumber32& tailSeq,
                                   const SequenceNumber32& nextTx,
                                   const uint32_t lostOut,
                                   const uint32_t retransOut)
{
    m_inner
        ->CalculateAppLimited(cWnd, in_flight, segmentSize, tailSeq, nextTx, lostOut, retransOut);
}

const TcpRateOps::TcpRateSample&
TsqRateOpsTap::GenerateSample(uint32_t delivered,
                              uint32_t lost,
                              bool is_sack_reneg,
                              uint32_t priorInFlight,
                              const Time& minRtt)
{
    const Time rtt = m_minRtt.IsNull() ? minRtt : m_minRtt();
    return m_inner->GenerateSample(delivered, lost, is_sack_reneg, priorInFlight, rtt);
}

const TcpRateOps::TcpRateConnection&
TsqRateOpsTap::GetConnectionRate()
{
    return m_inner->GetConnectionRate();
}

} // namespace ns3
