//! One change of a game, inside its transaction: the game saved (its changeable part in
//! stored form, with the moves the change played), and its live event staged. What a
//! change did travels to the commit as [`Applied`].

use rules::{Color, GameResult};
use sqlx::AnyConnection;

use super::{detail::GameDetail, vocabulary::Termination};
use crate::{Services, events::staged::Staged};
use store::games::{self, GameState};
use vocab::error::AppError;

/// Saves the changeable part of `detail` in `conn`'s transaction (the storage edge:
/// typed values become their text forms here).
pub(super) async fn save(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    finished_at: Option<i64>,
    now: i64,
) -> Result<(), AppError> {
    games::save(conn, &detail.id, &stored_state(detail, finished_at), now).await?;
    detail.updated_at = now;
    detail.finished_at = finished_at;
    Ok(())
}

/// As [`save`] for a game that goes on, appending the moves of its record from index
/// `first` (those the change played, the first of them at ply `first_ply`): on Postgres
/// in the same statement.
pub(super) async fn save_with_moves(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    (first, first_ply): (usize, i64),
    now: i64,
) -> Result<(), AppError> {
    let stored = stored_state(detail, None);
    let moves = &detail.game.record()[first..];
    games::save_with_moves(conn, &detail.id, &stored, first_ply, moves, now).await?;
    detail.updated_at = now;
    detail.finished_at = None;
    Ok(())
}

/// The changeable part of `detail` in its stored form (the storage edge: typed values
/// become their text forms here).
pub(super) fn stored_state(detail: &GameDetail, finished_at: Option<i64>) -> GameState {
    GameState {
        status: detail.status.as_str(),
        result: detail.result.map(GameResult::as_str),
        termination: detail.termination.map(Termination::as_str),
        end_reason: detail.end_reason.map(|reason| reason.as_str().to_owned()),
        ply: detail.stored_ply(),
        to_move: detail.to_move().map(Color::as_str),
        deadline: detail.deadline,
        draw_offer: detail.draw_offer.map(Color::as_str),
        draw_offers: [detail.white_offers.made, detail.black_offers.made],
        offer_plies: [detail.white_offers.last_ply, detail.black_offers.last_ply],
        finished_at,
        position: detail.game.saved_position(),
        banks: detail.banks,
        serial_timeout: detail.serial_timeout,
        warnings: (
            detail.warnings.turn_time,
            detail.warnings.sent,
            detail.warnings.next_at,
        ),
        time_gifts: detail.time_gifts,
        pause_offer: detail.pause_offer.map(Color::as_str),
        pause: detail.pause,
        pauses_agreed: detail.pauses_agreed,
    }
}

/// What a change did to a game, for the commit and the post-commit steps.
#[derive(Debug)]
pub(super) struct Applied {
    /// The game as saved.
    pub(super) detail: GameDetail,
    /// Plies this change played (a move and its forced passes).
    pub(super) moves_played: usize,
    /// Whether this change ended the game.
    pub(super) ended: bool,
    /// Committed, but answered as this error (a move after the deadline: the game is
    /// lost on time, and the move is refused).
    pub(super) refusal: Option<AppError>,
    /// Whether this change queued the computer's reply (the engine job is woken after
    /// the commit).
    pub(super) reply_queued: bool,
    /// The flush staged with it when it started the automatic vacation of a player who
    /// had run out of time: their other games changed too.
    pub(super) flush: Option<Staged>,
}

impl Applied {
    pub(super) fn changed(detail: GameDetail) -> Applied {
        Applied {
            detail,
            moves_played: 0,
            ended: false,
            refusal: None,
            reply_queued: false,
            flush: None,
        }
    }
}

/// Stages the live event of `detail`, the state just saved in `conn`'s transaction (so
/// the row need not be read again).
pub(super) async fn stage(
    state: &Services,
    conn: &mut AnyConnection,
    detail: &GameDetail,
) -> Result<Staged, sqlx::Error> {
    state
        .events
        .stage(conn, detail.event(), &detail.white_id, &detail.black_id)
        .await
}
