/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_UPLINK_RESULT_H
#define TSQ_WIFI_UPLINK_RESULT_H

#include "tsq-results-db.h"

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief What the gate link carried in a measured window, in the same terms
 * for the simulated gates and for the live kernel's.
 *
 * A "slot" is a data TXOP of the station (--gateTiming=edca: one the AP
 * acknowledged); the means are NaN where nothing was counted.
 */
struct TsqGateWindowStats
{
    uint64_t dataSlots{0};     //!< slots that carried frames
    double framesPerSlot{NAN}; //!< frames per such slot (edca: MPDUs per A-MPDU)
    double bytesPerSlot{NAN};  //!< their bytes per slot
    double acksPerTxop{NAN};   //!< ACK frames per AP TXOP that carried some
    uint64_t lostSlots{0};     //!< lost-contention slots (edca: collided station TXOPs)

    /**
     * Set the means from the window's totals (NaN over no slot or TXOP).
     * \param frames data frames in the dataSlots slots
     * \param bytes their bytes
     * \param ackFrames ACK frames in the AP's TXOPs
     * \param ackTxops AP TXOPs that carried some
     */
    void SetMeans(double frames, double bytes, double ackFrames, uint64_t ackTxops);
    /** Write them as the run's gate_* metrics. \param run the run record */
    void Record(TsqRunRecord& run) const;
};

/**
 * \ingroup tsq
 * \brief What one station measured, warm-up excluded (NaN: not measured,
 * e.g. no TSQ socket, UDP traffic, or a p2p link for the A-MPDU counts).
 */
struct WifiUplinkStationResult
{
    double goodputMbps{0};          //!< its flow's application bytes received
    uint64_t dataPsdus{0};          //!< its data PSDUs (its WifiTsqAdapter)
    double ampduMpdusMean{NAN};     //!< mean MPDUs per data PSDU
    double ampduByteFill{NAN};      //!< mean PSDU bytes / 65535
    uint64_t starvedPsdus{0};       //!< PSDUs with room left or a throttled socket
    uint64_t starvedTsqPsdus{0};    //!< PSDUs sent while a socket was throttled
    uint64_t throttleEvents{0};     //!< its TSQ sockets' "throttled" answers
    double srttMsMean{NAN};         //!< its sender socket, sampled every sampleIntervalS
    double cwndSegmentsMean{NAN};   //!< congestion window, segments
    double packetsOutMean{NAN};     //!< bytes in flight / MSS
    double pacingRateMbpsMean{NAN}; //!< the pacing rate TSQ uses, Mb/s
    double tsqLimitBytesMean{NAN};  //!< TSQ limit of the last check, bytes
    double queuedBytesMean{NAN};    //!< bytes below TCP
};

/**
 * \ingroup tsq
 * \brief What one run of the scenario measured, warm-up excluded.
 */
