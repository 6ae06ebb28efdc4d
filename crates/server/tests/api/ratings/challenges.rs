//! Ratings and challenges: casual games rate nothing, and rating ranges are checked when a
//! challenge is accepted.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{End, play_game, stored_changes, stored_ratings};
use crate::{helpers::TestApp, scenarios};

scenarios!(
    casual_challenges_make_games_that_rate_nothing,
    rating_ranges_are_checked_when_accepting,
);

async fn casual_challenges_make_games_that_rate_nothing(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let (status, challenge) = app
        .post(
            "/api/v1/challenges",
            Some(&ann.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 3,
                   "opponent": "bob", "rated": false}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    assert_eq!(challenge["rated"], false);
    let (status, accepted) = app
        .post(
            &format!(
                "/api/v1/challenges/{}/accept",
                challenge["id"].as_str().unwrap()
            ),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let id = accepted["game_id"].as_str().unwrap();
    assert_eq!(app.game(id).await["rated"], false);
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        app.play_ok(&ann, &bob, id, mv).await;
    }
    let (status, game) = app.act(&bob, id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["rating_change"], Value::Null);
    assert!(stored_ratings(&app).await.is_empty());
    // Counted all the same, on both profiles.
    let (_, profile) = app.get("/api/v1/players/ann", None).await;
    assert_eq!(profile["stats"][0]["as_white"]["wins"], 1, "{profile}");
    assert_eq!(profile["ratings"], json!([]));
    // A challenge is rated unless it says otherwise.
    let (_, rated) = app
        .post(
            "/api/v1/challenges",
            Some(&ann.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 3}),
        )
        .await;
    assert_eq!(rated["rated"], true);
    let rated_game = play_game(&app, &ann, &bob, End::BlackResigns).await;
    assert_eq!(app.game(&rated_game).await["rated"], true);
    assert_eq!(stored_changes(&app).await.len(), 1);
}

async fn rating_ranges_are_checked_when_accepting(app: TestApp) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let cid = app.player("cid").await;
    // Bob loses twice: below 1500.
    for _ in 0..2 {
        play_game(&app, &ann, &bob, End::BlackResigns).await;
    }
    let open = |body: Value| {
        let app = &app;
        let token = ann.token.clone();
        async move { app.post("/api/v1/challenges", Some(&token), body).await }
    };
    // Refused ranges.
    for (body, code) in [
        (
            json!({"min_rating": 1800, "max_rating": 1400}),
            "invalid_rating_range",
        ),
        (json!({"min_rating": -1}), "invalid_rating_range"),
        (json!({"max_rating": 4001}), "invalid_rating_range"),
        (
            json!({"min_rating": 1400, "opponent": "bob"}),
            "rating_range_needs_open_challenge",
        ),
        (json!({"min_rating": "1400"}), "invalid_body"),
        (json!({"min_rating": 1400.5}), "invalid_body"),
    ] {
        let mut full = json!({"variant": "chess", "color": "random", "days_per_move": 3});
        for (key, value) in body.as_object().unwrap() {
            full[key] = value.clone();
        }
        let (status, answer) = open(full).await;
        assert_eq!(
            (status, answer["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(code)),
            "{body}: {answer}"
        );
    }
    let (status, challenge) = open(json!({"variant": "chess", "color": "random",
        "days_per_move": 3, "min_rating": 1450, "max_rating": 1800}))
    .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    assert_eq!(
        (
            challenge["min_rating"].as_i64(),
            challenge["max_rating"].as_i64()
        ),
        (Some(1450), Some(1800))
    );
    let id = challenge["id"].as_str().unwrap();
    // Bob sees it, marked as not for him; Cid (1500, no games) may accept.
    let may_accept = |token: String| {
        let app = &app;
        async move {
            let (_, list) = app.get("/api/v1/challenges", Some(&token)).await;
            list.as_array()
                .unwrap()
                .iter()
                .find(|c| c["id"] == id)
                .unwrap()["you_may_accept"]
                .clone()
        }
    };
    assert_eq!(may_accept(bob.token.clone()).await, false);
    assert_eq!(may_accept(cid.token.clone()).await, true);
    assert_eq!(may_accept(ann.token.clone()).await, Value::Null);
    let (status, refused) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&bob.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"], "rating_out_of_range");
    assert!(
        refused["message"].as_str().unwrap().contains("1450–1800"),
        "{refused}"
    );
    // Still open, and Cid takes it.
    assert_eq!(
        app.get(&format!("/api/v1/challenges/{id}"), None).await.1["status"],
        "open"
    );
    let (status, accepted) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&cid.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
}
