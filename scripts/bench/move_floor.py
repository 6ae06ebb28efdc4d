#!/usr/bin/env python3
"""What Postgres alone allows a move: the statements of one ordinary move, replayed by
pgbench with no server at all, as a ratio of `pgbench -N` on the same Postgres.

Run it on a database a `throughput` run left (it has the server's schema and the
movers' games): it copies one of their active games 16 times, writes a pgbench script
per variant of the move's transaction with that game's players, and runs each with as
many clients as `throughput` has movers. Between runs it deletes what the last one
wrote and vacuums, so every run starts from the same tables.

    target/release/examples/throughput --seconds 8 --database-url postgres://…/tp
    python3 scripts/bench/move_floor.py --database-url postgres://…/tp [--seconds 8]

The variants: the move as the server makes it (the live event, with both players' turn
counts, NOTIFYed in the transaction), the same with the event sent in a transaction of
its own just after the commit, and the same with no event at all. The outbox worker's
statements (about two per notice, batched per round) and the token's read (kept in
memory by the server) are left out, so each figure is an upper bound for its variant.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

CLIENTS = 16

TOKEN = ("select u.id, u.username, u.kind, t.last_used_at from api_tokens t "
         "join users u on u.id = t.user_id where t.token_hash = 'none' "
         "and u.banned_at is null and u.deleted_at is null;")

CLAIM = ("select id from games where id = 'floor' || :n and status = 'active' "
         "and ply = 20 for update;")

ROW = ("select g.*, w.username, w.kind, w.time_zone, w.vacation_from, w.vacation_until, "
       "b.username, b.kind, b.time_zone, b.vacation_from, b.vacation_until, "
       "(select count(*) from conditional_lines cl where cl.game_id = g.id) "
       "from games g join users w on w.id = g.white_id join users b on b.id = g.black_id "
       "where g.id = 'floor' || :n;")

PREFERENCES = ("select p.in_site, p.email, p.push, cast(case when u.email_verified_at is null "
               "or u.email is null then 0 else 1 end as bigint) from users u "
               "left join notification_preferences p on p.user_id = u.id "
               "and p.kind = 'your_turn' where u.id = '{black}' and u.kind <> 'computer';")

SAVE = ("with appended as (insert into moves (game_id, ply, move, display, played_at) "
        "values ('floor' || :n, :ply, 'd3', 'd3', :now)) "
        "update games set status = 'active', result = null, termination = null, "
        "end_reason = null, ply = 20, to_move = 'white', deadline = :now + 259200, "
        "draw_offer = null, finished_at = null, updated_at = :now, white_draw_offers = 0, "
        "black_draw_offers = 0, white_offer_ply = null, black_offer_ply = null, "
        "position = '{position}', position_ply = 20, white_bank = null, black_bank = null, "
        "serial_timeout = 0, turn_time = null, warnings_sent = 0, next_warning_at = null, "
        "white_time_gifts = 0, black_time_gifts = 0, pause_offer = null, paused_from = null, "
        "paused_until = null, pauses_agreed = 0 where id = 'floor' || :n;")

NOTICE = ("with notice as (insert into notifications "
          "(id, user_id, kind, game_id, challenge_id, payload, created_at) "
          "select 'floor-n' || :uid, '{black}', 'your_turn', 'floor' || :n, null, "
          "'{{\"opponent\":\"w\",\"variant\":\"reversi-8x8\",\"ply\":20}}', :now "
          "where not exists (select 1 from notification_preferences p "
          "where p.user_id = '{black}' and p.kind = 'your_turn' and p.in_site = 0) "
          "on conflict (user_id, kind, game_id) where read_at is null "
          "and kind in ('your_turn', 'clock_warning', 'chat_message') "
          "do update set created_at = excluded.created_at, payload = excluded.payload "
          "returning id), queued as (insert into outbox "
          "(id, notification_id, user_id, channel, created_at, next_attempt_at) "
          "select 'floor-o' || :uid, notice.id, '{black}', 'live', :now, :now from notice) "
          "select id from notice;")

TURNS = ("((select count(*) from games tw where tw.white_id = '{user}' "
         "and tw.status = 'active' and tw.to_move = 'white') + "
         "(select count(*) from games tb where tb.black_id = '{user}' "
         "and tb.status = 'active' and tb.to_move = 'black'))")

EVENT = ("select {prefix}pg_notify('move_floor', jsonb_set(jsonb_set("
         "'{{\"players\":[{{\"your_turn_games\":0}},{{\"your_turn_games\":0}}]}}'::jsonb, "
         "'{{players,0,your_turn_games}}', to_jsonb({white_turns})), "
         "'{{players,1,your_turn_games}}', to_jsonb({black_turns}))::text);")


def psql(url, sql):
    result = subprocess.run(["psql", "-qtAX", "-F", "\t", url, "-c", sql], capture_output=True,
                            text=True)
    if result.returncode != 0:
        sys.exit(f"psql: {result.stderr}")
    return result.stdout.strip()


def tps(output):
    found = re.search(r"^tps = ([0-9.]+)", output, re.M)
    if not found:
        sys.exit(f"pgbench gave no figure:\n{output}")
    return float(found.group(1))


def pgbench(url, args, seconds):
    result = subprocess.run(["pgbench", *args, "-c", str(CLIENTS), "-j", "2",
                             "-T", str(seconds), url], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"pgbench {' '.join(args)}: {result.stderr}")
    return tps(result.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--seconds", type=int, default=8)
    options = parser.parse_args()
    url = options.database_url
    game = psql(url, "select id from games where status = 'active' "
                     "and id not like 'floor%' order by id limit 1")
    if not game:
        sys.exit("no active game: run throughput on this database first")
    white, black, position = psql(
        url, f"select white_id, black_id, position from games where id = '{game}'").split("\t")
    psql(url, f"""delete from games where id like 'floor%';
        create temp table floor_game as select * from games where id = '{game}';
        do $$ begin for n in 1..{CLIENTS} loop
            update floor_game set id = 'floor' || n, ply = 20, status = 'active';
            insert into games select * from floor_game;
        end loop; end $$;""")
    fields = {"black": black, "position": position.replace("'", "''")}
    turns = {"white_turns": TURNS.format(user=white), "black_turns": TURNS.format(user=black)}
    header = ["\\set n :client_id + 1", "\\set ply random(1000, 2000000000)",
              "\\set uid random(1, 2000000000)", "\\set now random(1, 2000000000)"]
    body = [TOKEN, "BEGIN;", CLAIM, ROW, PREFERENCES.format(**fields), SAVE.format(**fields),
            NOTICE.format(**fields)]
    event_inside = EVENT.format(prefix="", **turns)
    event_after = EVENT.format(prefix="set_config('synchronous_commit', 'off', true), ",
                               **turns)
    variants = [
        ("the move, its event in the transaction (as the server does)",
         header + body + [event_inside, "END;"]),
        ("the move, its event in a transaction of its own after the commit",
         header + body + ["END;", event_after]),
        ("the move without an event", header + body + ["END;"]),
    ]
    server, name = url.rsplit("/", 1)
    bench_url = f"{server}/{name}_pgbench"
    subprocess.run(["psql", "-qX", url, "-c", f"create database {name}_pgbench"],
                   capture_output=True)
    subprocess.run(["pgbench", "-i", "-q", "-s", "16", bench_url], capture_output=True,
                   check=True)
    base = pgbench(bench_url, ["-N"], options.seconds)
    print(f"\n{CLIENTS} clients, {options.seconds} s each, pgbench -M prepared\n")
    print("| transaction | TPS | ratio to `pgbench -N` |")
    print("|---|---:|---:|")
    print(f"| `pgbench -N` | {base:.0f} | 1.00 |")
    with tempfile.TemporaryDirectory() as folder:
        for title, lines in variants:
            psql(url, "delete from outbox where id like 'floor-o%'; "
                      "delete from notifications where id like 'floor-n%'; "
                      "delete from moves where game_id like 'floor%'")
            psql(url, "vacuum analyze games, moves, notifications, outbox")
            path = os.path.join(folder, "move.sql")
            with open(path, "w", encoding="utf-8") as script:
                script.write("\n".join(lines) + "\n")
            rate = pgbench(url, ["-n", "-M", "prepared", "-f", path], options.seconds)
            print(f"| {title} | {rate:.0f} | {rate / base:.2f} |")
    psql(url, "delete from outbox where id like 'floor-o%'; "
              "delete from notifications where id like 'floor-n%'; "
              "delete from moves where game_id like 'floor%'; "
              "delete from games where id like 'floor%'")


if __name__ == "__main__":
    main()
