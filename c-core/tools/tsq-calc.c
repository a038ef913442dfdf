// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsq-calc - the kernel's TSQ answers without a simulation.
 *
 *   tsq-calc limit --rule ID --rate N|unknown [--shift S] [--truesize T]
 *                  [--lob N] [--factor 0|1] [--floor N] [--paced] [--verbose]
 *   tsq-calc pacing-rate --mss N --cwnd N [--packets-out N] [--ssthresh N|inf]
 *                  --srtt-us N [--max-rate N] [--ss-ratio N] [--ca-ratio N]
 *                  [--width u32|u64] [--verbose]
 *   tsq-calc tso-segs --form 3.19|4.15|5.18 --rate N|unknown --mss N [--shift S]
 *                  [--min-rtt-us N|unknown] [--gso-max-size N] [--gso-max-segs N]
 *                  [--min-tso-segs N] [--max-tcp-header N] [--tso-rtt-log N] [--verbose]
 *   tsq-calc rules
 *   tsq-calc --help | tsq-calc SUBCOMMAND --help
 *
 * One line per answer: the number, or key=value pairs with --verbose.
 * Exit status 2 with a message naming the bad argument, its value and the
 * allowed range for malformed input.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tsq/tsq.h"

#define EXIT_USAGE 2

static int usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "tsq-calc: %s: '%s'; usage: tsq-calc limit|pacing-rate|tso-segs|rules"
		" [options] (tsq-calc SUBCOMMAND --help)\n", what, arg ? arg : "(missing)");
	return EXIT_USAGE;
}

/* A malformed number: the option, the value as given, the allowed range. */
static int value_error(const char *name, const char *arg, u64 max, const char *word)
{
	fprintf(stderr, "tsq-calc: %s='%s' is not a number in range; allowed: 0..%" PRIu64 "%s%s\n",
		name, arg ? arg : "(missing)", max, word ? " or " : "", word ? word : "");
	return EXIT_USAGE;
}

struct subcommand_help {
	const char *name;
	const char *text;
};

static const struct subcommand_help helps[] = {
	{ "limit",
	  "tsq-calc limit --rule ID --rate N|unknown [options]: the TSQ limit in bytes\n"
	  "  --rule ID          a rule id of 'tsq-calc rules' (off, 3.6 .. 6.16)\n"
	  "  --rate N|unknown   sk_pacing_rate, bytes/s (0..2^64-1)\n"
	  "  --shift S          sk_pacing_shift (0..31; default 10)\n"
	  "  --truesize T       one skb's truesize, bytes (default 2280)\n"
	  "  --lob N            tcp_limit_output_bytes (default: the rule's)\n"
	  "  --factor 0|1       the 4.15+ factor (TSQ_THROTTLED retry)\n"
	  "  --floor N          the article's fixed floor, bytes\n"
	  "  --tx-delay-us N    TCP_TX_DELAY's budget (rules 5.0, 6.16)\n"
	  "  --paced            the socket is paced (fq)\n"
	  "  --verbose          key=value line with every input\n" },
	{ "pacing-rate",
	  "tsq-calc pacing-rate --mss N --cwnd N --srtt-us N [options]: tcp_update_pacing_rate()\n"
	  "  --mss N            bytes (0..2^32-1)\n"
	  "  --cwnd N           segments (0..2^32-1)\n"
	  "  --srtt-us N        smoothed RTT, us (0..2^29-1)\n"
	  "  --packets-out N    segments in flight\n"
	  "  --ssthresh N|inf   segments\n"
	  "  --max-rate N|unknown  sk_max_pacing_rate, bytes/s\n"
	  "  --ss-ratio N       tcp_pacing_ss_ratio, percent (0..1000; default 200)\n"
	  "  --ca-ratio N       tcp_pacing_ca_ratio, percent (0..1000; default 120)\n"
	  "  --width u32|u64    the rate's width (u32 before 4.13)\n"
	  "  --verbose          key=value line with every input\n" },
	{ "tso-segs",
	  "tsq-calc tso-segs --form 3.19|4.15|5.18 --rate N|unknown --mss N [options]:\n"
	  "  tcp_tso_autosize()'s segments per skb\n"
	  "  --form F           3.19, 4.15 or 5.18\n"
	  "  --rate N|unknown   sk_pacing_rate, bytes/s\n"
	  "  --mss N            bytes (1..2^32-1)\n"
	  "  --shift S          sk_pacing_shift (0..31; default 10)\n"
	  "  --min-rtt-us N|unknown  5.18's RTT-based size\n"
	  "  --gso-max-size N   bytes (default 65536)\n"
	  "  --gso-max-segs N   segments (default 65535)\n"
	  "  --min-tso-segs N   sysctl tcp_min_tso_segs (default 2)\n"
	  "  --max-tcp-header N bytes (default 304)\n"
	  "  --tso-rtt-log N    sysctl tcp_tso_rtt_log (0..255; default 9)\n"
	  "  --verbose          key=value line with every input\n" },
	{ "rules",
	  "tsq-calc rules: every rule and kernel profile, one key=value line each\n" },
};

