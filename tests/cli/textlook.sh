# textlook: the text game's board read a line at a time, for a player who cannot see it: a
# rank, a file and a square in words, one side's pieces of a kind, one piece's legal moves,
# the last move and the clocks; undo and draw asked again first, and 'confirm off'.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

# said TEXT SENTENCE: whether the text game said SENTENCE whole (as a line once unwrapped).
said() {
    unwrapped "$1" | grep -qxF -- "$2"
}

printf '%s\n' 'rank 6' 'file F' 'square F7' 'square F1' 'square A1' 'square E8x' 'square' \
    'rank 17' 'rank x' 'file M' 'pieces black knights' 'pieces W men' 'pieces men' \
    'pieces purple' 'pieces white kings' 'pieces white knights men' 'last' 'clock' \
    'moves F7' 'moves F11' 'moves E8' 'moves A1' 'moves' >"$TMP/in1"
run_in "$TMP/in1" --text --quiet
check "a rank in runs of squares, each run's content once" \
    said "$OUT" "W> rank 6" &&
    said "$OUT" "Rank 6, A6 to L6: A6 and B6 empty, C6 White knight, D6 to I6 White men, J6 White knight, K6 and L6 empty."
check "a file, with the castles' squares named as theirs" \
    said "$OUT" "File F, F1 to F16: F1 empty (White's castle), F2 to F5 empty, F6 and F7 White men, F8 and F9 empty, F10 and F11 Black men, F12 to F15 empty, F16 empty (Black's castle)."
check "a square, a castle's square, and one off the board" \
    eval 'said "$OUT" "F7: White man." && said "$OUT" "F1: empty (White'"'"'s castle)." &&
          said "$OUT" "A1 is not a square of this board."'
check "a square, a rank or a file that is none: how to ask" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -cxF "usage: square SQUARE, such as square E8")" = 2 ] &&
          [ "$(printf "%s\n" "$OUT" | grep -cxF "usage: rank N, N from 1 to 16")" = 2 ] &&
          said "$OUT" "usage: file LETTER, from A to L"'
check "one side's pieces of a kind, by its name or its letter, and every side's men" \
    eval 'said "$OUT" "Black: 4 knights on D10, I10, C11, J11." &&
          said "$OUT" "White: 10 men on D6, E6, F6, G6, H6, I6, E7, F7, G7, H7." &&
          said "$OUT" "Black: 10 men on E10, F10, G10, H10, D11, E11, F11, G11, H11, I11." &&
          [ "$(printf "%s\n" "$OUT" | grep -cxF "White: 10 men on D6, E6, F6, G6, H6, I6, E7, F7, G7, H7.")" = 2 ]'
check "a side or a kind that is none: how to ask, naming the sides" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -cxF "usage: pieces [SIDE] [knights|men], SIDE one of White, Black")" = 3 ]'
check "no last move yet, and no clocks" \
    eval 'said "$OUT" "No move has been played yet." && said "$OUT" "this game has no clocks"'
check "the legal moves of one piece; another side's piece, an empty square, none on the board" \
    eval 'said "$OUT" "F7: White man, 9 legal moves: F7-D5-B7, F7-D5, F7-E8, F7-F5, F7-F8, F7-G8, F7-H5, F7-H5-J7-J5, F7-H5-J7." &&
          said "$OUT" "F11: Black man, not White'"'"'s to move." && said "$OUT" "E8 is empty." &&
          [ "$(printf "%s\n" "$OUT" | grep -cxF "A1 is not a square of this board.")" = 2 ]'
check "moves alone still lists every legal move" has "$OUT" "^[0-9]+ legal moves:$"

# The last move, who played it and what it did; a piece that cannot move while a capture is
# obliged says why.
printf '%s\n' 'F7-F8' 'F10-F9' 'last' 'moves C6' 'moves F8' >"$TMP/in2"
run_in "$TMP/in2" --text --quiet
check "the last move, with its number and its words" \
    said "$OUT" "The last move, move 1: Black played F10-F9: the man on F10 steps to F9."
