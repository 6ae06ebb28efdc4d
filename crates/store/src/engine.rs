//! The computer's pending replies (`engine_queue`) and its accounts.

use sqlx::{AnyConnection, FromRow};

use super::{
    Backend,
    lease::{self, Claim},
};

/// A reply the computer owes, as the engine job claimed it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct QueuedReply {
    /// The game.
    pub game_id: String,
    /// The game's ply the reply answers (its move's ply guard).
    pub ply: i64,
    /// The computer's level, 1 to 8.
    pub level: i64,
    /// The search's seed (a `u64`'s bits).
    pub seed: i64,
    /// Claims so far, this one included.
    pub attempts: i64,
}

/// Queues the computer's reply in `game_id` at `ply`, in the caller's transaction. A
/// reply already queued for that ply is kept. Returns whether a row was written.
///
/// # Errors
///
/// Database errors.
pub async fn queue(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: i64,
    level: i64,
    seed: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into engine_queue (game_id, ply, level, seed, created_at) \
         values ($1, $2, $3, $4, $5) on conflict (game_id, ply) do nothing",
    )
    .bind(game_id)
    .bind(ply)
    .bind(level)
    .bind(seed)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Replies waiting or being computed, over all instances.
///
/// # Errors
///
/// Database errors.
pub async fn pending(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("select count(*) from engine_queue")
        .fetch_one(conn)
        .await?;
    Ok(count)
}

/// Claims at most `limit` due replies for `instance` until `lease_until`, oldest first:
/// one guarded update (on Postgres over `for update skip locked`), so two instances
/// never hold one row at once. A row is due when nobody holds it or its lease ran out.
///
/// # Errors
///
/// Database errors.
pub async fn claim_due(
    conn: &mut AnyConnection,
    backend: Backend,
    instance: &str,
    now: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<QueuedReply>, sqlx::Error> {
    let claim = Claim {
        instance,
        now,
        until: lease_until,
        limit,
    };
    lease::claim_due(conn, backend, claim, |lock| {
        format!(
            "update engine_queue set claimed_by = $1, claimed_until = $2, attempts = attempts + 1 \
             where (game_id, ply) in (select game_id, ply from engine_queue \
                 where claimed_until is null or claimed_until <= $3 \
                 order by created_at, game_id limit $4{lock}) \
             and (claimed_until is null or claimed_until <= $3) \
             returning game_id, ply, level, seed, attempts"
        )
    })
    .await
}

/// Deletes the reply of `game_id` at `ply` if `instance` still holds it: in the
/// transaction that plays it (or when it is stale). Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn take(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: i64,
    instance: &str,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("delete from engine_queue where game_id = $1 and ply = $2 and claimed_by = $3")
            .bind(game_id)
            .bind(ply)
            .bind(instance)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives back `instance`'s claim of the reply of `game_id` at `ply`: due again at
/// `due_at` (`None`: at once).
///
/// # Errors
///
/// Database errors.
pub async fn release(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: i64,
    instance: &str,
    due_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update engine_queue set claimed_by = null, claimed_until = $4 \
         where game_id = $1 and ply = $2 and claimed_by = $3",
    )
    .bind(game_id)
    .bind(ply)
    .bind(instance)
    .bind(due_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes every reply queued in `game_id` (the game has ended), in the caller's
/// transaction.
///
/// # Errors
///
/// Database errors.
pub async fn drop_for_game(conn: &mut AnyConnection, game_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from engine_queue where game_id = $1")
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Active games whose player to move is a computer account and which have no reply
/// queued at their ply: (game id, ply, the computer's user id), at most `limit`.
///
/// # Errors
///
/// Database errors.
pub async fn unanswered(
    conn: &mut AnyConnection,
    limit: i64,
) -> Result<Vec<(String, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "select g.id, g.ply, u.id from games g \
         join users u on u.id = case when g.to_move = 'white' then g.white_id \
             else g.black_id end \
         where g.status = 'active' and g.to_move is not null and u.kind = 'computer' \
         and not exists (select 1 from engine_queue q where q.game_id = g.id and q.ply = g.ply) \
         order by g.id limit $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Inserts the computer account `id` named `username` (`username_key` its lower case)
/// with a password hash that no password verifies, unless the id or the name is taken.
/// Returns whether it was written.
///
/// # Errors
///
/// Database errors.
pub async fn insert_account(
    conn: &mut AnyConnection,
    id: &str,
    username: &str,
    password_hash: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    super::users::insert_account(conn, id, username, password_hash, "computer", true, now).await
}

/// The (name, kind) of the account `id`, if there is one.
///
/// # Errors
///
/// Database errors.
pub async fn account(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    let account = super::users::public_by_id(conn, id).await?;
    Ok(account.map(|user| (user.username, user.kind)))
}
