//! Chess Reversi's scoring (empty squares each side attacks, counted per attacker) and the
//! end after 16 moves; the notation, the board snapshot and the shape of the API.

use rand::{Rng, SeedableRng, rngs::SmallRng};
use rules::{
    Cell, ChessReversi, Color, EndReason, Game, GameResult, PieceKind, PlayError, PositionSnapshot,
    Scores,
};

use super::{game, play_until, sq};

// ---------------------------------------------------------------------------------------
// Scoring.

#[test]
fn scoring_counts_empty_squares_and_lines_stop_at_the_first_piece() {
    let g = game("Kd4 Rd5");
    let index = |text: &str| sq(text).index(8);
    let black = g.attack_counts(Color::Black).unwrap();
    // The rook's line down the d-file stops at White's king.
    assert_eq!(black[index("d6")], 1);
    assert_eq!(black[index("d8")], 1);
    assert_eq!(black[index("d3")], 0);
    assert_eq!(black[index("d1")], 0);
    // King d4: 7 empty neighbours; rook d5: 3 up, 3 left, 4 right, none down.
    assert_eq!(
        g.scores(),
        Some(Scores {
            white: 7,
            black: 10
        })
    );
}

#[test]
fn scoring_counts_a_square_attacked_twice_twice() {
    let g = game("Kd4 Rd5 Ne6");
    let c5 = sq("c5").index(8);
    let white = g.attack_counts(Color::White).unwrap();
    assert_eq!(white[c5], 2, "king and knight both attack c5");
    // King: c3 d3 e3 c4 e4 c5 e5; knight: d8 f8 c7 g7 c5 g5 f4.
    assert_eq!(g.scores().unwrap().white, 14);
    assert_eq!(white.iter().map(|&c| u32::from(c)).sum::<u32>(), 14);
}

#[test]
fn scoring_a_square_attacked_by_both_sides_scores_for_both() {
    let g = game("Kd4 Rd5 Ne6");
    let c5 = sq("c5").index(8);
    assert_eq!(g.attack_counts(Color::Black).unwrap()[c5], 1);
    assert_eq!(g.attack_counts(Color::White).unwrap()[c5], 2);
    // Rook on d5 after e6 is taken: still 3 up, 3 left, 4 right.
    assert_eq!(g.scores().unwrap().black, 10);
}

#[test]
fn scoring_occupied_squares_score_nothing() {
    let g = game("Kd4 Rd5 Ne6");
    for color in Color::ALL {
        let counts = g.attack_counts(color).unwrap();
        assert_eq!(counts.len(), 64);
        for taken in ["d4", "d5", "e6"] {
            assert_eq!(counts[sq(taken).index(8)], 0, "{color} on {taken}");
        }
    }
    // The rook attacks d6, d7, d8 up its file until a White knight takes d6: then d6
    // scores nothing and the line stops there. King d4: 7; knight d6: b5 b7 c4 c8 e4 e8 f5
    // f7; rook: 3 left, 4 right.
    assert_eq!(
        game("Kd4 Rd5").scores().unwrap(),
        Scores {
            white: 7,
            black: 10
        }
    );
    let blocked = game("Kd4 Rd5 Nd6");
    assert_eq!(
        blocked.scores().unwrap(),
        Scores {
            white: 7 + 8,
            black: 3 + 4
        }
    );
    assert_eq!(
        blocked.attack_counts(Color::Black).unwrap()[sq("d6").index(8)],
        0
    );
}

#[test]
fn score_is_shown_during_play_and_decides_after_exactly_16_moves() {
    let mut rng = SmallRng::seed_from_u64(16);
    let mut finished = 0;
    for _ in 0..200 {
        let mut g = game("");
        assert_eq!(g.scores(), Some(Scores { white: 0, black: 0 }));
        while g.outcome().is_none() {
            let moves = g.legal_moves();
            g.play(&moves[rng.random_range(0..moves.len())]).unwrap();
            assert!(g.scores().is_some());
        }
        let outcome = g.outcome().unwrap();
        assert!(g.ply() <= 16);
        if outcome.reason == EndReason::AllPlaced {
            finished += 1;
            assert_eq!(g.ply(), 16);
            assert_eq!(outcome.result, g.scores().unwrap().result());
            assert_eq!(
                g.board()
                    .cells
                    .iter()
                    .filter(|c| **c != Cell::Empty)
                    .count(),
                16
            );
        } else {
            assert_eq!(outcome.reason, EndReason::NoLegalPlacement);
            assert!(g.ply() < 16);
        }
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.play("Ka1"), Err(PlayError::GameOver));
    }
    assert!(finished > 150, "{finished}");
}

