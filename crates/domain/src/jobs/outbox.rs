//! The notification sender: delivers the outbox's rows, each through its channel.
//!
//! Rows are written in the transaction that writes their notice. A round
//! ([`run_once`]) claims the due rows with one guarded update (`claimed_by` this
//! instance, `claimed_until` now plus [`LEASE_SECS`]; on Postgres over `for update skip
//! locked`), reads their notices with each player's unread count in one more statement
//! ([`rows::to_deliver`]), sends each through the [`Sender`] of its channel, and marks it
//! sent while it still holds the claim. A failed send is tried again after an exponential backoff
//! ([`backoff`]), until [`MAX_ATTEMPTS`] claims have failed. An instance that dies
//! mid-send loses its lease when it runs out, and another instance sends the row then.
//! So several instances never send a row twice as long as a send ends within its lease
//! (sends are cut off at half of it), and a crash loses nothing.
//!
//! Channels: [`Channel::Live`] (the player's open event streams, on every instance: a round
//! publishes all its live rows in one statement and marks them sent in one more), and
//! ([`senders`]) [`Channel::Email`] ([`EmailSender`]: the clock warnings' mails and the
//! daily digest) and [`Channel::Push`] (Web Push to the player's devices).

use std::{collections::HashMap, sync::Arc, time::Duration};

pub use super::delivery::{Outgoing, SendFuture, Sender};

use crate::{
    Services,
    events::{NotificationNotice, UserNotice},
};
use store::{
    lease::Claim,
    notifications::{self as rows, Channel, ClaimedDelivery, NoticeToDeliver, NotificationRow},
};
use vocab::error::AppError;

/// How long a claim holds a row (seconds).
pub const LEASE_SECS: i64 = 60;

/// After this many failed claims a row is failed for good.
pub const MAX_ATTEMPTS: i64 = 8;

/// The wait after the first failure (seconds); doubled after each further one.
pub const BACKOFF_BASE_SECS: i64 = 30;

/// The longest wait between two attempts (seconds): six hours.
pub const BACKOFF_MAX_SECS: i64 = 6 * 3_600;

/// Rows claimed per round.
const BATCH: i64 = 100;

/// How often the job looks for due rows when nothing wakes it.
const IDLE_INTERVAL: Duration = Duration::from_secs(5);

/// The wait before the next attempt after `attempts` failed claims.
#[must_use]
pub fn backoff(attempts: i64) -> i64 {
    let doublings = u32::try_from((attempts - 1).clamp(0, 20)).unwrap_or(20);
    BACKOFF_BASE_SECS
        .saturating_mul(1_i64 << doublings)
        .min(BACKOFF_MAX_SECS)
}

/// The e-mail channel: a clock warning's mail or a digest, over SMTP
/// ([`crate::email::deliver`]), with the row's id as the Message-ID.
#[derive(Debug, Clone, Copy, Default)]
pub struct EmailSender;

impl Sender for EmailSender {
    fn channel(&self) -> Channel {
        Channel::Email
    }

    fn send<'a>(&'a self, state: &'a Services, outgoing: &'a Outgoing) -> SendFuture<'a> {
        Box::pin(crate::email::deliver(state, outgoing))
    }
}

/// The senders of every channel but [`Channel::Live`] (a round publishes its live rows together,
/// `send_live`).
#[must_use]
pub fn senders() -> Vec<Arc<dyn Sender>> {
    vec![
        Arc::new(EmailSender),
        Arc::new(crate::jobs::push::PushSender),
    ]
}

/// What a round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Round {
    /// Rows sent.
    pub sent: usize,
    /// Rows whose send failed and will be tried again.
    pub retried: usize,
    /// Rows failed for good.
    pub failed: usize,
}

