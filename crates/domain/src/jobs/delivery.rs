//! What the outbox hands a channel: one delivery to send, and the [`Sender`] each
//! channel (e-mail, push) implements.

use std::{future::Future, pin::Pin};

use crate::Services;
use store::notifications::{Channel, ClaimedDelivery, NotificationRow};

/// One delivery to send: the claimed row and its notice.
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// The claimed outbox row.
    pub delivery: ClaimedDelivery,
    /// The notice it delivers.
    pub notification: NotificationRow,
    /// How many of the player's notices were unread when the round read this one
    /// (`None`: a delivery without a notice of its own in the centre).
    pub unread: Option<i64>,
}

/// A boxed future of a send.
pub type SendFuture<'a> = Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;

/// A delivery channel: e-mail and push implement it (the live channel is published by the round itself).
pub trait Sender: Send + Sync {
    /// The channel it sends on.
    fn channel(&self) -> Channel;

    /// How many of its rows may be sent at once (at least one).
    fn parallel(&self) -> usize;

    /// Sends `outgoing`; an error (its text is kept in `last_error`) is tried again
    /// later.
    fn send<'a>(&'a self, state: &'a Services, outgoing: &'a Outgoing) -> SendFuture<'a>;
}
