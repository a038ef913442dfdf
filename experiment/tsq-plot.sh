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
#       categories in version order; integer X values are the ticks. With
#       --y2 COLUMN a second panel below shows that column the same way
#       (with its own --reference-points2 and --ylabel2), on the same X.
#   experiment/tsq-plot.sh [options] --run RUN_KEY DB SERIES[,SERIES2] OUT.png
#       Time series of one run (RUN_KEY or a unique prefix of it) from the
#       `series` table; with two series the second uses the right axis (as
#       Flent's goodput + ping plot). SERIES "ampdu_histogram" draws the
#       run's A-MPDU size histogram instead.
#   experiment/tsq-plot.sh [options] --stack --run KEY1,KEY2[,...] DB S1,S2,... OUT.png
#       One panel per series, stacked on a shared time axis, one line per
#       run (labelled by --labels L1,L2,... or the run's experiment and seed).
#
# Options:
#   --where SQL         filter runs, e.g. "experiment = 'pacing-shift'"
#   --by COLUMN         one curve per distinct value of COLUMN (e.g. cc)
#   --reference-points FILE  published points, one per line: "x y label...";
#                       '#' starts a comment; one point style per label
#   --spread minmax|stddev   error bars (default minmax)
#   --y2 COLUMN  --reference-points2 FILE  --ylabel2 TEXT   the second panel
#   --stack  --labels L1,L2,...   stacked time series of several runs
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
y2=""
ref2=""
ylabel2=""
stack=0
labels=""
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
    --y2) [ $# -ge 2 ] || die "--y2 needs a column"; y2=$2; shift 2 ;;
    --reference-points2) [ $# -ge 2 ] || die "--reference-points2 needs a file"; ref2=$2; shift 2 ;;
    --ylabel2) [ $# -ge 2 ] || die "--ylabel2 needs text"; ylabel2=$2; shift 2 ;;
    --stack) stack=1; shift ;;
    --labels) [ $# -ge 2 ] || die "--labels needs L1,L2,..."; labels=$2; shift 2 ;;
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
    # The legend inside the plot, in headroom the offsets keep free.
    echo "set key inside top right opaque box"
} >"$tmp/plot.gp"

# The one run key a --run prefix names (exits on a bad or ambiguous one).
run_key() { # run_key PREFIX
    case $1 in *[!0-9a-f]* | "") die "--run '$1' is not a run key (hex digits)" ;; esac
    rk=$(q "SELECT DISTINCT run_key FROM runs WHERE run_key LIKE '$1%';")
    rn=$(printf '%s\n' "$rk" | grep -c . || true)
    [ "$rn" -eq 1 ] || die "--run '$1' matches $rn runs in $db"
    printf '%s' "$rk"
}

