//! Notifications, their preferences and the outbox of their deliveries.

use sqlx::{Any, AnyConnection, FromRow, Row, any::AnyArguments, query::Query};

use super::{
    Backend,
    lease::{self, Claim},
};

/// A channel of the outbox: how a notice reaches its player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    /// The notice and the unread count to the player's event streams.
    Live,
    /// E-mail to the player's confirmed address.
    Email,
    /// Web Push to the player's devices.
    Push,
}

impl Channel {
    /// Every channel.
    pub const ALL: [Channel; 3] = [Channel::Live, Channel::Email, Channel::Push];

    /// The name `outbox.channel` stores.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Channel::Live => "live",
            Channel::Email => "email",
            Channel::Push => "push",
        }
    }
}

impl std::fmt::Display for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text names no channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownChannel(pub String);

impl std::fmt::Display for UnknownChannel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown outbox channel `{}`", self.0)
    }
}

impl std::error::Error for UnknownChannel {}

impl std::str::FromStr for Channel {
    type Err = UnknownChannel;

    fn from_str(text: &str) -> Result<Channel, UnknownChannel> {
        Channel::ALL
            .into_iter()
            .find(|channel| channel.as_str() == text)
            .ok_or_else(|| UnknownChannel(text.to_owned()))
    }
}

/// The channels under their former constant names.
/// A stored notice.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct NotificationRow {
    /// Its id.
    pub id: String,
    /// The player it is for.
    pub user_id: String,
    /// What happened (`your_turn`, `draw_offer`, …).
    pub kind: String,
    /// The game it links to.
    pub game_id: Option<String>,
    /// The challenge it links to.
    pub challenge_id: Option<String>,
    /// A small JSON object for its text.
    pub payload: String,
    /// When it was made (or last superseded), unix seconds.
    pub created_at: i64,
    /// When it was marked read.
    pub read_at: Option<i64>,
}

const COLUMNS: &str = "id, user_id, kind, game_id, challenge_id, payload, created_at, read_at";

/// A notice to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewNotification<'a> {
    /// The player it is for.
    pub user_id: &'a str,
    /// Its kind.
    pub kind: &'a str,
    /// The game it links to.
    pub game_id: Option<&'a str>,
    /// The challenge it links to.
    pub challenge_id: Option<&'a str>,
    /// Its JSON payload.
    pub payload: String,
}

/// Writes `notice` at `now` unless its player turned its kind off, superseding an unread
/// notice of a superseding kind (`your_turn`, `clock_warning`, `chat_message`) for the
/// same game; then
/// queues one outbox row per channel of `channels`. One upsert (the preference is read
/// inside it) and one insert for all the channels; on Postgres the two are one statement.
/// Returns the notice's id, `None` when the
/// player turned the kind off.
///
/// # Errors
///
/// Database errors.
pub async fn record(
    conn: &mut AnyConnection,
    notice: &NewNotification<'_>,
    channels: &[Channel],
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    if Backend::of(conn) == Backend::Postgres && !channels.is_empty() {
        // The upsert's `returning` gives the outbox rows their notice, in one statement.
        let statement = format!(
            "with notice as ({NOTICE}), queued as (insert into outbox \
             (id, notification_id, user_id, channel, created_at, next_attempt_at) {}) \
             select id from notice",
            outbox_rows(channels, "notice.id", "$7", 8, " from notice")
        );
        let row = bind_channels(bind_notice(&statement, notice, now), channels)
            .fetch_optional(conn)
            .await?;
        return row.map(|row| row.try_get(0)).transpose();
    }
    let row = bind_notice(NOTICE, notice, now)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(id) = row.map(|row| row.try_get::<String, _>(0)).transpose()? else {
        return Ok(None);
    };
    if channels.is_empty() {
        return Ok(Some(id));
    }
    // One insert for every channel's row: `$1` the notice, `$2` the player, `$3` the
    // time, then each row's id and channel.
    let statement = format!(
        "insert into outbox (id, notification_id, user_id, channel, created_at, next_attempt_at) {}",
        outbox_rows(channels, "$1", "$3", 4, "")
    );
    let insert = sqlx::query(&statement)
        .bind(&id)
        .bind(notice.user_id)
        .bind(now);
    bind_channels(insert, channels).execute(&mut *conn).await?;
    Ok(Some(id))
}

