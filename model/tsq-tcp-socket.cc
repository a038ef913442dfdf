/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-tcp-socket.h"

#include "tsq-cwnd-validation-ops.h"
#include "tsq-hystart-ops.h"
#include "tsq-rate-ops-tap.h"
#include "tsq-rate-ops.h"
#include "tsq-rtt-sample-estimator.h"
#include "tsq-socket-registry.h"
#include "tsq-tag.h"
#include "tsq-tx-completion.h"

#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-rate-ops.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/tcp-tx-item.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqTcpSocket");

namespace
{

/** ceil(a / b), the unit conversion tsq/types.h asks of the caller. */
uint32_t
CeilDiv(uint32_t a, uint32_t b)
{
    return a / b + (a % b ? 1 : 0);
}

} // namespace

TypeId
TsqTcpSocket::GetInstanceTypeId() const
{
    return TsqTcpSocket::GetTypeId();
}

TsqTcpSocket::TsqTcpSocket()
    : TcpSocketBase()
{
    NS_LOG_FUNCTION(this);
    tsq_sock_init(&m_sk);
    tsq_cwnd_state_init(&m_cwndState);
    tsq_rtt_init(&m_rttCore, 0);
    tsq_rtt_ack_init(&m_rttAck);
    m_id = TsqSocketRegistry::Register(this);
    ConnectTx();
    InstallRateOps();
}

TsqTcpSocket::TsqTcpSocket(const TsqTcpSocket& sock)
    : TcpSocketBase(sock),
      m_kernel(sock.m_kernel),
      m_linuxPacingRate(sock.m_linuxPacingRate),
      m_cwndValidation(sock.m_cwndValidation),
      m_tsoBursts(sock.m_tsoBursts),
      m_softwareGso(sock.m_softwareGso),
      m_linuxHystart(sock.m_linuxHystart),
      m_linuxStretchAcks(sock.m_linuxStretchAcks),
      m_linuxRateSample(sock.m_linuxRateSample),
      m_linuxRtt(sock.m_linuxRtt),
      m_userCc(sock.m_userCc),
      m_tsqLimit(sock.m_tsqLimit),
      m_bytesQueued(sock.m_bytesQueued),
      m_tsqPacingRate(sock.m_tsqPacingRate),
      m_pacingShift(sock.m_pacingShift),
      m_tsqSrtt(sock.m_tsqSrtt),
      m_throttledTrace(sock.m_throttledTrace),
      m_resumedTrace(sock.m_resumedTrace)
{
    NS_LOG_FUNCTION(this);
    // A fork starts with nothing below TCP, at the parent's shift.
    tsq_sock_init(&m_sk);
    m_sk.pacing_shift = sock.m_sk.pacing_shift;
    tsq_cwnd_state_init(&m_cwndState);
    // ... and with no RTT sample: its own SYN-ACK gives the first.
    tsq_rtt_init(&m_rttCore, static_cast<u32>(Simulator::Now().GetMilliSeconds()));
    tsq_rtt_ack_init(&m_rttAck);
    m_bytesQueued = 0;
    m_id = TsqSocketRegistry::Register(this);
    // TcpSocketBase's copy constructor copied the Tx trace, with the
    // parent's OnTx in it: swap it for ours.
    DisconnectTx(&sock);
    ConnectTx();
    // ... and forked the congestion control, whose gate still asks the parent.
    Ptr<TsqCwndValidationOps> wrapper = DynamicCast<TsqCwndValidationOps>(m_congestionControl);
    if (wrapper)
    {
        Ptr<TsqHyStartOps> hystart = DynamicCast<TsqHyStartOps>(wrapper->GetInner());
        m_userCc = hystart ? hystart->GetInner() : wrapper->GetInner();
        WireWrapper(wrapper);
    }
    m_rttSamplesTaken = sock.m_rttSamplesTaken;
    // TcpSocketBase's copy constructor gave the fork a new TcpRateLinux.
    InstallRateOps();
}

TsqTcpSocket::~TsqTcpSocket()
{
    NS_LOG_FUNCTION(this);
    TsqSocketRegistry::Unregister(m_id);
}

