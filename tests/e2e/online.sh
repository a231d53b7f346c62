# End-to-end: 'camelot online' on the screen at 80x24, three terminals on one server of the
# test's own (tests/e2e/netlib.sh). alice makes a game from the lobby with an open seat; bob
# sees it in his lobby and takes it; alice moves with the cursor and bob with ':'; they chat;
# carol watches from her lobby, sees every move and chats with those watching alone; alice
# offers a draw and bob accepts; every screen shows every move, message and the result. Then a
# rematch, the seats turned round; bob's client is killed (alice is told within 10 s), started
# again and back in the game at the same ply; bob's connection drops and cannot come back for
# a while (he is told it is down and that it comes back, and alice that he is gone and back).
# Exits 77 (a skip) when tmux is missing. Run as: bash online.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/netlib.sh"

start_server
client alice
client bob
on alice
check "alice's lobby" wait_for "camelot online - alice"
check "with no game yet" wait_for "none: n makes a game"
on bob
check "bob's lobby" wait_for "camelot online - bob"

# ---- A game from the lobby, with an open seat ----------------------------------------------
on alice
keys n
check "n opens the form of a game on the server" wait_for "New game on the server"
check "alice plays White, Black is open" \
    eval 'wait_for "White      < me (alice) >" && wait_for "Black      < open to anyone >"'
keys Enter
check "the game is on alice's board, waiting" wait_for "Waiting for players: Black is open."
on bob
keys r
check "bob's lobby lists it with its free seat" wait_for "waiting, 1/2 seats     camelot       none    casual"
check "picked, with alice as its player" \
    eval 'wait_for ">    1  waiting, 1/2 seats" && wait_for "Game 1, camelot, no clocks, casual: waiting, 1/2 seats; alice"'
keys Enter
check "bob takes the seat: his board, turned to Black" wait_for "Game 1, casual: White (alice), Black (you)."
check "Black's side at the bottom" polled 'screen | grep -q "^    L  K  J  I  H  G  F  E  D  C  B  A"'
on alice
check "alice is told the game begins" wait_for "Every seat is taken: the game begins."

# ---- Moves: alice with the cursor, bob with ':' ---------------------------------------------
on alice
goto F7 && keys Enter
check "alice picks F7" wait_for "Man on F7: move to a highlighted square"
goto F8 && keys Enter
check "alice plays F7-F8" wait_for "White played F7-F8."
on bob
check "bob sees it" wait_for "1. F7-F8"
typed G10-G9
check "bob plays G10-G9 by typing it" wait_for "Black played G10-G9."
on alice
check "alice sees it" wait_for "F7-F8          G10-G9"

# ---- Chat ---------------------------------------------------------------------------------------
on bob
keys c
check "c opens the chat line" wait_for "Say (Enter sends, Esc cancels):"
keys -l "good luck, alice"
keys Enter
on alice
check "alice reads bob's line" wait_for "bob: good luck, alice"
keys : Enter
check "Enter on an empty ':' line chats too" wait_for "Say (Enter sends, Esc cancels):"
keys -l "thanks bob"
keys Enter
on bob
check "bob reads alice's line" wait_for "alice: thanks bob"

# ---- A watcher ----------------------------------------------------------------------------------
client carol
on carol
check "carol's lobby lists the game to watch" wait_for "Games going on, to watch"
check "with both players" wait_for "alice v bob"
keys Enter
check "Enter watches it" wait_for "game 1, watching"
check "carol sees the moves so far" wait_for "F7-F8          G10-G9"
check "not the players' chat" eval '! screen | grep -qF "thanks bob"'
keys Enter
check "a watcher moves nothing" wait_for "You are watching this game"
keys c
keys -l "nice opening"
keys Enter
check "carol's line goes to those watching" wait_for "carol: nice opening"
on alice
goto H7 && keys Enter && goto H8 && keys Enter
check "alice plays H7-H8" wait_for "White played H7-H8."
on carol
check "carol sees it" wait_for "H7-H8"
on bob
check "bob sees it" wait_for "H7-H8"
check "the players do not see the watchers' chat" eval '! screen | grep -qF "nice opening"'
typed D10-D9
on carol
check "carol sees bob's move" wait_for "H7-H8          D10-D9"

# ---- A draw offered and accepted --------------------------------------------------------------
on alice
keys D
check "alice offers a draw" wait_for "You offer a draw: the others answer."
on bob
check "bob is asked" wait_for "White (alice) offers a draw. Do you accept? (y/n)"
keys y
for who in alice bob carol; do
    on $who
    check "$who sees the result" eval 'wait_for "Draw agreed." && wait_for "Game over"'
done
on alice
check "the box gives each player's result" polled 'wait_for "White   alice (you)" && screen | grep -q "Black   bob .*draw"'
check "and offers the engine's review, the export and a rematch" \
    eval 'wait_for "a    the engine'"'"'s review of the game" && wait_for "m    rematch, the seats turned round"'

# ---- A rematch, the seats turned round ----------------------------------------------------
keys m
check "alice's rematch: she plays Black, bob is invited" wait_for "White waits for @bob"
on bob
check "bob is offered the rematch" wait_for "alice offers a rematch (game 2): m accepts it."
keys m
check "bob takes White" wait_for "Game 2, casual: White (you), Black (alice)."
typed F7-F8
on alice
check "alice sees bob's first move" wait_for "1. F7-F8"

# ---- bob's client killed, and started again -----------------------------------------------------
kill -9 "$(client_pid bob)"
T0=$(date +%s%N)
on alice
check "alice is told bob is gone, within $((10 * TF)) s" \
    wait_for "White (bob) has lost the connection to the game." $((10 * TF))
T1=$(date +%s%N)
echo "the notice came $(((T1 - T0) / 1000000)) ms after the kill"
check "the panel says for how long" wait_for "away"
client bob
on bob
check "bob's lobby has his game" wait_for "alice to move"
keys Enter
check "bob is back in game 2" wait_for "Game 2, casual: White (you), Black (alice)."
check "at the same ply" eval 'wait_for "1. F7-F8" && wait_for "move 1, Black to move"'
on alice
check "alice is told he is back" wait_for "White (bob) is back."
typed G10-G9
on bob
check "the game goes on" wait_for "Black played G10-G9."

# ---- bob's connection down, then up again ------------------------------------------------------
touch "$TMP/block-bob"
kill "$(pgrep -f -- "relay --socket $SERVER_SOCK --as bob")"
on bob
check "bob is told the connection is down" wait_for "Not connected: the connection to the server was lost" $((10 * TF))
check "the title says OFFLINE" wait_for "OFFLINE"
on alice
check "alice is told bob is gone" wait_for "White (bob) has lost the connection to the game." $((10 * TF))
rm -f "$TMP/block-bob"
on bob
check "bob is told it is back, within $((10 * TF)) s" \
    wait_for "Connected to the server again: the game goes on." $((10 * TF))
on alice
check "alice is told he is back" wait_for "White (bob) is back." $((10 * TF))
on bob
typed H7-H8
on alice
check "and the game goes on" wait_for "White played H7-H8."

# ---- q: the lobby, then out ----------------------------------------------------------------------
for who in alice bob carol; do
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
