// SPDX-License-Identifier: GPL-2.0-only
/*
 * list.c - internal: name lists for error messages (see list.h).
 */
#include <string.h>

#include "list.h"

size_t tsq_list_append(char *buf, size_t len, size_t off, const char *s)
{
	size_t n = strlen(s);

	if (buf && off + 1 < len) {
		size_t room = len - off - 1;
		size_t k = n < room ? n : room;

		memcpy(buf + off, s, k);
		buf[off + k] = '\0';
	}
	return off + n;
}
