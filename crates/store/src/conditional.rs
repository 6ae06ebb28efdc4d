//! Conditional lines (migration 0017).

use sqlx::{AnyConnection, FromRow};

/// A stored conditional line, with its owner's name.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct LineRow {
    /// Its id.
    pub id: String,
    /// The owner's id.
    pub user_id: String,
    /// The owner's name.
    pub username: String,
    /// The ply its first move is expected at.
    pub ply: i64,
    /// Canonical move texts, separated by single spaces.
    pub moves: String,
    /// The texts people read, in the same order.
    pub display: String,
    /// When it was entered (unix seconds).
    pub created_at: i64,
}

/// A line to store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewLine<'a> {
    /// Its id.
    pub id: &'a str,
    /// The game.
    pub game_id: &'a str,
    /// The owner.
    pub user_id: &'a str,
    /// The ply its first move is expected at.
    pub ply: i64,
    /// Canonical move texts, separated by single spaces.
    pub moves: &'a str,
    /// The texts people read.
    pub display: &'a str,
    /// Now.
    pub created_at: i64,
}

/// The first write of a change of a game's lines: claims the game row while it is
/// active at `ply` (a write that changes nothing, so that a move of the game and the
/// change wait for each other). Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_game(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let done = match ply {
        Some(ply) => {
            sqlx::query(
                "update games set ply = ply where id = $1 and status = 'active' and ply = $2",
            )
            .bind(game_id)
            .bind(ply)
            .execute(conn)
            .await?
        }
        None => {
            sqlx::query("update games set ply = ply where id = $1 and status = 'active'")
                .bind(game_id)
                .execute(conn)
                .await?
        }
    };
    Ok(done.rows_affected() == 1)
}

const SELECT: &str = "select l.id, l.user_id, u.username, l.ply, l.moves, l.display, \
    l.created_at from conditional_lines l join users u on u.id = l.user_id";

/// Every line of `game_id`, in the order they were entered.
///
/// # Errors
///
/// Database errors.
pub async fn of_game(conn: &mut AnyConnection, game_id: &str) -> Result<Vec<LineRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where l.game_id = $1 order by l.seq"))
        .bind(game_id)
        .fetch_all(conn)
        .await
}

/// The lines of `user_id` in `game_id`, in the order they were entered.
///
/// # Errors
///
/// Database errors.
pub async fn of_player(
    conn: &mut AnyConnection,
    game_id: &str,
    user_id: &str,
) -> Result<Vec<LineRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} where l.game_id = $1 and l.user_id = $2 order by l.seq"
    ))
    .bind(game_id)
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Stores `line` as the last of its game (in the transaction that claimed the game).
///
/// # Errors
///
/// Database errors.
pub async fn insert(conn: &mut AnyConnection, line: &NewLine<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into conditional_lines \
         (id, game_id, user_id, seq, ply, moves, display, created_at) \
         select $1, $2, $3, coalesce(max(seq), 0) + 1, $4, $5, $6, $7 \
         from conditional_lines where game_id = $2",
    )
    .bind(line.id)
    .bind(line.game_id)
    .bind(line.user_id)
    .bind(line.ply)
    .bind(line.moves)
    .bind(line.display)
    .bind(line.created_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes line `id` (used up, or no longer matching the game).
///
/// # Errors
///
/// Database errors.
pub async fn drop_line(conn: &mut AnyConnection, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from conditional_lines where id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Moves line `id` on: it now starts at `ply` with `moves` (and `display`).
///
/// # Errors
///
/// Database errors.
pub async fn advance(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    moves: &str,
    display: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("update conditional_lines set ply = $2, moves = $3, display = $4 where id = $1")
        .bind(id)
        .bind(ply)
        .bind(moves)
        .bind(display)
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes line `id` of `user_id` in `game_id`. Returns whether there was one.
///
/// # Errors
///
/// Database errors.
pub async fn delete(
    conn: &mut AnyConnection,
    game_id: &str,
    id: &str,
    user_id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "delete from conditional_lines where id = $1 and game_id = $2 and user_id = $3",
    )
    .bind(id)
    .bind(game_id)
    .bind(user_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
