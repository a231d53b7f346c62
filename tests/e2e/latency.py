#!/usr/bin/env python3
# Key latency of the full-screen game while engines think at level 10.
#
# Runs 'camelot' on a pseudo-terminal of 80x24 with both seats played by the engine at full
# strength, so that a search is always running. It then presses keys whose answer is a new
# message ('H': "Hints are for a person's turn.", ':': "Wait for your turn.", alternately; with
# people, 'u' and 'r': "There is no move to take back." and "... to redo.") and
# times each one from writing the key to reading the answer's text back from the terminal.
# The program's own log (CAMELOT_LATENCY_LOG: microseconds from reading a key to the end of
# the screen update) is summarised too. The same is done with two people and no engine, for
# comparison. Exits 1 when any key with the engine thinking took 50 ms or more.
#
#     python3 tests/e2e/latency.py build/release/camelot [KEYS]
#
# SPDX-License-Identifier: MIT
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time


def spawn(camelot, args, env):
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(camelot, [camelot] + args, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return pid, fd


def read_until(fd, needles, timeout):
    """Reads until one of 'needles' (bytes) is seen; returns the time, or None."""
    buf = b""
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        r, _, _ = select.select([fd], [], [], left)
        if not r:
            return None
        try:
            data = os.read(fd, 65536)
        except OSError:
            return None
        t = time.monotonic()
        buf += data
        for n in needles:
            if n in buf:
                return t


def drain(fd, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.01)
        if r:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def measure(camelot, args, keys, tmp, name, expect_engine):
    log = os.path.join(tmp, name + ".lat")
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color",
               HOME=tmp, XDG_DATA_HOME=os.path.join(tmp, "data"), CAMELOT_LATENCY_LOG=log)
    pid, fd = spawn(camelot, args, env)
    if read_until(fd, [b"thinking" if expect_engine else b"to move"], 20) is None:
        sys.exit("the game did not start (%s)" % name)
    drain(fd, 0.3)
    # Keys and the text that only their answer brings.
    if expect_engine:
        presses = [(b"H", [b"Hin"]), (b":", [b"Wai"])]
    else:
        presses = [(b"u", [b"take"]), (b"r", [b"redo"])]
    times = []
    for i in range(keys):
        key, needles = presses[i % 2]
        t0 = time.monotonic()
        os.write(fd, key)
        t1 = read_until(fd, needles, 2.0)
        if t1 is None:
            sys.exit("no answer to %r within 2 s (%s)" % (key, name))
        times.append((t1 - t0) * 1000)
        drain(fd, 0.02)
    os.write(fd, b"q")
    drain(fd, 0.5)
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    inside = []
    if os.path.exists(log):
        with open(log) as f:
            inside = [int(x) / 1000 for x in f.read().split()]
    return times, inside


def summary(xs):
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(len(xs) * 0.95))]
    return "n %d  min %.1f  median %.1f  p95 %.1f  max %.1f ms" % (
        len(xs), xs[0], statistics.median(xs), p95, xs[-1])


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: python3 latency.py PATH_TO_camelot [KEYS]")
    camelot = os.path.abspath(sys.argv[1])
    keys = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    with tempfile.TemporaryDirectory() as tmp:
        people, people_in = measure(camelot, ["--seat", "W=human", "--seat", "B=human"],
                                    keys, tmp, "people", False)
        engine, engine_in = measure(camelot, ["--seat", "W=engine:10", "--seat", "B=engine:10"],
                                    keys, tmp, "engine", True)
    print("no engine, key to screen:         " + summary(people))
    print("no engine, inside the program:    " + summary(people_in))
    print("level 10 thinking, key to screen: " + summary(engine))
    print("level 10 thinking, inside:        " + summary(engine_in))
    if max(engine) >= 50 or max(engine_in) >= 50:
        print("FAIL: keys took 50 ms or more")
        return 1
    print("keys answered within 50 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
