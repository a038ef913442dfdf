// SPDX-License-Identifier: GPL-2.0-only
/* test_forms.c - a profile's kernel forms by name. */
#include <string.h>

#include "check.h"
#include "tsq/forms.h"

/* Field by field: a struct copy need not copy its padding */
static int same_profile(const struct tsq_profile *a, const struct tsq_profile *b)
{
	return a->name == b->name && a->rule == b->rule && a->tso_form == b->tso_form &&
	       a->shortcut == b->shortcut && a->cwnd_form == b->cwnd_form &&
	       a->rate_width == b->rate_width && a->rtt_form == b->rtt_form &&
	       a->hystart_form == b->hystart_form && a->truesize == b->truesize &&
	       a->limit_output_bytes == b->limit_output_bytes &&
	       a->pacing_shift == b->pacing_shift;
}

/* Every form of 4.16 put into 6.16 one at a time, then all at once */
static void test_one_at_a_time(void)
{
	const struct tsq_profile *new = tsq_profile_find("linux-6.16");
	const struct tsq_profile *old = tsq_profile_find("linux-4.16");
	struct tsq_profile p;
	char buf[TSQ_FORMS_TEXT_MAX];

	p = *new;
	CHECK(tsq_profile_set_forms(&p, "cwnd=2014") == TSQ_OK);
	CHECK(p.cwnd_form == TSQ_CWND_2014 && p.tso_form == new->tso_form);
	CHECK(tsq_profile_forms_diff(&p, new, buf, sizeof(buf)) == strlen("cwnd=2014"));
	CHECK(strcmp(buf, "cwnd=2014") == 0);

	p = *new;
	CHECK(tsq_profile_set_forms(&p, "truesize=4.14-est,rate=u32,hystart=4.x,rtt=4.13,"
				    "shortcut=empty,cwnd=2014,tso=4.15") == TSQ_OK);
	tsq_profile_forms_diff(&p, old, buf, sizeof(buf));
	CHECK(strcmp(buf, "") == 0);	/* all of 4.16's forms: nothing differs */
	tsq_profile_forms_diff(&p, new, buf, sizeof(buf));
	CHECK(strcmp(buf, "tso=4.15,shortcut=empty,cwnd=2014,rate=u32,rtt=4.13,"
			  "hystart=4.x,truesize=4.14-est") == 0);
	CHECK(p.truesize == old->truesize && p.rate_width == TSQ_RATE_U32);
	/* the rule, the limit and the name are not forms */
	CHECK(p.rule == new->rule && p.limit_output_bytes == new->limit_output_bytes);
	CHECK(strcmp(p.name, new->name) == 0);
}

/* A refused list leaves the profile as it was */
static void test_refused(void)
{
	const struct tsq_profile *new = tsq_profile_find("linux-6.16");
	static const char *const bad[] = {
		"cwnd", "cwnd=", "=2014", "cwnd=2015", "cwd=2014", "cwnd=2014,",
		",cwnd=2014", "cwnd=2014,,tso=4.15", "cwnd=2014,cwnd=2022",
		"tso=4.15,rtt=9", "cwnd=2014 ", "rule=4.15",
		"truesize=6.18aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	};
	struct tsq_profile p;
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		p = *new;
		CHECK(tsq_profile_set_forms(&p, bad[i]) < 0);
		CHECK(same_profile(&p, new));
	}
	CHECK(tsq_profile_set_forms(&p, "cwnd=2015") == TSQ_ERR_NOENT);
	CHECK(tsq_profile_set_forms(&p, "cwnd=2014,cwnd=2014") == TSQ_ERR_INVAL);
	CHECK(tsq_profile_set_forms(NULL, "cwnd=2014") == TSQ_ERR_INVAL);
	CHECK(tsq_profile_set_forms(&p, NULL) == TSQ_ERR_INVAL);
	CHECK(tsq_profile_set_forms(&p, "") == TSQ_OK);
	CHECK(same_profile(&p, new));
}

/* The allowed list names every form, and truncation reports the length */
static void test_texts(void)
{
	char buf[512], small[8];
	size_t n = tsq_profile_forms_allowed(buf, sizeof(buf));

	CHECK(n == strlen(buf));
	CHECK(strstr(buf, "tso=3.19|4.15|5.18") != NULL);
	CHECK(strstr(buf, "cwnd=2014|2020|2022") != NULL);
	CHECK(strstr(buf, "truesize=6.18|4.14-est") != NULL);
	CHECK(tsq_profile_forms_allowed(small, sizeof(small)) == n);
	CHECK(strlen(small) == sizeof(small) - 1);
	CHECK(tsq_profile_forms_diff(NULL, NULL, small, sizeof(small)) == 0 && !small[0]);
}

int main(void)
{
	test_one_at_a_time();
	test_refused();
	test_texts();
	CHECK_DONE();
}
