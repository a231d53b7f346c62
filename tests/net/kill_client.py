# kill -9 of a text client in the middle of a game, then a new client for that player: the same
# position, clocks and chat.
#
# alice and bob play Camette with clocks through text clients ('camelot online'), chat, and
# carol watches with a client of the protocol. When it is alice's turn and she has thought for
# a while, her client is killed with SIGKILL (its relay and the server see the connection end).
# A new text client for alice opens the game: it tells every move played, in order, and the
# chat said; it shows the board bob's client shows; it says it is her move. The whole state a
# new connection of alice's gets holds bob's clock as the last move left it and alice's less
# the time she has thought (the server's clock runs on while she is away). Then she plays on,
# and the game goes on to its end, every move told to both.
#
#     python3 tests/net/kill_client.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

THINK = 6.0  # seconds alice thinks before her client is killed
SLACK = 3.0  # seconds of tolerance on her clock (two clocks read at slightly different times)


def chat_lines(client):
    return [line for line in client.printed() if line.startswith(("alice says: ", "bob says: "))]


def test(env):
    record = netlib.finished_game(env, "camette", min_plies=12)
    moves = netlib.record_moves(record)
    half = len(moves) // 2 & ~1  # an even number of plies: then it is White's (alice's) turn

    server = netlib.Server(env).start()
    alice = netlib.Text(env, "alice")
    bob = netlib.Text(env, "bob")
    alice.send("create camette 5+3 W=me B=@bob")
    game = int(alice.expect(r"^game (\d+) made\.$").group(1))
    bob.expect(r"invites you to game %d" % game)
    bob.send("join %d" % game)
    bob.expect(r"^game %d: .*; you play it\.$" % game)
    # alice moves once her client has heard that the game began (bob's seat, then the start).
    alice.expect(r"^your move: White \(you\)\.$")
    carol = netlib.Raw(server, "carol")
    carol.ok("open %d" % game)

    players = [alice, bob]
    said = []
    for ply in range(half):
        players[ply % 2].send(moves[ply])
        carol.wait_ply(game, ply + 1)
        for c in players:
            c.expect(r" plays %s\.$" % moves[ply].replace("^", r"\^"))
        if ply in (1, 4):
            text = "move %d: hello from %s" % (ply, players[ply % 2].name)
            players[ply % 2].send("say " + text)
            said.append("%s says: %s" % (players[ply % 2].name, text))
            for c in players:
                c.expect(r"^%s$" % said[-1])
    seen = time.monotonic()  # close after the server's clock for alice's turn began
    last = [body for _, body in carol.events(game) if body.startswith("move ")][-1]
    before = netlib.clocks(last.split()[4])
    board = bob.board()
    check(alice.board() == board, "the two clients show different boards")

    time.sleep(THINK)
    alice.kill()
    carol.expect(rb"^presence %d W off" % game, what="alice's seat to be told gone")

    again = netlib.Text(env, "alice")
    again.send("open %d" % game)
    again.expect(r"^game %d: camette, 300\+3, casual, W=alice B=bob; you play it\.$" % game)
    again.expect(r"^your move: White \(you\)\.$")
    told = again.moves_told()
    check(told == moves[:half], "the new client told the moves %r, not %r" % (told, moves[:half]))
    check(chat_lines(again) == said, "the new client told the chat %r, not %r" %
          (chat_lines(again), said))
    check(again.board() == board, "the new client shows another board")

    # The clocks: a new connection of alice's gets the whole state.
    probe = netlib.Raw(server, "alice")
    probe.ok("open %d" % game)
    state = netlib.sync_state(probe.lines, game)
    thought = time.monotonic() - seen
    now = netlib.clocks(state["clocks"])
    check(state["status"] == "playing", "the game is %s" % state["status"])
    check(now["B"] == before["B"], "bob's clock %d, not %d as the last move left it" %
          (now["B"], before["B"]))
    check(before["W"] - (thought + SLACK) * 1000 <= now["W"] <= before["W"] - (THINK - SLACK) *
          1000, "alice's clock is %d ms after %.1f s of thought from %d ms" %
          (now["W"], thought, before["W"]))
    check(state["chat"] == [s.replace(" says: ", " ", 1) for s in said],
          "the chat of the state: %r" % state["chat"])
    probe.close()

    # The game goes on to its end.
    players = [again, bob]
    for ply in range(half, len(moves)):
        players[ply % 2].send(moves[ply])
        for c in players:
            c.expect(r" plays %s\.$" % moves[ply].replace("^", r"\^"))
    for c in players:
        c.expect(r"^game over: ")
    carol.wait_ply(game, len(moves))
    check(carol.moves(game) == moves, "the watcher saw %r" % carol.moves(game))
    # alice's clock in her move: what she had, less her thinking (across the two clients).
    first = [body for _, body in carol.events(game) if body.startswith("move %d " % half)][0]
    after = netlib.clocks(first.split()[4])
    check(after["W"] <= before["W"] + 3000 - THINK * 1000 + 2000,
          "alice's move left her %d ms of %d: her thinking before the kill was not counted" %
          (after["W"], before["W"]))
    again.quit()
    bob.quit()
    carol.close()
    server.stop()


netlib.main(test)
