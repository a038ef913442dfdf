// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsq-live-gate - the emulated aggregating link (c-core tsq/gate.h) below
 * the live kernel: two tbf qdiscs, one on the sender's veth (the data
 * gate, the station's TXOPs) and one on the receiver's (the ACK gate, the
 * AP's TXOPs), opened by this controller on the gate schedule.
 *
 * How a qdisc becomes a gate: a tbf at a negligible rate (1000 B/s: a
 * 1514 B frame costs 1.5 s of tokens) holds whatever is queued; skbs held
 * there are still charged to their socket (sk_wmem_alloc), as skbs in a
 * WiFi driver are. A slot snapshots the qdisc's backlog when it opens
 * (RTM_GETQDISC) and, at its release time, changes the tbf's bucket to
 * exactly that many bytes (RTM_NEWQDISC, TCA_TBF_BURST: tbf_change()
 * refills the bucket), then sends one 14-byte "kick" frame through the
 * same qdisc (AF_PACKET): tbf_change() does not restart the queue, the
 * kick's enqueue does. FIFO order lets exactly the snapshot's frames
 * through; frames queued later, and the kick if one such frame is ahead of
 * it, stay for the next slot. veth hands a frame to the peer namespace at
 * once and orphans it there (skb_scrub_packet), so the release is the TX
 * completion that tcp_wfree() credits.
 *
 * Every event's planned and actual time, the snapshot and what the qdisc
 * really let go (its byte and packet counters) are written to the slots
 * CSV: the controller's lateness is part of the result.
 *
 * --monitor changes nothing: it samples the sender's root qdisc (queued
 * frames and bytes) every --sample-us for the smooth-link check, where
 * the qdisc is an ordinary tbf at a fixed rate.
 *
 * Runs as root in the initial namespace; enters the namespaces only to
 * open its sockets there. Exit status 2: bad option (one line naming it);
 * 1: a system call failed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>

#include "live-util.h"
#include "tsq/gate.h"

static const char *prog = "tsq-live-gate";

/* The gate's closed rate, bytes/s: elapsed time adds ~4 bytes of tokens
 * per 4 ms slot, never a frame */
#define GATE_RATE	1000u
/* The qdisc's FIFO limit, bytes: far above anything TSQ lets queue */
#define GATE_LIMIT	(16u << 20)
/* The kick frame: an Ethernet header alone, below any TCP frame (66 B) */
#define KICK_LEN	14u
#define KICK_ETHERTYPE	0x88b5	/* IEEE local experimental */
/*
 * tbf drops a frame longer than its bucket at enqueue, so a release's
 * bucket is never below the longest frame that may come: a full-size
 * frame on the data gate, the longest pure ACK (66 B + 40 B of options,
 * SACK) on the ACK gate. What a release leaves beyond the snapshot is
 * then less than the smallest frame of that direction (66 B ACKs, 1514 B
 * data frames), so nothing queued later slips through.
 */
#define DATA_MIN_BURST	(1514u + KICK_LEN)
#define ACK_MIN_BURST	128u
/* A release is checked this long at most for its frames to leave */
#define RELEASE_CHECK_US 400u
/* Kicks followed at once; more means the bookkeeping was lost */
#define MAX_KICKS	256u

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* One direction of the link: a veth with its tbf */
struct gate_dev {
	const char *name;
	int ifindex;
	int nl;			/* NETLINK_ROUTE socket in the device's netns */
	uint32_t nl_seq;
	int pkt;		/* AF_PACKET socket for the kicks */
	struct sockaddr_ll kick_to;
	uint8_t kick[KICK_LEN];
	/* Kicks still queued, by their place in the FIFO (0: the head),
	 * ascending: a kick is stuck behind a frame that came after the
	 * snapshot, and a later slot takes it along with that frame. */
	uint32_t kick_pos[MAX_KICKS];
	uint32_t nkicks;
	uint32_t min_burst;	/* DATA_MIN_BURST or ACK_MIN_BURST */
	uint64_t mismatches;	/* releases that did not let exactly the snapshot go */
	uint64_t leaks;		/* frames that left between two releases */
	uint64_t late_kicks;	/* kicks that left after the release was read */
	uint32_t after_packets;	/* the counters after the last release */
	uint64_t after_bytes;
	int have_after;
};

