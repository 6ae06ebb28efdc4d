//! Time controls (per move with hours, time bank, untimed) through whole games, their
//! checks, and the protection from downtime with two instances, on the injected clock.

use domain::{game::sweep_overdue, sweeper};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Player, START, TestApp},
    scenarios,
};

scenarios!(
    per_move_with_hours_through_a_whole_game,
    time_bank_keeps_the_rest_adds_the_increment_and_stops_at_the_cap,
    time_bank_runs_out_and_the_game_is_lost_on_time,
    untimed_game_is_never_lost_on_time,
    bad_time_controls_are_refused_with_what_is_wrong,
    challenges_show_their_time_control_and_days_per_move_still_works,
    openapi_documents_the_time_control,
    downtime_extends_every_deadline_once_with_two_instances,
    a_gap_below_the_threshold_is_no_downtime,
);

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

/// The fool's mate: Black mates on the fourth ply.
const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

/// `white` challenges `black` to chess with `control`; `black` accepts. The game's id.
async fn game_with(app: &TestApp, white: &Player, black: &Player, control: Value) -> String {
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&white.token),
            json!({"variant": "chess", "color": "white", "opponent": black.name,
                   "time_control": control}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["time_control"], control);
    let id = body["id"].as_str().unwrap().to_owned();
    let (status, body) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["game_id"].as_str().unwrap().to_owned()
}

fn at(seconds: i64) -> String {
    vocab::clock::rfc3339(seconds)
}

/// (seconds left, running) of White's and Black's clocks.
fn clocks(game: &Value) -> [(Option<i64>, bool); 2] {
    ["white", "black"].map(|color| {
        let clock = &game["clocks"][color];
        (clock["seconds_left"].as_i64(), clock["running"] == true)
    })
}

async fn per_move_with_hours_through_a_whole_game(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let control = json!({"kind": "per_move", "days": 1, "hours": 6});
    let id = game_with(&app, &white, &black, control.clone()).await;
    let game = app.game(&id).await;
    assert_eq!(game["time_control"], control);
    assert_eq!(game["days_per_move"], 1);
    assert_eq!(game["deadline"], at(START + 30 * HOUR));
    assert_eq!(
        clocks(&game),
        [(Some(30 * HOUR), true), (Some(30 * HOUR), false)]
    );
    let mut now = START;
    for (step, mv) in FOOLS_MATE.into_iter().enumerate() {
        // Each player uses a different part of their time; each turn starts in full.
        let used = (step as i64 + 1) * 5 * HOUR;
        app.clock.advance(used);
        now += used;
        let game = app.play_ok(&white, &black, &id, mv).await;
        if step < 3 {
            assert_eq!(game["deadline"], at(now + 30 * HOUR), "after {mv}");
            let clock = clocks(&game);
            assert!(clock.contains(&(Some(30 * HOUR), true)), "{clock:?}");
        } else {
            assert_eq!(
                (game["status"].as_str(), game["result"].as_str()),
                (Some("finished"), Some("0-1"))
            );
            assert_eq!(game["deadline"], Value::Null);
            assert_eq!(clocks(&game), [(None, false), (None, false)]);
        }
    }
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
}

