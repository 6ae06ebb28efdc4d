//! Reversi through the public API: the rules of RULES.md one by one, perft tables from
//! `tests/data/perft-reversi.txt`, and a deliberately naive second generator that
//! cross-checks the bitboard one.

use rand::{Rng, SeedableRng, rngs::SmallRng};
use rules::{
    AnyGame, BoardView, Cell, Color, EndReason, Game, GameResult, Outcome, PlayError, Reversi,
    ReversiMove, Scores, Square, Variant,
};

fn sq(text: &str) -> Square {
    text.parse().expect("a square in the test")
}

fn squares(texts: &str) -> Vec<Square> {
    texts.split_whitespace().map(sq).collect()
}

fn variant(size: u8) -> Variant {
    match size {
        6 => Variant::Reversi6x6,
        8 => Variant::Reversi8x8,
        _ => Variant::Reversi10x10,
    }
}

/// Replays space-separated moves on a fresh board of `size`.
fn replay(size: u8, moves: &str) -> (AnyGame, Reversi) {
    let game = AnyGame::replay(variant(size), None, moves.split_whitespace())
        .expect("the recorded game replays");
    let mut reversi = Reversi::new(size);
    for text in moves.split_whitespace() {
        reversi.play(text).expect("the recorded move is legal");
    }
    assert_eq!(game.board().cells, reversi.board().cells);
    (game, reversi)
}

// ---------------------------------------------------------------------------------------
// The opening phase.

#[test]
fn opening_phase_fills_the_centre_with_the_movers_discs_on_every_size() {
    for (size, centre) in [(6, "c3 d3 c4 d4"), (8, "d4 e4 d5 e5"), (10, "e5 f5 e6 f6")] {
        let centre = squares(centre);
        let mut game = AnyGame::new(variant(size), None).unwrap();
        let mut expected = BoardView::empty(size);
        // Fill in an order other than row-major: the last, first, third, second square.
        for (ply, index) in [3, 0, 2, 1].into_iter().enumerate() {
            let empty: Vec<String> = centre
                .iter()
                .filter(|square| expected.cell(**square) == Some(Cell::Empty))
                .map(ToString::to_string)
                .collect();
            assert_eq!(game.legal_moves(), empty, "{size}x{size} ply {ply}");
            let mover = [Color::White, Color::Black][ply % 2];
            assert_eq!(game.to_move(), Some(mover));
            // A square next to a centre disc is no move while the centre is not full.
            let outside = centre[0].offset(-1, -1, size).unwrap().to_string();
            assert!(matches!(game.play(&outside), Err(PlayError::Illegal(_))));
            game.play(&centre[index].to_string()).unwrap();
            expected.set(centre[index], Cell::Disc { color: mover });
            // The disc is the mover's and nothing else changed: nothing flips.
            assert_eq!(
                game.board().cells,
                expected.cells,
                "{size}x{size} ply {ply}"
            );
        }
        let after = game.legal_moves();
        assert!(!after.is_empty());
        assert!(
            after
                .iter()
                .all(|mv| !centre.iter().any(|c| c.to_string() == *mv))
        );
        assert_eq!(game.to_move(), Some(Color::White));
        assert_eq!(game.scores(), Some(Scores { white: 2, black: 2 }));
    }
}

// ---------------------------------------------------------------------------------------
// Flips.

#[test]
fn a_placement_flips_a_single_bracketed_disc() {
    let mut game = Reversi::standard(8);
    let before = game.board();
    game.play("d3").unwrap();
    let after = game.board();
    assert_eq!(
        after.cell(sq("d3")),
        Some(Cell::Disc {
            color: Color::Black
        })
    );
    assert_eq!(
        after.cell(sq("d4")),
        Some(Cell::Disc {
            color: Color::Black
        })
    );
    let changed: Vec<Square> = before
        .squares()
        .zip(after.squares())
        .filter(|(old, new)| old.1 != new.1)
        .map(|(old, _)| old.0)
        .collect();
    assert_eq!(changed, squares("d3 d4"));
    assert_eq!(game.scores(), Some(Scores { white: 1, black: 4 }));
    assert_eq!(game.to_move(), Color::White);
}

