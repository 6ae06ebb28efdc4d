//! Playing the computer: its accounts (reserved names, no sign-in, no challenges), new
//! games through the API and the lobby's form, its replies computed by the engine job
//! and played exactly once (after a restart, with two instances, after a lease ran
//! out), the full queue, and a copy of the site that queues the pending reply again.
//!
//! The node budget is the smallest (`ENGINE_NODES=1000`), so a reply takes milliseconds.

mod games;
mod replies;

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{self, Player, TestApp};

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
