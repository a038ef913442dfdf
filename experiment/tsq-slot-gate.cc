/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-slot-gate.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <fstream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqSlotGate");

NS_OBJECT_ENSURE_REGISTERED(TsqSlotGate);

namespace
{

/** Event kinds, in the order of a cycle (and of the replayed lateness) */
enum
{
    EV_OPEN = 0,
    EV_RELEASE,
    EV_ACK_OPEN,
    EV_ACK_RELEASE
};

/** Ends the program: "TsqSlotGate: Name=value is out of range; allowed: range". */
[[noreturn]] void
BadAttribute(const std::string& name, const std::string& value, const std::string& allowed)
{
    NS_FATAL_ERROR("TsqSlotGate: " << name << "=" << value
                                   << " is out of range; allowed: " << allowed);
    std::abort(); // not reached
}

/** A duration as the core's whole microseconds, refused if it is not one. */
uint32_t
WholeUs(const std::string& name, Time t, uint32_t lo)
{
    const int64_t ns = t.GetNanoSeconds();
    if (ns < 0 || ns % 1000 != 0 || ns / 1000 < lo || ns / 1000 > TSQ_GATE_US_MAX)
    {
        std::ostringstream v;
        v << t.As(Time::US);
        BadAttribute(name, v.str(), "whole microseconds, " + std::to_string(lo) + "..1000000us");
    }
    return static_cast<uint32_t>(ns / 1000);
}

} // namespace

TypeId
TsqSlotGate::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TsqSlotGate")
            .SetParent<Object>()
            .SetGroupName("Tsq")
            .AddConstructor<TsqSlotGate>()
            .AddAttribute("Rate",
                          "Airtime rate of a slot's frame bytes (1 Mb/s .. 100 Gb/s)",
                          DataRateValue(DataRate("150Mbps")),
                          MakeDataRateAccessor(&TsqSlotGate::m_rate),
                          MakeDataRateChecker())
            .AddAttribute("Overhead",
                          "Fixed cost of each data TXOP (access, preamble, BlockAck), whole us",
                          TimeValue(MicroSeconds(250)),
                          MakeTimeAccessor(&TsqSlotGate::m_overhead),
                          MakeTimeChecker())
            .AddAttribute("AckGap",
                          "From a data TXOP's end to the AP's TXOP, whole us",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&TsqSlotGate::m_ackGap),
                          MakeTimeChecker())
            .AddAttribute("AckTxop",
                          "The AP's TXOP that returns the ACKs, whole us",
                          TimeValue(MicroSeconds(300)),
                          MakeTimeAccessor(&TsqSlotGate::m_ackTxop),
                          MakeTimeChecker())
            .AddAttribute("Gap",
                          "From the AP's TXOP end to the next data TXOP, whole us",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&TsqSlotGate::m_gap),
                          MakeTimeChecker())
            .AddAttribute("IdlePoll",
                          "Nothing queued anywhere: the station looks again after this, whole us",
                          TimeValue(MicroSeconds(100)),
                          MakeTimeAccessor(&TsqSlotGate::m_idlePoll),
                          MakeTimeChecker())
            .AddAttribute("MaxFrames",
                          "Most frames one data TXOP carries (1..1024; 43 x 1514 B fits HT's "
                          "65535 B A-MPDU)",
                          UintegerValue(43),
                          MakeUintegerAccessor(&TsqSlotGate::m_maxFrames),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LostPermille",
                          "Chance, per mille, that after a data TXOP the station wins the "
                          "channel again before the AP (0..1000)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&TsqSlotGate::m_lostPermille),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Seed",
                          "Seed of the lost-contention draws (the same on both sides of a "
                          "comparison gives the same draws)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&TsqSlotGate::m_seed),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("Release",
                          "When a slot's frames leave: end (of the TXOP: WiFi's BlockAck) or "
                          "open",
                          StringValue("end"),
                          MakeStringAccessor(&TsqSlotGate::SetRelease, &TsqSlotGate::GetRelease),
                          MakeStringChecker())
            .AddAttribute(
                "LatenessFile",
                "A live-kernel run's slots CSV (tsq-live-gate --out): replay its "
                "controller's lateness and the AP TXOPs its receiver's ACKs missed, "
                "each at its time from the first data slot; empty: none",
                StringValue(""),
                MakeStringAccessor(&TsqSlotGate::SetLatenessFile, &TsqSlotGate::GetLatenessFile),
                MakeStringChecker())
            .AddTraceSource("Slot",
                            "A data slot opened: (index, frames, bytes, lost contention)",
                            MakeTraceSourceAccessor(&TsqSlotGate::m_slotTrace),
                            "ns3::TsqSlotGate::SlotCallback")
            .AddTraceSource("AckTxop",
                            "The AP's TXOP took its ACKs: (frames)",
                            MakeTraceSourceAccessor(&TsqSlotGate::m_ackTrace),
                            "ns3::TsqSlotGate::AckTxopCallback");
    return tid;
}

