//! Warnings before time runs out (four fifths used, a day left, an hour left): each once
//! per turn, at the right moment on the injected clock, late over a weekend off, and once
//! with two sweeping instances.

use domain::game::{ClockWarning, WarningKind, sweep_warnings};
use futures_util::future::join_all;
use serde_json::json;

use crate::{
    helpers::{START, TestApp},
    scenarios,
};

scenarios!(
    a_turn_is_warned_at_a_day_at_four_fifths_and_at_an_hour,
    a_weekend_off_delays_the_warning_with_the_clock,
    two_instances_give_each_warning_once,
);

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

fn kinds(warnings: &[ClockWarning]) -> Vec<WarningKind> {
    warnings.iter().map(|warning| warning.kind).collect()
}

async fn a_turn_is_warned_at_a_day_at_four_fifths_and_at_an_hour(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    // Three days per move: a day left after two days.
    app.clock.advance(2 * DAY - 1);
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    app.clock.advance(1);
    let given = sweep_warnings(&app.state).await.unwrap();
    assert_eq!(kinds(&given), [WarningKind::DayLeft]);
    let warning = &given[0];
    assert_eq!(warning.game_id, id);
    assert_eq!(warning.seconds_left, DAY);
    assert_eq!(warning.deadline, START + 3 * DAY);
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    // Four fifths of three days: 14.4 hours left.
    app.clock.advance(DAY - 3 * DAY / 5);
    assert_eq!(
        kinds(&sweep_warnings(&app.state).await.unwrap()),
        [WarningKind::FourFifthsUsed]
    );
    app.clock.advance(3 * DAY / 5 - HOUR);
    assert_eq!(
        kinds(&sweep_warnings(&app.state).await.unwrap()),
        [WarningKind::HourLeft]
    );
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    // A move starts Black's turn: their warnings come afresh, none for White.
    app.play_ok(&white, &black, &id, "e2e4").await;
    let moved = START + 3 * DAY - HOUR;
    app.clock.advance(2 * DAY);
    let given = sweep_warnings(&app.state).await.unwrap();
    assert_eq!(kinds(&given), [WarningKind::DayLeft]);
    assert_eq!(given[0].deadline, moved + 3 * DAY);
    assert_ne!(given[0].user_id, warning.user_id);
    // A sweeper that comes late gives everything that is due at once.
    app.clock.advance(DAY - 30 * 60);
    assert_eq!(
        kinds(&sweep_warnings(&app.state).await.unwrap()),
        [WarningKind::FourFifthsUsed, WarningKind::HourLeft]
    );
}

async fn a_weekend_off_delays_the_warning_with_the_clock(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app
        .new_game_with(
            &white,
            &black,
            json!({"time_control": {"kind": "per_move", "days": 5, "hours": 0},
                   "weekends_off": true}),
        )
        .await;
    // Tuesday 10:00 UTC plus five running days ends on the next Tuesday 10:00: a day
    // (which is also four fifths of the five) is left on Monday 10:00, not on Saturday
    // (four wall days in).
    let deadline = START + 7 * DAY;
    assert_eq!(
        app.game(&id).await["deadline"],
        vocab::clock::rfc3339(deadline)
    );
    app.clock.advance(4 * DAY);
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    app.clock.advance(DAY + 12 * HOUR);
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    app.clock.advance(HOUR * 12 - 1);
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    app.clock.advance(1);
    let given = sweep_warnings(&app.state).await.unwrap();
    assert_eq!(
        kinds(&given),
        [WarningKind::FourFifthsUsed, WarningKind::DayLeft]
    );
    assert_eq!(given[0].seconds_left, DAY);
}

async fn two_instances_give_each_warning_once(app: TestApp) {
    let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    for _ in 0..6 {
        app.new_game("reversi-6x6", &white, &black).await;
    }
    app.clock.advance(2 * DAY);
    other.clock.advance(2 * DAY);
    let given = join_all([&app.state, &other.state, &app.state].map(sweep_warnings)).await;
    let given: Vec<ClockWarning> = given.into_iter().flat_map(Result::unwrap).collect();
    assert_eq!(given.len(), 6, "{given:?}");
    let mut games: Vec<&str> = given
        .iter()
        .map(|warning| warning.game_id.as_str())
        .collect();
    games.sort_unstable();
    games.dedup();
    assert_eq!(games.len(), 6);
}