/* The qdisc's counters */
struct qstat {
	uint64_t bytes;		/* dequeued so far */
	uint32_t packets;
	uint32_t drops;
	uint32_t qlen;		/* queued now */
	uint32_t backlog;
};

/* One slot as the CSV records it (-1 / 0 where an event did not happen) */
struct slot_rec {
	uint64_t index;
	int64_t open_plan, open_act;
	uint32_t queued_frames, frames, bytes;
	int64_t release_plan, release_act;
	uint32_t released_pkts, released_bytes;
	int lost;
	int64_t ack_open_plan, ack_open_act;
	uint32_t ack_frames, ack_bytes;
	int64_t ack_release_plan, ack_release_act;
	uint32_t ack_released_pkts;
};

struct opts {
	const char *sender_ns, *sender_dev, *receiver_ns, *receiver_dev, *out;
	uint64_t duration_ms;
	int cpu;
	int rt_prio;
	uint32_t spin_us;
	uint32_t frame_bytes;
	int monitor;
	uint32_t sample_us;
	struct tsq_gate_params gp;
};

static void nl_attr(struct nlmsghdr *n, size_t cap, unsigned short type, const void *data,
		    size_t len)
{
	struct rtattr *rta = (struct rtattr *)((char *)n + NLMSG_ALIGN(n->nlmsg_len));

	if (NLMSG_ALIGN(n->nlmsg_len) + RTA_SPACE(len) > cap)
		live_die(1, prog, "netlink message too long");
	rta->rta_type = type;
	rta->rta_len = (unsigned short)RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	n->nlmsg_len = (uint32_t)(NLMSG_ALIGN(n->nlmsg_len) + RTA_SPACE(len));
}

static struct rtattr *nl_nest_begin(struct nlmsghdr *n, size_t cap, unsigned short type)
{
	struct rtattr *nest = (struct rtattr *)((char *)n + NLMSG_ALIGN(n->nlmsg_len));

	nl_attr(n, cap, type, NULL, 0);
	return nest;
}

static void nl_nest_end(struct nlmsghdr *n, struct rtattr *nest)
{
	nest->rta_len = (unsigned short)((char *)n + n->nlmsg_len - (char *)nest);
}

/* Sends @n and reads the reply; fills @st from an RTM_NEWQDISC reply. */
static int nl_talk(struct gate_dev *d, struct nlmsghdr *n, struct qstat *st)
{
	char buf[8192];
	ssize_t len;

	n->nlmsg_seq = ++d->nl_seq;
	if (send(d->nl, n, n->nlmsg_len, 0) < 0)
		live_die(1, prog, "netlink send (%s): %s", d->name, strerror(errno));
	for (;;) {
		struct nlmsghdr *h;

		len = recv(d->nl, buf, sizeof(buf), 0);
		if (len < 0) {
			if (errno == EINTR)
				continue;
			live_die(1, prog, "netlink recv (%s): %s", d->name, strerror(errno));
		}
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, (unsigned int)len);
		     h = NLMSG_NEXT(h, len)) {
			if (h->nlmsg_seq != d->nl_seq)
				continue;
			if (h->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(h);

				return e->error;
			}
			if (h->nlmsg_type == RTM_NEWQDISC && st) {
				struct tcmsg *t = NLMSG_DATA(h);
				struct rtattr *a = (struct rtattr *)((char *)t + NLMSG_ALIGN(sizeof(*t)));
				int alen = (int)h->nlmsg_len - (int)NLMSG_LENGTH(sizeof(*t));

				for (; RTA_OK(a, alen); a = RTA_NEXT(a, alen)) {
					if (a->rta_type == TCA_STATS &&
					    RTA_PAYLOAD(a) >= sizeof(struct tc_stats)) {
						struct tc_stats s;

						memcpy(&s, RTA_DATA(a), sizeof(s));
						st->bytes = s.bytes;
						st->packets = s.packets;
						st->drops = s.drops;
						st->qlen = s.qlen;
						st->backlog = s.backlog;
						return 0;
					}
				}
				return -ENODATA;
			}
		}
	}
}

