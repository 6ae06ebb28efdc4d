#!/usr/bin/env python3
"""A player's pages at 1,000 and at 100,000 (or more) finished games.

For each size, starts the release server on a fresh SQLite file, signs up two players,
stops it, writes SIZE finished casual chess games between them straight into the file
(with the per-player counters, head-to-head rows and variant counters those games would
have left), starts it again and times the player's page and API reads: the median of 15
requests after 5 warm-ups, one client. Prints each size's figures and their ratio to the
smallest size, measured in the same run.

    cargo build --release -p server
    python3 scripts/bench/profile_scale.py [--sizes 1000,100000] [--server target/release/server]
"""

import argparse
import json
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

PATHS = ["/players/alice", "/api/v1/players/alice", "/api/v1/players/alice/games",
         "/my-games", "/api/v1/games", "/api/v1/games?after={cursor}", "/rules/chess"]
START = 1_700_000_000


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(port, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, response.read()


def start(server, url, port):
    env = {"DATABASE_URL": url, "LISTEN_ADDR": f"127.0.0.1:{port}", "RUST_LOG": "warn",
           "SWEEP_INTERVAL_SECS": "0", "PATH": os.environ.get("PATH", "")}
    process = subprocess.Popen([server], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if call(port, "GET", "/readyz")[0] == 200:
                return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("the server did not become ready")


def stop(process):
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)


def seed(path, size, rng):
    """Writes `size` finished chess games between alice and bob, alternating colours."""
    db = sqlite3.connect(path)
    ids = dict(db.execute("select username, id from users"))
    alice, bob = ids["alice"], ids["bob"]
    stats = {alice: [0] * 6, bob: [0] * 6}  # white w/l/d, black w/l/d
    h2h = {alice: [0, 0, 0], bob: [0, 0, 0]}
    totals = [0, 0, 0]
    rows = []
    start = START
    for n in range(size):
        white, black = (alice, bob) if n % 2 == 0 else (bob, alice)
        result = rng.choice(["1-0", "0-1", "1/2-1/2"])
        outcome = {"1-0": (0, 1), "0-1": (1, 0), "1/2-1/2": (2, 2)}[result]
        stats[white][outcome[0]] += 1
        stats[black][3 + outcome[1]] += 1
        totals[{"1-0": 0, "0-1": 1, "1/2-1/2": 2}[result]] += 1
        for me, them, won in ((white, black, result == "1-0"), (black, white, result == "0-1")):
            h2h[me][0 if won else 2 if result == "1/2-1/2" else 1] += 1
        at = start + n * 60
        rows.append((f"seed{n:08d}", white, black, result, at, at))
    db.executemany(
        "insert into games (id, variant, white_id, black_id, status, result, termination, "
        "end_reason, ply, days_per_move, created_at, updated_at, finished_at, rated) "
        "values (?, 'chess', ?, ?, 'finished', ?, 'resignation', 'resignation', 0, 3, ?, ?, ?, 0)",
        [(i, w, b, r, c, c, f) for (i, w, b, r, c, f) in rows])
    for user, counts in stats.items():
        db.execute(
            "insert into player_stats (user_id, variant, games, white_wins, white_losses, "
            "white_draws, black_wins, black_losses, black_draws) values (?, 'chess', ?, ?, ?, ?, ?, ?, ?)",
            (user, size, *counts))
    for user, other in ((alice, bob), (bob, alice)):
        db.execute("insert into head_to_head (user_id, opponent_id, wins, losses, draws) "
                   "values (?, ?, ?, ?, ?)", (user, other, *h2h[user]))
    db.execute("update variant_stats set white_wins = ?, black_wins = ?, draws = ? "
               "where variant = 'chess'", totals)
    db.commit()
    db.close()


def measure(server, size, rng):
    directory = tempfile.mkdtemp(prefix="profile-scale-")
    path = os.path.join(directory, "site.db")
    url = f"sqlite://{path}"
    port = free_port()
    process = start(server, url, port)
    for name in ("alice", "bob"):
        status, _ = call(port, "POST", "/api/v1/accounts",
                         {"username": name, "password": f"a long password for {name}"})
        assert status == 201, status
    # Alice's token, for her own list of games (`/api/v1/games`, what My games shows).
    status, body = call(port, "POST", "/api/v1/tokens",
                        {"username": "alice", "password": "a long password for alice",
                         "name": "bench"})
    assert status == 201, status
    token = json.loads(body)["token"]
    stop(process)
    seed(path, size, rng)
    process = start(server, url, port)
    # The second page of Alice's own list starts after the 50th newest ended game.
    cursor = f"{START + (size - 50) * 60}_seed{size - 50:08d}"
    medians = {}
    try:
        for route in PATHS:
            target = route.format(cursor=cursor)
            for _ in range(5):
                call(port, "GET", target, token=token)
            times = []
            for _ in range(15):
                began = time.perf_counter()
                status, _ = call(port, "GET", target, token=token)
                times.append((time.perf_counter() - began) * 1000)
                assert status == 200, (route, status)
            medians[route] = statistics.median(times)
    finally:
        stop(process)
    return medians


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="target/release/server")
    parser.add_argument("--sizes", default="1000,100000")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    rng = random.Random(1)
    results = {size: measure(args.server, size, rng) for size in sizes}
    base = results[sizes[0]]
    print("| page | " + " | ".join(f"{size:,} games" for size in sizes) + " | ratio |")
    print("|---|" + "---|" * (len(sizes) + 1))
    for route in PATHS:
        figures = " | ".join(f"{results[size][route]:.1f} ms" for size in sizes)
        ratio = results[sizes[-1]][route] / base[route]
        print(f"| `{route}` | {figures} | {ratio:.2f} |")


if __name__ == "__main__":
    sys.exit(main())
