//! Knight Fight: two knights collecting numbers on a 10x10 board.
//!
//! Squares are indexed row-major from `a1` ([`Square::index`] with size 10); sets of
//! squares are 128-bit boards with bit `index` for a square.

use std::fmt;

use crate::saved::{Fields, RestoreError, Saved};
use crate::{
    BoardView, Cell, Color, EndReason, Game, Input, KnightFightSetup, Knights, Outcome, Pick,
    PieceKind, PlayError, PositionSnapshot, Scores, Square, Step, StepKind,
};

/// Board width and height.
const SIZE: u8 = 10;

/// Rank 1 (`a1`–`j1`): where White's knight is first placed.
const FIRST_RANK: u128 = 0x3ff;
/// Rank 10 (`a10`–`j10`): where Black's knight is first placed.
const LAST_RANK: u128 = 0x3ff << 90;

/// The knight's eight jumps as (files, ranks).
pub const JUMP_OFFSETS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// For each square index, the squares a knight there jumps to.
static JUMPS: [u128; 100] = jump_table();

/// Builds [`JUMPS`].
const fn jump_table() -> [u128; 100] {
    let mut table = [0; 100];
    let mut index = 0;
    while index < 100 {
        let file = (index % 10) as i8;
        let rank = (index / 10) as i8;
        let mut jump = 0;
        while jump < JUMP_OFFSETS.len() {
            let (files, ranks) = JUMP_OFFSETS[jump];
            let (to_file, to_rank) = (file + files, rank + ranks);
            if to_file >= 0 && to_file < 10 && to_rank >= 0 && to_rank < 10 {
                table[index] |= 1 << (to_rank as u32 * 10 + to_file as u32);
            }
            jump += 1;
        }
        index += 1;
    }
    table
}

/// Whether a number's two digits are equal (00, 11, …, 99).
const fn is_double(number: u8) -> bool {
    number.is_multiple_of(11)
}

/// The number with its two digits swapped (57 → 75, 05 → 50).
const fn mirror(number: u8) -> u8 {
    (number % 10) * 10 + number / 10
}

/// Index of a colour in per-side arrays.
const fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The square of an index of the 10x10 board.
fn square_at(index: u8) -> Square {
    Square::from_index(usize::from(index), SIZE).expect("a square of the 10x10 board")
}

/// The square indices of a board, lowest first.
fn indices(mut board: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (board != 0).then(|| {
            let index = board.trailing_zeros() as u8;
            board &= board - 1;
            index
        })
    })
}

/// A Knight Fight move: the mover's knight lands on `to` (its first placement, or a
/// jump), and with the double rule also erases the double on `erase`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KnightMove {
    /// Where the knight lands.
    pub to: Square,
    /// The other double the double rule erases, if it applies.
    pub erase: Option<Square>,
}

/// A Knight Fight position.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct KnightFight {
    /// The number each square started with, by square index.
    numbers: [u8; 100],
    /// The square index each number started on.
    home: [u8; 100],
    /// The squares that still hold their number.
    live: u128,
    /// The squares that started with a double.
    doubles: u128,
    /// Each knight's square index (White, Black), `None` before it is placed.
    knights: [Option<u8>; 2],
    /// Points of each side (White, Black).
    points: [u32; 2],
    /// Moves played so far.
    ply: u32,
}

impl KnightFight {
    /// The start of a game on `setup`'s numbers: both knights off the board.
    #[must_use]
    pub fn new(setup: &KnightFightSetup) -> KnightFight {
        let numbers = *setup.numbers();
        let mut home = [0; 100];
        let mut doubles = 0;
        for (index, &number) in numbers.iter().enumerate() {
            home[usize::from(number)] = index as u8;
            if is_double(number) {
                doubles |= 1 << index;
            }
        }
        KnightFight {
            numbers,
            home,
            live: u128::MAX >> 28,
            doubles,
            knights: [None; 2],
            points: [0; 2],
            ply: 0,
        }
    }

    /// The number `square` still holds, or `None` once it is gone (or off the board).
    #[must_use]
    pub fn number_at(&self, square: Square) -> Option<u8> {
        let index = square.on_board(SIZE).then(|| square.index(SIZE))?;
        (self.live >> index & 1 == 1).then(|| self.numbers[index])
    }

    /// Where `color`'s knight stands, `None` before it is placed.
    #[must_use]
    pub fn knight(&self, color: Color) -> Option<Square> {
        self.knights[side(color)].map(square_at)
    }

    /// The points of `color`.
    #[must_use]
    pub const fn points(&self, color: Color) -> u32 {
        self.points[side(color)]
    }

