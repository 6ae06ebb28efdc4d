//! A game's chat as one viewer sees it, and the pieces it is made of.

use rules::Color;

/// One chat line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// Its number in its game (1, 2, …).
    pub seq: i64,
    /// Its author's name.
    pub author: String,
    /// The colour its author plays.
    pub color: Option<Color>,
    /// The game's ply when it was written.
    pub ply: i64,
    /// The text (line breaks as `\n`).
    pub text: String,
    /// When it was written (unix seconds).
    pub created_at: i64,
}

/// Why a player may not write in a game's chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// The viewer blocks the opponent.
    YouBlock,
    /// The opponent blocks the viewer.
    Blocked,
    /// An administrator muted the viewer (see `domain::moderation`).
    Muted,
}

/// A game's chat as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatView {
    /// The colour the viewer plays (`None`: a spectator or a guest).
    pub viewer: Option<Color>,
    /// Whether both players let spectators read it.
    pub spectators: bool,
    /// Whether the viewer may read it.
    pub readable: bool,
    /// Why the viewer, a player, may not write (`None`: they may, or they do not play).
    pub closed: Option<Closed>,
    /// The lines after the number asked for (empty when not readable).
    pub lines: Vec<ChatLine>,
    /// The viewer's note on the game, when they play in it and it was asked for.
    pub note: Option<Note>,
}

impl ChatView {
    /// Whether the viewer may write a line now.
    #[must_use]
    pub fn may_write(&self) -> bool {
        self.viewer.is_some() && self.closed.is_none()
    }
}

/// A player's note on a game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Note {
    /// The text (empty: no note).
    pub text: String,
    /// When it was last saved (`None`: never).
    pub updated_at: Option<i64>,
}

/// A block, as its blocker lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The blocked player's name.
    pub username: String,
    /// Since when (unix seconds).
    pub created_at: i64,
}
