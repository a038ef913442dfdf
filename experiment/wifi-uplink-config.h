/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_UPLINK_CONFIG_H
#define TSQ_WIFI_UPLINK_CONFIG_H

#include "tsq/ampdu.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class TsqCommandLine;
class TsqOptionTable;

/**
 * \ingroup tsq
 * \brief Parameters of the WiFi uplink scenario of the seeds: N stations
 * uploading TCP bulk data over 5 GHz 802.11n to the AP or to a wired host
 * behind it, with a ping from the first station measuring latency under load.
 *
 * Defaults follow the article and mac80211 commit 36148c2bbfbe: HT40, short
 * guard interval, one spatial stream, constant rate HtMcs7 (150 Mb/s PHY),
 * CUBIC, Linux-sized socket buffers, ping every 200 ms (as Flent's client).
 *
 * Variants of the same scenario serve as controls: link "p2p" replaces
 * each station's WiFi hop by a point-to-point link of the same rate (the
 * wired control of the reproductions); link "gate" by the emulated
 * aggregating link of the live-kernel comparison (one station: a 100 Gb/s,
 * zero-delay link whose two ends are TsqGateQueueDisc driven by a
 * TsqSlotGate, the twin of live-kernel/tsq-live-gate); and traffic "udp"
 * replaces the TCP uploads by UDP saturation of the link (the article's
 * "ludicrous speed" UDP test). All keep the ping, the window, the metrics
 * and the records.
 */
struct WifiUplinkConfig
{
    uint32_t nSta{1};                       //!< number of uploading stations (1..64)
    std::string standard{"80211n"};         //!< 80211n (HT), 80211ac (VHT) or 80211ax (HE)
    uint32_t nss{1};                        //!< spatial streams of AP and stations (1..4)
    uint32_t mcs{7};                        //!< per-stream MCS: HT 0..7, VHT 0..9, HE 0..11
    uint16_t channelWidth{40};              //!< MHz: 20, 40; 80, 160 for VHT and HE
    bool shortGuardInterval{true};          //!< HT/VHT: the 400 ns guard interval
    uint32_t heGuardIntervalNs{800};        //!< HE: 800, 1600 or 3200 ns
    double distanceM{5};                    //!< station-AP distance, m (0.1..1000)
    bool minstrel{false};                   //!< Minstrel-HT instead of constant rate
    bool wiredServer{false};                //!< receiver on a host behind the AP
    std::string queueDisc{"fq_codel"};      //!< root queue discs: fq_codel, pfifo_fast or fifo
    std::string macQueueScheduler{"tsq"};   //!< WiFi MAC queue scheduler: tsq or ns3
    uint32_t addbaResponseTimeoutMs{1000};  //!< wait for an ADDBA Response, ms (1..10000)
    uint32_t qdiscPackets{1000};            //!< queueDisc "fifo": its limit, packets (1..100000)
    std::string congestionControl{"cubic"}; //!< cubic, newreno or bbr
    std::string socketFactory{"ns3::TcpSocketFactory"}; //!< TypeId of the TCP factory
    uint32_t segmentSize{1448};                         //!< TCP MSS, bytes
    uint32_t sndBufBytes{4194304};                      //!< SO_SNDBUF, bytes (Linux tcp_wmem max)
    uint32_t rcvBufBytes{6291456};                      //!< SO_RCVBUF, bytes (Linux tcp_rmem max)
    double durationS{10.0};                             //!< measured time, seconds
    double warmupS{2.0};         //!< excluded start, s, counted from the apps start (0.5 s)
    double warmupExtraS{8.0};    //!< longest wait past warmupS for every station's first byte, s
    double pingIntervalS{0.2};   //!< 0 disables the ping
    uint32_t seed{1};            //!< RngRun
    double drainS{0};            //!< simulated time after the apps stop (0..600 s): queues drain
    double sampleIntervalS{0.1}; //!< time-series step, s (0.01..10; duration a multiple of it)
    /**
     * Precision-driven window (0: off, the window is durationS): the window
     * ends once the 95% half-width of its goodput, by batch means, is at
     * most this fraction of the mean (0.001..0.5), after minBatches
     * batches, or at durationS (then the longest window).
     */
    double precision{0};
    double batchS{0.5};      //!< precision: batch length, s (a multiple of sampleIntervalS)
    uint32_t minBatches{10}; //!< precision: fewest batches before a stop (2..10000)