void
TsqTcpSocket::DoDispose()
{
    NS_LOG_FUNCTION(this);
    // The socket stays registered until its destructor: like a closed sk,
    // which the kernel frees only when sk_wmem_alloc drops to zero (the
    // skbs below TCP hold it, sk_free), its frames still in the device are
    // credited to it. Only the transmit of the TSQ handler stops.
    m_disposed = true;
    Ptr<TsqCwndValidationOps> wrapper = DynamicCast<TsqCwndValidationOps>(m_congestionControl);
    if (wrapper)
    {
        wrapper->SetGate(MakeNullCallback<bool>());
        if (Ptr<TsqHyStartOps> hystart = DynamicCast<TsqHyStartOps>(wrapper->GetInner()))
        {
            hystart->SetRttSample(MakeNullCallback<int64_t>());
            hystart->SetPacingRate(MakeNullCallback<uint64_t>());
        }
    }
    Ptr<TsqRateOpsTap> tap = DynamicCast<TsqRateOpsTap>(m_rateOps);
    if (tap)
    {
        tap->SetDeliveredObserver(MakeNullCallback<void, TcpTxItem*>());
        tap->SetMinRtt(MakeNullCallback<Time>());
        Ptr<TsqRateOps> rateOps = DynamicCast<TsqRateOps>(tap->GetInner());
        if (rateOps)
        {
            rateOps->SetWmemAlloc(MakeNullCallback<uint64_t>());
            rateOps->SetPacketsOut(MakeNullCallback<uint32_t>());
        }
    }
    m_userCc = nullptr;
    TcpSocketBase::DoDispose();
}

Ptr<TcpSocketBase>
TsqTcpSocket::Fork()
{
    return CopyObject<TsqTcpSocket>(this);
}

void
TsqTcpSocket::ConnectTx()
{
    bool ok = TraceConnectWithoutContext("Tx", MakeCallback(&TsqTcpSocket::OnTx, this));
    NS_ABORT_MSG_UNLESS(ok, "TsqTcpSocket: cannot connect to its own Tx trace");
}

void
TsqTcpSocket::DisconnectTx(const TsqTcpSocket* other)
{
    TraceDisconnectWithoutContext(
        "Tx",
        MakeCallback(&TsqTcpSocket::OnTx, const_cast<TsqTcpSocket*>(other)));
}

/* ------------------------------------------------------- public methods */

uint8_t
TsqTcpSocket::GetPacingShift() const
{
    return static_cast<uint8_t>(m_sk.pacing_shift);
}

uint64_t
TsqTcpSocket::GetTsqId() const
{
    return m_id;
}

bool
TsqTcpSocket::IsThrottled() const
{
    return (m_sk.flags & TSQ_F_THROTTLED) != 0;
}

const struct tsq_profile*
TsqTcpSocket::GetProfile() const
{
    return m_kernel.GetProfile();
}

void
TsqTcpSocket::SetSoftwareGso(bool enable)
{
    m_softwareGso = enable;
}

bool
TsqTcpSocket::GetSoftwareGso() const
{
    return m_softwareGso;
}

TsqSocketStats
TsqTcpSocket::GetStats() const
{
    TsqSocketStats s;
    s.chargedBytes = m_sk.charged;
    s.releasedBytes = m_sk.released;
    s.queuedBytes = m_sk.queued;
    s.peakQueuedBytes = m_sk.peak_queued;
    s.throttleEvents = m_sk.throttle_events;
    s.resumes = m_sk.resumes;
    s.currentLimit = m_tsqLimit.Get();
    s.overReleases = m_overReleases;
    s.overReleasedBytes = m_overReleasedBytes;
    s.bursts = m_bursts;
    s.segments = m_segments;
    s.retransmitsOverLimit = m_retransmitsOverLimit;
    s.linuxRttSamples = m_rttCore.samples;
    Ptr<TsqCwndValidationOps> wrapper = DynamicCast<TsqCwndValidationOps>(m_congestionControl);
    s.heldCwndIncreases = wrapper ? wrapper->GetHeldIncreases() : 0;
    return s;
}

void
TsqTcpSocket::SetCongestionControlAlgorithm(Ptr<TcpCongestionOps> algo)
{
    NS_LOG_FUNCTION(this << algo);
    m_userCc = algo;
    // cwnd validation (tcp_cong_avoid's gate) around HyStart (tcp_cubic.c)
    // around the algorithm, as the calls nest in Linux.
    Ptr<TsqHyStartOps> hystart = CreateObject<TsqHyStartOps>();
    hystart->SetInner(algo);
    Ptr<TsqCwndValidationOps> wrapper = CreateObject<TsqCwndValidationOps>();
    wrapper->SetInner(hystart);
    WireWrapper(wrapper);
    TcpSocketBase::SetCongestionControlAlgorithm(wrapper);
    ApplyLinuxHyStart();
}

