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
    /// `0-0`: neither side scores. Never given by the board; a deadline's rule gives it
    /// to a game its players did not finish in time.
    BothLose,
}

impl GameResult {
    /// Every result, in the order of their text forms above.
    pub const ALL: [GameResult; 4] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::BothLose,
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

    /// The winner, or `None` for a draw or a game both sides lost.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::BothLose => None,
        }
    }

    /// The half points (win 2, draw 1, loss 0) `color` scored.
    #[must_use]
    pub const fn half_points(self, color: Color) -> u32 {
        match (self, color) {
            (GameResult::Draw, _) => 1,
            (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 2,
            _ => 0,
        }
    }

    /// The stable text form: `1-0`, `0-1`, `1/2-1/2` or `0-0`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose => "0-0",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text was not `1-0`, `0-1`, `1/2-1/2` or `0-0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseResultError;

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected `1-0`, `0-1`, `1/2-1/2` or `0-0`")
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
///
/// Its stable text form is snake case (`checkmate`, `board_full`, …), both ways and in
/// serde.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

impl EndReason {
    /// Every reason, in declaration order.
    pub const ALL: [EndReason; 9] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::InsufficientMaterial,
        EndReason::FivefoldRepetition,
        EndReason::SeventyFiveMoveRule,
        EndReason::BoardFull,
        EndReason::NoMoves,
        EndReason::AllPlaced,
        EndReason::NoLegalPlacement,
    ];

    /// The stable text form: `checkmate`, `stalemate`, `insufficient_material`,
    /// `fivefold_repetition`, `seventy_five_move_rule`, `board_full`, `no_moves`,
    /// `all_placed` or `no_legal_placement`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::FivefoldRepetition => "fivefold_repetition",
            EndReason::SeventyFiveMoveRule => "seventy_five_move_rule",
            EndReason::BoardFull => "board_full",
            EndReason::NoMoves => "no_moves",
            EndReason::AllPlaced => "all_placed",
            EndReason::NoLegalPlacement => "no_legal_placement",
        }
    }
}

/// A draw that the player to move may claim (chess only).
///
/// Its stable text form is snake case (`threefold_repetition`, `fifty_move_rule`), both
/// ways and in serde.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawClaim {
    /// The current position has stood three times.
    ThreefoldRepetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoveRule,
}

impl DrawClaim {
    /// Every claim, in declaration order.
    pub const ALL: [DrawClaim; 2] = [DrawClaim::ThreefoldRepetition, DrawClaim::FiftyMoveRule];

    /// The stable text form: `threefold_repetition` or `fifty_move_rule`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DrawClaim::ThreefoldRepetition => "threefold_repetition",
            DrawClaim::FiftyMoveRule => "fifty_move_rule",
        }
    }
}

/// Serde as the text form, for the text-form types that travel in JSON.
macro_rules! text_serde {
    ($type:ident) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                let text = String::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

crate::text_form!(EndReason, "end reason");
text_serde!(EndReason);
crate::text_form!(DrawClaim, "draw claim");
text_serde!(DrawClaim);

/// A finished game's result and the reason it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Who won, or a draw.
    pub result: GameResult,
    /// What ended the game.
    pub reason: EndReason,
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn end_reasons_round_trip_through_text_and_serde(index in 0..EndReason::ALL.len()) {
            let reason = EndReason::ALL[index];
            prop_assert_eq!(reason.to_string().parse::<EndReason>(), Ok(reason));
            let json = serde_json::to_string(&reason).unwrap();
            prop_assert_eq!(&json, &format!("\"{}\"", reason.as_str()));
            prop_assert_eq!(serde_json::from_str::<EndReason>(&json).unwrap(), reason);
        }

        #[test]
        fn draw_claims_round_trip_through_text_and_serde(index in 0..DrawClaim::ALL.len()) {
            let claim = DrawClaim::ALL[index];
            prop_assert_eq!(claim.to_string().parse::<DrawClaim>(), Ok(claim));
            let json = serde_json::to_string(&claim).unwrap();
            prop_assert_eq!(serde_json::from_str::<DrawClaim>(&json).unwrap(), claim);
        }

        #[test]
        fn other_text_is_refused(text in "[a-z_]{0,24}") {
            let known = EndReason::ALL.iter().any(|reason| reason.as_str() == text);
            prop_assert_eq!(text.parse::<EndReason>().is_ok(), known);
            let known = DrawClaim::ALL.iter().any(|claim| claim.as_str() == text);
            prop_assert_eq!(text.parse::<DrawClaim>().is_ok(), known);
        }
    }

    #[test]
    fn text_forms_are_snake_case_and_distinct() {
        let mut names: Vec<&str> = EndReason::ALL.iter().map(|r| r.as_str()).collect();
        names.extend(DrawClaim::ALL.iter().map(|c| c.as_str()));
        assert!(
            names
                .iter()
                .all(|name| name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
        );
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
        assert_eq!(
            "fifty".parse::<DrawClaim>().unwrap_err().to_string(),
            "unknown draw claim `fifty`"
        );
    }
}
