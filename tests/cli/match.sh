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

# One game is one game.
run match --variant camette --a level=1 --b level=1 --depth 1 --games 1 --quiet
check "a match of one game says '1 game'" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^camette: A level=1 vs B level=1, 1 game: A wins "'

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

# ---- Programs through the engine protocol ('cmd:'), in parallel, openings, SPRT ----------

ENGINE="cmd:'$CAMELOT' engine"

# Two copies of this build through pipes: every game played, recorded and replayable.
run match --a "$ENGINE" --b "$ENGINE" --depth 1 --games 4 --max-plies 60 --seed 2 \
    --records "$TMP/cmd-%d.txt"
check "cmd: two engine programs play a short match" \
    eval '[ "$RC" = 0 ] && [ -z "$ERR" ] &&
          has "$OUT" "^camelot: A cmd:.* engine vs B cmd:.* engine, 4 games: A wins [0-9]+, draws [0-9]+, loses [0-9]+$" &&
          [ "$(printf "%s\n" "$OUT" | grep -c "^game ")" = 4 ]'
GAMES=4
check "cmd: every record replays to its stated result" [ "$(replay_all "$TMP/cmd")" = 0 ]

# A level of the match is the level a player meets: the same game as that level through the
# engine protocol (a game of Camelot; the match once gave every level level 10's weights, when
# the levels below weighed otherwise).
cat >"$TMP/level5.sh" <<SCRIPT
#!/bin/sh
sed -u '1a setoption name Level value 5' | exec '$CAMELOT' engine
SCRIPT
chmod +x "$TMP/level5.sh"
same_game() { # same_game A-SPEC RECORD
    run match --a "$1" --b level=4 --games 1 --seed 9 --time 5 --openings 2 \
        --openings-file "$SRC/variants/openings/camelot.txt" --records "$2" --quiet
}
same_game level=5 "$TMP/level5-in.txt"
same_game "cmd:$TMP/level5.sh" "$TMP/level5-cmd.txt"
check "level 5 in a match plays as level 5 does through the engine protocol" \
    eval '[ "$RC" = 0 ] && [ "$(grep -v "^\[" "$TMP/level5-in.txt")" = "$(grep -v "^\[" "$TMP/level5-cmd.txt")" ] &&
          [ "$(grep -vc "^\[" "$TMP/level5-in.txt")" -gt 3 ]'

# Broken engines lose every game, with the reason in the output and the record, and no hang.
cat >"$TMP/garbage.sh" <<'SCRIPT'
#!/bin/sh
while read -r line; do
    case "$line" in
    cep) echo cepok ;;
    isready) echo readyok ;;
    go*) echo "hello there" ;;
    esac
done
SCRIPT
cat >"$TMP/illegal.sh" <<'SCRIPT'
#!/bin/sh
while read -r line; do
    case "$line" in
    cep) echo cepok ;;
    isready) echo readyok ;;
    go*) echo "bestmove A1-A2" ;;
    esac
done
SCRIPT
cat >"$TMP/hang-engine.sh" <<'SCRIPT'
#!/bin/sh
while read -r line; do
    case "$line" in
    cep) echo cepok ;;
    isready) echo readyok ;;
    go*) sleep 1000 ;;
    esac
