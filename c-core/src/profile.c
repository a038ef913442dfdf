// SPDX-License-Identifier: GPL-2.0-only
/*
 * profile.c - kernel profiles. Sources per field in README.md.
 */
#include <stddef.h>
#include <string.h>

#include "tsq/pacing.h"
#include "tsq/profile.h"
#include "list.h"

static const struct tsq_profile tsq_profiles[] = {
	{
		.name = "linux-4.14",
		.description = "the article's kernel: 3.19 rule, 1st/2nd-skb shortcut, 256 KB",
		.rule = TSQ_RULE_3_19,
		.tso_form = TSQ_TSO_3_19,
		.shortcut = TSQ_SHORTCUT_EMPTY_OR_SINGLE,	/* 75eefc6c59fd */
		.cwnd_form = TSQ_CWND_2014,			/* ca8a22634381 */
		.rate_width = TSQ_RATE_U32,
		.rtt_form = TSQ_RTT_4_13,			/* 9a568de4818d */
		.hystart_form = TSQ_HYSTART_4_X,
		.limit_output_bytes = 262144,			/* c39c4c6abb89 (4.2) */
		.pacing_shift = 10,
		.retransmits_checked = true,			/* 10d3be569243 */
		.pacing_ss_ratio = TSQ_PACING_SS_RATIO,
		.pacing_ca_ratio = TSQ_PACING_CA_RATIO,
		.min_tso_segs = TSQ_MIN_TSO_SEGS,
		.gso_max_size = TSQ_GSO_MAX_SIZE,
		.gso_max_segs = TSQ_GSO_MAX_SEGS,
		.max_tcp_header = TSQ_MAX_TCP_HEADER,
		.tso_rtt_log = 0,
		.truesize = &tsq_truesize_linux_4_14_est,
		/* sk_pacing_shift appeared in 4.15 (3a9b76fd0db9); mac80211
		 * first set it in 4.16 (36148c2bbfbe) */
		.mac80211 = { TSQ_SHIFT_POLICY_NONE, 10 },
	},
	{
		.name = "linux-4.16",
		.description = "reference 004's kernel: 4.15 shift rule, rtx-empty shortcut, mac80211 shift 8",
		.rule = TSQ_RULE_4_15,
		.tso_form = TSQ_TSO_4_15,
		.shortcut = TSQ_SHORTCUT_EMPTY,			/* 75c119afe14f */
		.cwnd_form = TSQ_CWND_2014,
		.rate_width = TSQ_RATE_U32,
		.rtt_form = TSQ_RTT_4_13,
		.hystart_form = TSQ_HYSTART_4_X,
		.limit_output_bytes = 262144,
		.pacing_shift = 10,
		.retransmits_checked = true,
		.pacing_ss_ratio = TSQ_PACING_SS_RATIO,
		.pacing_ca_ratio = TSQ_PACING_CA_RATIO,
		.min_tso_segs = TSQ_MIN_TSO_SEGS,
		.gso_max_size = TSQ_GSO_MAX_SIZE,
		.gso_max_segs = TSQ_GSO_MAX_SEGS,
		.max_tcp_header = TSQ_MAX_TCP_HEADER,
		.tso_rtt_log = 0,
		.truesize = &tsq_truesize_linux_4_14_est,
		.mac80211 = { TSQ_SHIFT_POLICY_FIXED, TSQ_SHIFT_MAC80211_4_16 },
	},
	{
		.name = "linux-6.16",
		.description = "current rule: clamp always, 4 MB, empty-or-single shortcut, u64 rate",
		.rule = TSQ_RULE_6_16,
		.tso_form = TSQ_TSO_5_18,
		.shortcut = TSQ_SHORTCUT_EMPTY_OR_SINGLE,	/* f921a4a5bffa */
		.cwnd_form = TSQ_CWND_2022,			/* f4ce91ce12a7 */
		.rate_width = TSQ_RATE_U64,
		.rtt_form = TSQ_RTT_6_1,
		.hystart_form = TSQ_HYSTART_5_6,			/* 42f3a8aaae66 */
		.limit_output_bytes = 4194304,			/* 9ea3bfa61b09 */
		.pacing_shift = 10,
		.retransmits_checked = true,
		.pacing_ss_ratio = TSQ_PACING_SS_RATIO,
		.pacing_ca_ratio = TSQ_PACING_CA_RATIO,
		.min_tso_segs = TSQ_MIN_TSO_SEGS,
		.gso_max_size = TSQ_GSO_MAX_SIZE,
		.gso_max_segs = TSQ_GSO_MAX_SEGS,
		.max_tcp_header = TSQ_MAX_TCP_HEADER,
		.tso_rtt_log = TSQ_TSO_RTT_LOG,			/* 65466904b015 */
		.truesize = &tsq_truesize_linux_6_18,
		/* hw.tx_sk_pacing_shift, 7 unless the driver sets its own */
		.mac80211 = { TSQ_SHIFT_POLICY_FIXED, TSQ_SHIFT_MAC80211 },
	},
};

#define TSQ_NPROFILES (sizeof(tsq_profiles) / sizeof(tsq_profiles[0]))

unsigned int tsq_profile_count(void)
{
	return (unsigned int)TSQ_NPROFILES;
}

const struct tsq_profile *tsq_profile_at(unsigned int i)
{
	return i < TSQ_NPROFILES ? &tsq_profiles[i] : NULL;
}

const struct tsq_profile *tsq_profile_find(const char *name)
{
	unsigned int i;

	if (!name)
		return NULL;
	for (i = 0; i < TSQ_NPROFILES; i++)
		if (strcmp(name, tsq_profiles[i].name) == 0)
			return &tsq_profiles[i];
	return NULL;
}

const struct tsq_profile *tsq_profile_default(void)
{
	return tsq_profile_find("linux-6.16");
}

size_t tsq_profile_names(char *buf, size_t len)
{
	size_t off = 0;
	unsigned int i;

	if (buf && len)
		buf[0] = '\0';
	for (i = 0; i < tsq_profile_count(); i++) {
		if (i)
			off = tsq_list_append(buf, len, off, ", ");
		off = tsq_list_append(buf, len, off, tsq_profile_at(i)->name);
	}
	return off;
}
