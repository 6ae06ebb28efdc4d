//! Weekends off in the players' own time zones (a daylight-saving change included),
//! vacations and their allowance, automatic vacation, "no vacation" games and serial
//! timeouts, on the injected clock.

use domain::game::sweep_overdue;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{
    helpers::{Player, START, TestApp},
    scenarios,
};

scenarios!(
    weekends_off_follow_each_players_own_time_zone,
    a_weekend_across_a_daylight_saving_change_lasts_its_real_length,
    time_zones_are_checked_and_stored_in_the_databases_spelling,
);

scenarios!(with [("VACATION_DAYS_PER_YEAR", "30")];
    vacation_stops_the_clock_where_allowed_and_gives_back_what_is_not_taken,
    the_allowance_runs_out_and_is_full_again_in_a_new_year,
);

scenarios!(with [("VACATION_DAYS_PER_YEAR", "2")];
    automatic_vacation_saves_games_a_day_at_a_time_until_the_allowance_is_used,
    a_late_move_is_played_when_automatic_vacation_saves_the_game,
    late_moves_and_the_sweeper_start_one_automatic_vacation_for_every_overdue_game,
    without_automatic_vacation_the_game_is_lost_on_time,
);

scenarios!(serial_timeouts_after_the_first_change_no_rating);

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

/// `seconds` as the API writes a moment.
pub(crate) fn at(seconds: i64) -> String {
    vocab::clock::rfc3339(seconds)
}

/// Unix seconds of an RFC 3339 moment.
pub(crate) fn utc(text: &str) -> i64 {
    text.parse::<jiff::Timestamp>().unwrap().as_second()
}

/// `PATCH /api/v1/me/time` as `player`.
pub(crate) async fn set_time(app: &TestApp, player: &Player, body: Value) -> (StatusCode, Value) {
    app.send(
        Method::PATCH,
        "/api/v1/me/time",
        Some(&player.token),
        Some(body),
    )
    .await
}

