//! The life of a game: where it comes from, time checked at the move, the draw-offer
//! limits, the ply guard on actions, and reads that never fail while moves commit.

use domain::game::sweep_overdue;
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::Value;

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(
    a_game_records_the_challenge_it_came_from,
    a_move_after_the_deadline_is_refused_as_a_loss_on_time,
    an_action_after_the_deadline_ends_the_game_on_time_first,
    a_late_move_and_the_sweeper_end_the_game_once,
    draw_offers_are_one_per_move_and_three_per_game,
    api_actions_check_the_ply_when_given,
    reads_while_moves_commit_never_fail,
);

const DAY: i64 = 86_400;

async fn a_game_records_the_challenge_it_came_from(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("knight-fight", &white, &black).await;
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let (source, source_id): (String, Option<String>) =
        sqlx::query_as("select source, source_id from games where id = $1")
            .bind(&id)
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    let (challenge,): (String,) = sqlx::query_as("select id from challenges where game_id = $1")
        .bind(&id)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(source, "challenge");
    assert_eq!(source_id.as_deref(), Some(challenge.as_str()));
    // The setup made at creation is the game's.
    let game = app.game(&id).await;
    assert_eq!(game["setup"]["numbers"].as_object().unwrap().len(), 100);
}

async fn a_move_after_the_deadline_is_refused_as_a_loss_on_time(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    // Black has three days; one second before the end a move is still fine.
    app.clock.advance(3 * DAY - 1);
    app.play_ok(&white, &black, &id, "e7e5").await;
    app.clock.advance(3 * DAY);
    let (status, body) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "time_out");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("white lost on time"),
        "{body}"
    );
    let game = app.game(&id).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["result"], "0-1");
    assert_eq!(game["termination"], "timeout");
    assert_eq!(game["end_reason"], "timeout");
    assert_eq!(game["ply"], 2, "the late move is not played");
    // Counted once, and the sweeper has nothing left to do.
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 0);
    let stats = app.stats().await;
    let chess = stats.iter().find(|row| row.0 == "chess").unwrap();
    assert_eq!((chess.1, chess.2, chess.3), (0, 1, 0));
    // Afterwards the game is simply over.
    let (status, body) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
}

async fn an_action_after_the_deadline_ends_the_game_on_time_first(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("reversi-6x6", &white, &black).await;
    app.clock.advance(3 * DAY);
    // Black, not to move, resigns after White's time ran out: White lost first.
    let (status, body) = app.act(&black, &id, "resign").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "time_out");
    let game = app.game(&id).await;
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("0-1"), Some("timeout"))
    );
    // A draw offer after the deadline is refused the same way.
    let other = app.new_game("reversi-6x6", &white, &black).await;
    app.clock.advance(3 * DAY);
    let (status, body) = app.act(&white, &other, "draw/offer").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("time_out"))
    );
    let stats = app.stats().await;
    let row = stats.iter().find(|row| row.0 == "reversi-6x6").unwrap();
    assert_eq!((row.1, row.2, row.3), (0, 2, 0));
}

async fn a_late_move_and_the_sweeper_end_the_game_once(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let mut ids = Vec::new();
    for _ in 0..6 {
        ids.push(app.new_game("chess", &white, &black).await);
    }
    app.clock.advance(4 * DAY);
    let moves = join_all(ids.iter().map(|id| app.play(&white, id, "e2e4", 0)));
    let (moves, swept) = tokio::join!(moves, sweep_overdue(&app.state));
    for (status, body) in &moves {
        assert_eq!(status, &StatusCode::CONFLICT, "{body}");
        assert!(
            body["error"] == "time_out" || body["error"] == "game_over",
            "{body}"
        );
    }
    let by_moves = moves
        .iter()
        .filter(|(_, body)| body["error"] == "time_out")
        .count();
    assert_eq!(by_moves + swept.unwrap(), 6, "each game ends exactly once");
    let stats = app.stats().await;
    let chess = stats.iter().find(|row| row.0 == "chess").unwrap();
    assert_eq!((chess.1, chess.2, chess.3), (0, 6, 0));
}

async fn offer(app: &TestApp, player: &Player, id: &str) -> (StatusCode, Value) {
    app.act(player, id, "draw/offer").await
}

