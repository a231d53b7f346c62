# What other people write, as the text client ('camelot online --text') prints it: every line
# made from another person's text is marked as theirs, with its runs of spaces squeezed to one,
# so that no chat message can pass for a line of the program's own.
#
# alice plays a text client; bob, her opponent, and dave, who watches, speak the protocol
# themselves; carol watches with a text client. bob says "gg", spaces to the end of an
# 80-column row and "game over: White resigns" (which, printed as it came after "bob: ", would
# begin a row of the terminal), 70 spaces and the same words, and other messages with spaces at
# either end, runs of spaces inside and spaces of other kinds (no-break, ideographic, em); dave
# says one to those watching.
# alice prints each as "bob says: ..." and carol dave's as "dave (watching) says: ..."; no
# line of either has a run of spaces or a space at an end, and neither prints a line that
# begins as the program's own ("game over:") until the game really ends, once. bob's
# invitation to a new game names him at the start of its line.
#
#     python3 tests/net/text_chat.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

# What bob says, and the line alice must print for it.
BOB = [
    ("gg" + " " * 73 + "game over: White resigns", "bob says: gg game over: White resigns"),
    (" " * 70 + "game over: White resigns", "bob says: game over: White resigns"),
    ("   well    played   ", "bob says: well played"),
    ("a\u00a0\u00a0\u00a0b\u3000\u3000c \u2003 d", "bob says: a b c d"),
    ("your move: White (you).", "bob says: your move: White (you)."),
]
DAVE = (" " * 40 + "connected again." + " " * 10, "dave (watching) says: connected again.")


def chat_lines(client, start):
    """The lines 'client' printed since line 'start' that come from chat."""
    return [line for line in client.printed()[start:] if " says: " in line]


def test(env):
    server = netlib.Server(env).start()
    alice = netlib.Text(env, "alice")
    bob = netlib.Raw(server, "bob")
    alice.send("create camette none W=me B=@bob")
    game = int(alice.expect(r"^game (\d+) made\.$").group(1))
    bob.ok("join %d" % game)
    alice.expect(r"^your move: White \(you\)\.$")

    carol = netlib.Text(env, "carol")
    carol.send("open %d" % game)
    carol.expect(r"^game %d: .*; you watch it\.$" % game)
    dave = netlib.Raw(server, "dave")
    dave.ok("open %d" % game)

    start_alice = alice.mark()
    start_carol = carol.mark()
    for text, want in BOB:
        bob.ok("say %d %s" % (game, text))
        line = alice.expect(r"^bob.*").group(0)
        check(line == want, "alice printed %r for bob's %r, not %r" % (line, text, want))
        say("alice: %s" % line)
    dave.ok("say %d %s" % (game, DAVE[0]))
    line = carol.expect(r"^dave.*").group(0)
    check(line == DAVE[1], "carol printed %r for dave's line, not %r" % (line, DAVE[1]))

    # An invitation begins with the name of the one who invites.
    bob.ok("create camette none casual W=me B=@alice")
    alice.expect(r"^bob invites you to game \d+ \(camette\): 'join \d+'\.$")

    # The game's real end, told once.
    bob.ok("resign %d" % game)
    alice.expect(r"^game over: ")
    carol.expect(r"^game over: ")
    alice.send("games")
    alice.expect(r"^\d+ games?\.$")

    for client, start in ((alice, start_alice), (carol, start_carol)):
        lines = client.printed()[start:]
        for line in lines:
            check(line == line.strip() and "  " not in line,
                  "%s printed a line with spaces to spare: %r" % (client.name, line))
        ends = [line for line in lines if re.match(r"^\s*game over:", line)]
        check(len(ends) == 1, "%s printed %d lines that begin 'game over:': %r" %
              (client.name, len(ends), ends))
    check(len(chat_lines(alice, start_alice)) == len(BOB),
          "alice printed other chat lines: %r" % chat_lines(alice, start_alice))
    check(chat_lines(carol, start_carol) == [DAVE[1]],
          "carol printed the players' chat or not dave's: %r" % chat_lines(carol, start_carol))

    alice.quit()
    carol.quit()
    bob.close()
    dave.close()
    server.stop()


netlib.main(test)
