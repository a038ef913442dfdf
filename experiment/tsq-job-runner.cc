/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "tsq-job-runner.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace ns3
{

namespace
{

/** A child still running: its job, its pipe, what it wrote so far. */
struct Child
{
    pid_t pid;
    int fd;
    std::size_t index;
    std::chrono::steady_clock::time_point start;
    std::string output;
};

/** Write all of \p text to \p fd. \return true if it all went */
bool
WriteAll(int fd, const std::string& text)
{
    std::size_t done = 0;
    while (done < text.size())
    {
        ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
        {
            continue;
        }
        if (n <= 0)
        {
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return true;
}

/** Start job \p index in a child. \return false if pipe or fork failed */
bool
Start(std::size_t index, const TsqJobRunner::Job& job, std::vector<Child>& running)
{
    int fds[2];
    if (pipe(fds) != 0)
    {
        std::perror("tsq-job-runner: pipe");
        return false;
    }
    std::cout << std::flush;
    std::fflush(nullptr); // the child must not print the parent's buffers again
    const pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0)
    {
        std::perror("tsq-job-runner: fork");
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0)
    {
#ifdef __linux__
        // The parent's end, by any signal (SIGKILL too), ends the child: no
        // orphan run goes on writing a database nobody will merge.
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (getppid() != parent)
        {
            _exit(1); // the parent died before prctl took effect
        }
#else
        (void)parent;
#endif
        close(fds[0]);
        for (const Child& c : running)
        {
            close(c.fd); // the siblings' pipes are the parent's
        }
        std::string out = job(index);
        std::cout << std::flush;
        std::fflush(nullptr);
        _exit(WriteAll(fds[1], out) ? 0 : 1);
    }
    close(fds[1]);
    running.push_back({pid, fds[0], index, std::chrono::steady_clock::now(), ""});
    return true;
}

/** Read what \p c wrote. \return false once its pipe is at its end */
bool
Drain(Child& c)
{
    char buf[4096];
    ssize_t n = read(c.fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
    {
        return true;
    }
    if (n <= 0)
    {
        return false;
    }
    c.output.append(buf, static_cast<std::size_t>(n));
    return true;
}

/** Reap \p c (its pipe is closed, so it has ended or is ending). */
TsqJobRunner::Outcome
Reap(Child& c)
{
    close(c.fd);
    int status = 0;
    while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR)
    {
    }
    TsqJobRunner::Outcome o;
    o.index = c.index;
    o.status = status;
    o.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    o.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - c.start).count();
    if (o.ok)
    {
        o.output = std::move(c.output);
    }
    return o;
}

} // namespace

TsqJobRunner::TsqJobRunner(uint32_t parallel)
    : m_parallel(parallel > 0 ? parallel : 1)
{
}

std::vector<TsqJobRunner::Outcome>
TsqJobRunner::Run(std::size_t n, const Job& job, const Report& report) const
{
    std::vector<Outcome> done;
    std::vector<Child> running;
    std::size_t next = 0;
    auto finish = [&](Outcome o) {
        done.push_back(std::move(o));
        if (report)
        {
            report(done.back(), done.size());
        }
    };
    while (next < n || !running.empty())
    {
        while (next < n && running.size() < m_parallel)
        {
            if (!Start(next, job, running))
            {
                break;
            }
            ++next;
        }
        if (running.empty())
        {
            // nothing could be started: the rest fail, each with its own line
            for (; next < n; ++next)
            {
                Outcome o;
                o.index = next;
                o.status = -1;
                finish(o);
            }
            break;
        }
        std::vector<pollfd> fds;
        for (const Child& c : running)
        {
            fds.push_back({c.fd, POLLIN, 0});
        }
        if (poll(fds.data(), fds.size(), -1) < 0)
        {
            if (errno == EINTR)
            {
                continue;
            }
            std::perror("tsq-job-runner: poll");
            return done;
        }
        for (std::size_t i = running.size(); i-- > 0;)
        {
            if (fds[i].revents == 0 || Drain(running[i]))
            {
                continue;
            }
            Outcome o = Reap(running[i]);
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
            finish(std::move(o));
        }
    }
    return done;
}

std::string
TsqJobRunner::Describe(int status)
{
    if (status == -1)
    {
        return "fork failed";
    }
    if (WIFSIGNALED(status))
    {
        int sig = WTERMSIG(status);
        const char* name = strsignal(sig);
        return "signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
    }
    if (WIFEXITED(status))
    {
        return "exit " + std::to_string(WEXITSTATUS(status));
    }
    return "status " + std::to_string(status);
}

} // namespace ns3
