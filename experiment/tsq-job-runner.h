/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TSQ_JOB_RUNNER_H
#define TSQ_JOB_RUNNER_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * Runs jobs each in a fresh child process (fork), up to a number at a
 * time, and hands each one's result text back to the parent over a pipe.
 * The one runner of the reproductions (TsqExperiment, --jobs) and of
 * tsq-bench: a child starts from the parent's state at the fork, so no
 * run pays for or profits from what another left in the process, a run
 * that crashes (abort, NS_FATAL_ERROR, a signal) ends only its own child,
 * and runs use all cores. The parent never simulates. On Linux a child
 * ends with its parent (PR_SET_PDEATHSIG), so a sweep stopped by a signal
 * leaves no run behind.
 */
class TsqJobRunner
{
  public:
    /** How one job ended. */
    struct Outcome
    {
        std::size_t index{0}; //!< the job, 0..n-1
        bool ok{false};       //!< the child exited with status 0
        int status{0};        //!< waitpid status (-1: the fork failed)
        double wallS{0};      //!< wall seconds from the fork to the child's end
        std::string output;   //!< what the job returned (empty if !ok)
    };

    /**
     * The job, run in the child: \p index is the job's number; what it
     * returns reaches the parent as Outcome::output (any size).
     */
    using Job = std::function<std::string(std::size_t index)>;
    /** Called in the parent as each job ends, in the order they end. */
    using Report = std::function<void(const Outcome& outcome, std::size_t finished)>;

    /** \param parallel children at a time (0 is taken as 1) */
    explicit TsqJobRunner(uint32_t parallel);

    /**
     * Run jobs 0..n-1.
     * \param n the number of jobs
     * \param job what each child runs
     * \param report called as each ends (may be empty)
     * \return one Outcome per job, in the order they ended
     */
    std::vector<Outcome> Run(std::size_t n, const Job& job, const Report& report = {}) const;

    /** \return "exit N", "signal N (name)" or "fork failed", for \p status */
    static std::string Describe(int status);

  private:
    uint32_t m_parallel; //!< children at a time
};

} // namespace ns3

#endif /* TSQ_JOB_RUNNER_H */