async fn time_of(app: &TestApp, player: &Player) -> Value {
    let (status, body) = app.get("/api/v1/me/time", Some(&player.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn vacation(app: &TestApp, player: &Player, hours: Value) -> (StatusCode, Value) {
    app.post(
        "/api/v1/me/vacation",
        Some(&player.token),
        json!({ "hours": hours }),
    )
    .await
}

async fn end_vacation(app: &TestApp, player: &Player) -> (StatusCode, Value) {
    app.send(
        Method::DELETE,
        "/api/v1/me/vacation",
        Some(&player.token),
        None,
    )
    .await
}

/// The clock of `color` in `game`: (seconds left, running, stopped, stopped until).
fn clock(game: &Value, color: &str) -> (Option<i64>, bool, Option<String>, Option<String>) {
    let clock = &game["clocks"][color];
    (
        clock["seconds_left"].as_i64(),
        clock["running"] == true,
        clock["stopped"].as_str().map(str::to_owned),
        clock["stopped_until"].as_str().map(str::to_owned),
    )
}

async fn weekends_off_follow_each_players_own_time_zone(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    // Honolulu is UTC-10: its Saturday begins on Saturday 10:00 UTC.
    let (status, body) = set_time(&app, &black, json!({"time_zone": "Pacific/Honolulu"})).await;
    assert_eq!(
        (status, &body["time_zone"]),
        (StatusCode::OK, &json!("Pacific/Honolulu"))
    );
    let control = json!({"kind": "per_move", "days": 3, "hours": 20});
    let id = app
        .new_game_with(
            &white,
            &black,
            json!({"time_control": control, "weekends_off": true}),
        )
        .await;
    let game = app.game(&id).await;
    assert_eq!(game["weekends_off"], true);
    assert_eq!(game["vacation_allowed"], true);
    // Tuesday 10:00 UTC plus 92 running hours: 86 to Saturday 00:00 UTC, then 6 more
    // from Monday 00:00.
    assert_eq!(game["deadline"], at(utc("2026-12-07T06:00:00Z")));
    assert_eq!(clock(&game, "white").0, Some(92 * HOUR));
    // White moves an hour later: Black's 92 hours end on Saturday 07:00 UTC, still Friday
    // evening in Honolulu, so no weekend is skipped.
    app.clock.advance(HOUR);
    let game = app.play_ok(&white, &black, &id, "e2e4").await;
    assert_eq!(game["deadline"], at(START + HOUR + 92 * HOUR));
    // Black answers a day later; White's clock skips the UTC weekend again.
    app.clock.advance(DAY);
    let game = app.play_ok(&white, &black, &id, "e7e5").await;
    assert_eq!(game["deadline"], at(utc("2026-12-08T07:00:00Z")));
    // On Saturday noon White's clock stands still until Monday 00:00 UTC.
    app.clock.set(utc("2026-12-05T12:00:00Z"));
    let game = app.game(&id).await;
    assert_eq!(
        clock(&game, "white"),
        (
            Some(31 * HOUR),
            false,
            Some("weekend".to_owned()),
            Some(at(utc("2026-12-07T00:00:00Z")))
        )
    );
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(page.contains("Weekend"), "{page}");
    assert!(page.contains("weekends off"), "{page}");
    // Nothing ends on time over the weekend, nor before the deadline.
    app.clock.set(utc("2026-12-08T06:59:59Z"));
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
    app.clock.set(utc("2026-12-08T07:00:00Z"));
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    assert_eq!(app.game(&id).await["result"], "0-1");
}

async fn a_weekend_across_a_daylight_saving_change_lasts_its_real_length(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    set_time(&app, &white, json!({"time_zone": "America/New_York"})).await;
    // Friday 2027-03-12 12:00 UTC (07:00 in New York); summer time begins there on
    // Sunday the 14th, so that weekend lasts 47 hours.
    app.clock.set(utc("2027-03-12T12:00:00Z"));
    let id = app
        .new_game_with(
            &white,
            &black,
            json!({"time_control": {"kind": "per_move", "days": 1, "hours": 0},
               "weekends_off": true}),
        )
        .await;
    // 17 hours to Saturday 00:00 EST (05:00 UTC), the other 7 from Monday 00:00 EDT
    // (04:00 UTC).
    assert_eq!(
        app.game(&id).await["deadline"],
        at(utc("2027-03-15T11:00:00Z"))
    );
    // A player who changes their zone keeps their running time left: in UTC the weekend
    // began on Saturday 00:00 and ends on Monday 00:00.
    let (status, _) = set_time(&app, &white, json!({"time_zone": "UTC"})).await;
    assert_eq!(status, StatusCode::OK);
    // 12 hours run to Saturday 00:00 UTC, 12 more from Monday 00:00 UTC.
    assert_eq!(
        app.game(&id).await["deadline"],
        at(utc("2027-03-15T12:00:00Z"))
    );
}

async fn time_zones_are_checked_and_stored_in_the_databases_spelling(app: TestApp) {
    let player = app.player("zoned").await;
    let before = time_of(&app, &player).await;
    assert_eq!(before["time_zone"], "UTC");
    assert_eq!(before["auto_vacation"], true);
    assert_eq!(before["vacation"], Value::Null);
    for bad in [
        "Mars/Olympus",
        "",
        "../../etc/passwd",
        "Europe/Tallinn\u{0}",
    ] {
        let (status, body) = set_time(&app, &player, json!({ "time_zone": bad })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        assert_eq!(body["error"], "unknown_time_zone");
        assert!(body["message"].as_str().unwrap().contains("time zone"));
    }
    // A body that is not an object is refused, even one serde could read as the struct.
    for body in [json!([null, null]), json!(["UTC", true]), json!(null)] {
        let (status, answer) = set_time(&app, &player, body.clone()).await;
        assert_eq!(
            (status, &answer["error"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("invalid_body")),
            "{body}"
        );
    }
    let (status, body) = set_time(&app, &player, json!({"time_zone": 5})).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNPROCESSABLE_ENTITY, &json!("invalid_body"))
    );
    assert_eq!(time_of(&app, &player).await, before);
    let (status, body) = set_time(&app, &player, json!({"time_zone": "europe/tallinn"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["time_zone"], "Europe/Tallinn");
    let (status, body) = set_time(&app, &player, json!({})).await;
    assert_eq!(
        (status, &body["time_zone"]),
        (StatusCode::OK, &json!("Europe/Tallinn"))
    );
    let (status, _) = app
        .send(
            Method::PATCH,
            "/api/v1/me/time",
            None,
            Some(json!({"time_zone": "UTC"})),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The document names the new paths and the stop of a clock.
    let (_, doc) = app.get("/api/v1/openapi.json", None).await;
    assert!(doc["paths"]["/api/v1/me/time"]["patch"].is_object());
    assert!(doc["paths"]["/api/v1/me/vacation"]["delete"].is_object());
    let clock = &doc["components"]["schemas"]["PlayerClockDto"]["properties"];
    assert!(clock["stopped"].is_object() && clock["stopped_until"].is_object());
    let new_challenge = &doc["components"]["schemas"]["NewChallengeDto"]["properties"];
    assert!(new_challenge["weekends_off"].is_object());
    assert!(new_challenge["vacation_allowed"].is_object());
}

async fn vacation_stops_the_clock_where_allowed_and_gives_back_what_is_not_taken(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let allowed = app.new_game("chess", &white, &black).await;
    let refused = app
        .new_game_with(&white, &black, json!({"vacation_allowed": false}))
        .await;
    assert_eq!(app.game(&refused).await["vacation_allowed"], false);
    let settings = time_of(&app, &white).await;
    assert_eq!(
        (
            settings["allowance_hours"].as_i64(),
            settings["hours_left"].as_i64()
        ),
        (Some(720), Some(720))
    );
    // A day in, White goes away for two days: the two days they had left in the game
    // that allows vacation count from the vacation's end.
    app.clock.advance(DAY);
    let (status, settings) = vacation(&app, &white, json!(48)).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    assert_eq!(settings["vacation"]["from"], at(START + DAY));
    assert_eq!(settings["vacation"]["until"], at(START + 3 * DAY));
    assert_eq!(settings["vacation"]["automatic"], false);
    assert_eq!(settings["hours_left"], 720 - 48);
    let game = app.game(&allowed).await;
    assert_eq!(game["deadline"], at(START + 5 * DAY));
    assert_eq!(
        clock(&game, "white"),
        (
            Some(2 * DAY),
            false,
            Some("vacation".to_owned()),
            Some(at(START + 3 * DAY))
        )
    );
    let game = app.game(&refused).await;
    assert_eq!(game["deadline"], at(START + 3 * DAY));
    assert_eq!(clock(&game, "white"), (Some(2 * DAY), true, None, None));
    // The opponent's page says so.
    let page = app.page_html(&format!("/games/{allowed}")).await;
    assert!(page.contains("On vacation until"), "{page}");
    let (status, body) = vacation(&app, &white, json!(5)).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("already_on_vacation"))
    );
    // A move on vacation is played; the clock of the player on vacation stays still.
    let game = app.play_ok(&white, &black, &allowed, "e2e4").await;
    assert_eq!(game["deadline"], at(START + DAY + 3 * DAY));
    app.play_ok(&white, &black, &allowed, "e7e5").await;
    let game = app.game(&allowed).await;
    assert_eq!(game["deadline"], at(START + 3 * DAY + 3 * DAY));
    // Back after half a day: 12 hours taken, 36 given back; the clock runs from now.
    app.clock.advance(12 * HOUR);
    let (status, settings) = end_vacation(&app, &white).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    assert_eq!(settings["vacation"], Value::Null);
    assert_eq!(settings["hours_left"], 720 - 12);
    let now = START + DAY + 12 * HOUR;
    assert_eq!(app.game(&allowed).await["deadline"], at(now + 3 * DAY));
    assert_eq!(app.game(&refused).await["deadline"], at(START + 3 * DAY));
    let (status, body) = end_vacation(&app, &white).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("not_on_vacation"))
    );
    // Bad lengths.
    for (hours, code) in [
        (json!(0), "invalid_vacation_length"),
        (json!(-5), "invalid_vacation_length"),
        (json!(709), "vacation_allowance_exceeded"),
        (json!("two"), "invalid_body"),
        (json!(1.5), "invalid_body"),
    ] {
        let (status, body) = vacation(&app, &white, hours.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{hours}: {body}");
        assert_eq!(body["error"], code, "{hours}");
    }
    assert_eq!(time_of(&app, &white).await["hours_left"], 720 - 12);
    // The game that refuses vacation is lost on time as its clock says.
    app.clock.set(START + 3 * DAY);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    assert_eq!(app.game(&refused).await["result"], "0-1");
    assert_eq!(app.game(&allowed).await["status"], "active");
}

async fn the_allowance_runs_out_and_is_full_again_in_a_new_year(app: TestApp) {
    let player = app.player("rester").await;
    let (status, settings) = vacation(&app, &player, json!(720)).await;
    assert_eq!(status, StatusCode::OK, "{settings}");
    assert_eq!(settings["hours_left"], 0);
    app.clock.advance(720 * HOUR);
    // The vacation has ended on its own, and nothing is left this year.
    let settings = time_of(&app, &player).await;
    assert_eq!(settings["vacation"], Value::Null);
    let (status, body) = vacation(&app, &player, json!(1)).await;
    assert_eq!(
        (status, &body["error"]),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            &json!("vacation_allowance_exceeded")
        )
    );
    app.clock.set(utc("2027-01-01T00:00:00Z"));
    assert_eq!(time_of(&app, &player).await["hours_left"], 720);
}

async fn automatic_vacation_saves_games_a_day_at_a_time_until_the_allowance_is_used(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let control = json!({"time_control": {"kind": "per_move", "days": 1, "hours": 0}});
    let saved = app.new_game_with(&white, &black, control.clone()).await;
    let mut refusing = control.clone();
    refusing["vacation_allowed"] = json!(false);
    let lost = app.new_game_with(&white, &black, refusing).await;
    // The deadline passes: the game without vacation is lost, the other is saved by a
    // day of automatic vacation.
    app.clock.advance(DAY);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    assert_eq!(app.game(&lost).await["result"], "0-1");
    let game = app.game(&saved).await;
    assert_eq!(game["status"], "active");
    assert_eq!(game["deadline"], at(START + 2 * DAY));
    let settings = time_of(&app, &white).await;
    assert_eq!(settings["vacation"]["automatic"], true);
    assert_eq!(settings["vacation"]["until"], at(START + 2 * DAY));
    assert_eq!(settings["hours_left"], 24);
    // A second sweep at the same moment changes nothing.
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
    // Still away a day later: the last day of the allowance.
    app.clock.advance(DAY);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
    assert_eq!(app.game(&saved).await["deadline"], at(START + 3 * DAY));
    assert_eq!(time_of(&app, &white).await["hours_left"], 0);
    // Then nothing is left: the game is lost on time.
    app.clock.advance(DAY);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    let game = app.game(&saved).await;
    assert_eq!(
        (game["result"].as_str(), game["end_reason"].as_str()),
        (Some("0-1"), Some("timeout"))
    );
}

async fn a_late_move_is_played_when_automatic_vacation_saves_the_game(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app
        .new_game_with(
            &white,
            &black,
            json!({"time_control": {"kind": "per_move", "days": 1, "hours": 0}}),
        )
        .await;
    app.clock.advance(DAY + 60);
    // Before any sweep: the move that comes late starts the vacation and is played.
    let game = app.play_ok(&white, &black, &id, "e2e4").await;
    assert_eq!(game["status"], "active");
    assert_eq!(game["to_move"], "black");
    let settings = time_of(&app, &white).await;
    assert_eq!(settings["vacation"]["automatic"], true);
    assert_eq!(settings["vacation"]["from"], at(START + DAY + 60));
}

async fn late_moves_and_the_sweeper_start_one_automatic_vacation_for_every_overdue_game(
    app: TestApp,
) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let control = json!({"time_control": {"kind": "per_move", "days": 1, "hours": 0}});
    let mut ids = Vec::new();
    for _ in 0..6 {
        ids.push(app.new_game_with(&white, &black, control.clone()).await);
    }
    app.clock.advance(DAY + 60);
    // White comes back late and moves in every game while the sweeper runs.
    let moves =
        futures_util::future::join_all(ids.iter().map(|id| app.play(&white, id, "e2e4", 0)));
    let (moves, swept) = tokio::join!(moves, sweep_overdue(&app.state));
    assert_eq!(swept.unwrap(), 0, "no game is lost");
    for (status, body) in &moves {
        assert_eq!(*status, StatusCode::OK, "{body}");
    }
    // One vacation, charged once, saved them all.
    let settings = time_of(&app, &white).await;
    assert_eq!(settings["vacation"]["automatic"], true);
    assert_eq!(settings["hours_left"], 24);
    for id in &ids {
        assert_eq!(app.game(id).await["to_move"], "black");
    }
}

async fn without_automatic_vacation_the_game_is_lost_on_time(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let (status, body) = set_time(&app, &white, json!({"auto_vacation": false})).await;
    assert_eq!(
        (status, &body["auto_vacation"]),
        (StatusCode::OK, &json!(false))
    );
    let id = app.new_game("chess", &white, &black).await;
    app.clock.advance(3 * DAY);
    let (status, body) = app.play(&white, &id, "e2e4", 0).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::CONFLICT, &json!("time_out"))
    );
    assert_eq!(app.game(&id).await["result"], "0-1");
    assert_eq!(time_of(&app, &white).await["hours_left"], 48);
}

