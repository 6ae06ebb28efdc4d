//! Time: a player to move whose deadline has passed loses on time. It is checked at every
//! move and action (`end_if_overdue`, so a late move is refused whatever the sweeper
//! does) and by the background sweeper ([`sweep_overdue`]); both go through
//! `run_out`, the one decision: an automatic vacation instead (when the player has it
//! on and allowance left, and the game allows vacation), or the loss through [`finish`],
//! marked as a serial timeout when the same player lost another game on time in the
//! [`SERIAL_WINDOW`] before it. The deadline is computed by the game's time control
//! ([`super::time_control`]) and stops ([`super::pauses`]); an untimed game has none and
//! never ends here.

use rules::Color;
use sqlx::AnyConnection;

use super::{
    change::Applied,
    commit::commit,
    deadline::past_deadline,
    detail::GameDetail,
    errors::{Refusal, corrupt, not_a_player},
    finish::finish,
    read::{load, load_for_change},
    vocabulary::{Ending, GameStatus},
    warnings::{ClockWarning, TurnWarnings},
};
use crate::{
    Services,
    events::{EventHub, staged::Staged},
    notifications, player_time,
};
use store::games;
use vocab::{clock::rfc3339, error::AppError, metrics};

/// A loss on time within this many seconds after another loss on time of the same player
/// is a serial timeout (72 hours): it changes no rating.
pub const SERIAL_WINDOW: i64 = 72 * 3_600;

/// What running out of time did to a game.
#[derive(Debug)]
pub(super) enum RanOut {
    /// The player to move lost on time.
    Lost,
    /// An automatic vacation started instead: the game goes on. With the flush staged
    /// when this transaction started it, to deliver once it commits.
    Vacation(Option<Staged>),
}

/// `loser`, to move in `detail`, has run out of time at `now` (in the transaction that
/// holds the game's row): starts their automatic vacation if it saves the game, else ends
/// the game on time.
///
/// # Errors
///
/// Database errors.
pub(super) async fn run_out(
    conn: &mut AnyConnection,
    events: &EventHub,
    detail: &mut GameDetail,
    loser: Color,
    allowance_days: i64,
    now: i64,
) -> Result<RanOut, AppError> {
    let loser_id = match loser {
        Color::White => detail.white_id.clone(),
        Color::Black => detail.black_id.clone(),
    };
    let overdue_at = detail.deadline.unwrap_or(now);
    if detail.stop_rules.vacation_allowed
        && let Some(vacation) = player_time::start_automatic(
            &mut *conn,
            events,
            &loser_id,
            overdue_at,
            allowance_days,
            now,
        )
        .await?
    {
        let index = super::time_control::bank_index(loser);
        let from = detail.player_times[index]
            .vacation
            .map_or(now, |(from, _)| from.min(now));
        detail.player_times[index].vacation = Some((from, vacation.until));
        let deadline = detail.pauses_of(loser).deadline(now, 0);
        detail.deadline = Some(deadline);
        games::set_deadline(&mut *conn, &detail.id, deadline, now).await?;
        return Ok(RanOut::Vacation(vacation.flush));
    }
    detail.serial_timeout =
        games::lost_on_time_since(&mut *conn, &loser_id, &detail.id, now - SERIAL_WINDOW).await?;
    finish(conn, detail, Ending::Timeout { loser }, now).await?;
    Ok(RanOut::Lost)
}

/// Whether `detail`'s player to move has run out of time at `now`; their colour if so.
/// Not when the game's own deadline came first: the game is decided by its rule then.
#[must_use]
pub fn overdue_side(detail: &GameDetail, now: i64) -> Option<Color> {
    let limit = detail
        .game_deadline
        .map_or(i64::MAX, |deadline| deadline.at);
    match (detail.status, detail.deadline) {
        (GameStatus::Active, Some(deadline)) if deadline <= now && deadline < limit => {
            detail.to_move()
        }
        _ => None,
    }
}

