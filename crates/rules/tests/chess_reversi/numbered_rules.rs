//! Chess Reversi's numbered rules of `RULES.md`, one or more tests each.

use rules::{Cell, Color, EndReason, GameResult, PieceKind, PlayError, Square};

use super::{Naive, game, play_until, sq};

/// The squares of `moves`, each a letter and a square.
fn squares_of(moves: &[String]) -> Vec<Square> {
    let mut squares: Vec<Square> = moves.iter().map(|mv| sq(&mv[1..])).collect();
    squares.sort();
    squares.dedup();
    squares
}

/// The piece letters of `moves`.
fn letters_of(moves: &[String]) -> Vec<char> {
    let mut letters: Vec<char> = moves.iter().map(|mv| mv.chars().next().unwrap()).collect();
    letters.sort_unstable();
    letters.dedup();
    letters
}

/// The squares next to `square` on the 8x8 board.
fn neighbours(square: Square) -> Vec<Square> {
    let mut out = Vec::new();
    for files in -1..=1 {
        for ranks in -1..=1 {
            if (files, ranks) != (0, 0) {
                out.extend(square.offset(files, ranks, 8));
            }
        }
    }
    out
}

#[test]
fn rule_1_square_must_be_empty_and_piece_in_hand() {
    let mut g = game("Kd4 Nd5 Rc5 Rb5 Rc6 Nb6");
    // d5 is taken (by Black), c5 by White itself.
    assert_eq!(g.play("Qd5"), Err(PlayError::Illegal("Qd5".into())));
    assert_eq!(g.play("Qc5"), Err(PlayError::Illegal("Qc5".into())));
    // Both white rooks and the king are placed already.
    assert_eq!(g.play("Rb7"), Err(PlayError::Illegal("Rb7".into())));
    assert_eq!(g.play("Kb7"), Err(PlayError::Illegal("Kb7".into())));
    let moves = g.legal_moves();
    assert_eq!(letters_of(&moves), ['B', 'N', 'Q']);
    let occupied: Vec<Square> = ["d4", "d5", "c5", "b5", "c6", "b6"].map(sq).into();
    assert!(squares_of(&moves).iter().all(|s| !occupied.contains(s)));
    g.play("Qb7").unwrap();
    assert_eq!(g.ply(), 7);
}

#[test]
fn rule_2_white_first_move_places_the_king_anywhere() {
    let g = game("");
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 64);
    assert_eq!(letters_of(&moves), ['K']);
    assert_eq!(squares_of(&moves), Square::all(8).collect::<Vec<_>>());
    for text in ["Qd4", "Rd4", "Bd4", "Nd4"] {
        assert_eq!(game("").play(text), Err(PlayError::Illegal(text.into())));
    }
    for corner in ["Ka1", "Kh1", "Ka8", "Kh8"] {
        assert_eq!(game("").play(corner).as_deref(), Ok(corner));
    }
}

#[test]
fn rule_3_every_other_move_goes_next_to_an_opponent_piece() {
    let g = game("Kd4");
    let moves = g.legal_moves();
    assert_eq!(squares_of(&moves), {
        let mut around = neighbours(sq("d4"));
        around.sort();
        around
    });
    assert_eq!(moves.len(), 4 * 8, "Q, R, B, N on each of the 8 neighbours");
    assert_eq!(
        game("Kd4").play("Nf6"),
        Err(PlayError::Illegal("Nf6".into()))
    );
    // White's second piece goes next to Black's piece, not merely next to its own king.
    let g = game("Kd4 Nd5");
    let mut expected: Vec<Square> = neighbours(sq("d5"))
        .into_iter()
        .filter(|&s| s != sq("d4"))
        .collect();
    expected.sort();
    assert_eq!(squares_of(&g.legal_moves()), expected);
    assert_eq!(
        game("Kd4 Nd5").play("Qc3"),
        Err(PlayError::Illegal("Qc3".into()))
    );
    // A corner king leaves Black three squares.
    assert_eq!(
        squares_of(&game("Ka1").legal_moves()),
        ["b1", "a2", "b2"].map(sq)
    );
}