#[test]
fn game_ends_after_16_moves_with_all_placed() {
    let mut g = game("");
    play_until(&mut g, 16, |_| true);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::AllPlaced);
    let scores = g.scores().unwrap();
    let expected = match scores.white.cmp(&scores.black) {
        std::cmp::Ordering::Greater => GameResult::WhiteWins,
        std::cmp::Ordering::Less => GameResult::BlackWins,
        std::cmp::Ordering::Equal => GameResult::Draw,
    };
    assert_eq!(outcome.result, expected);
    for color in Color::ALL {
        for kind in [
            PieceKind::King,
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
        ] {
            let on_board = g
                .board()
                .cells
                .iter()
                .filter(|c| **c == Cell::Piece { color, piece: kind })
                .count();
            let owned = if matches!(kind, PieceKind::King | PieceKind::Queen) {
                1
            } else {
                2
            };
            assert_eq!(on_board, owned, "{color} {kind:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Notation, board and API shape.

#[test]
fn parse_rejects_malformed_text() {
    let g = game("Kd4");
    for text in [
        "", "K", "Kd", "nd5", "kd5", "Pd5", "Xd5", "d5", "Ki1", "Kd9", "Kd10", "Nd5 ", " Nd5",
        "ND5", "Nd05", "Nd5:e3",
    ] {
        let mut copy = g.clone();
        assert_eq!(
            copy.play(text),
            Err(PlayError::Malformed(text.into())),
            "{text:?}"
        );
    }
    let mut copy = g.clone();
    assert_eq!(copy.play("Nh8"), Err(PlayError::Illegal("Nh8".into())));
}

#[test]
fn move_text_is_the_upper_case_letter_for_both_sides() {
    let mut g = game("");
    assert_eq!(g.play("Kd4").as_deref(), Ok("Kd4"));
    assert_eq!(g.play("Qe5").as_deref(), Ok("Qe5"));
    assert_eq!(g.movetext(), "1. Kd4 Qe5");
    assert_eq!(g.record()[1].display, "Qe5");
}

#[test]
fn board_snapshot_and_last_move_show_the_placements() {
    let g = game("Kd4 Rd5");
    let board = g.board();
    assert_eq!(board.size, 8);
    assert_eq!(
        board.cell(sq("d4")),
        Some(Cell::Piece {
            color: Color::White,
            piece: PieceKind::King
        })
    );
    assert_eq!(
        board.cell(sq("d5")),
        Some(Cell::Piece {
            color: Color::Black,
            piece: PieceKind::Rook
        })
    );
    assert_eq!(
        board.cells.iter().filter(|c| **c == Cell::Empty).count(),
        62
    );
    assert_eq!(board.last_move, [sq("d5")]);
    let PositionSnapshot::Squares { squares } = g.snapshot() else {
        panic!("chess reversi snapshots squares");
    };
    assert_eq!(
        squares.into_iter().collect::<Vec<_>>(),
        [(sq("d4"), 'K'), (sq("d5"), 'r')]
    );
    let input = g.input();
    let targets = &input.node(&["Q".parse().unwrap()]).unwrap().options;
    assert!(!targets.is_empty());
    assert!(
        targets
            .iter()
            .all(|t| t.move_text == Some(format!("Q{}", t.pick)))
    );
}

#[test]
fn the_position_type_plays_through_the_game_trait() {
    let mut g = ChessReversi::new();
    assert_eq!(g.to_move(), Color::White);
    let mv = g.play("Kd4").unwrap();
    assert_eq!(mv.piece, PieceKind::King);
    assert_eq!(mv.square, sq("d4"));
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.ply(), 1);
    assert!(g.is_legal(&g.parse_move("Ne5").unwrap()));
    assert!(!g.is_legal(&g.parse_move("Ke5").unwrap()));
    assert_eq!(g.move_squares(&g.parse_move("Ne5").unwrap()), [sq("e5")]);
    assert!(format!("{g:?}").contains("...K...."));
}
