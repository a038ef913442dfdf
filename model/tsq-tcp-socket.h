/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_TCP_SOCKET_H
#define TSQ_TCP_SOCKET_H

#include "tsq-kernel-config.h"
#include "tsq-ns3-compat.h"

#include "ns3/data-rate.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/traced-callback.h"
#include "ns3/traced-value.h"

#include <cstdint>
#include <string>
#include <tsq/tsq.h>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Per-socket TSQ statistics (bytes are truesize bytes).
 */
struct TsqSocketStats
{
    uint64_t chargedBytes{0};         //!< charged at send, total
    uint64_t releasedBytes{0};        //!< released at TX completion, total
    uint64_t queuedBytes{0};          //!< below TCP now (charged - released)
    uint64_t peakQueuedBytes{0};      //!< largest queuedBytes seen
    uint64_t throttleEvents{0};       //!< TSQ checks that answered "throttled"
    uint64_t resumes{0};              //!< releases that scheduled a resume
    uint64_t currentLimit{0};         //!< limit of the last check (UINT64_MAX: none)
    uint64_t overReleases{0};         //!< ReleaseBytes calls refused by the core
    uint64_t overReleasedBytes{0};    //!< bytes of those calls
    uint64_t bursts{0};               //!< TSQ checks made (one per burst or segment)
    uint64_t segments{0};             //!< data segments charged
    uint64_t retransmitsOverLimit{0}; //!< retransmissions sent although the check said "throttled"
    uint64_t heldCwndIncreases{0};    //!< IncreaseWindow calls held back by CwndValidation
    uint64_t linuxRttSamples{0};      //!< RTT samples taken by the Linux estimator (LinuxRtt)
};

/**
 * \ingroup tsq
 * \brief A TcpSocketBase with Linux TCP Small Queues.
 *
 * The socket charges every data segment it hands to TcpL4Protocol (its
 * truesize share, see TsoBursts) to the core's per-socket accounting
 * (struct tsq_sock) and tags it with a TsqTag; a TX-completion adapter
 * gives the bytes back with ReleaseBytes() (the tcp_wfree moment). Before a
 * burst goes down the core's tsq_small_queue_check() decides whether it may
 * go; on "throttled" nothing is sent and AvailableWindow() answers 0 until a
 * release makes the core ask for a resume, which runs SendPendingData()
 * from a fresh event (Simulator::ScheduleNow).
 *
 * The Linux behaviours are separate attributes so experiments can isolate
 * them: TsqRule (with KernelProfile, InitialPacingShift, LimitOutputBytes,
 * FloorBytes), LinuxPacingRate, CwndValidation and TsoBursts. With
 * TsqRule "off" and the three booleans false the socket behaves exactly as
 * TcpSocketBase (the tsq-socket test suite checks it event for event); it
 * still charges, tags and counts.
 *
 * RTT: with LinuxRtt (default) the socket keeps Linux's RTT estimate
 * beside ns-3's (core tsq_rtt): one sample per ACK from the last send
 * time of the segments it (s)acks, in microseconds (tcp_clean_rtx_queue,
 * tcp_sacktag_one; Karn's rule; the timestamp echo only when no segment
 * gives a sample), smoothed by tcp_rtt_estimator and a windowed min RTT.
 * That srtt feeds the Linux pacing rate, that min RTT TSO autosizing and
 * the rate sampler, and each ACK's sample (ca_rtt) Linux HyStart. ns-3's
 * own estimator (RTO, its congestion controls, m_lastRtt, m_minRtt) is
 * left as it is: 3.37 feeds it from the timestamp echo, in whole ms.
 *
 * Pacing rate: with LinuxPacingRate the rate used for the TSQ limit and
 * TSO autosizing is the core's tsq_update_pacing_rate() of the current
 * state (mss, cwnd, packets out, ssthresh, the smoothed RTT above), or the
 * congestion control's own rate when it has one (BBR,
 * HasCongControl()). It is NEVER written into TcpSocketState::m_pacingRate:
 * ns-3's own pacing (TcpSocketState EnablePacing) keeps its own rate, which
 * ns-3 recomputes on every ACK with the same Linux formula, so writing ours
 * would only fight it. Without LinuxPacingRate the TSQ limit uses ns-3's
 * m_pacingRate as is (MaxPacingRate, 4 Gb/s, unless pacing is enabled).
 * The Linux rate is computed when it is needed (at each TSQ check), not on
 * each ACK as Linux does; between two ACKs only packets_out can change, and
 * it enters the formula only through max(cwnd, packets_out).
 *
 * Not charged: control segments (SYN, FIN without data, pure ACKs; Linux
 * charges pure ACKs with __sock_wfree, but a bulk sender sends almost none).
 *
 * Delivery rate: with LinuxRateSample (default) the socket's rate
 * estimator (TcpSocketBase::m_rateOps, what BBR's CongControl reads) is a
 * TsqRateOps, Linux 4.16's tcp_rate.c from the core, fed this socket's
 * bytes queued below TCP and unacknowledged bytes, instead of ns-3 3.37's
 * TcpRateLinux, whose ACK-phase defect makes BBR collapse. Only congestion
 * controls with their own control loop (HasCongControl(): BBR) read it;
 * for the transparency contract above, LinuxRateSample is false too.
 */
