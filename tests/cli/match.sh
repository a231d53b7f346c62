# match: hundreds of fast engine games in every variant, each written as a record and replayed
# through 'camelot replay' (never an illegal move, always the result the record claims); the
# same seed gives the same games; bad players and numbers are usage errors.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

GAMES=200
VARIANTS="camette cam camelot chivalry grand-cam grand-camelot four-handed-chivalry
          four-handed-chivalry-solo"

# replay_all PREFIX: replays PREFIX-1.txt .. PREFIX-$GAMES.txt; prints the number that fail,
# either as illegal or by ending with another result than their Result tag says. A game cut
# short by the move cap replays as ongoing, with its Result tag as 'recorded result'.
replay_all() {
    local bad=0 i rec want got
    for i in $(seq 1 "$GAMES"); do
        rec="$1-$i.txt"
        if ! "$CAMELOT" replay "$rec" >"$TMP/replay.out" 2>"$TMP/replay.err"; then
            bad=$((bad + 1))
            [ "$bad" -gt 1 ] || cat "$TMP/replay.err" >&2
            continue
        fi
        want=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$rec")
        got=$(grep -E '^(recorded )?result: ' "$TMP/replay.out" | tr '\n' '|')
        case "$want" in
        "*") [ "$got" = "result: ongoing|" ] || bad=$((bad + 1)) ;;
        draw)
            case "$got" in
            "result: draw ("*")|" | "result: ongoing|recorded result: draw|") ;;
            *) bad=$((bad + 1)) ;;
            esac ;;
        *)
            case "$got" in
            "result: $want wins ("*")|") ;;
            *) bad=$((bad + 1)) ;;
            esac ;;
        esac
    done
    echo "$bad"
}

for v in $VARIANTS; do
    run match --variant "$v" --a level=10 --b level=4 --depth 1 --games "$GAMES" \
        --max-plies 240 --seed 7 --records "$TMP/$v-%d.txt" --quiet
    check "$v: $GAMES games are played" \
        eval '[ "$RC" = 0 ] && [ -z "$ERR" ] &&
              has "$OUT" "^$v: A level=10 vs B level=4, $GAMES games: A wins [0-9]+, draws [0-9]+, loses [0-9]+$"'
    sum=$(printf '%s\n' "$OUT" | sed -n 's/.*A wins \([0-9]*\), draws \([0-9]*\), loses \([0-9]*\)$/\1 + \2 + \3/p')
    check "$v: wins, draws and losses add up to $GAMES" [ "$(( ${sum:-0} ))" = "$GAMES" ]
    check "$v: one record per game" [ "$(ls "$TMP"/"$v"-[0-9]*.txt | wc -l)" = "$GAMES" ]
    check "$v: every record replays to its stated result" [ "$(replay_all "$TMP/$v")" = 0 ]
done

# The same seed, the same games (a depth limit, so no clock is involved).
run match --variant camelot --a level=10 --b greedy --depth 2 --games 6 --seed 3 \
    --records "$TMP/again-a.txt" --quiet
first=$OUT
run match --variant camelot --a level=10 --b greedy --depth 2 --games 6 --seed 3 \
    --records "$TMP/again-b.txt" --quiet
check "the same seed gives the same games" \
    eval '[ "$RC" = 0 ] && [ "$OUT" = "$first" ] && cmp -s "$TMP/again-a.txt" "$TMP/again-b.txt"'
run match --variant camelot --a level=10 --b greedy --depth 2 --games 6 --seed 4 \
    --records "$TMP/again-c.txt" --quiet
check "another seed gives other openings" \
    eval '[ "$RC" = 0 ] && ! cmp -s "$TMP/again-a.txt" "$TMP/again-c.txt"'

# A line per game unless --quiet, and the colours alternate.
run match --variant camelot --a random --b random --games 4 --seed 5
check "a line per game, colours alternating" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^game 1: A plays W; " && has "$OUT" "^game 2: A plays B; " &&
          has "$OUT" "^game 4: A plays B; "'

# Usage errors: exit 2 and a message naming the problem.
run match --a foo --b random
check "a bad player is a usage error" \
    eval '[ "$RC" = 2 ] && [ -z "$OUT" ] && has "$ERR" "bad player '\''foo'\''"'
run match --b random
check "a missing player is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "both players are needed"'
run match --a random --b random --games 0
check "zero games is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad number of games '\''0'\''"'
run match --a level=11 --b random
check "level 11 does not exist" eval '[ "$RC" = 2 ] && has "$ERR" "bad player '\''level=11'\''"'
run match --a random --b random --records "$TMP/no/such/dir/%d.txt" --games 2
check "an unwritable record file is an error, not a crash" \
    eval '[ "$RC" != 0 ] && [ "$RC" -lt 128 ] && has "$ERR" "no/such/dir"'

finish
