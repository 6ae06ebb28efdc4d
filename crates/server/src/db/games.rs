//! Games and their moves.

use sqlx::{AnyConnection, FromRow};

/// A stored game row with both players' names.
#[derive(Debug, Clone, FromRow)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// White's user id.
    pub white_id: String,
    /// White's name.
    pub white: String,
    /// Black's user id.
    pub black_id: String,
    /// Black's name.
    pub black: String,
    /// Knight Fight's numbers as JSON.
    pub setup: Option<String>,
    /// active, finished or aborted.
    pub status: String,
    /// 1-0, 0-1, 1/2-1/2.
    pub result: Option<String>,
    /// normal, resignation, agreement, timeout, claim.
    pub termination: Option<String>,
    /// The detail of the end (checkmate, threefold_repetition, …).
    pub end_reason: Option<String>,
    /// Moves played, passes included.
    pub ply: i64,
    /// white or black while active.
    pub to_move: Option<String>,
    /// When the player to move runs out of time.
    pub deadline: Option<i64>,
    /// Who offers a draw.
    pub draw_offer: Option<String>,
    /// Days per move.
    pub days_per_move: i64,
    /// Created.
    pub created_at: i64,
    /// Last changed.
    pub updated_at: i64,
    /// Finished or aborted.
    pub finished_at: Option<i64>,
}

const SELECT: &str = "select g.id, g.variant, g.white_id, w.username as white, g.black_id, \
    b.username as black, g.setup, g.status, g.result, g.termination, g.end_reason, g.ply, \
    g.to_move, g.deadline, g.draw_offer, g.days_per_move, g.created_at, g.updated_at, \
    g.finished_at from games g join users w on w.id = g.white_id \
    join users b on b.id = g.black_id";

/// What a new game holds.
#[derive(Debug, Clone)]
pub struct NewGame<'a> {
    /// Its id.
    pub id: &'a str,
    /// The variant id.
    pub variant: &'a str,
    /// White's user id.
    pub white_id: &'a str,
    /// Black's user id.
    pub black_id: &'a str,
    /// Knight Fight's numbers as JSON.
    pub setup: Option<&'a str>,
    /// Days per move.
    pub days_per_move: i64,
    /// White's first deadline.
    pub deadline: i64,
    /// Now.
    pub now: i64,
}

/// Stores a new active game, White to move.
///
/// # Errors
///
/// Database errors.
pub async fn insert(conn: &mut AnyConnection, new: &NewGame<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into games (id, variant, white_id, black_id, setup, status, ply, to_move, \
         deadline, days_per_move, created_at, updated_at) \
         values ($1, $2, $3, $4, $5, 'active', 0, 'white', $6, $7, $8, $8)",
    )
    .bind(new.id)
    .bind(new.variant)
    .bind(new.white_id)
    .bind(new.black_id)
    .bind(new.setup)
    .bind(new.deadline)
    .bind(new.days_per_move)
    .bind(new.now)
    .execute(conn)
    .await?;
    Ok(())
}

/// One game.
///
/// # Errors
///
/// Database errors.
pub async fn get(conn: &mut AnyConnection, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where g.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// The game's moves in order.
///
/// # Errors
///
/// Database errors.
pub async fn moves(conn: &mut AnyConnection, id: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> =
        sqlx::query_as("select move from moves where game_id = $1 order by ply")
            .bind(id)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(text,)| text).collect())
}

/// The first write of a move's transaction: claims the game row if it is still active at
/// `ply`. Returns whether it did (false: someone moved first, or the game ended).
///
/// # Errors
///
/// Database errors (on SQLite also a lock not granted within the busy timeout).
pub async fn claim_at_ply(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set updated_at = $3 where id = $1 and ply = $2 and status = 'active'",
    )
    .bind(id)
    .bind(ply)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The first write of a resign/abort/draw transaction: claims the game row if it is
