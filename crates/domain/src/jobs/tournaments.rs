//! The tournament runner's job: runs [`runner::round`] when woken
//! ([`Services::wake_tournaments`], after a commit that gave it work) and once a minute
//! (for start times coming due, and for work another instance marked). Each step claims
//! its tournament with a guarded update, so several instances never do one twice.

use std::time::Duration;

use crate::{Services, tournaments::runner};

/// The longest the job sleeps between rounds.
pub const IDLE_INTERVAL: Duration = Duration::from_secs(60);

/// Runs rounds until the process ends. Errors are logged and the next round tries
/// again (the work stays marked).
pub async fn run(state: Services) {
    let mut ticker = tokio::time::interval(IDLE_INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = state.tournament_wake.notified() => {}
        }
        match runner::round(&state).await {
            Ok(0) => {}
            Ok(steps) => tracing::info!(steps, "tournaments moved on"),
            Err(error) => tracing::warn!(%error, "a tournament round failed"),
        }
    }
}
