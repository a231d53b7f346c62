# A hostile trial of the server, in short checks: each finding of the trial that made the
# server fit for strangers (docs/network.md, "Limits" and "Inside the server"), as a check that
# failed before its fix.
#
#   socket_dir      a socket directory others may write without the sticky bit is refused,
#                   saying which and why; one with the sticky bit is taken
#   socket_swap     the socket swapped for a link to a file of the server's user the moment it
#                   is bound: the server changes nothing but its own socket
#   fallback_name   'uidNUMBER' is only ever a Unix user's fallback: no relay may take it, and
#                   (as root) a user with no name plays as it
#   full_disk       a store that cannot write (a limit on the size of its files): the move is
#                   refused 'error move store', told to nobody, not kept; reads go on; once the
#                   store can write again the move is played, and a restart finds exactly the
#                   moves acknowledged; a sign-up in a turn that fails is taken back whole
#   engine_queue    a rated game against the engine, its engine seat queued behind games of
#                   other players on the one engine thread, is not lost on time for it
#   connections     a person has at most 16 connections; the next is refused with a line;
#                   (as root) another user connects and plays at once while one holds many;
#                   a client gives up on a socket that takes no connection, with a message
#   quotas          games not over, chat per game and per player a day, each refused past its
#                   limit with 'busy'
#   second_server   a second server on the same data directory is refused
#   damaged_store   a damaged database, and another program's, are refused and left as they are
#   chat_rooms      a seat given back on one connection: the player's other connection hears
#                   the watchers' chat, not the players'
#   restart_clock   a restart charges the seat to move for the time it thought before it
#   variant_names   'CAMETTE' and 'Camette' are camette: one game list, one ratings table
#   early_end       a rated game that ends before every seat has moved rates nobody
#   one_answer      every request gets exactly one answer (a 'create' on a connection that
#                   follows as many games as it may)
#   keys            a public server's keys: a new key signs up once, as a name nobody has in
#                   any case (no player, Unix user or connected person), and is that player
#                   from then on; 'key' only first, only from the server's own user; a
#                   new key has as many connections as a player; a second key by a one-time
#                   code, a key removed by its player only, never the last
#   host_tools      the host's requests only on a connection that said 'admin' first, from
#                   the server's own user: a ban drops the player at once and refuses them
#                   after (by name or by key), a mute refuses chat, 'end' aborts a game,
#                   'reset' forgets a rating, 'rename' renames a player with no game going
#                   on, 'notice' reaches every player; each is logged
#   guests          (as root) each connection of the guests' Unix user is a guest of its own,
#                   casual games only; nobody else takes a guest's name
#   walkaway        three games aborted for no first move in a day hold the player back from
#                   rated games (not casual ones), saying for how long
#   players_seen    the host's list says when each player was last connected, kept over a
#                   restart, and comes a page at a time ('camelot admin' reads every page)
#   private_store   the database, its log and its backups may be read by the server's user
#                   only, whatever the umask; a database others could read is made so
#   banned_client   a client the host bans is told why and does not connect again (each
#                   try would be refused, and logged)
#   backup          'camelot admin backup' while a game is played, then 'restore' into a
#                   stopped server: the game goes on from every move acknowledged before
#
#     python3 tests/net/hostile.py CAMELOT SOURCE_DIR
#
# SPDX-License-Identifier: MIT
import hashlib
import os
import random
import re
import resource
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netlib  # noqa: E402
from netlib import check, say, wait_for  # noqa: E402

ROOT = os.geteuid() == 0
# Unix users with no entry in the password file, for the checks that need other users (root
# only): the server names such a user 'uidNUMBER'.
NOBODY_A, NOBODY_B = 54321, 54322


def refused_start(env, args, what):
    """Runs 'camelot ARGS', which must end on its own (a refusal) within a generous time."""
    try:
        return subprocess.run([env.camelot] + args, env=env.env, cwd=env.tmp,
                              capture_output=True, text=True, timeout=30 * netlib.time_factor(),
                              input="quit\n")
    except subprocess.TimeoutExpired:
        raise netlib.TestFailure("%s: 'camelot %s' did not end" % (what, " ".join(args[:1])))


def first_move(env, variant="camette"):
    p = env.run(["moves", "--variant", variant])
    check(p.returncode == 0, "camelot moves: %s" % p.stderr)
    return p.stdout.split("\n")[0].split("\t")[1]


def server_at(env, name, *args):
    """A server of its own: socket NAME.sock, data directory NAME-data."""
    s = netlib.Server(env, *args)
    s.sock = env.path("%s.sock" % name)
    s.data = env.path("%s-data" % name)
    os.makedirs(s.data, exist_ok=True)
    return s.start()


def answers(raw, verb, since):
    """The answers to 'verb' among the lines 'raw' got after line 'since'."""
    rx = re.compile(rb"^(ok|error) %s " % verb.encode())
    with raw.lock:
        return [line for line in raw.lines[since:] if rx.search(line)]


def barrier(raw):
    """Waits until the server has handled everything 'raw' sent before (a ping's pong)."""
    token = "b%d" % random.randrange(1 << 30)
    raw.send("ping %s" % token)
    raw.expect(rb"^pong %s$" % token.encode())


# ---- Running as another Unix user (root only) ----------------------------------------------

def as_user(uid, args, timeout, **kw):
    """Runs 'args' as Unix user 'uid' (group 'uid'); returns the completed process."""
    def drop():
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    return subprocess.run(args, preexec_fn=drop, capture_output=True, text=True,
                          timeout=timeout, **kw)


def other_python():
    """A python3 another user may run (this one may be in root's home), or None."""
    for path in ("/usr/bin/python3", "/usr/local/bin/python3", sys.executable):
        if os.path.exists(path):
            try:
                if as_user(NOBODY_A, [path, "-c", "pass"], 60).returncode == 0:
                    return path
            except OSError:
                pass
    return None


def public_dir():
    """A directory other users may enter (not write): for a socket they all reach."""
    d = tempfile.mkdtemp(prefix="camelot-hostile-")
    os.chmod(d, 0o755)
    return d


def others_can_run(env, d):
    """Whether another user can run the program and read its variants (a clone in a private
    directory cannot)."""
    p = as_user(NOBODY_B, [env.camelot, "moves", "--variant", "camette"], 60,
                env=dict(env.env, HOME=d), cwd=d)
    return p.returncode == 0


# ---- The checks ----------------------------------------------------------------------------

