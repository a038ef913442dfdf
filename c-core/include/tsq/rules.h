/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/rules.h - the TSQ limit rules of successive kernel releases.
 *
 * Each rule has a stable string id used everywhere (API, tsq-calc --rule,
 * results database): "off","3.6","3.12","3.13","3.19","4.15","5.0","6.16".
 */
#ifndef TSQ_RULES_H
#define TSQ_RULES_H

#include <stddef.h>

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum tsq_rule {
	TSQ_RULE_OFF = 0,	/* TSQ disabled */
	TSQ_RULE_3_6,		/* 46d3ceabd8d9: wmem >= tcp_limit_output_bytes */
	TSQ_RULE_3_12,		/* c9eeec26e32e: max(truesize, rate >> 10) */
	TSQ_RULE_3_13,		/* 98e09386c0ef: max(lob, rate >> 10) */
	TSQ_RULE_3_19,		/* 605ad7f184b6: min(max(2*ts, rate>>10), lob) */
	TSQ_RULE_4_15,		/* 3a9b76fd0db9: ... rate >> sk_pacing_shift */
	TSQ_RULE_5_0,		/* c73e5807e4f6: clamp only if SK_PACING_NONE */
	TSQ_RULE_6_16,		/* c4221a8cc3a7 + 9ea3bfa61b09: clamp always */
	TSQ_RULE__COUNT
};

/* The "let it go" shortcut of tcp_small_queue_check() */
enum tsq_shortcut {
	TSQ_SHORTCUT_NONE = 0,		/* before 75eefc6c59fd (<= 4.9) */
	TSQ_SHORTCUT_EMPTY_OR_SINGLE,	/* 75eefc6c59fd (4.10-4.14), f921a4a5bffa (6.6+) */
	TSQ_SHORTCUT_EMPTY,		/* 75c119afe14f (4.15-6.5) */
	TSQ_SHORTCUT__COUNT
};

struct tsq_rule_info {
	enum tsq_rule rule;
	const char *id;			/* stable id, e.g. "4.15" */
	const char *release;		/* first release, e.g. "4.15" */
	const char *commit;		/* 12-digit kernel commit */
	const char *formula;		/* one-line summary */
	u32 default_lob;		/* tcp_limit_output_bytes default then */
	enum tsq_rate_width rate_width;	/* width of sk_pacing_rate then */
	bool uses_shift;		/* rate >> sk_pacing_shift (else >> 10) */
	bool ge_compare;		/* 3.6 throttled at wmem >= limit */
};

/*
 * Returns the descriptor of rule r, or NULL if r is not a rule.
 */
const struct tsq_rule_info *tsq_rule_info(enum tsq_rule r);

/* Returns the number of rules (for iteration: 0 .. count-1). */
unsigned int tsq_rule_count(void);

/* Returns the stable id of rule r ("?" if r is not a rule). */
const char *tsq_rule_id(enum tsq_rule r);

/*
 * Looks up a rule by its stable id. Returns TSQ_OK and sets *out, or
 * TSQ_ERR_NOENT (unknown id) / TSQ_ERR_INVAL (NULL argument).
 */
int tsq_rule_from_id(const char *id, enum tsq_rule *out);

/*
 * Writes the rule ids, comma-separated, into buf (truncated and always
 * NUL-terminated when len > 0). Returns the length the full list needs,
 * like snprintf. For error messages that list the valid ids.
 */
size_t tsq_rule_ids(char *buf, size_t len);

/* Returns a static name of shortcut form s ("none", "empty", "empty-or-single"). */
const char *tsq_shortcut_name(enum tsq_shortcut s);

/* Looks up a shortcut form by name. Returns TSQ_OK or TSQ_ERR_NOENT/INVAL. */
int tsq_shortcut_from_name(const char *name, enum tsq_shortcut *out);

/* Inputs of the limit computed by tcp_small_queue_check() / tcp_write_xmit() */
struct tsq_limit_in {
	enum tsq_rule rule;
	u64 pacing_rate;	/* sk_pacing_rate, bytes/s (unknown = all-ones) */
	u32 pacing_shift;	/* sk_pacing_shift, 0..31 (rules 4.15+) */
	u32 truesize;		/* skb->truesize of the (burst) skb, bytes */
	u32 limit_output_bytes;	/* sysctl_tcp_limit_output_bytes */
	u32 factor;		/* 0, or 1 for retransmits (10d3be569243) */
	u64 floor;		/* article experiment, 0 = none */
	bool paced;		/* sk_pacing_status != SK_PACING_NONE (rule 5.0) */
	u32 tx_delay_us;	/* tp->tcp_tx_delay (TCP_TX_DELAY), rules 5.0 and
				 * 6.16 only (a842fe1425cb, 5.4); 0 = none */
};

/*
 * tsq_limit - the byte limit of sk_wmem_alloc for one skb.
 *
 * Returns TSQ_OK and *limit, or TSQ_ERR_INVAL / TSQ_ERR_RANGE (shift > 31,
 * truesize > TSQ_TRUESIZE_MAX, floor > TSQ_FLOOR_MAX, lob > INT_MAX,
 * tx_delay_us > INT_MAX or with a rule before 5.0, factor > 1). Rule
 * "off" gives TSQ_LIMIT_NONE.
 *
 * Kernel: the "limit" of tcp_small_queue_check() (net/ipv4/tcp_output.c,
 * 10d3be569243 onwards) and, before it, of the TSQ block in
 * tcp_write_xmit(); the per-rule formula and commit are listed in enum
 * tsq_rule. Rules 3.6-4.15 use the u32 sk_pacing_rate of their time: a
 * rate above ~0U is saturated to ~0U. The article's floor is applied after
 * the clamp and before "limit <<= factor". For u64 rules the final shift
 * saturates at 2^64-1 instead of wrapping (reachable only with shift 0 and
 * rate >= 2^63; see NOTES-kernel-diffs.md).
 *
 * TCP_TX_DELAY (a842fe1425cb, "tcp: add optional per socket transmit
 * delay", 5.4) delays each skb's departure by tx_delay under fq, so TSQ
 * must let that much more sit below TCP: after the shift by factor the
 * limit grows by extra_bytes = sk_pacing_rate * tx_delay >> 19, i.e.
 * tx_delay of the pacing rate with ~100% truesize overhead (USEC_PER_SEC
 * approximated by 2^20). It is added after the tcp_limit_output_bytes
 * clamp, so it is the one way to raise the budget above the sysctl.
 * A nonzero tx_delay_us with a rule older than 5.0 is TSQ_ERR_RANGE (those
 * releases have no TCP_TX_DELAY); the product saturates at 2^64-1.
 */
int tsq_limit(const struct tsq_limit_in *in, u64 *limit);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_RULES_H */
