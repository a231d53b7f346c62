# tune: weights fitted to the results of a few quick games; the terms listed with the
# variant's weights; the weights it prints are taken by 'match' (w.TERM=N); errors for no
# records, a bad term and a record that cannot be read.
# SPDX-License-Identifier: MIT
set -eu
. "$(dirname "$0")/lib.bash"

run tune --list
check "--list names every term with the Camelot weights" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^man +100$" && has "$OUT" "^knight +160$" &&
          [ "$(printf "%s\n" "$OUT" | wc -l)" = 20 ]'
run tune --list --variant cam
check "--list gives each variant's own weights" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^knight +150$"'

mkdir "$TMP/games"
run match --a level=10 --b level=10 --depth 2 --games 6 --openings 10 \
    --records "$TMP/games/%d.txt" --quiet
run tune --iterations 200 "$TMP"/games/*.txt
check "tune reads the games and prints the weights before and after the fit" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^6 games, [1-9][0-9]* positions$" &&
          has "$OUT" "^before: w.man=100,w.knight=160," && has "$OUT" "^after: +w.man=100,"'
AFTER=$(printf '%s\n' "$OUT" | sed -n 's/^after: *//p')
run tune --iterations 10 "$TMP/games/1.txt"
check "one record is one game" eval '[ "$RC" = 0 ] && has "$OUT" "^1 game, [1-9][0-9]* positions$"'

run tune --iterations 200 --fix knight "$TMP"/games/*.txt
check "a fixed term keeps its weight" \
    eval '[ "$RC" = 0 ] && has "$OUT" "^after: +w.man=100,w.knight=160,"'

run tune --list
FIX=$(printf '%s\n' "$OUT" | awk '$1 != "man" && $1 != "knight" { printf "--fix %s ", $1 }')
# shellcheck disable=SC2086
run tune --iterations 200 $FIX "$TMP"/games/*.txt
check "one term is fitted alone when every other is fixed" \
    eval '[ "$RC" = 0 ] &&
          [ "$(printf "%s\n" "$OUT" | sed -n "s/^before: *//p" | sed "s/w.knight=[0-9-]*,//")" = \
            "$(printf "%s\n" "$OUT" | sed -n "s/^after: *//p" | sed "s/w.knight=[0-9-]*,//")" ]'

run match --a "level=10,$AFTER" --b level=10 --depth 1 --games 2 --quiet
check "match takes the fitted weights as a player's switches" \
    eval '[ "$RC" = 0 ] && has "$OUT" "2 games"'
run match --a level=10,w.nosuch=3 --b level=10 --depth 1 --games 2
check "match refuses a weight of no term" eval '[ "$RC" = 2 ] && has "$ERR" "w.nosuch"'

run tune
check "tune without records is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "needs game records"'
run tune --fix nosuch "$TMP"/games/1.txt
check "a --fix of no term is a usage error" \
    eval '[ "$RC" = 2 ] && has "$ERR" "no term .nosuch."'
printf 'not a record\n' >"$TMP/bad.txt"
run tune "$TMP/bad.txt"
check "a record that cannot be read is an input error naming the file" \
    eval '[ "$RC" = 1 ] && has "$ERR" "bad.txt"'

for v in camelot cam camette grand-camelot; do
    run match --variant "$v" --a level=1 --b level=1 --depth 1 --games 2 \
        --openings-file "$SRC/variants/openings/$v.txt" --quiet
    check "the shipped openings of $v are read by match" \
        eval '[ "$RC" = 0 ] && has "$OUT" "2 games"'
done

finish
