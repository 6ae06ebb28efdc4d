//! A player's time: their time zone (for weekends and nights off), their nightly pause,
//! their vacation and its yearly allowance, and automatic vacation.
//!
//! The rules, also on every rules page:
//! - The allowance is `VACATION_DAYS_PER_YEAR` days (default 30), counted in hours. It is
//!   full again every 1 January (UTC); what is left over does not carry on.
//! - A vacation starts now and lasts a whole number of hours, at most what is left. Its
//!   hours are taken from the allowance when it starts; ending it early gives back the
//!   whole hours not taken (within the same year).
//! - While it lasts, the player's clock stands still in every game that allows vacation;
//!   they may still move. In a game with "no vacation" their clock runs as usual.
//! - Automatic vacation (on unless the player turns it off): when the player would lose a
//!   game that allows vacation on time and is not on vacation, a vacation of a day (or
//!   what is left of the allowance, if less, at least an hour) starts instead, and the
//!   player's pages say so. With no allowance left, the game is lost.
//!
//! Every change of a player's stops moves the deadlines of the games in which they are
//! to move, in the same transaction: the running time they had left is kept, and counted
//! from now under the new stops.

use sqlx::AnyConnection;

use crate::{
    Services,
    accounts::user::User,
    events::{EventHub, staged::Staged},
    game::pauses,
};
use store::{
    Backend,
    games::{self, RowLock, RunningClock},
    users::{self, TimeRow},
};
use vocab::error::AppError;

use super::game::{Night, PlayerTime, StopRules};

/// An hour in seconds.
const HOUR: i64 = 3_600;

/// How long an automatic vacation lasts at most (hours).
pub const AUTOMATIC_HOURS: i64 = 24;

/// A vacation that has not ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vacation {
    /// When it started (unix seconds).
    pub from: i64,
    /// When it ends.
    pub until: i64,
    /// Started by the server instead of a loss on time.
    pub automatic: bool,
}

/// A player's time settings as the settings page and the API show them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeSettings {
    /// An IANA time-zone name.
    pub time_zone: String,
    /// Whether automatic vacation is on.
    pub auto_vacation: bool,
    /// The vacation now, if any.
    pub vacation: Option<Vacation>,
    /// The yearly allowance (hours).
    pub allowance_hours: i64,
    /// What is left of it this year (hours).
    pub hours_left: i64,
    /// The nightly pause, if the player chose one.
    pub night: Option<Night>,
}

/// The UTC year of `now`.
fn year_of(now: i64) -> i64 {
    time::OffsetDateTime::from_unix_timestamp(now).map_or(1970, |at| i64::from(at.year()))
}

/// Hours, rounded up.
fn hours_up(seconds: i64) -> i64 {
    (seconds.max(0) + HOUR - 1) / HOUR
}

/// `row` as of `now`: a new year's allowance, a vacation that has ended cleared.
fn current(mut row: TimeRow, now: i64) -> TimeRow {
    let year = year_of(now);
    if row.vacation_year != year {
        row.vacation_year = year;
        row.vacation_used_hours = 0;
    }
    if row.vacation_until.is_some_and(|until| until <= now) {
        row.vacation_from = None;
        row.vacation_until = None;
        row.vacation_automatic = 0;
    }
    row
}

/// The hours of allowance `row` has left this year (`row` as of now: see [`current`]).
fn hours_left(row: &TimeRow, allowance_days: i64) -> i64 {
    (allowance_days * 24 - row.vacation_used_hours).max(0)
}

fn settings_of(row: &TimeRow, allowance_days: i64) -> TimeSettings {
    TimeSettings {
        time_zone: row.time_zone.clone(),
        auto_vacation: row.auto_vacation != 0,
        vacation: row
            .vacation_from
            .zip(row.vacation_until)
            .map(|(from, until)| Vacation {
                from,
                until,
                automatic: row.vacation_automatic != 0,
            }),
        allowance_hours: allowance_days * 24,
        hours_left: hours_left(row, allowance_days),
        night: row
            .night_from
            .zip(row.night_until)
            .and_then(|(from, until)| Night::new(from, until).ok()),
    }
}

/// The vacation hours `user_id` has left this year as of `now` (0 for no such player).
///
/// # Errors
///
/// Database errors.
pub async fn vacation_hours_left(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    now: i64,
    allowance_days: i64,
) -> Result<i64, AppError> {
    Ok(users::time_of(conn, user_id)
        .await?
        .map_or(0, |row| hours_left(&current(row, now), allowance_days)))
}

fn player_time(row: &TimeRow) -> PlayerTime {
    PlayerTime::stored(
        row.time_zone.clone(),
        (row.vacation_from, row.vacation_until),
        (row.night_from, row.night_until),
    )
}

/// `user`'s time settings now.
///
/// # Errors
///
/// Database errors.
pub async fn settings(state: &Services, user: &User) -> Result<TimeSettings, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = users::time_of(&mut conn, &user.id)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    Ok(settings_of(
        &current(row, state.now()),
        state.config.vacation_days_per_year,
    ))
}

