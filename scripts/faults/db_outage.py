#!/usr/bin/env python3
"""A Postgres outage under load: how soon the server answers 503, and that nothing is lost.

Creates a database on --database-url, puts a TCP proxy of its own between the server and
Postgres and plays random legal chess moves in CLIENTS games at once (read, then move; if
the read fails, the move chosen after the last answer), probing /readyz and /livez every
100 ms and reading a game page every 500 ms. After --warmup s it cuts the database for
--cut-secs: `refuse` closes every proxied connection and closes new ones at once; `stall`
forwards nothing either way (new connections are held silent until the restore closes
them; the others flow again after it); `both` is refuse, --after-secs, stall. Reports
statuses and latency per phase (by when a request started); per cut the slowest answer,
the requests held until the restore, 503s with Retry-After and `database_unavailable`,
/readyz's first 503 and how soon every client moved again; and whether every game holds
every acknowledged move. --check exits 1 unless every request open during a cut is
answered within 5 s, /readyz says 503 within 2 s, every client moves within 5 s of the
restore and no acknowledged move is lost.

Short form (CI):  scripts/faults/db_outage.py --mode both --cut-secs 4 --after-secs 5 --check
Long form:        scripts/faults/db_outage.py --mode both --cut-secs 10 --check
"""

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import Counter

CLIENT_TIMEOUT = 30  # seconds a client waits for an answer
ANSWER_WITHIN, READY_WITHIN, RESUME_WITHIN = 5000, 2000, 5000  # the targets, in ms
PAUSE = 0.1  # seconds a client waits after a failed request
KINDS = ("read", "move", "page", "readyz", "livez", "setup")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def request(port, method, path, body=None, token=None, headers=()):
    """One HTTP/1.1 request on its own connection: (status, headers, parsed body or text)."""
    data = b"" if body is None else json.dumps(body).encode()
    headers = [*headers, *([("Authorization", f"Bearer {token}")] if token else []),
               *([("Content-Type", "application/json"), ("Content-Length", len(data))] if body is not None else [])]
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write((head + "".join(f"{k}: {v}\r\n" for k, v in headers) + "\r\n").encode() + data)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    top, _, payload = raw.partition(b"\r\n\r\n")  # the server sends Content-Length, never chunks
    lines = top.decode(errors="replace").split("\r\n")
    fields = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    try:
        answer = json.loads(payload)
    except ValueError:
        answer = payload.decode(errors="replace")
    return int(lines[0].split(" ", 2)[1]), fields, answer