void
TsqTcpSocket::WireWrapper(Ptr<TsqCwndValidationOps> wrapper)
{
    wrapper->SetGate(MakeCallback(&TsqTcpSocket::CwndGrowthAllowed, this));
    if (Ptr<TsqHyStartOps> hystart = DynamicCast<TsqHyStartOps>(wrapper->GetInner()))
    {
        hystart->SetRttSample(MakeCallback(&TsqTcpSocket::TakeRttSampleUs, this));
        hystart->SetPacingRate(MakeCallback(&TsqTcpSocket::CurrentPacingRate, this));
    }
}

void
TsqTcpSocket::ApplyLinuxHyStart()
{
    Ptr<TsqCwndValidationOps> wrapper = DynamicCast<TsqCwndValidationOps>(m_congestionControl);
    Ptr<TsqHyStartOps> hystart =
        wrapper ? DynamicCast<TsqHyStartOps>(wrapper->GetInner()) : nullptr;
    if (hystart)
    {
        hystart->SetLinuxStretchAcks(m_linuxStretchAcks);
        hystart->SetLinuxHyStart(m_linuxHystart,
                                 m_kernel.GetProfile()->hystart_form,
                                 m_kernel.GsoMaxSize());
    }
}

void
TsqTcpSocket::SetRtt(Ptr<RttEstimator> rtt)
{
    NS_LOG_FUNCTION(this << rtt);
    if (rtt && !DynamicCast<TsqRttSampleEstimator>(rtt))
    {
        Ptr<TsqRttSampleEstimator> recorder = CreateObject<TsqRttSampleEstimator>();
        recorder->SetInner(rtt);
        rtt = recorder;
    }
    m_rttSamplesTaken = 0;
    TcpSocketBase::SetRtt(rtt);
}

int64_t
TsqTcpSocket::TakeRttSampleUs()
{
    if (m_linuxRtt)
    {
        // ack_sample.rtt_us of this ACK (ca_rtt), once
        int64_t sample = m_ackCaRttUs;
        m_ackCaRttUs = -1;
        return sample;
    }
    Ptr<TsqRttSampleEstimator> recorder = DynamicCast<TsqRttSampleEstimator>(m_rtt);
    if (!recorder || recorder->GetSampleCount() == m_rttSamplesTaken)
    {
        return -1;
    }
    m_rttSamplesTaken = recorder->GetSampleCount();
    return recorder->GetLastSample().GetMicroSeconds();
}

Ptr<TcpCongestionOps>
TsqTcpSocket::GetCongestionControlAlgorithm() const
{
    return m_userCc;
}

void
TsqTcpSocket::ReleaseBytes(uint32_t bytes)
{
    NS_LOG_FUNCTION(this << bytes);
    int r = m_ksoftirqdCompletions ? tsq_wfree_ksoftirqd(&m_sk, bytes) : tsq_wfree(&m_sk, bytes);
    if (r < 0)
    {
        ++m_overReleases;
        m_overReleasedBytes += bytes;
        NS_LOG_WARN("TsqTcpSocket " << m_id << ": release of " << bytes << " bytes refused ("
                                    << tsq_strerror(r) << "), " << m_sk.queued << " queued");
        return;
    }
    m_bytesQueued = m_sk.queued;
    if (r == 1)
    {
        // tcp_wfree -> tasklet: never send from inside the caller's callback.
        Simulator::ScheduleNow(&TsqTcpSocket::TsqHandler, Ptr<TsqTcpSocket>(this));
    }
}

void
TsqTcpSocket::TsqHandler()
{
    NS_LOG_FUNCTION(this);
    tsq_handler(&m_sk);
    m_resumedTrace(m_sk.queued);
    if (m_disposed)
    {
        return; // nothing left to send from: the stack let go of it
    }
    // tcp_tsq_write(): only in states that may send data.
    switch (m_state.Get())
    {
    case ESTABLISHED:
    case FIN_WAIT_1:
    case CLOSING:
    case CLOSE_WAIT:
    case LAST_ACK:
        SendPendingData(m_connected);
        break;
    default:
        break;
    }
}

void
TsqTcpSocket::UpdatePacingShift(uint8_t shift)
{
    NS_LOG_FUNCTION(this << +shift);
    ApplyShiftPolicy({TSQ_SHIFT_POLICY_FIXED, shift}, true);
}

