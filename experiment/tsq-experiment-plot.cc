/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TsqExperiment's plots: goodput and ping against the points' X, both in
// one figure, and the time series of two runs stacked (tsq-plot.sh).

#include "tsq-experiment.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

namespace ns3
{

void
TsqExperiment::Plot(const std::vector<TsqRow>& rows, const std::string& db) const
{
    if (rows.empty())
    {
        return;
    }
    const std::string data = TsqDataDir();
    if (data.empty())
    {
        std::cerr << "plot: NOT drawn: the module's data folder (share/tsq, with tsq-plot.sh) "
                     "is not beside the experiment library; set TSQ_DATA_DIR\n";
        return;
    }
    const std::string stem = m_resultsDir + "/" + m_name;
    std::string keys;
    for (const TsqRow& row : rows)
    {
        keys += (keys.empty() ? "'" : ",'") + TsqRowText(row, "run_key") + "'";
    }
    const std::string where = "run_key IN (" + keys + ")";

    // The reference's points at the X of our runs of the same point.
    auto referenceFile = [&](bool latency) {
        std::string path = stem + (latency ? "-reference-latency.txt" : "-reference-goodput.txt");
        std::ofstream out(path);
        out << "# x y label: the reference's published values (" << m_experiment << ")\n";
        std::set<std::string> done;
        for (const TsqRow& row : rows)
        {
            std::string label = TsqRowText(row, "point");
            for (const auto& p : m_points)
            {
                double y = latency ? p.referenceLatencyMs : p.referenceGoodputMbps;
                if (p.label == label && !std::isnan(y) && done.insert(label).second)
                {
                    out << TsqRowText(row, m_plotX) << " " << y << " " << m_referenceLabel << "\n";
                }
            }
        }
        return path;
    };

    struct Figure
    {
        std::string y;
        std::string ylabel;
        bool latency;
    };

    const Figure figures[] = {{"goodput_mbps", "goodput (Mb/s)", false},
                              {"ping_rtt_ms_mean", "ping RTT under load (ms)", true}};
    for (const Figure& f : figures)
    {
        std::string png = stem + (f.latency ? "-latency.png" : "-goodput.png");
        std::ostringstream cmd;
        cmd << "sh " << Quote(data + "/tsq-plot.sh") << " --where " << Quote(where)
            << " --reference-points " << Quote(referenceFile(f.latency)) << " --title "
            << Quote(m_title) << " --xlabel " << Quote(m_plotXLabel) << " --ylabel "
            << Quote(f.ylabel) << (m_plotLogX ? " --logx" : "")
            << (m_plotBy.empty() ? "" : " --by " + Quote(m_plotBy)) << " " << Quote(db) << " "
            << m_plotX << " " << f.y << " " << Quote(png) << " >/dev/null";
        if (std::system(cmd.str().c_str()) == 0)
        {
            std::cout << "plot: " << png << "\n";
        }
        else
        {
            std::cout << "plot: " << png << " NOT drawn (needs gnuplot and sqlite3)\n";
        }
    }
    // Goodput and ping in one figure, two panels on the same X.
    {
        std::string png = stem + "-results.png";
        std::ostringstream cmd;
        cmd << "sh " << Quote(data + "/tsq-plot.sh") << " --where " << Quote(where)
            << " --reference-points " << Quote(referenceFile(false)) << " --y2 ping_rtt_ms_mean"
            << " --reference-points2 " << Quote(referenceFile(true)) << " --title "
            << Quote(m_title) << " --xlabel " << Quote(m_plotXLabel) << " --ylabel "
            << Quote(figures[0].ylabel) << " --ylabel2 " << Quote(figures[1].ylabel)
            << (m_plotLogX ? " --logx" : "") << (m_plotBy.empty() ? "" : " --by " + Quote(m_plotBy))
            << " " << Quote(db) << " " << m_plotX << " goodput_mbps " << Quote(png)
            << " >/dev/null";
        std::cout << "plot: " << png
                  << (std::system(cmd.str().c_str()) == 0
                          ? ""
                          : " NOT drawn (needs gnuplot and sqlite3)")
                  << "\n";
    }
    // The time series of two points stacked on one time axis: the first
    // TCP run of each (SetTimeSeriesPoints, else the first and last point).
    auto firstRun = [&](const std::string& label) -> const TsqRow* {
        for (const TsqRow& row : rows)
        {
            if (TsqRowText(row, "point") == label && TsqRowText(row, "traffic") != "udp")
            {
                return &row;
            }
        }
        return nullptr;
    };
    std::vector<const TsqRow*> picks;
    const std::pair<std::string, std::string> wanted[] = {{m_seriesFirst, m_points.front().label},
                                                          {m_seriesSecond, m_points.back().label}};
    for (const auto& w : wanted)
    {
        // a point not run (--shifts without it, --only): the default one
        const TsqRow* r = w.first.empty() ? nullptr : firstRun(w.first);
        r = r ? r : firstRun(w.second);
        if (r && std::find(picks.begin(), picks.end(), r) == picks.end())
        {
            picks.push_back(r);
        }
    }
    if (!picks.empty())
    {
        std::string png = stem + "-timeseries.png";
        std::string keys;
        std::string labels;
        std::string what;
        for (const TsqRow* r : picks)
        {
            keys += (keys.empty() ? "" : ",") + TsqRowText(*r, "run_key");
            labels += (labels.empty() ? "" : ",") + TsqRowText(*r, "point") + " seed " +
                      TsqRowText(*r, "seed");
            what += (what.empty() ? "" : " and ") + TsqRowText(*r, "point") + " seed " +
                    TsqRowText(*r, "seed");
        }
        std::ostringstream cmd;
        cmd << "sh " << Quote(data + "/tsq-plot.sh") << " --stack --run " << keys << " --labels "
            << Quote(labels) << " --title " << Quote(m_title) << " " << Quote(db)
            << " goodput_mbps,cwnd_segments,tsq_limit_bytes,ampdu_mpdus " << Quote(png)
            << " >/dev/null";
        if (std::system(cmd.str().c_str()) == 0)
        {
            std::cout << "plot: " << png << " (time series of " << what << ")\n";
        }
        else
        {
            std::cout << "plot: " << png << " NOT drawn (tsq-plot.sh failed, see above)\n";
        }
    }
}

} // namespace ns3
