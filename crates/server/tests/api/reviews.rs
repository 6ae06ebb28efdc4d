//! Post-game reviews: asked for once a game has ended, computed by the review job, a
//! known blunder marked (a missed mate in one), shown on the review page and in the PGN;
//! the queue shared fairly between players, decided once across two instances, and a
//! claim left by a dead instance taken again.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    evaluation::MATE_IN_ONE,
    helpers::{Player, TestApp},
    scenarios,
};
use domain::jobs::reviews::{self, HOLD_SECS};

// A small node budget: the games here are short, and the tests stay quick.
scenarios!(with [("ENGINE_NODES", "20000")];
    a_missed_mate_is_marked_a_blunder_on_the_page_in_the_api_and_in_the_pgn,
    the_queue_is_fair_between_players_and_each_review_is_done_once,
);

/// A short finished game: two moves, then White resigns.
async fn short_game(app: &TestApp, white: &Player, black: &Player) -> String {
    let id = app.new_game_with(white, black, json!({})).await;
    app.play_ok(white, black, &id, "e2e4").await;
    app.play_ok(white, black, &id, "e7e5").await;
    let (status, body) = app.act(white, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    id
}

async fn ask(app: &TestApp, player: &Player, id: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/games/{id}/review"),
        Some(&player.token),
        json!({}),
    )
    .await
}

async fn a_missed_mate_is_marked_a_blunder_on_the_page_in_the_api_and_in_the_pgn(app: TestApp) {
    let white = app.player("rev_w").await;
    let black = app.player("rev_b").await;
    let id = app
        .new_game_with(
            &white,
            &black,
            json!({"start": MATE_IN_ONE, "rated": false}),
        )
        .await;
    // While it is played, nothing is reviewed.
    let (status, refused) = ask(&app, &black, &id).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"], "game_not_over");
    // White misses the mate, then gives it a move later.
    for mv in ["g1f1", "g8h8", "a1a8"] {
        app.play_ok(&white, &black, &id, mv).await;
    }
    assert_eq!(app.game(&id).await["end_reason"], "checkmate");
    let (status, review) = app.get(&format!("/api/v1/games/{id}/review"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{review}");
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(page.contains("id=\"review-link\""), "{page}");

    let (status, queued) = ask(&app, &black, &id).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
    assert_eq!(queued["status"], "queued");
    let page = app.page_html(&format!("/games/{id}/review")).await;
    assert!(page.contains("id=\"review-queued\""), "{page}");
    assert_eq!(reviews::round(&app.state).await.unwrap(), 1);
    assert_eq!(reviews::round(&app.state).await.unwrap(), 0, "done once");

    let (status, done) = app.get(&format!("/api/v1/games/{id}/review"), None).await;
    assert_eq!(status, StatusCode::OK, "{done}");
    assert_eq!(done["status"], "done");
    assert_eq!(done["unit"], "pawns");
    let moves = done["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3, "{done}");
    assert_eq!(moves[0]["played"], "g1f1");
    assert_eq!(moves[0]["best"], "a1a8");
    assert_eq!(moves[0]["mark"], "blunder", "{done}");
    assert_eq!(moves[2]["mark"], Value::Null, "{done}");
    assert_eq!(
        moves[2]["white_after"], 10.0,
        "a mate counts the cap: {done}"
    );
    // Asked again: the review there is.
    let (status, again) = ask(&app, &white, &id).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{again}");
    assert_eq!(again["status"], "done");

    let page = app.page_html(&format!("/games/{id}/review")).await;
    assert!(page.contains("class=\"evaluation-graph\""), "{page}");
    assert!(page.contains("<strong>1. Kf1</strong> blunder"), "{page}");
    assert!(page.contains("better: Ra8#"), "{page}");
    let pgn = app.record(&id).await;
    assert!(
        pgn.contains("1. Kf1 $4 {Engine review: blunder, lost"),
        "{pgn}"
    );
    assert!(pgn.contains("better Ra8#}"), "{pgn}");
}

async fn the_queue_is_fair_between_players_and_each_review_is_done_once(app: TestApp) {
    let ann = app.player("queue_a").await;
    let bob = app.player("queue_b").await;
    let mut anns = Vec::new();
    for _ in 0..4 {
        anns.push(short_game(&app, &ann, &bob).await);
    }
    let bobs = short_game(&app, &bob, &ann).await;
    for id in &anns[..3] {
        let (status, queued) = ask(&app, &ann, id).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
        app.clock.advance(1);
    }
    // Three waiting are the most a player may have.
    let (status, refused) = ask(&app, &ann, &anns[3]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"], "too_many_reviews");
    let (status, queued) = ask(&app, &bob, &bobs).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");

    // Bob's first comes before Ann's second, though asked for last. An instance that
    // claims both and dies holds them until its claims run out.
    let now = app.state.now();
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let mut claimed = Vec::new();
    for _ in 0..2 {
        let (id, attempts) = store::reviews::claim(&mut conn, "dead", now, now + HOLD_SECS)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(attempts, 1);
        claimed.push(id);
    }
    drop(conn);
    assert_eq!(claimed, [anns[0].clone(), bobs.clone()]);

    // Two live instances share the rest, each review once.
    let second =
        TestApp::spawn_on(app.backend, &app.database_url, &[("ENGINE_NODES", "20000")]).await;
    second.clock.set(now);
    let (one, other) = tokio::join!(reviews::round(&app.state), reviews::round(&second.state));
    assert_eq!(one.unwrap() + other.unwrap(), 2, "the two left free");
    for id in &claimed {
        let (_, review) = app.get(&format!("/api/v1/games/{id}/review"), None).await;
        assert_eq!(review["status"], "queued", "still held: {review}");
    }
    app.clock.set(now + HOLD_SECS);
    second.clock.set(now + HOLD_SECS);
    let (one, other) = tokio::join!(reviews::round(&app.state), reviews::round(&second.state));
    assert_eq!(
        one.unwrap() + other.unwrap(),
        2,
        "taken again once the claims ran out"
    );
    for id in anns[..3].iter().chain([&bobs]) {
        let (_, review) = app.get(&format!("/api/v1/games/{id}/review"), None).await;
        assert_eq!(review["status"], "done", "{review}");
        assert_eq!(review["moves"].as_array().unwrap().len(), 2, "{review}");
    }
    // Once done, Ann may ask for another.
    let (status, queued) = ask(&app, &ann, &anns[3]).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
}
