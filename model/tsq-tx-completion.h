/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_TX_COMPLETION_H
#define TSQ_TX_COMPLETION_H

#include "ns3/ipv4-l3-protocol.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <set>

namespace ns3
{

class Node;
class NetDevice;
class QueueDisc;
class QueueDiscItem;

/**
 * \ingroup tsq
 * \brief The tcp_wfree() moment of the TSQ sockets of one node, for every
 * device family and every drop below TCP.
 *
 * A TsqTcpSocket charges each segment it hands to TcpL4Protocol and tags it
 * with a TsqTag (socket id, node id, bytes charged). The charge is given
 * back exactly once, when the kernel would free the skb:
 *
 * - point-to-point and CSMA: at the device's "PhyTxEnd" (the last bit left
 *   the device; Linux NIC drivers free the skb in their TX-completion
 *   handler, after the DMA transmission, not when the driver queues it, so
 *   "MacTx", fired when the packet enters the device queue, would be early);
 *   and at their drops: the device queue's "Drop", "MacTxDrop", "PhyTxDrop";
 * - queue discs: the "Drop" trace of every root queue disc and of every
 *   child queue disc below it (fired for drops before enqueue and after
 *   dequeue);
 * - IP: Ipv4L3Protocol "Drop" (no route, interface down, TTL, ...);
 * - ARP: ArpL3Protocol "Drop" and the "Drop" of every interface's ArpCache
 *   (pending queue overflow, no reply after the retries);
 * - WiFi: WifiTsqAdapter (MPDU acknowledged or dropped, through the core's
 *   driver completion model), which uses Claim() and Credit() below.
 *
 * Exactly once: the release removes the TsqTag from the packet before it
 * credits the socket, so a second trace firing on the same packet (e.g. the
 * device queue's "Drop" followed by "MacTxDrop") finds no tag and does
 * nothing. A packet is only released on the node that charged it: packets
 * forwarded by an AP or a router still carry the sender's tag and are left
 * alone. A packet whose socket is gone (closed and destroyed while the
 * packet was queued) is released against nothing and counted.
 *
 * One TsqTxCompletion is aggregated to each node by TsqHelper.
 */
class TsqTxCompletion : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqTxCompletion();
    ~TsqTxCompletion() override;

    /**
     * \brief What one charge carried by a packet is: the fields of its TsqTag.
     */
    struct Charge
    {
        uint64_t socketId{0}; //!< TsqSocketRegistry id of the charging socket
        uint32_t nodeId{0};   //!< node of the charging socket
        uint32_t bytes{0};    //!< bytes charged for the packet
    };

    /**
     * Read the charge of \p packet without taking it.
     * \param packet the packet
     * \param nodeId the node asking
     * \param[out] charge the charge, when one is found
     * \return true if \p packet carries a TsqTag charged on node \p nodeId
     */
    static bool Peek(Ptr<const Packet> packet, uint32_t nodeId, Charge& charge);

    /**
     * Take the charge of \p packet: find its TsqTag, check that it was
     * charged on node \p nodeId, and remove it so that nobody can release
     * it again. The packet object is the one the stack handed down (ns-3
     * traces pass it as const; only its tag list is changed).
     * \param packet the packet
     * \param nodeId the node asking
     * \param[out] charge the charge taken
     * \return true if a charge was taken (the caller must Credit() it)
     */
    static bool Claim(Ptr<const Packet> packet, uint32_t nodeId, Charge& charge);

    /**
     * Give a claimed charge back to its socket (TsqTcpSocket::ReleaseBytes)
     * or, if the socket is gone, count it as released against nothing.
     * \param charge a charge returned by Claim()
     * \param reason a short name of the completion path, for the trace
     */
    void Credit(const Charge& charge, const char* reason);

    /**
     * Claim() and Credit() in one: the tcp_wfree moment of \p packet.
     * \param packet the packet
     * \param reason a short name of the completion path, for the trace
     * \return true if a charge was released (to a socket or to nothing)
     */
    bool Release(Ptr<const Packet> packet, const char* reason);

    /**
     * A TsqTcpSocket of this node charges packets (called on its first
     * charge). Until then no packet can carry a charge of this node, and
     * the completion hooks return at once instead of searching each
     * packet's tags (a receiver's ACKs, a router's forwarded packets).
     */
    void NoteCharging();

