//! A fair share of the computer (issue 37): its queue served round-robin across players,
//! so one player's backlog of level-8 replies does not hold up another player's level-1
//! reply; each player's caps on games waiting for a reply and on active games against
//! it, refused with their own codes while the other players still play; and
//! `computer_busy` kept for a queue full over all players.

use std::time::{Duration, Instant};

use reqwest::{StatusCode, header};
use serde_json::{Value, json};
use store::engine as queue;

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(with [
        ("ENGINE_WORKERS", "1"),
        // A level-8 chess reply from the opening then takes a tenth of a second or more:
        // a backlog of them takes many seconds to drain.
        ("ENGINE_NODES", "100000"),
        // The backlog's player may hold it: the caps raised for everyone.
        ("ENGINE_QUEUE_LIMIT", "1000"),
        ("ENGINE_PLAYER_QUEUE_LIMIT", "1000"),
        ("ENGINE_PLAYER_GAMES_LIMIT", "1000"),
    ];
    another_players_reply_is_not_held_up_by_a_backlog,
);

scenarios!(with [("ENGINE_PLAYER_QUEUE_LIMIT", "2"), ("ENGINE_PLAYER_GAMES_LIMIT", "3")];
    a_players_caps_refuse_them_with_their_codes_while_others_still_play,
);

scenarios!(with [("ENGINE_QUEUE_LIMIT", "3"), ("ENGINE_PLAYER_QUEUE_LIMIT", "2")];
    a_queue_full_over_all_players_is_still_computer_busy,
);

/// The backlog: this many level-8 replies owed to one player.
const BACKLOG: usize = 100;

/// How long another player's first reply may take under the backlog.
const TARGET: Duration = Duration::from_secs(2);

/// Asks for a game of `player` against the computer: (status, `Retry-After`, body).
async fn ask(
    app: &TestApp,
    player: &Player,
    variant: &str,
    level: u8,
    color: &str,
) -> (StatusCode, Option<String>, Value) {
    let response = app
        .client
        .post(format!("{}/api/v1/computer-games", app.address))
        .bearer_auth(&player.token)
        .json(&json!({"variant": variant, "level": level, "color": color}))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let retry_after = response
        .headers()
        .get(header::RETRY_AFTER)
        .map(|value| value.to_str().unwrap().to_owned());
    (status, retry_after, response.json().await.unwrap())
}

/// Starts a game of `player` against the computer; asserts the 201 and returns its id.
async fn start(app: &TestApp, player: &Player, variant: &str, level: u8, color: &str) -> String {
    let (status, _, body) = ask(app, player, variant, level, color).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_str().unwrap().to_owned()
}

/// The lobby's form for a game against the computer, sent by `player`: (status, page).
async fn ask_by_form(app: &TestApp, player: &Player) -> (StatusCode, String) {
    let response = app
        .client
        .post(format!("{}/computer-games", app.address))
        .bearer_auth(&player.token)
        .header("sec-fetch-site", "same-origin")
        .form(&[("variant", "chess"), ("level", "5"), ("color", "white")])
        .send()
        .await
        .unwrap();
    (response.status(), response.text().await.unwrap())
}

/// The user id of `player`.
async fn id_of(app: &TestApp, player: &Player) -> String {
    let (id,): (String,) = sqlx::query_as("select id from users where username = $1")
        .bind(&player.name)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    id
}

/// The replies owed to the player `id`, as the queue counts them.
async fn waiting(app: &TestApp, id: &str) -> i64 {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    queue::pending_for_player(&mut conn, id).await.unwrap()
}