    /// The side to move.
    const fn mover(&self) -> Color {
        if self.ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The squares the side to move may land on.
    fn landings(&self) -> u128 {
        let us = side(self.mover());
        let reach = match self.knights[us] {
            Some(from) => JUMPS[usize::from(from)],
            None if us == 0 => FIRST_RANK,
            None => LAST_RANK,
        };
        let attacked = self.knights[1 - us].map_or(0, |at| JUMPS[usize::from(at)]);
        reach & self.live & !attacked
    }

    /// The doubles a landing on square index `to` must choose from (none unless `to`
    /// holds a double and another double is left).
    fn erasable(&self, to: u8) -> u128 {
        if is_double(self.numbers[usize::from(to)]) {
            self.live & self.doubles & !(1 << to)
        } else {
            0
        }
    }

    /// The number of legal moves, without listing them.
    #[must_use]
    pub fn count_legal(&self) -> u32 {
        indices(self.landings())
            .map(|to| self.erasable(to).count_ones().max(1))
            .sum()
    }

    /// The side to move lands on square index `to`, erasing the double on `erase`.
    fn land(&mut self, to: usize, erase: Option<usize>) {
        let us = side(self.mover());
        let number = self.numbers[to];
        if self.live >> to & 1 == 1 {
            self.points[us] += u32::from(number);
        }
        self.live &= !(1 << to);
        self.knights[us] = Some(to as u8);
        if !is_double(number) {
            self.live &= !(1 << self.home[usize::from(mirror(number))]);
        }
        if let Some(erase) = erase {
            self.live &= !(1 << erase);
        }
        self.ply += 1;
    }

    /// Counts leaf positions `depth` plies ahead, the last ply in bulk.
    fn perft_fast(&self, depth: u32) -> u64 {
        let landings = self.landings();
        if depth == 0 || landings == 0 {
            return 1;
        }
        if depth == 1 {
            return u64::from(self.count_legal());
        }
        let mut nodes = 0;
        for to in indices(landings) {
            let erasable = self.erasable(to);
            if erasable == 0 {
                let mut next = self.clone();
                next.land(usize::from(to), None);
                nodes += next.perft_fast(depth - 1);
            }
            for erase in indices(erasable) {
                let mut next = self.clone();
                next.land(usize::from(to), Some(usize::from(erase)));
                nodes += next.perft_fast(depth - 1);
            }
        }
        nodes
    }
}

impl Game for KnightFight {
    type Move = KnightMove;

    fn to_move(&self) -> Color {
        self.mover()
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<KnightMove> {
        let mut moves = Vec::with_capacity(self.count_legal() as usize);
        for to in indices(self.landings()) {
            let erasable = self.erasable(to);
            if erasable == 0 {
                moves.push(KnightMove {
                    to: square_at(to),
                    erase: None,
                });
            }
            moves.extend(indices(erasable).map(|erase| KnightMove {
                to: square_at(to),
                erase: Some(square_at(erase)),
            }));
        }
        moves
    }

    fn play_unchecked(&mut self, mv: &KnightMove) {
        if mv.to.on_board(SIZE) {
            let erase = mv.erase.filter(|square| square.on_board(SIZE));
            self.land(mv.to.index(SIZE), erase.map(|square| square.index(SIZE)));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.landings() == 0).then(|| Outcome {
            result: self.scores().expect("knight fight keeps scores").result(),
            reason: EndReason::NoMoves,
        })
    }

    fn parse_move(&self, text: &str) -> Result<KnightMove, PlayError> {
        let malformed = || PlayError::Malformed(text.to_owned());
        let square = |part: &str| part.parse::<Square>().map_err(|_| malformed());
        match text.split_once(':') {
            Some((to, erase)) => Ok(KnightMove {
                to: square(to)?,
                erase: Some(square(erase)?),
            }),
            None => Ok(KnightMove {
                to: square(text)?,
                erase: None,
            }),
        }
    }

    fn move_text(&self, mv: &KnightMove) -> String {
        match mv.erase {
            Some(erase) => format!("{}:{erase}", mv.to),
            None => mv.to.to_string(),
        }
    }

    /// The landing and the number it takes (`e3 (57)`); with the double rule, the
    /// erased double too (`e3:g7 (33, 77)`).
    fn display_text(&self, mv: &KnightMove) -> String {
        let number = |square: Square| {
            self.number_at(square)
                .map_or_else(|| "--".to_owned(), |number| format!("{number:02}"))
        };
        match mv.erase {
            Some(erase) => format!("{}:{erase} ({}, {})", mv.to, number(mv.to), number(erase)),
            None => format!("{} ({})", mv.to, number(mv.to)),
        }
    }

    fn move_squares(&self, mv: &KnightMove) -> Vec<Square> {
        let from = self.knight(self.mover());
        from.into_iter().chain([mv.to]).chain(mv.erase).collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        self.perft_fast(depth)
    }

    fn board(&self) -> BoardView {
        let mut board = BoardView::empty(SIZE);
        for (index, cell) in board.cells.iter_mut().enumerate() {
            *cell = if self.live >> index & 1 == 1 {
                Cell::Number {
                    number: self.numbers[index],
                }
            } else {
                Cell::Dead
            };
        }
        for color in Color::ALL {
            if let Some(at) = self.knight(color) {
                board.set(
                    at,
                    Cell::Piece {
                        color,
                        piece: PieceKind::Knight,
                    },
                );
            }
        }
        board
    }

    fn scores(&self) -> Option<Scores> {
        Some(Scores {
            white: self.points[0],
            black: self.points[1],
        })
    }

    /// The numbers left and both knights.
    fn snapshot(&self) -> PositionSnapshot {
        let numbers = Square::all(SIZE)
            .filter_map(|square| Some((square, self.number_at(square)?)))
            .collect();
        let knights = Knights {
            white: self.knight(Color::White),
            black: self.knight(Color::Black),
        };
        PositionSnapshot::KnightFight { numbers, knights }
    }
}

impl fmt::Debug for KnightFight {
    /// Draws the board from White's side: numbers, `WN`/`BN` for the knights, `--` for
    /// squares whose number is gone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..SIZE).rev() {
            for file in 0..SIZE {
                let index = usize::from(rank) * 10 + usize::from(file);
                if self.knights[0] == Some(index as u8) {
                    f.write_str("WN ")?;
                } else if self.knights[1] == Some(index as u8) {
                    f.write_str("BN ")?;
                } else if self.live >> index & 1 == 1 {
                    write!(f, "{:02} ", self.numbers[index])?;
                } else {
                    f.write_str("-- ")?;
                }
            }
            writeln!(f)?;
        }
        write!(
            f,
            "ply {}, white {}, black {}",
            self.ply, self.points[0], self.points[1]
        )
    }
}

