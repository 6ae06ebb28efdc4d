//! The timeout sweeper's heartbeat (`sweeper_runs`) and the downtime extension.

use sqlx::AnyConnection;

/// What recording a run found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// The first run ever of the task.
    First,
    /// The run before this one was at the given time (unix seconds).
    After(i64),
    /// Another run at `now` or later is already recorded: nothing was written.
    NotNewer,
}

/// Records that `task` runs at `now`: moves its last run to `now` and returns the one
/// before. One guarded statement, the transaction's first write, so that of several
/// instances recording at once each gets a different previous run (the later ones wait
/// for the first to commit).
///
/// # Errors
///
/// Database errors.
pub async fn record_run(
    conn: &mut AnyConnection,
    task: &str,
    now: i64,
) -> Result<Recorded, sqlx::Error> {
    let previous: Option<(Option<i64>,)> = sqlx::query_as(
        "update sweeper_runs set previous_run = last_run, last_run = $2 \
         where task = $1 and last_run < $2 returning previous_run",
    )
    .bind(task)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some((previous,)) = previous {
        return Ok(previous.map_or(Recorded::NotNewer, Recorded::After));
    }
    let inserted = sqlx::query(
        "insert into sweeper_runs (task, last_run) values ($1, $2) \
         on conflict (task) do nothing",
    )
    .bind(task)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(if inserted.rows_affected() == 1 {
        Recorded::First
    } else {
        Recorded::NotNewer
    })
}

/// Moves the deadline of every active timed game on by `seconds`. Returns how many.
///
/// # Errors
///
/// Database errors.
pub async fn extend_active_deadlines(
    conn: &mut AnyConnection,
    seconds: i64,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "update games set deadline = deadline + $1, next_warning_at = next_warning_at + $1 \
         where status = 'active' and deadline is not null",
    )
    .bind(seconds)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}
