#!/bin/sh
# check-timed.sh TIMES NAME COMMAND... -- run COMMAND, print and append to
# TIMES how long it took ("NAME N"), and exit with its status.
set -u
times=$1
name=$2
shift 2
t0=$(date +%s)
status=0
"$@" || status=$?
t=$(($(date +%s) - t0))
echo "$name $t$([ "$status" -eq 0 ] || echo " (failed, exit $status)")" >>"$times"
echo "check: $name took $t s"
exit "$status"
