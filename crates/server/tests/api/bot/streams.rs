//! The bot API's NDJSON streams: the event stream (challenges, games starting and
//! finishing, also from another instance), the game stream (`gameFull`, then `gameState`),
//! the game chat, shutdown, and the limit per address.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{Ndjson, PATIENCE, bot, lichess_game, post_empty, post_form, refused};
use crate::{
    helpers::{Backend, TestApp},
    scenarios,
};

scenarios!(
    the_event_stream_tells_of_challenges_and_games,
    the_game_stream_sends_the_game_then_each_change,
    a_chess960_game_streams_its_start_position,
    the_game_chat_is_streamed_read_and_written,
    the_event_stream_hears_changes_made_on_another_instance,
    shutdown_ends_the_streams,
);

scenarios!(with [("MAX_STREAMS_PER_ADDRESS", "2")];
    streams_are_limited_per_address,
);

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

async fn a_chess960_game_streams_its_start_position(app: TestApp) {
    let bot = bot(&app, "FischerBot").await;
    let human = app.player("Fischerer").await;
    let game = lichess_game(
        &app,
        &human,
        &bot,
        &[("color", "white"), ("days", "3"), ("variant", "chess960")],
    )
    .await;
    let start = app.game(&game).await["setup"]["start"]
        .as_u64()
        .expect("the start's number");
    let start = rules::Chess960Start::new(u16::try_from(start).unwrap()).unwrap();
    let mut stream = Ndjson::open(&app, &format!("/api/bot/game/stream/{game}"), &bot).await;
    let full = stream.expect("gameFull").await;
    assert_eq!(full["variant"]["key"], "chess960");
    assert_eq!(full["variant"]["name"], "Chess960");
    assert_eq!(full["perf"]["name"], "Chess960");
    assert_eq!(full["initialFen"], start.fen());
    assert_eq!(full["setup"], json!({"start": start.number()}));
    // The legal moves are the start position's, in the same texts the move route takes.
    let local = rules::AnyGame::new(rules::Variant::Chess960, start).unwrap();
    let mut legal: Vec<&str> = full["state"]["legalMoves"]
        .as_str()
        .unwrap()
        .split(' ')
        .collect();
    legal.sort_unstable();
    let mut expected = local.legal_moves();
    expected.sort();
    assert_eq!(legal, expected);
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
