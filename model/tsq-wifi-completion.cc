/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-wifi-completion.h"

#include "tsq-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqWifiCompletion");

namespace
{

/** WifiMac attribute name prefixes of the access categories, in AcIndex order. */
const char* const kAcNames[4] = {"BE", "BK", "VI", "VO"};

/**
 * \param reason a core release reason
 * \return its name, for the release trace
 */
const char*
ReasonName(uint32_t reason)
{
    switch (reason)
    {
    case TSQ_CMPL_ACKED:
        return "wifi-acked";
    case TSQ_CMPL_DROPPED:
        return "wifi-dropped";
    case TSQ_CMPL_FLUSHED:
        return "wifi-flushed";
    default:
        return "wifi";
    }
}

/** \return now, ns (the core's clock) */
u64
NowNs()
{
    return static_cast<u64>(Simulator::Now().GetNanoSeconds());
}

} // namespace

TsqWifiCompletion::TsqWifiCompletion(uint32_t nodeId)
    : m_nodeId(nodeId)
{
}

TsqWifiCompletion::~TsqWifiCompletion()
{
    Cancel();
}

void
TsqWifiCompletion::SetCreditPath(Ptr<TsqTxCompletion> completion)
{
    m_completion = completion;
}

void
TsqWifiCompletion::Configure(uint32_t depth, Time latency)
{
    // Checked now, not when a queue is first used: the core's range.
    NS_ABORT_MSG_IF(depth < 1 || depth > TSQ_CMPL_MAX_DEPTH || latency.IsStrictlyNegative(),
                    "TsqWifiCompletion: the core refused depth " << depth << " latency "
                                                                 << latency.As(Time::US));
    m_depth = depth;
    m_latency = latency;
    for (auto& hwq : m_hwq)
    {
        // Only before the first PSDU: the core's state is per queue.
        if (hwq && hwq->cmpl.cnt.psdus == 0 && hwq->cmpl.cnt.psdus_refused == 0)
        {
            int rc = tsq_cmpl_init(&hwq->cmpl, depth, static_cast<u64>(latency.GetNanoSeconds()));
            NS_ABORT_MSG_IF(rc != 0,
                            "TsqWifiCompletion: the core refused depth " << depth << " latency "
                                                                         << latency.As(Time::US));
        }
    }
}

TsqWifiCompletion::Hwq&
TsqWifiCompletion::Use(uint8_t ac)
{
    std::unique_ptr<Hwq>& hwq = m_hwq.at(ac);
    if (!hwq)
    {
        hwq = std::make_unique<Hwq>();
        int rc = tsq_cmpl_init(&hwq->cmpl, m_depth, static_cast<u64>(m_latency.GetNanoSeconds()));
        NS_ABORT_MSG_IF(rc != 0,
                        "TsqWifiCompletion: AC " << kAcNames[ac] << " of node " << m_nodeId
                                                 << " carries data before Configure()");
    }
    return *hwq;
}

void
TsqWifiCompletion::CheckCore(uint8_t ac, const char* event) const
{
#ifndef NDEBUG
    // Debug builds: the core's invariants after every event fed to it.
    if (!m_hwq[ac])
    {
        return;
    }
    int rc = tsq_cmpl_check(&m_hwq[ac]->cmpl);
    NS_ABORT_MSG_IF(rc != 0,
                    "TsqWifiCompletion: tsq_cmpl_check() = " << rc << " after " << event
                                                             << " on node " << m_nodeId << " AC "
                                                             << kAcNames[ac]);
#else
    (void)ac;
    (void)event;
#endif
}

bool
TsqWifiCompletion::Completed(uint8_t ac, uint64_t cookie, const PendingCharge& pending, bool acked)
{
    if (!m_hwq.at(ac))
    {
        return false; // nothing was ever sent on this queue: the core would not know it
    }
    int rc = acked ? tsq_cmpl_mpdu_acked(&m_hwq[ac]->cmpl, NowNs(), cookie)
                   : tsq_cmpl_mpdu_dropped(&m_hwq[ac]->cmpl, NowNs(), cookie);
    CheckCore(ac, acked ? "an ack" : "a drop");
    if (rc != 0)
    {
        return false;
    }
    // The cookie is never used again, so this is its only charge.
    if (pending.charged)
    {
        m_pendingBytes += pending.charge.bytes;
    }
    m_pending.emplace(cookie, pending);
    return true;
}

