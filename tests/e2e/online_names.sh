# End-to-end: every screen of a game on a server whole at 80x24, with the longest names a
# player may have (32 characters), four seats, a correspondence deadline and a rating beside
# each name. Four players on four terminals (tests/e2e/netlib.sh) play a rated game of Grand
# Camelot (the largest board, whose squares are two columns wide) at a day a move: each seat
# moves once, Green's team resigns, and the result box gives each whole name and its rating's
# change. The rematch, its seats turned round, then shows on every screen the board with both
# rows of labels and every row of squares, the panel with each seat's name (cut with a mark)
# and rating and the deadline, the message and key lines; and the lobby, the ratings, the help,
# the chat, a draw offered and declined, a watcher's screen, the result box and the review.
# Exits 77 (a skip) when tmux is missing. Run as: bash online_names.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/netlib.sh"

NAMES=(Alice_of_the_Round_Table_Camelot Bedivere_the_Knight_of_the_Table
    Carados_the_Quite_Long_Named_One Dagonet_jester_of_the_Round_Tbl1)
T=(p1 p2 p3 p4)
SEATS=(Red Green Blue Yellow)
WATCHER=Erec_son_of_King_Lac_who_watches
for n in "${NAMES[@]}" "$WATCHER"; do
    check "$n has 32 characters" [ "${#n}" -eq 32 ]
done
# One move of each seat, checked by the rules core first (the text game plays them).
MOVES=(H5-H6 H12-H11 E9-F9 L9-K9)
OUT=$(printf '%s\n' "${MOVES[@]}" | "$CAMELOT" play --variant grand-camelot --text 2>&1)
check "at one keyboard the four plies are legal" \
    eval 'echo "$OUT" | grep -q "Yellow plays L9-K9" && ! echo "$OUT" | grep -qi illegal'

start_server
for i in 0 1 2 3; do
    client "${NAMES[$i]}" "${T[$i]}"
done
for i in 0 1 2 3; do
    on "${T[$i]}"
    check "${NAMES[$i]}'s lobby, the whole name in its title" wait_for "camelot online - ${NAMES[$i]} at server"
done

# ---- Game 1: made by the first player, rated, a day a move; the others take its seats -------
on p1
keys n
check "the form" wait_for "New game on the server"
for i in $(seq 1 12); do
    field=$(screen | grep -o "Variant    < [^>]* >")
    [ "$field" = "Variant    < Grand Camelot >" ] && break
    keys Right
    [ -z "$field" ] || wait_gone "$field" 10
done
check "the form names its maker whole" \
    eval 'wait_for "Variant    < Grand Camelot >" && wait_for "Red        < me (${NAMES[0]}) >"'
# Down to the clocks, then the kinds of clock one at a time to a day a move; then rated.
keys Down Down Down Down Down
for i in $(seq 1 12); do
    field=$(screen | grep -o "Clocks     < [^>]* >")
    [ "$field" = "Clocks     < 1 day a move >" ] && break
    keys Right
    [ -z "$field" ] || wait_gone "$field" 10
done
keys Down Right
check "a day a move, rated" eval 'wait_for "Clocks     < 1 day a move >" && wait_for "Rated      < yes >"'
keys Enter
check "the game waits for its players" wait_for "Waiting for players:"
for i in 1 2 3; do
    on "${T[$i]}"
    keys r
    check "${NAMES[$i]} sees the game: its state and clock first" \
        wait_match "^> +1  waiting, [0-9]/4 seats +grand-camelot +1 day +rated "
    check "and the picked game's detail line has its maker's name whole" wait_for "${NAMES[0]}"
    keys Enter
    check "${NAMES[$i]} takes a seat" wait_for "Game 1, rated:"
done
on p1
check "the game begins" wait_for "Every seat is taken: the game begins."

# board_whole: the board has all its rows of squares and both rows of labels, the foot its key
# line ending in KEYS (text run over the board would show in their place).
ROW_LABELS='^( [A-P]|[ 1][0-9]) '
board_whole() {
    local keys=$1 s
    s=$(screen)
    [ "$(echo "$s" | sed -n 4,19p | grep -cE "$ROW_LABELS")" -eq 16 ] &&
        echo "$s" | sed -n 3p | cut -c1-36 | grep -qE '^ +[A-P0-9]+( +[A-P0-9]+)+ *$' &&
        echo "$s" | sed -n 20p | cut -c1-36 | grep -qE '^ +[A-P0-9]+( +[A-P0-9]+)+ *$' &&
        echo "$s" | tail -1 | grep -qE -- "$keys *\$"
}

