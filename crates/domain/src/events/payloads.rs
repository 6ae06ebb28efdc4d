//! What the live events carry: a game's new state, a player's turn count, a notice, a
//! challenge's change, a chat line; each as it travels and as a subscriber receives it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use store::games;

/// How many events a subscriber may have waiting before it counts as fallen behind.
pub const SUBSCRIBER_BUFFER: usize = 16;

/// A game's state after a change: what its watchers are told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameEvent {
    /// The game's id.
    pub game_id: String,
    /// Plies played (passes included).
    pub ply: u32,
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// `white` or `black` while the game is active.
    pub to_move: Option<String>,
    /// The colour offering a draw, if one does.
    pub draw_offer: Option<String>,
}

impl GameEvent {
    /// The event's id in a stream (`Last-Event-ID`): names the state, not the event, so a
    /// client that comes back with the current state's id has missed nothing.
    #[must_use]
    pub fn state_id(&self) -> String {
        match &self.draw_offer {
            Some(offer) => format!("{}-{}-{offer}", self.ply, self.status),
            None => format!("{}-{}", self.ply, self.status),
        }
    }

    /// The state of the stored game `row`.
    #[must_use]
    pub fn of_row(row: &games::GameRow) -> GameEvent {
        GameEvent {
            game_id: row.id.clone(),
            ply: u32::try_from(row.ply).unwrap_or(u32::MAX),
            status: row.status.clone(),
            to_move: row.to_move.clone(),
            draw_offer: row.draw_offer.clone(),
        }
    }
}

/// What a signed-in player's stream says after a change in one of their games (and once
/// when it opens, with no game).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TurnNotice {
    /// The game that changed; `null` in the first notice of a stream.
    pub game_id: Option<String>,
    /// Whether that game now waits for this player's move.
    pub your_turn: bool,
    /// How many games wait for this player's move, this one included.
    pub your_turn_games: i64,
}

/// What a signed-in player's stream says when a notice reaches them (the live channel
/// of the outbox): the notice and how many are unread now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NotificationNotice {
    /// The notice's id.
    pub notification_id: String,
    /// Its kind (`your_turn`, `draw_offer`, `challenge`, `game_finished`,
    /// `clock_warning`).
    pub kind: String,
    /// How many of the player's notices are unread.
    pub unread: i64,
}

/// A notice for one player, as it travels between instances.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserNotice {
    /// The player.
    pub user_id: String,
    /// What their streams are told.
    pub notice: NotificationNotice,
}

/// How a challenge addressed to a player changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeChange {
    /// It was made.
    Created,
    /// Its challenger cancelled it.
    Canceled,
    /// The player it was addressed to declined it.
    Declined,
}

/// A change of a challenge addressed to one player, for its challenger and that player
/// (the bot API's event stream tells them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeSignal {
    /// The challenge.
    pub challenge_id: String,
    /// What happened to it.
    pub change: ChallengeChange,
    /// The challenger's and the addressed player's user ids.
    pub users: Vec<String>,
    /// Why it was declined (a decline reason's key), for [`ChallengeChange::Declined`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A new line in a game's chat: what the game's watchers who may read it are told (the
/// text itself is fetched through the page or the API, which check who may read it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ChatNotice {
    /// The game's id.
    pub game_id: String,
    /// The new line's number in the game's chat.
    pub seq: i64,
}

/// A chat line, as it travels between instances: who may hear of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatWire {
    /// What the watchers are told.
    pub chat: ChatNotice,
    /// The game's two players (they always hear of it).
    pub players: Vec<String>,
    /// Whether everyone watching may read the chat (both players allow spectators).
    pub spectators: bool,
}

/// What a subscriber receives.
#[derive(Debug, Clone)]
pub enum Delivery {
    /// A watched game changed.
    Game(Arc<RenderedGame>),
    /// The subscribed player's turn count changed.
    Turns(TurnNotice),
    /// A notice reached the subscribed player.
    Notice(NotificationNotice),
    /// A challenge made by or addressed to the subscribed player changed.
    Challenge(Arc<ChallengeSignal>),
    /// A new line in the watched game's chat, which this subscriber may read.
    Chat(ChatNotice),
    /// Events may have been lost (the instance lost its database connection): fetch the
    /// state again.
    Refetch,
}

/// A game event with its JSON and state id, rendered once for all its watchers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedGame {
    /// The event.
    pub event: GameEvent,
    /// [`GameEvent::state_id`].
    pub state_id: String,
    /// The event as JSON.
    pub json: String,
}

impl RenderedGame {
    /// Renders `event`.
    #[must_use]
    pub fn new(event: GameEvent) -> RenderedGame {
        RenderedGame {
            state_id: event.state_id(),
            json: serde_json::to_string(&event).unwrap_or_default(),
            event,
        }
    }
}
