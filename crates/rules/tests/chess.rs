//! Chess as RULES.md states it: one named test per rule, perft as data, and a naive
//! move counter written here to cross-check the move generator.

use rules::{
    AnyGame, Cell, Chess, Color, DrawClaim, EndReason, Game, GameResult, Outcome, PieceKind,
    PlayError, SetupError, Square, Variant,
};

/// A chess game from a FEN that must be valid.
fn chess(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// Plays moves (UCI or SAN) that must all be legal.
fn play_all(game: &mut Chess, moves: &[&str]) {
    for text in moves {
        game.play(text)
            .unwrap_or_else(|error| panic!("{text} in {}: {error}", game.fen()));
    }
}

/// The canonical text of every legal move, sorted.
fn legal_texts(game: &Chess) -> Vec<String> {
    let mut texts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|mv| game.move_text(mv))
        .collect();
    texts.sort();
    texts
}

fn is_legal_text(game: &Chess, text: &str) -> bool {
    legal_texts(game).iter().any(|legal| legal == text)
}

fn square(text: &str) -> Square {
    text.parse().unwrap()
}

fn piece_at(game: &Chess, at: &str) -> Option<(Color, PieceKind)> {
    match game.board().cell(square(at)) {
        Some(Cell::Piece { color, piece }) => Some((color, piece)),
        _ => None,
    }
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome {
        result: GameResult::Draw,
        reason,
    })
}

// ---------------------------------------------------------------------------------------
// Start, FEN, board

#[test]
fn start_position_has_twenty_moves_and_white_to_move() {
    let game = Chess::new();
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.ply(), 0);
    assert_eq!(game.legal_moves().len(), 20);
    assert_eq!(game.outcome(), None);
    assert!(is_legal_text(&game, "e2e4"));
    assert!(is_legal_text(&game, "g1f3"));
}

#[test]
fn fen_output_includes_both_clocks() {
    let mut game = Chess::new();
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    play_all(&mut game, &["g1f3"]);
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    );
    play_all(&mut game, &["g8f6", "f3g1"]);
    assert_eq!(
        game.fen(),
        "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2"
    );
}

#[test]
fn fen_names_en_passant_square_only_when_capture_is_legal() {
    let mut game = Chess::new();
    play_all(&mut game, &["e2e4"]);
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    play_all(&mut game, &["d7d5", "e4e5", "f7f5"]);
    assert_eq!(
        game.fen(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    );
}

#[test]
fn fen_round_trips_and_sets_ply() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17";
    let game = chess(fen);
    assert_eq!(game.fen(), fen);
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.ply(), 33);
    assert_eq!(game.halfmove_clock(), 3);
}

#[test]
fn invalid_fen_is_refused() {
    for fen in [
        "",
        "not a fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        assert!(
            matches!(Chess::from_fen(fen), Err(SetupError::Invalid(_))),
            "{fen}"
        );
    }
    // Well-formed but not a legal position: no white king; the side not to move in check.
    for fen in [
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
    ] {
        assert!(
            matches!(Chess::from_fen(fen), Err(SetupError::Invalid(_))),
            "{fen}"
        );
    }
}

#[test]
fn board_view_shows_every_piece() {
    let board = Chess::new().board();
    assert_eq!(board.size, 8);
    let pieces = board
        .squares()
        .filter(|(_, cell)| matches!(cell, Cell::Piece { .. }))
        .count();
    assert_eq!(pieces, 32);
    let at = |text: &str| board.cell(square(text)).unwrap();
    assert_eq!(
        at("e1"),
        Cell::Piece {
            color: Color::White,
            piece: PieceKind::King
        }
    );
    assert_eq!(
        at("d8"),
        Cell::Piece {
            color: Color::Black,
            piece: PieceKind::Queen
        }
    );
    assert_eq!(
        at("b2"),
        Cell::Piece {
            color: Color::White,
            piece: PieceKind::Pawn
        }
    );
    assert_eq!(
        at("g8"),
        Cell::Piece {
            color: Color::Black,
            piece: PieceKind::Knight
        }
    );
    assert_eq!(at("e4"), Cell::Empty);
}