void
TsqWifiCompletion::PsduStart(uint8_t ac, const std::vector<tsq_cmpl_mpdu_in>& mpdus)
{
    int rc = tsq_cmpl_psdu_start(&Use(ac).cmpl,
                                 NowNs(),
                                 mpdus.data(),
                                 static_cast<u32>(mpdus.size()),
                                 nullptr);
    CheckCore(ac, "a PSDU start");
    if (rc != 0)
    {
        NS_LOG_WARN("tsq_cmpl_psdu_start: " << rc << " (" << mpdus.size() << " MPDUs)");
    }
}

void
TsqWifiCompletion::QueueState(uint8_t ac, bool waiting)
{
    if (!m_hwq.at(ac) && !waiting)
    {
        return; // an empty queue that never carried data: a fresh model has nothing to release
    }
    tsq_cmpl_queue_state(&Use(ac).cmpl, NowNs(), waiting);
    CheckCore(ac, "a queue state");
    Settle(ac);
}

void
TsqWifiCompletion::Credit(const TsqTxCompletion::Charge& charge, const char* reason)
{
    m_releasedBytes += charge.bytes;
    if (m_completion)
    {
        m_completion->Credit(charge, reason);
    }
}

void
TsqWifiCompletion::PopDue(uint8_t ac)
{
    if (!m_hwq[ac])
    {
        return;
    }
    tsq_cmpl_release rel;
    while (tsq_cmpl_pop_due(&m_hwq[ac]->cmpl, NowNs(), &rel) == 1)
    {
        CheckCore(ac, "a release");
        auto it = m_pending.find(rel.cookie);
        if (it == m_pending.end())
        {
            // Flush() credits the MPDUs still in the MAC itself; the core
            // then releases those it had in flight, with nothing to give.
            NS_LOG_LOGIC("core released cookie " << rel.cookie << " without a charge (reason "
                                                 << rel.reason << ")");
            NS_ASSERT_MSG(rel.reason == TSQ_CMPL_FLUSHED,
                          "core released cookie " << rel.cookie
                                                  << " that the adapter never gave it");
            continue;
        }
        PendingCharge pending = it->second;
        m_pending.erase(it);
        if (pending.charged)
        {
            m_pendingBytes -= pending.charge.bytes;
            Credit(pending.charge, ReasonName(rel.reason));
        }
    }
}

void
TsqWifiCompletion::Settle(uint8_t ac)
{
    if (!m_hwq.at(ac))
    {
        return;
    }
    PopDue(ac);
    Hwq& hwq = *m_hwq[ac];
    u64 due = 0;
    if (!tsq_cmpl_next_due(&hwq.cmpl, &due))
    {
        return;
    }
    Time at = NanoSeconds(static_cast<int64_t>(due));
    if (TSQ_EVENT_PENDING(hwq.timer) && hwq.timerAt <= at)
    {
        return;
    }
    hwq.timer.Cancel();
    hwq.timerAt = at;
    hwq.timer = Simulator::Schedule(at - Simulator::Now(), &TsqWifiCompletion::Settle, this, ac);
}

void
TsqWifiCompletion::Flush()
{
    for (uint8_t ac = 0; ac < 4; ++ac)
    {
        if (!m_hwq[ac])
        {
            continue; // never carried data: nothing to release
        }
        tsq_cmpl_flush(&m_hwq[ac]->cmpl, NowNs());
        CheckCore(ac, "a flush");
        if (m_completion)
        {
            PopDue(ac);
        }
        m_hwq[ac]->timer.Cancel();
    }
}

void
TsqWifiCompletion::Cancel()
{
    for (auto& hwq : m_hwq)
    {
        if (hwq)
        {
            hwq->timer.Cancel();
        }
    }
    m_pending.clear();
}

uint64_t
TsqWifiCompletion::GetReleasedBytes() const
{
    return m_releasedBytes;
}

uint64_t
TsqWifiCompletion::GetPendingBytes() const
{
    return m_pendingBytes;
}

uint64_t
TsqWifiCompletion::SumCounter(u64 tsq_cmpl_counters::*counter) const
{
    uint64_t sum = 0;
    for (const auto& hwq : m_hwq)
    {
        if (hwq)
        {
            sum += hwq->cmpl.cnt.*counter;
        }
    }
    return sum;
}

uint64_t
TsqWifiCompletion::GetInFlightBytes() const
{
    return SumCounter(&tsq_cmpl_counters::inflight_bytes);
}

uint64_t
TsqWifiCompletion::GetHeldMpdus() const
{
    return SumCounter(&tsq_cmpl_counters::held_total);
}

uint32_t
TsqWifiCompletion::GetQueueModels() const
{
    return static_cast<uint32_t>(
        std::count_if(m_hwq.begin(), m_hwq.end(), [](const auto& hwq) { return hwq != nullptr; }));
}

} // namespace ns3
