//! Chess Reversi: a placement game on an 8x8 board, scored by attacked empty squares.
//!
//! Each side places its eight pieces (K, Q, R, R, B, B, N, N) one at a time, under the nine
//! numbered rules of `RULES.md`; pieces never move. The position is a handful of 64-bit
//! boards (bit `rank * 8 + file`, so `a1` is bit 0, as [`Square::index`] with size 8).

use std::fmt;

use crate::saved::{Fields, RestoreError, Saved};
use crate::{
    BoardView, Cell, Color, EndReason, Game, GameResult, Input, Outcome, Pick, PieceKind,
    PlayError, Scores, Square, Step, StepKind,
};

/// Board width and height.
const SIZE: u8 = 8;

/// The piece kinds of Chess Reversi, in the order the position indexes them.
const KINDS: [PieceKind; 5] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];
/// Index of the king in [`KINDS`].
const KING: usize = 0;
/// Index of the queen in [`KINDS`].
const QUEEN: usize = 1;
/// Index of the rooks in [`KINDS`].
const ROOK: usize = 2;
/// Index of the bishops in [`KINDS`].
const BISHOP: usize = 3;
/// Index of the knights in [`KINDS`].
const KNIGHT: usize = 4;

/// How many pieces of each kind a side owns at the start: K, Q, R, R, B, B, N, N.
const FULL_HAND: [u8; 5] = [1, 1, 2, 2, 2];

/// Moves in a whole game: eight placements by each side.
const LAST_PLY: u8 = 16;

/// Every square but those on the a-file.
const NOT_A_FILE: u64 = !0x0101_0101_0101_0101;
/// Every square but those on the h-file.
const NOT_H_FILE: u64 = !0x8080_8080_8080_8080;
/// Every square but those on the a- and b-files.
const NOT_AB_FILES: u64 = !0x0303_0303_0303_0303;
/// Every square but those on the g- and h-files.
const NOT_GH_FILES: u64 = !0xc0c0_c0c0_c0c0_c0c0;
/// The dark squares (`a1` is dark).
const DARK_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;

/// The squares next to any square of `squares` (the 8-neighbourhood, without `squares`
/// themselves unless they neighbour each other).
const fn neighbours(squares: u64) -> u64 {
    let sideways = ((squares << 1) & NOT_A_FILE) | ((squares >> 1) & NOT_H_FILE);
    let row = squares | sideways;
    sideways | (row << 8) | (row >> 8)
}

/// The squares a knight on any square of `squares` jumps to.
const fn knight_jumps(squares: u64) -> u64 {
    let one = ((squares << 1) & NOT_A_FILE) | ((squares >> 1) & NOT_H_FILE);
    let two = ((squares << 2) & NOT_AB_FILES) | ((squares >> 2) & NOT_GH_FILES);
    (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
}

/// Shifts a board one step in direction `dir` (0–7: N, S, E, W, NE, NW, SE, SW),
/// dropping what falls off the board.
const fn step(squares: u64, dir: usize) -> u64 {
    match dir {
        0 => squares << 8,
        1 => squares >> 8,
        2 => (squares << 1) & NOT_A_FILE,
        3 => (squares >> 1) & NOT_H_FILE,
        4 => (squares << 9) & NOT_A_FILE,
        5 => (squares << 7) & NOT_H_FILE,
        6 => (squares >> 7) & NOT_A_FILE,
        _ => (squares >> 9) & NOT_H_FILE,
    }
}

/// The squares a line piece on `from` attacks in the directions `dirs`, each line stopped
/// by (and including) the first occupied square.
fn slide(from: u64, occupied: u64, dirs: std::ops::Range<usize>) -> u64 {
    let mut attacks = 0;
    for dir in dirs {
        let mut ray = step(from, dir);
        while ray != 0 {
            attacks |= ray;
            if ray & occupied != 0 {
                break;
            }
            ray = step(ray, dir);
        }
    }
    attacks
}

/// The squares a piece of kind index `kind` on the single-square board `from` attacks.
fn attacks(kind: usize, from: u64, occupied: u64) -> u64 {
    match kind {
        KING => neighbours(from),
        QUEEN => slide(from, occupied, 0..8),
        ROOK => slide(from, occupied, 0..4),
        BISHOP => slide(from, occupied, 4..8),
        _ => knight_jumps(from),
    }
}

/// The single-square board of `square`.
const fn bit(square: Square) -> u64 {
    1 << square.index(SIZE)
}

/// The squares of a board, lowest index first.
fn squares_of(mut board: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (board != 0).then(|| {
            let lowest = board & board.wrapping_neg();
            board ^= lowest;
            lowest
        })
    })
}

