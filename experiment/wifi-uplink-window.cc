/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * WifiUplinkScenario's measurement: the senders' traces, the window and
 * its samples, the run and its result (the topology is built in
 * wifi-uplink-scenario.cc).
 */

#include "tsq-option-check.h"
#include "tsq/completion.h"
#include "tsq/gate.h"
#include "tsq/profile.h"
#include "tsq/rules.h"
#include "tsq/sock.h"
#include "wifi-uplink-scenario.h"

#include "ns3/boolean.h"
#include "ns3/bulk-send-application.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/onoff-application.h"
#include "ns3/queue-size.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-socket.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/tsq-core-names.h"
#include "ns3/tsq-helper.h"
#include "ns3/tsq-kernel-config.h"
#include "ns3/tsq-ns3-compat.h"
#include "ns3/tsq-tcp-socket-factory.h"
#include "ns3/tsq-tcp-socket.h"
#include "ns3/tsq-tx-completion.h"
#include "ns3/uinteger.h"
#include TSQ_PING_HELPER_HEADER
#include "ns3/wifi-net-device.h"
#include "ns3/wifi-psdu.h"
#include "ns3/wifi-tsq-adapter.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace ns3
{

namespace
{

const double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

WifiUplinkScenario::AmpduCount
WifiUplinkScenario::CountAmpdus(uint32_t i) const
{
    AmpduCount c;
    c.histogram.assign(TSQ_AMPDU_HIST_LEN, 0);
    Ptr<WifiTsqAdapter> a = TsqHelper::GetWifiAdapter(m_staDevices.Get(i));
    if (!a)
    {
        return c;
    }
    const WifiTsqAdapter::Statistics st = a->GetStatistics();
    c.psdus = st.dataPsdus;
    c.mpdus = st.dataMpdus;
    c.starved = st.starvedPsdus;
    c.starvedTsq = st.starvedTsqPsdus;
    c.byteFill = st.ampduByteFill;
    const std::vector<uint64_t>& h = st.ampduHistogram;
    for (size_t n = 0; n < h.size() && n < c.histogram.size(); ++n)
    {
        c.histogram[n] = h[n];
    }
    return c;
}

WifiUplinkScenario::AmpduCount
WifiUplinkScenario::CountAmpdus() const
{
    AmpduCount c;
    c.histogram.assign(TSQ_AMPDU_HIST_LEN, 0);
    double byteFill = 0;
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        const AmpduCount one = CountAmpdus(i);
        c.psdus += one.psdus;
        c.mpdus += one.mpdus;
        c.starved += one.starved;
        c.starvedTsq += one.starvedTsq;
        byteFill += one.byteFill * one.psdus;
        for (size_t n = 0; n < one.histogram.size(); ++n)
        {
            c.histogram[n] += one.histogram[n];
        }
    }
    c.byteFill = c.psdus ? byteFill / c.psdus : 0;
    return c;
}

void
WifiUplinkScenario::OnSenderTx(uint32_t i, Ptr<const Packet> packet)
{
    m_senderTxBytes[i] += packet->GetSize();
}

bool
WifiUplinkScenario::EveryStationDelivered() const
{
    for (const auto& sink : m_sinks)
    {
        if (sink->GetTotalRx() == 0)
        {
            return false;
        }
    }
    return true;
}

Time
WifiUplinkScenario::LatestWindowStart() const
{
    return m_warmupEnd + Seconds(m_config.warmupExtraS);
}

void
WifiUplinkScenario::TryStartWindow(uint32_t k)
{
    // A station whose first SYN, SYN-ACK or ARP exchange was lost behind
    // the AP's queue of the other stations' ACKs waits out a connection
    // timer (ns-3: 3 s, Linux: 1 s) and would be measured with a fraction
    // of the window. The window waits for every station, on the sample
    // grid counted from --warmup, at most --warmupExtra; a station still
    // silent then fails the run (StartWindow). No warm-up: no wait.
    const Time latest = LatestWindowStart();
    if (m_config.warmupS == 0 || EveryStationDelivered() || Simulator::Now() >= latest)
    {
        StartWindow();
        return;
    }
    const Time next = std::min(latest, m_warmupEnd + Seconds(m_config.sampleIntervalS * (k + 1)));
    Simulator::Schedule(next - Simulator::Now(), &WifiUplinkScenario::TryStartWindow, this, k + 1);
}

void
WifiUplinkScenario::StopSenders()
{
    // What each application's StopApplication does (it is private), by
    // its public byte budget. TCP: no new data, the socket closed (FIN once
    // the buffer is sent) at the application's next send attempt, which
    // finds the budget spent. (ShutdownSend would not do: ns-3's
    // TcpSocketBase::Send adds the data to the buffer before it checks
    // for a shut-down send side.) UDP: no further packet, the OnOff
    // application stops at its next send.
    for (uint32_t i = 0; i < m_senderApps.GetN(); ++i)
    {
        Ptr<Application> app = m_senderApps.Get(i);
        if (Ptr<BulkSendApplication> bulk = DynamicCast<BulkSendApplication>(app))
        {
            bulk->SetMaxBytes(std::max<uint64_t>(m_senderTxBytes[i], 1));
        }
        else if (Ptr<OnOffApplication> onoff = DynamicCast<OnOffApplication>(app))
        {
            onoff->SetMaxBytes(1);
            if (Ptr<Socket> socket = onoff->GetSocket())
            {
                socket->ShutdownSend();
            }
        }
    }
}

void
WifiUplinkScenario::ConnectSenderSocket(uint32_t i)
{
    Ptr<BulkSendApplication> app = DynamicCast<BulkSendApplication>(m_senderApps.Get(i));
    Ptr<Socket> socket = app ? app->GetSocket() : nullptr;
    m_sockets[i].socket = socket;
    if (!socket)
    {
        return;
    }
    if (i == 0)
    {
        m_senderSocket = socket;
        if (!m_socketCallback.IsNull())
        {
            m_socketCallback(socket);
        }
    }
    socket->TraceConnectWithoutContext("CongestionWindow",
                                       MakeCallback(&WifiUplinkScenario::OnCwnd, this).Bind(i));
    // The srtt the TSQ socket works with (TsqSrtt: Linux's with LinuxRtt);
    // for ns-3's own socket its "RTT" trace, the estimate (m_lastRtt in 3.37,
    // m_srtt from 3.43 on, where m_lastRtt became the last raw sample).
    const bool tsq = DynamicCast<TsqTcpSocket>(socket) != nullptr;
    socket->TraceConnectWithoutContext(tsq ? "TsqSrtt" : "RTT",
                                       MakeCallback(&WifiUplinkScenario::OnRtt, this).Bind(i));
    socket->TraceConnectWithoutContext(
        "BytesInFlight",
        MakeCallback(&WifiUplinkScenario::OnBytesInFlight, this).Bind(i));
    if (tsq)
    {
        socket->TraceConnectWithoutContext(
            "TsqLimit",
            MakeCallback(&WifiUplinkScenario::OnTsqLimit, this).Bind(i));
        socket->TraceConnectWithoutContext(
            "BytesQueued",
            MakeCallback(&WifiUplinkScenario::OnBytesQueued, this).Bind(i));
        socket->TraceConnectWithoutContext(
            "TsqPacingRate",
            MakeCallback(&WifiUplinkScenario::OnTsqPacingRate, this).Bind(i));
        m_sockets[i].bytesQueued = 0;
    }
}

void
WifiUplinkScenario::OnCwnd(uint32_t i, uint32_t, uint32_t newValue)
{
    m_sockets[i].cwndBytes = newValue;
}

void
WifiUplinkScenario::OnRtt(uint32_t i, Time, Time newValue)
{
    m_sockets[i].srttMs = newValue.GetSeconds() * 1000.0;
}

void
WifiUplinkScenario::OnBytesInFlight(uint32_t i, uint32_t, uint32_t newValue)
{
    m_sockets[i].bytesInFlight = newValue;
}

void
WifiUplinkScenario::OnTsqLimit(uint32_t i, uint64_t, uint64_t newValue)
{
    // UINT64_MAX: no limit (TSQ off); not a limit to average
    m_sockets[i].tsqLimit =
        newValue == std::numeric_limits<uint64_t>::max() ? kNaN : double(newValue);
}

void
WifiUplinkScenario::OnBytesQueued(uint32_t i, uint64_t, uint64_t newValue)
{
    m_sockets[i].bytesQueued = static_cast<double>(newValue);
}

void
WifiUplinkScenario::OnTsqPacingRate(uint32_t i, DataRate, DataRate newValue)
{
    m_sockets[i].pacingMbps = newValue.GetBitRate() / 1e6;
}

std::vector<uint64_t>
WifiUplinkScenario::ThrottleEventsByStation() const
{
    std::vector<uint64_t> events(m_config.nSta, 0);
    for (std::size_t k = 0; k < m_windowSockets.size(); ++k)
    {
        events[m_windowSocketStation[k]] += m_windowSockets[k]->GetStats().throttleEvents;
    }
    return events;
}

uint64_t
WifiUplinkScenario::ThrottleEventsNow() const
{
    // The sockets of the window's start: at its end the applications stop
    // (same instant) and a closed socket leaves the node's list.
    uint64_t events = 0;
    for (const auto& socket : m_windowSockets)
    {
        events += socket->GetStats().throttleEvents;
    }
    return events;
}

void
WifiUplinkScenario::StartWindow()
{
    m_inWindow = true;
    m_windowStart = Simulator::Now();
    // The window ends with its last sample (Sample(n) calls EndWindow), at
    // windowStart + n * sampleInterval. 1 ns after it: an event scheduled
    // later for the same instant as Stop would not run.
    Simulator::Stop(Seconds(m_config.durationS + m_config.drainS) + NanoSeconds(1));
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        m_rxAtWindowStart[i] = m_sinks[i]->GetTotalRx();
        // Every station associated and sending before it is measured: a
        // station cut off by its BlockAck state, still without an ARP
        // answer or not yet started would make the window measure fewer
        // stations than the run says.
        if (m_config.warmupS > 0 && m_rxAtWindowStart[i] == 0)
        {
            m_silentStations.push_back(i);
        }
    }
    m_rxAtLastSample = m_rxAtWindowStart;
    m_windowSockets.clear();
    m_windowSocketStation.clear();
    for (uint32_t i = 0; i < m_stations.GetN(); ++i)
    {
        for (const auto& socket : TsqHelper::GetSockets(m_stations.Get(i)))
        {
            m_windowSockets.push_back(socket);
            m_windowSocketStation.push_back(i);
        }
    }
    m_throttleAtStart = ThrottleEventsNow();
    m_throttleByStaAtStart = ThrottleEventsByStation();
    if (m_slotGate)
    {
        m_gateAtStart = m_slotGate->GetStats();
    }
    if (m_edcaGate)
    {
        m_edcaAtStart = m_edcaGate->GetStats();
    }
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        if (Ptr<WifiTsqAdapter> adapter = TsqHelper::GetWifiAdapter(m_staDevices.Get(i)))
        {
            adapter->ResetAmpduStats();
        }
    }
    m_ampduAtLastSample = AmpduCount();
    Simulator::Schedule(Seconds(m_config.sampleIntervalS), &WifiUplinkScenario::Sample, this, 1);
}

