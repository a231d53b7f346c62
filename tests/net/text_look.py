# The online text client reads the board a line at a time, as the text game does, for a player
# who cannot see it: a rank, a square, one side's pieces, one piece's moves, the last move (who
# played it, by name) and the clocks. A draw offer, a takeback and a resignation are asked
# again first ('yes' does it, anything else does not); 'confirm off' does them at once, and a
# resignation in a game of two is told by its end alone (it has no team to resign for).
#
#     python3 tests/net/text_look.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402


def test(env):
    netlib.Server(env).start()
    alice = netlib.Text(env, "alice")
    alice.send("create camelot 10+5 casual W=me B=engine:1")
    game = int(alice.expect(r"^game (\d+) made\.$").group(1))
    alice.expect(r"^your move: White \(you\)\.$")

    say("the board in words")
    alice.send("square F7")
    alice.expect(r"^F7: White man\.$")
    alice.send("square F1")
    alice.expect(r"^F1: empty \(White's castle\)\.$")
    alice.send("rank 6")
    alice.expect(r"^Rank 6, A6 to L6: A6 and B6 empty, C6 White knight, D6 to I6 White men, J6$")
    alice.expect(r"^  White knight, K6 and L6 empty\.$")
    alice.send("pieces black knights")
    alice.expect(r"^Black: 4 knights on D10, I10, C11, J11\.$")
    alice.send("pieces")
    alice.expect(r"^White: 4 knights on C6, J6, D7, I7; 10 men on D6, E6, F6, G6, H6, I6, E7, F7,$")
    alice.send("moves C6")
    alice.expect(r"^C6: White knight, 7 legal moves: C6-B5, C6-B6, C6-B7, C6-C5, C6-C7, C6-D5,$")
    alice.send("moves F11")
    alice.expect(r"^F11: Black man, not White's to move\.$")
    alice.send("last")
    alice.expect(r"^No move has been played yet\.$")
    alice.send("clock")
    alice.expect(r"^clocks: White \(you\) 10:00, Black \(engine 1\) 10:00\.$")
    alice.send("rank 0")
    alice.expect(r"^usage: rank N, N from 1 to 16$")

    say("the last move, by who played it")
    alice.send("F7-F8")
    reply = alice.expect(r"^Black \(engine 1\) plays (\S+)\.$").group(1)
    alice.expect(r"^your move: White \(you\)\.$")
    alice.send("last")
    alice.expect(r"^The last move, move 1: Black \(engine 1\) played %s: the (man|knight) on " %
                 re.escape(reply))

    say("asked again first")
    alice.send("resign")
    alice.expect(r"^Resign the game\? Type 'yes' to resign, anything else does not\.$")
    alice.send("no")
    alice.expect(r"^You play on\.$")
    alice.send("draw")
    alice.expect(r"^Offer a draw\? Type 'yes' to offer it, anything else does not\.$")
    alice.send("games")
    alice.expect(r"^No draw is offered\.$")
    alice.expect(r"^\d+ games?\.$")  # the line that was no answer is read as a command
    alice.send("takeback")
    alice.expect(r"^Ask to take back the last move\? Type 'yes' to ask, anything else does not\.$")
    alice.send("yes")
    alice.expect(r"^moves taken back \(White \(you\) asked and Black \(engine 1\) accepted\)")
    alice.send("confirm maybe")
    alice.expect(r"^usage: confirm on, or confirm off$")
    alice.send("confirm off")
    alice.expect(r"^confirm is off: draw, takeback and resign are done at once\.$")
    mark = alice.mark()
    alice.send("resign")
    alice.expect(r"^game over: White resigns\. Black wins\.$")
    lines = alice.printed()[mark:]
    check(not any("resign the game?" in line.lower() for line in lines),
          "resign was asked again after confirm off: %r" % lines)
    check(not any("for the team" in line for line in lines),
          "a game of two told a resignation for the team: %r" % lines)
    check(game > 0, "no game")


if __name__ == "__main__":
    netlib.main(test)
