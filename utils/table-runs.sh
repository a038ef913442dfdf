# table-runs.sh -- sourced by the table scripts that run tsq-wifi-upload
# per point and seed (edca-gate-table.sh, kernel-forms-table.sh): their
# arguments checked, and one point's runs summed.
#
# table_args NAME [BUILD_DIR] [SEEDS] [DURATION_S]: sets build, seeds,
#   duration and prog (tsq-wifi-upload), or stops with a message.
# seed_sums SIDE OPTIONS...: runs seeds 1..SEEDS with OPTIONS, prints the
#   sums over the seeds of goodput (Mb/s), cwnd / packets in flight,
#   pacing rate / goodput, bytes below TCP, MPDUs per A-MPDU (per
#   acknowledged aggregate on the gate, per data PSDU on WiFi) and ACKs
#   per AP TXOP (gate; 0 on WiFi). SIDE is gate or wifi.

table_args() {
    table_name=$1
    build=${2:-build}
    seeds=${3:-3}
    duration=${4:-10}
    prog=$build/examples/tsq-wifi-upload
    [ -x "$prog" ] || { echo "$table_name: no $prog (build first: make build)" >&2; exit 1; }
    case $seeds in
    '' | *[!0-9]* | 0) echo "$table_name: SEEDS=$seeds is not 1 or more" >&2; exit 2 ;;
    esac
}

seed_sums() {
    ss_side=$1
    shift
    ss_seed=1
    ss_sums="0 0 0 0 0 0"
    while [ "$ss_seed" -le "$seeds" ]; do
        ss_out=$("$prog" "$@" --duration="$duration" --seed="$ss_seed" --pingInterval=0) ||
            { echo "$table_name: $* seed $ss_seed failed" >&2; exit 1; }
        ss_sums=$(echo "$ss_out" | awk -v sums="$ss_sums" -v side="$ss_side" '
            { for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
            END {
                split(sums, a, " ")
                a[1] += v["goodput_mbps"]
                a[2] += v["cwnd_segments_mean"] / v["packets_out_mean"]
                a[3] += v["pacing_rate_mbps_mean"] / v["goodput_mbps"]
                a[4] += v["queued_bytes_mean"]
                a[5] += side == "gate" ? v["gate_frames_per_slot"] : v["ampdu_mpdus_mean"]
                a[6] += side == "gate" ? v["gate_acks_per_txop"] : 0
                print a[1], a[2], a[3], a[4], a[5], a[6] }')
        ss_seed=$((ss_seed + 1))
    done
    echo "$ss_sums"
}