/// The answer to a move or action that came too late.
fn time_out(loser: Color, deadline: Option<i64>) -> AppError {
    AppError::conflict(
        Refusal::TimeOut.code(),
        format!(
            "the time to move ran out at {}: {} lost on time",
            deadline.map(rfc3339).unwrap_or_default(),
            loser.as_str()
        ),
    )
}

/// What a change of a player finds once its transaction holds the game's row.
pub(super) enum Found {
    /// The game goes on, and the player plays this colour in it (with the flush of an
    /// automatic vacation that has just begun, to deliver once the change commits).
    Open(GameDetail, Color, Option<Staged>),
    /// The player to move's deadline had passed: the game has just ended on time (or an
    /// automatic vacation began), which the change commits instead of its own work.
    Overdue(Applied),
}

/// Reads game `id` in `conn` (whose first write claimed it) for a change by `user_id`
/// at `now`, ending it on time first when its deadline has passed.
///
/// # Errors
///
/// 404 when there is no such game; 403 `not_a_player`; 409 `past_game_deadline` once
/// the game's own deadline has passed; database errors.
pub(super) async fn found_for(
    conn: &mut AnyConnection,
    state: &Services,
    id: &str,
    user_id: &str,
    now: i64,
) -> Result<Found, AppError> {
    let mut detail = load_for_change(&mut *conn, &state.records, id)
        .await?
        .ok_or(AppError::NotFound("game"))?;
    let color = detail.color_of(user_id).ok_or_else(not_a_player)?;
    let allowance = state.config.vacation_days_per_year;
    let flush = match end_if_overdue(&mut *conn, &state.events, &mut detail, allowance, now).await?
    {
        TimeChecked::RanOut(applied) => return Ok(Found::Overdue(*applied)),
        TimeChecked::Left(flush) => flush,
    };
    // Past the game's own deadline the adjudication job decides it: no change is taken.
    if let Some(deadline) = detail
        .game_deadline
        .filter(|deadline| detail.status == GameStatus::Active && deadline.passed(now))
    {
        return Err(past_deadline(deadline));
    }
    Ok(Found::Open(detail, color, flush))
}

/// What [`end_if_overdue`] found.
pub(super) enum TimeChecked {
    /// There is time left, perhaps from an automatic vacation that has just begun (with
    /// its flush staged, for the change to deliver once it commits): the change goes on.
    Left(Option<Staged>),
    /// The game has just ended on time: the change to commit instead, answered as 409
    /// `time_out`.
    RanOut(Box<Applied>),
}

/// Ends `detail` on time if its player to move is overdue at `now`, in `conn`'s
/// transaction (which holds the game's row).
///
/// # Errors
///
/// Database errors.
pub(super) async fn end_if_overdue(
    conn: &mut AnyConnection,
    events: &EventHub,
    detail: &mut GameDetail,
    allowance_days: i64,
    now: i64,
) -> Result<TimeChecked, AppError> {
    let Some(loser) = overdue_side(detail, now) else {
        return Ok(TimeChecked::Left(None));
    };
    let deadline = detail.deadline;
    if let RanOut::Vacation(flush) =
        run_out(conn, events, detail, loser, allowance_days, now).await?
    {
        return Ok(TimeChecked::Left(flush));
    }
    Ok(TimeChecked::RanOut(Box::new(Applied {
        detail: detail.clone(),
        moves_played: 0,
        ended: true,
        refusal: Some(time_out(loser, deadline)),
        reply_queued: false,
        flush: None,
    })))
}

