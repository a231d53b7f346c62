# limits: positions with more jump chains than any generation can list (a knight in a lattice
# of 40 enemy men; 128 pieces on the Chivalry board) answered or refused clearly, the engine
# keeping to its time in them; searches by depth that end in the jump bomb; times too short to
# measure; numbers that are not numbers; files that are not regular files. Each command runs
# under 'timeout', so a hang fails the check instead of the run (the time it takes is not
# measured here: see docs/notation.md, Limits).
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

BIG="$SRC/tests/data/big"

# run_bounded SECONDS ARGS...: 'run' under a time-out (exit status 124 when it is reached).
run_bounded() {
    local secs=$1
    shift
    set +e
    timeout "$secs" "$CAMELOT" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
    RC=$?
    set -e
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}

for f in lattice chivalry-128; do
    run_bounded 20 moves --position "$BIG/$f.yaml"
    check "$f: moves refuses clearly" \
        eval '[ "$RC" = 1 ] && has "$ERR" "more moves than camelot lists" && [ -z "$OUT" ]'
    run_bounded 20 status --position "$BIG/$f.yaml"
    check "$f: status answers" eval '[ "$RC" = 0 ] && [ "$OUT" = ongoing ]'
    run_bounded 20 perft 1 --position "$BIG/$f.yaml"
    check "$f: perft 1 refuses clearly" eval '[ "$RC" = 1 ] && has "$ERR" "the count is wrong"'
    run_bounded 30 analyze --time 1 --position "$BIG/$f.yaml"
    check "$f: analyze --time 1 ends with a move" \
        eval '[ "$RC" = 0 ] && has "$OUT" "^bestmove [A-P][0-9]+x"'
done

# The jump bomb (128 men that can all jump, forced captures answering forced captures):
# searches by depth end, in the analysis, a match and the engine protocol.
run_bounded 120 analyze --depth 1 --position "$BIG/jump-bomb.yaml"
check "jump bomb: analyze --depth 1 ends with a move" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^depth 1 " && has "$OUT" "^bestmove [A-N][0-9]+x"'
sed -n 's/^variant: .*//; s/^  \([A-N][0-9]*: [WB]M\)$/\1/p' "$BIG/jump-bomb.yaml" | paste -sd , |
    sed 's/,/, /g; s/^/{variant: chivalry, to_move: W, pieces: {/; s/$/}}/' >"$TMP/bomb.txt"
run_bounded 120 match --variant chivalry --a level=10 --b level=10 --depth 1 --games 2 \
    --max-plies 4 --openings 0 --openings-file "$TMP/bomb.txt"
check "jump bomb: match --depth 1 plays its games to the move cap" \
    eval '[ "$RC" = 0 ] && has "$OUT" "2 games: A wins 0, draws 2, loses 0"'
# The input stays open until the search has answered (or for 120 s): at the end of the input
# a search gets only a second more, which a loaded machine may not give a search of the jump
# bomb under the sanitizers; what is checked is that the search by depth ends.
: >"$TMP/out"
set +e
{
    printf 'position doc %s\ngo depth 1\n' "$(cat "$TMP/bomb.txt")"
    for _ in $(seq 1200); do
        grep -q '^bestmove' "$TMP/out" && break
        sleep 0.1
    done
} | timeout 120 "$CAMELOT" engine >"$TMP/out" 2>"$TMP/err"
RC=$?
set -e
OUT=$(cat "$TMP/out")
check "jump bomb: the engine's 'go depth 1' gives its depth and a move" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^info depth 1 " && has "$OUT" "^bestmove [A-N][0-9]+x"'

# Times: a fraction of a millisecond is the shortest time, not none; zero and other numbers
# than decimal seconds are refused.
run_bounded 20 analyze --time 0.0001
check "analyze --time 0.0001 ends with a move" eval '[ "$RC" = 0 ] && has "$OUT" "^bestmove "'
for t in 0 0x10 1e3 -1 " 2" 2s; do
    run analyze --time "$t"
    check "analyze --time '$t' is a usage error" \
        eval '[ "$RC" = 2 ] && has "$ERR" "^camelot: bad time .$t. \(seconds > 0"'
done
# Threads: from 1 to 64.
run_bounded 60 analyze --depth 6 --threads 2
check "analyze --threads 2 reaches its depth and gives a move" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^depth 6 " && has "$OUT" "^bestmove "'
for n in 0 65 two; do
    run analyze --threads "$n"
    check "analyze --threads '$n' is a usage error" \
        eval '[ "$RC" = 2 ] && has "$ERR" "thread count" && [ -z "$OUT" ]'
    run play --threads "$n" --text
    check "play --threads '$n' is a usage error" \
        eval '[ "$RC" = 2 ] && has "$ERR" "thread count" && [ -z "$OUT" ]'
done
run analyze --time ""
check "analyze --time '' is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "option .--time. needs a value"'
run play --time 0x10 --text
check "play --time 0x10 is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad time control .0x10."' 
for t in 60.001 -1 abc 1e3 ""; do
    run play --pace "$t" --text
    check "play --pace '$t' is a usage error" \
        eval '[ "$RC" = 2 ] && has "$ERR" "^camelot: (bad pace .$t. \(seconds from 0 to 60|option .--pace. needs a value)"'
done
run play --pace 1.5 --text
check "play --pace 1.5 is understood by the text game too" eval '[ "$RC" = 0 ] && [ -z "$ERR" ]'
run perft -1
check "perft -1 is a bad depth, not an option" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad depth .-1."'
run perft 0x10
check "perft 0x10 is a bad depth" eval '[ "$RC" = 2 ] && has "$ERR" "bad depth .0x10."'
run match --a level=1 --b random --games 0x2
check "match --games 0x2 is a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "bad number of games"'

# A FIFO is refused at once, as a variant file, a position and a record.
mkfifo "$TMP/fifo.yaml"
run_bounded 10 validate "$TMP/fifo.yaml"
check "validate refuses a FIFO at once" \
    eval '[ "$RC" = 1 ] && has "$ERR" "fifo.yaml: not a regular file"'
run_bounded 10 show --position "$TMP/fifo.yaml"
check "a FIFO as a position is refused at once" \
    eval '[ "$RC" = 1 ] && has "$ERR" "not a regular file"'
run_bounded 10 replay "$TMP/fifo.yaml"
check "a FIFO as a record is refused at once" \
    eval '[ "$RC" = 1 ] && has "$ERR" "not a regular file"'
printf '[Variant "fifo.yaml"]\n1. E6-E8 *\n' >"$TMP/game.txt"
run_bounded 10 replay "$TMP/game.txt"
check "a record whose variant is a FIFO is refused at once" \
    eval '[ "$RC" = 1 ] && has "$ERR" "not a regular file"'

finish
