/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-rate-ops.h"

#include "tsq-core-clock.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/tcp-tx-item.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqRateOps");

NS_OBJECT_ENSURE_REGISTERED(TsqRateOps);

namespace
{

/** bytes -> bit/s scale of tsq_rate_sample_bw: 8 bits, 1e6 us per s */
const uint64_t kBitsPerSecondUnit = 8 * 1000000ULL;

} // namespace

TypeId
TsqRateOps::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqRateOps")
            .SetParent<TcpRateOps>()
            .SetGroupName("Tsq")
            .AddConstructor<TsqRateOps>()
            .AddTraceSource("TcpRateUpdated",
                            "The connection's rate information changed",
                            MakeTraceSourceAccessor(&TsqRateOps::m_rateTrace),
                            "ns3::TcpRateLinux::TcpRateUpdated")
            .AddTraceSource("TcpRateSampleUpdated",
                            "The rate sample of an ACK, as passed to the congestion control",
                            MakeTraceSourceAccessor(&TsqRateOps::m_rateSampleTrace),
                            "ns3::TcpRateLinux::TcpRateSampleUpdated");
    return tid;
}

TsqRateOps::TsqRateOps()
{
    NS_LOG_FUNCTION(this);
    tsq_rate_conn_init(&m_conn);
    tsq_rate_sample_init(&m_rs);
}

TsqRateOps::~TsqRateOps()
{
    NS_LOG_FUNCTION(this);
}

void
TsqRateOps::DoDispose()
{
    m_wmemAlloc = MakeNullCallback<uint64_t>();
    m_packetsOut = MakeNullCallback<uint32_t>();
    TcpRateOps::DoDispose();
}

void
TsqRateOps::SetWmemAlloc(Callback<uint64_t> wmemAlloc)
{
    m_wmemAlloc = wmemAlloc;
}

void
TsqRateOps::SetPacketsOut(Callback<uint32_t> packetsOut)
{
    m_packetsOut = packetsOut;
}

void
TsqRateOps::PublishConnection()
{
    m_rate.m_delivered = m_conn.delivered;
    m_rate.m_deliveredTime = TsqMstampTime(m_conn.delivered_mstamp, Seconds(0));
    m_rate.m_firstSentTime = TsqMstampTime(m_conn.first_tx_mstamp, Seconds(0));
    // ns-3 keeps a uint32_t mark; 0 must keep meaning "not app-limited".
    uint32_t mark = static_cast<uint32_t>(m_conn.app_limited);
    m_rate.m_appLimited = m_conn.app_limited != 0 && mark == 0 ? 1 : mark;
    m_rate.m_txItemDelivered = static_cast<uint32_t>(m_txItemDelivered);
    m_rate.m_rateDelivered = static_cast<int32_t>(
        std::min<uint64_t>(m_conn.rate_delivered, std::numeric_limits<int32_t>::max()));
    m_rate.m_rateInterval = MicroSeconds(m_conn.rate_interval_us);
    m_rate.m_rateAppLimited = m_conn.rate_app_limited;
    m_rateStale = false;
}

void
TsqRateOps::ConnectionChanged()
{
    m_rateStale = true;
    if (!m_rateTrace.IsEmpty())
    {
        PublishConnection();
        m_rateTrace(m_rate);
    }
}

void
TsqRateOps::SkbSent(TcpTxItem* skb, bool isStartOfTransmission)
{
    NS_LOG_FUNCTION(this << skb << isStartOfTransmission);
    uint32_t packetsOut = m_packetsOut.IsNull() ? (isStartOfTransmission ? 0 : 1) : m_packetsOut();
    struct tsq_rate_skb s = {};
    tsq_rate_skb_sent(&m_conn, &s, TsqMstamp(Simulator::Now()), packetsOut);

    TcpTxItem::RateInformation& info = skb->GetRateInformation();
    info.m_delivered = s.delivered;
    info.m_deliveredTime = TsqMstampTime(s.delivered_mstamp, Time::Max());
    info.m_firstSent = TsqMstampTime(s.first_tx_mstamp, Time::Max());
    info.m_isAppLimited = s.is_app_limited;
    if (packetsOut == 0)
    {
        ConnectionChanged();
    }
}

