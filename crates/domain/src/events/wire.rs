//! What travels between instances in a NOTIFY payload (JSON), and what each kind of it
//! makes stale in an instance's caches.

use serde::{Deserialize, Serialize};

use super::payloads::{ChallengeSignal, ChatWire, GameEvent, UserNotice};
use crate::game::snapshots::Delivered;

/// What a NOTIFY payload carries: a game's change, a player's notice, a challenge's
/// change, a chat line, or the word to drop every snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum Wire {
    Change(Change),
    Notice(UserNotice),
    Challenge(ChallengeWire),
    Chat(ChatWire),
    Flush(FlushWire),
    SignedOut(SignedOutWire),
    Users(UsersWire),
    Reports(ReportsWire),
}

impl Wire {
    /// What this change makes stale in an instance's caches.
    pub(super) fn delivered(&self) -> Delivered<'_> {
        match self {
            Wire::Change(change) => change.delivered(),
            Wire::Notice(notice) => Delivered::Users(vec![notice.user_id.as_str()]),
            Wire::Challenge(wire) => {
                Delivered::Users(wire.challenge.users.iter().map(String::as_str).collect())
            }
            Wire::Chat(chat) => Delivered::Chat {
                game_id: &chat.chat.game_id,
                players: chat.players.iter().map(String::as_str).collect(),
            },
            Wire::Flush(_) => Delivered::Everything,
            Wire::SignedOut(wire) => Delivered::SignedOut(&wire.signed_out),
            Wire::Users(wire) => {
                Delivered::Users(wire.users_changed.iter().map(String::as_str).collect())
            }
            Wire::Reports(_) => Delivered::Reports,
        }
    }

    /// The payload's JSON.
    pub(super) fn to_json(&self) -> Result<String, sqlx::Error> {
        serde_json::to_string(self).map_err(|error| {
            sqlx::Error::Encode(Box::new(error) as Box<dyn std::error::Error + Send + Sync>)
        })
    }
}

/// A challenge signal on the wire (a field of its own, so the untagged [`Wire`] tells
/// it from the others).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct ChallengeWire {
    pub(super) challenge: ChallengeSignal,
}

/// Sessions of a player ended (signing out, a password changed or reset; a ban stages a
/// flush) or one of their API tokens was revoked: every instance drops the sessions,
/// game pages and tokens' owners it keeps of them, so an ended session or a revoked
/// token is not served from memory there either.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct SignedOutWire {
    pub(super) signed_out: String,
}

/// Something these players keep seeing changed through a request of their own, with no
/// event of its own (a setting, a note, a conditional line, notices read, a block):
/// every instance drops the sessions and game pages it keeps of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct UsersWire {
    pub(super) users_changed: Vec<String>,
}

/// A report was filed or closed: every instance drops what it keeps of administrators
/// (their header counts the open reports).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct ReportsWire {
    pub(super) reports_changed: bool,
}

/// Drop every snapshot: something any game's page may show changed without a game
/// event (a player's time zone, vacation or name; deadlines moved after downtime).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct FlushWire {
    pub(super) flush_snapshots: bool,
}

/// One player's side of a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct PlayerTurns {
    pub(super) user_id: String,
    pub(super) your_turn: bool,
    pub(super) your_turn_games: i64,
}

/// A committed change, as it travels between instances (the NOTIFY payload, in JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub(super) game: GameEvent,
    pub(super) players: Vec<PlayerTurns>,
}

impl Change {
    /// The change to `game` between `white_id` and `black_id`, whose turn counts are
    /// `counts`.
    pub(super) fn new(
        game: GameEvent,
        white_id: &str,
        black_id: &str,
        counts: (i64, i64),
    ) -> Change {
        let players = [(white_id, "white", counts.0), (black_id, "black", counts.1)]
            .into_iter()
            .map(|(user_id, colour, your_turn_games)| PlayerTurns {
                user_id: user_id.to_owned(),
                your_turn: game.status == "active" && game.to_move.as_deref() == Some(colour),
                your_turn_games,
            })
            .collect();
        Change { game, players }
    }

    /// What the change makes stale: the game's snapshots (and the results when it ended)
    /// and its players' game pages (their turn counts and next game move with it).
    pub(super) fn delivered(&self) -> Delivered<'_> {
        Delivered::Game {
            game_id: &self.game.game_id,
            ended: self.game.status != "active",
            players: self
                .players
                .iter()
                .map(|player| player.user_id.as_str())
                .collect(),
        }
    }
}