/// The upsert of a notice: `$1` its id, `$2` the player, `$3` the kind, `$4` the game,
/// `$5` the challenge, `$6` the payload, `$7` the time. No row when the player keeps the
/// kind out of the site; an unread notice of a kind that supersedes is updated.
const NOTICE: &str = "insert into notifications \
    (id, user_id, kind, game_id, challenge_id, payload, created_at) \
    select $1, $2, $3, $4, $5, $6, $7 \
    where not exists (select 1 from notification_preferences p \
        where p.user_id = $2 and p.kind = $3 and p.in_site = 0) \
    on conflict (user_id, kind, game_id) \
        where read_at is null and kind in ('your_turn', 'clock_warning', 'chat_message') \
    do update set created_at = excluded.created_at, payload = excluded.payload \
    returning id";

/// A statement (`NOTICE` or one around it) with the notice's seven parameters bound.
fn bind_notice<'q>(
    statement: &'q str,
    notice: &'q NewNotification<'_>,
    now: i64,
) -> Query<'q, Any, AnyArguments<'q>> {
    sqlx::query(statement)
        .bind(vocab::ids::new_id())
        .bind(notice.user_id)
        .bind(notice.kind)
        .bind(notice.game_id)
        .bind(notice.challenge_id)
        .bind(&notice.payload)
        .bind(now)
}

/// The outbox rows of `channels` as `select`s joined by `union all`: each row's id and
/// channel are parameters from `$first` on, bound by [`bind_channels`]; `notice` and
/// `time` are the expressions of the notice's id and of the time, `$2` is the player, and
/// `from` the clause the notice is read from (empty when it is a parameter).
fn outbox_rows(channels: &[Channel], notice: &str, time: &str, first: usize, from: &str) -> String {
    let rows: Vec<String> = (0..channels.len())
        .map(|index| {
            let condition = if channels[index] == Channel::Push {
                push_wanted()
            } else {
                "true"
            };
            format!(
                "select ${}, {notice}, $2, ${}, {time}, {time}{from} where {condition}",
                first + 2 * index,
                first + 1 + 2 * index
            )
        })
        .collect();
    rows.join(" union all ")
}

/// Binds each outbox row's id and channel (see [`outbox_rows`]).
fn bind_channels<'q>(
    mut query: Query<'q, Any, AnyArguments<'q>>,
    channels: &[Channel],
) -> Query<'q, Any, AnyArguments<'q>> {
    for channel in channels {
        query = query.bind(vocab::ids::new_id()).bind(channel.as_str());
    }
    query
}

/// When a push row asked for (`domain::notifications::channels_for`, the
/// player's choice for the kind) is queued, as an SQL condition over the outbox insert's
/// parameters (`$1` the notice, just written in this transaction; `$2` the player): the
/// player has at least one device subscribed and not paused (no row, and no send, for
/// everyone else).
#[must_use]
pub const fn push_wanted() -> &'static str {
    "exists (select 1 from push_subscriptions s where s.user_id = $2 and s.paused_at is null)"
}

/// Queues one delivery on `channel` to `user_id` at `now`: of notice `notification_id`
/// when given, with its own `payload` when given, and at most once per channel and
/// `dedupe` key when given. Returns whether it was queued (false: the key was queued
/// before).
///
/// # Errors
///
/// Database errors.
pub async fn queue(
    conn: &mut AnyConnection,
    delivery: &NewDelivery<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into outbox \
         (id, notification_id, user_id, channel, created_at, next_attempt_at, payload, dedupe) \
         values ($1, $2, $3, $4, $5, $5, $6, $7) \
         on conflict (channel, dedupe) where dedupe is not null do nothing",
    )
    .bind(vocab::ids::new_id())
    .bind(delivery.notification_id)
    .bind(delivery.user_id)
    .bind(delivery.channel.as_str())
    .bind(now)
    .bind(delivery.payload.as_deref())
    .bind(delivery.dedupe.as_deref())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A delivery to queue ([`queue`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDelivery<'a> {
    /// Its player.
    pub user_id: &'a str,
    /// The channel.
    pub channel: Channel,
    /// The notice it delivers, if any.
    pub notification_id: Option<&'a str>,
    /// What it says (JSON), fixed now.
    pub payload: Option<String>,
    /// A key queued at most once per channel.
    pub dedupe: Option<String>,
}

/// What decides a notice's channels for one player and kind: their preference row (null
/// columns: the kind's default) and whether they have a verified address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct ChannelRow {
    /// `in_site` (null: no row).
    pub in_site: Option<i64>,
    /// `email` (null: the default).
    pub email: Option<i64>,
    /// `push` (null: the default).
    pub push: Option<i64>,
    /// 1 when the player has a verified address.
    pub verified: i64,
}

