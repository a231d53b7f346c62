# perft: the Camelot figures of docs/rules.md 2.10, --divide, and perft from a position file.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

run perft 1 --variant camelot
check "perft 1 on Camelot ends with 100" eval '[ "$RC" = 0 ] && has "$(last_line "$OUT")" "(^|[^0-9])100$"'
check "perft reports its time on stderr" has "$ERR" "^time [0-9.]+ s, [0-9.]+ Mleaves/s$"
run perft 2 --variant camelot
check "perft 2 on Camelot ends with 10026" eval '[ "$RC" = 0 ] && has "$(last_line "$OUT")" "(^|[^0-9])10026$"'
run perft 2
check "Camelot is the default variant" has "$(last_line "$OUT")" "(^|[^0-9])10026$"
run perft 0
check "perft 0 is 1" [ "$(last_line "$OUT")" = "total 1" ]

run perft 2 --divide
check "perft --divide prints 100 root moves and the total" \
    eval '[ "$RC" = 0 ] && [ "$(printf "%s\n" "$OUT" | wc -l)" = 101 ]'
printf '%s\n' "$OUT" | head -n 100 >"$TMP/divide"
check "divide lines are EFFECT<TAB>COUNT" \
    eval '! grep -Evq "^[A-P][0-9]+>[A-P][0-9]+(x[A-P0-9,]+)?	[0-9]+$" "$TMP/divide"'
check "divide lines are sorted bytewise" sort -c "$TMP/divide"
check "divide counts add up to 10026" \
    [ "$(awk -F '\t' '{ s += $2 } END { print s }' "$TMP/divide")" = 10026 ]
cut -f 1 "$TMP/divide" >"$TMP/divide.effects"
run moves
printf '%s\n' "$OUT" | cut -f 1 >"$TMP/moves.effects"
check "divide's root moves are the moves of 'moves'" cmp -s "$TMP/divide.effects" "$TMP/moves.effects"

# Bulk counting and the full recursion agree for every shipped variant.
for v in camette cam chivalry grand-cam grand-camelot four-handed-chivalry; do
    run perft 3 --variant "$v"
    plain=$(last_line "$OUT")
    run perft 3 --variant "$v" --divide
    check "$v: perft 3 with and without --divide agree" \
        eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "$plain" ] &&
              [ "$(printf "%s\n" "$OUT" | sed "\$d" | awk -F "\t" "{ s += \$2 } END { print s + 0 }")" = "${plain#total }" ]'
done

# A position file: White's man E6 must capture; after each capture Black has one reply.
cat >"$TMP/capture.yaml" <<'POS'
variant: camelot
to_move: W
pieces: {E6: WK, C6: WM, E7: BM, F7: BM, D11: BM, L13: BK}
POS
run perft 1 --position "$TMP/capture.yaml" --divide
check "perft 1 from a position with a compulsory capture" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "total 2" ] &&
          has "$OUT" "^E6>G8xF7	1$" && has "$OUT" "^E6>G6xE7,F7	1$"'

# A finished game has no moves at all.
cat >"$TMP/won.yaml" <<'POS'
variant: camette
to_move: B
pieces: {C7: WM, C6: BK}
POS
run perft 2 --position "$TMP/won.yaml"
check "perft of a finished game is 0" eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "total 0" ]'

# The budget of jump-chain search is one for the whole count (docs/notation.md, Limits). In
# the lattice variant each of Black's 184 first moves leaves White's knight more chains than
# the budget reaches: the count stops at the first of them, with no line of --divide.
set +e
timeout 60 "$CAMELOT" perft 2 --divide --variant "$SRC/tests/data/big/lattice-variant.yaml" \
    </dev/null >"$TMP/out" 2>"$TMP/err"
RC=$?
set -e
OUT=$(cat "$TMP/out")
ERR=$(cat "$TMP/err")
check "perft 2 in the lattice variant refuses at its first position beyond the budget" \
    eval '[ "$RC" = 1 ] && has "$ERR" "the count is wrong" && [ -z "$OUT" ]'

# A knight at the edge of a lattice of 19 men: White's moves there take about 240,000 steps
# to find, well within one budget; but each of Black's 82 moves leads to such a position, and
# together they use more than the command's budget.
cat >"$TMP/edge.yaml" <<'POS'
variant: camelot
to_move: W
pieces: {A6: WK, J3: WM, K3: WM, A5: BM, A7: BM, A9: BM, B5: BM, B6: BM, B7: BM, B8: BM,
  B9: BM, C5: BM, C7: BM, C9: BM, D5: BM, D6: BM, D7: BM, D8: BM, D9: BM, J14: BM, K14: BM}
POS
run perft 1 --position "$TMP/edge.yaml"
check "perft 1 counts one position that takes many steps" \
    eval '[ "$RC" = 0 ] && [ "$(last_line "$OUT")" = "total 1548" ]'
sed 's/to_move: W/to_move: B/' "$TMP/edge.yaml" >"$TMP/edge-b.yaml"
run perft 2 --position "$TMP/edge-b.yaml"
check "perft 2 refuses when its positions together use more than one budget" \
    eval '[ "$RC" = 1 ] && has "$ERR" "the count is wrong"'

finish
