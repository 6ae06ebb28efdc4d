//! Statistics counters equal a recount of finished games.

use rand::{Rng, SeedableRng, rngs::StdRng};
use reqwest::StatusCode;
use sqlx::Row;

use crate::{helpers::TestApp, playouts::play_randomly, scenarios};

scenarios!(counters_equal_a_recount_after_a_random_mix_of_games);

async fn counters_equal_a_recount_after_a_random_mix_of_games(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let seed: u64 = rand::rng().random();
    let mut rng = StdRng::seed_from_u64(seed);
    let variants = ["chess", "reversi-6x6", "chess-reversi", "knight-fight"];
    let mut timeouts = Vec::new();
    for _ in 0..12 {
        let variant = variants[rng.random_range(0..variants.len())];
        let id = app.new_game(variant, &white, &black).await;
        let ending = rng.random_range(0..6);
        if ending != 0 {
            // A few moves first (abort needs fewer than two).
            let plies = if ending == 1 {
                1
            } else {
                rng.random_range(2..6)
            };
            let game = play_randomly(&app, &white, &black, &id, &mut rng, plies).await;
            if game["status"] != "active" {
                // Knight Fight can end within a few plies: a natural finish, counted.
                continue;
            }
        }
        let (who, other) = if rng.random() {
            (&white, &black)
        } else {
            (&black, &white)
        };
        match ending {
            0 | 1 => assert_eq!(app.act(who, &id, "abort").await.0, StatusCode::OK),
            2 => assert_eq!(app.act(who, &id, "resign").await.0, StatusCode::OK),
            3 => {
                app.act(who, &id, "draw/offer").await;
                assert_eq!(app.act(other, &id, "draw/accept").await.0, StatusCode::OK);
            }
            4 if variant != "chess" => {
                let game = play_randomly(&app, &white, &black, &id, &mut rng, 1000).await;
                assert_eq!(game["status"], "finished");
            }
            _ => timeouts.push(id),
        }
    }
    app.clock.advance(30 * 86_400);
    domain::game::sweep_overdue(&app.state).await.unwrap();
    let rows = sqlx::query(
        "select variant, result, count(*) as n from games where status = 'finished' \
         group by variant, result",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    let (_, listed) = app.get("/api/v1/variants", None).await;
    for variant in listed.as_array().unwrap() {
        let id = variant["id"].as_str().unwrap();
        let count = |result: &str| -> i64 {
            rows.iter()
                .filter(|row| {
                    row.get::<String, _>("variant") == id
                        && row.get::<String, _>("result") == result
                })
                .map(|row| row.get::<i64, _>("n"))
                .sum()
        };
        assert_eq!(variant["white_wins"], count("1-0"), "{id} (seed {seed})");
        assert_eq!(variant["black_wins"], count("0-1"), "{id} (seed {seed})");
        assert_eq!(variant["draws"], count("1/2-1/2"), "{id} (seed {seed})");
        assert_eq!(
            variant["games"].as_i64().unwrap(),
            count("1-0") + count("0-1") + count("1/2-1/2"),
            "{id} (seed {seed})"
        );
    }
    let (_, games) = app.get("/api/v1/games", Some(&white.token)).await;
    assert_eq!(games.as_array().unwrap().len(), 12);
    assert!(
        games
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["status"] != "active"),
        "all ended"
    );
}
