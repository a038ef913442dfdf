// SPDX-License-Identifier: GPL-2.0-only
/* test_profile.c - the named kernel profiles. */
#include <string.h>

#include "check.h"
#include "tsq/profile.h"

int main(void)
{
	const struct tsq_profile *p;
	unsigned int i;

	char names[128];

	/* mac80211's policy per release: none before 4.16, 8 in 4.16
	 * (36148c2bbfbe), 7 today (hw.tx_sk_pacing_shift) */
	p = tsq_profile_find("linux-4.14");
	CHECK(p && p->mac80211.kind == TSQ_SHIFT_POLICY_NONE);
	p = tsq_profile_find("linux-4.16");
	CHECK(p && p->mac80211.kind == TSQ_SHIFT_POLICY_FIXED && p->mac80211.shift == 8);
	p = tsq_profile_find("linux-6.16");
	CHECK(p && p->mac80211.kind == TSQ_SHIFT_POLICY_FIXED && p->mac80211.shift == 7);
	CHECK(tsq_profile_names(names, sizeof(names)) == strlen(names));
	CHECK(strcmp(names, "linux-4.14, linux-4.16, linux-6.16") == 0);

	CHECK(tsq_profile_count() >= 3);
	for (i = 0; i < tsq_profile_count(); i++) {
		p = tsq_profile_at(i);
		CHECK(p && tsq_profile_find(p->name) == p);
		CHECK(p->truesize != NULL);
		CHECK(p->pacing_shift == 10);
		CHECK(tsq_rule_info(p->rule) != NULL);
	}
	CHECK(tsq_profile_at(i) == NULL);
	CHECK(tsq_profile_find("linux-9.99") == NULL);
	CHECK(tsq_profile_find(NULL) == NULL);

	p = tsq_profile_find("linux-4.14");
	CHECK(p && p->rule == TSQ_RULE_3_19 && p->tso_form == TSQ_TSO_3_19);
	CHECK(p && p->shortcut == TSQ_SHORTCUT_EMPTY_OR_SINGLE);
	CHECK(p && p->limit_output_bytes == 262144 && p->cwnd_form == TSQ_CWND_2014);
	CHECK(p && p->rate_width == TSQ_RATE_U32 && p->truesize->estimate);
	CHECK(p && p->rtt_form == TSQ_RTT_4_13);
	p = tsq_profile_find("linux-4.16");
	CHECK(p && p->rule == TSQ_RULE_4_15 && p->shortcut == TSQ_SHORTCUT_EMPTY);
	CHECK(p && p->rate_width == TSQ_RATE_U32 && p->rtt_form == TSQ_RTT_4_13);
	CHECK(p && p->hystart_form == TSQ_HYSTART_4_X);
	p = tsq_profile_find("linux-6.16");
	CHECK(p && p->rule == TSQ_RULE_6_16 && p->limit_output_bytes == 4194304);
	CHECK(p && p->cwnd_form == TSQ_CWND_2022 && p->tso_form == TSQ_TSO_5_18);
	CHECK(p && p->rate_width == TSQ_RATE_U64 && !p->truesize->estimate);
	CHECK(p && p->rtt_form == TSQ_RTT_6_1 && p->hystart_form == TSQ_HYSTART_5_6);
	CHECK(tsq_profile_default() == p);
	CHECK(strcmp(tsq_strerror(TSQ_ERR_UNDERFLOW), "ok") != 0);
	CHECK_DONE();
}
