// SPDX-License-Identifier: GPL-2.0-only
/*
 * forms.c - a profile's kernel forms by name (see tsq/forms.h).
 */
#include <string.h>

#include "list.h"
#include "tsq/cwnd.h"
#include "tsq/forms.h"
#include "tsq/hystart.h"
#include "tsq/rtt.h"
#include "tsq/rules.h"
#include "tsq/tso.h"

/* The fields, in the order of the header's list */
enum tsq_form_id {
	FORM_TSO,
	FORM_SHORTCUT,
	FORM_CWND,
	FORM_RATE,
	FORM_RTT,
	FORM_HYSTART,
	FORM_TRUESIZE,
};

/* Longest token "field=form" taken from a list */
#define TSQ_FORM_TOKEN_MAX 32

static const char *const tsq_rate_width_names[] = {
	[TSQ_RATE_U32] = "u32",
	[TSQ_RATE_U64] = "u64",
};

/* The truesize models by the release they describe */
static const struct tsq_truesize_model *const tsq_truesize_models[] = {
	&tsq_truesize_linux_6_18,
	&tsq_truesize_linux_4_14_est,
};

static const char *const tsq_truesize_names[] = {
	"6.18",
	"4.14-est",
};

#define TSQ_NTRUESIZE (sizeof(tsq_truesize_names) / sizeof(tsq_truesize_names[0]))

static const char *form_tso(unsigned int v)
{
	return tsq_tso_form_name((enum tsq_tso_form)v);
}

static const char *form_shortcut(unsigned int v)
{
	return tsq_shortcut_name((enum tsq_shortcut)v);
}

static const char *form_cwnd(unsigned int v)
{
	return tsq_cwnd_form_name((enum tsq_cwnd_form)v);
}

static const char *form_rate(unsigned int v)
{
	return tsq_list_name(tsq_rate_width_names, 2, v);
}

static const char *form_rtt(unsigned int v)
{
	return tsq_rtt_form_name((enum tsq_rtt_form)v);
}

static const char *form_hystart(unsigned int v)
{
	return tsq_hystart_form_name((enum tsq_hystart_form)v);
}

static const char *form_truesize(unsigned int v)
{
	return tsq_list_name(tsq_truesize_names, TSQ_NTRUESIZE, v);
}

/* The index of p's truesize model in tsq_truesize_models (0 if unlisted) */
static unsigned int truesize_index(const struct tsq_profile *p)
{
	unsigned int i;

	for (i = 0; i < TSQ_NTRUESIZE; i++)
		if (p->truesize == tsq_truesize_models[i])
			return i;
	return 0;
}

static unsigned int form_get(const struct tsq_profile *p, enum tsq_form_id field)
{
	switch (field) {
	case FORM_TSO: return (unsigned int)p->tso_form;
	case FORM_SHORTCUT: return (unsigned int)p->shortcut;
	case FORM_CWND: return (unsigned int)p->cwnd_form;
	case FORM_RATE: return (unsigned int)p->rate_width;
	case FORM_RTT: return (unsigned int)p->rtt_form;
	case FORM_HYSTART: return (unsigned int)p->hystart_form;
	case FORM_TRUESIZE: return truesize_index(p);
	default: return 0;
	}
}

static void form_set(struct tsq_profile *p, enum tsq_form_id field, unsigned int v)
{
	switch (field) {
	case FORM_TSO: p->tso_form = (enum tsq_tso_form)v; break;
	case FORM_SHORTCUT: p->shortcut = (enum tsq_shortcut)v; break;
	case FORM_CWND: p->cwnd_form = (enum tsq_cwnd_form)v; break;
	case FORM_RATE: p->rate_width = (enum tsq_rate_width)v; break;
	case FORM_RTT: p->rtt_form = (enum tsq_rtt_form)v; break;
	case FORM_HYSTART: p->hystart_form = (enum tsq_hystart_form)v; break;
	case FORM_TRUESIZE: p->truesize = tsq_truesize_models[v]; break;
	default: break;
	}
}

struct tsq_form_field {
	const char *name;
	unsigned int count;
	const char *(*form_name)(unsigned int v);
};

/* Indexed by enum tsq_form_id */
static const struct tsq_form_field tsq_form_fields[] = {
	[FORM_TSO] = { "tso", TSQ_TSO__COUNT, form_tso },
	[FORM_SHORTCUT] = { "shortcut", TSQ_SHORTCUT__COUNT, form_shortcut },
	[FORM_CWND] = { "cwnd", TSQ_CWND__COUNT, form_cwnd },
	[FORM_RATE] = { "rate", 2, form_rate },
	[FORM_RTT] = { "rtt", TSQ_RTT__COUNT, form_rtt },
	[FORM_HYSTART] = { "hystart", TSQ_HYSTART__COUNT, form_hystart },
	[FORM_TRUESIZE] = { "truesize", TSQ_NTRUESIZE, form_truesize },
};

