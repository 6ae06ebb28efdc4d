//! How a game ended on the board.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Color;

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// Every result, in the order of their text forms above.
    pub const ALL: [GameResult; 3] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ];

    /// A win for `color`.
    #[must_use]
    pub const fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The result of comparing two scores: the higher wins, equal scores draw.
    #[must_use]
    pub fn from_scores(white: u32, black: u32) -> GameResult {
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => GameResult::WhiteWins,
            std::cmp::Ordering::Less => GameResult::BlackWins,
            std::cmp::Ordering::Equal => GameResult::Draw,
        }
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The stable text form: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text was not `1-0`, `0-1` or `1/2-1/2`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseResultError;

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected `1-0`, `0-1` or `1/2-1/2`")
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for GameResult {
    type Err = ParseResultError;
    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::ALL
            .into_iter()
            .find(|result| result.as_str() == s)
            .ok_or(ParseResultError)
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a game ended on the board (resignation, agreement and time are the server's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Chess: the side to move is in check and has no legal move.
    Checkmate,
    /// Chess: the side to move is not in check and has no legal move.
    Stalemate,
    /// Chess: neither side can ever mate.
    InsufficientMaterial,
    /// Chess: the same position stood five times.
    FivefoldRepetition,
    /// Chess: 75 moves by each side without a capture or a pawn move.
    SeventyFiveMoveRule,
    /// Reversi: every square holds a disc.
    BoardFull,
    /// Reversi: neither side can move; Knight Fight: the side to move cannot move.
    NoMoves,
    /// Chess Reversi: all sixteen pieces stand on the board.
    AllPlaced,
    /// Chess Reversi: the side to move has no legal placement and loses.
    NoLegalPlacement,
}

/// A finished game's result and the reason it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// What ended the game.
    pub reason: EndReason,
}

/// A draw that the player to move may claim (chess only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawClaim {
    /// The current position has stood three times.
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoveRule,
}

/// Points or disc counts of both sides, in the variants that score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scores {
    /// White's score.
    pub white: u32,
    /// Black's score.
    pub black: u32,
}

impl Scores {
    /// The score of one side.
    #[must_use]
    pub const fn of(self, color: Color) -> u32 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The result these scores give at the end of a game.
    #[must_use]
    pub fn result(self) -> GameResult {
        GameResult::from_scores(self.white, self.black)
    }
}
