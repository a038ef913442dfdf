// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsq-live-flow - one bulk TCP flow of the live-kernel reference, and what
 * the kernel says of it every millisecond.
 *
 *   tsq-live-flow recv --ns NS --port P [--quickack] [--connections N]
 *                      [--cpu N]
 *   tsq-live-flow send --ns NS --dst IPV4 --port P --duration-ms N
 *                      --samples FILE [--cc NAME] [--tx-delay-us N]
 *                      [--sndbuf BYTES] [--sample-us N] [--warmup] [--cpu N]
 *
 * The sender writes as fast as the socket takes data for the duration; a
 * second thread samples TCP_INFO (cwnd, srtt, pacing rate, packets out,
 * ...) and SO_MEMINFO (sk_wmem_alloc: the bytes TSQ counts) on a fixed
 * clock (clock_nanosleep, absolute) and writes them as CSV when the flow
 * ends. The receiver reads and discards; with --quickack it asks for an
 * immediate ACK after every read (TCP_QUICKACK is not sticky).
 * TCP_TX_DELAY (--tx-delay-us) is the way to give TSQ a larger budget
 * than tcp_limit_output_bytes allows: the limit grows by
 * pacing_rate * delay >> 19 bytes (a842fe1425cb). Without fq, segments
 * are not delayed by it.
 *
 * --warmup opens and closes one connection first: a route's locked
 * ssthresh reaches a new connection only through the tcp_metrics entry
 * (tcp_init_metrics() looks one up, it does not create it), and the first
 * TIME_WAIT of the destination creates it from the route's metrics
 * (tcp_update_metrics() -> tcpm_suck_dst()). The receiver counts only
 * connections that carried more than one byte (--connections of them,
 * default 1), so warm-ups, and attempts reset before their byte, are
 * skipped; it reports the last.
 *
 * Exit status 2: bad option (one line naming it); 1: a system call failed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <arpa/inet.h>
#include <linux/sock_diag.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sys/socket.h>

#include "live-util.h"

static const char *prog = "tsq-live-flow";

#ifndef SO_MEMINFO
#define SO_MEMINFO 55
#endif

struct sample {
	uint64_t t_us;
	struct tcp_info ti;
	uint32_t mem[SK_MEMINFO_VARS];
};

struct sender {
	int fd;
	uint64_t start_us, end_us, period_us;
	struct sample *samples;
	size_t n, cap;
	volatile int done;
};

static void *sampler(void *arg)
{
	struct sender *s = arg;
	uint64_t t = s->start_us;

	while (!s->done && s->n < s->cap) {
		struct sample *x = &s->samples[s->n];
		socklen_t len = sizeof(x->ti);
		socklen_t mlen = sizeof(x->mem);

		live_sleep_until(t);
		x->t_us = live_now_us();
		memset(&x->ti, 0, sizeof(x->ti));
		memset(x->mem, 0, sizeof(x->mem));
		if (getsockopt(s->fd, IPPROTO_TCP, TCP_INFO, &x->ti, &len) < 0 ||
		    getsockopt(s->fd, SOL_SOCKET, SO_MEMINFO, x->mem, &mlen) < 0)
			break;
		s->n++;
		t += s->period_us;
	}
	return NULL;
}

static void write_samples(const char *path, const struct sender *s)
{
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f)
		live_die(1, prog, "cannot write %s: %s", path, strerror(errno));
	fprintf(f, "# tsq-live-flow sender samples; t_us is CLOCK_MONOTONIC; start_us=%" PRIu64
		   "\n", s->start_us);
	fprintf(f, "t_us,state,ca_state,cwnd,ssthresh,srtt_us,rttvar_us,min_rtt_us,pacing_rate,"
		   "unacked,sacked,lost,retrans,total_retrans,bytes_acked,bytes_sent,"
		   "delivery_rate,notsent_bytes,wmem_alloc,wmem_queued,sndbuf,busy_us,"
		   "rwnd_limited_us,sndbuf_limited_us,delivered,snd_wnd\n");
	for (i = 0; i < s->n; i++) {
		const struct sample *x = &s->samples[i];
		const struct tcp_info *t = &x->ti;

		fprintf(f, "%" PRIu64 ",%u,%u,%u,%u,%u,%u,%u,%llu,%u,%u,%u,%u,%u,%llu,%llu,%llu,%u,"
			   "%u,%u,%u,%llu,%llu,%llu,%u,%u\n",
			x->t_us, t->tcpi_state, t->tcpi_ca_state, t->tcpi_snd_cwnd,
			t->tcpi_snd_ssthresh, t->tcpi_rtt, t->tcpi_rttvar, t->tcpi_min_rtt,
			(unsigned long long)t->tcpi_pacing_rate, t->tcpi_unacked, t->tcpi_sacked,
			t->tcpi_lost, t->tcpi_retrans, t->tcpi_total_retrans,
			(unsigned long long)t->tcpi_bytes_acked,
			(unsigned long long)t->tcpi_bytes_sent,
			(unsigned long long)t->tcpi_delivery_rate, t->tcpi_notsent_bytes,
			x->mem[SK_MEMINFO_WMEM_ALLOC], x->mem[SK_MEMINFO_WMEM_QUEUED],
			x->mem[SK_MEMINFO_SNDBUF], (unsigned long long)t->tcpi_busy_time,
			(unsigned long long)t->tcpi_rwnd_limited,
			(unsigned long long)t->tcpi_sndbuf_limited, t->tcpi_delivered,
			t->tcpi_snd_wnd);
	}
	if (fclose(f))
		live_die(1, prog, "writing %s: %s", path, strerror(errno));
}

