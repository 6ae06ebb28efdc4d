//! Games' own deadlines: the games past theirs, the adjudication job's hold on one, and
//! how it was decided.

use sqlx::AnyConnection;

use crate::due::first_due;

/// Active games whose own deadline has passed and that no instance holds: (id, ply),
/// the earliest deadline first.
///
/// # Errors
///
/// Database errors.
pub async fn deadline_due(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let select = "select id, ply from games";
    let filter = " and status = 'active' \
                  and (adjudication_held_until is null or adjudication_held_until <= $1)";
    first_due(conn, select, "hard_deadline", filter, now, limit).await
}

/// Holds a game past its own deadline for the adjudication job until `until`, if it is
/// still active at `ply` and no other instance holds it (its hold ran out). Returns
/// whether this call took it.
///
/// # Errors
///
/// Database errors.
pub async fn hold_for_adjudication(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    now: i64,
    until: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set adjudication_held_until = $4 \
         where id = $1 and ply = $2 and status = 'active' and hard_deadline <= $3 \
         and (adjudication_held_until is null or adjudication_held_until <= $3)",
    )
    .bind(id)
    .bind(ply)
    .bind(now)
    .bind(until)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The first write of the transaction that ends a held game by its rule: claims it if it
/// is still active at `ply` and held until `held_until` (by this call's job), so that a
/// game is decided once whatever the instances. Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_held(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    held_until: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set updated_at = $4, adjudication_held_until = null \
         where id = $1 and ply = $2 and status = 'active' and adjudication_held_until = $3",
    )
    .bind(id)
    .bind(ply)
    .bind(held_until)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Lets go of a held game without deciding it (the search failed or was stopped), so
/// the next round, here or in another instance, takes it again.
///
/// # Errors
///
/// Database errors.
pub async fn release_held(
    conn: &mut AnyConnection,
    id: &str,
    held_until: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update games set adjudication_held_until = null \
         where id = $1 and adjudication_held_until = $2",
    )
    .bind(id)
    .bind(held_until)
    .execute(conn)
    .await?;
    Ok(())
}

/// How an adjudicated game was decided, as its row keeps it.
#[derive(Debug, Clone)]
pub struct StoredAdjudication<'a> {
    /// The search's score in the family's units, for `mover`; `None`: no search.
    pub score: Option<i64>,
    /// `white` or `black`.
    pub mover: &'a str,
    /// The moves, separated by spaces.
    pub line: &'a str,
    /// The depth completed.
    pub depth: i64,
    /// The search saw the game's end.
    pub certain: bool,
    /// Which engine judged (`built_in`, `stockfish`); `None`: no search.
    pub engine: Option<&'a str>,
}

/// Keeps how game `id` was decided at its deadline (in the transaction that ends it).
///
/// # Errors
///
/// Database errors.
pub async fn set_adjudication(
    conn: &mut AnyConnection,
    id: &str,
    adjudication: &StoredAdjudication<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update games set adjudication_score = $2, adjudication_mover = $3, \
         adjudication_line = $4, adjudication_depth = $5, adjudication_certain = $6, \
         adjudication_engine = $7 where id = $1",
    )
    .bind(id)
    .bind(adjudication.score)
    .bind(adjudication.mover)
    .bind(adjudication.line)
    .bind(adjudication.depth)
    .bind(i64::from(adjudication.certain))
    .bind(adjudication.engine)
    .execute(conn)
    .await?;
    Ok(())
}