void
WifiUplinkScenario::AddSample(const std::string& series, double value)
{
    if (std::isnan(value))
    {
        return;
    }
    m_series[series].emplace_back(Simulator::Now().GetSeconds(), value);
}

void
WifiUplinkScenario::Sample(uint32_t k)
{
    // Interval k ends now: goodput over exactly this interval, so the mean
    // of the goodput series is the window's goodput.
    uint64_t bytes = 0;
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        uint64_t rx = m_sinks[i]->GetTotalRx();
        bytes += rx - m_rxAtLastSample[i];
        m_rxAtLastSample[i] = rx;
    }
    AddSample(TsqRunRecord::SERIES_GOODPUT, bytes * 8.0 / m_config.sampleIntervalS / 1e6);
    const AmpduCount now = CountAmpdus();
    if (now.psdus > m_ampduAtLastSample.psdus)
    {
        AddSample(TsqRunRecord::SERIES_AMPDU,
                  double(now.mpdus - m_ampduAtLastSample.mpdus) /
                      (now.psdus - m_ampduAtLastSample.psdus));
    }
    m_ampduAtLastSample = now;
    for (uint32_t i = 0; i < m_sockets.size(); ++i)
    {
        SocketState& s = m_sockets[i];
        if (!s.socket)
        {
            continue;
        }
        const std::pair<const char*, double> samples[] = {
            {TsqRunRecord::SERIES_CWND, s.cwndBytes / m_config.segmentSize},
            {"srtt_ms", s.srttMs},
            {"packets_out", s.bytesInFlight / m_config.segmentSize},
            {TsqRunRecord::SERIES_PACING_RATE, s.pacingMbps},
            {TsqRunRecord::SERIES_TSQ_LIMIT, s.tsqLimit},
            {TsqRunRecord::SERIES_QUEUED, s.bytesQueued}};
        for (const auto& sample : samples)
        {
            if (i == 0)
            {
                AddSample(sample.first, sample.second); // the first station's series
            }
            if (!std::isnan(sample.second))
            {
                auto& sum = s.sums[sample.first];
                sum.first += sample.second;
                ++sum.second;
            }
        }
    }
    m_nSamples = k;
    const auto n =
        static_cast<uint32_t>(std::lround(m_config.durationS / m_config.sampleIntervalS));
    if (m_config.precision > 0 && BatchEnds(k))
    {
        EndWindow();
        Simulator::Stop(Seconds(m_config.drainS) + NanoSeconds(1));
        return;
    }
    if (k >= n)
    {
        EndWindow();
        return;
    }
    // Absolute times: no drift over long windows.
    Time next = m_windowStart + Seconds(m_config.sampleIntervalS * (k + 1));
    Simulator::Schedule(next - Simulator::Now(), &WifiUplinkScenario::Sample, this, k + 1);
}