void
TsqRateOps::SkbDelivered(TcpTxItem* skb)
{
    NS_LOG_FUNCTION(this << skb);
    TcpTxItem::RateInformation& info = skb->GetRateInformation();
    struct tsq_rate_skb s = {};
    s.delivered = info.m_delivered;
    s.delivered_mstamp = TsqMstamp(info.m_deliveredTime);
    s.first_tx_mstamp = TsqMstamp(info.m_firstSent);
    s.is_app_limited = info.m_isAppLimited;
    if (s.delivered_mstamp == 0)
    {
        // No timing (never sent through SkbSent) or already counted when
        // it was SACKed.
        return;
    }
    tsq_rate_delivered_add(&m_conn, skb->GetSeqSize(), TsqMstamp(Simulator::Now()));
    tsq_rate_skb_delivered(&m_conn,
                           &s,
                           TsqMstamp(skb->GetLastSent()),
                           skb->IsRetrans(),
                           skb->IsSacked(),
                           &m_rs);
    info.m_deliveredTime = TsqMstampTime(s.delivered_mstamp, Time::Max());
    m_txItemDelivered = s.delivered;
    ConnectionChanged();
}

void
TsqRateOps::CalculateAppLimited(uint32_t cWnd,
                                uint32_t in_flight,
                                uint32_t segmentSize,
                                const SequenceNumber32& tailSeq,
                                const SequenceNumber32& nextTx,
                                const uint32_t lostOut,
                                const uint32_t retransOut)
{
    NS_LOG_FUNCTION(this << cWnd << in_flight << segmentSize << tailSeq << nextTx << lostOut
                         << retransOut);
    uint64_t wmem = m_wmemAlloc.IsNull() ? 0 : m_wmemAlloc();
    if (tsq_rate_check_app_limited(&m_conn,
                                   tailSeq.GetValue(),
                                   nextTx.GetValue(),
                                   segmentSize,
                                   wmem,
                                   in_flight,
                                   cWnd,
                                   lostOut,
                                   retransOut))
    {
        NS_LOG_INFO("app-limited until " << m_conn.app_limited << " bytes delivered");
        ConnectionChanged();
    }
}

const TcpRateOps::TcpRateSample&
TsqRateOps::GenerateSample(uint32_t delivered,
                           uint32_t lost,
                           bool is_sack_reneg,
                           uint32_t priorInFlight,
                           const Time& minRtt)
{
    NS_LOG_FUNCTION(this << delivered << lost << is_sack_reneg << priorInFlight << minRtt);
    uint32_t minRttUs = TSQ_MIN_RTT_UNKNOWN;
    if (minRtt != Time::Max() && !minRtt.IsStrictlyNegative())
    {
        minRttUs = static_cast<uint32_t>(
            std::min<int64_t>(minRtt.GetMicroSeconds(), TSQ_MIN_RTT_UNKNOWN - 1));
    }
    tsq_rate_gen(&m_conn,
                 TsqMstamp(Simulator::Now()),
                 delivered,
                 lost,
                 is_sack_reneg,
                 minRttUs,
                 &m_rs);
    m_rs.prior_in_flight = priorInFlight;

    const bool valid = m_rs.delivered >= 0 && m_rs.interval_us > 0;
    m_rateSample.m_deliveryRate = DataRate(tsq_rate_sample_bw(&m_rs, kBitsPerSecondUnit));
    m_rateSample.m_isAppLimited = m_rs.is_app_limited;
    m_rateSample.m_interval = valid ? MicroSeconds(m_rs.interval_us) : Time(0);
    m_rateSample.m_delivered = static_cast<int32_t>(
        std::clamp<int64_t>(m_rs.delivered, -1, std::numeric_limits<int32_t>::max()));
    m_rateSample.m_priorDelivered = static_cast<uint32_t>(m_rs.prior_delivered);
    m_rateSample.m_priorTime = valid ? TsqMstampTime(m_rs.prior_mstamp, Time(0)) : Time(0);
    m_rateSample.m_sendElapsed = MicroSeconds(m_rs.snd_us);
    m_rateSample.m_ackElapsed = MicroSeconds(m_rs.ack_us);
    m_rateSample.m_bytesLoss = m_rs.losses;
    m_rateSample.m_priorInFlight = m_rs.prior_in_flight;
    m_rateSample.m_ackedSacked = m_rs.acked_sacked;
    NS_LOG_INFO("sample: delivered " << m_rs.delivered << " interval " << m_rs.interval_us
                                     << " us (snd " << m_rs.snd_us << ", ack " << m_rs.ack_us
                                     << "), rate " << m_rateSample.m_deliveryRate
                                     << (m_rs.is_app_limited ? ", app-limited" : ""));

    // The next ACK starts a fresh sample (tcp_ack's struct rate_sample).
    tsq_rate_sample_init(&m_rs);
    m_rateStale = true;
    m_rateSampleTrace(m_rateSample);
    return m_rateSample;
}

const TcpRateOps::TcpRateConnection&
TsqRateOps::GetConnectionRate()
{
    if (m_rateStale)
    {
        PublishConnection();
    }
    return m_rate;
}

} // namespace ns3
