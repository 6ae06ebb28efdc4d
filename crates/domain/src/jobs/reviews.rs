//! The review job: takes queued reviews one at a time and reviews each game with the
//! engine (`engine::review`) off the async threads.
//!
//! - **Claiming.** A guarded update claims one review for this instance for
//!   [`HOLD_SECS`]; of instances claiming at once, one gets each. A claim whose instance
//!   died runs out and the review is taken again, so a restart loses none.
//! - **Fair shares.** The next review is the one whose asker has the fewest queued
//!   before it (every player's first before anyone's second), as the computer's queue
//!   shares its threads.
//! - **Budget.** Each position gets a quarter of `ENGINE_NODES` at the best level; a
//!   review that fails [`MAX_ATTEMPTS`] times is marked failed.

use std::{sync::atomic::Ordering, time::Duration};

use engine::Budget;
use rules::AnyGame;

use crate::{Services, game, reviews::ReviewMove};
use store::reviews as rows;
use vocab::error::AppError;

/// How long a claim keeps a review for the instance computing it (seconds).
pub const HOLD_SECS: i64 = 600;

/// How often the job looks for queued reviews.
pub const IDLE_INTERVAL: Duration = Duration::from_secs(5);

/// How many times a review is tried before it is marked failed.
pub const MAX_ATTEMPTS: i64 = 3;

/// The share of `ENGINE_NODES` each position of a review gets.
const NODES_DIVISOR: u64 = 4;

/// Runs rounds every [`IDLE_INTERVAL`] until the process ends; errors are logged and the
/// next round tries again.
pub async fn run(state: Services) {
    super::every(IDLE_INTERVAL, "games reviewed", || round(&state)).await;
}

/// Reviews queued games until none is left for this instance: how many it finished.
///
/// # Errors
///
/// Database errors.
pub async fn round(state: &Services) -> Result<usize, AppError> {
    let mut done = 0;
    loop {
        if state.engine_stop.load(Ordering::SeqCst) {
            return Ok(done);
        }
        let now = state.now();
        let claimed = {
            let mut tx = state.db.begin_write().await?;
            let claimed = rows::claim(&mut tx, &state.instance_id, now, now + HOLD_SECS).await?;
            tx.commit().await?;
            claimed
        };
        let Some((id, attempts)) = claimed else {
            return Ok(done);
        };
        match review_one(state, &id).await {
            Ok(true) => done += 1,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(game = %id, %error, attempts, "a review failed");
                let mut tx = state.db.begin_write().await?;
                rows::release(&mut tx, &id, &state.instance_id, attempts >= MAX_ATTEMPTS).await?;
                tx.commit().await?;
            }
        }
    }
}

/// Reviews game `id`, claimed by this instance, and stores the review: whether it was
/// stored (`false`: the claim was lost meanwhile).
async fn review_one(state: &Services, id: &str) -> Result<bool, AppError> {
    let detail = game::get(state, id).await?;
    let start =
        AnyGame::new(detail.variant(), detail.game.setup().clone()).map_err(AppError::internal)?;
    let moves: Vec<String> = detail.game.moves().map(str::to_owned).collect();
    let budget = Budget::nodes((state.config.engine.nodes / NODES_DIVISOR).max(1_000));
    let stop = state.engine_stop.clone();
    let review = tokio::task::spawn_blocking(move || engine::review(&start, &moves, budget, &stop))
        .await
        .map_err(|error| AppError::internal(format!("a review panicked: {error}")))?
        .map_err(|error| AppError::internal(format!("a review failed: {error}")))?;
    if state.engine_stop.load(Ordering::SeqCst) {
        // Stopped part-way: the claim runs out and the review is taken again.
        return Ok(false);
    }
    let moves: Vec<ReviewMove> = review
        .moves
        .into_iter()
        .map(|reviewed| ReviewMove {
            mover: reviewed.mover,
            played: reviewed.played,
            best: reviewed.best,
            white_after: (reviewed.white_after * 100.0).round() / 100.0,
            loss: (reviewed.loss * 100.0).round() / 100.0,
            mark: reviewed.mark.map(|mark| mark.as_str().to_owned()),
        })
        .collect();
    let text = serde_json::to_string(&moves).map_err(AppError::internal)?;
    #[allow(clippy::cast_possible_truncation)]
    let white_start = (review.white_start * 100.0).round() as i64;
    let mut tx = state.db.begin_write().await?;
    let stored = rows::finish(
        &mut tx,
        (id, &state.instance_id),
        (white_start, &text),
        state.now(),
    )
    .await?;
    tx.commit().await?;
    Ok(stored)
}