#define TSQ_NFIELDS (sizeof(tsq_form_fields) / sizeof(tsq_form_fields[0]))

/* Sets *out to the index of @name among the fields */
static int find_field(const char *name, unsigned int *out)
{
	unsigned int i;

	for (i = 0; i < TSQ_NFIELDS; i++) {
		if (strcmp(name, tsq_form_fields[i].name) == 0) {
			*out = i;
			return TSQ_OK;
		}
	}
	return TSQ_ERR_NOENT;
}

/* Sets *out to the value of field whose form is named @name */
static int find_form(unsigned int field, const char *name, unsigned int *out)
{
	const struct tsq_form_field *f = &tsq_form_fields[field];
	unsigned int v;

	for (v = 0; v < f->count; v++) {
		if (strcmp(name, f->form_name(v)) == 0) {
			*out = v;
			return TSQ_OK;
		}
	}
	return TSQ_ERR_NOENT;
}

/* Applies one "field=form" token (NUL-terminated, in tok) to p */
static int apply_token(struct tsq_profile *p, char *tok, unsigned int *seen)
{
	char *eq = strchr(tok, '=');
	unsigned int field, v;
	int r;

	if (!eq || eq == tok || !eq[1])
		return TSQ_ERR_INVAL;
	*eq = '\0';
	r = find_field(tok, &field);
	if (r == TSQ_OK)
		r = find_form(field, eq + 1, &v);
	if (r != TSQ_OK)
		return r;
	if (*seen & (1u << field))
		return TSQ_ERR_INVAL;
	*seen |= 1u << field;
	form_set(p, field, v);
	return TSQ_OK;
}

int tsq_profile_set_forms(struct tsq_profile *p, const char *list)
{
	struct tsq_profile work;
	char tok[TSQ_FORM_TOKEN_MAX];
	unsigned int seen = 0;
	const char *s;

	if (!p || !list)
		return TSQ_ERR_INVAL;
	work = *p;
	for (s = list; *s;) {
		size_t n = strcspn(s, ",");
		int r;

		if (n == 0 || n >= sizeof(tok))
			return TSQ_ERR_INVAL;
		memcpy(tok, s, n);
		tok[n] = '\0';
		r = apply_token(&work, tok, &seen);
		if (r != TSQ_OK)
			return r;
		s += n;
		if (*s == ',' && !*++s)
			return TSQ_ERR_INVAL;	/* a trailing comma */
	}
	*p = work;
	return TSQ_OK;
}

/* Appends "field=form" at off, with a comma before all but the first */
static size_t append_form(char *buf, size_t len, size_t off, unsigned int field,
			  unsigned int v)
{
	const struct tsq_form_field *f = &tsq_form_fields[field];

	if (off)
		off = tsq_list_append(buf, len, off, ",");
	off = tsq_list_append(buf, len, off, f->name);
	off = tsq_list_append(buf, len, off, "=");
	return tsq_list_append(buf, len, off, f->form_name(v));
}

size_t tsq_profile_forms_diff(const struct tsq_profile *p, const struct tsq_profile *base,
			      char *buf, size_t len)
{
	size_t off = 0;
	unsigned int i;

	if (buf && len)
		buf[0] = '\0';
	if (!p || !base)
		return 0;
	for (i = 0; i < TSQ_NFIELDS; i++) {
		unsigned int v = form_get(p, i);

		if (v != form_get(base, i))
			off = append_form(buf, len, off, i, v);
	}
	return off;
}

size_t tsq_profile_forms_allowed(char *buf, size_t len)
{
	size_t off = 0;
	unsigned int i, v;

	if (buf && len)
		buf[0] = '\0';
	for (i = 0; i < TSQ_NFIELDS; i++) {
		const struct tsq_form_field *f = &tsq_form_fields[i];

		if (i)
			off = tsq_list_append(buf, len, off, ", ");
		off = tsq_list_append(buf, len, off, f->name);
		for (v = 0; v < f->count; v++) {
			off = tsq_list_append(buf, len, off, v ? "|" : "=");
			off = tsq_list_append(buf, len, off, f->form_name(v));
		}
	}
	return off;
}
