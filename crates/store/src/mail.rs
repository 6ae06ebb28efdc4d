//! A player's e-mail: the address and its verification, password-reset tokens, the
//! unsubscribe key and the daily digest's schedule (columns of `users`, migration 0011).

use sqlx::{AnyConnection, FromRow};

/// A player's e-mail settings.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct EmailRow {
    /// The player's id.
    pub id: String,
    /// Their name.
    pub username: String,
    /// The address, if any.
    pub email: Option<String>,
    /// When it was verified.
    pub email_verified_at: Option<i64>,
    /// Their mails' language.
    pub language: String,
    /// The one-click unsubscribe key.
    pub unsubscribe_key: Option<String>,
    /// 1: the daily digest is on.
    pub email_digest: i64,
    /// Its local hour.
    pub digest_hour: i64,
    /// The local date it was last sent on.
    pub digest_last_date: Option<String>,
    /// When it is next looked at.
    pub digest_next_at: Option<i64>,
    /// The player's time zone.
    pub time_zone: String,
}

const COLUMNS: &str = "id, username, email, email_verified_at, language, unsubscribe_key, \
    email_digest, digest_hour, digest_last_date, digest_next_at, time_zone";

/// The e-mail settings of `user_id`.
///
/// # Errors
///
/// Database errors.
pub async fn get(conn: &mut AnyConnection, user_id: &str) -> Result<Option<EmailRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} from users where id = $1"))
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

/// Sets `user_id`'s address (or removes it with `None`), unverified, with a pending
/// verification token's hash and expiry; gives the player an unsubscribe key if they
/// have none; remembers `language` for their mails; stops the digest until verified.
///
/// # Errors
///
/// Database errors.
pub async fn set_address(
    conn: &mut AnyConnection,
    user_id: &str,
    email: Option<&str>,
    token: Option<(&str, i64)>,
    new_key: &str,
    language: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update users set email = $2, email_verified_at = null, email_token_hash = $3, \
         email_token_expires = $4, unsubscribe_key = coalesce(unsubscribe_key, $5), \
         language = $6, digest_next_at = null where id = $1",
    )
    .bind(user_id)
    .bind(email)
    .bind(token.map(|(hash, _)| hash))
    .bind(token.map(|(_, expires)| expires))
    .bind(new_key)
    .bind(language)
    .execute(conn)
    .await?;
    Ok(())
}

/// Follows a verification link: marks the address of the player whose pending token has
/// `token_hash` verified at `now`, if the token has not run out, and spends the token.
/// Returns the player's id.
///
/// # Errors
///
/// Database errors.
pub async fn verify(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "update users set email_verified_at = $2, email_token_hash = null, \
         email_token_expires = null \
         where email_token_hash = $1 and email_token_expires > $2 and email is not null \
         returning id",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Sets the digest's on/off, hour and next look of `user_id`.
///
/// # Errors
///
/// Database errors.
pub async fn set_digest(
    conn: &mut AnyConnection,
    user_id: &str,
    on: bool,
    hour: i64,
    next_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update users set email_digest = $2, digest_hour = $3, digest_next_at = $4 \
         where id = $1",
    )
    .bind(user_id)
    .bind(i64::from(on))
    .bind(hour)
    .bind(next_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Remembers `language` for `user_id`'s mails.
///
/// # Errors
///
/// Database errors.
pub async fn set_language(
    conn: &mut AnyConnection,
    user_id: &str,
    language: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("update users set language = $2 where id = $1")
        .bind(user_id)
        .bind(language)
        .execute(conn)
        .await?;
    Ok(())
}

/// The one-click unsubscribe: turns the digest off for the player with `key`. Returns
/// their id (the caller turns the kinds' e-mail off in the same transaction).
///
/// # Errors
///
/// Database errors.
pub async fn unsubscribe(
    conn: &mut AnyConnection,
    key: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "update users set email_digest = 0, digest_next_at = null where unsubscribe_key = $1 \
         returning id",
    )
    .bind(key)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Whether `key` is some player's unsubscribe key.
///
/// # Errors
///
/// Database errors.
pub async fn key_exists(conn: &mut AnyConnection, key: &str) -> Result<bool, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as("select id from users where unsubscribe_key = $1")
        .bind(key)
        .fetch_optional(conn)
        .await?;
    Ok(row.is_some())
}

/// Up to `limit` players whose digest is to be looked at by `now`.
///
/// # Errors
///
/// Database errors.
pub async fn digests_due(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> Result<Vec<EmailRow>, sqlx::Error> {
    let select = format!("select {COLUMNS} from users");
    super::due::first_due(conn, &select, "digest_next_at", "", now, limit).await
}

/// Moves `user_id`'s digest on: the next look at `next_at` and, when `sent_on` is given,
/// that local date as the last digest's; only if the next look is still `seen` (so one
/// instance of several takes it). Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_digest(
    conn: &mut AnyConnection,
    user_id: &str,
    seen: i64,
    next_at: Option<i64>,
    sent_on: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update users set digest_next_at = $3, \
         digest_last_date = coalesce($4, digest_last_date) \
         where id = $1 and digest_next_at = $2",
    )
    .bind(user_id)
    .bind(seen)
    .bind(next_at)
    .bind(sent_on)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A game where it is the player's turn, for the digest.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TurnLine {
    /// The game.
    pub id: String,
    /// Its variant id.
    pub variant: String,
    /// The opponent's name.
    pub opponent: String,
    /// When the player's time runs out (null: untimed).
    pub deadline: Option<i64>,
}

