//! Squares in algebraic coordinates, on boards of up to 10x10.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The widest (and tallest) board any game uses.
pub const MAX_BOARD_SIZE: u8 = 10;

/// A square: a file (`a` = 0, from White's left) and a rank (`1` = 0, from White's side).
///
/// Squares exist up to `j10`; whether one lies on a given board is for that board to say
/// ([`Square::on_board`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    rank: u8,
    file: u8,
}

impl Square {
    /// The square at zero-based `file` and `rank`, or `None` beyond `j10`.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_BOARD_SIZE && rank < MAX_BOARD_SIZE {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// Zero-based file: 0 for `a`.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.file
    }

    /// Zero-based rank: 0 for rank `1`.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Whether the square lies on a board `size` squares wide and tall.
    #[must_use]
    pub const fn on_board(self, size: u8) -> bool {
        self.file < size && self.rank < size
    }

    /// Row-major index on a board `size` squares wide: `a1` is 0, `b1` is 1.
    #[must_use]
    pub const fn index(self, size: u8) -> usize {
        self.rank as usize * size as usize + self.file as usize
    }

    /// The square at a row-major `index` on a board `size` squares wide.
    #[must_use]
    pub const fn from_index(index: usize, size: u8) -> Option<Square> {
        let size = size as usize;
        if size == 0 || index >= size * size {
            return None;
        }
        Square::new((index % size) as u8, (index / size) as u8)
    }

    /// The square `files` to the right and `ranks` up, if it lies on a board of `size`.
    #[must_use]
    pub const fn offset(self, files: i8, ranks: i8, size: u8) -> Option<Square> {
        let file = self.file as i16 + files as i16;
        let rank = self.rank as i16 + ranks as i16;
        if file < 0 || rank < 0 || file >= size as i16 || rank >= size as i16 {
            None
        } else {
            Some(Square {
                file: file as u8,
                rank: rank as u8,
            })
        }
    }

    /// Whether the square is dark, as on a chessboard: `a1` is dark.
    #[must_use]
    pub const fn is_dark(self) -> bool {
        (self.file + self.rank).is_multiple_of(2)
    }

    /// Every square of a board `size` squares wide, in row-major order from `a1`.
    pub fn all(size: u8) -> impl Iterator<Item = Square> {
        (0..size).flat_map(move |rank| (0..size).map(move |file| Square { file, rank }))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The text is not a square from `a1` to `j10`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square from `a1` to `j10`")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bytes = s.as_bytes();
        let (&file, rank) = bytes.split_first().ok_or(ParseSquareError)?;
        let rank = match rank {
            [digit @ b'1'..=b'9'] => digit - b'1',
            [b'1', b'0'] => 9,
            _ => return Err(ParseSquareError),
        };
        match file {
            b'a'..=b'j' => Square::new(file - b'a', rank).ok_or(ParseSquareError),
            _ => Err(ParseSquareError),
        }
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_for_every_square() {
        for square in Square::all(MAX_BOARD_SIZE) {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        assert_eq!(
            "j10".parse::<Square>(),
            Square::new(9, 9).ok_or(ParseSquareError)
        );
    }

    #[test]
    fn rejects_malformed_text() {
        for text in ["", "a", "a0", "k1", "a11", "a01", "A1", "a1 ", "10a", "é1"] {
            assert!(text.parse::<Square>().is_err(), "{text}");
        }
    }

    #[test]
    fn a1_is_dark() {
        assert!("a1".parse::<Square>().unwrap().is_dark());
        assert!(!"b1".parse::<Square>().unwrap().is_dark());
        assert!("h8".parse::<Square>().unwrap().is_dark());
    }
}