def socket_dir(env):
    d = env.path("open-dir")
    os.makedirs(d)
    os.chmod(d, 0o777)
    os.makedirs(env.path("d-data"))
    p = refused_start(env, ["serve", "--socket", os.path.join(d, "s.sock"), "--data",
                            env.path("d-data")], "a directory anyone may write")
    check(p.returncode != 0, "a server listened in a directory anyone may write")
    check(d in p.stderr and "sticky" in p.stderr and "may be written by other users" in p.stderr,
          "the refusal does not say which directory and why: %r" % p.stderr)
    check(not os.path.exists(os.path.join(d, "s.sock")), "a socket was left in %s" % d)
    os.chmod(d, 0o1777)
    s = netlib.Server(env)
    s.sock = os.path.join(d, "s.sock")
    s.data = env.path("d-data")
    s.start()
    st = os.lstat(s.sock)
    check(oct(st.st_mode & 0o777) == oct(0o600), "the socket's mode is %o" % (st.st_mode & 0o777))
    check([n for n in os.listdir(d) if n != "s.sock"] == [], "the server left %r in %s" %
          (os.listdir(d), d))
    s.stop()
    check(not os.path.exists(s.sock), "the socket stayed after the server stopped")
    # Through a link that lies in a directory anyone may write: the socket is made where the
    # link resolves (a directory found safe), never through the link again.
    safe = env.path("safe-dir")
    os.makedirs(safe)
    os.chmod(d, 0o777)
    os.symlink(safe, os.path.join(d, "link"))
    s = netlib.Server(env)
    s.sock = os.path.join(d, "link", "s.sock")
    s.data = env.path("d-data")
    s.start()
    check(os.path.lexists(os.path.join(safe, "s.sock")) and
          sorted(os.listdir(safe)) == ["s.sock"], "in the safe directory: %r" % os.listdir(safe))
    s.stop()
    os.chmod(d, 0o700)
    # A path of 100 bytes, as the system allows, is taken.
    deep = tempfile.mkdtemp(prefix="camelot-long-")
    try:
        name = os.path.join(deep, "s" * (100 - len(deep) - 1))
        check(len(name) == 100, "a path of 100 bytes")
        s = netlib.Server(env)
        s.sock = name
        s.data = env.path("d-data")
        s.start()
        s.stop()
    finally:
        shutil.rmtree(deep, ignore_errors=True)
    say("socket_dir: refused without the sticky bit, taken with it")


def socket_swap(env):
    """The socket's name swapped for a link to another file the moment it is bound (an
    LD_PRELOAD library of the tests', $CAMELOT_BIND_SWAP): the server changes nothing but its
    socket."""
    shim = os.environ.get("CAMELOT_BIND_SWAP")
    if not shim or not os.path.exists(shim):
        say("socket_swap: no $CAMELOT_BIND_SWAP library: not run")
        return
    victim = env.path("victim")
    with open(victim, "w") as f:
        f.write("the server's user's file\n")
    os.chmod(victim, 0o644)
    before = os.stat(victim)
    os.makedirs(env.path("swap-data"))
    e = dict(env.env, LD_PRELOAD=shim, CAMELOT_SWAP_TARGET=victim,
             ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":verify_asan_link_order=0")
    sock = env.path("swap.sock")
    p = subprocess.Popen([env.camelot, "serve", "--socket", sock, "--data",
                          env.path("swap-data"), "--mode", "660"], env=e, cwd=env.tmp,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _, err = p.communicate(timeout=10 * netlib.time_factor())
    except subprocess.TimeoutExpired:
        p.terminate()
        _, err = p.communicate()
    after = os.stat(victim)
    check((after.st_mode, after.st_uid, after.st_gid) ==
          (before.st_mode, before.st_uid, before.st_gid),
          "the server changed the file its socket's name was swapped for: mode %o, now %o" %
          (before.st_mode & 0o7777, after.st_mode & 0o7777))
    with open(victim) as f:
        check(f.read() == "the server's user's file\n", "the file was written")
    check(p.returncode != 0 and "replaced" in err, "the server started on a swapped socket: %r" %
          err[-300:])
    say("socket_swap: the socket swapped for a link: refused, the file untouched")


def fallback_name(env, server):
    for name in ("uid54321", "UID2103", "Uid7"):
        r = netlib.Raw(server, None, hello=False)
        r.send("as %s" % name)
        got = r.expect(rb"^error as ")
        check(b"bad-name" in got, "'as %s' answered %r" % (name, got))
        r.wait_closed()
    # Names that only look like it are names.
    for name in ("uid", "uidx1", "uid1x", "squid7"):
        r = netlib.Raw(server, name)
        check(r.name == name, "'as %s' became %r" % (name, r.name))
        r.close()
    say("fallback_name: 'uid' and a number is never a name a relay may take")


def fallback_name_users(env, sock):
    """As root: a user with no entry in the password file is 'uidNUMBER', and its games are its
    own."""
    code = ("import socket, sys\n"
            "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile('rb')\n"
            "s.sendall(b'hello 1\\n')\n"
            "print(f.readline().decode().strip())\n")
    p = as_user(NOBODY_A, [other_python(), "-c", code, sock], 60)
    check(p.returncode == 0, "the other user's client: %s" % p.stderr)
    check(p.stdout.strip() == "ok hello 1 uid%d" % NOBODY_A,
          "a user with no name is %r" % p.stdout.strip())
    say("fallback_name: a user without a name plays as uid%d" % NOBODY_A)


def data_files(data):
    return [os.path.join(data, n) for n in os.listdir(data) if n.startswith("server.db")]


def full_disk(env):
    server = server_at(env, "full")
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    game = int(alice.ok("create camette 3600+0 casual W=me B=open")[2])
    bob.ok("join %d" % game)
    record = netlib.finished_game(env, "camette", min_plies=8)
    moves = netlib.record_moves(record)
    players = [alice, bob]
    for ply in range(2):
        players[ply % 2].ok("move %d %d m%d %s 5" % (game, ply, ply, moves[ply]))
    bob.wait_ply(game, 2)
    # The store may grow no file any more: every write that needs room fails, as on a full
    # disk (SIGXFSZ is ignored: the write fails with EFBIG).
    limit = max(os.path.getsize(f) for f in data_files(server.data))
    hard = resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE)[1]
    resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (limit, hard))
    seen = len(bob.lines)
    got = alice.request("move %d 2 m2 %s 5" % (game, moves[2]))
    check(got.startswith("error move store "), "a move the store could not keep: %r" % got)
    check(server.alive(), "the server stopped when its store failed: %s" % server.log()[-2000:])
    barrier(bob)
    with bob.lock:
        heard = [line for line in bob.lines[seen:] if line.startswith(b"ev ")]
    check(heard == [], "bob heard of a move that was not kept: %r" % heard)
    # What only reads goes on; what writes is refused while the store fails.
    check(alice.ok("games")[1] == "games", "games")
    watcher = netlib.Raw(server, "carol")
    watcher.ok("open %d" % game)
    state = netlib.sync_state(watcher.lines, game)
    check(state["moves"] == moves[:2], "a watcher sees %r" % state["moves"])
    for line in ("say %d hello" % game, "create camette none casual W=me B=open",
                 "move %d 2 m2b %s 5" % (game, moves[2])):
        got = alice.request(line)
        check(re.match(r"^error \S+ store ", got), "%r while the store fails: %r" % (line, got))
    # Once writes are tried again: a write and a line that does not parse in one turn that
    # fails: each gets its answer.
    time.sleep(1.2)
    since = len(alice.lines)
    alice.send(b"say %d again\nmove %d 2 m2c \x01 5\nping after" % (game, game))
    alice.expect(rb"^pong after$")
    with alice.lock:
        got = alice.lines[since:]
    check(any(line.startswith(b"error say store ") for line in got) and
          any(line.startswith(b"error - syntax ") for line in got),
          "a failed turn's write and a bad line: %r" % got)
    # A key that signs up in a turn that fails has not signed up: it may again, later.
    time.sleep(1.2)
    newcomer = new_key(server, KEY_A)
    got = newcomer.request("signup frank")
    check(got.startswith("error signup store "), "a sign-up the store could not keep: %r" % got)
    newcomer.refused("hello 1", "signup")
    # Room again: the move goes through (sent again with its id), and the game goes on.
    resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (hard, hard))

    def played():
        got = alice.request("move %d 2 m2 %s 5" % (game, moves[2]))
        return got if got.startswith("ok ") else None
    wait_for(played, 30 * netlib.time_factor(), "the store to take the move again", step=0.3)
    check(newcomer.ok("signup frank")[2] == "frank", "the sign-up, once there is room")
    check(newcomer.ok("hello 1")[3] == "frank", "the key after its sign-up")
    newcomer.close()
    bob.ok("move %d 3 m3 %s 5" % (game, moves[3]))
    alice.wait_ply(game, 4)
    for r in (alice, bob, watcher):
        r.close()
    server.stop()
    check("the store failed" in server.log(), "the failure is not in the log")
    server.start()
    probe = netlib.Raw(server, "probe")
    probe.ok("open %d" % game)
    state = netlib.sync_state(probe.lines, game)
    check(state["moves"] == moves[:4] and state["ids"] == ["m0", "m1", "m2", "m3"],
          "after a restart the game has %r %r" % (state["moves"], state["ids"]))
    probe.close()
    server.stop()
    say("full_disk: the move refused and told to nobody, reads served, then played once")