#[test]
fn debug_draws_the_board() {
    let text = format!("{:?}", Chess::new());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "r n b q k b n r");
    assert_eq!(lines[3], ". . . . . . . .");
    assert_eq!(lines[7], "R N B Q K B N R");
    assert_eq!(
        lines[8],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

// ---------------------------------------------------------------------------------------
// Castling

const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castling_both_sides_when_every_condition_holds() {
    let game = chess(CASTLING);
    assert!(is_legal_text(&game, "e1g1"));
    assert!(is_legal_text(&game, "e1c1"));
    let mut short = game.clone();
    play_all(&mut short, &["e1g1"]);
    assert_eq!(
        piece_at(&short, "g1"),
        Some((Color::White, PieceKind::King))
    );
    assert_eq!(
        piece_at(&short, "f1"),
        Some((Color::White, PieceKind::Rook))
    );
    assert_eq!(piece_at(&short, "h1"), None);
    let mut long = game;
    play_all(&mut long, &["e1c1"]);
    assert_eq!(piece_at(&long, "c1"), Some((Color::White, PieceKind::King)));
    assert_eq!(piece_at(&long, "d1"), Some((Color::White, PieceKind::Rook)));
    assert_eq!(piece_at(&long, "a1"), None);
}

#[test]
fn castling_refused_after_king_moved() {
    let mut game = chess(CASTLING);
    play_all(&mut game, &["e1f1", "e8f8", "f1e1", "f8e8"]);
    assert!(!is_legal_text(&game, "e1g1"));
    assert!(!is_legal_text(&game, "e1c1"));
    assert_eq!(
        game.play("e1g1"),
        Err(PlayError::Illegal("e1g1".to_owned()))
    );
    assert_eq!(game.play("O-O"), Err(PlayError::Illegal("O-O".to_owned())));
}

#[test]
fn castling_refused_on_the_side_whose_rook_moved() {
    let mut game = chess(CASTLING);
    play_all(&mut game, &["h1h2", "a8a7", "h2h1", "a7a8"]);
    assert!(!is_legal_text(&game, "e1g1"));
    assert!(is_legal_text(&game, "e1c1"));
    play_all(&mut game, &["e1c1"]);
    assert!(!is_legal_text(&game, "e8c8"));
    assert!(is_legal_text(&game, "e8g8"));
}

#[test]
fn castling_refused_with_a_piece_between() {
    // b1 is between king and rook even though the king never crosses it.
    let game = chess("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
    assert!(!is_legal_text(&game, "e1g1"));
    assert!(!is_legal_text(&game, "e1c1"));
    let game = chess("r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1");
    assert!(!is_legal_text(&game, "e1g1"));
    assert!(is_legal_text(&game, "e1c1"));
}

#[test]
fn castling_refused_while_in_check() {
    let game = chess("r3k2r/8/8/8/4r3/8/8/R3K2R w KQq - 0 1");
    assert!(game.is_check());
    assert!(!is_legal_text(&game, "e1g1"));
    assert!(!is_legal_text(&game, "e1c1"));
}

#[test]
fn castling_refused_through_an_attacked_square() {
    // The rook on f8 attacks f1, which the king crosses castling short.
    let game = chess("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!is_legal_text(&game, "e1g1"));
    assert!(is_legal_text(&game, "e1c1"));
    // The rook on d8 attacks d1, crossed castling long.
    let game = chess("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(is_legal_text(&game, "e1g1"));
    assert!(!is_legal_text(&game, "e1c1"));
}

#[test]
fn castling_refused_onto_an_attacked_square() {
    let game = chess("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!is_legal_text(&game, "e1g1"));
    let game = chess("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!is_legal_text(&game, "e1c1"));
}

#[test]
fn castling_allowed_when_only_the_rook_crosses_an_attacked_square() {
    // b1 is attacked, but only the rook passes it.
    let game = chess("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(is_legal_text(&game, "e1c1"));
}

#[test]
fn castling_accepted_as_king_takes_rook_and_recorded_as_king_move() {
    let mut game = AnyGame::replay(
        Variant::Chess,
        None,
        ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"],
    )
    .unwrap();
    assert!(game.legal_moves().iter().any(|text| text == "e1g1"));
    assert!(!game.legal_moves().iter().any(|text| text == "e1h1"));
    assert_eq!(game.play("e1h1"), Ok("e1g1".to_owned()));
    assert_eq!(game.record()[6].display, "O-O");
    let last = game.board().last_move;
    assert_eq!(last, [square("e1"), square("g1")]);
}

// ---------------------------------------------------------------------------------------
// En passant and promotion

#[test]
fn en_passant_capture_right_after_the_double_step() {
    let mut game = chess("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1");
    play_all(&mut game, &["e7e5"]);
    assert!(is_legal_text(&game, "d5e6"));
    let mv = game.parse_move("dxe6").unwrap();
    assert_eq!(game.display_text(&mv), "dxe6");
    assert_eq!(game.move_squares(&mv), [square("d5"), square("e6")]);
    play_all(&mut game, &["d5e6"]);
    assert_eq!(piece_at(&game, "e6"), Some((Color::White, PieceKind::Pawn)));
    assert_eq!(piece_at(&game, "e5"), None);
    assert_eq!(piece_at(&game, "d5"), None);
}

#[test]
fn en_passant_expires_after_one_move() {
    let mut game = chess("4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1");
    play_all(&mut game, &["e7e5", "e1d1", "e8d8"]);
    assert!(!is_legal_text(&game, "d5e6"));
    assert_eq!(
        game.play("dxe6"),
        Err(PlayError::Illegal("dxe6".to_owned()))
    );
}

#[test]
fn promotion_to_each_of_queen_rook_bishop_knight() {
    let game = chess("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    for (suffix, kind) in [
        ("q", PieceKind::Queen),
        ("r", PieceKind::Rook),
        ("b", PieceKind::Bishop),
        ("n", PieceKind::Knight),
    ] {
        let mut next = game.clone();
        let text = format!("a7a8{suffix}");
        let mv = next.play(&text).unwrap();
        assert_eq!(game.move_text(&mv), text);
        assert_eq!(piece_at(&next, "a8"), Some((Color::White, kind)));
        assert_eq!(piece_at(&next, "a7"), None);
    }
    let promotions = legal_texts(&game)
        .into_iter()
        .filter(|text| text.starts_with("a7a8"))
        .count();
    assert_eq!(promotions, 4);
}

#[test]
fn promotion_needs_a_piece_and_never_a_king_or_pawn() {
    let mut game = chess("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    for text in ["a7a8", "a7a8k", "a8", "a8=K", "a8=P"] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Illegal(text.to_owned())),
            "{text}"
        );
    }
    // SAN with the sign of the piece, with or without a check sign.
    let mv = game.play("a8=Q+").unwrap();
    assert_eq!(
        Chess::from_fen("7k/P7/8/8/8/8/8/K7 w - - 0 1")
            .unwrap()
            .display_text(&mv),
        "a8=Q+"
    );
    assert_eq!(
        piece_at(&game, "a8"),
        Some((Color::White, PieceKind::Queen))
    );
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

// ---------------------------------------------------------------------------------------
// Move text

#[test]
fn san_input_is_recorded_as_uci_with_san_display() {
    let mut game = AnyGame::new(Variant::Chess, None).unwrap();
    assert_eq!(game.play("Nf3"), Ok("g1f3".to_owned()));
    assert_eq!(game.play("d5"), Ok("d7d5".to_owned()));
    assert_eq!(game.play("e2e4"), Ok("e2e4".to_owned()));
    assert_eq!(game.play("dxe4"), Ok("d5e4".to_owned()));
    let record: Vec<(&str, &str)> = game
        .record()
        .iter()
        .map(|played| (played.text.as_str(), played.display.as_str()))
        .collect();
    assert_eq!(
        record,
        [
            ("g1f3", "Nf3"),
            ("d7d5", "d5"),
            ("e2e4", "e4"),
            ("d5e4", "dxe4")
        ]
    );
    assert_eq!(game.movetext(), "1. Nf3 d5 2. e4 dxe4");
    assert_eq!(
        game.fen().unwrap(),
        "rnbqkbnr/ppp1pppp/8/8/4p3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
    );
}

#[test]
fn san_accepts_check_and_mate_signs_and_castling() {
    let mut game = Chess::new();
    play_all(&mut game, &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    let mv = game.parse_move("Qxf7#").unwrap();
    assert_eq!(game.move_text(&mv), "h5f7");
    assert_eq!(game.display_text(&mv), "Qxf7#");
    assert_eq!(game.parse_move("Qxf7"), Ok(mv));
    let mut castle = Chess::new();
    play_all(&mut castle, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    let mv = castle.parse_move("O-O").unwrap();
    assert_eq!(castle.move_text(&mv), "e1g1");
    assert_eq!(castle.display_text(&mv), "O-O");
    assert_eq!(castle.move_squares(&mv), [square("e1"), square("g1")]);
}

#[test]
fn san_display_disambiguates() {
    let game = chess("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1");
    let mv = game.parse_move("a1b3").unwrap();
    assert_eq!(game.display_text(&mv), "Nab3");
    assert_eq!(game.parse_move("Nab3"), Ok(mv));
    assert_eq!(
        game.parse_move("Nb3"),
        Err(PlayError::Illegal("Nb3".to_owned()))
    );
}

#[test]
fn malformed_text_is_told_apart_from_illegal_moves() {
    let mut game = Chess::new();
    for text in [
        "", "hello", "e9e4", "i2i4", "Zf3", "e2e4e5", "0000", "--", "N@f3", "E2E4", " e2e4",
    ] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Malformed(text.to_owned())),
            "{text:?}"
        );
    }
    for text in [
        "e2e5", "e2", "e1g1", "e1e2", "e3e4", "a7a6", "e7e8q", "Nf6", "Ke2", "Bc4", "exd5", "O-O",
        "O-O-O", "e8=Q",
    ] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Illegal(text.to_owned())),
            "{text:?}"
        );
    }
    assert_eq!(game.ply(), 0);
    assert_eq!(game.fen(), Chess::new().fen());
    assert_eq!(
        PlayError::Malformed("x".to_owned()).to_string(),
        "malformed move `x`"
    );
}

#[test]
fn any_game_lists_uci_moves_and_targets() {
    let game = AnyGame::new(Variant::Chess, None).unwrap();
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 20);
    assert!(moves.iter().all(|text| text.len() == 4));
    let input = game.input();
    let mut targets: Vec<String> = input
        .node(&["g1".parse().unwrap()])
        .unwrap()
        .options
        .iter()
        .map(|option| option.pick.to_string())
        .collect();
    targets.sort();
    assert_eq!(targets, ["f3", "h3"]);
    assert!(game.draw_claims().is_empty());
    assert_eq!(game.to_move(), Some(Color::White));
}

#[test]
fn replay_reproduces_the_position() {
    let moves = [
        "e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6",
    ];
    let game = AnyGame::replay(Variant::Chess, None, moves).unwrap();
    let mut direct = Chess::new();
    play_all(&mut direct, &moves);
    assert_eq!(game.fen(), Some(direct.fen()));
    assert_eq!(game.ply(), 8);
    assert_eq!(game.moves().collect::<Vec<_>>(), moves);
}

#[test]
fn random_games_round_trip_every_move_text_and_replay() {
    use rand::{Rng, SeedableRng, rngs::SmallRng};

    let mut rng = SmallRng::seed_from_u64(2026);
    for _ in 0..12 {
        let mut game = Chess::new();
        let mut any = AnyGame::new(Variant::Chess, None).unwrap();
        while !game.is_over() && game.ply() < 300 {
            let moves = game.legal_moves();
            for mv in &moves {
                assert_eq!(game.parse_move(&game.move_text(mv)).as_ref(), Ok(mv));
                assert_eq!(game.parse_move(&game.display_text(mv)).as_ref(), Ok(mv));
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let text = game.move_text(&mv);
            game.play_unchecked(&mv);
            assert_eq!(any.play(&text), Ok(text));
            assert_eq!(any.fen(), Some(game.fen()));
        }
        assert_eq!(any.outcome(), game.outcome());
        let from_uci = AnyGame::replay(Variant::Chess, None, any.moves()).unwrap();
        let sans: Vec<&str> = any.record().iter().map(|m| m.display.as_str()).collect();
        let from_san = AnyGame::replay(Variant::Chess, None, sans).unwrap();
        for replayed in [from_uci, from_san] {
            assert_eq!(replayed.fen(), any.fen());
            assert_eq!(replayed.record(), any.record());
            assert_eq!(replayed.outcome(), any.outcome());
            assert_eq!(replayed.draw_claims(), any.draw_claims());
        }
    }
}

// ---------------------------------------------------------------------------------------
// Perft

/// Every `(fen, depth, count)` listed in tests/data/perft-chess.txt.
fn perft_table() -> Vec<(String, u32, u64)> {
    let text = include_str!("data/perft-chess.txt");
    let mut rows = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().unwrap().trim().to_owned();
        for field in fields {
            let (depth, count) = field.trim().split_once(' ').unwrap();
            let depth: u32 = depth.strip_prefix('D').unwrap().parse().unwrap();
            rows.push((fen.clone(), depth, count.trim().parse().unwrap()));
        }
    }
    rows
}

#[test]
fn perft_matches_the_published_table() {
    let table = perft_table();
    assert!(table.len() >= 25, "table too short: {}", table.len());
    assert!(table.contains(&(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
        5,
        4_865_609
    )));
    for (fen, depth, expected) in table {
        assert_eq!(chess(&fen).perft(depth), expected, "{fen} depth {depth}");
    }
}

#[test]
fn perft_through_any_game() {
    let game = AnyGame::new(Variant::Chess, None).unwrap();
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(1), 20);
    assert_eq!(game.perft(3), 8_902);
    assert_eq!(game.perft(4), 197_281);
}

#[test]
fn kiwipete_is_reached_and_counted_through_any_game() {
    let moves = [
        "e4", "e6", "d4", "g6", "d5", "Bg7", "Nc3", "Qe7", "Nf3", "Nf6", "Ne5", "b5", "Bd2", "b4",
        "Qf3", "Nc6", "Be2", "Na5", "Nb1", "Nc4", "Nc3", "Nb6", "Nb1", "Ba6", "Nc3", "h5", "Nb1",
        "h4", "Nc3", "h3",
    ];
    let game = AnyGame::replay(Variant::Chess, None, moves).unwrap();
    assert_eq!(
        game.fen().unwrap(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 16"
    );
    assert_eq!(game.perft(3), 97_862);
}

#[test]
fn opera_game_replays_to_mate() {
    let moves = [
        "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
        "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
        "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
    ];
    let game = AnyGame::replay(Variant::Chess, None, moves).unwrap();
    let displays: Vec<&str> = game
        .record()
        .iter()
        .map(|played| played.display.as_str())
        .collect();
    assert_eq!(displays, moves);
    assert_eq!(game.record()[22].text, "e1c1");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            result: GameResult::WhiteWins,
            reason: EndReason::Checkmate
        })
    );
    // Replaying the canonical texts gives the same game.
    let again = AnyGame::replay(Variant::Chess, None, game.moves()).unwrap();
    assert_eq!(again.fen(), game.fen());
    assert_eq!(again.record(), game.record());
}

