# End-to-end: the engine's review of a game played on a server ('a' after it) keeps the
# connection up, and a rematch offered meanwhile is taken with 'm' just after it. alice and bob
# play twelve plies of Camelot from the lobby of a server of the test's own (tests/e2e/netlib.sh),
# each move typed after ':'. alice resigns and opens the review: its analysis takes about a
# second a ply, and she reads it on until 26 s have gone, so that the analysis and the reading
# each last longer than the 10 s of silence after which the server drops a player. Meanwhile bob
# offers a rematch. The server's log never says alice was dropped, and 'q' and 'm' typed at
# once take her seat in the rematch, which begins.
# Exits 77 (a skip) when tmux is missing. Run as: bash online_review.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/netlib.sh"

PLIES=12
REVIEW_S=26 # the analysis (a second a ply), then more than 10 s of reading it

# The first $PLIES moves of a game between two greedy players, one a line.
greedy_moves "$PLIES" "$TMP/moves.txt"

alice_and_bob

# ---- Twelve plies, each typed on the screen of the player to move -------------------------------
mapfile -t MOVES <"$TMP/moves.txt"
for k in $(seq 1 "$PLIES"); do
    move=${MOVES[k - 1]}
    if [ $((k % 2)) -eq 1 ]; then on alice; else on bob; fi
    typed "$move"
    side=White
    [ $((k % 2)) -eq 1 ] && side=Black
    for who in alice bob; do
        on $who
        wait_for "move $((k / 2 + 1)), $side to move" $((15 * TF)) || {
            check "ply $k, $move, reaches $who's screen" false
            finish
        }
    done
done
echo "ok: $PLIES plies played"

on alice
keys R
check "alice is asked whether she resigns" wait_for "White: resign the game? y resigns, n plays on."
keys y
check "the game is over for alice" wait_for "a    the engine's review of the game"
on bob
check "and for bob" wait_for "Game over"

# ---- The review, longer than the server's patience --------------------------------------------
on alice
keys a
T0=$(date +%s)
check "a opens the engine's review" wait_for "Review of this game (camelot)"
on bob
keys m
# The message that says so may give way at once to the new game's own ("Game 2, casual: ..."):
# either shows the rematch offered, the seats turned round, alice's waited for.
check "bob offers a rematch meanwhile" \
    wait_match "A rematch, the seats turned round|Black waits for @alice\."
on alice
check "the analysis ends" wait_for "Analysis done: 6 moves ($PLIES plies)" $((30 * TF))
while [ $(($(date +%s) - T0)) -lt "$REVIEW_S" ]; do
    sleep 0.5
done
check "the server never dropped alice" eval '! grep -F "alice: no word for" "$TMP/server.log"'
on alice
check "alice is still reading the review" wait_for "Review of this game (camelot)" 1

# ---- q and m at once: the rematch is taken ----------------------------------------------------
on alice
keys q m
check "m just after the review takes alice's seat in the rematch" \
    wait_for "Game 2, casual: White (bob), Black (you)." $((15 * TF))
on bob
check "and the rematch begins for bob" wait_for "Every seat is taken: the game begins."

for who in alice bob; do
    on $who
    keys q
    check "$who's q goes to the lobby" wait_for "camelot online - $who"
    keys q
    check "$who's second q asks first" wait_for "Leave the server? y leaves, any other key stays."
    keys y
    check "and y quits" wait_dead
done
kill "$SERVER_PID"
finish
