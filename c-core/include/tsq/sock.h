/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/sock.h - per-socket TSQ accounting: the bytes a socket has below TCP
 * (the kernel's sk_wmem_alloc), the TSQ_THROTTLED/TSQ_QUEUED handshake of
 * tcp_small_queue_check(), tcp_wfree() and tcp_tsq_handler(), and counters.
 *
 * Use: tsq_sock_charge() when an skb (or burst) is handed down,
 * tsq_wfree() once per charge when it is freed (sent, dropped, expired,
 * device down, socket closed), tsq_small_queue_check() before handing down,
 * and tsq_handler() when the resume the caller scheduled runs.
 */
#ifndef TSQ_SOCK_H
#define TSQ_SOCK_H

#include "tsq/rules.h"
#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* sk_tsq_flags bits (TSQF_THROTTLED, TSQF_QUEUED in include/linux/tcp.h) */
#define TSQ_F_THROTTLED	(1U << 0)
#define TSQ_F_QUEUED	(1U << 1)

/*
 * sk_alloc() starts sk_wmem_alloc at 1 (2b85a34e911b, 2009); every TSQ
 * comparison in the kernel therefore sees 1 + bytes queued.
 */
#define TSQ_WMEM_ALLOC_BIAS	1U

/* Default sk_pacing_shift, sock_init_data() (3a9b76fd0db9) */
#define TSQ_DEFAULT_PACING_SHIFT 10U

struct tsq_sock {
	u64 queued;		/* bytes charged and not yet released */
	u32 flags;		/* TSQ_F_* */
	u32 pacing_shift;	/* sk_pacing_shift */
	/* counters */
	u64 charged;		/* total bytes charged */
	u64 released;		/* total bytes released */
	u64 peak_queued;	/* max of queued */
	u64 throttle_events;	/* checks that answered "throttled" */
	u64 resumes;		/* releases that asked for a resume */
};

/* Initialises sk: nothing queued, no flags, pacing shift 10. */
void tsq_sock_init(struct tsq_sock *sk);

/*
 * Returns the kernel's sk_wmem_alloc for sk: TSQ_WMEM_ALLOC_BIAS + queued.
 */
u64 tsq_sk_wmem_alloc(const struct tsq_sock *sk);

/*
 * tsq_sock_charge - charge truesize bytes at send.
 * Kernel: skb_set_owner_w() in __tcp_transmit_skb() (refcount_add of
 * skb->truesize to sk_wmem_alloc). Returns TSQ_OK, TSQ_ERR_INVAL (NULL) or
 * TSQ_ERR_RANGE (the sum would exceed 2^64-1; nothing changes).
 */
int tsq_sock_charge(struct tsq_sock *sk, u32 truesize);

/*
 * tsq_wfree - release truesize bytes at TX completion.
 * Kernel: tcp_wfree() (46d3ceabd8d9). Returns
 * 1 when the caller must schedule a resume (the first release after a
 * throttle: TSQ_THROTTLED is replaced by TSQ_QUEUED), 0 when not, or
 * TSQ_ERR_UNDERFLOW when truesize exceeds the bytes queued (nothing
 * changes), TSQ_ERR_INVAL for NULL. Not modelled: the kernel keeps one
 * byte of sk_wmem_alloc until the handler ran. A completion that runs in
 * ksoftirqd is tsq_wfree_ksoftirqd().
 */
int tsq_wfree(struct tsq_sock *sk, u32 truesize);

/*
 * tsq_wfree_ksoftirqd - tsq_wfree() for a completion that runs in
 * ksoftirqd. tcp_wfree() (the same test in 4.16 and 6.18) then returns
 * before the resume while sk_wmem_alloc >= SKB_TRUESIZE(1), "likely
 * under stress. Wait until our queues (qdisc + devices) are drained":
 * TSQ_THROTTLED stays set, and only the release that empties what is
 * queued below TCP asks for the resume. Same returns as tsq_wfree().
 */
int tsq_wfree_ksoftirqd(struct tsq_sock *sk, u32 truesize);

/*
 * tsq_handler - the scheduled resume runs.
 * Kernel: tcp_tasklet_func()/tcp_tsq_workfn() clearing TSQ_QUEUED before
 * tcp_tsq_handler() calls tcp_write_xmit(). The caller then runs its send
 * loop, which calls tsq_small_queue_check() again and may throttle again.
 */
void tsq_handler(struct tsq_sock *sk);

/* Facts about the skb at hand that the shortcut needs */
struct tsq_xmit_ctx {
	enum tsq_shortcut shortcut;	/* form of the release */
	bool rtx_queue_empty;		/* nothing sent and unacked */
	bool rtx_queue_single_skb;	/* exactly one skb sent and unacked */
};

/*
 * tsq_small_queue_check - may this skb go now?
 * Returns 0 (send), 1 (throttled: TSQ_THROTTLED is set, stop the send
 * loop) or a negative TSQ_ERR_* from tsq_limit().
 * Kernel: tcp_small_queue_check() (10d3be569243; shortcut 75eefc6c59fd,
 * 75c119afe14f, f921a4a5bffa): if sk_wmem_alloc > limit, let the skb go
 * when the shortcut applies, else set TSQ_THROTTLED and re-check (the
 * smp_mb__after_atomic() re-check; in a single-threaded simulation it sees
 * the same value). Rule 3.6 compares ">=" and has no shortcut or re-check.
 * in->pacing_shift is used as given (pass sk->pacing_shift).
 */
int tsq_small_queue_check(struct tsq_sock *sk, const struct tsq_limit_in *in,
			  const struct tsq_xmit_ctx *x);

/*
 * tsq_sk_pacing_shift_update - set sk_pacing_shift from a device.
 * Kernel: sk_pacing_shift_update() (include/net/sock.h, 3a9b76fd0db9 /
 * 36148c2bbfbe): nothing for no socket or a non-full socket (request,
 * timewait), writes only when the value differs. Returns 1 when written,
 * 0 when not, TSQ_ERR_RANGE for val > 31.
 */
int tsq_sk_pacing_shift_update(struct tsq_sock *sk, bool full_sock, u32 val);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_SOCK_H */