/// The square of a single-square board.
fn square_of(single: u64) -> Square {
    Square::from_index(single.trailing_zeros() as usize, SIZE).expect("a square of the 8x8 board")
}

/// Index of a colour in per-side arrays.
const fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Index of a Chess Reversi piece kind in [`KINDS`] (pawns are not in the game).
const fn kind_index(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::King => Some(KING),
        PieceKind::Queen => Some(QUEEN),
        PieceKind::Rook => Some(ROOK),
        PieceKind::Bishop => Some(BISHOP),
        PieceKind::Knight => Some(KNIGHT),
        PieceKind::Pawn => None,
    }
}

/// A Chess Reversi move: the side to move places `piece` on `square`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The piece placed (never a pawn).
    pub piece: PieceKind,
    /// Where it goes.
    pub square: Square,
}

/// A Chess Reversi position: the pieces placed so far and what each side still holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChessReversi {
    /// Occupied squares per side (White, Black).
    by_color: [u64; 2],
    /// Occupied squares per kind (both sides), indexed like [`KINDS`].
    by_kind: [u64; 5],
    /// Pieces not yet placed, per side and kind.
    hand: [[u8; 5]; 2],
    /// Per side, whether its first bishop went on a dark square (once it is placed).
    first_bishop_dark: [Option<bool>; 2],
    /// The last placement: its kind index and single-square board.
    last: Option<(usize, u64)>,
    /// Moves played so far (0–16).
    ply: u8,
}

impl Default for ChessReversi {
    fn default() -> ChessReversi {
        ChessReversi::new()
    }
}

impl ChessReversi {
    /// The start: an empty board, White to place its king.
    #[must_use]
    pub fn new() -> ChessReversi {
        ChessReversi {
            by_color: [0; 2],
            by_kind: [0; 5],
            hand: [FULL_HAND; 2],
            first_bishop_dark: [None; 2],
            last: None,
            ply: 0,
        }
    }

    /// How many of `color`'s pieces attack each empty square, row-major from `a1`
    /// ([`Square::index`] with size 8); 0 on occupied squares.
    #[must_use]
    pub fn attack_counts(&self, color: Color) -> Vec<u8> {
        let occupied = self.occupied();
        let mut counts = vec![0; 64];
        self.for_each_attack(color, |targets| {
            for target in squares_of(targets & !occupied) {
                counts[target.trailing_zeros() as usize] += 1;
            }
        });
        counts
    }

