/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-edca-gate.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqEdcaGate");

NS_OBJECT_ENSURE_REGISTERED(TsqEdcaGate);

TypeId
TsqEdcaGate::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqEdcaGate")
            .SetParent<Object>()
            .SetGroupName("Tsq")
            .AddConstructor<TsqEdcaGate>()
            .AddAttribute("Seed",
                          "Seed of the backoff draws (the same on both sides of a comparison "
                          "gives the same draws for the same TXOPs)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&TsqEdcaGate::m_seed),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("HwDepth",
                          "Aggregates the station's hardware queue holds (1..4): 2 is ath9k's "
                          "ATH_AGGR_MIN_QDEPTH, 1 a path with one aggregate in hardware",
                          UintegerValue(2),
                          MakeUintegerAccessor(&TsqEdcaGate::m_hwDepth),
                          MakeUintegerChecker<uint32_t>(1, TSQ_EGATE_MAX_DEPTH))
            .AddAttribute("CompletionLatency",
                          "The station's TX completion (TSQ's credit) after its BlockAck, "
                          "whole us (0..1 s; an assumption: 0 unless set)",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&TsqEdcaGate::m_completionLatency),
                          MakeTimeChecker(Seconds(0), Seconds(1)))
            .AddTraceSource("Txop",
                            "A TXOP started: (station sent, AP sent, collision)",
                            MakeTraceSourceAccessor(&TsqEdcaGate::m_txopTrace),
                            "ns3::TsqEdcaGate::TxopCallback");
    return tid;
}

TsqEdcaGate::TsqEdcaGate()
    : m_gate(new struct tsq_egate())
{
    NS_LOG_FUNCTION(this);
}

TsqEdcaGate::~TsqEdcaGate()
{
    NS_LOG_FUNCTION(this);
}

void
TsqEdcaGate::DoDispose()
{
    m_event.Cancel();
    m_data = nullptr;
    m_ack = nullptr;
    Object::DoDispose();
}

void
TsqEdcaGate::SetQueueDiscs(Ptr<TsqGateQueueDisc> data, Ptr<TsqGateQueueDisc> ack)
{
    m_data = data;
    m_ack = ack;
}

struct tsq_egate_params
TsqEdcaGate::GetParams() const
{
    struct tsq_egate_params p;
    tsq_egate_params_init(&p);
    p.edca.seed = m_seed;
    p.hw_depth = m_hwDepth;
    p.completion_latency_us = static_cast<uint32_t>(m_completionLatency.GetMicroSeconds());
    return p;
}

void
TsqEdcaGate::Start(Time at)
{
    NS_ABORT_MSG_IF(!m_data || !m_ack, "TsqEdcaGate: SetQueueDiscs before Start");
    const int64_t delayNs = m_completionLatency.GetNanoSeconds();
    NS_ABORT_MSG_IF(delayNs % 1000 != 0,
                    "TsqEdcaGate: CompletionLatency=" << m_completionLatency.As(Time::US)
                                                      << " is not whole microseconds");
    struct tsq_egate_params p = GetParams();
    NS_ABORT_MSG_IF(tsq_egate_init(m_gate.get(), &p, 0) != TSQ_OK,
                    "TsqEdcaGate: the core refused the hop's parameters");
    m_t0Us = static_cast<uint64_t>(at.GetMicroSeconds());
    m_started = true;
    m_txopsSeen = 0;
    m_data->TraceConnectWithoutContext("Enqueue", MakeCallback(&TsqEdcaGate::OnDataEnqueue, this));
    m_ack->TraceConnectWithoutContext("Enqueue", MakeCallback(&TsqEdcaGate::OnAckEnqueue, this));
}

uint64_t
TsqEdcaGate::NowUs() const
{
    const int64_t us = Simulator::Now().GetMicroSeconds() - static_cast<int64_t>(m_t0Us);
    return us > 0 ? static_cast<uint64_t>(us) : 0;
}

void
TsqEdcaGate::OnDataEnqueue(Ptr<const QueueDiscItem> item)
{
    OnEnqueue(TSQ_EGATE_DATA, item);
}

void
TsqEdcaGate::OnAckEnqueue(Ptr<const QueueDiscItem> item)
{
    OnEnqueue(TSQ_EGATE_ACKS, item);
}

void
TsqEdcaGate::OnEnqueue(enum tsq_egate_fifo_id fifo, Ptr<const QueueDiscItem> item)
{
    NS_ABORT_MSG_IF(!m_started, "TsqEdcaGate: a packet before Start");
    // Not drained here: the queue disc is inside its Enqueue, and every
    // event of an earlier microsecond has had its timer. The core counts
    // IP packets (it adds the 802.11 MAC framing itself).
    int r = tsq_egate_enqueue(m_gate.get(), fifo, NowUs(), 1, item->GetSize());
    NS_ABORT_MSG_IF(r != TSQ_OK,
                    "TsqEdcaGate: the core refused a packet of " << item->GetSize() << " B");
    Reschedule();
}

void
TsqEdcaGate::Drain()
{
    struct tsq_egate_release rel;
    int r;
    while ((r = tsq_egate_poll(m_gate.get(), NowUs(), &rel)) == 1)
    {
        NS_LOG_LOGIC((rel.fifo == TSQ_EGATE_DATA ? "data" : "acks")
                     << ": " << rel.frames << " frames, " << rel.bytes << " B");
        (rel.fifo == TSQ_EGATE_DATA ? m_data : m_ack)->Open(rel.frames);
    }
    NS_ABORT_MSG_IF(r != TSQ_OK, "TsqEdcaGate: the core's schedule failed (" << r << ")");
    // Each TXOP the core started since, traced once
    if (m_gate->edca.txops != m_txopsSeen && m_gate->on_air)
    {
        m_txopsSeen = m_gate->edca.txops;
        m_txopTrace(m_gate->txop.who & TSQ_EDCA_BIT(TSQ_EDCA_STA),
                    m_gate->txop.who & TSQ_EDCA_BIT(TSQ_EDCA_AP),
                    m_gate->txop.collision);
    }
}

void
TsqEdcaGate::Reschedule()
{
    m_event.Cancel();
    const uint64_t next = tsq_egate_next_us(m_gate.get());
    if (next == UINT64_MAX)
    {
        return;
    }
    const Time when = MicroSeconds(static_cast<int64_t>(m_t0Us + next));
    m_event = Simulator::Schedule(when > Simulator::Now() ? when - Simulator::Now() : Time(0),
                                  &TsqEdcaGate::OnTimer,
                                  this);
}

void
TsqEdcaGate::OnTimer()
{
    Drain();
    Reschedule();
}

TsqEdcaGateStats
TsqEdcaGate::GetStats() const
{
    const struct tsq_egate_stats& s = m_gate->stats;
    TsqEdcaGateStats out;
    out.staTxops = s.sta_txops;
    out.apTxops = s.ap_txops;
    out.collisions = s.collisions;
    out.staMpdus = s.sta_mpdus;
    out.apMpdus = s.ap_mpdus;
    out.staAirtimeUs = s.sta_airtime_us;
    out.apAirtimeUs = s.ap_airtime_us;
    return out;
}

} // namespace ns3
