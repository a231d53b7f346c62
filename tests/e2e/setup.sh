# End-to-end: playing from a position of one's own, with the real 'camelot' in tmux. A game
# loaded from a position document, refused when the game would be over at once; a position
# set up in edit mode and played from; the game exported as a position document and a record;
# each saved game carrying its start position in a 'Position' tag that replay reads.
# Run as: bash setup.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
AUTO="$DATA/camelot/autosave.txt"

# The pieces on the board (its columns only, not the panel's swatches).
board_pieces() { screen | sed -n '3,20p' | cut -c1-40 | grep -o "[♘♙♞♟]" | wc -l; }

# ---- 1. --load with a position document -----------------------------------------------------
cat >"$TMP/pos.yaml" <<'END'
to_move: W
pieces: {E6: WK, F7: WM, D11: BM, E12: BK, G10: BM}
castle_moves_used: {B: 1}
END
start --load pos.yaml --seat B=human
check "a position document is played from" \
    wait_for "A new game from the position in pos.yaml."
check "with its pieces and castle moves" \
    polled 'screen | grep -q "Castle moves left: W 2 B 1" && [ "$(board_pieces)" -eq 5 ]'
typed F7-F8
check "a move is played in it" wait_for "1. F7-F8"
keys q
check "the program ends on q" wait_dead
check "the autosave holds the start position and the move" \
    eval 'grep -qF "[Position \"{to_move: W, pieces: {E6: WK, F7: WM, G10: BM, D11: BM, E12: BK}, castle_moves_used: {B: 1}}\"]" "$AUTO" &&
          grep -q "^1. F7-F8" "$AUTO"'
check "replay reads it" eval '"$CAMELOT" replay "$AUTO" | grep -q "result: ongoing"'
start --resume
check "--resume goes on from it" wait_for "Black to move"
keys q
wait_dead

# ---- 2. A position whose game is over at once is refused ------------------------------------
# refused ARGS...: camelot in session "g", left on screen after it ends with its exit status.
refused() {
    session "cd '$TMP' && env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' '$CAMELOT' $*; echo \"exit \$?\"; sleep 60"
}
printf 'to_move: W\npieces: {E6: WK, D11: BM}\n' >"$TMP/over.yaml"
refused --load over.yaml
check "a position with the game over is refused, with the reason" \
    polled 'wait_for "exit 1" &&
            screen | grep -qF "over.yaml: cannot be played: the game is over before its first move: draw"'
printf 'to_move: W\npieces: {Q6: WK}\n' >"$TMP/bad.yaml"
refused --load bad.yaml
check "a bad position document is refused at its line" \
    polled 'wait_for "exit 1" && screen | grep -qF "bad.yaml:2:10: '"'Q6'"' is not a square name"'

# ---- 3. Edit mode -----------------------------------------------------------------------------
start --seat B=human
wait_for "White to move"
keys e
check "e opens edit mode" wait_for "setting up a position"
keys C
check "C empties the board" wait_for "The board is empty."
goto E6 && keys Enter Enter
goto F7 && keys Enter
goto D11 && keys Enter Enter Enter
# The count is polled: "Editing D11." shows as soon as the cursor is there, before the keys.
check "Enter puts pieces" polled 'screen | grep -qF "Editing D11." && [ "$(board_pieces)" -eq 3 ]'
keys d
check "a position with one piece against two is played (no draw yet)" \
    wait_for "A new game from the position you set up."
keys e
goto F7 && keys DC
check "Del lifts a piece" polled 'screen | grep -qF "Editing F7." && [ "$(board_pieces)" -eq 2 ]'
keys d
check "one piece each is refused with the rules' reason" \
    wait_for "This position cannot be played: the game is over before its first move: draw"
goto G10 && keys Enter Enter Enter
goto F7 && keys Enter
keys t c
check "t gives the move to Black, c counts a castle move" \
    wait_for "Black has used 1 of 2 castle moves."
keys d
check "d plays from it" wait_for "Camelot - move 1, Black to move"
typed D11-D10
check "Black moves first" wait_for "Black played D11-D10."

# ---- 4. Export --------------------------------------------------------------------------------
keys x
check "x asks for a path" wait_for "Export to"
keys -l "$TMP/exported"
keys Enter
check "the position and the game are written" \
    wait_for "The position is in"
check "the position document holds the position now" \
    eval 'grep -q "^to_move: W" "$TMP/exported.yaml" && grep -q "D10: BM" "$TMP/exported.yaml"'
check "the record holds the start and the move" \
    eval 'grep -qF "[Position \"{to_move: B, " "$TMP/exported.txt" &&
          "$CAMELOT" replay "$TMP/exported.txt" | grep -q "to move: W"'
check "the position document loads as a position" \
    eval '[ "$("$CAMELOT" status --position "$TMP/exported.yaml")" = ongoing ]'
keys q
wait_dead

finish
