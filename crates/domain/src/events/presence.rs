//! Who is looking at a game right now, so that e-mail and push stay quiet about it.
//!
//! A player watches a game while their game page holds its event stream open (a
//! signed-in player's `GET /api/v1/me/events?game=…`). Each instance's [`EventHub`]
//! knows its own watchers, and keeps them in the `presence` table for the others
//! ([`start`]): a row per player, game and instance, written when a watcher comes,
//! deleted when the last one goes, and renewed every [`REFRESH`]; an instance that dies
//! leaves rows that run out after [`TTL_SECS`].
//!
//! Presence follows real connections, so its times are the wall clock's, not the
//! app's (injectable) clock.

use std::{collections::HashSet, sync::Arc, time::Duration};

use crate::Services;
use store::{Database, presence};
use vocab::{
    clock::{Clock, SystemClock},
    error::AppError,
};

use super::hub::EventHub;

/// How often an instance renews its rows.
pub const REFRESH: Duration = Duration::from_secs(20);

/// How long a row outlives its last renewal (seconds).
pub const TTL_SECS: i64 = 60;

/// Whether `user_id` is watching `game_id` now, on this instance or another.
///
/// # Errors
///
/// Database errors reading other instances' rows.
pub async fn is_watching(state: &Services, user_id: &str, game_id: &str) -> Result<bool, AppError> {
    if state.events.watches(user_id, game_id) {
        return Ok(true);
    }
    let mut conn = state.db.pool.acquire().await?;
    Ok(presence::is_watching(&mut conn, user_id, game_id, SystemClock.now()).await?)
}

/// Starts keeping this instance's watchers in the `presence` table, until the hub
/// closes; then this instance's rows are deleted.
pub fn start(db: Database, hub: EventHub, instance_id: Arc<String>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut written = HashSet::new();
        let mut ticker = tokio::time::interval(REFRESH);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let renew = tokio::select! {
                _ = ticker.tick() => true,
                () = hub.presence_changed() => false,
                () = hub.closed() => break,
            };
            if let Err(error) = sync(&db, &hub, &instance_id, &mut written, renew).await {
                tracing::warn!(%error, "keeping the watchers in the presence table");
            }
        }
        if let Err(error) = forget(&db, &instance_id).await {
            tracing::warn!(%error, "deleting this instance's presence rows");
        }
    })
}

/// Writes the watchers that came since the last call and deletes those that went; with
/// `renew`, also renews every row of this instance and deletes rows that ran out.
async fn sync(
    db: &Database,
    hub: &EventHub,
    instance_id: &str,
    written: &mut HashSet<(String, String)>,
    renew: bool,
) -> Result<(), sqlx::Error> {
    let now = SystemClock.now();
    let watched = hub.watched();
    let mut conn = db.pool.acquire().await?;
    for (user_id, game_id) in watched.difference(written) {
        presence::write(&mut conn, user_id, game_id, instance_id, now + TTL_SECS).await?;
    }
    for (user_id, game_id) in written.difference(&watched) {
        presence::delete(&mut conn, user_id, game_id, instance_id).await?;
    }
    *written = watched;
    if renew {
        presence::renew(&mut conn, instance_id, now + TTL_SECS, now).await?;
    }
    Ok(())
}

/// Deletes this instance's rows (at shutdown).
async fn forget(db: &Database, instance_id: &str) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    presence::forget_instance(&mut conn, instance_id).await
}
