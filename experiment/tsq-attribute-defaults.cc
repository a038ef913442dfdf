/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-attribute-defaults.h"

#include "ns3/abort.h"
#include "ns3/type-id.h"

#include <algorithm>

namespace ns3
{

std::vector<std::pair<std::string, std::string>>
TsqChangedAttributeDefaults()
{
    std::vector<std::pair<std::string, std::string>> changed;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId tid = TypeId::GetRegistered(i);
        for (std::size_t a = 0; a < tid.GetAttributeN(); ++a)
        {
            TypeId::AttributeInformation info = tid.GetAttribute(a);
            if (!info.initialValue || !info.originalInitialValue || !info.checker ||
                info.initialValue == info.originalInitialValue)
            {
                continue; // never set (Config::Reset restores the same object)
            }
            std::string now = info.initialValue->SerializeToString(info.checker);
            if (now != info.originalInitialValue->SerializeToString(info.checker))
            {
                changed.emplace_back(tid.GetName() + "::" + info.name, now);
            }
        }
    }
    std::sort(changed.begin(), changed.end());
    return changed;
}

std::string
TsqAttributeDefault(const std::string& typeId, const std::string& attribute)
{
    TypeId::AttributeInformation info;
    bool found = TypeId::LookupByName(typeId).LookupAttributeByName(attribute, &info);
    NS_ABORT_MSG_UNLESS(found, "no attribute " << typeId << "::" << attribute);
    return info.initialValue->SerializeToString(info.checker);
}

} // namespace ns3
