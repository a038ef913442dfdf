/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_SLOT_GATE_H
#define TSQ_SLOT_GATE_H

#include "tsq-gate-queue-disc.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <tsq/gate.h>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Counters of a TsqSlotGate run.
 */
struct TsqSlotGateStats
{
    uint64_t slots{0};       //!< data slots opened (empty ones included)
    uint64_t dataSlots{0};   //!< slots that carried frames
    uint64_t frames{0};      //!< data frames let go
    uint64_t bytes{0};       //!< their bytes (frames, as the kernel counts them)
    uint64_t lost{0};        //!< slots after which the station went again first
    uint64_t ackTxops{0};    //!< AP TXOPs that carried ACKs
    uint64_t ackFrames{0};   //!< ACK frames let go
    uint64_t lateEvents{0};  //!< events moved by the replayed lateness
    uint64_t ackMisses{0};   //!< AP TXOPs the replay held without ACKs
    double latenessUsSum{0}; //!< their total lateness, us
};

/**
 * \ingroup tsq
 * \brief The emulated aggregating link of the live-kernel comparison, in
 * ns-3: the c-core gate schedule (tsq/gate.h) driving two
 * TsqGateQueueDisc, the station's (data) and the AP's (ACKs).
 *
 * Each data slot takes the packets the station's gate holds when it opens
 * (at most MaxFrames), lets them go at the end of the TXOP (Release "end":
 * WiFi's BlockAck) or at its start ("open"); the AP's TXOP then takes the
 * ACKs its gate holds AckGap later and lets them go AckTxop after that.
 * The same schedule, from the same functions, drives the live kernel's
 * gates (live-kernel/tsq-live-gate): with the same attributes both links
 * are the same link. LatenessFile replays what a kernel run's slots CSV
 * recorded of the host, at the same time from the first data slot (the
 * host's stalls and the receiver's scheduling happen at moments, not at
 * slot numbers: the two sides' slots differ in size and count): each event
 * of the twin is moved by the lateness of the kernel's latest event of the
 * same kind planned no later, and for each AP TXOP that found no ACK of
 * the slot before it (the live receiver had not answered within AckGap:
 * it shares a CPU with the sender) the twin's first AP TXOP after that
 * time finds none either.
 */
class TsqSlotGate : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TsqSlotGate();
    ~TsqSlotGate() override;

    /**
     * TracedCallback signature of the Slot trace.
     * \param index slot index
     * \param frames frames the slot carries
     * \param bytes their bytes
     * \param lost the station goes again before the AP
     */
    typedef void (*SlotCallback)(uint64_t index, uint32_t frames, uint32_t bytes, bool lost);

    /**
     * TracedCallback signature of the AckTxop trace.
     * \param frames ACK frames the AP's TXOP carries
     */
    typedef void (*AckTxopCallback)(uint32_t frames);

    /**
     * \param data the station's root queue disc (its frames to the AP)
     * \param ack the AP's root queue disc towards the station
     */
    void SetQueueDiscs(Ptr<TsqGateQueueDisc> data, Ptr<TsqGateQueueDisc> ack);

    /**
     * Starts the schedule: the first slot opens at @p at. Ends the
     * program with a message if the attributes are out of range.
     * \param at simulation time of the first slot
     */
    void Start(Time at);

    /** \return the counters so far */
    TsqSlotGateStats GetStats() const;

    /** \return the schedule's parameters (the core's struct) */
    struct tsq_gate_params GetParams() const;

  protected:
    void DoDispose() override;

  private:
    void SetRelease(std::string name);
    std::string GetRelease() const;
    void SetLatenessFile(std::string path);
    std::string GetLatenessFile() const;

    /** Schedules @p fn at the core clock time @p us, moved by the next
     *  replayed lateness of @p kind. */
    void At(uint64_t us, int kind, void (TsqSlotGate::*fn)());
    void OnOpen();
    void OnRelease();
    void OnAckOpen();
    void OnAckRelease();

    // attributes
    DataRate m_rate;
    Time m_overhead;
    Time m_ackGap;
    Time m_ackTxop;
    Time m_gap;
    Time m_idlePoll;
    uint32_t m_maxFrames{43};
    uint32_t m_lostPermille{0};
    uint64_t m_seed{1};

    enum tsq_gate_release m_release
    {
        TSQ_GATE_RELEASE_END
    };

    std::string m_latenessFile;

    Ptr<TsqGateQueueDisc> m_data; //!< the station's gate
    Ptr<TsqGateQueueDisc> m_ack;  //!< the AP's gate
    struct tsq_gate m_gate;       //!< the core schedule
    uint64_t m_t0Us{0};           //!< simulation time of the core clock's 0, us
    uint32_t m_releaseFrames{0};  //!< frames of the data release pending
    uint32_t m_ackFrames{0};      //!< frames of the ACK release pending
    TsqSlotGateStats m_stats;

    /** A replayed event: its planned time, us from the kernel run's first
     *  data slot, and how late the live controller was, us. */
    struct Late
    {
        int64_t planUs; //!< planned time
        int64_t lateUs; //!< lateness
    };

    /** replayed lateness per event kind (open, release, ack open, ack release), in time order */
    std::vector<Late> m_lateness[4];
    size_t m_latenessNext[4] = {0, 0, 0, 0}; //!< the entry in force of each kind
    /** replayed: when the live receiver's ACK missed the AP TXOP, us from
     *  the run's first data slot, in order */
    std::vector<int64_t> m_ackMiss;
    size_t m_ackMissNext{0};   //!< next of them
    int64_t m_flowStartUs{-1}; //!< core time of the first data slot, us (-1: none yet)
    EventId m_event;           //!< the next event

    TracedCallback<uint64_t, uint32_t, uint32_t, bool> m_slotTrace; //!< Slot
    TracedCallback<uint32_t> m_ackTrace;                            //!< AckTxop
};

} // namespace ns3

#endif /* TSQ_SLOT_GATE_H */
