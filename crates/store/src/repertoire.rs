//! Repertoires (migration 0028): each player's lines of replies per variant, start and
//! colour; the plies they played in games; whether they answer in a game.

use sqlx::{AnyConnection, FromRow};

/// A stored repertoire line.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RepertoireRow {
    /// Its id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// The start's stored setup text; empty for the variant's usual start.
    pub setup: String,
    /// The colour its owner plays: `white` or `black`.
    pub color: String,
    /// Canonical move texts from the start, both sides', separated by single spaces.
    pub moves: String,
    /// The texts people read, in the same order.
    pub display: String,
    /// When it was entered (unix seconds).
    pub created_at: i64,
}

/// Where a line of a repertoire answers: its owner, variant, start and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Branch<'a> {
    /// The owner's id.
    pub user_id: &'a str,
    /// The variant id.
    pub variant: &'a str,
    /// The start's stored setup text; empty for the variant's usual start.
    pub setup: &'a str,
    /// `white` or `black`.
    pub color: &'a str,
}

const COLUMNS: &str = "id, variant, setup, color, moves, display, created_at";

/// Every line of `user_id`'s repertoire, by variant, start and colour, each branch's
/// lines in the order of their moves (lines sharing a start stand together).
///
/// # Errors
///
/// Database errors.
pub async fn of_user(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<RepertoireRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from repertoire_lines where user_id = $1 \
         order by variant, setup, color, moves"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// The lines of one branch of a repertoire, in the order of their moves.
///
/// # Errors
///
/// Database errors.
pub async fn of_branch(
    conn: &mut AnyConnection,
    branch: &Branch<'_>,
) -> Result<Vec<RepertoireRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select {COLUMNS} from repertoire_lines \
         where user_id = $1 and variant = $2 and setup = $3 and color = $4 \
         order by moves"
    ))
    .bind(branch.user_id)
    .bind(branch.variant)
    .bind(branch.setup)
    .bind(branch.color)
    .fetch_all(conn)
    .await
}

/// How many lines `user_id` keeps in all.
///
/// # Errors
///
/// Database errors.
pub async fn count(conn: &mut AnyConnection, user_id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from repertoire_lines where user_id = $1")
        .bind(user_id)
        .fetch_one(conn)
        .await
}

/// Stores line `id` of `branch`.
///
/// # Errors
///
/// Database errors.
pub async fn insert(
    conn: &mut AnyConnection,
    id: &str,
    branch: &Branch<'_>,
    (moves, display): (&str, &str),
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into repertoire_lines (id, user_id, variant, setup, color, moves, display, \
         created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(branch.user_id)
    .bind(branch.variant)
    .bind(branch.setup)
    .bind(branch.color)
    .bind(moves)
    .bind(display)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes line `id` of `user_id`'s. Returns whether there was one.
///
/// # Errors
///
/// Database errors.
pub async fn delete(
    conn: &mut AnyConnection,
    user_id: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from repertoire_lines where id = $1 and user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Takes `user_id`'s lock for changing their repertoire: a write to their row that
/// changes nothing, so two changes at once wait for each other (and the limit holds).
/// Call it first in the changing transaction.
///
/// # Errors
///
/// Database errors.
pub async fn lock_owner(conn: &mut AnyConnection, user_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("update users set repertoire_default = repertoire_default where id = $1")
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Notes that the move at `ply` (1-based) of `game_id` came from a repertoire.
///
/// # Errors
///
/// Database errors.
pub async fn mark_ply(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("insert into repertoire_plies (game_id, ply) values ($1, $2)")
        .bind(game_id)
        .bind(ply)
        .execute(conn)
        .await?;
    Ok(())
}

/// The plies of `game_id` a repertoire played, in order.
///
/// # Errors
///
/// Database errors.
pub async fn plies_of(conn: &mut AnyConnection, game_id: &str) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select ply from repertoire_plies where game_id = $1 order by ply")
        .bind(game_id)
        .fetch_all(conn)
        .await
}

/// Turns `color`'s repertoire on or off in active game `game_id`. Returns whether the
/// game is active.
///
/// # Errors
///
/// Database errors.
pub async fn set_in_game(
    conn: &mut AnyConnection,
    game_id: &str,
    color: &str,
    on: bool,
) -> Result<bool, sqlx::Error> {
    let column = if color == "white" {
        "white_repertoire"
    } else {
        "black_repertoire"
    };
    let done = sqlx::query(&format!(
        "update games set {column} = $2 where id = $1 and status = 'active'"
    ))
    .bind(game_id)
    .bind(i64::from(on))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() > 0)
}
