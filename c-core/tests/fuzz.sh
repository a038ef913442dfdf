#!/bin/sh
# fuzz.sh FUZZER CORPUS_DIR - run the libFuzzer harness for a bounded time.
# TSQ_FUZZ_SECONDS (default 30). The committed corpus is read-only: new
# inputs go to a temporary directory that is removed afterwards.
set -eu
fuzzer=$1
corpus=$2
secs=${TSQ_FUZZ_SECONDS:-30}
work=$(mktemp -d "${TMPDIR:-/tmp}/tsq-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
"$fuzzer" -max_total_time="$secs" -max_len=512 -artifact_prefix="$work/" \
	-print_final_stats=1 "$work" "$corpus"
