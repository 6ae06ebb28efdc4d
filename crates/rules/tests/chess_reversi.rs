//! Chess Reversi: every numbered rule of `RULES.md`, the scoring, the notation, and a perft
//! table cross-checked against a deliberately naive second move generator.

use rand::{Rng, SeedableRng, rngs::SmallRng};
use rules::{
    AnyGame, Cell, ChessReversi, Color, EndReason, Game, GameResult, PieceKind, PlayError,
    PositionSnapshot, Scores, Square, Variant,
};

/// A game after the moves in `record` (space-separated), each checked as it is played.
fn game(record: &str) -> AnyGame {
    AnyGame::replay(Variant::ChessReversi, None, record.split_whitespace())
        .unwrap_or_else(|error| panic!("{record}: {error}"))
}

/// `text` as a square.
fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

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

/// Plays moves from `game` until ply `until`, each the first legal move `prefer` accepts
/// (or the first legal move when it accepts none).
fn play_until(game: &mut AnyGame, until: u32, prefer: impl Fn(&str) -> bool) {
    while game.ply() < until {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "no move at ply {}", game.ply());
        let mv = moves
            .iter()
            .find(|mv| prefer(mv))
            .unwrap_or(&moves[0])
            .clone();
        game.play(&mv).unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// A naive second implementation: a 64-entry array, the record, and every rule checked
// literally for every piece letter on every square.

/// A naive Chess Reversi position.
#[derive(Clone)]
struct Naive {
    /// `(side, letter)` per square index (`a1` = 0), side 0 White, 1 Black.
    board: [Option<(usize, char)>; 64],
    /// Every move so far: letter and square index.
    record: Vec<(char, usize)>,
}

/// The steps of each line piece and the jumps of the others.
fn naive_steps(letter: char) -> (Vec<(i32, i32)>, bool) {
    let straight = vec![(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diagonal = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
    match letter {
        'K' => ([straight, diagonal].concat(), false),
        'Q' => ([straight, diagonal].concat(), true),
        'R' => (straight, true),
        'B' => (diagonal, true),
        _ => (
            vec![
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            false,
        ),
    }
}

impl Naive {
    fn new() -> Naive {
        Naive {
            board: [None; 64],
            record: Vec::new(),
        }
    }

    fn at(file: i32, rank: i32) -> Option<usize> {
        ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
    }

    fn around(index: usize) -> Vec<usize> {
        let (file, rank) = ((index % 8) as i32, (index / 8) as i32);
        let mut out = Vec::new();
        for df in -1..=1 {
            for dr in -1..=1 {
                if (df, dr) != (0, 0) {
                    out.extend(Naive::at(file + df, rank + dr));
                }
            }
        }
        out
    }

    fn placed(&self, side: usize, letter: char) -> Vec<usize> {
        self.record
            .iter()
            .enumerate()
            .filter(|(ply, (l, _))| ply % 2 == side && *l == letter)
            .map(|(_, &(_, index))| index)
            .collect()
    }

    fn legal(&self) -> Vec<String> {
        let ply = self.record.len();
        let mut moves = Vec::new();
        if ply >= 16 {
            return moves;
        }
        let side = ply % 2;
        let move_number = ply / 2 + 1;
        for letter in ['K', 'Q', 'R', 'B', 'N'] {
            let owned = if matches!(letter, 'K' | 'Q') { 1 } else { 2 };
            let placed = self.placed(side, letter);
            for index in 0..64 {
                // Rule 1.
                if self.board[index].is_some() || placed.len() >= owned {
                    continue;
                }
                // Rule 2.
                if ply == 0 {
                    if letter == 'K' {
                        moves.push(format!("{letter}{}", Naive::name(index)));
                    }
                    continue;
                }
                // Rule 3.
                let next_to_opponent = Naive::around(index)
                    .into_iter()
                    .any(|n| matches!(self.board[n], Some((s, _)) if s != side));
                if !next_to_opponent {
                    continue;
                }
                // Rule 4.
                if side == 1 && letter == 'K' && move_number != 8 {
                    continue;
                }
                // Rule 5.
                if letter == 'B' && placed.len() == 1 {
                    let dark = |i: usize| (i % 8 + i / 8).is_multiple_of(2);
                    if dark(placed[0]) == dark(index) {
                        continue;
                    }
                }
                // Rule 6.
                let queen_unplaced = self.placed(side, 'Q').is_empty();
                if self.record.last().is_some_and(|&(l, _)| l == 'Q')
                    && queen_unplaced
                    && letter != 'Q'
                {
                    continue;
                }
                // Rule 7.
                if side == 1 && move_number == 7 && queen_unplaced && letter != 'Q' {
                    continue;
                }
                // Rule 8.
                if side == 0 && move_number == 8 {
                    let free = Naive::around(index)
                        .into_iter()
                        .any(|n| self.board[n].is_none());
                    if !free {
                        continue;
                    }
                }
                if side == 1
                    && move_number == 8
                    && !Naive::around(index).contains(&self.record[14].1)
                {
                    continue;
                }
                moves.push(format!("{letter}{}", Naive::name(index)));
            }
        }
        moves
    }

    fn name(index: usize) -> String {
        format!("{}{}", char::from(b'a' + (index % 8) as u8), index / 8 + 1)
    }

    fn play(&mut self, text: &str) {
        let letter = text.chars().next().unwrap();
        let square = sq(&text[1..]);
        let index = square.index(8);
        self.board[index] = Some((self.record.len() % 2, letter));
        self.record.push((letter, index));
    }

    /// Attack counts per empty square for `side`.
    fn attack_counts(&self, side: usize) -> Vec<u8> {
        let mut counts = vec![0; 64];
        for index in 0..64 {
            let Some((s, letter)) = self.board[index] else {
                continue;
            };
            if s != side {
                continue;
            }
            let (steps, slides) = naive_steps(letter);
            for (df, dr) in steps {
                let (mut file, mut rank) = ((index % 8) as i32, (index / 8) as i32);
                loop {
                    file += df;
                    rank += dr;
                    let Some(target) = Naive::at(file, rank) else {
                        break;
                    };
                    if self.board[target].is_some() {
                        break;
                    }
                    counts[target] += 1;
                    if !slides {
                        break;
                    }
                }
            }
        }
        counts
    }

    fn score(&self, side: usize) -> u32 {
        self.attack_counts(side).iter().map(|&c| u32::from(c)).sum()
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth == 0 || moves.is_empty() {
            return 1;
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play(mv);
                next.perft(depth - 1)
            })
            .sum()
    }
}

/// Both implementations agree on the legal moves (as sets), scores and attack counts.
fn assert_agree(game: &AnyGame, naive: &Naive) {
    let mut fast = game.legal_moves();
    let mut slow = naive.legal();
    fast.sort();
    slow.sort();
    let record: Vec<&str> = game.moves().collect();
    assert_eq!(fast, slow, "after {record:?}");
    let scores = game.scores().unwrap();
    assert_eq!(scores.white, naive.score(0), "after {record:?}");
    assert_eq!(scores.black, naive.score(1), "after {record:?}");
    assert_eq!(
        game.attack_counts(Color::White).unwrap(),
        naive.attack_counts(0)
    );
    assert_eq!(
        game.attack_counts(Color::Black).unwrap(),
        naive.attack_counts(1)
    );
}

// ---------------------------------------------------------------------------------------
// The numbered rules.

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

// ---------------------------------------------------------------------------------------
// Cross-checks against the naive generator, and the perft table.

#[test]
fn random_games_agree_with_the_naive_generator() {
    let mut rng = SmallRng::seed_from_u64(2026);
    for _ in 0..150 {
        let mut g = game("");
        let mut naive = Naive::new();
        loop {
            assert_agree(&g, &naive);
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Keep to the a1-d4 corner now and then, where rules 8 and 9 bite.
            let corner: Vec<&String> = moves
                .iter()
                .filter(|m| m.as_bytes()[1] <= b'd' && m.as_bytes()[2] <= b'4')
                .collect();
            let mv = if !corner.is_empty() && rng.random_bool(0.7) {
                corner[rng.random_range(0..corner.len())].clone()
            } else {
                moves[rng.random_range(0..moves.len())].clone()
            };
            g.play(&mv).unwrap();
            naive.play(&mv);
        }
    }
}

/// The perft table: `(depth, nodes)`.
fn perft_table() -> Vec<(u32, u64)> {
    include_str!("data/perft-chess-reversi.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (depth, nodes) = line.split_once(' ').unwrap();
            (depth.parse().unwrap(), nodes.trim().parse().unwrap())
        })
        .collect()
}

#[test]
fn perft_matches_the_table() {
    let table = perft_table();
    assert!(table.len() >= 5);
    let start = game("");
    for (depth, nodes) in table {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
}

#[test]
fn perft_agrees_with_the_naive_generator() {
    let naive = Naive::new();
    let start = ChessReversi::new();
    for (depth, nodes) in perft_table().into_iter().filter(|&(depth, _)| depth <= 3) {
        assert_eq!(naive.perft(depth), nodes, "depth {depth}");
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
    // Deeper from a middle position, where more rules are in play.
    let record = "Kd4 Qd5 Qc5 Nb5 Rc6 Bb6";
    let mut naive = Naive::new();
    record.split_whitespace().for_each(|mv| naive.play(mv));
    let g = game(record);
    assert_eq!(g.perft(3), naive.perft(3));
    // And from near the end, through rules 7, 8 and 9.
    let mut g = game("");
    play_until(&mut g, 11, |mv| {
        mv.as_bytes()[1] <= b'd' && mv.as_bytes()[2] <= b'4'
    });
    let mut naive = Naive::new();
    g.moves().for_each(|mv| naive.play(mv));
    assert_eq!(g.perft(5), naive.perft(5));
}
