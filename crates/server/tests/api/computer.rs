//! Playing the computer: its accounts (reserved names, no sign-in, no challenges), new
//! games through the API and the lobby's form, its replies computed by the engine job
//! and played exactly once (after a restart, with two instances, after a lease ran
//! out), the full queue, and a copy of the site that queues the pending reply again.
//!
//! The node budget is the smallest (`ENGINE_NODES=1000`), so a reply takes milliseconds.

use std::time::{Duration, Instant};

use domain::{
    accounts::{AccountKind, User},
    game::play::play_reply,
    jobs::engine::LEASE_SECS,
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};
use store::engine as queue;

use crate::{
    helpers::{self, Player, START, ServerProcess, TestApp},
    scenarios,
};

/// The engine's settings of these tests: one thread, the smallest budget (the scenarios'
/// own, written out for the macro).
const FAST: [(&str, &str); 2] = [("ENGINE_WORKERS", "1"), ("ENGINE_NODES", "1000")];

scenarios!(with [("ENGINE_WORKERS", "1"), ("ENGINE_NODES", "1000")];
    a_person_plays_whole_games_against_the_computer,
    the_computer_moves_first_when_it_has_white,
    a_lease_that_ran_out_is_taken_over_and_the_reply_played_once,
    two_instances_never_reply_twice,
    the_computer_accounts_are_not_for_people,
    bad_requests_for_a_computer_game_are_refused_clearly,
    a_copy_of_the_site_queues_the_pending_reply_again,
    a_reply_seen_on_the_open_game_brings_no_notice,
);

scenarios!(with [("ENGINE_QUEUE_LIMIT", "1")];
    a_full_queue_refuses_new_games_with_503,
);

scenarios!(a_pending_reply_survives_a_crash_and_is_played_once_after_the_restart,);

/// How long a test waits for the computer.
const PATIENCE: Duration = Duration::from_secs(30);

