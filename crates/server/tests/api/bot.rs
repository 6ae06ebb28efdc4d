//! The Lichess-shaped bot and board API: upgrading to a bot account, the NDJSON event
//! stream (challenges, their cancelling and declining, games starting and finishing),
//! the game stream (`gameFull`, then `gameState` on each change), moves, resigning,
//! aborting and draws, bad input, and a real bot written with the `berserk` Python
//! client (`scripts/bots/example_bot.py`) playing a whole chess game and a whole Reversi
//! game against a person driven from here. Without berserk that test says SKIPPED and
//! passes; with `CI=true` it fails.

use std::{
    process::{Command, Stdio},
    time::Duration,
};

use reqwest::{Method, StatusCode};
use rules::{AnyGame, Variant};
use serde_json::{Value, json};

use crate::{
    helpers::{Backend, Player, TestApp},
    scenarios,
};

scenarios!(
    upgrading_follows_lichess_rules_and_a_bot_plays_only_through_the_api,
    the_event_stream_tells_of_challenges_and_games,
    the_game_stream_sends_the_game_then_each_change,
    the_game_chat_is_streamed_read_and_written,
    moves_and_actions_refuse_bad_input_clearly,
    challenges_refuse_what_this_server_cannot_offer,
    two_moves_at_once_play_one,
    reversi_is_played_with_its_own_move_texts,
    the_event_stream_hears_changes_made_on_another_instance,
    shutdown_ends_the_streams,
    a_berserk_bot_plays_chess_and_reversi_to_the_end,
);

scenarios!(
    with [("MAX_STREAMS_PER_ADDRESS", "2")];
    streams_are_limited_per_address
);

/// How long an expected line may take to arrive before the test fails.
const PATIENCE: Duration = Duration::from_secs(10);

/// An open NDJSON stream and what was read from it but not yet taken.
struct Ndjson {
    response: reqwest::Response,
    buffer: String,
}

impl Ndjson {
    /// Opens `path` as `player`, expecting a 200 NDJSON stream.
    async fn open(app: &TestApp, path: &str, player: &Player) -> Ndjson {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .bearer_auth(&player.token)
            .send()
            .await
            .expect("open the stream");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "application/x-ndjson",
            "{path}"
        );
        Ndjson {
            response,
            buffer: String::new(),
        }
    }

    /// The next line that is not a keep-alive, or `None` once the stream has ended.
    async fn next(&mut self) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            if let Some(end) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=end).collect();
                if line.trim().is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(&line).expect("a JSON line"));
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .unwrap_or_else(|_| panic!("no line within {PATIENCE:?}: {:?}", self.buffer))
                .expect("read the stream")?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// The next line, which must be of `kind`.
    async fn expect(&mut self, kind: &str) -> Value {
        let line = self
            .next()
            .await
            .unwrap_or_else(|| panic!("the stream ended before a `{kind}`"));
        assert_eq!(line["type"], kind, "{line}");
        line
    }

    /// Asserts that the stream ends with no other line.
    async fn ends(&mut self) {
        if let Some(line) = self.next().await {
            panic!("expected the end of the stream, got {line}");
        }
    }
}

/// Registers `name` and upgrades them to a bot account.
async fn bot(app: &TestApp, name: &str) -> Player {
    let player = app.player(name).await;
    let (status, body) = post_empty(app, "/api/bot/account/upgrade", &player).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"ok": true}));
    player
}

