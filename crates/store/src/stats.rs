//! Per-variant result counters.

use rules::GameResult;
use sqlx::{AnyConnection, FromRow};

/// One variant's counters.
#[derive(Debug, Clone, FromRow)]
pub struct StatsRow {
    /// The variant id.
    pub variant: String,
    /// Games White won.
    pub white_wins: i64,
    /// Games Black won.
    pub black_wins: i64,
    /// Drawn games.
    pub draws: i64,
    /// Games both sides lost (a deadline's rule).
    pub both_lost: i64,
}

/// Makes sure every variant in `variants` has a counter row, leaving existing counters
/// untouched. Run at start-up, so a variant added to the rules (and not yet to a
/// migration) is counted from its first finished game instead of failing it.
///
/// # Errors
///
/// Database errors.
pub async fn seed(conn: &mut AnyConnection, variants: &[&str]) -> Result<(), sqlx::Error> {
    for variant in variants {
        sqlx::query(
            "insert into variant_stats (variant, white_wins, black_wins, draws) \
             values ($1, 0, 0, 0) on conflict (variant) do nothing",
        )
        .bind(variant)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Counts one finished game. Call it in the transaction that finishes the game.
///
/// # Errors
///
/// Database errors, or no counter row for `variant`.
pub async fn record(
    conn: &mut AnyConnection,
    variant: &str,
    result: GameResult,
) -> Result<(), sqlx::Error> {
    let counted = |wanted: GameResult| i64::from(result == wanted);
    let done = sqlx::query(
        "update variant_stats set white_wins = white_wins + $2, black_wins = black_wins + $3, \
         draws = draws + $4, both_lost = both_lost + $5 where variant = $1",
    )
    .bind(variant)
    .bind(counted(GameResult::WhiteWins))
    .bind(counted(GameResult::BlackWins))
    .bind(counted(GameResult::Draw))
    .bind(counted(GameResult::BothLose))
    .execute(conn)
    .await?;
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(sqlx::Error::RowNotFound)
    }
}

/// Every variant's counters.
///
/// # Errors
///
/// Database errors.
pub async fn all(conn: &mut AnyConnection) -> Result<Vec<StatsRow>, sqlx::Error> {
    sqlx::query_as("select variant, white_wins, black_wins, draws, both_lost from variant_stats")
        .fetch_all(conn)
        .await
}
