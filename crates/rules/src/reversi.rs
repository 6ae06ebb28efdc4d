//! Reversi on 6x6, 8x8 and 10x10 boards, on bitboards.
//!
//! One implementation serves every size: the move generator, the flips and perft are
//! generic over a [`Layout`] (the board's width and the machine word that holds it:
//! `u64` up to 8x8, `u128` for 10x10) and monomorphised per size. A position keeps its
//! discs widened to `u128` and narrows them to the size's word for the hot paths.
//!
//! Square `a1` is bit 0, `b1` bit 1, and so on row by row ([`Square::index`]).

use std::{
    fmt,
    ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr},
};

mod eight;
mod openings;

pub use openings::ReversiOpening;

use crate::saved::{Fields, RestoreError, Saved, color_field};
use crate::{
    BoardView, Cell, Color, EndReason, Game, GameResult, Input, Outcome, Pick, PlayError, Scores,
    SetupError, Square, Step, StepKind,
};

/// A move in Reversi: a disc placed on a square, or a forced pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReversiMove {
    /// Places a disc of the mover's colour on the square (text: the square, `d3`).
    Place(Square),
    /// The mover has no placement while the opponent has one (text: `pass`).
    Pass,
}

/// A Reversi position on a 6x6, 8x8 or 10x10 board.
///
/// ```
/// use rules::{Color, Game, Reversi};
///
/// let mut game = Reversi::standard(8);
/// assert_eq!(game.to_move(), Color::Black);
/// assert_eq!(game.perft(3), 56);
/// game.play("d3").unwrap();
/// assert_eq!(game.scores().unwrap().black, 4);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Reversi {
    size: u8,
    white: u128,
    black: u128,
    to_move: Color,
    ply: u32,
}

/// What the side to move may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// Placements on these squares (a non-empty mask).
    Place(u128),
    /// Only a pass.
    Pass,
    /// The game is over for this reason.
    Over(EndReason),
}

impl Reversi {
    /// A new game from the empty board: the first four moves (White, Black, White, Black)
    /// fill the four centre squares.
    ///
    /// # Panics
    ///
    /// When `size` is not 6, 8 or 10.
    #[must_use]
    pub fn new(size: u8) -> Reversi {
        assert!(
            matches!(size, 6 | 8 | 10),
            "reversi is played on 6x6, 8x8 or 10x10 boards, not {size}x{size}"
        );
        Reversi {
            size,
            white: 0,
            black: 0,
            to_move: Color::White,
            ply: 0,
        }
    }

    /// The position after `opening`, a chosen start: its moves played from the empty
    /// board, its ply count starting again at 0 (the game's record begins after it).
    ///
    /// # Errors
    ///
    /// [`SetupError::Invalid`] when the opening does not replay on its board.
    pub fn after_opening(opening: &ReversiOpening) -> Result<Reversi, SetupError> {
        if !matches!(opening.size, 6 | 8 | 10) {
            return Err(SetupError::Invalid("no reversi board of that size"));
        }
        let mut game = Reversi::new(opening.size);
        for text in opening.moves {
            game.play(text)
                .map_err(|_| SetupError::Invalid("the opening does not replay"))?;
        }
        game.ply = 0;
        Ok(game)
    }

    /// The classic start, for classic perft: the centre already filled diagonally (on 8x8
    /// White on `d4` and `e5`, Black on `d5` and `e4`; centred likewise on the other
    /// sizes) with Black to move.
    ///
    /// # Panics
    ///
    /// When `size` is not 6, 8 or 10.
    #[must_use]
    pub fn standard(size: u8) -> Reversi {
        let mut game = Reversi::new(size);
        let low = size / 2 - 1;
        let bit = |file: u8, rank: u8| {
            1u128 << (usize::from(rank) * usize::from(size) + usize::from(file))
        };
        game.white = bit(low, low) | bit(low + 1, low + 1);
        game.black = bit(low, low + 1) | bit(low + 1, low);
        game.to_move = Color::Black;
        game
    }

