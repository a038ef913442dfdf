/* SPDX-License-Identifier: GPL-2.0-only */
/* list.h - internal: building "a, b, c" name lists into caller buffers. */
#ifndef TSQ_SRC_LIST_H
#define TSQ_SRC_LIST_H

#include <stddef.h>

/*
 * Appends s at offset off of buf (len bytes), truncating and keeping buf
 * NUL-terminated. Returns off + strlen(s): the length the untruncated text
 * needs, so callers can report it like snprintf.
 */
size_t tsq_list_append(char *buf, size_t len, size_t off, const char *s);

#endif /* TSQ_SRC_LIST_H */
