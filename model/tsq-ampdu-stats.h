/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_AMPDU_STATS_H
#define TSQ_AMPDU_STATS_H

#include "tsq/ampdu.h"

#include "ns3/mac48-address.h"

#include <cstdint>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief A-MPDU statistics of one WiFi device: the core's A-MPDU accounting
 * (tsq/ampdu.h) per receiving station and TID.
 *
 * The owner (WifiTsqAdapter) reports what the MAC did: MPDUs queued, first
 * transmitted or dropped unsent, and each data PSDU with its MPDU count,
 * size, airtime, the size of the next MPDU still waiting for the same
 * station and TID, and how many local sockets toward that station were
 * TSQ-throttled. The class keeps the histogram of MPDUs per A-MPDU, the
 * fill against the 802.11n limits and the aggregation-starvation counts.
 * Stations get slots in the order they are first seen, each slot made
 * then (about 1.2 KB: a station device, which only sends to its AP, holds
 * one, an AP one per station it sent to); frames to stations beyond the
 * most slots allowed are not counted.
 */
class TsqAmpduStats
{
  public:
    /** \param maxStations the most station slots made (1..4096); none is made here */
    explicit TsqAmpduStats(uint32_t maxStations);

    TsqAmpduStats(const TsqAmpduStats&) = delete;
    TsqAmpduStats& operator=(const TsqAmpduStats&) = delete;

    /** The station slot value of a receiver without a slot. */
    static constexpr uint32_t NO_STATION = UINT32_MAX;

    /**
     * \param address a receiver
     * \return its slot, made at the first call; NO_STATION once the most
     *         slots allowed are made
     */
    uint32_t StationIndex(Mac48Address address);

    /** \return station slots made so far (receivers counted) */
    uint32_t GetStationSlots() const;

    /**
     * An MPDU entered the MAC queue.
     * \param sta station slot (NO_STATION: ignored)
     * \param tid QoS TID
     * \param bytes MPDU size
     */
    void Enqueue(uint32_t sta, uint8_t tid, uint32_t bytes);
    /**
     * A queued MPDU was transmitted for the first time, or left the queue
     * unsent and not dropped.
     * \param sta station slot (NO_STATION: ignored)
     * \param tid QoS TID
     * \param bytes MPDU size
     */
    void Dequeue(uint32_t sta, uint8_t tid, uint32_t bytes);
    /**
     * A queued MPDU was dropped before its first transmission.
     * \param sta station slot (NO_STATION: ignored)
     * \param tid QoS TID
     * \param bytes MPDU size
     */
    void Drop(uint32_t sta, uint8_t tid, uint32_t bytes);

    /**
     * A data PSDU went on air.
     * \param psdu its description (sta, tid, MPDUs, bytes, airtime, rate,
     *        next waiting MPDU's size)
     * \param throttled local sockets toward that station that are TSQ-throttled
     * \return true if the core counted it as starved
     */
    bool PsduTx(const tsq_ampdu_psdu& psdu, uint32_t throttled);

    /** \return histogram: element n is the number of data PSDUs of n MPDUs (0..256) */
    std::vector<uint64_t> GetHistogram() const;
    /** \return data PSDUs transmitted (first transmissions and retries) */
    uint64_t GetDataPsdus() const;
    /** \return MPDUs in those PSDUs */
    uint64_t GetDataMpdus() const;
    /** \return mean MPDUs per data PSDU (0 if none) */
    double GetMeanMpdus() const;
    /** \return mean PSDU size over the A-MPDU byte limit (0..1) */
    double GetByteFill() const;
    /** \return mean MPDU count over the BlockAck window (0..1) */
    double GetMpduFill() const;
    /** \return mean PSDU airtime over the PPDU duration limit (0..1) */
    double GetAirtimeFill() const;
    /** \return PSDUs that left room for a waiting MPDU or went out while a
     *  local socket toward that station was TSQ-throttled */
    uint64_t GetStarved() const;
    /** \return PSDUs sent while a local socket toward that station was throttled */
    uint64_t GetStarvedTsq() const;

    /** Zero the statistics (histogram, sums, starvation), keeping the
     *  queue state: for measurement windows. */
    void Reset();

  private:
    /**
     * \param field a field of the core's fill of the device totals
     * \param unit its unit (1000: x1000, 1e6: ppm)
     * \return the field in ones (0 when no PSDU was counted)
     */
    double Fill(uint32_t tsq_ampdu_fill::*field, double unit) const;

    tsq_ampdu m_ampdu;                           //!< the core's accounting
    std::vector<tsq_ampdu_sta> m_sta;            //!< its station slots, one per receiver seen
    uint32_t m_maxStations;                      //!< the most slots made
    std::map<Mac48Address, uint32_t> m_staIndex; //!< receiver to slot
};

} // namespace ns3

#endif /* TSQ_AMPDU_STATS_H */
