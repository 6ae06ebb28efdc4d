//! The engine's evaluation on the analysis board and in the API: a finished game's
//! positions always, a game in progress only when it allows engines (refused otherwise,
//! and the page says why), a known mate found, bad positions refused, and a budget per
//! player.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

// A small node budget: the positions here are simple, and the tests stay quick.
scenarios!(with [("ENGINE_NODES", "20000")];
    a_game_in_progress_without_engines_is_not_evaluated_and_its_page_says_why,
    a_finished_game_is_evaluated_and_a_mate_in_one_is_found,
    evaluations_are_limited_per_player_and_bad_positions_are_refused,
);

/// White mates at once with Ra8.
pub(crate) const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";

/// A casual game of `white` and `black` from [`MATE_IN_ONE`], where White misses the
/// mate (Kf1) and Black resigns: its id.
pub(crate) async fn missed_mate(app: &TestApp, white: &Player, black: &Player) -> String {
    let id = app
        .new_game_with(white, black, json!({"start": MATE_IN_ONE, "rated": false}))
        .await;
    app.play_ok(white, black, &id, "g1f1").await;
    let (status, body) = app.act(black, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    id
}

/// `player` asks for the evaluation of `body`'s position in game `id`.
async fn evaluation(app: &TestApp, player: &Player, id: &str, body: Value) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/games/{id}/evaluation"),
        Some(&player.token),
        body,
    )
    .await
}

async fn a_game_in_progress_without_engines_is_not_evaluated_and_its_page_says_why(app: TestApp) {
    let white = app.player("eval_w").await;
    let black = app.player("eval_b").await;
    let watcher = app.player("watcher").await;
    let id = app
        .new_game_with(&white, &black, json!({"rated": false}))
        .await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    for player in [&white, &black, &watcher] {
        let (status, refused) = evaluation(&app, player, &id, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        assert_eq!(refused["error"], "analysis_not_allowed");
    }
    let page = app.page_html(&format!("/games/{id}/analysis")).await;
    assert!(page.contains("id=\"evaluation-note\""), "{page}");
    assert!(page.contains("played without engines"), "{page}");
    assert!(!page.contains("id=\"evaluate\""), "{page}");
    // The page's own form is refused as well, with a page that says why.
    let (status, _, body) =
        crate::helpers::post_form(&app, &white, &format!("/games/{id}/analysis?ply=1"), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body.contains("played without engines"), "{body}");

    // A game that allows engines is evaluated while it is played.
    let open = app
        .new_game_with(&white, &black, json!({"engines_allowed": true}))
        .await;
    app.play_ok(&white, &black, &open, "e2e4").await;
    let (status, found) = evaluation(&app, &black, &open, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["to_move"], "black");
    assert_eq!(found["unit"], "pawns");
    assert!(found["score"].is_number(), "{found}");
    let line = found["line"].as_array().unwrap();
    assert!((1..=6).contains(&line.len()), "{found}");
    assert!(found["depth"].as_u64().unwrap() > 0, "{found}");
}

async fn a_finished_game_is_evaluated_and_a_mate_in_one_is_found(app: TestApp) {
    let white = app.player("mate_w").await;
    let black = app.player("mate_b").await;
    let id = missed_mate(&app, &white, &black).await;
    let (status, found) = evaluation(&app, &black, &id, json!({"ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["to_move"], "white");
    assert_eq!(found["mate_in"], 1, "{found}");
    assert_eq!(found["line"], json!(["a1a8"]), "{found}");
    assert_eq!(found["score"], Value::Null);
    // Anyone signed in may ask once the game is over; the board offers it.
    let watcher = app.player("watcher").await;
    let (status, found) = evaluation(&app, &watcher, &id, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["to_move"], "black");
    let (status, _, page) =
        crate::helpers::get_page(&app, Some(&watcher), &format!("/games/{id}/analysis?ply=0"))
            .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"evaluate\""), "{page}");
    // Without the script: the form posts the page's address, and the answer is the page
    // with the evaluation.
    let (status, _, page) =
        crate::helpers::post_form(&app, &watcher, &format!("/games/{id}/analysis?ply=0"), &[])
            .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("White mates in 1."), "{page}");
    assert!(page.contains("Best line: 1. Ra8#"), "{page}");
    // A guest is asked to sign in.
    let page = app.page_html(&format!("/games/{id}/analysis?ply=0")).await;
    assert!(
        page.contains("Sign in to have the engine evaluate"),
        "{page}"
    );
    let (status, body) = app
        .post(&format!("/api/v1/games/{id}/evaluation"), None, json!({}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}

async fn evaluations_are_limited_per_player_and_bad_positions_are_refused(app: TestApp) {
    let white = app.player("busy_w").await;
    let black = app.player("busy_b").await;
    let id = missed_mate(&app, &white, &black).await;
    for (body, code) in [
        (json!({"ply": 0, "moves": ["a1a9"]}), "illegal_move"),
        (json!({"ply": 0, "moves": ["a1a8"]}), "position_over"),
        (json!({"moves": vec!["a1a2"; 201]}), "line_too_long"),
        (json!({"ply": -1}), "invalid_body"),
    ] {
        let (status, refused) = evaluation(&app, &white, &id, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert_eq!(refused["error"], code, "{refused}");
    }
    // Six a minute: the seventh waits, and the other player's budget is their own.
    for _ in 0..6 {
        let (status, found) = evaluation(&app, &white, &id, json!({"ply": 0})).await;
        assert_eq!(status, StatusCode::OK, "{found}");
    }
    let (status, limited) = evaluation(&app, &white, &id, json!({"ply": 0})).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{limited}");
    assert_eq!(limited["error"], "rate_limited");
    let (status, found) = evaluation(&app, &black, &id, json!({"ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{found}");
}
