//! Saved positions: a game restored from its saved text and record is the game a replay
//! gives, at every ply of random playouts of every variant, and damaged texts are refused.
//! Set `PROPTEST_CASES` to play more (or fewer) games per variant.

use rand::{Rng, SeedableRng, rngs::SmallRng, seq::IndexedRandom};
use rules::{AnyGame, Color, DrawClaim, EndReason, Variant};

/// Games per variant when `PROPTEST_CASES` is not set.
const DEFAULT_GAMES: u64 = 60;

fn games() -> u64 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(DEFAULT_GAMES)
}

/// `game` restored from its own saved position and record.
fn restored(game: &AnyGame) -> AnyGame {
    AnyGame::restore(
        game.variant(),
        game.setup().clone(),
        &game.saved_position(),
        game.record().to_vec(),
    )
    .unwrap_or_else(|error| panic!("{}: {error}", game.saved_position()))
}

/// Everything a reader can ask of a game is the same in `a` and `b`.
fn assert_same(a: &AnyGame, b: &AnyGame) {
    let at = a.saved_position();
    assert_eq!(at, b.saved_position());
    assert_eq!(a.ply(), b.ply(), "{at}");
    assert_eq!(a.to_move(), b.to_move(), "{at}");
    assert_eq!(a.legal_moves(), b.legal_moves(), "{at}");
    assert_eq!(a.outcome(), b.outcome(), "{at}");
    assert_eq!(a.scores(), b.scores(), "{at}");
    assert_eq!(a.draw_claims(), b.draw_claims(), "{at}");
    assert_eq!(a.forced_pass(), b.forced_pass(), "{at}");
    assert_eq!(a.board(), b.board(), "{at}");
    assert_eq!(a.snapshot(), b.snapshot(), "{at}");
    assert_eq!(a.input(), b.input(), "{at}");
    assert_eq!(a.fen(), b.fen(), "{at}");
    assert_eq!(a.record(), b.record(), "{at}");
    for color in Color::ALL {
        assert_eq!(a.attack_counts(color), b.attack_counts(color), "{at}");
    }
}

/// Plays a random game of `variant`, restoring it at every ply and going on from the
/// restored game, which must stay the replayed one to the end.
fn playout(variant: Variant, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let setup = AnyGame::random_setup(variant, &mut rng);
    let mut game = AnyGame::new(variant, setup.clone()).expect("a game starts");
    loop {
        let mut copy = restored(&game);
        assert_same(&game, &copy);
        let replayed = AnyGame::replay(variant, setup.clone(), game.moves()).expect("replays");
        assert_same(&game, &replayed);
        let Some(choice) = game.legal_moves().choose(&mut rng).cloned() else {
            break;
        };
        game.play(&choice).expect("a listed move plays");
        copy.play(&choice).expect("the restored game plays it too");
        assert_same(&game, &copy);
    }
    assert!(
        game.outcome().is_some(),
        "{variant}: no move but no outcome"
    );
}

#[test]
fn every_variant_restores_at_every_ply() {
    for variant in Variant::ALL {
        for seed in 0..games() {
            playout(variant, seed);
        }
    }
}

/// Chess keeps its repetition keys: a threefold claim and the fivefold end survive a
/// restore in the middle of the repetitions.
#[test]
fn chess_repetitions_survive_a_restore() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut game = AnyGame::new(Variant::Chess, None).unwrap();
    for text in shuffle.iter().cycle().take(8) {
        game.play(text).unwrap();
        game = restored(&game);
    }
    assert_eq!(game.draw_claims(), [DrawClaim::ThreefoldRepetition]);
    for text in shuffle.iter().cycle().take(8) {
        game.play(text).unwrap();
        game = restored(&game);
    }
    let outcome = game.outcome().expect("the fifth repetition ends the game");
    assert_eq!(outcome.reason, EndReason::FivefoldRepetition);
}

