#!/bin/sh
# Measures how far the verdicts of a short review agree with those of a long one: reviews each
# RECORD with 'camelot review --text' at SHORT seconds a position (with CAMELOT) and at LONG
# seconds (with LONG_CAMELOT, by default the same program), then compares the plies line by line:
#   - the moves the long review marks as a mistake or a blunder (its mark column: by the fall
#     of the chance of winning), and how many of them the short review marks at all, and as a
#     mistake or a blunder;
#   - the moves both reviews mark, and how many of them have the same better move;
#   - the plies whose mark is the same in both, and the mean difference of the losses.
# The long reviews are kept in DIR (given with -k DIR) and used again when there, so that two
# programs' short reviews can be set against the same long one.
#   tools/review-agreement.sh [-k DIR] CAMELOT SHORT LONG_CAMELOT LONG RECORD...
# SPDX-License-Identifier: MIT
set -eu

keep=""
if [ "${1:-}" = "-k" ]; then
    keep=$2
    shift 2
fi
if [ $# -lt 5 ]; then
    echo "usage: tools/review-agreement.sh [-k DIR] CAMELOT SHORT LONG_CAMELOT LONG RECORD..." >&2
    exit 2
fi
camelot=$1 short=$2 long_camelot=$3 long=$4
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -n "$keep" ] && mkdir -p "$keep"

# plies FILE: the ply lines of a text review as "MOVE LOSS MARK BETTER" ('-' for none). A move
# too long for its column is alone on its line, and its scores are on the next.
plies() {
    awk 'function emit(move, from,    i, loss, mark, better) {
            # The scores may be two words ("win in 3"): the loss is the first number with two
            # decimals after the move, and a mark and a better move may follow it.
            loss = ""; mark = "-"; better = "-"
            for (i = from; i <= NF; i++)
                if ($i ~ /^[0-9]+\.[0-9][0-9]$/ && loss == "") {
                    loss = $i
                    if (i + 2 <= NF) { mark = $(i + 1); better = $(i + 2) }
                }
            print move, loss, mark, better
        }
        pending != "" { emit(pending, 1); pending = ""; next }
        $1 ~ /^[0-9]+\.$/ && NF == 3 { pending = $3; next }
        $1 ~ /^[0-9]+\.$/ && NF >= 6 { emit($3, 4) }' "$1"
}

n=0
for rec in "$@"; do
    n=$((n + 1))
    base=$(basename "$rec")
    long_out="$tmp/long.$n"
    if [ -n "$keep" ] && [ -s "$keep/$base.long" ]; then
        cp "$keep/$base.long" "$long_out"
    else
        "$long_camelot" review "$rec" --text --time "$long" >"$long_out"
        [ -n "$keep" ] && cp "$long_out" "$keep/$base.long"
    fi
    "$camelot" review "$rec" --text --time "$short" >"$tmp/short.$n"
    plies "$tmp/short.$n" >"$tmp/s.$n"
    plies "$long_out" >"$tmp/l.$n"
    if [ "$(wc -l <"$tmp/s.$n")" -ne "$(wc -l <"$tmp/l.$n")" ]; then
        echo "review-agreement: $rec: the two reviews have different plies" >&2
        exit 1
    fi
    paste -d ' ' "$tmp/s.$n" "$tmp/l.$n" >>"$tmp/pairs"
done

awk -v short="$short" -v long="$long" '
function rank(m) { return m == "blunder" ? 3 : m == "mistake" ? 2 : m == "inaccuracy" ? 1 : 0 }
{
    # short: $1 move, $2 loss, $3 mark, $4 better; long: $5 .. $8
    plies++
    d = $2 - $6; diff += d < 0 ? -d : d
    same_mark += rank($3) == rank($7)
    if (rank($7) >= 2) {
        long_errors++
        found += rank($3) >= 1
        found_errors += rank($3) >= 2
    }
    if (rank($3) >= 1 && rank($7) >= 1) {
        both++
        same_better += $4 == $8
    }
}
END {
    printf "%d plies, reviews of %s s against %s s a position\n", plies, short, long
    printf "mistakes and blunders of the long review: %d; the short one marks %d (%.0f%%), %d as mistakes or blunders (%.0f%%)\n", \
        long_errors, found, long_errors ? 100 * found / long_errors : 0, found_errors, \
        long_errors ? 100 * found_errors / long_errors : 0
    printf "moves both mark: %d; the same better move: %d (%.0f%%)\n", both, same_better, \
        both ? 100 * same_better / both : 0
    printf "the same mark: %d of %d plies (%.0f%%); mean difference of the losses %.2f\n", \
        same_mark, plies, 100 * same_mark / plies, diff / plies
}' "$tmp/pairs"
