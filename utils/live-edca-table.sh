#!/bin/sh
# live-edca-table.sh - reproduction 1 on the live kernel behind the EDCA
# gate (tsq-live-edca), in ath9k's accounting regime (a sender device
# without scatter-gather: GSO skbs cut into linear segments below TCP),
# natural slow start, CUBIC; the budget widened by TCP_TX_DELAY as shifts
# 10, 9, 8, 7 would (0, 500, 1500, 3500 us: the limit grows by
# pacing_rate * delay >> 19 bytes). Root only (network namespaces).
#
# Usage: sh utils/live-edca-table.sh [BUILD [RUNS [SECONDS [OUTDIR [HW_DEPTH [DELAY_US]]]]]]
#   BUILD    the build folder (default build)
#   RUNS     runs per point, seeds 1..RUNS (default 5)
#   SECONDS  each flow's length (default 10); the first 2 s (slow start)
#            are left out of every column
#   OUTDIR   where the runs go (default results/live-edca)
#   HW_DEPTH aggregates in the station's hardware queue, 1..4 (default 2,
#            ath9k's; 1: a USB-like path), on both sides
#   DELAY_US the station's TX completion after its BlockAck, us (default 0;
#            nonzero is an assumption, recorded as one), on both sides
#
# Each point runs on both sides: the kernel, and its ns-3 twin on the same
# hop (tsq-wifi-upload --link=gate --gateTiming=edca, the receiver at the
# AP as the live one is, linux-6.16, Linux 6.7+'s one ACK per burst,
# software-GSO segments with this kernel's MAX_TCP_HEADER 192, the same
# seeds, warm-up 2 s). Prints one row per point and side: goodput (mean,
# min, max over the runs), the
# ratio to d0, cwnd / packets in flight and pacing rate / goodput (means
# over the samples, then over the runs), bytes below TCP (sk_wmem_alloc),
# MPDUs per acknowledged A-MPDU, ACKs per AP TXOP, the share of the
# station's TXOPs that collided, and the controller's lateness and leaks.
# Exit status: 0 done, 77 skipped (not root), 1 a run failed.
set -eu
LC_ALL=C
export LC_ALL
build=${1:-build}
runs=${2:-5}
secs=${3:-10}
out=${4:-results/live-edca}
depth=${5:-2}
delay_us=${6:-0}
here=$(cd "$(dirname "$0")/.." && pwd)
case $runs in '' | *[!0-9]* | 0) echo "live-edca-table: RUNS='$runs'; allowed: 1..100" >&2; exit 2 ;; esac
case $secs in '' | *[!0-9]* | 0 | 1 | 2) echo "live-edca-table: SECONDS='$secs'; allowed: 3..3600" >&2; exit 2 ;; esac
case $depth in 1 | 2 | 3 | 4) ;; *) echo "live-edca-table: HW_DEPTH='$depth'; allowed: 1..4" >&2; exit 2 ;; esac
case $delay_us in '' | *[!0-9]*) echo "live-edca-table: DELAY_US='$delay_us'; allowed: 0..1000000" >&2; exit 2 ;; esac
[ "$delay_us" -le 1000000 ] || { echo "live-edca-table: DELAY_US='$delay_us'; allowed: 0..1000000" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "live-edca-table: SKIP: needs root (network namespaces, qdiscs)" >&2; exit 77; }
mkdir -p "$out"

# summarise RUNDIR: one line of numbers from samples.csv and egate.csv
summarise() {
	awk -F, -v from_s=2 '
	FNR == 1 { f++ }
	f == 1 && /^#/ { split($0, a, "start_us="); start = a[2] + 0; next }
	f == 1 && $1 == "t_us" { next }
	f == 1 {
		t = ($1 - start) / 1e6
		if (t < from_s) { a0 = $15; t0 = t; next }
		n++; cw += $4; fl += $10; pr += $9; wm += $19; a1 = $15; t1 = t
		next
	}
	f == 2 && /^#/ { split($0, b, "t0_us="); g0 = b[2] + 0; next }
	f == 2 && $1 == "kind" { next }
	f == 2 {
		at = ($2 + g0 - start) / 1e6
		if (at < from_s || at > t1) next
		if ($1 == "data") { nd++; md += $4; late[++nl] = $3 - $2 }
		else if ($1 == "acks") { na++; ma += $4; late[++nl] = $3 - $2 }
		else if ($8 == 1) { st++; if ($10 == 1) co++ }
	}
	END {
		gput = (a1 - a0) * 8 / (t1 - t0) / 1e6
		printf "%.2f %.3f %.3f %.0f %.2f %.2f %.4f %d\n", gput, cw / fl,
		    pr / n * 8 / 1e6 / gput, wm / n, nd ? md / nd : 0, na ? ma / na : 0,
		    st ? co / st : 0, nl
	}' "$1/samples.csv" "$1/egate.csv"
}

