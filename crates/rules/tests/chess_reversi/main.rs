//! Chess Reversi: every numbered rule of `RULES.md`, the scoring, the notation, and a perft
//! table cross-checked against a deliberately naive second move generator.

mod naive;
mod numbered_rules;
mod scoring;

use rules::{AnyGame, Square, Variant};

/// A game after the moves in `record` (space-separated), each checked as it is played.
fn game(record: &str) -> AnyGame {
    AnyGame::replay(Variant::ChessReversi, None, record.split_whitespace())
        .unwrap_or_else(|error| panic!("{record}: {error}"))
}

/// `text` as a square.
fn sq(text: &str) -> Square {
    text.parse().unwrap()
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
