//! Saved positions: a game's state as a short text, so that the server can keep a
//! position beside the moves and show a game without replaying its record.
//!
//! The stored moves stay the truth. A saved position is a cache of their replay, written
//! in the same transaction as the moves and checked against a replay by the tests and by
//! `copy-data`. Its form is `<the family's fields> | <the last move's squares>`: fields
//! separated by spaces, bit boards in hexadecimal, `-` for an absent value. Restoring
//! checks that the fields make a position of the variant, so a damaged cache is refused
//! rather than played on.

use std::{fmt, str::SplitAsciiWhitespace};

use crate::Color;

/// A saved position that does not describe a position of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestoreError(pub(crate) &'static str);

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the saved position is not valid: {}", self.0)
    }
}

impl std::error::Error for RestoreError {}

/// What every game family saves and restores.
pub(crate) trait Saved: Sized {
    /// Appends the position's fields to `out`.
    fn save(&self, out: &mut String);

    /// The position `fields` describe, for the game that started as `self` (its board
    /// size, its setup).
    fn restore(&self, fields: Fields<'_>) -> Result<Self, RestoreError>;
}

/// The space-separated fields of a saved position, read one at a time.
pub(crate) struct Fields<'a> {
    parts: SplitAsciiWhitespace<'a>,
}

impl<'a> Fields<'a> {
    pub(crate) fn new(text: &'a str) -> Fields<'a> {
        Fields {
            parts: text.split_ascii_whitespace(),
        }
    }

    /// The next field as it stands.
    pub(crate) fn text(&mut self, what: &'static str) -> Result<&'a str, RestoreError> {
        self.parts.next().ok_or(RestoreError(what))
    }

    /// The next field as a hexadecimal bit board.
    pub(crate) fn bits(&mut self, what: &'static str) -> Result<u128, RestoreError> {
        u128::from_str_radix(self.text(what)?, 16).map_err(|_| RestoreError(what))
    }

    /// The next field as a decimal number.
    pub(crate) fn number<T: std::str::FromStr>(
        &mut self,
        what: &'static str,
    ) -> Result<T, RestoreError> {
        self.text(what)?.parse().map_err(|_| RestoreError(what))
    }

    /// The next field as a decimal number, or `-` for none.
    pub(crate) fn optional<T: std::str::FromStr>(
        &mut self,
        what: &'static str,
    ) -> Result<Option<T>, RestoreError> {
        match self.text(what)? {
            "-" => Ok(None),
            text => text.parse().map(Some).map_err(|_| RestoreError(what)),
        }
    }

    /// The next field as a side, `w` or `b`.
    pub(crate) fn color(&mut self, what: &'static str) -> Result<Color, RestoreError> {
        match self.text(what)? {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            _ => Err(RestoreError(what)),
        }
    }

    /// The fields not read yet.
    pub(crate) fn rest(self) -> SplitAsciiWhitespace<'a> {
        self.parts
    }

    /// Checks that every field was read.
    pub(crate) fn end(mut self) -> Result<(), RestoreError> {
        match self.parts.next() {
            None => Ok(()),
            Some(_) => Err(RestoreError("fields left over")),
        }
    }
}

/// A side as a saved field.
pub(crate) const fn color_field(color: Color) -> char {
    match color {
        Color::White => 'w',
        Color::Black => 'b',
    }
}
