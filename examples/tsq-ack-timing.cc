/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Where a data segment's time goes on the WiFi uplink: from TCP handing it
 * down to its MAC completion (BlockAck/Ack at the station: the time TSQ
 * counts it below TCP), and from that completion to the TCP ACK that
 * covers it (the ACK's return over the AP). Evidence for doc/validation.rst
 * (candidate 6). Reproduction 1's setup by default (ath9k profile, wired
 * receiver); every scenario option is accepted.
 *
 *   ./tsq-ack-timing --pacingShiftPolicy=10 --duration=6 --from=2.5 --to=8.5
 */

#include "ns3/core-module.h"
#include "ns3/ipv4-header.h"
#include "ns3/llc-snap-header.h"
#include "ns3/tcp-header.h"
#include "ns3/tsq-command-line.h"
#include "ns3/tsq-experiment-module.h"
#include "ns3/tsq-module.h"
#include "ns3/wifi-mac.h"
#include "ns3/wifi-mpdu.h"
#include "ns3/wifi-net-device.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("TsqAckTiming");

namespace
{

/** Per-segment timestamps of the first station's flow, keyed by end sequence. */
class SegmentTimes
{
  public:
    /**
     * \param from start of the counted interval, s
     * \param to end of the counted interval, s
     */
    SegmentTimes(double from, double to)
        : m_from(from),
          m_to(to)
    {
    }

    /** The socket's Tx trace: first transmission of a data segment. */
    void OnTx(Ptr<const Packet> packet, const TcpHeader& header, Ptr<const TcpSocketBase>)
    {
        if (packet->GetSize() == 0)
        {
            return;
        }
        uint32_t end = header.GetSequenceNumber().GetValue() + packet->GetSize();
        m_sent.emplace(end, Simulator::Now());
    }

    /** The station MAC's AckedMpdu trace: MAC completion of a data MPDU. */
    void OnAcked(Ptr<const WifiMpdu> mpdu)
    {
        if (!mpdu->GetHeader().IsQosData())
        {
            return;
        }
        Ptr<Packet> p = mpdu->GetPacket()->Copy();
        LlcSnapHeader llc;
        Ipv4Header ip;
        TcpHeader tcp;
        p->RemoveHeader(llc);
        if (llc.GetType() != 0x0800)
        {
            return;
        }
        p->RemoveHeader(ip);
        if (ip.GetProtocol() != 6)
        {
            return;
        }
        p->RemoveHeader(tcp);
        if (p->GetSize() > 0)
        {
            m_completed.emplace(tcp.GetSequenceNumber().GetValue() + p->GetSize(),
                                Simulator::Now());
        }
    }

    /** The socket's HighestRxAck trace: a cumulative ACK covered segments. */
    void OnAck(SequenceNumber32, SequenceNumber32 ack)
    {
        const Time now = Simulator::Now();
        const bool counted = now.GetSeconds() >= m_from && now.GetSeconds() < m_to;
        auto c = m_completed.begin();
        for (; c != m_completed.end() && c->first <= ack.GetValue(); ++c)
        {
            auto s = m_sent.find(c->first);
            if (counted && s != m_sent.end())
            {
                m_below.push_back((c->second - s->second).GetSeconds() * 1e3);
                m_ackReturn.push_back((now - c->second).GetSeconds() * 1e3);
            }
        }
        m_completed.erase(m_completed.begin(), c);
        m_sent.erase(m_sent.begin(), m_sent.upper_bound(ack.GetValue()));
    }

    /**
     * Print n, mean, p10, p50 and p90 of one kind of delay.
     * \param name the row label
     * \param below true: send -> completion; false: completion -> ACK
     */
    void Print(const char* name, bool below) const
    {
        std::vector<double> v = below ? m_below : m_ackReturn;
        if (v.empty())
        {
            std::printf("%-28s no segment in the interval\n", name);
            return;
        }
        std::sort(v.begin(), v.end());
        double sum = 0;
        for (double x : v)
        {
            sum += x;
        }
        std::printf("%-28s %8zu %8.2f %8.2f %8.2f %8.2f\n",
                    name,
                    v.size(),
                    sum / v.size(),
                    v[v.size() / 10],
                    v[v.size() / 2],
                    v[v.size() * 9 / 10]);
    }

  private:
    double m_from;                        //!< counted from, s
    double m_to;                          //!< counted until, s
    std::map<uint32_t, Time> m_sent;      //!< end sequence -> first TCP transmission
    std::map<uint32_t, Time> m_completed; //!< end sequence -> MAC completion
    std::vector<double> m_below;          //!< send -> completion, ms
    std::vector<double> m_ackReturn;      //!< completion -> ACK, ms
};

} // namespace

int
main(int argc, char* argv[])
{
    WifiUplinkConfig config;
    config.driverProfile = "ath9k";
    config.wiredServer = true;
    double from = 2.5;
    double to = 1e9;
    TsqCommandLine cmd(__FILE__);
    config.AddToCommandLine(cmd);
    cmd.AddValue("from", "count segments ACKed from this time, s (0..3600)", from);
    cmd.AddValue("to", "count segments ACKed before this time, s (> from)", to);
    if (std::string error = cmd.Parse(argc, argv); !error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }
    std::string error = config.Validate();
    if (error.empty())
    {
        error = config.ValidateGiven(argc, argv);
    }
    if (error.empty() && (from < 0 || from > 3600))
    {
        error = TsqOutOfRange("from", std::to_string(from), "0..3600");
    }
    if (error.empty() && !(to > from))
    {
        error = TsqOutOfRange("to", std::to_string(to), "greater than from");
    }
    if (error.empty() && (!config.tsq || config.link != "wifi" || config.traffic != "tcp"))
    {
        error = TsqOutOfRange("tsq/link/traffic",
                              "the given values",
                              "--tsq=1 --link=wifi --traffic=tcp (TSQ sockets over WiFi)");
    }
    if (!error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }

    SegmentTimes times(from, to);
    WifiUplinkScenario scenario(config);
    scenario.Build();
    DynamicCast<WifiNetDevice>(scenario.GetStationDevices().Get(0))
        ->GetMac()
        ->TraceConnectWithoutContext("AckedMpdu", MakeCallback(&SegmentTimes::OnAcked, &times));
    // The first station's socket exists once its application started (0.5 s).
    Ptr<Node> sta = scenario.GetStations().Get(0);
    Simulator::Schedule(Seconds(0.5) + NanoSeconds(2), [sta, &times]() {
        for (const auto& socket : TsqHelper::GetSockets(sta))
        {
            socket->TraceConnectWithoutContext("Tx", MakeCallback(&SegmentTimes::OnTx, &times));
            socket->TraceConnectWithoutContext("HighestRxAck",
                                               MakeCallback(&SegmentTimes::OnAck, &times));
            break;
        }
    });
    WifiUplinkResult result = scenario.Run();
    Simulator::Destroy();

    std::printf("goodput %.1f Mb/s, %.1f MPDUs per A-MPDU, cwnd %.1f, packets out %.1f, "
                "srtt %.2f ms\n",
                result.goodputMbps,
                result.ampduMpdusMean,
                result.cwndSegmentsMean,
                result.packetsOutMean,
                result.srttMsMean);
    std::printf("%-28s %8s %8s %8s %8s %8s\n",
                "ms per data segment",
                "n",
                "mean",
                "p10",
                "p50",
                "p90");
    times.Print("TCP send -> MAC completion", true);
    times.Print("MAC completion -> TCP ACK", false);
    return 0;
}
