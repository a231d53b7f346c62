# engine: the line protocol of 'camelot engine' (docs/protocol.md) driven through a pipe: the
# handshake, options, positions from the start or a document with moves, searches by depth,
# nodes, time, clocks or until 'stop', four-player principal variations with seats, and bad
# input of every kind answered with an 'error' line while the engine goes on. Each best move is
# checked for legality by 'camelot replay'; CTest's time-out fails a hang.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

# talk TEXT: the engine reads TEXT (printf format) and its answers go to OUT.
talk() {
    printf "$1" >"$TMP/in"
    run_in "$TMP/in" engine
}

# legal VARIANT MOVES...: whether the moves are a legal game of VARIANT from its start.
legal() {
    local variant=$1
    shift
    printf '[Variant "%s"]\n\n%s *\n' "$variant" "$*" >"$TMP/game.txt"
    "$CAMELOT" replay "$TMP/game.txt" >/dev/null 2>&1
}

best() { last_line "$OUT" | sed -n 's/^bestmove //p'; }

talk 'cep\nisready\nquit\n'
check "the handshake names the engine and its options" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^id name camelot [0-9]" &&
          has "$OUT" "^option name Level type spin default 10 min 1 max 10$" &&
          has "$OUT" "^option name Variant type string default camelot$" &&
          [ "$(printf "%s\n" "$OUT" | tail -n 2 | tr "\n" " ")" = "cepok readyok " ]'

talk 'variant camelot\nposition start moves E6-E8\nisready\ngo depth 4\n'
check "a search by depth reports the depth it completes and a legal move" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^readyok$" && has "$OUT" "^info depth 4 seldepth [0-9]+ score cp -?[0-9]+ nodes [0-9]+ nps [0-9]+ time [0-9]+ pv " &&
          [ -n "$(best)" ] && legal camelot E6-E8 "$(best)"'

talk 'setoption name Threads value 3\nposition start moves E6-E8\ngo depth 5\ncep\n'
check "three threads: a search by depth gives a legal move, and the option shows the count" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^info depth 5 " && legal camelot E6-E8 "$(sed -n "s/^bestmove //p" <<<"$OUT")" &&
          has "$OUT" "^option name Threads type spin default 3 min 1 max 64$"'

talk 'go nodes 3000\n'
check "a node limit is kept" \
    eval 'has "$OUT" "^bestmove " && ! printf "%s\n" "$OUT" | awk "/^info/ { if (\$8 > 3000) bad = 1 } END { exit !bad }"'

talk 'go movetime 200\n'
check "a search by time gives a legal move" eval 'legal camelot "$(best)"'

talk 'go wtime 2000 btime 2000 winc 100 binc 100\n'
check "a search by the clocks gives a legal move" eval 'legal camelot "$(best)"'

# White's one legal move is the capture E6xE8: by the clocks it is played at once, as in a
# game; by a move time it is searched all the same, as in analysis.
lone='position doc {to_move: W, pieces: {E6: WK, B8: WM, E7: BM, H12: BM, I12: BM}}'
talk "$lone\ngo wtime 60000 btime 60000\n"
check "by the clocks, a lone legal move is played without a search" \
    eval '[ "$(best)" = E6xE8 ] && ! has "$OUT" "^info depth"'
talk "$lone\ngo movetime 100\n"
check "by a move time, a lone legal move is searched" \
    eval '[ "$(best)" = E6xE8 ] && has "$OUT" "^info depth [0-9]+ .* pv E6xE8"'

talk 'variant grand-camelot\nsetoption name Level value 3\nposition startpos moves G4-G5\ngo depth 2\n'
check "four players: the line names the seat of each move" \
    eval 'has "$OUT" "^info depth 2 .* pv [RGBY]:[A-P][0-9]+[-x]" && legal grand-camelot G4-G5 "$(best)"'

talk 'position doc {to_move: B, pieces: {E6: WK, F7: WM, D11: BM, E12: BK}} moves D11-D10 E6-E7\ngo depth 3\n'
check "a position document with moves" eval 'has "$(best)" "^[A-P][0-9]+[-x]"'

talk 'position doc {to_move: W, pieces: {E6: WK, D11: BM}}\nposition doc {to_move: W, pieces: {E6: WK, F7: WM}}\ngo depth 2\n'
check "a position whose game is over at once is refused" \
    eval 'has "$OUT" "^error position: the game is over before its first move: draw \(material\)$" &&
          has "$OUT" "^error position: the game is over before its first move: W wins \(elimination\)$" &&
          [ "$(best)" = none ]'
