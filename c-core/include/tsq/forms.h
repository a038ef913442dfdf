/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/forms.h - a profile's kernel forms by name, so that one run can take
 * a single form from another release ("linux-6.16 with 4.16's cwnd
 * validation") and a bisection between two kernels is one field at a time.
 *
 * A form list is "field=form[,field=form...]": the fields and their forms
 * are the profile's own (the kernel commit of each form is in the header
 * that implements it):
 *   tso=3.19|4.15|5.18             tcp_tso_autosize()          (tso.h)
 *   shortcut=none|empty-or-single|empty
 *                                  tcp_small_queue_check()'s   (rules.h)
 *   cwnd=2014|2020|2022            tcp_cwnd_validate() and
 *                                  tcp_is_cwnd_limited()       (cwnd.h)
 *   rate=u32|u64                   sk_pacing_rate's width      (types.h)
 *   rtt=4.13|4.20|6.1              tcp_ack_update_rtt()'s echo (rtt.h)
 *   hystart=4.x|5.6                CUBIC's HyStart             (hystart.h)
 *   truesize=6.18|4.14-est         skb->truesize model         (tso.h)
 * The TSQ rule and tcp_limit_output_bytes have their own overrides.
 */
#ifndef TSQ_FORMS_H
#define TSQ_FORMS_H

#include "tsq/profile.h"
#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest form list tsq_profile_forms_diff() writes, NUL included */
#define TSQ_FORMS_TEXT_MAX 160

/*
 * tsq_profile_set_forms - overrides p's forms by @list. The whole list is
 * checked before p changes: on an error p is as it was. An empty list
 * changes nothing. Returns TSQ_OK, TSQ_ERR_NOENT (a field or form not
 * listed above) or TSQ_ERR_INVAL (NULL, no '=', an empty or overlong
 * token, a field given twice).
 */
int tsq_profile_set_forms(struct tsq_profile *p, const char *list);

/*
 * tsq_profile_forms_diff - writes into buf the forms of p that differ from
 * base's, as a form list in the order above ("" when none): what a run
 * records of its overrides. Truncated and NUL-terminated when len > 0;
 * returns the length the whole text needs, like snprintf.
 */
size_t tsq_profile_forms_diff(const struct tsq_profile *p, const struct tsq_profile *base,
			      char *buf, size_t len);

/*
 * tsq_profile_forms_allowed - writes the fields and their forms, as
 * "tso=3.19|4.15|5.18, shortcut=...", for error messages. Same contract
 * as tsq_profile_forms_diff.
 */
size_t tsq_profile_forms_allowed(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_FORMS_H */
