//! Chess positions and the special moves: the start, FEN in and out, the board view, castling
//! and each condition that refuses it, en passant, and promotion.

use rules::{AnyGame, Cell, Chess, Color, Game, PieceKind, PlayError, SetupError, Variant};

use super::{chess, legal_texts, piece_at, play_all, square};

fn is_legal_text(game: &Chess, text: &str) -> bool {
    legal_texts(game).iter().any(|legal| legal == text)
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
