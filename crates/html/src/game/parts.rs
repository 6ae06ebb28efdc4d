//! What the game page's modules share: the page's query, the parts of the page the
//! template reads (move pairs, replay links, action buttons, clock lines), and the
//! position at a ply.

use rules::AnyGame;
use serde::Deserialize;

use crate::format::Countdown;
use domain::game::GameDetail;
use vocab::error::AppError;

/// The game page's query.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct GameQuery {
    /// Show the position after this many moves.
    pub(super) ply: Option<u32>,
    /// Turn the board around.
    pub(super) flip: Option<String>,
    /// Chess Reversi: shade attacked squares.
    pub(super) attacks: Option<String>,
    /// `resign`: ask for confirmation.
    pub(super) confirm: Option<String>,
    /// `note`: the viewer's note was just saved.
    pub(super) saved: Option<String>,
    /// Every parameter, for the board: the selection so far is kept in parameters named
    /// after the game's input steps (`from=e2`, `piece=Q`).
    #[serde(skip)]
    pub(super) params: Vec<(String, String)>,
}

/// One numbered line of the move list.
#[derive(Debug, Clone)]
pub struct MovePair {
    /// The move number.
    pub number: usize,
    /// White's move: (text, link, shown now).
    pub white: (String, String, bool),
    /// Black's move, if played.
    pub black: Option<(String, String, bool)>,
}

/// A replay link.
#[derive(Debug, Clone)]
pub struct ReplayLink {
    /// The translation key of its text.
    pub key: &'static str,
    /// `first`, `prev`, `next` or `last`: the script follows it on Home, the left arrow,
    /// the right arrow or End.
    pub nav: &'static str,
    /// The link (empty when it goes nowhere).
    pub href: String,
}

/// An action button: where it posts and its translated text.
#[derive(Debug, Clone)]
pub struct ActionButton {
    /// The action's name in the URL (`resign`, `draw-offer`, …).
    pub action: &'static str,
    /// The button text.
    pub text: String,
}

/// One player's clock on the game page.
#[derive(Debug, Clone)]
pub struct ClockLine {
    /// The colour's name.
    pub color: String,
    /// The time left in words (empty when untimed).
    pub text: String,
    /// The countdown, while the clock runs.
    pub countdown: Option<Countdown>,
    /// Why the clock stands still on the player's turn ("Weekend", "On vacation until
    /// …"), empty when it does not.
    pub stopped: String,
}

/// The position after `ply` moves of `detail` (the live one when `ply` is the end).
pub(crate) fn position_at(detail: &GameDetail, ply: u32) -> Result<AnyGame, AppError> {
    if ply >= detail.game.ply() {
        return Ok(detail.game.clone());
    }
    let moves: Vec<&str> = detail.game.moves().take(ply as usize).collect();
    AnyGame::replay(detail.variant(), detail.game.setup().clone(), moves)
        .map_err(AppError::internal)
}
