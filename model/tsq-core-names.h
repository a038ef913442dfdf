/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_CORE_NAMES_H
#define TSQ_CORE_NAMES_H

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \return "linux-4.14, linux-4.16, ...": the C core's kernel profile names,
 *         for messages that list the valid values
 */
std::string TsqProfileNames();

/**
 * \ingroup tsq
 * \return "off, 3.6, ...": the C core's TSQ rule ids
 */
std::string TsqRuleIds();

/**
 * \ingroup tsq
 * \return "ns3, ath9k, ...": the C core's driver completion profiles
 */
std::string TsqDriverProfileNames();

/**
 * \ingroup tsq
 * \return "tso=3.19|4.15|5.18, ...": the C core's kernel forms by field
 */
std::string TsqFormsAllowed();

/**
 * \ingroup tsq
 * \return "end", "open": the C core's gate release points
 */
std::vector<std::string> TsqGateReleaseNames();

} // namespace ns3

#endif /* TSQ_CORE_NAMES_H */