    /// The points of `color`: one per empty square per piece of its that attacks it.
    #[must_use]
    pub fn score(&self, color: Color) -> u32 {
        let empty = !self.occupied();
        let mut points = 0;
        self.for_each_attack(color, |targets| points += (targets & empty).count_ones());
        points
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<(Color, PieceKind)> {
        if !square.on_board(SIZE) {
            return None;
        }
        let at = bit(square);
        let color = Color::ALL
            .into_iter()
            .find(|&color| self.by_color[side(color)] & at != 0)?;
        let kind = (0..KINDS.len()).find(|&kind| self.by_kind[kind] & at != 0)?;
        Some((color, KINDS[kind]))
    }

    /// How many pieces of `kind` `color` has not placed yet.
    #[must_use]
    pub fn in_hand(&self, color: Color, kind: PieceKind) -> u8 {
        kind_index(kind).map_or(0, |kind| self.hand[side(color)][kind])
    }

    /// The number of legal placements, without listing them.
    #[must_use]
    pub fn count_legal(&self) -> u32 {
        self.targets().iter().map(|board| board.count_ones()).sum()
    }

    /// Calls `visit` with the attacked squares of each of `color`'s pieces.
    fn for_each_attack(&self, color: Color, mut visit: impl FnMut(u64)) {
        let occupied = self.occupied();
        let ours = self.by_color[side(color)];
        for (kind, &board) in self.by_kind.iter().enumerate() {
            for from in squares_of(board & ours) {
                visit(attacks(kind, from, occupied));
            }
        }
    }

    /// Every occupied square.
    const fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The side to move.
    const fn mover(&self) -> Color {
        if self.ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// For each kind index, the squares the side to move may place a piece of that kind
    /// on: rules 1 to 8 of `RULES.md`. All empty once the game is over.
    fn targets(&self) -> [u64; 5] {
        let mut targets = [0; 5];
        if self.ply >= LAST_PLY {
            return targets;
        }
        let us = self.mover();
        let ours = side(us);
        let empty = !self.occupied();
        // Rule 2: White's first move places the king, anywhere (rule 1: on an empty square).
        if self.ply == 0 {
            targets[KING] = empty;
            return targets;
        }
        // The mover's own move number, 1 to 8.
        let move_number = self.ply / 2 + 1;
        // Rules 1 and 3: an empty square next to an opponent's piece.
        let mut squares = empty & neighbours(self.by_color[side(!us)]);
        if move_number == 8 {
            match us {
                // Rule 8: White's 8th piece keeps an empty square next to it.
                Color::White => squares &= neighbours(empty),
                // Rule 8: Black's 8th move (the king) goes next to White's 8th piece.
                Color::Black => squares &= neighbours(self.last.map_or(0, |(_, at)| at)),
            }
        }
        // Rule 1: only pieces still in hand.
        let mut allowed: [bool; 5] = std::array::from_fn(|kind| self.hand[ours][kind] > 0);
        // Rule 4: Black's king only as Black's 8th move.
        if us == Color::Black && move_number < 8 {
            allowed[KING] = false;
        }
        let queen_in_hand = self.hand[ours][QUEEN] > 0;
        // Rule 6: the queen call. Rule 7: Black's 7th move places Black's queen.
        let queen_called = self.last.is_some_and(|(kind, _)| kind == QUEEN);
        let queen_due = us == Color::Black && move_number == 7;
        if queen_in_hand && (queen_called || queen_due) {
            allowed = [false, true, false, false, false];
        }
        for (kind, target) in targets.iter_mut().enumerate() {
            if allowed[kind] {
                *target = squares;
            }
        }
        // Rule 5: the second bishop goes on the other colour than the first.
        match self.first_bishop_dark[ours] {
            Some(true) => targets[BISHOP] &= !DARK_SQUARES,
            Some(false) => targets[BISHOP] &= DARK_SQUARES,
            None => {}
        }
        targets
    }

    /// Counts leaf positions `depth` plies ahead, the last ply in bulk.
    fn perft_fast(&self, depth: u32) -> u64 {
        let targets = self.targets();
        if depth == 0 || targets.iter().all(|&board| board == 0) {
            return 1;
        }
        if depth == 1 {
            return targets
                .iter()
                .map(|board| u64::from(board.count_ones()))
                .sum();
        }
        let mut nodes = 0;
        for (kind, &board) in targets.iter().enumerate() {
            for at in squares_of(board) {
                let mut next = *self;
                next.place(kind, at);
                nodes += next.perft_fast(depth - 1);
            }
        }
        nodes
    }

    /// Places a piece of kind index `kind` on the single-square board `at` for the side
    /// to move.
    fn place(&mut self, kind: usize, at: u64) {
        let ours = side(self.mover());
        self.by_color[ours] |= at;
        self.by_kind[kind] |= at;
        self.hand[ours][kind] = self.hand[ours][kind].saturating_sub(1);
        if kind == BISHOP && self.first_bishop_dark[ours].is_none() {
            self.first_bishop_dark[ours] = Some(at & DARK_SQUARES != 0);
        }
        self.last = Some((kind, at));
        self.ply += 1;
    }
}

impl Game for ChessReversi {
    type Move = Placement;

    fn to_move(&self) -> Color {
        self.mover()
    }

    fn ply(&self) -> u32 {
        u32::from(self.ply)
    }

    fn legal_moves(&self) -> Vec<Placement> {
        let targets = self.targets();
        let mut moves = Vec::with_capacity(targets.iter().map(|b| b.count_ones() as usize).sum());
        for (kind, &board) in targets.iter().enumerate() {
            moves.extend(squares_of(board).map(|at| Placement {
                piece: KINDS[kind],
                square: square_of(at),
            }));
        }
        moves
    }

    fn play_unchecked(&mut self, mv: &Placement) {
        if let Some(kind) = kind_index(mv.piece)
            && mv.square.on_board(SIZE)
        {
            self.place(kind, bit(mv.square));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.ply >= LAST_PLY {
            let scores = self.scores().expect("chess reversi keeps scores");
            return Some(Outcome {
                result: scores.result(),
                reason: EndReason::AllPlaced,
            });
        }
        // Rule 9: a side with no legal placement loses at once.
        self.targets()
            .iter()
            .all(|&board| board == 0)
            .then(|| Outcome {
                result: GameResult::win(!self.mover()),
                reason: EndReason::NoLegalPlacement,
            })
    }

    fn parse_move(&self, text: &str) -> Result<Placement, PlayError> {
        let malformed = || PlayError::Malformed(text.to_owned());
        let mut chars = text.chars();
        let piece = chars
            .next()
            .and_then(PieceKind::from_letter)
            .filter(|&piece| piece != PieceKind::Pawn)
            .ok_or_else(malformed)?;
        let square = chars
            .as_str()
            .parse::<Square>()
            .ok()
            .filter(|square| square.on_board(SIZE))
            .ok_or_else(malformed)?;
        Ok(Placement { piece, square })
    }

    fn move_text(&self, mv: &Placement) -> String {
        format!("{}{}", mv.piece.letter(), mv.square)
    }

    fn attack_counts(&self, color: Color) -> Option<Vec<u8>> {
        Some(ChessReversi::attack_counts(self, color))
    }

    fn move_squares(&self, mv: &Placement) -> Vec<Square> {
        vec![mv.square]
    }

    fn board(&self) -> BoardView {
        let mut board = BoardView::empty(SIZE);
        for color in Color::ALL {
            for kind in KINDS {
                for _ in 0..self.in_hand(color, kind) {
                    board.hand.push((color, kind));
                }
            }
        }
        for square in Square::all(SIZE) {
            if let Some((color, piece)) = self.piece_at(square) {
                board.set(square, Cell::Piece { color, piece });
            }
        }
        board
    }

    fn scores(&self) -> Option<Scores> {
        Some(Scores {
            white: self.score(Color::White),
            black: self.score(Color::Black),
        })
    }

    fn perft(&self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }
}

impl fmt::Debug for ChessReversi {
    /// Draws the board from White's side: `KQRBN` White, `kqrbn` Black, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..SIZE).rev() {
            for file in 0..SIZE {
                let square = Square::new(file, rank).expect("a square of the 8x8 board");
                let letter = self.piece_at(square).map_or('.', |(color, piece)| {
                    color.fold(piece.letter(), piece.letter().to_ascii_lowercase())
                });
                write!(f, "{letter}")?;
            }
            writeln!(f)?;
        }
        write!(f, "ply {}", self.ply)
    }
}

/// Chess Reversi is entered as a piece from the hand, then its square.
const CHESS_REVERSI_STEPS: [Step; 2] = [
    Step {
        name: "piece",
        kind: StepKind::Hand,
        prompt: "chess_reversi_piece",
    },
    Step {
        name: "square",
        kind: StepKind::Destination,
        prompt: "chess_reversi_square",
    },
];

impl Input for ChessReversi {
    fn input_steps(&self) -> &'static [Step] {
        &CHESS_REVERSI_STEPS
    }

