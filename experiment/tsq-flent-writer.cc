/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tsq-flent-writer.h"

#include "ns3/abort.h"
#include "ns3/fatal-error.h"
#include "ns3/log.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <sstream>
#include <sys/stat.h>
#include <zlib.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TsqFlentWriter");

namespace
{

/** Flent's data file format version (flent/resultset.py FILEFORMAT_VERSION). */
const int FLENT_FORMAT_VERSION = 4;

/** Flent's series names for the tcp_1up and tcp_upload tests. */
const char* const FLENT_UPLOAD = "TCP upload";
const char* const FLENT_PING = "Ping (ms) ICMP";

std::string
JsonString(const std::string& s)
{
    std::string out = "\"";
    for (unsigned char c : s)
    {
        switch (c)
        {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20)
            {
                char buf[8];
                std::snprintf(buf, sizeof(buf), "\\u%04x", c);
                out += buf;
            }
            else
            {
                out += static_cast<char>(c);
            }
        }
    }
    return out + "\"";
}

/** A JSON number (null if not finite), with 15 significant digits by default. */
std::string
JsonNumber(double v, int digits = 15)
{
    if (!std::isfinite(v))
    {
        return "null";
    }
    char buf[40];
    std::snprintf(buf, sizeof(buf), "%.*g", digits, v);
    return buf;
}

std::string
JsonValue(const TsqValue& v)
{
    switch (v.GetType())
    {
    case TsqValue::INTEGER:
        return v.GetText();
    case TsqValue::REAL:
        return JsonNumber(v.GetReal());
    case TsqValue::TEXT:
        return JsonString(v.GetText());
    default:
        return "null";
    }
}

/** ISO 8601 UTC with microseconds and 'Z', as Flent's parse_date reads it. */
std::string
IsoUtc(double unixS)
{
    auto whole = static_cast<std::time_t>(std::floor(unixS));
    auto micro = static_cast<long>(std::lround((unixS - std::floor(unixS)) * 1e6));
    if (micro >= 1000000)
    {
        whole += 1;
        micro -= 1000000;
    }
    char date[32];
    std::strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", std::gmtime(&whole));
    char buf[80];
    std::snprintf(buf, sizeof(buf), "%s.%06ldZ", date, micro);
    return buf;
}

/** The series sorted by time, NaN values dropped. */
TsqSeries
Sorted(const TsqRunRecord& record, const std::string& name)
{
    TsqSeries s;
    auto it = record.GetSeries().find(name);
    if (it != record.GetSeries().end())
    {
        for (const auto& p : it->second)
        {
            if (std::isfinite(p.first) && std::isfinite(p.second))
            {
                s.push_back(p);
            }
        }
    }
    std::stable_sort(s.begin(), s.end(), [](const auto& a, const auto& b) {
        return a.first < b.first;
    });
    return s;
}

/** Linear interpolation of a sorted series at x; NaN outside it. */
double
Interpolate(const TsqSeries& s, double x)
{
    if (s.empty() || x < s.front().first - 1e-9 || x > s.back().first + 1e-9)
    {
        return std::nan("");
    }
    auto hi = std::lower_bound(s.begin(), s.end(), x, [](const auto& p, double v) {
        return p.first < v;
    });
    if (hi == s.end())
    {
        return s.back().second;
    }
    if (hi == s.begin() || hi->first == x)
    {
        return hi->second;
    }
    auto lo = hi - 1;
    double f = (x - lo->first) / (hi->first - lo->first);
    return lo->second + f * (hi->second - lo->second);
}

} // namespace