#[test]
fn rule_4_black_king_is_placed_last_and_never_earlier() {
    assert_eq!(
        game("Kd4").play("Ke5"),
        Err(PlayError::Illegal("Ke5".into()))
    );
    let mut g = game("");
    for ply in 0..15 {
        let moves = g.legal_moves();
        if ply % 2 == 1 {
            assert!(
                moves.iter().all(|mv| !mv.starts_with('K')),
                "ply {ply}: {moves:?}"
            );
        }
        g.play(&moves[moves.len() / 2]).unwrap();
    }
    let moves = g.legal_moves();
    assert!(!moves.is_empty());
    assert_eq!(
        letters_of(&moves),
        ['K'],
        "Black's 8th move places the king"
    );
}

#[test]
fn rule_5_second_bishop_goes_on_the_other_colour() {
    // White's first bishop on e5 (dark); Black's first on d5 (light).
    let g = game("Kd4 Bd5 Be5 Nf5");
    assert!(sq("e5").is_dark() && !sq("d5").is_dark());
    assert_eq!(
        game("Kd4 Bd5 Be5 Nf5").play("Bf6"),
        Err(PlayError::Illegal("Bf6".into()))
    );
    assert_eq!(game("Kd4 Bd5 Be5 Nf5").play("Be6").as_deref(), Ok("Be6"));
    let bishops: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.starts_with('B'))
        .collect();
    assert!(!bishops.is_empty());
    assert!(
        squares_of(&bishops).iter().all(|s| !s.is_dark()),
        "{bishops:?}"
    );
    // Other pieces still go on either colour.
    let knights: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.starts_with('N'))
        .collect();
    assert!(squares_of(&knights).iter().any(|s| s.is_dark()));
    // Black's second bishop after its light first one goes on a dark square.
    let g = game("Kd4 Bd5 Be5 Nf5 Be6");
    let bishops: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.starts_with('B'))
        .collect();
    assert!(!bishops.is_empty());
    assert!(
        squares_of(&bishops).iter().all(|s| s.is_dark()),
        "{bishops:?}"
    );
}

#[test]
fn rule_6_queen_call_answers_a_queen_with_the_queen() {
    // Black's queen calls White's.
    let g = game("Kd4 Qd5");
    let moves = g.legal_moves();
    assert!(!moves.is_empty());
    assert_eq!(letters_of(&moves), ['Q']);
    assert_eq!(
        game("Kd4 Qd5").play("Rc5"),
        Err(PlayError::Illegal("Rc5".into()))
    );
    // White's queen calls Black's.
    let g = game("Kd4 Nd5 Qc5");
    assert_eq!(letters_of(&g.legal_moves()), ['Q']);
    // A queen answering a call calls nothing back: the caller's queen is placed.
    let g = game("Kd4 Qd5 Qc5");
    assert_eq!(letters_of(&g.legal_moves()), ['B', 'N', 'R']);
    // The call lasts one move only.
    let g = game("Kd4 Nd5 Qc5 Qb5 Rc6");
    assert_eq!(letters_of(&g.legal_moves()), ['B', 'N', 'R']);
}

#[test]
fn rule_7_black_queen_goes_on_by_blacks_seventh_move() {
    // Rule 7 also follows from rule 4: Black's seven other pieces fill its moves 1-7.
    let mut g = game("");
    // Neither side places its queen (a queen call would force Black's earlier).
    play_until(&mut g, 12, |mv| !mv.starts_with('Q'));
    assert!(g.moves().all(|mv| !mv.starts_with('Q')));
    g.play(&g.legal_moves()[0]).unwrap();
    assert_eq!(g.ply(), 13, "Black's 7th move is next");
    let moves = g.legal_moves();
    assert!(!moves.is_empty());
    assert_eq!(letters_of(&moves), ['Q']);
}

