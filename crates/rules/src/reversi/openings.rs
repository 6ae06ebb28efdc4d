//! The project's own list of balanced Reversi openings: for each board size, a few moves
//! from the standard start after which the position is close to even, so that a game or
//! a match can start from varied but fair positions.
//!
//! The list was made by the engine crate's example `openings` (`cargo run --release -p
//! engine --example openings`), which prints the entries below; it took 38 seconds. Its
//! random move sequences come from rand 0.9's `StdRng` seeded with 2027 xor the board's
//! size. Every opening has 8 plies: the four that fill the centre, then two moves each,
//! so White, who moves first, is to move after it. No sequence meets a pass, and no two
//! end in the same position, even turned or mirrored. The engine rated each final
//! position at level 8: its evaluation is the mean of the search's scores for the side
//! to move at 200,000 and at 100,000 nodes (two searches, as the score swings with the
//! parity of the depth reached). A position was kept when its evaluation was within the
//! size's margin of even: 1 disc on 6x6, 2 discs on 8x8, 1 disc on 10x10. The evaluation
//! of each opening, in discs for White, is the comment on its line.
//!
//! These are the engine's judgements at a few tenths of a second a position, not solved
//! values. Deeper searches (the mean of three, of 1, 2 and 4 million nodes) rate 15 of
//! the 24 8x8 openings within 2 discs of even and the farthest 4.1 discs from it; 6 of the
//! 8 6x6 ones within 2 (the farthest 3.4); all 12 10x10 ones within 1.9.

/// A balanced opening of Reversi from the project's list: a few moves from the standard
/// start after which the position is close to even.
///
/// ```
/// use rules::{AnyGame, ReversiOpening, Setup, Variant};
///
/// let opening = ReversiOpening::named("8x8-07").unwrap();
/// assert_eq!(opening.size, 8);
/// let game = AnyGame::replay(Variant::Reversi8x8, Setup::Standard, opening.moves).unwrap();
/// assert_eq!(game.ply(), 8);
/// assert_eq!(ReversiOpening::of_size(6).count(), 8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReversiOpening {
    /// Its name: the board size and a number, such as `8x8-07`.
    pub name: &'static str,
    /// The board's size (6, 8 or 10).
    pub size: u8,
    /// Its moves from the standard start, in canonical text (`d3`, ...).
    pub moves: &'static [&'static str],
}

impl ReversiOpening {
    /// The openings of boards of `size`, in list order.
    pub fn of_size(size: u8) -> impl Iterator<Item = &'static ReversiOpening> {
        OPENINGS.iter().filter(move |opening| opening.size == size)
    }

    /// The opening named `name`, if the list has it.
    #[must_use]
    pub fn named(name: &str) -> Option<&'static ReversiOpening> {
        OPENINGS.iter().find(|opening| opening.name == name)
    }
}

