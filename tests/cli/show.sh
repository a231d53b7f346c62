# show: boards drawn as in docs/rules.md 5.1, the seat to move and the castle moves used.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

# The Camette and Cam diagrams of docs/rules.md 5.1, row for row.
cat >"$TMP/camette.want" <<'BOARD'
    A B C D E
  7     #
  6   . k .
  5 . m m m .
  4 . . . . .
  3 . M M M .
  2   . K .
  1     #
    A B C D E
to move: W (White)
BOARD
run show --variant camette
printf '%s\n' "$OUT" >"$TMP/camette.got"
check "Camette start matches the docs/rules.md 5.1 diagram" \
    eval '[ "$RC" = 0 ] && diff "$TMP/camette.want" "$TMP/camette.got"'

cat >"$TMP/cam.want" <<'BOARD'
    A B C D E F G
 13       #
 12     . . .
 11   . . . . .
 10 . . k . k . .
  9 . m m m m m .
  8 . . . . . . .
  7 . . . . . . .
  6 . . . . . . .
  5 . M M M M M .
  4 . . K . K . .
  3   . . . . .
  2     . . .
  1       #
    A B C D E F G
to move: W (White)
BOARD
run show --variant cam
printf '%s\n' "$OUT" >"$TMP/cam.got"
check "Cam start matches the docs/rules.md 5.1 diagram" diff "$TMP/cam.want" "$TMP/cam.got"

run show
check "Camelot: rank 16 has the two castle squares" has "$OUT" "^ 16           # #$"
check "Camelot: rank 6" has "$OUT" "^  6 \. \. K M M M M M M K \. \.$"
check "Camelot: rank 11" has "$OUT" "^ 11 \. \. k m m m m m m k \. \.$"
check "Camelot: castle moves are shown" has "$OUT" "^castle moves used: W 0/2, B 0/2$"

# $CAMELOT_VARIANT_DIR comes before the built-in variants.
mkdir "$TMP/vdir"
sed 's/knights: \[C2\]/knights: [D2]/' "$SRC/variants/camette.yaml" >"$TMP/vdir/camette.yaml"
CAMELOT_VARIANT_DIR="$TMP/vdir" run show --variant camette
check "\$CAMELOT_VARIANT_DIR is searched first" eval '[ "$RC" = 0 ] && has "$OUT" "^  2   \. \. K$"'
CAMELOT_VARIANT_DIR="$TMP/vdir" run show --variant cam
check "names missing from \$CAMELOT_VARIANT_DIR are found in the built-in variants" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^ 13       #$"'

# Four players: seat letters, upper case knights and lower case men.
run show --variant grand-cam
check "Grand Cam: Red on rank 2" has "$OUT" "^  2           R r R$"
check "Grand Cam: Blue and Yellow castles and men on rank 7" \
    has "$OUT" "^  7 # b b b \. \. \. \. \. y y y #$"
check "Grand Cam: Green on rank 12" has "$OUT" "^ 12           G g G$"
check "Grand Cam: Red to move" has "$OUT" "^to move: R \(Red\)$"
run show --variant four-handed-chivalry
check "Four-Handed Chivalry: castle squares are ordinary" has "$OUT" "^ 16             \. \.$"

# A position document: pieces, the seat to move and castle moves used.
cat >"$TMP/pos.yaml" <<'POS'
variant: camelot
to_move: B
pieces: {F16: WM, E6: WK, F11: BM, G1: BK}
castle_moves_used: {W: 1}
POS
run show --position "$TMP/pos.yaml"
check "a position document is drawn" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^ 16           M #$" && has "$OUT" "^  1           # k$" &&
          has "$OUT" "^to move: B \(Black\)$" && has "$OUT" "^castle moves used: W 1/2, B 0/2$"'

finish