    /**
     * Release the packets waiting in \p device's ARP cache for a reply:
     * called just before a link change flushes that cache (ns-3's
     * ArpCache::Flush deletes them without a drop trace; Linux's neighbour
     * flush frees the skbs, and tcp_wfree credits their sockets).
     * \param device the device whose link is about to change
     * \return bytes released
     */
    uint64_t ReleaseArpPending(Ptr<NetDevice> device);

    /**
     * Connect to the node's IP and ARP drops, its queue discs and its
     * point-to-point and CSMA devices (WiFi devices get a WifiTsqAdapter).
     * Called once by TsqHelper after the node has its Internet stack; queue
     * discs and devices added later are picked up at the start of the
     * simulation.
     * \param node the node
     */
    void Install(Ptr<Node> node);

    /** \return bytes released to live sockets by this node */
    uint64_t GetReleasedBytes() const;
    /** \return packets released to live sockets by this node */
    uint64_t GetReleasedPackets() const;
    /** \return bytes released against nothing (socket gone) */
    uint64_t GetOrphanBytes() const;
    /** \return packets released against nothing (socket gone) */
    uint64_t GetOrphanPackets() const;
    /** \return bytes released at a drop (any layer) */
    uint64_t GetDroppedBytes() const;

    /**
     * TracedCallback signature for a release.
     * \param socketId the charging socket's registry id
     * \param bytes the bytes released
     * \param orphan true if the socket was gone
     * \param reason the completion path ("p2p-tx", "qdisc-drop", ...)
     */
    typedef void (*ReleaseTracedCallback)(uint64_t socketId,
                                          uint32_t bytes,
                                          bool orphan,
                                          const std::string& reason);

  protected:
    void DoDispose() override;

  private:
    /** Connect to everything not yet connected on m_node. */
    void Connect();
    /**
     * Connect to a device's completion and drop traces.
     * \param device the device
     */
    void ConnectDevice(Ptr<NetDevice> device);
    /**
     * Connect to a queue disc's Drop and to its children's.
     * \param qd the queue disc
     */
    void ConnectQueueDisc(Ptr<QueueDisc> qd);
    /**
     * Release() at a drop, counted in the dropped bytes: one search of the
     * packet's tags (Claim).
     * \param packet the packet
     * \param reason the completion path, for the trace
     * \return the bytes released (0: no charge of this node)
     */
    uint32_t ReleaseDropped(Ptr<const Packet> packet, const char* reason);
    /**
     * Device transmission end (point-to-point, CSMA PhyTxEnd).
     * \param packet the packet
     */
    void OnTxEnd(Ptr<const Packet> packet);
    /**
     * A device-level drop (queue Drop, MacTxDrop, PhyTxDrop).
     * \param packet the packet
     */
    void OnDeviceDrop(Ptr<const Packet> packet);
    /**
     * A queue-disc drop.
     * \param item the dropped item
     */
    void OnQueueDiscDrop(Ptr<const QueueDiscItem> item);
    /**
     * An IP drop (Ipv4L3Protocol "Drop").
     * \param header the IP header
     * \param packet the packet
     * \param reason ns-3's drop reason
     * \param ipv4 the IP stack
     * \param interface the interface
     */
    void OnIpDrop(const Ipv4Header& header,
                  Ptr<const Packet> packet,
                  Ipv4L3Protocol::DropReason reason,
                  Ptr<Ipv4> ipv4,
                  uint32_t interface);
    /**
     * An ARP drop (ArpL3Protocol or ArpCache "Drop").
     * \param packet the packet
     */
    void OnArpDrop(Ptr<const Packet> packet);

    Ptr<Node> m_node;                  //!< the node
    std::set<const void*> m_connected; //!< objects whose traces are connected
    bool m_charging{false};            //!< NoteCharging() was called
    uint64_t m_releasedBytes{0};       //!< bytes released to live sockets
    uint64_t m_releasedPackets{0};     //!< packets released to live sockets
    uint64_t m_orphanBytes{0};         //!< bytes released against nothing
    uint64_t m_orphanPackets{0};       //!< packets released against nothing
    uint64_t m_droppedBytes{0};        //!< bytes released at drops
    TracedCallback<uint64_t, uint32_t, bool, const std::string&> m_releaseTrace; //!< releases
};

} // namespace ns3

#endif /* TSQ_TX_COMPLETION_H */
