//! The games a player may take on: an allowance of active games that grows with each game
//! finished, up to a ceiling, with games against the computer left out and
//! administrators never limited; and no tournament entries for a while after a loss on
//! time. With small limits, on both databases, by the API and the lobby's form.

use domain::game::sweep_overdue;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    conditional::select,
    helpers::{Player, TestApp, post_form},
    scenarios,
};

scenarios!(with [
    ("GAMES_ALLOWANCE", "2"),
    ("GAMES_ALLOWANCE_CEILING", "3"),
    ("TIMEOUT_COOLDOWN_DAYS", "30"),
];
    the_allowance_grows_with_finished_games_up_to_its_ceiling,
    a_loss_on_time_bars_tournament_entries_for_the_cooldown,
);

const DAY: i64 = 86_400;

/// `from` challenges `to` (as White) to chess; the answer.
async fn challenge(app: &TestApp, from: &Player, to: &Player) -> (StatusCode, Value) {
    app.post(
        "/api/v1/challenges",
        Some(&from.token),
        json!({"variant": "chess", "color": "white", "opponent": to.name, "days_per_move": 3}),
    )
    .await
}

fn refused(answer: &(StatusCode, Value), code: &str) {
    assert_eq!(
        (answer.0, answer.1["error"].as_str()),
        (StatusCode::CONFLICT, Some(code)),
        "{}",
        answer.1
    );
}

async fn the_allowance_grows_with_finished_games_up_to_its_ceiling(app: TestApp) {
    // The first account is an administrator, whom no allowance limits.
    let admin = app.player("allow_admin").await;
    let anna = app.player("allow_anna").await;
    let boris = app.player("allow_boris").await;
    let carl = app.player("allow_carl").await;
    let first = app.new_game("chess", &anna, &boris).await;
    let second = app.new_game("chess", &anna, &boris).await;
    // Two games are Anna's allowance: she may not challenge, nor accept.
    let answer = challenge(&app, &anna, &carl).await;
    refused(&answer, "game_allowance");
    let message = answer.1["message"].as_str().unwrap();
    assert!(message.contains("you play 2 games"), "{message}");
    assert!(message.contains("2 and one more"), "{message}");
    let (status, made) = challenge(&app, &carl, &anna).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let accept = format!("/api/v1/challenges/{}/accept", made["id"].as_str().unwrap());
    refused(
        &app.post(&accept, Some(&anna.token), json!({})).await,
        "game_allowance",
    );
    // The challenge stays open.
    let (_, open) = app.get("/api/v1/challenges", Some(&carl.token)).await;
    assert_eq!(open.as_array().map(Vec::len), Some(1), "{open}");
    // A challenger at the allowance: Carl's open challenge waits while he plays two.
    let (status, open_one) = app
        .post(
            "/api/v1/challenges",
            Some(&carl.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{open_one}");
    app.new_game("chess", &carl, &admin).await;
    app.new_game("chess", &carl, &admin).await;
    let dave = app.player("allow_dave").await;
    let accept_open = format!(
        "/api/v1/challenges/{}/accept",
        open_one["id"].as_str().unwrap()
    );
    let answer = app.post(&accept_open, Some(&dave.token), json!({})).await;
    refused(&answer, "game_allowance");
    let message = answer.1["message"].as_str().unwrap();
    assert!(
        message.contains("the challenger plays 2 games"),
        "{message}"
    );
    // The lobby's form says why, in words.
    let (status, _, page) = post_form(
        &app,
        &anna,
        "/challenges",
        &[
            ("variant", "chess"),
            ("color", "white"),
            ("days_per_move", "3"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let alert = select(&page, "#create ~ p[role=alert]").join(" ");
    assert!(
        alert.starts_with("Not now: you play as many games as you may take on"),
        "{alert}"
    );
    // Games against the computer are left out.
    let (status, body) = app
        .post(
            "/api/v1/computer-games",
            Some(&anna.token),
            json!({"variant": "reversi-6x6", "level": 1, "color": "white"}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    refused(&challenge(&app, &anna, &carl).await, "game_allowance");
    // One game finished: one more game; the ceiling is three.
    app.act(&boris, &first, "resign").await;
    let (status, body) = challenge(&app, &anna, &dave).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = app
        .post(
            &format!("/api/v1/challenges/{}/accept", body["id"].as_str().unwrap()),
            Some(&dave.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    app.new_game("chess", &anna, &admin).await;
    refused(&challenge(&app, &anna, &dave).await, "game_allowance");
    // Two finished: two and two would be four, but the ceiling is three.
    app.act(&boris, &second, "resign").await;
    app.new_game("chess", &anna, &admin).await;
    refused(&challenge(&app, &anna, &dave).await, "game_allowance");
    // An administrator is never limited.
    for _ in 0..3 {
        let (status, body) = challenge(&app, &admin, &dave).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
}

async fn a_loss_on_time_bars_tournament_entries_for_the_cooldown(app: TestApp) {
    let organiser = app.player("cool_org").await;
    let anna = app.player("cool_anna").await;
    let boris = app.player("cool_boris").await;
    let late = app.new_game("chess", &anna, &boris).await;
    app.clock.advance(4 * DAY);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    assert_eq!(app.game(&late).await["termination"], "timeout");
    let (status, made) = app
        .post(
            "/api/v1/tournaments",
            Some(&organiser.token),
            json!({"name": "After the cooldown", "variant": "chess", "format": "swiss",
                   "rounds": 3, "max_players": 8}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let join = format!("/api/v1/tournaments/{}/join", made["id"].as_str().unwrap());
    let answer = app.post(&join, Some(&anna.token), json!({})).await;
    refused(&answer, "timeout_cooldown");
    let message = answer.1["message"].as_str().unwrap();
    assert!(message.contains("30 days later"), "{message}");
    // The winner on time is not barred; the loser is, until the cooldown has passed.
    let (status, body) = app.post(&join, Some(&boris.token), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.clock.advance(29 * DAY);
    refused(
        &app.post(&join, Some(&anna.token), json!({})).await,
        "timeout_cooldown",
    );
    app.clock.advance(DAY);
    let (status, body) = app.post(&join, Some(&anna.token), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
