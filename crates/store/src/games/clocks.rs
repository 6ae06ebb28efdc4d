//! The clocks: overdue games for the sweeper, running clocks, deadlines and the
//! warnings before a deadline.

use sqlx::{AnyConnection, FromRow};

use crate::due::first_due;

/// Active games whose deadline has passed: (id, variant, ply, to_move), oldest first. A
/// game whose own deadline came first is left to the adjudication job
/// ([`deadline_due`](super::deadline_due)).
///
/// # Errors
///
/// Database errors.
pub async fn overdue(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> Result<Vec<(String, String, i64, String)>, sqlx::Error> {
    let select = "select id, variant, ply, to_move from games";
    let filter = " and status = 'active' and to_move is not null \
                  and (hard_deadline is null or deadline < hard_deadline)";
    first_due(conn, select, "deadline", filter, now, limit).await
}

/// The first write of the sweeper's transaction: claims an overdue game if it is still
/// active at `ply` with `to_move` to move and past its deadline, so that whoever runs it
/// first ends the game and every other sweeper finds no row. Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_overdue(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    to_move: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set updated_at = $4 \
         where id = $1 and ply = $2 and to_move = $3 and status = 'active' and deadline <= $4 \
         and (hard_deadline is null or deadline < hard_deadline)",
    )
    .bind(id)
    .bind(ply)
    .bind(to_move)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An active timed game whose clock runs for `user_id` (they are to move).
#[derive(Debug, Clone, FromRow)]
pub struct RunningClock {
    /// The game's id.
    pub id: String,
    /// Its deadline.
    pub deadline: i64,
    /// 1: weekends off.
    pub weekends_off: i64,
    /// 1: vacation allowed.
    pub vacation_allowed: i64,
    /// 1: nights off allowed.
    pub nights_allowed: i64,
}

/// How [`running_clocks_of`] treats the game rows on Postgres (SQLite's one writer needs
/// no row locks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowLock {
    /// Read them as they are.
    None,
    /// Lock them (`for update`), waiting for a move in progress.
    Wait,
    /// Lock those that are free and leave out those another transaction holds (`for
    /// update skip locked`): for a change made inside a game's own transaction, which
    /// must not wait for a transaction that may be waiting for it.
    SkipLocked,
}

/// The active timed games in which `user_id` is to move.
///
/// # Errors
///
/// Database errors.
pub async fn running_clocks_of(
    conn: &mut AnyConnection,
    user_id: &str,
    lock: RowLock,
) -> Result<Vec<RunningClock>, sqlx::Error> {
    let lock = match lock {
        RowLock::None => "",
        RowLock::Wait => " for update",
        RowLock::SkipLocked => " for update skip locked",
    };
    sqlx::query_as(&format!(
        "select id, deadline, weekends_off, vacation_allowed, nights_allowed from games \
         where status = 'active' and deadline is not null \
         and ((white_id = $1 and to_move = 'white') or (black_id = $1 and to_move = 'black')) \
         order by id{lock}"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Moves an active game's deadline (a change of its player to move's stops).
///
/// # Errors
///
/// Database errors.
pub async fn set_deadline(
    conn: &mut AnyConnection,
    id: &str,
    deadline: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    // The next warning is looked at again at once: the sweeper counts the new time left.
    sqlx::query(
        "update games set deadline = $2, updated_at = $3, \
         next_warning_at = case when next_warning_at is null then null else $3 end \
         where id = $1 and status = 'active'",
    )
    .bind(id)
    .bind(deadline)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether `user_id` lost another game on time that finished in `[since, before]`, other
/// than `game_id`.
///
/// # Errors
///
/// Database errors.
pub async fn lost_on_time_since(
    conn: &mut AnyConnection,
    user_id: &str,
    game_id: &str,
    since: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<(String,)> = sqlx::query_as(
        "select id from games where termination = 'timeout' and finished_at >= $3 \
         and id <> $2 and ((white_id = $1 and result = '0-1') or \
         (black_id = $1 and result = '1-0')) limit 1",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(since)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

/// Active games whose next time warning may be due at `now`: (id, the moment seen), the
/// earliest first.
///
/// # Errors
///
/// Database errors.
pub async fn warnings_due(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let select = "select id, next_warning_at from games";
    let filter = " and status = 'active'";
    first_due(conn, select, "next_warning_at", filter, now, limit).await
}

/// Claims a game's due warning (the transaction's first write): true when the game is
/// still active with the moment `seen`, so that of several sweepers one gives it.
///
/// # Errors
///
/// Database errors.
pub async fn claim_warning(
    conn: &mut AnyConnection,
    id: &str,
    seen: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set next_warning_at = null \
         where id = $1 and status = 'active' and next_warning_at = $2 and $2 <= $3",
    )
    .bind(id)
    .bind(seen)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Writes a game's warnings given this turn and its next look.
///
/// # Errors
///
/// Database errors.
pub async fn set_warnings(
    conn: &mut AnyConnection,
    id: &str,
    sent: i64,
    next_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("update games set warnings_sent = $2, next_warning_at = $3 where id = $1")
        .bind(id)
        .bind(sent)
        .bind(next_at)
        .execute(conn)
        .await?;
    Ok(())
}
