#!/bin/sh
# tsq-live-run.sh - one run of the live-kernel reference: a CUBIC flow of
# this machine's kernel behind the emulated aggregating link.
#
# Usage: sh live-kernel/tsq-live-run.sh [options] OUTDIR
#
#   --bindir DIR        where tsq-live-gate and tsq-live-flow are (default:
#                       build/live-kernel)
#   --duration-ms N     the flow's length (default 8000)
#   --cc NAME           congestion control (default cubic)
#   --tx-delay-us N     TCP_TX_DELAY: TSQ budget + rate*N>>19 bytes (default 0)
#   --lob N             net.ipv4.tcp_limit_output_bytes (default: the kernel's)
#   --ssthresh N        initial ssthresh, locked by the route (default 30; 0: none)
#   --gro on|off        GRO on the receiving veth (default: off)
#   --quickack          the receiver asks for an immediate ACK after each read
#   --backlog-ack-defer 0|1  the receiver's net.ipv4.tcp_backlog_ack_defer
#                       (6.7+: one ACK for the segments met while the reader
#                       held the socket; default: the kernel's)
#   --cpu-flow N, --cpu-gate N   CPUs of the flow and of the controller (0, 1)
#   --smooth RATE       no gates: the sender's qdisc is a plain tbf at RATE
#                       (tc's units, e.g. 50mbit) and tsq-live-gate --monitor
#                       samples it into monitor.csv (the smooth-link check)
#   --timing slots|edca  the gates' timing: the fixed slots of tsq-live-gate
#                       (default) or 802.11n's EDCA with ath9k's aggregation
#                       (tsq-live-edca)
#   --regime veth|ath9k  the sender's accounting: one-segment skbs on a
#                       scatter-gather veth (gso_max_segs 1; default), or
#                       ath9k's netdev: no scatter-gather, GSO on, the GSO
#                       skbs cut into linear segments below TCP
#   slot gate options, passed to tsq-live-gate: --rate-bps --overhead-us
#       --ack-gap-us --ack-txop-us --gap-us --idle-poll-us --max-frames
#       --lost-permille --release
#   EDCA options, passed to tsq-live-edca: --hw-depth --completion-latency-us
#       --poll-us
#   both: --seed --spin-us --rt-prio
#
# It creates two network namespaces (tsqls<pid>, tsqlr<pid>) joined by a
# veth pair (10.77.0.1 -> 10.77.0.2, MTU 1500), a tbf gate on each end,
# and sends traffic only inside them. Everything it made is removed on
# every exit path. OUTDIR receives slots.csv (tsq-live-gate) or egate.csv
# (tsq-live-edca), samples.csv (tsq-live-flow, every 1 ms), meta.txt
# (kernel release, parameters, the controller's lateness) and the
# programs' logs.
#
# Exit status: 0 done; 2 bad option; 77 skipped (printed reason: not root,
# no netns, veth or tbf); 1 a step failed.
set -u
LC_ALL=C
export LC_ALL

die() { echo "tsq-live-run: $*" >&2; exit 1; }
skip() { echo "tsq-live-run: SKIP: $*" >&2; exit 77; }
bad() { echo "tsq-live-run: $*" >&2; exit 2; }

here=$(cd "$(dirname "$0")" && pwd)
bindir=$here/../build/live-kernel
duration_ms=8000
cc=cubic
tx_delay=0
lob=""
ssthresh=30
gro=off
quickack=""
ack_defer=""
cpu_flow=0
cpu_gate=1
gate_args=""
smooth=""
timing=slots
regime=veth
slot_args=""
edca_args=""
out=""

num() { # num OPTION VALUE: the whole value must be a non-negative integer
	case $2 in
	'' | *[!0-9]*) bad "$1='$2' is not a non-negative integer" ;;
	esac
}

