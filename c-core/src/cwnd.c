// SPDX-License-Identifier: GPL-2.0-only
/*
 * cwnd.c - tcp_cwnd_validate() window tracking and tcp_is_cwnd_limited().
 */
#include <stddef.h>
#include <string.h>

#include "list.h"
#include "tsq/cwnd.h"

u32 tsq_cwnd_test(u32 cwnd, u32 in_flight)
{
	u32 halfcwnd;

	if (in_flight >= cwnd)
		return 0;
	halfcwnd = cwnd >> 1;
	if (halfcwnd < 1)
		halfcwnd = 1;
	return halfcwnd < cwnd - in_flight ? halfcwnd : cwnd - in_flight;
}

u32 tsq_slow_start(u32 *cwnd, u32 ssthresh, u32 acked, u32 cwnd_clamp)
{
	u64 grown;

	if (!cwnd || *cwnd >= ssthresh)
		return acked;
	grown = (u64)*cwnd + acked;
	if (grown > ssthresh)
		grown = ssthresh;
	acked -= (u32)(grown - *cwnd);
	*cwnd = grown < cwnd_clamp ? (u32)grown : cwnd_clamp;
	return acked;
}

u32 tsq_slow_start_bytes(u32 *cwnd, u32 ssthresh, u32 acked, u32 mss)
{
	u64 bytes;

	if (!mss)
		return acked;
	bytes = (u64)acked * mss;
	if (bytes > 0xffffffffu)
		bytes = 0xffffffffu;
	return tsq_slow_start(cwnd, ssthresh, (u32)bytes, 0xffffffffu) / mss;
}

static const char *const tsq_cwnd_form_names[TSQ_CWND__COUNT] = {
	[TSQ_CWND_2014] = "2014",
	[TSQ_CWND_2020] = "2020",
	[TSQ_CWND_2022] = "2022",
};

const char *tsq_cwnd_form_name(enum tsq_cwnd_form f)
{
	return tsq_list_name(tsq_cwnd_form_names, TSQ_CWND__COUNT, (unsigned int)f);
}

int tsq_cwnd_form_from_name(const char *name, enum tsq_cwnd_form *out)
{
	unsigned int i;
	int r;

	if (!out)
		return TSQ_ERR_INVAL;
	r = tsq_list_find(tsq_cwnd_form_names, TSQ_CWND__COUNT, name, &i);
	if (r == TSQ_OK)
		*out = (enum tsq_cwnd_form)i;
	return r;
}

void tsq_cwnd_state_init(struct tsq_cwnd_state *st)
{
	if (st)
		*st = (struct tsq_cwnd_state){ 0 };
}

static bool tsq_cwnd_new_window(const struct tsq_cwnd_state *st, u32 snd_una)
{
	return !tsq_before(snd_una, st->seq);
}

static bool tsq_cwnd_should_update(enum tsq_cwnd_form form, const struct tsq_cwnd_state *st,
				   bool limited, u32 snd_una, u32 packets_out)
{
	bool more = packets_out > st->max_packets_out;

	switch (form) {
	case TSQ_CWND_2014:
		return tsq_cwnd_new_window(st, snd_una) || more;
	case TSQ_CWND_2020:
		return tsq_cwnd_new_window(st, snd_una) || more || limited;
	default:
		return tsq_cwnd_new_window(st, snd_una) || limited ||
		       (!st->is_cwnd_limited && more);
	}
}

int tsq_cwnd_validate(enum tsq_cwnd_form form, struct tsq_cwnd_state *st,
		      bool is_cwnd_limited, u32 snd_una, u32 snd_nxt, u32 packets_out)
{
	if (!st || (unsigned int)form >= TSQ_CWND__COUNT)
		return TSQ_ERR_INVAL;
	if (!tsq_cwnd_should_update(form, st, is_cwnd_limited, snd_una, packets_out))
		return TSQ_OK;
	st->max_packets_out = packets_out;
	st->seq = snd_nxt;
	st->is_cwnd_limited = is_cwnd_limited;
	return TSQ_OK;
}

int tsq_write_xmit_cwnd(enum tsq_cwnd_form form, struct tsq_cwnd_state *st,
			u32 sent_pkts, bool loop_cwnd_limited, u32 in_flight,
			u32 cwnd, u32 snd_una, u32 snd_nxt, u32 packets_out)
{
	bool limited;

	if (!st || (unsigned int)form >= TSQ_CWND__COUNT)
		return TSQ_ERR_INVAL;
	if (form == TSQ_CWND_2014 && !sent_pkts)
		return TSQ_OK;
	limited = loop_cwnd_limited || in_flight >= cwnd;
	if (!sent_pkts && !limited)
		return TSQ_OK;
	return tsq_cwnd_validate(form, st, limited, snd_una, snd_nxt, packets_out);
}

static bool tsq_in_slow_start(u32 cwnd, u32 ssthresh)
{
	return cwnd < ssthresh;
}

bool tsq_is_cwnd_limited(enum tsq_cwnd_form form, const struct tsq_cwnd_state *st,
			 u32 cwnd, u32 ssthresh)
{
	if (!st)
		return false;
	if (form == TSQ_CWND_2022 && st->is_cwnd_limited)
		return true;
	if (tsq_in_slow_start(cwnd, ssthresh))
		return (u64)cwnd < 2 * (u64)st->max_packets_out;
	if (form == TSQ_CWND_2022)
		return false;
	return st->is_cwnd_limited;
}