#[test]
fn perft_counts_nothing_below_a_mate() {
    let game = chess("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(game.is_over());
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(1), 0);
    assert_eq!(game.perft(2), 0);
}

// ---------------------------------------------------------------------------------------
// A naive second move generator, sharing nothing with shakmaty: a mailbox board,
// pseudo-legal moves by walking directions, and a king-not-attacked filter.

#[derive(Clone)]
struct Naive {
    cells: [Option<(Color, PieceKind)>; 64],
    turn: Color,
    /// White short, white long, black short, black long.
    castling: [bool; 4],
    en_passant: Option<usize>,
}

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn step(index: usize, (files, ranks): (i8, i8)) -> Option<usize> {
    let file = (index % 8) as i8 + files;
    let rank = (index / 8) as i8 + ranks;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn name(index: usize) -> String {
    Square::new((index % 8) as u8, (index / 8) as u8)
        .unwrap()
        .to_string()
}

fn index_of(text: &str) -> usize {
    square(text).index(8)
}

/// A naive move: from, to, promotion.
type NaiveMove = (usize, usize, Option<PieceKind>);

impl Naive {
    fn from_fen(fen: &str) -> Naive {
        let board = chess(fen).board();
        let mut cells = [None; 64];
        for (at, cell) in board.squares() {
            if let Cell::Piece { color, piece } = cell {
                cells[at.index(8)] = Some((color, piece));
            }
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let castling = ['K', 'Q', 'k', 'q'].map(|letter| fields[2].contains(letter));
        Naive {
            cells,
            turn: if fields[1] == "w" {
                Color::White
            } else {
                Color::Black
            },
            castling,
            en_passant: (fields[3] != "-").then(|| index_of(fields[3])),
        }
    }

    fn attacked(&self, at: usize, by: Color) -> bool {
        let holds = |index: Option<usize>, kinds: &[PieceKind]| {
            index
                .and_then(|index| self.cells[index])
                .is_some_and(|(color, kind)| color == by && kinds.contains(&kind))
        };
        let pawn_rank = if by == Color::White { -1 } else { 1 };
        if [(-1, pawn_rank), (1, pawn_rank)]
            .into_iter()
            .any(|offset| holds(step(at, offset), &[PieceKind::Pawn]))
        {
            return true;
        }
        if KNIGHT_STEPS
            .into_iter()
            .any(|offset| holds(step(at, offset), &[PieceKind::Knight]))
            || KING_STEPS
                .into_iter()
                .any(|offset| holds(step(at, offset), &[PieceKind::King]))
        {
            return true;
        }
        let slides = |steps: [(i8, i8); 4], kinds: &[PieceKind]| {
            steps.into_iter().any(|offset| {
                let mut next = step(at, offset);
                while let Some(index) = next {
                    if self.cells[index].is_some() {
                        return holds(Some(index), kinds);
                    }
                    next = step(index, offset);
                }
                false
            })
        };
        slides(ROOK_STEPS, &[PieceKind::Rook, PieceKind::Queen])
            || slides(BISHOP_STEPS, &[PieceKind::Bishop, PieceKind::Queen])
    }

    fn pseudo_moves(&self) -> Vec<NaiveMove> {
        let mut moves = Vec::new();
        let us = self.turn;
        for from in 0..64 {
            let Some((color, kind)) = self.cells[from] else {
                continue;
            };
            if color != us {
                continue;
            }
            let free_or_enemy = |to: usize| self.cells[to].is_none_or(|(color, _)| color != us);
            match kind {
                PieceKind::Pawn => self.pawn_moves(from, &mut moves),
                PieceKind::Knight | PieceKind::King => {
                    let steps = if kind == PieceKind::Knight {
                        KNIGHT_STEPS
                    } else {
                        KING_STEPS
                    };
                    for to in steps.into_iter().filter_map(|offset| step(from, offset)) {
                        if free_or_enemy(to) {
                            moves.push((from, to, None));
                        }
                    }
                }
                PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen => {
                    let mut steps = Vec::new();
                    if kind != PieceKind::Bishop {
                        steps.extend(ROOK_STEPS);
                    }
                    if kind != PieceKind::Rook {
                        steps.extend(BISHOP_STEPS);
                    }
                    for offset in steps {
                        let mut next = step(from, offset);
                        while let Some(to) = next {
                            if free_or_enemy(to) {
                                moves.push((from, to, None));
                            }
                            if self.cells[to].is_some() {
                                break;
                            }
                            next = step(to, offset);
                        }
                    }
                }
            }
        }
        self.castling_moves(&mut moves);
        moves
    }

    fn pawn_moves(&self, from: usize, moves: &mut Vec<NaiveMove>) {
        let us = self.turn;
        let (forward, start_rank, last_rank) = if us == Color::White {
            (1, 1, 7)
        } else {
            (-1, 6, 0)
        };
        let mut push = |to: usize| {
            if to / 8 == last_rank {
                for kind in [
                    PieceKind::Queen,
                    PieceKind::Rook,
                    PieceKind::Bishop,
                    PieceKind::Knight,
                ] {
                    moves.push((from, to, Some(kind)));
                }
            } else {
                moves.push((from, to, None));
            }
        };
        if let Some(one) = step(from, (0, forward))
            && self.cells[one].is_none()
        {
            push(one);
            if from / 8 == start_rank
                && let Some(two) = step(one, (0, forward))
                && self.cells[two].is_none()
            {
                push(two);
            }
        }
        for side in [-1, 1] {
            if let Some(to) = step(from, (side, forward)) {
                let enemy = self.cells[to].is_some_and(|(color, _)| color != us);
                if enemy || self.en_passant == Some(to) {
                    push(to);
                }
            }
        }
    }

    fn castling_moves(&self, moves: &mut Vec<NaiveMove>) {
        let us = self.turn;
        let (rank, short, long) = if us == Color::White {
            ("1", self.castling[0], self.castling[1])
        } else {
            ("8", self.castling[2], self.castling[3])
        };
        let at = |file: &str| index_of(&format!("{file}{rank}"));
        let empty = |files: &[&str]| files.iter().all(|file| self.cells[at(file)].is_none());
        let safe = |files: &[&str]| {
            files
                .iter()
                .all(|file| !self.attacked(at(file), us.other()))
        };
        if short && empty(&["f", "g"]) && safe(&["e", "f", "g"]) {
            moves.push((at("e"), at("g"), None));
        }
        if long && empty(&["b", "c", "d"]) && safe(&["e", "d", "c"]) {
            moves.push((at("e"), at("c"), None));
        }
    }

    fn play(&self, (from, to, promotion): NaiveMove) -> Naive {
        let mut next = self.clone();
        let (color, kind) = self.cells[from].unwrap();
        next.cells[from] = None;
        next.cells[to] = Some((color, promotion.unwrap_or(kind)));
        next.en_passant = None;
        if kind == PieceKind::Pawn {
            if Some(to) == self.en_passant && from % 8 != to % 8 {
                // The captured pawn stands beside the mover, on the file it moves to.
                next.cells[(from / 8) * 8 + to % 8] = None;
            }
            if from.abs_diff(to) == 16 {
                next.en_passant = Some((from + to) / 2);
            }
        }
        if kind == PieceKind::King && from.abs_diff(to) == 2 {
            let (rook_from, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            next.cells[rook_to] = next.cells[rook_from].take();
        }
        for (right, corner, king) in [
            (0, "h1", "e1"),
            (1, "a1", "e1"),
            (2, "h8", "e8"),
            (3, "a8", "e8"),
        ] {
            let touched = [corner, king].map(index_of);
            if touched.contains(&from) || touched[0] == to {
                next.castling[right] = false;
            }
        }
        next.turn = self.turn.other();
        next
    }

    fn legal_moves(&self) -> Vec<NaiveMove> {
        self.pseudo_moves()
            .into_iter()
            .filter(|&mv| {
                let next = self.play(mv);
                let king = (0..64)
                    .find(|&index| next.cells[index] == Some((self.turn, PieceKind::King)))
                    .unwrap();
                !next.attacked(king, next.turn)
            })
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| self.play(mv).perft(depth - 1))
            .sum()
    }
}

fn naive_text((from, to, promotion): NaiveMove) -> String {
    let suffix = promotion.map_or(String::new(), |kind| {
        kind.letter().to_ascii_lowercase().to_string()
    });
    format!("{}{}{suffix}", name(from), name(to))
}

#[test]
fn naive_counter_agrees_at_depth_three() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let naive = Naive::from_fen(fen);
        let game = chess(fen);
        // Move by move, so a difference names the move below which it lies.
        for mv in naive.legal_moves() {
            let text = naive_text(mv);
            let mut next = game.clone();
            next.play(&text)
                .unwrap_or_else(|error| panic!("{fen}: naive {text}: {error}"));
            assert_eq!(
                next.perft(2),
                naive.play(mv).perft(2),
                "{fen}: below {text}"
            );
        }
        assert_eq!(naive.perft(3), game.perft(3), "{fen}");
    }
}

#[test]
fn naive_move_lists_agree_on_tricky_positions() {
    for fen in [
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1",
        "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    ] {
        let naive = Naive::from_fen(fen);
        let mut expected: Vec<String> = naive.legal_moves().into_iter().map(naive_text).collect();
        expected.sort();
        assert_eq!(legal_texts(&chess(fen)), expected, "{fen}");
        assert_eq!(naive.perft(2), chess(fen).perft(2), "{fen}");
    }
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
