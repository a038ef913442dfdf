/* SPDX-License-Identifier: GPL-2.0-only */
/* tsq/tsq.h - umbrella header of the TSQ core. */
#ifndef TSQ_TSQ_H
#define TSQ_TSQ_H

#include "tsq/types.h"
#include "tsq/rules.h"
#include "tsq/sock.h"
#include "tsq/pacing.h"
#include "tsq/tso.h"
#include "tsq/cwnd.h"
#include "tsq/profile.h"
#include "tsq/forms.h"
#include "tsq/ampdu.h"
#include "tsq/completion.h"
#include "tsq/rate.h"
#include "tsq/rtt.h"
#include "tsq/gate.h"
#include "tsq/hystart.h"
#include "tsq/xmit.h"
#include "tsq/txtime.h"
#include "tsq/edca.h"
#include "tsq/ath9k.h"
#include "tsq/edca_gate.h"

#endif /* TSQ_TSQ_H */