/// The notice-shaped row of a delivery without a notice: its payload as the notice's,
/// its kind and game from the payload.
fn own_notice(delivery: &ClaimedDelivery, now: i64) -> NotificationRow {
    let payload = delivery.payload.clone().unwrap_or_else(|| "{}".to_owned());
    let value: serde_json::Value = serde_json::from_str(&payload).unwrap_or_default();
    let field = |name: &str| {
        value
            .get(name)
            .and_then(serde_json::Value::as_str)
            .map(str::to_owned)
    };
    NotificationRow {
        id: delivery.id.clone(),
        user_id: delivery.user_id.clone(),
        kind: field("kind").unwrap_or_default(),
        game_id: field("game_id"),
        challenge_id: field("challenge_id"),
        payload,
        created_at: now,
        read_at: None,
    }
}

/// One round with the given senders: claims the due rows and sends them. See the
/// module's text.
///
/// # Errors
///
/// Database errors of the claim or of marking a row (a row left claimed is sent again
/// after its lease).
pub async fn run_with(state: &Services, senders: &[Arc<dyn Sender>]) -> Result<Round, AppError> {
    let now = state.now();
    let instance = state.instance_id.as_str();
    // The claim and the notices it delivers on one connection, in two statements.
    let (claimed, notices) = {
        let mut conn = state.db.pool.acquire().await?;
        let claim = Claim {
            instance,
            now,
            until: now + LEASE_SECS,
            limit: BATCH,
        };
        let claimed = rows::claim_due(&mut conn, state.db.backend, claim).await?;
        let ids: Vec<&str> = claimed
            .iter()
            .filter_map(|delivery| delivery.notification_id.as_deref())
            .collect();
        let notices: HashMap<String, NoticeToDeliver> = rows::to_deliver(&mut conn, &ids)
            .await?
            .into_iter()
            .map(|found| (found.notice.id.clone(), found))
            .collect();
        (claimed, notices)
    };
    // Each row with its notice (`None`: pruned meanwhile, nothing to deliver); the live
    // rows first, together, so that no slow mail holds them up.
    let (live, others): (Vec<_>, Vec<_>) = claimed
        .into_iter()
        .map(|delivery| {
            let notification = match &delivery.notification_id {
                // A notice goes to its own player only.
                Some(id) => notices
                    .get(id)
                    .filter(|found| found.notice.user_id == delivery.user_id)
                    .map(|found| (found.notice.clone(), Some(found.unread))),
                // A delivery of its own (a digest, or a mail of a kind kept out of the
                // centre): its notice is its payload.
                None => Some((own_notice(&delivery, now), None)),
            };
            (delivery, notification)
        })
        .partition(|(delivery, notification)| {
            delivery.channel == Channel::Live.as_str() && notification.is_some()
        });
    let mut round = Round::default();
    let live: Vec<Outgoing> = live
        .into_iter()
        .filter_map(|(delivery, notification)| {
            let (notification, unread) = notification?;
            Some(Outgoing {
                delivery,
                notification,
                unread,
            })
        })
        .collect();
    send_live(state, &live, &mut round).await?;
    for (delivery, notification) in others {
        let result = match (
            notification,
            senders
                .iter()
                .find(|s| s.channel().as_str() == delivery.channel),
        ) {
            // Pruned meanwhile: nothing to deliver.
            (None, _) => Ok(()),
            (Some(_), None) => Err(format!("no sender for channel `{}`", delivery.channel)),
            (Some((notification, unread)), Some(sender)) => {
                let outgoing = Outgoing {
                    delivery: delivery.clone(),
                    notification,
                    unread,
                };
                let limit = Duration::from_secs(u64::try_from(LEASE_SECS / 2).unwrap_or(30));
                match tokio::time::timeout(limit, sender.send(state, &outgoing)).await {
                    Ok(result) => result,
                    Err(_) => Err("the send took longer than half its lease".to_owned()),
                }
            }
        };
        match result {
            Ok(()) => mark_sent(state, &[&delivery], &mut round).await?,
            Err(error) => mark_failed(state, &delivery, &error, &mut round).await?,
        }
    }
    Ok(round)
}

