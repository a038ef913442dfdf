#!/bin/sh
# make-figures.sh -- regenerate doc/figures/*.png from the six reproductions
# (full runs: their default seeds and durations; `make figures` runs this).
#
# Usage: utils/make-figures.sh [BUILD_DIR] [--from-db]
#   BUILD_DIR  the CMake build folder (default: build)
#   --from-db  run nothing: redraw from results/<experiment>.db of earlier
#              full runs (the programs' --fromDb mode)
#
# Each program runs in this folder with --resultsDir=results, so its runs
# are under results/<experiment>/ and merged into results/<experiment>.db;
# its plots (goodput, latency, both in two panels, and the stacked time
# series; ours beside the reference's points) are then copied to
# doc/figures/<experiment>-{goodput,latency,results,timeseries}.png and the
# printed tables to doc/figures/<experiment>.txt.
set -eu
build=build
fromdb=0
for a in "$@"; do
    case $a in
    --from-db) fromdb=1 ;;
    -h | --help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "make-figures: unknown option '$a'" >&2; exit 2 ;;
    *) build=$a ;;
    esac
done
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
mkdir -p doc/figures results
for exp in pacing-shift floor cc kernel-history wired-control standards; do
    prog=$build/examples/tsq-$exp
    [ -x "$prog" ] || { echo "make-figures: no $prog (build first: make build)" >&2; exit 1; }
    if [ "$fromdb" -eq 1 ]; then
        set -- --fromDb="results/$exp.db"
    else
        set --
    fi
    echo "make-figures: $exp"
    nice "$prog" --resultsDir=results "$@" | tee "doc/figures/$exp.txt"
    for kind in goodput latency results timeseries; do
        if [ -f "results/$exp-$kind.png" ]; then
            cp "results/$exp-$kind.png" "doc/figures/$exp-$kind.png"
        fi
    done
done
echo "make-figures: doc/figures/ updated"