/// The active games where it is `user_id`'s turn, least time left first (untimed last).
///
/// # Errors
///
/// Database errors.
pub async fn turns(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> Result<Vec<TurnLine>, sqlx::Error> {
    sqlx::query_as(
        "select g.id, g.variant, \
         case when g.white_id = $1 then b.username else w.username end as opponent, \
         g.deadline from games g \
         join users w on w.id = g.white_id join users b on b.id = g.black_id \
         where g.status = 'active' and ((g.white_id = $1 and g.to_move = 'white') \
             or (g.black_id = $1 and g.to_move = 'black')) \
         order by case when g.deadline is null then 1 else 0 end, g.deadline, g.id \
         limit $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// A challenge waiting for the player, for the digest.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChallengeLine {
    /// The challenge.
    pub id: String,
    /// Its variant id.
    pub variant: String,
    /// Who challenges.
    pub challenger: String,
}

/// The open challenges addressed to `user_id`, oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn challenges(
    conn: &mut AnyConnection,
    user_id: &str,
    limit: i64,
) -> Result<Vec<ChallengeLine>, sqlx::Error> {
    sqlx::query_as(
        "select c.id, c.variant, u.username as challenger from challenges c \
         join users u on u.id = c.challenger_id \
         where c.status = 'open' and c.opponent_id = $1 order by c.created_at, c.id limit $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// The players a password reset asked by `name_key` (a username's key) or `address`
/// may go to: those with that name, or with that verified address.
///
/// # Errors
///
/// Database errors.
pub async fn reset_targets(
    conn: &mut AnyConnection,
    name_key: &str,
    address: &str,
) -> Result<Vec<EmailRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from users where email_verified_at is not null \
         and email is not null and (username_key = $1 or lower(email) = lower($2)) \
         order by id limit 10"
    ))
    .bind(name_key)
    .bind(address)
    .fetch_all(conn)
    .await
}

/// Spends one of `user_id`'s mails sent on request (reset links, address checks): at most
/// `max` in each `window` seconds, the window starting with the first mail after the
/// last ran out. Returns whether the mail may be sent (false: the budget is spent, and
/// nothing was changed).
///
/// # Errors
///
/// Database errors.
pub async fn spend_account_mail(
    conn: &mut AnyConnection,
    user_id: &str,
    now: i64,
    window: i64,
    max: i64,
) -> Result<bool, sqlx::Error> {
    let spent = sqlx::query(
        "update users set \
         mail_window_sent = case when mail_window_start > $2 - $3 \
             then mail_window_sent + 1 else 1 end, \
         mail_window_start = case when mail_window_start > $2 - $3 \
             then mail_window_start else $2 end \
         where id = $1 and (mail_window_start <= $2 - $3 or mail_window_sent < $4)",
    )
    .bind(user_id)
    .bind(now)
    .bind(window)
    .bind(max)
    .execute(conn)
    .await?;
    Ok(spent.rows_affected() == 1)
}

/// When `user_id`'s budget of mails sent on request is whole again (unix seconds).
///
/// # Errors
///
/// Database errors.
pub async fn account_mail_window(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<i64, sqlx::Error> {
    let (start,): (i64,) = sqlx::query_as("select mail_window_start from users where id = $1")
        .bind(user_id)
        .fetch_one(conn)
        .await?;
    Ok(start)
}

/// Sets `user_id`'s pending password reset (the token's hash and expiry), replacing one
/// pending before.
///
/// # Errors
///
/// Database errors.
pub async fn set_reset(
    conn: &mut AnyConnection,
    user_id: &str,
    token_hash: &str,
    expires: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update users set reset_token_hash = $2, reset_token_expires = $3 where id = $1")
        .bind(user_id)
        .bind(token_hash)
        .bind(expires)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether a reset token with `token_hash` is pending and unexpired at `now`.
///
/// # Errors
///
/// Database errors.
pub async fn reset_pending(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "select id from users where reset_token_hash = $1 and reset_token_expires > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(row.is_some())
}

/// Spends the reset token with `token_hash`, if unexpired at `now`, setting the new
/// `password_hash`. Returns the player's id.
///
/// # Errors
///
/// Database errors.
pub async fn take_reset(
    conn: &mut AnyConnection,
    token_hash: &str,
    password_hash: &str,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "update users set password_hash = $3, reset_token_hash = null, \
         reset_token_expires = null \
         where reset_token_hash = $1 and reset_token_expires > $2 returning id",
    )
    .bind(token_hash)
    .bind(now)
    .bind(password_hash)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Ends every browser session of `user_id` (after a password reset).
///
/// # Errors
///
/// Database errors.
pub async fn end_sessions(conn: &mut AnyConnection, user_id: &str) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("delete from sessions where user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await?
        .rows_affected())
}
