/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WIFI_TSQ_ADAPTER_H
#define WIFI_TSQ_ADAPTER_H

#include "tsq-ampdu-stats.h"
#include "tsq-netif-schedule.h"
#include "tsq-tx-completion.h"
#include "tsq-wifi-completion.h"
#include "tsq-wifi-mpdu-table.h"
#include "tsq/pacing.h"

#include "ns3/mac48-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/qos-utils.h"
#include "ns3/traced-callback.h"
#include "ns3/wifi-mac.h"
#include "ns3/wifi-mpdu.h"
#include "ns3/wifi-phy.h"
#include "ns3/wifi-psdu.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

class WifiNetDevice;
class WifiMacQueue;

/**
 * \ingroup tsq
 * \brief The TSQ side of one WiFi device: it follows every QoS data MPDU
 * through the MAC (its table of MPDUs), applies the mac80211 pacing-shift
 * policy, and feeds TX completions to TsqWifiCompletion and the MAC's
 * queues and PSDUs to TsqAmpduStats.
 *
 * - Completions (tcp_wfree): WifiMac "AckedMpdu" (Ack or BlockAck) and
 *   "DroppedMpdu" (retry limit, lifetime, failed enqueue, old packet), plus
 *   WifiMac "MacTxDrop" (StaWifiMac/ApWifiMac refuse a frame for an unknown
 *   receiver before it has an MPDU). "NAckedMpdu" is not a completion: the
 *   MPDU is retried. Each MPDU's charge is taken (its TsqTag removed) at its
 *   ack or drop and given to the core's completion model
 *   (tsq/completion.h), which says when it is due: at once for the "ns3"
 *   profile (depth 1), held until the next aggregate of the same hardware
 *   queue starts for "ath9k" (depth 2), plus CompletionLatency. Due charges
 *   are credited from a timer. Flush() (and DoDispose()) releases everything
 *   still held or queued.
 * - Pacing shift: when a frame of a local TsqTcpSocket enters a MAC queue
 *   (WifiMacQueue "Enqueue": StaWifiMac/ApWifiMac queue a frame only for a
 *   receiver they can forward to, i.e. mac80211's "known station"), the
 *   device's policy is applied (sk_pacing_shift_update, 36148c2bbfbe).
 * - A-MPDU accounting (tsq/ampdu.h): MAC queue enqueues, first
 *   transmissions and drops per (station, TID); each data PSDU from WifiPhy
 *   "PhyTxPsduBegin" with its MPDU count, size, airtime and the size of the
 *   next MPDU waiting; the number of TSQ-throttled local sockets per
 *   station (aggregation starvation).
 *
 * A-MSDU is refused: packet tags do not survive A-MSDU aggregation.
 */
