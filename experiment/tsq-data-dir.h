/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TSQ_DATA_DIR_H
#define TSQ_DATA_DIR_H

#include <string>

namespace ns3
{

/**
 * \ingroup tsq
 * The module's data folder: the scripts the programs run or print
 * (tsq-plot.sh, tsq-merge.sh, tsq-sweep.sh, tsq-sweep-slurm.sh,
 * tsq-live-run.sh), which the build copies to share/tsq beside the
 * experiment library and `make install` installs to <prefix>/share/tsq.
 * \return $TSQ_DATA_DIR if set, else <dir>/share/tsq or <dir>/../share/tsq
 *         of the folder <dir> the experiment library was loaded from
 *         (whichever holds tsq-plot.sh), else "" (not found)
 */
std::string TsqDataDir();

/**
 * \ingroup tsq
 * \param name a script of the data folder (e.g. "tsq-sweep.sh")
 * \return its path, or "$TSQ_DATA_DIR/<name>" (for the user to set) when
 *         the data folder is not found
 */
std::string TsqDataScript(const std::string& name);

} // namespace ns3

#endif /* TSQ_DATA_DIR_H */
