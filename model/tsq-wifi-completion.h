/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_COMPLETION_H
#define TSQ_WIFI_COMPLETION_H

#include "tsq-tx-completion.h"
#include "tsq/completion.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief When a WiFi device's TX completions reach TCP (tcp_wfree): the
 * core's driver completion model (tsq/completion.h), one per hardware
 * queue (access category), and the charges it holds.
 *
 * A queue's model (about 78 KB, sized for 256-MPDU aggregates) is made
 * when the queue first carries data: a PSDU, or MPDUs waiting in it. A
 * device that sends only best effort holds one, not four. A queue without
 * one has nothing in flight, held or due, so every question about it has
 * the answer of a fresh model.
 *
 * The owner (WifiTsqAdapter) hands over each acked or dropped MPDU's
 * charge under the MPDU's cookie, tells each PSDU start and whether MPDUs
 * are waiting in a queue; the core says when each charge is due (at once
 * for the "ns3" profile, when the next aggregate of the same queue starts
 * for "ath9k", plus the completion latency), and due charges are credited
 * from a timer through the node's TsqTxCompletion. Without a credit path
 * (statistics only) the model runs and credits nothing.
 */
class TsqWifiCompletion
{
  public:
    /** A charge taken at an ack or drop, waiting for the core's release. */
    struct PendingCharge
    {
        bool charged{false};            //!< false: the MPDU carried no charge
        TsqTxCompletion::Charge charge; //!< the charge
    };

    /** \param nodeId the node (for messages) */
    explicit TsqWifiCompletion(uint32_t nodeId);
    ~TsqWifiCompletion();

    TsqWifiCompletion(const TsqWifiCompletion&) = delete;
    TsqWifiCompletion& operator=(const TsqWifiCompletion&) = delete;

    /** \param completion the node's credit path (null: statistics only) */
    void SetCreditPath(Ptr<TsqTxCompletion> completion);

    /**
     * (Re)initialise the hardware queues that have not yet seen a PSDU,
     * and set up with these values those made later. Ends the program on
     * values the core refuses.
     * \param depth pipeline depth (tsq/completion.h)
     * \param latency completion latency (an estimate if nonzero)
     */
    void Configure(uint32_t depth, Time latency);

    /**
     * An MPDU the core saw in a PSDU was acked or dropped: the core now
     * owns the timing of its credit. The caller settles the queue
     * afterwards (Settle()).
     * \param ac access category index (0..3)
     * \param cookie the MPDU's cookie (never reused)
     * \param pending its charge, if any
     * \param acked ack (true) or drop
     * \return false if the core did not know the cookie (the caller
     *         credits at once)
     */
    bool Completed(uint8_t ac, uint64_t cookie, const PendingCharge& pending, bool acked);

    /**
     * A PSDU of hardware queue \p ac went on air.
     * \param ac access category index (0..3)
     * \param mpdus its MPDUs: cookie and charged bytes
     */
    void PsduStart(uint8_t ac, const std::vector<tsq_cmpl_mpdu_in>& mpdus);

    /**
     * Whether MPDUs are waiting in hardware queue \p ac (may ride in a
     * later PSDU); then settles the queue.
     * \param ac access category index (0..3)
     * \param waiting true if any is waiting
     */
    void QueueState(uint8_t ac, bool waiting);

    /**
     * Credit what is due now in queue \p ac and arm the timer for the next.
     * \param ac access category index (0..3)
     */
    void Settle(uint8_t ac);

    /**
     * Credit \p charge at once (not through the core), counted as released
     * by this device.
     * \param charge a claimed charge
     * \param reason the completion path, for the trace
     */
    void Credit(const TsqTxCompletion::Charge& charge, const char* reason);

    /** Teardown: the core releases everything it holds; due charges are credited. */
    void Flush();
    /** Cancel the timers (dispose). */
    void Cancel();

    /** \return bytes credited back to sockets (live or gone) by this device */
    uint64_t GetReleasedBytes() const;
    /** \return bytes taken at an ack or drop and not yet credited (held or due) */
    uint64_t GetPendingBytes() const;
    /** \return charged bytes of MPDUs sent and not yet acked or dropped (core) */
    uint64_t GetInFlightBytes() const;
    /** \return acked MPDUs the core had to hold */
    uint64_t GetHeldMpdus() const;
    /** \return hardware queues (access categories) whose model was made */
    uint32_t GetQueueModels() const;

  private:
    /** Per hardware queue (access category) state. */
    struct Hwq
    {
        tsq_cmpl cmpl; //!< the core's state
        EventId timer; //!< next due release
        Time timerAt;  //!< when the timer fires
    };

    /**
     * \param ac access category index (0..3)
     * \return its queue's state, made (and set up as configured) on first use
     */
    Hwq& Use(uint8_t ac);
    void PopDue(uint8_t ac);
    void CheckCore(uint8_t ac, const char* event) const;
    uint64_t SumCounter(u64 tsq_cmpl_counters::*counter) const;

    uint32_t m_nodeId;                                     //!< node (messages)
    Ptr<TsqTxCompletion> m_completion;                     //!< the credit path
    uint32_t m_depth{0};                                   //!< pipeline depth (0: not configured)
    Time m_latency;                                        //!< completion latency
    std::array<std::unique_ptr<Hwq>, 4> m_hwq;             //!< per AC, null until it carries data
    std::unordered_map<uint64_t, PendingCharge> m_pending; //!< by cookie
    uint64_t m_releasedBytes{0};                           //!< credited by this device
    uint64_t m_pendingBytes{0};                            //!< taken, not yet credited
};

} // namespace ns3

#endif /* TSQ_WIFI_COMPLETION_H */
