//! Ratings: Glicko-2 per variant, updated once when a rated game ends, checked against
//! Glickman's worked example and against a second Glicko-2 written here from the paper;
//! the race of a sweeper timeout and a final move; the rebuild.

mod challenges;
mod glicko;
mod pages;

use std::collections::HashMap;

use reqwest::StatusCode;
use store::{
    ratings::{self, GameRatingRow, RatingRow},
    users,
};

use crate::helpers::{Player, TestApp};

const DAY: i64 = 86_400;

/// The user ids of players by name, and names by id.
async fn ids(app: &TestApp, players: &[&Player]) -> HashMap<String, String> {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let mut names = HashMap::new();
    for player in players {
        let row = users::by_name(&mut conn, &player.name)
            .await
            .unwrap()
            .unwrap();
        names.insert(row.id, player.name.clone());
    }
    names
}

async fn stored_ratings(app: &TestApp) -> Vec<RatingRow> {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    ratings::all(&mut conn).await.unwrap()
}

async fn stored_changes(app: &TestApp) -> Vec<GameRatingRow> {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    ratings::all_games(&mut conn).await.unwrap()
}

/// How a test game ends.
#[derive(Debug, Clone, Copy)]
enum End {
    /// Black mates on the fourth ply (fool's mate).
    BlackMates,
    /// Four plies, then Black resigns.
    BlackResigns,
    /// Four plies, then a draw by agreement.
    Agreed,
}

impl End {
    /// White's score.
    fn white_score(self) -> f64 {
        match self {
            End::BlackMates => 0.0,
            End::BlackResigns => 1.0,
            End::Agreed => 0.5,
        }
    }
}

/// A chess game between `white` and `black` ending as `end` at the app's time.
async fn play_game(app: &TestApp, white: &Player, black: &Player, end: End) -> String {
    let id = app.new_game("chess", white, black).await;
    let line: &[&str] = match end {
        End::BlackMates => &["f2f3", "e7e5", "g2g4", "d8h4"],
        _ => &["e2e4", "e7e5", "g1f3", "b8c6"],
    };
    for mv in line {
        app.play_ok(white, black, &id, mv).await;
    }
    match end {
        End::BlackMates => {}
        End::BlackResigns => {
            let (status, body) = app.act(black, &id, "resign").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        End::Agreed => {
            assert_eq!(app.act(white, &id, "draw/offer").await.0, StatusCode::OK);
            let (status, body) = app.act(black, &id, "draw/accept").await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
    assert_eq!(app.game(&id).await["status"], "finished");
    id
}
