# End-to-end: the real 'camelot' in a terminal that tmux provides, driven with send-keys and
# read with capture-pane. Polls the screen with a timeout instead of sleeping. Exits 77 (a
# skip) when tmux is missing. Run as: bash play.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
SRC=$(cd "$2" && pwd)

# whole TEXT: the screen shows TEXT whole, on one row or wrapped over the rows that follow
# (the rows joined with single spaces).
whole() { screen | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$1"; }

# wait_whole TEXT [SECONDS]
wait_whole() {
    local text=$1 limit=${2:-15} i=0
    while [ $i -lt $((limit * 20)) ]; do
        whole "$text" && return 0
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}

# pick SQUARE: the cursor there, then Enter.
pick() { goto "$1" && keys Enter; }

# ---- 1. With no arguments: Camelot against the engine --------------------------------------
start
check "the Camelot board appears" wait_for "Camelot - move 1, White to move"
check "with its coordinates and castles" \
    polled 'screen | grep -q "^ *A  B  C  D  E  F  G  H  I  J  K  L" &&
            screen | grep -q "^16 .*#  #.* 16" && screen | grep -q "engine 5"'
check "the pieces are glyphs" polled 'screen | grep -q "♞"'
pick E6
check "picking a man shows where it can go" wait_for "Man on E6: move to a highlighted square"
pick E8
check "a canter made with the keyboard" wait_for "1. E6-E8"
check "the engine answers" wait_for "Camelot - move 2, White to move" 30
check "its move is listed" polled 'screen | grep -qE "1\. E6-E8 +[A-L][0-9]+"'
keys q
check "q quits" wait_dead

# ---- 2. Two people: a canter, an illegal attempt, a capture, undo --------------------------
start --seat B=human
check "two people at one keyboard" wait_for "White to move: pick a piece"
pick E6
goto E9 && keys Enter
check "an illegal attempt shows the rule it breaks" \
    wait_for "E6-E9 is illegal: E6 to E9 is neither a step to an adjacent square nor a leap"
keys Escape
typed E6-Z9
check "a typed move that is not one is explained, its text kept to edit" \
    polled 'wait_for "Not a move: " && screen | grep -qF "Esc cancels): E6-Z9"'
keys :
check "':' after an error starts the line afresh, with no stray ':'" \
    eval 'wait_gone "E6-Z9" && screen | grep -qE "Esc cancels\): *$" && ! screen | grep -qF "E6-Z9:"'
keys Escape
pick E6
pick E8
check "the canter E6-E8" wait_for "White played E6-E8."
typed D10-D9
check "a typed move" wait_for "Black played D10-D9."
check "the compulsory capture is announced" \
    wait_for "A capture is compulsory: the piece on E8 can capture."
pick E8
pick C10
check "the jump must go on" wait_for "The jump must go on"
pick C12
check "a capture made with the keyboard" wait_for "White played E8xC10xC12."
check "it is in the move list" polled 'screen | grep -qE "2\. E8xC10xC12"'
keys u
check "undo takes it back" wait_for "Took back 1 ply"
check "and the capture is due again" wait_for "A capture is compulsory: the piece on E8"
check "the move list forgets it" eval '! screen | grep -q "E8xC10xC12"'
keys r
check "redo plays it again" wait_for "2. E8xC10xC12"
keys s
check "s saves the game" wait_for "Saved to $DATA/camelot/camelot-"
keys L
check "L lists the saved games" eval 'wait_for "Load a game from" && wait_for "(autosave)"'
keys Enter
check "and loads one" eval 'wait_for "Loaded " && wait_for "2. E8xC10xC12"'

# ---- 3. Resizing --------------------------------------------------------------------------
tm resize-window -t g -x 60 -y 20
check "at 60x20 the board is redrawn with narrower squares" \
    wait_for " A B C D E F G H I J K L" 10
tm resize-window -t g -x 30 -y 10
check "too small is said plainly" wait_for "too small" 10
tm resize-window -t g -x 80 -y 24
check "back at 80x24 with the panel" eval 'wait_for "Players" 10 && wait_for "2. E8xC10xC12"'
check "and still running" alive
keys '?'
check "? shows the rules" wait_for "THE RULES OF CAMELOT"
keys q
check "and closes them" wait_for "Players"
keys q

# ---- 4. Four people: Grand Camelot in the order Red, Green, Blue, Yellow -------------------
start --variant grand-camelot --seat R=human --seat G=human --seat B=human --seat Y=human
check "the Grand Camelot board appears" wait_for "Grand Camelot - move 1, Red to move"
check "all four seats are listed" \
    polled 'screen | grep -q "Red " && screen | grep -q "Green " &&
            screen | grep -q "Blue " && screen | grep -q "Yellow "'
typed H5-H6
check "Red, then Green" wait_for "Green to move"
typed H12-H11
check "Green, then Blue" wait_for "Blue to move"
typed E9-F9
check "Blue, then Yellow" wait_for "Yellow to move"
typed L9-K9
check "Yellow, then Red again" wait_for "Grand Camelot - move 2, Red to move"
keys q

# ---- 5. A game killed with SIGKILL resumes with every move ----------------------------------
rm -rf "$DATA"
start --seat B=human --time 10+5
check "a game with clocks" wait_for "White to move: pick a piece"
# Each wait is for what only the move just typed shows, so that no key is sent, and the program
# not killed, before the move is played and saved (a wait for "Black to move", already shown
# after the first move, let a loaded machine kill it with the second still being typed).
typed E6-E8
check "White's move is played" wait_for "White played E6-E8."
typed F11-F9
check "Black's answer is played" wait_for "Black played F11-F9."
typed D6-D8
check "three moves made" wait_for "Camelot - move 2, Black to move"
pid=$(tm display -p -t g '#{pane_pid}')
kill -9 "$pid"
check "the program is killed" wait_dead
check "the autosave holds the moves" \
    eval 'grep -q "1\. E6-E8 F11-F9 2\. D6-D8" "$DATA/camelot/autosave.txt"'
start --resume
check "--resume continues the game" wait_for "Camelot - move 2, Black to move"
check "with every move kept" \
    polled 'screen | grep -qE "1\. E6-E8 +F11-F9" && screen | grep -qE "2\. D6-D8"'
check "and its clocks" polled 'screen | grep -qE "White .* [0-9]+:[0-9][0-9]"'
typed G11-G9
check "and it goes on" wait_for "Black played G11-G9."
pid=$(tm display -p -t g '#{pane_pid}')
kill -TERM "$pid"
check "SIGTERM ends it" wait_dead
check "with the game saved" grep -q "G11-G9" "$DATA/camelot/autosave.txt"
start --resume
check "closing the terminal (SIGHUP)" wait_for "Camelot - move 3, White to move"
typed E8-E9
check "White's move is played before the hang-up" wait_for "White played E8-E9."
hang_up
check "keeps the game too" \
    eval 'grep -q "E8-E9" "$DATA/camelot/autosave.txt" &&
          grep -q "^\[Clocks \"W=" "$DATA/camelot/autosave.txt"'

# ---- 6. No colours, ASCII ------------------------------------------------------------------
session "exec env NO_COLOR=1 LANG=C LC_ALL=C HOME='$TMP' XDG_DATA_HOME='$DATA' '$CAMELOT' --seat B=human"
check "in the C locale the pieces are letters" \
    polled 'wait_for "White to move" && screen | grep -q "k  m  m  m  m  m  m  k"'
keys q

# ---- 7. Long texts at 80x24: wrapped, never cut ------------------------------------------
start --seat B=human
check "a game for the long texts" wait_for "White to move: pick a piece"
pick E6
goto E9 && keys Enter
check "the rule an illegal attempt breaks is whole" \
    wait_whole "E6-E9 is illegal: E6 to E9 is neither a step to an adjacent square nor a leap over one."
keys Escape
typed F7-F8
check "a man steps up" wait_for "White played F7-F8."
typed F10-F9
check "and is answered" wait_for "Black played F10-F9."
pick E6
check "why a man may not move now is whole" \
    wait_whole "The man on E6 may not move now. A capture is compulsory: the piece on F8 can capture."
check "with the teaching line above it, whole too" \
    whole "White to move. A capture is compulsory: the piece on F8 can capture."
keys q

start --variant "$SRC/tests/data/screen/knight-charge.yaml" --seat B=human
check "a knight that may charge" wait_for "Knight's Charge - move 1, White to move"
pick E6
pick E8
check "the teaching line on the knight's charge is whole" \
    wait_whole "Knight on E8: it may not stop next to an enemy it could jump; leap on and capture."
keys Enter
check "so is the refusal to stop there" \
    wait_whole "You cannot stop on E8: this knight must capture from E8: a knight's canter may not"
check "under the teaching line, still whole" \
    whole "Knight on E8: it may not stop next to an enemy it could jump; leap on and capture."
pick E10
check "the charge is made" wait_for "White played E6-E8xE10."
keys q

start --variant "$SRC/tests/data/screen/six-leaps.yaml" --seat B=human
check "a capture of six squares is due" wait_for "the piece on G9 can capture"
typed G9xE7xC5xC7xE7xE9
check "it is played" wait_for "White played G9xE7xC5xC7xE7xE9."
check "and listed whole on a row of its own" \
    polled 'screen | grep -qE "  1\. G9xE7xC5xC7xE7xE9 *$"'
typed K13-K12
check "Black answers" wait_for "Black played K13-K12."
check "the answer is listed in its column below it" \
    polled 'screen | grep -qE "[0-9] {15,}K13-K12 *$"'
keys q

# ---- 8. No colours: seats and the last move told apart by their glyphs ---------------------
session "exec env NO_COLOR=1 LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$TMP' XDG_DATA_HOME='$DATA' '$CAMELOT' --seat B=human"
check "without colours the seats' pieces differ" \
    polled 'wait_for "White to move" && screen | grep -q "♘  ♙  ♙" && screen | grep -q "♞  ♟  ♟"'
typed E6-E8
check "and the square a move left is marked" \
    polled 'wait_for "White played E6-E8." && screen | grep -qE "^ 6 .*♙  ○  ♙"'
keys q

# ---- 9. Two people at one keyboard each keep a cursor ---------------------------------------
start --seat B=human
check "a hot-seat game" wait_for "White to move: pick a piece"
goto C6
typed E6-E8
check "White moves" wait_for "White played E6-E8."
check "Black's cursor is not White's" eval '[ "$(cursor)" != C6 ]'
goto J11
typed F11-F9
check "Black moves" wait_for "Black played F11-F9."
check "White finds the cursor where White left it" polled '[ "$(cursor)" = C6 ]'
typed D6-D8
check "White moves again" wait_for "White played D6-D8."
check "and Black finds Black's" polled '[ "$(cursor)" = J11 ]'
keys q
wait_dead

# ---- 10. Engines against each other: pace and pause -----------------------------------------
start --seat W=engine:1 --seat B=engine:1 --pace 0.3 --time 5+0
check "engines play each other at the pace asked" eval 'wait_for "Pace 0.3 s" && wait_for "2. " 30'
keys p
check "p pauses" wait_for "Paused: p to go on"
sleep 0.3
before=$(screen)
sleep 1.5
check "while paused no move is played and the clocks stand still" eval '[ "$(screen)" = "$before" ]'
keys p
check "p again goes on" wait_gone "Paused: p to go on"
# A move of an engine changes the move list and says who played.
played_on() {
    local i
    for i in $(seq 1 200); do
        if screen | grep -qE "^(White|Black) played " && [ "$(screen)" != "$before" ]; then
            return 0
        fi
        sleep 0.05
    done
    return 1
}
check "and the engines play on" played_on
keys '>'
check "> lengthens the pace" wait_for "Pace 0.5 s"
keys '<'
check "< shortens it" wait_for "Pace 0.25 s"
keys q
wait_dead

# ---- 11. A paste of 200,000 characters at ':' ------------------------------------------------
# The line keeps what fits and says so once; the rest of the paste changes nothing and draws
# nothing, so the screen answers the Esc after it at once (each key of the paste drew the
# whole screen once, for half a minute).
start --seat B=human
check "a game for the paste" wait_for "White to move: pick a piece"
keys :
check "the move line opens" wait_for "Enter play"
head -c 200000 /dev/zero | tr '\0' x >"$TMP/paste"
tm load-buffer -b paste "$TMP/paste"
t0=$(date +%s%N)
tm paste-buffer -b paste -t g
keys Escape
wait_gone "Enter play" 120
ms=$((($(date +%s%N) - t0) / 1000000))
check "Esc after the paste is answered within 10 s, $((10 * $(time_factor))) s here (time measured: $ms ms)" \
    eval '[ "$ms" -lt $((10000 * $(time_factor))) ]'
check "and the game goes on" eval 'typed E6-E8 && wait_for "Black to move" 5'
keys q
wait_dead

# ---- 12. The settings file gives the next game its variant, seats and look -------------------
mkdir -p "$XDG_CONFIG_HOME/camelot"
printf '# the next game\nvariant = cam\nseat = B=human\nascii = yes\n' \
    >"$XDG_CONFIG_HOME/camelot/camelot.conf"
start
check "the settings file: a game of Cam, two people, in letters (a UTF-8 terminal)" \
    eval 'wait_for "Cam - move 1, White to move" && wait_match "(^| )m  m  m" &&
          ! screen | grep -q "♞" && ! screen | grep -q "engine"'
keys q
wait_dead
rm "$XDG_CONFIG_HOME/camelot/camelot.conf"

finish
