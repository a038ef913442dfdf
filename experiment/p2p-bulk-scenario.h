/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_P2P_BULK_SCENARIO_H
#define TSQ_P2P_BULK_SCENARIO_H

#include "ns3/bulk-send-application.h"
#include "ns3/callback.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/ptr.h"
#include "ns3/queue-disc.h"
#include "ns3/socket.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Parameters of the wired scenario: one TCP bulk sender and one
 * receiver joined by a point-to-point link that is the bottleneck, with a
 * FIFO queue disc on the sender's device (the queue TSQ is about).
 */
struct P2pBulkConfig
{
    std::string socketFactory{"ns3::TcpSocketFactory"}; //!< TypeId of the sender's factory
    std::string congestionControl{"ns3::TcpNewReno"};   //!< TypeId of the congestion control
    std::string dataRate{"100Mbps"};                    //!< link rate
    std::string delay{"5ms"};                           //!< one-way propagation delay
    uint32_t qdiscPackets{1000}; //!< sender FIFO queue disc, packets (1..100000)
    uint32_t deviceQueuePackets{
        100};                      //!< sender device queue, packets (1..100000; ns-3's default 100)
    uint32_t segmentSize{1448};    //!< TCP MSS, bytes (536..8960)
    uint32_t sndBufBytes{4194304}; //!< SO_SNDBUF, bytes
    uint32_t rcvBufBytes{6291456}; //!< SO_RCVBUF, bytes
    uint64_t maxBytes{0};          //!< bytes the application sends, 0 = unlimited
    double durationS{2.0};         //!< application run time, s (0.01..3600)
    double drainS{1.0};            //!< time after the application stops, s (0..600)
    uint32_t seed{1};              //!< RngRun

    /**
     * \return an empty string when valid, else a message naming the
     *         option, the value and the allowed range
     */
    std::string Validate() const;
};

/**
 * \ingroup tsq
 * \brief What one run of the wired scenario measured.
 */
struct P2pBulkResult
{
    uint64_t rxBytes{0};          //!< application bytes received
    double goodputMbps{0};        //!< rxBytes over the application's run time
    double rttMeanMs{0};          //!< mean of the sender's RTT samples
    double rttMaxMs{0};           //!< largest RTT sample
    uint32_t rttSamples{0};       //!< number of RTT samples
    uint32_t qdiscPeakPackets{0}; //!< largest sender queue-disc backlog, packets
};

/**
 * \ingroup tsq
 * \brief Builds and runs the wired bulk-transfer topology (sender node 0,
 * receiver node 1, 10.3.0.0/24); shared by tests and examples.
 *
 * Build() creates nodes, link, stacks, queue disc and applications;
 * between Build() and Run() callers may install more, e.g.
 * TsqTcpSocketFactory::Install(GetSender()) when socketFactory names it.
 * The sender's socket exists only once the application started; the
 * callback given to SetSocketCallback() receives it 1 ns after the start
 * (before the handshake completes, so before any data segment).
 */
class P2pBulkScenario
{
  public:
    /**
     * \param config parameters (Build() refuses invalid ones)
     */
    explicit P2pBulkScenario(const P2pBulkConfig& config);

    /** Create the topology, stacks and applications. */
    void Build();

    /**
     * \param cb called with the sender's socket right after it is created
     */
    void SetSocketCallback(Callback<void, Ptr<Socket>> cb);

    /**
     * Run the simulation (application time plus drain) and collect metrics.
     * Does not call Simulator::Destroy (callers may read objects first).
     * \return the measured result
     */
    P2pBulkResult Run();

    /** \return the sending node */
    Ptr<Node> GetSender() const;
    /** \return the receiving node */
    Ptr<Node> GetReceiver() const;
    /** \return the sender's point-to-point device (the bottleneck) */
    Ptr<NetDevice> GetSenderDevice() const;
    /** \return the sender's root queue disc */
    Ptr<QueueDisc> GetSenderQueueDisc() const;
    /** \return the sender's socket (null before the application started) */
    Ptr<Socket> GetSenderSocket() const;

  private:
    void OnAppStarted();
    void OnRtt(Time oldRtt, Time newRtt);
    void OnQdiscPackets(uint32_t oldValue, uint32_t newValue);

    P2pBulkConfig m_config;
    NodeContainer m_nodes;
    NetDeviceContainer m_devices;
    Ptr<QueueDisc> m_qdisc;
    Ptr<BulkSendApplication> m_app;
    Ptr<PacketSink> m_sink;
    Callback<void, Ptr<Socket>> m_socketCallback;
    double m_rttSumMs{0};
    double m_rttMaxMs{0};
    uint32_t m_rttCount{0};
    uint32_t m_qdiscPeak{0};
};

} // namespace ns3

#endif /* TSQ_P2P_BULK_SCENARIO_H */
