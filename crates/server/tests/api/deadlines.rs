//! Games' own deadlines: a challenge's or a tournament's limit of days, moves refused
//! once it passes, the game decided by its rule (the engines, with and without
//! Stockfish, a draw, or both players losing) once across instances and after a hold ran
//! out, and a Swiss and a round robin whose slowest player never moves ending on their
//! projected date.

use std::collections::HashMap;

use domain::{
    game::Termination,
    jobs::adjudication::{self, HOLD_SECS},
};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    helpers::{Backend, Player, TestApp, run},
    scenarios,
    tournaments::{detail, games_of, join, run_runner},
    vacation::at,
};

// A small node budget: the decisions here are clear, and the tests stay quick.
scenarios!(with [("ENGINE_NODES", "20000")];
    a_limited_game_takes_no_move_after_its_deadline_and_is_decided_by_its_rule,
    a_swiss_whose_slowest_player_never_moves_ends_on_its_projected_date,
    a_round_robin_whose_slowest_player_never_moves_ends_on_its_projected_date,
    two_instances_decide_each_game_once_and_a_lapsed_hold_is_taken_again,
    under_the_both_lose_rule_neither_player_scores_and_both_ratings_count_a_loss,
);

const DAY: i64 = 86_400;

/// White far ahead: a queen and two rooks against a bare king.
const WHITE_AHEAD: &str = "4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1";