    /// A position with the given discs and side to move, its ply count starting at 0.
    /// While a centre square is empty the opening phase rules apply (placements on the
    /// empty centre squares only).
    ///
    /// Returns `None` when `size` is not 6, 8 or 10, a square lies off the board, or a
    /// square is listed twice.
    #[must_use]
    pub fn from_discs(
        size: u8,
        white: &[Square],
        black: &[Square],
        to_move: Color,
    ) -> Option<Reversi> {
        if !matches!(size, 6 | 8 | 10) {
            return None;
        }
        let mut game = Reversi::new(size);
        for (squares, color) in [(white, Color::White), (black, Color::Black)] {
            for square in squares {
                if !square.on_board(size) {
                    return None;
                }
                let bit = 1u128 << square.index(size);
                if (game.white | game.black) & bit != 0 {
                    return None;
                }
                match color {
                    Color::White => game.white |= bit,
                    Color::Black => game.black |= bit,
                }
            }
        }
        game.to_move = to_move;
        Some(game)
    }

    /// The board's width (and height): 6, 8 or 10.
    #[must_use]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Perft with the generic kernels every size shares, bypassing the 8x8 board's own
    /// (on the other sizes the same as [`Game::perft`]): the baseline the perft example
    /// and the Reversi bench measure the 8x8 kernels against in the same run. Not meant
    /// for anything else.
    #[doc(hidden)]
    #[must_use]
    pub fn generic_perft(&self, depth: u32) -> u64 {
        let (me, opp) = self.sides();
        match self.size {
            6 => perft::<Six>(me as u64, opp as u64, depth, perft_placing::<Six>),
            8 => perft::<Eight>(me as u64, opp as u64, depth, perft_placing::<Eight>),
            _ => perft::<Ten>(me, opp, depth, perft_placing::<Ten>),
        }
    }

    /// Perft with the 8x8 board's kernels of a build for the architecture's baseline
    /// (SSE2 on `x86_64`), whatever this build's target features (on the other sizes the
    /// same as [`Game::perft`]): the same-run baseline the perft example and the Reversi
    /// bench measure wider kernels (AVX2 in a build for a processor that has it)
    /// against. In a baseline build the same as [`Game::perft`]. Not meant for anything
    /// else.
    #[doc(hidden)]
    #[must_use]
    pub fn baseline_perft(&self, depth: u32) -> u64 {
        let (me, opp) = self.sides();
        match self.size {
            8 => perft::<Eight>(me as u64, opp as u64, depth, eight::baseline_perft),
            _ => self.perft(depth),
        }
    }

    /// Whether the only legal move is `pass` (the server plays it at once).
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.status() == Status::Pass
    }

    /// The disc on `square`, if any (`None` also off the board).
    #[must_use]
    pub fn disc(&self, square: Square) -> Option<Color> {
        if !square.on_board(self.size) {
            return None;
        }
        let bit = 1u128 << square.index(self.size);
        if self.white & bit != 0 {
            Some(Color::White)
        } else if self.black & bit != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The mover's and the opponent's discs.
    fn sides(&self) -> (u128, u128) {
        match self.to_move {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        }
    }

    fn status(&self) -> Status {
        let (me, opp) = self.sides();
        let occupied = me | opp;
        let centre = centre_mask(u32::from(self.size));
        if occupied & centre != centre {
            return Status::Place(centre & !occupied);
        }
        if occupied == full_mask(u32::from(self.size)) {
            return Status::Over(EndReason::BoardFull);
        }
        let moves = moves_wide(self.size, me, opp);
        if moves != 0 {
            Status::Place(moves)
        } else if moves_wide(self.size, opp, me) != 0 {
            Status::Pass
        } else {
            Status::Over(EndReason::NoMoves)
        }
    }

    fn square_of(&self, index: u32) -> Square {
        Square::from_index(index as usize, self.size).expect("bit index on the board")
    }
}

impl Game for Reversi {
    type Move = ReversiMove;

    fn to_move(&self) -> Color {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<ReversiMove> {
        match self.status() {
            Status::Place(mut mask) => {
                let mut moves = Vec::with_capacity(mask.count_ones() as usize);
                while mask != 0 {
                    moves.push(ReversiMove::Place(self.square_of(mask.trailing_zeros())));
                    mask &= mask - 1;
                }
                moves
            }
            Status::Pass => vec![ReversiMove::Pass],
            Status::Over(_) => Vec::new(),
        }
    }

    fn is_legal(&self, mv: &ReversiMove) -> bool {
        match (self.status(), mv) {
            (Status::Place(mask), ReversiMove::Place(square)) => {
                square.on_board(self.size) && mask & (1u128 << square.index(self.size)) != 0
            }
            (Status::Pass, ReversiMove::Pass) => true,
            _ => false,
        }
    }

    fn play_unchecked(&mut self, mv: &ReversiMove) {
        if let ReversiMove::Place(square) = *mv {
            if !square.on_board(self.size) {
                return;
            }
            let bit = 1u128 << square.index(self.size);
            let (me, opp) = self.sides();
            let centre = centre_mask(u32::from(self.size));
            // In the opening phase a placement flips nothing.
            let flips = if (me | opp) & centre == centre {
                flips_wide(self.size, me, opp, bit)
            } else {
                0
            };
            let (me, opp) = (me | bit | flips, opp & !flips);
            (self.white, self.black) = self.to_move.fold((me, opp), (opp, me));
        }
        self.to_move = !self.to_move;
        self.ply += 1;
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Over(reason) => Some(Outcome {
                result: GameResult::from_scores(self.white.count_ones(), self.black.count_ones()),
                reason,
            }),
            Status::Place(_) | Status::Pass => None,
        }
    }