    fn move_picks(&self, mv: &Placement) -> Vec<Pick> {
        vec![Pick::Piece(mv.piece), Pick::Square(mv.square)]
    }
}

/// Saved as `<White's squares> <Black's squares> <the five kinds' squares> <White's hand>
/// <Black's hand> <White's first bishop> <Black's first bishop> <last placement> <ply>`:
/// hands as five digits (K, Q, R, B, N), first bishops as `d`ark, `l`ight or `-`, the last
/// placement as `<kind index>:<square's bit>`.
impl Saved for ChessReversi {
    fn save(&self, out: &mut String) {
        let hand =
            |color: Color| -> String { self.hand[side(color)].iter().map(u8::to_string).collect() };
        let bishop = |color: Color| match self.first_bishop_dark[side(color)] {
            Some(true) => 'd',
            Some(false) => 'l',
            None => '-',
        };
        let [white, black] = self.by_color;
        let [king, queen, rook, bishops, knight] = self.by_kind;
        let last = self
            .last
            .map_or_else(|| "-".to_owned(), |(kind, at)| format!("{kind}:{at:x}"));
        out.push_str(&format!(
            "{white:x} {black:x} {king:x} {queen:x} {rook:x} {bishops:x} {knight:x} {} {} {} {} {last} {}",
            hand(Color::White),
            hand(Color::Black),
            bishop(Color::White),
            bishop(Color::Black),
            self.ply
        ));
    }

