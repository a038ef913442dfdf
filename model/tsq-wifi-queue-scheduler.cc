/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-wifi-queue-scheduler.h"

#include "ns3/enum.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/wifi-mac-queue.h"
#include "ns3/wifi-mpdu.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TsqWifiQueueScheduler);

TypeId
TsqWifiQueueScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TsqWifiQueueScheduler")
                            .SetParent<FcfsWifiQueueScheduler>()
                            .SetGroupName("Tsq")
                            .AddConstructor<TsqWifiQueueScheduler>();
    return tid;
}

TsqWifiQueueScheduler::TsqWifiQueueScheduler() = default;

Ptr<WifiMpdu>
TsqWifiQueueScheduler::NewestUnsentOfLongest(AcIndex ac) const
{
    Ptr<WifiMacQueue> queue = GetWifiMacQueue(ac);
    std::optional<WifiContainerQueueId> longest;
    uint32_t most = 0;
    for (const auto& entry : GetSortedQueues(ac))
    {
        const WifiContainerQueueId& id = entry.second.get().first;
        if (std::get<WifiContainerQueueType>(id) == WIFI_MGT_QUEUE)
        {
            continue;
        }
        const uint32_t n = queue->GetNPackets(id);
        if (n > most)
        {
            most = n;
            longest = id;
        }
    }
    if (!longest)
    {
        return nullptr;
    }
    // A container queue holds its MPDUs in order: the ones sent (waiting
    // for their BlockAck or retransmission) first, the unsent ones behind.
    Ptr<WifiMpdu> newest;
    for (Ptr<WifiMpdu> m = queue->PeekByQueueId(*longest); m; m = queue->PeekByQueueId(*longest, m))
    {
        if (!m->GetHeader().IsRetry() && !m->IsInFlight())
        {
            newest = m;
        }
    }
    return newest;
}

Ptr<WifiMpdu>
TsqWifiQueueScheduler::HasToDropBeforeEnqueuePriv(AcIndex ac, Ptr<WifiMpdu> mpdu)
{
    Ptr<WifiMacQueue> queue = GetWifiMacQueue(ac);
    if (queue->QueueBase::GetNPackets() < queue->GetMaxSize().GetValue())
    {
        return nullptr; // room for it
    }
    if (mpdu->GetHeader().IsMgt())
    {
        // No MPDU that was never sent: the management frame goes.
        Ptr<WifiMpdu> victim = NewestUnsentOfLongest(ac);
        return victim ? victim : mpdu;
    }
    TSQ_ENUM_VALUE(FcfsWifiQueueScheduler::DropPolicy) policy;
    GetAttribute("DropPolicy", policy);
    if (policy.Get() == DROP_NEWEST)
    {
        return mpdu; // ns-3's default: the new data frame is refused
    }
    // DropOldest: ns-3's choice, the head of the oldest data queue.
    for (const auto& entry : GetSortedQueues(ac))
    {
        const WifiContainerQueueId& id = entry.second.get().first;
        if (std::get<WifiContainerQueueType>(id) != WIFI_MGT_QUEUE)
        {
            return queue->PeekByQueueId(id);
        }
    }
    return mpdu;
}

} // namespace ns3