/*
 * One short connection, closed by us first, so this side enters TIME_WAIT.
 * A refused or reset attempt is tried again (up to WARMUP_TRIES, 200 ms
 * apart; seen once on a loaded machine, cause unknown) and the number of
 * attempts is printed, so a run that needed more than one says so.
 */
#define WARMUP_TRIES 5
static void warmup(const struct sockaddr_in *sa)
{
	char c = 'w';
	int attempt;

	for (attempt = 1;; attempt++) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		const char *what = "socket";
		int err;

		if (fd >= 0) {
			what = "connect";
			if (connect(fd, (const struct sockaddr *)sa, sizeof(*sa)) == 0) {
				what = "send";
				if (send(fd, &c, 1, 0) == 1) {
					close(fd);
					break;
				}
			}
		}
		err = errno;
		if (fd >= 0)
			close(fd);
		if (attempt >= WARMUP_TRIES || (err != ECONNREFUSED && err != ECONNRESET))
			live_die(1, prog, "warm-up connection (%s, attempt %d): %s", what, attempt,
				 strerror(err));
		fprintf(stderr, "%s: warm-up connection (%s, attempt %d): %s; again\n", prog, what,
			attempt, strerror(err));
		usleep(200000);
	}
	printf("warmup_attempts=%d\n", attempt);
	fflush(stdout);
	/* FIN, its ACK and the peer's FIN cross the gates: a few slots */
	usleep(100000);
}