# ---------------------------------------------- several runs, stacked
[ "$stack" -eq 0 ] || [ -n "$run" ] || die "--stack needs --run KEY1,KEY2,..."
if [ -n "$run" ] && [ "$stack" -eq 1 ]; then
    # The run keys, each resolved once; then only the series some run has
    # (a wired run has no A-MPDUs): a panel per series left.
    rkeys=""
    for k in $(printf '%s' "$run" | tr ',' ' '); do
        keys=$(run_key "$k") || exit 2
        rkeys="$rkeys${rkeys:+ }$keys"
    done
    inkeys=$(printf "'%s'," $rkeys | sed 's/,$//')
    series=""
    for s in $(printf '%s' "$pos2" | tr ',' ' '); do
        if [ "$(q "SELECT count(*) FROM series WHERE run_key IN ($inkeys) AND series = $(sq "$s");")" -gt 0 ]; then
            series="$series${series:+,}$s"
        else
            echo "tsq-plot: no run of --run has the series '$s'; no panel for it" >&2
        fi
    done
    nser=$(printf '%s' "$series" | tr ',' '\n' | grep -c . || true)
    [ "$nser" -ge 1 ] || die "none of the series '$pos2' is in these runs"
    h=$(( (nser * 220) + 80 ))
    w=${size%%,*}
    sed -i "1s/size [0-9]*,[0-9]*/size $w,$h/" "$tmp/plot.gp"
    {
        echo "set multiplot layout $nser,1 title $(gq "${title:-time series}")"
        echo "set lmargin 12"
        echo "set rmargin 3"
        echo "set key inside top right opaque box"
    } >>"$tmp/plot.gp"
    j=0
    for s in $(printf '%s' "$series" | tr ',' ' '); do
        j=$((j + 1))
        plot=""
        i=0
        for keys in $rkeys; do
            i=$((i + 1))
            label=$(printf '%s' "$labels" | cut -d, -f"$i")
            [ -n "$label" ] ||
                label=$(q "SELECT experiment || ' seed ' || seed FROM runs WHERE run_key = '$keys';")
            q "SELECT t_s, value FROM series WHERE run_key = '$keys' AND series = $(sq "$s")
               ORDER BY t_s;" >"$tmp/st$j-$i.dat"
            if [ ! -s "$tmp/st$j-$i.dat" ]; then
                # e.g. no TSQ limit in a run with TSQ off: that panel lacks it
                echo "tsq-plot: run $keys has no series '$s'; not in that panel" >&2
                continue
            fi
            plot="$plot${plot:+, }'$tmp/st$j-$i.dat' using 1:2 with lines linewidth 1.5 lc $i title $(gq "$label")"
        done
        case $s in
        goodput_mbps) yl="goodput (Mb/s)" ;;
        cwnd_segments) yl="cwnd (segments)" ;;
        tsq_limit_bytes) yl="TSQ limit (bytes)" ;;
        queued_bytes) yl="bytes below TCP" ;;
        ampdu_mpdus) yl="MPDUs per A-MPDU" ;;
        ping_rtt_ms) yl="ping RTT (ms)" ;;
        srtt_ms) yl="srtt (ms)" ;;
        pacing_rate_mbps) yl="pacing rate (Mb/s)" ;;
        *) yl=$s ;;
        esac
        {
            echo "set ylabel $(gq "$yl")"
            echo "set offsets 0, 0, graph 0.25, 0"
            if [ "$j" -eq "$nser" ]; then
                echo "set xlabel $(gq "${xlabel:-simulated time (s)}")"
                echo "set format x"
            else
                echo "unset xlabel"
                echo "set format x ''"
            fi
            [ "$j" -eq 1 ] || echo "unset key"
            echo "plot $plot"
        } >>"$tmp/plot.gp"
    done
    echo "unset multiplot" >>"$tmp/plot.gp"
    gnuplot "$tmp/plot.gp" || die "gnuplot failed"
    echo "tsq-plot: wrote $out"
    exit 0
fi

# ------------------------------------------------------------- one run
if [ -n "$run" ]; then
    key=$(run_key "$run") || exit 2
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
[ -z "$y2" ] || ident --y2 "$y2"
[ -z "$by" ] || ident --by "$by"
cols=$(q "SELECT name FROM pragma_table_info('runs');")
for c in "$x" "$y" $y2 $by; do
    printf '%s\n' "$cols" | grep -qx "$c" || die "no column '$c' in $db's runs table"