/// The position around `c3` used by the flip tests, White to move.
fn flip_position(white: &str, black: &str) -> Reversi {
    Reversi::from_discs(8, &squares(white), &squares(black), Color::White).unwrap()
}

/// The squares whose disc changed colour between two boards.
fn flipped(before: &BoardView, after: &BoardView) -> Vec<Square> {
    before
        .squares()
        .zip(after.squares())
        .filter(|(old, new)| matches!((old.1, new.1), (Cell::Disc { color: a }, Cell::Disc { color: b }) if a != b))
        .map(|(old, _)| old.0)
        .collect()
}

#[test]
fn a_placement_flips_every_closed_line_in_every_direction() {
    // White plays c3: north (c4 to c5), north-east (d4 e5 to f6), east (d3 e3 to f3) and
    // south-east (d2 to e1) are closed by White discs; west, south and north-west end at
    // the edge or an empty square.
    let mut game = flip_position("c5 f6 f3 e1 e4 d5", "c4 d4 e5 d3 e3 d2 b3 c2 b4");
    let before = game.board();
    game.play("c3").unwrap();
    let mut got = flipped(&before, &game.board());
    got.sort();
    let mut want = squares("c4 d4 e5 d3 e3 d2");
    want.sort();
    assert_eq!(got, want);
    assert_eq!(
        game.scores(),
        Some(Scores {
            white: 6 + 1 + 6,
            black: 3
        })
    );
}

#[test]
fn lines_that_are_not_closed_are_not_flipped() {
    // White plays c3. Closed: north-east d4 to e5. Not closed: east d3 e3 then an empty
    // f3 (a White disc on g3 beyond the gap does not count); north c4..c8 runs into the
    // edge; west b3 a3 runs into the edge.
    let mut game = flip_position("e5 e4 d5 g3", "d4 d3 e3 c4 c5 c6 c7 c8 b3 a3");
    let before = game.board();
    game.play("c3").unwrap();
    assert_eq!(flipped(&before, &game.board()), squares("d4"));
    // With e5 Black and f6 empty the line runs into an empty square: the same placement flips nothing and is illegal.
    let mut game = flip_position("e4 d5 g3", "d4 d3 e3 c4 c5 c6 c7 c8 b3 a3 e5");
    assert!(!game.legal_moves().contains(&ReversiMove::Place(sq("c3"))));
    assert_eq!(game.play("c3"), Err(PlayError::Illegal("c3".to_owned())));
}

// ---------------------------------------------------------------------------------------
// Passes and the end of the game (records found by random play from the empty board).

/// 8x8: after these moves Black has no placement while White has one.
const PASS_8X8: &str = "e5 d5 d4 e4 f4 f3 c5 g4 h4 h5 g2 h3";

#[test]
fn a_player_without_a_placement_must_pass() {
    let (game, reversi) = replay(8, PASS_8X8);
    assert_eq!(game.legal_moves(), ["pass"]);
    assert_eq!(game.forced_pass(), Some("pass"));
    assert!(reversi.must_pass());
    assert_eq!(reversi.legal_moves(), [ReversiMove::Pass]);
    assert_eq!(game.to_move(), Some(Color::White));
    assert_eq!(game.outcome(), None);
    // Before the last move nobody had to pass.
    let earlier: Vec<&str> = PASS_8X8.split_whitespace().collect();
    let (game, reversi) = replay(8, &earlier[..earlier.len() - 1].join(" "));
    assert_eq!(game.forced_pass(), None);
    assert!(!reversi.must_pass());
    // A placement is refused while a pass is forced.
    let (mut game, _) = replay(8, PASS_8X8);
    for text in ["a1", "h8", "c4"] {
        assert_eq!(game.play(text), Err(PlayError::Illegal(text.to_owned())));
    }
}

#[test]
fn a_pass_counts_as_a_ply_and_changes_nothing_else() {
    let (mut game, _) = replay(8, PASS_8X8);
    let board = game.board();
    assert_eq!(game.ply(), 12);
    assert_eq!(game.play("pass"), Ok("pass".to_owned()));
    assert_eq!(game.ply(), 13);
    assert_eq!(game.record().len(), 13);
    assert_eq!(game.moves().last(), Some("pass"));
    assert_eq!(game.board().cells, board.cells);
    assert!(game.board().last_move.is_empty());
    assert_eq!(game.to_move(), Some(Color::Black));
    let moves = game.legal_moves();
    assert!(!moves.is_empty() && !moves.contains(&"pass".to_owned()));
}

