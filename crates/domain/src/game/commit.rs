//! The end of every change of a game: its transaction committed with its live event
//! staged, then the steps after the commit ([`super::follow_up::after_commit`]); or
//! rolled back, so a refused request leaves the game exactly as it was.

use super::{
    change::{Applied, stage},
    detail::GameDetail,
    follow_up,
};
use crate::Services;
use vocab::error::AppError;

/// Commits `tx` if `work` succeeded (staging its live event in `tx`) and then runs the
/// post-commit steps; rolls it back otherwise, so a refused request leaves the game
/// exactly as it was.
pub(super) async fn commit(
    state: &Services,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    work: Result<Applied, AppError>,
) -> Result<GameDetail, AppError> {
    let work = match work {
        Ok(applied) => stage(state, &mut tx, &applied.detail)
            .await
            .map(|staged| (applied, staged))
            .map_err(AppError::from),
        Err(error) => Err(error),
    };
    match work {
        Ok((mut applied, staged)) => {
            tx.commit().await?;
            follow_up::after_commit(state, staged, &mut applied);
            match applied.refusal {
                Some(refusal) => Err(refusal),
                None => Ok(applied.detail),
            }
        }
        Err(error) => {
            if let Err(rollback) = tx.rollback().await {
                tracing::warn!(%rollback, "rolling back a refused game change");
            }
            Err(error)
        }
    }
}
