/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_QUEUE_SCHEDULER_H
#define TSQ_WIFI_QUEUE_SCHEDULER_H

#include "ns3/fcfs-wifi-queue-scheduler.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief ns-3's FCFS MAC queue scheduler, except for the MPDU it drops to
 * make room for a management frame in a full queue: one never transmitted.
 *
 * ns-3 3.37's FcfsWifiQueueScheduler makes room for a management frame
 * (an ADDBA Request or Response, a DELBA) in a full EDCA queue by dropping
 * the head of the oldest data queue. Under a BlockAck agreement that head
 * is the originator's window start, usually already sent and waiting for
 * its retransmission. The queue removes it without firing the Expired
 * trace, so the BlockAck manager is never told: the originator's window
 * stays at that sequence number, no BlockAckReq moves the recipient's
 * window past the hole, and 64 MPDUs later the originator cannot send to
 * that station at all. An AP whose queue is full of TCP ACKs for several
 * stations does this whenever a station renews an agreement; the station
 * then receives nothing (no TCP ACK, no ping reply) for the rest of the
 * run, with ns-3's own TCP socket as well as with the module's.
 *
 * This scheduler drops, in that case, the newest MPDU of the longest data
 * queue that was never transmitted (no retry flag, not in flight): a tail
 * drop, which the BlockAck state never saw. If every queued data MPDU was
 * transmitted already, the management frame itself is dropped (its
 * sender's timeout retries it). Data frames meet ns-3's own rule (the
 * DropPolicy attribute: DropNewest by default refuses the new frame;
 * DropOldest drops the oldest queue's head, hole included).
 */
class TsqWifiQueueScheduler : public FcfsWifiQueueScheduler
{
  public:
    /** \return the TypeId */
    static TypeId GetTypeId();
    TsqWifiQueueScheduler();

  private:
    Ptr<WifiMpdu> HasToDropBeforeEnqueuePriv(AcIndex ac, Ptr<WifiMpdu> mpdu) override;

    /**
     * \param ac the access category
     * \return the newest never-transmitted MPDU of the longest data queue, or null
     */
    Ptr<WifiMpdu> NewestUnsentOfLongest(AcIndex ac) const;
};

} // namespace ns3

#endif /* TSQ_WIFI_QUEUE_SCHEDULER_H */
