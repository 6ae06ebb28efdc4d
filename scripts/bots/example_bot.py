#!/usr/bin/env python3
"""A small bot for this server, written with berserk, the Lichess API client, unchanged.

It accepts every challenge addressed to it, follows each of its games on the game
stream and plays a legal move whenever it is its turn: a random one, or with
--pick first the first of the server's list (a bot that always plays the same way,
which the tests use). Chess moves are UCI (e2e4, e7e8q); the other variants use this
server's move texts. The server lists the legal moves of the side to move in each
gameState (`legalMoves`), so the bot needs no rules of its own: a real chess bot would
ask an engine instead.

    pip install berserk
    BOT_TOKEN=<the bot account's API token> scripts/bots/example_bot.py \\
        --server http://127.0.0.1:8080 --upgrade

--upgrade turns the token's account into a bot account first (only an account that has
never played a game can become one; docs/bots.md says how to get a token). --games N
stops after N games have finished (0, the default: run until stopped).
"""

import argparse
import os
import random
import sys
import threading

import berserk


def log(*parts):
    print(*parts, flush=True)


def my_turn(state, color):
    """Whether `color` is to move: White moves first, and every move, a pass included,
    is in `moves`, so the count says whose turn it is."""
    moves = state["moves"].split()
    white_to_move = len(moves) % 2 == 0
    return white_to_move == (color == "white")


def play_game(client, game_id, me, pick):
    """Follows one game on its stream and moves whenever it is the bot's turn."""
    color = None
    for event in client.bots.stream_game_state(game_id):
        if event["type"] == "gameFull":
            color = "white" if event["white"]["id"] == me else "black"
            state = event["state"]
        elif event["type"] == "gameState":
            state = event
        else:
            continue  # chat lines and the like
        if state["status"] != "started":
            log("game over", game_id, state["status"], state.get("winner", "draw"))
            return
        if not my_turn(state, color):
            continue
        legal = state.get("legalMoves", "").split()
        if not legal:
            continue
        move = legal[0] if pick == "first" else random.choice(legal)
        try:
            client.bots.make_move(game_id, move)
        except berserk.exceptions.ResponseError as error:
            # Another move came first, or the game just ended: the stream says what next.
            log("move refused", game_id, move, error)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="http://127.0.0.1:8080", help="the server's URL")
    parser.add_argument("--token", default=os.environ.get("BOT_TOKEN"),
                        help="the bot account's API token (default: $BOT_TOKEN)")
    parser.add_argument("--pick", choices=["random", "first"], default="random",
                        help="which legal move to play")
    parser.add_argument("--games", type=int, default=0,
                        help="stop after this many games have finished (0: never)")
    parser.add_argument("--upgrade", action="store_true",
                        help="upgrade the account to a bot account first")
    args = parser.parse_args()
    if not args.token:
        sys.exit("give the bot's API token with --token or BOT_TOKEN")

    session = berserk.TokenSession(args.token)
    client = berserk.Client(session=session, base_url=args.server)
    account = client.account.get()
    if args.upgrade and account.get("title") != "BOT":
        client.account.upgrade_to_bot()
        log("upgraded", account["username"], "to a bot account")
    me = account["id"]

    finished = 0
    games = []
    for event in client.bots.stream_incoming_events():
        if event["type"] == "challenge":
            challenge = event["challenge"]
            if challenge["challenger"]["id"] == me or challenge["status"] != "created":
                continue
            try:
                client.bots.accept_challenge(challenge["id"])
                log("accepted challenge", challenge["id"], "from", challenge["challenger"]["name"],
                    challenge["variant"]["key"])
            except berserk.exceptions.ResponseError as error:
                log("could not accept", challenge["id"], error)
        elif event["type"] == "gameStart":
            game_id = event["game"]["id"]
            log("game start", game_id, event["game"]["variant"]["key"], event["game"]["color"])
            thread = threading.Thread(target=play_game, args=(client, game_id, me, args.pick))
            thread.start()
            games.append(thread)
        elif event["type"] == "gameFinish":
            finished += 1
            if args.games and finished >= args.games:
                break
    for thread in games:
        thread.join()


if __name__ == "__main__":
    main()
