/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-gate-queue-disc.h"

#include "ns3/abort.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqGateQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(TsqGateQueueDisc);

TypeId
TsqGateQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqGateQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Tsq")
            .AddConstructor<TsqGateQueueDisc>()
            .AddAttribute("MaxSize",
                          "The most the gate holds (the kernel gate's FIFO holds 16 MB)",
                          QueueSizeValue(QueueSize("100000p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker());
    return tid;
}

TsqGateQueueDisc::TsqGateQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE)
{
    NS_LOG_FUNCTION(this);
}

TsqGateQueueDisc::~TsqGateQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

uint32_t
TsqGateQueueDisc::GetHeldFrames() const
{
    return static_cast<uint32_t>(m_sizes.size()) - m_credit;
}

uint32_t
TsqGateQueueDisc::GetHeadFrameBytes(uint32_t n) const
{
    // The held packets follow the ones already let go.
    uint32_t bytes = 0;
    auto it = m_sizes.begin() + m_credit;
    for (uint32_t i = 0; i < n && it != m_sizes.end(); ++i, ++it)
    {
        bytes += *it;
    }
    return bytes;
}

void
TsqGateQueueDisc::Open(uint32_t n)
{
    NS_LOG_FUNCTION(this << n);
    NS_ABORT_MSG_IF(n > GetHeldFrames(), "TsqGateQueueDisc: opened for more than it holds");
    m_credit += n;
    Run();
}

uint64_t
TsqGateQueueDisc::GetReleasedFrames() const
{
    return m_released;
}

bool
TsqGateQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    if (GetCurrentSize() + item > GetMaxSize())
    {
        DropBeforeEnqueue(item, "Gate full");
        return false;
    }
    uint32_t frame = item->GetSize() + FRAME_OVERHEAD;
    if (!GetInternalQueue(0)->Enqueue(item))
    {
        return false;
    }
    m_sizes.push_back(frame);
    return true;
}

Ptr<QueueDiscItem>
TsqGateQueueDisc::DoDequeue()
{
    if (m_credit == 0)
    {
        return nullptr;
    }
    Ptr<QueueDiscItem> item = GetInternalQueue(0)->Dequeue();
    if (!item)
    {
        return nullptr;
    }
    --m_credit;
    ++m_released;
    m_sizes.pop_front();
    return item;
}

Ptr<const QueueDiscItem>
TsqGateQueueDisc::DoPeek()
{
    return m_credit ? GetInternalQueue(0)->Peek() : nullptr;
}

bool
TsqGateQueueDisc::CheckConfig()
{
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        NS_LOG_ERROR("TsqGateQueueDisc has no classes and no filters");
        return false;
    }
    if (GetNInternalQueues() == 0)
    {
        AddInternalQueue(
            CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>("MaxSize",
                                                                     QueueSizeValue(GetMaxSize())));
    }
    return GetNInternalQueues() == 1;
}

void
TsqGateQueueDisc::InitializeParams()
{
}

} // namespace ns3