done
nonnum=$(q "SELECT count(*) FROM runs WHERE ($where) AND \"$x\" IS NOT NULL
             AND typeof(\"$x\") NOT IN ('integer', 'real');") || die "bad --where '$where'"
nonint=$(q "SELECT count(*) FROM runs WHERE ($where) AND \"$x\" IS NOT NULL
             AND typeof(\"$x\") <> 'integer';")

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

if [ "$spread" = minmax ]; then
    using="1:3:4:5"
    what="min..max"
else
    # shellcheck disable=SC2016 # gnuplot's $N columns
    using='1:3:($7 > 1 ? sqrt(($6 - $3 * $3 > 0 ? $6 - $3 * $3 : 0) * $7 / ($7 - 1)) : 0)'
    what="+-1 sd"
fi
if [ "$nonnum" -gt 0 ]; then using="$using:xtic(2)"; fi

# Data file of column $2: position, label, mean, min, max, mean of squares, count.
data() { # data FILE COLUMN EXTRA_WHERE
    q "SELECT \"$x\", avg(\"$2\"), min(\"$2\"), max(\"$2\"), avg(\"$2\" * \"$2\"), count(\"$2\")
       FROM runs WHERE ($where) AND ($3) AND \"$2\" IS NOT NULL AND \"$x\" IS NOT NULL
       GROUP BY \"$x\" ORDER BY \"$x\";" >"$tmp/raw"
    if [ "$nonnum" -gt 0 ]; then
        awk -F'\t' -v OFS='\t' 'NR == FNR { pos[$2] = $1; next }
            { print pos[$1], $0 }' "$tmp/cat" "$tmp/raw" | sort -n >"$1"
    else
        awk -F'\t' -v OFS='\t' '{ print $1, $0 }' "$tmp/raw" >"$1"
    fi
}

# One panel: column $1 with the reference points of file $2 (may be ""),
# its label $3, its files named after $4; appends to plot.gp.
panel() { # panel COLUMN REFFILE YLABEL TAG
    pc=$1
    rows=$(q "SELECT count(*) FROM runs WHERE ($where) AND \"$pc\" IS NOT NULL;") ||
        die "bad --where '$where'"
    [ "$rows" -gt 0 ] || die "no run with a $pc value matches --where '$where'"
    plot=""
    if [ -n "$by" ]; then
        q "SELECT quote(\"$by\") FROM runs WHERE ($where) AND \"$pc\" IS NOT NULL
           GROUP BY \"$by\" ORDER BY \"$by\";" >"$tmp/groups$4"
        i=0
        while IFS= read -r g; do
            i=$((i + 1))
            data "$tmp/g$4-$i.dat" "$pc" "\"$by\" IS $g"
            label=$(printf '%s' "$g" | sed "s/^'//; s/'$//; s/''/'/g")
            plot="$plot${plot:+, }'$tmp/g$4-$i.dat' using $using with yerrorlines title $(gq "$by=$label ($what)")"
        done <"$tmp/groups$4"
    else
        data "$tmp/g$4.dat" "$pc" 1
        plot="'$tmp/g$4.dat' using $using with yerrorlines title $(gq "ns-3 tsq: mean over seeds ($what)")"
    fi
    # The reference's points: one file per label, X mapped to category
    # positions (shifted right a little so they stand beside ours).
    if [ -n "$2" ]; then
        [ -f "$2" ] || die "no reference-points file '$2'"
        awk -v dir="$tmp" -v tag="$4" -v cat="$tmp/cat" -v nonnum="$nonnum" '
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
                if (!(label in idx)) { idx[label] = ++n; print label > (dir "/reflabels" tag) }
                print xv "\t" yv > (dir "/ref" tag "-" idx[label] ".dat")
            }' "$2"
        if [ -f "$tmp/reflabels$4" ]; then
            i=0
            while IFS= read -r label; do
                i=$((i + 1))
                plot="$plot, '$tmp/ref$4-$i.dat' using 1:2 with points pointtype $((4 + 2 * i)) pointsize 1.6 title $(gq "$label")"
            done <"$tmp/reflabels$4"
        fi
    fi
    {
        echo "set ylabel $(gq "$3")"
        echo "plot $plot"
    } >>"$tmp/plot.gp"
    nrows=$rows
}

if [ -n "$y2" ]; then # two panels: twice as tall (sed before appending below)
    sed -i "1s/size [0-9]*,[0-9]*/size ${size%%,*},$((${size#*,} * 2 - 80))/" "$tmp/plot.gp"
fi
{
    if [ -n "$y2" ]; then
        echo "set multiplot layout 2,1 title $(gq "${title:-$y and $y2 against $x}")"
        echo "set lmargin 12"
    else
        echo "set title $(gq "${title:-$y against $x}")"
    fi
    echo "set xlabel $(gq "${xlabel:-$x}")"
    if [ "$nonnum" -gt 0 ]; then
        n=$(wc -l <"$tmp/cat")
        echo "set xrange [0.5:$n + 0.5]"
        echo "set xtics rotate by -30"
        echo "set offsets 0, 0, graph 0.3, graph 0.05"
    else
        # Room for the legend at the top; integer X values are the ticks.
        echo "set offsets graph 0.05, graph 0.05, graph 0.3, graph 0.05"
        if [ "$logx" -eq 1 ]; then echo "set logscale x"; fi
        if [ "$nonint" -eq 0 ]; then
            ticks=$(q "SELECT group_concat(v, ', ') FROM (SELECT DISTINCT \"$x\" AS v FROM runs
                       WHERE ($where) AND \"$x\" IS NOT NULL ORDER BY v);")
            [ -z "$ticks" ] || echo "set xtics ($ticks)"
        fi
    fi
} >>"$tmp/plot.gp"
panel "$y" "$ref" "${ylabel:-$y}" 1
if [ -n "$y2" ]; then
    panel "$y2" "$ref2" "${ylabel2:-$y2}" 2
    echo "unset multiplot" >>"$tmp/plot.gp"
fi
gnuplot "$tmp/plot.gp" 2>"$tmp/gp.err" || {
    cat "$tmp/gp.err" >&2
    die "gnuplot failed"
}
echo "tsq-plot: wrote $out ($nrows runs)"