bool
TsqTcpSocket::ApplyShiftPolicy(const struct tsq_shift_policy& policy, bool knownStation)
{
    int r = tsq_shift_policy_apply(&policy, &m_sk, m_state.Get() != TIME_WAIT, knownStation);
    if (r < 0)
    {
        NS_LOG_WARN("TsqTcpSocket " << m_id << ": pacing shift " << policy.shift
                                    << " refused: " << tsq_strerror(r));
        return false;
    }
    if (r == 1)
    {
        m_pacingShift = m_sk.pacing_shift;
    }
    return r == 1;
}

/* ------------------------------------------------------------ the core */

uint64_t
TsqTcpSocket::CurrentPacingRate()
{
    uint64_t rate;
    if (!m_linuxPacingRate || m_congestionControl->HasCongControl())
    {
        // ns-3's rate (BBR sets it in CongControl), bit/s -> byte/s
        rate = m_tcb->m_pacingRate.Get().GetBitRate() / 8;
    }
    else
    {
        const uint32_t mss = m_tcb->m_segmentSize;
        struct tsq_pacing_in in = m_kernel.PacingInput(mss,
                                                       m_tcb->m_cWnd.Get() / mss,
                                                       CeilDiv(UnAckDataCount(), mss),
                                                       m_tcb->m_ssThresh.Get() / mss,
                                                       SrttX8Us());
        if (tsq_update_pacing_rate(&in, &rate) != TSQ_OK)
        {
            NS_FATAL_ERROR("TsqTcpSocket: tsq_update_pacing_rate refused its input");
        }
    }
    DataRate traced(rate * 8);
    if (traced != m_tsqPacingRate.Get())
    {
        m_tsqPacingRate = traced;
    }
    return rate;
}

uint32_t
TsqTcpSocket::AutosizeSegments(uint64_t rate) const
{
    struct tsq_tso_in in =
        m_kernel.TsoInput(rate, m_sk.pacing_shift, m_tcb->m_segmentSize, MinRttUs());
    uint32_t segs;
    int r = tsq_tso_autosize(&in, &segs);
    if (r != TSQ_OK)
    {
        NS_FATAL_ERROR("TsqTcpSocket: tsq_tso_autosize refused its input: " << tsq_strerror(r));
    }
    return segs;
}

void
TsqTcpSocket::InstallRateOps()
{
    Ptr<TsqRateOpsTap> tap = DynamicCast<TsqRateOpsTap>(m_rateOps);
    Ptr<TcpRateOps> inner = tap ? tap->GetInner() : m_rateOps;
    Ptr<TsqRateOps> ours = DynamicCast<TsqRateOps>(inner);
    if (m_linuxRateSample && !ours)
    {
        ours = CreateObject<TsqRateOps>();
        inner = ours;
    }
    else if (!m_linuxRateSample && ours)
    {
        ours = nullptr;
        inner = CreateObject<TcpRateLinux>();
    }
    if (ours)
    {
        ours->SetWmemAlloc(MakeCallback(&TsqTcpSocket::RateWmemAlloc, this));
        ours->SetPacketsOut(MakeCallback(&TsqTcpSocket::RatePacketsOut, this));
    }
    // The tap is the socket's only view of each delivered segment: always there.
    if (!tap)
    {
        tap = CreateObject<TsqRateOpsTap>();
    }
    tap->SetInner(inner);
    tap->SetDeliveredObserver(MakeCallback(&TsqTcpSocket::OnSegmentDelivered, this));
    tap->SetMinRtt(m_linuxRtt ? MakeCallback(&TsqTcpSocket::LinuxMinRtt, this)
                              : MakeNullCallback<Time>());
    m_rateOps = tap;
}

uint64_t
TsqTcpSocket::RateWmemAlloc() const
{
    return m_sk.queued;
}

uint32_t
TsqTcpSocket::RatePacketsOut() const
{
    return UnAckDataCount();
}

Ptr<TcpRateOps>
TsqTcpSocket::GetRateOps() const
{
    Ptr<TsqRateOpsTap> tap = DynamicCast<TsqRateOpsTap>(m_rateOps);
    return tap ? tap->GetInner() : m_rateOps;
}

