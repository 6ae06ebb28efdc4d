//! Background jobs beside the sweeper ([`crate::sweeper`]): each claims its rows with a
//! guarded update, so several instances never do the same work twice.

pub mod adjudication;
pub mod delivery;
pub mod engine;
pub mod outbox;
pub mod outbox_wake;
pub mod push;
pub mod reviews;
pub mod tournaments;
