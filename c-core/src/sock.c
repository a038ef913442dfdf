// SPDX-License-Identifier: GPL-2.0-only
/*
 * sock.c - per-socket TSQ accounting (see tsq/sock.h).
 */
#include <stddef.h>

#include "tsq/sock.h"

void tsq_sock_init(struct tsq_sock *sk)
{
	if (!sk)
		return;
	*sk = (struct tsq_sock){ .pacing_shift = TSQ_DEFAULT_PACING_SHIFT };
}

u64 tsq_sk_wmem_alloc(const struct tsq_sock *sk)
{
	return TSQ_WMEM_ALLOC_BIAS + sk->queued;
}

int tsq_sock_charge(struct tsq_sock *sk, u32 truesize)
{
	if (!sk)
		return TSQ_ERR_INVAL;
	if (sk->queued > UINT64_MAX - TSQ_WMEM_ALLOC_BIAS - truesize ||
	    sk->charged > UINT64_MAX - truesize)
		return TSQ_ERR_RANGE;
	sk->queued += truesize;
	sk->charged += truesize;
	if (sk->queued > sk->peak_queued)
		sk->peak_queued = sk->queued;
	return TSQ_OK;
}

/* THROTTLED -> QUEUED, once: the cmpxchg loop of tcp_wfree() */
static bool tsq_wfree_take_resume(struct tsq_sock *sk)
{
	if (!(sk->flags & TSQ_F_THROTTLED) || (sk->flags & TSQ_F_QUEUED))
		return false;
	sk->flags = (sk->flags & ~TSQ_F_THROTTLED) | TSQ_F_QUEUED;
	return true;
}

/* The release itself: sk_wmem_alloc drops by truesize */
static int tsq_wfree_release(struct tsq_sock *sk, u32 truesize)
{
	if (!sk)
		return TSQ_ERR_INVAL;
	if (truesize > sk->queued)
		return TSQ_ERR_UNDERFLOW;
	sk->queued -= truesize;
	sk->released += truesize;
	return TSQ_OK;
}

/* 1 and a resume counted when THROTTLED becomes QUEUED, else 0 */
static int tsq_wfree_resume(struct tsq_sock *sk)
{
	if (!tsq_wfree_take_resume(sk))
		return 0;
	sk->resumes++;
	return 1;
}

int tsq_wfree(struct tsq_sock *sk, u32 truesize)
{
	int r = tsq_wfree_release(sk, truesize);

	return r < 0 ? r : tsq_wfree_resume(sk);
}

int tsq_wfree_ksoftirqd(struct tsq_sock *sk, u32 truesize)
{
	int r = tsq_wfree_release(sk, truesize);

	if (r < 0)
		return r;
	if (tsq_sk_wmem_alloc(sk) >= TSQ_SKB_TRUESIZE_ONE)
		return 0;
	return tsq_wfree_resume(sk);
}

void tsq_handler(struct tsq_sock *sk)
{
	if (sk)
		sk->flags &= ~TSQ_F_QUEUED;
}

static bool tsq_shortcut_lets_go(const struct tsq_xmit_ctx *x)
{
	switch (x->shortcut) {
	case TSQ_SHORTCUT_EMPTY:
		return x->rtx_queue_empty;
	case TSQ_SHORTCUT_EMPTY_OR_SINGLE:
		return x->rtx_queue_empty || x->rtx_queue_single_skb;
	default:
		return false;
	}
}

static bool tsq_over_limit(const struct tsq_sock *sk, u64 limit, bool ge)
{
	u64 wmem = tsq_sk_wmem_alloc(sk);

	return ge ? wmem >= limit : wmem > limit;
}

/* 3.6: if (wmem >= lob) { set THROTTLED; break; } - no shortcut, no re-check */
static int tsq_check_3_6(struct tsq_sock *sk, u64 limit)
{
	if (!tsq_over_limit(sk, limit, true))
		return 0;
	sk->flags |= TSQ_F_THROTTLED;
	sk->throttle_events++;
	return 1;
}

int tsq_small_queue_check(struct tsq_sock *sk, const struct tsq_limit_in *in,
			  const struct tsq_xmit_ctx *x)
{
	u64 limit;
	int err;

	if (!sk || !in || !x || (unsigned int)x->shortcut >= TSQ_SHORTCUT__COUNT)
		return TSQ_ERR_INVAL;
	err = tsq_limit(in, &limit);
	if (err)
		return err;
	if (in->rule == TSQ_RULE_OFF)
		return 0;
	if (in->rule == TSQ_RULE_3_6)
		return tsq_check_3_6(sk, limit);
	if (!tsq_over_limit(sk, limit, false))
		return 0;
	if (tsq_shortcut_lets_go(x))
		return 0;
	sk->flags |= TSQ_F_THROTTLED;
	/* smp_mb__after_atomic(): a completion may have raced the set_bit */
	if (!tsq_over_limit(sk, limit, false))
		return 0;
	sk->throttle_events++;
	return 1;
}

int tsq_sk_pacing_shift_update(struct tsq_sock *sk, bool full_sock, u32 val)
{
	if (val > TSQ_SHIFT_MAX)
		return TSQ_ERR_RANGE;
	if (!sk || !full_sock || sk->pacing_shift == val)
		return 0;
	sk->pacing_shift = val;
	return 1;
}
