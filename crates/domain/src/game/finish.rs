//! The one way a game ends. A move that ends it on the board, a resignation, an agreed
//! draw, a claimed draw, a loss on time (found at a move or by the sweeper) and an abort
//! all call [`finish`], in the transaction of the change that ends the game.

use sqlx::AnyConnection;

use super::{
    change::save,
    detail::GameDetail,
    follow_up,
    vocabulary::{Ending, GameStatus},
};
use crate::notifications;
use vocab::error::AppError;

/// Ends `detail` as `ending` says at `now`: writes the final state (status, result,
/// termination, end reason; no deadline, no draw offer) and runs the in-transaction
/// follow-up steps (`follow_up::after_finish`: statistics, counters, ratings, and where
/// tournament standings will go), then each player's "game over" notice.
///
/// # Errors
///
/// Database errors (the caller rolls back: nothing of the end is kept).
pub async fn finish(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    ending: Ending,
    now: i64,
) -> Result<(), AppError> {
    let reason = ending.reason();
    detail.status = match ending {
        Ending::Aborted => GameStatus::Aborted,
        _ => GameStatus::Finished,
    };
    detail.result = ending.result();
    detail.termination = reason.termination();
    detail.end_reason = Some(reason);
    detail.deadline = None;
    detail.draw_offer = None;
    detail.warnings.next_at = None;
    save(conn, detail, Some(now), now).await?;
    follow_up::after_finish(conn, detail, now).await?;
    // Both players hear of the end, each with their own result.
    notifications::game_finished(conn, detail, now).await
}