    fn parse_move(&self, text: &str) -> Result<ReversiMove, PlayError> {
        if text == "pass" {
            return Ok(ReversiMove::Pass);
        }
        match text.parse::<Square>() {
            Ok(square) if square.on_board(self.size) => Ok(ReversiMove::Place(square)),
            _ => Err(PlayError::Malformed(text.to_owned())),
        }
    }

    fn move_text(&self, mv: &ReversiMove) -> String {
        match mv {
            ReversiMove::Place(square) => square.to_string(),
            ReversiMove::Pass => "pass".to_owned(),
        }
    }

    fn forced_pass(&self) -> Option<&'static str> {
        self.must_pass().then_some("pass")
    }

    fn move_squares(&self, mv: &ReversiMove) -> Vec<Square> {
        match mv {
            ReversiMove::Place(square) => vec![*square],
            ReversiMove::Pass => Vec::new(),
        }
    }

    fn board(&self) -> BoardView {
        let mut view = BoardView::empty(self.size);
        for square in Square::all(self.size) {
            if let Some(color) = self.disc(square) {
                view.set(square, Cell::Disc { color });
            }
        }
        view
    }

    fn scores(&self) -> Option<Scores> {
        Some(Scores {
            white: self.white.count_ones(),
            black: self.black.count_ones(),
        })
    }

    fn perft(&self, depth: u32) -> u64 {
        let (me, opp) = self.sides();
        match self.size {
            6 => perft::<Six>(me as u64, opp as u64, depth, perft_placing::<Six>),
            8 => perft::<Eight>(me as u64, opp as u64, depth, eight::perft),
            _ => perft::<Ten>(me, opp, depth, perft_placing::<Ten>),
        }
    }
}

