/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-netif-schedule.h"

#include "tsq-ns3-compat.h"

#include "ns3/log.h"
#include "ns3/mq-queue-disc.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/queue-disc.h"
#include "ns3/simulator.h"
#include "ns3/traffic-control-layer.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqNetifSchedule");

TsqNetifSchedule::TsqNetifSchedule(Ptr<NetDevice> device)
    : m_device(device)
{
}

void
TsqNetifSchedule::Notify(std::size_t txq)
{
    if (txq >= m_event.size())
    {
        m_event.resize(txq + 1);
        m_left.resize(txq + 1, 0);
    }
    // After the MAC's own work at this instant (its dequeues, and the
    // device queue's deferred Wake): the softirq runs after the driver.
    if (!TSQ_EVENT_PENDING(m_event[txq]))
    {
        m_left[txq] = UINT32_MAX;
        m_event[txq] = Simulator::ScheduleNow(&TsqNetifSchedule::Run, this, txq);
    }
}

Ptr<QueueDisc>
TsqNetifSchedule::QdiscOf(std::size_t txq) const
{
    Ptr<TrafficControlLayer> tc = m_device->GetNode()->GetObject<TrafficControlLayer>();
    Ptr<QueueDisc> root = tc ? tc->GetRootQueueDiscOnDevice(m_device) : nullptr;
    if (!root)
    {
        return nullptr;
    }
    // mq: one child per transmit queue, each run by its own queue's wake
    // (TrafficControlLayer::ScanDevices); any other root serves them all.
    if (DynamicCast<MqQueueDisc>(root))
    {
        return txq < root->GetNQueueDiscClasses() ? root->GetQueueDiscClass(txq)->GetQueueDisc()
                                                  : nullptr;
    }
    return root;
}

void
TsqNetifSchedule::Run(std::size_t txq)
{
    Ptr<NetDeviceQueueInterface> ndqi = m_device->GetObject<NetDeviceQueueInterface>();
    Ptr<QueueDisc> qdisc = QdiscOf(txq);
    if (!ndqi || txq >= ndqi->GetNTxQueues() || !qdisc)
    {
        return;
    }
    Ptr<NetDeviceQueue> queue = ndqi->GetTxQueue(txq);
    // The softirq repeats while there is work, room in the device queue
    // and progress since its last run (a qdisc that holds its packets
    // back, e.g. a shaper, is left to its own timer).
    const uint32_t left = qdisc->GetNPackets();
    if (left == 0 || queue->IsStopped() || left >= m_left[txq])
    {
        return;
    }
    m_left[txq] = left;
    // One run of at most the qdisc's quota, the way the device's own wake
    // runs it (at once, or at this instant after the callers: ns-3 3.37's
    // NetDeviceQueue::Wake schedules it), then the next look after it.
    queue->Stop();
    queue->Wake();
    ++m_runs;
    m_event[txq] = Simulator::ScheduleNow(&TsqNetifSchedule::Run, this, txq);
}

uint64_t
TsqNetifSchedule::GetRuns() const
{
    return m_runs;
}

void
TsqNetifSchedule::Cancel()
{
    for (EventId& event : m_event)
    {
        event.Cancel();
    }
}

} // namespace ns3
