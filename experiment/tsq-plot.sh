#!/bin/sh
# tsq-plot.sh -- gnuplot PNGs from a tsq results database.
#
# Usage:
#   experiment/tsq-plot.sh [options] DB X_COLUMN Y_COLUMN OUT.png
#       Y against X over the rows of `runs`: the mean over seeds (all runs
#       with the same X) with error bars (min..max, or +-1 sample standard
#       deviation with --spread stddev), optionally one curve per value of
#       --by, and the reference's published points beside ours (--reference-points).
#       A non-numeric X (e.g. a kernel rule "3.6", "4.14") is plotted as
#       categories in version order.
#   experiment/tsq-plot.sh [options] --run RUN_KEY DB SERIES[,SERIES2] OUT.png
#       Time series of one run (RUN_KEY or a unique prefix of it) from the
#       `series` table; with two series the second uses the right axis (as
#       Flent's goodput + ping plot). SERIES "ampdu_histogram" draws the
#       run's A-MPDU size histogram instead.
#
# Options:
#   --where SQL         filter runs, e.g. "experiment = 'pacing-shift'"
#   --by COLUMN         one curve per distinct value of COLUMN (e.g. cc)
#   --reference-points FILE  published points, one per line: "x y label...";
#                       '#' starts a comment; one point style per label
#   --spread minmax|stddev   error bars (default minmax)
#   --title TEXT  --xlabel TEXT  --ylabel TEXT  --logx  --size W,H
#
# Example:
#   experiment/tsq-plot.sh --where "experiment = 'pacing-shift'" \
#       --reference-points doc/figures/reference-004-goodput.txt \
#       results/pacing-shift.db pacing_shift goodput_mbps results/shift.png
#
# Needs sqlite3 and gnuplot (Debian: gnuplot-nox); uses the pngcairo
# terminal when gnuplot has it, png otherwise.
set -eu

die() { echo "tsq-plot: $*" >&2; exit 2; }

where="1"
by=""
ref=""
spread=minmax
run=""
title=""
xlabel=""
ylabel=""
logx=0
size="800,500"
npos=0
pos1="" pos2="" pos3="" pos4=""
while [ $# -gt 0 ]; do
    case $1 in
    --where) [ $# -ge 2 ] || die "--where needs SQL"; where=$2; shift 2 ;;
    --by) [ $# -ge 2 ] || die "--by needs a column"; by=$2; shift 2 ;;
    --reference-points) [ $# -ge 2 ] || die "--reference-points needs a file"; ref=$2; shift 2 ;;
    --spread) [ $# -ge 2 ] || die "--spread needs minmax or stddev"; spread=$2; shift 2 ;;
    --run) [ $# -ge 2 ] || die "--run needs a run key"; run=$2; shift 2 ;;
    --title) [ $# -ge 2 ] || die "--title needs text"; title=$2; shift 2 ;;
    --xlabel) [ $# -ge 2 ] || die "--xlabel needs text"; xlabel=$2; shift 2 ;;
    --ylabel) [ $# -ge 2 ] || die "--ylabel needs text"; ylabel=$2; shift 2 ;;
    --size) [ $# -ge 2 ] || die "--size needs W,H"; size=$2; shift 2 ;;
    --logx) logx=1; shift ;;
    -h | --help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *)
        npos=$((npos + 1))
        eval "pos$npos=\$1"
        shift
        ;;
    esac
done

for tool in sqlite3 gnuplot; do
    command -v "$tool" >/dev/null 2>&1 || die "'$tool' is missing (sh utils/install-deps.sh demo)"
done
case $spread in minmax | stddev) ;; *) die "--spread '$spread' (allowed: minmax, stddev)" ;; esac
case $size in *[!0-9,]* | ,* | *, | "") die "--size '$size' (allowed: W,H in pixels)" ;; esac

ident() { # ident WHAT NAME: refuse anything but a plain column name
    case $2 in
    "" | [0-9]* | *[!A-Za-z0-9_]*) die "$1 '$2' is not a column name ([A-Za-z_][A-Za-z0-9_]*)" ;;
    esac
}
gq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; } # gnuplot string
sq() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; } # SQL string

db=$pos1
if [ -n "$run" ]; then
    [ "$npos" -eq 3 ] || die "expected --run KEY DB SERIES OUT.png; see --help"
    out=$pos3
else
    [ "$npos" -eq 4 ] || die "expected DB X_COLUMN Y_COLUMN OUT.png; see --help"
    out=$pos4