/* RTM_GETQDISC of the root qdisc: its counters now */
static void gate_stats(struct gate_dev *d, struct qstat *st)
{
	struct {
		struct nlmsghdr n;
		struct tcmsg t;
	} req = {
		.n = { .nlmsg_len = NLMSG_LENGTH(sizeof(struct tcmsg)),
		       .nlmsg_type = RTM_GETQDISC,
		       /* tc_get_qdisc() answers through qdisc_notify(): to the
		        * asker only with NLM_F_ECHO */
		       .nlmsg_flags = NLM_F_REQUEST | NLM_F_ECHO },
		.t = { .tcm_family = AF_UNSPEC, .tcm_ifindex = d->ifindex,
		       .tcm_parent = TC_H_ROOT },
	};
	int err = nl_talk(d, &req.n, st);

	if (err)
		live_die(1, prog, "RTM_GETQDISC %s: %s", d->name, strerror(-err));
}

/* RTM_NEWQDISC "change": the tbf's bucket holds @burst bytes, full */
static void gate_set_burst(struct gate_dev *d, uint32_t burst)
{
	char buf[512];
	struct nlmsghdr *n = (struct nlmsghdr *)buf;
	struct tcmsg *t;
	struct tc_tbf_qopt q;
	struct rtattr *opts;

	memset(buf, 0, sizeof(buf));
	n->nlmsg_len = NLMSG_LENGTH(sizeof(struct tcmsg));
	n->nlmsg_type = RTM_NEWQDISC;
	n->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	t = NLMSG_DATA(n);
	t->tcm_family = AF_UNSPEC;
	t->tcm_ifindex = d->ifindex;
	t->tcm_handle = 0x10000;	/* 1: */
	t->tcm_parent = TC_H_ROOT;
	nl_attr(n, sizeof(buf), TCA_KIND, "tbf", 4);
	memset(&q, 0, sizeof(q));
	q.rate.rate = GATE_RATE;
	q.rate.linklayer = TC_LINKLAYER_ETHERNET;
	q.limit = GATE_LIMIT;
	opts = nl_nest_begin(n, sizeof(buf), TCA_OPTIONS);
	nl_attr(n, sizeof(buf), TCA_TBF_PARMS, &q, sizeof(q));
	nl_attr(n, sizeof(buf), TCA_TBF_BURST, &burst, sizeof(burst));
	nl_nest_end(n, opts);
	int err = nl_talk(d, n, NULL);

	if (err)
		live_die(1, prog, "tbf change on %s (burst %u): %s", d->name, burst, strerror(-err));
}

static void gate_kick(struct gate_dev *d)
{
	if (sendto(d->pkt, d->kick, KICK_LEN, 0, (struct sockaddr *)&d->kick_to,
		   sizeof(d->kick_to)) != (ssize_t)KICK_LEN)
		live_die(1, prog, "kick on %s: %s", d->name, strerror(errno));
}

/* The first @n queued entries left: the kicks among them go, the others
 * move up by @n. */
static void gate_kicks_dequeued(struct gate_dev *d, uint32_t n)
{
	uint32_t i, j = 0;

	for (i = 0; i < d->nkicks; i++)
		if (d->kick_pos[i] >= n)
			d->kick_pos[j++] = d->kick_pos[i] - n;
	d->nkicks = j;
}

/* Kicks among the first @frames non-kick entries of the queue (and the
 * kicks between them) */
static uint32_t gate_kicks_within(const struct gate_dev *d, uint32_t frames)
{
	uint32_t k = 0;

	while (k < d->nkicks && d->kick_pos[k] < frames + k)
		k++;
	return k;
}

