//! Glicko-2 updates: checked against Glickman's worked example and a second Glicko-2
//! written here from the paper; short and aborted games not rated; a sweeper timeout racing
//! a final move; the rebuild; the change in the API and the PGN.

use std::collections::HashMap;

use domain::{game::sweep_overdue, ratings::rebuild};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::Value;
use store::ratings::RatingRow;

use super::{DAY, End, ids, play_game, stored_changes, stored_ratings};
use crate::{
    helpers::{SERVER_BIN, TestApp},
    scenarios,
};

scenarios!(
    rated_games_move_ratings_as_an_independent_glicko2_says,
    short_and_aborted_games_are_not_rated,
    a_sweeper_timeout_and_a_final_move_racing_rate_once,
    rebuild_reproduces_the_stored_ratings_exactly,
    a_games_rating_change_is_in_the_api_and_the_pgn,
);

/// Glicko-2 as "Example of the Glicko-2 system" (Glickman, 2013) describes it, steps 2
/// to 8, written here without the crate, for one player's rating period.
mod paper {
    use std::f64::consts::PI;

    /// Points per Glicko-2 unit.
    const SCALE: f64 = 173.7178;
    /// The system constant τ the server uses (the crate's default).
    const TAU: f64 = 0.5;
    const EPSILON: f64 = 0.000_001;

    /// (rating, deviation, volatility) in points.
    pub(crate) type Rating = (f64, f64, f64);

    fn g(phi: f64) -> f64 {
        1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
    }

    fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
        1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
    }

    /// The player's rating after one period against `games`: (opponent, score).
    pub(crate) fn update(player: Rating, games: &[(Rating, f64)]) -> Rating {
        let (mu, phi, sigma) = ((player.0 - 1500.0) / SCALE, player.1 / SCALE, player.2);
        let opponents: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|((r, rd, _), s)| ((r - 1500.0) / SCALE, rd / SCALE, *s))
            .collect();
        // Step 3: the estimated variance v; step 4: the improvement Δ.
        let v = 1.0
            / opponents
                .iter()
                .map(|(mu_j, phi_j, _)| {
                    let e = expected(mu, *mu_j, *phi_j);
                    g(*phi_j).powi(2) * e * (1.0 - e)
                })
                .sum::<f64>();
        let improvement: f64 = opponents
            .iter()
            .map(|(mu_j, phi_j, s)| g(*phi_j) * (s - expected(mu, *mu_j, *phi_j)))
            .sum();
        let delta = v * improvement;
        // Step 5: the new volatility, by the Illinois algorithm.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        while (big_b - big_a).abs() > EPSILON {
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
        }
        let new_sigma = (big_a / 2.0).exp();
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
        let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let new_mu = mu + new_phi * new_phi * improvement;
        // Step 8: back to points.
        (new_mu * SCALE + 1500.0, new_phi * SCALE, new_sigma)
    }

    /// A period without games: the deviation grows (φ' = √(φ² + σ²)), at most 350.
    pub(crate) fn idle(player: Rating) -> Rating {
        let phi = player.1 / SCALE;
        let grown = (phi * phi + player.2 * player.2).sqrt() * SCALE;
        (player.0, grown.min(350.0), player.2)
    }

    #[test]
    fn this_glicko2_reproduces_glickmans_worked_example() {
        let after = update(
            (1500.0, 200.0, 0.06),
            &[
                ((1400.0, 30.0, 0.06), 1.0),
                ((1550.0, 100.0, 0.06), 0.0),
                ((1700.0, 300.0, 0.06), 0.0),
            ],
        );
        assert!((after.0 - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.1 - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.2 - 0.05999).abs() < 0.000_01, "{after:?}");
    }
}

/// A model of the server's ratings computed with [`paper`]: each game its own period,
/// the deviation grown once per whole 30 days idle before it.
#[derive(Default)]
struct Model {
    ratings: HashMap<String, (paper::Rating, i64)>,
}

impl Model {
    const PERIOD: i64 = 30 * DAY;

    fn standing(&self, player: &str, now: i64) -> paper::Rating {
        match self.ratings.get(player) {
            None => (1500.0, 350.0, 0.06),
            Some((rating, last)) => {
                let mut rating = *rating;
                for _ in 0..(now - last).max(0) / Model::PERIOD {
                    rating = paper::idle(rating);
                }
                rating
            }
        }
    }

    /// A game between `white` and `black` ending at `now` with White scoring `score`.
    fn play(&mut self, white: &str, black: &str, score: f64, now: i64) {
        let (w, b) = (self.standing(white, now), self.standing(black, now));
        let w_after = paper::update(w, &[(b, score)]);
        let b_after = paper::update(b, &[(w, 1.0 - score)]);
        self.ratings.insert(white.to_owned(), (w_after, now));
        self.ratings.insert(black.to_owned(), (b_after, now));
    }

