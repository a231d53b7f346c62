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
#
#     python3 tests/net/kill_server.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import sys

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


def test(env):
    record = netlib.finished_game(env, "camette", min_plies=12)
    moves = netlib.record_moves(record)
    first = protocol_clients(env, moves)
    text_clients(env, moves, first)


netlib.main(test)
