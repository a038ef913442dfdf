/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-hystart-ops.h"

#include "tsq-core-clock.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <cstdint>
#include <tsq/cwnd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqHyStartOps");

NS_OBJECT_ENSURE_REGISTERED(TsqHyStartOps);

TypeId
TsqHyStartOps::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TsqHyStartOps")
                            .SetParent<TsqWrappedCongestionOps>()
                            .SetGroupName("Tsq")
                            .AddConstructor<TsqHyStartOps>();
    return tid;
}

TsqHyStartOps::TsqHyStartOps()
{
    NS_LOG_FUNCTION(this);
}

TsqHyStartOps::TsqHyStartOps(const TsqHyStartOps& other)
    : TsqWrappedCongestionOps(other),
      m_rttSample(other.m_rttSample),
      m_pacingRate(other.m_pacingRate),
      m_active(other.m_active),
      m_stretchAcks(other.m_stretchAcks),
      m_form(other.m_form),
      m_gsoMaxSize(other.m_gsoMaxSize)
{
    NS_LOG_FUNCTION(this);
}

TsqHyStartOps::~TsqHyStartOps()
{
    NS_LOG_FUNCTION(this);
}

void
TsqHyStartOps::DoDispose()
{
    m_rttSample = MakeNullCallback<int64_t>();
    m_pacingRate = MakeNullCallback<uint64_t>();
    TsqWrappedCongestionOps::DoDispose();
}

void
TsqHyStartOps::SetRttSample(Callback<int64_t> sample)
{
    m_rttSample = sample;
}

void
TsqHyStartOps::SetPacingRate(Callback<uint64_t> pacingRate)
{
    m_pacingRate = pacingRate;
}

void
TsqHyStartOps::SetLinuxHyStart(bool enable, enum tsq_hystart_form form, uint32_t gsoMaxSize)
{
    const bool cubic = m_inner && m_inner->GetName() == "TcpCubic";
    m_form = form;
    m_gsoMaxSize = gsoMaxSize;
    if (cubic && enable != m_active)
    {
        m_inner->SetAttribute("HyStart", BooleanValue(!enable));
    }
    m_active = cubic && enable;
    m_started = false;
}

void
TsqHyStartOps::SetLinuxStretchAcks(bool enable)
{
    m_stretchAcks = enable;
}

bool
TsqHyStartOps::IsActive() const
{
    return m_active;
}

uint64_t
TsqHyStartOps::GetExits() const
{
    return m_exits;
}

void
TsqHyStartOps::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (m_active && m_started && tcb->m_cWnd < tcb->m_ssThresh)
    {
        // 4.x: bictcp_cong_avoid() starts the next round (5.6: no effect)
        tsq_hystart_cong_avoid(&m_hs,
                               TsqHyStartClockUs(Simulator::Now()),
                               tcb->m_lastAckedSeq.GetValue(),
                               tcb->m_highTxMark.Get().GetValue());
    }
    if (m_active && m_stretchAcks && tcb->m_cWnd < tcb->m_ssThresh)
    {
        // tcp_slow_start(): cwnd stops at ssthresh and only whole segments
        // of the rest go on to TcpCubic, which now sees cwnd >= ssthresh
        // and spends them in congestion avoidance.
        uint32_t cwnd = tcb->m_cWnd;
        segmentsAcked =
            tsq_slow_start_bytes(&cwnd, tcb->m_ssThresh, segmentsAcked, tcb->m_segmentSize);
        tcb->m_cWnd = cwnd;
        if (segmentsAcked == 0)
        {
            return;
        }
    }
    if (m_active && m_stretchAcks && segmentsAcked > 1)
    {
        // Congestion avoidance on a stretch ACK: Linux's tcp_cong_avoid_ai
        // adds acked / cnt segments at once (814d488c6126, 4.0); TcpCubic
        // adds at most one per call and carries the rest in its counter,
        // so a burst ACK of 41 segments at cnt 20 grew cwnd by 1, not 2.
        // One call per segment acked gives TcpCubic's own cnt every chance.
        for (uint32_t i = 0; i < segmentsAcked; ++i)
        {
            m_inner->IncreaseWindow(tcb, 1);
        }
        return;
    }
    m_inner->IncreaseWindow(tcb, segmentsAcked);
}

void
TsqHyStartOps::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    if (m_active)
    {
        const u64 now = TsqHyStartClockUs(Simulator::Now());
        if (!m_started)
        {
            // cubictcp_init(): bictcp_hystart_reset()
            tsq_hystart_init(&m_hs, m_form, now, tcb->m_highTxMark.Get().GetValue());
            m_started = true;
        }
        const uint32_t mss = tcb->m_segmentSize;
        struct tsq_hystart_ack a = {};
        a.now_us = now;
        a.rtt_us = !m_rttSample.IsNull() ? m_rttSample()
                                         : (rtt.IsStrictlyPositive() ? rtt.GetMicroSeconds() : -1);
        a.cwnd = tcb->m_cWnd / mss;
        a.ssthresh = tcb->m_ssThresh / mss;
        a.snd_una = tcb->m_lastAckedSeq.GetValue();
        a.snd_nxt = tcb->m_highTxMark.Get().GetValue();
        // The pacing rate costs a computation per ACK; only slow start reads it.
        a.pacing_rate =
            m_pacingRate.IsNull() || !tsq_hystart_wants_pacing_rate(&m_hs, a.cwnd, a.ssthresh)
                ? 0
                : m_pacingRate();
        a.gso_max_size = m_gsoMaxSize;
        a.paced = tcb->m_pacing;
        if (tsq_hystart_acked(&m_hs, &a))
        {
            NS_LOG_LOGIC("Linux HyStart ends slow start at cwnd " << a.cwnd);
            tcb->m_ssThresh = tcb->m_cWnd.Get();
            ++m_exits;
        }
    }
    m_inner->PktsAcked(tcb, segmentsAcked, rtt);
}

void
TsqHyStartOps::CongestionStateSet(Ptr<TcpSocketState> tcb,
                                  const TcpSocketState::TcpCongState_t newState)
{
    if (m_active && newState == TcpSocketState::CA_LOSS)
    {
        // cubictcp_state(TCP_CA_Loss): bictcp_reset + bictcp_hystart_reset
        tsq_hystart_init(&m_hs,
                         m_form,
                         TsqHyStartClockUs(Simulator::Now()),
                         tcb->m_highTxMark.Get().GetValue());
        m_started = true;
    }
    m_inner->CongestionStateSet(tcb, newState);
}

Ptr<TcpCongestionOps>
TsqHyStartOps::Fork()
{
    return CopyObject<TsqHyStartOps>(this);
}

} // namespace ns3