/// A chess challenge from `white` with `terms`, accepted by `black`: the game's id.
async fn limited_game(app: &TestApp, white: &Player, black: &Player, terms: Value) -> String {
    let mut body = json!({"variant": "chess", "color": "white", "rated": false,
        "time_control": {"kind": "per_move", "days": 5, "hours": 0}});
    body.as_object_mut()
        .unwrap()
        .extend(terms.as_object().unwrap().clone());
    let (status, challenge) = app
        .post("/api/v1/challenges", Some(&white.token), body)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    let id = challenge["id"].as_str().unwrap();
    let (status, accepted) = app
        .post(
            &format!("/api/v1/challenges/{id}/accept"),
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    accepted["game_id"].as_str().unwrap().to_owned()
}

/// Runs the adjudication job until a round decides nothing: how many it decided.
async fn decide_all(app: &TestApp) -> usize {
    let mut decided = 0;
    loop {
        match adjudication::round(&app.state).await.unwrap() {
            0 => return decided,
            more => decided += more,
        }
    }
}

async fn a_limited_game_takes_no_move_after_its_deadline_and_is_decided_by_its_rule(app: TestApp) {
    chess_is_decided_by(&app, "built_in").await;
    let white = app.player("draw_w").await;
    let black = app.player("draw_b").await;

    // Limits out of range, or a rule nobody knows, are refused.
    for (terms, code) in [
        (json!({"max_game_days": 366}), "invalid_game_days"),
        (json!({"max_game_days": -1}), "invalid_game_days"),
        (
            json!({"max_game_days": 3, "deadline_rule": "both_win"}),
            "invalid_deadline_rule",
        ),
    ] {
        let mut body = json!({"variant": "chess", "color": "white"});
        body.as_object_mut()
            .unwrap()
            .extend(terms.as_object().unwrap().clone());
        let (status, error) = app
            .post("/api/v1/challenges", Some(&white.token), body)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(error["error"], code);
    }

    // The draw rule: no search, a draw.
    let start = app.state.now();
    let id = limited_game(
        &app,
        &white,
        &black,
        json!({"max_game_days": 2, "deadline_rule": "draw"}),
    )
    .await;
    let game = app.game(&id).await;
    assert_eq!(
        game["game_deadline"],
        json!({"at": at(start + 2 * DAY), "rule": "draw"})
    );
    app.play_ok(&white, &black, &id, "e2e4").await;
    // Past the game's deadline and, later, past the mover's own: neither ends it on time.
    app.clock.advance(7 * DAY);
    domain::sweeper::round(&app.state).await.unwrap();
    let (status, refused) = app.play(&black, &id, "e7e5", 1).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"], "past_game_deadline");
    let waiting = app.game(&id).await;
    assert_eq!(waiting["status"], "active", "{waiting}");
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(page.contains("deadline passed at"), "{page}");
    assert!(
        !page.contains("class=\"deadline\""),
        "no running clock's deadline: {page}"
    );

    assert_eq!(decide_all(&app).await, 1);
    let drawn = app.game(&id).await;
    assert_eq!(drawn["result"], "1/2-1/2", "{drawn}");
    assert_eq!(drawn["termination"], "adjudicated");
    assert_eq!(drawn["end_reason"], "adjudicated");
    assert_eq!(drawn["adjudication"]["rule"], "draw");
    assert_eq!(drawn["adjudication"]["score"], Value::Null);
    assert_eq!(drawn["adjudication"]["engine"], Value::Null);
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(page.contains("its rule made it a draw"), "{page}");
    // Decided once: nothing is left to decide.
    assert_eq!(decide_all(&app).await, 0);
}

/// A chess game far ahead for White, limited to a day, is won by White at its deadline,
/// judged by `engine`, and its page says how.
async fn chess_is_decided_by(app: &TestApp, engine: &str) {
    let white = app.player(&format!("{engine}_w")).await;
    let black = app.player(&format!("{engine}_b")).await;
    let id = limited_game(
        app,
        &white,
        &black,
        json!({"max_game_days": 1, "start": WHITE_AHEAD}),
    )
    .await;
    assert_eq!(app.game(&id).await["game_deadline"]["rule"], "adjudicate");
    // Nothing is due before the deadline.
    assert_eq!(decide_all(app).await, 0);
    app.clock.advance(DAY);
    assert_eq!(decide_all(app).await, 1);
    let game = app.game(&id).await;
    assert_eq!(game["result"], "1-0", "{game}");
    assert_eq!(game["termination"], "adjudicated");
    let adjudication = &game["adjudication"];
    assert_eq!(adjudication["rule"], "adjudicate");
    assert_eq!(adjudication["engine"], engine, "{game}");
    assert!(
        !adjudication["line"].as_array().unwrap().is_empty(),
        "{game}"
    );
    assert!(adjudication["depth"].as_i64().unwrap() > 0, "{game}");
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(page.contains("Decided at the game"), "{page}");
}

/// With `STOCKFISH_PATH`, chess is judged by Stockfish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess_is_decided_by_stockfish_when_the_server_has_it() {
    let Some(path) = stockfish() else {
        return;
    };
    run(
        Backend::Sqlite,
        &[("ENGINE_NODES", "20000"), ("STOCKFISH_PATH", &path)],
        |app| async move { chess_is_decided_by(&app, "stockfish").await },
    )
    .await;
}

/// The UCI engine the engine's own tests use: `STOCKFISH_PATH`, else Debian's
/// `stockfish`. In CI its absence fails the test, elsewhere it is skipped with a note.
fn stockfish() -> Option<String> {
    let found = engine::stockfish_path()
        .or_else(|| Some("/usr/games/stockfish".into()))
        .filter(|path| path.exists())
        .map(|path| path.display().to_string());
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "Stockfish is not installed (apt-get install stockfish): CI needs it"
        );
        eprintln!("SKIPPED locally: Stockfish is not installed (apt-get install stockfish)");
    }
    found
}