for ply in 0 1 2 3; do
    on "${T[$ply]}"
    check "ply $((ply + 1)): ${SEATS[$ply]}'s turn" wait_for "${SEATS[$ply]} to move: pick a piece"
    typed "${MOVES[$ply]}"
    for i in 0 1 2 3; do
        on "${T[$i]}"
        check "ply $((ply + 1)): ${NAMES[$i]} sees ${SEATS[$ply]} play ${MOVES[$ply]}" \
            wait_for "${MOVES[$ply]}"
    done
done

# Green's team resigns: Green asks, Yellow agrees.
on p2
keys R
check "Green is asked before resigning" wait_for "y resigns, n plays on"
keys y
on p4
check "Yellow is asked, Green's name whole" \
    wait_for "Green (${NAMES[1]}) wants to resign for the team. Do you"
check "the panel's line of the offer is cut with a mark" polled 'screen | grep -q "Green (Bedivere_the_Kni[^ ]*…) would resign"'
check "the question's screen whole" polled 'board_whole "y yes  n no"'
keys y
for i in 0 1 2 3; do
    on "${T[$i]}"
    check "${NAMES[$i]} sees the end" wait_for "Green and Yellow resign. Red and Blue win."
    for k in 0 1 2 3; do
        case $k in 0 | 2) r="won   1500 -> 1662 (+162)" ;; *) r="lost  1500 -> 1338 (-162)" ;; esac
        [ "$k" = "$i" ] && me=" \\(you\\)" || me=""
        check "the box gives ${SEATS[$k]}'s whole name and rating's change" \
            polled 'screen | grep -qE "│ . ${SEATS[$k]} +${NAMES[$k]}$me +$(echo "$r" | sed "s/[()+]/\\\\&/g") +│"'
    done
    check "the box inside the screen, the key line under it" \
        polled 'screen | tail -1 | grep -q "a analyse  v review  x export  m rematch  c chat  q lobby"'
done

# ---- Game 2: the rematch, seats turned round: seat k is played by player (k + 3) mod 4 ------
on p1
keys m
check "the rematch is made" wait_for "Game 2, rated: you play Green."
for i in 1 2 3; do
    on "${T[$i]}"
    check "${NAMES[$i]} is offered it" wait_for "offers a rematch (game 2): m accepts it."
    keys m
done
for i in 0 1 2 3; do
    on "${T[$i]}"
    check "${NAMES[$i]}: game 2 begins" polled 'screen | grep -q "Grand Camelot - move 1, Red to move"'
done

# Each seat's line of the panel: the seat, the name cut with a mark, its rating (game 1's
# winners, the first and third players, have 1662).
RATINGS=(1662 1338 1662 1338)
for i in 0 1 2 3; do
    on "${T[$i]}"
    for k in 0 1 2 3; do
        p=$(((k + 3) % 4))
        [ "$p" = "$i" ] && me="you " || me=""
        check "${NAMES[$i]}'s panel: ${SEATS[$k]}, ${NAMES[$p]:0:12}…, ${me}${RATINGS[$p]}" \
            polled 'screen | grep -qE "${SEATS[$k]} +${NAMES[$p]:0:16}[A-Za-z_]*… ${me}${RATINGS[$p]} *\$"'
    done
    check "and the deadline" wait_match "To move within (1 day 0 h|23 h 5[0-9] min)"
    check "${NAMES[$i]}'s board and foot whole" polled 'board_whole "R resign  q lobby"'
done
# The one to move is named whole on the status line, with the deadline.
on p4
check "the status line names the player to move whole" \
    wait_match "Red \\(you\\) to move|Red to move: pick a piece"
on p1
check "the others' status line names Red's player whole" \
    wait_match "Red \\(${NAMES[3]}\\) to move, within (1 day 0 h|23 h 5[0-9] min)\\."

# The help: its title whole, the keys of the game.
on p1
keys '?'
check "the help's title whole" wait_match "^ Rules of Grand Camelot  \\(line 1 of [0-9]+\\)$"
check "with its key line" polled 'screen | tail -1 | grep -q "q close"'
keys q
check "q closes it" polled 'board_whole "R resign  q lobby"'

