//! The project's list of balanced Reversi openings (`rules::ReversiOpening`, in
//! `crates/rules/src/reversi/openings.rs`), found by the engine.
//!
//! ```text
//! cargo run --release -p engine --example openings > /tmp/openings.txt
//! ```
//!
//! For each board size it draws random move sequences from the standard start (the empty
//! board: the first four moves fill the centre) with a generator seeded by [`SEED`] and
//! the size. Every sequence has 8 plies, so White, who moves first, is to move after it:
//! the centre, then two moves each. A sequence that meets a pass, or whose position was
//! already drawn (in any of the board's eight symmetries), is dropped, as is a position
//! with a single legal move (the engine plays it without a search, so gives no score).
//!
//! The engine rates each position at level 8 with fixed node budgets (so a run gives the
//! same list on any machine; under a minute for the three sizes): the evaluation is the
//! mean of its scores (`engine::Reply::score`, the mover's, in hundredths of a disc of
//! the final margin) at [`NODES`] nodes and at half as many. A position is kept when
//! its evaluation is within the size's margin of even ([`SIZES`]), until the size has
//! its number of openings.
//!
//! Why two searches: on 8x8 and 10x10 the score swings with the parity of the depth the
//! search reaches (a search that ends on the mover's ply rates the mover higher): on 8x8
//! the scores of searches of 1, 2 and 4 million nodes spread over 5 discs on average.
//! Against the mean of those three, on 50 positions of 8x8 and 24 of 10x10, one search of
//! 200,000 nodes was off by 2.3 and 0.8 discs on average, the mean of the two searches
//! by 1.5 and 0.3. The two take about 0.2 s a position on 8x8, 0.3 s on 10x10.
//!
//! The margins, either way: 1 disc on 6x6 (a small board, where two moves each often
//! decide much: about half of these positions are rated 8 discs or more from even),
//! 2 discs on 8x8, and 1 disc on 10x10, whose hand-made evaluation rates these early
//! positions closer to even than 8x8's learned one does (half of them within a disc).
//!
//! It prints the list's entries as Rust source, each with its evaluation in discs as a
//! comment, on standard output, and a summary per size on standard error.

use std::{collections::HashSet, sync::atomic::AtomicBool, time::Instant};

use engine::{Budget, Level, Request, best_move};
use rand::{SeedableRng, rngs::StdRng, seq::IndexedRandom};
use rules::{AnyGame, Cell, Color, Setup, Square, Variant};

/// Seeds the random sequences (xor the board's size); `StdRng` is rand 0.9's, so another
/// version of rand may draw other sequences.
const SEED: u64 = 2027;
/// The node budget of the larger of the two level-8 searches that rate a position.
const NODES: u64 = 200_000;
/// How many draws a size may take before the run gives up.
const MAX_DRAWS: u32 = 100_000;

/// The plies of an opening: the centre's four and two moves each.
const PLIES: usize = 8;

/// Each size: its variant, the margin (in discs, either way) and how many openings the
/// list gets.
const SIZES: [(Variant, u8, f64, usize); 3] = [
    (Variant::Reversi6x6, 6, 1.0, 8),
    (Variant::Reversi8x8, 8, 2.0, 24),
    (Variant::Reversi10x10, 10, 1.0, 12),
];

/// The board as one byte a square (0 empty, 1 White, 2 Black), read through `map`, which
/// takes a square's file and rank to those of the square it is read from.
fn key(game: &AnyGame, size: u8, map: impl Fn(u8, u8) -> (u8, u8)) -> Vec<u8> {
    let board = game.board();
    Square::all(size)
        .map(|square| {
            let (file, rank) = map(square.file(), square.rank());
            match Square::new(file, rank).and_then(|from| board.cell(from)) {
                Some(Cell::Disc {
                    color: Color::White,
                }) => 1,
                Some(Cell::Disc { .. }) => 2,
                _ => 0,
            }
        })
        .collect()
}

/// The smallest of the board's keys under its eight symmetries: equal for positions
/// that are rotations or reflections of each other.
fn canonical(game: &AnyGame, size: u8) -> Vec<u8> {
    let last = size - 1;
    (0..8)
        .map(|symmetry| {
            key(game, size, |file, rank| {
                let (file, rank) = if symmetry & 4 != 0 {
                    (rank, file)
                } else {
                    (file, rank)
                };
                let file = if symmetry & 1 != 0 { last - file } else { file };
                let rank = if symmetry & 2 != 0 { last - rank } else { rank };
                (file, rank)
            })
        })
        .min()
        .expect("eight symmetries")
}

/// A random sequence of [`PLIES`] moves from the standard start, or `None` when it meets
/// a pass or the game's end.
fn draw(variant: Variant, rng: &mut StdRng) -> Option<AnyGame> {
    let mut game = AnyGame::new(variant, Setup::Standard).expect("a Reversi start");
    for _ in 0..PLIES {
        let moves = game.legal_moves();
        let text = moves.choose(rng)?;
        if text == "pass" {
            return None;
        }
        game.play(text).expect("a legal move");
    }
    (game.to_move().is_some() && game.forced_pass().is_none()).then_some(game)
}

/// The evaluation of `game` for the side to move, in discs: the mean of the engine's
/// scores at [`NODES`] and at half as many, or `None` when it has a single move (and so
/// no score).
fn rate(game: &AnyGame) -> Option<f64> {
    let stop = AtomicBool::new(false);
    let score = |nodes| {
        let request = Request::new(Level::MAX, Budget::nodes(nodes), 0);
        best_move(game, &request, &stop)
            .expect("the game is on")
            .score
    };
    Some(f64::from(score(NODES)? + score(NODES / 2)?) / 200.0)
}

fn main() {
    for (variant, size, margin, wanted) in SIZES {
        let start = Instant::now();
        let mut rng = StdRng::seed_from_u64(SEED ^ u64::from(size));
        let mut seen = HashSet::new();
        let (mut draws, mut rated) = (0, 0);
        let mut kept = Vec::new();
        while kept.len() < wanted && draws < MAX_DRAWS {
            draws += 1;
            let Some(game) = draw(variant, &mut rng) else {
                continue;
            };
            if !seen.insert(canonical(&game, size)) {
                continue;
            }
            let Some(evaluation) = rate(&game) else {
                continue;
            };
            rated += 1;
            if evaluation.abs() <= margin {
                kept.push((game, evaluation));
            }
        }
        eprintln!(
            "{size}x{size}: {} openings from {draws} draws, {rated} positions rated, {:.1} s",
            kept.len(),
            start.elapsed().as_secs_f64()
        );
        println!("    // {size}x{size}: evaluations within ±{margin:.1} discs.");
        for (number, (game, evaluation)) in kept.iter().enumerate() {
            let moves: Vec<String> = game.moves().map(|text| format!("{text:?}")).collect();
            println!(
                "    opening(\"{size}x{size}-{:02}\", {size}, &[{}]), // {evaluation:+.2}",
                number + 1,
                moves.join(", "),
            );
        }
    }
}
