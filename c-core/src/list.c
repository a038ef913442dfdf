// SPDX-License-Identifier: GPL-2.0-only
/*
 * list.c - internal: name lists for error messages and the name <-> enum
 * lookup (see list.h).
 */
#include <string.h>

#include "list.h"
#include "tsq/types.h"

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

const char *tsq_list_name(const char *const *names, unsigned int n, unsigned int i)
{
	return names && i < n && names[i] ? names[i] : "?";
}

int tsq_list_find(const char *const *names, unsigned int n, const char *name,
		  unsigned int *out)
{
	unsigned int i;

	if (!names || !name || !out)
		return TSQ_ERR_INVAL;
	for (i = 0; i < n; i++) {
		if (names[i] && strcmp(name, names[i]) == 0) {
			*out = i;
			return TSQ_OK;
		}
	}
	return TSQ_ERR_NOENT;
}
