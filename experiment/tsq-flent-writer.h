/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_FLENT_WRITER_H
#define TSQ_FLENT_WRITER_H

#include "tsq-results-db.h"

#include <string>

/**
 * \file
 * \ingroup tsq
 * Writes a run in Flent's data format (.flent.gz), so that `flent -i FILE`
 * plots and summarises it like a measured run.
 */

namespace ns3
{

/**
 * \ingroup tsq
 * \brief Options of TsqFlentWriter::Write.
 */
struct TsqFlentOptions
{
    /** Flent test whose plots apply: "tcp_1up" (one upload + ping) or "tcp_upload" */
    std::string testName{"tcp_1up"};
    /** record series written as Flent's "TCP upload" (Mb/s) */
    std::string goodputSeries{TsqRunRecord::SERIES_GOODPUT};
    /** record series written as Flent's "Ping (ms) ICMP" (ms) */
    std::string pingSeries{TsqRunRecord::SERIES_PING_RTT};
    /** Flent's STEP_SIZE: spacing of the x_values grid, s (> 0) */
    double stepSizeS{0.2};
    /** simulated time that becomes Flent's time 0 (T0), s */
    double originS{0};
    /** wall-clock time (UNIX s) given to T0 and TIME; < 0: now */
    double t0UnixS{-1};
    /** Flent's TITLE; empty: "<experiment> run <run key>" */
    std::string title;
};

/**
 * \ingroup tsq
 * \brief Writes a TsqRunRecord as a Flent data file (format version 4,
 * gzip-compressed JSON).
 *
 * The file has Flent's keys: `version` (4), `metadata` (NAME, TITLE, NOTE,
 * TIME, T0, LENGTH, TOTAL_LENGTH, STEP_SIZE, HOST, HOSTS, LOCAL_HOST,
 * IP_VERSION, TEST_PARAMETERS, FLENT_VERSION, DATA_FILENAME, SERIES_META,
 * and the run's key, parameters and metrics under TSQ_*), `x_values` (the
 * time grid, 0 .. TOTAL_LENGTH by STEP_SIZE), `results` (each series
 * linearly interpolated on the grid, null outside its samples) and
 * `raw_values` (every sample as {"t": T0 + t, "val": v}, from which Flent
 * computes its summary). No MEAN_VALUE is written: Flent's mean is its own.
 */
class TsqFlentWriter
{
  public:
    /**
     * Write the file (under PATH.part, renamed when complete).
     * \param path output file; should end in ".flent.gz"
     * \param record the run; its goodput series must not be empty
     * \param options what to write
     */
    static void Write(const std::string& path,
                      const TsqRunRecord& record,
                      const TsqFlentOptions& options = TsqFlentOptions());

    /**
     * The uncompressed JSON that Write() compresses.
     * \param record the run
     * \param options what to write
     * \param dataFilename the DATA_FILENAME recorded in the metadata
     * \return the JSON document
     */
    static std::string ToJson(const TsqRunRecord& record,
                              const TsqFlentOptions& options,
                              const std::string& dataFilename);
};

} // namespace ns3

#endif /* TSQ_FLENT_WRITER_H */