/// Publishes a round's live rows together ([`crate::events::EventHub::publish_notices`]:
/// one statement on Postgres) and marks them sent in one more.
async fn send_live(state: &Services, live: &[Outgoing], round: &mut Round) -> Result<(), AppError> {
    if live.is_empty() {
        return Ok(());
    }
    let mut notices = Vec::with_capacity(live.len());
    for outgoing in live {
        let user_id = &outgoing.notification.user_id;
        let unread = match outgoing.unread {
            Some(unread) => unread,
            None => {
                let mut conn = state.db.pool.acquire().await?;
                rows::unread_count(&mut conn, user_id).await?
            }
        };
        notices.push(UserNotice {
            user_id: user_id.clone(),
            notice: NotificationNotice {
                notification_id: outgoing.notification.id.clone(),
                kind: outgoing.notification.kind.clone(),
                unread,
            },
        });
    }
    match state.events.publish_notices(&state.db.pool, &notices).await {
        Ok(()) => {
            let deliveries: Vec<&ClaimedDelivery> =
                live.iter().map(|outgoing| &outgoing.delivery).collect();
            mark_sent(state, &deliveries, round).await
        }
        Err(error) => {
            for outgoing in live {
                mark_failed(state, &outgoing.delivery, &error.to_string(), round).await?;
            }
            Ok(())
        }
    }
}

/// Marks `deliveries` sent, in one statement, those this instance still holds.
async fn mark_sent(
    state: &Services,
    deliveries: &[&ClaimedDelivery],
    round: &mut Round,
) -> Result<(), AppError> {
    let ids: Vec<&str> = deliveries
        .iter()
        .map(|delivery| delivery.id.as_str())
        .collect();
    let mut conn = state.db.pool.acquire().await?;
    let marked = rows::mark_sent(&mut conn, &ids, &state.instance_id, state.now()).await?;
    if marked < ids.len() {
        tracing::warn!(
            late = ids.len() - marked,
            "outbox rows were sent after their lease ran out"
        );
    }
    round.sent += marked;
    Ok(())
}

/// Gives back the claim of a failed send: tried again after [`backoff`], or failed for
/// good after [`MAX_ATTEMPTS`].
async fn mark_failed(
    state: &Services,
    delivery: &ClaimedDelivery,
    error: &str,
    round: &mut Round,
) -> Result<(), AppError> {
    let done = state.now();
    let give_up = delivery.attempts >= MAX_ATTEMPTS;
    let retry_at = done + backoff(delivery.attempts);
    tracing::warn!(id = %delivery.id, channel = %delivery.channel,
        attempts = delivery.attempts, give_up, %error, "an outbox send failed");
    let mut conn = state.db.pool.acquire().await?;
    rows::mark_failed(
        &mut conn,
        &delivery.id,
        &state.instance_id,
        error,
        retry_at,
        give_up,
        done,
    )
    .await?;
    if give_up {
        round.failed += 1;
    } else {
        round.retried += 1;
    }
    Ok(())
}

/// One round with every channel's sender ([`senders`]).
///
/// # Errors
///
/// As [`run_with`].
pub async fn run_once(state: &Services) -> Result<Round, AppError> {
    run_with(state, &senders()).await
}

/// Runs rounds until the process ends: when woken ([`Services::wake_outbox`], after a
/// commit that wrote notices) and every few seconds. Errors are logged and the next
/// round tries again.
pub async fn run(state: Services) {
    let senders = senders();
    let mut ticker = tokio::time::interval(IDLE_INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = state.outbox_wake.notified() => {}
        }
        if let Err(error) = run_with(&state, &senders).await {
            tracing::warn!(%error, "an outbox round failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_up_to_its_cap() {
        assert_eq!(backoff(1), 30);
        assert_eq!(backoff(2), 60);
        assert_eq!(backoff(4), 240);
        assert_eq!(backoff(30), BACKOFF_MAX_SECS);
        assert_eq!(backoff(0), 30);
    }
}