/// Starts a level-1 chess game of `player` as Black and returns how long the computer's
/// first move took to show, from the request.
async fn first_reply_time(app: &TestApp, player: &Player) -> Duration {
    let started = Instant::now();
    let id = start(app, player, "chess", 1, "black").await;
    loop {
        if app.game(&id).await["ply"] == 1 {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the computer never answered"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn another_players_reply_is_not_held_up_by_a_backlog(app: TestApp) {
    let engine = server::spawn_engine(&app.state).expect("ENGINE_WORKERS=1 starts the job");
    let hog = app.player("hog").await;
    let other = app.player("other").await;
    let hog_id = id_of(&app, &hog).await;

    // The same reply with an empty queue: the baseline of this run.
    let alone = first_reply_time(&app, &other).await;

    // One player owes BACKLOG level-8 replies (each game's first move, the computer
    // White), queued through the real path while the engine works.
    for _ in 0..BACKLOG {
        start(&app, &hog, "chess", 8, "black").await;
    }
    let backlog = waiting(&app, &hog_id).await;
    let loaded = first_reply_time(&app, &other).await;

    // How fast the backlog drains: the level-8 replies played over a while.
    let before = waiting(&app, &hog_id).await;
    let watched = Instant::now();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let played = before - waiting(&app, &hog_id).await;
    let per_reply = watched.elapsed() / u32::try_from(played.max(1)).unwrap();
    let drain = per_reply * u32::try_from(backlog).unwrap();
    println!(
        "another player's level-1 reply: {:.3} s alone, {:.3} s behind {backlog} waiting \
         level-8 replies of one player ({:.1}x); the backlog takes about {:.1} s to drain \
         ({:.3} s a reply)",
        alone.as_secs_f64(),
        loaded.as_secs_f64(),
        loaded.as_secs_f64() / alone.as_secs_f64(),
        drain.as_secs_f64(),
        per_reply.as_secs_f64(),
    );
    engine.stop().await;

    // The backlog was real: served first come first served, it would have taken longer
    // than the target.
    assert!(backlog >= 50, "only {backlog} replies were still waiting");
    assert!(drain > TARGET, "the backlog drains in {drain:?}: no test");
    assert!(
        loaded < TARGET,
        "the other player waited {loaded:?} behind the backlog"
    );
}

async fn a_players_caps_refuse_them_with_their_codes_while_others_still_play(app: TestApp) {
    // No engine job runs: the replies wait in the queue.
    let greedy = app.player("greedy").await;
    let patient = app.player("patient").await;
    let first = start(&app, &greedy, "chess", 8, "black").await;
    start(&app, &greedy, "reversi-8x8", 8, "black").await;

    // Two of greedy's games wait for a reply: the most they may have to start another,
    // whichever colour they ask for.
    for color in ["black", "white"] {
        let (status, retry_after, body) = ask(&app, &greedy, "chess", 8, color).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert_eq!(body["error"], "computer_replies_waiting", "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("2 of your games already wait for the computer's reply"),
            "{body}"
        );
        assert_eq!(retry_after.as_deref(), Some("10"));
    }
    let (status, page) = ask_by_form(&app, &greedy).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(page.contains("id=\"computer-error\""), "{page}");
    assert!(page.contains("As many of your games wait for the computer"));
    // Another player is not held up by them.
    start(&app, &patient, "chess", 1, "black").await;

    // One game resigned (its reply dropped), greedy starts two as White (no reply owed
    // yet): three active games, the most they may have.
    assert_eq!(app.act(&greedy, &first, "resign").await.0, StatusCode::OK);
    start(&app, &greedy, "chess", 3, "white").await;
    let last = start(&app, &greedy, "knight-fight", 3, "white").await;
    let (status, retry_after, body) = ask(&app, &greedy, "chess", 1, "white").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "too_many_computer_games", "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("you have 3 games against the computer under way"),
        "{body}"
    );
    assert_eq!(retry_after, None);
    let (status, page) = ask_by_form(&app, &greedy).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(page.contains("finish or resign one first"), "{page}");
    start(&app, &patient, "reversi-6x6", 2, "white").await;

    // A game ended, greedy may start one again.
    assert_eq!(app.act(&greedy, &last, "resign").await.0, StatusCode::OK);
    start(&app, &greedy, "chess", 1, "white").await;
}

async fn a_queue_full_over_all_players_is_still_computer_busy(app: TestApp) {
    // No engine job runs. Two players fill the queue of three: a with two replies (their
    // own share), b with one.
    let a = app.player("filler-a").await;
    let b = app.player("filler-b").await;
    let c = app.player("newcomer").await;
    start(&app, &a, "chess", 4, "black").await;
    start(&app, &a, "chess", 4, "black").await;
    let b_game = start(&app, &b, "reversi-6x6", 4, "black").await;

    // Nobody's share is the matter for b and c: the machine is full.
    for player in [&b, &c] {
        let (status, retry_after, body) = ask(&app, player, "chess", 1, "white").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(body["error"], "computer_busy", "{body}");
        assert_eq!(retry_after.as_deref(), Some("60"));
    }
    // a is told about their own share.
    let (status, _, body) = ask(&app, &a, "chess", 1, "white").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "computer_replies_waiting", "{body}");

    // b's game ended, the queue has room: c starts.
    assert_eq!(app.act(&b, &b_game, "resign").await.0, StatusCode::OK);
    start(&app, &c, "chess", 1, "white").await;
}
