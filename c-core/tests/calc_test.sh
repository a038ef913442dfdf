#!/bin/sh
# calc_test.sh TSQ_CALC - CTest checks of tsq-calc (worked examples, exit 2).
set -u
calc=$1
fail=0

expect() { # expect WANT args...
	want=$1; shift
	got=$("$calc" "$@" 2>/dev/null); rc=$?
	if [ "$rc" -ne 0 ] || [ "$got" != "$want" ]; then
		echo "FAIL: tsq-calc $* -> '$got' (rc $rc), want '$want'"; fail=1
	fi
}

expect_exit2() { # expect_exit2 WORD args... : exit 2 and stderr names WORD
	word=$1; shift
	err=$("$calc" "$@" 2>&1 >/dev/null); rc=$?
	if [ "$rc" -ne 2 ]; then
		echo "FAIL: tsq-calc $* exited $rc, want 2"; fail=1
	fi
	case $err in
	*"$word"*) ;;
	*) echo "FAIL: tsq-calc $* message '$err' does not name '$word'"; fail=1 ;;
	esac
}

# worked example: 1448 * 200 * 10 * 10000 / 10000 = 2896000
expect 2896000 pacing-rate --mss 1448 --cwnd 10 --packets-out 10 --ssthresh inf --srtt-us 10000
# max(2*4608 = 9216, 2896000 >> 10 = 2828) = 9216, lob 262144
expect 9216 limit --rule 4.15 --rate 2896000 --shift 10 --truesize 4608
# 4.15 shift 8 at 1 Gb/s: 488281 -> clamp 262144, factor 1 -> 524288
expect 524288 limit --rule 4.15 --rate 125000000 --shift 8 --truesize 2280 --factor 1
# 3.19 unknown (u32) rate: 4194303 -> lob 131072 (3.19 release default)
expect 131072 limit --rule 3.19 --rate unknown --truesize 2280
expect none limit --rule off --rate 1
# TCP_TX_DELAY 1500 us at 15e6 B/s: 14648 + (15e6 * 1500 >> 19 = 42915)
expect 57563 limit --rule 6.16 --rate 15000000 --truesize 2280 --tx-delay-us 1500
expect_exit2 limit limit --rule 4.15 --rate 15000000 --tx-delay-us 1500
expect 45 tso-segs --form 3.19 --rate 125000000 --mss 1448
expect 31 tso-segs --form 5.18 --rate 12500000 --mss 1448 --min-rtt-us 1000
expect "rule=4.15 commit=3a9b76fd0db9 rate=2896000 shift=10 truesize=4608 lob=262144 factor=0 floor=0 paced=0 tx_delay_us=0 limit=9216" \
	limit --rule 4.15 --rate 2896000 --shift 10 --truesize 4608 --verbose
n=$("$calc" rules | grep -c '^rule=')
[ "$n" -eq 8 ] || { echo "FAIL: rules lists $n rules"; fail=1; }
"$calc" rules | grep -q '^profile=linux-4.14 ' || { echo "FAIL: no linux-4.14"; fail=1; }

expect_exit2 --rate limit --rule 4.15 --rate 12x
expect_exit2 --rule limit --rule 9.9 --rate 1
expect_exit2 --shift limit --rule 4.15 --rate 1 --shift 32
expect_exit2 --mss pacing-rate --mss -1 --cwnd 1 --srtt-us 1
expect_exit2 --srtt-us pacing-rate --mss 1448 --cwnd 1
expect_exit2 --bogus tso-segs --bogus
expect_exit2 --mss tso-segs --form 3.19 --rate 1 --mss 0
expect_exit2 frobnicate frobnicate
exit $fail
