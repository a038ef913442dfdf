/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-live-twin.h"

#include "ns3/simulator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
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
            while (std::getline(ss, cell, ','))
            {
                row.push_back(std::strtod(cell.c_str(), nullptr));
            }
            if (row.size() == header.size())
            {
                rows.push_back(row);
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

/** cwnd at each of CwndTimes() from (t, cwnd) samples: the last sample at or before t */
std::vector<double>
CwndAt(const std::vector<std::pair<double, double>>& cwnd, double lengthS)
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

} // namespace

TsqLiveConfig::TsqLiveConfig()
{
    tsq_gate_params_init(&gate);
}

const std::vector<double>&
TsqLiveSummary::CwndTimes()
{
    static const std::vector<double> t = {0.5, 1, 2, 4, 8};
    return t;
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
    std::ostringstream cmd;
    cmd << " --bindir " << Quote(bindir) << " --duration-ms " << config.durationMs << " --cc "
        << Quote(config.cc) << " --tx-delay-us " << config.txDelayUs << " --ssthresh "
        << config.ssthresh << " --gro " << (config.gro ? "on" : "off")
        << (config.quickack ? " --quickack" : "")
        << (config.backlogAckDefer >= 0
                ? " --backlog-ack-defer " + std::to_string(config.backlogAckDefer)
                : std::string())
        << " --rate-bps " << g.rate_bps << " --overhead-us " << g.overhead_us << " --ack-gap-us "
        << g.ack_gap_us << " --ack-txop-us " << g.ack_txop_us << " --gap-us " << g.gap_us
        << " --idle-poll-us " << g.idle_poll_us << " --max-frames " << g.max_frames
        << " --lost-permille " << g.lost_permille << " --release "
        << tsq_gate_release_name(g.release) << " --seed " << g.seed;
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
    if (!samples.Read(outDir + "/samples.csv") || !slots.Read(outDir + "/slots.csv"))
    {
        message = "no samples.csv or slots.csv in " + outDir;
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
        summary.tsqLimitMean = sumLimit / n;
        summary.srttMsMean = sumSrtt / n;
    }
    summary.goodputMbps = lastT > 0 ? lastAcked * 8 / lastT / 1e6 : 0;
    summary.cwndAt = CwndAt(summary.cwnd, config.durationMs / 1e3);

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
            ++summary.dataSlots;
            frames += r[sFrames];
            bytes += r[sBytes];
        }
        summary.lostSlots += r[sLost] > 0 ? 1 : 0;
        if (r[sAcks] > 0)
        {
            ++ackTxops;
            acks += r[sAcks];
        }
    }
    summary.framesPerSlot = summary.dataSlots ? frames / summary.dataSlots : kNaN;
    summary.bytesPerSlot = summary.dataSlots ? bytes / summary.dataSlots : kNaN;
    summary.acksPerTxop = ackTxops ? acks / ackTxops : kNaN;
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

WifiUplinkConfig
TsqLiveTwinConfig(const TsqLiveConfig& config, uint32_t seed, const std::string& lateness)
{
    WifiUplinkConfig c;
    c.link = "gate";
    c.nSta = 1;
    c.wiredServer = false;
    c.pingIntervalS = 0;
    c.warmupS = 0;
    c.durationS = config.durationMs / 1e3;
    c.sampleIntervalS = 0.05;
    c.seed = seed;
    c.congestionControl = config.cc;
    c.kernelProfile = "linux-6.16";
    c.limitOutputBytes = config.limitOutputBytes;
    c.initialSsthresh = config.ssthresh;
    c.tsoBursts = false; // the kernel side's gso_max_segs 1
    c.txDelayUs = config.txDelayUs;
    // Linux's buffers as the kernel side sets them (tcp_wmem / tcp_rmem max)
    c.sndBufBytes = 4194304;
    c.rcvBufBytes = 6291456;
    const struct tsq_gate_params& g = config.gate;
    c.gateRateMbps = g.rate_bps / 1e6;
    c.gateOverheadUs = g.overhead_us;
    c.gateAckGapUs = g.ack_gap_us;
    c.gateAckTxopUs = g.ack_txop_us;
    c.gateGapUs = g.gap_us;
    c.gateIdlePollUs = g.idle_poll_us;
    c.gateMaxFrames = g.max_frames;
    c.gateLostPermille = g.lost_permille;
    c.gateRelease = tsq_gate_release_name(g.release);
    c.gateLateness = lateness;
    c.receiverAcks = config.twinReceiverAcks;
    c.rttEstimator = config.twinRttEstimator;
    return c;
}

