//! The background task that ends overdue games on time.

use std::time::Duration;

use crate::{AppState, domain::game};

/// Runs [`game::sweep_overdue`] every `interval` until the process ends. Errors are
/// logged and the next round tries again.
pub async fn run(state: AppState, interval: Duration) {
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        match game::sweep_overdue(&state).await {
            Ok(0) => {}
            Ok(ended) => tracing::info!(ended, "ended overdue games on time"),
            Err(error) => tracing::warn!(%error, "timeout sweep failed"),
        }
    }
}
