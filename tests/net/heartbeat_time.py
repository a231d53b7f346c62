# Heartbeats and claims, timed: dead links are found within 10 s at both ends, and a player to
# move who has been gone longer than '--claim-after' may be claimed against.
#
# 1. The server and a stopped client: alice's text client is stopped (SIGSTOP) on her turn.
#    It answers no ping, so the server drops it: bob, who watches his game, is told that her
#    seat is off after 10 s of silence at most (the check allows 10 s more, for a loaded
#    machine), and not before the server could have pinged her.
# 2. Claims (the server runs with '--claim-after 5', twice that in this game of 10+5): bob's
#    claim at once is refused, saying how long she must be gone; 10 s after she went it ends
#    the game, which bob wins. alice's client, continued (SIGCONT), connects again and tells the
#    game's end.
# 3. In Grand Camelot, a claim against a seat gone long enough gives the seat to the engine,
#    which plays its move on the server.
# 4. A client and a silent server: a stand-in for the server answers 'hello' and then says
#    nothing. The text client pings it, and after 10 s of silence (not before; the check
#    allows 10 s more) it gives the connection up and connects again.
#
#     python3 tests/net/heartbeat_time.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import signal
import socket
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

DEAD = 10.0  # seconds of silence after which a link is dead (docs/network.md)
ROOM = 5.0 * max(2, netlib.time_factor())  # seconds of room on top (tests/time_factor.sh)
CLAIM = 5.0  # --claim-after (its least): the wait in a game of a short clock
RAPID = 2.0 * CLAIM  # in a game of 10+5 (10 min and 40 increments of 5 s: under 25 min)


def stopped_client(env, server, moves):
    alice = netlib.Text(env, "alice")
    bob = netlib.Raw(server, "bob")
    alice.send("create camette 10+5 W=me B=@bob")
    game = int(alice.expect(r"^game (\d+) made\.$").group(1))
    bob.ok("join %d" % game)
    alice.expect(r"^your move: White \(you\)\.$")
    alice.send(moves[0])
    bob.wait_ply(game, 1)
    bob.ok("move %d 1 b1 %s 10" % (game, moves[1]))
    alice.expect(r"^your move: White \(you\)\.$")
    check(b"presence %d W on 0" % game in bob.lines, "bob was not told alice is there")

    os.kill(alice.proc.pid, signal.SIGSTOP)
    stopped = time.monotonic()
    bob.expect(rb"^presence %d W off" % game, DEAD + ROOM + 5, "alice's seat to go off")
    gone = time.monotonic()
    took = gone - stopped
    say("a stopped client was dropped after %.1f s" % took)
    check(took <= DEAD + ROOM, "the server found a stopped client after %.1f s" % took)
    check(took >= DEAD - 4, "the server dropped a client %.1f s after it stopped" % took)
    check("alice: no word for" in server.log(), "the server's log says nothing of the drop")

    # The claim: refused at once, then the game is bob's.
    got = bob.refused("claim %d win" % game, "denied")
    check("gone %d s" % RAPID in got, "the refusal does not say the limit: %r" % got)
    time.sleep(max(0.0, gone + RAPID + 1.0 - time.monotonic()))
    bob.ok("claim %d win" % game)
    end = bob.wait_event(game, r"^end ")
    check(end.startswith("end B abandoned "), "the claim ended the game with %r" % end)
    say("claim: %s" % end)

    os.kill(alice.proc.pid, signal.SIGCONT)
    alice.expect(r"^connected again\.$", netlib.WAIT)
    alice.expect(r"^game over: ")
    alice.quit()
    bob.close()


def engine_claim(server):
    names = ["alice", "bob", "carol", "dave"]
    players = [netlib.Raw(server, n) for n in names]
    game = int(players[0].ok("create grand-camelot 600+5 casual R=me G=@bob B=@carol "
                             "Y=@dave")[2])
    for p in players[1:]:
        p.ok("join %d" % game)
    players[0].close()  # Red, to move, goes
    bob = players[1]
    bob.expect(rb"^presence %d R off" % game, netlib.WAIT, "Red's seat to go off")
    gone = time.monotonic()
    bob.refused("claim %d engine" % game, "denied")
    time.sleep(max(0.0, gone + RAPID + 1.0 - time.monotonic()))
    bob.ok("claim %d engine" % game)
    bob.wait_event(game, r"^engine R 5$")
    move = bob.wait_event(game, r"^move 0 ", netlib.WAIT)
    check(move.split()[3] == "e0", "the engine's move: %r" % move)
    for p in players[2:]:
        p.wait_ply(game, 1)
    say("claim engine: the engine plays Red (%s)" % move.split()[2])
    for p in players[1:]:
        p.close()


def silent_server(env):
    path = env.path("silent.sock")
    lsock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    lsock.bind(path)
    lsock.listen(4)
    lsock.settimeout(netlib.WAIT)
    log = open(env.path("silent-client.log"), "w")
    client = env.spawn([env.camelot, "online", "--text", "--server", path], stdin=subprocess.PIPE,
                       stdout=log, stderr=log)
    conn, _ = lsock.accept()
    conn.settimeout(netlib.WAIT)
    hello = conn.recv(100)
    check(hello == b"hello 1\n", "the client said %r" % hello)
    conn.sendall(b"ok hello 1 alice\n")
    said = time.monotonic()
    got = b""
    while True:
        left = said + DEAD + ROOM + 5 - time.monotonic()
        data = None
        if left > 0:
            conn.settimeout(left)
            try:
                data = conn.recv(1000)
            except socket.timeout:
                pass
        if data is None:
            raise netlib.TestFailure("the client kept a silent server for %.0f s; it sent %r" %
                                     (time.monotonic() - said, got))
        if not data:
            break
        got += data
    took = time.monotonic() - said
    say("a silent server was given up after %.1f s" % took)
    check(took >= DEAD - 0.5, "the client gave up a server silent %.1f s" % took)
    check(took <= DEAD + ROOM, "the client kept a silent server %.1f s" % took)
    check(got.startswith(b"ping "), "the client did not ping a quiet server: %r" % got)
    # And it connects again.
    again, _ = lsock.accept()
    check(again.recv(100) == b"hello 1\n", "the client did not connect again")
    again.close()
    conn.close()
    client.stdin.close()
    client.kill()
    client.wait()
    lsock.close()


def test(env):
    moves = netlib.record_moves(netlib.finished_game(env, "camette", min_plies=4))
    server = netlib.Server(env, "--claim-after", "%d" % CLAIM).start()
    stopped_client(env, server, moves)
    engine_claim(server)
    server.stop()
    silent_server(env)


netlib.main(test)
