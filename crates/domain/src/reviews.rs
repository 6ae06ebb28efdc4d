//! Post-game reviews: asked for once a game has ended (by anyone signed in: games are
//! public here), queued in the database, computed by [`crate::jobs::reviews`] off the
//! request threads, once across instances, and kept with the game. See
//! `docs/analysis.md`.

use rules::Color;
use serde::{Deserialize, Serialize};

use crate::{
    Services,
    accounts::user::User,
    game::{self, GameDetail, GameStatus},
};
use store::reviews::{self as rows, ReviewRow};
use vocab::error::AppError;

/// The most reviews one player may have waiting in the queue.
pub const MAX_WAITING: i64 = 3;

/// Where a review stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewStatus {
    /// Waiting for the engine.
    Queued,
    /// Done: the moves are reviewed.
    Done,
    /// The engine could not review the game.
    Failed,
}

impl ReviewStatus {
    /// `queued`, `done` or `failed`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ReviewStatus::Queued => "queued",
            ReviewStatus::Done => "done",
            ReviewStatus::Failed => "failed",
        }
    }
}

/// One reviewed move, as stored and shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewMove {
    /// Who played it.
    pub mover: Color,
    /// The move (canonical text).
    pub played: String,
    /// The engine's best move there; `None` when the move was forced.
    pub best: Option<String>,
    /// The position after it for White, in whole units (pawns, discs, points), capped.
    pub white_after: f64,
    /// What it cost against the best move, in whole units.
    pub loss: f64,
    /// `inaccuracy`, `mistake` or `blunder`; `None` for a good move.
    pub mark: Option<String>,
}

/// A game's review.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// Where it stands.
    pub status: ReviewStatus,
    /// When it was asked for.
    pub requested_at: i64,
    /// When it was done.
    pub finished_at: Option<i64>,
    /// The start position for White, in whole units.
    pub white_start: f64,
    /// Each move of the record, once done.
    pub moves: Vec<ReviewMove>,
}

impl Review {
    fn of_row(row: ReviewRow) -> Result<Review, AppError> {
        let status = match row.status.as_str() {
            "queued" => ReviewStatus::Queued,
            "done" => ReviewStatus::Done,
            _ => ReviewStatus::Failed,
        };
        let moves = match row.moves.as_deref() {
            Some(text) => serde_json::from_str(text)
                .map_err(|error| AppError::internal(format!("a stored review: {error}")))?,
            None => Vec::new(),
        };
        #[allow(clippy::cast_precision_loss)]
        let white_start = row.white_start_centi.unwrap_or(0) as f64 / 100.0;
        Ok(Review {
            status,
            requested_at: row.requested_at,
            finished_at: row.finished_at,
            white_start,
            moves,
        })
    }
}

/// A reviewed move with the texts people read.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownMove<'a> {
    /// Its index in the record (0 for the first move).
    pub index: usize,
    /// The move as reviewed.
    pub reviewed: &'a ReviewMove,
    /// The move as people read it (SAN in chess).
    pub played: String,
    /// The engine's better move as people read it, when there was one.
    pub better: Option<String>,
}

impl Review {
    /// The moves of `detail`'s record with their review, as people read them (a replay
    /// of the record from its start).
    ///
    /// # Errors
    ///
    /// A 500 when the stored game does not replay.
    pub fn shown_moves(&self, detail: &GameDetail) -> Result<Vec<ShownMove<'_>>, AppError> {
        let mut walk = rules::AnyGame::new(detail.variant(), detail.game.setup().clone())
            .map_err(AppError::internal)?;
        let display = |game: &rules::AnyGame| game.record().last().map(|m| m.display.clone());
        let mut shown = Vec::with_capacity(self.moves.len());
        for (index, reviewed) in self.moves.iter().enumerate() {
            let better = reviewed.best.as_ref().and_then(|best| {
                let mut other = walk.clone();
                other.play(best).ok()?;
                display(&other)
            });
            walk.play(&reviewed.played).map_err(AppError::internal)?;
            shown.push(ShownMove {
                index,
                played: display(&walk).unwrap_or_else(|| reviewed.played.clone()),
                better,
                reviewed,
            });
        }
        Ok(shown)
    }
}

/// The review of game `id`, if one was asked for.
///
/// # Errors
///
/// Database errors.
pub async fn get(state: &Services, id: &str) -> Result<Option<Review>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    rows::get(&mut conn, id)
        .await?
        .map(Review::of_row)
        .transpose()
}

/// Asks for a review of game `id` for `user`: queued unless the game has one already
/// (then that one is answered).
///
/// # Errors
///
/// 404 no such game; 409 `game_not_over` while it is played; 409 `too_many_reviews`
/// when [`MAX_WAITING`] of the user's reviews wait; database errors.
pub async fn request(state: &Services, user: &User, id: &str) -> Result<Review, AppError> {
    let detail = game::shown(state, id).await?;
    if detail.status != GameStatus::Finished {
        return Err(AppError::conflict(
            "game_not_over",
            "a game is reviewed once it has ended",
        ));
    }
    let mut tx = state.db.begin_write().await?;
    // The asker's row first, so two requests at once count their waiting reviews in turn.
    store::users::lock(&mut tx, &user.id).await?;
    let waiting = rows::waiting_for(&mut tx, &user.id).await?;
    if waiting >= MAX_WAITING && rows::get(&mut tx, id).await?.is_none() {
        tx.rollback().await?;
        return Err(AppError::conflict(
            "too_many_reviews",
            format!(
                "{MAX_WAITING} of your reviews are waiting for the engine: ask again when one \
                 is done"
            ),
        ));
    }
    rows::queue(&mut tx, id, &user.id, state.now()).await?;
    let row = rows::get(&mut tx, id)
        .await?
        .ok_or_else(|| AppError::internal("a review just queued is missing"))?;
    tx.commit().await?;
    Review::of_row(row)
}
