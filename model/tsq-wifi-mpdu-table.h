/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_MPDU_TABLE_H
#define TSQ_WIFI_MPDU_TABLE_H

#include "ns3/mac48-address.h"
#include "ns3/ptr.h"
#include "ns3/wifi-mpdu.h"

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

/**
 * \file
 * \ingroup tsq
 * The QoS data MPDUs a WifiTsqAdapter knows in its device's MAC queues:
 * each one's station, TID, access category, size, core cookie, and
 * whether it was sent and may still ride in a later PSDU.
 */

namespace ns3
{

/**
 * \ingroup tsq
 * \brief The QoS data MPDUs in one device's MAC queues, as the adapter
 * tracks them from enqueue to ack, drop or removal.
 *
 * It counts per access category the MPDUs that may ride in a later PSDU
 * ("waiting": queued and not on air), which the completion model is told.
 */
class TsqWifiMpduTable
{
  public:
    /** What the adapter knows about one MPDU. */
    struct Entry
    {
        Ptr<const WifiMpdu> mpdu; //!< keeps the cookie's object alive
        uint32_t sta{0};          //!< station index (A-MPDU accounting)
        uint8_t tid{0};           //!< TID
        uint8_t ac{0};            //!< access category index
        uint32_t size{0};         //!< MPDU size, bytes
        bool sent{false};         //!< transmitted at least once
        bool waiting{true};       //!< may ride in a later PSDU (not on air)
        uint64_t cookie{0};       //!< the core's cookie: unique, never reused
    };

    /**
     * Start tracking an MPDU, waiting and not sent.
     * \param mpdu the MPDU
     * \param sta its station index
     * \param ac its access category index (0..3)
     * \return its entry, or nullptr when it is tracked already (re-inserted,
     *         e.g. moved by the MAC)
     */
    Entry* Track(Ptr<const WifiMpdu> mpdu, uint32_t sta, uint8_t ac);
    /**
     * \param mpdu an MPDU
     * \return its entry, or nullptr when not tracked
     */
    Entry* Find(Ptr<const WifiMpdu> mpdu);
    /**
     * The MPDU left the air without a completion (NAcked, timed out): it
     * may ride in a later PSDU again.
     * \param mpdu the MPDU
     * \param ac set to its access category when it changed
     * \return true when it was tracked and not waiting
     */
    bool MarkWaiting(Ptr<const WifiMpdu> mpdu, uint8_t& ac);
    /**
     * The MPDU goes on air: not waiting, sent.
     * \param entry its entry
     * \return whether it had never been sent before
     */
    bool MarkSent(Entry& entry);
    /**
     * Stop tracking an MPDU.
     * \param mpdu the MPDU
     * \param entry set to its entry as it was
     * \return true when it was tracked
     */
    bool Forget(Ptr<const WifiMpdu> mpdu, Entry& entry);
    /**
     * \param ac an access category index (0..3)
     * \return whether an MPDU of it may ride in a later PSDU
     */
    bool HasWaiting(uint8_t ac) const;
    /**
     * The MPDU now at the head of a (station, TID) queue that could have
     * ridden along with a PSDU: the oldest waiting one (lowest sequence
     * number).
     * \param to the receiver
     * \param tid the TID
     * \return it, or nullptr when none waits
     */
    Ptr<const WifiMpdu> NextWaiting(Mac48Address to, uint8_t tid) const;
    /** \return the MPDUs tracked, in no order */
    std::vector<Ptr<const WifiMpdu>> Mpdus() const;
    /** \return the MPDUs tracked that were never sent, in no order */
    std::vector<Ptr<const WifiMpdu>> UnsentMpdus() const;
    /** \return how many MPDUs are tracked */
    std::size_t Size() const;
    /** Forget every MPDU. */
    void Clear();

  private:
    std::unordered_map<const WifiMpdu*, Entry> m_mpdus; //!< MPDUs queued
    std::array<uint32_t, 4> m_waiting{};                //!< per AC: MPDUs that may ride later
    uint64_t m_nextCookie{1};                           //!< next Entry::cookie
};

} // namespace ns3

#endif /* TSQ_WIFI_MPDU_TABLE_H */
