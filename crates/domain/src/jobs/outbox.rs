//! The notification sender: delivers the outbox's rows, each through its channel.
//!
//! Rows are written in the transaction that writes their notice. Each channel is a lane
//! of its own, with its own claims and its own task, so a channel's slow destinations
//! never hold up another channel: a live notice is published while a push or a mail
//! still waits for its answer.
//!
//! A claim takes one channel's due rows with one guarded update (`claimed_by` this
//! instance, `claimed_until` now plus [`LEASE_SECS`]; on Postgres over `for update skip
//! locked`) and reads their notices with each player's unread count in one more statement
//! ([`rows::to_deliver`]). The live lane ([`Channel::Live`]: the player's open event
//! streams, on every instance) claims up to 100 rows, publishes them in one statement and
//! marks them sent in one more. The other lanes ([`senders`]: [`Channel::Email`] by
//! [`EmailSender`], the clock warnings' mails and the daily digest, and
//! [`Channel::Push`], Web Push to the player's devices) send at most
//! [`Sender::parallel`] rows at once: a lane claims as many rows as it has free sends
//! and starts each at once, so a row's lease starts with its send. Each send is cut off
//! at half the lease (and each push device after [`crate::push::client::DEVICE_TIMEOUT`]),
//! and its row is marked sent while the claim still holds. A failed send is tried again
//! after an exponential backoff ([`backoff`]), until [`MAX_ATTEMPTS`] claims have failed.
//! An instance that dies mid-send loses its lease when it runs out, and another instance
//! sends the row then. So several instances never send a row twice as long as a send
//! ends within its lease, and a crash loses nothing. A row of a channel this server has
//! no lane for is never claimed: it waits for a server that has one (or its pruning).

use std::{collections::HashMap, sync::Arc, time::Duration};

pub use super::delivery::{Outgoing, SendFuture, Sender};

use tokio::{sync::Semaphore, task::JoinSet};

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

/// Live rows claimed at once.
const BATCH: i64 = 100;

/// Mails sent at once: the SMTP relay is one destination, and each mail holds a
/// connection to it.
pub const EMAIL_SENDS_AT_ONCE: usize = 4;

/// The longest a send may take before it counts as failed: half the lease, so that it
/// ends while its claim holds.
const SEND_LIMIT: Duration = Duration::from_secs(LEASE_SECS.unsigned_abs() / 2);

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

    fn parallel(&self) -> usize {
        EMAIL_SENDS_AT_ONCE
    }

    fn send<'a>(&'a self, state: &'a Services, outgoing: &'a Outgoing) -> SendFuture<'a> {
        Box::pin(crate::email::deliver(state, outgoing))
    }
}

/// The senders of every channel but [`Channel::Live`] (its lane publishes its rows
/// together, `send_live`).
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