# The chat: a line said by one, read whole by the others at the foot, the board whole.
keys c
check "c opens the chat line" wait_for "Say (Enter sends, Esc cancels):"
keys -l "Good game, all of you"
keys Enter
for i in 1 2 3; do
    on "${T[$i]}"
    check "${NAMES[$i]} reads the chat, its author whole" wait_for "${NAMES[0]}: Good game, all of you"
    check "the board whole beside it" polled 'board_whole "R resign  q lobby"'
done

# A draw offered by Red's player (the fourth) and declined by the first.
on p4
keys D
check "the offer is made" wait_for "You offer a draw"
on p1
check "the first player is asked, the offerer's name whole" \
    wait_for "Red (${NAMES[3]}) offers a draw"
check "the panel's line of the offer cut with a mark" polled 'screen | grep -q "Red (Dagonet_jester_[^ ]*…) offers a draw"'
check "the question's screen whole" polled 'board_whole "y yes  n no"'
keys n
check "declined" polled 'board_whole "R resign  q lobby"'

# The lobby: the game in "Your games", state and time first, the four whole names on its
# detail line.
keys q
check "q goes to the lobby" wait_for "camelot online - ${NAMES[0]} at server"
check "game 2 in the player's games, its state and time first" \
    wait_match "^> +2  (Red to move|.*to move) +[0-9]"
for k in 0 1 2 3; do
    check "the detail line has ${NAMES[$k]} whole" wait_for "${NAMES[$k]}"
done
check "the lobby's key line" polled 'screen | tail -1 | grep -q "q quit"'
keys g
check "the ratings" wait_for "Ratings of "
for i in $(seq 1 12); do
    screen | grep -q "Ratings of grand-camelot" && break
    field=$(screen | grep -o "Ratings of [a-z-]*")
    keys Right
    wait_gone "$field" 10
done
check "of Grand Camelot" wait_for "Ratings of grand-camelot"
for k in 0 1 2 3; do
    check "${NAMES[$k]} whole in the ratings, with ${RATINGS[$k]}" \
        wait_match "^ [ >] +[1-4]\\. ${NAMES[$k]} +${RATINGS[$k]} "
done
keys g
check "back to the games" wait_for "Your games"
keys Enter
check "Enter goes back to game 2" polled 'board_whole "R resign  q lobby"'

# A watcher with a long name too.
client "$WATCHER" p5
on p5
check "the watcher's lobby" wait_for "camelot online - $WATCHER at server"
# The game's own row, not the heading alone: on a busy machine the list's rows come after it,
# and keys sent before them pick nothing.
check "game 2 to watch" \
    eval 'wait_for "Games going on, to watch" && wait_match "^[> ] +2  .* to move  grand-camelot "'
keys Down
keys Enter
check "the watcher sees game 2" wait_for "game 2, watching"
check "the panel says so" wait_for "Players (you watch)"
for k in 0 1 2 3; do
    p=$(((k + 3) % 4))
    check "the watcher's panel: ${SEATS[$k]} and ${RATINGS[$p]}" \
        polled 'screen | grep -qE "${SEATS[$k]} +${NAMES[$p]:0:16}[A-Za-z_]*… ${RATINGS[$p]} *\$"'
done
check "the watcher's board and foot whole" polled 'board_whole "q lobby"'

# ---- The end of game 2: Green's team (the first and third players) resigns at once ----------
on p1
keys R
check "resign asked" wait_for "y resigns, n plays on"
keys y
on p3
check "the partner is asked" wait_for "Green (${NAMES[0]}) wants to resign for the team"
keys y
for t in p1 p2 p3 p4 p5; do
    on "$t"
    check "terminal $t sees the end" wait_for "Green and Yellow resign. Red and Blue win."
    for k in 0 1 2 3; do
        p=$(((k + 3) % 4))
        check "terminal $t's box: ${SEATS[$k]}, ${NAMES[$p]} whole, its rating" \
            polled 'screen | grep -qE "│ . ${SEATS[$k]} +${NAMES[$p]}( \\(you\\))? +(won|lost) +${RATINGS[$p]} +│"'
    done
    # Resigned before any seat moved: the server rates nobody, and the box says so.
    check "terminal $t's box: not rated" wait_for "Not rated: it ended before every seat had moved."
done
# The review of the moves: none in game 2 but the start, the board and keys whole.
on p2
keys v
check "the review" wait_for "review, ply 0 of 0"
check "its board and key line whole" polled 'board_whole "Esc back"'

for t in p1 p2 p3 p4 p5; do
    on "$t"
    tm kill-session -t "$t"
done
kill "$SERVER_PID"
finish