static int run_send(const char *dst, uint16_t port, uint64_t duration_ms, const char *cc,
		    uint64_t tx_delay_us, uint64_t sndbuf, uint64_t sample_us, const char *out,
		    int warm)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port) };
	static char buf[65536];
	struct sender s;
	pthread_t th;
	uint64_t sent = 0;

	if (inet_pton(AF_INET, dst, &sa.sin_addr) != 1)
		live_die(2, prog, "--dst='%s' is not an IPv4 address", dst);
	if (warm)
		warmup(&sa);
	memset(&s, 0, sizeof(s));
	s.fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s.fd < 0)
		live_die(1, prog, "socket: %s", strerror(errno));
	if (setsockopt(s.fd, IPPROTO_TCP, TCP_CONGESTION, cc, (socklen_t)strlen(cc)) < 0)
		live_die(1, prog, "TCP_CONGESTION %s: %s", cc, strerror(errno));
	if (tx_delay_us) {
		int v = (int)tx_delay_us;

		if (setsockopt(s.fd, IPPROTO_TCP, TCP_TX_DELAY, &v, sizeof(v)) < 0)
			live_die(1, prog, "TCP_TX_DELAY %d: %s", v, strerror(errno));
	}
	if (sndbuf) {
		int v = (int)sndbuf;

		if (setsockopt(s.fd, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v)) < 0)
			live_die(1, prog, "SO_SNDBUF %d: %s", v, strerror(errno));
	}
	if (connect(s.fd, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		live_die(1, prog, "connect %s:%u: %s", dst, port, strerror(errno));
	s.start_us = live_now_us();
	s.end_us = s.start_us + duration_ms * 1000;
	s.period_us = sample_us;
	s.cap = (size_t)(duration_ms * 1000 / sample_us) + 2;
	s.samples = calloc(s.cap, sizeof(*s.samples));
	if (!s.samples)
		live_die(1, prog, "out of memory");
	if (pthread_create(&th, NULL, sampler, &s))
		live_die(1, prog, "pthread_create failed");
	memset(buf, 'x', sizeof(buf));
	while (live_now_us() < s.end_us) {
		ssize_t w = send(s.fd, buf, sizeof(buf), MSG_DONTWAIT);

		if (w > 0) {
			sent += (uint64_t)w;
			continue;
		}
		if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
			live_die(1, prog, "send: %s", strerror(errno));
		/* the send buffer is full: wait for room, or for the end */
		{
			struct timespec ts = { 0, 200000 };

			nanosleep(&ts, NULL);
		}
	}
	s.done = 1;
	pthread_join(th, NULL);
	write_samples(out, &s);
	printf("sent_bytes=%" PRIu64 " samples=%zu start_us=%" PRIu64 "\n", sent, s.n, s.start_us);
	shutdown(s.fd, SHUT_WR);
	close(s.fd);
	free(s.samples);
	return 0;
}

static int run_recv(uint16_t port, int quickack, uint64_t connections)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(port),
				  .sin_addr = { htonl(INADDR_ANY) } };
	static char buf[262144];
	int one = 1, l;
	uint64_t got = 0, c;

	l = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (l < 0 || setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(l, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(l, 1) < 0)
		live_die(1, prog, "listen on port %u: %s", port, strerror(errno));
	printf("listening port=%u\n", port);
	fflush(stdout);
	for (c = 0; c < connections;) {
		int fd = accept(l, NULL, NULL);

		if (fd < 0)
			live_die(1, prog, "accept: %s", strerror(errno));
		got = 0;
		for (;;) {
			ssize_t r = recv(fd, buf, sizeof(buf), 0);

			if (r == 0)
				break;
			if (r < 0) {
				if (errno == EINTR)
					continue;
				if (errno == ECONNRESET && got <= 1)
					break; /* a warm-up attempt reset: not counted */
				live_die(1, prog, "recv: %s", strerror(errno));
			}
			got += (uint64_t)r;
			if (quickack)
				setsockopt(fd, IPPROTO_TCP, TCP_QUICKACK, &one, sizeof(one));
		}
		close(fd);
		if (got > 1)
			c++; /* a flow, not a one-byte warm-up */
	}
	close(l);
	printf("received_bytes=%" PRIu64 "\n", got);
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode, *ns = NULL, *dst = NULL, *out = NULL, *cc = "cubic";
	uint64_t port = 0, duration_ms = 0, tx_delay = 0, sndbuf = 0, sample_us = 1000;
	uint64_t connections = 1;
	int quickack = 0, warm = 0, cpu = -1, i;

	if (argc < 2 || (strcmp(argv[1], "send") && strcmp(argv[1], "recv")))
		live_die(2, prog, "first argument must be 'send' or 'recv'");
	mode = argv[1];
	for (i = 2; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--quickack") == 0) {
			quickack = 1;
			continue;
		}
		if (strcmp(a, "--warmup") == 0) {
			warm = 1;
			continue;
		}
		if (!v)
			live_die(2, prog, "%s needs a value", a);
		i++;
		if (strcmp(a, "--ns") == 0)
			ns = v;
		else if (strcmp(a, "--dst") == 0)
			dst = v;
		else if (strcmp(a, "--samples") == 0)
			out = v;
		else if (strcmp(a, "--cc") == 0)
			cc = v;
		else if (strcmp(a, "--port") == 0)
			port = live_parse_u64(prog, a, v, 1, 65535);
		else if (strcmp(a, "--duration-ms") == 0)
			duration_ms = live_parse_u64(prog, a, v, 1, 3600000);
		else if (strcmp(a, "--tx-delay-us") == 0)
			tx_delay = live_parse_u64(prog, a, v, 0, 2147483647);
		else if (strcmp(a, "--sndbuf") == 0)
			sndbuf = live_parse_u64(prog, a, v, 4096, 1073741824);
		else if (strcmp(a, "--sample-us") == 0)
			sample_us = live_parse_u64(prog, a, v, 100, 1000000);
		else if (strcmp(a, "--cpu") == 0)
			cpu = (int)live_parse_u64(prog, a, v, 0, 1023);
		else if (strcmp(a, "--connections") == 0)
			connections = live_parse_u64(prog, a, v, 1, 1000);
		else
			live_die(2, prog, "unknown option '%s'", a);
	}
	if (!port)
		live_die(2, prog, "--port is required");
	if (ns)
		live_enter_netns(prog, ns);
	if (cpu >= 0)
		live_pin_cpu(prog, cpu);
	if (strcmp(mode, "recv") == 0)
		return run_recv((uint16_t)port, quickack, connections);
	if (!dst || !duration_ms || !out)
		live_die(2, prog, "send needs --dst, --duration-ms and --samples");
	return run_send(dst, (uint16_t)port, duration_ms, cc, tx_delay, sndbuf, sample_us, out,
			warm);
}