impl std::ops::AddAssign for Round {
    fn add_assign(&mut self, other: Round) {
        self.sent += other.sent;
        self.retried += other.retried;
        self.failed += other.failed;
    }
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

/// A claimed row with what it delivers: its notice with the player's unread count (see
/// [`Outgoing`]), `None` when the notice was pruned meanwhile (nothing to deliver).
type Claimed = (ClaimedDelivery, Option<(NotificationRow, Option<i64>)>);

/// Claims up to `limit` due rows of `channel` and reads their notices, on one connection
/// in two statements.
async fn claim(state: &Services, channel: Channel, limit: i64) -> Result<Vec<Claimed>, AppError> {
    let now = state.now();
    let mut conn = state.db.pool.acquire().await?;
    let claim = Claim {
        instance: state.instance_id.as_str(),
        now,
        until: now + LEASE_SECS,
        limit,
    };
    let claimed = rows::claim_due(&mut conn, state.db.backend, channel, claim).await?;
    let ids: Vec<&str> = claimed
        .iter()
        .filter_map(|delivery| delivery.notification_id.as_deref())
        .collect();
    let notices: HashMap<String, NoticeToDeliver> = rows::to_deliver(&mut conn, &ids)
        .await?
        .into_iter()
        .map(|found| (found.notice.id.clone(), found))
        .collect();
    Ok(claimed
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
        .collect())
}

/// One claim of the live lane: up to 100 rows, published together. Returns what it did
/// and how many rows it claimed.
async fn live_round(state: &Services) -> Result<(Round, usize), AppError> {
    let claimed = claim(state, Channel::Live, BATCH).await?;
    let count = claimed.len();
    let mut round = Round::default();
    let mut live = Vec::with_capacity(count);
    let mut pruned = Vec::new();
    for (delivery, notification) in claimed {
        match notification {
            Some((notification, unread)) => live.push(Outgoing {
                delivery,
                notification,
                unread,
            }),
            None => pruned.push(delivery),
        }
    }
    send_live(state, &live, &mut round).await?;
    if !pruned.is_empty() {
        mark_sent(state, &pruned.iter().collect::<Vec<_>>(), &mut round).await?;
    }
    Ok((round, count))
}

/// The live lane until nothing is due: claims again while a claim comes back full.
async fn drain_live(state: &Services) -> Result<Round, AppError> {
    let mut total = Round::default();
    loop {
        let (round, claimed) = live_round(state).await?;
        total += round;
        if claimed < usize::try_from(BATCH).unwrap_or(usize::MAX) {
            return Ok(total);
        }
    }
}

/// Sends one claimed row through `sender`, cut off after [`SEND_LIMIT`], and marks it.
async fn send_one(
    state: &Services,
    sender: &dyn Sender,
    (delivery, notification): Claimed,
) -> Result<Round, AppError> {
    let result = match notification {
        // Pruned meanwhile: nothing to deliver.
        None => Ok(()),
        Some((notification, unread)) => {
            let outgoing = Outgoing {
                delivery: delivery.clone(),
                notification,
                unread,
            };
            tokio::time::timeout(SEND_LIMIT, sender.send(state, &outgoing))
                .await
                .unwrap_or_else(|_| Err("the send took longer than half its lease".to_owned()))
        }
    };
    let mut round = Round::default();
    match result {
        Ok(()) => mark_sent(state, &[&delivery], &mut round).await?,
        Err(error) => mark_failed(state, &delivery, &error, &mut round).await?,
    }
    Ok(round)
}

/// The lane of a channel with a [`Sender`]: its sends in flight, at most
/// [`Sender::parallel`] at once.
struct Lane {
    sender: Arc<dyn Sender>,
    /// A permit per send that may start.
    free: Arc<Semaphore>,
    sends: JoinSet<Result<Round, AppError>>,
}

impl Lane {
    fn new(sender: Arc<dyn Sender>) -> Lane {
        Lane {
            free: Arc::new(Semaphore::new(sender.parallel().max(1))),
            sender,
            sends: JoinSet::new(),
        }
    }

    /// Claims as many due rows as there are free sends and starts each at once (its lease
    /// starts with its send), again as sends end, until no due row is left. Waits for a
    /// free send, never for a send to end when one is free.
    async fn start_due(&mut self, state: &Services) -> Result<(), AppError> {
        loop {
            let first = Arc::clone(&self.free)
                .acquire_owned()
                .await
                .map_err(AppError::internal)?;
            let mut permits = vec![first];
            while let Ok(permit) = Arc::clone(&self.free).try_acquire_owned() {
                permits.push(permit);
            }
            let free = permits.len();
            let limit = i64::try_from(free).unwrap_or(1);
            let claimed = claim(state, self.sender.channel(), limit).await?;
            let full = claimed.len() >= free;
            // Each send holds its permit until it ends; the unused ones go back. A claim
            // never takes more rows than it asks for, but if it did, each extra row would
            // still be sent, once a send ends.
            let mut permits = permits.into_iter();
            for row in claimed {
                let permit = permits.next();
                let (state, sender) = (state.clone(), Arc::clone(&self.sender));
                let free = Arc::clone(&self.free);
                self.sends.spawn(async move {
                    let permit = match permit {
                        Some(permit) => permit,
                        None => free.acquire_owned().await.map_err(AppError::internal)?,
                    };
                    let round = send_one(&state, sender.as_ref(), row).await;
                    drop(permit);
                    round
                });
            }
            drop(permits);
            if !full {
                return Ok(());
            }
            self.reap();
        }
    }

