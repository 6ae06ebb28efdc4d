//! Live game events inside one process: a broadcast channel per watched game.
//!
//! The interface is small on purpose ([`EventHub::publish`], [`EventHub::subscribe`]) so
//! a later version can carry events between instances (Postgres LISTEN/NOTIFY) behind it.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

use serde::Serialize;
use tokio::sync::broadcast;

/// Something changed in a game; viewers fetch the game again (or read `ply`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct GameEvent {
    /// The game's id.
    pub game_id: String,
    /// The game's ply after the change.
    pub ply: u32,
}

/// The channels of all games someone is watching. Clones share them.
#[derive(Debug, Clone, Default)]
pub struct EventHub {
    inner: Arc<Mutex<Hub>>,
}

#[derive(Debug, Default)]
struct Hub {
    channels: HashMap<String, broadcast::Sender<GameEvent>>,
    closed: bool,
}

/// How many events a slow viewer may fall behind before it skips ahead.
const CAPACITY: usize = 32;

impl EventHub {
    /// Tells everyone watching `game_id` that it changed (no one watching: nothing).
    pub fn publish(&self, game_id: &str, ply: u32) {
        let mut hub = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sender) = hub.channels.get(game_id) {
            let event = GameEvent {
                game_id: game_id.to_owned(),
                ply,
            };
            if sender.send(event).is_err() {
                hub.channels.remove(game_id);
            }
        }
    }

    /// Starts watching `game_id`. The receiver ends when the hub closes (at shutdown).
    #[must_use]
    pub fn subscribe(&self, game_id: &str) -> broadcast::Receiver<GameEvent> {
        let mut hub = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if hub.closed {
            // An already closed channel: the stream ends at once.
            return broadcast::channel(1).1;
        }
        hub.channels.retain(|_, sender| sender.receiver_count() > 0);
        hub.channels
            .entry(game_id.to_owned())
            .or_insert_with(|| broadcast::channel(CAPACITY).0)
            .subscribe()
    }

    /// How many live-event streams are open (for the metrics gauge).
    #[must_use]
    pub fn subscriber_count(&self) -> usize {
        let hub = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        hub.channels
            .values()
            .map(broadcast::Sender::receiver_count)
            .sum()
    }

    /// Ends every stream (graceful shutdown waits for open connections).
    pub fn close(&self) {
        let mut hub = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        hub.closed = true;
        hub.channels.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn subscribers_get_events_of_their_game_only() {
        let hub = EventHub::default();
        let mut one = hub.subscribe("g1");
        let mut two = hub.subscribe("g2");
        hub.publish("g1", 3);
        assert_eq!(
            one.recv().await.unwrap(),
            GameEvent {
                game_id: "g1".into(),
                ply: 3
            }
        );
        assert!(two.try_recv().is_err());
    }

    #[tokio::test]
    async fn closing_ends_the_streams() {
        let hub = EventHub::default();
        let mut rx = hub.subscribe("g1");
        hub.close();
        assert!(matches!(
            rx.recv().await,
            Err(broadcast::error::RecvError::Closed)
        ));
        let mut late = hub.subscribe("g1");
        assert!(matches!(
            late.recv().await,
            Err(broadcast::error::RecvError::Closed)
        ));
    }
}
