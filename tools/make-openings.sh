#!/bin/sh
# Makes a file of balanced openings for 'camelot match --openings-file':
#   tools/make-openings.sh VARIANT COUNT [PLIES] [DEPTH] [MARGIN] > FILE
# Random openings of PLIES plies (default 4) come from 'camelot match' between two random
# players, with its own filter (no ply that ends the game or forces the next player to
# capture); each distinct one is searched to DEPTH plies (default 8) through the engine
# protocol, and those whose score lies within MARGIN hundredths of a man of even (default 30)
# are kept, until COUNT are had. The lines are WCF moves from the variant's start, as the
# openings file takes them, after a comment that says how the file was made.
# CAMELOT names the program (default build/release/camelot).
# SPDX-License-Identifier: MIT
set -eu

if [ $# -lt 2 ] || [ $# -gt 5 ]; then
    echo "usage: tools/make-openings.sh VARIANT COUNT [PLIES] [DEPTH] [MARGIN] > FILE" >&2
    exit 2
fi
variant=$1
count=$2
plies=${3:-4}
depth=${4:-8}
margin=${5:-30}
camelot=${CAMELOT:-build/release/camelot}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Candidates: four times as many games as openings wanted, their moves one line each.
games=$((count * 4))
"$camelot" match --variant "$variant" --a random --b random --games "$games" \
    --openings "$plies" --max-plies "$plies" --records "$tmp/%d.txt" --quiet --seed 1 \
    >/dev/null
for f in "$tmp"/*.txt; do
    # The movetext: the lines after the tags, without move numbers and the result.
    sed -n '/^$/,$p' "$f" | tr -s ' \n' '\n\n' |
        grep -v -e '^[0-9]*\.$' -e '^$' -e '^[*WB]$' -e '^draw$' -e '^[RGBY]*$' |
        tr '\n' ' ' | sed 's/ $//'
    echo
done | awk 'NF && !seen[$0]++' >"$tmp/candidates"

# Each candidate searched in turn; the last score before each bestmove is its score for the
# side to move.
{
    printf 'cep\nsetoption name Variant value %s\n' "$variant"
    while read -r line; do
        printf 'position startpos moves %s\ngo depth %s\n' "$line" "$depth"
    done <"$tmp/candidates"
    printf 'quit\n'
} | "$camelot" engine | awk '
    /^info / { for (i = 1; i < NF; i++) if ($i == "score") s = $(i + 1) " " $(i + 2) }
    /^bestmove/ { print s }' >"$tmp/scores"

echo "# Balanced openings for $variant: $plies random plies each, kept when the engine scores"
echo "# them within $margin hundredths of a man of even at depth $depth"
echo "# (tools/make-openings.sh $variant $count $plies $depth $margin)."
paste -d '|' "$tmp/scores" "$tmp/candidates" | awk -F '|' -v m="$margin" -v n="$count" '
    {
        split($1, s, " ")
        if (s[1] == "cp" && s[2] <= m && s[2] >= -m && kept < n) { print $2; kept++ }
    }
    END { if (kept < n) printf "make-openings: only %d balanced openings found\n", kept > "/dev/stderr" }'