talk 'position doc {to_move: W, pieces: {E6: WK, F6: WM, E7: BM}} moves E6xE8\ngo depth 2\n'
check "a game that has ended gets 'bestmove none'" \
    eval 'has "$OUT" "^info string game over: W wins \(elimination\)$" && [ "$(best)" = none ]'

# Bad input of every kind: an error line each, and the engine still answers.
{
    printf 'bogus\nsetoption name Level value 0\nsetoption name Hash value lots\n'
    printf 'setoption name Threads value 0\nsetoption name Colour value red\nsetoption\n'
    printf 'setoption name Variant value no-such-variant\nposition\nposition moves E6-E8\n'
    printf 'position startpos moves E6-E8 Z1-Z2\nposition doc {to_move: Q}\n'
    printf 'go depth\ngo depth 0\ngo sideways 3\ngo qtime 10\nbad\000byte\n'
    head -c 1100000 /dev/zero | tr '\0' 'x'
    printf '\nisready\n'
} >"$TMP/bad.in"
run_in "$TMP/bad.in" engine
check "bad input gets an error line each and the engine goes on" \
    eval '[ "$RC" = 0 ] && [ "$(printf "%s\n" "$OUT" | grep -c "^error ")" = 17 ] &&
          has "$OUT" "^error unknown command .bogus.$" &&
          has "$OUT" "^error move .Z1-Z2.: .Z1. is not a square name$" &&
          [ "$(printf "%s\n" "$OUT" | sed -n 16p)" = "error a line holds a NUL byte: ignored" ] &&
          has "$OUT" "^error line longer than 1048576 bytes: ignored$" &&
          [ "$(last_line "$OUT")" = readyok ]'

# An answer quotes a command, an option, a limit, a move or a variant escaped.
printf 'bo\033[2Jgus\nsetoption name \377 value 1\ngo \033x 1\n' >"$TMP/esc.in"
printf 'position startpos moves E6\033-E8\nvariant \033]0;x\a\n' >>"$TMP/esc.in"
run_in "$TMP/esc.in" engine
check "a user's text in an error line is escaped" \
    eval '[ "$RC" = 0 ] && clean "$OUT" && [ "$(printf "%s\n" "$OUT" | grep -c "^error ")" = 5 ] &&
          has "$OUT" "^error unknown command .bo\\\\x1B\[2Jgus.$" &&
          has "$OUT" "^error no option .\\\\xFF. " && has "$OUT" "^error .go.: .\\\\x1Bx 1. " &&
          has "$OUT" "^error move .E6\\\\x1B-E8.: " &&
          has "$OUT" "^error variant .\\\\x1B\]0;x\\\\x07.: "'

# 'stop' ends an infinite search with a move; 'isready' is answered while it runs.
set +e
{ printf 'go infinite\n'; sleep 0.5; printf 'isready\n'; sleep 0.3; printf 'stop\n'; sleep 0.5; } |
    timeout 30 "$CAMELOT" engine >"$TMP/out" 2>"$TMP/err"
RC=$?
set -e
OUT=$(cat "$TMP/out")
check "stop ends an infinite search" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^readyok$" && legal camelot "$(best)"'

# The end of the input stops an infinite search and gives its move.
talk 'go\n'
check "the end of the input ends an infinite search with its move" \
    eval '[ "$RC" = 0 ] && legal camelot "$(best)"'

# Lines wait for the search before them: two searches in turn, each with its move.
talk 'go depth 3\nposition startpos moves E6-E8\ngo depth 3\n'
check "commands sent during a search wait for it" \
    eval '[ "$(printf "%s\n" "$OUT" | grep -c "^bestmove ")" = 2 ] && legal camelot E6-E8 "$(best)"'

# The end of the input ends the last line, newline or not.
printf 'isready' >"$TMP/in"
run_in "$TMP/in" engine
check "a last line without a newline is read: 'isready' is answered" \
    eval '[ "$RC" = 0 ] && [ "$OUT" = readyok ]'
printf 'position start moves E6-E8\ngo depth 2' >"$TMP/in"
run_in "$TMP/in" engine
check "a last 'go depth 2' without a newline gives a move" \
    eval '[ "$RC" = 0 ] && [ -n "$(best)" ] && legal camelot E6-E8 "$(best)"'