done
SCRIPT
chmod +x "$TMP/garbage.sh" "$TMP/illegal.sh" "$TMP/hang-engine.sh"
broken() { # broken NAME SPEC REASON-REGEX [OPTIONS...]
    local name=$1 spec=$2 reason=$3
    shift 3
    run match --a "$spec" --b random --games 2 --time 0.05 --records "$TMP/$name-%d.txt" "$@"
    check "cmd: $name: A forfeits both games, and says why" \
        eval '[ "$RC" = 0 ] && has "$OUT" "A wins 0, draws 0, loses 2$" &&
              [ "$(printf "%s\n" "$OUT" | grep -Ec "^  A.s engine $reason")" = 2 ]'
    check "cmd: $name: the record gives the win to B and the reason" \
        eval 'grep -q "^\[Result \"B\"\]$" "$TMP/$name-1.txt" &&
              grep -Eq "^\[Termination \"forfeit: A.s engine $reason" "$TMP/$name-1.txt" &&
              "$CAMELOT" replay "$TMP/$name-2.txt" >/dev/null'
}
broken dead "cmd:false" "did not start: .*[(]it died or quit[)]"
broken missing "cmd:$TMP/no-such-engine" "did not start: .*[(]it died or quit[)]"
broken echo "cmd:cat" "did not start: said 'cep' before 'cepok'"
broken garbage "cmd:$TMP/garbage.sh" "answered 'hello there' instead of a move"
broken illegal "cmd:$TMP/illegal.sh" "played the illegal move 'A1-A2'"
start=$(date +%s)
broken hanging "cmd:$TMP/hang-engine.sh" "gave no move: no answer in time" --timeout 0.5
check "cmd: a hanging engine is given up in time (time measured)" \
    [ $(($(date +%s) - start)) -lt $((10 * $(time_factor))) ]
check "cmd: no engine process is left behind" \
    eval '! ps -eo args | grep -v grep | grep -qF "$TMP/hang-engine.sh"'

# Games in parallel: every game counted and recorded once, in one file.
run match --a "$ENGINE" --b level=3 --depth 1 --games 6 --max-plies 60 --concurrency 2 \
    --records "$TMP/par.txt" --quiet
