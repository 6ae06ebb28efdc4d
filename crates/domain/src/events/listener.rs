//! One LISTEN connection per instance (Postgres only): every change committed by any
//! instance arrives here and goes to this instance's hub.
//!
//! Notifications sent while the connection is down are gone for good, so after
//! reconnecting the listener tells every subscriber to refetch.

use std::time::Duration;

use sqlx::postgres::PgListener;
use store::notify::listen;

use super::hub::EventHub;

/// The longest wait between two reconnection attempts.
const MAX_BACKOFF: Duration = Duration::from_secs(10);

/// Starts listening for `hub`: connects now (so that once this returns, no later change
/// is missed), then hands notifications to the hub in a task until the hub closes.
///
/// # Errors
///
/// The first connection failed.
pub async fn start(url: &str, hub: EventHub) -> Result<tokio::task::JoinHandle<()>, sqlx::Error> {
    let first = listen(url).await?;
    let url = url.to_owned();
    Ok(tokio::spawn(async move {
        tokio::select! {
            () = run(url, first, &hub) => {}
            () = hub.closed() => {}
        }
    }))
}

/// Receives until the connection is lost, then reconnects (with backoff) and asks every
/// subscriber to refetch; forever.
async fn run(url: String, mut listener: PgListener, hub: &EventHub) {
    loop {
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => hub.deliver_payload(notification.payload()),
                Ok(None) => {
                    tracing::warn!("lost the event connection to Postgres");
                    break;
                }
                Err(error) => {
                    tracing::warn!(%error, "the event connection to Postgres failed");
                    break;
                }
            }
        }
        drop(listener);
        let mut backoff = Duration::from_millis(100);
        listener = loop {
            match listen(&url).await {
                Ok(listener) => break listener,
                Err(error) => {
                    tracing::warn!(%error, ?backoff, "reconnecting the event connection");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
            }
        };
        tracing::info!("event connection to Postgres re-established: subscribers refetch");
        vocab::metrics::listener_reconnected();
        hub.refetch_all();
    }
}
