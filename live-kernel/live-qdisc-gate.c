// SPDX-License-Identifier: GPL-2.0-only
/*
 * live-qdisc-gate.c - a tbf qdisc used as a gate (live-qdisc-gate.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "live-qdisc-gate.h"

#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>

#include "live-util.h"

static void nl_attr(const char *prog, struct nlmsghdr *n, size_t cap, unsigned short type,
		    const void *data, size_t len)
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

static struct rtattr *nl_nest_begin(const char *prog, struct nlmsghdr *n, size_t cap, unsigned short type)
{
	struct rtattr *nest = (struct rtattr *)((char *)n + NLMSG_ALIGN(n->nlmsg_len));

	nl_attr(prog, n, cap, type, NULL, 0);
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
		live_die(1, d->prog, "netlink send (%s): %s", d->name, strerror(errno));
	for (;;) {
		struct nlmsghdr *h;

		len = recv(d->nl, buf, sizeof(buf), 0);
		if (len < 0) {
			if (errno == EINTR)
				continue;
			live_die(1, d->prog, "netlink recv (%s): %s", d->name, strerror(errno));
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
void gate_stats(struct gate_dev *d, struct qstat *st)
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
		live_die(1, d->prog, "RTM_GETQDISC %s: %s", d->name, strerror(-err));
}

/* RTM_NEWQDISC "change": the tbf's bucket holds @burst bytes, full */
void gate_set_burst(struct gate_dev *d, uint32_t burst)
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
	nl_attr(d->prog, n, sizeof(buf), TCA_KIND, "tbf", 4);
	memset(&q, 0, sizeof(q));
	q.rate.rate = GATE_RATE;
	q.rate.linklayer = TC_LINKLAYER_ETHERNET;
	q.limit = GATE_LIMIT;
	if (d->seg_gso) {
		/* tbf_change(): a peak rate above the rate, its bucket given
		 * in bytes; the 64-bit rate takes over the 32-bit field */
		q.peakrate.rate = UINT32_MAX;
		q.peakrate.linklayer = TC_LINKLAYER_ETHERNET;
	}
	opts = nl_nest_begin(d->prog, n, sizeof(buf), TCA_OPTIONS);
	nl_attr(d->prog, n, sizeof(buf), TCA_TBF_PARMS, &q, sizeof(q));
	nl_attr(d->prog, n, sizeof(buf), TCA_TBF_BURST, &burst, sizeof(burst));
	if (d->seg_gso) {
		const uint64_t prate = SEG_PEAK_RATE;
		const uint32_t pburst = SEG_PEAK_BURST;

		nl_attr(d->prog, n, sizeof(buf), TCA_TBF_PRATE64, &prate, sizeof(prate));
		nl_attr(d->prog, n, sizeof(buf), TCA_TBF_PBURST, &pburst, sizeof(pburst));
	}
	nl_nest_end(n, opts);
	int err = nl_talk(d, n, NULL);

	if (err)
		live_die(1, d->prog, "tbf change on %s (burst %u): %s", d->name, burst, strerror(-err));
}

void gate_kick(struct gate_dev *d, uint32_t len)
{
	if (sendto(d->pkt, d->kick, len, 0, (struct sockaddr *)&d->kick_to,
		   sizeof(d->kick_to)) != (ssize_t)len)
		live_die(1, d->prog, "kick on %s: %s", d->name, strerror(errno));
	d->kicks_sent++;
	d->kick_bytes_sent += len;
}

/* The first @n queued entries left: the kicks among them go, the others
 * move up by @n. */
static void gate_kicks_dequeued(struct gate_dev *d, uint32_t n)
{
	uint32_t i, j = 0;

	for (i = 0; i < d->nkicks; i++)
		if (d->kick_pos[i] >= n) {
			d->kick_len[j] = d->kick_len[i];
			d->kick_pos[j++] = d->kick_pos[i] - n;
		}
	d->nkicks = j;
}

