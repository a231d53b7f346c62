# An offer and its answer that reach a text client ('camelot online --text') together are both
# told. alice's text client is stopped (SIGSTOP) while bob offers a draw and alice, on a second
# connection of her own, declines it; when the client goes on it reads the two events at once,
# and tells the offer and the refusal. Then a second offer, made and declined the same way,
# whose kind and seat are those of the first: it is told again (the client once compared only
# the offer under way with the last one told, and said nothing in either case).
#
#     python3 tests/net/offer_together.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import signal
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import say  # noqa: E402


def offer_while_stopped(alice, alice2, bob, game):
    """bob offers a draw and alice declines it on her other connection while her text client
    is stopped; then the client goes on."""
    os.kill(alice.proc.pid, signal.SIGSTOP)
    try:
        bob.ok("draw %d" % game)
        alice2.expect(r"^ev %d \d+ offer draw B$" % game)
        alice2.ok("answer %d no" % game)
        bob.expect(r"^ev %d \d+ answer W no$" % game)
    finally:
        os.kill(alice.proc.pid, signal.SIGCONT)


def test(env):
    server = netlib.Server(env).start()
    alice = netlib.Text(env, "alice")
    alice.send("create camette 10+5 casual W=me B=@bob")
    game = int(alice.expect(r"^game (\d+) made\.$").group(1))
    bob = netlib.Raw(server, "bob")
    bob.ok("join %d B" % game)
    alice.expect(r"^your move: White \(you\)\.$")
    alice2 = netlib.Raw(server, "alice")
    alice2.ok("open %d" % game)

    for round in (1, 2):
        say("round %d: an offer and its answer while alice's client is stopped" % round)
        offer_while_stopped(alice, alice2, bob, game)
        alice.expect(r"^Black \(bob\) offers a draw\.$")
        alice.expect(r"^White \(you\) declines\.$")
    # The client still answers: a request after it all is told.
    alice.send("games")
    alice.expect(r"^\d+ games?\.$")


if __name__ == "__main__":
    netlib.main(test)
