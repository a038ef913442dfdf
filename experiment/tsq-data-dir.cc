/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-data-dir.h"

#include <cstdlib>
#include <dlfcn.h>
#include <unistd.h>

namespace ns3
{

namespace
{
/** An object of this library: dladdr() names the file it was loaded from. */
const int g_tsqDataDirAnchor = 0;
} // namespace

std::string
TsqDataDir()
{
    if (const char* env = std::getenv("TSQ_DATA_DIR"))
    {
        if (*env)
        {
            return env;
        }
    }
    Dl_info info;
    if (dladdr(&g_tsqDataDirAnchor, &info) == 0 || !info.dli_fname)
    {
        return "";
    }
    std::string lib = info.dli_fname;
    std::size_t slash = lib.rfind('/');
    std::string dir = slash == std::string::npos ? "." : lib.substr(0, slash);
    for (const char* rel : {"/share/tsq", "/../share/tsq"})
    {
        if (access((dir + rel + "/tsq-plot.sh").c_str(), R_OK) == 0)
        {
            return dir + rel;
        }
    }
    return "";
}

std::string
TsqDataScript(const std::string& name)
{
    std::string dir = TsqDataDir();
    return (dir.empty() ? std::string("$TSQ_DATA_DIR") : dir) + "/" + name;
}

} // namespace ns3