async fn serial_timeouts_after_the_first_change_no_rating(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    // Three rated games in which both sides have moved twice; then White vanishes.
    let mut ids = Vec::new();
    for _ in 0..3 {
        let id = app.new_game("chess", &white, &black).await;
        for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
            app.play_ok(&white, &black, &id, mv).await;
        }
        ids.push(id);
    }
    app.clock.advance(3 * DAY);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 3);
    let games = futures_util::future::join_all(ids.iter().map(|id| app.game(id))).await;
    let serial: Vec<bool> = games.iter().map(|g| g["serial_timeout"] == true).collect();
    assert_eq!(serial.iter().filter(|s| !**s).count(), 1, "{serial:?}");
    for game in &games {
        assert_eq!(game["result"], "0-1");
        // Only the first of the run changes the ratings.
        assert_eq!(
            game["rating_change"].is_object(),
            game["serial_timeout"] == false,
            "{game}"
        );
    }
    // A loss on time more than 72 hours after the last one is not serial.
    let later = app.new_game("chess", &white, &black).await;
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        app.play_ok(&white, &black, &later, mv).await;
    }
    app.clock.advance(3 * DAY + HOUR);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    let game = app.game(&later).await;
    assert_eq!(game["serial_timeout"], false);
    assert!(game["rating_change"].is_object(), "{game}");
    let marked = games
        .iter()
        .position(|g| g["serial_timeout"] == true)
        .unwrap();
    let page_marked = app.page_html(&format!("/games/{}", ids[marked])).await;
    assert!(
        page_marked.contains("id=\"serial-timeout\""),
        "{page_marked}"
    );
}
