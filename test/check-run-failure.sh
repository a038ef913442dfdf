#!/bin/sh
# A run that dies loses only itself: reproduction 1 at a tiny size with two
# runs at a time; one child is killed (SIGKILL) as soon as it exists. The
# program must still print the table of the other runs, merge them, list
# the killed run as failed with its signal, and exit 1. Then the parent
# itself is stopped with SIGTERM: none of its runs may outlive it.
# Usage: test/check-run-failure.sh PROGRAM OUTDIR
set -u
[ $# -eq 2 ] || { echo "usage: check-run-failure.sh PROGRAM OUTDIR" >&2; exit 2; }
prog=$1
out=$2
fail() { echo "check-run-failure: FAIL: $*" >&2; exit 1; }
command -v pgrep >/dev/null 2>&1 || fail "pgrep is missing (sh utils/install-deps.sh check)"

# The runs (child processes) of sweep $1, once there is one; 8 s at most.
runs_of() { # runs_of PID
    i=0
    while [ $i -lt 400 ]; do
        r=$(pgrep -P "$1")
        [ -z "$r" ] || { printf '%s\n' "$r"; return 0; }
        sleep 0.02
        i=$((i + 1))
    done
    return 1
}

rm -rf "$out"
mkdir -p "$out"
"$prog" --quick --seeds=2 --duration=1.5 --warmup=0.5 --only=shift10,shift8 --jobs=2 \
    --plot=0 --flent=0 --resultsDir="$out" >"$out/out.txt" 2>"$out/err.txt" &
pid=$!
victim=$(runs_of "$pid" | head -n 1)
[ -n "$victim" ] || fail "no run started within 8 s"
kill -9 "$victim"
wait "$pid"
rc=$?
cat "$out/out.txt"
[ "$rc" -eq 1 ] || fail "exit status $rc, expected 1 (a run failed)"
grep -q "^FAILED: 1 of 4 run(s)" "$out/out.txt" || fail "the killed run is not listed as failed"
grep -q "signal 9" "$out/out.txt" || fail "the failure does not name its signal"
grep -q "^shift10 " "$out/out.txt" && grep -q "^shift8 " "$out/out.txt" ||
    fail "the table of the other runs is missing"
n=$(sqlite3 "$out/pacing-shift.db" "SELECT count(*) FROM runs;" 2>/dev/null) ||
    fail "no merged database"
[ "$n" -eq 3 ] || fail "$n runs merged, expected the 3 that lived"

# A signal to the parent reaches its runs: none outlives it (runs of 30 s
# of simulated time, which would go on for many seconds on their own).
"$prog" --quick --seeds=2 --duration=30 --warmup=0.5 --only=shift10,shift8 --jobs=2 \
    --plot=0 --flent=0 --resultsDir="$out/term" >/dev/null 2>&1 &
pid=$!
kids=$(runs_of "$pid")
[ -n "$kids" ] || fail "no run started within 8 s (second part)"
kill -TERM "$pid"
wait "$pid"
i=0
alive=$kids
while [ -n "$alive" ] && [ $i -lt 100 ]; do
    alive=""
    for k in $kids; do
        if kill -0 "$k" 2>/dev/null; then alive="$alive $k"; fi
    done
    [ -z "$alive" ] || sleep 0.05
    i=$((i + 1))
done
[ -z "$alive" ] || fail "runs$alive outlived their parent by 5 s"
echo "check-run-failure: PASS: 1 of 4 runs killed, 3 in the table and the database; no run outlives a stopped sweep"
