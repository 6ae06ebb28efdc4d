#!/usr/bin/env python3
"""kill -9 under write load: no acknowledged move is ever lost.

Starts the server binary on a database (a fresh SQLite file, or --database-url),
plays moves in several games at once, kills the server with SIGKILL at a random
moment, restarts it and checks that every game holds every move that was answered
200 (and at most the one move in flight besides). ROUNDS times. Fails on any loss.

Short form (CI):  scripts/faults/kill9_loop.py --rounds 5
Long form:        scripts/faults/kill9_loop.py --rounds 20
"""

import argparse
import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from slow_clients import free_port, request  # noqa: E402

CYCLE = ["g1f3", "g8f6", "f3g1", "f6g8"]


async def ready(port, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if (await request(port, "GET", "/readyz", timeout=2))[0] == 200:
                return
        except (OSError, asyncio.TimeoutError, IndexError, ValueError):
            pass
        await asyncio.sleep(0.05)
    raise SystemExit("the server did not become ready")


async def writer(port, game, tokens, acknowledged, stop):
    """Plays knight shuffles in `game` until `stop`; counts the moves answered 200."""
    while not stop.is_set():
        ply = acknowledged[game]
        try:
            status, _ = await request(port, "POST", f"/api/v1/games/{game}/moves",
                                      {"move": CYCLE[ply % 4], "ply": ply}, token=tokens[ply % 2], timeout=5)
        except (OSError, asyncio.TimeoutError, IndexError, ValueError):
            return
        if status == 200:
            acknowledged[game] = ply + 1
        elif status == 409:
            return  # the game moved on through a move whose answer was lost: stop writing


async def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="target/release/server")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    port = free_port()
    url = args.database_url or f"sqlite://{tempfile.mkdtemp(prefix='kill9-')}/site.db"
    env = {"DATABASE_URL": url, "LISTEN_ADDR": f"127.0.0.1:{port}", "RUST_LOG": "warn",
           "SWEEP_INTERVAL_SECS": "0", "PATH": os.environ.get("PATH", ""),
           # The load plays more games than a person may take on at once.
           "GAMES_ALLOWANCE": "10000", "GAMES_ALLOWANCE_CEILING": "10000"}
    start = lambda: subprocess.Popen([args.server], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = start()
    await ready(port)
    suffix = str(random.randrange(10**6))
    tokens = []
    for name in ("white" + suffix, "black" + suffix):
        password = "password-" + name
        status, _ = await request(port, "POST", "/api/v1/accounts", {"username": name, "password": password})
        assert status == 201
        status, body = await request(port, "POST", "/api/v1/tokens", {"username": name, "password": password})
        tokens.append(body["token"])
    games = []
    for _ in range(args.games):
        status, body = await request(port, "POST", "/api/v1/challenges",
                                     {"variant": "chess", "color": "white", "days_per_move": 3,
                                      "opponent": "black" + suffix}, token=tokens[0])
        status, body = await request(port, "POST", f"/api/v1/challenges/{body['id']}/accept", {}, token=tokens[1])
        games.append(body["game_id"])
    acknowledged = {game: 0 for game in games}
    total_acknowledged, lost = 0, 0
    try:
        for round_ in range(args.rounds):
            stop = asyncio.Event()
            before = sum(acknowledged.values())
            tasks = [asyncio.create_task(writer(port, g, tokens, acknowledged, stop)) for g in games]
            await asyncio.sleep(random.uniform(0.3, 1.0))
            server.send_signal(signal.SIGKILL)
            server.wait()
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            server = start()
            await ready(port)
            for game in games:
                status, body = await request(port, "GET", f"/api/v1/games/{game}")
                stored = len(body["moves"]) if status == 200 else -1
                if stored < acknowledged[game] or stored > acknowledged[game] + 1:
                    lost += 1
                    print(f"round {round_ + 1}: game {game} holds {stored} moves, {acknowledged[game]} acknowledged")
                acknowledged[game] = max(stored, 0)
            total_acknowledged += sum(acknowledged.values()) - before
    finally:
        server.kill()
        server.wait()
    print(f"kill -9 loop: {args.rounds} rounds, {args.games} games, "
          f"{total_acknowledged} moves stored, {lost} games with a lost or extra move")
    if lost:
        sys.exit(1)


if __name__ == "__main__":
    asyncio.run(main())