/// still active. Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_active(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("update games set updated_at = $2 where id = $1 and status = 'active'")
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Appends moves numbered from `first_ply` (1-based: the ply after the move).
///
/// # Errors
///
/// Database errors (a duplicate ply violates the primary key).
pub async fn insert_moves(
    conn: &mut AnyConnection,
    id: &str,
    first_ply: i64,
    moves: &[String],
    now: i64,
) -> Result<(), sqlx::Error> {
    for (offset, text) in (0_i64..).zip(moves) {
        sqlx::query("insert into moves (game_id, ply, move, played_at) values ($1, $2, $3, $4)")
            .bind(id)
            .bind(first_ply + offset)
            .bind(text)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The changeable part of a game row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// active, finished or aborted.
    pub status: &'static str,
    /// The result once finished.
    pub result: Option<&'static str>,
    /// The termination once finished.
    pub termination: Option<&'static str>,
    /// The end's detail.
    pub end_reason: Option<String>,
    /// Moves played.
    pub ply: i64,
    /// white or black while active.
    pub to_move: Option<&'static str>,
    /// The deadline while active.
    pub deadline: Option<i64>,
    /// Who offers a draw.
    pub draw_offer: Option<&'static str>,
    /// When it ended.
    pub finished_at: Option<i64>,
}

/// Writes the game's new state.
///
/// # Errors
///
/// Database errors.
pub async fn save(
    conn: &mut AnyConnection,
    id: &str,
    state: &GameState,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update games set status = $2, result = $3, termination = $4, end_reason = $5, \
         ply = $6, to_move = $7, deadline = $8, draw_offer = $9, finished_at = $10, \
         updated_at = $11 where id = $1",
    )
    .bind(id)
    .bind(state.status)
    .bind(state.result)
    .bind(state.termination)
    .bind(state.end_reason.as_deref())
    .bind(state.ply)
    .bind(state.to_move)
    .bind(state.deadline)
    .bind(state.draw_offer)
    .bind(state.finished_at)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Active games whose deadline has passed: (id, variant, ply, to_move), oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn overdue(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> Result<Vec<(String, String, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "select id, variant, ply, to_move from games \
         where status = 'active' and deadline <= $1 and to_move is not null \
         order by deadline limit $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Ends an overdue game on time (the first write of the sweeper's transaction), only if
/// it is still active at `ply` with `to_move` to move and past its deadline: whoever runs
/// it first wins, every other sweeper finds no row. Returns whether it ended the game.
///
/// # Errors
///
/// Database errors.
pub async fn finish_on_time(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    to_move: &str,
    result: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set status = 'finished', result = $5, termination = 'timeout', \
         end_reason = 'timeout', to_move = null, deadline = null, draw_offer = null, \
         finished_at = $4, updated_at = $4 \
         where id = $1 and ply = $2 and to_move = $3 and status = 'active' and deadline <= $4",
    )
    .bind(id)
    .bind(ply)
    .bind(to_move)
    .bind(now)
    .bind(result)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A user's games: theirs to move first (by deadline), then the others still active,
/// then up to `finished_limit` recently ended ones.
///
/// # Errors
///
/// Database errors.
pub async fn for_user(
    conn: &mut AnyConnection,
    user_id: &str,
    finished_limit: i64,
) -> Result<Vec<GameRow>, sqlx::Error> {
    let mut active: Vec<GameRow> = sqlx::query_as(&format!(
        "{SELECT} where (g.white_id = $1 or g.black_id = $1) and g.status = 'active' \
         order by g.deadline, g.id"
    ))
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    // Stable: the deadline order stays within each group.
    active.sort_by_key(|row| !is_users_turn(row, user_id));
    let ended: Vec<GameRow> = sqlx::query_as(&format!(
        "{SELECT} where (g.white_id = $1 or g.black_id = $1) and g.status <> 'active' \
         order by g.finished_at desc, g.id limit $2"
    ))
    .bind(user_id)
    .bind(finished_limit)
    .fetch_all(conn)
    .await?;
    active.extend(ended);
    Ok(active)
}

/// Whether it is `user_id`'s turn in `row`.
#[must_use]
pub fn is_users_turn(row: &GameRow, user_id: &str) -> bool {
    match row.to_move.as_deref() {
        Some("white") => row.white_id == user_id,
        Some("black") => row.black_id == user_id,
        _ => false,
    }
}

/// How many active games wait for `user_id` to move.
///
/// # Errors
///
/// Database errors.
pub async fn count_users_turn(conn: &mut AnyConnection, user_id: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "select count(*) from games where status = 'active' and \
         ((white_id = $1 and to_move = 'white') or (black_id = $1 and to_move = 'black'))",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(count)
}

/// Active games per variant id, for the metrics gauge.
///
/// # Errors
///
/// Database errors.
pub async fn active_by_variant(pool: &sqlx::AnyPool) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("select variant, count(*) from games where status = 'active' group by variant")
        .fetch_all(pool)
        .await
}
