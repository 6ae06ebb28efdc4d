//! The correspondence clock and the timeout sweeper, with the injected clock.

use domain::game::sweep_overdue;
use futures_util::future::join_all;
use reqwest::StatusCode;
use vocab::clock::Clock;

use crate::{
    helpers::{START, TestApp},
    scenarios,
};

scenarios!(
    each_move_sets_the_deadline_of_the_player_to_move,
    sweeper_ends_overdue_games_as_a_loss_on_time,
    two_instances_end_overdue_games_exactly_once,
    sweeper_task_runs_on_its_interval,
);

const DAY: i64 = 86_400;

async fn each_move_sets_the_deadline_of_the_player_to_move(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    assert_eq!(app.game(&id).await["deadline"], "2026-12-04T10:00:00Z");
    app.clock.advance(DAY + 3600);
    let game = app.play_ok(&white, &black, &id, "e2e4").await;
    // Black now has three days from this move.
    assert_eq!(game["deadline"], "2026-12-05T11:00:00Z");
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
}

async fn sweeper_ends_overdue_games_as_a_loss_on_time(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let white_late = app.new_game("chess", &white, &black).await;
    let black_late = app.new_game("reversi-8x8", &white, &black).await;
    let on_time = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &black_late, "d4").await;
    app.clock.advance(2 * DAY);
    app.play_ok(&white, &black, &on_time, "e2e4").await;
    // At exactly the deadline the time is up.
    app.clock.advance(DAY);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 2);
    let game = app.game(&white_late).await;
    assert_eq!(
        (game["status"].as_str(), game["result"].as_str()),
        (Some("finished"), Some("0-1"))
    );
    assert_eq!(game["termination"], "timeout");
    assert_eq!(game["deadline"], serde_json::Value::Null);
    let game = app.game(&black_late).await;
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("1-0"), Some("timeout"))
    );
    assert_eq!(app.game(&on_time).await["status"], "active");
    // A second sweep finds nothing; a late move is refused.
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
    let (status, _) = app.play(&white, &white_late, "e2e4", 0).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let stats = app.stats().await;
    let chess = stats.iter().find(|row| row.0 == "chess").unwrap();
    assert_eq!((chess.1, chess.2, chess.3), (0, 1, 0));
    let reversi = stats.iter().find(|row| row.0 == "reversi-8x8").unwrap();
    assert_eq!((reversi.1, reversi.2, reversi.3), (1, 0, 0));
    assert_eq!(app.clock.now(), START + 3 * DAY);
}

async fn two_instances_end_overdue_games_exactly_once(app: TestApp) {
    let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let mut ids = Vec::new();
    for _ in 0..12 {
        ids.push(app.new_game("reversi-6x6", &white, &black).await);
    }
    app.clock.advance(4 * DAY);
    other.clock.advance(4 * DAY);
    // Both instances sweep at once, twice each.
    let runs =
        join_all([&app.state, &other.state, &app.state, &other.state].map(sweep_overdue)).await;
    let ended: usize = runs.into_iter().map(Result::unwrap).sum();
    assert_eq!(ended, 12, "each overdue game ends exactly once");
    for id in &ids {
        let game = other.game(id).await;
        assert_eq!(
            (game["result"].as_str(), game["termination"].as_str()),
            (Some("0-1"), Some("timeout"))
        );
    }
    let stats = other.stats().await;
    let row = stats.iter().find(|row| row.0 == "reversi-6x6").unwrap();
    assert_eq!((row.1, row.2, row.3, row.4), (0, 12, 0, 12));
}

async fn sweeper_task_runs_on_its_interval(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    app.clock.advance(3 * DAY);
    let sweeping = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        &[("SWEEP_INTERVAL_SECS", "1")],
    )
    .await;
    sweeping.clock.advance(3 * DAY);
    let task = server::spawn_sweeper(&sweeping.state).expect("a sweeper with an interval");
    // Read through the sweeping instance: two instances on one SQLite file (a deployment
    // runs one) do not hear each other's changes.
    let mut status = String::new();
    for _ in 0..50 {
        status = sweeping.game(&id).await["status"]
            .as_str()
            .unwrap()
            .to_owned();
        if status == "finished" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    task.abort();
    assert_eq!(status, "finished");
    assert_eq!(sweeping.game(&id).await["termination"], "timeout");
}