impl fmt::Debug for Reversi {
    /// Draws the board from White's side (`W`, `B`, `.`), then who is to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let files: String = (0..self.size)
            .map(|file| format!(" {}", char::from(b'a' + file)))
            .collect();
        writeln!(f, "   {files}")?;
        for rank in (0..self.size).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..self.size {
                let square = Square::new(file, rank).expect("square on a board of up to 10x10");
                let symbol = match self.disc(square) {
                    Some(Color::White) => 'W',
                    Some(Color::Black) => 'B',
                    None => '.',
                };
                write!(f, " {symbol}")?;
            }
            writeln!(f, " {}", rank + 1)?;
        }
        writeln!(f, "   {files}")?;
        match self.outcome() {
            Some(outcome) => write!(f, "over after ply {}: {}", self.ply, outcome.result),
            None => write!(f, "{} to move, ply {}", self.to_move, self.ply),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Bitboard kernels, generic over the board's layout.

/// A machine word holding one bit per square.
trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    const ONE: Self;
    fn count(self) -> u32;
    fn first(self) -> u32;
    fn without_first(self) -> Self;
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn first(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn without_first(self) -> u64 {
        self & self.wrapping_sub(1)
    }
}

impl Bits for u128 {
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn first(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline(always)]
    fn without_first(self) -> u128 {
        self & self.wrapping_sub(1)
    }
}

/// A board size and the word that holds it, with its masks.
trait Layout {
    type B: Bits;
    /// Width and height.
    const SIZE: u32;
    /// Every square of the board.
    const FULL: Self::B;
    /// Files `b` to the last but one: the squares an opponent disc can be flipped on
    /// along a line that moves across files (no wrap from one rank into the next).
    const INNER: Self::B;
    /// The four centre squares.
    const CENTRE: Self::B;
}

const fn full_mask(size: u32) -> u128 {
    (1u128 << (size * size)) - 1
}

const fn inner_mask(size: u32) -> u128 {
    let mut mask = 0;
    let mut index = 0;
    while index < size * size {
        let file = index % size;
        if file != 0 && file != size - 1 {
            mask |= 1 << index;
        }
        index += 1;
    }
    mask
}

const fn centre_mask(size: u32) -> u128 {
    let low = size / 2 - 1;
    let a = low * size + low;
    (1 << a) | (1 << (a + 1)) | (1 << (a + size)) | (1 << (a + size + 1))
}

struct Six;
struct Eight;
struct Ten;

impl Layout for Six {
    type B = u64;
    const SIZE: u32 = 6;
    const FULL: u64 = full_mask(6) as u64;
    const INNER: u64 = inner_mask(6) as u64;
    const CENTRE: u64 = centre_mask(6) as u64;
}

impl Layout for Eight {
    type B = u64;
    const SIZE: u32 = 8;
    const FULL: u64 = full_mask(8) as u64;
    const INNER: u64 = inner_mask(8) as u64;
    const CENTRE: u64 = centre_mask(8) as u64;
}

impl Layout for Ten {
    type B = u128;
    const SIZE: u32 = 10;
    const FULL: u128 = full_mask(10);
    const INNER: u128 = inner_mask(10);
    const CENTRE: u128 = centre_mask(10);
}

fn moves_wide(size: u8, me: u128, opp: u128) -> u128 {
    match size {
        6 => u128::from(moves::<Six>(me as u64, opp as u64)),
        8 => u128::from(eight::mobility(me as u64, opp as u64)),
        _ => moves::<Ten>(me, opp),
    }
}

fn flips_wide(size: u8, me: u128, opp: u128, bit: u128) -> u128 {
    match size {
        6 => u128::from(flips::<Six>(me as u64, opp as u64, bit as u64)),
        8 => u128::from(eight::flips(me as u64, opp as u64, bit.trailing_zeros())),
        _ => flips::<Ten>(me, opp, bit),
    }
}

/// Shifts every square `step` squares on (negative: back) in row-major order.
#[inline(always)]
fn shift<B: Bits>(bits: B, step: i32) -> B {
    if step > 0 {
        bits << step.unsigned_abs()
    } else {
        bits >> step.unsigned_abs()
    }
}

/// The runs of `between` discs that start next to a disc of `from` along one direction
/// (the squares from the neighbour on, up to the last contiguous `between` disc).
#[inline(always)]
fn ray_run<L: Layout>(from: L::B, between: L::B, step: i32) -> L::B {
    let mut run = shift(from, step) & between;
    run |= shift(run, step) & between;
    // Runs of up to two so far; extend two squares at a time through pairs of `between`.
    let pairs = between & shift(between, step);
    let mut reach = 2;
    while reach < L::SIZE - 2 {
        run |= shift(run, 2 * step) & pairs;
        reach += 2;
    }
    run
}

/// The placements for `me` along one direction: empty or not, the squares just beyond a
/// run of `between` discs that starts next to one of `me`'s discs.
#[inline(always)]
fn ray_moves<L: Layout>(me: L::B, between: L::B, step: i32) -> L::B {
    shift(ray_run::<L>(me, between, step), step)
}

/// Every square where `me` may place a disc (after the opening phase).
#[inline(always)]
fn moves<L: Layout>(me: L::B, opp: L::B) -> L::B {
    let n = L::SIZE as i32;
    let inner = opp & L::INNER;
    let empty = L::FULL & !(me | opp);
    let found = ray_moves::<L>(me, inner, 1)
        | ray_moves::<L>(me, inner, -1)
        | ray_moves::<L>(me, opp, n)
        | ray_moves::<L>(me, opp, -n)
        | ray_moves::<L>(me, inner, n + 1)
        | ray_moves::<L>(me, inner, n - 1)
        | ray_moves::<L>(me, inner, -n - 1)
        | ray_moves::<L>(me, inner, -n + 1);
    found & empty
}

/// The discs a placement at `bit` flips along one direction: the run of `between` discs
/// from its neighbour on, if a disc of `me` closes it.
#[inline(always)]
fn ray_flips<L: Layout>(me: L::B, between: L::B, bit: L::B, step: i32) -> L::B {
    let run = ray_run::<L>(bit, between, step);
    if shift(run, step) & me == L::B::ZERO {
        L::B::ZERO
    } else {
        run
    }
}

/// The discs a placement by `me` at `bit` flips, in every direction.
#[inline(always)]
fn flips<L: Layout>(me: L::B, opp: L::B, bit: L::B) -> L::B {
    let n = L::SIZE as i32;
    let inner = opp & L::INNER;
    ray_flips::<L>(me, inner, bit, 1)
        | ray_flips::<L>(me, inner, bit, -1)
        | ray_flips::<L>(me, opp, bit, n)
        | ray_flips::<L>(me, opp, bit, -n)
        | ray_flips::<L>(me, inner, bit, n + 1)
        | ray_flips::<L>(me, inner, bit, n - 1)
        | ray_flips::<L>(me, inner, bit, -n - 1)
        | ray_flips::<L>(me, inner, bit, -n + 1)
}

/// Perft through the opening phase, then `placing` (which takes the position past it,
/// `depth >= 1`).
fn perft<L: Layout>(me: L::B, opp: L::B, depth: u32, placing: fn(L::B, L::B, u32) -> u64) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut open = L::CENTRE & !(me | opp);
    if open == L::B::ZERO {
        return placing(me, opp, depth);
    }
    if depth == 1 {
        return u64::from(open.count());
    }
    let mut leaves = 0;
    while open != L::B::ZERO {
        let bit = L::B::ONE << open.first();
        open = open.without_first();
        leaves += perft::<L>(opp, me | bit, depth - 1, placing);
    }
    leaves
}

