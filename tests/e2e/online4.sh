# End-to-end: a game of Grand Cam for four players on four terminals of 80x24, on a server of
# the test's own (tests/e2e/netlib.sh). alice makes it from the lobby, Red hers and the other
# seats open; bob, carol and dave take them from their lobbies. Each screen is turned to its
# player's seat (Red's side at the bottom of alice's, Green's of bob's, Blue's of carol's,
# Yellow's of dave's, the coordinates turned with the board); they play two rounds, eight
# plies, each typing on their turn, and every screen shows every move. Exits 77 (a skip) when
# tmux is missing. Run as: bash online4.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/netlib.sh"

PLAYERS=(alice bob carol dave)
SEATS=(Red Green Blue Yellow)
LETTERS=(R G B Y)
# Two rounds, checked by the rules core first (the text game plays them).
MOVES=(G4-G5 G10-G9 D7-E7 J7-I7 F3-F4 F11-F10 C7-D7 K7-J7)
OUT=$(printf '%s\n' "${MOVES[@]}" | "$CAMELOT" play --variant grand-cam --text 2>&1)
check "at one keyboard the eight plies are legal" \
    eval 'echo "$OUT" | grep -q "Yellow plays K7-J7" && ! echo "$OUT" | grep -qi illegal'

start_server
for who in "${PLAYERS[@]}"; do
    client "$who"
done
for who in "${PLAYERS[@]}"; do
    on "$who"
    check "$who's lobby" wait_for "camelot online - $who"
done

# ---- alice makes the game; the others take its seats ---------------------------------------
on alice
keys n
check "the form" wait_for "New game on the server"
# One Right at a time, each waited for, so that keys sent faster than a loaded machine reads
# them cannot carry the field past Grand Cam.
for i in $(seq 1 12); do
    field=$(screen | grep -o "Variant    < [^>]* >")
    [ "$field" = "Variant    < Grand Cam >" ] && break
    keys Right
    [ -z "$field" ] || wait_gone "$field" 10
done
check "Grand Cam, four seats: alice's and three open" eval \
    'wait_for "Variant    < Grand Cam >" && wait_for "Red        < me (alice) >" && wait_for "Yellow     < open to anyone >"'
keys Enter
check "the game waits for its players" wait_for "Waiting for players: Green is open, Blue is open, Yellow is open."
for who in bob carol dave; do
    on "$who"
    keys r
    check "$who sees the game with a free seat" wait_for "seats     grand-cam     none    casual"
    keys Enter
    check "$who takes a seat" wait_for "Game 1, casual:"
done
on alice
check "alice is told the game begins" wait_for "Every seat is taken: the game begins."

# ---- Each screen turned to its seat -----------------------------------------------------------
# The labels under the board, as each seat sees them: its own side at the bottom.
FOOT=("    A  B  C  D  E  F  G  H  I  J  K  L  M"
    "    M  L  K  J  I  H  G  F  E  D  C  B  A"
    "    13 12 11 10 9  8  7  6  5  4  3  2  1"
    "    1  2  3  4  5  6  7  8  9  10 11 12 13")
# near_rows FOOT: the three rows of squares above the labels FOOT under the board (the same
# labels stand over it), without the row labels.
near_rows() {
    local n
    n=$(screen | grep -n -- "^$1" | tail -1 | cut -d: -f1)
    [ -n "$n" ] && screen | sed -n "$((n - 3)),$((n - 1))p" | cut -c4-42
}
for i in 0 1 2 3; do
    on "${PLAYERS[$i]}"
    check "${PLAYERS[$i]} plays ${SEATS[$i]}" \
        polled 'screen | grep -q "${SEATS[$i]} *${PLAYERS[$i]} *you"'
    check "${PLAYERS[$i]}'s board has ${SEATS[$i]}'s side at the bottom" \
        polled 'screen | grep -q -- "^${FOOT[$i]}\( \|$\)"'
    # The seat's own knights (its capital letter) in the three rows nearest, and no other's.
    check "${PLAYERS[$i]} sees ${SEATS[$i]}'s knights nearest" \
        polled 'near_rows "${FOOT[$i]}" | grep -q "${LETTERS[$i]}"'
    check "and no other seat's pieces there" \
        eval '! near_rows "${FOOT[$i]}" | tr -d "${LETTERS[$i]}$(echo "${LETTERS[$i]}" | tr A-Z a-z)" | grep -q "[RGBYrgby]"'
done

# ---- Two rounds: each player types their move on their turn ------------------------------
for ply in $(seq 0 7); do
    i=$((ply % 4))
    on "${PLAYERS[$i]}"
    check "ply $((ply + 1)): ${PLAYERS[$i]}'s turn" wait_for "${SEATS[$i]} to move: pick a piece"
    typed "${MOVES[$ply]}"
    for who in "${PLAYERS[@]}"; do
        on "$who"
        check "ply $((ply + 1)): $who sees ${SEATS[$i]} play ${MOVES[$ply]}" \
            wait_for "${LETTERS[$i]} ${MOVES[$ply]}"
    done
done
for who in "${PLAYERS[@]}"; do
    on "$who"
    check "$who's screen: the third round, Red to move" wait_for "Grand Cam - move 3, Red to move"
done

for who in "${PLAYERS[@]}"; do
    on "$who"
    keys q
    check "$who's q goes to the lobby" wait_for "camelot online - $who"
    keys q
    check "$who's second q asks first" wait_for "Leave the server? y leaves, any other key stays."
    keys y
    check "and y quits" wait_dead
done
kill "$SERVER_PID"
finish
