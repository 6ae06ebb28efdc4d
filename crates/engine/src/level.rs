//! The playing levels, 1 to 8.

use std::{fmt, str::FromStr};

/// How well the engine plays: 1 picks almost at random, 8 searches as deep as the budget
/// allows. Levels in between search deeper and add less noise to their choice as they
/// rise (the README lists what each level does per family).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// Level 1: almost random.
    pub const MIN: Level = Level(1);
    /// Level 8: the best within the budget.
    pub const MAX: Level = Level(8);

    /// Every level, weakest first.
    pub const ALL: [Level; 8] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];

    /// The level `number`, if it is 1 to 8.
    #[must_use]
    pub const fn new(number: u8) -> Option<Level> {
        if number >= 1 && number <= 8 {
            Some(Level(number))
        } else {
            None
        }
    }

    /// The level's number, 1 to 8.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The index of the level in per-level tables (0 to 7).
    pub(crate) const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The text is not a level number from 1 to 8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLevelError;

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a level is a number from 1 to 8")
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        text.parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or(ParseLevelError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_to_eight() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!("8".parse(), Ok(Level::MAX));
        assert_eq!("0".parse::<Level>(), Err(ParseLevelError));
        assert_eq!("x".parse::<Level>(), Err(ParseLevelError));
        assert_eq!(Level::ALL.map(Level::number), [1, 2, 3, 4, 5, 6, 7, 8]);
    }
}
