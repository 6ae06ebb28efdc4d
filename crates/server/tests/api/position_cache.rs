//! The position cache: reads and moves rebuild a game from its cached position instead of
//! replaying its record; games without a cache (stored before it) are replayed and get
//! one from the start-up refresh; every cache equals a full replay of the moves.

use rand::{SeedableRng, rngs::StdRng};
use reqwest::StatusCode;
use serde_json::Value;

use crate::{
    helpers::{TestApp, assert_caches_match_replays},
    playouts::play_randomly,
    scenarios,
};

scenarios!(
    reads_and_moves_use_the_cache_not_a_replay,
    a_change_takes_the_record_it_kept_unless_it_is_behind,
    games_without_a_cache_are_replayed_then_refreshed,
    a_damaged_cache_is_replayed_over
);

/// Runs one statement against the app's database, behind the server's back: its game
/// snapshots are dropped, so that the next read sees the change.
async fn execute(app: &TestApp, sql: &str, id: &str) {
    sqlx::query(sql)
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"));
    app.state.caches.forget_all();
}

/// The game page and record download answer 200 for a guest.
async fn pages_answer(app: &TestApp, id: &str) -> String {
    for path in [format!("/games/{id}"), format!("/games/{id}/record")] {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
    let response = app
        .client
        .get(format!("{}/games/{id}/record", app.address))
        .send()
        .await
        .unwrap();
    response.text().await.unwrap()
}

/// A read that replayed the record would refuse a record whose first stored move is
/// not legal; one rebuilt from the cache shows it as stored. So damaging the first move
/// (and restoring it afterwards) shows which way each read and the next move went.
async fn reads_and_moves_use_the_cache_not_a_replay(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    for (ply, mv) in ["e2e4", "e7e5", "g1f3", "b8c6"].into_iter().enumerate() {
        let player = if ply % 2 == 0 { &white } else { &black };
        let (status, body) = app.play(player, &id, mv, ply as u64).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let before = app.game(&id).await;
    let record_before = pages_answer(&app, &id).await;
    // e2e5 is no legal first move: a replay of this record fails.
    execute(
        &app,
        "update moves set move = 'e2e5' where game_id = $1 and ply = 1",
        &id,
    )
    .await;
    let read = app.game(&id).await;
    assert_eq!(read["moves"][0], "e2e5", "the record is shown as stored");
    assert_eq!(read["position"], before["position"]);
    assert_eq!(read["legal_moves"], before["legal_moves"]);
    // The page and the record show the display texts, which did not change.
    assert_eq!(pages_answer(&app, &id).await, record_before);
    // The move path rebuilds the game from the cache too.
    let (status, body) = app.play(&white, &id, "f1b5", 4).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"][4], "f1b5");
    execute(
        &app,
        "update moves set move = 'e2e4' where game_id = $1 and ply = 1",
        &id,
    )
    .await;
    let after = app.game(&id).await;
    assert_eq!(after["moves"][0], "e2e4");
    assert_eq!(after["ply"], 5);
    assert_caches_match_replays(&app).await;
}

/// A move of a game this instance changed last takes the record it kept then, not the
/// stored moves (a first move altered behind its back stays unseen by the move path);
/// once another instance has moved the game, the kept record is behind the row and the
/// moves are read again (and the altered move shows).
async fn a_change_takes_the_record_it_kept_unless_it_is_behind(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    for (ply, mv) in ["e2e4", "e7e5"].into_iter().enumerate() {
        let player = if ply % 2 == 0 { &white } else { &black };
        let (status, body) = app.play(player, &id, mv, ply as u64).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    execute(
        &app,
        "update moves set move = 'e2e5' where game_id = $1 and ply = 1",
        &id,
    )
    .await;
    let (status, body) = app.play(&white, &id, "g1f3", 2).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["moves"][0], "e2e4",
        "the kept record, not the stored moves"
    );
    assert_eq!(body["moves"][2], "g1f3");
    // Another instance on the same database moves the game: this one's record is behind.
    let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let (status, body) = other.play(&black, &id, "b8c6", 3).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["moves"][0], "e2e5",
        "the other instance read the moves"
    );
    let (status, body) = app.play(&white, &id, "f1b5", 4).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["moves"][0], "e2e5",
        "a record behind the row is not used"
    );
    assert_eq!(body["moves"][3], "b8c6");
    assert_eq!(body["moves"][4], "f1b5");
    execute(
        &app,
        "update moves set move = 'e2e4' where game_id = $1 and ply = 1",
        &id,
    )
    .await;
    assert_caches_match_replays(&app).await;
}

/// Games stored before the cache (no position, no display texts) read as before, by a
/// replay; the refresh writes their caches, after which they read the same.
async fn games_without_a_cache_are_replayed_then_refreshed(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let mut rng = StdRng::seed_from_u64(5);
    let mut games: Vec<(String, Value)> = Vec::new();
    for variant in [
        "chess",
        "reversi-6x6",
        "reversi-8x8",
        "reversi-10x10",
        "chess-reversi",
        "knight-fight",
    ] {
        let id = app.new_game(variant, &white, &black).await;
        play_randomly(&app, &white, &black, &id, &mut rng, 40).await;
        // As a guest reads it (the mover's own answer also lists the mover's actions).
        let game = app.game(&id).await;
        games.push((id, game));
    }
    for (id, _) in &games {
        execute(
            &app,
            "update games set position = null, position_ply = null where id = $1",
            id,
        )
        .await;
        execute(
            &app,
            "update moves set display = null where game_id = $1",
            id,
        )
        .await;
    }
    for (id, game) in &games {
        assert_eq!(&app.game(id).await, game, "replayed without a cache");
    }
    // A game moved by an older server: its cache is behind its ply.
    let (id, game) = &games[0];
    execute(
        &app,
        "update games set position_ply = ply - 1 where id = $1",
        id,
    )
    .await;
    assert_eq!(
        &app.game(id).await,
        game,
        "replayed past a cache that is behind"
    );

    let written = domain::game::read::refresh_positions(&app.state)
        .await
        .expect("the refresh runs");
    assert_eq!(written, games.len() as u64);
    let (stale,): (i64,) = sqlx::query_as(
        "select count(*) from games where position_ply is null or position_ply <> ply",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(stale, 0);
    let (undisplayed,): (i64,) = sqlx::query_as("select count(*) from moves where display is null")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(undisplayed, 0);
    for (id, game) in &games {
        assert_eq!(&app.game(id).await, game, "from the refreshed cache");
    }
    assert_caches_match_replays(&app).await;
    // Nothing left to refresh.
    let again = domain::game::read::refresh_positions(&app.state)
        .await
        .unwrap();
    assert_eq!(again, 0);
}

/// A cache that does not restore is not trusted: the game is replayed, and the next
/// change writes a good cache.
async fn a_damaged_cache_is_replayed_over(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("reversi-8x8", &white, &black).await;
    for (ply, mv) in ["d4", "e4", "e5", "d5"].into_iter().enumerate() {
        let player = if ply % 2 == 0 { &white } else { &black };
        let (status, body) = app.play(player, &id, mv, ply as u64).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let game = app.game(&id).await;
    for damage in ["nonsense", "8 1 1 w 4 |", "6 0 0 w 4 |", "8 0 0 w 3 |"] {
        sqlx::query("update games set position = $2 where id = $1")
            .bind(&id)
            .bind(damage)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        assert_eq!(app.game(&id).await, game, "read past `{damage}`");
    }
    let legal = game["legal_moves"][0].as_str().unwrap().to_owned();
    let (status, body) = app.play(&white, &id, &legal, 4).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_caches_match_replays(&app).await;
}
