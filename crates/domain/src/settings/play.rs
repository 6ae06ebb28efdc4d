//! A player's playing settings as values: where the browser goes after a move, whether a
//! move waits for Confirm, and what a game's page needs of its signed-in viewer.

use std::{fmt, str::FromStr};

use vocab::error::AppError;

/// Where the browser goes after the player's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AfterMove {
    /// Back to the game just played (the default).
    #[default]
    Stay,
    /// On to the next game where it is the player's turn, when there is one.
    NextGame,
}

impl AfterMove {
    /// Both, in the order the settings page offers them.
    pub const ALL: [AfterMove; 2] = [AfterMove::Stay, AfterMove::NextGame];

    /// The stored and API text: `stay` or `next_game`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            AfterMove::Stay => "stay",
            AfterMove::NextGame => "next_game",
        }
    }
}

impl fmt::Display for AfterMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is neither `stay` nor `next_game`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAfterMove;

impl fmt::Display for UnknownAfterMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("after a move is `stay` or `next_game`")
    }
}

impl std::error::Error for UnknownAfterMove {}

impl FromStr for AfterMove {
    type Err = UnknownAfterMove;

    fn from_str(text: &str) -> Result<AfterMove, UnknownAfterMove> {
        AfterMove::ALL
            .into_iter()
            .find(|choice| choice.as_str() == text)
            .ok_or(UnknownAfterMove)
    }
}

/// A player's playing settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaySettings {
    /// Where the browser goes after a move.
    pub after_move: AfterMove,
    /// Whether the script's board asks for Confirm before it sends a move.
    pub confirm_moves: bool,
    /// Whether their repertoire answers in their new games ([`crate::repertoire`]).
    pub repertoire: bool,
}

impl Default for PlaySettings {
    /// Stay on the game; confirm moves (as correspondence play is on Lichess); the
    /// repertoire answers.
    fn default() -> PlaySettings {
        PlaySettings {
            after_move: AfterMove::Stay,
            confirm_moves: true,
            repertoire: true,
        }
    }
}

/// A change of some playing settings: `None` keeps one as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlaySettingsChange {
    /// The new place to go after a move.
    pub after_move: Option<AfterMove>,
    /// Confirm moves or not.
    pub confirm_moves: Option<bool>,
    /// Whether the repertoire answers in new games.
    pub repertoire: Option<bool>,
}

/// Reads `after_move` as a person or program sent it.
///
/// # Errors
///
/// 422 `invalid_after_move` for anything but `stay` and `next_game`.
pub fn parse_after_move(text: &str) -> Result<AfterMove, AppError> {
    text.parse().map_err(|error: UnknownAfterMove| {
        AppError::invalid("invalid_after_move", error.to_string())
    })
}

/// Reads a form's `confirm_moves`: `1` (confirm) or `0` (send at once).
///
/// # Errors
///
/// 422 `invalid_confirm_moves` for anything else.
pub fn parse_confirm_moves(text: &str) -> Result<bool, AppError> {
    match text {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(AppError::invalid(
            "invalid_confirm_moves",
            "confirming moves is `1` (on) or `0` (off)",
        )),
    }
}

/// Reads a form's `repertoire`: `1` (the repertoire answers in new games) or `0`.
///
/// # Errors
///
/// 422 `invalid_repertoire` for anything else.
pub fn parse_repertoire(text: &str) -> Result<bool, AppError> {
    match text {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(AppError::invalid(
            "invalid_repertoire",
            "the repertoire in new games is `1` (on) or `0` (off)",
        )),
    }
}

/// What a game's page needs of its signed-in viewer besides the game.
#[derive(Debug, Clone, Default)]
pub struct GamePageViewer {
    /// Their playing settings.
    pub play: PlaySettings,
    /// The next game waiting for them to move other than this one.
    pub next_game: Option<String>,
    /// How many conditional lines they hold in this game.
    pub conditional_lines: i64,
    /// How many of their notices of this game are unread (opening the game reads them).
    pub unread_here: i64,
    /// Whether their repertoire answers in this game; `None` when they do not play in it.
    pub repertoire_here: Option<bool>,
}