TsqSlotGate::TsqSlotGate()
{
    NS_LOG_FUNCTION(this);
}

TsqSlotGate::~TsqSlotGate()
{
    NS_LOG_FUNCTION(this);
}

void
TsqSlotGate::DoDispose()
{
    m_event.Cancel();
    m_data = nullptr;
    m_ack = nullptr;
    Object::DoDispose();
}

void
TsqSlotGate::SetRelease(std::string name)
{
    if (tsq_gate_release_from_name(name.c_str(), &m_release) != TSQ_OK)
    {
        BadAttribute("Release", name, "end, open");
    }
}

std::string
TsqSlotGate::GetRelease() const
{
    return tsq_gate_release_name(m_release);
}

void
TsqSlotGate::SetLatenessFile(std::string path)
{
    m_latenessFile = path;
    for (auto& l : m_lateness)
    {
        l.clear();
    }
    m_ackMiss.clear();
    m_ackMissNext = 0;
    for (auto& next : m_latenessNext)
    {
        next = 0;
    }
    m_flowStartUs = -1;
    if (path.empty())
    {
        return;
    }
    std::ifstream in(path);
    if (!in)
    {
        BadAttribute("LatenessFile", path, "a readable tsq-live-gate slots CSV");
    }
    // columns: open_plan 1, open_act 2, release_plan 6, release_act 7,
    // ack_open_plan 11, ack_open_act 12, ack_release_plan 15, ack_release_act 16
    const int plan[4] = {1, 6, 11, 15};
    int64_t firstOpenUs = -1;
    std::string line;
    while (std::getline(in, line))
    {
        if (line.empty() || line[0] == '#' || line[0] == 'i')
        {
            continue;
        }
        std::vector<int64_t> f;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ','))
        {
            f.push_back(std::stoll(cell));
        }
        if (f.size() < 18)
        {
            BadAttribute("LatenessFile", path, "a tsq-live-gate slots CSV (18 columns)");
        }
        for (int k = 0; k < 4; ++k)
        {
            if (f[plan[k]] >= 0 && f[plan[k] + 1] >= f[plan[k]])
            {
                m_lateness[k].push_back(Late{f[plan[k]], f[plan[k] + 1] - f[plan[k]]});
            }
        }
        // open_plan 1, frames 4, lost 10, ack_open_plan 11, ack_frames 13
        if (firstOpenUs < 0 && f[4] > 0)
        {
            firstOpenUs = f[1];
        }
        if (f[4] > 0 && f[10] == 0 && f[11] >= 0 && f[13] == 0)
        {
            m_ackMiss.push_back(f[11] - firstOpenUs);
        }
    }
    for (auto& kind : m_lateness)
    {
        for (auto& l : kind)
        {
            l.planUs -= firstOpenUs;
        }
    }
}

std::string
TsqSlotGate::GetLatenessFile() const
{
    return m_latenessFile;
}

struct tsq_gate_params
TsqSlotGate::GetParams() const
{
    struct tsq_gate_params p;
    tsq_gate_params_init(&p);
    p.rate_bps = m_rate.GetBitRate();
    p.overhead_us = WholeUs("Overhead", m_overhead, 1);
    p.ack_gap_us = WholeUs("AckGap", m_ackGap, 0);
    p.ack_txop_us = WholeUs("AckTxop", m_ackTxop, 1);
    p.gap_us = WholeUs("Gap", m_gap, 0);
    p.idle_poll_us = WholeUs("IdlePoll", m_idlePoll, 1);
    p.max_frames = m_maxFrames;
    p.lost_permille = m_lostPermille;
    p.release = m_release;
    p.seed = m_seed;
    return p;
}

void
TsqSlotGate::SetQueueDiscs(Ptr<TsqGateQueueDisc> data, Ptr<TsqGateQueueDisc> ack)
{
    m_data = data;
    m_ack = ack;
}

void
TsqSlotGate::Start(Time at)
{
    NS_ABORT_MSG_IF(!m_data || !m_ack, "TsqSlotGate: SetQueueDiscs before Start");
    struct tsq_gate_params p = GetParams();
    int r = tsq_gate_params_check(&p);
    if (r != TSQ_OK)
    {
        if (p.rate_bps < TSQ_GATE_RATE_MIN || p.rate_bps > TSQ_GATE_RATE_MAX)
        {
            BadAttribute("Rate", std::to_string(p.rate_bps) + "bps", "1000000..100000000000bps");
        }
        if (p.max_frames < 1 || p.max_frames > TSQ_GATE_FRAMES_MAX)
        {
            BadAttribute("MaxFrames", std::to_string(p.max_frames), "1..1024");
        }
        BadAttribute("LostPermille", std::to_string(p.lost_permille), "0..1000");
    }
    m_t0Us = static_cast<uint64_t>(at.GetMicroSeconds());
    r = tsq_gate_init(&m_gate, &p, 0);
    NS_ABORT_MSG_IF(r != TSQ_OK, "TsqSlotGate: the core refused the schedule");
    m_stats = TsqSlotGateStats();
    At(0, EV_OPEN, &TsqSlotGate::OnOpen);
}