/// Knight Fight is entered as the landing square, then (under the double rule) the other
/// double to erase. The first step keeps the name `from`, as the board's links had it.
const KNIGHT_FIGHT_STEPS: [Step; 2] = [
    Step {
        name: "from",
        kind: StepKind::Destination,
        prompt: "knight_fight",
    },
    Step {
        name: "erase",
        kind: StepKind::Erase,
        prompt: "knight_fight_double",
    },
];

impl Input for KnightFight {
    fn input_steps(&self) -> &'static [Step] {
        &KNIGHT_FIGHT_STEPS
    }

    fn move_picks(&self, mv: &KnightMove) -> Vec<Pick> {
        std::iter::once(mv.to)
            .chain(mv.erase)
            .map(Pick::Square)
            .collect()
    }
}

/// Saved as `<squares still numbered> <White's knight> <Black's knight> <White's points>
/// <Black's points> <ply>`; the numbers themselves come from the setup.
impl Saved for KnightFight {
    fn save(&self, out: &mut String) {
        let knight = |color: Color| {
            self.knights[side(color)].map_or_else(|| "-".to_owned(), |index| index.to_string())
        };
        out.push_str(&format!(
            "{:x} {} {} {} {} {}",
            self.live,
            knight(Color::White),
            knight(Color::Black),
            self.points[0],
            self.points[1],
            self.ply
        ));
    }

    fn restore(&self, mut fields: Fields<'_>) -> Result<KnightFight, RestoreError> {
        let live = fields.bits("knight fight: numbered squares")?;
        let knights = [
            fields.optional::<u8>("knight fight: White's knight")?,
            fields.optional::<u8>("knight fight: Black's knight")?,
        ];
        let points = [
            fields.number("knight fight: White's points")?,
            fields.number("knight fight: Black's points")?,
        ];
        let ply = fields.number("knight fight: ply")?;
        fields.end()?;
        if live & !self.live != 0 {
            return Err(RestoreError(
                "knight fight: a number returned or off the board",
            ));
        }
        for index in knights.into_iter().flatten() {
            if index >= SIZE * SIZE || live >> index & 1 == 1 {
                return Err(RestoreError(
                    "knight fight: a knight off the board or on a number",
                ));
            }
        }
        Ok(KnightFight {
            live,
            knights,
            points,
            ply,
            ..self.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game on the setup with 00–99 in row-major order from `a1` (so 11 is on b2).
    fn ascending() -> KnightFight {
        let numbers: [u8; 100] = std::array::from_fn(|i| i as u8);
        KnightFight::new(&KnightFightSetup::from_numbers(numbers).unwrap())
    }

    #[test]
    fn landing_on_the_last_double_left_takes_no_choice() {
        // Play cannot reach this (doubles go in pairs), so build it: only 11 (on b2) is
        // left of the doubles, and White's knight stands on a4, a jump from b2.
        let mut game = ascending();
        game.live &= !(game.doubles & !(1 << 11));
        game.live &= !(1 << 30);
        game.knights = [Some(30), None];
        game.ply = 2;
        let onto_b2: Vec<KnightMove> = game
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.to == square_at(11))
            .collect();
        assert_eq!(
            onto_b2,
            [KnightMove {
                to: square_at(11),
                erase: None
            }]
        );
        game.play("b2").unwrap();
        assert_eq!(game.points(Color::White), 11);
        assert_eq!(game.live & game.doubles, 0);
    }

    #[test]
    fn landing_whose_mirror_is_already_gone_erases_nothing_more() {
        // Play cannot reach this either (a number and its mirror go together): 57 on h6
        // is live while 75 on f8 is gone.
        let mut game = ascending();
        game.live &= !(1 << 75);
        game.live &= !(1 << 36);
        game.knights = [Some(36), None];
        game.ply = 2;
        let before = game.live;
        game.play("h6").unwrap();
        assert_eq!(game.points(Color::White), 57);
        assert_eq!(game.live, before & !(1 << 57));
    }
}
