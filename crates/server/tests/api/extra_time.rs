//! Extra time given to the opponent and pauses both players agree to, with their bounds,
//! on the injected clock.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Player, START, TestApp},
    scenarios,
};

scenarios!(
    a_player_gives_their_opponent_up_to_three_days,
    a_pause_is_asked_for_answered_and_stops_both_clocks,
);

const DAY: i64 = 86_400;

fn at(seconds: i64) -> String {
    vocab::clock::rfc3339(seconds)
}

async fn action(app: &TestApp, player: &Player, id: &str, path: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/games/{id}/{path}"),
        Some(&player.token),
        json!({}),
    )
    .await
}

async fn a_player_gives_their_opponent_up_to_three_days(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    // White is to move: only Black may give White time.
    let (status, body) = action(&app, &white, &id, "give-time").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("give_time_on_their_turn"))
    );
    app.clock.advance(DAY);
    for given in 1..=3 {
        let (status, game) = action(&app, &black, &id, "give-time").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["black_time_gifts"], given);
        assert_eq!(game["white_time_gifts"], 0);
        assert_eq!(game["deadline"], at(START + 3 * DAY + given * DAY));
        assert_eq!(
            game["clocks"]["white"]["seconds_left"],
            2 * DAY + given * DAY
        );
    }
    let (status, body) = action(&app, &black, &id, "give-time").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("too_many_time_gifts"))
    );
    assert_eq!(app.game(&id).await["deadline"], at(START + 6 * DAY));
    // A game without a clock has nothing to give.
    let untimed = &app
        .new_game_with(&white, &black, json!({"time_control": {"kind": "untimed"}}))
        .await;
    for path in ["give-time", "pause/offer"] {
        let (status, body) = action(&app, &black, untimed, path).await;
        assert_eq!(
            (status, &body["error"]),
            (StatusCode::CONFLICT, &json!("untimed_game")),
            "{path}"
        );
    }
}

async fn a_pause_is_asked_for_answered_and_stops_both_clocks(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    let (status, body) = action(&app, &black, &id, "pause/accept").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("no_pause_offer"))
    );
    let (status, game) = action(&app, &white, &id, "pause/offer").await;
    assert_eq!(
        (status, &game["pause_offer"]),
        (StatusCode::OK, &json!("white"))
    );
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(
        page.contains(">White asks for a pause of a week.<"),
        "the offer is a sentence on the page"
    );
    let (status, body) = action(&app, &white, &id, "pause/offer").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("pause_already_offered"))
    );
    let (status, game) = action(&app, &black, &id, "pause/decline").await;
    assert_eq!(
        (status, &game["pause_offer"]),
        (StatusCode::OK, &Value::Null)
    );
    assert_eq!(game["paused_until"], Value::Null);
    // Asked again a day in, and accepted: both clocks stop for a week from then.
    app.clock.advance(DAY);
    action(&app, &white, &id, "pause/offer").await;
    let (status, game) = action(&app, &black, &id, "pause/accept").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["pause_offer"], Value::Null);
    assert_eq!(game["paused_until"], at(START + 8 * DAY));
    assert_eq!(game["deadline"], at(START + 10 * DAY));
    let clock = &game["clocks"]["white"];
    assert_eq!(
        (&clock["running"], &clock["stopped"], &clock["seconds_left"]),
        (&json!(false), &json!("paused"), &json!(2 * DAY))
    );
    for (player, path, code) in [
        (&black, "give-time", "already_paused"),
        (&white, "pause/offer", "already_paused"),
    ] {
        let (status, body) = action(&app, player, &id, path).await;
        assert_eq!(
            (status, &body["error"]),
            (StatusCode::CONFLICT, &json!(code))
        );
    }
    // A move during the pause: Black's three days count from the pause's end.
    app.clock.advance(DAY);
    let game = app.play_ok(&white, &black, &id, "e2e4").await;
    assert_eq!(game["deadline"], at(START + 8 * DAY + 3 * DAY));
    // After the pause: a request lapses when the opponent moves, not when the asker does.
    app.clock.advance(7 * DAY);
    let (status, game) = action(&app, &black, &id, "pause/offer").await;
    assert_eq!(
        (status, &game["paused_until"]),
        (StatusCode::OK, &Value::Null)
    );
    let game = app.play_ok(&white, &black, &id, "e7e5").await;
    assert_eq!(game["pause_offer"], "black");
    let game = app.play_ok(&white, &black, &id, "g1f3").await;
    assert_eq!(game["pause_offer"], Value::Null);
    // A second pause is agreed; a third may not be.
    action(&app, &black, &id, "pause/offer").await;
    let (status, _) = action(&app, &white, &id, "pause/accept").await;
    assert_eq!(status, StatusCode::OK);
    app.clock.advance(8 * DAY);
    let (status, body) = action(&app, &black, &id, "pause/offer").await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("too_many_pauses"))
    );
    // The document lists the new actions.
    let (_, doc) = app.get("/api/v1/openapi.json", None).await;
    for path in ["give-time", "pause/offer", "pause/accept", "pause/decline"] {
        assert!(
            doc["paths"][format!("/api/v1/games/{{id}}/{path}")]["post"].is_object(),
            "{path}"
        );
    }
}
