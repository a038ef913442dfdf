#!/bin/sh
# check-whole-run.sh -- every suite, one after another in one process of
# the test runner, passes: as ./build/tsq-test-runner runs them (bare,
# registration order) or in reverse order (--suites=...). Each suite also
# runs alone (the ns3-<suite> tests); a suite that passes alone and fails
# here depends on what ran before it in the process (an attribute default
# left set, the RNG's seed, a static cache).
#
# Usage: check-whole-run.sh RUNNER forward|reverse SUITE...
set -eu
RUNNER=$1
ORDER=$2
shift 2
case $ORDER in
forward) order=$* ;;
reverse)
    order=""
    for s in "$@"; do order="$s $order"; done
    ;;
*)
    echo "check-whole-run: order '$ORDER' is not forward or reverse" >&2
    exit 2
    ;;
esac
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
if [ "$ORDER" = forward ]; then
    "$RUNNER" >"$out" 2>&1 || status=$?
else
    "$RUNNER" --suites="$(echo $order | tr ' ' ',')" >"$out" 2>&1 || status=$?
fi
fail=0
# The verdict lines, in the order they ran
verdicts=$(grep -E '^(PASS|FAIL|CRASH|SKIP) tsq-' "$out" || true)
echo "check-whole-run ($ORDER, one process):"
echo "$verdicts" | sed 's/^/  /'
for s in $order; do
    n=$(echo "$verdicts" | grep -c " $s " || true)
    if [ "$n" -ne 1 ]; then
        echo "check-whole-run: suite $s ran $n times in the whole run (expected once)" >&2
        fail=1
    elif ! echo "$verdicts" | grep -q "^PASS $s "; then
        echo "check-whole-run: suite $s did not pass in the whole run ($ORDER order);" \
            "alone: ctest -R ns3-$s" >&2
        fail=1
    fi
done
if [ "$fail" -ne 0 ] || [ "$status" -ne 0 ]; then
    # The failures' details (the runner's own lines under each FAIL)
    grep -A3 -E '^(FAIL|CRASH)' "$out" >&2 || true
    echo "check-whole-run: FAIL (runner exit $status)" >&2
    exit 1
fi
echo "check-whole-run: PASS, $# suites in $ORDER order in one process"
