//! Chess960: the 960 start positions, castling with the king and rook ending on the
//! usual squares whatever they started on, perft against the published table, and the
//! game's setup and records.

use rules::{AnyGame, Chess, Chess960Start, Color, Game, PieceKind, Setup, SetupError, Variant};

use rand::{SeedableRng, rngs::SmallRng};

use super::{legal_texts, perft::perft_table, piece_at};

/// A Chess960 position from a FEN that must be valid.
fn chess960(fen: &str) -> Chess {
    Chess::from_chess960_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn game(start: u16) -> AnyGame {
    AnyGame::new(Variant::Chess960, Chess960Start::new(start).unwrap()).unwrap()
}

// ---------------------------------------------------------------------------------------
// Start positions

#[test]
fn every_start_is_a_legal_position_with_both_back_ranks_mirrored() {
    for start in Chess960Start::all() {
        let game = AnyGame::new(Variant::Chess960, start).unwrap();
        let fen = game.fen().unwrap();
        let ranks: Vec<&str> = fen.split(['/', ' ']).collect();
        assert_eq!(ranks[7], start.back_rank_text(), "{start}");
        assert_eq!(ranks[0], start.back_rank_text().to_lowercase(), "{start}");
        assert_eq!(game.to_move(), Some(Color::White));
        // Sixteen pawn moves, one or two for each knight, and in a few starts a castling
        // that swaps a king and the rook beside it (a rook on c1 and the king on d1).
        let moves = game.legal_moves().len();
        assert!((18..=21).contains(&moves), "{start}: {moves} moves");
        assert_eq!(game.start_fen(), Some(start.fen()));
    }
}

#[test]
fn start_518_is_chess_and_counts_like_it() {
    let game = game(518);
    assert_eq!(
        game.start_fen().unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(game.perft(1), 20);
    assert_eq!(game.perft(2), 400);
    assert_eq!(game.perft(3), 8_902);
    assert_eq!(game.perft(4), 197_281);
}

#[test]
fn a_random_start_is_drawn_per_game() {
    let mut rng = SmallRng::seed_from_u64(960);
    let starts: std::collections::HashSet<u16> = (0..50)
        .filter_map(|_| Setup::random(Variant::Chess960, &mut rng).chess960())
        .map(Chess960Start::number)
        .collect();
    // Fifty draws from 960 repeat themselves rarely; all the same would be a fixed start.
    assert!(starts.len() > 40, "{starts:?}");
}

// ---------------------------------------------------------------------------------------
// Perft

#[test]
fn perft_matches_the_published_chess960_table() {
    let table = perft_table(include_str!("../data/perft-chess960.txt"));
    assert!(table.len() >= 28, "table too short: {}", table.len());
    for (fen, depth, expected) in table {
        assert_eq!(chess960(&fen).perft(depth), expected, "{fen} depth {depth}");
    }
}

// ---------------------------------------------------------------------------------------
// Castling

#[test]
fn castling_is_written_as_the_king_taking_its_rook() {
    // Rooks on b1 and g1, king on e1: both castlings are open.
    let game = chess960("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1");
    let moves = legal_texts(&game);
    assert!(moves.contains(&"e1g1".to_owned()), "{moves:?}");
    assert!(moves.contains(&"e1b1".to_owned()), "{moves:?}");
    // In chess's notation the king's two squares would be e1c1: not a move here.
    assert!(!moves.contains(&"e1c1".to_owned()), "{moves:?}");

    let mut long = game.clone();
    long.play("e1b1").unwrap();
    assert_eq!(piece_at(&long, "c1"), Some((Color::White, PieceKind::King)));
    assert_eq!(piece_at(&long, "d1"), Some((Color::White, PieceKind::Rook)));
    assert_eq!(piece_at(&long, "b1"), None);
    assert_eq!(piece_at(&long, "e1"), None);

    let mut short = game.clone();
    short.play("O-O").unwrap();
    assert_eq!(
        piece_at(&short, "g1"),
        Some((Color::White, PieceKind::King))
    );
    assert_eq!(
        piece_at(&short, "f1"),
        Some((Color::White, PieceKind::Rook))
    );
}

#[test]
fn the_king_may_castle_towards_the_centre_or_stay_on_its_square() {
    // King b1 and rook a1: the long castling moves the king one square right, to c1.
    let mut game = chess960("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1");
    game.play("b1a1").unwrap();
    assert_eq!(piece_at(&game, "c1"), Some((Color::White, PieceKind::King)));
    assert_eq!(piece_at(&game, "d1"), Some((Color::White, PieceKind::Rook)));
    assert_eq!(piece_at(&game, "a1"), None);

    // King g1, rook h1: the short castling leaves the king where it is.
    let mut game = chess960("r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1");
    assert_eq!(game.display_text(&game.parse_move("g1h1").unwrap()), "O-O");
    game.play("g1h1").unwrap();
    assert_eq!(piece_at(&game, "g1"), Some((Color::White, PieceKind::King)));
    assert_eq!(piece_at(&game, "f1"), Some((Color::White, PieceKind::Rook)));
    assert_eq!(piece_at(&game, "h1"), None);
    // The rights are gone: the rook that moved and the king's other side alike.
    assert!(game.fen().contains(" b kq "), "{}", game.fen());
}

#[test]
fn castling_needs_the_squares_free_and_the_kings_path_unattacked() {
    // The knight on c1 stands between the king's and the rook's targets.
    let game = chess960("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RKN3R1 w KQkq - 0 1");
    assert!(!legal_texts(&game).contains(&"b1a1".to_owned()));
    // A black rook on the open f-file covers f1, which the king crosses to g1.
    let game = chess960("1k3r2/8/8/8/8/8/8/R3K1R1 w G - 0 1");
    assert!(!legal_texts(&game).contains(&"e1g1".to_owned()));
    let open = chess960("1k2r3/8/8/8/8/8/8/R3K1R1 w G - 0 1");
    // Now the rook gives check along the e-file: no castling out of check either.
    assert!(open.is_check());
    assert!(!legal_texts(&open).contains(&"e1g1".to_owned()));
    let free = chess960("1k1r4/8/8/8/8/8/8/R3K1R1 w G - 0 1");
    assert!(legal_texts(&free).contains(&"e1g1".to_owned()));
}

// ---------------------------------------------------------------------------------------
// The game: setup, records, saving

#[test]
fn the_setup_is_stored_as_its_number_and_read_back() {
    let start = Chess960Start::new(123).unwrap();
    let setup = Setup::from(start);
    assert_eq!(setup.to_stored().as_deref(), Some(r#"{"start":123}"#));
    assert_eq!(
        Setup::from_stored(Variant::Chess960, Some(r#"{"start":123}"#)),
        Ok(setup.clone())
    );
    assert_eq!(
        serde_json::to_value(&setup).unwrap(),
        serde_json::json!({"start": 123})
    );
    assert_eq!(
        Setup::from_stored(Variant::Chess960, None),
        Err(SetupError::Missing)
    );
    assert!(Setup::from_stored(Variant::Chess960, Some(r#"{"start":960}"#)).is_err());
    assert!(Setup::from_stored(Variant::Chess, Some(r#"{"start":5}"#)).is_err());
    assert_eq!(
        AnyGame::new(Variant::Chess960, Setup::Standard).unwrap_err(),
        SetupError::Missing
    );
    assert_eq!(
        AnyGame::new(Variant::Chess, start).unwrap_err(),
        SetupError::Unexpected
    );
}

#[test]
fn a_game_replays_and_restores_with_its_castling() {
    // The usual start as Chess960's number 518: castling is still the king taking its rook.
    let start = Chess960Start::STANDARD;
    let moves = [
        "e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1h1", "e8h8",
    ];
    let game = AnyGame::replay(Variant::Chess960, start, moves).unwrap();
    let texts: Vec<&str> = game.record().iter().map(|m| m.display.as_str()).collect();
    assert_eq!(texts[6], "O-O");
    assert_eq!(texts[7], "O-O");
    assert_eq!(game.moves().collect::<Vec<_>>(), moves);

    let saved = game.saved_position();
    let restored =
        AnyGame::restore(Variant::Chess960, start, &saved, game.record().to_vec()).unwrap();
    assert_eq!(restored.fen(), game.fen());
    assert_eq!(restored.legal_moves(), game.legal_moves());
}

#[test]
fn the_pgn_names_the_variant_and_its_start() {
    let game = game(0);
    assert_eq!(
        game.pgn_start_tags(),
        vec![
            ("Variant", "Chess960".to_owned()),
            ("SetUp", "1".to_owned()),
            (
                "FEN",
                "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1".to_owned()
            ),
        ]
    );
    let chess = AnyGame::new(Variant::Chess, None).unwrap();
    assert!(chess.pgn_start_tags().is_empty());
    assert_eq!(chess.start_fen(), None);
    assert_eq!(
        Variant::Chess960.record_format(),
        Variant::Chess.record_format()
    );
}
