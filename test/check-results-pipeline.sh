#!/bin/sh
# check-results-pipeline.sh -- end-to-end check of the sweep tools: a small
# sweep of synthetic runs (tsq-results-selftest) through utils/tsq-sweep.sh
# (GNU parallel, merging as runs finish), merged twice more by hand, then
# plotted with experiment/tsq-plot.sh (reference points, a per-run time series).
#
# Usage: test/check-results-pipeline.sh SELFTEST_PROGRAM WORKDIR
set -eu
[ $# -eq 2 ] || { echo "usage: check-results-pipeline.sh SELFTEST WORKDIR" >&2; exit 2; }
prog=$1
work=$2
top=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work"
mkdir -p "$work"
cd "$work"

{
    echo "# pacing shift x seed, synthetic runs"
    echo ""
    for shift in 8 10; do
        for seed in 1 2 3; do
            echo "'$prog' --shift=$shift --seed=$seed --duration=2 --out=\"\$TSQ_RESULTS_DIR/s$shift-r$seed\""
        done
    done
} >jobs.txt
printf '# x y label\n10 43 Linux 4.16 (reference 004)\n8 124 Linux 4.16 (reference 004)\n' >reference.txt

fail() { echo "check-results-pipeline: FAIL: $*" >&2; exit 1; }

sh "$top/utils/tsq-sweep.sh" --merge-every 1 --progress-every 1 -j 2 pipeline jobs.txt ||
    fail "tsq-sweep.sh"
n=$(sqlite3 results/pipeline.db "SELECT count(*) FROM runs;")
[ "$n" -eq 6 ] || fail "expected 6 runs in results/pipeline.db, found $n"
s=$(sqlite3 results/pipeline.db "SELECT count(*) FROM series;")
sh "$top/utils/tsq-merge.sh" --strict results/pipeline.db results/pipeline >/dev/null
sh "$top/utils/tsq-merge.sh" --strict results/pipeline.db results/pipeline/*/run.db >/dev/null
n2=$(sqlite3 results/pipeline.db "SELECT count(*) FROM runs;")
s2=$(sqlite3 results/pipeline.db "SELECT count(*) FROM series;")
if [ "$n2" -ne 6 ] || [ "$s2" -ne "$s" ]; then
    fail "merging again changed the database ($n2 runs, $s2 series rows; was 6, $s)"
fi

sh "$top/experiment/tsq-plot.sh" --reference-points reference.txt --where "experiment = 'results-selftest'" \
    results/pipeline.db pacing_shift goodput_mbps goodput.png || fail "tsq-plot.sh"
key=$(sqlite3 results/pipeline.db "SELECT substr(run_key, 1, 10) FROM runs LIMIT 1;")
sh "$top/experiment/tsq-plot.sh" --run "$key" results/pipeline.db goodput_mbps,ping_rtt_ms series.png ||
    fail "tsq-plot.sh --run"
# Goodput and ping in two panels; two runs' series stacked.
sh "$top/experiment/tsq-plot.sh" --reference-points reference.txt --y2 ping_rtt_ms_mean \
    --where "experiment = 'results-selftest'" results/pipeline.db pacing_shift goodput_mbps \
    panels.png || fail "tsq-plot.sh --y2"
keys=$(sqlite3 results/pipeline.db "SELECT group_concat(k, ',') FROM
         (SELECT substr(run_key, 1, 10) AS k FROM runs ORDER BY run_key LIMIT 2);")
sh "$top/experiment/tsq-plot.sh" --stack --run "$keys" --labels "a,b" results/pipeline.db \
    goodput_mbps,ping_rtt_ms stack.png || fail "tsq-plot.sh --stack"
if sh "$top/experiment/tsq-plot.sh" --stack results/pipeline.db pacing_shift goodput_mbps \
    bad.png 2>/dev/null; then
    fail "tsq-plot.sh --stack without --run was accepted"
fi
for f in goodput.png series.png panels.png stack.png; do
    [ -s "$f" ] || fail "$f not written"
    head -c 4 "$f" | od -An -c | grep -q 'P   N   G' || fail "$f is not a PNG"
done
echo "check-results-pipeline: PASS: 6 runs swept, merged 3 times, 4 plots"
