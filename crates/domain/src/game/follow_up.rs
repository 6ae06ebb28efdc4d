//! The follow-up steps of a game's life, by name, in the order they run.
//!
//! In the transaction of the change:
//! - `after_move`, once a player's move is played: forced passes; then conditional
//!   moves (a player's pre-entered reply to the move just made, [`super::conditional`]:
//!   the game's lines move on, and an answer is played, then forced passes again); then
//!   the computer's reply: in a game against the computer that goes on with the computer
//!   to move, its reply is queued (a row of `engine_queue`: the ply it answers, the level,
//!   a seed), for the engine job ([`crate::jobs::engine`]) to compute and play as the
//!   computer's own move (which runs this pipeline in turn). The new game whose computer
//!   moves first queues it in [`super::create`](mod@super::create).
//! - `after_finish`, once a game has ended: the variant statistics, the players'
//!   counters and head-to-head records, the ratings (when [`counts_for_rating`] says so;
//!   never in a game against the computer), each player's thinking in it (`pace`); then
//!   the tournament's scores (a tournament
//!   game's outcome, both players' scores, the runner's mark). In a
//!   game against the computer, first its pending reply is dropped (the person resigned
//!   or aborted, or a clock ran out): the queue holds only replies still owed.
//!
//! After the commit:
//! - `after_commit`: the live event is published, the outbox job woken (the notices of
//!   the change, and their outbox rows, were written in the transaction: the opponent's
//!   "your turn", a draw offer, both players' "game over"), the engine job woken when a
//!   reply was queued, and the metrics recorded.
//! - `after_create`: the same for a new game.

use rules::{Color, Variant};
use sqlx::AnyConnection;

use super::{
    change::Applied,
    conditional::{self, Answered},
    detail::{GameDetail, counts_for_rating, play_forced_passes},
    pace,
    vocabulary::{GameSource, GameStatus},
};
use crate::{
    Services, computer::players as computer, events::staged::Staged, ratings, tournaments::scores,
};
use store::{engine as engine_queue, ratings as rating_rows, stats};
use vocab::{error::AppError, metrics};

/// What the steps after a move did.
#[derive(Debug)]
pub(super) struct AfterMove {
    /// The plies they played (canonical texts), to be stored after the move.
    pub(super) played: Vec<String>,
    /// What the conditional step did: whose turn the caller ends, how a line's action
    /// ended the game, a line's step the rules refused when it came.
    pub(super) answered: Answered,
    /// Whether the computer's reply was queued.
    pub(super) reply_queued: bool,
}

/// The steps after a move of `mover` is played (at record index `from`) and before it is
/// stored, in its transaction (`conn`, whose first write claimed the game at the ply the
/// mover saw).
///
/// # Errors
///
/// A step that fails (a forced pass the rules refuse is a 500); database errors.
pub(super) async fn after_move(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    from: usize,
    mover: Color,
    now: i64,
) -> Result<AfterMove, AppError> {
    let mut played = Vec::new();
    // 1. Forced passes: a side whose only move is `pass` plays it at once.
    play_forced_passes(detail, &mut played)?;
    // 2. Conditional moves: the game's lines move on over what was played; if the player
    //    now to move entered a reply to it, it is played here (the mover's turn ends
    //    first, as at any move), then forced passes again, and so on while lines answer;
    //    a line's closing action (a draw offered, accepted or claimed, a resignation) is
    //    done by the rules of its button.
    let answered = conditional::answer(conn, detail, from, mover, &mut played, now).await?;
    // 3. The computer's reply: the computer is to move in a game that goes on (after the
    //    person's move, or after its own when the person must pass), so its reply is
    //    queued at the game's ply, for the engine job.
    let mut reply_queued = false;
    if detail.game.outcome().is_none()
        && answered.ending.is_none()
        && let (Some(to_move), Some((side, level))) = (detail.to_move(), detail.computer())
        && to_move == side
    {
        reply_queued =
            computer::queue_reply(conn, &detail.id, detail.stored_ply(), level, now).await?;
    }
    Ok(AfterMove {
        played,
        answered,
        reply_queued,
    })
}

/// The steps after a game has ended, in the transaction that ends it (whose first write
/// claimed the still-active game, so these run once per game).
///
/// # Errors
///
/// Database errors.
pub(super) async fn after_finish(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    now: i64,
) -> Result<(), AppError> {
    // 0. The computer's reply, if one was pending (the person resigned, aborted, ran out
    //    of time), is dropped: the queue holds only replies still owed.
    if detail.computer().is_some() {
        engine_queue::drop_for_game(&mut *conn, &detail.id).await?;
    }
    // An aborted game has no result and counts nowhere.
    let Some(result) = detail.result else {
        return Ok(());
    };
    let variant = detail.variant().as_str();
    // 1. The variant's statistics (every finished game from its usual start, rated or
    //    not; a chosen start, such as a thematic chess position, counts nowhere there,
    //    nor does a game begun elsewhere).
    if !detail.game.setup().is_thematic() && detail.source != GameSource::Import {
        stats::record(&mut *conn, variant, result).await?;
    }
    // 2. Each player's counters and their record against the other. The pair's two
    //    head-to-head rows are written lower user id first, so two games of the same
    //    pair in different variants ending at once cannot deadlock on them.
    let mut sides = [
        (Color::White, &detail.white_id, &detail.black_id),
        (Color::Black, &detail.black_id, &detail.white_id),
    ];
    sides.sort_by(|a, b| a.1.cmp(b.1));
    for (color, user_id, _) in sides {
        let score = ratings::score_of(color, result);
        rating_rows::count_game(&mut *conn, user_id, variant, color == Color::White, score).await?;
    }
    for (color, user_id, opponent_id) in sides {
        let score = ratings::score_of(color, result);
        rating_rows::count_meeting(&mut *conn, user_id, opponent_id, score).await?;
    }
    // 3. Ratings: both players' ratings for the variant, if the game counts.
    if counts_for_rating(detail) {
        let row = ratings::rate(&mut *conn, detail, result, now).await?;
        detail.rating_change = Some(Box::new(ratings::RatingChange::of_row(&row)));
    }
    // 4. Each player's thinking in the game, for their reliability card and the
    //    expected length of games.
    pace::record(&mut *conn, detail).await?;
    // 5. Tournament standings: a tournament game's outcome and both players' scores,
    //    and its tournament marked for the runner (a round may be complete).
    scores::game_ended(&mut *conn, detail, result).await
}

/// The steps after a change of a game has committed: deliver its live event (and the
/// flush of an automatic vacation it began), wake the outbox job for the change's notices
/// (written in the transaction; nothing here waits for their delivery), record the
/// metrics.
pub(super) fn after_commit(state: &Services, staged: Staged, applied: &mut Applied) {
    staged.committed(&state.events);
    if let Some(flush) = applied.flush.take() {
        flush.committed(&state.events);
    }
    state.wake_outbox();
    if applied.reply_queued {
        state.wake_engine();
    }
    let detail = &applied.detail;
    // The record as committed, for the game's next change (an ended game has none).
    if detail.status == GameStatus::Active {
        state.records.keep(&detail.id, detail.game.record());
    } else {
        state.records.forget(&detail.id);
    }
    if applied.ended && detail.source == GameSource::Tournament {
        state.wake_tournaments();
    }
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

/// The steps after a new game has committed: deliver its live event, wake the engine job
/// when the computer's first reply was queued, count it.
pub(super) fn after_create(state: &Services, staged: Staged, variant: Variant, reply_queued: bool) {
    staged.committed(&state.events);
    if reply_queued {
        state.wake_engine();
    }
    metrics::game_started(variant.as_str());
}
