//! Knight Fight: every rule of `RULES.md`, the notation, and a perft table on a fixed setup
//! cross-checked against a deliberately naive second move generator.

use rand::{Rng, SeedableRng, rngs::SmallRng};
use rules::{
    AnyGame, Cell, Color, EndReason, Game, GameResult, KnightFight, KnightFightSetup, Knights,
    PieceKind, PlayError, PositionSnapshot, Square, Variant,
};

/// `text` as a square.
fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// The setup of the perft table in `data/perft-knight-fight.txt`.
fn data_setup() -> KnightFightSetup {
    let numbers: Vec<u8> = include_str!("data/perft-knight-fight.txt")
        .lines()
        .filter_map(|line| line.strip_prefix("setup "))
        .flat_map(|line| line.split_whitespace().map(|n| n.parse::<u8>().unwrap()))
        .collect();
    KnightFightSetup::from_numbers(numbers.try_into().unwrap()).unwrap()
}

/// A setup with `fixed` numbers on the given squares and the other numbers, ascending,
/// on the other squares in row-major order from `a1`.
fn setup_with(fixed: &[(&str, u8)]) -> KnightFightSetup {
    let mut numbers: [Option<u8>; 100] = [None; 100];
    for &(square, number) in fixed {
        numbers[sq(square).index(10)] = Some(number);
    }
    let mut rest = (0..100u8).filter(|n| !fixed.iter().any(|&(_, f)| f == *n));
    let numbers = numbers.map(|n| n.or_else(|| rest.next()).unwrap());
    KnightFightSetup::from_numbers(numbers).unwrap()
}

/// A game on `setup` after the moves in `record` (space-separated), each checked.
fn game_on(setup: &KnightFightSetup, record: &str) -> AnyGame {
    AnyGame::replay(
        Variant::KnightFight,
        Some(setup.clone()),
        record.split_whitespace(),
    )
    .unwrap_or_else(|error| panic!("{record}: {error}"))
}

