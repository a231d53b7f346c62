#!/bin/sh
# Compares the move generator's speed with Stockfish's (Debian package 'stockfish'): runs
# 'camelot perft DEPTH' (Camelot's start) and Stockfish's 'go perft SF_DEPTH' (chess's start)
# in turn, RUNS times each, both on one core (the first processor this shell may use, through
# taskset when there is one), and prints each pair's leaves per second and their ratio, then
# the median ratio. Each program is timed from outside, start-up included, so neither is
# trusted to time itself.
#   tools/perft-vs-stockfish.sh [CAMELOT] [RUNS] [DEPTH] [SF_DEPTH]
# Defaults: build/release/camelot, 5 runs, perft 5 against go perft 7 (the pair the issue
# tracker names).
# SPDX-License-Identifier: MIT
set -eu

camelot=${1:-build/release/camelot}
runs=${2:-5}
depth=${3:-5}
sf_depth=${4:-7}
stockfish=$(command -v stockfish || echo /usr/games/stockfish)

if [ ! -x "$camelot" ]; then
    echo "perft-vs-stockfish: no program '$camelot' (build it: cmake --preset release &&" \
        "cmake --build --preset release)" >&2
    exit 2
fi
if [ ! -x "$stockfish" ]; then
    echo "perft-vs-stockfish: no stockfish (apt-get install stockfish)" >&2
    exit 2
fi
case "$runs$depth$sf_depth" in
*[!0-9]*)
    echo "usage: tools/perft-vs-stockfish.sh [CAMELOT] [RUNS] [DEPTH] [SF_DEPTH]" >&2
    exit 2
    ;;
esac

# One core: the first this shell may run on.
pin=""
if command -v taskset >/dev/null 2>&1; then
    cpu=$(taskset -cp $$ | sed 's/.*: *//; s/[-,].*//')
    pin="taskset -c $cpu"
fi

now() { date +%s.%N; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# leaves_camelot: runs camelot's perft; prints "LEAVES SECONDS".
leaves_camelot() {
    local t0 t1
    t0=$(now)
    $pin "$camelot" perft "$depth" --variant camelot >"$out" 2>/dev/null
    t1=$(now)
    printf '%s %s\n' "$(sed -n 's/^total //p' "$out")" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
}

# leaves_stockfish: runs Stockfish's perft; prints "LEAVES SECONDS".
leaves_stockfish() {
    local t0 t1
    t0=$(now)
    printf 'position startpos\ngo perft %s\nquit\n' "$sf_depth" | $pin "$stockfish" >"$out" 2>/dev/null
    t1=$(now)
    printf '%s %s\n' "$(sed -n 's/^Nodes searched: //p' "$out")" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
}

echo "camelot perft $depth (Camelot) against stockfish go perft $sf_depth (chess), ${pin:-not pinned}"
ratios=""
i=1
while [ "$i" -le "$runs" ]; do
    set -- $(leaves_camelot)
    c_leaves=$1 c_time=$2
    set -- $(leaves_stockfish)
    s_leaves=$1 s_time=$2
    if [ -z "$c_leaves" ] || [ -z "$s_leaves" ]; then
        echo "perft-vs-stockfish: a program printed no count" >&2
        exit 1
    fi
    c_rate=$(awk -v n="$c_leaves" -v t="$c_time" 'BEGIN { print n / t / 1e6 }')
    s_rate=$(awk -v n="$s_leaves" -v t="$s_time" 'BEGIN { print n / t / 1e6 }')
    ratio=$(awk -v a="$c_rate" -v b="$s_rate" 'BEGIN { print a / b }')
    printf 'pair %d: camelot %.1f M/s (%s in %.2f s), stockfish %.1f M/s (%s in %.2f s), ratio %.3f\n' \
        "$i" "$c_rate" "$c_leaves" "$c_time" "$s_rate" "$s_leaves" "$s_time" "$ratio"
    ratios="$ratios $ratio"
    i=$((i + 1))
done
printf '%s\n' $ratios | sort -g | awk '{ r[NR] = $1 } END {
    m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
    printf "median ratio %.3f over %d pairs (the target is 2.5)\n", m, NR }'