fi
[ -f "$db" ] || die "no database '$db'"
q() { sqlite3 -batch -readonly -cmd ".timeout 10000" -separator "$(printf '\t')" "$db" "$1"; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if gnuplot -e 'set terminal' 2>&1 | grep -q pngcairo; then
    term="pngcairo size $size noenhanced font 'sans,10'"
else
    term="png size $size noenhanced"
fi
{
    echo "set terminal $term"
    echo "set output $(gq "$out")"
    echo "set datafile separator tab"
    echo "set grid"
    echo "set key outside right top"
} >"$tmp/plot.gp"

# ------------------------------------------------------------- one run
if [ -n "$run" ]; then
    case $run in *[!0-9a-f]*) die "--run '$run' is not a run key (hex digits)" ;; esac
    keys=$(q "SELECT DISTINCT run_key FROM runs WHERE run_key LIKE '$run%';")
    n=$(printf '%s\n' "$keys" | grep -c . || true)
    [ "$n" -eq 1 ] || die "--run '$run' matches $n runs in $db"
    key=$keys
    series=$pos2
    desc=$(q "SELECT experiment || ' seed ' || seed FROM runs WHERE run_key = '$key';")
    {
        echo "set title $(gq "${title:-$desc ($key)}")"
        if [ "$logx" -eq 1 ]; then echo "set logscale x"; fi
    } >>"$tmp/plot.gp"
    if [ "$series" = ampdu_histogram ]; then
        q "SELECT mpdus, psdus FROM ampdu_histogram WHERE run_key = '$key' ORDER BY mpdus;" \
            >"$tmp/h.dat"
        [ -s "$tmp/h.dat" ] || die "run $key has no A-MPDU histogram"
        cat >>"$tmp/plot.gp" <<EOF
set xlabel $(gq "${xlabel:-MPDUs per A-MPDU}")
set ylabel $(gq "${ylabel:-PSDUs}")
set style fill solid 0.6
set boxwidth 0.8
plot '$tmp/h.dat' using 1:2 with boxes title 'A-MPDU sizes'
EOF
    else
        i=0
        plot=""
        for s in $(printf '%s' "$series" | tr ',' ' '); do
            i=$((i + 1))
            q "SELECT t_s, value FROM series WHERE run_key = '$key' AND series = $(sq "$s")
               ORDER BY t_s;" >"$tmp/s$i.dat"
            [ -s "$tmp/s$i.dat" ] || die "run $key has no series '$s'"
            axes="x1y1"
            if [ "$i" -eq 2 ]; then
                axes="x1y2"
                {
                    echo "set y2label $(gq "$s")"
                    echo "set y2tics"
                    echo "set ytics nomirror"
                } >>"$tmp/plot.gp"
            fi
            [ "$i" -le 2 ] || axes="x1y1"
            plot="$plot${plot:+, }'$tmp/s$i.dat' using 1:2 axes $axes with lines title $(gq "$s")"
        done
        first=$(printf '%s' "$series" | cut -d, -f1)
        {
            echo "set xlabel $(gq "${xlabel:-simulated time (s)}")"
            echo "set ylabel $(gq "${ylabel:-$first}")"
            echo "plot $plot"
        } >>"$tmp/plot.gp"
    fi
    gnuplot "$tmp/plot.gp" || die "gnuplot failed"
    echo "tsq-plot: wrote $out"
    exit 0
fi

# ------------------------------------------------------------- Y against X
x=$pos2
y=$pos3
ident X_COLUMN "$x"
ident Y_COLUMN "$y"
[ -z "$by" ] || ident --by "$by"
cols=$(q "SELECT name FROM pragma_table_info('runs');")
for c in "$x" "$y" $by; do
    printf '%s\n' "$cols" | grep -qx "$c" || die "no column '$c' in $db's runs table"
done
nrows=$(q "SELECT count(*) FROM runs WHERE ($where) AND \"$y\" IS NOT NULL;") ||
    die "bad --where '$where'"