class WifiTsqAdapter : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    WifiTsqAdapter();
    ~WifiTsqAdapter() override;

    /**
     * Connect to \p device's MAC, MAC queues and PHY. The node must have a
     * TsqTxCompletion aggregated (TsqHelper does it). Ends the program with
     * a message naming the attribute if the device has A-MSDU enabled.
     * \param device the WiFi device
     */
    void Install(Ptr<WifiNetDevice> device);

    /**
     * Connect to \p device as Install() does, but without a credit path:
     * the MPDU table and the A-MPDU statistics only, for runs without TSQ
     * sockets (a plain ns-3 TCP baseline measured the same way). Charges,
     * if any, are never credited.
     * \param device the WiFi device
     */
    void InstallStatisticsOnly(Ptr<WifiNetDevice> device);

    /**
     * Teardown (device down): release every charge still held, due or
     * queued in the MAC, at once.
     */
    void Flush();

    /**
     * Set the kernel profile whose mac80211 pacing-shift policy applies when
     * the PacingShiftPolicy attribute is "profile".
     * \param name a core kernel profile name (e.g. "linux-4.16")
     */
    void SetKernelProfile(const std::string& name);

    /**
     * Set this device's pacing-shift policy (the PacingShiftPolicy attribute),
     * also after Install: one station's card of a cell may differ from the
     * others'. Ends the program on a value the attribute refuses.
     * \param policy "profile", "none" or a shift 0..31
     */
    void SetPacingShiftPolicy(const std::string& policy);

    /**
     * \return the pacing shift this device writes into local sockets, or -1
     * when its policy is "none"
     */
    int GetPacingShiftPolicy() const;

    /**
     * \ingroup tsq
     * \brief What the adapter counted: its A-MPDU statistics (TsqAmpduStats)
     * and the state of its charges (TsqWifiCompletion), read at one time.
     */
    struct Statistics
    {
        /** element n: data PSDUs of n MPDUs (0..256) */
        std::vector<uint64_t> ampduHistogram;
        uint64_t dataPsdus{0};      //!< data PSDUs sent (first transmissions and retries)
        uint64_t dataMpdus{0};      //!< MPDUs in those PSDUs
        double ampduMpdusMean{0};   //!< mean MPDUs per data PSDU (0 if none)
        double ampduByteFill{0};    //!< mean PSDU size over the A-MPDU byte limit (0..1)
        double mpduFillRatio{0};    //!< mean MPDU count over the BlockAck window (0..1)
        double airtimeFillRatio{0}; //!< mean PSDU airtime over the PPDU duration limit (0..1)
        /** PSDUs that left room for a waiting MPDU or went out while a
         *  local socket toward that station was throttled */
        uint64_t starvedPsdus{0};
        uint64_t starvedTsqPsdus{0}; //!< PSDUs sent while a socket toward the station was throttled
        uint64_t releasedBytes{0};   //!< bytes credited back to sockets (live or gone)
        uint64_t pendingBytes{0};    //!< bytes taken at an ack or drop, not yet credited
        uint64_t queuedMpdus{0};     //!< QoS data MPDUs in the MAC queues (waiting or on air)
        uint64_t inFlightBytes{0};   //!< charged bytes of MPDUs sent, not yet acked or dropped
        /** charged bytes of the MPDUs in the MAC queues never sent yet (the
         *  third place a charge can be: with in-flight and pending, all of
         *  the device's) */
        uint64_t unsentChargedBytes{0};
        uint64_t heldMpdus{0};    //!< acked MPDUs the completion model had to hold
        uint64_t shiftUpdates{0}; //!< times this device wrote a socket's pacing shift
        /** station slots of the A-MPDU accounting made so far */
        uint32_t stationSlots{0};
        /** access categories whose completion model was made */
        uint32_t completionModels{0};
    };

    /** \return the statistics now */
    Statistics GetStatistics() const;
    /** Zero the A-MPDU statistics (histogram, sums, starvation), keeping
     *  the queue state: for measurement windows. */
    void ResetAmpduStats();

    /**
     * TracedCallback signature for a PSDU seen by the A-MPDU accounting.
     * \param nMpdus MPDUs in the PSDU
     * \param bytes PSDU size
     * \param starved true if the core counted it as starved
     */
    typedef void (*AmpduTracedCallback)(uint32_t nMpdus, uint32_t bytes, bool starved);

  protected:
    void DoDispose() override;

  private:
    void Connect(Ptr<WifiNetDevice> device, Ptr<TsqTxCompletion> completion);
    void ApplyAttributes();
    uint32_t StationIndex(Mac48Address address);
    /**
     * Connect a MAC queue's Enqueue and every removal trace (Dequeue, Drop,
     * Expired); a null queue is skipped.
     * \param queue the queue
     * \param txq the device's transmit queue behind it (SIZE_MAX: none)
     */
    void ConnectQueue(Ptr<WifiMacQueue> queue, std::size_t txq);
    static bool QosAc(const WifiMacHeader& hdr, uint8_t& ac);

    void OnEnqueue(Ptr<const WifiMpdu> mpdu);
    void OnQueueRemove(Ptr<const WifiMpdu> mpdu);
    /**
     * An MPDU left the MAC queue behind the device's transmit queue \p txq
     * (its Dequeue trace): Linux would run the qdisc again (TsqNetifSchedule).
     * \param txq the device's transmit queue (the access category's index)
     * \param mpdu the MPDU
     */
    void OnMacDequeue(std::size_t txq, Ptr<const WifiMpdu> mpdu);
    void OnPsduBegin(WifiConstPsduMap psdus, WifiTxVector txVector, double txPowerW);
    void OnAcked(Ptr<const WifiMpdu> mpdu);
    void OnDropped(WifiMacDropReason reason, Ptr<const WifiMpdu> mpdu);
    void OnNAcked(Ptr<const WifiMpdu> mpdu);
    void OnMacTxDrop(Ptr<const Packet> packet);
    /** A station's (de)association: release its ARP cache's waiting packets. */
    void OnLinkChange(Mac48Address bssid);
    void OnMpduTimeout(uint8_t reason, Ptr<const WifiMpdu> mpdu, const WifiTxVector& txVector);
    void OnPsduTimeout(uint8_t reason, Ptr<const WifiPsdu> psdu, const WifiTxVector& txVector);

    void PsduStarted(Ptr<const WifiPsdu> psdu, const WifiTxVector& txVector);
    void Complete(Ptr<const WifiMpdu> mpdu, bool acked);
    void MarkWaiting(Ptr<const WifiMpdu> mpdu);
    void Forget(Ptr<const WifiMpdu> mpdu, bool dropped);
    void ReportQueueState(uint8_t ac);
    void ApplyShift(Ptr<const WifiMpdu> mpdu);
    uint32_t ThrottledSockets(uint32_t sta) const;
    void CheckAmsdu() const;

    /**
     * The aggregation limits a data PSDU was formed under: its PPDU
     * format's (HT, VHT or HE), the A-MPDU length ns-3's aggregator allows
     * towards its recipient (the smaller of this MAC's and the
     * recipient's advertised one, as an exponent) and the buffer size of
     * the BlockAck agreement (the format's largest before one exists).
     * \param hdr the header of the PSDU's first MPDU
     * \param txVector the PSDU's TXVECTOR
     * \return the limits; all zero for a non-HT PPDU (the accounting then
     *         uses its default, 802.11n's)
     */
    tsq_ampdu_limits AgreedLimits(const WifiMacHeader& hdr, const WifiTxVector& txVector) const;

    // attributes
    std::string m_driverProfile;     //!< core driver profile name
    Time m_latency;                  //!< completion latency (an estimate if nonzero)
    uint32_t m_depthAttr{0};         //!< PipelineDepth, 0 = the driver profile's
    std::string m_softwareGso;       //!< SoftwareGso: "profile", "on" or "off"
    bool m_softwareGsoOn{false};     //!< SoftwareGso resolved
    std::string m_pacingShiftPolicy; //!< "profile", "none" or 0..31
    std::string m_kernelProfile;     //!< kernel profile for "profile"
    uint32_t m_maxStations;          //!< the most station slots of the A-MPDU accounting

    Ptr<WifiNetDevice> m_device;               //!< the device
    Ptr<WifiMac> m_mac;                        //!< its MAC
    Ptr<TsqTxCompletion> m_completion;         //!< the node's credit path
    uint32_t m_nodeId{0};                      //!< node id
    tsq_shift_policy m_policy;                 //!< device pacing-shift policy
    std::unique_ptr<TsqWifiCompletion> m_cmpl; //!< TX completion timing
    std::unique_ptr<TsqAmpduStats> m_ampdu;    //!< A-MPDU statistics
    bool m_netifScheduleOn{true};              //!< NetifSchedule attribute
    std::unique_ptr<TsqNetifSchedule> m_netif; //!< qdisc reruns (Install() only)
    TsqWifiMpduTable m_mpdus;                  //!< the QoS data MPDUs in the MAC queues
    std::map<uint64_t, uint32_t> m_socketSta;  //!< local socket id -> station slot
    uint64_t m_shiftUpdates{0};                //!< pacing-shift writes
    bool m_installed{false};                   //!< Install() was called

    TracedCallback<uint32_t, uint32_t, bool> m_ampduTrace; //!< PSDU accounting
    TracedCallback<uint64_t, uint32_t> m_shiftTrace;       //!< socket id, shift written
};

} // namespace ns3

#endif /* WIFI_TSQ_ADAPTER_H */
