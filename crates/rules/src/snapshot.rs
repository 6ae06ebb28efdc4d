//! The position in the API's JSON shape.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{BoardView, Cell, Square};

/// The position in the API's JSON shape (see API.md), from [`crate::Game::snapshot`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PositionSnapshot {
    /// Chess: `{"fen"}`.
    Chess {
        /// The position in Forsyth–Edwards Notation.
        fen: String,
    },
    /// Reversi and Chess Reversi: `{"squares": {"d4": "W", …}}`.
    Squares {
        /// Reversi discs `W`/`B`; Chess Reversi pieces `KQRBN` (White), `kqrbn` (Black).
        squares: BTreeMap<Square, char>,
    },
    /// Knight Fight: the numbers left and both knights.
    KnightFight {
        /// Only squares that still hold a number.
        numbers: BTreeMap<Square, u8>,
        /// Where each knight stands, `null` before it is placed.
        knights: Knights,
    },
}

impl PositionSnapshot {
    /// The occupied squares of `board` by letter: discs `W`/`B`, pieces by their letter,
    /// upper case for White. The shape of every game without one of its own.
    #[must_use]
    pub fn squares(board: &BoardView) -> PositionSnapshot {
        let squares = board
            .squares()
            .filter_map(|(square, cell)| {
                let letter = match cell {
                    Cell::Disc { color } => color.fold('W', 'B'),
                    Cell::Piece { color, piece } => {
                        color.fold(piece.letter(), piece.letter().to_ascii_lowercase())
                    }
                    _ => return None,
                };
                Some((square, letter))
            })
            .collect();
        PositionSnapshot::Squares { squares }
    }
}

/// Where the two Knight Fight knights stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Knights {
    /// White's knight.
    pub white: Option<Square>,
    /// Black's knight.
    pub black: Option<Square>,
}
