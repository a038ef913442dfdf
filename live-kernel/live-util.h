/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * live-util.h - small helpers shared by the live-kernel programs: the
 * monotonic clock, entering a network namespace, strict option parsing,
 * pinning to a CPU.
 */
#ifndef TSQ_LIVE_UTIL_H
#define TSQ_LIVE_UTIL_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* CLOCK_MONOTONIC in microseconds: the time base every output shares */
static inline uint64_t live_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Sleeps until CLOCK_MONOTONIC reaches @t_us. */
static inline void live_sleep_until(uint64_t t_us)
{
	struct timespec ts = { (time_t)(t_us / 1000000u), (long)(t_us % 1000000u) * 1000 };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

/* Ends the program: "PROG: message" on stderr, exit status @status. */
static inline void live_die(int status, const char *prog, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

/*
 * Parses the whole of @s as an unsigned integer in [lo, hi]; anything
 * else (empty, sign, trailing characters, out of range) ends the program
 * with status 2 and a line naming @opt, the value and the range.
 */
static inline uint64_t live_parse_u64(const char *prog, const char *opt, const char *s,
				      uint64_t lo, uint64_t hi)
{
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9')
		live_die(2, prog, "%s='%s' is not a number; allowed: %" PRIu64 "..%" PRIu64,
			 opt, s ? s : "", lo, hi);
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end)
		live_die(2, prog, "%s='%s' is not a number; allowed: %" PRIu64 "..%" PRIu64,
			 opt, s, lo, hi);
	if (errno || v < lo || v > hi)
		live_die(2, prog, "%s='%s' is out of range; allowed: %" PRIu64 "..%" PRIu64,
			 opt, s, lo, hi);
	return v;
}

/* Moves the calling thread into the network namespace /run/netns/@name. */
static inline void live_enter_netns(const char *prog, const char *name)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		live_die(1, prog, "cannot open %s: %s", path, strerror(errno));
	if (setns(fd, CLONE_NEWNET) < 0)
		live_die(1, prog, "setns(%s): %s", path, strerror(errno));
	close(fd);
}

/* Pins the calling thread to CPU @cpu (a failure is reported, not fatal:
 * the run records that it was not pinned). Returns 0 when pinned. */
static inline int live_pin_cpu(const char *prog, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		fprintf(stderr, "%s: cannot pin to CPU %d: %s\n", prog, cpu, strerror(errno));
		return -1;
	}
	return 0;
}

#endif /* TSQ_LIVE_UTIL_H */
