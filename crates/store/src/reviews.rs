//! Post-game reviews: the queue of games to review (claimed by one instance at a time)
//! and the reviews done.

use sqlx::{AnyConnection, FromRow};

/// A review as stored.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ReviewRow {
    /// The game.
    pub game_id: String,
    /// Who asked for it.
    pub requested_by: String,
    /// When (unix seconds).
    pub requested_at: i64,
    /// `queued`, `done` or `failed`.
    pub status: String,
    /// When it was done.
    pub finished_at: Option<i64>,
    /// The start position for White, in hundredths of the game's unit.
    pub white_start_centi: Option<i64>,
    /// The reviewed moves (JSON), once done.
    pub moves: Option<String>,
}

const COLUMNS: &str =
    "game_id, requested_by, requested_at, status, finished_at, white_start_centi, moves";

/// Queues a review of `game_id` for `user_id`, unless the game has one (queued or done):
/// whether this call queued it.
///
/// # Errors
///
/// Database errors.
pub async fn queue(
    conn: &mut AnyConnection,
    game_id: &str,
    user_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into game_reviews (game_id, requested_by, requested_at) values ($1, $2, $3) \
         on conflict (game_id) do nothing",
    )
    .bind(game_id)
    .bind(user_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The review of `game_id`, if one was asked for.
///
/// # Errors
///
/// Database errors.
pub async fn get(
    conn: &mut AnyConnection,
    game_id: &str,
) -> Result<Option<ReviewRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from game_reviews where game_id = $1"
    ))
    .bind(game_id)
    .fetch_optional(conn)
    .await
}

/// How many reviews `user_id` has asked for that wait in the queue (count it after
/// [`crate::users::lock`], so two requests at once cannot both pass a limit).
///
/// # Errors
///
/// Database errors.
pub async fn waiting_for(conn: &mut AnyConnection, user_id: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "select count(*) from game_reviews where requested_by = $1 and status = 'queued'",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(count)
}

/// Claims the next review for `instance` until `until`: the queued one whose asker has
/// the fewest of their own queued before it, oldest first (so every player's first
/// review comes before anyone's second), not claimed by a live instance. The claim is
/// one guarded update: of instances claiming at once, one gets each row. Its game id and
/// the attempts so far, this one included.
///
/// # Errors
///
/// Database errors.
pub async fn claim(
    conn: &mut AnyConnection,
    instance: &str,
    now: i64,
    until: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "update game_reviews set claimed_by = $1, claimed_until = $3, attempts = attempts + 1 \
         where game_id = (select r.game_id from game_reviews r \
             where r.status = 'queued' and (r.claimed_until is null or r.claimed_until <= $2) \
             order by (select count(*) from game_reviews e where e.requested_by = r.requested_by \
                 and e.status = 'queued' and (e.requested_at < r.requested_at \
                 or (e.requested_at = r.requested_at and e.game_id < r.game_id))), \
             r.requested_at, r.game_id limit 1) \
         and status = 'queued' and (claimed_until is null or claimed_until <= $2) \
         returning game_id, attempts",
    )
    .bind(instance)
    .bind(now)
    .bind(until)
    .fetch_optional(conn)
    .await
}

/// Stores a finished review of `game_id`, if `instance` still holds its claim: whether it
/// did.
///
/// # Errors
///
/// Database errors.
pub async fn finish(
    conn: &mut AnyConnection,
    (game_id, instance): (&str, &str),
    (white_start_centi, moves): (i64, &str),
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update game_reviews set status = 'done', finished_at = $3, white_start_centi = $4, \
         moves = $5, claimed_by = null, claimed_until = null \
         where game_id = $1 and claimed_by = $2 and status = 'queued'",
    )
    .bind(game_id)
    .bind(instance)
    .bind(now)
    .bind(white_start_centi)
    .bind(moves)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives a claimed review back to the queue (`failed` instead when `failed`).
///
/// # Errors
///
/// Database errors.
pub async fn release(
    conn: &mut AnyConnection,
    game_id: &str,
    instance: &str,
    failed: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update game_reviews set claimed_by = null, claimed_until = null, \
         status = case when $3 = 1 then 'failed' else status end \
         where game_id = $1 and claimed_by = $2 and status = 'queued'",
    )
    .bind(game_id)
    .bind(instance)
    .bind(i64::from(failed))
    .execute(conn)
    .await?;
    Ok(())
}