/// Changes `user_id`'s time row with `change` at `now`, in `conn`'s transaction, and moves
/// the deadlines of the games in which they are to move to match. The first statement is
/// the write that takes the player's row.
async fn change(
    conn: &mut AnyConnection,
    user_id: &str,
    now: i64,
    overdue: Overdue,
    change: impl FnOnce(&mut TimeRow) -> Result<(), AppError>,
) -> Result<TimeRow, AppError> {
    if !users::lock(&mut *conn, user_id).await? {
        return Err(AppError::NotFound("player"));
    }
    let old = users::time_of(&mut *conn, user_id)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    let old = current(old, now);
    let mut new = old.clone();
    change(&mut new)?;
    let (before, after) = (player_time(&old), player_time(&new));
    if before != after {
        // An automatic vacation starts inside a game's transaction (a late move, the
        // sweeper), which holds that game's row: it leaves out the games other such
        // transactions hold, which find the vacation when they get the player's row.
        let lock = match (Backend::of(conn) == Backend::Postgres, overdue) {
            (false, _) => RowLock::None,
            (true, Overdue::Lost) => RowLock::Wait,
            (true, Overdue::Saved) => RowLock::SkipLocked,
        };
        for clock in games::running_clocks_of(&mut *conn, user_id, lock).await? {
            let moved = moved_deadline(&clock, &before, &after, now, overdue);
            if let Some(deadline) = moved {
                games::set_deadline(&mut *conn, &clock.id, deadline, now).await?;
            }
        }
    }
    users::set_time(&mut *conn, user_id, &new).await?;
    Ok(new)
}

/// What a change of stops does to a game whose time is already up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overdue {
    /// Nothing: the game is lost whatever the change, and the sweeper ends it.
    Lost,
    /// An automatic vacation saves it: its deadline moves to where the new stops put it.
    Saved,
}

/// The new deadline of a running clock whose player's stops change from `before` to
/// `after` at `now`: the running time left is kept. `None` when it stays.
fn moved_deadline(
    clock: &RunningClock,
    before: &PlayerTime,
    after: &PlayerTime,
    now: i64,
    overdue: Overdue,
) -> Option<i64> {
    if clock.deadline <= now && overdue == Overdue::Lost {
        return None;
    }
    let rules = StopRules {
        weekends_off: clock.weekends_off != 0,
        vacation_allowed: clock.vacation_allowed != 0,
        nights_allowed: clock.nights_allowed != 0,
    };
    let (old, new) = (before.pauses(rules), after.pauses(rules));
    if old == new {
        return None;
    }
    let left = old.running_between(now, clock.deadline);
    let deadline = new.deadline(now, left);
    (deadline != clock.deadline).then_some(deadline)
}

async fn in_transaction(
    state: &Services,
    user: &User,
    edit: impl FnOnce(&mut TimeRow) -> Result<(), AppError>,
) -> Result<TimeSettings, AppError> {
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let row = change(&mut tx, &user.id, now, Overdue::Lost, edit).await?;
    // The player's games show their time zone and vacation, and may have new deadlines.
    let flush = state.events.stage_flush(&mut tx).await?;
    tx.commit().await?;
    flush.committed(&state.events);
    Ok(settings_of(&row, state.config.vacation_days_per_year))
}

/// Sets `user`'s time zone (an IANA name such as `Europe/Tallinn`).
///
/// # Errors
///
/// 422 `unknown_time_zone`; database errors.
pub async fn set_time_zone(
    state: &Services,
    user: &User,
    name: &str,
) -> Result<TimeSettings, AppError> {
    let name = name.trim();
    let zone = pauses::time_zone(name)
        .map_err(|error| AppError::invalid("unknown_time_zone", error.to_string()))?;
    // The database's own spelling (`europe/tallinn` is stored as `Europe/Tallinn`).
    let name = zone.iana_name().unwrap_or(name).to_owned();
    let settings = in_transaction(state, user, |row| {
        row.time_zone = name;
        Ok(())
    })
    .await?;
    // The daily digest comes at its hour in the new zone.
    crate::email::change_digest(state, user, None, None, None).await?;
    Ok(settings)
}

/// Sets `user`'s nightly pause (`None`: none). The games in which they are to move get
/// new deadlines at once: the running time they had left is kept.
///
/// # Errors
///
/// Database errors.
pub async fn set_night(
    state: &Services,
    user: &User,
    night: Option<Night>,
) -> Result<TimeSettings, AppError> {
    in_transaction(state, user, |row| {
        row.night_from = night.map(Night::from_minute);
        row.night_until = night.map(Night::until_minute);
        Ok(())
    })
    .await
}

/// Reads a nightly pause from its start and end (`HH:MM` each; both empty: none).
///
/// # Errors
///
/// 422 `invalid_night` saying what is wrong.
pub fn night_of(from: &str, until: &str) -> Result<Option<Night>, AppError> {
    if from.trim().is_empty() && until.trim().is_empty() {
        return Ok(None);
    }
    Night::parse(from, until)
        .map(Some)
        .map_err(|error| AppError::invalid("invalid_night", error.to_string()))
}

