/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-tcp-socket.h"

#include "tsq-core-names.h"
#include "tsq-cwnd-validation-ops.h"
#include "tsq-hystart-ops.h"
#include "tsq-rate-ops-tap.h"
#include "tsq-rate-ops.h"
#include "tsq-rtt-sample-estimator.h"
#include "tsq-socket-registry.h"
#include "tsq-tag.h"
#include "tsq-tx-completion.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-option-ts.h"
#include "ns3/tcp-rate-ops.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/tcp-tx-item.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqTcpSocket");

NS_OBJECT_ENSURE_REGISTERED(TsqTcpSocket);

namespace
{

/**
 * The core's microsecond clock: Simulator time + 1, because the kernel
 * (and the core) reserve a send time of 0 for "none" (see TsqRateOps).
 */
uint64_t
CoreClockUs(Time t)
{
    return static_cast<uint64_t>(t.GetMicroSeconds()) + 1;
}

/** ceil(a / b), the unit conversion tsq/types.h asks of the caller. */
uint32_t
CeilDiv(uint32_t a, uint32_t b)
{
    return a / b + (a % b ? 1 : 0);
}

} // namespace

TypeId
TsqTcpSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqTcpSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("Tsq")
            .AddConstructor<TsqTcpSocket>()
            // KernelProfile first: the others override its fields.
            .AddAttribute("KernelProfile",
                          "Kernel release whose TSQ rule, TSO autosizing, truesize model, "
                          "cwnd validation and defaults the socket reproduces (a c-core "
                          "profile name, e.g. linux-4.16).",
                          StringValue(TsqKernelConfig().GetProfileName()),
                          MakeStringAccessor(&TsqTcpSocket::SetKernelProfile,
                                             &TsqTcpSocket::GetKernelProfileName),
                          MakeStringChecker())
            .AddAttribute(
                "TsqRule",
                "TSQ limit rule id (off, 3.6, 3.12, 3.13, 3.19, 4.15, 5.0, 6.16); "
                "empty = the kernel profile's rule.",
                StringValue(""),
                MakeStringAccessor(&TsqTcpSocket::SetTsqRule, &TsqTcpSocket::GetTsqRuleId),
                MakeStringChecker())
            .AddAttribute(
                "KernelForms",
                "Forms taken from other releases, one field at a time: field=form,... "
                "of tso (3.19, 4.15, 5.18), shortcut (none, empty-or-single, empty), "
                "cwnd (2014, 2020, 2022), rate (u32, u64), rtt (4.13, 4.20, 6.1), "
                "hystart (4.x, 5.6), truesize (6.18, 4.14-est); empty = the kernel "
                "profile's own. E.g. linux-6.16 with cwnd=2014 is 6.16 with 4.16's "
                "cwnd validation.",
                StringValue(""),
                MakeStringAccessor(&TsqTcpSocket::SetKernelForms, &TsqTcpSocket::GetKernelForms),
                MakeStringChecker())
            .AddAttribute("InitialPacingShift",
                          "Initial sk_pacing_shift (0..31): the TSQ limit and the TSO burst "
                          "are about pacing_rate >> shift bytes. A device policy may change "
                          "it later (UpdatePacingShift).",
                          UintegerValue(TSQ_DEFAULT_PACING_SHIFT),
                          MakeUintegerAccessor(&TsqTcpSocket::SetPacingShiftAttr,
                                               &TsqTcpSocket::GetPacingShiftAttr),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LimitOutputBytes",
                          "net.ipv4.tcp_limit_output_bytes, bytes (0 = the kernel profile's "
                          "default; else 1..2147483647).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TsqTcpSocket::SetLimitOutputBytes,
                                               &TsqTcpSocket::GetLimitOutputBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "FloorBytes",
                "The article's experiment: a fixed lower bound of the TSQ limit, "
                "bytes (0 = none; else 1..1073741823).",
                UintegerValue(0),
                MakeUintegerAccessor(&TsqTcpSocket::SetFloorBytes, &TsqTcpSocket::GetFloorBytes),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "MinTsoSegs",
                "net.ipv4.tcp_min_tso_segs, segments (0 = the kernel profile's; "
                "else 1..65535, the sysctl's range).",
                UintegerValue(0),
                MakeUintegerAccessor(&TsqTcpSocket::SetMinTsoSegs, &TsqTcpSocket::GetMinTsoSegs),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "GsoMaxSize",
                "sk_gso_max_size, bytes: the largest TSO burst (0 = the kernel "
                "profile's; else 1024..524288).",
                UintegerValue(0),
                MakeUintegerAccessor(&TsqTcpSocket::SetGsoMaxSize, &TsqTcpSocket::GetGsoMaxSize),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute("LinuxPacingRate",
                          "TSQ and TSO autosizing use Linux's sk_pacing_rate (core "
                          "tsq_update_pacing_rate, or the congestion control's own rate for "
                          "BBR) instead of ns-3's m_pacingRate. Never written into ns-3's "
                          "m_pacingRate.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TsqTcpSocket::m_linuxPacingRate),
                          MakeBooleanChecker())
            .AddAttribute("CwndValidation",
                          "The congestion control grows cwnd only while the core says the "
                          "socket is cwnd-limited (tcp_is_cwnd_limited).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TsqTcpSocket::m_cwndValidation),
                          MakeBooleanChecker())
            .AddAttribute("TsoBursts",
                          "New data goes down in bursts of min(autosized segments, cwnd "
                          "quota, receive window, data), checked once by TSQ with the "
                          "burst's truesize; else segment by segment.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TsqTcpSocket::m_tsoBursts),
                          MakeBooleanChecker())
            .AddAttribute("SoftwareGso",
                          "The egress device has no NETIF_F_SG, so each TSO burst is cut "
                          "by software GSO into linear segments (validate_xmit_skb -> "
                          "skb_segment) and every segment is charged its own truesize "
                          "until its TX completion (tcp_gso_segment, 0d08c42cf9a7) instead "
                          "of a share of the burst's. The TSQ check still uses the burst's "
                          "truesize. A WiFi adapter may set it (WifiTsqAdapter::SoftwareGso).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TsqTcpSocket::m_softwareGso),
                          MakeBooleanChecker())
            .AddAttribute("LinuxHyStart",
                          "CUBIC leaves slow start by Linux's HyStart (tcp_cubic.c, the kernel "
                          "profile's form: 4.x with a ms clock and an ACK train over "
                          "delay_min / 2, or 5.6 with a us clock and the pacing-aware ACK "
                          "delay cushion; delay threshold clamp(delay_min / 8, 4 ms, 16 ms)) "
                          "fed each ACK's own RTT sample (LinuxRtt), instead of ns-3 "
                          "TcpCubic's (train longer than delay_min, threshold up to 1 s, fed "
                          "the smoothed ms RTT). No effect on other congestion controls.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TsqTcpSocket::SetLinuxHyStartAttr,
                                              &TsqTcpSocket::GetLinuxHyStartAttr),
                          MakeBooleanChecker())
            .AddAttribute("LinuxStretchAcks",
                          "With LinuxHyStart on CUBIC: stretch ACKs counted as Linux 4.0+ "
                          "does (tcp_slow_start, e73ebb0881ea; tcp_cong_avoid_ai, "
                          "814d488c6126): in slow start an ACK grows cwnd only up to "
                          "ssthresh and the rest goes to congestion avoidance, which adds "
                          "acked / cnt segments per ACK; ns-3 TcpCubic adds a whole ACK "
                          "past ssthresh and at most one segment per ACK after it.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TsqTcpSocket::SetLinuxStretchAcksAttr,
                                              &TsqTcpSocket::GetLinuxStretchAcksAttr),
                          MakeBooleanChecker())
            .AddAttribute("MaxTcpHeader",
                          "MAX_TCP_HEADER, bytes: the headroom of a TSO skb, used by TSO "
                          "autosizing and by SoftwareGso segment truesize (0 = the kernel "
                          "profile's, 304 on a distribution x86_64 config; else up to 1024). "
                          "Config-dependent (LL_MAX_HEADER, IP tunnels).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TsqTcpSocket::SetMaxTcpHeader,
                                               &TsqTcpSocket::GetMaxTcpHeader),
                          MakeUintegerChecker<uint32_t>(0, 1024))
            .AddAttribute("LinuxRateSample",
                          "The delivery-rate estimator BBR reads is Linux 4.16's tcp_rate.c "
                          "(TsqRateOps: a fresh sample per ACK, ACK phase from the delivered "
                          "skb's own delivered time, invalid samples carry no rate) instead "
                          "of ns-3 3.37's TcpRateLinux, whose ACK-phase bug (measured from "
                          "the previous sample, or from time 0 after an invalid one) makes "
                          "BBR collapse. Set before the connection starts. No effect on "
                          "congestion controls without their own control loop (CUBIC, "
                          "NewReno).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TsqTcpSocket::SetLinuxRateSampleAttr,
                                              &TsqTcpSocket::GetLinuxRateSampleAttr),
                          MakeBooleanChecker())
            .AddAttribute(
                "LinuxRtt",
                "TSQ, the Linux pacing rate, TSO autosizing, Linux HyStart and the "
                "rate sampler use Linux's RTT (core tsq_rtt): a microsecond sample "
                "per ACK from the last send time of the segments it (s)acks "
                "(tcp_clean_rtx_queue, Karn's rule, SACK samples, the timestamp "
                "echo only as fallback), smoothed by tcp_rtt_estimator, and a "
                "windowed min RTT; else ns-3's RttEstimator (in 3.37 fed from the "
                "timestamp echo in whole ms) and m_minRtt. ns-3's RTO and its "
                "congestion controls keep ns-3's estimate either way.",
                BooleanValue(true),
                MakeBooleanAccessor(&TsqTcpSocket::SetLinuxRttAttr, &TsqTcpSocket::GetLinuxRttAttr),
                MakeBooleanChecker())
            .AddAttribute("TxDelay",
                          "TCP_TX_DELAY (a842fe1425cb, Linux 5.4): the TSQ limit grows by "
                          "pacing_rate * delay >> 19 bytes, after the tcp_limit_output_bytes "
                          "clamp (only rules 5.0 and 6.16; 0..2147483647 us). Only the "
                          "budget: segments are not delayed (as with no fq qdisc).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&TsqTcpSocket::SetTxDelay, &TsqTcpSocket::GetTxDelay),
                          MakeTimeChecker())
            .AddTraceSource("TsqLimit",
                            "The TSQ limit of the last check, bytes (UINT64_MAX: no limit)",
                            MakeTraceSourceAccessor(&TsqTcpSocket::m_tsqLimit),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("BytesQueued",
                            "Bytes charged and not yet released (below TCP), truesize",
                            MakeTraceSourceAccessor(&TsqTcpSocket::m_bytesQueued),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("TsqPacingRate",
                            "The pacing rate TSQ and TSO autosizing use (ns-3's own "
                            "\"PacingRate\" trace is m_pacingRate, which this is not)",
                            MakeTraceSourceAccessor(&TsqTcpSocket::m_tsqPacingRate),
                            "ns3::TracedValueCallback::DataRate")
            .AddTraceSource("TsqSrtt",
                            "The smoothed RTT TSQ, pacing and autosizing use (Linux's with "
                            "LinuxRtt, else ns-3's estimate); ns-3's own \"RTT\" trace is "
                            "the latter",
                            MakeTraceSourceAccessor(&TsqTcpSocket::m_tsqSrtt),
                            "ns3::TracedValueCallback::Time")
            .AddTraceSource("PacingShift",
                            "The socket's sk_pacing_shift",
                            MakeTraceSourceAccessor(&TsqTcpSocket::m_pacingShift),
                            "ns3::TracedValueCallback::Uint32")
            .AddTraceSource("Throttled",
                            "A TSQ check stopped the send loop: (bytes queued, limit)",
                            MakeTraceSourceAccessor(&TsqTcpSocket::m_throttledTrace),
                            "ns3::TsqTcpSocket::ThrottledCallback")
            .AddTraceSource("Resumed",
                            "The resume after a release ran: (bytes queued)",
                            MakeTraceSourceAccessor(&TsqTcpSocket::m_resumedTrace),
                            "ns3::TsqTcpSocket::ResumedCallback");
    return tid;
}

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

/* ------------------------------------------------------------ attributes */

void
TsqTcpSocket::SetKernelProfile(std::string name)
{
    m_kernel.SetProfile(name);
    ApplyLinuxHyStart(); // the profile's HyStart form
}

std::string
TsqTcpSocket::GetKernelProfileName() const
{
    return m_kernel.GetProfileName();
}

void
TsqTcpSocket::SetKernelForms(std::string list)
{
    m_kernel.SetForms(list);
    ApplyLinuxHyStart(); // the hystart form may have changed
}

std::string
TsqTcpSocket::GetKernelForms() const
{
    return m_kernel.GetForms();
}

void
TsqTcpSocket::SetTsqRule(std::string id)
{
    m_kernel.SetRule(id);
}

std::string
TsqTcpSocket::GetTsqRuleId() const
{
    return m_kernel.GetRuleId();
}

void
TsqTcpSocket::SetPacingShiftAttr(uint32_t shift)
{
    if (shift > TSQ_SHIFT_MAX)
    {
        TsqBadSocketAttribute("InitialPacingShift", std::to_string(shift), "0..31");
    }
    m_sk.pacing_shift = shift;
    m_pacingShift = shift;
}

uint32_t
TsqTcpSocket::GetPacingShiftAttr() const
{
    return m_sk.pacing_shift;
}

void
TsqTcpSocket::SetLimitOutputBytes(uint32_t bytes)
{
    m_kernel.SetLimitOutputBytes(bytes);
}

uint32_t
TsqTcpSocket::GetLimitOutputBytes() const
{
    return m_kernel.GetLimitOutputBytes();
}

void
TsqTcpSocket::SetFloorBytes(uint32_t bytes)
{
    m_kernel.SetFloorBytes(bytes);
}

uint32_t
TsqTcpSocket::GetFloorBytes() const
{
    return m_kernel.GetFloorBytes();
}

void
TsqTcpSocket::SetMinTsoSegs(uint32_t segs)
{
    m_kernel.SetMinTsoSegs(segs);
}

uint32_t
TsqTcpSocket::GetMinTsoSegs() const
{
    return m_kernel.GetMinTsoSegs();
}

void
TsqTcpSocket::SetGsoMaxSize(uint32_t bytes)
{
    m_kernel.SetGsoMaxSize(bytes);
}

uint32_t
TsqTcpSocket::GetGsoMaxSize() const
{
    return m_kernel.GetGsoMaxSize();
}

void
TsqTcpSocket::SetMaxTcpHeader(uint32_t bytes)
{
    m_kernel.SetMaxTcpHeader(bytes);
}

uint32_t
TsqTcpSocket::GetMaxTcpHeader() const
{
    return m_kernel.GetMaxTcpHeader();
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
    int r = tsq_wfree(&m_sk, bytes);
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
    int r = tsq_sk_pacing_shift_update(&m_sk, m_state.Get() != TIME_WAIT, shift);
    if (r < 0)
    {
        NS_LOG_WARN("TsqTcpSocket " << m_id << ": pacing shift " << +shift
                                    << " refused: " << tsq_strerror(r));
        return;
    }
    if (r == 1)
    {
        m_pacingShift = m_sk.pacing_shift;
    }
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
TsqTcpSocket::SetLinuxHyStartAttr(bool enable)
{
    m_linuxHystart = enable;
    ApplyLinuxHyStart();
}

bool
TsqTcpSocket::GetLinuxHyStartAttr() const
{
    return m_linuxHystart;
}

void
TsqTcpSocket::SetLinuxStretchAcksAttr(bool enable)
{
    m_linuxStretchAcks = enable;
    ApplyLinuxHyStart();
}

bool
TsqTcpSocket::GetLinuxStretchAcksAttr() const
{
    return m_linuxStretchAcks;
}

void
TsqTcpSocket::SetLinuxRateSampleAttr(bool enable)
{
    m_linuxRateSample = enable;
    InstallRateOps();
}

bool
TsqTcpSocket::GetLinuxRateSampleAttr() const
{
    return m_linuxRateSample;
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

/* ------------------------------------------------------ Linux's RTT */

void
TsqTcpSocket::SetLinuxRttAttr(bool enable)
{
    m_linuxRtt = enable;
    InstallRateOps();
}

bool
TsqTcpSocket::GetLinuxRttAttr() const
{
    return m_linuxRtt;
}

void
TsqTcpSocket::SetTxDelay(Time delay)
{
    m_kernel.SetTxDelay(delay);
}

Time
TsqTcpSocket::GetTxDelay() const
{
    return m_kernel.GetTxDelay();
}

void
TsqTcpSocket::SendEmptyPacket(uint8_t flags)
{
    if (flags & TcpHeader::SYN)
    {
        // TcpSocketBase counts m_synCount down from m_synRetries per SYN sent.
        m_synRetransmitted = m_synCount != m_synRetries;
        m_synSentUs = CoreClockUs(Simulator::Now());
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
    const uint64_t sent = CoreClockUs(item->GetLastSent());
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
    in.now_us = CoreClockUs(Simulator::Now());
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
