# End-to-end: the screen's size and the analysis board, with the real 'camelot' in tmux. At
# 120x40 the board is drawn larger than at 80x24, with the panel beside it; every variant at
# 80x24 shows its whole board, the foot and the keys; the engine's move that ends a game is
# named, and the move list stays in sight; the analysis board opens on the game's
# position, shows the engine's evaluation and line, plays a line and steps back along it, and
# Esc goes back to the game as it was; the pieces read on a light theme as on a dark one, in 8
# colours and in 256.
# Run as: bash screen.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"

# The columns from the first file letter to the last, and the rows from the top row of letters
# to the bottom one, of the board on the screen.
board_size() {
    screen | awk '
        match($0, /A( +[B-P])+/) { n++; if (n == 1) { top = NR; w = RLENGTH } else { h = NR - top } }
        END { print w " " h }'
}

# ---- 1. The board grows on a large terminal -------------------------------------------------
start --seat B=human
check "80x24: the board and its keys" eval 'wait_for "arrows+Enter move" && wait_for "Players"'
small=$(board_size)
TERM_COLS=120 TERM_ROWS=40 start --seat B=human
check "120x40: the board and its keys" eval 'wait_for "arrows+Enter move" && wait_for "Players"'
large=$(board_size)
check "the board at 120x40 ($large) is wider and taller than at 80x24 ($small)" \
    eval 'set -- $small $large; [ -n "$4" ] && [ "$3" -gt "$1" ] && [ "$4" -gt "$2" ]'
typed E6-E8
typed F11-F9
check "the move list keeps its columns together: it does not spread over the panel" \
    polled 'wait_for "Black played F11-F9." && screen | grep -qE " 1\. E6-E8 {10}F11-F9 *$"'
keys q
wait_dead

# ---- 2. Every variant whole at 80x24 ---------------------------------------------------------
for v in camette cam camelot chivalry grand-cam grand-camelot four-handed-chivalry \
    four-handed-chivalry-solo; do
    case $v in
    grand-* | four-*) seats="--seat G=human --seat B=human --seat Y=human" ;;
    *) seats="--seat B=human" ;;
    esac
    start --variant "$v" $seats
    check "$v at 80x24: the board, the panel, the teaching line and the keys" \
        eval 'wait_for "? help" && screen | grep -qF "Players" && screen | grep -qF "to move" &&
              [ "$(screen | tail -1 | grep -c "q quit")" = 1 ] && ! screen | grep -qF "too small"'
    keys q
    wait_dead
done

# ---- 3. The engine's move that ends the game ------------------------------------------------
# Level 2: level 1 overlooks some root moves, which may be the winning capture.
start --variant camette --seat B=engine:2
wait_for "arrows+Enter move"
typed C3-C4
check "the game-over box names the engine's winning move" \
    eval 'wait_for "Game over" 20 && wait_for "Black played C5xC3xC1."'
check "and leaves the move list in sight" \
    polled 'screen | grep -qE "1\. C3-C4 +C5xC3xC1" && screen | grep -qF "a    the engine"'
keys Escape
check "Esc shows the board: the message line names the winning move" \
    polled 'wait_gone "Game over" && screen | grep -qF "Black played C5xC3xC1."'
keys q
wait_dead

# ---- 4. The analysis board -------------------------------------------------------------------
start --seat B=human
wait_for "arrows+Enter move"
typed E6-E8
wait_for "White played E6-E8."
typed F11-F9
wait_for "Black played F11-F9."
keys A
check "A opens the analysis board on the game's position" \
    eval 'wait_for "analysis, move 2, White to move" && wait_for "from ply 2 of the game"'
check "the engine's evaluation and line come, and grow" \
    eval 'wait_for "depth " 20 && wait_for "pv " 20'
typed D6-D8
check "a move for White is played on the board" \
    eval 'wait_for "White played D6-D8." && wait_for "analysis, move 2, Black to move"'
check "and the engine looks at the new position" wait_for "Black +" 20
keys u
check "u steps back along the line" eval 'wait_for "analysis, move 2, White to move" &&
    wait_for "1 ply ahead (r plays on)"'
keys r
check "r plays the line again" wait_for "analysis, move 2, Black to move"
keys Escape
check "Esc goes back to the game, as it was" \
    eval 'wait_for "Back to the game." && wait_for "Camelot - move 2, White to move" &&
          ! screen | grep -qF "D6-D8"'
check "the game goes on: its keys" wait_for "H hint  u undo"
keys q
check "q quits" wait_dead

# ---- 5. Pieces that read on a light theme and a dark one -------------------------------------
# Each piece has a background of its own, so that its glyph does not depend on the terminal's.
# In 8 colours a bold black is grey in most terminals: White's pieces, black on white, are not
# bold. With 256, their black (colour 16) is not changed by bold.
ESC=$(printf '\033')
colours() { tm capture-pane -p -e -t g 2>/dev/null; }
for term in xterm xterm-256color; do
    session "cd '$TMP' && exec env TERM=$term LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' '$CAMELOT' --seat B=human"
    check "$term: the board" wait_for "arrows+Enter move"
    case $term in
    xterm)
        check "xterm: White's knights black on white, not bold" \
            polled 'colours | grep -qF "${ESC}[30m${ESC}[47m♘" && ! colours | grep -qF "${ESC}[1m${ESC}[30m"'
        check "xterm: Black's knights white on black" polled 'colours | grep -qF "${ESC}[37m${ESC}[40m♞"'
        ;;
    *)
        check "$term: White's knights on a white (255) of their own, not the terminal's" \
            polled 'colours | grep -qF "${ESC}[48;5;255m♘"'
        ;;
    esac
    keys q
    wait_dead
done

finish
