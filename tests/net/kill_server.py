# kill -9 of the server between moves, then a restart on the same data: nothing acknowledged
# is lost and the game goes on.
#
# 1. Two clients of the protocol play a finished game of Camette. Several times the server is
#    killed (SIGKILL) the moment a move's 'ok' has come, and started again: a new connection
#    finds every acknowledged move, with its id, and the game goes on. Once the server is
#    killed with a move sent and not yet answered: the move sent again with the same id after
#    the restart is played once, whether or not it had been stored. Half of the game is played
#    with '--sync full' (the default), the other half with '--sync normal', which must lose
#    nothing to a killed server either.
# 2. Two text clients ('camelot online') play another game. The server is killed between moves
#    and started again: both clients connect again by themselves and the game goes on to its
#    end, every move told once. alice types her move while the server is down: it is sent
#    when the connection is back, and played once.
# 3. A busy game killed at random moments: each move is sent with a line of chat from the other
#    player and a third client asking for the lobby, and the server is killed after a random
#    wait of 0 to 30 ms (within the turn that stores them, or the one that tells them, or after)
#    on a third of the plies. After each restart every acknowledged move and chat line is there,
#    the move under way is sent again with its id and played once, and no request ever got two
#    answers.
#
#     python3 tests/net/kill_server.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import random
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402


def state_of(server, game):
    """The whole state of 'game' as a new connection gets it."""
    probe = netlib.Raw(server, "probe")
    probe.ok("open %d" % game)
    state = netlib.sync_state(probe.lines, game)
    probe.close()
    return state


def protocol_clients(env, moves):
    server = netlib.Server(env).start()
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    game = int(alice.ok("create camette 600+5 casual W=me B=open")[2])
    bob.ok("join %d" % game)
    players = [alice, bob]
    kills = 0
    for ply, move in enumerate(moves):
        line = "move %d %d id%d %s 10" % (game, ply, ply, move)
        if ply == len(moves) // 2:
            # A move under way when the server dies: sent again, played once.
            players[ply % 2].send(line)
            server.kill()
            server.args = ["--sync", "normal"]
            server.start()
            kills += 1
            alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
            players = [alice, bob]
            got = players[ply % 2].ok(line)
            check(got[:4] == ["ok", "move", str(game), str(ply)], "the move sent again: %r" % got)
        else:
            players[ply % 2].ok(line)
        if ply % 3 == 1 or ply == len(moves) - 1:
            # Killed the moment the move was acknowledged.
            server.kill()
            server.start()
            kills += 1
            state = state_of(server, game)
            check(state["moves"] == moves[:ply + 1], "after a restart the game has %r, not %r" %
                  (state["moves"], moves[:ply + 1]))
            check(state["ids"] == ["id%d" % i for i in range(ply + 1)],
                  "the move ids after a restart: %r" % state["ids"])
            alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
            players = [alice, bob]
    state = state_of(server, game)
    check(state["status"] == "over" and "end" in state, "the game did not end: %r" % state)
    say("protocol clients: %d plies, %d kills, nothing lost" % (len(moves), kills))
    server.stop()
    return game


def text_clients(env, moves, first):
    server = netlib.Server(env).start()
    alice = netlib.Text(env, "alice")
    bob = netlib.Text(env, "bob")
    alice.send("create camette 10+5 W=me B=@bob")
    game = int(alice.expect(r"^game (\d+) made\.$").group(1))
    check(game > first, "a new game after the old ones: %d" % game)
    bob.expect(r"invites you to game %d" % game)
    bob.send("join %d" % game)
    bob.expect(r"^game %d: .*; you play it\.$" % game)
    # alice moves once her client has heard that the game began (bob's seat, then the start).
    alice.expect(r"^your move: White \(you\)\.$")
    players = [alice, bob]
    half = len(moves) // 2 & ~1  # then it is White's (alice's) turn
    for ply, move in enumerate(moves):
        if ply == 3 or ply == half:
            server.kill()
            for c in players:
                c.expect(r"lost|not answered")
            if ply == half:
                # Typed while the server is away: kept, and sent when it is back.
                alice.send(move)
            server.start()
            for c in players:
                c.expect(r"^connected again\.$")
            if ply == half:
                for c in players:
                    c.expect(r" plays %s\.$" % move.replace("^", r"\^"))
                continue
        players[ply % 2].send(move)
        for c in players:
            c.expect(r" plays %s\.$" % move.replace("^", r"\^"))
    for c in players:
        c.expect(r"^game over: ")
        told = c.moves_told()
        check(told == moves, "%s told %r, not %r" % (c.name, told, moves))
    state = state_of(server, game)
    check(state["moves"] == moves, "the server has %r" % state["moves"])
    alice.quit()
    bob.quit()
    server.stop()


