#!/bin/sh
# Metrics survive the socket: with a drain far longer than the flow's
# sockets live (closed, TIME_WAIT over), the run still reports the window's
# pacing shift (mac80211's 8 of linux-4.16) and the balance of every byte:
# charged == released > 0, nothing queued.
# Usage: test/check-drain-balance.sh TSQ_WIFI_UPLOAD
set -u
[ $# -eq 1 ] || { echo "usage: check-drain-balance.sh TSQ_WIFI_UPLOAD" >&2; exit 2; }
fail() { echo "check-drain-balance: FAIL: $*" >&2; exit 1; }
line=$("$1" --duration=2 --warmup=0.5 --drain=245) || fail "the program failed"
echo "$line"
val() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
shift=$(val socket_pacing_shift)
charged=$(val charged)
released=$(val released)
queued=$(val queued)
[ "$shift" = 8 ] || fail "socket_pacing_shift=$shift after the drain, expected the window's 8"
[ -n "$charged" ] && [ "$charged" -gt 0 ] || fail "charged=$charged after the drain"
[ "$charged" = "$released" ] || fail "charged=$charged released=$released"
[ "$queued" = 0 ] || fail "queued=$queued after the drain"
echo "check-drain-balance: PASS: shift $shift, $charged bytes charged and released"
