# End-to-end: a player's history on a server, at 80x24. alice and bob begin a casual game of
# Camelot from the lobby of a server of the test's own (tests/e2e/netlib.sh) and play a move
# each; bob quits, and alice resigns while he is away. When bob comes back, his lobby says so
# above his games ("While you were away", the game, how it ended); h shows his games over, the
# page whole, the game's row with its result and his opponent; Enter on it opens the game over
# on the board, with its result box and the engine's review to be had, and q comes back to the
# history.
# Exits 77 (a skip) when tmux is missing. Run as: bash online_history.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/netlib.sh"

# The first two moves of a game between two greedy players.
greedy_moves 2 "$TMP/moves.txt"
mapfile -t MOVES <"$TMP/moves.txt"

alice_and_bob
on alice
typed "${MOVES[0]}"
on bob
check "alice's move reaches bob" wait_for "move 1, Black to move" $((15 * TF))
typed "${MOVES[1]}"
on alice
check "bob's move reaches alice" wait_for "move 2, White to move" $((15 * TF))

# ---- bob goes; alice resigns while he is away ------------------------------------------------
on bob
keys q
check "bob is back in the lobby" wait_for "Your games"
keys q y
check "bob's client ends" wait_dead 10
on alice
check "alice sees bob go" wait_for "Black (bob) has lost the connection" $((15 * TF))
keys R
check "alice is asked whether she resigns" wait_for "White: resign the game? y resigns, n plays on."
keys y
check "the game is over for alice" wait_for "Game over"

# ---- bob comes back ---------------------------------------------------------------------------
client bob
on bob
check "bob's lobby says what ended while he was away" \
    eval 'wait_for "While you were away (h: your history, Esc: hide this)" &&
          wait_for "  game 1 against alice: you won by resignation (camelot, casual)"'
keys h
check "h shows bob's games over" wait_for "Your games over"
check "with the game's row: when, the variant, his result and opponent" \
    wait_match "^> 1      [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} camelot        won by resignation, vs alice casual$"
check "the page's key line, whole" \
    wait_for "Up/Down pick  Enter open  Left/Right newer/older  Esc games  ? help  q quit"
check "every row of the page fits 80 columns" \
    eval '[ "$(screen | awk "length > 80" | wc -l)" -eq 0 ]'
keys Enter
check "Enter opens the game over" wait_for "Game over" $((15 * TF))
check "with its result" wait_for "White resigns. Black wins."
check "and the engine's review to be had" wait_for "a    the engine's review of the game"
keys q
check "q comes back to the history" wait_for "Your games over"
keys Escape
check "Esc: the games again, the news of the absence gone" \
    eval 'wait_for "Your games" && ! screen | grep -q "While you were away"'
finish
