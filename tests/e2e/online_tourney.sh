# End-to-end: a tournament's standings in the lobby, at 80x24. bob makes a Swiss of Camette
# with eight engine entrants (through the protocol, as 'camelot online --text' would); alice
# finds it with t in her lobby and enters it with e; seven more players enter, their names of
# up to 32 letters. When it begins, Enter on it shows the standings: the table of all 16
# entrants whole, each row within 80 columns, and its key line; Right shows the games of round
# 1, and Enter on one opens it on the board; x writes its crosstable, a row an entrant.
# Exits 77 (a skip) when tmux is missing. Run as: bash online_tourney.sh PATH_TO_camelot SOURCE_DIR
# SPDX-License-Identifier: MIT
set -u

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/netlib.sh"

# as NAME LINE...: the lines sent to the server as player NAME through 'camelot relay' (after
# 'hello'); what the server answered goes to $TMP/as-NAME.txt.
as() {
    local who=$1
    shift
    { printf 'hello 1\n'; printf '%s\n' "$@"; sleep 1; } |
        env XDG_DATA_HOME="$DATA" "$CAMELOT" relay --socket "$SERVER_SOCK" --as "$who" \
            >"$TMP/as-$who.txt" 2>&1
}

PEOPLE="Sir_Bedivere_of_the_RoundTable01 Sir_Bedivere_of_the_RoundTable02 carol dave
erin Sir_Gawain_the_Green_Knights_Foe frank"

start_server
client alice
on alice
check "alice's lobby" wait_for "camelot online - alice"
check "the games page's key line names the tournaments" \
    wait_for "Enter play  n new  g ratings  h history  t tourneys  K keys  ? help  q quit"

# ---- bob makes it; alice finds it and enters --------------------------------------------------
START=$((40 * TF))
as bob "tourney swiss camette 600+0 casual 5 +$START engine:1 engine:2 engine:3 engine:4 \
engine:5 engine:6 engine:7 engine:8"
check "bob's tournament is made" grep -q '^ok tourney 1$' "$TMP/as-bob.txt"
keys t
check "t lists the tournaments" wait_for "Tournaments"
check "with bob's, 8 entrants, waiting for its start" \
    wait_match "^> 1      swiss  camette        600\\+0    casual  8        starts [0-9-]{10} [0-9:]{5}$"
check "the list's key line, whole" \
    wait_for "Up/Down pick  Enter standings  e enter/withdraw  r again  Esc games  q quit"
keys e
check "e enters it" wait_for "You are in tournament 1."
check "and the list says so" wait_match "^> 1      swiss  camette        600\\+0    casual  9    in  starts"
for who in $PEOPLE; do
    as "$who" "enter 1"
done
check "seven more entered" eval '[ "$(cat "$TMP"/as-*.txt | grep -c "^ok enter 1 ")" -eq 7 ]'

# ---- the standings ----------------------------------------------------------------------------
keys r
check "sixteen entrants" wait_match "^> 1      swiss  camette        600\\+0    casual  16   in  "
# begun: asks for the list again each second until it says the first round is paired.
begun() {
    local i
    for i in $(seq 1 $((START + 30 * TF))); do
        keys r
        sleep 1
        screen | grep -q "round 1 of 5" && return 0
    done
    return 1
}
check "the tournament begins" begun
keys Enter
check "Enter shows its standings" wait_for "Swiss 1: camette 600+0 casual, round 1 of 5, you're in"
check "the table's head" wait_for "    # player                           rating score    Bh     SB   W   D   L"
check "all 16 rows are there" \
    eval '[ "$(screen | grep -cE "^ +[0-9]+ [A-Za-z_:0-9]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9]+$")" -eq 16 ]'
check "the longest names whole" \
    eval 'screen | grep -q " Sir_Gawain_the_Green_Knights_Foe " &&
          screen | grep -q " Sir_Bedivere_of_the_RoundTable02 "'
check "the engines and alice among them" \
    eval 'screen | grep -q " engine:8 " && screen | grep -q " alice "'
check "the way to the rounds" wait_for "Right: the games of round 1..1"
check "the page's key line, whole" \
    wait_for "Right rounds  Up/Down scroll  e enter/withdraw  x crosstable  Esc list  q quit"
check "every row of the page fits 80 columns" \
    eval '[ "$(screen | awk "length > 80" | wc -l)" -eq 0 ]'
keys x
check "x writes the crosstable" wait_for "The crosstable is in tournament-1.txt."
check "a row for each of the 16, round 1's game in it" \
    eval '[ "$(grep -cE "^ ?[0-9]+  [A-Za-z_:0-9]+ +[0-9]+  [0-9]+[wb]\*" "$TMP/tournament-1.txt")" -eq 16 ]'

# ---- a round's games, and one opened ---------------------------------------------------------
keys Right
check "Right shows round 1's games" wait_for "Swiss 1, round 1 of 5: its games (Enter opens one)"
check "eight boards" eval '[ "$(screen | grep -cE "^[> ] board [1-8]  game [0-9]+ ")" -eq 8 ]'
check "the key line of a round" \
    wait_for "Up/Down pick  Enter open the game  Left/Right round  Esc list  q quit"
keys Down
GAME=$(screen | sed -nE 's/^> board 2  game ([0-9]+) .*/\1/p')
check "the second board is picked" test -n "$GAME"
keys Enter
check "Enter opens that game on the board" wait_for "Game $GAME" $((15 * TF))
finish