/// Ends every game still being played that `slow` does not play in, by a resignation.
async fn end_all_but_slow(app: &TestApp, id: &str, by_name: &HashMap<String, Player>, slow: &str) {
    let now = detail(app, id).await;
    for (_, _, game) in games_of(&now) {
        if !game["result"].is_null() || game["white"] == slow || game["black"] == slow {
            continue;
        }
        let white = &by_name[game["white"].as_str().unwrap()];
        let (status, body) = app
            .act(white, game["game_id"].as_str().unwrap(), "resign")
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

/// Four entrants (`{prefix}0` to `{prefix}2`, and `slow`) in a new tournament of `body`,
/// started: its id, the entrants by name, and the time it started.
async fn limited_tournament(
    app: &TestApp,
    prefix: &str,
    body: Value,
) -> (String, HashMap<String, Player>, i64) {
    let mut entrants = Vec::new();
    for name in ["0", "1", "2"].map(|n| format!("{prefix}{n}")) {
        entrants.push(app.player(&name).await);
    }
    entrants.push(app.player("slow").await);
    let organiser = app.player("organiser").await;
    let start = app.state.now();
    let (status, created) = app
        .post("/api/v1/tournaments", Some(&organiser.token), body)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    for player in &entrants {
        let (status, body) = join(app, player, &id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    run_runner(app).await;
    let by_name = entrants.into_iter().map(|p| (p.name.clone(), p)).collect();
    (id, by_name, start)
}

async fn a_swiss_whose_slowest_player_never_moves_ends_on_its_projected_date(app: TestApp) {
    let (id, by_name, start) = limited_tournament(
        &app,
        "sw",
        json!({"name": "Deadline Swiss", "variant": "chess", "format": "swiss",
               "rounds": 3, "max_players": 4, "max_game_days": 2, "deadline_rule": "draw",
               "time_control": {"kind": "per_move", "days": 7, "hours": 0}}),
    )
    .await;
    let started = detail(&app, &id).await;
    assert_eq!(started["tournament"]["status"], "running", "{started}");
    assert_eq!(
        started["tournament"]["game_limit"],
        json!({"days": 2, "rule": "draw"})
    );
    // Three rounds of two days each, one after another.
    let projected = at(start + 3 * 2 * DAY);
    assert_eq!(started["projected_end"], projected, "{started}");
    let page = app.page_html(&format!("/tournaments/{id}")).await;
    assert!(page.contains("Ends at the latest"), "{page}");
    assert!(page.contains("2 days; then it is drawn"), "{page}");
    for round in 1..=3 {
        let deadline = start + round * 2 * DAY;
        let now = detail(&app, &id).await;
        assert_eq!(
            now["round_deadlines"][usize::try_from(round - 1).unwrap()],
            json!({"stage": 1, "round": round, "at": at(deadline)}),
            "{now}"
        );
        assert_eq!(now["projected_end"], projected, "round {round}: {now}");
        end_all_but_slow(&app, &id, &by_name, "slow").await;
        run_runner(&app).await;
        // The slow player's game holds the round up until its deadline.
        assert_eq!(detail(&app, &id).await["tournament"]["round"], round);
        app.clock.set(deadline);
        assert_eq!(decide_all(&app).await, 1, "round {round}");
        run_runner(&app).await;
    }
    let finished = detail(&app, &id).await;
    assert_eq!(finished["tournament"]["status"], "finished", "{finished}");
    assert_eq!(finished["tournament"]["finished_at"], projected);
    let decided: Vec<Value> = games_of(&finished)
        .into_iter()
        .map(|(_, _, game)| game)
        .filter(|game| game["white"] == "slow" || game["black"] == "slow")
        .collect();
    assert_eq!(decided.len(), 3, "{finished}");
    for game in decided {
        let game = app.game(game["game_id"].as_str().unwrap()).await;
        assert_eq!(game["termination"], "adjudicated", "{game}");
        assert_eq!(game["result"], "1/2-1/2");
    }
    // Counted in the results like any other end: three wins by resignation, three
    // draws at the deadline.
    let chess = app
        .stats()
        .await
        .into_iter()
        .find(|(variant, ..)| variant == "chess")
        .unwrap();
    assert_eq!((chess.3, chess.4), (3, 6), "{chess:?}");
    let page = app.page_html(&format!("/tournaments/{id}")).await;
    assert!(page.contains("Round deadlines"), "{page}");
}

async fn a_round_robin_whose_slowest_player_never_moves_ends_on_its_projected_date(app: TestApp) {
    let (id, by_name, start) = limited_tournament(
        &app,
        "rr",
        json!({"name": "Deadline Cup", "variant": "reversi-6x6", "format": "round_robin",
               "section_size": 4, "max_players": 4, "max_game_days": 3}),
    )
    .await;
    let started = detail(&app, &id).await;
    // One section, every game at once: the end is its games' deadline.
    let projected = at(start + 3 * DAY);
    assert_eq!(started["projected_end"], projected, "{started}");
    end_all_but_slow(&app, &id, &by_name, "slow").await;
    run_runner(&app).await;
    app.clock.advance(3 * DAY - 1);
    assert_eq!(decide_all(&app).await, 0, "a second early");
    app.clock.advance(1);
    assert_eq!(decide_all(&app).await, 3);
    run_runner(&app).await;
    let finished = detail(&app, &id).await;
    assert_eq!(finished["tournament"]["status"], "finished", "{finished}");
    assert_eq!(finished["tournament"]["finished_at"], projected);
    for (_, _, line) in games_of(&finished) {
        if line["white"] != "slow" && line["black"] != "slow" {
            continue;
        }
        let game = app.game(line["game_id"].as_str().unwrap()).await;
        assert_eq!(game["termination"], "adjudicated", "{game}");
        assert_eq!(game["adjudication"]["engine"], "built_in", "{game}");
        assert_eq!(game["adjudication"]["rule"], "adjudicate");
    }
}

async fn two_instances_decide_each_game_once_and_a_lapsed_hold_is_taken_again(app: TestApp) {
    let second =
        TestApp::spawn_on(app.backend, &app.database_url, &[("ENGINE_NODES", "20000")]).await;
    let white = app.player("twice_w").await;
    let black = app.player("twice_b").await;
    let mut ids = Vec::new();
    for _ in 0..4 {
        ids.push(limited_game(&app, &white, &black, json!({"max_game_days": 1})).await);
    }
    let deadline = app.state.now() + DAY;
    app.clock.set(deadline);
    second.clock.set(deadline);
    // An instance took one game and died before deciding it: its hold keeps the others
    // away until it runs out.
    let held = &ids[0];
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    assert!(
        store::games::hold_for_adjudication(&mut conn, held, 0, deadline, deadline + HOLD_SECS)
            .await
            .unwrap()
    );
    drop(conn);
    let (one, other) = tokio::join!(
        adjudication::round(&app.state),
        adjudication::round(&second.state)
    );
    assert_eq!(one.unwrap() + other.unwrap(), 3, "each free game once");
    assert_eq!(app.game(held).await["status"], "active");
    // Once the hold has run out, the game is taken again.
    app.clock.set(deadline + HOLD_SECS);
    second.clock.set(deadline + HOLD_SECS);
    let (one, other) = tokio::join!(
        adjudication::round(&app.state),
        adjudication::round(&second.state)
    );
    assert_eq!(one.unwrap() + other.unwrap(), 1);
    for id in &ids {
        // Read from the database: the other instance decided some of them, and this
        // one's snapshot of a game hears of that only as fast as the events travel.
        let game = domain::game::get(&app.state, id).await.unwrap();
        assert_eq!(game.termination, Some(Termination::Adjudicated), "{id}");
        // The standard start after no move: level within the margin, a draw.
        assert_eq!(game.result, Some(rules::GameResult::Draw), "{id}");
    }
    // Each game ended once: one "game over" notice per player and game.
    let (notices,): (i64,) =
        sqlx::query_as("select count(*) from notifications where kind = 'game_finished'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(notices, 8);
}

async fn under_the_both_lose_rule_neither_player_scores_and_both_ratings_count_a_loss(
    app: TestApp,
) {
    // A rated challenge: both players lose, rated as such, told so, and listed so.
    let white = app.player("both_w").await;
    let black = app.player("both_b").await;
    let id = limited_game(
        &app,
        &white,
        &black,
        json!({"rated": true, "max_game_days": 2, "deadline_rule": "both_lose"}),
    )
    .await;
    assert_eq!(app.game(&id).await["game_deadline"]["rule"], "both_lose");
    // Two moves each: a rated game counts for the ratings from then on.
    for mv in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        app.play_ok(&white, &black, &id, mv).await;
    }
    app.clock.advance(2 * DAY);
    assert_eq!(decide_all(&app).await, 1);
    let lost = app.game(&id).await;
    assert_eq!(lost["result"], "0-0", "{lost}");
    assert_eq!(lost["termination"], "adjudicated");
    assert_eq!(lost["adjudication"]["rule"], "both_lose");
    for side in ["white", "black"] {
        let change = &lost["rating_change"][side];
        assert_eq!(change["before"], 1500, "{lost}");
        assert!(change["change"].as_i64().unwrap() < 0, "{side}: {lost}");
    }
    for (player, opponent) in [(&white, "both_b"), (&black, "both_w")] {
        let (status, notices) = app.get("/api/v1/notifications", Some(&player.token)).await;
        assert_eq!(status, StatusCode::OK, "{notices}");
        let over = &notices["items"][0];
        assert_eq!(over["kind"], "game_finished", "{notices}");
        assert_eq!(over["payload"]["outcome"], "lost");
        assert_eq!(over["payload"]["opponent"], opponent);
        let (status, listed) = app
            .get(
                &format!("/api/v1/players/{}/games?result=lost", player.name),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{listed}");
        assert_eq!(listed["games"][0]["id"], id.as_str(), "{listed}");
        let (status, won) = app
            .get(
                &format!("/api/v1/players/{}/games?result=won", player.name),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{won}");
        assert_eq!(won["games"], json!([]), "{won}");
    }
    let page = app.page_html(&format!("/games/{id}")).await;
    assert!(page.contains("Both players lost at the game"), "{page}");
    assert!(page.contains("its rule made both players lose"), "{page}");
    let pgn = app.record(&id).await;
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    assert!(
        pgn.contains("[Termination \"adjudicated: both lost\"]"),
        "{pgn}"
    );

    // A round robin: the slow player's three games end 0-0 and score nothing.
    let (tournament, by_name, _) = limited_tournament(
        &app,
        "bl",
        json!({"name": "Both Lose Cup", "variant": "reversi-6x6", "format": "round_robin",
               "section_size": 4, "max_players": 4, "max_game_days": 3,
               "deadline_rule": "both_lose"}),
    )
    .await;
    end_all_but_slow(&app, &tournament, &by_name, "slow").await;
    run_runner(&app).await;
    app.clock.advance(3 * DAY);
    assert_eq!(decide_all(&app).await, 3);
    run_runner(&app).await;
    let finished = detail(&app, &tournament).await;
    assert_eq!(finished["tournament"]["status"], "finished", "{finished}");
    let mut both_lost = 0;
    for (_, _, line) in games_of(&finished) {
        if line["white"] == "slow" || line["black"] == "slow" {
            assert_eq!(line["result"], "0-0", "{finished}");
            both_lost += 1;
        }
    }
    assert_eq!(both_lost, 3);
    // Three games among the other three, each won: three points in all, none for the
    // slow player, nor for anyone from a game against them.
    let standings = finished["stages"][0]["sections"][0]["standings"]
        .as_array()
        .unwrap_or_else(|| panic!("standings: {finished}"));
    let points = |name: &str| {
        standings
            .iter()
            .find(|line| line["name"] == name)
            .and_then(|line| line["points"].as_f64())
            .unwrap_or_else(|| panic!("{name}: {finished}"))
    };
    assert!(points("slow").abs() < f64::EPSILON, "{finished}");
    let total: f64 = ["bl0", "bl1", "bl2"].into_iter().map(points).sum();
    assert!((total - 3.0).abs() < f64::EPSILON, "{finished}");
    let (status, variants) = app.get("/api/v1/variants", None).await;
    assert_eq!(status, StatusCode::OK);
    let reversi = variants
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == "reversi-6x6")
        .unwrap();
    assert_eq!(reversi["both_lost"], 3, "{reversi}");
    assert_eq!(reversi["games"], 6, "{reversi}");
    let rules = app.page_html("/rules/reversi-6x6").await;
    assert!(
        rules.contains("both lost at the deadline 3 (50.00 %)"),
        "{rules}"
    );
}