/* Opens the device's sockets in its namespace (the thread must be in it). */
static void gate_open_dev(struct gate_dev *d, const char *ns, const char *dev)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct ifreq ifr;

	live_enter_netns(prog, ns);
	d->name = dev;
	d->ifindex = (int)if_nametoindex(dev);
	if (!d->ifindex)
		live_die(1, prog, "no device %s in netns %s", dev, ns);
	d->nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (d->nl < 0 || bind(d->nl, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		live_die(1, prog, "netlink socket in %s: %s", ns, strerror(errno));
	d->pkt = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);
	if (d->pkt < 0)
		live_die(1, prog, "packet socket in %s: %s", ns, strerror(errno));
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", dev);
	if (ioctl(d->pkt, SIOCGIFHWADDR, &ifr) < 0)
		live_die(1, prog, "SIOCGIFHWADDR %s: %s", dev, strerror(errno));
	memset(d->kick, 0xff, 6);	/* broadcast: the peer drops it */
	memcpy(d->kick + 6, ifr.ifr_hwaddr.sa_data, 6);
	d->kick[12] = KICK_ETHERTYPE >> 8;
	d->kick[13] = KICK_ETHERTYPE & 0xff;
	d->kick_to = (struct sockaddr_ll){ .sll_family = AF_PACKET,
					   .sll_protocol = htons(KICK_ETHERTYPE),
					   .sll_ifindex = d->ifindex, .sll_halen = 6 };
	memset(d->kick_to.sll_addr, 0xff, 6);
	d->nkicks = 0;
}

/* Closes the gate: a bucket of one frame plus a kick, spent by two
 * frames of those sizes, leaves nothing for the first real one. */
static void gate_prime(struct gate_dev *d)
{
	uint8_t frame[1514];
	struct qstat st;

	memset(frame, 0, sizeof(frame));
	memcpy(frame, d->kick, KICK_LEN);
	gate_set_burst(d, DATA_MIN_BURST);
	if (sendto(d->pkt, frame, sizeof(frame), 0, (struct sockaddr *)&d->kick_to,
		   sizeof(d->kick_to)) != (ssize_t)sizeof(frame))
		live_die(1, prog, "priming %s: %s", d->name, strerror(errno));
	gate_kick(d);
	usleep(20000);
	gate_stats(d, &st);
	/* Something of the stack's own (an ARP, say) may have come in behind
	 * the priming frames: it waits for the first slot like any frame. */
	if (st.qlen != 0)
		fprintf(stderr, "%s: %u frame(s) of %s queued before the first slot\n", prog,
			st.qlen, d->name);
	d->nkicks = 0;
}

/* What is queued now, kicks left out */
static void gate_snapshot(struct gate_dev *d, struct qstat *st, uint32_t *frames, uint32_t *bytes)
{
	uint32_t kick_bytes;

	gate_stats(d, st);
	if (d->have_after && st->packets != d->after_packets) {
		/* Something left since the last release was read: kicks that
		 * another CPU's run of the qdisc let go a moment later, or
		 * frames that slipped through (counted: they should not). */
		uint32_t pkts = st->packets - d->after_packets;
		uint64_t bytes = st->bytes - d->after_bytes;

		if (bytes == (uint64_t)pkts * KICK_LEN && pkts <= d->nkicks &&
		    d->kick_pos[pkts - 1] == pkts - 1)
			d->late_kicks += pkts;
		else {
			if (getenv("TSQ_GATE_DEBUG"))
				fprintf(stderr, "leak on %s: %u pkts %llu bytes, %u kicks (first at %u), qlen %u\n",
					d->name, pkts, (unsigned long long)bytes, d->nkicks,
					d->nkicks ? d->kick_pos[0] : 0, st->qlen);
			d->leaks += pkts;
		}
		gate_kicks_dequeued(d, pkts);
		d->after_packets = st->packets;
		d->after_bytes = st->bytes;
	}
	kick_bytes = d->nkicks * KICK_LEN;
	*frames = st->qlen > d->nkicks ? st->qlen - d->nkicks : 0;
	*bytes = st->backlog > kick_bytes ? st->backlog - kick_bytes : 0;
	/* A kick that left unseen between two reads makes the counts
	 * disagree for one snapshot (no frame by qlen, bytes by backlog):
	 * open this slot empty, the next snapshot sees the frame. */
	if (*frames == 0)
		*bytes = 0;
}

/*
 * Lets the head of the FIFO go: @frames non-kick frames of @bytes bytes
 * and the kicks among them, then sends a new kick; @before: the counters
 * at the snapshot. Returns what the qdisc let go and when, and keeps the
 * kicks' places.
 */