async fn time_bank_keeps_the_rest_adds_the_increment_and_stops_at_the_cap(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let control = json!({"kind": "bank", "initial_days": 3, "increment_days": 1, "cap_days": 5});
    let id = game_with(&app, &white, &black, control.clone()).await;
    let game = app.game(&id).await;
    assert_eq!(game["deadline"], at(START + 3 * DAY));
    assert_eq!(
        clocks(&game),
        [(Some(3 * DAY), true), (Some(3 * DAY), false)]
    );
    // White uses one day: 2 left + 1 = 3. Black now has their 3 days.
    app.clock.advance(DAY);
    let game = app.play_ok(&white, &black, &id, "e2e4").await;
    assert_eq!(game["deadline"], at(START + DAY + 3 * DAY));
    assert_eq!(
        clocks(&game),
        [(Some(3 * DAY), false), (Some(3 * DAY), true)]
    );
    // Half a day later the running clock shows it.
    app.clock.advance(DAY / 2);
    assert_eq!(
        clocks(&app.game(&id).await),
        [(Some(3 * DAY), false), (Some(5 * DAY / 2), true)]
    );
    // Black moves after two and a half days: 0.5 left + 1 = 1.5 days.
    app.clock.advance(2 * DAY);
    let game = app.play_ok(&white, &black, &id, "e7e5").await;
    assert_eq!(
        clocks(&game),
        [(Some(3 * DAY), true), (Some(3 * DAY / 2), false)]
    );
    let now = START + 7 * DAY / 2;
    assert_eq!(game["deadline"], at(now + 3 * DAY));
    // White answers at once, three times in a row: 3 + 1 = 4, then 5, then the cap holds.
    let mut expected = 3 * DAY;
    for (white_move, black_move) in [("g1f3", "b8c6"), ("f1c4", "g8f6"), ("b1c3", "f8c5")] {
        let game = app.play_ok(&white, &black, &id, white_move).await;
        expected = (expected + DAY).min(5 * DAY);
        assert_eq!(clocks(&game)[0], (Some(expected), false), "{white_move}");
        // Black too answers at once and gains a day each time, up to the cap.
        let game = app.play_ok(&white, &black, &id, black_move).await;
        assert_eq!(game["deadline"], at(now + expected), "{black_move}");
    }
    assert_eq!(expected, 5 * DAY);
    // Black: 1.5 days, then a day more after each of three quick answers.
    let game = app.game(&id).await;
    assert_eq!(
        clocks(&game),
        [(Some(5 * DAY), true), (Some(9 * DAY / 2), false)]
    );
}

async fn time_bank_runs_out_and_the_game_is_lost_on_time(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let control = json!({"kind": "bank", "initial_days": 2, "increment_days": 0, "cap_days": 2});
    let id = game_with(&app, &white, &black, control).await;
    app.clock.advance(DAY + 20 * HOUR);
    app.play_ok(&white, &black, &id, "e2e4").await;
    app.play_ok(&white, &black, &id, "e7e5").await;
    // White has 4 hours left in the bank, and no increment.
    assert_eq!(clocks(&app.game(&id).await)[0], (Some(4 * HOUR), true));
    app.clock.advance(4 * HOUR - 1);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
    app.clock.advance(1);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    let game = app.game(&id).await;
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("0-1"), Some("timeout"))
    );
    let (status, body) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

async fn untimed_game_is_never_lost_on_time(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = game_with(&app, &white, &black, json!({"kind": "untimed"})).await;
    let game = app.game(&id).await;
    assert_eq!(game["deadline"], Value::Null);
    assert_eq!(game["days_per_move"], 0);
    assert_eq!(clocks(&game), [(None, false), (None, false)]);
    for mv in FOOLS_MATE {
        app.clock.advance(365 * DAY);
        assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
        let game = app.play_ok(&white, &black, &id, mv).await;
        assert_eq!(game["deadline"], Value::Null);
    }
    let game = app.game(&id).await;
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("0-1"), Some("normal"))
    );
    // Untimed games come last among those waiting for me.
    let (status, list) = app.get("/api/v1/games", Some(&white.token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list[0]["time_control"]["kind"], "untimed");
    assert_eq!(list[0]["seconds_left"], Value::Null);
}