/// A saved text for each variant, from a short game.
fn sample(variant: Variant, rng: &mut SmallRng) -> AnyGame {
    let setup = AnyGame::random_setup(variant, rng);
    let mut game = AnyGame::new(variant, setup).unwrap();
    for _ in 0..6 {
        if let Some(choice) = game.legal_moves().choose(rng).cloned() {
            game.play(&choice).unwrap();
        }
    }
    game
}

#[test]
fn damaged_saves_are_refused() {
    let mut rng = SmallRng::seed_from_u64(7);
    for variant in Variant::ALL {
        let game = sample(variant, &mut rng);
        let saved = game.saved_position();
        let refuse = |text: &str, record: Vec<rules::PlayedMove>| {
            let result = AnyGame::restore(variant, game.setup().clone(), text, record);
            assert!(result.is_err(), "{variant}: `{text}` was restored");
        };
        let (fields, last) = saved.split_once(" |").unwrap();
        refuse("", game.record().to_vec());
        refuse(fields, game.record().to_vec());
        refuse(&format!("{fields} extra |{last}"), game.record().to_vec());
        refuse(&format!("{fields} | z9"), game.record().to_vec());
        // The record must be the one the position was saved with.
        refuse(&saved, game.record()[1..].to_vec());
        // Every field cut off in turn.
        let parts: Vec<&str> = fields.split(' ').collect();
        for cut in 0..parts.len() {
            refuse(
                &format!("{} |{last}", parts[..cut].join(" ")),
                game.record().to_vec(),
            );
        }
    }
}

/// Damage specific to each family: overlapping discs, a knight on a number, a piece
/// too many, a repetition key of another position.
#[test]
fn impossible_positions_are_refused() {
    let refuse = |variant: Variant, text: &str| {
        let mut rng = SmallRng::seed_from_u64(3);
        let setup = AnyGame::random_setup(variant, &mut rng);
        let result = AnyGame::restore(variant, setup, text, Vec::new());
        assert!(result.is_err(), "{variant}: `{text}` was restored");
    };
    // Reversi: a disc of each colour on a1; a disc off the 6x6 board; another size.
    refuse(Variant::Reversi6x6, "6 1 1 w 0 |");
    refuse(Variant::Reversi6x6, "6 1000000000 0 w 0 |");
    refuse(Variant::Reversi6x6, "8 0 0 w 0 |");
    refuse(Variant::Reversi8x8, "8 0 0 x 0 |");
    // Knight Fight: White's knight on a square that still holds its number.
    refuse(
        Variant::KnightFight,
        "fffffffffffffffffffffffff 0 - 0 0 0 |",
    );
    refuse(Variant::KnightFight, "0 100 - 0 0 1 |");
    // Chess Reversi: a king placed without leaving the hand; a ply that is not the count.
    refuse(
        Variant::ChessReversi,
        "1 0 1 0 0 0 0 11222 11222 - - 0:1 1 |",
    );
    refuse(
        Variant::ChessReversi,
        "1 0 1 0 0 0 0 01222 11222 - - 0:1 2 |",
    );
    refuse(Variant::ChessReversi, "0 0 0 0 0 0 0 11222 11222 - - - 3 |");
    // Chess: a key that is not the position's; no fen at all.
    refuse(
        Variant::Chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1234 |",
    );
    refuse(Variant::Chess, "8/8/8/8 w - - 0 1 |");
}

/// Random damage to saved texts never panics: a text either restores to a game whose
/// readers all answer, or is refused.
#[test]
fn random_damage_never_panics() {
    let mut rng = SmallRng::seed_from_u64(11);
    for variant in Variant::ALL {
        for _ in 0..40 {
            let game = sample(variant, &mut rng);
            let mut bytes = game.saved_position().into_bytes();
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..bytes.len());
                bytes[at] = *b"0123456789abcdefwb- |:".choose(&mut rng).unwrap();
            }
            let text = String::from_utf8(bytes).unwrap();
            if let Ok(damaged) =
                AnyGame::restore(variant, game.setup().clone(), &text, game.record().to_vec())
            {
                let _ = (damaged.legal_moves(), damaged.board(), damaged.input());
                let _ = (damaged.outcome(), damaged.scores(), damaged.snapshot());
            }
        }
    }
}
