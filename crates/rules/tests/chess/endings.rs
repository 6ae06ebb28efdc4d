//! How a chess game ends or can be claimed: check and its answers, mate, stalemate,
//! insufficient material (cross-checked with shakmaty), repetition and the 50- and 75-move
//! rules.

use rules::{AnyGame, Chess, DrawClaim, EndReason, Game, GameResult, Outcome, PlayError, Variant};

use super::{chess, legal_texts, play_all, square};

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome {
        result: GameResult::Draw,
        reason,
    })
}

// ---------------------------------------------------------------------------------------
// Check, mate, stalemate

#[test]
fn check_must_be_answered() {
    // The rook on e7 checks; nothing can block or capture it, so only king moves remain.
    let mut game = chess("4k3/4r3/8/8/8/8/3P4/4K2R w K - 0 1");
    assert!(game.is_check());
    assert_eq!(legal_texts(&game), ["e1d1", "e1f1", "e1f2"]);
    for text in ["h1h2", "d2d3", "e1g1", "e1e2"] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Illegal(text.to_owned())),
            "{text}"
        );
    }
}

#[test]
fn pinned_piece_cannot_expose_its_king() {
    let game = chess("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(
        legal_texts(&game)
            .iter()
            .all(|text| !text.starts_with("e2"))
    );
}

#[test]
fn checkmate_loses_for_the_mated_side() {
    let mut game = AnyGame::new(Variant::Chess, None).unwrap();
    for text in ["f3", "e5", "g4", "Qh4#"] {
        game.play(text).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            result: GameResult::BlackWins,
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(game.record()[3].display, "Qh4#");
    assert_eq!(game.record()[3].text, "d8h4");
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    assert!(game.draw_claims().is_empty());
}

#[test]
fn stalemate_is_a_draw() {
    let mut game = chess("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    let mv = game.play("Qf7").unwrap();
    assert_eq!(game.outcome(), draw(EndReason::Stalemate));
    assert!(game.legal_moves().is_empty());
    assert!(!game.is_check());
    assert_eq!(
        Chess::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1")
            .unwrap()
            .display_text(&mv),
        "Qf7"
    );
}

#[test]
fn game_over_refuses_every_move() {
    let mut game = chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(game.outcome(), draw(EndReason::Stalemate));
    assert_eq!(game.play("h8g8"), Err(PlayError::GameOver));
    assert_eq!(game.play("nonsense"), Err(PlayError::GameOver));
    assert!(game.legal_moves().is_empty());
    let mut over = AnyGame::replay(Variant::Chess, None, ["f3", "e5", "g4", "Qh4#"]).unwrap();
    assert_eq!(over.play("e2e4"), Err(PlayError::GameOver));
    assert_eq!(over.record().len(), 4);
}

// ---------------------------------------------------------------------------------------
// Insufficient material

#[test]
fn insufficient_material_king_against_king() {
    let game = chess("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    assert_eq!(game.outcome(), draw(EndReason::InsufficientMaterial));
    assert!(game.legal_moves().is_empty());
    // Reached by capturing the last piece.
    let mut game = chess("8/8/8/8/8/5k2/3q4/4K3 w - - 0 1");
    assert_eq!(game.outcome(), None);
    play_all(&mut game, &["Kxd2"]);
    assert_eq!(game.outcome(), draw(EndReason::InsufficientMaterial));
}

#[test]
fn insufficient_material_king_and_knight_against_king() {
    for fen in [
        "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",
        "8/8/8/4k3/8/2n5/8/4K3 b - - 0 1",
    ] {
        assert_eq!(
            chess(fen).outcome(),
            draw(EndReason::InsufficientMaterial),
            "{fen}"
        );
    }
}

#[test]
fn insufficient_material_bishops_all_on_one_colour() {
    for fen in [
        // K+B v K.
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        // K+B v K+B, both bishops on dark squares (c1, f8).
        "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        // K+B+B v K, both light (f1, c4).
        "8/8/8/4k3/2B5/8/8/4KB2 w - - 0 1",
        // Several bishops of both sides, all on light squares.
        "2b5/8/8/4k3/2B5/8/8/4KB2 b - - 0 1",
    ] {
        assert_eq!(
            chess(fen).outcome(),
            draw(EndReason::InsufficientMaterial),
            "{fen}"
        );
    }
}

#[test]
fn sufficient_material_is_played_on() {
    for fen in [
        // Bishops on squares of both colours (c1 dark, c8 light).
        "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        // Two knights.
        "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1",
        // A knight each.
        "6n1/8/8/4k3/8/8/8/4KN2 w - - 0 1",
        // Knight and bishop.
        "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
        "5b2/8/8/4k3/8/8/8/4KN2 w - - 0 1",
        // A pawn, a rook, a queen.
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/4K2R w - - 0 1",
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
    ] {
        let game = chess(fen);
        assert_eq!(game.outcome(), None, "{fen}");
        assert!(!game.is_insufficient_material(), "{fen}");
    }
}

#[test]
fn insufficient_material_agrees_with_shakmaty_over_random_games() {
    use rand::{Rng, SeedableRng, rngs::SmallRng};
    use shakmaty::{EnPassantMode, Position, fen::Fen};

    let mut rng = SmallRng::seed_from_u64(7);
    let mut insufficient_seen = 0;
    for _ in 0..60 {
        // Random play that ignores every draw but mate and stalemate reaches sparse
        // endings often.
        let mut position = shakmaty::Chess::default();
        for _ in 0..400 {
            let fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
            let expected = position.is_insufficient_material();
            assert_eq!(chess(&fen).is_insufficient_material(), expected, "{fen}");
            insufficient_seen += usize::from(expected);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(
        insufficient_seen > 0,
        "no random game reached bare material"
    );
}

// ---------------------------------------------------------------------------------------
// Repetition and the move-count rules

/// Knight moves that bring the start position back every four plies.
const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn threefold_repetition_can_be_claimed() {
    let mut game = Chess::new();
    for cycle in 1..=2 {
        assert!(game.draw_claims().is_empty(), "cycle {cycle}");
        play_all(&mut game, &SHUFFLE);
    }
    // The start position stands for the third time.
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.draw_claims(), [DrawClaim::ThreefoldRepetition]);
    assert_eq!(game.outcome(), None);
    // The position after 1. Nf3 now stands for the third time too, Black to claim.
    play_all(&mut game, &["Nf3"]);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.draw_claims(), [DrawClaim::ThreefoldRepetition]);
    play_all(&mut game, &["e5"]);
    assert!(game.draw_claims().is_empty());
}

#[test]
fn fivefold_repetition_ends_the_game() {
    let mut game = Chess::new();
    for _ in 0..3 {
        play_all(&mut game, &SHUFFLE);
    }
    play_all(&mut game, &SHUFFLE[..3]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetitions(), 4);
    play_all(&mut game, &SHUFFLE[3..]);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), draw(EndReason::FivefoldRepetition));
    assert!(game.draw_claims().is_empty());
    assert_eq!(game.play("e4"), Err(PlayError::GameOver));
}

#[test]
fn repetition_ignores_an_en_passant_square_nobody_can_use() {
    // After 1. e4 no black pawn can take en passant, so the position after 1. e4 is the
    // same as after 1. e4 Nf6 2. Nf3 Ng8 3. Ng1.
    let mut game = Chess::new();
    play_all(&mut game, &["e4"]);
    play_all(&mut game, &["Nf6", "Nf3", "Ng8", "Ng1"]);
    play_all(&mut game, &["Nf6", "Nf3", "Ng8", "Ng1"]);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.draw_claims(), [DrawClaim::ThreefoldRepetition]);
}

