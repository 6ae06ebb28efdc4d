//! The end of a game past its own deadline: the result its rule gave (see
//! `jobs::adjudication`, which holds the game and searches), written through [`finish`]
//! as every end is, in a transaction whose first write claims the game only while this
//! job's hold on it is the game's (so a game is decided once, whatever the instances).

use rules::GameResult;

use super::{
    change::Applied,
    commit::commit,
    deadline::{Adjudication, Judge},
    detail::GameDetail,
    errors::corrupt,
    finish::finish,
    read::load,
    vocabulary::{Ending, GameStatus},
};
use crate::Services;
use store::games::{self, StoredAdjudication};
use vocab::error::AppError;

/// Ends game `id` at `ply`, held until `held_until`, with `result` and how it was
/// decided. Returns the game as saved, or `None` when the hold is no longer this
/// call's (another instance took the game after it ran out, or the game changed).
///
/// # Errors
///
/// Database errors (nothing is written then).
pub async fn end_at_deadline(
    state: &Services,
    (id, ply, held_until): (&str, i64, i64),
    result: GameResult,
    adjudication: Adjudication,
) -> Result<Option<GameDetail>, AppError> {
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    if !games::claim_held(&mut tx, id, ply, held_until, now).await? {
        tx.rollback().await?;
        return Ok(None);
    }
    let work = async {
        let mut detail = load(&mut tx, id).await?.ok_or(AppError::NotFound("game"))?;
        if detail.status != GameStatus::Active {
            return Err(corrupt(format!(
                "{id}: held for its deadline but not active"
            )));
        }
        let line = adjudication.line.join(" ");
        let stored = StoredAdjudication {
            score: adjudication.score,
            mover: adjudication.mover.as_str(),
            line: &line,
            depth: adjudication.depth,
            certain: adjudication.certain,
            engine: adjudication.judge.map(Judge::as_str),
        };
        games::set_adjudication(&mut tx, id, &stored).await?;
        detail.adjudication = Some(Box::new(adjudication));
        finish(&mut tx, &mut detail, Ending::Adjudicated(result), now).await?;
        Ok(Applied {
            ended: true,
            ..Applied::changed(detail)
        })
    }
    .await;
    commit(state, tx, work).await.map(Some)
}
