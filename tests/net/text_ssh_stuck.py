# A text client ('camelot online --text') whose own ssh process stops answering goes on: it
# never waits for that process without a limit (src/session/remote.c). Both clients reach the
# server through a stand-in for ssh ($CAMELOT_SSH) that runs the relay, and notes its pid.
#
# 1. Stopped: alice's stand-in is stopped (SIGSTOP) in the middle of a game. Nothing comes
#    through it any more, so after 10 s of silence her client gives the link up and ends it
#    (a stopped process does not act on SIGTERM until it is continued, or killed), reaped while
#    the client goes on. The client connects again through a new stand-in, says "connected
#    again." and goes on: bob reads what she says next.
# 2. Deaf to SIGTERM: bob's stand-in ignores SIGTERM and, once its relay has ended, lingers
#    with its ends of the connection closed. The server is killed: bob's client sees the link
#    closed, ends the stand-in (killed in the end), tries again while the server is down (each
#    stand-in lingering the same way), and once the server is back connects again and goes on.
# 3. The same at the end: 'quit' ends bob's client within a bounded time (its stand-in is given
#    1 s to end by itself, 0.2 s more after SIGTERM, then killed), and no stand-in is left.
#
#     python3 tests/net/text_ssh_stuck.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import os
import signal
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say  # noqa: E402

DEAD = 10.0  # seconds of silence after which a client takes the server for gone
RETRY = 8.0  # the longest wait between two tries to connect again
ROOM = 5.0 * max(2, netlib.time_factor())  # seconds of room on top (tests/time_factor.sh)


def stand_in(env):
    """The stand-in for ssh, in place of netlib's: '$CAMELOT_SSH' is 'STAND_IN NAME'. It notes
    its pid in ssh.pids and runs the relay as NAME; when the file deaf-NAME exists it ignores
    SIGTERM, runs the relay as a child, and once the relay has ended stays on with its
    standard input and output closed (as an ssh that hangs after its connection ended)."""
    path = env.path("stand-in-ssh")
    if not os.path.exists(path):
        relay = '"%s" relay --socket "%s" --as "$1"' % (env.camelot, env.path("server.sock"))
        with open(path, "w") as f:
            f.write('#!/bin/sh\n'
                    'echo $$ >>"%s"\n'
                    'if [ -e "%s-$1" ]; then\n'
                    "    trap '' TERM\n"
                    '    %s\n'
                    '    exec sleep 600 <&- >&-\n'
                    'fi\n'
                    'exec %s\n' % (env.path("ssh.pids"), env.path("deaf"), relay, relay))
        os.chmod(path, 0o755)
    return path


def stand_ins(env):
    """The pids of every stand-in started so far."""
    try:
        with open(env.path("ssh.pids")) as f:
            return [int(w) for w in f.read().split()]
    except OSError:
        return []


def running(pid):
    """Whether process 'pid' exists and has not ended (a zombie has ended)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def reaped(pid):
    """Whether process 'pid' is gone altogether: ended and waited for."""
    return not os.path.exists("/proc/%d" % pid)


def children(pid):
    """The pids of the children of process 'pid'."""
    out = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid:
            out.append(int(name))
    return out


def stopped_stand_in(env, alice, bob, game):
    ssh = children(alice.proc.pid)
    check(len(ssh) == 1 and ssh[0] in stand_ins(env),
          "alice's client has children %r, not one stand-in of %r" % (ssh, stand_ins(env)))
    os.kill(ssh[0], signal.SIGSTOP)
    stopped = time.monotonic()
    alice.expect(r"^the server has not answered for 10 s; connecting again in \d+ s$",
                 DEAD + ROOM)
    alice.expect(r"^connected again\.$", RETRY + ROOM)
    took = time.monotonic() - stopped
    say("connected again %.1f s after its ssh stopped" % took)
    netlib.wait_for(lambda: reaped(ssh[0]), ROOM, "the stopped stand-in to be reaped")
    check(alice.proc.poll() is None, "alice's client ended")
    alice.send("say back again")
    bob.expect(r"^alice says: back again$")


def deaf_stand_in(env, server, alice, bob):
    before = set(stand_ins(env))
    server.kill()
    killed = time.monotonic()
    bob.expect(r"^the connection to the server was lost; connecting again in \d+ s$", ROOM)
    time.sleep(2.0)
    server.start()
    bob.expect(r"^connected again\.$", RETRY + ROOM)
    alice.expect(r"^connected again\.$", RETRY + ROOM)
    say("bob connected again %.1f s after the server was killed" % (time.monotonic() - killed))
    tried = [pid for pid in stand_ins(env) if pid not in before]
    check(len(tried) >= 2, "bob's client tried only %d stand-ins while the server was down" %
          len(tried))
    bob.send("say still here")
    alice.expect(r"^bob says: still here$")


def bounded_quit(env, client):
    start = time.monotonic()
    client.send("quit")
    client.proc.stdin.close()
    limit = 1.0 + 0.25 + ROOM
    try:
        rc = client.proc.wait(limit)
    except Exception:
        raise netlib.TestFailure("%s: the client had not ended %.0f s after 'quit'" %
                                 (client.name, limit))
    client.thread.join(netlib.WAIT)
    check(rc == 0, "%s: the client ended with status %d" % (client.name, rc))
    say("%s's client ended %.1f s after 'quit'" % (client.name, time.monotonic() - start))


def test(env):
    netlib.fake_ssh = stand_in  # the clients below run the stand-in of this test
    with open(env.path("deaf-bob"), "w"):
        pass
    server = netlib.Server(env).start()
    try:
        alice = netlib.Text(env, "alice")
        bob = netlib.Text(env, "bob")
        alice.send("create camette none W=me B=@bob")
        game = int(alice.expect(r"^game (\d+) made\.$").group(1))
        bob.send("join %d" % game)
        bob.expect(r"^game %d: .*; you play it\.$" % game)
        alice.expect(r"^your move: White \(you\)\.$")

        stopped_stand_in(env, alice, bob, game)
        deaf_stand_in(env, server, alice, bob)
        bounded_quit(env, bob)
        alice.quit()
        left = [pid for pid in stand_ins(env) if running(pid)]
        check(not left, "stand-ins still running after the clients ended: %r" % left)
        server.stop()
    finally:
        for pid in stand_ins(env):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


netlib.main(test)