/// The [`ChannelRow`] of `user_id` and `kind`; `None` when there is no such player, or
/// when the account is the computer's (nothing is written to it).
///
/// # Errors
///
/// Database errors.
pub async fn channel_row(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
) -> Result<Option<ChannelRow>, sqlx::Error> {
    sqlx::query_as(
        "select p.in_site, p.email, p.push, \
         cast(case when u.email_verified_at is null or u.email is null then 0 else 1 end \
             as bigint) as verified \
         from users u left join notification_preferences p \
             on p.user_id = u.id and p.kind = $2 \
         where u.id = $1 and u.kind <> 'computer'",
    )
    .bind(user_id)
    .bind(kind)
    .fetch_optional(conn)
    .await
}

/// Every preference row of `user_id`: (kind, in_site, email, push), nulls for defaults.
///
/// # Errors
///
/// Database errors.
pub async fn preference_rows(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, i64, Option<i64>, Option<i64>)>, sqlx::Error> {
    sqlx::query_as(
        "select kind, in_site, email, push from notification_preferences \
         where user_id = $1 order by kind",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// A channel column of `notification_preferences` beside `in_site`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelColumn {
    /// `email`.
    Email,
    /// `push`.
    Push,
}

/// Sets `user_id`'s `column` of `kind` (the row made with the defaults if missing).
///
/// # Errors
///
/// Database errors.
pub async fn set_channel(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
    column: ChannelColumn,
    on: bool,
) -> Result<(), sqlx::Error> {
    let column = match column {
        ChannelColumn::Email => "email",
        ChannelColumn::Push => "push",
    };
    sqlx::query(&format!(
        "insert into notification_preferences (user_id, kind, {column}) values ($1, $2, $3) \
         on conflict (user_id, kind) do update set {column} = excluded.{column}"
    ))
    .bind(user_id)
    .bind(kind)
    .bind(i64::from(on))
    .execute(conn)
    .await?;
    Ok(())
}

/// A notice an outbox round delivers, with how many of its player's notices are unread.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct NoticeToDeliver {
    /// The notice.
    #[sqlx(flatten)]
    pub notice: NotificationRow,
    /// How many of its player's notices are unread, this one among them while it is.
    pub unread: i64,
}

/// The notices `ids` names, each with its player's unread count, in one statement: what
/// an outbox round delivers. A notice pruned meanwhile is left out.
///
/// # Errors
///
/// Database errors.
pub async fn to_deliver(
    conn: &mut AnyConnection,
    ids: &[&str],
) -> Result<Vec<NoticeToDeliver>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
    let statement = format!(
        "select n.*, (select count(*) from notifications u \
             where u.user_id = n.user_id and u.read_at is null) as unread \
         from (select {COLUMNS} from notifications where id in ({})) n",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as(&statement);
    for id in ids {
        query = query.bind(*id);
    }
    query.fetch_all(conn).await
}

