/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_GATE_QUEUE_DISC_H
#define TSQ_GATE_QUEUE_DISC_H

#include "ns3/queue-disc.h"

#include <cstdint>
#include <deque>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief A FIFO root queue disc that holds every packet until it is let
 * go: one side of the emulated aggregating link (TsqSlotGate).
 *
 * Nothing leaves until Open(n) lets the first n queued packets go; the
 * credit is spent as they are dequeued. Packets held here are still
 * charged to their TSQ socket (the TX-completion adapter releases them when
 * the device sends them), as skbs held in a qdisc are in Linux. The twin of
 * the live kernel's tbf gate (live-kernel/tsq-live-gate).
 *
 * Sizes are counted as the kernel's qdisc counts an Ethernet frame
 * (qdisc_pkt_len: IP packet + 14 bytes of Ethernet header), so that both
 * sides of a live-kernel comparison see the same bytes per slot.
 */
class TsqGateQueueDisc : public QueueDisc
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqGateQueueDisc();
    ~TsqGateQueueDisc() override;

    /** Ethernet header the kernel's veth frame adds to an IP packet, bytes */
    static const uint32_t FRAME_OVERHEAD = 14;

    /** \return packets queued and not yet let go */
    uint32_t GetHeldFrames() const;

    /**
     * \param n a number of queued packets from the head (at most the held ones)
     * \return their size as frames (IP packet + FRAME_OVERHEAD each), bytes
     */
    uint32_t GetHeadFrameBytes(uint32_t n) const;

    /**
     * Lets the first @p n held packets go (dequeued as the device takes
     * them); starts the transmission at once.
     * \param n packets, at most GetHeldFrames()
     */
    void Open(uint32_t n);

    /** \return packets let go so far */
    uint64_t GetReleasedFrames() const;

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    Ptr<const QueueDiscItem> DoPeek() override;
    bool CheckConfig() override;
    void InitializeParams() override;

    uint32_t m_credit{0};         //!< packets that may be dequeued now
    uint64_t m_released{0};       //!< packets dequeued
    std::deque<uint32_t> m_sizes; //!< frame sizes of the queued packets, in order
};

} // namespace ns3

#endif /* TSQ_GATE_QUEUE_DISC_H */
