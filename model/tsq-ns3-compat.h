/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_NS3_COMPAT_H
#define TSQ_NS3_COMPAT_H

/**
 * \file
 * \ingroup tsq
 * The ns-3 API differences between the releases this module builds
 * against (3.37, Debian 12; 3.43, Debian 13): one macro per difference,
 * each naming the change and the release it is known from. Nothing else
 * in the module tests the ns-3 version.
 */

#include "ns3/version-defines.h"

/** True if the ns-3 being built against is 3.\p minor or later. */
#define TSQ_NS3_AT_LEAST(minor)                                                                    \
    (NS3_VERSION_MAJOR > 3 || (NS3_VERSION_MAJOR == 3 && NS3_VERSION_MINOR >= (minor)))

/*
 * TcpSocketBase::ProcessAck has a fifth parameter, bool receivedData (the
 * ACK carried data), in 3.43; 3.37 has four. TSQ_PROCESS_ACK_EXTRA_PARAM
 * ends the parameter list of an override, TSQ_PROCESS_ACK_EXTRA_ARG the
 * argument list of the call to the base.
 */
#if TSQ_NS3_AT_LEAST(43)
#define TSQ_PROCESS_ACK_EXTRA_PARAM , bool receivedData
#define TSQ_PROCESS_ACK_EXTRA_ARG , receivedData
#else
#define TSQ_PROCESS_ACK_EXTRA_PARAM
#define TSQ_PROCESS_ACK_EXTRA_ARG
#endif

/*
 * EventId::IsRunning is deprecated since 3.42 in favour of IsPending (same
 * meaning: scheduled, neither run nor cancelled).
 */
#if TSQ_NS3_AT_LEAST(42)
#define TSQ_EVENT_PENDING(event) ((event).IsPending())
#else
#define TSQ_EVENT_PENDING(event) ((event).IsRunning())
#endif

#endif /* TSQ_NS3_COMPAT_H */
