/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_ATTRIBUTE_DEFAULTS_H
#define TSQ_ATTRIBUTE_DEFAULTS_H

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup tsq
 * \brief The attribute defaults this process changed: every attribute of
 * every registered TypeId whose configured initial value
 * (--ns3::Type::Attr=value on the command line, Config::SetDefault) differs
 * from the one the TypeId declared, read back from the TypeId registry.
 * \return ("ns3::Type::Attr", value as the attribute serialises it),
 *         sorted by name
 */
std::vector<std::pair<std::string, std::string>> TsqChangedAttributeDefaults();

/**
 * \ingroup tsq
 * \brief The configured default of one attribute, as it serialises.
 * \param typeId a registered TypeId name ("ns3::TsqTcpSocket")
 * \param attribute one of its attributes ("CwndValidation")
 * \return its initial value now (after --ns3::... and Config::SetDefault)
 */
std::string TsqAttributeDefault(const std::string& typeId, const std::string& attribute);

} // namespace ns3

#endif /* TSQ_ATTRIBUTE_DEFAULTS_H */
