/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_EXPERIMENT_H
#define TSQ_EXPERIMENT_H

#include "tsq-command-line.h"
#include "tsq-data-dir.h"
#include "tsq-option-check.h"
#include "tsq-results-db.h"
#include "tsq-table.h"
#include "wifi-uplink-scenario.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup tsq
 * The run loop and the result files shared by the reproduction
 * programs (examples/tsq-pacing-shift.cc, ...): a program declares its
 * points (one configuration of WifiUplinkScenario each), the reference's values
 * and the table's columns; TsqExperiment parses and validates every option,
 * runs every point under every seed, writes one database (and one
 * .flent.gz) per run, merges them, prints the table beside the reference's
 * values and draws the plots.
 */

namespace ns3
{

class TsqOptionTable;

/**
 * \ingroup tsq
 * \brief A reproduction program's engine: options, run loop, files, table,
 * merge and plots.
 *
 * Options it adds (besides every WifiUplinkConfig option, which sets the
 * base configuration the points change): --seeds, --quick, --only,
 * --jobs, --resultsDir, --name, --flent, --merge, --plot, --jobsFile,
 * --fromDb.
 * Each run is simulated in a child process, --jobs of them at a time
 * (TsqJobRunner), so a run that crashes loses only itself;
 * --jobsFile writes one command per run for utils/tsq-sweep.sh instead.
 */
class TsqExperiment
{
  public:
    /**
     * \param experiment the experiment's name (runs.experiment, default --name)
     * \param title one line printed above the table
     * \param file the program's source (__FILE__), for CommandLine's usage
     */
    TsqExperiment(const std::string& experiment, const std::string& title, const std::string& file);

    /**
     * Defaults of the full and the quick (--quick) mode; the user's
     * --seeds, --duration and --warmup win over both.
     * \param seeds full: seeds per point
     * \param durationS full: measured time, s
     * \param warmupS full: warm-up, s
     * \param quickSeeds quick: seeds per point
     * \param quickDurationS quick: measured time, s
     * \param quickWarmupS quick: warm-up, s
     */
    void SetDefaults(uint32_t seeds,
                     double durationS,
                     double warmupS,
                     uint32_t quickSeeds,
                     double quickDurationS,
                     double quickWarmupS);

    /** \return the base configuration (set program defaults before Parse) */
    WifiUplinkConfig& GetBaseConfig();
    /** \return the command line (add program options before Parse) */
    TsqCommandLine& GetCommandLine();

    /**
     * Add the options, parse, apply the mode's defaults and validate the
     * base configuration and the experiment's own options.
     * \param argc argc of main
     * \param argv argv of main
     * \return false (after printing the message) on an invalid value
     */
    bool Parse(int argc, char* argv[]);

    /** \return true in --quick mode */
    bool IsQuick() const;

    /**
     * \param point a point (label must be unique)
     */
    void AddPoint(const TsqExperimentPoint& point);
    /**
     * \param column a table column
     */
    void AddColumn(const TsqColumn& column);
    /**
     * \param columns table columns, appended in order
     */
    void AddColumns(const std::vector<TsqColumn>& columns);
    /** \return goodput mean, sd and min-max (Mb/s) */
    static std::vector<TsqColumn> GoodputColumns();
    /** \return ping RTT mean and p95, srtt mean (ms) */
    static std::vector<TsqColumn> LatencyColumns();
    /**
     * \return MPDUs per A-MPDU, TSQ limit and bytes queued below TCP (KiB),
     * cwnd and packets in flight (segments), throttle events
     */
    static std::vector<TsqColumn> StackColumns();
    /**
     * \return the smallest station goodput (Mb/s) and Jain's fairness index
     * of the stations' goodputs ("-" with one station)
     */
    static std::vector<TsqColumn> StationColumns();
    /**
     * \param line a note printed under the table
     */
    void AddNote(const std::string& line);
    /**
     * The plots' X axis.
     * \param column a runs column (numeric, or text drawn as categories in
     *        version order)
     * \param label axis label
     * \param logx logarithmic X axis
     */
    void SetPlotX(const std::string& column, const std::string& label, bool logx = false);
    /**
     * One curve per distinct value of a runs column in the goodput and
     * latency plots (tsq-plot.sh --by), e.g. "standard"; "" (default): one.
     * \param column the runs column
     */
    void SetPlotBy(const std::string& column);
    /**
     * The two points whose first runs the time-series figure stacks
     * (goodput, cwnd, TSQ limit, MPDUs per A-MPDU on one time axis);
     * default: the first and the last point.
     * \param first label of the first point (e.g. "shift10")
     * \param second label of the second (e.g. "shift8", the kernel's fix)
     */
    void SetTimeSeriesPoints(const std::string& first, const std::string& second);
    /**
     * Where the reference's numbers apply: \p condition gets each point's
     * configuration and returns "" when it is the one the reference was
     * measured in, else why not. A point it refuses shows no reference
     * values ("-") and no reference points in the plots, and the table
     * says "no reference" and why. Without a condition a point shows its
     * reference values unless its WiFi is not the references' (802.11n HT40,
     * one stream), which is checked for every program.
     * \param condition the test
     */
    void SetReferenceCondition(std::function<std::string(const WifiUplinkConfig&)> condition);
    /**
     * \param label legend of the reference's points in the plots (e.g. "Linux, reference 004")
     */
    void SetReferenceLabel(const std::string& label);

