/* SPDX-License-Identifier: GPL-2.0-only */
/* tests/check.h - a tiny check macro: print failures, count them. */
#ifndef TSQ_TESTS_CHECK_H
#define TSQ_TESTS_CHECK_H

#include <inttypes.h>
#include <stdio.h>

static int check_failures;

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: CHECK failed: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			check_failures++;				\
		}							\
	} while (0)

#define CHECK_U64(got, want)						\
	do {								\
		uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);	\
		if (g_ != w_) {						\
			fprintf(stderr, "%s:%d: %s = %" PRIu64		\
				", want %" PRIu64 "\n",			\
				__FILE__, __LINE__, #got, g_, w_);	\
			check_failures++;				\
		}							\
	} while (0)

#define CHECK_DONE()							\
	do {								\
		if (check_failures)					\
			fprintf(stderr, "%d check(s) failed\n",		\
				check_failures);			\
		return check_failures ? 1 : 0;				\
	} while (0)

/* xorshift64: fixed-seed PRNG for property tests */
static inline uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return x;
}

#endif
