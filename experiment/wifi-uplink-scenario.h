/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_UPLINK_SCENARIO_H
#define TSQ_WIFI_UPLINK_SCENARIO_H

#include "tsq-data-error-model.h"
#include "tsq-results-db.h"

#include "ns3/application-container.h"
#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/error-model.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/ptr.h"
#include "ns3/socket.h"
#include "ns3/tsq-slot-gate.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/wifi-phy.h"

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class TsqCommandLine;

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
    uint32_t mcs{7};                        //!< HT MCS index, constant rate (0..7)
    uint16_t channelWidth{40};              //!< MHz, 20 or 40
    bool shortGuardInterval{true};          //!< 400 ns guard interval
    bool minstrel{false};                   //!< Minstrel-HT instead of constant rate
    bool wiredServer{false};                //!< receiver on a host behind the AP
    std::string queueDisc{"fq_codel"};      //!< root queue discs: fq_codel, pfifo_fast or fifo
    uint32_t qdiscPackets{1000};            //!< queueDisc "fifo": its limit, packets (1..100000)
    std::string congestionControl{"cubic"}; //!< cubic, newreno or bbr
    std::string socketFactory{"ns3::TcpSocketFactory"}; //!< TypeId of the TCP factory
    uint32_t segmentSize{1448};                         //!< TCP MSS, bytes
    uint32_t sndBufBytes{4194304};                      //!< SO_SNDBUF, bytes (Linux tcp_wmem max)
    uint32_t rcvBufBytes{6291456};                      //!< SO_RCVBUF, bytes (Linux tcp_rmem max)
    double durationS{10.0};                             //!< measured time, seconds
    double warmupS{2.0};         //!< excluded start, s, counted from the apps start (0.5 s)
    double pingIntervalS{0.2};   //!< 0 disables the ping
    uint32_t seed{1};            //!< RngRun
    double drainS{0};            //!< simulated time after the apps stop (0..600 s): queues drain
    double sampleIntervalS{0.1}; //!< time-series step, s (0.01..10; duration a multiple of it)

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

    // TCP knobs of the sender
    uint32_t initialSsthresh{0}; //!< initial ssthresh, segments (0: ns-3's, unlimited)
    bool tsoBursts{true};        //!< TsqTcpSocket::TsoBursts (false: one-segment skbs)
    uint32_t txDelayUs{0};       //!< TsqTcpSocket::TxDelay (TCP_TX_DELAY's budget), us
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
    std::string kernelProfile{"linux-4.16"}; //!< core kernel profile of sockets and devices
    std::string tsqRule{""};                 //!< core rule id; empty: the profile's rule
    std::string deviceShift{"profile"};      //!< WiFi policy: "profile", "none" or 0..31
    std::string driverProfile{"ns3"};        //!< WiFi completion model: a core driver profile
    double completionLatencyUs{0};           //!< WiFi completion latency, us (an estimate if > 0)
    uint32_t floorBytes{0};                  //!< the article's fixed TSQ floor, bytes (0 = none)
    uint32_t limitOutputBytes{0};            //!< tcp_limit_output_bytes (0 = the profile's)
    std::string rttEstimator{"linux"};       //!< RTT TSQ uses: "linux" (LinuxRtt) or "ns3"
    double apRxErrorRate{0};                 //!< data MPDU error rate at the AP's receiver (0..0.9)
    double staRxErrorRate{0}; //!< data MPDU error rate at each station's receiver (0..0.9)

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

    /** \return the PHY rate of the configured MCS, width and GI, Mb/s */
    double PhyRateMbps() const;

    /**
     * \return the sk_pacing_shift the stations' sockets get: the device
     * override, else mac80211's of the kernel profile (WiFi), else the
     * profile's default
     */
    uint32_t EffectivePacingShift() const;

    /** \return the TSQ rule id in effect ("ns3" without the TSQ socket) */
    std::string EffectiveRule() const;

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
    double ampduMpdusMean{0};            //!< mean MPDUs per data PSDU
    uint64_t dataPsdus{0};               //!< data PSDUs (first transmissions and retries)
    std::vector<uint64_t> psduHistogram; //!< element n: PSDUs of n MPDUs (0..64)
    double ampduByteFill{0};             //!< mean PSDU bytes / 65535
    uint64_t starvedPsdus{0};            //!< PSDUs with room left or a throttled socket
    uint64_t starvedTsqPsdus{0};         //!< PSDUs sent while a socket was throttled
    // The stations' sender sockets, each sampled every sampleIntervalS in
    // the window: the mean over the stations of each one's mean (NaN: not
    // measured, e.g. no TSQ socket, or UDP traffic); the series are the
    // first station's
    double srttMsMean{0};                    //!< smoothed RTT the TSQ socket uses (TsqSrtt), ms
    double cwndSegmentsMean{0};              //!< congestion window, segments
    double packetsOutMean{0};                //!< bytes in flight / MSS
    double pacingRateMbpsMean{0};            //!< the pacing rate TSQ uses, Mb/s
    double tsqLimitBytesMean{0};             //!< TSQ limit of the last check, bytes
    double queuedBytesMean{0};               //!< bytes below TCP (charged, not completed)
    uint64_t throttleEvents{0};              //!< TSQ "throttled" answers, all stations, window
    double windowStartS{0};                  //!< simulated time the window starts, s
    std::map<std::string, TsqSeries> series; //!< TsqRunRecord::SERIES_* time series
    // TSQ balance over all stations' TSQ sockets, at the end of the run
    // (the drain included): the window's sockets, held from its start, so
    // a drain that outlives a socket (closed, TIME_WAIT over) still counts
    // its bytes, and any opened later.
    uint64_t tsqChargedBytes{0};   //!< bytes charged
    uint64_t tsqReleasedBytes{0};  //!< bytes released
    uint64_t tsqQueuedBytes{0};    //!< still charged (0 after a drain)
    uint64_t tsqOrphanBytes{0};    //!< released against a gone socket
    uint32_t socketPacingShift{0}; //!< first station's socket shift at the window's end
    // link "gate", window only (TsqSlotGate)
    uint64_t gateDataSlots{0};     //!< slots that carried frames
    double gateFramesPerSlot{NAN}; //!< frames per such slot
    double gateBytesPerSlot{NAN};  //!< their bytes per slot
    double gateAcksPerTxop{NAN};   //!< ACK frames per AP TXOP that carried some
    uint64_t gateLost{0};          //!< lost-contention slots
    double packetsOutMax{NAN};     //!< largest sampled packets in flight, first station
    // Whole run (the warm-up and the drain included)
    uint64_t rxBytes{0};          //!< application bytes received, all flows
    uint32_t qdiscPeakPackets{0}; //!< largest backlog of the first station's root queue disc (0
                                  //!< under mq, whose children hold the packets: WiFi's default)
};

