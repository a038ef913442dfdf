/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_NETIF_SCHEDULE_H
#define TSQ_NETIF_SCHEDULE_H

#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/ptr.h"

#include <vector>

namespace ns3
{

class QueueDisc;

/**
 * \ingroup tsq
 * Linux's rescheduling of a qdisc run that stopped at its quota.
 *
 * Linux's __qdisc_run (net/sched/sch_generic.c) dequeues at most
 * dev_tx_weight (64) packets per run; if packets are left it calls
 * __netif_schedule, and the NET_TX softirq (net_tx_action) runs the qdisc
 * again, until it is empty or the driver stops its queue. ns-3's
 * QueueDisc::Run stops at the same quota and leaves the rest until the
 * next enqueue or wake of the device queue (its "\todo netif_schedule").
 *
 * That difference can stall a TSQ socket behind a WiFi device. A
 * BlockAck frees up to 256 MPDUs of the MAC queue at one instant, and the
 * device queue is woken once for the batch: since ns-3 3.38 (aa9cefe50,
 * "ScheduleNow() not only the wake callback, but also the check on its
 * condition") NetDeviceQueue::PacketDequeued looks for room after the
 * whole batch; 3.37 looked at each dequeue but also ran the qdisc only
 * after them. One qdisc run moves 64 packets; the device queue, no longer
 * full, is neither stopped nor woken again. The bytes left in the qdisc
 * count against the socket's TSQ limit (sk_wmem_alloc), the throttled
 * socket enqueues nothing, and nothing runs the qdisc: on ns-3 3.43 an
 * 802.11ax upload stopped within a second, with 900 packets in the qdisc.
 *
 * This object is the softirq: after the device queue drains packets
 * (Notify, from the MAC queue's Dequeue trace), it runs the qdisc that
 * serves the device's transmit queue again, at the same instant, while
 * that qdisc holds packets and the transmit queue is not stopped. It runs
 * it the way the device's own wake does (NetDeviceQueue::Wake calls the
 * callback the traffic control layer set), so a root qdisc or an mq
 * child is run as ns-3 would run it.
 */
class TsqNetifSchedule
{
  public:
    /**
     * \param device the device whose transmit queues to serve
     */
    explicit TsqNetifSchedule(Ptr<NetDevice> device);

    /**
     * A packet left the device queue behind transmit queue \p txq: run its
     * qdisc again, once at this instant, if it holds packets.
     * \param txq the index of the device's transmit queue
     */
    void Notify(std::size_t txq);

    /** \return how many qdisc runs this object started */
    uint64_t GetRuns() const;

    /** Cancels what is scheduled (the device is going). */
    void Cancel();

  private:
    /**
     * The softirq: one run of txq's qdisc if it holds packets, its
     * transmit queue is not stopped and the last run made progress; then
     * the next look, at the same instant.
     * \param txq the index of the device's transmit queue
     */
    void Run(std::size_t txq);

    /**
     * \param txq the index of the device's transmit queue
     * \return the qdisc that serves txq (nullptr: none)
     */
    Ptr<QueueDisc> QdiscOf(std::size_t txq) const;

    Ptr<NetDevice> m_device;      //!< the device
    std::vector<EventId> m_event; //!< per transmit queue, the scheduled run
    std::vector<uint32_t> m_left; //!< per transmit queue, packets left at the last run
    uint64_t m_runs{0};           //!< qdisc runs started
};

} // namespace ns3

#endif /* TSQ_NETIF_SCHEDULE_H */