static void gate_release(struct gate_dev *d, uint32_t frames, uint32_t bytes,
			 const struct qstat *before, uint32_t *pkts, uint32_t *released,
			 int64_t *sent_us)
{
	const uint32_t ahead = gate_kicks_within(d, frames);
	uint32_t burst = bytes + (ahead + 1) * KICK_LEN;
	uint64_t deadline;
	struct qstat at_kick, st;
	uint32_t extra;
	int64_t kick_place;

	if (burst < d->min_burst)
		burst = d->min_burst;
	gate_set_burst(d, burst);
	/* what is ahead of the kick (a frame arriving now may already have
	 * run the queue) */
	gate_stats(d, &at_kick);
	gate_kick(d);
	*sent_us = (int64_t)live_now_us();
	/* The kick's enqueue ran the qdisc in this thread: by now all that
	 * can go has gone, unless more than a run's quota (64) did, or a run
	 * on the other CPU holds the queue; wait for the head to be out. */
	deadline = (uint64_t)*sent_us + RELEASE_CHECK_US;
	do {
		gate_stats(d, &st);
		*released = (uint32_t)(st.bytes - before->bytes);
	} while (*released < bytes + ahead * KICK_LEN && live_now_us() < deadline);
	/* one more look a moment later, for the new kick */
	deadline = live_now_us() + 20;
	while (live_now_us() < deadline)
		;
	gate_stats(d, &st);
	*pkts = st.packets - before->packets;
	*released = (uint32_t)(st.bytes - before->bytes);
	d->after_packets = st.packets;
	d->after_bytes = st.bytes;
	d->have_after = 1;

	/* The new kick's place: what was ahead of it at its enqueue, less
	 * what has left since (negative: it went too). */
	kick_place = (int64_t)at_kick.qlen - (int64_t)(st.packets - at_kick.packets);
	gate_kicks_dequeued(d, *pkts);
	if (kick_place >= 0 && d->nkicks < MAX_KICKS)
		d->kick_pos[d->nkicks++] = (uint32_t)kick_place;
	/* What went beyond the frames must be exactly the kicks that went. */
	extra = *released >= bytes ? *released - bytes : 0;
	if (*released < bytes || extra != (ahead + (kick_place < 0)) * KICK_LEN)
		d->mismatches++;
	if (d->nkicks >= MAX_KICKS)
		d->nkicks = 0;	/* lost track: start over */
}

/* Waits for @t_us: sleeps until spin_us before it, then spins. */
static void wait_until(uint64_t t_us, uint32_t spin_us)
{
	if (t_us > spin_us)
		live_sleep_until(t_us - spin_us);
	while (live_now_us() < t_us)
		;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: %s --sender-ns NS --sender-dev DEV --receiver-ns NS --receiver-dev DEV\n"
		"       --duration-ms N --out FILE [--cpu N] [--rt-prio 0..99] [--spin-us N]\n"
		"       [--frame-bytes N (a full data frame, for capped slots; 1514)]\n"
		"       [--rate-bps N] [--overhead-us N] [--ack-gap-us N] [--ack-txop-us N]\n"
		"       [--gap-us N] [--idle-poll-us N] [--max-frames N] [--lost-permille N]\n"
		"       [--release end|open] [--seed N]\n"
		"   or: %s --monitor --sender-ns NS --sender-dev DEV --duration-ms N --out FILE\n"
		"       [--sample-us N]\n", prog, prog);
}

