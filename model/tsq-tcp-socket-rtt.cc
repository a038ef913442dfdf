/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * TsqTcpSocket's Linux RTT: the per-segment samples of
 * tcp_ack_update_rtt(), the handshake's sample, the timestamp echo and
 * the smoothed and minimum RTT that TSQ, pacing, TSO autosizing, HyStart
 * and the rate sampler read (LinuxRtt).
 */

#include "tsq-core-clock.h"
#include "tsq-tcp-socket.h"

#include "ns3/log.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/tcp-tx-item.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqTcpSocketRtt");

/* ------------------------------------------------------ Linux's RTT */

void
TsqTcpSocket::SendEmptyPacket(uint8_t flags)
{
    if (flags & TcpHeader::SYN)
    {
        // TcpSocketBase counts m_synCount down from m_synRetries per SYN sent.
        m_synRetransmitted = m_synCount != m_synRetries;
        m_synSentUs = TsqMstamp(Simulator::Now());
    }
    TcpSocketBase::SendEmptyPacket(flags);
}

void
TsqTcpSocket::EstimateRtt(const TcpHeader& tcpHeader)
{
    TcpSocketBase::EstimateRtt(tcpHeader);
    const uint8_t flags = tcpHeader.GetFlags();
    const bool ack = flags & TcpHeader::ACK;
    const bool syn = flags & TcpHeader::SYN;
    // The SYN-ACK of an active open, or the ACK of a passive one's SYN-ACK:
    // the handshake's sample (tcp_ack with FLAG_SYN_ACKED; tcp_synack_rtt_meas).
    const bool handshake = ack && ((m_state == SYN_SENT && syn) || (m_state == SYN_RCVD && !syn));
    if (!handshake || m_synSentUs == 0)
    {
        return;
    }
    tsq_rtt_ack_init(&m_rttAck);
    tsq_rtt_ack_skb(&m_rttAck, m_synSentUs, m_synRetransmitted, false);
    m_synSentUs = 0;
    ReadTsEcho(tcpHeader);
    UpdateLinuxRtt(true);
}

void
TsqTcpSocket::ReadTsEcho(const TcpHeader& tcpHeader)
{
    m_ackTsEcho = false;
    m_ackTsDeltaMs = 0;
    if (!m_timestampEnabled || !tcpHeader.HasOption(TcpOption::TS))
    {
        return;
    }
    // The option of kind TS is always a TcpOptionTS (TcpOption::CreateOption).
    Ptr<const TcpOptionTS> ts = StaticCast<const TcpOptionTS>(tcpHeader.GetOption(TcpOption::TS));
    const uint32_t echo = ts->GetEcho();
    // rx_opt.saw_tstamp && rx_opt.rcv_tsecr: a zero echo is no echo
    m_ackTsEcho = echo != 0;
    m_ackTsDeltaMs = TcpOptionTS::NowToTsValue() - echo;
}

void
TsqTcpSocket::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    tsq_rtt_ack_init(&m_rttAck);
    m_ackCaRttUs = -1;
    ReadTsEcho(tcpHeader);
    TcpSocketBase::ReceivedAck(packet, tcpHeader);
}

void
TsqTcpSocket::OnSegmentDelivered(TcpTxItem* item)
{
    const uint64_t sent = TsqMstamp(item->GetLastSent());
    const bool retrans = item->IsRetrans();
    if (item->GetRateInformation().m_deliveredTime == Time::Max())
    {
        // Counted when its SACK came: now cumulatively acked, not timed again.
        tsq_rtt_ack_skb(&m_rttAck, sent, retrans, true);
    }
    else if (item->IsSacked())
    {
        tsq_rtt_sack_skb(&m_rttAck, sent, retrans);
    }
    else
    {
        tsq_rtt_ack_skb(&m_rttAck, sent, retrans, false);
    }
}

