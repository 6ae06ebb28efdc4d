//! Live events: after every committed change of a game, its watchers learn the game's new
//! state and its two players learn how many games now wait for their move.
//!
//! A change is *staged* inside the transaction that makes it ([`EventHub::stage`]) and
//! *delivered* once that transaction has committed ([`Staged::committed`]), so nobody
//! hears of a change that was rolled back. With SQLite there is one process: delivery is
//! a call into this process's hub. With Postgres, staging runs `pg_notify` in the
//! transaction itself, and every instance's [`listener`] hands what Postgres delivers
//! after the commit to its own hub, so watchers connected to any instance hear of every
//! change.
//!
//! Each subscriber has a small bounded buffer. The hub never waits for a subscriber: one
//! whose buffer is full has fallen behind and is dropped (its stream ends; the client
//! reconnects with `Last-Event-ID` and is told to refetch).

pub mod listener;
pub mod presence;

pub mod hub;
pub mod payloads;
pub mod staged;
mod wire;

#[cfg(test)]
mod tests;

pub use hub::{EventHub, StreamSlot, Subscription};
pub use payloads::{
    ChallengeChange, ChallengeSignal, ChatNotice, ChatWire, Delivery, GameEvent,
    NotificationNotice, RenderedGame, SUBSCRIBER_BUFFER, TurnNotice, UserNotice,
};
pub use staged::Staged;
pub use store::notify::CHANNEL;
pub use wire::Change;
