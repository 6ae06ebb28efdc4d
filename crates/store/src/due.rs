//! Rows that fall due at a moment (overdue games, time warnings, e-mail digests): the
//! first of them, for the background jobs that work through them.

use sqlx::{AnyConnection, FromRow, any::AnyRow};

/// Up to `limit` rows of `select` (a `select … from …` without a `where`) whose column
/// `due` is at most `now`, the earliest first, and of which `filter` (more conditions,
/// each after an `and`, or nothing) holds.
pub(crate) async fn first_due<T>(
    conn: &mut AnyConnection,
    select: &str,
    due: &str,
    filter: &str,
    now: i64,
    limit: i64,
) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
{
    sqlx::query_as(&format!(
        "{select} where {due} <= $1{filter} order by {due} limit $2"
    ))
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await
}