struct WifiUplinkResult
{
    double goodputMbps{0};                         //!< application bytes received, all flows
    std::vector<double> flowGoodputMbps;           //!< per station
    std::vector<WifiUplinkStationResult> stations; //!< per station (station 0 pings)
    double jainIndex{NAN};             //!< Jain's fairness index of the stations' goodputs
    double minStationGoodputMbps{NAN}; //!< the smallest station goodput
    double pingRttMsMean{0};           //!< mean ping RTT (0 if no reply)
    double pingRttMsP95{0};            //!< 95th percentile (nearest rank) of the ping RTT
    uint32_t pingReplies{0};           //!< number of ping replies measured
    // All stations' WifiTsqAdapter A-MPDU counts (core accounting), window only
    double ampduMpdusMean{0};             //!< mean MPDUs per data PSDU
    uint64_t dataPsdus{0};                //!< data PSDUs (first transmissions and retries)
    std::vector<uint64_t> ampduHistogram; //!< element n: PSDUs of n MPDUs (0..256)
    double ampduByteFill{0};              //!< mean PSDU bytes / 65535
    uint64_t starvedPsdus{0};             //!< PSDUs with room left or a throttled socket
    uint64_t starvedTsqPsdus{0};          //!< PSDUs sent while a socket was throttled
    // The stations' sender sockets, each sampled every sampleIntervalS in
    // the window: the mean over the stations of each one's mean (NaN: not
    // measured, e.g. no TSQ socket, or UDP traffic); the series are the
    // first station's
    double srttMsMean{0};         //!< smoothed RTT the TSQ socket uses (TsqSrtt), ms
    double cwndSegmentsMean{0};   //!< congestion window, segments
    double packetsOutMean{0};     //!< bytes in flight / MSS
    double pacingRateMbpsMean{0}; //!< the pacing rate TSQ uses, Mb/s
    double tsqLimitBytesMean{0};  //!< TSQ limit of the last check, bytes
    double queuedBytesMean{0};    //!< bytes below TCP (charged, not completed)
    uint64_t throttleEvents{0};   //!< TSQ "throttled" answers, all stations, window
    double windowStartS{0};       //!< simulated time the window starts, s
    double windowS{0}; //!< the measured window's length, s (durationS unless --precision)
    /// --precision: the window's batch means of goodput (0 batches: off)
    uint32_t goodputBatches{0};
    double goodputHalfWidthMbps{NAN}; //!< their 95% half-width, Mb/s
    double goodputSeMbps{NAN};        //!< their standard error, Mb/s
    double goodputBatchLag1{NAN};     //!< lag-1 autocorrelation of the batch means
    bool precisionReached{false};     //!< the window stopped on the precision, not at durationS
    uint64_t simEvents{0};            //!< events the simulator executed, whole run
    double simTimeS{0};               //!< simulated time of the whole run, s
    /// Stations whose receiver had no byte of theirs when the window
    /// started (a warm-up of 0 s checks nothing): a run that does not
    /// measure what it says. Failure() names them.
    std::vector<uint32_t> silentStations;
    std::map<std::string, TsqSeries> series; //!< TsqRunRecord::SERIES_* time series
    // TSQ balance over all stations' TSQ sockets, at the end of the run
    // (the drain included): the window's sockets, held from its start, so
    // a drain that outlives a socket (closed, TIME_WAIT over) still counts
    // its bytes, and any opened later.
    uint64_t tsqChargedBytes{0};  //!< bytes charged
    uint64_t tsqReleasedBytes{0}; //!< bytes released
    uint64_t tsqQueuedBytes{0};   //!< still charged (0 after a drain)
    uint64_t tsqOrphanBytes{0};   //!< released against a gone socket
    /// Charged bytes the stations' WiFi devices still hold at the end: MPDUs
    /// not yet sent, sent and not yet acknowledged or dropped, and credits
    /// not yet due.
    /// ns-3 3.37 keeps an MPDU in flight until its BlockAck exchange ends,
    /// which with many stations can be never; such bytes are not lost.
    uint64_t tsqDeviceHeldBytes{0};
    uint32_t socketPacingShift{0}; //!< first station's socket shift at the window's end
    // link "gate", window only (TsqSlotGate)
    TsqGateWindowStats gate;    //!< what the gate carried
    uint64_t gateCollisions{0}; //!< --gateTiming=edca: TXOPs in which both sent
    double packetsOutMax{NAN};  //!< largest sampled packets in flight, first station
    // Whole run (the warm-up and the drain included)
    uint64_t rxBytes{0};          //!< application bytes received, all flows
    uint32_t qdiscPeakPackets{0}; //!< largest backlog of the first station's root queue disc (0
                                  //!< under mq, whose children hold the packets: WiFi's default)

    /**
     * \return "" if every station delivered data before the window, else
     * a one-line message naming the stations that did not
     */
    std::string Failure() const;
};

} // namespace ns3

#endif /* TSQ_WIFI_UPLINK_RESULT_H */
