//! Tournaments on both databases: every format with 2, 3, 7, 8, 9 and 33 players played
//! to the end with random results (wins, draws, losses on time, withdrawals), each
//! pairing rule checked and the kept scores held to a recount from the games; entry
//! rules refusing bad input without changing anything; two runners racing; the pages.

mod entry;
mod formats;

use std::collections::HashMap;

use domain::tournaments::{runner, standings};
use rand::{Rng, rngs::StdRng};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

const DAY: i64 = 86_400;

async fn players(app: &TestApp, prefix: &str, count: usize) -> Vec<Player> {
    let mut players = Vec::with_capacity(count);
    for i in 0..count {
        players.push(app.player(&format!("{prefix}{i:02}")).await);
    }
    players
}

async fn create(app: &TestApp, organiser: &Player, body: Value) -> String {
    let (status, created) = app
        .post("/api/v1/tournaments", Some(&organiser.token), body)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_str().unwrap().to_owned()
}

pub(crate) async fn join(app: &TestApp, player: &Player, id: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/tournaments/{id}/join"),
        Some(&player.token),
        json!({}),
    )
    .await
}

pub(crate) async fn detail(app: &TestApp, id: &str) -> Value {
    let (status, body) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Every game of the tournament: (stage, section, game).
pub(crate) fn games_of(detail: &Value) -> Vec<(i64, i64, Value)> {
    let mut games = Vec::new();
    for stage in detail["stages"].as_array().unwrap() {
        for section in stage["sections"].as_array().unwrap() {
            for game in section["games"].as_array().unwrap() {
                games.push((
                    stage["number"].as_i64().unwrap(),
                    section["number"].as_i64().unwrap(),
                    game.clone(),
                ));
            }
        }
    }
    games
}

/// Runs the runner until it has nothing left to do.
pub(crate) async fn run_runner(app: &TestApp) {
    for _ in 0..20 {
        if runner::round(&app.state).await.unwrap() == 0 {
            return;
        }
    }
    panic!("the runner kept finding work");
}

/// Ends `game_id` with a random result: a resignation by either side, an agreed draw.
async fn end_randomly(
    app: &TestApp,
    by_name: &HashMap<String, &Player>,
    game: &Value,
    rng: &mut StdRng,
) {
    let id = game["game_id"].as_str().unwrap();
    let white = by_name[game["white"].as_str().unwrap()];
    let black = by_name[game["black"].as_str().unwrap()];
    match rng.random_range(0..10) {
        0..=3 => {
            let (status, body) = app.act(white, id, "resign").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        4..=7 => {
            let (status, body) = app.act(black, id, "resign").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        _ => {
            let (status, body) = app.act(white, id, "draw/offer").await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = app.act(black, id, "draw/accept").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

/// The kept scores equal a recount from the games.
async fn assert_scores_recount(app: &TestApp, id: &str) {
    let kept = standings::kept(&app.state, id).await.unwrap();
    let recounted = standings::recount(&app.state, id).await.unwrap();
    assert_eq!(kept, recounted, "kept scores differ from the recount");
}
