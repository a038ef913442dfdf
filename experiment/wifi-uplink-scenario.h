/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_WIFI_UPLINK_SCENARIO_H
#define TSQ_WIFI_UPLINK_SCENARIO_H

#include "tsq-batch-means.h"
#include "tsq-data-error-model.h"
#include "tsq-edca-gate.h"
#include "tsq-results-db.h"
#include "tsq-slot-gate.h"
#include "wifi-uplink-config.h"
#include "wifi-uplink-record.h"
#include "wifi-uplink-result.h"

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
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/wifi-phy.h"

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

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

    /** \return link "gate" with --gateTiming=edca: the hop (null otherwise) */
    Ptr<TsqEdcaGate> GetEdcaGate() const;
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
    /** A ping reply came back (its round-trip time; 3.43 also gives its sequence number). */
    void OnPingRtt(TSQ_PING_RTT_ARGS);
    void OnQdiscPackets(uint32_t oldValue, uint32_t newValue);
    void StartWindow();
    void Sample(uint32_t k);
    void EndWindow();
    /**
     * --precision: at sample \p k, closes a batch if one ends there and
     * applies the stopping rule.
     * \param k the sample just taken (1, 2, ...)
     * \return whether the window ends here on its precision
     */
    bool BatchEnds(uint32_t k);
    /**
     * Opens the window if every station has delivered a byte, or the wait
     * past the warm-up is over; else checks again one sample step later.
     * \param k sample steps since the warm-up's end
     */
    void TryStartWindow(uint32_t k);
    /** \return the latest the window can open: warm-up end + --warmupExtra */
    Time LatestWindowStart() const;
    /** \returns true once every sink has received a byte */
    bool EveryStationDelivered() const;
    /** Stops the sender applications' traffic at the window's end. */
    void StopSenders();
    /**
     * Counts what a sender application handed its socket.
     * \param i station
     * \param packet the data
     */
    void OnSenderTx(uint32_t i, Ptr<const Packet> packet);
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
    Time m_windowEnd;                      //!< when EndWindow ran (zero before)
    TsqBatchMeans m_batches;               //!< --precision: the window's batch means of goodput
    Time m_warmupEnd;                      //!< the earliest window start: app start + warm-up
    std::vector<uint64_t> m_senderTxBytes; //!< per sender application, bytes sent

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
    Ptr<TsqEdcaGate> m_edcaGate;                            //!< ... or its EDCA timing
    TsqEdcaGateStats m_edcaAtStart;                         //!< its counters at the window start
    TsqEdcaGateStats m_edcaAtEnd;                           //!< ... and at its end
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
    std::vector<uint32_t> m_silentStations; //!< stations with no byte received at the window start
    double m_pingSumMs{0};
    uint32_t m_pingCount{0};
    std::vector<uint64_t> m_rxAtWindowEnd;
    uint32_t m_shiftAtWindowEnd{0}; //!< first station's socket shift at the window's end
};

} // namespace ns3

#endif /* TSQ_WIFI_UPLINK_SCENARIO_H */