    // Variants of the same topology (controls)
    std::string link{"wifi"}; //!< hop between stations and AP: "wifi", "p2p" or "gate"
    double p2pRateMbps{0};    //!< p2p link rate, Mb/s (0: the WiFi PHY rate of mcs/width/GI)
    uint32_t p2pDelayUs{50};  //!< p2p link one-way propagation delay, us (0..1000000)
    uint32_t deviceQueuePackets{100}; //!< p2p devices' DropTail queue, packets (ns-3's 100)
    std::string traffic{"tcp"};       //!< "tcp" (bulk uploads) or "udp" (saturation)
    uint64_t maxBytes{0};  //!< tcp: bytes each station's application sends (0: unlimited)
    double udpRateMbps{0}; //!< UDP offered load per station, Mb/s (0: 1.5 x the PHY rate)

    // link "gate": the emulated aggregating link (TsqSlotGate attributes)
    double gateRateMbps{150};       //!< airtime rate of a slot's frames, Mb/s
    uint32_t gateOverheadUs{250};   //!< per data TXOP, us
    uint32_t gateAckGapUs{100};     //!< data TXOP end -> AP TXOP, us
    uint32_t gateAckTxopUs{300};    //!< the AP's TXOP, us
    uint32_t gateGapUs{100};        //!< AP TXOP end -> next data TXOP, us
    uint32_t gateIdlePollUs{100};   //!< idle: look again after, us
    uint32_t gateMaxFrames{43};     //!< frames per data TXOP at most
    uint32_t gateLostPermille{0};   //!< chance the station goes again first, per mille
    std::string gateRelease{"end"}; //!< frames leave at the TXOP's "end" or "open"
    std::string gateLateness;       //!< a kernel run's slots CSV to replay ("" none)
    // ... its timing: "slots" (TsqSlotGate, the options above) or "edca"
    // (TsqEdcaGate: 802.11n EDCA, ath9k's aggregates)
    std::string gateTiming{"slots"};
    uint32_t gateHwDepth{2};             //!< edca: aggregates in the station's hardware queue
    uint32_t gateCompletionLatencyUs{0}; //!< edca: credit after the BlockAck, us (assumption)

    // TCP knobs of the sender
    uint32_t initialSsthresh{0};      //!< initial ssthresh, segments (0: ns-3's, unlimited)
    bool tsoBursts{true};             //!< TsqTcpSocket::TsoBursts (false: one-segment skbs)
    bool ksoftirqdCompletions{false}; //!< TsqTcpSocket::KsoftirqdCompletions (an assumption)
    uint32_t txDelayUs{0};            //!< TsqTcpSocket::TxDelay (TCP_TX_DELAY's budget), us
    /** the receiver's ACKs: "ns3" (every 2nd segment, 200 ms timer) or
     *  "burst" (one per burst of segments, as Linux 6.7+ acks a backlog) */
    std::string receiverAcks{"ns3"};
    uint32_t burstAckUs{10}; //!< "burst": the ACK waits this long for more segments, us

