#!/usr/bin/env python3
"""A load test of `parlour serve` on loopback: many pages at once, each
asking in turn for positions, the engine's move (a fraction of a second)
and ten-second analyses, for a while (by default 50 pages for two
minutes). Half the analyses are read to their end; the others are
abandoned after a second or three, as a page closed mid-analysis.

It checks that every request is answered (200) or refused (503) with its
status and headers within a second, that the server never dies or panics,
and that once the pages have gone no search is left running (the status
route's count falls to 0 within three seconds). It reports the requests
by kind and answer, the slowest answers, and the server's peak memory
(VmHWM).

    tools/serve_load.py [--pages 50] [--seconds 120] [--searches 4] PATH/TO/parlour

Python's standard library only. Exit status 0 when every check holds.
"""

import argparse
import http.client
import json
import random
import re
import subprocess
import sys
import threading
import time

LIMIT = 1.0  # seconds to the status line and headers

GAMES = [
    {"game": "checkers", "moves": []},
    {"game": "checkers", "moves": ["11-15", "23-19", "8-11", "22-17"]},
    {"game": "checkers", "rules": "huffing", "moves": ["11-15", "22-18"]},
    {"game": "checkers", "start": "W:W21,22,23,25,26,30,31:B5,7,10,11,13,15,K2"},
    {"game": "pegs", "moves": []},
    {"game": "pegs", "moves": ["K@1", "K@24", "@2", "@23"]},
]


class Tally:
    """What the pages saw, shared between their threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}
        self.slowest = {}
        self.failures = []

    def add(self, kind, status, seconds):
        with self.lock:
            key = f"{kind} {status}"
            self.counts[key] = self.counts.get(key, 0) + 1
            self.slowest[kind] = max(self.slowest.get(kind, 0.0), seconds)
            if status not in (200, 503):
                self.failures.append(f"{kind}: status {status}")
            if seconds > LIMIT:
                self.failures.append(f"{kind}: {seconds:.3f} s to answer ({status})")

    def fail(self, what):
        with self.lock:
            self.failures.append(what)


def request(port, method, path, body=None, timeout=30):
    """Sends a request; returns (connection, response, seconds to headers)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json", "host": "localhost"}
    started = time.monotonic()
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    return conn, response, time.monotonic() - started


def page(port, name, deadline, tally, seed):
    """One page's loop: positions, engine moves, analyses kept or abandoned."""
    rng = random.Random(seed)
    step = 0
    while time.monotonic() < deadline:
        game = rng.choice(GAMES)
        kind = ["position", "move", "analyse"][step % 3]
        step += 1
        try:
            if kind == "position":
                conn, r, s = request(port, "POST", "/api/position", game)
                r.read()
            elif kind == "move":
                body = {"position": game, "page": name, "strength": {"movetime": rng.choice([100, 200, 300])}}
                conn, r, s = request(port, "POST", "/api/engine/move", body)
                r.read()
            else:
                body = {"position": game, "page": name, "seconds": 10}
                conn, r, s = request(port, "POST", "/api/analyse", body)
                if r.status == 200:
                    keep = rng.random() < 0.5
                    stop_at = time.monotonic() + (12 if keep else rng.uniform(1, 3))
                    while time.monotonic() < min(stop_at, deadline + 12):
                        line = r.readline()
                        if not line or line.startswith(b"event: done"):
                            break
                else:
                    r.read()
            tally.add(kind, r.status, s)
            conn.close()
        except (OSError, http.client.HTTPException) as e:
            tally.fail(f"{kind}: {type(e).__name__}: {e}")
            time.sleep(0.2)


def memory(pid, field):
    """A field of /proc/PID/status, in kB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("parlour")
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--searches", type=int, default=4)
    args = parser.parse_args()
    server = subprocess.Popen(
        [args.parlour, "serve", "--port", "0", "--searches", str(args.searches)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        print(f"FAILED: the server did not start: {line}{server.stderr.read()}")
        return 1
    port = int(match.group(1))
    tally = Tally()
    started = time.monotonic()
    deadline = started + args.seconds
    threads = [threading.Thread(target=page, args=(port, f"load-{i}", deadline, tally, i))
               for i in range(args.pages)]
    for t in threads:
        t.start()
    peak_rss = 0
    while any(t.is_alive() for t in threads):
        if server.poll() is not None:
            tally.fail(f"the server died (exit status {server.returncode})")
            break
        peak_rss = max(peak_rss, memory(server.pid, "VmRSS"))
        time.sleep(0.5)
    for t in threads:
        t.join()
    # Every page has gone: no search may be left running.
    left = None
    settle = time.monotonic() + 3
    while time.monotonic() < settle and server.poll() is None:
        conn, r, _ = request(port, "GET", "/api/status")
        status = json.loads(r.read())
        conn.close()
        left = status["searches"]
        if left == 0:
            break
        time.sleep(0.1)
    if left != 0:
        tally.fail(f"{left} searches still running three seconds after every page had gone")
    alive = server.poll() is None
    hwm = memory(server.pid, "VmHWM") if alive else 0
    server.terminate()
    _, stderr = server.communicate(timeout=10)
    if "panicked" in stderr:
        tally.fail("the server panicked: " + stderr.strip().splitlines()[0])
    print(f"{args.pages} pages for {args.seconds:.0f} s, {args.searches} searches at once at most")
    for key in sorted(tally.counts):
        print(f"  {key}: {tally.counts[key]}")
    for kind in sorted(tally.slowest):
        print(f"  slowest {kind}: {tally.slowest[kind]:.3f} s to its status and headers")
    print(f"  searches started {status['started']}, refused {status['refused']}, left running {left}")
    print(f"  server memory: peak {hwm / 1024:.1f} MiB (VmHWM), largest RSS seen {peak_rss / 1024:.1f} MiB")
    if tally.failures:
        print(f"FAILED: {len(tally.failures)} problems, the first:")
        for f in tally.failures[:10]:
            print(f"  {f}")
        return 1
    print("every request answered or refused within a second; no search left running")
    return 0


if __name__ == "__main__":
    sys.exit(main())
