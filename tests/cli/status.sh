# status: ongoing games, wins of each kind for two and four players, draws.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

# status_is DESCRIPTION EXPECTED DOCUMENT
status_is() {
    WANT=$2
    printf '%s\n' "$3" >"$TMP/pos.yaml"
    run status --position "$TMP/pos.yaml"
    check "$1: $2" eval '[ "$RC" = 0 ] && [ "$OUT" = "$WANT" ] && [ -z "$ERR" ]'
}

run status
check "the Camelot start is ongoing" [ "$RC" = 0 -a "$OUT" = "ongoing" ]
for v in camette cam chivalry grand-cam grand-camelot four-handed-chivalry; do
    run status --variant "$v"
    check "the $v start is ongoing" [ "$RC" = 0 -a "$OUT" = "ongoing" ]
done

status_is "Camette, a White man in C7" "W wins (castle)" \
    'variant: camette
to_move: B
pieces: {C7: WM, C6: BK, B5: BM}'
status_is "Camelot, one White piece in Black's castle" "ongoing" \
    'variant: camelot
to_move: B
pieces: {F16: WM, E6: WK, F11: BM, G11: BM}'
status_is "Camelot, two White pieces in Black's castle" "W wins (castle)" \
    'variant: camelot
to_move: B
pieces: {F16: WM, G16: WK, F11: BM, G11: BM}'
status_is "Camelot, Black has nothing left" "W wins (elimination)" \
    'variant: camelot
to_move: B
pieces: {E6: WK, F6: WM}'
status_is "Camelot, one piece against none is a draw (docs/rules.md 3.3)" "draw (material)" \
    'variant: camelot
to_move: B
pieces: {E6: WK}'
status_is "Camelot, two pieces against one is no win in itself" "ongoing" \
    'variant: camelot
to_move: B
pieces: {E6: WK, F6: WM, L13: BM}'
status_is "Camelot, one piece each" "draw (material)" \
    'variant: camelot
to_move: W
pieces: {E6: WK, F11: BM}'
status_is "Camelot, Black stuck in the target castle with no castle moves left" \
    "W wins (stalemate)" \
    'variant: camelot
to_move: B
pieces: {F1: BM, A4: WM, L4: WM}
castle_moves_used: {B: 2}'
status_is "Grand Cam, a Red man in Green's castle" "R+B wins (castle)" \
    'variant: grand-cam
to_move: G
pieces: {G13: RM, B7: BM, K7: YM, G10: GM}'
status_is "Grand Cam, Green and Yellow have nothing left" "R+B wins (elimination)" \
    'variant: grand-cam
to_move: G
pieces: {G4: RM}'
status_is "Grand Cam, Red gone but Blue can move" "ongoing" \
    'variant: grand-cam
to_move: R
pieces: {B7: BM, G10: GM}'

printf 'variant: camelot\nto_move: X\npieces: {}\n' >"$TMP/bad.yaml"
run status --position "$TMP/bad.yaml"
check "a bad seat letter is reported with its place" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/bad.yaml:2:10: "'

finish