/// Starts a game of `player` against the computer at `level`, the player's colour
/// `color`; asserts the 201 and returns the game.
async fn start(app: &TestApp, player: &Player, variant: &str, level: u8, color: &str) -> Value {
    let (status, body) = app
        .post(
            "/api/v1/computer-games",
            Some(&player.token),
            json!({"variant": variant, "level": level, "color": color}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

/// The game `id` once `ready` says so (the computer has answered), within [`PATIENCE`].
async fn wait_until(app: &TestApp, id: &str, what: &str, ready: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if app.backend == helpers::Backend::Sqlite {
            // Two instances on one SQLite file (a deployment runs one) do not hear each
            // other's changes: the reply another instance played is read from the file.
            app.state.caches.games.forget(id);
        }
        let game = app.game(id).await;
        if ready(&game) {
            return game;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting: {what}: {game}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The game once it is `color`'s turn or over.
async fn wait_for_turn(app: &TestApp, id: &str, color: &str) -> Value {
    wait_until(app, id, "the computer's reply", |game| {
        game["status"] != "active" || game["to_move"] == color
    })
    .await
}

/// Rows of the computer's queue (of `game`, or all).
async fn queued(app: &TestApp, game: Option<&str>) -> i64 {
    let (count,): (i64,) = match game {
        Some(id) => sqlx::query_as("select count(*) from engine_queue where game_id = $1")
            .bind(id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap(),
        None => sqlx::query_as("select count(*) from engine_queue")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap(),
    };
    count
}

/// The computer's account at `level`, as the engine job plays it.
fn computer(level: u8) -> User {
    User {
        id: format!("computer-{level}"),
        username: format!("Computer-{level}"),
        kind: AccountKind::Computer,
    }
}

/// Plays the first legal move for `player` (of `color`) whenever it is their turn, until
/// the game ends; returns the finished game and the moves the player made.
async fn play_to_the_end(
    apps: &[&TestApp],
    player: &Player,
    id: &str,
    color: &str,
) -> (Value, usize) {
    let mut moves = 0;
    loop {
        let app = apps[moves % apps.len()];
        let game = wait_for_turn(app, id, color).await;
        if game["status"] != "active" {
            return (game, moves);
        }
        let first = game["legal_moves"][0].as_str().unwrap().to_owned();
        let ply = game["ply"].as_u64().unwrap();
        let (status, body) = app.play(player, id, &first, ply).await;
        // The computer never moves out of turn: the player always finds the ply they read.
        assert_eq!(status, StatusCode::OK, "{first} at {ply}: {body}");
        moves += 1;
        assert!(moves < 100, "a game this long cannot be");
    }
}

async fn a_person_plays_whole_games_against_the_computer(app: TestApp) {
    let engine = server::spawn_engine(&app.state).expect("ENGINE_WORKERS=1 starts the job");
    let human = app.player("human").await;

    // Reversi 6x6 to its end, against level 2.
    let game = start(&app, &human, "reversi-6x6", 2, "white").await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(game["white"], "human");
    assert_eq!(game["black"], "Computer-2");
    assert_eq!(
        (&game["white_kind"], &game["black_kind"]),
        (&json!("human"), &json!("computer"))
    );
    assert_eq!(game["computer_level"], 2);
    assert_eq!(
        game["rated"], false,
        "games against the computer are never rated"
    );
    let (finished, moves) = play_to_the_end(&[&app], &human, &id, "white").await;
    assert_eq!(finished["status"], "finished", "{finished}");
    assert!(moves >= 4, "{moves} moves");
    let plies = finished["moves"].as_array().unwrap().len();
    assert_eq!(finished["ply"], plies);
    assert!(finished["rating_change"].is_null());
    assert_eq!(queued(&app, Some(&id)).await, 0, "nothing left queued");
    // Counted in the variant's statistics, and on both players' records; rated nowhere.
    let stats = app.stats().await;
    let row = stats.iter().find(|row| row.0 == "reversi-6x6").unwrap();
    assert_eq!(row.4, 1);
    let (status, profile) = app.get("/api/v1/players/Computer-2", None).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(profile["kind"], "computer");
    assert_eq!(profile["computer_level"], 2);
    assert_eq!(profile["stats"][0]["games"], 1, "{profile}");
    assert!(profile["ratings"].as_array().unwrap().is_empty());
    let (_, me) = app.get("/api/v1/players/human", None).await;
    assert_eq!(me["kind"], "human");
    assert!(me["computer_level"].is_null());
    assert!(me["ratings"].as_array().unwrap().is_empty(), "{me}");
    // The computer is never notified of anything; the person is.
    let (notices,): (i64,) =
        sqlx::query_as("select count(*) from notifications where user_id = 'computer-2'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(notices, 0);

    // A few chess moves against level 8 (its small budget here), then a resignation.
    let game = start(&app, &human, "chess", 8, "white").await;
    let id = game["id"].as_str().unwrap().to_owned();
    for (n, mv) in ["e2e4", "g1f3", "f1c4"].into_iter().enumerate() {
        let game = wait_for_turn(&app, &id, "white").await;
        assert_eq!(game["ply"], 2 * n, "{game}");
        if game["legal_moves"].as_array().unwrap().contains(&json!(mv)) {
            let (status, body) = app.play(&human, &id, mv, 2 * n as u64).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        } else {
            let first = game["legal_moves"][0].as_str().unwrap().to_owned();
            let (status, body) = app.play(&human, &id, &first, 2 * n as u64).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    let game = wait_for_turn(&app, &id, "white").await;
    assert_eq!(game["ply"], 6, "three replies, one each: {game}");
    // The lists and pages show the computer as the computer, in English and Estonian.
    let (_, list) = app.get("/api/v1/games", Some(&human.token)).await;
    let line = list
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["id"] == id.as_str())
        .unwrap();
    assert_eq!(
        (&line["black_kind"], &line["computer_level"]),
        (&json!("computer"), &json!(8))
    );
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(
        page.contains("computer, level 8"),
        "the game page names the computer"
    );
    let estonian = app
        .client
        .get(format!("{}/games/{id}", app.address))
        .header(header::ACCEPT_LANGUAGE, "et")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(estonian.contains("arvuti, tase 8"));
    let list_page = app.page_html_as(&human, "/my-games").await;
    assert!(list_page.contains("computer, level 8"));
    let player_page = app.page_html_as(&human, "/players/Computer-8").await;
    assert!(player_page.contains("id=\"computer-badge\""));
    assert!(
        player_page.contains("/lobby?level=8#computer"),
        "a link to play it"
    );
    assert!(
        !player_page.contains("/lobby?opponent="),
        "no challenge link"
    );
    // The computer takes no draw offer or pause: refused, and not offered on the page.
    for action in ["draw/offer", "pause/offer", "give-time"] {
        let (status, body) = app.act(&human, &id, action).await;
        assert_eq!(status, StatusCode::CONFLICT, "{action}: {body}");
        assert_eq!(body["error"], "computer_game", "{action}");
    }
    let own_page = app.page_html_as(&human, &format!("/games/{id}")).await;
    assert!(own_page.contains("/action/resign") || own_page.contains("confirm=resign"));
    assert!(!own_page.contains("/action/draw-offer"));
    assert!(!own_page.contains("/action/pause-offer"));
    let (status, _) = app.act(&human, &id, "resign").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.game(&id).await["result"], "0-1");
    assert_eq!(queued(&app, None).await, 0);
    engine.stop().await;
    helpers::assert_caches_match_replays(&app).await;
}

async fn the_computer_moves_first_when_it_has_white(app: TestApp) {
    let human = app.player("second").await;
    // The job is not running yet: the reply waits in the queue, at ply 0.
    let game = start(&app, &human, "chess", 1, "black").await;
    let id = game["id"].as_str().unwrap().to_owned();
    assert_eq!(
        (&game["white"], &game["to_move"]),
        (&json!("Computer-1"), &json!("white"))
    );
    assert_eq!(game["white_kind"], "computer");
    let (ply, level): (i64, i64) =
        sqlx::query_as("select ply, level from engine_queue where game_id = $1")
            .bind(&id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!((ply, level), (0, 1));
    let engine = server::spawn_engine(&app.state).unwrap();
    let game = wait_for_turn(&app, &id, "black").await;
    assert_eq!(game["ply"], 1);
    assert_eq!(queued(&app, None).await, 0);
    // The person hears it is their turn.
    let (_, unread) = app
        .get("/api/v1/notifications/unread-count", Some(&human.token))
        .await;
    assert_eq!(unread["unread"], 1, "{unread}");
    // Random colours give both sides over a few games (each game has its own draw).
    let mut whites = 0;
    for _ in 0..16 {
        let game = start(&app, &human, "knight-fight", 1, "random").await;
        if game["white"] == "second" {
            whites += 1;
        }
        let id = game["id"].as_str().unwrap();
        wait_for_turn(
            &app,
            id,
            if game["white"] == "second" {
                "white"
            } else {
                "black"
            },
        )
        .await;
        assert_eq!(app.act(&human, id, "resign").await.0, StatusCode::OK);
    }
    assert!((1..16).contains(&whites), "{whites} of 16 as White");
    engine.stop().await;
}

async fn a_lease_that_ran_out_is_taken_over_and_the_reply_played_once(app: TestApp) {
    let other = TestApp::spawn_on(app.backend, &app.database_url, &FAST).await;
    let human = app.player("leased").await;
    let id = start(&app, &human, "chess", 1, "black").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let claim = |app: &TestApp, now: i64| {
        let (pool, backend, instance) = (
            app.state.db.pool.clone(),
            app.state.db.backend,
            app.state.instance_id.clone(),
        );
        async move {
            let mut conn = pool.acquire().await.unwrap();
            queue::claim_due(&mut conn, backend, &instance, now, now + LEASE_SECS, 10)
                .await
                .unwrap()
        }
    };
    // Instance B claims the reply (and, say, dies searching).
    let claimed = claim(&other, START).await;
    assert_eq!(claimed.len(), 1);
    assert_eq!((claimed[0].ply, claimed[0].attempts), (0, 1));
    // While B's lease lasts, nobody else gets it.
    assert!(claim(&app, START + LEASE_SECS - 1).await.is_empty());
    // Its lease ran out: A takes it over.
    let claimed = claim(&app, START + LEASE_SECS).await;
    assert_eq!((claimed.len(), claimed[0].attempts), (1, 2));
    // B, late, plays its reply: refused, nothing written.
    let error = play_reply(&other.state, &computer(1), &id, "e2e4", 0)
        .await
        .unwrap_err();
    assert_eq!(error.code(), "reply_not_held");
    assert_eq!(app.game(&id).await["ply"], 0);
    // A plays it, once; the queue row leaves with the move.
    play_reply(&app.state, &computer(1), &id, "d2d4", 0)
        .await
        .unwrap();
    let game = app.game(&id).await;
    assert_eq!(
        (&game["ply"], &game["moves"]),
        (&json!(1), &json!(["d2d4"]))
    );
    assert_eq!(queued(&app, Some(&id)).await, 0);
    let error = play_reply(&other.state, &computer(1), &id, "e2e4", 0)
        .await
        .unwrap_err();
    assert_eq!(error.code(), "stale_ply");

    // The same with the job running: the row of an instance that died is left alone
    // while its lease lasts, and played once it has run out.
    let id = start(&app, &human, "reversi-8x8", 4, "black").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(claim(&other, START).await.len(), 1);
    let engine = server::spawn_engine(&app.state).unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(app.game(&id).await["ply"], 0, "the lease still holds");
    app.clock.advance(LEASE_SECS);
    app.state.wake_engine();
    let game = wait_for_turn(&app, &id, "black").await;
    assert_eq!(game["ply"], 1);
    assert_eq!(queued(&app, None).await, 0);
    engine.stop().await;
}

async fn two_instances_never_reply_twice(app: TestApp) {
    let other = TestApp::spawn_on(app.backend, &app.database_url, &FAST).await;
    let engines = [
        server::spawn_engine(&app.state).unwrap(),
        server::spawn_engine(&other.state).unwrap(),
    ];
    let human = app.player("twice").await;
    // Two games at once, the person's moves sent to either instance in turn, both
    // instances' jobs woken by each other's polls and racing for every reply.
    let reversi = start(&app, &human, "reversi-6x6", 1, "white").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let chess = start(&other, &human, "chess", 3, "black").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let apps = [&app, &other];
    let (reversi_end, chess_end) =
        tokio::join!(play_to_the_end(&apps, &human, &reversi, "white"), async {
            // Chess: ten moves each, then a resignation.
            for n in 0..10 {
                let on = apps[n % 2];
                let game = wait_for_turn(on, &chess, "black").await;
                if game["status"] != "active" {
                    return game;
                }
                let first = game["legal_moves"][0].as_str().unwrap().to_owned();
                let ply = game["ply"].as_u64().unwrap();
                assert_eq!(ply, 2 * n as u64 + 1, "one reply per move: {game}");
                let (status, body) = on.play(&human, &chess, &first, ply).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            let game = wait_for_turn(&other, &chess, "black").await;
            assert_eq!(other.act(&human, &chess, "resign").await.0, StatusCode::OK);
            game
        });
    assert_eq!(reversi_end.0["status"], "finished");
    // The person plays the first legal move, so the computer may mate them first (the
    // search's seed differs from game to game).
    assert!(
        chess_end["ply"].as_u64().unwrap() >= 20 || chess_end["end_reason"] == "checkmate",
        "{chess_end}"
    );
    // The record: each ply once, the computer's moves alternating with the person's
    // (passes aside), nothing left in the queue.
    for id in [&reversi, &chess] {
        let (moves,): (i64,) = sqlx::query_as("select count(*) from moves where game_id = $1")
            .bind(id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        assert_eq!(app.game(id).await["ply"], moves);
    }
    assert_eq!(queued(&app, None).await, 0);
    for engine in engines {
        engine.stop().await;
    }
    helpers::assert_caches_match_replays(&app).await;
}

async fn a_pending_reply_survives_a_crash_and_is_played_once_after_the_restart(app: TestApp) {
    let database = app.database_url.clone();
    let serve = |workers: &'static str| {
        let database = database.clone();
        async move {
            ServerProcess::start(
                &[
                    ("DATABASE_URL", &database),
                    ("ENGINE_WORKERS", workers),
                    ("ENGINE_NODES", "1000"),
                    ("DATABASE_MAX_CONNECTIONS", "4"),
                ],
                std::process::Stdio::null(),
            )
            .await
        }
    };
    let client = reqwest::Client::new();
    let game_on = |process: &ServerProcess, id: &str| {
        client
            .get(format!("{}/api/v1/games/{id}", process.address))
            .send()
    };
    // A server that computes no reply: the computer's first move waits in the queue.
    let first = serve("0").await;
    let human = app.player("crash").await;
    let response = client
        .post(format!("{}/api/v1/computer-games", first.address))
        .bearer_auth(&human.token)
        .json(&json!({"variant": "chess", "level": 5, "color": "black"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let id = response.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let game: Value = game_on(&first, &id).await.unwrap().json().await.unwrap();
    assert_eq!(game["ply"], 0);
    // Killed (SIGKILL), with the reply pending.
    drop(first);
    assert_eq!(queued(&app, Some(&id)).await, 1);
    // Restarted with a worker: the reply is played, once.
    let second = serve("1").await;
    let deadline = Instant::now() + PATIENCE;
    let game = loop {
        let game: Value = game_on(&second, &id).await.unwrap().json().await.unwrap();
        if game["ply"] != 0 {
            break game;
        }
        assert!(
            Instant::now() < deadline,
            "the reply was not played after the restart"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        (&game["ply"], &game["to_move"]),
        (&json!(1), &json!("black"))
    );
    assert_eq!(queued(&app, None).await, 0);
    // Another restart finds nothing to do.
    drop(second);
    let third = serve("1").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let game: Value = game_on(&third, &id).await.unwrap().json().await.unwrap();
    assert_eq!(game["ply"], 1, "played exactly once");
}

async fn a_full_queue_refuses_new_games_with_503(app: TestApp) {
    let human = app.player("queued").await;
    // No job runs: the computer's first reply fills the queue of one.
    let id = start(&app, &human, "reversi-10x10", 6, "black").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = app
        .client
        .post(format!("{}/api/v1/computer-games", app.address))
        .bearer_auth(&human.token)
        .json(&json!({"variant": "chess", "level": 1}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(response.headers().contains_key(header::RETRY_AFTER));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "computer_busy", "{body}");
    assert!(body["message"].as_str().unwrap().contains("too many games"));
    // The lobby's form says so too, with the choices kept.
    let response = app
        .client
        .post(format!("{}/computer-games", app.address))
        .bearer_auth(&human.token)
        .header("sec-fetch-site", "same-origin")
        .form(&[
            ("variant", "knight-fight"),
            ("level", "7"),
            ("color", "white"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let page = response.text().await.unwrap();
    assert!(page.contains("id=\"computer-error\""), "{page}");
    assert!(page.contains("The computer has too many games waiting"));
    assert!(
        page.contains("<option value=\"7\" selected>"),
        "the level is kept"
    );
    // Games under way go on; once the queue drains, new games start again.
    assert_eq!(app.act(&human, &id, "resign").await.0, StatusCode::OK);
    assert_eq!(
        queued(&app, None).await,
        0,
        "the resigned game's reply is dropped"
    );
    start(&app, &human, "chess", 1, "white").await;
}

async fn the_computer_accounts_are_not_for_people(app: TestApp) {
    // Reserved names, in any case and spelling.
    for name in [
        "Computer-1",
        "computer-9",
        "COMPUTER_3",
        "computer",
        "Computer42",
    ] {
        let (status, body) = app
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": name, "password": "a long password"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {body}");
        assert_eq!(body["error"], "reserved_username", "{name}");
    }
    app.player("computerfan").await;
    // Nobody signs in as the computer, whatever the password (and no 500 for its
    // hash that is none).
    for password in ["", "a long password", "!computer account: no password"] {
        for path in ["/api/v1/tokens", "/api/v1/session"] {
            let (status, body) = app
                .post(
                    path,
                    None,
                    json!({"username": "Computer-1", "password": password}),
                )
                .await;
            assert!(
                matches!(
                    status,
                    StatusCode::UNAUTHORIZED | StatusCode::UNPROCESSABLE_ENTITY
                ),
                "{path} {password:?}: {status} {body}"
            );
        }
    }
    let (status, body) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "computer-3", "password": "a long password"}),
        )
        .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNAUTHORIZED, &json!("invalid_credentials"))
    );
    // A challenge to the computer is refused, pointing to "Play the computer".
    let human = app.player("challenger").await;
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&human.token),
            json!({"variant": "chess", "color": "white", "opponent": "computer-4"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"], "computer_opponent");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("/api/v1/computer-games")
    );
    let response = app
        .client
        .post(format!("{}/challenges", app.address))
        .bearer_auth(&human.token)
        .header("sec-fetch-site", "same-origin")
        .header(header::ACCEPT_LANGUAGE, "et")
        .form(&[
            ("variant", "chess"),
            ("color", "white"),
            ("opponent", "Computer-4"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("See mängija on arvuti")
    );
    let (_, challenges) = app.get("/api/v1/challenges", Some(&human.token)).await;
    assert_eq!(challenges, json!([]));
    // The eight accounts exist once, whatever the restarts.
    let again = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let (count,): (i64,) = sqlx::query_as("select count(*) from users where kind = 'computer'")
        .fetch_one(&again.state.db.pool)
        .await
        .unwrap();
    assert_eq!(count, 8);
}

async fn bad_requests_for_a_computer_game_are_refused_clearly(app: TestApp) {
    let human = app.player("careless").await;
    for (body, code) in [
        (json!({"variant": "chess", "level": 0}), "invalid_level"),
        (json!({"variant": "chess", "level": 9}), "invalid_level"),
        (
            json!({"variant": "chess", "level": 99999999999_i64}),
            "invalid_level",
        ),
        (json!({"variant": "chess", "level": "3"}), "invalid_body"),
        (json!({"variant": "chess"}), "invalid_body"),
        (json!({"variant": "go", "level": 3}), "unknown_variant"),
        (
            json!({"variant": "chess", "level": 3, "color": "green"}),
            "invalid_color",
        ),
        (
            json!({"variant": "chess", "level": 3, "time_control": {"kind": "per_move", "days": 4}}),
            "invalid_days_per_move",
        ),
    ] {
        let (status, answer) = app
            .post("/api/v1/computer-games", Some(&human.token), body.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert_eq!(answer["error"], code, "{body}: {answer}");
    }
    let (status, _) = app
        .post(
            "/api/v1/computer-games",
            None,
            json!({"variant": "chess", "level": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The lobby's form: a level that is none is shown on the form.
    let response = app
        .client
        .post(format!("{}/computer-games", app.address))
        .bearer_auth(&human.token)
        .header("sec-fetch-site", "same-origin")
        .form(&[
            ("variant", "chess"),
            ("level", "eleven"),
            ("color", "white"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(response.text().await.unwrap().contains("level is 1 to 8"));
    // The form works without script: a post, then the game page.
    let response = app
        .client
        .post(format!("{}/computer-games", app.address))
        .bearer_auth(&human.token)
        .header("sec-fetch-site", "same-origin")
        .form(&[
            ("variant", "reversi-10x10"),
            ("level", "5"),
            ("color", "white"),
            ("time_kind", "bank"),
            ("bank_initial_days", "2"),
            ("bank_increment_days", "1"),
            ("bank_cap_days", "5"),
        ])
        .send()
        .await
        .unwrap();
    // reqwest follows the 303 to the game page.
    assert_eq!(response.status(), StatusCode::OK);
    let id = response.url().path().rsplit('/').next().unwrap().to_owned();
    let game = app.game(&id).await;
    assert_eq!(
        (&game["variant"], &game["black"]),
        (&json!("reversi-10x10"), &json!("Computer-5"))
    );
    assert_eq!(game["time_control"]["kind"], "bank", "{game}");
    // The lobby shows the form, in both languages.
    let lobby = app.page_html_as(&human, "/lobby?level=6").await;
    assert!(lobby.contains("id=\"computer-form\""));
    assert!(lobby.contains("<option value=\"6\" selected>"));
    for variant in rules::Variant::ALL {
        assert!(lobby.contains(&format!("<option value=\"{}\"", variant.as_str())));
    }
}

async fn a_copy_of_the_site_queues_the_pending_reply_again(app: TestApp) {
    // The source: this test's site, with a game whose computer is to move (no job ran).
    let human = app.player("mover").await;
    let id = start(&app, &human, "chess", 2, "black").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(queued(&app, None).await, 1);
    // The target: a fresh database of the same kind.
    let (target, temp_dir) = helpers::fresh_database(app.backend).await;
    let report = store::copy_data::copy(&app.database_url, &target)
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.rows["games"], 1);
    assert_eq!(
        report.rows["users"], 9,
        "the person and the computer's eight accounts"
    );
    let copied = TestApp::spawn_on(app.backend, &target, &FAST).await;
    assert_eq!(queued(&copied, None).await, 0, "the queue is not copied");
    // The copy's job queues the missing reply when it starts, and plays it.
    let engine = server::spawn_engine(&copied.state).unwrap();
    let game = wait_for_turn(&copied, &id, "black").await;
    assert_eq!(
        (&game["ply"], &game["white"]),
        (&json!(1), &json!("Computer-2"))
    );
    assert_eq!(queued(&copied, None).await, 0);
    engine.stop().await;
    copied.state.db.pool.close().await;
    match temp_dir {
        Some(dir) => {
            let _ = std::fs::remove_dir_all(dir);
        }
        None => helpers::drop_database(&target).await,
    }
}

/// The computer answers within seconds: a player who has the game open sees each reply
/// arrive, so the reply brings no "your turn" notice; with the game closed it does.
async fn a_reply_seen_on_the_open_game_brings_no_notice(app: TestApp) {
    let engine = server::spawn_engine(&app.state).unwrap();
    let human = app.player("human").await;
    let game = start(&app, &human, "chess", 1, "white").await;
    let id = game["id"].as_str().unwrap().to_owned();
    let unread_count = || async {
        let (status, body) = app
            .get("/api/v1/notifications/unread-count", Some(&human.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["unread"].as_i64().unwrap()
    };
    // The game closed: the reply is a notice.
    let (status, body) = app.play(&human, &id, "e2e4", 0).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_turn(&app, &id, "white").await;
    assert_eq!(unread_count().await, 1);
    let (status, _) = app
        .post(
            "/api/v1/notifications/read-all",
            Some(&human.token),
            json!({}),
        )
        .await;
    assert!(status.is_success());
    // The game open (its live stream on this instance): none.
    let (user_id,): (String,) = sqlx::query_as("select id from users where username = 'human'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let watching = app.state.events.subscribe(Some(&id), Some(&user_id));
    let (status, body) = app.play(&human, &id, "d2d4", 2).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    wait_for_turn(&app, &id, "white").await;
    assert_eq!(unread_count().await, 0, "the reply was seen as it came");
    drop(watching);
    engine.stop().await;
}