/// Ends every overdue game as a loss on time for the player to move, each in its own
/// transaction whose first write claims the game (still active, at the ply and side
/// seen, past its deadline); then [`finish`] as for every other end. Safe to run in
/// several processes at once: each game ends once. Returns how many games this call
/// ended.
///
/// # Errors
///
/// Database errors (games ended before the error stay ended).
pub async fn sweep_overdue(state: &Services) -> Result<usize, AppError> {
    const BATCH: i64 = 100;
    let now = state.now();
    let allowance_days = state.config.vacation_days_per_year;
    let mut ended = 0;
    loop {
        let overdue = {
            let mut conn = state.db.pool.acquire().await?;
            games::overdue(&mut conn, now, BATCH).await?
        };
        let batch = overdue.len();
        let mut ended_in_batch = 0;
        for (id, _variant, ply, to_move) in overdue {
            let mut tx = state.db.begin_write().await?;
            if !games::claim_overdue(&mut tx, &id, ply, &to_move, now).await? {
                tx.rollback().await?;
                continue;
            }
            let work = async {
                let mut detail = load(&mut tx, &id)
                    .await?
                    .ok_or(AppError::NotFound("game"))?;
                let loser = overdue_side(&detail, now)
                    .ok_or_else(|| corrupt(format!("{id}: claimed as overdue but is not")))?;
                let ran_out = run_out(
                    &mut tx,
                    &state.events,
                    &mut detail,
                    loser,
                    allowance_days,
                    now,
                )
                .await?;
                let (ended, flush) = match ran_out {
                    RanOut::Lost => (true, None),
                    RanOut::Vacation(flush) => (false, flush),
                };
                Ok(Applied {
                    ended,
                    flush,
                    ..Applied::changed(detail)
                })
            }
            .await;
            let detail = commit(state, tx, work).await?;
            if detail.status != GameStatus::Active {
                ended += 1;
            }
            ended_in_batch += 1;
        }
        // A full batch may have more behind it, unless another sweeper took them all (a game
        // saved by an automatic vacation counts as taken: it is no longer overdue).
        if batch < BATCH as usize || ended_in_batch == 0 {
            return Ok(ended);
        }
    }
}

/// Finds the warnings due at the sweeper's `now`, gives each once (several instances may
/// sweep: each game is claimed by a guarded write first) and returns them.
///
/// # Errors
///
/// Database errors (warnings given before the error stay given).
pub async fn sweep_warnings(state: &Services) -> Result<Vec<ClockWarning>, AppError> {
    const BATCH: i64 = 100;
    let now = state.now();
    let ids = {
        let mut conn = state.db.pool.acquire().await?;
        games::warnings_due(&mut conn, now, BATCH).await?
    };
    let mut given = Vec::new();
    for (id, seen) in ids {
        let mut tx = state.db.begin_write().await?;
        if !games::claim_warning(&mut tx, &id, seen, now).await? {
            tx.rollback().await?;
            continue;
        }
        let Some(detail) = load(&mut tx, &id).await? else {
            tx.rollback().await?;
            continue;
        };
        let (warnings, state_after) = warnings_of(&detail, now);
        games::set_warnings(&mut tx, &id, state_after.sent, state_after.next_at).await?;
        // The notices, in this transaction: given exactly when the warning is. Several
        // warnings at once supersede each other: the player finds the latest.
        for warning in &warnings {
            notifications::clock_warning(&mut tx, warning, state.mail_enabled(), now).await?;
        }
        tx.commit().await?;
        if !warnings.is_empty() {
            state.wake_outbox();
        }
        for warning in &warnings {
            metrics::clock_warning(warning.kind.as_str());
        }
        given.extend(warnings);
    }
    Ok(given)
}

/// The warnings `detail` owes its player to move at `now`, and the warning state after
/// giving them.
fn warnings_of(detail: &GameDetail, now: i64) -> (Vec<ClockWarning>, TurnWarnings) {
    let mut state = detail.warnings;
    let (Some(color), Some(deadline), GameStatus::Active) =
        (detail.to_move(), detail.deadline, detail.status)
    else {
        return (Vec::new(), TurnWarnings::default());
    };
    let left = detail.pauses_of(color).running_between(now, deadline);
    let due = state.due(left);
    for kind in &due {
        state.sent |= kind.bit();
    }
    state.next_at = state.next_check(now, left);
    let user_id = match color {
        Color::White => &detail.white_id,
        Color::Black => &detail.black_id,
    };
    let warnings = due
        .into_iter()
        .map(|kind| ClockWarning {
            game_id: detail.id.clone(),
            user_id: user_id.clone(),
            color,
            kind,
            seconds_left: left,
            deadline,
            ply: detail.stored_ply(),
            opponent: detail.player(color.other()).1.to_owned(),
            variant: detail.variant(),
        })
        .collect();
    (warnings, state)
}