const fn opening(name: &'static str, size: u8, moves: &'static [&'static str]) -> ReversiOpening {
    ReversiOpening { name, size, moves }
}

/// The list, as the `openings` example printed it: by size, then by number.
#[rustfmt::skip] // one opening a line, its evaluation beside it
static OPENINGS: [ReversiOpening; 44] = [
    // 6x6: evaluations within ±1.0 discs.
    opening("6x6-01", 6, &["d3", "c3", "d4", "c4", "b5", "e5", "e4", "e3"]), // +0.20
    opening("6x6-02", 6, &["c3", "c4", "d3", "d4", "c5", "b4", "a5", "b6"]), // +0.03
    opening("6x6-03", 6, &["c3", "d4", "d3", "c4", "b5", "b2", "b3", "b4"]), // -0.12
    opening("6x6-04", 6, &["c3", "c4", "d3", "d4", "c5", "b4", "d5", "c6"]), // -0.70
    opening("6x6-05", 6, &["c3", "d4", "c4", "d3", "e4", "d5", "e3", "b4"]), // +0.33
    opening("6x6-06", 6, &["c4", "d4", "d3", "c3", "b3", "d2", "e3", "f4"]), // +0.57
    opening("6x6-07", 6, &["d4", "d3", "c3", "c4", "b4", "d5", "e6", "d6"]), // +0.38
    opening("6x6-08", 6, &["c4", "d4", "c3", "d3", "e2", "b2", "d5", "e3"]), // +0.47
    // 8x8: evaluations within ±2.0 discs.
    opening("8x8-01", 8, &["e4", "d5", "d4", "e5", "e6", "d3", "c2", "f3"]), // -0.12
    opening("8x8-02", 8, &["e5", "d5", "e4", "d4", "c5", "d6", "c3", "d3"]), // +1.11
    opening("8x8-03", 8, &["e4", "e5", "d5", "d4", "d3", "c5", "e6", "f7"]), // +0.27
    opening("8x8-04", 8, &["e5", "d5", "d4", "e4", "c5", "c6", "e3", "d3"]), // +1.97
    opening("8x8-05", 8, &["d4", "d5", "e5", "e4", "e3", "f5", "e6", "d3"]), // -0.32
    opening("8x8-06", 8, &["d5", "e5", "d4", "e4", "f3", "e3", "f5", "c5"]), // -0.27
    opening("8x8-07", 8, &["d5", "d4", "e5", "e4", "d3", "c4", "f5", "f4"]), // +1.47
    opening("8x8-08", 8, &["d5", "e4", "e5", "d4", "e3", "f4", "g5", "f6"]), // -0.80
    opening("8x8-09", 8, &["d4", "e5", "e4", "d5", "c6", "e3", "f6", "c5"]), // +1.19
    opening("8x8-10", 8, &["e5", "d5", "d4", "e4", "d6", "c4", "c3", "e6"]), // -1.42
    opening("8x8-11", 8, &["d5", "e5", "d4", "e4", "f4", "e3", "f6", "c6"]), // +0.81
    opening("8x8-12", 8, &["d5", "e4", "d4", "e5", "f4", "g3", "f5", "f6"]), // -0.08
    opening("8x8-13", 8, &["e4", "d4", "d5", "e5", "f5", "f6", "d3", "c5"]), // +0.49
    opening("8x8-14", 8, &["d4", "e5", "e4", "d5", "d6", "c5", "b6", "b5"]), // -1.95
    opening("8x8-15", 8, &["d4", "e4", "e5", "d5", "c5", "e6", "f7", "c6"]), // -0.50
    opening("8x8-16", 8, &["e4", "d5", "e5", "d4", "c3", "d3", "c2", "f5"]), // -1.25
    opening("8x8-17", 8, &["d4", "e4", "e5", "d5", "f4", "f5", "f6", "f3"]), // +1.31
    opening("8x8-18", 8, &["e5", "d4", "d5", "e4", "f3", "d6", "c7", "f5"]), // -1.39
    opening("8x8-19", 8, &["e4", "e5", "d4", "d5", "f6", "f5", "g6", "g5"]), // -0.50
    opening("8x8-20", 8, &["d4", "e4", "e5", "d5", "f4", "f5", "d6", "f3"]), // -1.75
    opening("8x8-21", 8, &["e5", "d5", "d4", "e4", "d6", "c6", "e3", "f5"]), // +1.76
    opening("8x8-22", 8, &["d4", "d5", "e4", "e5", "d6", "e3", "f5", "c5"]), // -1.76
    opening("8x8-23", 8, &["e5", "d5", "e4", "d4", "c6", "f6", "f5", "f4"]), // +1.15
    opening("8x8-24", 8, &["d4", "e4", "d5", "e5", "f5", "e6", "f3", "g5"]), // +0.72
    // 10x10: evaluations within ±1.0 discs.
    opening("10x10-01", 10, &["f6", "f5", "e5", "e6", "d6", "d5", "g4", "c7"]), // -0.28
    opening("10x10-02", 10, &["f5", "f6", "e5", "e6", "g7", "g6", "g5", "h4"]), // +0.85
    opening("10x10-03", 10, &["e6", "f5", "e5", "f6", "g4", "d4", "g6", "g7"]), // +0.97
    opening("10x10-04", 10, &["f6", "e5", "e6", "f5", "d4", "d7", "g5", "e4"]), // +0.42
    opening("10x10-05", 10, &["f5", "e5", "e6", "f6", "g6", "g7", "g8", "h8"]), // +0.85
    opening("10x10-06", 10, &["e6", "f5", "f6", "e5", "g4", "g5", "g6", "d7"]), // +0.55
    opening("10x10-07", 10, &["e6", "e5", "f6", "f5", "g4", "e7", "d4", "e4"]), // +0.00
    opening("10x10-08", 10, &["f6", "f5", "e5", "e6", "d6", "d7", "e7", "d5"]), // +0.65
    opening("10x10-09", 10, &["f5", "e6", "f6", "e5", "d5", "e4", "d3", "e3"]), // +0.40
    opening("10x10-10", 10, &["f6", "e6", "e5", "f5", "g5", "e4", "d4", "c4"]), // +1.00
    opening("10x10-11", 10, &["f5", "f6", "e5", "e6", "g7", "g4", "d6", "d7"]), // +0.97
    opening("10x10-12", 10, &["e5", "f6", "e6", "f5", "g7", "f7", "g4", "d6"]), // -0.75
];
