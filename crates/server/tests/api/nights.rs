//! Nights off: each player's nightly pause in their own time zone, a change of it moving
//! the deadlines of their games, "no nights off" games, and a night across a change to
//! summer time, on the injected clock.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::TestApp,
    scenarios,
    vacation::{at, set_time, utc},
};

scenarios!(
    a_night_stops_the_clock_in_the_players_zone_and_its_changes_move_deadlines,
    a_night_across_the_change_to_summer_time_keeps_its_local_hours,
);

const HOUR: i64 = 3_600;

fn one_day() -> Value {
    json!({"kind": "per_move", "days": 1, "hours": 0})
}

async fn a_night_stops_the_clock_in_the_players_zone_and_its_changes_move_deadlines(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let (status, body) = set_time(
        &app,
        &black,
        json!({"time_zone": "Europe/Tallinn", "night": {"from": "23:00", "until": "07:00"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["night"], json!({"from": "23:00", "until": "07:00"}));
    // Monday 2026-12-07 12:00 in Tallinn (UTC+2).
    app.clock.set(utc("2026-12-07T10:00:00Z"));
    let id = app
        .new_game_with(&white, &black, json!({"time_control": one_day()}))
        .await;
    let game = app.game(&id).await;
    assert_eq!(game["nights_allowed"], true);
    // White has no night: a plain day.
    assert_eq!(game["deadline"], at(utc("2026-12-08T10:00:00Z")));
    let game = app.play_ok(&white, &black, &id, "e2e4").await;
    // Black's day: 11 hours to 23:00 local (21:00 UTC), the night to 07:00 (05:00 UTC),
    // then 13 hours more.
    assert_eq!(game["deadline"], at(utc("2026-12-08T18:00:00Z")));

    // At midnight in Tallinn Black's clock says "night", with the 13 hours still left.
    app.clock.set(utc("2026-12-07T22:00:00Z"));
    let game = app.game(&id).await;
    let clock = &game["clocks"]["black"];
    assert_eq!(clock["stopped"], "night", "{game}");
    assert_eq!(clock["stopped_until"], at(utc("2026-12-08T05:00:00Z")));
    assert_eq!(clock["seconds_left"], 13 * HOUR);

    // A window that is not a night changes nothing, not even the time zone sent with it.
    for night in [
        json!({"from": "22:00", "until": "09:00"}),
        json!({"from": "23:00", "until": "23:30"}),
        json!({"from": "25:00", "until": "07:00"}),
        json!({"from": "23:00", "until": ""}),
        json!({"from": "11 pm", "until": "7 am"}),
    ] {
        let (status, body) = set_time(
            &app,
            &black,
            json!({"time_zone": "UTC", "night": night.clone()}),
        )
        .await;
        assert_eq!(
            (status, &body["error"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("invalid_night")),
            "{night}: {body}"
        );
    }
    let (status, body) = set_time(&app, &black, json!({"night": "23:00-07:00"})).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("invalid_body"))
    );
    let (_, time) = app.get("/api/v1/me/time", Some(&black.token)).await;
    assert_eq!(time["time_zone"], "Europe/Tallinn");
    assert_eq!(time["night"]["from"], "23:00");
    assert_eq!(
        app.game(&id).await["deadline"],
        at(utc("2026-12-08T18:00:00Z"))
    );

    // Removing the night keeps the 13 hours left, now running: 11:00 UTC on Tuesday.
    let (status, body) = set_time(&app, &black, json!({"night": null})).await;
    assert_eq!(
        (status, &body["night"]),
        (StatusCode::OK, &Value::Null),
        "{body}"
    );
    let game = app.game(&id).await;
    assert_eq!(game["deadline"], at(utc("2026-12-08T11:00:00Z")));
    assert_eq!(game["clocks"]["black"]["stopped"], Value::Null);

    // Setting it again at 22:00 UTC (midnight local, inside the window) stops the clock
    // until 05:00 UTC, then the 13 hours run: 18:00 UTC again.
    let (status, _) = set_time(
        &app,
        &black,
        json!({"night": {"from": "23:00", "until": "07:00"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.game(&id).await["deadline"],
        at(utc("2026-12-08T18:00:00Z"))
    );

    // A game that says "no nights off": Black's day is a plain day.
    let strict = app
        .new_game_with(
            &white,
            &black,
            json!({"time_control": one_day(), "nights_allowed": false}),
        )
        .await;
    let game = app.play_ok(&white, &black, &strict, "d2d4").await;
    assert_eq!(game["nights_allowed"], false);
    assert_eq!(game["deadline"], at(utc("2026-12-08T22:00:00Z")));
    assert_eq!(game["clocks"]["black"]["stopped"], Value::Null);
    // A challenge says which it is, as the lobby shows it.
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&white.token),
            json!({"variant": "chess", "color": "random", "nights_allowed": false}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["nights_allowed"], false);
    let page = app.page_html_as(&black, "/lobby").await;
    assert!(page.contains("no nights off"), "the lobby names the rule");
}

async fn a_night_across_the_change_to_summer_time_keeps_its_local_hours(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let (status, _) = set_time(
        &app,
        &black,
        json!({"time_zone": "Europe/Tallinn", "night": {"from": "23:00", "until": "07:00"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Saturday 2027-03-27 12:00 UTC (14:00 EET); Tallinn moves to summer time at 03:00
    // on Sunday, so that night, 23:00 EET to 07:00 EEST, is 21:00 to 04:00 UTC: seven
    // hours.
    app.clock.set(utc("2027-03-27T12:00:00Z"));
    let id = app
        .new_game_with(&white, &black, json!({"time_control": one_day()}))
        .await;
    let game = app.play_ok(&white, &black, &id, "e2e4").await;
    // 9 hours to 21:00 UTC, the night, 15 hours from 04:00 UTC.
    assert_eq!(game["deadline"], at(utc("2027-03-28T19:00:00Z")));
    app.clock.set(utc("2027-03-28T03:30:00Z"));
    let clock = app.game(&id).await["clocks"]["black"].clone();
    assert_eq!(clock["stopped"], "night");
    assert_eq!(clock["stopped_until"], at(utc("2027-03-28T04:00:00Z")));
    assert_eq!(clock["seconds_left"], 15 * HOUR);
    // Half an hour later the clock runs again.
    app.clock.set(utc("2027-03-28T04:30:00Z"));
    let clock = app.game(&id).await["clocks"]["black"].clone();
    assert_eq!(
        (clock["stopped"].clone(), clock["seconds_left"].clone()),
        (Value::Null, json!(14 * HOUR + 1_800))
    );
}