    // TSQ (TsqHelper on the stations and the AP)
    bool tsq{true}; //!< TSQ socket and adapters; false: socketFactory
    /** For tests of the socket alone (no command-line option): the stations
     *  get TsqTcpSocketFactory only, its sockets their attributes' defaults
     *  (Config::SetDefault), and no device releases their bytes unless the
     *  caller does; the TSQ options below are then unused. Needs tsq. */
    bool tsqSocketOnly{false};
    /** Not an option: the module's sockets and adapters run ns-3's own TCP
     *  behaviour (TsqHelper::SetNs3Behaviour, after the TSQ options below,
     *  which it overrides); what is left is the module's plumbing. Needs
     *  tsq without tsqSocketOnly. */
    bool ns3Behaviour{false};
    std::string kernelProfile{"linux-4.16"};  //!< core kernel profile of sockets and devices
    std::string tsqRule{""};                  //!< core rule id; empty: the profile's rule
    std::string kernelForms{""};              //!< core forms list; empty: the profile's
    std::string pacingShiftPolicy{"profile"}; //!< WiFi policy: "profile", "none" or 0..31
    std::string driverProfile{"ns3"};         //!< WiFi completion model: a core driver profile
    double completionLatencyUs{0};            //!< WiFi completion latency, us (an estimate if > 0)
    uint32_t floorBytes{0};                   //!< the article's fixed TSQ floor, bytes (0 = none)
    uint32_t limitOutputBytes{0};             //!< tcp_limit_output_bytes (0 = the profile's)
    std::string rttEstimator{"linux"};        //!< RTT TSQ uses: "linux" (LinuxRtt) or "ns3"
    double apRxErrorRate{0};  //!< data MPDU error rate at the AP's receiver (0..0.9)
    double staRxErrorRate{0}; //!< data MPDU error rate at each station's receiver (0..0.9)

    /**
     * Every option, declared once: its name, help and range, bound to its
     * field (wifi-uplink-options.cc). A table with a command line
     * registers them; one without checks their ranges.
     * \param table the table
     */
    void Options(TsqOptionTable& table);

    /**
     * Register every field as an option (parsed strictly).
     * \param cmd the command line to add the options to
     */
    void AddToCommandLine(TsqCommandLine& cmd);

    /**
     * Check every field against its allowed range.
     * \return an empty string when valid, else a message naming the option,
     *         the value and the allowed range
     */
    std::string Validate() const;
    /** \return the first option out of its own range (Options), or "" */
    std::string ValidateRanges() const;
    /** \return the first WiFi or link value its standard or link refuses, or "" */
    std::string ValidateWifi() const;
    /** \return the first measurement window that does not divide into steps and batches, or "" */
    std::string ValidateWindow() const;
    /** \return the first TCP or TSQ value its kernel profile or rule refuses, or "" */
    std::string ValidateStack() const;

    /** --pacingShiftPolicy's allowed values (the core's tsq_shift_policy_parse) */
    static const char* const kPacingShiftPolicyAllowed;
    /** --socketFactory's allowed values */
    static const char* const kSocketFactoryAllowed;
    /** \return --kernelForms' allowed values (the core's forms) */
    static std::string KernelFormsAllowed();
    /** \return --tsqRule's allowed values (the core's rule ids) */
    static std::string RulesAllowed();
    /** \return --driverProfile's allowed values (the core's driver profiles) */
    static std::string DriverProfilesAllowed();
    /** \return --standard's values: 80211n, 80211ac, 80211ax */
    static const std::vector<std::string>& Standards();
    /**
     * \param standard one of Standards()
     * \return its highest per-stream MCS: 7 (HT), 9 (VHT), 11 (HE)
     */
    static uint32_t MaxMcs(const std::string& standard);
    /**
     * \param standard one of Standards()
     * \return its channel widths in MHz: 20 and 40 for HT, up to 160 for VHT and HE
     */
    static std::vector<uint32_t> ChannelWidths(const std::string& standard);
    /** \return --mcs's allowed values, per standard, as the help says them */
    static std::string McsAllowed();
    /** \return --channelWidth's allowed values, per standard, as the help says them */
    static std::string ChannelWidthsAllowed();

    /**
     * Options given on the command line that this run's link ignores:
     * Minstrel, the driver, the device's shift, the completion latency and
     * the AP's error rate are WiFi's; --mcs, --channelWidth and --shortGi
     * only set a p2p link's rate when --p2pRate does not; --p2pRate is not
     * WiFi's; the gate options are the gate's. For a program of one link
     * (an experiment's points may change the link, so it does not call it).
     * \param argc as main's
     * \param argv as main's
     * \return "" or the message naming the option, the link and what applies
     */
    std::string ValidateGiven(int argc, char* argv[]) const;

