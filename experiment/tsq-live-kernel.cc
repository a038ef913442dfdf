/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The kernel side of the live-kernel reference: tsq-live-run.sh run and
// its outputs (samples, the gates' slots or EDCA releases, meta) read into
// a TsqLiveSummary; the smooth-link occupancy check.

#include "tsq-live-twin.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <sys/wait.h>
#include <tsq/rules.h>

namespace ns3
{

namespace
{

const double kNaN = std::numeric_limits<double>::quiet_NaN();

/** Linux 6.18's truesize of a one-segment skb of 1448 B (measured, ss -tinm) */
const uint32_t kKernelSkbTruesize = 2280;

std::string
Quote(const std::string& s)
{
    std::string q = "'";
    for (char c : s)
    {
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return q + "'";
}

/** A CSV file as rows of columns by name; '#' lines are comments. */
struct Csv
{
    std::vector<std::string> header;
    std::vector<std::vector<double>> rows;
    std::vector<std::vector<std::string>> text; //!< the rows' cells as written
    std::string comment;

    bool Read(const std::string& path)
    {
        std::ifstream in(path);
        if (!in)
        {
            return false;
        }
        std::string line;
        while (std::getline(in, line))
        {
            if (line.empty())
            {
                continue;
            }
            if (line[0] == '#')
            {
                comment += line;
                continue;
            }
            std::stringstream ss(line);
            std::string cell;
            if (header.empty())
            {
                while (std::getline(ss, cell, ','))
                {
                    header.push_back(cell);
                }
                continue;
            }
            std::vector<double> row;
            std::vector<std::string> cells;
            while (std::getline(ss, cell, ','))
            {
                row.push_back(std::strtod(cell.c_str(), nullptr));
                cells.push_back(cell);
            }
            if (row.size() == header.size())
            {
                rows.push_back(row);
                text.push_back(cells);
            }
        }
        return !header.empty();
    }

    int Col(const std::string& name) const
    {
        auto it = std::find(header.begin(), header.end(), name);
        return it == header.end() ? -1 : static_cast<int>(it - header.begin());
    }
};

/** key=value lines, and the key=value words of lines that hold several */
std::map<std::string, std::string>
ReadMeta(const std::string& path)
{
    std::map<std::string, std::string> m;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line))
    {
        std::stringstream ss(line);
        std::string word;
        bool several = line.find(' ') != std::string::npos && line.find("gate_args=") != 0;
        if (!several)
        {
            auto eq = line.find('=');
            if (eq != std::string::npos)
            {
                m[line.substr(0, eq)] = line.substr(eq + 1);
            }
            continue;
        }
        while (ss >> word)
        {
            auto eq = word.find('=');
            if (eq != std::string::npos)
            {
                m[word.substr(0, eq)] = word.substr(eq + 1);
            }
        }
    }
    return m;
}

double
Percentile(std::vector<double> v, double p)
{
    if (v.empty())
    {
        return kNaN;
    }
    std::sort(v.begin(), v.end());
    size_t i = static_cast<size_t>(p * (v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

} // namespace

std::vector<double>
TsqLiveCwndAt(const std::vector<std::pair<double, double>>& cwnd, double lengthS)
{
    std::vector<double> at;
    for (double t : TsqLiveSummary::CwndTimes())
    {
        double v = kNaN;
        if (t <= lengthS + 1e-9)
        {
            for (const auto& s : cwnd)
            {
                if (s.first > t + 1e-9)
                {
                    break;
                }
                v = s.second;
            }
        }
        at.push_back(v);
    }
    return at;
}

uint64_t
TsqLiveKernelLimit(const TsqLiveConfig& config, uint64_t pacingRate)
{
    struct tsq_limit_in in = {};
    in.rule = TSQ_RULE_6_16;
    in.pacing_rate = pacingRate;
    in.pacing_shift = 10;
    in.truesize = kKernelSkbTruesize;
    in.limit_output_bytes = config.limitOutputBytes ? config.limitOutputBytes : 4194304;
    in.tx_delay_us = config.txDelayUs;
    uint64_t limit = 0;
    if (tsq_limit(&in, &limit) != TSQ_OK)
    {
        return 0;
    }
    return limit;
}

namespace
{
/**
 * Run tsq-live-run.sh with \p args into \p outDir (its output in
 * outDir.log), under timeout(1): a run wedged anywhere (a program that
 * never returns, a namespace that cannot be removed) is stopped with
 * SIGTERM after the flow's duration plus 90 s, so its script cleans up,
 * and fails alone.
 * \return the script's exit status (124: timed out), with \p message the
 *         last line of its log when it is not 0
 */
int
RunLiveScript(const std::string& script,
              const std::string& args,
              uint32_t durationMs,
              const std::string& outDir,
              std::string& message)
{
    const uint32_t limitS = durationMs / 1000 + 90;
    std::ostringstream cmd;
    cmd << "timeout -k 10 " << limitS << " sh " << Quote(script) << args << " " << Quote(outDir)
        << " >" << Quote(outDir + ".log") << " 2>&1";
    int st = std::system(cmd.str().c_str());
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 1;
    if (rc == 0)
    {
        return 0;
    }
    std::ifstream log(outDir + ".log");
    std::string line;
    message.clear();
    while (std::getline(log, line))
    {
        message = line;
    }
    if (rc == 124 || rc == 137)
    {
        message = "tsq-live-run.sh did not end within " + std::to_string(limitS) +
                  " s (stopped; last line: " + (message.empty() ? "none" : message) + ")";
    }
    else if (message.empty())
    {
        message = "tsq-live-run.sh failed (exit " + std::to_string(rc) + ")";
    }
    return rc;
}

/**
 * The EDCA hop's releases and TXOPs while the flow ran (egate.csv of
 * tsq-live-edca, times from its t0): MPDUs and bytes per acknowledged
 * station A-MPDU, ACKs per AP TXOP, collided station TXOPs, the
 * releases' lateness; the frames that left outside their release (leaks)
 * as the mismatches.
 */
void
SummariseEdca(const Csv& e,
              double flowStartUs,
              uint32_t durationMs,
              std::map<std::string, std::string>& meta,
              TsqLiveSummary& summary)
{
    const double t0 = std::strtod(e.comment.substr(e.comment.find("t0_us=") + 6).c_str(), nullptr);
    const double from = flowStartUs - t0;
    const double to = from + durationMs * 1e3;
    const int cPlan = e.Col("plan_us");
    const int cAct = e.Col("act_us");
    const int cFrames = e.Col("frames");
    const int cBytes = e.Col("bytes");
    const int cSta = e.Col("sta");
    const int cColl = e.Col("collision");
    const int cKind = e.Col("kind");
    std::vector<double> lateness;
    double frames = 0;
    double bytes = 0;
    double acks = 0;
    uint64_t ackTxops = 0;
    for (size_t i = 0; i < e.rows.size(); ++i)
    {
        const auto& r = e.rows[i];
        if (r[cPlan] < from || r[cPlan] > to)
        {
            continue;
        }
        const std::string& kind = e.text[i][cKind];
        if (kind == "txop")
        {
            summary.gate.lostSlots += r[cSta] > 0 && r[cColl] > 0 ? 1 : 0;
            continue;
        }
        lateness.push_back(r[cAct] - r[cPlan]);
        if (kind == "data")
        {
            ++summary.gate.dataSlots;
            frames += r[cFrames];
            bytes += r[cBytes];
        }
        else if (kind == "acks")
        {
            ++ackTxops;
            acks += r[cFrames];
        }
    }
    summary.gate.SetMeans(frames, bytes, acks, ackTxops);
    summary.latenessP50Us = Percentile(lateness, 0.5);
    summary.latenessP99Us = Percentile(lateness, 0.99);
    summary.mismatches = std::strtoull(meta["data_leaks"].c_str(), nullptr, 10) +
                         std::strtoull(meta["ack_leaks"].c_str(), nullptr, 10);
}
} // namespace

int
TsqRunLiveKernel(const TsqLiveConfig& config,
                 const std::string& script,
                 const std::string& bindir,
                 const std::string& outDir,
                 TsqLiveSummary& summary,
                 std::string& message)
{
    const struct tsq_gate_params& g = config.gate;
    const bool edca = config.timing == "edca";
    std::ostringstream cmd;
    cmd << " --bindir " << Quote(bindir) << " --duration-ms " << config.durationMs << " --cc "
        << Quote(config.cc) << " --tx-delay-us " << config.txDelayUs << " --ssthresh "
        << config.ssthresh << " --gro " << (config.gro ? "on" : "off")
        << (config.quickack ? " --quickack" : "")
        << (config.backlogAckDefer >= 0
                ? " --backlog-ack-defer " + std::to_string(config.backlogAckDefer)
                : std::string())
        << " --timing " << Quote(config.timing) << " --regime " << Quote(config.regime)
        << " --seed " << g.seed;
    if (edca)
    {
        cmd << " --hw-depth " << config.hwDepth << " --completion-latency-us "
            << config.completionLatencyUs;
    }
    else
    {
        cmd << " --rate-bps " << g.rate_bps << " --overhead-us " << g.overhead_us
            << " --ack-gap-us " << g.ack_gap_us << " --ack-txop-us " << g.ack_txop_us
            << " --gap-us " << g.gap_us << " --idle-poll-us " << g.idle_poll_us << " --max-frames "
            << g.max_frames << " --lost-permille " << g.lost_permille << " --release "
            << tsq_gate_release_name(g.release);
    }
    if (config.limitOutputBytes)
    {
        cmd << " --lob " << config.limitOutputBytes;
    }
    int rc = RunLiveScript(script, cmd.str(), config.durationMs, outDir, message);
    if (rc != 0)
    {
        return rc;
    }

    std::map<std::string, std::string> meta = ReadMeta(outDir + "/meta.txt");
    Csv samples;
    Csv slots;
    const std::string gateCsv = edca ? "egate.csv" : "slots.csv";
    if (!samples.Read(outDir + "/samples.csv") || !slots.Read(outDir + "/" + gateCsv))
    {
        message = "no samples.csv or " + gateCsv + " in " + outDir;
        return 1;
    }
    summary = TsqLiveSummary();
    summary.side = "kernel";
    summary.kernelRelease = meta["kernel_release"];

    const int cT = samples.Col("t_us");
    const int cCwnd = samples.Col("cwnd");
    const int cSrtt = samples.Col("srtt_us");
    const int cRate = samples.Col("pacing_rate");
    const int cOut = samples.Col("unacked");
    const int cWmem = samples.Col("wmem_alloc");
    const int cAcked = samples.Col("bytes_acked");
    const double start =
        std::strtod(samples.comment.substr(samples.comment.find("start_us=") + 9).c_str(), nullptr);
    double sumWmem = 0;
    double sumLimit = 0;
    double sumSrtt = 0;
    size_t n = 0;
    double lastT = 0;
    double lastAcked = 0;
    for (const auto& r : samples.rows)
    {
        const double t = (r[cT] - start) / 1e6;
        summary.cwnd.emplace_back(t, r[cCwnd]);
        summary.peakInFlight = std::max(summary.peakInFlight, r[cOut]);
        sumWmem += r[cWmem];
        sumLimit +=
            static_cast<double>(TsqLiveKernelLimit(config, static_cast<uint64_t>(r[cRate])));
        sumSrtt += r[cSrtt] / 1e3;
        ++n;
        lastT = t;
        lastAcked = r[cAcked];
    }
    if (n)
    {
        summary.chargedBytesMean = sumWmem / n;
        // The prediction knows a one-segment skb's truesize; a GSO skb's
        // (ath9k's regime: 2 * truesize can set the limit) is not sampled.
        summary.tsqLimitMean = config.regime == "veth" ? sumLimit / n : kNaN;
        summary.srttMsMean = sumSrtt / n;
    }
    summary.goodputMbps = lastT > 0 ? lastAcked * 8 / lastT / 1e6 : 0;
    summary.cwndAt = TsqLiveCwndAt(summary.cwnd, config.durationMs / 1e3);

    if (edca)
    {
        SummariseEdca(slots, start, config.durationMs, meta, summary);
        return 0;
    }
    // Slots while the flow ran (the gate runs from before the connect to after the end).
    const int sOpen = slots.Col("open_act_us");
    const int sFrames = slots.Col("frames");
    const int sBytes = slots.Col("bytes");
    const int sLost = slots.Col("lost");
    const int sAcks = slots.Col("ack_frames");
    const double t0 =
        std::strtod(slots.comment.substr(slots.comment.find("t0_us=") + 6).c_str(), nullptr);
    const double flowFrom = start - t0;
    const double flowTo = flowFrom + config.durationMs * 1e3;
    // The slots of the flow alone, for the twin to replay from its first
    // slot (the gate ran before the connect, and for the warm-up one).
    summary.slotsCsv = outDir + "/slots-flow.csv";
    {
        std::ifstream in(outDir + "/slots.csv");
        std::ofstream out(summary.slotsCsv);
        std::string line;
        while (std::getline(in, line))
        {
            if (line.empty() || line[0] == '#' || line[0] == 'i')
            {
                out << line << "\n";
                continue;
            }
            // open_act_us is the third column
            size_t a = line.find(',');
            size_t b = line.find(',', a + 1);
            double open = std::strtod(line.c_str() + b + 1, nullptr);
            if (open >= flowFrom && open <= flowTo)
            {
                out << line << "\n";
            }
        }
        if (!out)
        {
            message = "cannot write " + summary.slotsCsv;
            return 1;
        }
    }
    std::vector<double> lateness;
    const char* plan[] = {"open_plan_us",
                          "release_plan_us",
                          "ack_open_plan_us",
                          "ack_release_plan_us"};
    const char* act[] = {"open_act_us", "release_act_us", "ack_open_act_us", "ack_release_act_us"};
    double frames = 0;
    double bytes = 0;
    double acks = 0;
    uint64_t ackTxops = 0;
    for (const auto& r : slots.rows)
    {
        if (r[sOpen] < flowFrom || r[sOpen] > flowTo)
        {
            continue;
        }
        for (int k = 0; k < 4; ++k)
        {
            const double p = r[slots.Col(plan[k])];
            const double a = r[slots.Col(act[k])];
            if (p >= 0 && a >= 0)
            {
                lateness.push_back(a - p);
            }
        }
        if (r[sFrames] > 0)
        {
            ++summary.gate.dataSlots;
            frames += r[sFrames];
            bytes += r[sBytes];
        }
        summary.gate.lostSlots += r[sLost] > 0 ? 1 : 0;
        if (r[sAcks] > 0)
        {
            ++ackTxops;
            acks += r[sAcks];
        }
    }
    summary.gate.SetMeans(frames, bytes, acks, ackTxops);
    summary.latenessP50Us = Percentile(lateness, 0.5);
    summary.latenessP99Us = Percentile(lateness, 0.99);
    summary.mismatches = std::strtoull(meta["data_mismatches"].c_str(), nullptr, 10) +
                         std::strtoull(meta["ack_mismatches"].c_str(), nullptr, 10);
    return 0;
}

int
TsqRunLiveSmooth(const TsqLiveConfig& config,
                 double linkMbps,
                 const std::string& script,
                 const std::string& bindir,
                 const std::string& outDir,
                 TsqLiveOccupancy& result,
                 std::string& message)
{
    std::ostringstream cmd;
    cmd << " --bindir " << Quote(bindir) << " --duration-ms " << config.durationMs << " --cc "
        << Quote(config.cc) << " --tx-delay-us " << config.txDelayUs << " --ssthresh "
        << config.ssthresh << " --smooth " << static_cast<uint64_t>(linkMbps * 1000 + 0.5)
        << "kbit";
    if (config.limitOutputBytes)
    {
        cmd << " --lob " << config.limitOutputBytes;
    }
    int rc = RunLiveScript(script, cmd.str(), config.durationMs, outDir, message);
    if (rc != 0)
    {
        return rc;
    }
    Csv samples;
    Csv monitor;
    if (!samples.Read(outDir + "/samples.csv") || !monitor.Read(outDir + "/monitor.csv"))
    {
        message = "no samples.csv or monitor.csv in " + outDir;
        return 1;
    }
    const int cT = samples.Col("t_us");
    const int cRate = samples.Col("pacing_rate");
    const int cWmem = samples.Col("wmem_alloc");
    const int cAcked = samples.Col("bytes_acked");
    const int mT = monitor.Col("t_us");
    const int mQ = monitor.Col("qlen");
    const double start =
        std::strtod(samples.comment.substr(samples.comment.find("start_us=") + 9).c_str(), nullptr);
    // Skip the first second (slow start); pair each sample with the
    // monitor's nearest later reading of the qdisc.
    result = TsqLiveOccupancy();
    result.linkMbps = linkMbps;
    size_t m = 0;
    size_t n = 0;
    size_t nq = 0;
    double lastT = 0;
    double lastAcked = 0;
    for (const auto& r : samples.rows)
    {
        const double t = (r[cT] - start) / 1e6;
        lastT = t;
        lastAcked = r[cAcked];
        if (t < 1.0)
        {
            continue;
        }
        while (m + 1 < monitor.rows.size() && monitor.rows[m][mT] < r[cT])
        {
            ++m;
        }
        const double q = monitor.rows.empty() ? 0 : monitor.rows[m][mQ];
        result.pacingMbps += r[cRate] * 8 / 1e6;
        result.wmemMean += r[cWmem];
        result.backlogFrames += q;
        if (q > 0)
        {
            result.truesize += r[cWmem] / q;
            ++nq;
        }
        ++n;
    }
    if (!n || !nq)
    {
        message = "no sample after the first second with frames queued";
        return 1;
    }
    result.pacingMbps /= n;
    result.wmemMean /= n;
    result.backlogFrames /= n;
    result.truesize /= nq;
    // The core's limit of every sample, fed the kernel's own pacing rate,
    // with the measured truesize (2 * truesize is the limit's floor).
    n = 0;
    for (const auto& r : samples.rows)
    {
        if ((r[cT] - start) / 1e6 < 1.0)
        {
            continue;
        }
        struct tsq_limit_in in = {};
        in.rule = TSQ_RULE_6_16;
        in.pacing_rate = static_cast<uint64_t>(r[cRate]);
        in.pacing_shift = 10;
        in.truesize = static_cast<uint32_t>(result.truesize + 0.5);
        in.limit_output_bytes = config.limitOutputBytes ? config.limitOutputBytes : 4194304;
        in.tx_delay_us = config.txDelayUs;
        uint64_t limit = 0;
        tsq_limit(&in, &limit);
        result.limitMean += static_cast<double>(limit);
        ++n;
    }
    result.limitMean /= n;
    result.predictedFrames = result.limitMean / result.truesize;
    result.goodputMbps = lastT > 0 ? lastAcked * 8 / lastT / 1e6 : 0;
    return 0;
}

} // namespace ns3