/// A POST without a body, as Lichess clients send them.
async fn post_empty(app: &TestApp, path: &str, player: &Player) -> (StatusCode, Value) {
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .bearer_auth(&player.token)
        .send()
        .await
        .expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// A POST with a form body.
async fn post_form(
    app: &TestApp,
    path: &str,
    player: &Player,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    let body = form
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join("&");
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .bearer_auth(&player.token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// `challenger` challenges `opponent` (a form body, as Lichess takes it) and `opponent`
/// accepts: the game's id.
async fn lichess_game(
    app: &TestApp,
    challenger: &Player,
    opponent: &Player,
    form: &[(&str, &str)],
) -> String {
    let (status, challenge) = post_form(
        app,
        &format!("/api/challenge/{}", opponent.name),
        challenger,
        form,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    let id = challenge["id"].as_str().unwrap().to_owned();
    let (status, body) = post_empty(app, &format!("/api/challenge/{id}/accept"), opponent).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, shown) = app.get(&format!("/api/v1/challenges/{id}"), None).await;
    shown["game_id"].as_str().expect("the game").to_owned()
}

/// Asserts a refusal: `status` and the project's error code.
fn refused(answer: &(StatusCode, Value), status: StatusCode, code: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error"], code, "{}", answer.1);
    assert!(
        answer.1["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{}",
        answer.1
    );
}

async fn upgrading_follows_lichess_rules_and_a_bot_plays_only_through_the_api(app: TestApp) {
    let robo = app.player("RoboPlayer").await;
    let (status, account) = app.get("/api/account", Some(&robo.token)).await;
    assert_eq!(status, StatusCode::OK, "{account}");
    assert_eq!(account["id"], "roboplayer");
    assert_eq!(account["username"], "RoboPlayer");
    assert!(account.get("title").is_none(), "{account}");
    // A person plays through the board API, not the bot API.
    let human = app.player("human_one").await;
    let game = app.new_game("chess", &human, &robo).await;
    refused(
        &post_empty(&app, &format!("/api/bot/game/{game}/move/e2e4"), &human).await,
        StatusCode::BAD_REQUEST,
        "not_a_bot",
    );
    // An account that has a game cannot become a bot.
    refused(
        &post_empty(&app, "/api/bot/account/upgrade", &robo).await,
        StatusCode::BAD_REQUEST,
        "has_games",
    );
    let (status, _) = app.get("/api/account", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    refused(
        &app.send(
            Method::POST,
            "/api/bot/account/upgrade",
            Some("nonsense"),
            None,
        )
        .await,
        StatusCode::UNAUTHORIZED,
        "unauthenticated",
    );

    // A fresh account may, once.
    let bot = bot(&app, "FreshBot").await;
    let (_, account) = app.get("/api/account", Some(&bot.token)).await;
    assert_eq!(account["title"], "BOT");
    assert_eq!(account["id"], "freshbot");
    refused(
        &post_empty(&app, "/api/bot/account/upgrade", &bot).await,
        StatusCode::BAD_REQUEST,
        "already_bot",
    );

    // The bot's game: it plays through the bot API, and the board API refuses it.
    let game = lichess_game(&app, &human, &bot, &[("color", "white"), ("days", "3")]).await;
    assert_eq!(
        post_empty(&app, &format!("/api/board/game/{game}/move/e2e4"), &human)
            .await
            .0,
        StatusCode::OK
    );
    refused(
        &post_empty(&app, &format!("/api/board/game/{game}/move/e7e5"), &bot).await,
        StatusCode::BAD_REQUEST,
        "bot_account",
    );
    // The site's move form refuses the bot with a clear page, in its language.
    let response = app
        .client
        .post(format!("{}/games/{game}/move", app.address))
        .bearer_auth(&bot.token)
        .header("accept-language", "et")
        .form(&[("move", "e7e5"), ("ply", "1")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let page = response.text().await.unwrap();
    assert!(page.contains("botikonto"), "{page}");
    let response = app
        .client
        .post(format!("{}/games/{game}/action/resign", app.address))
        .bearer_auth(&bot.token)
        .form(&[("ply", "1")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert!(response.text().await.unwrap().contains("bot API"));
    assert_eq!(app.game(&game).await["ply"], 1, "nothing was played");
    assert_eq!(
        post_empty(&app, &format!("/api/bot/game/{game}/move/e7e5"), &bot)
            .await
            .0,
        StatusCode::OK
    );

    // BOT by its name on the game page, its player page and in the lists.
    let badges = bot_badges(&app.page_html(&format!("/games/{game}")).await);
    assert!(
        badges.len() >= 2 && badges.iter().all(|text| text == "BOT"),
        "{badges:?}"
    );
    let badges = bot_badges(&app.page_html("/players/FreshBot").await);
    assert_eq!(badges.len(), 1, "the heading only");
    let badges = bot_badges(&app.page_html("/players/human_one").await);
    assert_eq!(badges.len(), 1, "the game against the bot");
    let badges = bot_badges(&app.page_html_as(&human, "/my-games").await);
    assert_eq!(badges.len(), 1, "the opponent in My games");
}

/// The texts of the BOT badges on a page.
fn bot_badges(page: &str) -> Vec<String> {
    let badge = scraper::Selector::parse(".bot-badge").unwrap();
    scraper::Html::parse_document(page)
        .select(&badge)
        .map(|element| element.text().collect())
        .collect()
}

async fn the_event_stream_tells_of_challenges_and_games(app: TestApp) {
    let bot = bot(&app, "StreamBot").await;
    let human = app.player("Streamer").await;
    let mut bot_events = Ndjson::open(&app, "/api/stream/event", &bot).await;
    let mut human_events = Ndjson::open(&app, "/api/stream/event", &human).await;

    // A challenge by form: both hear of it, each from their side.
    let (status, made) = post_form(
        &app,
        "/api/challenge/streambot",
        &human,
        &[("rated", "true"), ("days", "3"), ("color", "white")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["direction"], "out");
    assert_eq!(made["status"], "created");
    let line = bot_events.expect("challenge").await;
    let challenge = &line["challenge"];
    assert_eq!(challenge["id"], made["id"]);
    assert_eq!(challenge["direction"], "in");
    assert_eq!(challenge["challenger"]["name"], "Streamer");
    assert_eq!(challenge["challenger"]["id"], "streamer");
    assert_eq!(challenge["destUser"]["title"], "BOT");
    assert_eq!(challenge["variant"]["key"], "standard");
    assert_eq!(challenge["rated"], true);
    assert_eq!(challenge["speed"], "correspondence");
    assert_eq!(
        challenge["timeControl"],
        json!({"type": "correspondence", "daysPerTurn": 3})
    );
    assert_eq!(challenge["color"], "white");
    assert_eq!(
        human_events.expect("challenge").await["challenge"]["direction"],
        "out"
    );
    // The list says the same.
    let (_, list) = app.get("/api/challenge", Some(&bot.token)).await;
    assert_eq!(list["in"][0]["id"], made["id"]);
    assert_eq!(list["out"], json!([]));

    // Cancelled: the bot hears of it.
    let first = made["id"].as_str().unwrap();
    let (status, _) = post_empty(&app, &format!("/api/challenge/{first}/cancel"), &human).await;
    assert_eq!(status, StatusCode::OK);
    let line = bot_events.expect("challengeCanceled").await;
    assert_eq!(line["challenge"]["id"], first);
    assert_eq!(line["challenge"]["status"], "canceled");
    human_events.expect("challengeCanceled").await;

    // A JSON body as berserk sends it (nulls for what it was not given), declined with a
    // reason the challenger hears.
    let (status, made) = app
        .post(
            "/api/challenge/StreamBot",
            Some(&human.token),
            json!({"rated": false, "clock.limit": null, "clock.increment": null,
                "days": 5, "color": null, "variant": "reversi-6x6", "fen": null}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["variant"]["key"], "reversi-6x6");
    assert_eq!(made["color"], "random");
    let second = made["id"].as_str().unwrap();
    bot_events.expect("challenge").await;
    human_events.expect("challenge").await;
    let (status, _) = app
        .post(
            &format!("/api/challenge/{second}/decline"),
            Some(&bot.token),
            json!({"reason": "later"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let line = human_events.expect("challengeDeclined").await;
    assert_eq!(line["challenge"]["declineReasonKey"], "later");
    assert!(line["challenge"]["declineReason"].as_str().unwrap().len() > 5);
    assert_eq!(line["challenge"]["status"], "declined");
    bot_events.expect("challengeDeclined").await;

    // Accepted: both hear the game start, from their side.
    let game = lichess_game(&app, &human, &bot, &[("color", "white"), ("days", "3")]).await;
    bot_events.expect("challenge").await;
    human_events.expect("challenge").await;
    let start = bot_events.expect("gameStart").await;
    assert_eq!(start["game"]["id"], game.as_str());
    assert_eq!(start["game"]["gameId"], game.as_str());
    assert_eq!(start["game"]["color"], "black");
    assert_eq!(start["game"]["isMyTurn"], false);
    assert_eq!(start["game"]["opponent"]["username"], "Streamer");
    assert_eq!(
        start["game"]["status"],
        json!({"id": 20, "name": "started"})
    );
    assert_eq!(
        start["game"]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let start = human_events.expect("gameStart").await;
    assert_eq!(start["game"]["color"], "white");
    assert_eq!(start["game"]["isMyTurn"], true);

    // A stream opened now starts with the game in progress and the open challenge.
    let (status, waiting) = post_form(&app, "/api/challenge/StreamBot", &human, &[]).await;
    assert_eq!(status, StatusCode::OK, "{waiting}");
    bot_events.expect("challenge").await;
    human_events.expect("challenge").await;
    let mut reopened = Ndjson::open(&app, "/api/stream/event", &bot).await;
    assert_eq!(
        reopened.expect("gameStart").await["game"]["id"],
        game.as_str()
    );
    let line = reopened.expect("challenge").await;
    assert_eq!(line["challenge"]["id"], waiting["id"]);
    assert_eq!(line["challenge"]["timeControl"]["type"], "unlimited");

    // Moves are not events; the end is.
    assert_eq!(
        post_empty(&app, &format!("/api/board/game/{game}/move/e2e4"), &human)
            .await
            .0,
        StatusCode::OK
    );
    let (status, _) = post_empty(&app, &format!("/api/board/game/{game}/resign"), &human).await;
    assert_eq!(status, StatusCode::OK);
    for stream in [&mut bot_events, &mut reopened] {
        let finish = stream.expect("gameFinish").await;
        assert_eq!(finish["game"]["id"], game.as_str());
        assert_eq!(finish["game"]["winner"], "black");
        assert_eq!(finish["game"]["status"]["name"], "resign");
        assert_eq!(finish["game"]["lastMove"], "e2e4");
    }
    human_events.expect("gameFinish").await;
}

async fn the_game_stream_sends_the_game_then_each_change(app: TestApp) {
    let bot = bot(&app, "StateBot").await;
    let human = app.player("Stater").await;
    let game = lichess_game(&app, &human, &bot, &[("color", "white"), ("days", "7")]).await;
    let mut bot_stream = Ndjson::open(&app, &format!("/api/bot/game/stream/{game}"), &bot).await;
    let full = bot_stream.expect("gameFull").await;
    assert_eq!(full["id"], game.as_str());
    assert_eq!(full["variant"]["key"], "standard");
    assert_eq!(full["speed"], "correspondence");
    assert_eq!(full["rated"], false);
    assert_eq!(full["initialFen"], "startpos");
    assert_eq!(full["daysPerTurn"], 7);
    assert_eq!(full["white"]["name"], "Stater");
    assert_eq!(full["white"]["id"], "stater");
    assert_eq!(full["white"]["title"], Value::Null);
    assert_eq!(full["black"]["title"], "BOT");
    assert_eq!(full["black"]["rating"], 1500);
    assert!(full["createdAt"].as_i64().unwrap() > 1_000_000_000_000);
    let state = &full["state"];
    assert_eq!(state["type"], "gameState");
    assert_eq!(state["moves"], "");
    assert_eq!(state["status"], "started");
    assert_eq!(state["wtime"], 7 * 86_400 * 1000);
    assert_eq!(state["winc"], 0);
    assert!(state["legalMoves"].as_str().unwrap().contains("e2e4"));
    let mut human_stream =
        Ndjson::open(&app, &format!("/api/board/game/stream/{game}"), &human).await;
    human_stream.expect("gameFull").await;

    // A move each, through the board and the bot API.
    let board = |path: &str| format!("/api/board/game/{game}/{path}");
    let botapi = |path: &str| format!("/api/bot/game/{game}/{path}");
    assert_eq!(
        post_empty(&app, &board("move/e2e4"), &human).await.0,
        StatusCode::OK
    );
    for stream in [&mut bot_stream, &mut human_stream] {
        let state = stream.expect("gameState").await;
        assert_eq!(state["moves"], "e2e4");
        assert!(state["legalMoves"].as_str().unwrap().contains("e7e5"));
        assert!(state.get("wdraw").is_none());
    }
    assert_eq!(
        post_empty(&app, &botapi("move/e7e5"), &bot).await.0,
        StatusCode::OK
    );
    assert_eq!(bot_stream.expect("gameState").await["moves"], "e2e4 e7e5");
    human_stream.expect("gameState").await;

    // Draws, Lichess's way: yes offers, no declines, yes accepts.
    assert_eq!(
        post_empty(&app, &board("draw/yes"), &human).await.0,
        StatusCode::OK
    );
    assert_eq!(bot_stream.expect("gameState").await["wdraw"], true);
    assert_eq!(
        post_empty(&app, &botapi("draw/no"), &bot).await.0,
        StatusCode::OK
    );
    assert!(bot_stream.expect("gameState").await.get("wdraw").is_none());
    // A move with a draw offer.
    assert_eq!(
        post_empty(&app, &board("move/g1f3"), &human).await.0,
        StatusCode::OK
    );
    bot_stream.expect("gameState").await;
    let (status, _) = post_empty(&app, &botapi("move/b8c6?offeringDraw=true"), &bot).await;
    assert_eq!(status, StatusCode::OK);
    let mut state = bot_stream.expect("gameState").await;
    if state.get("bdraw").is_none() {
        // The move and the offer are two changes: the offer follows.
        state = bot_stream.expect("gameState").await;
    }
    assert_eq!(state["moves"], "e2e4 e7e5 g1f3 b8c6");
    assert_eq!(state["bdraw"], true);
    assert_eq!(
        post_empty(&app, &board("draw/yes"), &human).await.0,
        StatusCode::OK
    );
    let last = bot_stream.expect("gameState").await;
    assert_eq!(last["status"], "draw");
    assert!(last.get("winner").is_none());
    assert_eq!(last["legalMoves"], "");
    bot_stream.ends().await;
    // The human's stream saw the same end.
    loop {
        let state = human_stream.expect("gameState").await;
        if state["status"] != "started" {
            assert_eq!(state["status"], "draw");
            break;
        }
    }
    human_stream.ends().await;
    // A stream of a game that is over: the game, then the end.
    let mut late = Ndjson::open(&app, &format!("/api/bot/game/stream/{game}"), &bot).await;
    assert_eq!(late.expect("gameFull").await["state"]["status"], "draw");
    late.ends().await;
}

async fn the_game_chat_is_streamed_read_and_written(app: TestApp) {
    let bot = bot(&app, "ChatBot").await;
    let human = app.player("Chatter").await;
    let stranger = app.player("Stranger").await;
    let game = lichess_game(&app, &human, &bot, &[("color", "white")]).await;
    let chat = |face: &str| format!("/api/{face}/game/{game}/chat");
    // A line written before the stream opens is read, not streamed.
    let (status, body) = post_form(
        &app,
        &chat("board"),
        &human,
        &[("room", "player"), ("text", "Hello%20bot")],
    )
    .await;
    assert_eq!((status, &body), (StatusCode::OK, &json!({"ok": true})));
    let mut bot_stream = Ndjson::open(&app, &format!("/api/bot/game/stream/{game}"), &bot).await;
    bot_stream.expect("gameFull").await;
    let (status, lines) = app.get(&chat("bot"), Some(&bot.token)).await;
    assert_eq!(status, StatusCode::OK, "{lines}");
    assert_eq!(lines, json!([{"user": "Chatter", "text": "Hello bot"}]));

    // The bot answers as berserk does (a JSON body works too); both lines are streamed,
    // escaped as JSON, never as HTML.
    let (status, body) = post_form(
        &app,
        &chat("bot"),
        &bot,
        &[("room", "player"), ("text", "good%20luck%20%3Cb%3E")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let line = bot_stream.expect("chatLine").await;
    assert_eq!(
        line,
        json!({"type": "chatLine", "room": "player", "username": "ChatBot", "text": "good luck <b>"})
    );
    let (status, body) = app
        .post(
            &chat("board"),
            Some(&human.token),
            json!({"room": "player", "text": "thanks"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(bot_stream.expect("chatLine").await["text"], "thanks");
    // A move still reads as a move after the chat.
    assert_eq!(
        post_empty(&app, &format!("/api/board/game/{game}/move/e2e4"), &human)
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(bot_stream.expect("gameState").await["moves"], "e2e4");

    // Refusals, in Lichess's statuses with the project's codes.
    let bad = [
        (
            &bot,
            "bot",
            vec![("room", "spectator"), ("text", "hi")],
            "spectator_room_not_supported",
        ),
        (
            &bot,
            "bot",
            vec![("room", "lobby"), ("text", "hi")],
            "invalid_room",
        ),
        (
            &bot,
            "bot",
            vec![("room", "player"), ("text", "%20%20")],
            "empty_message",
        ),
        (
            &bot,
            "board",
            vec![("room", "player"), ("text", "hi")],
            "bot_account",
        ),
        (
            &human,
            "bot",
            vec![("room", "player"), ("text", "hi")],
            "not_a_bot",
        ),
        (
            &stranger,
            "board",
            vec![("room", "player"), ("text", "hi")],
            "not_a_player",
        ),
    ];
    for (who, face, form, code) in bad {
        let answer = post_form(&app, &chat(face), who, &form).await;
        refused(&answer, StatusCode::BAD_REQUEST, code);
    }
    let long = "x".repeat(501);
    let answer = post_form(
        &app,
        &chat("bot"),
        &bot,
        &[("room", "player"), ("text", &long)],
    )
    .await;
    refused(&answer, StatusCode::BAD_REQUEST, "message_too_long");
    let (status, body) = app.get(&chat("board"), Some(&stranger.token)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("chat_private"))
    );
    let (status, _) = app
        .get("/api/bot/game/nosuchgame/chat", Some(&bot.token))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Nothing refused was written.
    let (_, lines) = app.get(&chat("board"), Some(&human.token)).await;
    assert_eq!(lines.as_array().map(Vec::len), Some(3), "{lines}");
}

async fn moves_and_actions_refuse_bad_input_clearly(app: TestApp) {
    let bot = bot(&app, "StrictBot").await;
    let human = app.player("Tester").await;
    let outsider = app.player("Outsider").await;
    let game = lichess_game(&app, &human, &bot, &[("color", "white"), ("days", "3")]).await;
    let board = |path: &str| format!("/api/board/game/{game}/{path}");
    let botapi = |path: &str| format!("/api/bot/game/{game}/{path}");
    let bad = StatusCode::BAD_REQUEST;
    refused(
        &post_empty(&app, &board("move/e2e5"), &human).await,
        bad,
        "illegal_move",
    );
    refused(
        &post_empty(&app, &board("move/hello"), &human).await,
        bad,
        "malformed_move",
    );
    refused(
        &post_empty(&app, &botapi("move/e7e5"), &bot).await,
        bad,
        "not_your_turn",
    );
    refused(
        &post_empty(&app, &board("move/e2e4"), &outsider).await,
        bad,
        "not_a_player",
    );
    refused(
        &post_empty(&app, "/api/board/game/nosuchgame/move/e2e4", &human).await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    refused(
        &post_empty(&app, &board("draw/maybe"), &human).await,
        bad,
        "bad_request",
    );
    refused(
        &post_empty(&app, &botapi("draw/no"), &bot).await,
        bad,
        "no_draw_offer",
    );
    refused(
        &post_empty(&app, &board("claim-draw"), &human).await,
        bad,
        "no_draw_claim",
    );
    let (status, _) = app
        .get(
            &format!("/api/bot/game/stream/{game}"),
            Some(&outsider.token),
        )
        .await;
    assert_eq!(status, bad);
    let (status, _) = app
        .get("/api/board/game/stream/nosuchgame", Some(&human.token))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Nothing was played by all that.
    assert_eq!(app.game(&game).await["ply"], 0);

    // Abort before both have moved; too late after.
    assert_eq!(
        post_empty(&app, &board("move/e2e4"), &human).await.0,
        StatusCode::OK
    );
    assert_eq!(
        post_empty(&app, &botapi("move/e7e5"), &bot).await.0,
        StatusCode::OK
    );
    refused(
        &post_empty(&app, &botapi("abort"), &bot).await,
        bad,
        "too_late_to_abort",
    );
    assert_eq!(
        post_empty(&app, &botapi("resign"), &bot).await.0,
        StatusCode::OK
    );
    refused(
        &post_empty(&app, &board("resign"), &human).await,
        bad,
        "game_over",
    );
    refused(
        &post_empty(&app, &board("move/d2d4"), &human).await,
        bad,
        "game_over",
    );
    let finished = app.game(&game).await;
    assert_eq!(finished["result"], "1-0");
    assert_eq!(finished["termination"], "resignation");

    let other = lichess_game(&app, &bot, &human, &[("color", "black")]).await;
    let (status, _) = post_empty(&app, &format!("/api/board/game/{other}/abort"), &human).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.game(&other).await["status"], "aborted");
}

async fn challenges_refuse_what_this_server_cannot_offer(app: TestApp) {
    let bot = bot(&app, "PickyBot").await;
    let human = app.player("Asker").await;
    let bad = StatusCode::BAD_REQUEST;
    let path = "/api/challenge/PickyBot";
    refused(
        &post_form(
            &app,
            path,
            &human,
            &[("clock.limit", "300"), ("clock.increment", "2")],
        )
        .await,
        bad,
        "realtime_not_supported",
    );
    refused(
        &app.post(path, Some(&human.token), json!({"clock.limit": 60}))
            .await,
        bad,
        "realtime_not_supported",
    );
    refused(
        &post_form(&app, path, &human, &[("variant", "chess960")]).await,
        bad,
        "unknown_variant",
    );
    refused(
        &post_form(&app, path, &human, &[("days", "4")]).await,
        bad,
        "invalid_days_per_move",
    );
    refused(
        &post_form(&app, path, &human, &[("days", "three")]).await,
        bad,
        "bad_request",
    );
    refused(
        &post_form(&app, path, &human, &[("color", "green")]).await,
        bad,
        "invalid_color",
    );
    refused(
        &post_form(&app, path, &human, &[("rated", "maybe")]).await,
        bad,
        "bad_request",
    );
    refused(
        &post_form(
            &app,
            path,
            &human,
            &[("fen", "8/8/8/8/8/8/8/K6k w - - 0 1")],
        )
        .await,
        bad,
        "custom_position_not_supported",
    );
    refused(
        &post_form(&app, "/api/challenge/Asker", &human, &[]).await,
        bad,
        "challenge_to_yourself",
    );
    refused(
        &post_form(&app, "/api/challenge/nobody_here", &human, &[]).await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    refused(
        &app.post(path, Some(&human.token), json!([1, 2])).await,
        bad,
        "bad_request",
    );
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .bearer_auth(&human.token)
        .header("content-type", "text/plain")
        .body("days=3")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .bearer_auth(&human.token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("x".repeat(200_000))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    // The rest of the body is never read: the connection is not offered for another
    // request (the next one below would otherwise race its closing).
    assert_eq!(response.headers()[reqwest::header::CONNECTION], "close");
    // The standard position may be named.
    let (status, made) = post_form(
        &app,
        path,
        &human,
        &[(
            "fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["id"].as_str().unwrap();
    // Declining: only the player it is addressed to, only for a known reason, once.
    refused(
        &post_empty(&app, &format!("/api/challenge/{id}/decline"), &human).await,
        bad,
        "not_addressed_to_you",
    );
    refused(
        &post_form(
            &app,
            &format!("/api/challenge/{id}/decline"),
            &bot,
            &[("reason", "rude")],
        )
        .await,
        bad,
        "invalid_decline_reason",
    );
    refused(
        &post_empty(&app, &format!("/api/challenge/{id}/cancel"), &bot).await,
        bad,
        "not_your_challenge",
    );
    assert_eq!(
        post_empty(&app, &format!("/api/challenge/{id}/decline"), &bot)
            .await
            .0,
        StatusCode::OK
    );
    refused(
        &post_empty(&app, &format!("/api/challenge/{id}/accept"), &bot).await,
        bad,
        "challenge_taken",
    );
    refused(
        &post_empty(&app, &format!("/api/challenge/{id}/decline"), &bot).await,
        bad,
        "challenge_closed",
    );
    refused(
        &post_empty(&app, "/api/challenge/nosuch/accept", &bot).await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    // A challenge open to anyone cannot be declined.
    let (status, open) = app
        .post(
            "/api/v1/challenges",
            Some(&human.token),
            json!({"variant": "chess", "color": "white"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    refused(
        &post_empty(
            &app,
            &format!("/api/challenge/{}/decline", open["id"].as_str().unwrap()),
            &bot,
        )
        .await,
        bad,
        "not_addressed_to_you",
    );
    // The lobby sees the declined one no more.
    let (_, list) = app.get("/api/v1/challenges", Some(&bot.token)).await;
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .all(|c| c["id"] != made["id"]),
        "{list}"
    );
}

async fn two_moves_at_once_play_one(app: TestApp) {
    let bot = bot(&app, "RaceBot").await;
    let human = app.player("Racer").await;
    let game = lichess_game(&app, &bot, &human, &[("color", "white")]).await;
    let path = format!("/api/bot/game/{game}/move/");
    let (e4, d4) = (format!("{path}e2e4"), format!("{path}d2d4"));
    let (a, b) = tokio::join!(post_empty(&app, &e4, &bot), post_empty(&app, &d4, &bot));
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::BAD_REQUEST],
        "{a:?} {b:?}"
    );
    let loser = if a.0 == StatusCode::OK { b.1 } else { a.1 };
    assert!(
        ["stale_ply", "not_your_turn"].contains(&loser["error"].as_str().unwrap()),
        "{loser}"
    );
    let played = app.game(&game).await;
    assert_eq!(played["ply"], 1);
}

async fn reversi_is_played_with_its_own_move_texts(app: TestApp) {
    let bot = bot(&app, "DiscBot").await;
    let human = app.player("Discer").await;
    let mut events = Ndjson::open(&app, "/api/stream/event", &bot).await;
    let game = lichess_game(
        &app,
        &human,
        &bot,
        &[
            ("variant", "reversi-6x6"),
            ("color", "black"),
            ("days", "1"),
        ],
    )
    .await;
    events.expect("challenge").await;
    let start = events.expect("gameStart").await;
    assert_eq!(start["game"]["variant"]["key"], "reversi-6x6");
    assert!(start["game"].get("fen").is_none());
    assert_eq!(start["game"]["isMyTurn"], true, "the bot plays White");
    let mut stream = Ndjson::open(&app, &format!("/api/bot/game/stream/{game}"), &bot).await;
    let mut state = stream.expect("gameFull").await["state"].clone();
    let mut plies = 0;
    while state["status"] == "started" {
        let moves: Vec<&str> = state["moves"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .collect();
        let (player, face) = if moves.len().is_multiple_of(2) {
            (&bot, "bot")
        } else {
            (&human, "board")
        };
        let legal = state["legalMoves"].as_str().unwrap().to_owned();
        let first = legal.split_whitespace().next().expect("a legal move");
        let (status, body) = post_empty(
            &app,
            &format!("/api/{face}/game/{game}/move/{first}"),
            player,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{first}: {body}");
        state = stream.expect("gameState").await;
        plies += 1;
        assert!(plies <= 40, "a 6x6 board holds 32 moves");
    }
    assert_eq!(state["status"], "variantEnd");
    stream.ends().await;
    let finish = events.expect("gameFinish").await;
    assert_eq!(
        finish["game"]["status"],
        json!({"id": 60, "name": "variantEnd"})
    );
    let stored = app.game(&game).await;
    assert_eq!(stored["status"], "finished");
    let moves: Vec<&str> = stored["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(state["moves"], moves.join(" "), "passes included");
}

async fn the_event_stream_hears_changes_made_on_another_instance(app: TestApp) {
    // With Postgres, a second instance on the same database; with SQLite (one process)
    // the same one.
    let other = match app.backend {
        Backend::Postgres => Some(TestApp::spawn_on(app.backend, &app.database_url, &[]).await),
        Backend::Sqlite => None,
    };
    let maker = other.as_ref().unwrap_or(&app);
    let bot = bot(&app, "FarBot").await;
    let human = app.player("FarHuman").await;
    let mut events = Ndjson::open(&app, "/api/stream/event", &bot).await;
    let (status, made) = post_form(maker, "/api/challenge/FarBot", &human, &[("days", "2")]).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(
        events.expect("challenge").await["challenge"]["id"],
        made["id"]
    );
    let id = made["id"].as_str().unwrap();
    let (status, _) = post_empty(maker, &format!("/api/challenge/{id}/accept"), &bot).await;
    assert_eq!(status, StatusCode::OK);
    let start = events.expect("gameStart").await;
    let game = start["game"]["id"].as_str().unwrap().to_owned();
    let mut stream = Ndjson::open(&app, &format!("/api/bot/game/stream/{game}"), &bot).await;
    stream.expect("gameFull").await;
    let (status, _) = post_empty(maker, &format!("/api/board/game/{game}/resign"), &human).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(stream.expect("gameState").await["status"], "resign");
    stream.ends().await;
    assert_eq!(
        events.expect("gameFinish").await["game"]["id"],
        game.as_str()
    );
}

async fn shutdown_ends_the_streams(mut app: TestApp) {
    let bot = bot(&app, "LastBot").await;
    let human = app.player("LastHuman").await;
    let game = lichess_game(&app, &human, &bot, &[("days", "3")]).await;
    let mut events = Ndjson::open(&app, "/api/stream/event", &bot).await;
    events.expect("gameStart").await;
    let mut stream = Ndjson::open(&app, &format!("/api/bot/game/stream/{game}"), &bot).await;
    stream.expect("gameFull").await;
    tokio::time::timeout(PATIENCE, app.shut_down())
        .await
        .expect("the server stops with streams open")
        .expect("a clean stop");
    events.ends().await;
    stream.ends().await;
}

async fn streams_are_limited_per_address(app: TestApp) {
    let bot = bot(&app, "GreedyBot").await;
    let mut held = Vec::new();
    for _ in 0..2 {
        held.push(Ndjson::open(&app, "/api/stream/event", &bot).await);
    }
    let (status, body) = app.get("/api/stream/event", Some(&bot.token)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "too_many_streams");
    drop(held);
    // The slots come back when the streams close.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let response = app
            .client
            .get(format!("{}/api/stream/event", app.address))
            .bearer_auth(&bot.token)
            .send()
            .await
            .unwrap();
        if response.status() == StatusCode::OK {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the slots never came back"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The example bot.
const EXAMPLE_BOT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../scripts/bots/example_bot.py"
);

/// Whether python3 with berserk is here; in CI its absence fails the test.
fn berserk_available() -> bool {
    let available = Command::new("python3")
        .args(["-c", "import berserk"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !available {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "the berserk bot test needs python3 with berserk (pip install berserk)"
        );
        eprintln!("berserk bot test SKIPPED: python3 with berserk not found (pip install berserk)");
    }
    available
}

/// Moves for White that mate a Black who always plays the first of its legal moves (as
/// the example bot does with `--pick first`), found by a search over White's moves with
/// Black's replies known: at most `depth` White moves, the line's moves in order.
fn mate_against_first_mover(game: &AnyGame, depth: u32, budget: &mut u32) -> Option<Vec<String>> {
    if depth == 0 || *budget == 0 {
        return None;
    }
    let mut moves = game.legal_moves();
    // Checks and queen and bishop moves first: the short mates use them.
    moves.sort_by_key(|mv| {
        let mut next = game.clone();
        next.play(mv).ok();
        (
            next.checked_king().is_none(),
            !mv.starts_with('d'),
            !mv.starts_with('f'),
        )
    });
    for mv in moves {
        *budget = budget.saturating_sub(1);
        if *budget == 0 {
            return None;
        }
        let mut next = game.clone();
        next.play(&mv).expect("a legal move");
        if let Some(outcome) = next.outcome() {
            if outcome.result == rules::GameResult::WhiteWins {
                return Some(vec![mv]);
            }
            continue;
        }
        let reply = next.legal_moves().into_iter().next().expect("a reply");
        next.play(&reply).expect("the reply");
        if next.outcome().is_some() {
            continue;
        }
        if let Some(mut line) = mate_against_first_mover(&next, depth - 1, budget) {
            line.insert(0, mv);
            return Some(line);
        }
    }
    None
}

/// White's moves that mate the example bot with `--pick first`: the line known to do it
/// (checked here against the rules), else one searched for (slow in a debug build).
fn mating_line() -> Vec<String> {
    let start = AnyGame::new(Variant::Chess, None).expect("chess");
    let known = ["e2e3", "d1f3", "f1c4", "f3f7"];
    let mut game = start.clone();
    for (index, mv) in known.iter().enumerate() {
        if game.play(mv).is_err() {
            break;
        }
        if index + 1 == known.len() {
            let mated = game.outcome().map(|outcome| outcome.result);
            if mated == Some(rules::GameResult::WhiteWins) {
                return known.iter().map(|mv| (*mv).to_owned()).collect();
            }
            break;
        }
        let Some(reply) = game.legal_moves().into_iter().next() else {
            break;
        };
        game.play(&reply).expect("the reply");
    }
    let mut budget = 400_000;
    mate_against_first_mover(&start, 4, &mut budget)
        .expect("a mate in at most four moves against a bot playing its first legal move")
}

/// The person's side of a game against the bot, over the board API's game stream:
/// `choose` picks their move from the state's moves and legal moves.
async fn play_as_person(
    app: &TestApp,
    person: &Player,
    game: &str,
    color: &str,
    mut choose: impl FnMut(&[&str], &[&str]) -> String,
) -> Value {
    let mut stream = Ndjson::open(app, &format!("/api/board/game/stream/{game}"), person).await;
    let full = stream.expect("gameFull").await;
    let mut state = full["state"].clone();
    loop {
        if state["status"] != "started" {
            stream.ends().await;
            return state;
        }
        let moves: Vec<&str> = state["moves"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .collect();
        let white_to_move = moves.len().is_multiple_of(2);
        if white_to_move == (color == "white") {
            let legal: Vec<&str> = state["legalMoves"]
                .as_str()
                .unwrap()
                .split_whitespace()
                .collect();
            let mv = choose(&moves, &legal);
            let (status, body) =
                post_empty(app, &format!("/api/board/game/{game}/move/{mv}"), person).await;
            assert_eq!(status, StatusCode::OK, "{mv}: {body}");
        }
        state = stream.expect("gameState").await;
    }
}

async fn a_berserk_bot_plays_chess_and_reversi_to_the_end(app: TestApp) {
    if !berserk_available() {
        return;
    }
    let bot = app.player("berserk_bot").await;
    let person = app.player("a_person").await;
    // The bot upgrades itself (`--upgrade`), accepts challenges, plays the first of its
    // legal moves, and stops after two games.
    let mut bot_process = BotProcess::start(&app.address, &bot.token);
    // Wait for the upgrade: the bot's account says BOT.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (_, account) = app.get("/api/account", Some(&bot.token)).await;
        if account["title"] == "BOT" {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the example bot did not upgrade its account"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Chess: the person, White, mates the bot.
    let (status, made) = post_form(
        &app,
        "/api/challenge/berserk_bot",
        &person,
        &[("color", "white"), ("days", "3"), ("variant", "standard")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let game = until_accepted(&app, made["id"].as_str().unwrap()).await;
    let line = mating_line();
    let mut line = line.into_iter();
    let end = play_as_person(&app, &person, &game, "white", |_, _| {
        line.next().expect("the line is long enough")
    })
    .await;
    assert_eq!(end["status"], "mate", "{end}");
    assert_eq!(end["winner"], "white");
    let stored = app.game(&game).await;
    assert_eq!(stored["result"], "1-0");
    assert_eq!(stored["end_reason"], "checkmate");

    // Reversi 6x6: the person plays Black, the first of their legal moves, to the end.
    let (status, made) = post_form(
        &app,
        "/api/challenge/berserk_bot",
        &person,
        &[
            ("color", "black"),
            ("days", "3"),
            ("variant", "reversi-6x6"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let game = until_accepted(&app, made["id"].as_str().unwrap()).await;
    let end = play_as_person(&app, &person, &game, "black", |_, legal| {
        legal[0].to_owned()
    })
    .await;
    assert_eq!(end["status"], "variantEnd", "{end}");
    let stored = app.game(&game).await;
    assert_eq!(stored["status"], "finished");
    assert!(stored["ply"].as_u64().unwrap() >= 9, "{stored}");
    assert!(
        stored["scores"]["white"].as_u64().unwrap() + stored["scores"]["black"].as_u64().unwrap()
            > 10
    );

    // The bot saw both games finish and stopped by itself.
    let (status, out, err) = bot_process.wait(Duration::from_secs(20)).await;
    assert!(status.success(), "the example bot failed: {out}\n{err}");
    assert!(out.contains("accepted challenge"), "{out}");
    assert_eq!(out.matches("game over").count(), 2, "{out}");
}

/// The example bot as a process of its own, its output in files; killed on drop.
struct BotProcess {
    child: std::process::Child,
    dir: std::path::PathBuf,
}

impl BotProcess {
    /// Starts the example bot against `server` with `token`: it upgrades the account,
    /// accepts challenges, plays the first of its legal moves and stops after two games.
    fn start(server: &str, token: &str) -> BotProcess {
        let dir = std::env::temp_dir().join(format!("boardgames-bot-{}", vocab::ids::new_id()));
        std::fs::create_dir_all(&dir).expect("a folder for the bot's output");
        let out = std::fs::File::create(dir.join("out")).expect("stdout file");
        let err = std::fs::File::create(dir.join("err")).expect("stderr file");
        let child = Command::new("python3")
            .arg(EXAMPLE_BOT)
            .args([
                "--server",
                server,
                "--pick",
                "first",
                "--games",
                "2",
                "--upgrade",
            ])
            .env("BOT_TOKEN", token)
            .env("PYTHONUNBUFFERED", "1")
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("start the example bot");
        BotProcess { child, dir }
    }

    /// Waits at most `patience` for the bot to exit: its status, output and errors.
    async fn wait(&mut self, patience: Duration) -> (std::process::ExitStatus, String, String) {
        let deadline = tokio::time::Instant::now() + patience;
        loop {
            if let Some(status) = self.child.try_wait().expect("the bot's status") {
                let read =
                    |name: &str| std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
                return (status, read("out"), read("err"));
            }
            if tokio::time::Instant::now() >= deadline {
                let read =
                    |name: &str| std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
                panic!(
                    "the example bot did not stop after its two games:\n{}\n{}",
                    read("out"),
                    read("err")
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The game a challenge became, once accepted (by the bot, within 20 s).
async fn until_accepted(app: &TestApp, challenge: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (_, shown) = app
            .get(&format!("/api/v1/challenges/{challenge}"), None)
            .await;
        if let Some(game) = shown["game_id"].as_str() {
            return game.to_owned();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bot did not accept the challenge: {shown}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn the_writing_a_bot_page_holds_the_example_bot_as_it_is() {
    let doc = include_str!("../../../../docs/bots.md");
    let script = include_str!("../../../../scripts/bots/example_bot.py");
    assert!(
        doc.contains(script),
        "docs/bots.md must hold scripts/bots/example_bot.py as it is"
    );
}