check "concurrency 2: six games, each counted and recorded once" \
    eval '[ "$RC" = 0 ] && has "$OUT" ", 6 games: A wins [0-9]+, draws [0-9]+, loses [0-9]+$" &&
          [ "$(grep -c "^\[Round " "$TMP/par.txt")" = 6 ] &&
          [ "$(grep "^\[Round " "$TMP/par.txt" | sort -u | wc -l)" = 6 ]'
sum=$(printf '%s\n' "$OUT" | sed -n 's/.*A wins \([0-9]*\), draws \([0-9]*\), loses \([0-9]*\)$/\1 + \2 + \3/p')
check "concurrency 2: wins, draws and losses add up" [ "$(( ${sum:-0} ))" = 6 ]

# An openings file: moves from the start and a position document, each played twice.
cat >"$TMP/openings.txt" <<'LINES'
# two openings
I7-I5 E10-C12

{to_move: W, pieces: {E6: WK, F7: WM, G7: WM, D11: BM, E12: BK, F11: BM}} moves F7-F8
LINES
run match --a "$ENGINE" --b level=2 --depth 1 --games 4 --max-plies 60 \
    --openings-file "$TMP/openings.txt" --records "$TMP/book-%d.txt" --quiet
check "openings file: each line used for a pair of games" \
    eval '[ "$RC" = 0 ] &&
          grep -q "^\[Opening \"line 2 of the openings file\"\]$" "$TMP/book-1.txt" &&
          grep -q "^\[Opening \"line 2 of the openings file\"\]$" "$TMP/book-2.txt" &&
          grep -q "^\[Opening \"line 4 of the openings file\"\]$" "$TMP/book-3.txt" &&
          grep -q "^1\. I7-I5 E10-C12" "$TMP/book-1.txt" && grep -q "^1\. I7-I5 E10-C12" "$TMP/book-2.txt" &&
          grep -q "^\[Position " "$TMP/book-4.txt" && grep -q "^1\. F7-F8" "$TMP/book-4.txt"'
GAMES=4
check "openings file: the records replay" [ "$(replay_all "$TMP/book")" = 0 ]
printf 'I7-I5\nI7-I9-I11\n' >"$TMP/bad-openings.txt"
run match --a random --b random --openings-file "$TMP/bad-openings.txt"
check "openings file: an illegal move is an error naming its line" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "bad-openings.txt:2: move '\''I7-I9-I11'\''"'
printf '# nothing\n\n' >"$TMP/empty-openings.txt"
run match --a random --b random --openings-file "$TMP/empty-openings.txt"
check "openings file: a file without openings is an error" \
    eval '[ "$RC" = 1 ] && has "$ERR" "no opening in the file"'

# SPRT: a strong engine against a weak one (level 1 with a large misjudgement of its moves) is
# decided well before the cap, either way round.
run match --a level=10 --b level=1,noise=400 --depth 1 --sprt 0,200 --games 80 --concurrency 2
check "sprt: the strong engine is found stronger before the cap" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^sprt: [0-9]+ pairs, LLR -?[0-9.]+ \(bounds -2.94, 2.94\)$" &&
          has "$OUT" "^sprt: Elo 0 vs 200 \(alpha 0.05, beta 0.05\), LLR [0-9.]+ .*: H1 accepted$" &&
          ! has "$OUT" ", 80 games:"'
run match --a level=1,noise=400 --b level=10 --depth 1 --sprt 0,200 --games 80 --quiet
check "sprt: the weak engine is found not stronger" \
    eval '[ "$RC" = 0 ] && ! has "$OUT" "^sprt: [0-9]+ pairs" &&
          has "$OUT" "^sprt: Elo 0 vs 200 .*LLR -[0-9.]+ .*: H0 accepted$"'
run match --a random --b random --sprt 10,0
check "sprt: bounds the wrong way round are a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad SPRT '\''10,0'\''"'
run match --a random --b random --sprt 0,10,0.5,0.05
check "sprt: an alpha of 0.5 is a usage error" eval '[ "$RC" = 2 ] && has "$ERR" "bad SPRT"'
run match --a "cmd:" --b random
check "cmd: without a program is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "needs a program"'

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
run match --a level=10,threads=2 --b level=10,threads=1 --depth 3 --games 2 --variant cam
check "a player with two threads plays its games" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^cam: A level=10,threads=2 vs B level=10,threads=1, 2 games: "'
run match --a level=10,threads=0 --b random
check "zero threads is a bad player" eval '[ "$RC" = 2 ] && has "$ERR" "bad player '\''level=10,threads=0'\''"'
run match --a level=10,lmrpct=80,capext=4,startpct=60 --b level=10,lmrpct=0 --depth 3 --games 2
check "search switches in range are taken" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^camelot: A level=10,lmrpct=80,capext=4,startpct=60 vs "'
run match --a level=10,lmrpct=201 --b random
check "a reduction over 200% is a bad player" \
    eval '[ "$RC" = 2 ] && has "$ERR" "bad player '\''level=10,lmrpct=201'\''"'
run match --a level=11 --b random
check "level 11 does not exist" eval '[ "$RC" = 2 ] && has "$ERR" "bad player '\''level=11'\''"'
mkfifo "$TMP/records-fifo.txt"
run match --a random --b random --records "$TMP/records-fifo.txt" --games 2
check "a FIFO as the record file is refused before the first game, and left a FIFO" \
    eval '[ "$RC" = 1 ] && [ -z "$OUT" ] && has "$ERR" "^$TMP/records-fifo.txt: not a regular file" &&
          [ -p "$TMP/records-fifo.txt" ]'
ln -s "$TMP/records-fifo.txt" "$TMP/records-link.txt"
run match --a random --b random --records "$TMP/records-link.txt" --games 2
check "a symbolic link as the record file is refused" \
    eval '[ "$RC" = 1 ] && has "$ERR" "^$TMP/records-link.txt: is a symbolic link"'
run match --a random --b random --records "$TMP/no/such/dir/%d.txt" --games 2
check "an unwritable record file is an error, not a crash" \
    eval '[ "$RC" != 0 ] && [ "$RC" -lt 128 ] && has "$ERR" "no/such/dir"'

finish