def engine_queue(env):
    server = server_at(env, "engines", "--engines", "1")
    move = first_move(env)
    others = [netlib.Raw(server, "busy%d" % i) for i in range(3)]
    games = []
    for r in others:
        for _ in range(3):
            games.append((r, int(r.ok("create camette 10+0 casual W=me B=engine:10")[2])))
    me = netlib.Raw(server, "farmer")
    mine = int(me.ok("create camette 2+0 rated W=me B=engine:10")[2])
    # A seat's first move costs no time: the engine's first, with nothing in the queue, is
    # made before the others' games begin, and its second is the one that waits.
    me.ok("move %d 0 a %s 5" % (mine, move))
    me.wait_ply(mine, 2, 60 * netlib.time_factor())
    reply = netlib.engine_reply(env, "camette", me.moves(mine))
    # Nine searches of 0.4 s each come before the engine's second search of the rated game.
    for r, g in games:
        r.ok("move %d 0 a %s 5" % (g, move))
    me.ok("move %d 2 b %s 5" % (mine, reply))
    body = me.wait_event(mine, r"^(move 3 |end )", 60 * netlib.time_factor())
    check(body.startswith("move 3 "), "the engine's game ended before its move: %r" % body)
    check("rating" not in " ".join(b for _, b in me.events(mine)), "a rating changed")
    for r, g in games:
        r.wait_event(g, r"^move 1 ", 120 * netlib.time_factor())
    for r in others + [me]:
        r.close()
    server.stop()
    say("engine_queue: the engine seat's clock waited with it in the queue")


def engines_alone(env):
    """A tournament of engine entrants alone (any player may make one) keeps the engine busy
    with games nobody plays; a person's engine seat is served first all the same: between a
    person's move and their engine's reply, at most the one search already under way of those
    games ends (each of the four always waits in the queue, first come first served, while
    the others search)."""
    server = server_at(env, "alone", "--engines", "1")
    hank = netlib.Raw(server, "hank")
    tid = int(hank.ok("tourney robin camette 30+0 casual 0 +0 " + " ".join(["engine:8"] * 8))[2])
    lines = []

    def paired():
        got = hank.page_lines("standings %d" % tid)
        lines[:] = [x.split() for x in got if x.startswith("pairing 1 ")]
        return len(lines) == 4
    netlib.wait_for(paired, 30 * netlib.time_factor(), "round 1 paired", step=0.5)
    theirs = [int(w[5]) for w in lines]
    for g in theirs:
        hank.ok("open %d" % g)
    mine = int(hank.ok("create camette 600+0 casual W=me B=engine:1")[2])
    hank.ok("move %d 0 a %s 5" % (mine, first_move(env)))
    hank.wait_ply(mine, 2, 60 * netlib.time_factor())
    # Their games are under way: each has moved.
    for g in theirs:
        hank.wait_ply(g, 2, 60 * netlib.time_factor())
    reply = netlib.engine_reply(env, "camette", hank.moves(mine))
    hank.ok("move %d 2 b %s 5" % (mine, reply))
    hank.wait_ply(mine, 4, 60 * netlib.time_factor())
    # The events as this connection heard them, in the server's order.
    sent = b"ev %d " % mine
    with hank.lock:
        heard = list(hank.lines)
    at = [i for i, x in enumerate(heard) if x.startswith(sent) and b" move 2 " in x][0]
    until = [i for i, x in enumerate(heard) if x.startswith(sent) and b" move 3 " in x][0]
    between = [x for x in heard[at:until]
               if any(x.startswith(b"ev %d " % g) and b" move " in x for g in theirs)]
    check(len(between) <= 1, "the engines' games made %d moves before the person's engine "
          "replied: %r" % (len(between), between))
    hank.close()
    server.stop()
    say("engines_alone: %d move of the engines' tournament came between" % len(between))


def connections(env, server):
    held = [netlib.Raw(server, "mallory") for _ in range(16)]
    r = netlib.Raw(server, None, hello=False)
    r.send("as mallory")
    got = r.expect(rb"^error ")
    check(b"busy" in got and b"mallory" in got, "the 17th connection: %r" % got)
    r.wait_closed()
    # Another person is not held back.
    other = netlib.Raw(server, "trent")
    other.ok("games")
    other.close()
    held.pop().close()
    again = netlib.Raw(server, "mallory")  # one was closed: room for one
    again.close()
    for h in held:
        h.close()
    say("connections: a 17th connection of one person refused with a line")