# A refused 'position' leaves no position: 'go' and 'show' say so (and 'go' ends with
# 'bestmove none'), until a good 'position' comes.
talk 'position start moves E6-E8\nposition doc {to_move: Q}\ngo depth 2\nshow\nposition start\ngo depth 2\n'
check "after a refused position, 'go' answers an error and 'bestmove none'" \
    eval 'has "$OUT" "^error .go.: no position \(the last .position. was refused\)$" &&
          has "$OUT" "^error .show.: no position" && ! has "$OUT" "^ *A B C" &&
          [ "$(sed -n "s/^bestmove //p" <<<"$OUT" | head -n 1)" = none ] &&
          [ "$(grep -c "^bestmove " <<<"$OUT")" = 2 ] && legal camelot "$(best)"'
talk 'position start\nposition moves E6-E8\ngo depth 2\nnewgame\ngo depth 2\n'
check "'newgame' after a refused position gives a position again" \
    eval '[ "$(sed -n "s/^bestmove //p" <<<"$OUT" | head -n 1)" = none ] && legal camelot "$(best)"'

# 'readyok' comes after the answers to every line before 'isready', as in UCI: here after the
# search and the error of the line that waited for it.
talk 'go depth 3\nvariant nosuch\nisready\n'
check "'readyok' follows the answers to the lines sent before it" \
    eval '[ "$(grep -n "^error variant .nosuch." <<<"$OUT" | cut -d: -f1)" -lt \
            "$(grep -n "^readyok$" <<<"$OUT" | cut -d: -f1)" ] && [ "$(last_line "$OUT")" = readyok ]'

# 'quit' during a search in the jump bomb (128 men that can all jump): the search is stopped
# and gives its move, and the program ends, whatever its limits (a depth of 40 would take
# hours). The time from 'quit' to the end is measured, with generous bounds for the sanitizers
# and a loaded machine.
sed -n 's/^  \([A-N][0-9]*: [WB]M\)$/\1/p' "$SRC/tests/data/big/jump-bomb.yaml" | paste -sd , |
    sed 's/,/, /g; s/^/position doc {variant: chivalry, to_move: W, pieces: {/; s/$/}}/' \
        >"$TMP/bomb.in"
for go in 'go depth 1:30' 'go depth 40:10' 'go infinite:10'; do
    bound=${go#*:}
    go=${go%:*}
    set +e
    {
        cat "$TMP/bomb.in"
        printf '\n%s\n' "$go"
        sleep 0.2
        date +%s%N >"$TMP/quit_at"
        printf 'quit\n'
    } | {
        timeout 120 "$CAMELOT" engine >"$TMP/out" 2>"$TMP/err"
        echo $? >"$TMP/rc"
        date +%s%N >"$TMP/end_at"
    }
    set -e
    RC=$(cat "$TMP/rc")
    OUT=$(cat "$TMP/out")
    ELAPSED=$((($(cat "$TMP/end_at") - $(cat "$TMP/quit_at")) / 1000000))
    check "jump bomb: 'quit' during '$go' ends the program within $bound s (time measured: $ELAPSED ms)" \
        eval '[ "$RC" = 0 ] && has "$OUT" "^bestmove [A-N][0-9]+x" && [ "$ELAPSED" -lt $((bound * 1000)) ]'
done

# The end of the input lets a search with limits go on for a second, then stops it: a depth of
# 40 in the jump bomb gives its move within a generous bound (it waited two minutes).
set +e
{
    cat "$TMP/bomb.in"
    printf '\ngo depth 40\n'
    date +%s%N >"$TMP/quit_at"
} | {
    timeout 120 "$CAMELOT" engine >"$TMP/out" 2>"$TMP/err"
    echo $? >"$TMP/rc"
    date +%s%N >"$TMP/end_at"
}
set -e
RC=$(cat "$TMP/rc")
OUT=$(cat "$TMP/out")
ELAPSED=$((($(cat "$TMP/end_at") - $(cat "$TMP/quit_at")) / 1000000))
check "jump bomb: the end of the input stops 'go depth 40' within 10 s (time measured: $ELAPSED ms)" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^bestmove [A-N][0-9]+x" && [ "$ELAPSED" -lt 10000 ]'

finish