while [ $# -gt 0 ]; do
	case $1 in
	--bindir) bindir=${2:?}; shift 2 ;;
	--duration-ms) num "$1" "${2-}"; duration_ms=$2; shift 2 ;;
	--cc) cc=${2:?}; shift 2 ;;
	--tx-delay-us) num "$1" "${2-}"; tx_delay=$2; shift 2 ;;
	--lob) num "$1" "${2-}"; lob=$2; shift 2 ;;
	--ssthresh) num "$1" "${2-}"; ssthresh=$2; shift 2 ;;
	--gro)
		case ${2-} in on | off) gro=$2 ;; *) bad "--gro='${2-}'; allowed: on, off" ;; esac
		shift 2 ;;
	--quickack) quickack=--quickack; shift ;;
	--smooth)
		case ${2-} in [0-9]*mbit | [0-9]*kbit) smooth=$2 ;; *) bad "--smooth='${2-}'; allowed: a rate like 50mbit or 500kbit" ;; esac
		shift 2 ;;
	--backlog-ack-defer)
		case ${2-} in 0 | 1) ack_defer=$2 ;; *) bad "--backlog-ack-defer='${2-}'; allowed: 0, 1" ;; esac
		shift 2 ;;
	--cpu-flow) num "$1" "${2-}"; cpu_flow=$2; shift 2 ;;
	--cpu-gate) num "$1" "${2-}"; cpu_gate=$2; shift 2 ;;
	--timing)
		case ${2-} in slots | edca) timing=$2 ;; *) bad "--timing='${2-}'; allowed: slots, edca" ;; esac
		shift 2 ;;
	--regime)
		case ${2-} in veth | ath9k) regime=$2 ;; *) bad "--regime='${2-}'; allowed: veth, ath9k" ;; esac
		shift 2 ;;
	--rate-bps | --overhead-us | --ack-gap-us | --ack-txop-us | --gap-us | \
	--idle-poll-us | --max-frames | --lost-permille)
		num "$1" "${2-}"; slot_args="$slot_args $1 $2"; shift 2 ;;
	--release)
		case ${2-} in end | open) ;; *) bad "--release='${2-}'; allowed: end, open" ;; esac
		slot_args="$slot_args $1 $2"; shift 2 ;;
	--hw-depth | --completion-latency-us | --poll-us)
		num "$1" "${2-}"; edca_args="$edca_args $1 $2"; shift 2 ;;
	--seed | --spin-us | --rt-prio)
		num "$1" "${2-}"; gate_args="$gate_args $1 $2"; shift 2 ;;
	-h | --help) sed -n '2,30p' "$0"; exit 0 ;;
	-*) bad "unknown option '$1'" ;;
	*) [ -z "$out" ] || bad "one OUTDIR only ('$out', '$1')"; out=$1; shift ;;
	esac
done
[ -n "$out" ] || bad "OUTDIR is required (see --help)"
[ "$duration_ms" -ge 100 ] || bad "--duration-ms='$duration_ms' is out of range; allowed: 100..3600000"
if [ "$timing" = edca ]; then
	[ -z "$slot_args" ] || bad "the slot gate's options ($slot_args ) do not apply to --timing edca"
	gate_args="$gate_args$edca_args"
	gate_prog=tsq-live-edca
	gate_csv=egate.csv
else
	[ -z "$edca_args" ] || bad "the EDCA options ($edca_args ) need --timing edca"
	gate_args="$gate_args$slot_args"
	gate_prog=tsq-live-gate
	gate_csv=slots.csv
fi
[ -z "$smooth" ] || [ -z "$gate_args" ] || bad "--smooth has no gates: drop$gate_args"

# ------------------------------------------------------------ can we run?
# TSQ_LIVE_KERNEL=off: the caller has this kernel measured already (a
# chroot of another Debian release runs on the same kernel).
[ "${TSQ_LIVE_KERNEL:-on}" != off ] || skip "TSQ_LIVE_KERNEL=off (${TSQ_LIVE_KERNEL_WHY:-asked})"
[ "$(id -u)" -eq 0 ] || skip "needs root (network namespaces, qdiscs)"
command -v ip >/dev/null 2>&1 || skip "no 'ip' (iproute2)"
command -v tc >/dev/null 2>&1 || skip "no 'tc' (iproute2)"
[ -x "$bindir/tsq-live-gate" ] && [ -x "$bindir/tsq-live-edca" ] && [ -x "$bindir/tsq-live-flow" ] ||
	die "no tsq-live-gate / tsq-live-edca / tsq-live-flow in $bindir (build first)"
if [ "$gro" = on ] || [ "$regime" = ath9k ]; then
	command -v ethtool >/dev/null 2>&1 || skip "--gro on and --regime ath9k need ethtool"
fi

ns_s=tsqls$$
ns_r=tsqlr$$
pids=""
# Stop our programs (SIGTERM, then SIGKILL after 3 s: a wedged one must not
# hold the run), then remove the namespaces.
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	n=0
	for p in $pids; do
		while kill -0 "$p" 2>/dev/null && [ $n -lt 60 ]; do
			sleep 0.05
			n=$((n + 1))
		done
		kill -9 "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	ip netns del "$ns_s" 2>/dev/null
	ip netns del "$ns_r" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