def play_as(env, uid, sock, home):
    """'camelot online --text' as user 'uid': makes a game and plays a move in it. Returns the
    seconds from its start to the move told."""
    def drop():
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    move = first_move(env)
    t0 = time.monotonic()
    p = subprocess.Popen([env.camelot, "online", "--text", "--server", sock], preexec_fn=drop,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=dict(env.env, HOME=home, XDG_DATA_HOME=home), cwd=home)
    out = []
    try:
        p.stdin.write("create camette none casual W=me B=me\n")
        p.stdin.flush()
        deadline = time.monotonic() + 60 * netlib.time_factor()
        sent = False
        for line in p.stdout:
            out.append(line.rstrip("\n"))
            if line.startswith("your move") and not sent:
                p.stdin.write(move + "\n")
                p.stdin.flush()
                sent = True
            if " plays %s." % move in line:
                spent = time.monotonic() - t0
                break
            check(time.monotonic() < deadline, "user %d's client: %r" % (uid, out[-5:]))
        else:
            raise netlib.TestFailure("user %d's client ended: %r %s" %
                                     (uid, out[-5:], p.stderr.read()[-500:]))
        p.stdin.write("quit\n")
        p.stdin.flush()
        p.wait(60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    return spent


def connection_flood(env, sock, count):
    """As root: user A holds 'count' connections that say nothing; user B connects with
    'camelot online --text' and plays a move within 5 s."""
    code = ("import socket, sys, time\n"
            "n = int(sys.argv[2]); held = []; refused = 0\n"
            "for i in range(n):\n"
            "    s = socket.socket(socket.AF_UNIX)\n"
            "    try:\n"
            "        s.connect(sys.argv[1])\n"
            "    except OSError:\n"
            "        break\n"
            "    held.append(s)\n"
            "print('held %d' % len(held), flush=True)\n"
            "sys.stdin.readline()\n"
            "for s in held:\n"
            "    s.setblocking(False)\n"
            "    try:\n"
            "        refused += s.recv(200).startswith(b'error - busy ')\n"
            "    except OSError:\n"
            "        pass\n"
            "print('refused %d' % refused, flush=True)\n")

    def drop():
        os.setgroups([])
        os.setgid(NOBODY_A)
        os.setuid(NOBODY_A)
    flood = subprocess.Popen([other_python(), "-c", code, sock, str(count)], preexec_fn=drop,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = flood.stdout.readline().strip()
        check(line.startswith("held "), "the flood: %r" % line)
        held = int(line.split()[1])
        home = public_dir()
        try:
            spent = play_as(env, NOBODY_B, sock, home)
        finally:
            shutil.rmtree(home, ignore_errors=True)
        flood.stdin.write("\n")
        flood.stdin.flush()
        refused = int(flood.stdout.readline().split()[1])
    finally:
        flood.kill()
        flood.wait()
    check(held - refused <= 16, "user A kept %d connections" % (held - refused))
    say("connection_flood: %d connections of user A (%d refused); user B played in %.1f s" %
        (held, refused, spent))
    return spent


def stuck_socket(env):
    """A socket that takes no connection (its queue full): the client gives up with a message."""
    path = env.path("stuck.sock")
    ls = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    ls.bind(path)
    ls.listen(0)
    fill = []
    for _ in range(64):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.setblocking(False)
        try:
            s.connect(path)
        except BlockingIOError:
            s.close()
            break
        fill.append(s)
    t0 = time.monotonic()
    p = refused_start(env, ["online", "--text", "--server", path], "a stuck socket")
    spent = time.monotonic() - t0
    for s in fill:
        s.close()
    ls.close()
    check(p.returncode != 0 and "gave up after 5 s" in p.stderr,
          "the client on a stuck socket: %d %r" % (p.returncode, p.stderr))
    check(spent < 20 * netlib.time_factor(), "the client took %.1f s to give up" % spent)
    say("stuck_socket: the client gave up after %.1f s, saying why" % spent)


def quotas(env):
    server = server_at(env, "quota", "--limit", "games=5", "--limit", "game-chat=3",
                       "--limit", "day-chat=4")
    alice = netlib.Raw(server, "alice")
    games = [int(alice.ok("create camette none casual W=me B=me")[2]) for _ in range(5)]
    got = alice.refused("create camette none casual W=me B=me", "busy")
    check("5 games not over" in got, "the sixth game: %r" % got)
    for i in range(3):
        alice.ok("say %d hello %d" % (games[0], i))
    got = alice.refused("say %d one more" % games[0], "busy")
    check("chat" in got, "the game's fourth message: %r" % got)
    # Watchers do not use up the players' chat.
    watcher = netlib.Raw(server, "wanda")
    watcher.ok("open %d" % games[2])
    for i in range(3):
        watcher.ok("say %d watching %d" % (games[2], i))
    watcher.refused("say %d one more" % games[2], "busy")
    watcher.close()
    alice.ok("say %d hello" % games[1])
    got = alice.refused("say %d again" % games[1], "busy")
    check("a day" in got, "the player's fifth message of the day: %r" % got)
    alice.ok("resign %d" % games[0])
    alice.ok("create camette none casual W=me B=me")  # a game over makes room
    alice.close()
    server.stop()
    say("quotas: games, chat per game and per player a day refused past their limits")


def second_server(env, server):
    p = refused_start(env, ["serve", "--socket", env.path("second.sock"), "--data", server.data],
                      "a second server")
    check(p.returncode != 0 and "another server uses" in p.stderr,
          "a second server on the same data: %d %r" % (p.returncode, p.stderr))
    check(server.alive(), "the first server stopped")
    check(not os.path.exists(env.path("second.sock")), "the second left its socket")
    probe = netlib.Raw(server, "probe")
    probe.ok("games")
    probe.close()
    say("second_server: refused, the first goes on")


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def damaged_store(env):
    server = server_at(env, "damaged")
    alice = netlib.Raw(server, "alice")
    game = int(alice.ok("create camette none casual W=me B=me")[2])
    alice.ok("move %d 0 a %s 5" % (game, first_move(env)))
    alice.close()
    server.stop()
    db = os.path.join(server.data, "server.db")
    # Grown to a few hundred pages with the program's own tables, then 4 KiB of noise.
    con = sqlite3.connect(db)
    con.executemany("INSERT INTO events (game, seq, audience, at, body) VALUES (?, ?, 0, 0, ?)",
                    [(game, 1000 + i, "chat alice %s" % ("x" * 300)) for i in range(2000)])
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    size = os.path.getsize(db)
    with open(db, "r+b") as f:
        f.seek(size // 2 // 4096 * 4096)
        f.write(random.Random(7).randbytes(4096))
    before = digest(db)
    p = refused_start(env, ["serve", "--socket", server.sock, "--data", server.data],
                      "a damaged database")
    check(p.returncode != 0 and "damaged" in p.stderr and ".recover" in p.stderr,
          "a damaged database: %d %r" % (p.returncode, p.stderr))
    check(digest(db) == before, "the damaged database was written")
    # Another program's database.
    other = env.path("other-data")
    os.makedirs(other)
    con = sqlite3.connect(os.path.join(other, "server.db"))
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    con.execute("INSERT INTO notes (text) VALUES ('mine')")
    con.commit()
    con.close()
    before = digest(os.path.join(other, "server.db"))
    p = refused_start(env, ["serve", "--socket", env.path("other.sock"), "--data", other],
                      "another program's database")
    check(p.returncode != 0 and "not a database of a camelot server" in p.stderr,
          "another program's database: %d %r" % (p.returncode, p.stderr))
    check(digest(os.path.join(other, "server.db")) == before,
          "another program's database was written")
    con = sqlite3.connect(os.path.join(other, "server.db"))
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    con.close()
    check(tables == ["notes"], "tables were added: %r" % tables)
    # Another program's database in WAL mode, its log not yet in the database.
    wal = env.path("wal-data")
    os.makedirs(wal)
    live = env.path("wal-live")
    os.makedirs(live)
    con = sqlite3.connect(os.path.join(live, "server.db"))
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, who TEXT)")
    con.execute("INSERT INTO accounts (who) VALUES ('someone')")
    con.commit()
    for ext in ("", "-wal"):
        shutil.copy(os.path.join(live, "server.db" + ext), os.path.join(wal, "server.db" + ext))
    con.close()
    files = {n: digest(os.path.join(wal, n)) for n in os.listdir(wal)}
    p = refused_start(env, ["serve", "--socket", env.path("wal.sock"), "--data", wal],
                      "another program's database with its log")
    check(p.returncode != 0 and "not a database of a camelot server" in p.stderr,
          "a WAL database of another program: %r" % p.stderr)
    for n, d in files.items():
        check(os.path.exists(os.path.join(wal, n)) and digest(os.path.join(wal, n)) == d,
              "the other program's %s was changed" % n)
    say("damaged_store: a damaged database and another program's refused, left as they were")


def chat_rooms(env, server):
    carol = netlib.Raw(server, "carol")
    game = int(carol.ok("create grand-cam none casual R=me G=open B=open Y=open")[2])
    a1, a2 = netlib.Raw(server, "alice"), netlib.Raw(server, "alice")
    a1.ok("join %d G" % game)
    check(a2.ok("open %d" % game)[4] == "player", "alice's second connection")
    a1.ok("leave %d" % game)
    dave = netlib.Raw(server, "dave")
    dave.ok("open %d" % game)
    seen = len(a2.lines)
    carol.ok("say %d for the players" % game)
    dave.ok("say %d for the watchers" % game)
    barrier(a2)
    with a2.lock:
        got = [line for line in a2.lines[seen:] if line.startswith(b"ev ")]
    check(not any(b"for the players" in line for line in got),
          "a seat given back still hears the players: %r" % got)
    check(any(b"kibitz dave for the watchers" in line for line in got),
          "and does not hear the watchers: %r" % got)
    for r in (carol, a1, a2, dave):
        r.close()
    say("chat_rooms: a seat given back on one connection hears the watchers on the other")


def restart_clock(env):
    server = server_at(env, "clock")
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    game = int(alice.ok("create camette 30+0 casual W=me B=open")[2])
    bob.ok("join %d" % game)
    # Three plies first: a seat's first move costs no time, so Black's second is the one
    # thought across the restarts.
    moves = netlib.record_moves(netlib.finished_game(env, "camette", min_plies=4))
    alice.ok("move %d 0 a %s 5" % (game, moves[0]))
    bob.wait_ply(game, 1)
    bob.ok("move %d 1 b %s 5" % (game, moves[1]))
    alice.wait_ply(game, 2)
    alice.ok("move %d 2 c %s 5" % (game, moves[2]))
    bob.wait_ply(game, 3)
    t0 = time.monotonic()
    time.sleep(3)
    alice.close()
    bob.close()
    server.stop()
    thought = time.monotonic() - t0
    server.start()
    probe = netlib.Raw(server, "probe")
    probe.ok("open %d" % game)
    left = netlib.clocks(netlib.sync_state(probe.lines, game)["clocks"])["B"]
    probe.close()
    check(left <= 30000 - int(thought * 1000) + 300,
          "Black thought %.1f s before the restart and has %d ms of 30000 after it" %
          (thought, left))
    check(left >= 30000 - int(thought * 1000) - 5000 * netlib.time_factor(),
          "Black was charged for more than it thought: %d ms left" % left)
    # A watcher's chat, then a second restart soon after the first: Black is charged for the
    # time the server was up, not for the time it was away either time.
    watcher = netlib.Raw(server, "walter")
    watcher.ok("open %d" % game)
    watcher.ok("say %d nice" % game)
    watcher.close()
    t1 = time.monotonic()
    server.stop()
    thought += time.monotonic() - t1 + 0.2  # the time up since the first check, about
    time.sleep(3)
    server.start()
    probe = netlib.Raw(server, "probe")
    probe.ok("open %d" % game)
    second = netlib.clocks(netlib.sync_state(probe.lines, game)["clocks"])["B"]
    probe.close()
    check(second >= left - 2000 * netlib.time_factor(),
          "after a second restart Black has %d ms, %d after the first: the time away was "
          "charged" % (second, left))
    check(second <= left + 300, "after a second restart Black has %d ms, %d after the first: "
          "the time thought was given back" % (second, left))
    # A third, with nothing happening in the game since the second.
    server.stop()
    time.sleep(3)
    server.start()
    probe = netlib.Raw(server, "probe")
    probe.ok("open %d" % game)
    third = netlib.clocks(netlib.sync_state(probe.lines, game)["clocks"])["B"]
    probe.close()
    check(left + 300 >= third >= second - 2000 * netlib.time_factor(),
          "after a third restart Black has %d ms, %d after the second" % (third, second))
    server.stop()
    say("restart_clock: %.1f s thought before the restart, %d ms left after it, %d after another"
        % (thought, left, second))


def variant_names(env, server):
    alice, bob = netlib.Raw(server, "vera"), netlib.Raw(server, "walt")
    for spelling in ("CAMETTE", "Camette"):
        game = int(alice.ok("create %s none rated W=me B=open" % spelling)[2])
        bob.ok("join %d" % game)
        state = netlib.sync_state(alice.lines, game)
        check(state["create"][0] == "camette", "'%s' made a game of %r" % (spelling,
                                                                            state["create"][0]))
        alice.ok("move %d 0 v0 B3-B2 5" % game)
        bob.ok("move %d 1 w1 B5-B6 5" % game)
        alice.ok("resign %d" % game)
        alice.wait_event(game, r"^rating vera ")
    alice.send("games")
    alice.expect(rb"^ok games ")
    for spelling in ("camette", "CAMETTE", "Camette"):
        since = len(alice.lines)
        got = alice.ok("ratings %s" % spelling)
        with alice.lock:
            rows = [line for line in alice.lines[since:] if line.startswith(b"rating ")]
        check(got[2] == "2" and all(r.split()[1] == b"camette" for r in rows),
              "'ratings %s': %r %r" % (spelling, got, rows))
        check(any(r.split()[2] == b"vera" and r.split()[5] == b"2" for r in rows),
              "vera's two games are not in one table: %r" % rows)
    alice.close()
    bob.close()
    say("variant_names: one variant, one table, however it is written")


def early_end(env, server):
    # A rated game that ends before every seat has moved (a resignation at once, or after one
    # move) rates nobody: ratings are not farmed by games that were never played.
    alice, bob = netlib.Raw(server, "yuri"), netlib.Raw(server, "zoe")
    for moves in ([], ["B3-B2"]):
        game = int(alice.ok("create camette none rated W=me B=open")[2])
        bob.ok("join %d" % game)
        for ply, move in enumerate(moves):
            (alice, bob)[ply % 2].ok("move %d %d e%d %s 5" % (game, ply, ply, move))
        (bob if moves else alice).ok("resign %d" % game)
        alice.wait_event(game, r"^end ")
        events = [b for _, b in alice.events(game)]
        check(not any(b.startswith("rating ") for b in events),
              "a game ended after %d plies changed a rating: %r" % (len(moves), events))
        netlib.wait_for(lambda: "game %d: not rated: it ended before every seat had moved"
                        % game in server.log(), netlib.WAIT,
                        "the log to say game %d was not rated" % game)
    got = alice.ok("ratings camette")
    check(got[2] == "0", "ratings after games ended at once: %r" % (got,))
    alice.close()
    bob.close()
    say("early_end: a rated game that ends before every seat has moved rates nobody")


KEY_A = "SHA256:Yx3nYmsG2e7Hq1cVd4KZbQ0aPjLwR5oF8uTnE6sAiMk"
KEY_B = "SHA256:b9Qm2LrT5vXcN8eWzA1sD4fG7hJ0kP3uI6oY9tR2qE5"


def new_key(server, key):
    """A connection of a key never signed up: its 'hello' is answered 'signup', and it stays."""
    r = netlib.Raw(server, None, hello=False)
    r.send("key %s" % key)
    got = r.request("hello 1")
    check(got.startswith("error hello signup "), "a new key's hello: %r" % got)
    return r


def keys(env, server):
    alice = netlib.Raw(server, "alice")
    r = new_key(server, KEY_A)
    for name, code in (("root", "taken"), ("ALICE", "taken"), ("open", "bad-name"),
                       ("uid2103", "bad-name"), ("-x", "bad-name")):
        r.refused("signup %s" % name, code)
    check(r.request("games").startswith("error games hello "), "a key with no name was served")
    check(r.ok("signup dave") == ["ok", "signup", "dave"], "signup")
    r.refused("signup erin", "denied")
    check(r.ok("hello 1")[3] == "dave", "a key signed up is not its player")
    r.ok("create camette none casual W=me B=open")
    r.close()
    # The same key again: the same player, with no question.
    again = netlib.Raw(server, None, hello=False)
    again.send("key %s" % KEY_A)
    check(again.ok("hello 1")[3] == "dave", "the key came back as another player")
    again.close()
    # Another key: no name already taken, in any case; two keys sign up one at a time.
    other = new_key(server, KEY_B)
    other.refused("signup Dave", "taken")
    # 'key' only as the first line, and only a fingerprint.
    alice.refused("key %s" % KEY_B, "denied")
    bad = netlib.Raw(server, None, hello=False)
    bad.send("key SHA256:short")
    check(b"syntax" in bad.expect(rb"^error key "), "a bad fingerprint")
    bad.wait_closed()
    other.close()
    alice.close()
    # A second key for dave, by a one-time code from a session of his first.
    first = netlib.Raw(server, None, hello=False)
    first.send("key %s" % KEY_A)
    first.ok("hello 1")
    code = first.ok("keycode")[2]
    second = new_key(server, "SHA256:" + "d" * 43)
    second.refused("addkey wrongcode", "denied")
    check(second.ok("addkey %s" % code)[2] == "dave", "addkey")
    check(second.ok("hello 1")[3] == "dave", "the second key is not dave's")
    third = new_key(server, "SHA256:" + "e" * 43)
    third.refused("addkey %s" % code, "denied")  # once only
    third.close()
    keys_of = [x for x in first.ok_lines("keys") if x.startswith("pubkey ")]
    check(len(keys_of) == 2 and keys_of[0].startswith("pubkey %s " % KEY_A) and
          keys_of[0].endswith(" this"), "dave's keys: %r" % keys_of)
    # A key is removed by its player only, and the last one stays.
    other2 = netlib.Raw(server, "eve")
    other2.refused("dropkey SHA256:" + "d" * 43, "no-player")
    other2.close()
    first.ok("dropkey SHA256:" + "d" * 43)
    second.expect(rb"^error - denied ")
    first.refused("dropkey %s" % KEY_A, "denied")
    first.close()
    # A key not signed up is a person too: as many connections as a player, no more.
    KEY_C = "SHA256:" + "c" * 43
    many = [new_key(server, KEY_C) for _ in range(16)]
    last = netlib.Raw(server, None, hello=False)
    last.send("key %s" % KEY_C)
    check(b"busy" in last.expect(rb"^error key "), "a new key's 17th connection")
    last.wait_closed()
    for r in many:
        r.close()
    say("keys: a new key signs up once, as a free name, and is that player after")


def keys_users(env, sock):
    """As root: another Unix user's 'key' changes nothing: it stays that user."""
    code = ("import socket, sys\n"
            "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile('rb')\n"
            "s.sendall(b'key %s\\nhello 1\\n')\n"
            "print(f.readline().decode().strip())\n" % KEY_A)
    p = as_user(NOBODY_A, [other_python(), "-c", code, sock], 60)
    check(p.stdout.strip() == "ok hello 1 uid%d" % NOBODY_A,
          "another user's key: %r %r" % (p.stdout, p.stderr[-300:]))
    say("keys: another user's 'key' is ignored")


def host(server):
    """The host's connection: 'admin' first, as 'camelot admin' says it."""
    r = netlib.Raw(server, None, hello=False)
    r.send("admin")
    r.ok("hello 1")
    return r


def host_tools(env, server):
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    # Not the host: a player's connection, or 'admin' after the first line.
    for line in ("ban bob", "players", "notice hi", "end 1"):
        alice.refused(line, "denied")
    alice.refused("admin", "denied")
    h = host(server)
    game = int(alice.ok("create camette none rated W=me B=open")[2])
    bob.ok("join %d" % game)
    players = [line for line in h.ok_lines("players") if line.startswith("player ")]
    check(any(re.match(r"player alice 0 1 -,connected \d+$", p) for p in players),
          "the players: %r" % players)
    limits = h.ok_lines("limits")
    check("limit connections 16" in limits and "limit guests 64" in limits, "limits: %r" % limits)
    # 'camelot admin' says the same, as a table.
    p = env.run(["admin", "--socket", server.sock, "players"])
    check(p.returncode == 0 and re.search(r"(?m)^alice +0 +1 +now *$", p.stdout),
          "camelot admin players: %r %r" % (p.stdout, p.stderr))
    p = env.run(["admin", "--socket", server.sock, "ban"])
    check(p.returncode == 2 and "ban takes one word" in p.stderr, "admin ban: %r" % p.stderr)
    # A notice reaches every player.
    h.ok("notice the server restarts in 5 minutes")
    for r in (alice, bob):
        r.expect(rb"^notice the server restarts in 5 minutes$")
    # A mute: the chat refused, until unmuted.
    h.ok("mute bob")
    check("muted" in bob.refused("say %d hello" % game, "denied"), "a muted player's chat")
    h.ok("unmute bob")
    bob.ok("say %d hello again" % game)
    # The host ends a game: aborted, for nobody.
    h.ok("end %d" % game)
    alice.expect(rb"^ev %d \d+ end \* aborted The host of this server ended the game\.$" % game)
    h.refused("end %d" % game, "over")
    # A ban: dropped at once, refused after; unbanned, back.
    h.ok("ban bob")
    bob.expect(rb"^error - banned ")
    bob.wait_closed()
    again = netlib.Raw(server, "bob", hello=False)
    check(again.request("hello 1").startswith("error hello banned "), "a banned player's hello")
    again.wait_closed()
    h.ok("unban bob")
    netlib.Raw(server, "bob").close()
    # A key: banned by its fingerprint, its player's other keys still play.
    r = new_key(server, KEY_B)
    r.ok("signup keyed")
    r.ok("hello 1")
    h.ok("ban %s" % KEY_B)
    r.expect(rb"^error - banned ")
    r = netlib.Raw(server, None, hello=False)
    r.send("key %s" % KEY_B)
    check(r.request("hello 1").startswith("error hello banned "), "a banned key's hello")
    h.refused("ban SHA256:" + "z" * 43, "no-player")
    h.refused("reset alice camette", "no-player")
    # A rename: refused while a game goes on, and for a name taken; then the player's keys
    # and games follow the new name.
    busy = int(alice.ok("create camette none casual W=me B=open")[2])
    h.refused("rename alice alicia", "denied")
    alice.ok("leave %d" % busy)
    h.refused("rename alice Keyed", "taken")
    h.ok("rename alice alicia")
    alice.expect(rb"^error - denied the host of this server renamed you alicia")
    players = [x for x in host(server).ok_lines("players") if x.startswith("player ")]
    check(any(x.startswith("player alicia 0 ") for x in players) and
          not any(x.startswith("player alice ") for x in players), "after a rename: %r" % players)
    for w in ("mute bob", "end %d" % game, "ban bob", "notice to 2: the server", "ban %s" % KEY_B):
        check("the host: " + w in server.log(), "%r is not in the log" % w)
    h.close()
    say("host_tools: only the host's; bans, mutes, ends and notices act at once, logged")


def seen_of(lines, name):
    """The STANDING and SEEN of 'name' in the answer to 'players'."""
    for line in lines:
        words = line.split()
        if len(words) == 6 and words[:2] == ["player", name]:
            return words[4], int(words[5])
    raise netlib.TestFailure("no %s in %r" % (name, lines))


def players_seen(env):
    server = server_at(env, "players_seen")
    alice = netlib.Raw(server, "alice")
    alice.ok("create camette none casual W=me B=open")
    before = int(time.time())
    standing, seen = seen_of(host(server).ok_lines("players"), "alice")
    check(standing == "-,connected" and abs(seen - before) <= 5, "connected: %s %d" %
          (standing, seen))
    alice.send("quit")
    alice.wait_closed()
    # Gone: the time stays, in memory and then, at the server's stop, in the store.
    standing, seen = seen_of(host(server).ok_lines("players"), "alice")
    check(standing == "-" and abs(seen - before) <= 5, "gone: %s %d" % (standing, seen))
    server.stop()
    server.start()
    standing, again = seen_of(host(server).ok_lines("players"), "alice")
    check(standing == "-" and again == seen, "after a restart: %s %d, not %d" %
          (standing, again, seen))
    # More players than one answer holds: a page at a time, 'camelot admin' reads them all.
    db = sqlite3.connect(os.path.join(server.data, "server.db"), timeout=10)
    db.executemany("INSERT INTO players (name, created) VALUES (?, 1)",
                   [("p%04d" % i,) for i in range(1200)])
    db.commit()
    db.close()
    h = host(server)
    first = h.ok_lines("players")
    check(len(first) == 500 and first[-1].startswith("player p0498 ") and
          b"ok players 500 more" in h.lines, "a page: %d, %r" % (len(first), first[-1:]))
    last = h.ok_lines("players p0998")
    check(len(last) == 201 and last[0].startswith("player p0999 ") and
          b"ok players 201" in h.lines, "the last page: %d, %r" % (len(last), last[:1]))
    h.refused("players ../x", "bad-name")
    p = env.run(["admin", "--socket", server.sock, "players"])
    rows = p.stdout.splitlines()
    check(p.returncode == 0 and len(rows) == 1202 and rows[0].split()[:2] == ["player", "keys"],
          "camelot admin players: %d lines %r" % (len(rows), p.stderr))
    check(re.match(r"alice +0 +1 +\d{4}-\d\d-\d\d \d\d:\d\d *$", rows[1]) and
          re.match(r"p0000 +0 +0 +never *$", rows[2]), "the table: %r" % rows[:3])
    h.close()
    server.stop()
    say("players_seen: when each player was last here, kept over a restart; pages of 500")


def modes(data):
    """The modes of the database's files in 'data'."""
    out = {}
    for end in ("", "-wal", "-shm"):
        path = os.path.join(data, "server.db" + end)
        if os.path.exists(path):
            out["server.db" + end] = os.stat(path).st_mode & 0o777
    return out


def private_store(env):
    old = os.umask(0o022)
    try:
        server = server_at(env, "private_store")
        netlib.Raw(server, "alice").ok("create camette none casual W=me B=open")
        got = modes(server.data)
        check(len(got) == 3 and set(got.values()) == {0o600}, "the store's files: %r" % got)
        copy = env.path("private-backup.db")
        with open(copy, "w"):
            pass  # a file there already, of the umask's mode: the backup is private all the same
        p = env.run(["admin", "--data", server.data, "backup", copy])
        check(p.returncode == 0 and os.stat(copy).st_mode & 0o777 == 0o600,
              "the backup's mode: %r %r" % (p.stderr, oct(os.stat(copy).st_mode)))
        server.stop()
        # A database others could read (an older camelot's): the server takes that away.
        for name in modes(server.data):
            os.chmod(os.path.join(server.data, name), 0o644)
        server.start()
        got = modes(server.data)
        check(set(got.values()) == {0o600}, "after a start: %r" % got)
        check("could be read by other users (mode 644)" in server.log(), "not in the log: %s" %
              server.log()[-500:])
        server.stop()
    finally:
        os.umask(old)
    say("private_store: the database and its backups are the server's user's alone")


def banned_client(env):
    server = netlib.Server(env).start()
    carol = netlib.Text(env, "carol")
    host(server).ok("ban carol")
    carol.expect(r"^the host of this server has banned you: not connecting again$")
    # It would be refused again and again, each time in the server's log: it ends instead.
    rc = carol.proc.wait(netlib.WAIT)
    check(rc == 1, "the banned client ended with status %d" % rc)
    check("carol: banned, refused" not in server.log(), "the banned client came back: %s" %
          server.log()[-800:])
    # Banned while away: turned away as it connects again, it says so and ends.
    dave = netlib.Text(env, "dave")
    dave.send("create camette")
    dave.expect(r"^game \d+ made\.$")
    server.stop()
    db = sqlite3.connect(os.path.join(server.data, "server.db"), timeout=10)
    db.execute("UPDATE players SET banned = 1 WHERE name = 'dave'")
    db.commit()
    db.close()
    server.start()
    dave.expect(r"^the host of this server has banned you: not connecting again$", 30)
    rc = dave.proc.wait(netlib.WAIT)
    check(rc == 1, "the client banned while away ended with status %d" % rc)
    check(server.log().count("dave: banned, refused") == 1, "dave came back: %s" %
          server.log()[-800:])
    server.stop()
    say("banned_client: a client the host bans is told so and does not come back")


def walkaway(env):
    server = server_at(env, "walkaway", "--first-move", "1")
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    for n in range(3):
        game = int(alice.ok("create camette 600+0 rated W=me B=open")[2])
        bob.ok("join %d" % game)
        alice.expect(rb"^ev %d \d+ end \* aborted White made no first move" % game, 30)
    got = alice.request("create camette 600+0 rated W=me B=open")
    check(got.startswith("error create held ") and "3 games" in got and "15 min" in got,
          "a player who walked away three times: %r" % got)
    alice.ok("create camette 600+0 casual W=me B=open")
    # bob, who did not walk away, still makes rated games; alice cannot join one.
    rated = int(bob.ok("create camette 600+0 rated W=me B=open")[2])
    alice.refused("join %d" % rated, "held")
    check(server.log().count("left it or let it be aborted") == 3, "the log: %s" %
          server.log()[-1500:])
    for r in (alice, bob):
        r.close()
    server.stop()
    say("walkaway: three aborts in a day hold a player back from rated games")


def backup(env):
    server = server_at(env, "backup")
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    game = int(alice.ok("create camette 3600+0 casual W=me B=open")[2])
    bob.ok("join %d" % game)
    moves = netlib.record_moves(netlib.finished_game(env, "camette", min_plies=6))
    players = [alice, bob]
    for ply in range(2):
        players[ply % 2].ok("move %d %d m%d %s 5" % (game, ply, ply, moves[ply]))
    copy = env.path("backup.db")
    p = env.run(["admin", "--data", server.data, "backup", copy])
    check(p.returncode == 0, "admin backup: %r %r" % (p.stdout, p.stderr))
    # After the backup: a move the copy does not hold.
    alice.ok("move %d 2 m2 %s 5" % (game, moves[2]))
    p = env.run(["admin", "--data", server.data, "restore", copy])
    check(p.returncode != 0 and "stop it first" in p.stderr,
          "a restore while the server runs: %r" % p.stderr)
    for r in players:
        r.close()
    server.stop()
    p = env.run(["admin", "--data", server.data, "restore", env.path("nothing.db")])
    check(p.returncode != 0, "a restore from nothing: %r" % p.stdout)
    p = env.run(["admin", "--data", server.data, "restore", copy])
    check(p.returncode == 0, "admin restore: %r %r" % (p.stdout, p.stderr))
    server.start()
    alice, bob = netlib.Raw(server, "alice"), netlib.Raw(server, "bob")
    alice.ok("open %d" % game)
    state = netlib.sync_state(alice.lines, game)
    check(state["moves"] == moves[:2], "the restored game has %r" % state["moves"])
    bob.ok("open %d" % game)
    alice.ok("move %d 2 m2b %s 5" % (game, moves[2]))
    bob.expect(rb"^ev %d \d+ move 2 " % game)
    for r in (alice, bob):
        r.close()
    server.stop()
    say("backup: taken while a game is played; restored, the game goes on from it")


def guests(env, shared):
    """As root: every connection of the guests' Unix user is a guest of its own, who plays casual
    games only and has no keys; no relay or key takes a guest's name."""
    code = ("import socket, sys\n"
            "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); f = s.makefile('rb')\n"
            "s.sendall(b'as bob\\nhello 1\\n'); print(f.readline().decode().strip())\n"
            "s.sendall(b'create camette none rated W=me B=open\\n')\n"
            "print(f.readline().decode().strip())\n"
            "s.sendall(b'create camette none casual W=me B=open\\n')\n"
            "while True:\n"
            "    line = f.readline().decode().strip()\n"
            "    if line.startswith('ok create') or line.startswith('error'):\n"
            "        print(line); break\n"
            "s.sendall(b'keycode\\nkeys\\n')\n"
            "n = 0\n"
            "while n < 2:\n"
            "    line = f.readline().decode().strip()\n"
            "    if not line or line.split()[1:2] in (['keycode'], ['keys']):\n"
            "        print(line); n += 1\n")
    names = []
    for _ in range(2):
        p = as_user(NOBODY_B, [other_python(), "-c", code, shared.sock], 60)
        out = p.stdout.splitlines()
        check(len(out) == 5 and re.match(r"^ok hello 1 guest-[a-z0-9]{5}$", out[0]),
              "a guest's hello: %r %r" % (out, p.stderr[-300:]))
        names.append(out[0].split()[3])
        check(out[1].startswith("error create denied guests play casual games only"),
              "a guest's rated game: %r" % out[1])
        check(out[2].startswith("ok create "), "a guest's casual game: %r" % out[2])
        # A code made by a guest would tie a key to a name the next guest may be given.
        check(out[3].startswith("error keycode denied a guest has no keys") and
              out[4].startswith("error keys denied"), "a guest's keys: %r" % out[3:])
    check(names[0] != names[1], "two guests are one: %r" % names)
    r = netlib.Raw(shared, None, hello=False)
    r.send("as %s" % names[0])
    check(b"bad-name" in r.expect(rb"^error as "), "a relay took a guest's name")
    say("guests: each connection a guest of its own, casual games only, no keys")


def one_answer(env, server):
    r = netlib.Raw(server, "busyfollower")
    for _ in range(64):
        r.ok("create camette none casual W=me B=me")
    since = len(r.lines)
    r.send("create camette none casual W=me B=me")
    barrier(r)
    got = answers(r, "create", since)
    check(len(got) == 1 and got[0].startswith(b"error create busy "),
          "a create past the games a connection may follow got %r" % got)
    r.close()
    say("one_answer: one answer to a create past the connection's games")


def closed_client(env, server):
    """A client that sends lines faster than it may and closes: its lines are handled at its
    pace, and the server sleeps meanwhile (a closed socket is always ready to be read)."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(server.sock)
    s.sendall(b"as spinner\nhello 1\n" + b"\n" * 400)
    got = b""
    while b"error - flood" not in got:
        data = s.recv(4096)
        check(data, "the connection closed before the flood was said")
        got += data
    s.sendall(b"\n" * 90000)
    s.close()

    def cpu():
        with open("/proc/%d/stat" % server.proc.pid) as f:
            w = f.read().rsplit(")", 1)[1].split()
        return (int(w[11]) + int(w[12])) / os.sysconf("SC_CLK_TCK")
    c0, t0 = cpu(), time.monotonic()
    time.sleep(3)
    used = (cpu() - c0) / (time.monotonic() - t0)
    check(used < 0.5, "the server used %.0f%% of a core while a closed client's lines waited" %
          (100 * used))
    probe = netlib.Raw(server, "probe")
    probe.ok("games")
    probe.close()
    say("closed_client: %.0f%% of a core while its lines waited" % (100 * used))


def offer_engine(env, server):
    """A takeback asked the moment the turn goes to an engine seat, which accepts at once: the
    offer then waits for a person, and the engine moves (its move ends the offer) rather than
    the game waiting with every clock stopped."""
    alice, bob = netlib.Raw(server, "alyssa"), netlib.Raw(server, "boris")
    game = int(alice.ok("create grand-cam 60+0 casual R=me G=engine:1 B=open Y=me")[2])
    bob.ok("join %d B" % game)
    alice.send("move %d 0 a %s 5\ntakeback %d" % (game, first_move(env, "grand-cam"), game))
    body = alice.wait_event(game, r"^move 1 ", 60 * netlib.time_factor())
    check(body.startswith("move 1 "), "the engine did not move: %r" % body)
    alice.close()
    bob.close()
    say("offer_engine: the engine moved while the takeback waited for a person")


def shared_server(env, *args):
    """A server every user may reach, for the checks with other Unix users (root only); None
    when they cannot be run here (said why)."""
    if not ROOT:
        say("not root: the checks with other Unix users are not run")
        return None
    if other_python() is None:
        say("no python3 another user may run: the checks with other users are not run")
        return None
    d = public_dir()
    shared = netlib.Server(env, "--mode", "666", *args)
    shared.sock = os.path.join(d, "server.sock")
    shared.data = env.path("shared-data")
    os.makedirs(shared.data, exist_ok=True)
    if not others_can_run(env, d):
        shutil.rmtree(d, ignore_errors=True)
        say("the program cannot be run by another user here: those checks are not run")
        return None
    shared.dir = d
    return shared.start()


def with_shared(check_fn, *args):
    def run(env):
        shared = shared_server(env, *args)
        if shared is None:
            return
        try:
            check_fn(env, shared)
        finally:
            if shared.alive():
                shared.stop()
            shutil.rmtree(shared.dir, ignore_errors=True)
    return run


def with_server(check_fn):
    def run(env):
        server = server_at(env, check_fn.__name__)
        check_fn(env, server)
        server.stop()
    return run


def flood(env, shared):
    count = int(os.environ.get("CAMELOT_HOSTILE_CONNECTIONS", "2000"))
    spent = connection_flood(env, shared.sock, count)
    check(spent < 5 * netlib.time_factor(), "user B took %.1f s" % spent)


CHECKS = [
    ("socket_dir", socket_dir),
    ("socket_swap", socket_swap),
    ("fallback_name", with_server(fallback_name)),
    ("fallback_name_users", with_shared(lambda env, s: fallback_name_users(env, s.sock))),
    ("connections", with_server(connections)),
    ("connection_flood", with_shared(flood)),
    ("stuck_socket", stuck_socket),
    ("second_server", with_server(second_server)),
    ("chat_rooms", with_server(chat_rooms)),
    ("variant_names", with_server(variant_names)),
    ("early_end", with_server(early_end)),
    ("one_answer", with_server(one_answer)),
    ("keys", with_server(keys)),
    ("host_tools", with_server(host_tools)),
    ("backup", backup),
    ("players_seen", players_seen),
    ("banned_client", banned_client),
    ("private_store", private_store),
    ("walkaway", walkaway),
    ("keys_users", with_shared(lambda env, s: keys_users(env, s.sock))),
    ("guests", with_shared(guests, "--guests", str(NOBODY_B))),
    ("closed_client", with_server(closed_client)),
    ("offer_engine", with_server(offer_engine)),
    ("full_disk", full_disk),
    ("engine_queue", engine_queue),
    ("engines_alone", engines_alone),
    ("quotas", quotas),
    ("damaged_store", damaged_store),
    ("restart_clock", restart_clock),
]


def test(env):
    """Every check, or only those named in $CAMELOT_HOSTILE_ONLY (separated by commas)."""
    only = [n for n in os.environ.get("CAMELOT_HOSTILE_ONLY", "").split(",") if n]
    for name in only:
        check(name in dict(CHECKS), "no check %r" % name)
    for name, fn in CHECKS:
        if not only or name in only:
            fn(env)


netlib.main(test)