def answers(raw):
    """How many answers 'raw' heard ('ok VERB' or 'error VERB', not the connection's own)."""
    with raw.lock:
        return sum(1 for line in raw.lines
                   if line.startswith(b"ok ") or (line.startswith(b"error ") and
                                                  not line.startswith(b"error - ")))


class Counted(netlib.Raw):
    """A connection that counts the requests it sends (every line but 'as' and 'pong')."""

    def __init__(self, server, name):
        self.requests = 0
        super().__init__(server, name)

    def send(self, line):
        text = line if isinstance(line, bytes) else line.encode()
        if not text.startswith((b"as ", b"pong ")):
            self.requests += 1
        super().send(line)


def busy_kills(env, moves, seed):
    rng = random.Random(seed)
    server = netlib.Server(env)
    server.data = env.path("busy-data")
    server.sock = env.path("busy.sock")
    os.makedirs(server.data)
    server.start()
    conns = []

    def connect():
        a, b, c = (Counted(server, n) for n in ("alice", "bob", "carol"))
        conns.extend((a, b, c))
        return a, b, c

    send = Counted.send
    alice, bob, carol = connect()
    game = int(alice.ok("create camette 3600+0 casual W=me B=open")[2])
    bob.ok("join %d" % game)
    acked, said, kills = [], [], 0
    for ply, move in enumerate(moves):
        mover, other = (alice, bob) if ply % 2 == 0 else (bob, alice)
        line = "move %d %d k%d %s 7" % (game, ply, ply, move)
        text = "busy %d" % ply
        said_ok = sum(1 for m in other.lines if m.startswith(b"ok say "))
        send(mover, line)
        send(other, "say %d %s" % (game, text))
        send(carol, "games")
        if rng.random() < 1 / 3:
            time.sleep(rng.random() * 0.030)
            server.kill()
            kills += 1
            # What was answered before the kill is acknowledged; nothing got two answers.
            for r in (alice, bob, carol):
                check(answers(r) <= r.requests, "%s: %d answers to %d requests" %
                      (r.name, answers(r), r.requests))
            told = acked + [move] if any(
                m.split()[:4] == [b"ok", b"move", b"%d" % game, b"%d" % ply]
                for m in mover.lines) else acked
            if sum(1 for m in other.lines if m.startswith(b"ok say ")) > said_ok:
                said.append("%s %s" % (other.name, text))
            for r in (alice, bob, carol):
                r.close()
            server.start()
            state = state_of(server, game)
            check(state["moves"][:len(told)] == told and len(state["moves"]) <= len(acked) + 1,
                  "after a kill the game has %r; acknowledged %r" % (state["moves"], told))
            alice, bob, carol = connect()
            mover, other = (alice, bob) if ply % 2 == 0 else (bob, alice)
            got = mover.ok(line)
            check(got[:4] == ["ok", "move", str(game), str(ply)], "sent again: %r" % got)
            other.ok("say %d %s again" % (game, text))
            said.append("%s %s again" % (other.name, text))
            carol.ok("games")
        else:
            mover.expect(rb"^ok move %d %d" % (game, ply))
            other.expect(rb"^ok say %d" % game)
            said.append("%s %s" % (other.name, text))
            carol.expect(rb"^ok games ")
        acked.append(move)
    probe = netlib.Raw(server, "alice")  # a player: the state has the players' chat
    probe.ok("open %d" % game)
    state = netlib.sync_state(probe.lines, game)
    probe.close()
    check(state["moves"] == moves and state["ids"] == ["k%d" % i for i in range(len(moves))],
          "the game at the end: %r %r" % (state["moves"], state["ids"]))
    check(all(s in state["chat"] for s in said[-30:]), "chat lost: %r of %r" %
          (state["chat"], said))
    for r in conns:
        check(answers(r) <= r.requests, "%s: %d answers to %d requests" %
              (r.name, answers(r), r.requests))
        r.close()
    server.stop()
    say("busy game: %d plies, %d kills at random moments, nothing acknowledged lost" %
        (len(moves), kills))


def test(env):
    record = netlib.finished_game(env, "camette", min_plies=12)
    moves = netlib.record_moves(record)
    first = protocol_clients(env, moves)
    text_clients(env, moves, first)
    busy_kills(env, moves, int(os.environ.get("CAMELOT_KILL_SEED", "1")))


netlib.main(test)