    fn assert_matches(&self, stored: &[RatingRow], names: &HashMap<String, String>) {
        assert_eq!(stored.len(), self.ratings.len(), "{stored:?}");
        for row in stored {
            let name = &names[&row.user_id];
            let ((rating, deviation, volatility), last) = self.ratings[name];
            let points = |units: i64| units as f64 / 1e6;
            assert!(
                (points(row.rating) - rating).abs() < 1e-3,
                "{name}: stored {} vs {rating}",
                points(row.rating)
            );
            assert!(
                (points(row.deviation) - deviation).abs() < 1e-3,
                "{name}: stored {} vs {deviation}",
                points(row.deviation)
            );
            assert!(
                (row.volatility as f64 / 1e9 - volatility).abs() < 1e-6,
                "{name}: {row:?} vs {volatility}"
            );
            assert_eq!(row.last_rated_at, last, "{name}");
        }
    }
}

async fn rated_games_move_ratings_as_an_independent_glicko2_says(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let cid = app.player("cid").await;
    let names = ids(&app, &[&ann, &bob, &cid]).await;
    let mut model = Model::default();
    let schedule = [
        (&ann, &bob, End::BlackResigns, 0),
        (&bob, &cid, End::BlackMates, DAY),
        (&cid, &ann, End::Agreed, 2 * DAY),
        (&ann, &cid, End::BlackMates, 3 * DAY),
        // Bob idles for two whole rating periods: his deviation grows twice first.
        (&bob, &ann, End::BlackResigns, 65 * DAY),
        (&cid, &bob, End::Agreed, 40 * DAY),
    ];
    for (white, black, end, wait) in schedule {
        app.clock.advance(wait);
        play_game(&app, white, black, end).await;
        model.play(&white.name, &black.name, end.white_score(), app.state.now());
        model.assert_matches(&stored_ratings(&app).await, &names);
    }
    // Each game's change is stored once, numbered in order, before = the aged rating.
    let changes = stored_changes(&app).await;
    assert_eq!(
        changes.iter().map(|row| row.seq).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
    for row in stored_ratings(&app).await {
        let played = changes
            .iter()
            .filter(|change| change.white_id == row.user_id || change.black_id == row.user_id)
            .count() as i64;
        assert_eq!(row.rated_games, played, "{}", names[&row.user_id]);
    }
    // Only chess was played: every other variant is untouched.
    assert!(
        stored_ratings(&app)
            .await
            .iter()
            .all(|r| r.variant == "chess")
    );
}

async fn short_and_aborted_games_are_not_rated(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    // Aborted before moving.
    let aborted = app.new_game("chess", &ann, &bob).await;
    assert_eq!(app.act(&ann, &aborted, "abort").await.0, StatusCode::OK);
    // One move each, then a resignation: finished and counted, not rated.
    let short = app.new_game("chess", &ann, &bob).await;
    app.play_ok(&ann, &bob, &short, "e2e4").await;
    app.play_ok(&ann, &bob, &short, "e7e5").await;
    assert_eq!(app.act(&bob, &short, "resign").await.0, StatusCode::OK);
    // Two moves by White and one by Black: still too short.
    let three = app.new_game("chess", &ann, &bob).await;
    for mv in ["e2e4", "e7e5", "g1f3"] {
        app.play_ok(&ann, &bob, &three, mv).await;
    }
    assert_eq!(app.act(&ann, &three, "resign").await.0, StatusCode::OK);
    assert!(stored_ratings(&app).await.is_empty());
    assert!(stored_changes(&app).await.is_empty());
    let chess = app
        .stats()
        .await
        .into_iter()
        .find(|row| row.0 == "chess")
        .unwrap();
    assert_eq!(
        (chess.1, chess.2, chess.4),
        (1, 1, 2),
        "finished games still count"
    );
    // Two moves each: rated.
    let rated = play_game(&app, &ann, &bob, End::BlackResigns).await;
    let changes = stored_changes(&app).await;
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].game_id, rated);
    assert!(changes[0].white_after > changes[0].white_before);
}

async fn a_sweeper_timeout_and_a_final_move_racing_rate_once(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let names = ids(&app, &[&ann, &bob]).await;
    let mut games = Vec::new();
    for _ in 0..6 {
        let id = app.new_game("chess", &ann, &bob).await;
        // Both sides have played enough for a rated game; White mates next.
        for mv in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"] {
            app.play_ok(&ann, &bob, &id, mv).await;
        }
        games.push(id);
    }
    // A second instance on the same database whose clock is past White's deadline: its
    // sweeper ends the games on time while White mates from the first (still in time).
    let late = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    late.clock.advance(4 * DAY);
    let mates = join_all(games.iter().map(|id| app.play(&ann, id, "h5f7", 6)));
    let (mates, swept) = tokio::join!(mates, sweep_overdue(&late.state));
    let swept = swept.unwrap();
    let mated = mates
        .iter()
        .filter(|(status, _)| *status == StatusCode::OK)
        .count();
    assert_eq!(mated + swept, 6, "each game ended once: {mates:?}");
    // Of the losses on time, the first is rated and the others are serial timeouts
    // (within 72 hours of it), which change no rating.
    let rated = mated + usize::from(swept > 0);
    let mut serial = 0;
    for id in &games {
        serial += usize::from(app.game(id).await["serial_timeout"] == true);
    }
    assert_eq!(serial, swept.saturating_sub(1));
    // Each rated game rated once, numbered in the order the ends committed.
    let changes = stored_changes(&app).await;
    assert_eq!(changes.len(), rated);
    assert_eq!(
        changes.iter().map(|row| row.seq).collect::<Vec<_>>(),
        (1..=rated as i64).collect::<Vec<_>>()
    );
    let stored = stored_ratings(&app).await;
    assert!(
        stored.iter().all(|row| row.rated_games == rated as i64),
        "{stored:?}"
    );
    // And the ratings are those of the six results in that order.
    let mut model = Model::default();
    for change in &changes {
        let game = app.game(&change.game_id).await;
        let score = match game["result"].as_str() {
            Some("1-0") => 1.0,
            Some("0-1") => 0.0,
            other => panic!("unexpected result {other:?}"),
        };
        assert_eq!(
            game["termination"].as_str(),
            Some(if score == 1.0 { "normal" } else { "timeout" })
        );
        model.play(&ann.name, &bob.name, score, change.rated_at);
    }
    model.assert_matches(&stored, &names);
}