printf '%-6s %-6s %4s %7s %7s %7s %6s %11s %12s %9s %10s %9s %8s %6s\n' point side runs "Mb/s" min max ratio \
	cwnd/flight pacing/gput "below B" MPDU/AMPDU ACKs/TXOP collide leaks
# twin SEED DELAY: the ns-3 twin's run, as summarise prints a kernel run
twin() {
	"$build/examples/tsq-wifi-upload" --link=gate --gateTiming=edca --wiredServer=0 \
		--kernelProfile=linux-6.16 --receiverAcks=burst --initialSsthresh=0 --tsoBursts=1 \
		--ns3::TsqTcpSocket::SoftwareGso=1 --ns3::TsqTcpSocket::MaxTcpHeader=192 \
		--gateHwDepth="$depth" --gateCompletionLatencyUs="$delay_us" \
		--txDelayUs="$2" --sndBuf=4194304 --rcvBuf=6291456 --warmup=2 \
		--duration=$((secs - 2)) --seed="$1" --pingInterval=0 | awk '
		{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
		END { g = v["goodput_mbps"]
		      printf "%.2f %.3f %.3f %.0f %.2f %.2f %.4f 0\n", g,
		          v["cwnd_segments_mean"] / v["packets_out_mean"], v["pacing_rate_mbps_mean"] / g,
		          v["queued_bytes_mean"], v["gate_frames_per_slot"], v["gate_acks_per_txop"],
		          v["gate_data_slots"] ? v["gate_collisions"] / v["gate_data_slots"] : 0 }'
}

# row POINT SIDE BASE ROWS LEAKS: the mean of ROWS (one run each)
row() {
	line=$(printf '%s' "$4" | awk '
		{ g += $1; if (NR == 1 || $1 < lo) lo = $1; if ($1 > hi) hi = $1
		  c += $2; p += $3; b += $4; m += $5; k += $6; x += $7 }
		END { printf "%.1f %.1f %.1f %.2f %.2f %.0f %.1f %.2f %.1f", g / NR, lo, hi,
		      c / NR, p / NR, b / NR, m / NR, k / NR, x / NR * 100 }')
	set -- "$1" "$2" "$3" "$5" $line
	printf '%-6s %-6s %4s %7s %7s %7s %6.2f %11s %12s %9s %10s %9s %7s%% %6s\n' "$1" "$2" "$runs" \
		"$5" "$6" "$7" "$(echo "$5 ${3:-$5}" | awk '{ print $1 / $2 }')" "$8" "$9" "${10}" \
		"${11}" "${12}" "${13}" "$4"
	[ -s "$out/.base-$2" ] || echo "$5" >"$out/.base-$2"
}

rm -f "$out/.base-kernel" "$out/.base-ns3"
for d in 0 500 1500 3500; do
	rows=""
	trows=""
	leaks=0
	r=1
	while [ "$r" -le "$runs" ]; do
		dir=$out/d$d-r$r
		rm -rf "$dir"
		sh "$here/live-kernel/tsq-live-run.sh" --bindir "$build/live-kernel" --timing edca \
			--regime ath9k --ssthresh 0 --tx-delay-us "$d" --seed "$r" \
			--hw-depth "$depth" --completion-latency-us "$delay_us" \
			--duration-ms $((secs * 1000)) "$dir" >"$dir.log" 2>&1 ||
			{ echo "live-edca-table: run d$d r$r failed: $(tail -1 "$dir.log")" >&2; exit 1; }
		rows="$rows$(summarise "$dir")
"
		l=$(sed -n 's/.*data_leaks=\([0-9]*\) ack_leaks=\([0-9]*\).*/\1 \2/p' "$dir/meta.txt")
		leaks=$((leaks + ${l% *} + ${l#* }))
		trows="$trows$(twin "$r" "$d")
" || { echo "live-edca-table: twin d$d r$r failed" >&2; exit 1; }
		r=$((r + 1))
	done
	row "d$d" kernel "$(cat "$out/.base-kernel" 2>/dev/null)" "$rows" "$leaks"
	row "d$d" ns3 "$(cat "$out/.base-ns3" 2>/dev/null)" "$trows" -
done
rm -f "$out/.base-kernel" "$out/.base-ns3"
echo "kernel $(uname -r); hardware queue $depth aggregate(s), completion $delay_us us after the BlockAck; runs in $out (meta.txt: every parameter; egate.csv: every release and TXOP)"
