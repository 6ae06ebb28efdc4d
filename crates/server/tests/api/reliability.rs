//! Reliability cards (losses on time, time per move, games, vacation left), what open
//! challenges and tournaments may ask of them, and the expected length of a game, on the
//! injected clock.

use domain::game::sweep_overdue;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(with [("TIMEOUT_COOLDOWN_DAYS", "0"), ("VACATION_DAYS_PER_YEAR", "30")];
    cards_count_losses_on_time_and_time_per_move_and_challenges_and_tournaments_ask_for_them,
);

const HOUR: i64 = 3_600;
const DAY: i64 = 86_400;

/// White's and Black's moves of a quiet game: no capture, no check, no repetition.
const WHITE: [&str; 11] = [
    "e2e4", "d2d4", "g1f3", "b1c3", "f1e2", "c1e3", "d1d2", "e1g1", "a2a3", "h2h3", "g2g3",
];
const BLACK: [&str; 10] = [
    "a7a6", "b7b6", "c7c6", "d7d6", "e7e6", "f7f6", "g7g6", "h7h6", "a6a5", "b6b5",
];

async fn card_of(app: &TestApp, player: &Player) -> Value {
    let (status, body) = app
        .get(&format!("/api/v1/players/{}", player.name), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["reliability"].clone()
}

async fn open_challenge(app: &TestApp, by: &Player, extra: Value) -> (StatusCode, Value) {
    let mut body = json!({"variant": "chess", "color": "random"});
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    app.post("/api/v1/challenges", Some(&by.token), body).await
}

async fn accept(app: &TestApp, who: &Player, id: &Value) -> (StatusCode, Value) {
    let path = format!("/api/v1/challenges/{}/accept", id.as_str().unwrap());
    app.post(&path, Some(&who.token), json!({})).await
}

/// The expected days of challenge `id` as `viewer` lists it.
async fn expected_for(app: &TestApp, viewer: &Player, id: &Value) -> (i64, i64) {
    let (status, list) = app.get("/api/v1/challenges", Some(&viewer.token)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let challenge = list
        .as_array()
        .unwrap()
        .iter()
        .find(|challenge| &challenge["id"] == id)
        .expect("listed")
        .clone();
    let days = &challenge["expected_days"];
    (
        days["low"].as_i64().unwrap(),
        days["high"].as_i64().unwrap(),
    )
}

async fn cards_count_losses_on_time_and_time_per_move_and_challenges_and_tournaments_ask_for_them(
    app: TestApp,
) {
    let quick = app.player("quick").await;
    let slow = app.player("slow").await;
    let host = app.player("host").await;
    // Slow's time runs out: no automatic vacation saves the game.
    let (status, _) = app
        .send(
            reqwest::Method::PATCH,
            "/api/v1/me/time",
            Some(&slow.token),
            Some(json!({"auto_vacation": false})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let fresh = card_of(&app, &slow).await;
    assert_eq!(fresh["recent_games"], 0);
    assert_eq!(fresh["seconds_per_move"], Value::Null);
    let id = app
        .new_game_with(
            &quick,
            &slow,
            json!({"time_control": {"kind": "per_move", "days": 1, "hours": 0}}),
        )
        .await;
    // Quick answers in an hour, Slow in three; then Slow lets the clock run out.
    for ply in 0..21 {
        let (wait, mv) = if ply % 2 == 0 {
            (HOUR, WHITE[ply / 2])
        } else {
            (3 * HOUR, BLACK[ply / 2])
        };
        app.clock.advance(wait);
        app.play_ok(&quick, &slow, &id, mv).await;
    }
    assert_eq!(card_of(&app, &slow).await["active_games"], 1);
    app.clock.advance(DAY + 1);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    assert_eq!(app.game(&id).await["termination"], "timeout");

    let slow_card = card_of(&app, &slow).await;
    assert_eq!(
        slow_card,
        json!({"days": 90, "recent_games": 1, "time_losses": 1, "time_loss_percent": 100,
               "seconds_per_move": 3 * HOUR, "active_games": 0, "finished_games": 1,
               "vacation_hours_left": 720})
    );
    let quick_card = card_of(&app, &quick).await;
    assert_eq!(
        (
            &quick_card["time_losses"],
            &quick_card["time_loss_percent"],
            &quick_card["seconds_per_move"]
        ),
        (&json!(0), &json!(0), &json!(HOUR))
    );
    let page = app.page_html(&format!("/players/{}", slow.name)).await;
    assert!(
        page.contains("Lost on time: 1 of 1 games in 90 days (100%)"),
        "the profile shows the card"
    );
    assert!(page.contains("3 h 0 min a move"), "and the time per move");

    // What a challenge may ask, and who it refuses.
    let (status, strict) = open_challenge(&app, &host, json!({"max_time_loss_percent": 50})).await;
    assert_eq!(status, StatusCode::CREATED, "{strict}");
    assert_eq!(strict["max_time_loss_percent"], 50);
    let (status, body) = accept(&app, &slow, &strict["id"]).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("reliability_required")),
        "{body}"
    );
    assert!(body["message"].as_str().unwrap().contains("100% (1 of 1)"));
    // The challenge stays open, with the challenger's card and the game's expected
    // length, which is longer against the slower player.
    let (slow_view, quick_view) = (
        expected_for(&app, &slow, &strict["id"]).await,
        expected_for(&app, &quick, &strict["id"]).await,
    );
    assert!(
        slow_view.0 >= 1 && slow_view.0 <= slow_view.1,
        "{slow_view:?}"
    );
    assert!(slow_view.1 > quick_view.1, "{slow_view:?} {quick_view:?}");
    let lobby = app.page_html_as(&slow, "/lobby").await;
    assert!(
        lobby.contains("at most 50% lost on time"),
        "the lobby says what it asks"
    );
    assert!(
        lobby.contains("Expected length: "),
        "and how long the game may last"
    );
    let (status, body) = accept(&app, &quick, &strict["id"]).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let (_, seasoned) = open_challenge(&app, &host, json!({"min_finished_games": 2})).await;
    let (status, body) = accept(&app, &quick, &seasoned["id"]).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("reliability_required")),
        "{body}"
    );
    for (extra, code) in [
        (json!({"max_time_loss_percent": 101}), "invalid_requirement"),
        (json!({"min_finished_games": -1}), "invalid_requirement"),
        (
            json!({"min_finished_games": 1, "opponent": quick.name}),
            "requirements_need_open_challenge",
        ),
    ] {
        let (status, body) = open_challenge(&app, &host, extra.clone()).await;
        assert_eq!(
            (status, &body["error"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!(code)),
            "{extra}: {body}"
        );
    }

    // A tournament may ask the same of its entrants, and shows a game's expected length.
    let (status, made) = app
        .post(
            "/api/v1/tournaments",
            Some(&host.token),
            json!({"name": "Reliable players", "variant": "chess", "format": "swiss",
                   "rounds": 3, "max_players": 8, "max_time_loss_percent": 10}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["max_time_loss_percent"], 10);
    let path = format!("/api/v1/tournaments/{}", made["id"].as_str().unwrap());
    let (status, body) = app
        .post(&format!("{path}/join"), Some(&slow.token), json!({}))
        .await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("reliability_required")),
        "{body}"
    );
    let (status, body) = app
        .post(&format!("{path}/join"), Some(&quick.token), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, shown) = app.get(&path, Some(&slow.token)).await;
    let days = &shown["expected_days"];
    assert!(days["low"].as_i64().unwrap() >= 1, "{shown}");
    assert!(days["high"].as_i64() >= days["low"].as_i64());
}