#[test]
fn the_game_ends_at_once_when_neither_side_can_move() {
    // 8x8: after the 11th move neither side has a placement; 53 squares stay empty.
    let record = "e4 d4 e5 d5 c4 d3 c2 f5 e6 f4 g4";
    let (mut game, reversi) = replay(8, record);
    let scores = game.scores().unwrap();
    assert_eq!(scores.white + scores.black, 11);
    assert_ne!(scores.white, scores.black);
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            result: scores.result(),
            reason: EndReason::NoMoves
        })
    );
    assert_eq!(game.outcome().unwrap().result, GameResult::WhiteWins);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.forced_pass(), None);
    assert!(!reversi.must_pass());
    assert_eq!(game.to_move(), None);
    // No pass was recorded: the record is the eleven placements.
    assert_eq!(game.ply(), 11);
    assert_eq!(game.moves().collect::<Vec<_>>().join(" "), record);
    assert_eq!(game.play("pass"), Err(PlayError::GameOver));
    assert_eq!(game.play("a1"), Err(PlayError::GameOver));
}

#[test]
fn the_game_ends_when_the_board_is_full() {
    // 6x6, with one forced pass (ply 35) on the way.
    let record = "c4 d4 d3 c3 c2 b4 c5 b2 d5 e4 e3 d6 f4 f2 e2 c1 b1 e6 a2 a3 d1 d2 b6 b5 a1 \
                  f5 a4 a5 e5 f3 b3 a6 e1 f1 c6 pass f6";
    let (game, _) = replay(6, record);
    let scores = game.scores().unwrap();
    assert_eq!(scores.white + scores.black, 36);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::BoardFull);
    assert_eq!(outcome.result, scores.result());
    assert_ne!(outcome.result, GameResult::Draw);
    assert_eq!(game.ply(), 37);
    assert_eq!(game.moves().filter(|mv| *mv == "pass").count(), 1);
    assert!(game.legal_moves().is_empty());
}

#[test]
fn equal_disc_counts_draw() {
    // 6x6 full board, 18 discs each.
    let full = "d3 c4 d4 c3 b3 a2 b4 e3 d2 d5 a3 c5 c6 b2 e6 d1 e2 f3 f2 b5 c2 e5 e4 c1 b1 f5 \
                a1 f4 e1 f1 a5 a4 f6 a6 d6 b6";
    let (game, _) = replay(6, full);
    assert_eq!(
        game.scores(),
        Some(Scores {
            white: 18,
            black: 18
        })
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            result: GameResult::Draw,
            reason: EndReason::BoardFull
        })
    );
    // 6x6 with two squares left that neither side can take, 17 discs each.
    let stuck = "c4 c3 d3 d4 d5 c5 b4 a3 b5 c6 b3 a4 b6 e4 d6 e6 e5 a2 f6 a6 b2 c2 b1 a1 e2 \
                 f1 f3 f4 f5 a5 e3 d1 e1 c1";
    let (game, _) = replay(6, stuck);
    assert_eq!(
        game.scores(),
        Some(Scores {
            white: 17,
            black: 17
        })
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            result: GameResult::Draw,
            reason: EndReason::NoMoves
        })
    );
}

// ---------------------------------------------------------------------------------------
// Move text and errors.

#[test]
fn move_text_errors_have_the_right_kind() {
    let mut game = AnyGame::new(Variant::Reversi8x8, None).unwrap();
    for text in [
        "z9", "i1", "a9", "j10", "a0", "", "d", "D4", "d4 ", "PASS", "pass d4",
    ] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Malformed(text.to_owned())),
            "{text:?}"
        );
    }
    // Well-formed but not legal here.
    for text in ["pass", "a1", "c3"] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Illegal(text.to_owned())),
            "{text:?}"
        );
    }
    assert_eq!(game.ply(), 0);
    game.play("d4").unwrap();
    assert_eq!(game.play("d4"), Err(PlayError::Illegal("d4".to_owned())));
    // j10 is a square of the 10x10 board, i1 of the 10x10 one too.
    let ten = Reversi::new(10);
    assert_eq!(ten.parse_move("j10"), Ok(ReversiMove::Place(sq("j10"))));
    assert_eq!(
        ten.parse_move("k1"),
        Err(PlayError::Malformed("k1".to_owned()))
    );
    let six = Reversi::new(6);
    assert_eq!(
        six.parse_move("g1"),
        Err(PlayError::Malformed("g1".to_owned()))
    );
    assert_eq!(six.parse_move("pass"), Ok(ReversiMove::Pass));
}

