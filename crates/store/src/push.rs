//! Web Push: the players' subscribed devices, which of them a push has reached, and the
//! server's VAPID key pair.

use sqlx::{AnyConnection, FromRow};

/// A subscribed device.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct SubscriptionRow {
    /// Its id.
    pub id: String,
    /// Its player.
    pub user_id: String,
    /// The push service's URL for it.
    pub endpoint: String,
    /// The browser's P-256 public key (base64url).
    pub p256dh: String,
    /// The browser's authentication secret (base64url).
    pub auth: String,
    /// "Firefox on Linux".
    pub label: String,
    /// The language of its messages.
    pub lang: String,
    /// When it was subscribed.
    pub created_at: i64,
    /// When a push service last took a message for it.
    pub last_success_at: Option<i64>,
    /// The sends to it that failed since the last one it took.
    pub failures: i64,
    /// When it was paused after failing too often (`None`: it is sent to).
    pub paused_at: Option<i64>,
}

const COLUMNS: &str = "id, user_id, endpoint, p256dh, auth, label, lang, created_at, \
    last_success_at, failures, paused_at";

/// Saves the device `new` (its `last_success_at`, failures and pause aside): a new row,
/// or, for an endpoint already stored, that row (its id and `created_at` kept) with the
/// new keys, label, language and player (a browser belongs to the account that
/// subscribed it last), its failures forgotten and its pause lifted. Returns the row.
///
/// # Errors
///
/// Database errors.
pub async fn save(
    conn: &mut AnyConnection,
    new: &SubscriptionRow,
) -> Result<SubscriptionRow, sqlx::Error> {
    sqlx::query_as(&format!(
        "insert into push_subscriptions \
         (id, user_id, endpoint, p256dh, auth, label, lang, created_at) \
         values ($1, $2, $3, $4, $5, $6, $7, $8) \
         on conflict (endpoint) do update set user_id = excluded.user_id, \
             p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label, \
             lang = excluded.lang, failures = 0, paused_at = null \
         returning {COLUMNS}"
    ))
    .bind(&new.id)
    .bind(&new.user_id)
    .bind(&new.endpoint)
    .bind(&new.p256dh)
    .bind(&new.auth)
    .bind(&new.label)
    .bind(&new.lang)
    .bind(new.created_at)
    .fetch_one(conn)
    .await
}

/// Takes `user_id`'s row for the transaction (a write that changes nothing): a player's
/// subscriptions are counted and added one transaction at a time, and on SQLite the
/// transaction begins with its write.
///
/// # Errors
///
/// Database errors.
pub async fn lock_player(conn: &mut AnyConnection, user_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update users set username = username where id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// How many devices `user_id` has subscribed, besides the one at `endpoint`.
///
/// # Errors
///
/// Database errors.
pub async fn count_others(
    conn: &mut AnyConnection,
    user_id: &str,
    endpoint: &str,
) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "select count(*) from push_subscriptions where user_id = $1 and endpoint <> $2",
    )
    .bind(user_id)
    .bind(endpoint)
    .fetch_one(conn)
    .await?;
    Ok(count)
}

/// The devices of `user_id`, oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn of_user(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from push_subscriptions where user_id = $1 order by created_at, id"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Deletes device `id` of `user_id`. Returns whether it existed.
///
/// # Errors
///
/// Database errors.
pub async fn delete(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from push_subscriptions where id = $1 and user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes device `id`, whoever it belongs to, if it still has the `endpoint` it was read
/// with (the push service said it is gone).
///
/// # Errors
///
/// Database errors.
pub async fn delete_gone(
    conn: &mut AnyConnection,
    id: &str,
    endpoint: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from push_subscriptions where id = $1 and endpoint = $2")
        .bind(id)
        .bind(endpoint)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The devices of `user_id` that the push of outbox row `outbox_id` has not reached yet,
/// paused ones left out.
///
/// # Errors
///
/// Database errors.
pub async fn unreached(
    conn: &mut AnyConnection,
    outbox_id: &str,
    user_id: &str,
) -> Result<Vec<SubscriptionRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from push_subscriptions s where user_id = $1 \
         and paused_at is null and not exists (select 1 from push_deliveries d \
             where d.outbox_id = $2 and d.subscription_id = s.id) \
         order by created_at, id"
    ))
    .bind(user_id)
    .bind(outbox_id)
    .fetch_all(conn)
    .await
}

/// Records that the push of outbox row `outbox_id` reached device `subscription_id` at
/// `now`: its failures start again from 0 (and a pause made meanwhile is lifted: it
/// answers).
///
/// # Errors
///
/// Database errors.
pub async fn mark_reached(
    conn: &mut AnyConnection,
    outbox_id: &str,
    subscription_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into push_deliveries (outbox_id, subscription_id, delivered_at) \
         values ($1, $2, $3) on conflict (outbox_id, subscription_id) do nothing",
    )
    .bind(outbox_id)
    .bind(subscription_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "update push_subscriptions set last_success_at = $2, failures = 0, paused_at = null \
         where id = $1",
    )
    .bind(subscription_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Counts a failed send to device `id`, if it still has the `endpoint` it was read with,
/// and pauses it at `now` when that makes `budget` failures in a row. Returns the
/// device's failures now (`None`: it is gone or was subscribed again meanwhile).
///
/// # Errors
///
/// Database errors.
pub async fn record_failure(
    conn: &mut AnyConnection,
    id: &str,
    endpoint: &str,
    budget: i64,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    // Both sides of the `set` read the row as it was before the update.
    let failures: Option<(i64,)> = sqlx::query_as(
        "update push_subscriptions set failures = failures + 1, \
         paused_at = case when paused_at is null and failures + 1 >= $3 then $4 \
             else paused_at end \
         where id = $1 and endpoint = $2 returning failures",
    )
    .bind(id)
    .bind(endpoint)
    .bind(budget)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(failures.map(|(failures,)| failures))
}

/// Lifts the pause of device `id` of `user_id` and forgets its failures. Returns whether
/// `user_id` has that device.
///
/// # Errors
///
/// Database errors.
pub async fn resume(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update push_subscriptions set failures = 0, paused_at = null \
         where id = $1 and user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Stores the VAPID key pair unless one is stored already, then returns the stored one
/// (private, public): instances starting at once end with one pair.
///
/// # Errors
///
/// Database errors.
pub async fn vapid_keys(
    conn: &mut AnyConnection,
    private_key: &str,
    public_key: &str,
    now: i64,
) -> Result<(String, String), sqlx::Error> {
    sqlx::query(
        "insert into vapid_keys (id, private_key, public_key, created_at) \
         values (1, $1, $2, $3) on conflict (id) do nothing",
    )
    .bind(private_key)
    .bind(public_key)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    sqlx::query_as("select private_key, public_key from vapid_keys where id = 1")
        .fetch_one(conn)
        .await
}
