/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * list.h - internal: building "a, b, c" name lists into caller buffers,
 * and the one name <-> enum lookup every table of names uses.
 */
#ifndef TSQ_SRC_LIST_H
#define TSQ_SRC_LIST_H

#include <stddef.h>

/*
 * Appends s at offset off of buf (len bytes), truncating and keeping buf
 * NUL-terminated. Returns off + strlen(s): the length the untruncated text
 * needs, so callers can report it like snprintf.
 */
size_t tsq_list_append(char *buf, size_t len, size_t off, const char *s);

/* names[i], or "?" for i >= n (an enum value out of range) */
const char *tsq_list_name(const char *const *names, unsigned int n, unsigned int i);

/*
 * Sets *out to the index of @name in names[0..n). Returns TSQ_OK,
 * TSQ_ERR_NOENT (no such name; *out unchanged) or TSQ_ERR_INVAL (NULL).
 */
int tsq_list_find(const char *const *names, unsigned int n, const char *name,
		  unsigned int *out);

#endif /* TSQ_SRC_LIST_H */