async fn rebuild_reproduces_the_stored_ratings_exactly(app: TestApp) {
    let players = [
        app.player("ann").await,
        app.player("bob").await,
        app.player("cid").await,
        app.player("dee").await,
    ];
    let ends = [End::BlackMates, End::BlackResigns, End::Agreed];
    for round in 0..9_usize {
        let white = &players[round % 4];
        let black = &players[(round * 3 + 1) % 4];
        if white.name == black.name {
            continue;
        }
        play_game(&app, white, black, ends[round % 3]).await;
        app.clock
            .advance(if round % 4 == 3 { 31 * DAY } else { DAY / 3 });
    }
    // A casual-sized game in reversi too, short: not rated, not rebuilt.
    let short = app.new_game("reversi-8x8", &players[0], &players[1]).await;
    assert_eq!(
        app.act(&players[1], &short, "resign").await.0,
        StatusCode::OK
    );
    let ratings_before = stored_ratings(&app).await;
    let changes_before = stored_changes(&app).await;
    assert!(changes_before.len() >= 7, "{changes_before:?}");
    // Spoil a stored rating: the rebuild must recompute, not keep.
    {
        let mut conn = app.state.db.pool.acquire().await.unwrap();
        sqlx::query("update player_ratings set rating = rating + 12345")
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    assert_ne!(stored_ratings(&app).await, ratings_before);
    let report = rebuild(&app.state.db).await.unwrap();
    assert_eq!(report.games_rated as usize, changes_before.len());
    assert_eq!(report.ratings as usize, ratings_before.len());
    assert_eq!(stored_ratings(&app).await, ratings_before);
    assert_eq!(stored_changes(&app).await, changes_before);
    // The command does the same.
    {
        let mut conn = app.state.db.pool.acquire().await.unwrap();
        sqlx::query("delete from game_ratings")
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    let output = std::process::Command::new(SERVER_BIN)
        .args(["ratings", "rebuild"])
        .env_clear()
        .env("DATABASE_URL", &app.database_url)
        .output()
        .expect("run the server binary");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("ratings rebuilt"), "{stdout}");
    assert_eq!(stored_ratings(&app).await, ratings_before);
    assert_eq!(stored_changes(&app).await, changes_before);
    // Games go on being numbered after the rebuild.
    play_game(&app, &players[2], &players[3], End::Agreed).await;
    let changes = stored_changes(&app).await;
    assert_eq!(changes.last().unwrap().seq, changes_before.len() as i64 + 1);
}

async fn a_games_rating_change_is_in_the_api_and_the_pgn(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let id = play_game(&app, &ann, &bob, End::BlackMates).await;
    let game = app.game(&id).await;
    let change = &game["rating_change"];
    let stored = &stored_changes(&app).await[0];
    let whole = |units: i64| (units + 500_000).div_euclid(1_000_000);
    assert_eq!(change["white"]["before"], 1500);
    assert_eq!(change["black"]["before"], 1500);
    assert_eq!(change["white"]["after"], whole(stored.white_after));
    assert_eq!(change["black"]["after"], whole(stored.black_after));
    let black_gain = change["black"]["change"].as_i64().unwrap();
    assert!(black_gain > 100, "a first win from 350 moves far: {change}");
    assert_eq!(change["white"]["change"].as_i64().unwrap(), -black_gain);
    assert_eq!(change["white"]["provisional_after"], true);
    let record = app
        .client
        .get(format!("{}/games/{id}/record", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        record.contains("[WhiteElo \"1500\"]\n[BlackElo \"1500\"]\n"),
        "{record}"
    );
    // The next game's PGN has the ratings the players had then.
    let next = play_game(&app, &ann, &bob, End::Agreed).await;
    let record = app
        .client
        .get(format!("{}/games/{next}/record", app.address))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let white_elo = format!("[WhiteElo \"{}\"]", whole(stored.white_after));
    assert!(record.contains(&white_elo), "{record}");
    // A game still going has no change.
    let going = app.new_game("chess", &ann, &bob).await;
    assert_eq!(app.game(&going).await["rating_change"], Value::Null);
}