/* --help anywhere after a subcommand: its usage, exit 0. */
static int subcommand_help(const char *name, int argc, char **argv)
{
	unsigned int i;
	int k;

	for (k = 2; k < argc; k++)
		if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0)
			break;
	if (k == argc)
		return -1;
	for (i = 0; i < sizeof(helps) / sizeof(helps[0]); i++) {
		if (strcmp(helps[i].name, name) == 0) {
			fputs(helps[i].text, stdout);
			return 0;
		}
	}
	return -1;
}

/* Parses a decimal u64 in [0, max]; "unknown"/"inf" map to special. */
static int parse_u64(const char *s, u64 max, const char *word, u64 special, u64 *out)
{
	char *end;
	unsigned long long v;

	if (!s || !*s)
		return -1;
	if (word && strcmp(s, word) == 0) {
		*out = special;
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

struct opts {
	int argc;
	char **argv;
	int i;
	bool verbose;
};

/* Next option value or NULL */
static const char *opt_value(struct opts *o)
{
	if (o->i + 1 >= o->argc)
		return NULL;
	return o->argv[++o->i];
}

#define GET_U64(o, name, max, word, special, dst)				\
	do {									\
		const char *v_ = opt_value(o);					\
		u64 t_;								\
		if (parse_u64(v_, (max), (word), (special), &t_))		\
			return value_error(name, v_, (max), (word));		\
		(dst) = t_;							\
	} while (0)

static int cmd_limit(struct opts *o)
{
	struct tsq_limit_in in = { .rule = TSQ_RULE_6_16, .pacing_shift = 10, .truesize = 2280 };
	bool have_rule = false, have_rate = false, have_lob = false, rate_unknown = false;
	const struct tsq_rule_info *ri;
	u64 v, limit;
	int err;

	for (o->i = 2; o->i < o->argc; o->i++) {
		const char *a = o->argv[o->i];

		if (strcmp(a, "--rule") == 0) {
			const char *r = opt_value(o);

			if (!r || tsq_rule_from_id(r, &in.rule))
				return usage_error("bad value for --rule (try 'tsq-calc rules')", r);
			have_rule = true;
		} else if (strcmp(a, "--rate") == 0) {
			GET_U64(o, "--rate", UINT64_MAX, "unknown", UINT64_MAX, in.pacing_rate);
			rate_unknown = strcmp(o->argv[o->i], "unknown") == 0;
			have_rate = true;
		} else if (strcmp(a, "--shift") == 0) {
			GET_U64(o, "--shift", TSQ_SHIFT_MAX, NULL, 0, v);
			in.pacing_shift = (u32)v;
		} else if (strcmp(a, "--truesize") == 0) {
			GET_U64(o, "--truesize", TSQ_TRUESIZE_MAX, NULL, 0, v);
			in.truesize = (u32)v;
		} else if (strcmp(a, "--lob") == 0) {
			GET_U64(o, "--lob", TSQ_LOB_MAX, NULL, 0, v);
			in.limit_output_bytes = (u32)v;
			have_lob = true;
		} else if (strcmp(a, "--factor") == 0) {
			GET_U64(o, "--factor", 1, NULL, 0, v);
			in.factor = (u32)v;
		} else if (strcmp(a, "--floor") == 0) {
			GET_U64(o, "--floor", TSQ_FLOOR_MAX, NULL, 0, in.floor);
		} else if (strcmp(a, "--tx-delay-us") == 0) {
			GET_U64(o, "--tx-delay-us", TSQ_TX_DELAY_MAX, NULL, 0, v);
			in.tx_delay_us = (u32)v;
		} else if (strcmp(a, "--paced") == 0) {
			in.paced = true;
		} else if (strcmp(a, "--verbose") == 0) {
			o->verbose = true;
		} else {
			return usage_error("unknown option", a);
		}
	}
	if (!have_rule)
		return usage_error("missing option", "--rule");
	if (!have_rate)
		return usage_error("missing option", "--rate");
	ri = tsq_rule_info(in.rule);
	if (rate_unknown)
		in.pacing_rate = tsq_rate_unknown(ri->rate_width);
	if (!have_lob)
		in.limit_output_bytes = ri->default_lob;
	err = tsq_limit(&in, &limit);
	if (err)
		return usage_error(tsq_strerror(err), "limit");
	if (!o->verbose) {
		if (in.rule == TSQ_RULE_OFF)
			printf("none\n");
		else
			printf("%" PRIu64 "\n", limit);
		return 0;
	}
	printf("rule=%s commit=%s rate=%" PRIu64 " shift=%u truesize=%u lob=%u factor=%u floor=%" PRIu64
	       " paced=%d tx_delay_us=%u limit=%" PRIu64 "\n", ri->id, ri->commit, in.pacing_rate,
	       in.pacing_shift, in.truesize, in.limit_output_bytes, in.factor, in.floor,
	       in.paced ? 1 : 0, in.tx_delay_us, limit);
	return 0;
}

static int cmd_pacing(struct opts *o)
{
	struct tsq_pacing_in in;
	bool have_mss = false, have_cwnd = false, have_srtt = false;
	u64 v, rate;

	tsq_pacing_in_init(&in);
	for (o->i = 2; o->i < o->argc; o->i++) {
		const char *a = o->argv[o->i];

		if (strcmp(a, "--mss") == 0) {
			GET_U64(o, "--mss", UINT32_MAX, NULL, 0, v);
			in.mss = (u32)v;
			have_mss = true;
		} else if (strcmp(a, "--cwnd") == 0) {
			GET_U64(o, "--cwnd", UINT32_MAX, NULL, 0, v);
			in.cwnd = (u32)v;
			have_cwnd = true;
		} else if (strcmp(a, "--packets-out") == 0) {
			GET_U64(o, "--packets-out", UINT32_MAX, NULL, 0, v);
			in.packets_out = (u32)v;
		} else if (strcmp(a, "--ssthresh") == 0) {
			GET_U64(o, "--ssthresh", UINT32_MAX, "inf", TSQ_INFINITE_SSTHRESH, v);
			in.ssthresh = (u32)v;
		} else if (strcmp(a, "--srtt-us") == 0) {
			GET_U64(o, "--srtt-us", UINT32_MAX >> 3, NULL, 0, v);
			in.srtt_x8_us = (u32)v << 3;
			have_srtt = true;
		} else if (strcmp(a, "--max-rate") == 0) {
			GET_U64(o, "--max-rate", UINT64_MAX, "unknown", UINT64_MAX, in.max_pacing_rate);
		} else if (strcmp(a, "--ss-ratio") == 0) {
			GET_U64(o, "--ss-ratio", 1000, NULL, 0, v);
			in.ss_ratio = (u32)v;
		} else if (strcmp(a, "--ca-ratio") == 0) {
			GET_U64(o, "--ca-ratio", 1000, NULL, 0, v);
			in.ca_ratio = (u32)v;
		} else if (strcmp(a, "--width") == 0) {
			const char *w = opt_value(o);

			if (w && strcmp(w, "u32") == 0)
				in.width = TSQ_RATE_U32;
			else if (w && strcmp(w, "u64") == 0)
				in.width = TSQ_RATE_U64;
			else
				return usage_error("bad value for --width (u32|u64)", w);
		} else if (strcmp(a, "--verbose") == 0) {
			o->verbose = true;
		} else {
			return usage_error("unknown option", a);
		}
	}
	if (!have_mss)
		return usage_error("missing option", "--mss");
	if (!have_cwnd)
		return usage_error("missing option", "--cwnd");
	if (!have_srtt)
		return usage_error("missing option", "--srtt-us");
	if (tsq_update_pacing_rate(&in, &rate))
		return usage_error("invalid input", "pacing-rate");
	if (!o->verbose) {
		printf("%" PRIu64 "\n", rate);
		return 0;
	}
	printf("mss=%u cwnd=%u packets_out=%u ssthresh=%u srtt_us=%u ratio=%u width=%s pacing_rate=%" PRIu64 "\n",
	       in.mss, in.cwnd, in.packets_out, in.ssthresh, in.srtt_x8_us >> 3,
	       in.cwnd < in.ssthresh / 2 ? in.ss_ratio : in.ca_ratio,
	       in.width == TSQ_RATE_U32 ? "u32" : "u64", rate);
	return 0;
}

static int cmd_tso(struct opts *o)
{
	struct tsq_tso_in in;
	bool have_form = false, have_rate = false, have_mss = false, rate_unknown = false;
	u64 v;
	u32 segs;
	int err;

	tsq_tso_in_init(&in);
	for (o->i = 2; o->i < o->argc; o->i++) {
		const char *a = o->argv[o->i];

		if (strcmp(a, "--form") == 0) {
			const char *f = opt_value(o);

			if (!f || tsq_tso_form_from_name(f, &in.form))
				return usage_error("bad value for --form (3.19|4.15|5.18)", f);
			have_form = true;
		} else if (strcmp(a, "--rate") == 0) {
			GET_U64(o, "--rate", UINT64_MAX, "unknown", UINT64_MAX, in.pacing_rate);
			rate_unknown = strcmp(o->argv[o->i], "unknown") == 0;
			have_rate = true;
		} else if (strcmp(a, "--mss") == 0) {
			GET_U64(o, "--mss", UINT32_MAX, NULL, 0, v);
			if (v == 0)
				return usage_error("bad value for --mss (allowed: 1..4294967295)",
						   o->argv[o->i]);
			in.mss = (u32)v;
			have_mss = true;
		} else if (strcmp(a, "--shift") == 0) {
			GET_U64(o, "--shift", TSQ_SHIFT_MAX, NULL, 0, v);
			in.pacing_shift = (u32)v;
		} else if (strcmp(a, "--min-rtt-us") == 0) {
			GET_U64(o, "--min-rtt-us", UINT32_MAX, "unknown", TSQ_MIN_RTT_UNKNOWN, v);
			in.min_rtt_us = (u32)v;
		} else if (strcmp(a, "--gso-max-size") == 0) {
			GET_U64(o, "--gso-max-size", UINT32_MAX, NULL, 0, v);
			in.gso_max_size = (u32)v;
		} else if (strcmp(a, "--gso-max-segs") == 0) {
			GET_U64(o, "--gso-max-segs", UINT32_MAX, NULL, 0, v);
			in.gso_max_segs = (u32)v;
		} else if (strcmp(a, "--min-tso-segs") == 0) {
			GET_U64(o, "--min-tso-segs", UINT32_MAX, NULL, 0, v);
			in.min_tso_segs = (u32)v;
		} else if (strcmp(a, "--max-tcp-header") == 0) {
			GET_U64(o, "--max-tcp-header", UINT32_MAX, NULL, 0, v);
			in.max_tcp_header = (u32)v;
		} else if (strcmp(a, "--tso-rtt-log") == 0) {
			GET_U64(o, "--tso-rtt-log", 255, NULL, 0, v);
			in.tso_rtt_log = (u32)v;
		} else if (strcmp(a, "--verbose") == 0) {
			o->verbose = true;
		} else {
			return usage_error("unknown option", a);
		}
	}
	if (!have_form)
		return usage_error("missing option", "--form");
	if (!have_rate)
		return usage_error("missing option", "--rate");
	if (!have_mss)
		return usage_error("missing option", "--mss");
	if (rate_unknown)
		in.pacing_rate = in.form == TSQ_TSO_5_18 ? TSQ_RATE_UNKNOWN_U64 : TSQ_RATE_UNKNOWN_U32;
	err = tsq_tso_autosize(&in, &segs);
	if (err)
		return usage_error(tsq_strerror(err), "tso-segs (check --gso-max-size/--max-tcp-header)");
	if (!o->verbose) {
		printf("%u\n", segs);
		return 0;
	}
	printf("form=%s rate=%" PRIu64 " shift=%u mss=%u min_rtt_us=%u gso_max_size=%u gso_max_segs=%u"
	       " min_tso_segs=%u segs=%u bytes=%" PRIu64 "\n", tsq_tso_form_name(in.form),
	       in.pacing_rate, in.pacing_shift, in.mss, in.min_rtt_us, in.gso_max_size,
	       in.gso_max_segs, in.min_tso_segs, segs, (u64)segs * in.mss);
	return 0;
}

static int cmd_rules(struct opts *o)
{
	unsigned int i;

	if (o->argc > 2)
		return usage_error("unknown option", o->argv[2]);
	for (i = 0; i < tsq_rule_count(); i++) {
		const struct tsq_rule_info *ri = tsq_rule_info((enum tsq_rule)i);

		printf("rule=%s release=%s commit=%s default_lob=%u rate=%s formula=\"%s\"\n",
		       ri->id, ri->release, ri->commit, ri->default_lob,
		       ri->rate_width == TSQ_RATE_U32 ? "u32" : "u64", ri->formula);
	}
	for (i = 0; i < tsq_profile_count(); i++) {
		const struct tsq_profile *p = tsq_profile_at(i);

		printf("profile=%s rule=%s tso=%s shortcut=%s cwnd=%s lob=%u rate=%s truesize=%s"
		       " description=\"%s\"\n", p->name, tsq_rule_id(p->rule),
		       tsq_tso_form_name(p->tso_form), tsq_shortcut_name(p->shortcut),
		       tsq_cwnd_form_name(p->cwnd_form), p->limit_output_bytes,
		       p->rate_width == TSQ_RATE_U32 ? "u32" : "u64",
		       p->truesize->estimate ? "estimate" : "measured", p->description);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o = { .argc = argc, .argv = argv };

	unsigned int i;

	if (argc < 2)
		return usage_error("missing subcommand", NULL);
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		puts("tsq-calc: the kernel's TSQ answers without a simulation\n"
		     "usage: tsq-calc SUBCOMMAND [options]; tsq-calc SUBCOMMAND --help");
		for (i = 0; i < sizeof(helps) / sizeof(helps[0]); i++)
			fputs(helps[i].text, stdout);
		return 0;
	}
	if (subcommand_help(argv[1], argc, argv) == 0)
		return 0;
	if (strcmp(argv[1], "limit") == 0)
		return cmd_limit(&o);
	if (strcmp(argv[1], "pacing-rate") == 0)
		return cmd_pacing(&o);
	if (strcmp(argv[1], "tso-segs") == 0)
		return cmd_tso(&o);
	if (strcmp(argv[1], "rules") == 0)
		return cmd_rules(&o);
	return usage_error("unknown subcommand", argv[1]);
}