static void parse(int argc, char **argv, struct opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->cpu = -1;
	o->rt_prio = 50;
	o->spin_us = 200;
	o->frame_bytes = 1514;
	o->sample_us = 1000;
	tsq_gate_params_init(&o->gp);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--help") == 0) {
			usage();
			exit(0);
		}
		if (strcmp(a, "--monitor") == 0) {
			o->monitor = 1;
			continue;
		}
		if (!v)
			live_die(2, prog, "%s needs a value (see --help)", a);
		i++;
		if (strcmp(a, "--sender-ns") == 0)
			o->sender_ns = v;
		else if (strcmp(a, "--sender-dev") == 0)
			o->sender_dev = v;
		else if (strcmp(a, "--receiver-ns") == 0)
			o->receiver_ns = v;
		else if (strcmp(a, "--receiver-dev") == 0)
			o->receiver_dev = v;
		else if (strcmp(a, "--out") == 0)
			o->out = v;
		else if (strcmp(a, "--duration-ms") == 0)
			o->duration_ms = live_parse_u64(prog, a, v, 1, 3600000);
		else if (strcmp(a, "--cpu") == 0)
			o->cpu = (int)live_parse_u64(prog, a, v, 0, 1023);
		else if (strcmp(a, "--rt-prio") == 0)
			o->rt_prio = (int)live_parse_u64(prog, a, v, 0, 99);
		else if (strcmp(a, "--spin-us") == 0)
			o->spin_us = (uint32_t)live_parse_u64(prog, a, v, 0, 100000);
		else if (strcmp(a, "--sample-us") == 0)
			o->sample_us = (uint32_t)live_parse_u64(prog, a, v, 100, 1000000);
		else if (strcmp(a, "--frame-bytes") == 0)
			o->frame_bytes = (uint32_t)live_parse_u64(prog, a, v, 60, 65535);
		else if (strcmp(a, "--rate-bps") == 0)
			o->gp.rate_bps = live_parse_u64(prog, a, v, TSQ_GATE_RATE_MIN, TSQ_GATE_RATE_MAX);
		else if (strcmp(a, "--overhead-us") == 0)
			o->gp.overhead_us = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--ack-gap-us") == 0)
			o->gp.ack_gap_us = (uint32_t)live_parse_u64(prog, a, v, 0, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--ack-txop-us") == 0)
			o->gp.ack_txop_us = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--gap-us") == 0)
			o->gp.gap_us = (uint32_t)live_parse_u64(prog, a, v, 0, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--idle-poll-us") == 0)
			o->gp.idle_poll_us = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--max-frames") == 0)
			o->gp.max_frames = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_FRAMES_MAX);
		else if (strcmp(a, "--lost-permille") == 0)
			o->gp.lost_permille = (uint32_t)live_parse_u64(prog, a, v, 0, 1000);
		else if (strcmp(a, "--seed") == 0)
			o->gp.seed = live_parse_u64(prog, a, v, 0, UINT64_MAX);
		else if (strcmp(a, "--release") == 0) {
			if (tsq_gate_release_from_name(v, &o->gp.release) != TSQ_OK)
				live_die(2, prog, "--release='%s' is not a release point; allowed: end, open", v);
		} else
			live_die(2, prog, "unknown option '%s' (see --help)", a);
	}
	if (!o->sender_ns || !o->sender_dev || !o->out || !o->duration_ms ||
	    (!o->monitor && (!o->receiver_ns || !o->receiver_dev)))
		live_die(2, prog, "--sender-ns, --sender-dev, --receiver-ns, --receiver-dev "
			 "(not with --monitor), --duration-ms and --out are required (see --help)");
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static void write_csv(const struct opts *o, const struct slot_rec *r, size_t n, uint64_t t0)
{
	FILE *f = fopen(o->out, "w");
	size_t i;

	if (!f)
		live_die(1, prog, "cannot write %s: %s", o->out, strerror(errno));
	fprintf(f, "# tsq-live-gate slots; times in us from t0_us=%" PRIu64 " (CLOCK_MONOTONIC)\n", t0);
	fprintf(f, "index,open_plan_us,open_act_us,queued_frames,frames,bytes,release_plan_us,"
		   "release_act_us,released_pkts,released_bytes,lost,ack_open_plan_us,"
		   "ack_open_act_us,ack_frames,ack_bytes,ack_release_plan_us,ack_release_act_us,"
		   "ack_released_pkts\n");
	for (i = 0; i < n; i++)
		fprintf(f, "%" PRIu64 ",%" PRId64 ",%" PRId64 ",%u,%u,%u,%" PRId64 ",%" PRId64
			   ",%u,%u,%d,%" PRId64 ",%" PRId64 ",%u,%u,%" PRId64 ",%" PRId64 ",%u\n",
			r[i].index, r[i].open_plan, r[i].open_act, r[i].queued_frames, r[i].frames,
			r[i].bytes, r[i].release_plan, r[i].release_act, r[i].released_pkts,
			r[i].released_bytes, r[i].lost, r[i].ack_open_plan, r[i].ack_open_act,
			r[i].ack_frames, r[i].ack_bytes, r[i].ack_release_plan,
			r[i].ack_release_act, r[i].ack_released_pkts);
	if (fclose(f))
		live_die(1, prog, "writing %s: %s", o->out, strerror(errno));
}