    /// Collects the sends that ended, logging their errors.
    fn reap(&mut self) {
        while let Some(ended) = self.sends.try_join_next() {
            if let Err(error) = ended.map_err(AppError::internal).and_then(|round| round) {
                let channel = self.sender.channel();
                tracing::warn!(%channel, %error, "an outbox send failed to finish");
            }
        }
    }

    /// Waits for every send in flight: what they did together.
    async fn finish(&mut self) -> Result<Round, AppError> {
        let mut total = Round::default();
        let mut first_error = None;
        while let Some(ended) = self.sends.join_next().await {
            match ended.map_err(AppError::internal).and_then(|round| round) {
                Ok(round) => total += round,
                Err(error) => {
                    first_error.get_or_insert(error);
                }
            }
        }
        first_error.map_or(Ok(total), Err)
    }
}

/// One round with the given senders: every channel's due rows, each channel on its own
/// (the live rows published together, the others at most [`Sender::parallel`] at once),
/// until none is due; returns once every send has ended. See the module's text.
///
/// # Errors
///
/// Database errors of a claim or of marking a row (a row left claimed is sent again
/// after its lease).
pub async fn run_with(state: &Services, senders: &[Arc<dyn Sender>]) -> Result<Round, AppError> {
    let lanes = senders.iter().map(|sender| async {
        let mut lane = Lane::new(Arc::clone(sender));
        let started = lane.start_due(state).await;
        let ended = lane.finish().await;
        started.and(ended)
    });
    let (live, others) = tokio::join!(drain_live(state), futures_util::future::join_all(lanes));
    let mut total = live?;
    for round in others {
        total += round?;
    }
    Ok(total)
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

/// Runs every channel's lane, each in a task of its own, until the process ends (or the
/// returned future is dropped, which stops them all). A lane looks for due rows when
/// woken ([`Services::wake_outbox`], after a commit that wrote notices) and every few
/// seconds. Errors are logged and the lane tries again.
pub async fn run(state: Services) {
    let mut lanes = JoinSet::new();
    lanes.spawn(run_live(state.clone()));
    for sender in senders() {
        lanes.spawn(run_lane(state.clone(), sender));
    }
    while lanes.join_next().await.is_some() {}
}

/// Waits for `channel`'s wake or the next tick.
async fn next_look(state: &Services, channel: Channel, ticker: &mut tokio::time::Interval) {
    tokio::select! {
        _ = ticker.tick() => {}
        () = state.outbox_wake.of(channel).notified() => {}
    }
}

fn idle_ticker() -> tokio::time::Interval {
    let mut ticker = tokio::time::interval(IDLE_INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticker
}

/// The live lane: publishes the due live rows whenever it looks.
async fn run_live(state: Services) {
    let mut ticker = idle_ticker();
    loop {
        next_look(&state, Channel::Live, &mut ticker).await;
        if let Err(error) = drain_live(&state).await {
            tracing::warn!(%error, "an outbox round of live notices failed");
        }
    }
}

/// The lane of `sender`'s channel: starts the due rows' sends whenever it looks, without
/// waiting for the sends in flight to end.
async fn run_lane(state: Services, sender: Arc<dyn Sender>) {
    let channel = sender.channel();
    let mut lane = Lane::new(sender);
    let mut ticker = idle_ticker();
    loop {
        next_look(&state, channel, &mut ticker).await;
        if let Err(error) = lane.start_due(&state).await {
            tracing::warn!(%channel, %error, "an outbox round failed");
        }
        lane.reap();
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