    fn restore(&self, mut fields: Fields<'_>) -> Result<ChessReversi, RestoreError> {
        let mut board = |what: &'static str| -> Result<u64, RestoreError> {
            let bits = fields.bits(what)?;
            u64::try_from(bits).map_err(|_| RestoreError(what))
        };
        let by_color = [
            board("chess reversi: White's squares")?,
            board("chess reversi: Black's squares")?,
        ];
        let mut by_kind = [0; 5];
        for kind in &mut by_kind {
            *kind = board("chess reversi: a kind's squares")?;
        }
        let mut hand = [[0; 5]; 2];
        for side_hand in &mut hand {
            let digits = fields.text("chess reversi: a hand")?.as_bytes();
            if digits.len() != 5 || !digits.iter().all(u8::is_ascii_digit) {
                return Err(RestoreError("chess reversi: a hand"));
            }
            for (count, digit) in side_hand.iter_mut().zip(digits) {
                *count = digit - b'0';
            }
        }
        let mut first_bishop_dark = [None; 2];
        for first in &mut first_bishop_dark {
            *first = match fields.text("chess reversi: a first bishop")? {
                "d" => Some(true),
                "l" => Some(false),
                "-" => None,
                _ => return Err(RestoreError("chess reversi: a first bishop")),
            };
        }
        let last = match fields.text("chess reversi: the last placement")? {
            "-" => None,
            text => {
                let invalid = RestoreError("chess reversi: the last placement");
                let parsed = text.split_once(':').and_then(|(kind, at)| {
                    Some((
                        kind.parse::<usize>().ok()?,
                        u64::from_str_radix(at, 16).ok()?,
                    ))
                });
                match parsed {
                    Some((kind, at))
                        if kind < KINDS.len()
                            && at.count_ones() == 1
                            && by_kind[kind] & at != 0 =>
                    {
                        Some((kind, at))
                    }
                    _ => return Err(invalid),
                }
            }
        };
        let ply: u8 = fields.number("chess reversi: ply")?;
        fields.end()?;
        let restored = ChessReversi {
            by_color,
            by_kind,
            hand,
            first_bishop_dark,
            last,
            ply,
        };
        restored.check()?;
        Ok(restored)
    }
}

impl ChessReversi {
    /// Checks that a restored position is one play could reach: sides and kinds each
    /// partition the occupied squares, every piece is on the board or in its hand, one
    /// piece was placed per ply, and there is a last placement once any was made.
    fn check(&self) -> Result<(), RestoreError> {
        let occupied = self.occupied();
        let [white, black] = self.by_color;
        let kinds = self.by_kind.iter().fold(0, |seen, &kind| seen | kind);
        let kinds_overlap = self
            .by_kind
            .iter()
            .map(|kind| kind.count_ones())
            .sum::<u32>()
            != kinds.count_ones();
        if white & black != 0 || kinds != occupied || kinds_overlap {
            return Err(RestoreError("chess reversi: pieces overlap"));
        }
        for color in Color::ALL {
            for (kind, &full) in FULL_HAND.iter().enumerate() {
                let placed = (self.by_kind[kind] & self.by_color[side(color)]).count_ones();
                if placed + u32::from(self.hand[side(color)][kind]) != u32::from(full) {
                    return Err(RestoreError("chess reversi: pieces missing or extra"));
                }
            }
        }
        if occupied.count_ones() != u32::from(self.ply) || self.last.is_none() != (self.ply == 0) {
            return Err(RestoreError(
                "chess reversi: the ply differs from the pieces placed",
            ));
        }
        Ok(())
    }
}