/// The destination squares of `moves` (`e3` and `e3:g7` both give `e3`).
fn destinations(moves: &[String]) -> Vec<Square> {
    let mut squares: Vec<Square> = moves
        .iter()
        .map(|mv| sq(mv.split(':').next().unwrap()))
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

/// The squares a knight on `square` jumps to.
fn jumps(square: Square) -> Vec<Square> {
    [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ]
    .into_iter()
    .filter_map(|(files, ranks)| square.offset(files, ranks, 10))
    .collect()
}

/// The number `square` shows, if it still holds one.
fn number(game: &AnyGame, square: Square) -> Option<u8> {
    match game.board().cell(square) {
        Some(Cell::Number { number }) => Some(number),
        _ => None,
    }
}

/// Where `color`'s knight stands.
fn knight(game: &AnyGame, color: Color) -> Option<Square> {
    game.board().squares().find_map(|(square, cell)| {
        (cell
            == Cell::Piece {
                color,
                piece: PieceKind::Knight,
            })
        .then_some(square)
    })
}

/// Squares still holding a double.
fn live_doubles(game: &AnyGame) -> Vec<Square> {
    game.board()
        .squares()
        .filter_map(|(square, cell)| match cell {
            Cell::Number { number } if number % 11 == 0 => Some(square),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// A naive second implementation: a 10x10 array of numbers, scanned in full for every
// question.

/// A naive Knight Fight position.
#[derive(Clone)]
struct Naive {
    /// `numbers[rank][file]`, `None` once gone.
    numbers: [[Option<u8>; 10]; 10],
    /// Each knight's (file, rank).
    knights: [Option<(i32, i32)>; 2],
    points: [u32; 2],
    ply: usize,
}

impl Naive {
    fn new(setup: &KnightFightSetup) -> Naive {
        let mut numbers = [[None; 10]; 10];
        for (index, &n) in setup.numbers().iter().enumerate() {
            numbers[index / 10][index % 10] = Some(n);
        }
        Naive {
            numbers,
            knights: [None; 2],
            points: [0; 2],
            ply: 0,
        }
    }

    fn name(file: i32, rank: i32) -> String {
        format!("{}{}", char::from(b'a' + file as u8), rank + 1)
    }

    fn is_jump(a: (i32, i32), b: (i32, i32)) -> bool {
        let (df, dr) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        (df, dr) == (1, 2) || (df, dr) == (2, 1)
    }

    fn legal(&self) -> Vec<String> {
        let us = self.ply % 2;
        let mut moves = Vec::new();
        for rank in 0..10 {
            for file in 0..10 {
                let Some(n) = self.numbers[rank as usize][file as usize] else {
                    continue;
                };
                let reachable = match self.knights[us] {
                    None => rank == if us == 0 { 0 } else { 9 },
                    Some(from) => Naive::is_jump(from, (file, rank)),
                };
                let attacked =
                    self.knights[1 - us].is_some_and(|o| Naive::is_jump(o, (file, rank)));
                if !reachable || attacked {
                    continue;
                }
                let mut others = Vec::new();
                if n / 10 == n % 10 {
                    for r in 0..10 {
                        for f in 0..10 {
                            if (f, r) != (file, rank)
                                && self.numbers[r as usize][f as usize]
                                    .is_some_and(|m| m / 10 == m % 10)
                            {
                                others.push(Naive::name(f, r));
                            }
                        }
                    }
                }
                let to = Naive::name(file, rank);
                if others.is_empty() {
                    moves.push(to);
                } else {
                    moves.extend(others.into_iter().map(|o| format!("{to}:{o}")));
                }
            }
        }
        moves
    }

    fn play(&mut self, text: &str) {
        let us = self.ply % 2;
        let mut parts = text.split(':').map(sq);
        let to = parts.next().unwrap();
        let (file, rank) = (i32::from(to.file()), i32::from(to.rank()));
        let n = self.numbers[rank as usize][file as usize].take().unwrap();
        self.points[us] += u32::from(n);
        self.knights[us] = Some((file, rank));
        if n / 10 != n % 10 {
            let mirror = (n % 10) * 10 + n / 10;
            for row in &mut self.numbers {
                for cell in row.iter_mut() {
                    if *cell == Some(mirror) {
                        *cell = None;
                    }
                }
            }
        }
        if let Some(erase) = parts.next() {
            self.numbers[usize::from(erase.rank())][usize::from(erase.file())] = None;
        }
        self.ply += 1;
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

/// Both implementations agree on the legal moves, the points and the numbers left.
fn assert_agree(game: &AnyGame, naive: &Naive) {
    let record: Vec<&str> = game.moves().collect();
    let mut fast = game.legal_moves();
    let mut slow = naive.legal();
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "after {record:?}");
    let scores = game.scores().unwrap();
    assert_eq!(
        [scores.white, scores.black],
        naive.points,
        "after {record:?}"
    );
    for square in Square::all(10) {
        let expected = naive.numbers[usize::from(square.rank())][usize::from(square.file())];
        assert_eq!(number(game, square), expected, "{square} after {record:?}");
    }
}

// ---------------------------------------------------------------------------------------
// The rules.

#[test]
fn white_first_places_on_a_numbered_square_of_rank_1() {
    let setup = data_setup();
    let g = game_on(&setup, "");
    let moves = g.legal_moves();
    let rank_1: Vec<Square> = (0..10).map(|file| Square::new(file, 0).unwrap()).collect();
    assert_eq!(destinations(&moves), rank_1);
    // c1 holds 77: a double, so its nine choices; the other nine squares one move each.
    assert_eq!(moves.len(), 9 + 9);
    for text in ["a2", "e5", "j10"] {
        let mut copy = g.clone();
        assert_eq!(copy.play(text), Err(PlayError::Illegal(text.into())));
    }
}

#[test]
fn black_first_places_on_a_numbered_square_of_rank_10() {
    // 05 on a1 mirrors to 50 on j10: the first placement is a landing, so j10 loses 50.
    let setup = setup_with(&[("a1", 5), ("j10", 50)]);
    let mut g = game_on(&setup, "a1");
    assert_eq!(g.scores().unwrap().white, 5);
    assert_eq!(g.board().cell(sq("j10")), Some(Cell::Dead));
    let moves = g.legal_moves();
    let rank_10: Vec<Square> = (0..9).map(|file| Square::new(file, 9).unwrap()).collect();
    assert_eq!(destinations(&moves), rank_10);
    assert_eq!(g.play("j10"), Err(PlayError::Illegal("j10".into())));
    assert_eq!(g.play("a9"), Err(PlayError::Illegal("a9".into())));
    assert_eq!(g.play("a10").as_deref(), Ok("a10"));
}

#[test]
fn after_the_first_placement_each_move_is_a_knights_jump() {
    let setup = data_setup();
    let g = game_on(&setup, "d1 e10");
    let from = sq("d1");
    let attacked = jumps(sq("e10"));
    let mut expected: Vec<Square> = jumps(from)
        .into_iter()
        .filter(|&s| number(&g, s).is_some() && !attacked.contains(&s))
        .collect();
    expected.sort();
    let mut four = ["b2", "c3", "e3", "f2"].map(sq).to_vec();
    four.sort();
    assert_eq!(expected, four);
    assert_eq!(destinations(&g.legal_moves()), expected);
    let mut copy = g.clone();
    assert_eq!(copy.play("d3"), Err(PlayError::Illegal("d3".into())));
    // The knight moves: d1 is left behind, dead.
    let mut g = g;
    g.play("e3").unwrap();
    assert_eq!(knight(&g, Color::White), Some(sq("e3")));
    assert_eq!(g.board().cell(sq("d1")), Some(Cell::Dead));
}

#[test]
fn a_square_the_opponent_knight_attacks_is_forbidden() {
    let setup = data_setup();
    let g = game_on(&setup, "c1:h2 c10 d3 d8 e5");
    // Black on d8 jumps to b7 b9 c6 e6 f7 f9 (c10 dead, e10); White on e5 attacks c6, f7.
    assert_eq!(knight(&g, Color::Black), Some(sq("d8")));
    for attacked in ["c6", "f7"] {
        assert!(
            number(&g, sq(attacked)).is_some(),
            "{attacked} still holds a number"
        );
        assert!(jumps(sq("e5")).contains(&sq(attacked)));
        let mut copy = g.clone();
        assert_eq!(
            copy.play(attacked),
            Err(PlayError::Illegal(attacked.into()))
        );
    }
    let legal = destinations(&g.legal_moves());
    assert!(!legal.is_empty());
    for square in &legal {
        assert!(!jumps(sq("e5")).contains(square), "{square}");
        assert!(jumps(sq("d8")).contains(square), "{square}");
    }
}

#[test]
fn landing_scores_the_number_and_removes_it() {
    let setup = data_setup();
    let mut g = game_on(&setup, "");
    g.play("a1").unwrap();
    assert_eq!(g.scores().unwrap().white, 38);
    assert_eq!(g.scores().unwrap().black, 0);
    assert_eq!(
        g.board().cell(sq("a1")),
        Some(Cell::Piece {
            color: Color::White,
            piece: PieceKind::Knight
        })
    );
    g.play("e10").unwrap();
    assert_eq!(g.scores().unwrap().black, 13);
    g.play("b3").unwrap();
    assert_eq!(g.scores().unwrap().white, 38 + 46);
    assert_eq!(g.board().cell(sq("a1")), Some(Cell::Dead));
}

#[test]
fn mirror_rule_erases_the_mirrored_number_unscored() {
    let setup = data_setup();
    // a1 holds 38: 83 on b4 goes. e10 holds 13: 31 on a5 goes.
    let g = game_on(&setup, "a1 e10");
    assert_eq!(setup.number_at(sq("b4")), 83);
    assert_eq!(setup.number_at(sq("a5")), 31);
    assert_eq!(g.board().cell(sq("b4")), Some(Cell::Dead));
    assert_eq!(g.board().cell(sq("a5")), Some(Cell::Dead));
    assert_eq!(g.scores().unwrap().white, 38);
    assert_eq!(g.scores().unwrap().black, 13);
    let dead = g.board().cells.iter().filter(|c| **c == Cell::Dead).count();
    assert_eq!(
        dead, 2,
        "only the two mirrors are gone; the knights stand on the landed squares"
    );
}

#[test]
fn mirror_rule_maps_05_to_50_and_50_to_05() {
    let setup = setup_with(&[("a1", 5), ("e5", 50)]);
    let g = game_on(&setup, "a1");
    assert_eq!(g.board().cell(sq("e5")), Some(Cell::Dead));
    assert_eq!(g.scores().unwrap().white, 5);
    let setup = setup_with(&[("b1", 50), ("e5", 5)]);
    let g = game_on(&setup, "b1");
    assert_eq!(g.board().cell(sq("e5")), Some(Cell::Dead));
    assert_eq!(g.scores().unwrap().white, 50);
}

#[test]
fn mirror_of_a_number_is_gone_together_with_it() {
    // A number and its mirror always go together (landing takes both, the double rule takes
    // only doubles), so "the mirror is already gone" means the number is gone too: no
    // knight can land on it. Checked through many random games.
    let setup = data_setup();
    let mut rng = SmallRng::seed_from_u64(57);
    for _ in 0..100 {
        let mut g = game_on(&setup, "");
        while g.outcome().is_none() {
            let board = g.board();
            let live: Vec<u8> = board
                .cells
                .iter()
                .filter_map(|c| match c {
                    Cell::Number { number } => Some(*number),
                    _ => None,
                })
                .collect();
            for &n in &live {
                let mirror = (n % 10) * 10 + n / 10;
                assert!(live.contains(&mirror), "{n} without {mirror}");
            }
            let moves = g.legal_moves();
            g.play(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
}

#[test]
fn double_rule_makes_the_mover_erase_another_double() {
    // White's knight goes d1 → e3 (33); g7 holds 77.
    let setup = setup_with(&[("d1", 12), ("e10", 14), ("e3", 33), ("g7", 77)]);
    let g = game_on(&setup, "d1 e10");
    let doubles = live_doubles(&g);
    assert_eq!(doubles.len(), 10);
    let e3_moves: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.starts_with("e3"))
        .collect();
    let mut expected: Vec<String> = doubles
        .iter()
        .filter(|&&s| s != sq("e3"))
        .map(|s| format!("e3:{s}"))
        .collect();
    expected.sort();
    let mut e3_sorted = e3_moves.clone();
    e3_sorted.sort();
    assert_eq!(e3_sorted, expected, "one entry per double to erase");
    // Compulsory: landing without erasing is refused, and so is erasing a non-double.
    let mut copy = g.clone();
    assert_eq!(copy.play("e3"), Err(PlayError::Illegal("e3".into())));
    assert_eq!(copy.play("e3:a2"), Err(PlayError::Illegal("e3:a2".into())));
    assert_eq!(copy.play("e3:e3"), Err(PlayError::Illegal("e3:e3".into())));
    // A move that is not on a double takes no erasure.
    let plain = g
        .legal_moves()
        .into_iter()
        .find(|mv| !mv.starts_with("e3"))
        .unwrap();
    assert!(!plain.contains(':'));
    assert_eq!(
        copy.play(&format!("{plain}:g7")),
        Err(PlayError::Illegal(format!("{plain}:g7")))
    );
    let mut g = g;
    assert_eq!(g.play("e3:g7").as_deref(), Ok("e3:g7"));
    assert_eq!(g.board().cell(sq("g7")), Some(Cell::Dead));
    assert_eq!(
        g.scores().unwrap().white,
        12 + 33,
        "the erased 77 scores for no one"
    );
    assert_eq!(g.scores().unwrap().black, 14);
    assert_eq!(live_doubles(&g).len(), 8);
    assert_eq!(g.board().last_move, [sq("d1"), sq("e3"), sq("g7")]);
    assert_eq!(g.record().last().unwrap().text, "e3:g7");
    // People read the numbers each move took: the landing's and the erased double's.
    let shown: Vec<&str> = g.record().iter().map(|m| m.display.as_str()).collect();
    assert_eq!(shown, ["d1 (12)", "e10 (14)", "e3:g7 (33, 77)"]);
}

#[test]
fn double_rule_applies_to_the_first_placement() {
    let setup = data_setup();
    let g = game_on(&setup, "");
    let c1: Vec<String> = g
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.starts_with("c1"))
        .collect();
    assert_eq!(c1.len(), 9);
    assert!(c1.iter().all(|mv| mv.starts_with("c1:")));
    let mut g = g;
    let erased = setup.square_of(99).unwrap();
    g.play(&format!("c1:{erased}")).unwrap();
    assert_eq!(g.board().cell(erased), Some(Cell::Dead));
    assert_eq!(g.scores().unwrap().white, 77);
}

#[test]
fn double_rule_erasing_a_square_next_to_a_knight_takes_it_from_that_knight() {
    // Black's knight on e10 could jump to d8 (33); White lands on b3 (22) and erases d8.
    let setup = setup_with(&[("a1", 11), ("e10", 12), ("b3", 22), ("d8", 33)]);
    let start = format!("a1:{} e10", setup.square_of(99).unwrap());
    let far_double = setup.square_of(88).unwrap();
    let kept = game_on(&setup, &format!("{start} b3:{far_double}"));
    assert!(destinations(&kept.legal_moves()).contains(&sq("d8")));
    let erased = game_on(&setup, &format!("{start} b3:d8"));
    assert_eq!(erased.board().cell(sq("d8")), Some(Cell::Dead));
    assert!(!destinations(&erased.legal_moves()).contains(&sq("d8")));
    let mut erased = erased;
    assert_eq!(erased.play("d8"), Err(PlayError::Illegal("d8".into())));
}

#[test]
fn double_rule_the_last_two_doubles_leave_one_choice_and_doubles_go_in_pairs() {
    // Doubles only ever go two at a time (the landed one and the erased one), so while one
    // is left another is too: landing on one of the last two must erase the other.
    let setup = data_setup();
    let mut rng = SmallRng::seed_from_u64(11);
    let mut last_pairs = 0;
    for _ in 0..300 {
        let mut g = game_on(&setup, "");
        while g.outcome().is_none() {
            let doubles = live_doubles(&g);
            assert_eq!(doubles.len() % 2, 0);
            let moves = g.legal_moves();
            if doubles.len() == 2 {
                for (landing, other) in [(doubles[0], doubles[1]), (doubles[1], doubles[0])] {
                    let onto: Vec<&String> = moves
                        .iter()
                        .filter(|mv| sq(mv.split(':').next().unwrap()) == landing)
                        .collect();
                    if !onto.is_empty() {
                        last_pairs += 1;
                        assert_eq!(onto, [&format!("{landing}:{other}")]);
                    }
                }
            }
            // Prefer landing on doubles, to reach the last pair.
            let on_double: Vec<&String> = moves.iter().filter(|mv| mv.contains(':')).collect();
            let mv = if on_double.is_empty() {
                &moves[rng.random_range(0..moves.len())]
            } else {
                on_double[rng.random_range(0..on_double.len())]
            };
            g.play(mv).unwrap();
        }
    }
    assert!(last_pairs > 0, "the last pair of doubles was reached");
}

#[test]
fn vacated_squares_stay_dead() {
    let setup = data_setup();
    let mut g = game_on(&setup, "a1 a10 b3 b8");
    assert_eq!(g.board().cell(sq("a1")), Some(Cell::Dead));
    assert_eq!(g.board().cell(sq("a10")), Some(Cell::Dead));
    // b3 jumps back to a1, but a1 is dead.
    assert!(jumps(sq("b3")).contains(&sq("a1")));
    assert!(!destinations(&g.legal_moves()).contains(&sq("a1")));
    assert_eq!(g.play("a1"), Err(PlayError::Illegal("a1".into())));
}

#[test]
fn game_ends_when_the_player_to_move_cannot_move_even_if_the_other_could() {
    let setup = data_setup();
    let g = game_on(&setup, "c1:h2 a10 b3 c9:g4 a1 d7:c2");
    // White's knight on a1: b3 is the square it left, and Black's double landing on d7
    // erased the double (22) on c2, its only other jump.
    assert_eq!(knight(&g, Color::White), Some(sq("a1")));
    assert_eq!(knight(&g, Color::Black), Some(sq("d7")));
    assert_eq!(setup.number_at(sq("c2")), 22);
    for target in jumps(sq("a1")) {
        assert_eq!(g.board().cell(target), Some(Cell::Dead), "{target}");
    }
    // Black's knight could still move.
    let white_attacks = jumps(sq("a1"));
    assert!(
        jumps(sq("d7"))
            .iter()
            .any(|&t| number(&g, t).is_some() && !white_attacks.contains(&t))
    );
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.to_move(), None);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    let scores = g.scores().unwrap();
    assert!(scores.white > scores.black, "{scores:?}");
    assert_eq!(
        outcome.result,
        GameResult::WhiteWins,
        "the stuck player wins on points"
    );
    let mut g = g;
    assert_eq!(g.play("b3"), Err(PlayError::GameOver));
}

#[test]
fn game_end_winner_is_the_higher_score() {
    let setup = data_setup();
    let g = game_on(&setup, "b1 h10 a3 f9 c2:c1 d10 a1 e8");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    let scores = g.scores().unwrap();
    assert!(scores.black > scores.white, "{scores:?}");
    assert_eq!(outcome.result, GameResult::BlackWins);
    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..100 {
        let mut g = game_on(&setup, "");
        while g.outcome().is_none() {
            let moves = g.legal_moves();
            g.play(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
        let outcome = g.outcome().unwrap();
        assert_eq!(outcome.reason, EndReason::NoMoves);
        assert_eq!(outcome.result, g.scores().unwrap().result());
    }
}

#[test]
fn a_player_ahead_can_end_the_game_on_purpose() {
    let setup = data_setup();
    let before = game_on(&setup, "c1:h6 e10 a2 d8 c3 c10 e4:g4 a9");
    assert_eq!(before.to_move(), Some(Color::White));
    let choices = before.legal_moves();
    assert!(
        choices.len() > 1 && choices.contains(&"d6".to_owned()),
        "{choices:?}"
    );
    // Other moves let the game go on...
    let goes_on = choices.iter().filter(|mv| {
        let mut next = before.clone();
        next.play(mv).unwrap();
        next.outcome().is_none()
    });
    assert!(goes_on.count() > 0);
    // ...but d6 takes Black's knight's last squares while White is ahead.
    let mut g = before.clone();
    g.play("d6").unwrap();
    assert!(g.legal_moves().is_empty());
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.result, GameResult::WhiteWins);
    let scores = g.scores().unwrap();
    assert!(scores.white > scores.black);
}

// ---------------------------------------------------------------------------------------
// Notation, board and API shape.

#[test]
fn parse_rejects_malformed_text() {
    let setup = data_setup();
    let g = game_on(&setup, "d1 e10");
    for text in [
        "", "e", "e0", "k1", "e11", "E3", "e3 ", " e3", "e3:", ":e3", "e3:g7:h1", "e3-g7",
        "e3:g77", "e3g7", "Ne3", "pass",
    ] {
        let mut copy = g.clone();
        assert_eq!(
            copy.play(text),
            Err(PlayError::Malformed(text.into())),
            "{text:?}"
        );
    }
    let mut copy = g.clone();
    assert_eq!(copy.play("j10"), Err(PlayError::Illegal("j10".into())));
}

#[test]
fn board_shows_numbers_knights_and_dead_squares() {
    let setup = data_setup();
    let g = game_on(&setup, "a1 a10 b3");
    let board = g.board();
    assert_eq!(board.size, 10);
    assert_eq!(board.cell(sq("a1")), Some(Cell::Dead));
    assert_eq!(
        board.cell(sq("b3")),
        Some(Cell::Piece {
            color: Color::White,
            piece: PieceKind::Knight
        })
    );
    assert_eq!(
        board.cell(sq("a10")),
        Some(Cell::Piece {
            color: Color::Black,
            piece: PieceKind::Knight
        })
    );
    assert_eq!(board.cell(sq("j10")), Some(Cell::Number { number: 15 }));
    assert_eq!(board.last_move, [sq("a1"), sq("b3")]);
    let PositionSnapshot::KnightFight { numbers, knights } = g.snapshot() else {
        panic!("knight fight snapshots numbers and knights");
    };
    assert_eq!(
        knights,
        Knights {
            white: Some(sq("b3")),
            black: Some(sq("a10"))
        }
    );
    assert_eq!(numbers.get(&sq("j10")), Some(&15));
    assert!(!numbers.contains_key(&sq("a1")));
    // Gone: a1 (left), b3 and a10 (knights), and the mirrors 83, 17 and 64.
    assert_eq!(numbers.len(), 100 - 6);
}

#[test]
fn targets_lead_from_a_double_landing_to_the_doubles_to_erase() {
    let setup = data_setup();
    let g = game_on(&setup, "");
    let input = g.input();
    let targets = &input.node(&["c1".parse().unwrap()]).unwrap().options;
    assert_eq!(targets.len(), 9);
    for target in targets {
        assert_eq!(target.move_text, Some(format!("c1:{}", target.pick)));
        let rules::Pick::Square(square) = target.pick else {
            panic!("a double is a square");
        };
        assert_eq!(setup.number_at(square) % 11, 0);
    }
}

#[test]
fn the_position_type_plays_through_the_game_trait() {
    let setup = data_setup();
    let mut g = KnightFight::new(&setup);
    assert_eq!(g.to_move(), Color::White);
    let mv = g.play("c1:h2").unwrap();
    assert_eq!(mv.to, sq("c1"));
    assert_eq!(mv.erase, Some(sq("h2")));
    assert_eq!(g.ply(), 1);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.knight(Color::White), Some(sq("c1")));
    assert_eq!(g.points(Color::White), 77);
    assert_eq!(g.number_at(sq("h2")), None);
    assert_eq!(g.number_at(sq("a1")), Some(38));
    assert!(format!("{g:?}").contains("WN"));
}

// ---------------------------------------------------------------------------------------
// Cross-checks against the naive generator, and the perft table.

#[test]
fn random_games_agree_with_the_naive_generator() {
    let mut rng = SmallRng::seed_from_u64(2026);
    for round in 0..60 {
        let setup = if round % 2 == 0 {
            data_setup()
        } else {
            KnightFightSetup::random(&mut rng)
        };
        let mut g = game_on(&setup, "");
        let mut naive = Naive::new(&setup);
        loop {
            assert_agree(&g, &naive);
            let moves = g.legal_moves();
            if moves.is_empty() {
                assert!(g.outcome().is_some());
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())].clone();
            g.play(&mv).unwrap();
            naive.play(&mv);
        }
    }
}

/// The perft table: `(depth, nodes)`.
fn perft_table() -> Vec<(u32, u64)> {
    include_str!("data/perft-knight-fight.txt")
        .lines()
        .filter(|line| {
            !line.starts_with('#') && !line.starts_with("setup") && !line.trim().is_empty()
        })
        .map(|line| {
            let (depth, nodes) = line.split_once(' ').unwrap();
            (depth.parse().unwrap(), nodes.trim().parse().unwrap())
        })
        .collect()
}

#[test]
fn perft_matches_the_table() {
    let table = perft_table();
    assert!(table.len() >= 6);
    let start = game_on(&data_setup(), "");
    for (depth, nodes) in table {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
}

#[test]
fn perft_agrees_with_the_naive_generator() {
    let setup = data_setup();
    let naive = Naive::new(&setup);
    let start = KnightFight::new(&setup);
    for (depth, nodes) in perft_table().into_iter().filter(|&(depth, _)| depth <= 6) {
        assert_eq!(naive.perft(depth), nodes, "depth {depth}");
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
}