check "a piece with no legal move while a capture is obliged, and the one that must" \
    eval 'said "$OUT" "C6: White knight, with no legal move now (a capture is compulsory: the piece on F8 can capture)." &&
          said "$OUT" "F8: White man, 3 legal moves: F8xF10xD12xB10, F8xF10xF12, F8xF10xH12xJ10xJ12."'

# The clocks, asked for.
printf '%s\n' 'clock' >"$TMP/in3"
run_in "$TMP/in3" --text --quiet --time 10+5
check "clock tells each seat's clock" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -cxF "clocks: White 10:00, Black 10:00")" = 2 ]'

# A game of four: its seats' names and castles.
printf '%s\n' 'rank 1' 'file A' 'pieces red knights' 'pieces green' >"$TMP/in4"
run_in "$TMP/in4" --text --quiet --variant grand-camelot
check "a game of four: a rank and a file of castles, Red's knights, Green's pieces" \
    eval 'said "$OUT" "Rank 1, H1 to I1: H1 and I1 empty (Red'"'"'s castle)." &&
          said "$OUT" "File A, A8 to A9: A8 and A9 empty (Blue'"'"'s castle)." &&
          said "$OUT" "Red: 4 knights on F3, K3, G4, J4." && has "$OUT" "^Green: [0-9]+ knights on " &&
          has "$OUT" "^Green: [0-9]+ men on "'

# undo and draw are asked again first, as resign is: anything but yes does nothing (and is read
# as a line of its own, but for no); confirm off does them at once.
printf '%s\n' 'E6-E8' 'undo' 'no' 'undo' 'board' 'undo' 'yes' 'draw' 'no' 'draw' 'E6-E8' \
    'confirm' 'confirm maybe' 'confirm off' 'undo' 'draw' 'yes' >"$TMP/in5"
run_in "$TMP/in5" --text --quiet --variant camelot
check "undo asks first: no takes nothing back, nor does another line, which is read" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -cxF "Take back the last move? Type '"'"'yes'"'"' to take it back, anything else does not.")" = 3 ] &&
          [ "$(printf "%s\n" "$OUT" | grep -cxF "No move is taken back.")" = 2 ] &&
          has "$OUT" "^    A B C D E F G H I J K L$" && has "$OUT" "^took back 1 ply$"'
check "draw asks first: no offers nothing; a move typed instead is played (one offer in all)" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -cxF "White: offer a draw? Type '"'"'yes'"'"' to offer it, anything else does not.")" = 2 ] &&
          [ "$(printf "%s\n" "$OUT" | grep -cxF "No draw is offered.")" = 2 ] &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^White plays E6-E8: ")" = 2 ] &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^White offers a draw\. Black, do you accept")" = 1 ]'
check "confirm tells its state, refuses a word it does not know, and off does them at once" \
    eval 'said "$OUT" "confirm is on: undo and draw are asked again first" &&
          said "$OUT" "usage: confirm on, or confirm off" &&
          said "$OUT" "confirm is off: undo and draw are done at once" &&
          [ "$(printf "%s\n" "$OUT" | grep -cxF "took back 1 ply")" = 2 ] &&
          has "$OUT" "^White offers a draw\. Black, do you accept\? Type .yes. or .no.\.$" &&
          has "$OUT" "^Black accepts the draw\.$"'
check "every line fits 79 columns" eval '[ -z "$(printf "%s\n" "$OUT" | awk "length > 79")" ]'

# Both --help pages name these words.
run play --help
check "play --help names the words that read the board, and confirm" \
    eval '(for c in rank file square "pieces black knights" "moves E6" last clock confirm; do
               has "$OUT" "(^| )$c( |,|\.|$)" || exit 1; done)'
run online --help
check "online --help names them too" \
    eval '(for c in rank file square "pieces black" "moves E6" last clock confirm; do
               has "$OUT" "(^| )$c( |,|\.|$)" || exit 1; done)'
finish
