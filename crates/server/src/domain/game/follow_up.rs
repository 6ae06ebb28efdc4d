//! The follow-up steps of a game's life, by name, in the order they run.
//!
//! In the transaction of the change:
//! - `after_move`, once a player's move is played: forced passes; then the slots for
//!   conditional moves (a player's pre-entered reply to the move just made) and the
//!   computer's reply (in a game against the computer).
//! - `after_finish`, once a game has ended: the variant statistics; then the slots for
//!   ratings and tournament standings.
//!
//! After the commit:
//! - `after_commit`: the live event is published and the metrics recorded; the slot for
//!   notifications (an outbox row written in the transaction, sent by a job) is there.
//! - `after_create`: the same for a new game.

use rules::Variant;
use sqlx::AnyConnection;

use super::{Applied, GameDetail, GameStatus, corrupt};
use crate::{AppState, db::stats, error::AppError, events::Staged, metrics};

/// The steps after a move is played and before it is stored, in its transaction. Returns
/// the plies they played (canonical texts), to be stored after the move.
///
/// # Errors
///
/// A step that fails (a forced pass the rules refuse is a 500).
pub(super) fn after_move(detail: &mut GameDetail) -> Result<Vec<String>, AppError> {
    let mut played = Vec::new();
    // 1. Forced passes: a side whose only move is `pass` plays it at once.
    play_forced_passes(detail, &mut played)?;
    // 2. Slot: conditional moves. If the player now to move entered a reply to the move
    //    just played, it is played here (then forced passes again).
    // 3. Slot: the computer's reply. In a game against the computer, its move is asked
    //    of the engine pool here (or queued for the engine job, for slow levels).
    Ok(played)
}

fn play_forced_passes(detail: &mut GameDetail, played: &mut Vec<String>) -> Result<(), AppError> {
    while let Some(pass) = detail.game.forced_pass() {
        let pass = detail
            .game
            .play(pass)
            .map_err(|error| corrupt(format!("pass: {error}")))?;
        played.push(pass);
    }
    Ok(())
}

/// The steps after a game has ended, in the transaction that ends it.
///
/// # Errors
///
/// Database errors.
pub(super) async fn after_finish(
    conn: &mut AnyConnection,
    detail: &GameDetail,
) -> Result<(), AppError> {
    // 1. The variant's statistics (an aborted game has no result and counts nowhere).
    if let Some(result) = detail.result {
        stats::record(&mut *conn, detail.variant().as_str(), result).await?;
    }
    // 2. Slot: ratings. Both players' ratings for the variant are updated here.
    // 3. Slot: tournament standings. A game with `source` tournament scores its pairing
    //    here (and the tournament job is told a round may be complete).
    Ok(())
}

/// The steps after a change of a game has committed: deliver its live event, record the
/// metrics. Slot: notifications (the opponent's "your move" or the players' "game over"
/// notices are written to an outbox in the transaction and sent by a job; nothing here
/// waits for them).
pub(super) fn after_commit(state: &AppState, staged: Staged, applied: &Applied) {
    staged.committed(&state.events);
    let detail = &applied.detail;
    let variant = detail.variant().as_str();
    if applied.moves_played > 0 {
        metrics::moves_played(variant, applied.moves_played);
    }
    if applied.ended {
        let termination = match detail.status {
            GameStatus::Aborted => "aborted",
            _ => detail.termination.map_or("normal", |t| t.as_str()),
        };
        metrics::game_finished(variant, termination);
    }
}

/// The steps after a new game has committed: deliver its live event, count it.
pub(super) fn after_create(state: &AppState, staged: Staged, variant: Variant) {
    staged.committed(&state.events);
    metrics::game_started(variant.as_str());
}