void
TsqTcpSocket::ProcessAck(const SequenceNumber32& ackNumber,
                         bool scoreboardUpdated,
                         uint32_t currentDelivered,
                         const SequenceNumber32& oldHeadSequence TSQ_PROCESS_ACK_EXTRA_PARAM)
{
    // TcpSocketBase has run ReadOptions (SACK) and DiscardUpTo: every
    // segment of this ACK went through OnSegmentDelivered. Linux takes the
    // sample here too, before the congestion control sees the ACK.
    UpdateLinuxRtt(ackNumber > oldHeadSequence);
    TcpSocketBase::ProcessAck(ackNumber,
                              scoreboardUpdated,
                              currentDelivered,
                              oldHeadSequence TSQ_PROCESS_ACK_EXTRA_ARG);
}

void
TsqTcpSocket::UpdateLinuxRtt(bool dataAcked)
{
    struct tsq_rtt_ack_in in;
    tsq_rtt_ack_in_init(&in);
    in.form = m_kernel.GetProfile()->rtt_form;
    in.now_us = TsqMstamp(Simulator::Now());
    in.now_ms = static_cast<u32>(Simulator::Now().GetMilliSeconds());
    in.data_acked = dataAcked;
    in.ts_echo = m_ackTsEcho;
    in.ts_delta_ms = m_ackTsDeltaMs;
    in.snd_una = m_txBuffer->HeadSequence().GetValue();
    in.snd_nxt = m_tcb->m_highTxMark.Get().GetValue();
    struct tsq_rtt_ack_out out;
    int r = tsq_ack_update_rtt(&m_rttCore, &m_rttAck, &in, &out);
    NS_ASSERT(r == TSQ_OK);
    (void)r;
    tsq_rtt_ack_init(&m_rttAck);
    m_ackCaRttUs = out.ca_rtt_us;
    if (out.updated)
    {
        NS_LOG_LOGIC("Linux RTT sample " << out.seq_rtt_us << " us (ca " << out.ca_rtt_us
                                         << "), srtt " << (m_rttCore.srtt_us >> 3) << " us");
    }
    // Once per ACK, after ns-3's estimator (EstimateRtt) took its sample too.
    Time srtt = GetSrtt();
    if (srtt != m_tsqSrtt.Get())
    {
        m_tsqSrtt = srtt;
    }
}

Time
TsqTcpSocket::LinuxMinRtt() const
{
    const uint32_t minRtt = tsq_min_rtt(&m_rttCore);
    return minRtt == TSQ_MIN_RTT_UNKNOWN ? Time::Max() : MicroSeconds(minRtt);
}

Time
TsqTcpSocket::GetSrtt() const
{
    if (m_linuxRtt)
    {
        // srtt_us keeps 3 fraction bits: 125 ns of resolution
        return NanoSeconds(static_cast<int64_t>(m_rttCore.srtt_us) * 125);
    }
    return m_rtt ? m_rtt->GetEstimate() : Time(0);
}

Time
TsqTcpSocket::GetMinRtt() const
{
    return m_linuxRtt ? LinuxMinRtt() : m_tcb->m_minRtt;
}

uint32_t
TsqTcpSocket::SrttX8Us() const
{
    if (m_linuxRtt)
    {
        return m_rttCore.srtt_us;
    }
    Time srtt = m_rtt ? m_rtt->GetEstimate() : Time(0);
    return static_cast<uint32_t>(
        std::min<int64_t>(srtt.GetMicroSeconds(), std::numeric_limits<uint32_t>::max() >> 3) << 3);
}

uint32_t
TsqTcpSocket::MinRttUs() const
{
    Time minRtt = GetMinRtt();
    if (minRtt == Time::Max())
    {
        return TSQ_MIN_RTT_UNKNOWN;
    }
    return static_cast<uint32_t>(
        std::min<int64_t>(minRtt.GetMicroSeconds(), TSQ_MIN_RTT_UNKNOWN - 1));
}

} // namespace ns3