class Recorder:
    """Sends requests and keeps a record of each: kind, start (s), ms, status, Retry-After,
    error code ("html" for a page) and the client loop that sent it."""

    def __init__(self, port):
        self.port, self.t0, self.records = port, time.monotonic(), []

    def now(self):
        return time.monotonic() - self.t0

    async def timed(self, kind, method, path, body=None, token=None, client=None, headers=()):
        start = self.now()
        try:
            status, fields, answer = await asyncio.wait_for(
                request(self.port, method, path, body, token, headers), CLIENT_TIMEOUT)
        except asyncio.TimeoutError:
            status, fields, answer = "timeout", {}, None
        except (OSError, ValueError, IndexError):
            status, fields, answer = "error", {}, None
        code = answer.get("error") if isinstance(answer, dict) else None
        code = "html" if isinstance(answer, str) and "<html" in answer else code
        self.records.append({"kind": kind, "t": start, "ms": (self.now() - start) * 1000, "status": status,
                             "retry_after": "retry-after" in fields, "code": code, "client": client})
        return status, answer

    async def ready(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if (await self.timed("wait", "GET", "/readyz"))[0] == 200:
                return True
            await asyncio.sleep(0.1)
        return False


class Proxy:
    """A TCP proxy to Postgres that can refuse (cut every connection, close new ones at
    once) or stall (forward nothing either way), and restore."""

    def __init__(self, host, port):
        self.target, self.mode, self.pairs, self.held = (host, port), "open", set(), set()
        self.flowing = asyncio.Event()
        self.flowing.set()

    async def start(self):
        self.server = await asyncio.start_server(self.accept, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def accept(self, reader, writer):
        if self.mode != "open":
            return writer.close() if self.mode == "refuse" else self.held.add(writer)
        try:
            upstream_reader, upstream = await asyncio.open_connection(*self.target)
        except OSError:
            return writer.close()
        if self.mode == "refuse":  # cut while connecting
            return writer.close(), upstream.close()
        pair = (writer, upstream)
        self.pairs.add(pair)
        await asyncio.gather(self.pump(reader, upstream), self.pump(upstream_reader, writer),
                             return_exceptions=True)
        self.pairs.discard(pair)

    async def pump(self, source, sink):
        try:
            while (await self.flowing.wait()) and (data := await source.read(65536)):
                await self.flowing.wait()
                sink.write(data)
                await sink.drain()
        finally:
            sink.close()

    def cut(self, mode):
        self.mode = mode
        if mode == "stall":
            return self.flowing.clear()
        for writer in (writer for pair in list(self.pairs) for writer in pair):
            writer.close()

    def restore(self):
        self.mode = "open"
        self.flowing.set()
        for writer in self.held:
            writer.close()
        self.held.clear()

    async def close(self):
        self.server.close()
        self.restore()
        for writer in (writer for pair in list(self.pairs) for writer in pair):
            writer.transport.abort()
        await asyncio.sleep(0.2)  # lets every connection's task end


async def new_game(rec, tokens, names):
    """A chess game between the two players (white challenges), or None if refused."""
    status, body = await rec.timed("setup", "POST", "/api/v1/challenges", {
        "variant": "chess", "color": "white", "days_per_move": 3, "opponent": names[1]}, tokens["white"])
    if status != 201:
        return None
    status, body = await rec.timed("setup", "POST", f"/api/v1/challenges/{body['id']}/accept", {},
                                   tokens["black"])
    return {"id": body["game_id"], "acked": [], "doubt": set()} if status == 201 else None


async def client(index, rec, tokens, names, games, stop, rng, think):
    """Plays random legal moves in its game until `stop` (see the top); starts a new game when
    one ends. Keeps per game the acknowledged moves and the plies in doubt (a move there got
    no answer or a 5xx, so it may be stored)."""
    pending = None
    while not stop.is_set():
        await asyncio.sleep(think)
        game = games[-1]
        status, body = await rec.timed("read", "GET", f"/api/v1/games/{game['id']}", client=index)
        if status == 200 and (body["status"] != "active" or not body["legal_moves"]):
            games.append(await new_game(rec, tokens, names) or game)
            pending = None
            continue
        if status == 200:
            pending = (body["ply"], rng.choice(body["legal_moves"]), body["to_move"])
        if pending is None:
            await asyncio.sleep(PAUSE)
            continue
        ply, move, side = pending
        status, body = await rec.timed("move", "POST", f"/api/v1/games/{game['id']}/moves",
                                       {"move": move, "ply": ply}, tokens[side], client=index)
        if isinstance(status, int) and status < 500:
            pending = None
            if status in (200, 201):
                game["acked"].append((ply, move))
                if body["legal_moves"]:  # the next move, played if the next read fails
                    pending = (body["ply"], rng.choice(body["legal_moves"]), body["to_move"])
        else:
            game["doubt"].add(ply)
            await asyncio.sleep(PAUSE)


async def prober(rec, kind, path, stop, every, headers=()):
    while not stop.is_set():
        await rec.timed(kind, "GET", path, headers=headers)
        await asyncio.sleep(every)


def spread(records):
    """Count, statuses and p50/p99/max latency (ms) of some records."""
    ms = sorted(r["ms"] for r in records)
    pick = lambda q: round(ms[min(len(ms) - 1, int(q * len(ms)))], 1) if ms else None
    return {"n": len(ms), "statuses": dict(sorted(Counter(str(r["status"]) for r in records).items())),
            "p50": pick(0.5), "p99": pick(0.99), "max": pick(1)}


def cut_figures(records, mode, cut, restore, clients):
    end = lambda r: r["t"] + r["ms"] / 1000
    ms = lambda seconds: None if seconds is None else round(seconds * 1000, 1)
    during = [r for r in records if r["t"] < restore and end(r) > cut]
    slowest = max(during, key=lambda r: r["ms"], default={"ms": 0, "kind": None})
    s503 = [r for r in during if r["status"] == 503]
    ready = min((r for r in during if r["kind"] == "readyz" and r["status"] == 503), key=end, default=None)
    moved = [r for r in records if r["kind"] == "move" and r["status"] in (200, 201) and r["t"] >= cut
             and end(r) >= restore]  # a move held through the cut is not service resumed
    per_client = [min((end(r) for r in moved if r["client"] == i), default=None) for i in range(clients)]
    figures = {
        "mode": mode, "requests": len(during), "slowest_ms": round(slowest["ms"], 1), "slowest_kind": slowest["kind"],
        "over_5s": sum(r["ms"] > ANSWER_WITHIN and r["status"] != "timeout" for r in during),
        "no_answer": sum(r["status"] == "timeout" for r in during),
        "errors": sum(r["status"] == "error" for r in during),
        "held_until_restore": sum(r["t"] < cut and end(r) >= restore for r in during),
        "status_503": len(s503), "with_retry_after": sum(r["retry_after"] for r in s503),
        "database_unavailable": sum(r["code"] == "database_unavailable" for r in s503),
        "html_pages_503": sum(r["code"] == "html" for r in s503),
        "readyz_503_after_ms": ms(ready and end(ready) - cut), "readyz_503_took_ms": ready and round(ready["ms"], 1),
        "livez_max_ms": max((round(r["ms"], 1) for r in during if r["kind"] == "livez"), default=None),
        "first_move_after_restore_ms": ms(min(map(end, moved)) - restore if moved else None),
        "all_clients_after_restore_ms": None if None in per_client else ms(max(per_client) - restore),
    }
    within = lambda name, limit: figures[name] is not None and figures[name] <= limit
    figures["targets"] = {
        "answered_within_5s": figures["over_5s"] + figures["no_answer"] + figures["errors"] == 0,
        "readyz_503_within_2s": within("readyz_503_after_ms", READY_WITHIN),
        "resumed_within_5s": within("all_clients_after_restore_ms", RESUME_WITHIN),
    }
    return figures


async def durability(rec, games):
    """Compares every game's stored moves with the acknowledged ones."""
    d = Counter()
    for game in {id(g): g for g in games}.values():
        status, body = await rec.timed("final", "GET", f"/api/v1/games/{game['id']}")
        stored, acked, doubt = body["moves"] if status == 200 else [], game["acked"], game["doubt"]
        d.update(games=1, acknowledged=len(acked), in_doubt=len(doubt), stored=len(stored), unreadable=status != 200,
                 lost=sum(ply >= len(stored) or stored[ply] != move for ply, move in acked),
                 unexplained_extra=max(0, len(stored) - len(acked) - len(doubt)))
    return dict(d)


async def run(args, dbname, log):
    parts = urllib.parse.urlsplit(args.database_url)
    proxy = Proxy(parts.hostname or "127.0.0.1", parts.port or 5432)
    userinfo = parts.netloc.rpartition("@")[0]
    through = parts._replace(netloc=userinfo + "@" * bool(userinfo) + f"127.0.0.1:{await proxy.start()}",
                             path="/" + dbname)
    port = free_port()
    env = {"DATABASE_URL": urllib.parse.urlunsplit(through), "LISTEN_ADDR": f"127.0.0.1:{port}",
           "PUBLIC_URL": f"http://127.0.0.1:{port}", "RUST_LOG": "warn", "PATH": os.environ.get("PATH", ""),
           # The load plays more games than a person may take on at once.
           "GAMES_ALLOWANCE": "10000", "GAMES_ALLOWANCE_CEILING": "10000"}
    env.update(item.split("=", 1) for item in args.env)
    server = subprocess.Popen([args.server], env=env, stdout=log, stderr=log)
    rec, cuts = Recorder(port), []
    try:
        if not await rec.ready(30):
            raise SystemExit(f"the server did not become ready (log: {log.name})")
        suffix = str(random.randrange(10**6))
        names, tokens = ("white" + suffix, "black" + suffix), {}
        for color, name in zip(("white", "black"), names):
            credentials = {"username": name, "password": "outage-pass-" + name}
            for path in ("/api/v1/accounts", "/api/v1/tokens"):
                status, body = await rec.timed("setup", "POST", path, credentials)
                assert status == 201, (path, status, body)
            tokens[color] = body["token"]
        games = [[await new_game(rec, tokens, names)] for _ in range(args.clients)]
        assert all(g[0] for g in games), "could not create the games"
        stop, rng, load_start = asyncio.Event(), random.Random(args.seed), rec.now()
        tasks = [asyncio.create_task(client(i, rec, tokens, names, games[i], stop, rng, args.think_ms / 1000))
                 for i in range(args.clients)]
        tasks += [asyncio.create_task(prober(rec, "readyz", "/readyz", stop, 0.1)),
                  asyncio.create_task(prober(rec, "livez", "/livez", stop, 0.1)),
                  asyncio.create_task(prober(rec, "page", f"/games/{games[0][0]['id']}", stop, 0.5,
                                             [("Accept-Language", "en")]))]
        await asyncio.sleep(args.warmup)
        for mode in ["refuse", "stall"] if args.mode == "both" else [args.mode]:
            cut = rec.now()
            proxy.cut(mode)
            await asyncio.sleep(args.cut_secs)
            proxy.restore()
            cuts.append((mode, cut, rec.now()))
            await asyncio.sleep(args.after_secs)
        stop.set()
        await asyncio.gather(*tasks)
        load_end, ready_at_end = rec.now(), await rec.ready(15)
        kept = await durability(rec, [g for client_games in games for g in client_games])
    finally:
        server.kill()
        server.wait()
        await proxy.close()
    marks = [("before", load_start)] + [m for mode, cut, restore in cuts
                                        for m in ((f"{mode} cut", cut), (f"after {mode}", restore))]
    load = [r for r in rec.records if r["kind"] in KINDS]
    phases = []
    for (name, start), (_, until) in zip(marks, marks[1:] + [("end", load_end)]):
        inside = [r for r in load if start <= r["t"] < until]
        phases.append({"phase": name, "seconds": round(until - start, 1), "all": spread(inside),
                       **{kind: spread([r for r in inside if r["kind"] == kind]) for kind in KINDS}})
    return {"server": args.server, "mode": args.mode, "cut_secs": args.cut_secs, "after_secs": args.after_secs,
            "clients": args.clients, "phases": phases, "ready_at_end": ready_at_end, "durability": kept,
            "cuts": [cut_figures(load, mode, cut, restore, args.clients) for mode, cut, restore in cuts]}


def summary(result, log):
    print(f"db outage: {result['server']}, mode {result['mode']}, cut {result['cut_secs']} s, after "
          f"{result['after_secs']} s, {result['clients']} clients (server log: {log})\n{'phase':13} {'kind':5} "
          f"{'n':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  statuses")
    for phase, kind in ((phase, kind) for phase in result["phases"] for kind in ("all", "move")):
        s = {k: "-" if v is None else v for k, v in phase[kind].items()}
        print(f"{phase['phase']:13} {kind:5} {s['n']:6} {s['p50']:>8} {s['p99']:>8} {s['max']:>8}  "
              + " ".join(f"{k}:{v}" for k, v in phase[kind]["statuses"].items()))
    for c in result["cuts"]:
        print(f"{c['mode']} cut: {c['requests']} requests open during it, slowest {c['slowest_ms']} ms "
              f"({c['slowest_kind']}), {c['over_5s']} over 5 s, {c['no_answer']} unanswered in {CLIENT_TIMEOUT} s, "
              f"{c['errors']} connection errors, {c['held_until_restore']} held until the restore\n"
              f"  {c['status_503']} answered 503 ({c['with_retry_after']} with Retry-After, "
              f"{c['database_unavailable']} database_unavailable, {c['html_pages_503']} HTML pages); "
              f"/readyz 503 after {c['readyz_503_after_ms']} ms (took {c['readyz_503_took_ms']} ms); "
              f"/livez max {c['livez_max_ms']} ms\n  after the restore: first move "
              f"{c['first_move_after_restore_ms']} ms, every client {c['all_clients_after_restore_ms']} ms"
              "\n  targets: " + ", ".join(f"{k} {'PASS' if ok else 'FAIL'}" for k, ok in c["targets"].items()))
    d = result["durability"]
    print(f"durability: {d['games']} games, {d['acknowledged']} moves acknowledged, {d['in_doubt']} in doubt, "
          f"{d['stored']} stored, {d['lost']} lost, {d['unexplained_extra']} unexplained extra, "
          f"{d['unreadable']} unreadable; ready at the end: {result['ready_at_end']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default="target/release/server")
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/test",
                        help="a Postgres on which the script may create and drop a database")
    parser.add_argument("--mode", choices=["refuse", "stall", "both"], default="refuse")
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--cut-secs", type=float, default=10)
    parser.add_argument("--after-secs", type=float, default=8)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--think-ms", type=float, default=0, help="each client's pause before a read")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="one more variable for the server (repeatable)")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    psql = lambda sql: subprocess.run(["psql", args.database_url, "-v", "ON_ERROR_STOP=1", "-qc", sql],
                                      check=True, capture_output=True)
    dbname = f"outage_{os.getpid()}_{int(time.time())}"
    psql(f"create database {dbname}")
    log = tempfile.NamedTemporaryFile("w", prefix="db-outage-", suffix=".log", delete=False)
    try:
        result = asyncio.run(run(args, dbname, log))
    finally:
        log.close()
        psql(f"drop database if exists {dbname} with (force)")
    d = result["durability"]
    result["targets_met"] = (all(ok for c in result["cuts"] for ok in c["targets"].values()) and result["ready_at_end"]
                             and d["lost"] + d["unexplained_extra"] + d["unreadable"] == 0)
    summary(result, log.name)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(result, out, indent=1)
    print("PASS" if result["targets_met"] else "FAIL" + ("" if args.check else " (reported only: no --check)"))
    if args.check and not result["targets_met"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