bool
TsqTcpSocket::SmallQueueCheck(uint64_t rate, uint32_t truesize, uint32_t factor)
{
    struct tsq_limit_in in =
        m_kernel.LimitInput(rate, m_sk.pacing_shift, truesize, factor, IsPacingEnabled());
    uint64_t limit = TSQ_LIMIT_NONE;
    int r = tsq_limit(&in, &limit);
    if (r == TSQ_ERR_RANGE && m_kernel.TxDelayUs() != 0)
    {
        TsqBadSocketAttribute("TxDelay",
                              std::to_string(m_kernel.TxDelayUs()) + "us with TsqRule " +
                                  tsq_rule_id(in.rule),
                              "0, or any delay with rule 5.0 or 6.16 (TCP_TX_DELAY came in 5.4)");
    }
    if (r != TSQ_OK)
    {
        NS_FATAL_ERROR("TsqTcpSocket: tsq_limit refused its input: " << tsq_strerror(r));
    }
    if (limit != m_tsqLimit.Get())
    {
        m_tsqLimit = limit;
    }
    struct tsq_xmit_ctx x = {};
    x.shortcut = m_kernel.GetProfile()->shortcut;
    x.rtx_queue_empty = UnAckDataCount() == 0;
    // One skb in the retransmit queue: all unacked data is the last skb's.
    x.rtx_queue_single_skb = !x.rtx_queue_empty && m_txBuffer->HeadSequence() >= m_lastBurstSeq;
    ++m_bursts;
    r = tsq_small_queue_check(&m_sk, &in, &x);
    if (r < 0)
    {
        NS_FATAL_ERROR("TsqTcpSocket: tsq_small_queue_check failed: " << tsq_strerror(r));
    }
    if (r == 1)
    {
        NS_LOG_LOGIC("throttled: " << m_sk.queued << " queued, limit " << limit);
        m_throttledTrace(m_sk.queued, limit);
        return false;
    }
    return true;
}

void
TsqTcpSocket::CwndValidate(uint32_t sentSegments)
{
    if (!m_cwndValidation)
    {
        return;
    }
    const uint32_t mss = m_tcb->m_segmentSize;
    // Read without TcpSocketBase::BytesInFlight(), which writes the traced
    // m_tcb->m_bytesInFlight that SendPendingData reads.
    const uint32_t inFlight = m_txBuffer->BytesInFlight();
    const uint32_t window = Window();
    // The send loop stops on cwnd when what is left of it is below one
    // segment (SendPendingData's silly-window rule).
    bool loopCwndLimited = inFlight >= window || window - inFlight < mss;
    int r = tsq_write_xmit_cwnd(m_kernel.GetProfile()->cwnd_form,
                                &m_cwndState,
                                sentSegments,
                                loopCwndLimited,
                                CeilDiv(inFlight, mss),
                                m_tcb->m_cWnd.Get() / mss,
                                m_txBuffer->HeadSequence().GetValue(),
                                m_tcb->m_highTxMark.Get().GetValue(),
                                CeilDiv(UnAckDataCount(), mss));
    NS_ASSERT(r == TSQ_OK);
    (void)r;
}

bool
TsqTcpSocket::CwndGrowthAllowed()
{
    if (!m_cwndValidation)
    {
        return true;
    }
    const uint32_t mss = m_tcb->m_segmentSize;
    return tsq_is_cwnd_limited(m_kernel.GetProfile()->cwnd_form,
                               &m_cwndState,
                               m_tcb->m_cWnd.Get() / mss,
                               m_tcb->m_ssThresh.Get() / mss);
}

/* ------------------------------------------------------- the send path */

uint32_t
TsqTcpSocket::AvailableWindow() const
{
    if (m_sk.flags & TSQ_F_THROTTLED)
    {
        return 0;
    }
    return TcpSocketBase::AvailableWindow();
}

uint32_t
TsqTcpSocket::SendCharged(SequenceNumber32 seq, uint32_t maxSize, bool withAck, uint32_t charge)
{
    m_armed = true;
    m_armedBytes = charge;
    uint32_t sz = TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
    NS_ABORT_MSG_IF(m_armed, "TsqTcpSocket: a data segment went down without its Tx trace");
    return sz;
}