/// Turns `user`'s automatic vacation on or off.
///
/// # Errors
///
/// Database errors.
pub async fn set_auto_vacation(
    state: &Services,
    user: &User,
    on: bool,
) -> Result<TimeSettings, AppError> {
    in_transaction(state, user, |row| {
        row.auto_vacation = i64::from(on);
        Ok(())
    })
    .await
}

/// Starts a vacation of `hours` for `user`, now.
///
/// # Errors
///
/// 409 `already_on_vacation`; 422 `invalid_vacation_length` (under an hour) or
/// `vacation_allowance_exceeded` (more than is left this year); database errors.
pub async fn start_vacation(
    state: &Services,
    user: &User,
    hours: i64,
) -> Result<TimeSettings, AppError> {
    let allowance_days = state.config.vacation_days_per_year;
    let now = state.now();
    in_transaction(state, user, |row| {
        if row.vacation_until.is_some() {
            return Err(AppError::conflict(
                "already_on_vacation",
                "you are on vacation already: end it first",
            ));
        }
        if hours < 1 {
            return Err(AppError::invalid(
                "invalid_vacation_length",
                "a vacation lasts at least an hour",
            ));
        }
        let left = hours_left(row, allowance_days);
        if hours > left {
            return Err(AppError::invalid(
                "vacation_allowance_exceeded",
                format!("{hours} hours asked, {left} hours of vacation left this year"),
            ));
        }
        row.vacation_used_hours += hours;
        row.vacation_from = Some(now);
        row.vacation_until = Some(now + hours * HOUR);
        row.vacation_automatic = 0;
        Ok(())
    })
    .await
}

/// Ends `user`'s vacation now, giving back the whole hours not taken.
///
/// # Errors
///
/// 409 `not_on_vacation`; database errors.
pub async fn end_vacation(state: &Services, user: &User) -> Result<TimeSettings, AppError> {
    let now = state.now();
    in_transaction(state, user, |row| {
        let (Some(from), Some(until)) = (row.vacation_from, row.vacation_until) else {
            return Err(AppError::conflict(
                "not_on_vacation",
                "you are not on vacation",
            ));
        };
        if year_of(from) == row.vacation_year {
            let unused = hours_up(until - from) - hours_up(now - from);
            row.vacation_used_hours = (row.vacation_used_hours - unused.max(0)).max(0);
        }
        row.vacation_from = None;
        row.vacation_until = None;
        row.vacation_automatic = 0;
        Ok(())
    })
    .await
}

/// An automatic vacation that saves a game.
#[derive(Debug)]
pub(crate) struct Automatic {
    /// When it ends.
    pub(crate) until: i64,
    /// The flush staged in the game's transaction when that transaction started it: the
    /// player's other games show the vacation and have new deadlines, with no event of
    /// their own. (`None` when another game's transaction started it, and staged it.)
    pub(crate) flush: Option<Staged>,
}

/// In the transaction of a game that allows vacation (the sweeper's, or a late move's):
/// `user_id` would lose it on time at `now`, its deadline having passed at `deadline`.
/// Starts an automatic vacation if they have it on, are not on vacation and have an hour
/// of allowance left; or finds the automatic vacation another game's transaction started
/// once this game was already overdue. Returns the vacation, or `None` (the game is
/// lost).
///
/// # Errors
///
/// Database errors.
pub(crate) async fn start_automatic(
    conn: &mut AnyConnection,
    events: &EventHub,
    user_id: &str,
    deadline: i64,
    allowance_days: i64,
    now: i64,
) -> Result<Option<Automatic>, AppError> {
    // The player's row first, so that two games' transactions decide one after the other.
    if !users::lock(&mut *conn, user_id).await? {
        return Ok(None);
    }
    let Some(row) = users::time_of(&mut *conn, user_id).await? else {
        return Ok(None);
    };
    let row = current(row, now);
    if let (Some(from), Some(until)) = (row.vacation_from, row.vacation_until) {
        let saves_this_game = row.vacation_automatic != 0 && from >= deadline;
        return Ok(saves_this_game.then_some(Automatic { until, flush: None }));
    }
    let left = hours_left(&row, allowance_days);
    if row.auto_vacation == 0 || left < 1 {
        return Ok(None);
    }
    let hours = left.min(AUTOMATIC_HOURS);
    let row = change(conn, user_id, now, Overdue::Saved, |row| {
        row.vacation_used_hours += hours;
        row.vacation_from = Some(now);
        row.vacation_until = Some(now + hours * HOUR);
        row.vacation_automatic = 1;
        Ok(())
    })
    .await?;
    let flush = events.stage_flush(conn).await?;
    Ok(row.vacation_until.map(|until| Automatic {
        until,
        flush: Some(flush),
    }))
}