#[test]
fn rule_8_white_eighth_piece_keeps_an_empty_neighbour() {
    let record = "Kd4 Rc4 Bc3 Rd2 Qd3 Qb2 Nb1 Nc1 Bb3 Na4 Ra2 Bc2 Ra3 Bb4";
    let g = game(record);
    assert_eq!(g.ply(), 14);
    let board = g.board();
    // a1 is empty and next to Black's queen on b2, but every square around it is taken.
    assert_eq!(board.cell(sq("a1")), Some(Cell::Empty));
    assert_eq!(
        board.cell(sq("b2")),
        Some(Cell::Piece {
            color: Color::Black,
            piece: PieceKind::Queen
        })
    );
    assert!(
        neighbours(sq("a1"))
            .iter()
            .all(|&n| board.cell(n) != Some(Cell::Empty))
    );
    assert_eq!(
        game(record).play("Na1"),
        Err(PlayError::Illegal("Na1".into()))
    );
    let moves = g.legal_moves();
    assert!(!moves.is_empty());
    for mv in &moves {
        let square = sq(&mv[1..]);
        assert!(
            neighbours(square)
                .iter()
                .any(|&n| board.cell(n) == Some(Cell::Empty)),
            "{mv}"
        );
    }
}

#[test]
fn rule_8_black_king_goes_next_to_whites_eighth_piece() {
    let mut g = game("");
    play_until(&mut g, 15, |_| true);
    let white_eighth = g.board().last_move[0];
    let board = g.board();
    let moves = g.legal_moves();
    let mut expected: Vec<Square> = neighbours(white_eighth)
        .into_iter()
        .filter(|&n| board.cell(n) == Some(Cell::Empty))
        .collect();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(letters_of(&moves), ['K']);
    assert_eq!(squares_of(&moves), expected);
    // Somewhere next to another White piece but not to the 8th is refused.
    let elsewhere = Square::all(8).find(|&s| {
        board.cell(s) == Some(Cell::Empty)
            && !neighbours(white_eighth).contains(&s)
            && neighbours(s).iter().any(|&n| {
                matches!(
                    board.cell(n),
                    Some(Cell::Piece {
                        color: Color::White,
                        ..
                    })
                )
            })
    });
    let elsewhere = elsewhere.expect("an empty square next to another white piece");
    let text = format!("K{elsewhere}");
    assert_eq!(g.play(&text), Err(PlayError::Illegal(text.clone())));
}

#[test]
fn rule_9_black_without_a_legal_placement_loses() {
    // Black's only piece before its king is its second bishop, which must go on a dark
    // square; the only empty squares next to White's pieces (d1, d3) are light.
    let mut g = game("Ka1 Na2 Qb3 Qc3 Nb1 Ba4 Na3 Rb4 Bb2 Nc4 Bc2 Rd2 Rc1");
    assert_eq!(g.ply(), 13);
    assert!(g.legal_moves().is_empty());
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::WhiteWins);
    assert_eq!(outcome.reason, EndReason::NoLegalPlacement);
    assert_eq!(g.to_move(), None);
    assert_eq!(g.play("Bd1"), Err(PlayError::GameOver));
    let mut naive = Naive::new();
    g.moves().for_each(|mv| naive.play(mv));
    assert!(naive.legal().is_empty());
}

#[test]
fn rule_9_white_without_a_legal_placement_loses() {
    // White's last piece is its second bishop (light first, on c4): no dark square next
    // to Black's pieces is empty.
    let g = game("Kc1 Nc2 Qd2 Qc3 Nb2 Bb1 Nd1 Ra3 Rb4 Nb3 Bc4 Ba1 Rd4 Ra2");
    assert_eq!(g.ply(), 14);
    assert!(g.legal_moves().is_empty());
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::BlackWins);
    assert_eq!(outcome.reason, EndReason::NoLegalPlacement);
}