void
TsqTcpSocket::OnTx(Ptr<const Packet> packet, const TcpHeader&, Ptr<const TcpSocketBase>)
{
    if (!m_armed)
    {
        return; // a control segment: not charged
    }
    m_armed = false;
    uint32_t nodeId = m_node ? m_node->GetId() : 0;
    if (!m_chargingNoted && m_node)
    {
        // Tell the node's completion that it has charges to look for (a
        // node without one yet is asked again at the next charge).
        if (Ptr<TsqTxCompletion> completion = m_node->GetObject<TsqTxCompletion>())
        {
            completion->NoteCharging();
            m_chargingNoted = true;
        }
    }
    packet->AddPacketTag(TsqTag(m_id, nodeId, m_armedBytes));
    int r = tsq_sock_charge(&m_sk, m_armedBytes);
    NS_ABORT_MSG_IF(r != TSQ_OK, "TsqTcpSocket: charge refused: " << tsq_strerror(r));
    ++m_segments;
    m_bytesQueued = m_sk.queued;
}

uint32_t
TsqTcpSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    NS_LOG_FUNCTION(this << seq << maxSize << withAck);
    const uint32_t mss = m_tcb->m_segmentSize;
    const bool retransmission = seq < m_tcb->m_highTxMark.Get();
    const uint64_t rate = CurrentPacingRate();

    // tcp_write_xmit's skb (the core sizes it): a TSO burst of up to
    // tcp_cwnd_test x tcp_tso_autosize segments cut by tcp_mss_split_point,
    // or one segment (no TSO, or a retransmission). ns-3 keeps no skb
    // boundaries: all unsent data is one tail.
    struct tsq_xmit_in in = {};
    in.mss = mss;
    in.tso = m_tsoBursts;
    in.retransmit = retransmission;
    in.data = m_txBuffer->SizeFromSequence(seq);
    in.committed = maxSize; // SendPendingData already decided that much may go now
    in.software_gso = m_softwareGso;
    in.max_tcp_header = m_kernel.MaxTcpHeader();
    in.truesize = m_kernel.GetProfile()->truesize;
    if (m_tsoBursts && !retransmission)
    {
        in.cwnd = m_tcb->m_cWnd.Get() / mss;
        in.in_flight = CeilDiv(BytesInFlight(), mss);
        in.autosize_segs = AutosizeSegments(rate);
        SequenceNumber32 wndEnd = m_highRxAckMark.Get() + SequenceNumber32(m_rWnd.Get());
        in.window = wndEnd > seq ? static_cast<uint32_t>(wndEnd - seq) : 0;
    }
    struct tsq_xmit_skb skb;
    int r = tsq_write_xmit_skb(&in, &skb);
    NS_ABORT_MSG_IF(r != TSQ_OK, "TsqTcpSocket: tsq_write_xmit_skb refused: " << tsq_strerror(r));

    if (retransmission)
    {
        // Linux checks retransmissions with factor 1 (tcp_xmit_retransmit_queue,
        // 10d3be569243) where the profile says so. ns-3 cannot take a refusal
        // here (DoRetransmit requires sz > 0 and the RTO timer is armed only
        // inside SendDataPacket), so a "throttled" answer holds back new data
        // (the flag is set) but the retransmission goes, and is counted.
        if (m_kernel.GetProfile()->retransmits_checked &&
            !SmallQueueCheck(rate, skb.truesize, skb.factor))
        {
            ++m_retransmitsOverLimit;
        }
    }
    else if (!SmallQueueCheck(rate, skb.truesize, skb.factor))
    {
        CwndValidate(0);
        return 0; // AvailableWindow() is 0 now: SendPendingData stops
    }

    m_lastBurstSeq = seq;
    uint32_t sent = 0;
    for (uint32_t i = 0; i < skb.segs && sent < skb.bytes; ++i)
    {
        uint32_t segBytes = std::min(mss, skb.bytes - sent);
        uint32_t charge = tsq_xmit_segment_charge(&skb, i, segBytes, in.max_tcp_header);
        uint32_t sz = SendCharged(seq + SequenceNumber32(sent), segBytes, withAck, charge);
        if (sz == 0)
        {
            break;
        }
        sent += sz;
    }
    if (m_tsoBursts && !retransmission && IsPacingEnabled() && sent > 0)
    {
        // fq paces per skb: the next burst waits for this whole burst.
        m_pacingTimer.Cancel();
        m_pacingTimer.Schedule(m_tcb->m_pacingRate.Get().CalculateBytesTxTime(sent));
    }
    CwndValidate(skb.segs);
    SyncTraces();
    return sent;
}

void
TsqTcpSocket::SyncTraces()
{
    if (m_bytesQueued.Get() != m_sk.queued)
    {
        m_bytesQueued = m_sk.queued;
    }
}

} // namespace ns3
