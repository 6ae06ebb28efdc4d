//! Random legal playouts of every variant through the API, to their natural end.

use rand::{Rng, SeedableRng, rngs::StdRng, seq::IndexedRandom};
use reqwest::StatusCode;
use serde_json::Value;

use crate::{
    helpers::{Player, TestApp, assert_caches_match_replays},
    scenarios,
};

scenarios!(
    random_playouts_of_every_variant_end_naturally,
    forced_reversi_passes_are_played_by_the_server
);

/// One of the legal moves of the active `game` (as the API shows it), at random; never a
/// forced pass, which the server plays itself.
pub(crate) fn random_legal_move<'a>(game: &'a Value, rng: &mut StdRng) -> &'a str {
    let legal: Vec<&str> = game["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(
        !legal.is_empty(),
        "an active game with no legal move: {game}"
    );
    assert_ne!(
        legal,
        ["pass"],
        "a forced pass was left to the player: {game}"
    );
    legal.choose(rng).unwrap()
}

/// Plays random legal moves until the game ends or `max_plies` have been played.
pub(crate) async fn play_randomly(
    app: &TestApp,
    white: &Player,
    black: &Player,
    id: &str,
    rng: &mut StdRng,
    max_plies: u64,
) -> Value {
    let mut game = app.game(id).await;
    while game["status"] == "active" && game["ply"].as_u64().unwrap() < max_plies {
        let mv = random_legal_move(&game, rng);
        let player = if game["to_move"] == "white" {
            white
        } else {
            black
        };
        let ply = game["ply"].as_u64().unwrap();
        let (status, next) = app.play(player, id, mv, ply).await;
        assert_eq!(status, StatusCode::OK, "{mv} at {ply}: {next}");
        let played = next["ply"].as_u64().unwrap() - ply;
        assert!(played >= 1);
        // Anything beyond the move itself is a forced pass.
        for extra in &next["moves"].as_array().unwrap()[ply as usize + 1..] {
            assert_eq!(extra, "pass");
        }
        game = next;
    }
    game
}

fn check_finished(game: &Value) {
    assert_eq!(game["status"], "finished", "{game}");
    assert_eq!(game["termination"], "normal", "{game}");
    assert_eq!(game["legal_moves"], serde_json::json!([]));
    assert_eq!(game["to_move"], Value::Null);
    assert_eq!(
        game["moves"].as_array().unwrap().len() as u64,
        game["ply"].as_u64().unwrap()
    );
    if let Some(scores) = game["scores"].as_object() {
        let (white, black) = (
            scores["white"].as_u64().unwrap(),
            scores["black"].as_u64().unwrap(),
        );
        let expected = match white.cmp(&black) {
            std::cmp::Ordering::Greater => "1-0",
            std::cmp::Ordering::Less => "0-1",
            std::cmp::Ordering::Equal => "1/2-1/2",
        };
        assert_eq!(game["result"], expected, "{game}");
    }
}

async fn random_playouts_of_every_variant_end_naturally(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let mut rng = StdRng::seed_from_u64(rand::rng().random());
    for variant in [
        "reversi-6x6",
        "reversi-8x8",
        "reversi-10x10",
        "chess-reversi",
        "knight-fight",
        "chess",
    ] {
        let id = app.new_game(variant, &white, &black).await;
        // Random chess can wander for hundreds of plies; stop it at 300 and resign.
        let game = play_randomly(&app, &white, &black, &id, &mut rng, 300).await;
        if variant == "chess" && game["status"] == "active" {
            let (status, game) = app.act(&white, &id, "resign").await;
            assert_eq!(
                (status, game["termination"].as_str()),
                (StatusCode::OK, Some("resignation"))
            );
            continue;
        }
        check_finished(&game);
        if variant == "chess-reversi" {
            assert_eq!(game["ply"], 16);
        }
        // The stored game replays to what the last move answered.
        assert_eq!(app.game(&id).await, game, "{variant}");
    }
    let (_, variants) = app.get("/api/v1/variants", None).await;
    let total: i64 = variants
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["games"].as_i64().unwrap())
        .sum();
    assert_eq!(total, 6);
    assert_caches_match_replays(&app).await;
}

async fn forced_reversi_passes_are_played_by_the_server(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let mut rng = StdRng::seed_from_u64(7);
    // Random 6x6 games reach forced passes often; play until one has.
    for _ in 0..40 {
        let id = app.new_game("reversi-6x6", &white, &black).await;
        let game = play_randomly(&app, &white, &black, &id, &mut rng, 1000).await;
        check_finished(&game);
        if game["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "pass")
        {
            return;
        }
    }
    panic!("no forced pass in 40 random 6x6 games");
}