TsqSlotGateStats
TsqSlotGate::GetStats() const
{
    return m_stats;
}

void
TsqSlotGate::At(uint64_t us, int kind, void (TsqSlotGate::*fn)())
{
    int64_t late = 0;
    const std::vector<Late>& l = m_lateness[kind];
    if (!l.empty())
    {
        // The kernel run's lateness at the same time of the flow (its
        // controller's stalls come from the machine, at their moments):
        // the latest event of this kind planned no later than this one.
        const int64_t at = m_flowStartUs >= 0 ? static_cast<int64_t>(us) - m_flowStartUs : 0;
        size_t& i = m_latenessNext[kind];
        while (i + 1 < l.size() && l[i + 1].planUs <= at)
        {
            ++i;
        }
        late = l[i].lateUs;
        ++m_stats.lateEvents;
        m_stats.latenessUsSum += static_cast<double>(late);
    }
    Time when = MicroSeconds(static_cast<int64_t>(m_t0Us + us) + late);
    Time delay = when > Simulator::Now() ? when - Simulator::Now() : Time(0);
    m_event = Simulator::Schedule(delay, fn, this);
}

void
TsqSlotGate::OnOpen()
{
    const uint32_t frames = tsq_gate_slot_frames(&m_gate, m_data->GetHeldFrames());
    const uint32_t bytes = m_data->GetHeadFrameBytes(frames);
    struct tsq_gate_slot s;
    if (frames && m_flowStartUs < 0)
    {
        m_flowStartUs = static_cast<int64_t>(m_gate.next_open_us);
    }
    int r = tsq_gate_open(&m_gate, frames, bytes, &s);
    NS_ABORT_MSG_IF(r != TSQ_OK, "TsqSlotGate: the core refused a slot");
    ++m_stats.slots;
    m_stats.lost += s.lost_contention ? 1 : 0;
    m_slotTrace(s.index, frames, bytes, s.lost_contention);
    NS_LOG_LOGIC("slot " << s.index << ": " << frames << " frames, " << bytes << " bytes"
                         << (s.lost_contention ? ", lost contention" : ""));
    m_releaseFrames = frames;
    if (frames && m_release == TSQ_GATE_RELEASE_END)
    {
        At(s.release_us, EV_RELEASE, &TsqSlotGate::OnRelease);
        return;
    }
    OnRelease();
}

void
TsqSlotGate::OnRelease()
{
    if (m_releaseFrames)
    {
        ++m_stats.dataSlots;
        m_stats.frames += m_releaseFrames;
        m_stats.bytes += m_data->GetHeadFrameBytes(m_releaseFrames);
        m_data->Open(m_releaseFrames);
        m_releaseFrames = 0;
    }
    if (m_gate.ack_due)
    {
        At(m_gate.ack_open_us, EV_ACK_OPEN, &TsqSlotGate::OnAckOpen);
    }
    else
    {
        At(m_gate.next_open_us, EV_OPEN, &TsqSlotGate::OnOpen);
    }
}

void
TsqSlotGate::OnAckOpen()
{
    uint32_t frames = m_ack->GetHeldFrames();
    // The live receiver's misses at their time in the kernel run (the
    // receiver's scheduling, not a slot count): the first AP TXOP after a
    // miss's time finds no ACK, one miss per TXOP.
    const int64_t sinceStart = static_cast<int64_t>(m_gate.ack_open_us) - m_flowStartUs;
    if (m_gate.carried && m_flowStartUs >= 0 && m_ackMissNext < m_ackMiss.size() &&
        m_ackMiss[m_ackMissNext] <= sinceStart)
    {
        ++m_ackMissNext;
        frames = 0;
        ++m_stats.ackMisses;
    }
    struct tsq_gate_ack a;
    int r = tsq_gate_ack_open(&m_gate, frames, &a);
    NS_ABORT_MSG_IF(r != TSQ_OK, "TsqSlotGate: the core refused an AP TXOP");
    if (!frames)
    {
        At(m_gate.next_open_us, EV_OPEN, &TsqSlotGate::OnOpen);
        return;
    }
    m_ackTrace(frames);
    m_ackFrames = frames;
    At(a.release_us, EV_ACK_RELEASE, &TsqSlotGate::OnAckRelease);
}

void
TsqSlotGate::OnAckRelease()
{
    ++m_stats.ackTxops;
    m_stats.ackFrames += m_ackFrames;
    m_ack->Open(m_ackFrames);
    m_ackFrames = 0;
    At(m_gate.next_open_us, EV_OPEN, &TsqSlotGate::OnOpen);
}

} // namespace ns3