/* Bytes of the first @k kicks queued */
static uint32_t gate_kick_bytes(const struct gate_dev *d, uint32_t k)
{
	uint32_t i, b = 0;

	for (i = 0; i < k && i < d->nkicks; i++)
		b += d->kick_len[i];
	return b;
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
void gate_open_dev(struct gate_dev *d, const char *prog, const char *ns, const char *dev)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct ifreq ifr;

	live_enter_netns(prog, ns);
	d->prog = prog;
	d->name = dev;
	d->ifindex = (int)if_nametoindex(dev);
	if (!d->ifindex)
		live_die(1, d->prog, "no device %s in netns %s", dev, ns);
	d->nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (d->nl < 0 || bind(d->nl, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		live_die(1, d->prog, "netlink socket in %s: %s", ns, strerror(errno));
	d->pkt = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);
	if (d->pkt < 0)
		live_die(1, d->prog, "packet socket in %s: %s", ns, strerror(errno));
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", dev);
	if (ioctl(d->pkt, SIOCGIFHWADDR, &ifr) < 0)
		live_die(1, d->prog, "SIOCGIFHWADDR %s: %s", dev, strerror(errno));
	memset(d->kick, 0, sizeof(d->kick));
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
void gate_prime(struct gate_dev *d)
{
	uint8_t frame[1514];
	struct qstat st;

	memset(frame, 0, sizeof(frame));
	memcpy(frame, d->kick, KICK_LEN);
	gate_set_burst(d, DATA_MIN_BURST);
	if (sendto(d->pkt, frame, sizeof(frame), 0, (struct sockaddr *)&d->kick_to,
		   sizeof(d->kick_to)) != (ssize_t)sizeof(frame))
		live_die(1, d->prog, "priming %s: %s", d->name, strerror(errno));
	gate_kick(d, KICK_LEN);
	usleep(20000);
	gate_stats(d, &st);
	/* Something of the stack's own (an ARP, say) may have come in behind
	 * the priming frames: it waits for the first release like any frame,
	 * and counts as entered. */
	if (st.qlen != 0)
		fprintf(stderr, "%s: %u frame(s) of %s queued before the first release\n",
			d->prog, st.qlen, d->name);
	d->nkicks = 0;
	d->base_packets = st.packets;
	d->base_bytes = st.bytes;
	d->kicks_sent = 0;
	d->kick_bytes_sent = 0;
}

void gate_observe(struct gate_dev *d, struct qstat *st)
{
	gate_stats(d, st);
	if (d->have_after && st->packets != d->after_packets) {
		/* Something left since the last release was read: kicks that
		 * another CPU's run of the qdisc let go a moment later, or
		 * frames that slipped through (counted: they should not). */
		uint32_t pkts = st->packets - d->after_packets;
		uint64_t bytes = st->bytes - d->after_bytes;

		if (pkts <= d->nkicks && bytes == gate_kick_bytes(d, pkts) &&
		    d->kick_pos[pkts - 1] == pkts - 1)
			d->late_kicks += pkts;
		else {
			if (getenv("TSQ_GATE_DEBUG"))
				fprintf(stderr, "leak on %s at %llu us: %u pkts %llu bytes, %u kicks (first at %u), qlen %u\n",
					d->name, (unsigned long long)live_now_us(), pkts,
					(unsigned long long)bytes, d->nkicks,
					d->nkicks ? d->kick_pos[0] : 0, st->qlen);
			d->leaks += pkts;
		}
		gate_kicks_dequeued(d, pkts);
		d->after_packets = st->packets;
		d->after_bytes = st->bytes;
	}
}

void gate_snapshot(struct gate_dev *d, struct qstat *st, uint32_t *frames, uint32_t *bytes)
{
	uint32_t kick_bytes;

	gate_observe(d, st);
	kick_bytes = gate_kick_bytes(d, d->nkicks);
	*frames = st->qlen > d->nkicks ? st->qlen - d->nkicks : 0;
	*bytes = st->backlog > kick_bytes ? st->backlog - kick_bytes : 0;
	/* A kick that left unseen between two reads makes the counts
	 * disagree for one snapshot (no frame by qlen, bytes by backlog):
	 * open this slot empty, the next snapshot sees the frame. */
	if (*frames == 0)
		*bytes = 0;
}

void gate_entered(const struct gate_dev *d, const struct qstat *st, uint64_t *frames,
		  uint64_t *bytes)
{
	/* tc_stats.packets is 32 bits: the difference is taken modulo 2^32,
	 * far more frames than a run sends */
	const uint64_t pkts = (uint32_t)(st->packets - d->base_packets) + (uint64_t)st->qlen;
	const uint64_t all = st->bytes - d->base_bytes + st->backlog;

	*frames = pkts > d->kicks_sent ? pkts - d->kicks_sent : 0;
	*bytes = all > d->kick_bytes_sent ? all - d->kick_bytes_sent : 0;
}

void gate_release(struct gate_dev *d, uint32_t frames, uint32_t bytes, const struct qstat *before,
		  uint32_t *pkts, uint32_t *released, int64_t *sent_us)
{
	const uint32_t ahead = gate_kicks_within(d, frames);
	uint32_t burst = bytes + gate_kick_bytes(d, ahead) + KICK_LEN + RELEASE_SLACK;
	uint32_t kick_len = KICK_LEN;
	uint64_t deadline;
	struct qstat at_kick, st;
	int64_t kick_place;

	if (burst < d->min_burst) {
		/* the new kick spends what the frames leave */
		kick_len += d->min_burst - burst;
		if (kick_len > KICK_MAX_LEN)
			kick_len = KICK_MAX_LEN;
		burst = d->min_burst;
	}
	gate_set_burst(d, burst);
	/* what is ahead of the kick (a frame arriving now may already have
	 * run the queue) */
	gate_stats(d, &at_kick);
	gate_kick(d, kick_len);
	*sent_us = (int64_t)live_now_us();
	/* The kick's enqueue ran the qdisc in this thread: by now all that
	 * can go has gone, unless more than a run's quota (64) did, or a run
	 * on the other CPU holds the queue; wait for the head to be out. */
	deadline = (uint64_t)*sent_us + RELEASE_CHECK_US;
	do {
		gate_stats(d, &st);
		*pkts = st.packets - before->packets;
	} while (*pkts < frames + ahead && live_now_us() < deadline);
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
	if (kick_place >= 0 && d->nkicks < MAX_KICKS) {
		d->kick_len[d->nkicks] = (uint16_t)kick_len;
		d->kick_pos[d->nkicks++] = (uint32_t)kick_place;
	}
	/* What went must be exactly the frames and the kicks among them, and
	 * the new kick if nothing queued later was ahead of it. */
	if (*pkts != frames + ahead + (kick_place < 0))
		d->mismatches++;
	if (d->nkicks >= MAX_KICKS)
		d->nkicks = 0;	/* lost track: start over */
}

void gate_wait_until(uint64_t t_us, uint32_t spin_us)
{
	if (t_us > spin_us)
		live_sleep_until(t_us - spin_us);
	while (live_now_us() < t_us)
		;
}

void gate_run_opts_init(struct gate_run_opts *o, uint32_t spin_us)
{
	memset(o, 0, sizeof(*o));
	o->cpu = -1;
	o->rt_prio = 50;
	o->spin_us = spin_us;
}

int gate_run_opt(const char *prog, struct gate_run_opts *o, const char *a, const char *v)
{
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
	else
		return 0;
	return 1;
}

void gate_run_opts_require(const char *prog, const struct gate_run_opts *o, int need_receiver,
			   const char *receiver_note)
{
	if (!o->sender_ns || !o->sender_dev || !o->out || !o->duration_ms ||
	    (need_receiver && (!o->receiver_ns || !o->receiver_dev)))
		live_die(2, prog, "--sender-ns, --sender-dev, --receiver-ns, --receiver-dev%s, "
			 "--duration-ms and --out are required (see --help)", receiver_note);
}

void gate_go_realtime(const char *prog, const struct gate_run_opts *o)
{
	if (o->cpu >= 0)
		live_pin_cpu(prog, o->cpu);
	if (mlockall(MCL_CURRENT | MCL_FUTURE) < 0)
		fprintf(stderr, "%s: mlockall: %s (continuing)\n", prog, strerror(errno));
	if (o->rt_prio > 0) {
		struct sched_param sp = { .sched_priority = o->rt_prio };

		if (sched_setscheduler(0, SCHED_FIFO, &sp) < 0)
			fprintf(stderr, "%s: SCHED_FIFO: %s (continuing)\n", prog, strerror(errno));
	}
}