/**
 * \ingroup tsq
 * \brief One run as a results record: every parameter of \p config and
 * every metric and series of \p result (the one place runs become rows).
 * \param experiment experiment name (runs.experiment)
 * \param point the run's point in its experiment (extra parameter "point")
 * \param config the run's configuration
 * \param result what it measured
 * \param wallS wall-clock seconds the run took (metric wall_s)
 * \return the record
 */
TsqRunRecord WifiUplinkRunRecord(const std::string& experiment,
                                 const std::string& point,
                                 const WifiUplinkConfig& config,
                                 const WifiUplinkResult& result,
                                 double wallS);

/**
 * \ingroup tsq
 * \brief Builds and runs the WiFi uplink topology; the one place examples and
 * tests get it from.
 *
 * Build() creates nodes, devices, stacks and applications; between Build()
 * and Run() callers may install more. With WifiUplinkConfig::tsq (default)
 * Build() installs TsqHelper on the stations and the AP and the senders use
 * ns3::TsqTcpSocketFactory.
 */
class WifiUplinkScenario
{
  public:
    /**
     * \param config validated parameters (Build() refuses invalid ones)
     */
    explicit WifiUplinkScenario(const WifiUplinkConfig& config);

    /** Create the topology, stacks and applications. */
    void Build();

    /**
     * Run the simulation to its end and collect the metrics.
     * \return the measured result
     */
    WifiUplinkResult Run();

    /** \return the stations (TCP senders) */
    NodeContainer GetStations() const;
    /** \return the access point */
    Ptr<Node> GetAccessPoint() const;
    /** \return the TCP receiver (AP or wired host) */
    Ptr<Node> GetServer() const;
    /** \return the stations' WiFi devices */
    NetDeviceContainer GetStationDevices() const;
    /** \return link "gate": the gate schedule (null for other links) */
    Ptr<TsqSlotGate> GetSlotGate() const;
    /** \return the first station's sender socket (null before its application started) */
    Ptr<Socket> GetSenderSocket() const;

    /**
     * \param cb called with the first station's sender socket 1 ns after the
     * applications start (before the handshake completes: before any data)
     */
    void SetSocketCallback(Callback<void, Ptr<Socket>> cb);

    /** \return when the applications (and the ping) start: after association */
    static Time GetAppStart();

  private:
    void InstallWifi();
    void InstallP2p();
    /** link "gate": the gate queue discs and their schedule. */
    void InstallGate();
    void InstallStacks();
    void InstallApplications();
    /** Fixes every random stream of the run (a run must not depend on earlier runs). */
    void AssignStreams();

    /** The stations' A-MPDU counts, summed over their WifiTsqAdapters. */
    struct AmpduCount
    {
        uint64_t psdus{0};               //!< data PSDUs
        uint64_t mpdus{0};               //!< MPDUs in them
        uint64_t starved{0};             //!< starved PSDUs
        uint64_t starvedTsq{0};          //!< PSDUs sent while a socket was throttled
        double byteFill{0};              //!< mean byte fill, weighted by PSDUs
        std::vector<uint64_t> histogram; //!< element n: PSDUs of n MPDUs
    };