ip netns add "$ns_s" 2>/dev/null || skip "cannot create a network namespace"
ip netns add "$ns_r" 2>/dev/null || skip "cannot create a network namespace"
ip link add va netns "$ns_s" type veth peer name vb netns "$ns_r" 2>/dev/null ||
	skip "cannot create a veth pair"
S="ip -n $ns_s"
R="ip -n $ns_r"
$S link set lo up && $R link set lo up || die "loopback up"
# IPv6 off: its neighbour discovery would cross the gates as frames of
# the flow's slots.
for ns in "$ns_s" "$ns_r"; do
	ip netns exec "$ns" sysctl -q -w net.ipv6.conf.all.disable_ipv6=1 >/dev/null 2>&1
	ip netns exec "$ns" sysctl -q -w net.ipv6.conf.default.disable_ipv6=1 >/dev/null 2>&1
done
$S addr add 10.77.0.1/24 dev va && $R addr add 10.77.0.2/24 dev vb || die "addresses"
seg_gso=""
if [ "$regime" = ath9k ]; then
	# ath9k's netdev: no NETIF_F_SG, so no TSO, and netdev_fix_features()
	# drops the device's own NETIF_F_GSO too ("Software GSO depends on
	# SG"). TCP still builds GSO skbs (sk_setup_caps() gives a TCP socket
	# NETIF_F_GSO, then SG), and they are cut into linear segments below
	# TCP (the data gate's tbf cuts them at enqueue: --seg-gso), charged to
	# the socket as such.
	ip netns exec "$ns_s" ethtool -K va sg off >/dev/null 2>&1 || die "sg off on va"
	seg_gso=--seg-gso
else
	# One-segment skbs: TSQ then counts skbs as WiFi MPDUs.
	$S link set va gso_max_segs 1 || die "gso_max_segs 1 on va"
fi
$S link set va up && $R link set vb up || die "links up"
if [ "$gro" = on ]; then
	ip netns exec "$ns_r" ethtool -K vb gro on >/dev/null || die "GRO on vb"
else
	ip netns exec "$ns_r" ethtool -K vb gro off >/dev/null 2>&1 || true
fi
warm=""
if [ "$ssthresh" -gt 0 ]; then
	# A locked route ssthresh reaches a connection through tcp_metrics: a
	# warm-up connection's TIME_WAIT creates the entry (tsq-live-flow).
	$S route replace 10.77.0.0/24 dev va ssthresh lock "$ssthresh" || die "route ssthresh"
	sx0() { ip netns exec "$ns_s" sysctl -q -w "$1" >/dev/null || die "sysctl $1"; }
	sx0 net.ipv4.tcp_no_ssthresh_metrics_save=0
	warm=--warmup
fi
sx() { ip netns exec "$1" sysctl -q -w "$2" >/dev/null || die "sysctl $2 in $1"; }
for ns in "$ns_s" "$ns_r"; do
	sx "$ns" net.ipv4.tcp_wmem="4096 16384 4194304"
	sx "$ns" net.ipv4.tcp_rmem="4096 131072 6291456"
done
[ -z "$lob" ] || sx "$ns_s" net.ipv4.tcp_limit_output_bytes="$lob"
if [ -n "$ack_defer" ]; then
	ip netns exec "$ns_r" sysctl -q -w net.ipv4.tcp_backlog_ack_defer="$ack_defer" \
		>/dev/null 2>&1 || skip "this kernel has no net.ipv4.tcp_backlog_ack_defer"
fi
mkdir -p "$out" || die "cannot create $out"
gate_ms=$((duration_ms + 1500))
if [ -n "$smooth" ]; then
	# The smooth link: a plain tbf at a fixed rate, sampled, never changed.
	# ath9k's regime: a peak bucket of one frame makes the tbf cut GSO
	# skbs into their segments at enqueue (as the data gate does).
	peak=""
	[ -z "$seg_gso" ] || peak="peakrate 100gbit mtu 1540"
	# shellcheck disable=SC2086 # peak is a list of words
	tc -n "$ns_s" qdisc add dev va root handle 1: tbf rate "$smooth" burst 3028 $peak \
		limit 16777216 2>/dev/null || skip "cannot add a tbf qdisc (sch_tbf)"
	"$bindir/tsq-live-gate" --monitor --sender-ns "$ns_s" --sender-dev va \
		--duration-ms "$gate_ms" --out "$out/monitor.csv" >"$out/gate.log" 2>&1 &
