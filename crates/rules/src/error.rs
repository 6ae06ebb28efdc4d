//! Why a move was refused.

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