    /** \return the stations' A-MPDU counts now */
    AmpduCount CountAmpdus() const;
    void OnPingRtt(Time rtt);
    void OnQdiscPackets(uint32_t oldValue, uint32_t newValue);
    void StartWindow();
    void Sample(uint32_t k);
    void EndWindow();
    void InstallTsq();
    /** Station \p i's application started: its socket's traces. */
    void ConnectSenderSocket(uint32_t i);
    uint64_t ThrottleEventsNow() const;
    void OnCwnd(uint32_t i, uint32_t oldValue, uint32_t newValue);
    void OnRtt(uint32_t i, Time oldValue, Time newValue);
    void OnBytesInFlight(uint32_t i, uint32_t oldValue, uint32_t newValue);
    void OnTsqLimit(uint32_t i, uint64_t oldValue, uint64_t newValue);
    void OnBytesQueued(uint32_t i, uint64_t oldValue, uint64_t newValue);
    void OnTsqPacingRate(uint32_t i, DataRate oldValue, DataRate newValue);
    /** \return station \p i's A-MPDU counts now (its WifiTsqAdapter) */
    AmpduCount CountAmpdus(uint32_t i) const;
    /** \return each station's TSQ "throttled" answers now (the window's sockets) */
    std::vector<uint64_t> ThrottleEventsByStation() const;
    /** Add a sample to a series (NaN values are skipped). */
    void AddSample(const std::string& series, double value);

    NetDeviceContainer m_p2pStaDevices;             //!< link "p2p": station side
    NetDeviceContainer m_p2pApDevices;              //!< link "p2p": AP side
    ApplicationContainer m_senderApps;              //!< one per station
    Ptr<Socket> m_senderSocket;                     //!< first station's sender socket
    Callback<void, Ptr<Socket>> m_socketCallback;   //!< SetSocketCallback's
    uint32_t m_qdiscPeak{0};                        //!< first station's root queue disc
    std::vector<Ptr<TsqTcpSocket>> m_windowSockets; //!< TSQ sockets at the window start (held)
    std::vector<double> m_pingRtts;                 //!< window replies, ms
    std::vector<uint64_t> m_rxAtLastSample;         //!< per sink, bytes
    AmpduCount m_ampduAtLastSample;                 //!< at the previous sample
    AmpduCount m_ampduAtWindowEnd;                  //!< at the window's end
    uint32_t m_nSamples{0};
    uint64_t m_throttleAtStart{0};
    uint64_t m_throttleAtEnd{0};
    Time m_windowStart;

    /** A station's sender socket: the latest values of its traces, and the
     *  window's sums of its samples. */
    struct SocketState
    {
        Ptr<Socket> socket;        //!< the socket (null before its application started)
        double cwndBytes{NAN};     //!< congestion window, bytes
        double srttMs{NAN};        //!< the srtt TSQ uses, ms
        double bytesInFlight{NAN}; //!< bytes in flight
        double tsqLimit{NAN};      //!< TSQ limit of the last check, bytes
        double bytesQueued{NAN};   //!< bytes below TCP
        double pacingMbps{NAN};    //!< the pacing rate TSQ uses, Mb/s
        std::map<std::string, std::pair<double, uint32_t>> sums; //!< (sum, count)
    };

    std::vector<SocketState> m_sockets;              //!< per station
    std::vector<uint32_t> m_windowSocketStation;     //!< station of m_windowSockets[k]
    std::vector<uint64_t> m_throttleByStaAtStart;    //!< per station, window start
    std::vector<uint64_t> m_throttleByStaAtEnd;      //!< per station, window end
    std::vector<AmpduCount> m_ampduByStaAtWindowEnd; //!< per station, window end
    std::map<std::string, TsqSeries> m_series;

    WifiUplinkConfig m_config;
    Ptr<TsqDataErrorModel> m_apRxErrorModel; //!< the AP receiver's error model, if any
    std::vector<Ptr<TsqDataErrorModel>> m_staRxErrorModels; //!< the stations' receivers' ones
    Ptr<TsqSlotGate> m_slotGate;                            //!< link "gate": the schedule
    TsqSlotGateStats m_gateAtStart;                         //!< its counters at the window start
    TsqSlotGateStats m_gateAtEnd;                           //!< ... and at its end
    NodeContainer m_stations;
    Ptr<Node> m_ap;
    Ptr<Node> m_server;
    NetDeviceContainer m_staDevices;
    NetDeviceContainer m_apDevice;
    std::vector<Ptr<PacketSink>> m_sinks;
    std::vector<uint64_t> m_rxAtWindowStart;
    bool m_inWindow{false};
    double m_pingSumMs{0};
    uint32_t m_pingCount{0};
    std::vector<uint64_t> m_rxAtWindowEnd;
    uint32_t m_shiftAtWindowEnd{0}; //!< first station's socket shift at the window's end
};

} // namespace ns3

#endif /* TSQ_WIFI_UPLINK_SCENARIO_H */