bool
WifiUplinkScenario::BatchEnds(uint32_t k)
{
    const auto perBatch =
        static_cast<uint32_t>(std::lround(m_config.batchS / m_config.sampleIntervalS));
    if (k % perBatch != 0)
    {
        return false;
    }
    // The batch's goodput: the mean of its samples' (each over one
    // sample interval, all stations, as the window's is counted).
    const TsqSeries& goodput = m_series[TsqRunRecord::SERIES_GOODPUT];
    double sum = 0;
    for (auto it = goodput.end() - perBatch; it != goodput.end(); ++it)
    {
        sum += it->second;
    }
    m_batches.Add(sum / perBatch);
    return m_batches.Precise(m_config.precision, m_config.minBatches);
}

void
WifiUplinkScenario::EndWindow()
{
    m_inWindow = false;
    m_windowEnd = Simulator::Now();
    m_rxAtWindowEnd.assign(m_sinks.size(), 0);
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        m_rxAtWindowEnd[i] = m_sinks[i]->GetTotalRx();
    }
    m_throttleAtEnd = ThrottleEventsNow();
    m_throttleByStaAtEnd = ThrottleEventsByStation();
    if (m_slotGate)
    {
        m_gateAtEnd = m_slotGate->GetStats();
    }
    if (m_edcaGate)
    {
        m_edcaAtEnd = m_edcaGate->GetStats();
    }
    // The adapters' statistics stop with the window.
    m_ampduAtWindowEnd = CountAmpdus();
    m_ampduByStaAtWindowEnd.clear();
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        m_ampduByStaAtWindowEnd.push_back(CountAmpdus(i));
    }
    // The first station's socket shift of the window (the socket may be
    // gone after a long drain).
    if (Ptr<TsqTcpSocket> tsq = DynamicCast<TsqTcpSocket>(m_senderSocket))
    {
        m_shiftAtWindowEnd = tsq->GetPacingShift();
    }
    StopSenders();
}

