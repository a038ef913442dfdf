/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/*
 * TsqTcpSocket's attributes: the TypeId (attributes and trace sources)
 * and the setters that validate each value. The socket's behaviour is in
 * tsq-tcp-socket.cc, its Linux RTT in tsq-tcp-socket-rtt.cc.
 */

#include "tsq-tcp-socket.h"

#include "ns3/boolean.h"
#include "ns3/nstime.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TsqTcpSocket);

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
                          "net.ipv4.tcp_limit_output_bytes, bytes (" +
                              TsqKernelConfig::kLimitOutputBytes.Allowed() + ").",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TsqTcpSocket::SetLimitOutputBytes,
                                               &TsqTcpSocket::GetLimitOutputBytes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "FloorBytes",
                "The article's experiment: a fixed lower bound of the TSQ limit, "
                "bytes (" +
                    TsqKernelConfig::kFloorBytes.Allowed() + ").",
                UintegerValue(0),
                MakeUintegerAccessor(&TsqTcpSocket::SetFloorBytes, &TsqTcpSocket::GetFloorBytes),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "MinTsoSegs",
                "net.ipv4.tcp_min_tso_segs, segments (" + TsqKernelConfig::kMinTsoSegs.Allowed() +
                    ": the sysctl's range).",
                UintegerValue(0),
                MakeUintegerAccessor(&TsqTcpSocket::SetMinTsoSegs, &TsqTcpSocket::GetMinTsoSegs),
                MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "GsoMaxSize",
                "sk_gso_max_size, bytes: the largest TSO burst (" +
                    TsqKernelConfig::kGsoMaxSize.Allowed() + ").",
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
            .AddAttribute("KsoftirqdCompletions",
                          "ASSUMPTION (no source says when): every TX completion runs in "
                          "ksoftirqd, as on a machine under softirq stress, so tcp_wfree() "
                          "resumes the socket only once nothing is queued below TCP "
                          "(sk_wmem_alloc < SKB_TRUESIZE(1); the test is in 4.16 and 6.18).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&TsqTcpSocket::m_ksoftirqdCompletions),
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
                          "autosizing and by SoftwareGso segment truesize (" +
                              TsqKernelConfig::kMaxTcpHeader.Allowed() +
                              "; the profiles': 304, a distribution x86_64 config's). "
                              "Config-dependent (LL_MAX_HEADER, IP tunnels).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TsqTcpSocket::SetMaxTcpHeader,
                                               &TsqTcpSocket::GetMaxTcpHeader),
                          MakeUintegerChecker<uint32_t>())
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

} // namespace ns3