#[test]
fn moves_have_canonical_text_and_mark_the_placed_square() {
    let game = Reversi::standard(8);
    let texts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|mv| game.move_text(mv))
        .collect();
    assert_eq!(texts, ["d3", "c4", "f5", "e6"]);
    assert_eq!(game.move_text(&ReversiMove::Pass), "pass");
    assert_eq!(game.move_squares(&ReversiMove::Place(sq("d3"))), [sq("d3")]);
    assert!(game.move_squares(&ReversiMove::Pass).is_empty());
    let mut any = AnyGame::new(Variant::Reversi6x6, None).unwrap();
    any.play("c3").unwrap();
    assert_eq!(any.board().last_move, [sq("c3")]);
}

#[test]
fn debug_draws_the_board() {
    let drawn = format!("{:?}", Reversi::standard(8));
    let lines: Vec<&str> = drawn.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<String>(), "abcdefgh");
    assert_eq!(
        lines[1].split_whitespace().collect::<String>(),
        "8........8"
    );
    assert_eq!(
        lines[4].split_whitespace().collect::<String>(),
        "5...BW...5"
    );
    assert_eq!(
        lines[5].split_whitespace().collect::<String>(),
        "4...WB...4"
    );
    assert!(drawn.ends_with("black to move, ply 0"));
}

#[test]
fn from_discs_rejects_bad_positions() {
    assert!(Reversi::from_discs(7, &[], &[], Color::White).is_none());
    assert!(Reversi::from_discs(8, &squares("i1"), &[], Color::White).is_none());
    assert!(Reversi::from_discs(8, &squares("d4"), &squares("d4"), Color::White).is_none());
    let game = Reversi::from_discs(6, &squares("c3 d4"), &squares("d3 c4"), Color::Black);
    assert_eq!(game, Some(Reversi::standard(6)));
}

#[test]
#[should_panic(expected = "6x6, 8x8 or 10x10")]
fn other_sizes_panic() {
    let _ = Reversi::new(12);
}

// ---------------------------------------------------------------------------------------
// Perft tables.

/// `(start, depth, leaves)` rows of the data file.
fn perft_table() -> Vec<(String, u32, u64)> {
    include_str!("data/perft-reversi.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [start, depth, leaves] = fields[..] else {
                panic!("bad perft line {line:?}");
            };
            (
                start.to_owned(),
                depth.parse().unwrap(),
                leaves.parse().unwrap(),
            )
        })
        .collect()
}

fn start_position(start: &str) -> Reversi {
    match start {
        "standard-8x8" => Reversi::standard(8),
        "empty-6x6" => Reversi::new(6),
        "empty-8x8" => Reversi::new(8),
        "empty-10x10" => Reversi::new(10),
        _ => panic!("unknown start {start:?}"),
    }
}

#[test]
fn perft_matches_the_data_file() {
    let table = perft_table();
    assert!(table.contains(&("standard-8x8".to_owned(), 8, 390_216)));
    for start in ["empty-6x6", "empty-8x8", "empty-10x10"] {
        assert!(
            table.iter().any(|row| row.0 == start && row.1 >= 9),
            "{start}"
        );
    }
    for (start, depth, leaves) in table {
        assert_eq!(
            start_position(&start).perft(depth),
            leaves,
            "{start} depth {depth}"
        );
    }
}

#[test]
fn perft_through_any_game_matches_the_data_file() {
    for (start, depth, leaves) in perft_table() {
        let Some(size) = start.strip_prefix("empty-").map(|s| s.as_bytes()[0]) else {
            continue;
        };
        let size = if size == b'1' { 10 } else { size - b'0' };
        if depth <= 8 {
            let game = AnyGame::new(variant(size), None).unwrap();
            assert_eq!(game.perft(depth), leaves, "{start} depth {depth}");
        }
    }
}