#[test]
fn repetition_counts_a_usable_en_passant_square() {
    // After e2e4 the pawn on d4 may take en passant; once the chance is gone the same
    // placement is a different position.
    let mut game = chess("4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1");
    play_all(&mut game, &["e2e4"]);
    for _ in 0..2 {
        play_all(&mut game, &["Nf6", "Nf3", "Ng8", "Ng1"]);
    }
    assert_eq!(game.repetitions(), 2);
    assert!(game.draw_claims().is_empty());
}

#[test]
fn castling_rights_are_part_of_a_repeated_position() {
    let mut game = Chess::new();
    play_all(&mut game, &["e4", "e5"]);
    assert_eq!(game.repetitions(), 1);
    let kings = ["Ke2", "Ke7", "Ke1", "Ke8"];
    play_all(&mut game, &kings);
    // The same placement, but neither side may castle any more.
    assert_eq!(game.repetitions(), 1);
    play_all(&mut game, &kings);
    assert_eq!(game.repetitions(), 2);
    play_all(&mut game, &kings);
    assert_eq!(game.draw_claims(), [DrawClaim::ThreefoldRepetition]);
}

#[test]
fn fifty_move_rule_can_be_claimed() {
    let mut game = chess("4k3/8/8/8/8/8/4P3/R3K3 w - - 98 80");
    play_all(&mut game, &["Ra2"]);
    assert_eq!(game.halfmove_clock(), 99);
    assert!(game.draw_claims().is_empty());
    play_all(&mut game, &["Kd8"]);
    assert_eq!(game.halfmove_clock(), 100);
    assert_eq!(game.draw_claims(), [DrawClaim::FiftyMoveRule]);
    assert_eq!(game.outcome(), None);
    // A pawn move starts the count again.
    play_all(&mut game, &["e4"]);
    assert_eq!(game.halfmove_clock(), 0);
    assert!(game.draw_claims().is_empty());
}

#[test]
fn seventy_five_move_rule_ends_the_game() {
    let mut game = chess("k7/8/1K6/8/8/8/8/7R w - - 149 120");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.draw_claims(), [DrawClaim::FiftyMoveRule]);
    play_all(&mut game, &["Rh2"]);
    assert_eq!(game.halfmove_clock(), 150);
    assert_eq!(game.outcome(), draw(EndReason::SeventyFiveMoveRule));
    assert!(game.draw_claims().is_empty());
    assert_eq!(game.play("Ka7"), Err(PlayError::GameOver));
    // A position already past the limit is over as given.
    let game = chess("k7/8/1K6/8/8/8/8/7R b - - 151 120");
    assert_eq!(game.outcome(), draw(EndReason::SeventyFiveMoveRule));
}

#[test]
fn mate_on_the_seventy_fifth_move_stands() {
    let mut game = chess("k7/8/1K6/8/8/8/8/7R w - - 149 120");
    play_all(&mut game, &["Rh8#"]);
    assert_eq!(game.halfmove_clock(), 150);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            result: GameResult::WhiteWins,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn the_king_in_check_is_named_by_its_square() {
    let quiet = AnyGame::replay(Variant::Chess, None, ["e2e4", "e7e5"]).unwrap();
    assert_eq!(quiet.checked_king(), None);
    let check = AnyGame::replay(Variant::Chess, None, ["e2e4", "f7f6", "d1h5"]).unwrap();
    assert_eq!(check.checked_king(), Some(square("e8")));
    // Fool's mate: the mated king is still named once the game is over.
    let mate = AnyGame::replay(Variant::Chess, None, ["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
    assert_eq!(mate.to_move(), None);
    assert_eq!(mate.checked_king(), Some(square("e1")));
    let reversi = AnyGame::replay(Variant::Reversi8x8, None, ["d4", "e4", "d5", "e5"]).unwrap();
    assert_eq!(reversi.checked_king(), None);
}
