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

use std::time::Duration;

use vocab::error::AppError;

/// Runs `round` every `interval` until the process ends: what a round did (`done` of
/// `what`) is logged when it did anything, and its error, after which the next round
/// tries again.
pub(crate) async fn every<Round, Done>(interval: Duration, what: &'static str, mut round: Round)
where
    Round: FnMut() -> Done,
    Done: Future<Output = Result<usize, AppError>>,
{
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        match round().await {
            Ok(0) => {}
            Ok(done) => tracing::info!(done, what, "a job's round did work"),
            Err(error) => tracing::warn!(%error, what, "a job's round failed"),
        }
    }
}