    /**
     * \return the labels of the opt-in, non-faithful model options set in
     * this configuration ("" for the faithful default), e.g.
     * "completion-latency=300us(estimate)"; recorded as model_assumptions
     */
    std::string ModelAssumptions() const;
    /**
     * \returns which rule holds cwnd while the flow is not cwnd-limited:
     * "linux" (the TSQ socket's), "ns3" (ns-3's own, 3.42+, TcpCubic),
     * "none", or "" for UDP
     */
    std::string CwndValidation() const;
    /**
     * \returns which delivery-rate estimator the senders use: "linux" (the
     * TSQ socket's TsqRateOps), "ns3" (ns-3's TcpRateLinux), or "" for UDP
     */
    std::string RateSample() const;

    /** \return the PHY rate of the configured standard, MCS, streams, width
     *  and GI, Mb/s */
    double PhyRateMbps() const;

    /**
     * \return the constant-rate manager's data mode: "HtMcs<mcs + 8 (nss -
     * 1)>" (HT numbers its MCSs across streams), "VhtMcs<mcs>" or
     * "HeMcs<mcs>" (the streams are --nss)
     */
    std::string DataModeName() const;

    /** \return the PPDU format of the standard, whose A-MPDU limits the
     *  MAC is given (tsq_ampdu_limits_max) */
    tsq_ampdu_format AmpduFormat() const;

    /** \return the guard interval of the data frames, ns */
    uint32_t GuardIntervalNs() const;

    /**
     * \return the sk_pacing_shift the stations' sockets get: the device
     * override, else mac80211's of the kernel profile (WiFi), else the
     * profile's default
     */
    uint32_t EffectivePacingShift() const;

    /** \return the forms that differ from the profile's (core order), "" for none */
    std::string KernelFormsInForce() const;
    /** \return the TSQ rule id in effect ("ns3" without the TSQ socket) */
    std::string EffectiveRule() const;
    /** \return the RTT estimate TSQ uses in effect: rttEstimator, or
     *  "ns3" under ns3Behaviour */
    std::string RttEstimatorInForce() const;
    /** \return whether TSO bursts are on in effect: tsoBursts, or false
     *  under ns3Behaviour */
    bool TsoBurstsInForce() const;
    /**
     * \param attribute a full attribute name ("ns3::TsqTcpSocket::TsqRule")
     * \return its value under ns3Behaviour (TsqHelper::Ns3Behaviour), or
     * "" if ns3Behaviour is off or leaves it alone
     */
    std::string Ns3BehaviourValue(const std::string& attribute) const;
    /**
     * \param attribute a TsqTcpSocket attribute name ("CwndValidation")
     * \return its value in force: ns3Behaviour's, else its default
     */
    std::string SocketAttributeInForce(const std::string& attribute) const;

    /**
     * The attribute defaults changed in this process (--ns3::Type::Attr=value
     * on the command line, Config::SetDefault), read back from the TypeId
     * registry, without those the scenario sets itself from its options.
     * \return canonical text "ns3::Type::Attr=value" sorted and joined by
     *         "; " ("" for none); recorded as attribute_overrides, a part of
     *         the run key
     */
    static std::string AttributeOverrides();

    /**
     * For a program's start, before any Build(): a changed default of an
     * attribute the scenario sets from one of its options would be silently
     * overwritten, so it is refused.
     * \return "" or the message naming the attribute, its value and the
     *         option that sets it
     */
    static std::string ValidateAttributeDefaults();

    /**
     * \return the attributes the scenario sets from its options:
     *         ("ns3::Type::Attr", the option that sets it)
     */
    static const std::vector<std::pair<std::string, std::string>>& ScenarioAttributes();
};

/**
 * \ingroup tsq
 * \return the scenario's congestion controls: (--cc's name, ns-3 TypeId name)
 */
const std::vector<std::pair<std::string, std::string>>& WifiUplinkCongestionControls();

/**
 * \ingroup tsq
 * \param name a congestion control of the scenario (WifiUplinkCongestionControls)
 * \return its ns-3 TypeId name ("" for any other name)
 */
std::string WifiUplinkCongestionControlTypeId(const std::string& name);

} // namespace ns3

#endif /* TSQ_WIFI_UPLINK_CONFIG_H */