/// Counts with the trait's default perft: clone and `play_unchecked` over `legal_moves`.
#[derive(Debug, Clone)]
struct Slow(Reversi);

impl Game for Slow {
    type Move = ReversiMove;
    fn to_move(&self) -> Color {
        self.0.to_move()
    }
    fn ply(&self) -> u32 {
        self.0.ply()
    }
    fn legal_moves(&self) -> Vec<ReversiMove> {
        self.0.legal_moves()
    }
    fn play_unchecked(&mut self, mv: &ReversiMove) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn parse_move(&self, text: &str) -> Result<ReversiMove, PlayError> {
        self.0.parse_move(text)
    }
    fn move_text(&self, mv: &ReversiMove) -> String {
        self.0.move_text(mv)
    }
    fn move_squares(&self, mv: &ReversiMove) -> Vec<Square> {
        self.0.move_squares(mv)
    }
    fn board(&self) -> BoardView {
        self.0.board()
    }
}

#[test]
fn fast_perft_agrees_with_the_trait_default() {
    for (game, depth) in [
        (Reversi::standard(8), 6),
        (Reversi::standard(6), 7),
        (Reversi::standard(10), 5),
        (Reversi::new(6), 9),
        (Reversi::new(8), 8),
        (Reversi::new(10), 8),
    ] {
        for depth in 0..=depth {
            assert_eq!(
                game.perft(depth),
                Slow(game.clone()).perft(depth),
                "{game:?} {depth}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// A deliberately naive second generator: a vector of cells, every square and direction
// scanned one step at a time, nothing shared with the bitboard code.

#[derive(Debug, Clone, PartialEq)]
struct Naive {
    size: i32,
    cells: Vec<Option<Color>>,
    to_move: Color,
}

#[derive(Debug, Clone, PartialEq)]
enum NaiveMoves {
    Place(Vec<usize>),
    Pass,
    Over(EndReason),
}

const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Naive {
    fn new(size: u8) -> Naive {
        let size = i32::from(size);
        Naive {
            size,
            cells: vec![None; (size * size) as usize],
            to_move: Color::White,
        }
    }

    fn standard(size: u8) -> Naive {
        let mut naive = Naive::new(size);
        let low = naive.size / 2 - 1;
        for (file, rank, color) in [
            (low, low, Color::White),
            (low + 1, low + 1, Color::White),
            (low, low + 1, Color::Black),
            (low + 1, low, Color::Black),
        ] {
            let index = naive.index(file, rank).unwrap();
            naive.cells[index] = Some(color);
        }
        naive.to_move = Color::Black;
        naive
    }

    fn index(&self, file: i32, rank: i32) -> Option<usize> {
        (0..self.size)
            .contains(&file)
            .then_some(())
            .filter(|()| (0..self.size).contains(&rank))
            .map(|()| (rank * self.size + file) as usize)
    }

    fn centre(&self) -> Vec<usize> {
        let low = self.size / 2 - 1;
        vec![
            self.index(low, low).unwrap(),
            self.index(low + 1, low).unwrap(),
            self.index(low, low + 1).unwrap(),
            self.index(low + 1, low + 1).unwrap(),
        ]
    }

    fn in_opening(&self) -> bool {
        self.centre()
            .iter()
            .any(|&index| self.cells[index].is_none())
    }

    fn flips(&self, index: usize, color: Color) -> Vec<usize> {
        let (file, rank) = (index as i32 % self.size, index as i32 / self.size);
        let mut all = Vec::new();
        for (df, dr) in DIRECTIONS {
            let mut line = Vec::new();
            let (mut f, mut r) = (file + df, rank + dr);
            while let Some(at) = self.index(f, r) {
                match self.cells[at] {
                    Some(c) if c != color => line.push(at),
                    Some(_) => {
                        all.extend(line);
                        break;
                    }
                    None => break,
                }
                f += df;
                r += dr;
            }
        }
        all
    }

    fn placements(&self, color: Color) -> Vec<usize> {
        if self.in_opening() {
            let mut open: Vec<usize> = self
                .centre()
                .into_iter()
                .filter(|&i| self.cells[i].is_none())
                .collect();
            open.sort_unstable();
            return open;
        }
        (0..self.cells.len())
            .filter(|&i| self.cells[i].is_none() && !self.flips(i, color).is_empty())
            .collect()
    }

    fn moves(&self) -> NaiveMoves {
        if self.cells.iter().all(Option::is_some) {
            return NaiveMoves::Over(EndReason::BoardFull);
        }
        let mine = self.placements(self.to_move);
        if !mine.is_empty() {
            NaiveMoves::Place(mine)
        } else if !self.placements(!self.to_move).is_empty() {
            NaiveMoves::Pass
        } else {
            NaiveMoves::Over(EndReason::NoMoves)
        }
    }

    fn play(&mut self, placement: Option<usize>) {
        if let Some(index) = placement {
            for flip in self.flips(index, self.to_move) {
                self.cells[flip] = Some(self.to_move);
            }
            self.cells[index] = Some(self.to_move);
        }
        self.to_move = !self.to_move;
    }

    /// Plain perft, no bulk counting: a pass is a ply, a finished game a leaf.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children: Vec<Option<usize>> = match self.moves() {
            NaiveMoves::Over(_) => return 1,
            NaiveMoves::Pass => vec![None],
            NaiveMoves::Place(list) => list.into_iter().map(Some).collect(),
        };
        children
            .into_iter()
            .map(|placement| {
                let mut next = self.clone();
                next.play(placement);
                next.perft(depth - 1)
            })
            .sum()
    }

    fn count(&self, color: Color) -> u32 {
        self.cells
            .iter()
            .filter(|cell| **cell == Some(color))
            .count() as u32
    }

    fn square(&self, index: usize) -> Square {
        Square::from_index(index, self.size as u8).unwrap()
    }
}

#[test]
fn naive_generator_agrees_on_perft_from_the_empty_board() {
    for (size, depth) in [(6, 9), (8, 8), (10, 8)] {
        let naive = Naive::new(size);
        let fast = Reversi::new(size);
        for depth in 1..=depth {
            assert_eq!(
                fast.perft(depth),
                naive.perft(depth),
                "{size}x{size} depth {depth}"
            );
        }
    }
}

#[test]
fn naive_generator_agrees_on_perft_from_the_standard_start() {
    for (size, depth) in [(6, 7), (8, 6), (10, 5)] {
        let naive = Naive::standard(size);
        let fast = Reversi::standard(size);
        for depth in 1..=depth {
            assert_eq!(
                fast.perft(depth),
                naive.perft(depth),
                "{size}x{size} depth {depth}"
            );
        }
    }
}

#[test]
fn random_games_agree_with_the_naive_generator_move_by_move() {
    let mut rng = SmallRng::seed_from_u64(20_261_130);
    for size in [6, 8, 10] {
        for _ in 0..20 {
            let mut naive = Naive::new(size);
            let mut game = AnyGame::new(variant(size), None).unwrap();
            loop {
                let expected: Vec<String> = match naive.moves() {
                    NaiveMoves::Place(list) => {
                        list.iter().map(|&i| naive.square(i).to_string()).collect()
                    }
                    NaiveMoves::Pass => vec!["pass".to_owned()],
                    NaiveMoves::Over(reason) => {
                        let scores = Scores {
                            white: naive.count(Color::White),
                            black: naive.count(Color::Black),
                        };
                        assert_eq!(game.scores(), Some(scores));
                        assert_eq!(
                            game.outcome(),
                            Some(Outcome {
                                result: scores.result(),
                                reason
                            })
                        );
                        assert!(game.legal_moves().is_empty());
                        break;
                    }
                };
                assert_eq!(game.legal_moves(), expected, "{game:?}");
                assert_eq!(game.forced_pass().is_some(), expected == ["pass"]);
                assert_eq!(game.to_move(), Some(naive.to_move));
                let choice = &expected[rng.random_range(0..expected.len())];
                game.play(choice).unwrap();
                naive.play(choice.parse::<Square>().ok().map(|s| s.index(size)));
                let cells: Vec<Cell> = naive
                    .cells
                    .iter()
                    .map(|cell| cell.map_or(Cell::Empty, |color| Cell::Disc { color }))
                    .collect();
                assert_eq!(game.board().cells, cells);
            }
        }
    }
}