void
WifiUplinkScenario::OnPingRtt(TSQ_PING_RTT_ARGS)
{
    if (m_inWindow)
    {
        double ms = rtt.GetSeconds() * 1000.0;
        m_pingSumMs += ms;
        ++m_pingCount;
        m_pingRtts.push_back(ms);
        m_series[TsqRunRecord::SERIES_PING_RTT].emplace_back(Simulator::Now().GetSeconds(), ms);
    }
}

WifiUplinkResult
WifiUplinkScenario::Run()
{
    Simulator::Run();
    WifiUplinkResult result;
    // What a run costs in simulation work, whatever the machine's speed.
    result.simEvents = Simulator::GetEventCount();
    result.simTimeS = Simulator::Now().GetSeconds();
    // The window's length: durationS, or shorter where --precision ended it.
    const double windowS = m_windowEnd > m_windowStart ? (m_windowEnd - m_windowStart).GetSeconds()
                                                       : m_config.durationS;
    result.windowS = windowS;
    if (m_batches.GetBatches() > 0)
    {
        result.goodputBatches = m_batches.GetBatches();
        result.goodputHalfWidthMbps = m_batches.HalfWidth();
        result.goodputSeMbps = m_batches.StandardError();
        result.goodputBatchLag1 = m_batches.Lag1();
        result.precisionReached = m_batches.Precise(m_config.precision, m_config.minBatches);
    }
    for (uint32_t i = 0; i < m_sinks.size(); ++i)
    {
        uint64_t end = i < m_rxAtWindowEnd.size() ? m_rxAtWindowEnd[i] : m_sinks[i]->GetTotalRx();
        uint64_t bytes = end - m_rxAtWindowStart[i];
        double mbps = bytes * 8.0 / windowS / 1e6;
        result.flowGoodputMbps.push_back(mbps);
        result.goodputMbps += mbps;
    }
    for (const auto& sink : m_sinks)
    {
        result.rxBytes += sink->GetTotalRx();
    }
    result.qdiscPeakPackets = m_qdiscPeak;
    result.silentStations = m_silentStations;
    result.pingReplies = m_pingCount;
    result.pingRttMsMean = m_pingCount ? m_pingSumMs / m_pingCount : 0;
    if (!m_pingRtts.empty())
    {
        // nearest rank: the ceil(0.95 n)-th smallest
        std::vector<double> sorted = m_pingRtts;
        std::sort(sorted.begin(), sorted.end());
        auto rank = static_cast<std::size_t>(std::ceil(0.95 * sorted.size()));
        result.pingRttMsP95 = sorted[std::max<std::size_t>(rank, 1) - 1];
    }
    const AmpduCount& a = m_ampduAtWindowEnd;
    result.dataPsdus = a.psdus;
    result.ampduMpdusMean = a.psdus ? double(a.mpdus) / a.psdus : 0;
    result.ampduHistogram = a.histogram;
    result.ampduByteFill = a.byteFill;
    result.starvedPsdus = a.starved;
    result.starvedTsqPsdus = a.starvedTsq;
    // Per station: its goodput, A-MPDU counts, TSQ answers and socket means.
    auto mean = [](const std::map<std::string, std::pair<double, uint32_t>>& sums,
                   const std::string& name) {
        auto it = sums.find(name);
        return it == sums.end() || it->second.second == 0 ? kNaN
                                                          : it->second.first / it->second.second;
    };
    double sum = 0;
    double sumSquares = 0;
    for (uint32_t i = 0; i < m_config.nSta; ++i)
    {
        WifiUplinkStationResult st;
        st.goodputMbps = i < result.flowGoodputMbps.size() ? result.flowGoodputMbps[i] : 0;
        if (i < m_ampduByStaAtWindowEnd.size())
        {
            const AmpduCount& c = m_ampduByStaAtWindowEnd[i];
            st.dataPsdus = c.psdus;
            st.ampduMpdusMean = c.psdus ? double(c.mpdus) / c.psdus : kNaN;
            st.ampduByteFill = c.psdus ? c.byteFill : kNaN;
            st.starvedPsdus = c.starved;
            st.starvedTsqPsdus = c.starvedTsq;
        }
        if (i < m_throttleByStaAtEnd.size() && i < m_throttleByStaAtStart.size())
        {
            st.throttleEvents = m_throttleByStaAtEnd[i] - m_throttleByStaAtStart[i];
        }
        static const std::map<std::string, std::pair<double, uint32_t>> none;
        const auto& sums = i < m_sockets.size() ? m_sockets[i].sums : none;
        st.srttMsMean = mean(sums, "srtt_ms");
        st.cwndSegmentsMean = mean(sums, TsqRunRecord::SERIES_CWND);
        st.packetsOutMean = mean(sums, "packets_out");
        st.pacingRateMbpsMean = mean(sums, TsqRunRecord::SERIES_PACING_RATE);
        st.tsqLimitBytesMean = mean(sums, TsqRunRecord::SERIES_TSQ_LIMIT);
        st.queuedBytesMean = mean(sums, TsqRunRecord::SERIES_QUEUED);
        result.stations.push_back(st);
        sum += st.goodputMbps;
        sumSquares += st.goodputMbps * st.goodputMbps;
        result.minStationGoodputMbps =
            i == 0 ? st.goodputMbps : std::min(result.minStationGoodputMbps, st.goodputMbps);
    }
    // Jain's index (Jain, Chiu, Hawe 1984): (sum x)^2 / (n sum x^2), 1 when
    // every station gets the same, 1/n when one gets everything.
    result.jainIndex = sumSquares > 0 ? sum * sum / (m_config.nSta * sumSquares) : kNaN;
    // The socket metrics over the stations: the mean of each station's
    // mean (stations without samples left out).
    auto overStations = [&result](double WifiUplinkStationResult::*field) {
        double total = 0;
        uint32_t n = 0;
        for (const auto& st : result.stations)
        {
            if (!std::isnan(st.*field))
            {
                total += st.*field;
                ++n;
            }
        }
        return n ? total / n : kNaN;
    };
    result.srttMsMean = overStations(&WifiUplinkStationResult::srttMsMean);
    result.cwndSegmentsMean = overStations(&WifiUplinkStationResult::cwndSegmentsMean);
    result.packetsOutMean = overStations(&WifiUplinkStationResult::packetsOutMean);
    result.pacingRateMbpsMean = overStations(&WifiUplinkStationResult::pacingRateMbpsMean);
    result.tsqLimitBytesMean = overStations(&WifiUplinkStationResult::tsqLimitBytesMean);
    result.queuedBytesMean = overStations(&WifiUplinkStationResult::queuedBytesMean);
    result.throttleEvents = m_throttleAtEnd - m_throttleAtStart;
    result.windowStartS = m_windowStart.GetSeconds();
    result.series = m_series;
    auto out = m_series.find("packets_out");
    if (out != m_series.end() && !out->second.empty())
    {
        result.packetsOutMax = 0;
        for (const auto& s : out->second)
        {
            result.packetsOutMax = std::max(result.packetsOutMax, s.second);
        }
    }
    if (m_slotGate)
    {
        const TsqSlotGateStats& a = m_gateAtStart;
        const TsqSlotGateStats& b = m_gateAtEnd;
        result.gate.dataSlots = b.dataSlots - a.dataSlots;
        result.gate.lostSlots = b.lost - a.lost;
        result.gate.SetMeans(double(b.frames - a.frames),
                             double(b.bytes - a.bytes),
                             double(b.ackFrames - a.ackFrames),
                             b.ackTxops - a.ackTxops);
    }
    if (m_edcaGate)
    {
        // A TXOP of the station is its "slot"; MPDUs per acknowledged one
        const TsqEdcaGateStats& a = m_edcaAtStart;
        const TsqEdcaGateStats& b = m_edcaAtEnd;
        const uint64_t staOk = (b.staTxops - a.staTxops) - (b.collisions - a.collisions);
        const uint64_t apOk = (b.apTxops - a.apTxops) - (b.collisions - a.collisions);
        result.gate.dataSlots = b.staTxops - a.staTxops;
        result.gateCollisions = b.collisions - a.collisions;
        if (staOk)
        {
            result.gate.framesPerSlot = double(b.staMpdus - a.staMpdus) / staOk;
        }
        if (apOk)
        {
            result.gate.acksPerTxop = double(b.apMpdus - a.apMpdus) / apOk;
        }
    }
    result.socketPacingShift = m_shiftAtWindowEnd;
    // The balance after the drain: the window's sockets (held since its
    // start, so a drain that outlives them still counts their bytes) and
    // any opened later.
    std::vector<Ptr<TsqTcpSocket>> sockets = m_windowSockets;
    for (uint32_t i = 0; i < m_stations.GetN(); ++i)
    {
        for (const auto& socket : TsqHelper::GetSockets(m_stations.Get(i)))
        {
            if (std::find(sockets.begin(), sockets.end(), socket) == sockets.end())
            {
                sockets.push_back(socket);
            }
        }
    }
    for (const auto& socket : sockets)
    {
        TsqSocketStats st = socket->GetStats();
        result.tsqChargedBytes += st.chargedBytes;
        result.tsqReleasedBytes += st.releasedBytes;
        result.tsqQueuedBytes += st.queuedBytes;
    }
    for (uint32_t i = 0; i < m_stations.GetN(); ++i)
    {
        if (Ptr<TsqTxCompletion> completion = TsqHelper::GetTxCompletion(m_stations.Get(i)))
        {
            result.tsqOrphanBytes += completion->GetOrphanBytes();
        }
    }
    for (uint32_t i = 0; i < m_staDevices.GetN(); ++i)
    {
        if (Ptr<WifiTsqAdapter> a = TsqHelper::GetWifiAdapter(m_staDevices.Get(i)))
        {
            const WifiTsqAdapter::Statistics st = a->GetStatistics();
            result.tsqDeviceHeldBytes += st.inFlightBytes + st.pendingBytes + st.unsentChargedBytes;
        }
    }
    // The scenario's holds end with the run: a socket lives on only where
    // the simulation (or the caller) still holds it.
    m_senderSocket = nullptr;
    m_windowSockets.clear();
    for (auto& s : m_sockets)
    {
        s.socket = nullptr;
    }
    return result;
}

} // namespace ns3
