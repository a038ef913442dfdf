/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Writes one synthetic run (no simulation) through the results
 * infrastructure: an SQLite run file (TsqResultsDb) and a Flent file
 * (TsqFlentWriter), so that test/check-flent.sh can compare Flent's own
 * summary of the Flent file with the database. The series are made like a
 * real run's: bytes received per 200 ms interval after a warm-up, a ping
 * every 200 ms, goodput_mbps = received bits / measured time.
 *
 *   ./tsq-results-selftest --out=results/selftest
 *   sh test/check-flent.sh results/selftest/run.flent.gz results/selftest/run.db
 */

#include "ns3/tsq-command-line.h"
#include "ns3/tsq-flent-writer.h"
#include "ns3/tsq-option-check.h"
#include "ns3/tsq-results-db.h"

#include <cmath>
#include <cstdio>
#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string out = "results/selftest";
    double durationS = 10;
    double warmupS = 2;
    uint32_t seed = 1;
    uint32_t shift = 8;
    TsqCommandLine cmd(__FILE__);
    cmd.AddValue("out", "folder for run.db and run.flent.gz", out);
    cmd.AddValue("duration", "measured time, s (1..3600)", durationS);
    cmd.AddValue("warmup", "excluded start, s (0..60)", warmupS);
    cmd.AddValue("seed", "seed recorded with the run", seed);
    cmd.AddValue("shift", "pacing shift recorded (and shaping the goodput), 0..31", shift);
    if (std::string parseError = cmd.Parse(argc, argv); !parseError.empty())
    {
        std::cerr << parseError << std::endl;
        return 2;
    }
    std::string error;
    if (!(durationS >= 1 && durationS <= 3600))
    {
        error = TsqOutOfRangeValue("duration", durationS, "1..3600");
    }
    else if (!(warmupS >= 0 && warmupS <= 60))
    {
        error = TsqOutOfRangeValue("warmup", warmupS, "0..60");
    }
    else if (shift > 31)
    {
        error = TsqOutOfRangeValue("shift", shift, "0..31");
    }
    else if (seed < 1 || seed > 0x7fffffffU)
    {
        error = TsqOutOfRangeValue("seed", seed, "1..2147483647");
    }
    if (!error.empty())
    {
        std::cerr << error << std::endl;
        return 2;
    }

    const double step = 0.2;
    TsqRunRecord run("results-selftest", seed);
    run.SetParam("kernel_profile", "linux-4.16");
    run.SetParam("tsq_rule", "4.15");
    run.SetParam("pacing_shift", shift);
    run.SetParam("floor_bytes", 0);
    run.SetParam("cc", "cubic");
    run.SetParam("driver_profile", "ath9k");
    run.SetParam("mcs", 7);
    run.SetParam("channel_width", 40);
    run.SetParam("n_sta", 1);
    run.SetParam("duration_s", durationS);

    // A goodput that ramps up and wobbles: bytes per interval, measured
    // from warmupS on; the series is per interval (Mb/s) at its end time.
    uint64_t bytes = 0;
    const auto nIntervals = static_cast<int>(std::lround(durationS / step));
    for (int i = 1; i <= nIntervals; ++i)
    {
        double t = warmupS + i * step;
        double top = 130.0 - 2.0 * (shift - 7) * (shift - 7) * (shift - 7);
        double mbps = top * (1 - std::exp(-t)) + 7.0 * std::sin(3.0 * t) + (seed % 5);
        auto b = static_cast<uint64_t>(mbps * 1e6 / 8 * step);
        bytes += b;
        run.AddSample(TsqRunRecord::SERIES_GOODPUT, t, b * 8 / step / 1e6);
        run.AddSample(TsqRunRecord::SERIES_PING_RTT, t - 0.1, 4.0 + 2.0 * std::cos(t));
        run.AddSample(TsqRunRecord::SERIES_CWND, t, 60 + 5.0 * std::sin(t));
        run.AddAmpdu(20 + (i % 13));
    }
    run.SetMetric("goodput_mbps", bytes * 8 / (nIntervals * step) / 1e6);
    run.SetMetric("ping_rtt_ms_mean", run.SeriesMean(TsqRunRecord::SERIES_PING_RTT));
    run.SetMetric("cwnd_segments_mean", run.SeriesMean(TsqRunRecord::SERIES_CWND));

    const std::string key = TsqResultsDb::WriteRun(out + "/run.db", run);
    TsqFlentOptions flent;
    flent.stepSizeS = step;
    flent.originS = warmupS;
    TsqFlentWriter::Write(out + "/run.flent.gz", run, flent);
    std::printf("run_key=%s goodput_mbps=%.4f db=%s/run.db flent=%s/run.flent.gz\n",
                key.c_str(),
                run.Get("goodput_mbps").GetReal(),
                out.c_str(),
                out.c_str());
    return 0;
}
