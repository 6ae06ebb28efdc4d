//! The computer's replies played exactly once by the engine job: after a lease ran out,
//! with two instances, after a crash and restart; the full queue; and a copy of the site
//! that queues the pending reply again.

use std::time::{Duration, Instant};

use domain::{
    accounts::{AccountKind, User},
    game::play::play_reply,
    jobs::engine::LEASE_SECS,
};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};
use store::engine as queue;

use super::{PATIENCE, play_to_the_end, queued, start, wait_for_turn};
use crate::{
    helpers::{self, START, ServerProcess, TestApp},
    scenarios,
};

/// The engine's settings of these tests: one thread, the smallest budget (the scenarios'
/// own, written out for the macro).
const FAST: [(&str, &str); 2] = [("ENGINE_WORKERS", "1"), ("ENGINE_NODES", "1000")];

scenarios!(with [("ENGINE_WORKERS", "1"), ("ENGINE_NODES", "1000")];
    a_lease_that_ran_out_is_taken_over_and_the_reply_played_once,
    two_instances_never_reply_twice,
    a_copy_of_the_site_queues_the_pending_reply_again,
);

scenarios!(with [("ENGINE_QUEUE_LIMIT", "1")];
    a_full_queue_refuses_new_games_with_503,
);

scenarios!(a_pending_reply_survives_a_crash_and_is_played_once_after_the_restart,);

/// The computer's account at `level`, as the engine job plays it.
fn computer(level: u8) -> User {
    User {
        id: format!("computer-{level}"),
        username: format!("Computer-{level}"),
        kind: AccountKind::Computer,
    }
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