TsqLiveSummary
TsqRunLiveTwin(const WifiUplinkConfig& twin)
{
    WifiUplinkScenario scenario(twin);
    scenario.Build();
    WifiUplinkResult r = scenario.Run();
    Simulator::Destroy();

    TsqLiveSummary s;
    s.side = "ns3";
    s.goodputMbps = r.goodputMbps;
    auto cwnd = r.series.find(TsqRunRecord::SERIES_CWND);
    if (cwnd != r.series.end())
    {
        for (const auto& p : cwnd->second)
        {
            s.cwnd.emplace_back(p.first - r.windowStartS, p.second);
        }
    }
    s.cwndAt = CwndAt(s.cwnd, twin.durationS);
    s.peakInFlight = r.packetsOutMax;
    s.chargedBytesMean = r.queuedBytesMean;
    s.tsqLimitMean = r.tsqLimitBytesMean;
    s.srttMsMean = r.srttMsMean;
    s.framesPerSlot = r.gateFramesPerSlot;
    s.bytesPerSlot = r.gateBytesPerSlot;
    s.acksPerTxop = r.gateAcksPerTxop;
    s.dataSlots = r.gateDataSlots;
    s.lostSlots = r.gateLost;
    s.latenessP50Us = kNaN;
    s.latenessP99Us = kNaN;
    return s;
}

TsqRunRecord
TsqLiveRecord(const std::string& experiment,
              const std::string& point,
              const TsqLiveConfig& config,
              uint32_t seed,
              const TsqLiveSummary& s,
              const WifiUplinkConfig* twin)
{
    TsqRunRecord run(experiment, seed);
    const struct tsq_gate_params& g = config.gate;
    run.modelAssumptions = twin ? twin->ModelAssumptions() : "";
    run.SetParam("point", point);
    run.SetParam("side", s.side);
    run.SetParam("kernel_release", s.kernelRelease);
    run.SetParam("kernel_profile", twin ? twin->kernelProfile : "");
    run.SetParam("cc", config.cc);
    run.SetParam("duration_s", config.durationMs / 1e3);
    run.SetParam("tx_delay_us", config.txDelayUs);
    run.SetParam("limit_output_bytes", config.limitOutputBytes);
    run.SetParam("initial_ssthresh", config.ssthresh);
    run.SetParam("gro", config.gro ? 1 : 0);
    run.SetParam("quickack", config.quickack ? 1 : 0);
    run.SetParam("backlog_ack_defer", config.backlogAckDefer);
    run.SetParam("gate_rate_mbps", g.rate_bps / 1e6);
    run.SetParam("gate_overhead_us", g.overhead_us);
    run.SetParam("gate_ack_gap_us", g.ack_gap_us);
    run.SetParam("gate_ack_txop_us", g.ack_txop_us);
    run.SetParam("gate_gap_us", g.gap_us);
    run.SetParam("gate_idle_poll_us", g.idle_poll_us);
    run.SetParam("gate_max_frames", g.max_frames);
    run.SetParam("gate_lost_permille", g.lost_permille);
    run.SetParam("gate_release", tsq_gate_release_name(g.release));
    run.SetParam("gate_lateness", twin ? twin->gateLateness : "");
    if (twin)
    {
        run.SetParam("attribute_overrides", WifiUplinkConfig::AttributeOverrides());
    }
    if (twin && !twin->gateLateness.empty())
    {
        // The replayed schedule: what the file held, not its name.
        run.SetParam("gate_lateness_sha256", TsqFileSha256(twin->gateLateness));
    }
    if (!twin)
    {
        // A kernel run is a measurement, not a function of its inputs: two
        // runs of one configuration are two rows, told apart by when.
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        char when[64];
        std::strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%S", std::gmtime(&now.tv_sec));
        char micro[16];
        std::snprintf(micro, sizeof(micro), ".%06uZ", static_cast<unsigned>(now.tv_nsec / 1000));
        run.SetParam("measured_utc", std::string(when) + micro);
    }
    run.SetParam("receiver_acks", twin ? twin->receiverAcks : "linux");
    run.SetParam("rtt_estimator", twin ? twin->rttEstimator : "linux");
    auto real = [](double v) { return std::isnan(v) ? TsqValue() : TsqValue(v); };
    run.SetMetric("goodput_mbps", s.goodputMbps);
    const auto& times = TsqLiveSummary::CwndTimes();
    for (size_t i = 0; i < times.size() && i < s.cwndAt.size(); ++i)
    {
        std::ostringstream name;
        name << "cwnd_at_" << static_cast<int>(times[i] * 10) << "ds";
        run.SetMetric(name.str(), real(s.cwndAt[i]));
    }
    run.SetMetric("packets_out_max", real(s.peakInFlight));
    run.SetMetric("queued_bytes_mean", real(s.chargedBytesMean));
    run.SetMetric("tsq_limit_bytes_mean", real(s.tsqLimitMean));
    run.SetMetric("srtt_ms_mean", real(s.srttMsMean));
    run.SetMetric("gate_frames_per_slot", real(s.framesPerSlot));
    run.SetMetric("gate_bytes_per_slot", real(s.bytesPerSlot));
    run.SetMetric("gate_acks_per_txop", real(s.acksPerTxop));
    run.SetMetric("gate_data_slots", s.dataSlots);
    run.SetMetric("gate_lost_slots", s.lostSlots);
    run.SetMetric("lateness_p50_us", real(s.latenessP50Us));
    run.SetMetric("lateness_p99_us", real(s.latenessP99Us));
    run.SetMetric("gate_mismatches", s.mismatches);
    for (const auto& p : s.cwnd)
    {
        run.AddSample(TsqRunRecord::SERIES_CWND, p.first, p.second);
    }
    return run;
}

} // namespace ns3
