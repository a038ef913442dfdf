/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/profile.h - named bundles that reproduce one kernel. A simulation
 * picks a profile by name; individual fields can still be overridden.
 *
 * Source: each field of each profile is that release's value, and
 * src/profile.c names the commit that set it beside it (the TSQ rule's
 * and the forms' commits are in rules.h, tso.h, cwnd.h, rtt.h and
 * hystart.h). The lookups below are the module's: the kernel has one
 * release at a time and no such table.
 */
#ifndef TSQ_PROFILE_H
#define TSQ_PROFILE_H

#include "tsq/cwnd.h"
#include "tsq/hystart.h"
#include "tsq/pacing.h"
#include "tsq/rtt.h"
#include "tsq/rules.h"
#include "tsq/tso.h"
#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct tsq_profile {
	const char *name;		/* "linux-4.14" */
	const char *description;
	enum tsq_rule rule;
	enum tsq_tso_form tso_form;
	enum tsq_shortcut shortcut;
	enum tsq_cwnd_form cwnd_form;
	enum tsq_rate_width rate_width;	/* u32 ~0U or u64 ~0UL unknown rate */
	enum tsq_rtt_form rtt_form;	/* tcp_ack_update_rtt()'s echo fallback */
	enum tsq_hystart_form hystart_form; /* CUBIC's HyStart */
	u32 limit_output_bytes;		/* tcp_limit_output_bytes default
					 * (c39c4c6abb89; 9ea3bfa61b09) */
	u32 pacing_shift;		/* default sk_pacing_shift (10,
					 * 3a9b76fd0db9) */
	bool retransmits_checked;	/* TSQ on retransmits with factor 1 */
	u32 pacing_ss_ratio, pacing_ca_ratio;
	u32 min_tso_segs, gso_max_size, gso_max_segs, max_tcp_header, tso_rtt_log;
	const struct tsq_truesize_model *truesize;
	/* What mac80211 of this release does to a local socket's shift
	 * (36148c2bbfbe, 4.16) */
	struct tsq_shift_policy mac80211;
};

/* Returns the number of profiles (for iteration). */
unsigned int tsq_profile_count(void);

/* Returns profile i (0 .. count-1), or NULL. */
const struct tsq_profile *tsq_profile_at(unsigned int i);

/* Returns the profile named name, or NULL. */
const struct tsq_profile *tsq_profile_find(const char *name);

/* Returns the default profile ("linux-6.16"). */
const struct tsq_profile *tsq_profile_default(void);

/*
 * Writes the profile names, comma-separated, into buf (truncated and always
 * NUL-terminated when len > 0). Returns the length the full list needs,
 * like snprintf. For error messages that list the valid names.
 */
size_t tsq_profile_names(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_PROFILE_H */
