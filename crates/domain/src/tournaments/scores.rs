//! A tournament game's end, scored in the transaction that ends it (a step of the
//! game's follow-ups): the game's outcome, both players' scores, the runner's mark.

use rules::{Color, GameResult};
use sqlx::AnyConnection;

use crate::game::{detail::GameDetail, vocabulary::GameSource};
use store::tournaments as rows;
use vocab::error::AppError;

/// Scores a finished tournament game in its own transaction: its outcome, both
/// players' scores in its stage, and the tournament marked for the runner. Nothing for
/// other games, or one already scored.
///
/// # Errors
///
/// Database errors.
pub async fn game_ended(
    conn: &mut AnyConnection,
    detail: &GameDetail,
    result: GameResult,
) -> Result<(), AppError> {
    if detail.source != GameSource::Tournament {
        return Ok(());
    }
    let outcome = match result {
        GameResult::WhiteWins => "white",
        GameResult::BlackWins => "black",
        GameResult::Draw => "draw",
        GameResult::BothLose => "both_lost",
    };
    let white = i64::from(result.half_points(Color::White));
    let black = i64::from(result.half_points(Color::Black));
    let Some((id, stage)) = rows::record_outcome(&mut *conn, &detail.id, outcome).await? else {
        return Ok(());
    };
    // The tournament's row before the scores: the order the runner takes them in too.
    rows::mark_pending(&mut *conn, &id).await?;
    rows::add_score(
        &mut *conn,
        &id,
        stage,
        &detail.white_id,
        white,
        white == 2,
        true,
    )
    .await?;
    rows::add_score(
        &mut *conn,
        &id,
        stage,
        &detail.black_id,
        black,
        black == 2,
        true,
    )
    .await?;
    Ok(())
}
