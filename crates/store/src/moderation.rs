//! Moderation and account care: the administrator flag, mutes, bans, reports, the
//! administrators' log, and what deleting an account changes.

use sqlx::{AnyConnection, FromRow};

/// What moderation knows of an account.
#[derive(Debug, Clone, FromRow)]
pub struct AccountRow {
    /// The user's id.
    pub id: String,
    /// The name as registered (`deleted-…` once deleted).
    pub username: String,
    /// Who plays it (`human`, `computer`, `bot`).
    pub kind: String,
    /// 1: an administrator.
    pub is_admin: i64,
    /// Muted since (unix seconds).
    pub muted_at: Option<i64>,
    /// Banned since.
    pub banned_at: Option<i64>,
    /// Deleted at.
    pub deleted_at: Option<i64>,
}

const ACCOUNT: &str =
    "select id, username, kind, is_admin, muted_at, banned_at, deleted_at from users";

/// The account `id`.
///
/// # Errors
///
/// Database errors.
pub async fn account(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query_as(&format!("{ACCOUNT} where id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// The account called `name` (any case).
///
/// # Errors
///
/// Database errors.
pub async fn account_by_name(
    conn: &mut AnyConnection,
    name: &str,
) -> Result<Option<AccountRow>, sqlx::Error> {
    if super::names_nothing(name) {
        return Ok(None);
    }
    sqlx::query_as(&format!("{ACCOUNT} where username_key = $1"))
        .bind(name.to_lowercase())
        .fetch_optional(conn)
        .await
}

/// Makes `user_id` the administrator who registered first, if nobody did before (in the
/// registration's transaction: of two racing first registrations one inserts the row, the
/// other finds it). Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_first_admin(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into first_admin (id, user_id) values (1, $1) on conflict (id) do nothing",
    )
    .bind(user_id)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("update users set is_admin = 1 where id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(true)
}

/// Sets the administrator flag of the person's account `user_id` (not deleted). Returns
/// whether it changed.
///
/// # Errors
///
/// Database errors.
pub async fn set_admin(
    conn: &mut AnyConnection,
    user_id: &str,
    on: bool,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update users set is_admin = $2 where id = $1 and is_admin <> $2 \
         and kind = 'human' and deleted_at is null",
    )
    .bind(user_id)
    .bind(i64::from(on))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Mutes `user_id` from `now` (a write). Returns whether it was not muted before.
///
/// # Errors
///
/// Database errors.
pub async fn mute(conn: &mut AnyConnection, user_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update users set muted_at = $2 where id = $1 and muted_at is null and deleted_at is null",
    )
    .bind(user_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends `user_id`'s mute. Returns whether it was muted.
///
/// # Errors
///
/// Database errors.
pub async fn unmute(conn: &mut AnyConnection, user_id: &str) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("update users set muted_at = null where id = $1 and muted_at is not null")
            .bind(user_id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Bans `user_id` from `now` (the first write of the ban's transaction). Returns whether
/// it was not banned before.
///
/// # Errors
///
/// Database errors.
pub async fn ban(conn: &mut AnyConnection, user_id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update users set banned_at = $2 where id = $1 and banned_at is null \
         and deleted_at is null",
    )
    .bind(user_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends `user_id`'s ban. Returns whether it was banned.
///
/// # Errors
///
/// Database errors.
pub async fn unban(conn: &mut AnyConnection, user_id: &str) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("update users set banned_at = null where id = $1 and banned_at is not null")
            .bind(user_id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether `user_id` is muted.
///
/// # Errors
///
/// Database errors.
pub async fn is_muted(conn: &mut AnyConnection, user_id: &str) -> Result<bool, sqlx::Error> {
    let row: Option<(Option<i64>,)> = sqlx::query_as("select muted_at from users where id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await?;
    Ok(matches!(row, Some((Some(_),))))
}

/// Signs `user_id` out everywhere but the session stored as `keep` (a token hash):
/// deletes their other sessions. Returns how many ended.
///
/// # Errors
///
/// Database errors.
pub async fn end_sessions(
    conn: &mut AnyConnection,
    user_id: &str,
    keep: Option<&str>,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("delete from sessions where user_id = $1 and token_hash <> $2")
        .bind(user_id)
        .bind(keep.unwrap_or(""))
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}

/// Deletes every API token of `user_id`.
///
/// # Errors
///
/// Database errors.
pub async fn delete_tokens(conn: &mut AnyConnection, user_id: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("delete from api_tokens where user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected())
}

/// Cancels every open challenge made by `user_id` or addressed to them: (id,
/// challenger id, opponent id) of each.
///
/// # Errors
///
/// Database errors.
pub async fn cancel_challenges_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(
        "update challenges set status = 'cancelled' where status = 'open' \
         and (challenger_id = $1 or opponent_id = $1) \
         returning id, challenger_id, opponent_id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// The ids of `user_id`'s active games, in id order (the order a ban or a deletion ends
/// them in).
///
/// # Errors
///
/// Database errors.
pub async fn active_games_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select id from games where status = 'active' and (white_id = $1 or black_id = $1) \
         order by id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// A new report.
#[derive(Debug, Clone)]
pub struct NewReport<'a> {
    /// Its id.
    pub id: &'a str,
    /// Who reports.
    pub reporter_id: &'a str,
    /// The account reported (a chat line's author).
    pub target_id: &'a str,
    /// `player:<id>` or `chat:<game>:<seq>`.
    pub target_key: &'a str,
    /// The game of a reported chat line.
    pub game_id: Option<&'a str>,
    /// The line's number.
    pub chat_seq: Option<i64>,
    /// The line's text.
    pub quoted: &'a str,
    /// Why.
    pub reason: &'a str,
    /// When.
    pub created_at: i64,
}

/// Stores a report (the transaction's first write). A second open report of the same
/// reporter and target fails with a unique violation.
///
/// # Errors
///
/// Database errors, the unique violation among them.
pub async fn insert_report(
    conn: &mut AnyConnection,
    new: &NewReport<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into reports (id, reporter_id, target_id, target_key, game_id, chat_seq, quoted, \
         reason, status, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9)",
    )
    .bind(new.id)
    .bind(new.reporter_id)
    .bind(new.target_id)
    .bind(new.target_key)
    .bind(new.game_id)
    .bind(new.chat_seq)
    .bind(new.quoted)
    .bind(new.reason)
    .bind(new.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A report as the administrators read it.
#[derive(Debug, Clone, FromRow)]
pub struct ReportRow {
    /// Its id.
    pub id: String,
    /// The reporter's name.
    pub reporter: String,
    /// The reported account's id.
    pub target_id: String,
    /// The reported account's name.
    pub target: String,
    /// The game of a reported chat line.
    pub game_id: Option<String>,
    /// The line's number.
    pub chat_seq: Option<i64>,
    /// The line's text when reported.
    pub quoted: String,
    /// Why.
    pub reason: String,
    /// open, resolved or dismissed.
    pub status: String,
    /// When.
    pub created_at: i64,
    /// 1 when the reported account is muted now.
    pub target_muted: i64,
    /// 1 when it is banned now.
    pub target_banned: i64,
}

const REPORT: &str = "select r.id, p.username as reporter, r.target_id, t.username as target, \
     r.game_id, r.chat_seq, r.quoted, r.reason, r.status, r.created_at, \
     case when t.muted_at is null then 0 else 1 end as target_muted, \
     case when t.banned_at is null then 0 else 1 end as target_banned \
     from reports r join users p on p.id = r.reporter_id join users t on t.id = r.target_id";

/// How many reports are open, for user `u` when an administrator (null for everyone else),
/// as a column of a query over `users u`: the header's count for the people who close them.
pub const ADMINS_OPEN_REPORTS: &str = "case when u.is_admin = 1 then \
     (select count(*) from reports ro where ro.status = 'open') end";

/// Up to `limit` open reports, oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn open_reports(
    conn: &mut AnyConnection,
    limit: i64,
) -> Result<Vec<ReportRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{REPORT} where r.status = 'open' order by r.created_at, r.id limit $1"
    ))
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// The report `id`.
///
/// # Errors
///
/// Database errors.
pub async fn report(conn: &mut AnyConnection, id: &str) -> Result<Option<ReportRow>, sqlx::Error> {
    sqlx::query_as(&format!("{REPORT} where r.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Closes the open report `id` as `status` (`resolved` or `dismissed`) by `admin_id`
/// (the transaction's first write). Returns whether it was open.
///
/// # Errors
///
/// Database errors.
pub async fn close_report(
    conn: &mut AnyConnection,
    id: &str,
    status: &str,
    admin_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update reports set status = $2, resolved_by = $3, resolved_at = $4 \
         where id = $1 and status = 'open'",
    )
    .bind(id)
    .bind(status)
    .bind(admin_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// One administrator's action to log.
#[derive(Debug, Clone)]
pub struct NewAction<'a> {
    /// Who (`None`: the command line).
    pub admin_id: Option<&'a str>,
    /// What (`ban`, `mute`, …).
    pub action: &'a str,
    /// The account acted on.
    pub target_id: Option<&'a str>,
    /// The report acted on.
    pub report_id: Option<&'a str>,
    /// Words for people.
    pub detail: &'a str,
    /// When.
    pub created_at: i64,
}

/// Logs an action, in the action's transaction.
///
/// # Errors
///
/// Database errors.
pub async fn log_action(
    conn: &mut AnyConnection,
    action: &NewAction<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into admin_actions (id, seq, admin_id, action, target_id, report_id, detail, \
         created_at) select $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5, $6, $7 \
         from admin_actions",
    )
    .bind(vocab::ids::new_id())
    .bind(action.admin_id)
    .bind(action.action)
    .bind(action.target_id)
    .bind(action.report_id)
    .bind(action.detail)
    .bind(action.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A logged action as the log shows it.
#[derive(Debug, Clone, FromRow)]
pub struct ActionRow {
    /// Its id.
    pub id: String,
    /// Its place in the log.
    pub seq: i64,
    /// The administrator's name (`None`: the command line).
    pub admin: Option<String>,
    /// What.
    pub action: String,
    /// The account's name.
    pub target: Option<String>,
    /// The report.
    pub report_id: Option<String>,
    /// Words.
    pub detail: String,
    /// When.
    pub created_at: i64,
}

/// Up to `limit` logged actions, newest first, before the position `before` (seq, id)
/// when given.
///
/// # Errors
///
/// Database errors.
pub async fn actions(
    conn: &mut AnyConnection,
    before: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<ActionRow>, sqlx::Error> {
    const SELECT: &str = "select a.id, a.seq, u.username as admin, a.action, t.username as target, \
         a.report_id, a.detail, a.created_at from admin_actions a \
         left join users u on u.id = a.admin_id left join users t on t.id = a.target_id";
    match before {
        None => {
            sqlx::query_as(&format!("{SELECT} order by a.seq desc, a.id desc limit $1"))
                .bind(limit)
                .fetch_all(conn)
                .await
        }
        Some((at, id)) => {
            sqlx::query_as(&format!(
                "{SELECT} where (a.seq < $1 or (a.seq = $1 and a.id < $2)) \
                 order by a.seq desc, a.id desc limit $3"
            ))
            .bind(at)
            .bind(id)
            .bind(limit)
            .fetch_all(conn)
            .await
        }
    }
}

/// Makes the account `user_id` anonymous (the first write of the deletion's transaction):
/// the name becomes `name`, the password unusable, the e-mail address and its tokens
/// gone, no administrator, no mute. Returns whether the account existed undeleted.
///
/// # Errors
///
/// Database errors.
pub async fn anonymise(
    conn: &mut AnyConnection,
    user_id: &str,
    name: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update users set username = $2, username_key = $3, password_hash = '!deleted', \
         deleted_at = $4, is_admin = 0, muted_at = null, email = null, \
         email_verified_at = null, email_token_hash = null, email_token_expires = null, \
         reset_token_hash = null, reset_token_expires = null, chat_spectators = 0, \
         vacation_from = null, vacation_until = null \
         where id = $1 and deleted_at is null",
    )
    .bind(user_id)
    .bind(name)
    .bind(name.to_lowercase())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes what is private to `user_id`: sessions, API tokens, devices notified, notes,
/// notices and their preferences, blocks either way.
///
/// # Errors
///
/// Database errors.
pub async fn delete_private(conn: &mut AnyConnection, user_id: &str) -> Result<(), sqlx::Error> {
    for statement in [
        "delete from sessions where user_id = $1",
        "delete from api_tokens where user_id = $1",
        "delete from push_subscriptions where user_id = $1",
        "delete from game_notes where user_id = $1",
        "delete from notifications where user_id = $1",
        "delete from notification_preferences where user_id = $1",
        "delete from blocks where blocker_id = $1 or blocked_id = $1",
        "delete from presence where user_id = $1",
    ] {
        sqlx::query(statement)
            .bind(user_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Stores a new password hash for `user_id` and forgets any reset link.
///
/// # Errors
///
/// Database errors.
pub async fn set_password(
    conn: &mut AnyConnection,
    user_id: &str,
    hash: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update users set password_hash = $2, reset_token_hash = null, \
         reset_token_expires = null where id = $1 and deleted_at is null",
    )
    .bind(user_id)
    .bind(hash)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// `user_id`'s e-mail address, if any.
///
/// # Errors
///
/// Database errors.
pub async fn email_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(Option<String>,)> = sqlx::query_as("select email from users where id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.and_then(|(email,)| email))
}

/// `user_id`'s ratings: (variant, rating, deviation, rated games), at the stored scale
/// (millionths of a point).
///
/// # Errors
///
/// Database errors.
pub async fn ratings_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select variant, rating, deviation, rated_games from player_ratings \
         where user_id = $1 order by variant",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// The chat lines `user_id` wrote: (game id, seq, ply, text, written at).
///
/// # Errors
///
/// Database errors.
pub async fn chat_lines_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, i64, i64, String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select game_id, seq, ply, body, created_at from chat_messages where user_id = $1 \
         order by created_at, game_id, seq",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// `user_id`'s notes: (game id, text, saved at).
///
/// # Errors
///
/// Database errors.
pub async fn notes_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<(String, String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select game_id, body, updated_at from game_notes where user_id = $1 order by game_id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// The ids of every game `user_id` plays or played, oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn game_ids_of(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select id from games where white_id = $1 or black_id = $1 order by created_at, id",
    )
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
