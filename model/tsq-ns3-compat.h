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

/*
 * ns-3 3.42 gained its own cwnd validation (commit f75345fa0, "Suppress
 * cwnd growth when rate-limited"): TcpSocketBase sets
 * TcpSocketState::m_isCwndLimited on every data segment and TcpCubic and
 * TcpLinuxReno skip IncreaseWindow while it is false. 1 where that flag
 * exists; the TSQ socket's own (Linux's) validation then sets it for the
 * algorithm it wraps, so one gate decides, not two.
 */
#if TSQ_NS3_AT_LEAST(42)
#define TSQ_NS3_CWND_LIMITED 1
#else
#define TSQ_NS3_CWND_LIMITED 0
#endif

/*
 * ns-3 3.41 fixed TcpRateLinux's delivery rate (commit 1759450302), the
 * defect the TSQ socket's Linux estimator (TsqRateOps) was first needed
 * for: since then both estimators give BBR the same rates. 1 from 3.41 on.
 */
#if TSQ_NS3_AT_LEAST(41)
#define TSQ_NS3_RATE_FIXED 1
#else
#define TSQ_NS3_RATE_FIXED 0
#endif

/*
 * ns-3 3.43 feeds TcpBbr's RTprop filter the last raw RTT sample
 * (commit 3be702f76, "Fix BBR incorrect minRtt updates": m_lastRtt is the
 * last raw sample, the smoothed estimate moved to m_srtt); 3.37 fed it the
 * smoothed estimate. 1 from 3.43 on.
 */
#if TSQ_NS3_AT_LEAST(43)
#define TSQ_NS3_BBR_RAW_RTPROP 1
#else
#define TSQ_NS3_BBR_RAW_RTPROP 0
#endif

/*
 * CommandLine::AddValue with a parser callback: Callback<bool, std::string>
 * in 3.37, Callback<bool, const std::string&> in 3.43. The parser's
 * argument type.
 */
#if TSQ_NS3_AT_LEAST(43)
#define TSQ_CMDLINE_PARSER_ARG const std::string&
#else
#define TSQ_CMDLINE_PARSER_ARG std::string
#endif

/*
 * WifiMode::GetDataRate(width, guard interval, nss): the guard interval is
 * a uint16_t in ns in 3.37 and a Time in 3.43 (the width a MHz_u double).
 */
#if TSQ_NS3_AT_LEAST(43)
#define TSQ_WIFI_MODE_DATA_RATE(mode, widthMhz, guardNs, nss)                                      \
    ((mode).GetDataRate((widthMhz), NanoSeconds(guardNs), (nss)))
#else
#define TSQ_WIFI_MODE_DATA_RATE(mode, widthMhz, guardNs, nss)                                      \
    ((mode).GetDataRate((widthMhz), (guardNs), (nss)))
#endif

/*
 * EnumValue is a class in 3.37 and a class template over the enum type,
 * EnumValue<T>, in 3.43.
 */
#if TSQ_NS3_AT_LEAST(43)
#define TSQ_ENUM_VALUE(T) EnumValue<T>
#else
#define TSQ_ENUM_VALUE(T) EnumValue
#endif

/*
 * The IPv4 ping application: V4Ping (ns3/v4ping-helper.h, trace "Rtt" of
 * (Time)) in 3.37; Ping (ns3/ping-helper.h, trace "Rtt" of (uint16_t
 * sequence number, Time)) in 3.43, where V4Ping is gone. V4Ping prints
 * nothing; Ping prints each reply unless its VerboseMode is Silent.
 */
#if TSQ_NS3_AT_LEAST(43)
#define TSQ_PING_HELPER_HEADER "ns3/ping-helper.h"
#define TSQ_PING_HELPER PingHelper
#define TSQ_PING_TYPE "ns3::Ping"
#define TSQ_PING_RTT_ARGS uint16_t, Time rtt
/* 3.43's Ping prints every reply on stdout unless told to be silent. */
#define TSQ_PING_SILENCE(helper) (helper).SetAttribute("VerboseMode", StringValue("Silent"))
#else
#define TSQ_PING_HELPER_HEADER "ns3/v4ping-helper.h"
#define TSQ_PING_HELPER V4PingHelper
#define TSQ_PING_TYPE "ns3::V4Ping"
#define TSQ_PING_RTT_ARGS Time rtt
#define TSQ_PING_SILENCE(helper) ((void)0)
#endif

/*
 * A test case's duration and a test suite's type are the scoped enums
 * TestCase::Duration and TestSuite::Type since 3.42 (the plain enumerators
 * are deprecated there); 3.37 has the plain ones.
 */
#if TSQ_NS3_AT_LEAST(42)
#define TSQ_TEST_QUICK TestCase::Duration::QUICK
#define TSQ_TEST_UNIT TestSuite::Type::UNIT
#define TSQ_TEST_SYSTEM TestSuite::Type::SYSTEM
#else
#define TSQ_TEST_QUICK TestCase::QUICK
#define TSQ_TEST_UNIT TestSuite::UNIT
#define TSQ_TEST_SYSTEM TestSuite::SYSTEM
#endif

/**
 * The BlockAck buffer a recipient offers: HeConfiguration::MpduBufferSize
 * (64 or, above 64, 256) up to 3.40; WifiMac::MpduBufferSize (capped by
 * the standard) since 3.41 (ns-3 commit 92580cb10, "wifi: Add a WifiMac
 * attribute to configure BlockAck buffer size"), the HE one obsolete.
 */
#if TSQ_NS3_AT_LEAST(41)
#define TSQ_NS3_MAC_MPDU_BUFFER 1
#define TSQ_MPDU_BUFFER_ATTRIBUTE "ns3::WifiMac::MpduBufferSize"
#else
#define TSQ_NS3_MAC_MPDU_BUFFER 0
#define TSQ_MPDU_BUFFER_ATTRIBUTE "ns3::HeConfiguration::MpduBufferSize"
#endif

#endif /* TSQ_NS3_COMPAT_H */