/// Up to `limit` notices of `user_id`, newest first, older than the `before` position
/// (created_at, id) when given: one index range, however many pages came before.
///
/// # Errors
///
/// Database errors.
pub async fn page(
    conn: &mut AnyConnection,
    user_id: &str,
    before: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<NotificationRow>, sqlx::Error> {
    match before {
        None => {
            sqlx::query_as(&format!(
                "select {COLUMNS} from notifications where user_id = $1 \
                 order by created_at desc, id desc limit $2"
            ))
            .bind(user_id)
            .bind(limit)
            .fetch_all(conn)
            .await
        }
        Some((at, id)) => {
            sqlx::query_as(&format!(
                "select {COLUMNS} from notifications where user_id = $1 \
                 and (created_at < $2 or (created_at = $2 and id < $3)) \
                 order by created_at desc, id desc limit $4"
            ))
            .bind(user_id)
            .bind(at)
            .bind(id)
            .bind(limit)
            .fetch_all(conn)
            .await
        }
    }
}

/// How many notices of `user_id` are unread.
///
/// # Errors
///
/// Database errors.
pub async fn unread_count(conn: &mut AnyConnection, user_id: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("select count(*) from notifications where user_id = $1 and read_at is null")
            .bind(user_id)
            .fetch_one(conn)
            .await?;
    Ok(count)
}

/// How many of user `u`'s notices are unread, as a column of a query over `users u`.
pub const USERS_UNREAD_COUNT: &str =
    "(select count(*) from notifications un where un.user_id = u.id and un.read_at is null)";

/// Marks notice `id` of `user_id` read at `now` (a read one keeps its time). Returns
/// whether the notice exists.
///
/// A notice of a superseding kind that is marked read leaves the supersession index,
/// so a newer one of the same game starts a new unread notice.
///
/// # Errors
///
/// Database errors.
pub async fn mark_read(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<(String,)> = sqlx::query_as(
        "update notifications set read_at = coalesce(read_at, $3) \
         where id = $1 and user_id = $2 returning id",
    )
    .bind(id)
    .bind(user_id)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

/// Marks every unread notice of `user_id` about game `game_id` read at `now` (the player
/// opened the game). Returns how many.
///
/// # Errors
///
/// Database errors.
pub async fn mark_game_read(
    conn: &mut AnyConnection,
    user_id: &str,
    game_id: &str,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update notifications set read_at = $3 \
         where user_id = $1 and game_id = $2 and read_at is null",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Marks the unread notices of challenge `challenge_id` read at `now`, whoever holds them:
/// the challenge was accepted, declined or cancelled, so what they ask is settled.
///
/// # Errors
///
/// Database errors.
pub async fn end_challenge_notices(
    conn: &mut AnyConnection,
    challenge_id: &str,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update notifications set read_at = $2 \
         where challenge_id = $1 and kind = 'challenge' and read_at is null",
    )
    .bind(challenge_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Marks every unread notice of `user_id` read at `now`. Returns how many.
///
/// # Errors
///
/// Database errors.
pub async fn mark_all_read(
    conn: &mut AnyConnection,
    user_id: &str,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("update notifications set read_at = $2 where user_id = $1 and read_at is null")
            .bind(user_id)
            .bind(now)
            .execute(conn)
            .await?;
    Ok(done.rows_affected())
}

/// Deletes the notices made before `cutoff` and the outbox rows made before it or sent
/// before `sent_cutoff`. Returns (notices, outbox rows).
///
/// # Errors
///
/// Database errors.
pub async fn prune(
    conn: &mut AnyConnection,
    cutoff: i64,
    sent_cutoff: i64,
) -> Result<(u64, u64), sqlx::Error> {
    let outbox = sqlx::query(
        "delete from outbox where created_at < $1 or (sent_at is not null and sent_at < $2)",
    )
    .bind(cutoff)
    .bind(sent_cutoff)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    let notices = sqlx::query("delete from notifications where created_at < $1")
        .bind(cutoff)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    Ok((notices, outbox))
}

/// The kinds `user_id` turned off in the centre.
///
/// # Errors
///
/// Database errors.
pub async fn kinds_off(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select kind from notification_preferences where user_id = $1 and in_site = 0 \
         order by kind",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(kind,)| kind).collect())
}

/// Sets whether `user_id` gets notices of `kind` in the centre.
///
/// # Errors
///
/// Database errors.
pub async fn set_in_site(
    conn: &mut AnyConnection,
    user_id: &str,
    kind: &str,
    in_site: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into notification_preferences (user_id, kind, in_site) values ($1, $2, $3) \
         on conflict (user_id, kind) do update set in_site = excluded.in_site",
    )
    .bind(user_id)
    .bind(kind)
    .bind(i64::from(in_site))
    .execute(conn)
    .await?;
    Ok(())
}

/// An outbox row claimed for sending.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ClaimedDelivery {
    /// The row's id.
    pub id: String,
    /// The notice to deliver (`None`: a delivery of its own, such as a digest).
    pub notification_id: Option<String>,
    /// Its player.
    pub user_id: String,
    /// The channel.
    pub channel: String,
    /// Claims so far, this one included.
    pub attempts: i64,
    /// What the delivery says, fixed when it was queued (JSON), if it carries it.
    pub payload: Option<String>,
}

/// Makes `claim` on the outbox rows of `channel`: one guarded update (on Postgres over
/// `for update skip locked`, so instances claiming at once take different rows without
/// waiting for each other). A row is due when its next attempt has come, it is neither
/// sent nor failed, and no lease on it runs at the claim's `now`. Each channel claims
/// its own rows, so that one channel's slow sends never hold up another's.
///
/// # Errors
///
/// Database errors.
pub async fn claim_due(
    conn: &mut AnyConnection,
    backend: Backend,
    channel: Channel,
    claim: Claim<'_>,
) -> Result<Vec<ClaimedDelivery>, sqlx::Error> {
    // The channel's name is one of three constants, so it is written into the statement.
    // The due rows are picked once (a materialized CTE): as a sub-select of the update,
    // Postgres may run the pick again for each row it updates, each time skipping the
    // rows it has just claimed, and so claim far more than `limit`.
    let channel = channel.as_str();
    lease::claim_due(conn, backend, claim, |lock| {
        format!(
            "with due as materialized (select id from outbox where channel = '{channel}' \
                 and sent_at is null and failed_at is null and next_attempt_at <= $3 \
                 and (claimed_until is null or claimed_until <= $3) \
                 order by next_attempt_at limit $4{lock}) \
             update outbox set claimed_by = $1, claimed_until = $2, attempts = attempts + 1 \
             where id in (select id from due) and sent_at is null and failed_at is null \
             and (claimed_until is null or claimed_until <= $3) \
             returning id, notification_id, user_id, channel, attempts, payload"
        )
    })
    .await
}

/// Marks the rows `ids` sent by `instance` at `now`, those `instance` still holds, in one
/// statement. Returns how many it marked.
///
/// # Errors
///
/// Database errors.
pub async fn mark_sent(
    conn: &mut AnyConnection,
    ids: &[&str],
    instance: &str,
    now: i64,
) -> Result<usize, sqlx::Error> {
    if ids.is_empty() {
        return Ok(0);
    }
    let placeholders: Vec<String> = (0..ids.len())
        .map(|index| format!("${}", index + 3))
        .collect();
    let statement = format!(
        "update outbox set sent_at = $2, sent_by = $1, claimed_by = null, claimed_until = null \
         where claimed_by = $1 and sent_at is null and id in ({})",
        placeholders.join(", ")
    );
    let mut update = sqlx::query(&statement).bind(instance).bind(now);
    for id in ids {
        update = update.bind(*id);
    }
    let done = update.execute(conn).await?;
    Ok(usize::try_from(done.rows_affected()).unwrap_or(usize::MAX))
}

/// Gives back the claim of `instance` on row `id` after a failed send: tried again at
/// `retry_at`, or failed for good at `now` when `give_up`.
///
/// # Errors
///
/// Database errors.
pub async fn mark_failed(
    conn: &mut AnyConnection,
    id: &str,
    instance: &str,
    error: &str,
    retry_at: i64,
    give_up: bool,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update outbox set claimed_by = null, claimed_until = null, last_error = $3, \
         next_attempt_at = $4, failed_at = $5 \
         where id = $1 and claimed_by = $2 and sent_at is null",
    )
    .bind(id)
    .bind(instance)
    .bind(error)
    .bind(retry_at)
    .bind(give_up.then_some(now))
    .execute(conn)
    .await?;
    Ok(())
}

/// An outbox row as it stands (for tests and operators).
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct OutboxRow {
    /// Its id.
    pub id: String,
    /// The notice (`None`: a delivery of its own).
    pub notification_id: Option<String>,
    /// The channel.
    pub channel: String,
    /// Claims so far.
    pub attempts: i64,
    /// The instance holding it.
    pub claimed_by: Option<String>,
    /// Until when.
    pub claimed_until: Option<i64>,
    /// When it was sent.
    pub sent_at: Option<i64>,
    /// By which instance.
    pub sent_by: Option<String>,
    /// When it failed for good.
    pub failed_at: Option<i64>,
    /// When it is tried next.
    pub next_attempt_at: i64,
}

/// Every outbox row of `user_id`, oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn outbox_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<OutboxRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, notification_id, channel, attempts, claimed_by, claimed_until, sent_at, \
         sent_by, failed_at, next_attempt_at from outbox where user_id = $1 \
         order by created_at, id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}
