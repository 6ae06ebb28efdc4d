//! The engine searches from the position as it stands: a game reached by its moves, the
//! same game replayed from its record and the same game restored from its saved position
//! get the same reply (move, nodes, depth and score) for the same request.

use std::sync::atomic::AtomicBool;

use engine::{Budget, Level, Request, best_move};
use rand::{SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{AnyGame, Variant};

/// `game` rebuilt both ways the server does: replayed from its record, and restored
/// from its saved position without replaying.
fn rebuilt(game: &AnyGame) -> [AnyGame; 2] {
    let replayed = AnyGame::replay(game.variant(), game.setup().clone(), game.moves()).unwrap();
    let restored = AnyGame::restore(
        game.variant(),
        game.setup().clone(),
        &game.saved_position(),
        game.record().to_vec(),
    )
    .unwrap();
    [replayed, restored]
}

fn assert_same_replies(game: &AnyGame, levels: &[u8], nodes: u64, seed: u64) {
    let stop = AtomicBool::new(false);
    for &level in levels {
        let request = Request::new(Level::new(level).unwrap(), Budget::nodes(nodes), seed);
        let played = best_move(game, &request, &stop).unwrap();
        for other in rebuilt(game) {
            assert_eq!(
                best_move(&other, &request, &stop).unwrap(),
                played,
                "{} level {level} after {:?}",
                game.variant(),
                game.moves().collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn played_replayed_and_restored_games_get_the_same_reply() {
    for variant in Variant::ALL {
        for seed in 0..3 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let setup = AnyGame::random_setup(variant, &mut rng);
            let mut game = AnyGame::new(variant, setup).unwrap();
            while game.to_move().is_some() {
                if game.ply() % 7 == 3 && game.legal_moves().len() > 1 {
                    assert_same_replies(&game, &[2, 8], 3000, seed + u64::from(game.ply()));
                }
                let text = game.legal_moves().choose(&mut rng).unwrap().clone();
                game.play(&text).unwrap();
            }
        }
    }
}

#[test]
fn chess_repetitions_and_en_passant_survive_a_restore() {
    let records: [&[&str]; 3] = [
        // An en passant capture is legal (exd6).
        &["e4", "a6", "e5", "d5"],
        // A double step with no capture en passant possible.
        &["e4"],
        // The start stood twice and Nf3 once before: repetitions count for the search.
        &[
            "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3",
        ],
    ];
    for record in records {
        let game = AnyGame::replay(Variant::Chess, None, record).unwrap();
        assert_same_replies(&game, &[1, 5, 8], 20_000, 11);
    }
}
