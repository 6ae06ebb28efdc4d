#!/usr/bin/env python3
"""Slow clients and stream floods from one address while another client plays.

Starts the server binary under an open-file limit of 1024 (soft and hard, so it
cannot raise it) on a fresh SQLite database, then from 127.0.0.1 opens SLOWLORIS
sockets that send their headers a line at a time (reconnecting when cut) and
STREAMS event-stream attempts (kept open when accepted), while a second client on
127.0.0.2 plays chess moves. Prints the moves' p50/p99 latency, what the attacker
got, and whether /livez kept answering a third address. Fails if a move failed or p99 exceeds
--max-p99-ms.

Short form (CI):  scripts/faults/slow_clients.py --slowloris 300 --streams 500 --seconds 8
Long form:        scripts/faults/slow_clients.py --slowloris 3000 --streams 10000 --seconds 30
"""

import argparse
import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def request(port, method, path, body=None, token=None, source="127.0.0.2", timeout=10):
    """One HTTP/1.1 request on its own connection: (status, parsed body or text)."""
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), timeout
    )
    try:
        data = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        writer.write(head.encode() + b"\r\n" + data)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    status = int(raw.split(b" ", 2)[1])
    text = raw.split(b"\r\n\r\n", 1)[1].decode(errors="replace") if b"\r\n\r\n" in raw else ""
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


async def player(port, name):
    password = "password-" + name
    status, body = await request(port, "POST", "/api/v1/accounts", {"username": name, "password": password})
    assert status == 201, (status, body)
    status, body = await request(port, "POST", "/api/v1/tokens", {"username": name, "password": password})
    assert status == 201, (status, body)
    return body["token"]


async def new_game(port, white, black):
    status, body = await request(port, "POST", "/api/v1/challenges",
                                 {"variant": "chess", "color": "white", "days_per_move": 3, "opponent": "black"},
                                 token=white)
    assert status == 201, (status, body)
    status, body = await request(port, "POST", f"/api/v1/challenges/{body['id']}/accept", {}, token=black)
    assert status == 201, (status, body)
    return body["game_id"]


async def slowloris(port, stop, stats):
    """One socket sending a header line a second; reconnects when the server cuts it."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            stats["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        try:
            writer.write(b"GET /lobby HTTP/1.1\r\nHost: x\r\n")
            while not stop.is_set():
                await asyncio.sleep(1)
                writer.write(b"X-Slow: y\r\n")
                await writer.drain()
                if reader.at_eof():
                    break
        except OSError:
            pass
        stats["cut"] += 1
        writer.close()


async def stream_attempt(port, game, stop, stats):
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET /api/v1/games/{game}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        await writer.drain()
        line = await asyncio.wait_for(reader.readline(), 10)
    except (OSError, asyncio.TimeoutError):
        stats["stream_failed"] += 1
        return
    status = line.split(b" ")[1].decode() if line.count(b" ") >= 1 else "closed"
    stats["stream_" + status] = stats.get("stream_" + status, 0) + 1
    if status == "200":
        await stop.wait()
    writer.close()


async def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="target/release/server")
    parser.add_argument("--slowloris", type=int, default=300)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--max-p99-ms", type=float, default=200)
    parser.add_argument("--baseline", action="store_true", help="play without any attack")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    port = free_port()
    data = tempfile.mkdtemp(prefix="slow-clients-")
    env = {"DATABASE_URL": f"sqlite://{data}/site.db", "LISTEN_ADDR": f"127.0.0.1:{port}",
           "RUST_LOG": "warn", "PATH": os.environ.get("PATH", ""),
           # The load plays more games than a person may take on at once.
           "GAMES_ALLOWANCE": "10000", "GAMES_ALLOWANCE_CEILING": "10000"}

    def limit_files():
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    server = subprocess.Popen([args.server], env=env, preexec_fn=limit_files,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                if (await request(port, "GET", "/readyz"))[0] == 200:
                    break
            except OSError:
                pass
            await asyncio.sleep(0.1)
        white, black = await player(port, "white"), await player(port, "black")
        watched = await new_game(port, white, black)

        stop = asyncio.Event()
        stats = {"refused": 0, "cut": 0, "stream_failed": 0}
        attack = []
        if not args.baseline:
            attack += [asyncio.create_task(slowloris(port, stop, stats)) for _ in range(args.slowloris)]
            for i in range(args.streams):
                attack.append(asyncio.create_task(stream_attempt(port, watched, stop, stats)))
                if i % 100 == 99:
                    await asyncio.sleep(0.05)
        await asyncio.sleep(1)

        cycle = [("g1f3", white), ("g8f6", black), ("f3g1", white), ("f6g8", black)]
        latencies, failures, livez = [], [], []
        deadline = time.monotonic() + args.seconds
        games_refused = 0
        while time.monotonic() < deadline:
            try:
                game = await new_game(port, white, black)
            except (OSError, asyncio.TimeoutError, AssertionError) as error:
                # A server that cannot even start a game fails this round whole.
                games_refused += 1
                failures.append(("new game", repr(error)))
                continue
            for ply, (move, token) in enumerate(cycle):
                start = time.monotonic()
                try:
                    status, body = await request(port, "POST", f"/api/v1/games/{game}/moves",
                                                 {"move": move, "ply": ply}, token=token)
                except (OSError, asyncio.TimeoutError) as error:
                    status, body = "error", str(error)
                latencies.append((time.monotonic() - start) * 1000)
                if status != 200:
                    failures.append((status, body))
            start = time.monotonic()
            try:
                status, _ = await request(port, "GET", "/livez", source="127.0.0.3")
            except (OSError, asyncio.TimeoutError):
                status = "error"
            livez.append((status, (time.monotonic() - start) * 1000))
        stop.set()
        await asyncio.gather(*attack, return_exceptions=True)
    finally:
        server.kill()
        server.wait()

    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else float("nan")
    livez_ok = sum(1 for status, _ in livez if status == 200)
    print(f"attack: {0 if args.baseline else args.slowloris} slowloris sockets, "
          f"{0 if args.baseline else args.streams} stream attempts from 127.0.0.1; server ulimit -n 1024")
    print(f"attacker got: {json.dumps(stats, sort_keys=True)}")
    print(f"moves from 127.0.0.2: {len(latencies)} played, {len(failures)} failed, "
          f"p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {p(1.0):.1f} ms; "
          f"{games_refused} games could not be started")
    print(f"/livez from a third address: {livez_ok}/{len(livez)} answered 200")
    if failures:
        print("failures:", failures[:5])
    if failures or not latencies or p(0.99) > args.max_p99_ms:
        sys.exit(1)


if __name__ == "__main__":
    asyncio.run(main())
