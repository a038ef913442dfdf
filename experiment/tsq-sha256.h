/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_SHA256_H
#define TSQ_SHA256_H

#include <string>

/**
 * \file
 * \ingroup tsq
 * SHA-256 (FIPS 180-4), for the run key of a result row and the digest of
 * an input file a run read.
 */

namespace ns3
{

/**
 * \ingroup tsq
 * \param msg a byte string
 * \return its SHA-256 as 64 lower-case hex digits
 */
std::string TsqSha256Hex(const std::string& msg);

/**
 * \ingroup tsq
 * \param path a file
 * \return the SHA-256 of its content as 64 hex digits ("" if unreadable):
 *         a run parameter for an input file, whose name alone does not say
 *         what the run read
 */
std::string TsqFileSha256(const std::string& path);

} // namespace ns3

#endif /* TSQ_SHA256_H */
