//! The background task that ends overdue games on time, after protecting them from the
//! server's downtime.
//!
//! Protection from downtime: every round first records its run in `sweeper_runs` (one
//! row shared by every instance). When the run before it is longer ago than
//! `DOWNTIME_THRESHOLD_MINS` (no instance swept in between: the server, or at least
//! every sweeper, was down), every active game's deadline moves on by that whole gap in
//! the same transaction, and only then are overdue games ended. Several instances are
//! safe: the recording is one guarded update, so the gap is seen, and the deadlines
//! extended, once.

use std::time::Duration;

use crate::{Services, email, game, notifications};
use store::sweeper::{self, Recorded};
use vocab::error::AppError;

/// The timeout sweep's name in `sweeper_runs`.
pub const TIMEOUT_TASK: &str = "timeouts";

/// Records this run of the sweeper and, after downtime, moves every active game's
/// deadline on by it. Returns the seconds added (0 when there was no downtime).
///
/// # Errors
///
/// Database errors: then nothing was recorded or extended, and the caller must not end
/// games on time this round.
pub async fn protect_from_downtime(state: &Services) -> Result<i64, AppError> {
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let gap = match sweeper::record_run(&mut tx, TIMEOUT_TASK, now).await? {
        Recorded::After(previous) => now - previous,
        Recorded::First | Recorded::NotNewer => 0,
    };
    let (extended, flush) = if gap > state.config.downtime_threshold_secs {
        let games = sweeper::extend_active_deadlines(&mut tx, gap).await?;
        tracing::warn!(
            downtime_secs = gap,
            games,
            "the sweeper was not running: active deadlines moved on by the downtime"
        );
        // Every active game shows its new deadline at once, in every instance.
        (gap, Some(state.events.stage_flush(&mut tx).await?))
    } else {
        (0, None)
    };
    tx.commit().await?;
    if let Some(flush) = flush {
        flush.committed(&state.events);
    }
    Ok(extended)
}

/// One round: [`protect_from_downtime`], then [`game::sweep_overdue`], then the time
/// warnings due ([`game::sweep_warnings`]), then the daily digests due
/// ([`email::queue_digests`]), then the pruning of old notices ([`notifications::prune`]).
/// Returns how many games ended on time.
///
/// # Errors
///
/// Database errors (no game is ended on time when the protection failed).
pub async fn round(state: &Services) -> Result<usize, AppError> {
    protect_from_downtime(state).await?;
    let ended = game::sweep_overdue(state).await?;
    let warnings = game::sweep_warnings(state).await?;
    if !warnings.is_empty() {
        tracing::info!(warnings = warnings.len(), "time warnings given");
    }
    if state.mail_enabled() {
        let digests = email::queue_digests(state).await?;
        if digests > 0 {
            tracing::info!(digests, "daily digests queued");
        }
    }
    let (notices, deliveries) = notifications::prune(state).await?;
    if notices + deliveries > 0 {
        tracing::info!(notices, deliveries, "old notices and outbox rows pruned");
    }
    Ok(ended)
}

/// Runs [`round`] every `interval` until the process ends. Errors are logged and the
/// next round tries again.
pub async fn run(state: Services, interval: Duration) {
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        match round(&state).await {
            Ok(0) => {}
            Ok(ended) => tracing::info!(ended, "ended overdue games on time"),
            Err(error) => tracing::warn!(%error, "timeout sweep failed"),
        }
    }
}
