# End-to-end: resigning and agreeing a draw in the real 'camelot', two people at one keyboard,
# driven in tmux at 80x24 as in play.sh. Each game ends off the board, and its autosave says
# how (Result and Termination), replays and resumes still over. Exits 77 (a skip) when tmux is
# missing. Run as: bash resign.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
SAVE="$DATA/camelot/autosave.txt"

# tag NAME VALUE: whether the autosave has the tag line [NAME "VALUE"].
tag() { grep -qxF "[$1 \"$2\"]" "$SAVE"; }

# ---- 1. Black resigns, after thinking better of it once ------------------------------------
start --seat B=human
check "two people at one keyboard" wait_for "White to move: pick a piece"
typed E6-E8
check "White's move" wait_for "White played E6-E8."
keys R
check "R asks first" wait_for "Black: resign the game? y resigns, n plays on."
check "the key bar says y or n" wait_for "y yes  n no"
keys n
check "n takes it back" wait_for "Black plays on."
check "and the game goes on" wait_for "Black to move"
keys R
check "R asks again" wait_for "Black: resign the game?"
keys y
check "y resigns" wait_for "Black resigns. White wins."
check "the game is over" wait_for "Game over"
keys q
check "q quits" wait_dead
check "the autosave says White won by resignation" \
    eval 'tag Result W && tag Termination resignation && tag Resigned B'
check "its moves end with the result" eval 'grep -qx "1. E6-E8 W" "$SAVE"'
OUT=$("$CAMELOT" replay "$SAVE" 2>&1)
check "replay accepts it and prints the recorded result" \
    eval 'echo "$OUT" | grep -qx "result: ongoing" && echo "$OUT" | grep -qx "recorded result: W"'
start --resume
check "resumed, the game is still over" wait_for "Black resigns. White wins."
check "with no one to move" eval '! screen | grep -qF "to move"'
keys q
check "q quits the resumed game" wait_dead

# ---- 2. A draw declined, then agreed ---------------------------------------------------------
start --seat B=human
check "a new game for two people" wait_for "White to move: pick a piece"
typed E6-E8
check "White's move" wait_for "White played E6-E8."
keys D
check "D asks the other player" wait_for "Black offers a draw. White, do you accept? (y/n)"
keys n
check "White declines" wait_for "White declines the draw."
check "and Black is still to move" wait_for "Black to move"
typed F11-F9
check "Black's move" wait_for "Black played F11-F9."
keys D
check "White offers a draw" wait_for "White offers a draw. Black, do you accept? (y/n)"
keys y
check "Black accepts" wait_for "Draw agreed."
check "the game is over" wait_for "Game over"
keys q
check "q quits" wait_dead
check "the autosave says the draw was agreed" \
    eval 'tag Result draw && tag Termination agreement && ! grep -q Resigned "$SAVE"'
OUT=$("$CAMELOT" replay "$SAVE" 2>&1)
check "replay accepts it and prints the recorded draw" \
    eval 'echo "$OUT" | grep -qx "recorded result: draw"'
start --load "$SAVE"
check "loaded, the game is still over" wait_for "Draw agreed."
keys q
check "q quits the loaded game" wait_dead

finish
