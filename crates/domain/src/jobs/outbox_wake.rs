//! The outbox lanes' wake-up signals, which [`crate::Services`] holds and each lane of
//! [`super::outbox`] waits on.

use store::notifications::Channel;
use tokio::sync::Notify;

/// Wakes an instance's outbox lanes: a signal per channel, so that every lane hears each
/// wake ([`crate::Services::wake_outbox`]).
#[derive(Debug, Default)]
pub struct Wake([Notify; 3]);

impl Wake {
    /// Wakes every lane.
    pub fn all(&self) {
        for lane in &self.0 {
            lane.notify_one();
        }
    }

    /// The signal of `channel`'s lane.
    pub(crate) fn of(&self, channel: Channel) -> &Notify {
        let index = Channel::ALL
            .iter()
            .position(|each| *each == channel)
            .unwrap_or_default();
        &self.0[index]
    }
}
