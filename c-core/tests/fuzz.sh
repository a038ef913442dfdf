#!/bin/sh
# fuzz.sh FUZZER CORPUS_DIR - run the libFuzzer harness for a bounded time
# (TSQ_FUZZ_SECONDS, default 30) or, with TSQ_FUZZ_RUNS=N, for N executions
# (make fuzz-long: 10 million). The committed corpus is read-only: new
# inputs go to a temporary directory that is removed afterwards; a crash
# input is copied to the current directory before that.
set -eu
fuzzer=$1
corpus=$2
secs=${TSQ_FUZZ_SECONDS:-30}
runs=${TSQ_FUZZ_RUNS:-}
work=$(mktemp -d "${TMPDIR:-/tmp}/tsq-fuzz.XXXXXX")
trap 'cp "$work"/crash-* "$work"/leak-* "$work"/timeout-* . 2>/dev/null || true; rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
if [ -n "$runs" ]; then
	set -- -runs="$runs"
else
	set -- -max_total_time="$secs"
fi
"$fuzzer" "$@" -max_len=512 -artifact_prefix="$work/" \
	-print_final_stats=1 "$work" "$corpus"