/* Lateness of every event that happened, for the summary line */
static void summary(const struct slot_rec *r, size_t n, const struct gate_dev *data,
		    const struct gate_dev *ack)
{
	int64_t *late = malloc(sizeof(*late) * (n * 4 + 1));
	size_t i, m = 0;

	if (!late)
		live_die(1, prog, "out of memory");
	for (i = 0; i < n; i++) {
		late[m++] = r[i].open_act - r[i].open_plan;
		if (r[i].frames)
			late[m++] = r[i].release_act - r[i].release_plan;
		if (r[i].ack_open_plan >= 0)
			late[m++] = r[i].ack_open_act - r[i].ack_open_plan;
		if (r[i].ack_frames)
			late[m++] = r[i].ack_release_act - r[i].ack_release_plan;
	}
	qsort(late, m, sizeof(*late), cmp_i64);
	printf("slots=%zu events=%zu lateness_p50_us=%" PRId64 " lateness_p99_us=%" PRId64
	       " lateness_max_us=%" PRId64 " data_mismatches=%" PRIu64 " ack_mismatches=%" PRIu64
	       " data_leaks=%" PRIu64 " ack_leaks=%" PRIu64 " late_kicks=%" PRIu64 "\n",
	       n, m, m ? late[m / 2] : 0, m ? late[(m * 99) / 100] : 0, m ? late[m - 1] : 0,
	       data->mismatches, ack->mismatches, data->leaks, ack->leaks,
	       data->late_kicks + ack->late_kicks);
	free(late);
}