std::string
TsqFlentWriter::ToJson(const TsqRunRecord& record,
                       const TsqFlentOptions& options,
                       const std::string& dataFilename)
{
    NS_ABORT_MSG_IF(options.testName != "tcp_1up" && options.testName != "tcp_upload",
                    "TsqFlentWriter: testName '" << options.testName
                                                 << "' (allowed: tcp_1up, tcp_upload)");
    NS_ABORT_MSG_IF(!(options.stepSizeS > 0),
                    "TsqFlentWriter: stepSizeS=" << options.stepSizeS << " (allowed: > 0)");
    double t0 = options.t0UnixS;
    if (t0 < 0)
    {
        t0 = static_cast<double>(std::time(nullptr));
    }

    // Series relative to the origin; only samples at or after it.
    struct Out
    {
        const char* flentName;
        TsqSeries samples;
    };

    std::vector<Out> outs;
    for (const auto& pair : {std::make_pair(FLENT_UPLOAD, options.goodputSeries),
                             std::make_pair(FLENT_PING, options.pingSeries)})
    {
        Out o{pair.first, {}};
        for (const auto& p : Sorted(record, pair.second))
        {
            if (p.first >= options.originS - 1e-9)
            {
                o.samples.emplace_back(std::max(0.0, p.first - options.originS), p.second);
            }
        }
        if (!o.samples.empty())
        {
            outs.push_back(o);
        }
    }
    NS_ABORT_MSG_IF(outs.empty() || outs.front().flentName != FLENT_UPLOAD,
                    "TsqFlentWriter: the record has no samples in series '"
                        << options.goodputSeries << "' at or after " << options.originS << " s");

    double end = 0;
    for (const auto& o : outs)
    {
        end = std::max(end, o.samples.back().first);
    }
    const auto nSteps = static_cast<size_t>(std::ceil(end / options.stepSizeS - 1e-9));
    std::vector<double> xs;
    for (size_t i = 0; i <= nSteps; ++i)
    {
        xs.push_back(i * options.stepSizeS);
    }
    const double totalLength = xs.back();
    TsqValue duration = record.Get("duration_s");
    const double length = duration.IsNull() ? totalLength : duration.GetReal();
    const std::string key = record.GetRunKey();
    const std::string title =
        options.title.empty() ? record.experiment + " run " + key : options.title;

    std::ostringstream j;
    j << "{\n \"version\": " << FLENT_FORMAT_VERSION << ",\n \"metadata\": {\n";
    j << "  \"NAME\": " << JsonString(options.testName) << ",\n";
    j << "  \"TITLE\": " << JsonString(title) << ",\n";
    j << "  \"NOTE\": "
      << JsonString("ns-3 " + record.ns3Version + " simulation (tsq module " +
                    record.moduleVersion + "), experiment " + record.experiment +
                    (record.modelAssumptions.empty()
                         ? std::string(", faithful model")
                         : ", model assumptions: " + record.modelAssumptions))
      << ",\n";
    j << "  \"TIME\": " << JsonString(IsoUtc(t0)) << ",\n";
    j << "  \"T0\": " << JsonString(IsoUtc(t0)) << ",\n";
    j << "  \"LENGTH\": " << JsonNumber(length) << ",\n";
    j << "  \"TOTAL_LENGTH\": " << JsonNumber(totalLength) << ",\n";
    j << "  \"STEP_SIZE\": " << JsonNumber(options.stepSizeS) << ",\n";
    j << "  \"HOST\": \"ns-3-server\",\n  \"HOSTS\": [\"ns-3-server\"],\n";
    j << "  \"LOCAL_HOST\": \"ns-3-sta\",\n  \"IP_VERSION\": 4,\n";
    j << "  \"LOCAL_BIND\": null,\n  \"BATCH_NAME\": null,\n  \"BATCH_TIME\": null,\n";
    j << "  \"BATCH_TITLE\": null,\n  \"BATCH_UUID\": null,\n";
    j << "  \"FLENT_VERSION\": " << JsonString("tsq-" + record.moduleVersion) << ",\n";
    j << "  \"DATA_FILENAME\": " << JsonString(dataFilename) << ",\n";
    j << "  \"TEST_PARAMETERS\": {},\n";
    j << "  \"SERIES_META\": {";
    for (size_t i = 0; i < outs.size(); ++i)
    {
        bool upload = outs[i].flentName == FLENT_UPLOAD;
        j << (i ? ",\n" : "\n") << "   " << JsonString(outs[i].flentName)
          << ": {\"UNITS\": " << (upload ? "\"Mbits/s\"" : "\"ms\"")
          << ", \"RUNNER\": " << (upload ? "\"NetperfDemoRunner\"" : "\"PingRunner\"") << "}";
    }
    j << "\n  },\n";
    j << "  \"TSQ_RUN_KEY\": " << JsonString(key) << ",\n";
    j << "  \"TSQ_EXPERIMENT\": " << JsonString(record.experiment) << ",\n";
    j << "  \"TSQ_MODEL_ASSUMPTIONS\": " << JsonString(record.modelAssumptions) << ",\n";
    j << "  \"TSQ_SEED\": " << record.seed << ",\n";
    j << "  \"TSQ_ORIGIN_S\": " << JsonNumber(options.originS) << ",\n";
    for (const auto* group : {"TSQ_PARAMS", "TSQ_METRICS"})
    {
        const auto& m =
            std::string(group) == "TSQ_PARAMS" ? record.GetParams() : record.GetMetrics();
        j << "  \"" << group << "\": {";
        bool first = true;
        for (const auto& kv : m)
        {
            j << (first ? "" : ", ") << JsonString(kv.first) << ": " << JsonValue(kv.second);
            first = false;
        }
        j << "}" << (std::string(group) == "TSQ_PARAMS" ? ",\n" : "\n");
    }
    j << " },\n \"x_values\": [";
    for (size_t i = 0; i < xs.size(); ++i)
    {
        j << (i ? ", " : "") << JsonNumber(xs[i]);
    }
    j << "],\n \"results\": {";
    for (size_t k = 0; k < outs.size(); ++k)
    {
        j << (k ? ",\n" : "\n") << "  " << JsonString(outs[k].flentName) << ": [";
        for (size_t i = 0; i < xs.size(); ++i)
        {
            j << (i ? ", " : "") << JsonNumber(Interpolate(outs[k].samples, xs[i]));
        }
        j << "]";
    }
    j << "\n },\n \"raw_values\": {";
    for (size_t k = 0; k < outs.size(); ++k)
    {
        j << (k ? ",\n" : "\n") << "  " << JsonString(outs[k].flentName) << ": [";
        for (size_t i = 0; i < outs[k].samples.size(); ++i)
        {
            const auto& p = outs[k].samples[i];
            j << (i ? ",\n   " : "\n   ") << "{\"t\": " << JsonNumber(t0 + p.first, 17)
              << ", \"val\": " << JsonNumber(p.second);
            if (outs[k].flentName == FLENT_PING)
            {
                j << ", \"seq\": " << i + 1;
            }
            j << "}";
        }
        j << "]";
    }
    j << "\n }\n}\n";
    return j.str();
}