/// Perft after the opening phase, `depth >= 1`, counting the last ply in bulk. A pass
/// is a ply; a finished game is a leaf.
fn perft_placing<L: Layout>(me: L::B, opp: L::B, depth: u32) -> u64 {
    let mut targets = moves::<L>(me, opp);
    if depth == 1 {
        // With no placement the only move is a pass, or the game is over: one leaf.
        return u64::from(targets.count().max(1));
    }
    if targets == L::B::ZERO {
        if moves::<L>(opp, me) == L::B::ZERO {
            return 1;
        }
        return perft_placing::<L>(opp, me, depth - 1);
    }
    let mut leaves = 0;
    while targets != L::B::ZERO {
        let bit = L::B::ONE << targets.first();
        targets = targets.without_first();
        let flipped = flips::<L>(me, opp, bit);
        leaves += perft_placing::<L>(opp & !flipped, me | flipped | bit, depth - 1);
    }
    leaves
}

/// Reversi is entered as one square (or the pass the server plays by itself).
const REVERSI_STEPS: [Step; 1] = [Step {
    name: "square",
    kind: StepKind::Destination,
    prompt: "reversi",
}];

impl Input for Reversi {
    fn input_steps(&self) -> &'static [Step] {
        &REVERSI_STEPS
    }

    fn move_picks(&self, mv: &ReversiMove) -> Vec<Pick> {
        vec![match mv {
            ReversiMove::Place(square) => Pick::Square(*square),
            ReversiMove::Pass => Pick::Pass,
        }]
    }
}

/// Saved as `<size> <white discs> <black discs> <side to move> <ply>`.
impl Saved for Reversi {
    fn save(&self, out: &mut String) {
        let to_move = color_field(self.to_move);
        let (size, white, black, ply) = (self.size, self.white, self.black, self.ply);
        out.push_str(&format!("{size} {white:x} {black:x} {to_move} {ply}"));
    }

    fn restore(&self, mut fields: Fields<'_>) -> Result<Reversi, RestoreError> {
        let size: u8 = fields.number("reversi: board size")?;
        if size != self.size {
            return Err(RestoreError("reversi: another board size"));
        }
        let white = fields.bits("reversi: white discs")?;
        let black = fields.bits("reversi: black discs")?;
        let to_move = fields.color("reversi: side to move")?;
        let ply = fields.number("reversi: ply")?;
        fields.end()?;
        let board = full_mask(u32::from(size));
        if white & black != 0 || (white | black) & !board != 0 {
            return Err(RestoreError("reversi: discs overlap or lie off the board"));
        }
        Ok(Reversi {
            size,
            white,
            black,
            to_move,
            ply,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_have_the_expected_sizes() {
        assert_eq!(Six::FULL.count_ones(), 36);
        assert_eq!(Eight::FULL, u64::MAX);
        assert_eq!(Ten::FULL.count_ones(), 100);
        assert_eq!(Eight::INNER, 0x7e7e_7e7e_7e7e_7e7e);
        assert_eq!(Ten::INNER.count_ones(), 80);
        // d4 e4 d5 e5 on 8x8.
        assert_eq!(Eight::CENTRE, (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36));
    }
}