else
	# The gates: tbf at 8 kbit/s holds what is queued; tsq-live-gate opens them.
	for side in "$ns_s va" "$ns_r vb"; do
		set -- $side
		tc -n "$1" qdisc add dev "$2" root handle 1: tbf rate 8kbit burst 1528 \
			limit 16777216 2>/dev/null || skip "cannot add a tbf qdisc (sch_tbf)"
	done
	# shellcheck disable=SC2086 # gate_args is a list of options
	"$bindir/$gate_prog" --sender-ns "$ns_s" --sender-dev va --receiver-ns "$ns_r" \
		--receiver-dev vb --duration-ms "$gate_ms" --out "$out/$gate_csv" \
		--cpu "$cpu_gate" $seg_gso $gate_args >"$out/gate.log" 2>&1 &
fi
gate_pid=$!
pids="$gate_pid"
i=0
until grep -q '^ready' "$out/gate.log" 2>/dev/null; do
	i=$((i + 1))
	kill -0 "$gate_pid" 2>/dev/null || die "tsq-live-gate failed: $(cat "$out/gate.log")"
	[ $i -lt 100 ] || die "tsq-live-gate not ready after 5 s"
	sleep 0.05
done

"$bindir/tsq-live-flow" recv --ns "$ns_r" --port 5201 $quickack \
	--cpu "$cpu_flow" \
	>"$out/recv.log" 2>&1 &
recv_pid=$!
pids="$pids $recv_pid"
i=0
until grep -q '^listening' "$out/recv.log" 2>/dev/null; do
	i=$((i + 1))
	kill -0 "$recv_pid" 2>/dev/null || die "receiver failed: $(cat "$out/recv.log")"
	[ $i -lt 100 ] || die "receiver not listening after 5 s"
	sleep 0.05
done

"$bindir/tsq-live-flow" send --ns "$ns_s" --dst 10.77.0.2 --port 5201 \
	--duration-ms "$duration_ms" --samples "$out/samples.csv" --cc "$cc" \
	--tx-delay-us "$tx_delay" $warm --cpu "$cpu_flow" >"$out/send.log" 2>&1 ||
	die "sender failed: $(cat "$out/send.log")"
wait "$recv_pid" || die "receiver failed: $(cat "$out/recv.log")"
[ -z "$smooth" ] || kill "$gate_pid" 2>/dev/null
wait "$gate_pid" || die "tsq-live-gate failed: $(cat "$out/gate.log")"
pids=""

lob_now=$(ip netns exec "$ns_s" sysctl -n net.ipv4.tcp_limit_output_bytes)
gro_now=$(ip netns exec "$ns_r" ethtool -k vb 2>/dev/null |
	sed -n 's/^generic-receive-offload: *//p')
offload() { # offload FEATURE: the sender's va as ethtool -k reports it
	ip netns exec "$ns_s" ethtool -k va 2>/dev/null | sed -n "s/^$1: *\([a-z]*\).*/\1/p"
}
{
	echo "kernel_release=$(uname -r)"
	echo "duration_ms=$duration_ms"
	echo "cc=$cc"
	echo "tx_delay_us=$tx_delay"
	echo "limit_output_bytes=$lob_now"
	echo "ssthresh=$ssthresh"
	echo "gro=${gro_now:-unknown}"
	echo "quickack=${quickack:+1}"
	echo "backlog_ack_defer=$(ip netns exec "$ns_r" sysctl -n net.ipv4.tcp_backlog_ack_defer 2>/dev/null || echo none)"
	echo "timing=$timing"
	echo "regime=$regime"
	echo "sender_sg=$(offload scatter-gather)"
	echo "sender_gso=$(offload generic-segmentation-offload)"
	echo "sender_tso=$(offload tcp-segmentation-offload)"
	echo "sender_gso_max_segs=$(ip -n "$ns_s" -d link show va | sed -n 's/.*gso_max_segs \([0-9]*\).*/\1/p')"
	echo "gate_args=$gate_args"
	echo "smooth=$smooth"
	grep '^slots=\|^releases=' "$out/gate.log"
	grep '^warmup_attempts=' "$out/send.log" || true
	grep '^sent_bytes=' "$out/send.log"
	grep '^received_bytes=' "$out/recv.log"
} >"$out/meta.txt"
cat "$out/meta.txt"