    /**
     * Validate every run's configuration, then run them all (or write the
     * jobs file, or read a database), print the table, write, merge, plot.
     * \return the program's exit status
     */
    int Execute();

    /**
     * \param option an option's name without "--"
     * \return whether the command line gave it
     */
    bool WasGiven(const std::string& option) const;

  private:
    struct Job
    {
        uint32_t point;          //!< index into m_points
        WifiUplinkConfig config; //!< the run's configuration
    };

    /** The outcome of one run, as the parent reads it back. */
    struct Done
    {
        std::size_t index; //!< into the job list
        bool ok;           //!< the run (child) ended normally
        double wallS;      //!< wall seconds of the run
        std::string why;   //!< how a failed run ended (exit status, signal)
    };

    /** A run's results as the parent read them back, in job order. */
    struct Collected
    {
        std::vector<TsqRow> rows;            //!< one per run with a database
        std::vector<std::string> files;      //!< their databases
        std::vector<std::string> flentFiles; //!< their .flent.gz files
        std::vector<std::string> failures;   //!< "point seed N (why)" of the others
    };

    /**
     * The jobs of --only's points (all without it) under every seed, each
     * configuration validated.
     * \param jobs filled in point and seed order
     *
eturn 0, or 2 after printing the refusal (an unknown point, an
     *         invalid configuration, no job)
     */
    int SelectJobs(std::vector<Job>& jobs) const;
    /**
     * The reference's values withdrawn ("-", NaN) from each point whose
     * configuration is not the one they were measured in, with a note why.
     */
    void WithholdReferences();
    /** --precision: the window and batch columns and the ± note. */
    void AddPrecisionColumns();
    /** Print the notes, one per line. */
    void PrintNotes() const;
    /**
     * --fromDb: the table (and plots) of a merged database's runs.
     * \param table the experiment's table
     *
eturn the exit status
     */
    int ShowDb(const TsqTable& table) const;
    /**
     * \param done the runs' outcomes, in any order
     * \param jobs the job list
     * \param dir the runs' folder
     *
eturn the runs read back, in job order
     */
    Collected Collect(std::vector<Done> done,
                      const std::vector<Job>& jobs,
                      const std::string& dir) const;
    /**
     * Merge the run databases with tsq-merge.sh.
     * \param files the run databases
     * \param merged the merged database's path
     *
eturn true when merged (else the reason is printed)
     */
    bool Merge(const std::vector<std::string>& files, const std::string& merged) const;
    std::string RunStem(const Job& job) const;
    /**
     * Run one job in this process: simulate, write its database and its
     * .flent.gz (a file that cannot be written ends the process with
     * NS_FATAL_ERROR, so a child reports it by its exit status).
     */
    void RunJob(const Job& job, const std::string& dir, double* wallS) const;
    /**
     * Run the jobs, up to m_jobs at a time, each in a child process
     * (TsqJobRunner), so a run that crashes or is killed loses only
     * itself; report progress.
     * \return one entry per job, in the order they finished
     */
    std::vector<Done> RunAll(const std::vector<Job>& jobs, const std::string& dir) const;
    std::string Quote(const std::string& s) const;
    int WriteJobsFile(const std::vector<Job>& jobs) const;
    std::vector<TsqRow> ReadDb(const std::string& path) const;
    void Plot(const std::vector<TsqRow>& rows, const std::string& db) const;
    bool Given(const std::string& option) const;
    /**
     * The experiment's own options (the scenario's are WifiUplinkConfig's):
     * each declared once, registered or checked by \p table.
     */
    void Options(TsqOptionTable& table);

    std::string m_experiment;
    std::string m_title;
    TsqCommandLine m_cmd;
    WifiUplinkConfig m_base;
    std::vector<std::string> m_args; //!< argv[1..]
    std::string m_program;           //!< argv[0], absolute when possible
    uint32_t m_jobs{0};              //!< runs at a time (0 until Parse: the online CPUs)
    uint32_t m_seeds{5};
    uint32_t m_fullSeeds{5};
    double m_fullDurationS{10};
    double m_fullWarmupS{2};
    uint32_t m_quickSeeds{2};
    double m_quickDurationS{3};
    double m_quickWarmupS{1};
    bool m_quick{false};
    std::string m_only;
    std::string m_resultsDir{"results"};
    std::string m_name;
    bool m_flent{true};
    bool m_merge{true};
    bool m_plot{true};
    std::string m_jobsFile;
    std::string m_fromDb;
    std::vector<TsqExperimentPoint> m_points;
    std::vector<TsqColumn> m_columns;
    std::vector<std::string> m_notes;
    std::string m_plotX{"point"};
    std::string m_plotXLabel{"point"};
    bool m_plotLogX{false};
    std::string m_plotBy; //!< one curve per value of this column ("" none)
    std::function<std::string(const WifiUplinkConfig&)> m_referenceCondition;
    std::string m_seriesFirst;  //!< SetTimeSeriesPoints ("" = the first point)
    std::string m_seriesSecond; //!< SetTimeSeriesPoints ("" = the last point)
    std::string m_referenceLabel{"published (reference)"};
};
} // namespace ns3

#endif /* TSQ_EXPERIMENT_H */