[ "$nrows" -gt 0 ] || die "no run with a $y value matches --where '$where'"
nonnum=$(q "SELECT count(*) FROM runs WHERE ($where) AND \"$x\" IS NOT NULL
             AND typeof(\"$x\") NOT IN ('integer', 'real');")

# Categories (non-numeric X) in version order, numbered 1..n.
if [ "$nonnum" -gt 0 ]; then
    q "SELECT DISTINCT \"$x\" FROM runs WHERE ($where) AND \"$x\" IS NOT NULL;" >"$tmp/cat.raw"
    if sort -V </dev/null >/dev/null 2>&1; then
        sort -V "$tmp/cat.raw" >"$tmp/cat.sorted"
    else
        sort "$tmp/cat.raw" >"$tmp/cat.sorted"
    fi
    awk '{ print NR "\t" $0 }' "$tmp/cat.sorted" >"$tmp/cat"
fi

# Data file: position, label, mean, min, max, mean of squares, count.
data() { # data FILE EXTRA_WHERE
    q "SELECT \"$x\", avg(\"$y\"), min(\"$y\"), max(\"$y\"), avg(\"$y\" * \"$y\"), count(\"$y\")
       FROM runs WHERE ($where) AND ($2) AND \"$y\" IS NOT NULL AND \"$x\" IS NOT NULL
       GROUP BY \"$x\" ORDER BY \"$x\";" >"$tmp/raw"
    if [ "$nonnum" -gt 0 ]; then
        awk -F'\t' -v OFS='\t' 'NR == FNR { pos[$2] = $1; next }
            { print pos[$1], $0 }' "$tmp/cat" "$tmp/raw" | sort -n >"$1"
    else
        awk -F'\t' -v OFS='\t' '{ print $1, $0 }' "$tmp/raw" >"$1"
    fi
}

if [ "$spread" = minmax ]; then
    using="1:3:4:5"
    what="min..max"
else
    # shellcheck disable=SC2016 # gnuplot's $N columns
    using='1:3:($7 > 1 ? sqrt(($6 - $3 * $3 > 0 ? $6 - $3 * $3 : 0) * $7 / ($7 - 1)) : 0)'
    what="+-1 sd"
fi
if [ "$nonnum" -gt 0 ]; then using="$using:xtic(2)"; fi

plot=""
if [ -n "$by" ]; then
    q "SELECT quote(\"$by\") FROM runs WHERE ($where) AND \"$y\" IS NOT NULL
       GROUP BY \"$by\" ORDER BY \"$by\";" >"$tmp/groups"
    i=0
    while IFS= read -r g; do
        i=$((i + 1))
        data "$tmp/g$i.dat" "\"$by\" IS $g"
        label=$(printf '%s' "$g" | sed "s/^'//; s/'$//; s/''/'/g")
        plot="$plot${plot:+, }'$tmp/g$i.dat' using $using with yerrorlines title $(gq "$by=$label ($what)")"
    done <"$tmp/groups"
else
    data "$tmp/g.dat" 1
    plot="'$tmp/g.dat' using $using with yerrorlines title $(gq "ns-3 tsq: mean over seeds ($what)")"
fi

# The reference's points: one file per label, X mapped to category positions
# (shifted right a little so they stand beside ours).
if [ -n "$ref" ]; then
    [ -f "$ref" ] || die "no reference-points file '$ref'"
    awk -v dir="$tmp" -v cat="$tmp/cat" -v nonnum="$nonnum" '
        BEGIN { if (nonnum > 0) while ((getline line < cat) > 0) {
                    split(line, f, "\t"); pos[f[2]] = f[1] } }
        /^[ \t]*(#|$)/ { next }
        NF < 2 { print "tsq-plot: reference points: line " FNR " needs x y [label]" > "/dev/stderr"; next }
        {
            xv = $1; yv = $2; label = ""
            for (i = 3; i <= NF; i++) label = label (i > 3 ? " " : "") $i
            if (label == "") label = "published"
            if (nonnum > 0) {
                if (!(xv in pos)) {
                    print "tsq-plot: reference point x=" xv " matches no category; left out" > "/dev/stderr"
                    next
                }
                xv = pos[xv] + 0.15
            }
            if (!(label in idx)) { idx[label] = ++n; print label > (dir "/reflabels") }
            print xv "\t" yv > (dir "/ref" idx[label] ".dat")
        }' "$ref"
    if [ -f "$tmp/reflabels" ]; then
        i=0
        while IFS= read -r label; do
            i=$((i + 1))
            plot="$plot, '$tmp/ref$i.dat' using 1:2 with points pointtype $((4 + 2 * i)) pointsize 1.6 title $(gq "$label")"
        done <"$tmp/reflabels"
    fi
fi

{
    echo "set title $(gq "${title:-$y against $x}")"
    echo "set xlabel $(gq "${xlabel:-$x}")"
    echo "set ylabel $(gq "${ylabel:-$y}")"
    if [ "$nonnum" -gt 0 ]; then
        n=$(wc -l <"$tmp/cat")
        echo "set xrange [0.5:$n + 0.5]"
        echo "set xtics rotate by -30"
    else
        echo "set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05"
        if [ "$logx" -eq 1 ]; then echo "set logscale x"; fi
    fi
    echo "plot $plot"
} >>"$tmp/plot.gp"
gnuplot "$tmp/plot.gp" 2>"$tmp/gp.err" || {
    cat "$tmp/gp.err" >&2
    die "gnuplot failed"
}
echo "tsq-plot: wrote $out ($nrows runs)"
