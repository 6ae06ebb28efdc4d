//! Leases on the rows of a work queue (the computer's replies, the outbox): how an
//! instance claims due rows so that two instances never hold one row at once.

use sqlx::{AnyConnection, FromRow, any::AnyRow};

use super::Backend;

/// A claim of a queue's due rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim<'a> {
    /// The instance claiming them.
    pub instance: &'a str,
    /// Now (unix seconds): a row whose lease ran out by then is free.
    pub now: i64,
    /// When the lease on the rows claimed runs out.
    pub until: i64,
    /// The most rows to claim.
    pub limit: i64,
}

/// Makes `claim` in one guarded update and returns the rows it claimed. `statement`
/// writes the update around the row lock it is given for its sub-select (on Postgres
/// `for update skip locked`, so instances claiming at once take different rows without
/// waiting for each other; none on SQLite), binding `$1` the instance, `$2` the lease's
/// end, `$3` now and `$4` the limit.
pub(crate) async fn claim_due<T>(
    conn: &mut AnyConnection,
    backend: Backend,
    claim: Claim<'_>,
    statement: impl FnOnce(&str) -> String,
) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
{
    let lock = match backend {
        Backend::Postgres => " for update skip locked",
        Backend::Sqlite => "",
    };
    sqlx::query_as(&statement(lock))
        .bind(claim.instance)
        .bind(claim.until)
        .bind(claim.now)
        .bind(claim.limit)
        .fetch_all(conn)
        .await
}
