/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_EDCA_GATE_H
#define TSQ_EDCA_GATE_H

#include "tsq-gate-queue-disc.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <memory>
#include <tsq/edca_gate.h>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Counters of a TsqEdcaGate run (the core's, tsq/edca_gate.h).
 */
struct TsqEdcaGateStats
{
    uint64_t staTxops{0};     //!< the station's TXOPs (collided ones included)
    uint64_t apTxops{0};      //!< the AP's
    uint64_t collisions{0};   //!< TXOPs in which both sent
    uint64_t staMpdus{0};     //!< the station's subframes acknowledged
    uint64_t apMpdus{0};      //!< the AP's (TCP ACKs) acknowledged
    uint64_t staAirtimeUs{0}; //!< the station's PPDUs on air, us
    uint64_t apAirtimeUs{0};  //!< the AP's, us
};

/**
 * \ingroup tsq
 * \brief The live-kernel comparison's emulated 802.11n hop on EDCA
 * timing, in ns-3: the c-core schedule tsq/edca_gate.h driving two
 * TsqGateQueueDisc, the station's (data) and the AP's (TCP ACKs).
 *
 * Each packet a gate queues is reported to the core at once (the
 * station's may form an ath9k aggregate then); the core says when the
 * next event is due, and each release it makes lets that many packets go
 * from the head of that gate. The same functions, with the same
 * parameters and seed, drive the live kernel's gates
 * (live-kernel/tsq-live-gate), so both links follow the same rules; what
 * differs is only what each TCP puts into them.
 *
 * The core's clock is whole microseconds from Start (simulation time
 * truncated to the microsecond).
 */
class TsqEdcaGate : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqEdcaGate();
    ~TsqEdcaGate() override;

    /**
     * TracedCallback signature of the Txop trace.
     * \param station the station sent (an aggregate)
     * \param ap the AP sent (an A-MPDU of TCP ACKs)
     * \param collision both sent: neither got its BlockAck
     */
    typedef void (*TxopCallback)(bool station, bool ap, bool collision);

    /**
     * \param data the station's root queue disc (its frames to the AP)
     * \param ack the AP's root queue disc towards the station
     */
    void SetQueueDiscs(Ptr<TsqGateQueueDisc> data, Ptr<TsqGateQueueDisc> ack);

    /**
     * Starts the hop, the medium idle from @p at. Ends the program with a
     * message if the attributes are out of range.
     * \param at simulation time of the core clock's 0
     */
    void Start(Time at);

    /** \return the counters so far */
    TsqEdcaGateStats GetStats() const;

    /** \return the hop's parameters (the core's struct) */
    struct tsq_egate_params GetParams() const;

  protected:
    void DoDispose() override;

  private:
    /** \return simulation time on the core's clock, us */
    uint64_t NowUs() const;
    /** A packet entered the station's (@p fifo DATA) or the AP's gate.
     *  \param fifo which \param item the packet */
    void OnEnqueue(enum tsq_egate_fifo_id fifo, Ptr<const QueueDiscItem> item);
    /** \param item a packet the station's gate queued */
    void OnDataEnqueue(Ptr<const QueueDiscItem> item);
    /** \param item a packet the AP's gate queued */
    void OnAckEnqueue(Ptr<const QueueDiscItem> item);
    /** Runs the core's events due now and lets their packets go. */
    void Drain();
    /** Arms the timer for the core's next event. */
    void Reschedule();
    void OnTimer();

    // attributes
    uint64_t m_seed{1};
    uint32_t m_hwDepth{2};
    Time m_completionLatency;

    Ptr<TsqGateQueueDisc> m_data;             //!< the station's gate
    Ptr<TsqGateQueueDisc> m_ack;              //!< the AP's gate
    std::unique_ptr<struct tsq_egate> m_gate; //!< the core's state (rings: 8 KB)
    uint64_t m_t0Us{0};                       //!< simulation time of the core clock's 0, us
    bool m_started{false};
    EventId m_event;                              //!< the next core event
    TracedCallback<bool, bool, bool> m_txopTrace; //!< Txop trace
    uint64_t m_txopsSeen{0};                      //!< core TXOPs already traced
};

} // namespace ns3

#endif /* TSQ_EDCA_GATE_H */
