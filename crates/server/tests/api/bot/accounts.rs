//! Bot accounts through the Lichess-shaped API: upgrading, moves and actions refusing bad
//! input, challenges this server cannot offer, two moves at once, and Reversi's move
//! texts.

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{Ndjson, bot, lichess_game, post_empty, post_form, refused};
use crate::{helpers::TestApp, scenarios};

scenarios!(
    upgrading_follows_lichess_rules_and_a_bot_plays_only_through_the_api,
    moves_and_actions_refuse_bad_input_clearly,
    challenges_refuse_what_this_server_cannot_offer,
    two_moves_at_once_play_one,
    reversi_is_played_with_its_own_move_texts,
);

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
        &post_form(&app, path, &human, &[("variant", "crazyhouse")]).await,
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
        "invalid_start_position",
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
