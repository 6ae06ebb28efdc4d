//! A game-independent picture of the board, for rendering.

use serde::Serialize;

use crate::{Color, Square};

/// A chess piece kind (Chess, Chess Reversi, and Knight Fight's knights).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    /// K.
    King,
    /// Q.
    Queen,
    /// R.
    Rook,
    /// B.
    Bishop,
    /// N.
    Knight,
    /// P (chess only).
    Pawn,
}

impl PieceKind {
    /// The upper-case letter: `K`, `Q`, `R`, `B`, `N`, `P`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Queen => 'Q',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
            PieceKind::Pawn => 'P',
        }
    }

    /// The kind named by an upper-case letter.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter {
            'K' => PieceKind::King,
            'Q' => PieceKind::Queen,
            'R' => PieceKind::Rook,
            'B' => PieceKind::Bishop,
            'N' => PieceKind::Knight,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// The English name, such as `knight`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Queen => "queen",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Knight => "knight",
            PieceKind::Pawn => "pawn",
        }
    }
}

/// What one square shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Cell {
    /// Nothing on it.
    Empty,
    /// A piece of a colour.
    Piece {
        /// Whose piece.
        color: Color,
        /// Which piece.
        piece: PieceKind,
    },
    /// A Reversi disc.
    Disc {
        /// The colour facing up.
        color: Color,
    },
    /// A Knight Fight square still holding its number (00–99).
    Number {
        /// The number.
        number: u8,
    },
    /// A Knight Fight square whose number is gone for good.
    Dead,
}

/// The whole board as people see it, from White's side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// Width and height in squares.
    pub size: u8,
    /// Every square's content in row-major order from `a1` (see [`Square::index`]).
    pub cells: Vec<Cell>,
    /// The squares the last move touched (empty before the first move).
    pub last_move: Vec<Square>,
    /// The pieces off the board that their side still places (Chess Reversi's hands),
    /// White's first, each kind in the order K, Q, R, B, N, once per piece.
    pub hand: Vec<(Color, PieceKind)>,
}

impl BoardView {
    /// An empty board of `size` by `size`.
    #[must_use]
    pub fn empty(size: u8) -> BoardView {
        BoardView {
            size,
            cells: vec![Cell::Empty; usize::from(size) * usize::from(size)],
            last_move: Vec::new(),
            hand: Vec::new(),
        }
    }

    /// The content of `square`, or `None` off the board.
    #[must_use]
    pub fn cell(&self, square: Square) -> Option<Cell> {
        square
            .on_board(self.size)
            .then(|| self.cells[square.index(self.size)])
    }

    /// Sets the content of `square`.
    ///
    /// # Panics
    ///
    /// When `square` lies off this board.
    pub fn set(&mut self, square: Square, cell: Cell) {
        assert!(
            square.on_board(self.size),
            "{square} is off a {0}x{0} board",
            self.size
        );
        self.cells[square.index(self.size)] = cell;
    }

    /// Every square with its content, from `a1` in row-major order.
    pub fn squares(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        Square::all(self.size).zip(self.cells.iter().copied())
    }
}