/* --monitor: the sender's qdisc every sample_us, nothing changed */
static int run_monitor(const struct opts *o)
{
	struct gate_dev data;
	struct qstat st;
	uint64_t t, end;
	FILE *f;

	memset(&data, 0, sizeof(data));
	gate_open_dev(&data, o->sender_ns, o->sender_dev);
	f = fopen(o->out, "w");
	if (!f)
		live_die(1, prog, "cannot write %s: %s", o->out, strerror(errno));
	fprintf(f, "# tsq-live-gate --monitor of %s; t_us is CLOCK_MONOTONIC\n", o->sender_dev);
	fprintf(f, "t_us,qlen,backlog,packets,bytes,drops\n");
	printf("ready t0_us=%" PRIu64 "\n", live_now_us());
	fflush(stdout);
	t = live_now_us();
	end = t + o->duration_ms * 1000;
	while (!stop && t < end) {
		live_sleep_until(t);
		gate_stats(&data, &st);
		fprintf(f, "%" PRIu64 ",%u,%u,%u,%" PRIu64 ",%u\n", live_now_us(), st.qlen,
			st.backlog, st.packets, st.bytes, st.drops);
		t += o->sample_us;
	}
	if (fclose(f))
		live_die(1, prog, "writing %s: %s", o->out, strerror(errno));
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct gate_dev data, ack;
	struct tsq_gate g;
	struct slot_rec *recs = NULL;
	size_t n = 0, cap = 0;
	uint64_t t0, end;
	struct sigaction sa;

	parse(argc, argv, &o);
	if (o.monitor) {
		struct sigaction ms;

		memset(&ms, 0, sizeof(ms));
		ms.sa_handler = on_signal;
		sigaction(SIGTERM, &ms, NULL);
		sigaction(SIGINT, &ms, NULL);
		return run_monitor(&o);
	}
	if (tsq_gate_params_check(&o.gp) != TSQ_OK)
		live_die(2, prog, "the gate parameters are out of range (see tsq/gate.h)");
	memset(&data, 0, sizeof(data));
	memset(&ack, 0, sizeof(ack));
	gate_open_dev(&data, o.sender_ns, o.sender_dev);
	gate_open_dev(&ack, o.receiver_ns, o.receiver_dev);
	data.min_burst = DATA_MIN_BURST;
	ack.min_burst = ACK_MIN_BURST;
	gate_prime(&data);
	gate_prime(&ack);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (o.cpu >= 0)
		live_pin_cpu(prog, o.cpu);
	if (mlockall(MCL_CURRENT | MCL_FUTURE) < 0)
		fprintf(stderr, "%s: mlockall: %s (continuing)\n", prog, strerror(errno));
	if (o.rt_prio > 0) {
		struct sched_param sp = { .sched_priority = o.rt_prio };

		if (sched_setscheduler(0, SCHED_FIFO, &sp) < 0)
			fprintf(stderr, "%s: SCHED_FIFO: %s (continuing)\n", prog, strerror(errno));
	}

	t0 = live_now_us() + 10000;
	end = t0 + o.duration_ms * 1000;
	if (tsq_gate_init(&g, &o.gp, t0) != TSQ_OK)
		live_die(2, prog, "bad gate parameters");
	printf("ready t0_us=%" PRIu64 "\n", t0);
	fflush(stdout);

	while (!stop && g.next_open_us < end) {
		struct tsq_gate_slot s;
		struct tsq_gate_ack a;
		struct qstat before, abefore;
		struct slot_rec r;
		uint32_t queued, bytes, frames;

		memset(&r, 0, sizeof(r));
		r.release_plan = r.release_act = -1;
		r.ack_open_plan = r.ack_open_act = -1;
		r.ack_release_plan = r.ack_release_act = -1;

		/* "act": when the operation took effect (snapshot read, frames
		 * sent), so the costs of the netlink calls count as lateness */
		r.open_plan = (int64_t)(g.next_open_us - t0);
		wait_until(g.next_open_us, o.spin_us);
		gate_snapshot(&data, &before, &queued, &bytes);
		r.open_act = (int64_t)(live_now_us() - t0);
		frames = tsq_gate_slot_frames(&g, queued);
		/* Capped: the qdisc tells totals only, so the head's frames are
		 * taken as full-size frames (one-segment skbs of a bulk flow);
		 * the release check counts a slot where they were not. */
		if (frames < queued)
			bytes = frames * o.frame_bytes;
		if (tsq_gate_open(&g, frames, bytes, &s) != TSQ_OK)
			live_die(1, prog, "gate schedule refused slot %" PRIu64, g.slots);
		r.index = s.index;
		r.queued_frames = queued;
		r.frames = frames;
		r.bytes = bytes;
		r.lost = s.lost_contention;
		if (frames) {
			r.release_plan = (int64_t)(s.release_us - t0);
			wait_until(s.release_us, o.spin_us);
			gate_release(&data, frames, bytes, &before, &r.released_pkts,
				     &r.released_bytes, &r.release_act);
			r.release_act -= (int64_t)t0;
		}
		if (g.ack_due) {
			uint32_t aq, ab;

			r.ack_open_plan = (int64_t)(g.ack_open_us - t0);
			wait_until(g.ack_open_us, o.spin_us);
			gate_snapshot(&ack, &abefore, &aq, &ab);
			r.ack_open_act = (int64_t)(live_now_us() - t0);
			if (tsq_gate_ack_open(&g, aq, &a) != TSQ_OK)
				live_die(1, prog, "gate schedule refused an AP TXOP");
			r.ack_frames = aq;
			r.ack_bytes = ab;
			if (aq) {
				uint32_t rel_bytes;

				r.ack_release_plan = (int64_t)(a.release_us - t0);
				wait_until(a.release_us, o.spin_us);
				gate_release(&ack, aq, ab, &abefore, &r.ack_released_pkts,
					     &rel_bytes, &r.ack_release_act);
				r.ack_release_act -= (int64_t)t0;
			}
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			recs = realloc(recs, cap * sizeof(*recs));
			if (!recs)
				live_die(1, prog, "out of memory");
		}
		recs[n++] = r;
	}
	/* Open both gates wide so nothing stays charged once the flow ends. */
	gate_set_burst(&data, GATE_LIMIT);
	gate_kick(&data);
	gate_set_burst(&ack, GATE_LIMIT);
	gate_kick(&ack);
	write_csv(&o, recs, n, t0);
	summary(recs, n, &data, &ack);
	free(recs);
	return 0;
}