void
TsqFlentWriter::Write(const std::string& path,
                      const TsqRunRecord& record,
                      const TsqFlentOptions& options)
{
    std::string base = path.substr(path.find_last_of('/') + 1);
    const std::string json = ToJson(record, options, base);
    const std::string part = path + ".part";
    for (size_t pos = path.find('/', 1); pos != std::string::npos; pos = path.find('/', pos + 1))
    {
        std::string dir = path.substr(0, pos);
        if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        {
            NS_FATAL_ERROR("tsq-flent: cannot create folder '" << dir
                                                               << "': " << std::strerror(errno));
        }
    }
    gzFile f = gzopen(part.c_str(), "wb9");
    if (!f)
    {
        NS_FATAL_ERROR("tsq-flent: cannot open '" << part << "': " << std::strerror(errno));
    }
    if (gzwrite(f, json.data(), static_cast<unsigned>(json.size())) !=
        static_cast<int>(json.size()))
    {
        int err = 0;
        std::string msg = gzerror(f, &err);
        gzclose(f);
        NS_FATAL_ERROR("tsq-flent: cannot write '" << part << "': " << msg);
    }
    if (gzclose(f) != Z_OK)
    {
        NS_FATAL_ERROR("tsq-flent: cannot close '" << part << "'");
    }
    if (std::rename(part.c_str(), path.c_str()) != 0)
    {
        NS_FATAL_ERROR("tsq-flent: cannot rename '" << part << "' to '" << path
                                                    << "': " << std::strerror(errno));
    }
    NS_LOG_INFO("wrote Flent file " << path);
}

} // namespace ns3