async fn bad_time_controls_are_refused_with_what_is_wrong(app: TestApp) {
    let white = app.player("white_p").await;
    let cases = [
        (
            json!({"time_control": {"kind": "per_move", "days": -3}}),
            "invalid_days_per_move",
            "-3",
        ),
        (
            json!({"time_control": {"kind": "per_move", "days": 4}}),
            "invalid_days_per_move",
            "4",
        ),
        (
            json!({"time_control": {"kind": "per_move", "days": 3, "hours": 24}}),
            "invalid_time_control",
            "24",
        ),
        (
            json!({"time_control": {"kind": "per_move", "days": 3, "hours": -1}}),
            "invalid_time_control",
            "-1",
        ),
        (
            json!({"time_control": {"kind": "bank", "initial_days": 5, "increment_days": 1,
                                    "cap_days": 4}}),
            "invalid_time_control",
            "below the initial time",
        ),
        (
            json!({"time_control": {"kind": "bank", "initial_days": -1, "increment_days": 1,
                                    "cap_days": 4}}),
            "invalid_time_control",
            "-1",
        ),
        (
            json!({"time_control": {"kind": "bank", "initial_days": 3, "increment_days": -2,
                                    "cap_days": 4}}),
            "invalid_time_control",
            "-2",
        ),
        (
            json!({"time_control": {"kind": "bank", "initial_days": 3, "increment_days": 1,
                                    "cap_days": 61}}),
            "invalid_time_control",
            "61",
        ),
        (
            json!({"days_per_move": 3, "time_control": {"kind": "untimed"}}),
            "conflicting_time_control",
            "not both",
        ),
        (
            json!({"time_control": {"kind": "blitz"}}),
            "invalid_body",
            "",
        ),
        (
            json!({"time_control": {"kind": "bank", "initial_days": 3}}),
            "invalid_body",
            "",
        ),
    ];
    for (fields, code, says) in cases {
        let mut body = json!({"variant": "chess", "color": "white"});
        for (key, value) in fields.as_object().unwrap() {
            body[key] = value.clone();
        }
        let (status, answer) = app
            .post("/api/v1/challenges", Some(&white.token), body.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert_eq!(answer["error"], code, "{body}: {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains(says), "{body}: {message}");
    }
    // Nothing was stored.
    let (_, list) = app.get("/api/v1/challenges", Some(&white.token)).await;
    assert_eq!(list, json!([]));
}

async fn challenges_show_their_time_control_and_days_per_move_still_works(app: TestApp) {
    let white = app.player("white_p").await;
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&white.token),
            json!({"variant": "chess", "color": "white", "days_per_move": 7}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        body["time_control"],
        json!({"kind": "per_move", "days": 7, "hours": 0})
    );
    assert_eq!(body["days_per_move"], 7);
    // Neither field: three days per move.
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&white.token),
            json!({"variant": "chess", "color": "white"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        body["time_control"],
        json!({"kind": "per_move", "days": 3, "hours": 0})
    );
    let bank = json!({"kind": "bank", "initial_days": 3, "increment_days": 1, "cap_days": 7});
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&white.token),
            json!({"variant": "chess", "color": "white", "time_control": bank}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, shown) = app
        .get(
            &format!("/api/v1/challenges/{}", body["id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(shown["time_control"], bank);
    assert_eq!(shown["days_per_move"], 3);
}

async fn openapi_documents_the_time_control(app: TestApp) {
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let schemas = &doc["components"]["schemas"];
    let text = schemas["TimeControlDto"].to_string();
    for field in [
        "per_move",
        "bank",
        "untimed",
        "days",
        "hours",
        "initial_days",
        "increment_days",
        "cap_days",
    ] {
        assert!(text.contains(&format!("\"{field}\"")), "{field} in {text}");
    }
    for (schema, field) in [
        ("NewChallengeDto", "time_control"),
        ("ChallengeDto", "time_control"),
        ("GameDto", "time_control"),
        ("GameDto", "clocks"),
        ("GameSummaryDto", "time_control"),
        ("GameSummaryDto", "seconds_left"),
        ("PlayerClockDto", "seconds_left"),
        ("PlayerClockDto", "running"),
    ] {
        let property = &schemas[schema]["properties"][field];
        assert!(!property.is_null(), "{schema}.{field}");
    }
    let required = schemas["NewChallengeDto"]["required"].to_string();
    assert!(!required.contains("days_per_move"), "{required}");
    assert!(!required.contains("time_control"), "{required}");
}

async fn downtime_extends_every_deadline_once_with_two_instances(app: TestApp) {
    let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(app.new_game("reversi-6x6", &white, &black).await);
    }
    let untimed = game_with(&app, &white, &black, json!({"kind": "untimed"})).await;
    // Both instances sweep: the first round records the heartbeat, nothing moves.
    assert_eq!(sweeper::round(&app.state).await.unwrap(), 0);
    assert_eq!(
        sweeper::protect_from_downtime(&other.state).await.unwrap(),
        0
    );
    // Then both are down for four days: every three-day deadline has passed.
    let down = 4 * DAY;
    app.clock.advance(down);
    other.clock.advance(down);
    let extended = join_all([&app.state, &other.state].map(sweeper::protect_from_downtime)).await;
    let extended: Vec<i64> = extended.into_iter().map(Result::unwrap).collect();
    assert_eq!(
        extended.iter().filter(|&&seconds| seconds == down).count(),
        1,
        "exactly one instance extends: {extended:?}"
    );
    assert!(extended.contains(&0), "{extended:?}");
    let runs = join_all([&app.state, &other.state].map(sweeper::round)).await;
    assert_eq!(runs.into_iter().map(Result::unwrap).sum::<usize>(), 0);
    for id in &ids {
        let game = other.game(id).await;
        assert_eq!(game["status"], "active");
        assert_eq!(game["deadline"], at(START + 3 * DAY + down));
        // The player to move still has their three days, counted from the restart.
        assert_eq!(clocks(&game)[0], (Some(3 * DAY), true));
    }
    assert_eq!(app.game(&untimed).await["deadline"], Value::Null);
    // A sweeper that runs (here every 59 minutes, under the threshold) moves nothing
    // more: the two games nobody moves in end on time three days after the restart, to
    // the round; the one where White moved a day after the restart goes on.
    let step = 59 * 60;
    let rounds_before = (3 * DAY) / step;
    for round in 0..rounds_before {
        app.clock.advance(step);
        assert_eq!(sweeper::round(&app.state).await.unwrap(), 0);
        if round == 24 {
            let first = app.game(&ids[0]).await["legal_moves"][0]
                .as_str()
                .unwrap()
                .to_owned();
            app.play_ok(&white, &black, &ids[0], &first).await;
        }
    }
    assert_eq!(app.game(&ids[1]).await["status"], "active");
    app.clock.advance(step);
    assert_eq!(sweeper::round(&app.state).await.unwrap(), 2);
    assert_eq!(app.game(&ids[1]).await["termination"], "timeout");
    assert_eq!(app.game(&ids[2]).await["termination"], "timeout");
    assert_eq!(app.game(&ids[0]).await["status"], "active");
}

async fn a_gap_below_the_threshold_is_no_downtime(app: TestApp) {
    let strict = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        &[("DOWNTIME_THRESHOLD_MINS", "30")],
    )
    .await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    assert_eq!(
        sweeper::protect_from_downtime(&strict.state).await.unwrap(),
        0
    );
    // 29 minutes: a slow round, not downtime.
    strict.clock.advance(29 * 60);
    assert_eq!(
        sweeper::protect_from_downtime(&strict.state).await.unwrap(),
        0
    );
    assert_eq!(app.game(&id).await["deadline"], at(START + 3 * DAY));
    // 31 minutes: downtime, with this instance's threshold. (Read through the instance
    // that moved the deadlines: the other hears of it a moment later, by its listener.)
    strict.clock.advance(31 * 60);
    assert_eq!(
        sweeper::protect_from_downtime(&strict.state).await.unwrap(),
        31 * 60
    );
    assert_eq!(
        strict.game(&id).await["deadline"],
        at(START + 3 * DAY + 31 * 60)
    );
    // The same instance again at the same time: nothing more.
    assert_eq!(
        sweeper::protect_from_downtime(&strict.state).await.unwrap(),
        0
    );
    assert_eq!(
        strict.game(&id).await["deadline"],
        at(START + 3 * DAY + 31 * 60)
    );
}