class TsqCwndValidationOps;
class TcpTxItem;

class TsqTcpSocket : public TcpSocketBase
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    /**
     * TracedCallback signature of the Throttled trace.
     * \param queued bytes below TCP at the check
     * \param limit the limit in force at the check
     */
    typedef void (*ThrottledCallback)(uint64_t queued, uint64_t limit);

    /**
     * TracedCallback signature of the Resumed trace.
     * \param queued bytes below TCP when the resume runs
     */
    typedef void (*ResumedCallback)(uint64_t queued);

    TsqTcpSocket();

    /**
     * \brief Copy constructor (Fork of a listening socket); the copy gets a
     * new registry id and nothing charged.
     * \param sock the socket to copy
     */
    TsqTcpSocket(const TsqTcpSocket& sock);
    ~TsqTcpSocket() override;

    /**
     * \brief TX completion of bytes this socket charged (tcp_wfree).
     *
     * Calls the core; when it asks for a resume, schedules it with
     * Simulator::ScheduleNow (never sends from inside the caller's
     * callback). Releasing more than is queued is refused by the core: a
     * warning is logged and counted (TsqSocketStats::overReleases), nothing
     * changes.
     * \param bytes the bytes of a TsqTag
     */
    void ReleaseBytes(uint32_t bytes);

    /**
     * \brief sk_pacing_shift_update(): a device's policy sets the shift.
     *
     * Writes through the core (tsq_sk_pacing_shift_update: only when the
     * value differs, not for a TIME_WAIT socket) and fires the PacingShift
     * trace when it changed. A value above 31 is refused with a warning.
     * \param shift the new sk_pacing_shift
     */
    void UpdatePacingShift(uint8_t shift);

    /**
     * What a device's shift policy does to this socket when one of its
     * frames is queued (the core's tsq_shift_policy_apply: mac80211 writes
     * the shift only for a frame to a known station, and never for a
     * TIME_WAIT socket). Fires the PacingShift trace when it changed.
     * \param policy the device's policy
     * \param knownStation the frame goes to a station the MAC can reach
     * \return true when the socket's shift changed
     */
    bool ApplyShiftPolicy(const struct tsq_shift_policy& policy, bool knownStation);

    /** \return the socket's sk_pacing_shift now */
    uint8_t GetPacingShift() const;

    /** \return the id this socket's TsqTags carry (TsqSocketRegistry) */
    uint64_t GetTsqId() const;

    /** \return true while the core holds the socket throttled */
    bool IsThrottled() const;

    /**
     * \brief The egress device segments TSO bursts in software without
     * NETIF_F_SG (validate_xmit_skb -> skb_segment: linear segments), so
     * every segment is charged its own truesize
     * (tsq_gso_segment_truesize) instead of a share of the burst's. A
     * device adapter calls this (as it applies the pacing shift); the
     * SoftwareGso attribute sets the initial value.
     * \param enable true for a device without NETIF_F_SG
     */
    void SetSoftwareGso(bool enable);
    /** \return true while segments are charged as software-GSO segments */
    bool GetSoftwareGso() const;
    /** \return a snapshot of the socket's TSQ statistics */
    TsqSocketStats GetStats() const;

    /** \return the kernel profile in use */
    const struct tsq_profile* GetProfile() const;

    /**
     * \return the smoothed RTT TSQ, pacing and autosizing use: Linux's
     * (LinuxRtt), else ns-3's estimate; 0 before the first sample
     */
    Time GetSrtt() const;

    /**
     * \return the min RTT TSO autosizing and the rate sampler use: Linux's
     * windowed min (LinuxRtt), else ns-3's m_minRtt; Time::Max() before
     * the first sample
     */
    Time GetMinRtt() const;

    /**
     * \brief Set the congestion control, wrapped in a TsqCwndValidationOps
     * (hides TcpSocketBase's non-virtual method of the same name; the
     * factory calls this one). The wrapper is transparent while the
     * CwndValidation attribute is false.
     * \param algo the congestion control
     */
    void SetCongestionControlAlgorithm(Ptr<TcpCongestionOps> algo);

    /** \return the congestion control as configured, without the wrapper */
    Ptr<TcpCongestionOps> GetCongestionControlAlgorithm() const;

    /**
     * \brief Set the RTT estimator, wrapped in a TsqRttSampleEstimator so
     * that Linux HyStart sees raw samples (the estimate, variation and
     * RTO stay the wrapped estimator's).
     * \param rtt the estimator (TcpL4Protocol's RttEstimatorType)
     */
    void SetRtt(Ptr<RttEstimator> rtt) override;

    /**
     * \return the socket's delivery-rate estimator (a TsqRateOps with
     * LinuxRateSample, else ns-3's TcpRateLinux), e.g. to connect its
     * TcpRateSampleUpdated trace
     */
    Ptr<TcpRateOps> GetRateOps() const;

  protected:
    Ptr<TcpSocketBase> Fork() override;
    uint32_t AvailableWindow() const override;
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;
    void DoDispose() override;
    /** Starts the Linux RTT sample of this ACK (timestamp echo, segments). */
    void ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    /** Ends the Linux RTT sample (tcp_ack_update_rtt) before cwnd moves. */
    void ProcessAck(const SequenceNumber32& ackNumber,
                    bool scoreboardUpdated,
                    uint32_t currentDelivered,
                    const SequenceNumber32& oldHeadSequence TSQ_PROCESS_ACK_EXTRA_PARAM) override;
    /** The handshake's Linux RTT sample (SYN or SYN-ACK send time). */
    void EstimateRtt(const TcpHeader& tcpHeader) override;
    /** Remembers when a SYN (or SYN-ACK) went, and if it was a retry. */
    void SendEmptyPacket(uint8_t flags) override;

  private:
    /* attribute setters, each validating its value */
    void SetKernelProfile(std::string name);
    std::string GetKernelProfileName() const;
    void SetTsqRule(std::string id);
    void SetKernelForms(std::string list);
    std::string GetKernelForms() const;
    std::string GetTsqRuleId() const;
    void SetPacingShiftAttr(uint32_t shift);
    uint32_t GetPacingShiftAttr() const;
    void SetLimitOutputBytes(uint32_t bytes);
    uint32_t GetLimitOutputBytes() const;
    void SetFloorBytes(uint32_t bytes);
    uint32_t GetFloorBytes() const;
    void SetMinTsoSegs(uint32_t segs);
    uint32_t GetMinTsoSegs() const;
    void SetGsoMaxSize(uint32_t bytes);
    uint32_t GetGsoMaxSize() const;
    void SetMaxTcpHeader(uint32_t bytes);
    uint32_t GetMaxTcpHeader() const;

    /** Connects OnTx to this socket's own Tx trace. */
    void ConnectTx();
    /** Disconnects OnTx of another socket (copied with the trace). */
    void DisconnectTx(const TsqTcpSocket* other);

    /**
     * The socket's Tx trace: tags and charges an armed data segment before
     * it goes down (drops below may be synchronous).
     */
    void OnTx(Ptr<const Packet> packet, const TcpHeader& header, Ptr<const TcpSocketBase> socket);

    /** The resume scheduled by ReleaseBytes (tcp_tsq_handler). */
    void TsqHandler();

    /** \return the pacing rate TSQ and autosizing use, bytes/s */
    uint64_t CurrentPacingRate();
    /** \return the TSO autosize (segments) at @rate */
    uint32_t AutosizeSegments(uint64_t rate) const;
    /**
     * \return the raw RTT sample of the ACK being processed, in us, once;
     * -1 when it brought none or was already taken
     */
    int64_t TakeRttSampleUs();
    /** Points the congestion-control wrapper's callbacks at this socket. */
    void WireWrapper(Ptr<TsqCwndValidationOps> wrapper);
    /** Tells the HyStart decorator the LinuxHyStart attribute and the profile's form. */
    void ApplyLinuxHyStart();
    /** LinuxHyStart setter: also tells the HyStart decorator. */
    void SetLinuxHyStartAttr(bool enable);
    /** \return the LinuxHyStart attribute */
    bool GetLinuxHyStartAttr() const;
    /** LinuxStretchAcks setter: also tells the HyStart decorator. */
    void SetLinuxStretchAcksAttr(bool enable);
    /** \return the LinuxStretchAcks attribute */
    bool GetLinuxStretchAcksAttr() const;
    /** LinuxRateSample setter: installs the matching rate estimator. */
    void SetLinuxRateSampleAttr(bool enable);
    /** \return the LinuxRateSample attribute */
    bool GetLinuxRateSampleAttr() const;
    /**
     * Makes m_rateOps a TsqRateOps wired to this socket (LinuxRateSample)
     * or, when it is one and the attribute is false, ns-3's TcpRateLinux.
     */
    void InstallRateOps();
    /**
     * A segment the ACK path delivered (TsqRateOpsTap): its send time and
     * retransmission flag go into the Linux RTT sample of this ACK.
     */
    void OnSegmentDelivered(TcpTxItem* item);
    /** Reads the timestamp echo of @tcpHeader for the RTT fallback. */
    void ReadTsEcho(const TcpHeader& tcpHeader);
    /** Feeds one ACK's sample to the core (tcp_ack_update_rtt). */
    void UpdateLinuxRtt(bool dataAcked);
    /** \return the Linux min RTT as a Time, for TsqRateOpsTap */
    Time LinuxMinRtt() const;
    /** \return srtt in us << 3 for the pacing rate (tp->srtt_us) */
    uint32_t SrttX8Us() const;
    /** \return min RTT in us for TSO autosizing, TSQ_MIN_RTT_UNKNOWN if none */
    uint32_t MinRttUs() const;
    /** LinuxRtt setter. */
    void SetLinuxRttAttr(bool enable);
    /** \return the LinuxRtt attribute */
    bool GetLinuxRttAttr() const;
    /** TxDelay setter: 0..INT_MAX us. */
    void SetTxDelay(Time delay);
    /** \return the TxDelay attribute */
    Time GetTxDelay() const;

    /** \return bytes queued below TCP (sk_wmem_alloc_get), for TsqRateOps */
    uint64_t RateWmemAlloc() const;
    /** \return unacknowledged bytes (packets_out != 0), for TsqRateOps */
    uint32_t RatePacketsOut() const;

    /**
     * The TSQ check of one skb (burst or segment).
     * \return true when it may go
     */
    bool SmallQueueCheck(uint64_t rate, uint32_t truesize, uint32_t factor);

    /** Feeds the core's cwnd-validation state after a send attempt. */
    void CwndValidate(uint32_t sentSegments);

    /** \return the core's answer to "may cwnd grow?" (true when CwndValidation is off) */
    bool CwndGrowthAllowed();

    /** Sends one segment through TcpSocketBase with a charge armed. */
    uint32_t SendCharged(SequenceNumber32 seq, uint32_t maxSize, bool withAck, uint32_t charge);

    /** Publishes the core's counters on the traced values. */
    void SyncTraces();

    // configuration
    TsqKernelConfig m_kernel;           //!< the kernel modelled: profile and overrides
    bool m_linuxPacingRate{true};       //!< LinuxPacingRate
    bool m_cwndValidation{true};        //!< CwndValidation
    bool m_tsoBursts{true};             //!< TsoBursts
    bool m_softwareGso{false};          //!< SoftwareGso
    bool m_ksoftirqdCompletions{false}; //!< KsoftirqdCompletions
    bool m_linuxHystart{true};          //!< LinuxHyStart
    bool m_linuxStretchAcks{true};      //!< LinuxStretchAcks
    bool m_linuxRateSample{true};       //!< LinuxRateSample
    bool m_linuxRtt{true};              //!< LinuxRtt

    // core state
    struct tsq_sock m_sk;               //!< the socket's TSQ accounting
    struct tsq_cwnd_state m_cwndState;  //!< tcp_cwnd_validate state
    uint64_t m_id{0};                   //!< registry id
    bool m_disposed{false};             //!< DoDispose ran: releases count, nothing is sent
    bool m_chargingNoted{false};        //!< TsqTxCompletion::NoteCharging was called
    bool m_armed{false};                //!< a charge is armed for the next Tx
    uint32_t m_armedBytes{0};           //!< the armed charge
    SequenceNumber32 m_lastBurstSeq{0}; //!< first sequence of the last skb sent
    Ptr<TcpCongestionOps> m_userCc;     //!< the congestion control, unwrapped
    uint64_t m_overReleases{0};         //!< refused releases
    uint64_t m_overReleasedBytes{0};    //!< their bytes
    uint64_t m_bursts{0};               //!< checks made
    uint64_t m_segments{0};             //!< segments charged
    uint64_t m_retransmitsOverLimit{0}; //!< see TsqSocketStats
    uint64_t m_rttSamplesTaken{0};      //!< TsqRttSampleEstimator count seen
    struct tsq_rtt m_rttCore;           //!< Linux's srtt, mdev, min RTT (LinuxRtt)
    struct tsq_rtt_ack m_rttAck;        //!< what the ACK in progress (s)acked
    bool m_ackTsEcho{false};            //!< the ACK in progress echoed a timestamp
    uint32_t m_ackTsDeltaMs{0};         //!< its echo's age, ms (TS clock)
    int64_t m_ackCaRttUs{-1};           //!< its sample for HyStart, until taken
    uint64_t m_synSentUs{0};            //!< core clock of the last SYN / SYN-ACK, 0 = none
    bool m_synRetransmitted{false};     //!< that SYN was a retry (Karn)

    // traces
    TracedValue<uint64_t> m_tsqLimit{0};                 //!< limit of the last check
    TracedValue<uint64_t> m_bytesQueued{0};              //!< bytes below TCP
    TracedValue<DataRate> m_tsqPacingRate;               //!< rate TSQ uses
    TracedValue<uint32_t> m_pacingShift{10};             //!< sk_pacing_shift
    TracedValue<Time> m_tsqSrtt;                         //!< srtt TSQ uses
    TracedCallback<uint64_t, uint64_t> m_throttledTrace; //!< (queued, limit)
    TracedCallback<uint64_t> m_resumedTrace;             //!< (queued)
};

} // namespace ns3

#endif /* TSQ_TCP_SOCKET_H */