async fn draw_offers_are_one_per_move_and_three_per_game(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    let (status, body) = offer(&app, &white, &id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.act(&black, &id, "draw/decline").await.0, StatusCode::OK);
    // Declined: not again at this move.
    let (status, body) = offer(&app, &white, &id).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("draw_offer_this_move"))
    );
    // Black may still make their own offer at this move.
    assert_eq!(offer(&app, &black, &id).await.0, StatusCode::OK);
    assert_eq!(app.act(&white, &id, "draw/decline").await.0, StatusCode::OK);
    for mv in ["e2e4", "e7e5"] {
        app.play_ok(&white, &black, &id, mv).await;
        assert_eq!(offer(&app, &white, &id).await.0, StatusCode::OK);
        assert_eq!(app.act(&black, &id, "draw/decline").await.0, StatusCode::OK);
    }
    app.play_ok(&white, &black, &id, "g1f3").await;
    let (status, body) = offer(&app, &white, &id).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("too_many_draw_offers"))
    );
    // Accepting the opponent's offer is no offer of one's own.
    assert_eq!(offer(&app, &black, &id).await.0, StatusCode::OK);
    let (status, game) = offer(&app, &white, &id).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        (game["result"].as_str(), game["termination"].as_str()),
        (Some("1/2-1/2"), Some("agreement"))
    );
}

async fn api_actions_check_the_ply_when_given(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    let (status, body) = app.act(&black, &id, "resign?ply=0").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("stale_ply")),
        "{body}"
    );
    assert_eq!(app.game(&id).await["status"], "active");
    let (status, body) = app.act(&black, &id, "resign?ply=x").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let outsider = app.player("outsider").await;
    let (status, body) = app.act(&outsider, &id, "resign?ply=1").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_a_player"))
    );
    let (status, body) = app.act(&black, &id, "resign?ply=1").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"], "1-0");
}

/// Readers of every read path while two players play games out, one after another:
/// none answers 5xx. `LIFECYCLE_READS` sets the number of reads (default 2,000; the long
/// form in docs/benchmarks.md reads 100,000).
async fn reads_while_moves_commit_never_fail(app: TestApp) {
    use std::sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    };
    let reads: usize = std::env::var("LIFECYCLE_READS")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(2_000);
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let first = app.new_game("reversi-8x8", &white, &black).await;
    // The game being played: the writer starts the next when one ends.
    let current = Arc::new(Mutex::new(first));
    let done = Arc::new(AtomicBool::new(false));
    let writer = async {
        let mut moves = 0;
        while !done.load(Ordering::SeqCst) {
            let id = current.lock().unwrap().clone();
            let game = app.game(&id).await;
            if game["status"] != "active" {
                let next = app.new_game("reversi-8x8", &white, &black).await;
                *current.lock().unwrap() = next;
                continue;
            }
            let mv = game["legal_moves"][0].as_str().unwrap().to_owned();
            app.play_ok(&white, &black, &id, &mv).await;
            moves += 1;
        }
        moves
    };
    // The event stream's opening: only its status is read, then it is dropped.
    let paths = [
        "/api/v1/games/{id}",
        "/games/{id}",
        "/games/{id}.svg",
        "/games/{id}/record",
        "/api/v1/games/{id}/events",
    ];
    let per_reader = reads / paths.len();
    let readers = paths.iter().map(|path| {
        let (client, address, current) = (app.client.clone(), app.address.clone(), current.clone());
        async move {
            let mut failures = Vec::new();
            for _ in 0..per_reader {
                let id = current.lock().unwrap().clone();
                let path = path.replace("{id}", &id);
                let response = client.get(format!("{address}{path}")).send().await.unwrap();
                let status = response.status();
                if status.is_server_error() {
                    failures.push((path, status, response.text().await.unwrap()));
                }
            }
            failures
        }
    });
    let (moves, failures) = tokio::join!(writer, async {
        let failures: Vec<_> = join_all(readers).await.into_iter().flatten().collect();
        done.store(true, Ordering::SeqCst);
        failures
    });
    println!(
        "{} reads while {moves} moves were played: {} answered 5xx",
        per_reader * paths.len(),
        failures.len()
    );
    assert!(
        moves > 10,
        "the writer played while the readers read ({moves} moves)"
    );
    assert!(
        failures.is_empty(),
        "{} reads failed: {:?}",
        failures.len(),
        failures.first()
    );
}
