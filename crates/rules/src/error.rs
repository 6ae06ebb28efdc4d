//! Why a move was refused, and why a game could not be set up.

use std::fmt;

/// A move was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a move in this game's notation at all.
    Malformed(String),
    /// The text is a well-formed move that the position does not allow.
    Illegal(String),
    /// The game is over: no move can be played.
    GameOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Malformed(text) => write!(f, "malformed move `{text}`"),
            PlayError::Illegal(text) => write!(f, "illegal move `{text}`"),
            PlayError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game could not be created from its variant and setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The variant needs a setup and none was given.
    Missing,
    /// A setup was given to a variant that takes none.
    Unexpected,
    /// The setup (or a FEN) is not valid.
    Invalid(&'static str),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Missing => f.write_str("this variant needs a setup"),
            SetupError::Unexpected => f.write_str("this variant takes no setup"),
            SetupError::Invalid(why) => write!(f, "invalid setup: {why}"),
        }
    }
}

impl std::error::Error for SetupError {}
