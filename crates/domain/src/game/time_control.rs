//! Time controls: how much time a player has for their moves, and how a move changes it.
//!
//! | control | the player to move's deadline | after their move |
//! |---|---|---|
//! | per move (`days` + `hours`) | the turn's start plus the fixed time | the next turn gets the same fixed time |
//! | time bank (`initial_days`, `increment_days`, `cap_days`) | the turn's start plus what is left in their bank | the bank keeps what was left, gains the increment, and is cut to the cap |
//! | untimed | none: never lost on time | nothing |
//!
//! The time left of the player to move is always `deadline - now`, so whatever moves a
//! deadline (the downtime protection) moves the time left with it. The player who is not
//! to move keeps their bank (or the fixed time) as it was: their clock does not run.
//!
//! Stored as one text column (`per_move:3:0`, `bank:3:1:7`, `untimed`) beside the game
//! and the challenge; the banks are two integer columns (seconds).

use rules::Color;

use super::{Pauses, Stop};
use vocab::{error::AppError, ids::DAY};

/// An hour in seconds.
pub const HOUR: i64 = 3_600;

/// The days per move a per-move control may have.
pub const DAYS_PER_MOVE: [i64; 7] = [1, 2, 3, 5, 7, 10, 14];

/// The most extra hours a per-move control may add.
pub const MAX_EXTRA_HOURS: i64 = 23;

/// The most days a time bank may start with.
pub const MAX_BANK_INITIAL_DAYS: i64 = 30;

/// The most days a time bank may gain per move.
pub const MAX_BANK_INCREMENT_DAYS: i64 = 14;

/// The most days a time bank may ever hold.
pub const MAX_BANK_CAP_DAYS: i64 = 60;

/// How a game's time is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// The same time for every move: `days` days plus `hours` hours.
    PerMove {
        /// One of [`DAYS_PER_MOVE`].
        days: i64,
        /// 0 to [`MAX_EXTRA_HOURS`].
        hours: i64,
    },
    /// A time bank (Fischer for correspondence): it starts at `initial_days`, what a
    /// player leaves unused stays in it, each move adds `increment_days`, and it never
    /// holds more than `cap_days`.
    Bank {
        /// Days in each bank at the start (1 to [`MAX_BANK_INITIAL_DAYS`]).
        initial_days: i64,
        /// Days added after each of the player's moves (0 to [`MAX_BANK_INCREMENT_DAYS`]).
        increment_days: i64,
        /// The most a bank holds (from `initial_days` to [`MAX_BANK_CAP_DAYS`]).
        cap_days: i64,
    },
    /// No clock: the game is never lost on time.
    Untimed,
}

fn invalid(message: impl Into<String>) -> AppError {
    AppError::invalid("invalid_time_control", message.into())
}

impl TimeControl {
    /// The default of a challenge: three days per move.
    pub const DEFAULT: TimeControl = TimeControl::PerMove { days: 3, hours: 0 };

    /// `per_move`, `bank` or `untimed`.
    #[must_use]
    pub const fn kind(self) -> &'static str {
        match self {
            TimeControl::PerMove { .. } => "per_move",
            TimeControl::Bank { .. } => "bank",
            TimeControl::Untimed => "untimed",
        }
    }

    /// Checks the numbers against the limits above.
    ///
    /// # Errors
    ///
    /// 422 `invalid_time_control`, saying which number is wrong and why.
    pub fn validated(self) -> Result<TimeControl, AppError> {
        match self {
            TimeControl::PerMove { days, hours } => {
                if !DAYS_PER_MOVE.contains(&days) {
                    return Err(AppError::invalid(
                        "invalid_days_per_move",
                        format!("days per move is one of 1, 2, 3, 5, 7, 10, 14, not {days}"),
                    ));
                }
                if !(0..=MAX_EXTRA_HOURS).contains(&hours) {
                    return Err(invalid(format!(
                        "the extra hours per move are 0 to {MAX_EXTRA_HOURS}, not {hours}"
                    )));
                }
            }
            TimeControl::Bank {
                initial_days,
                increment_days,
                cap_days,
            } => {
                if !(1..=MAX_BANK_INITIAL_DAYS).contains(&initial_days) {
                    return Err(invalid(format!(
                        "a time bank starts with 1 to {MAX_BANK_INITIAL_DAYS} days, not \
                         {initial_days}"
                    )));
                }
                if !(0..=MAX_BANK_INCREMENT_DAYS).contains(&increment_days) {
                    return Err(invalid(format!(
                        "a time bank gains 0 to {MAX_BANK_INCREMENT_DAYS} days per move, not \
                         {increment_days}"
                    )));
                }
                if cap_days < initial_days {
                    return Err(invalid(format!(
                        "the cap ({cap_days} days) is below the initial time ({initial_days} \
                         days)"
                    )));
                }
                if cap_days > MAX_BANK_CAP_DAYS {
                    return Err(invalid(format!(
                        "a time bank holds at most {MAX_BANK_CAP_DAYS} days, not {cap_days}"
                    )));
                }
            }
            TimeControl::Untimed => {}
        }
        Ok(self)
    }

    /// The days of the older `days_per_move` field: the per-move days, a bank's initial
    /// days, 0 when untimed.
    #[must_use]
    pub const fn legacy_days(self) -> i64 {
        match self {
            TimeControl::PerMove { days, .. } => days,
            TimeControl::Bank { initial_days, .. } => initial_days,
            TimeControl::Untimed => 0,
        }
    }

    /// The deadline of the first player to move in a game that begins at `now`, whose
    /// clock stops as `pauses` says; `None` when untimed.
    #[must_use]
    pub fn first_deadline(self, now: i64, pauses: &Pauses) -> Option<i64> {
        self.turn_time(self.initial_bank())
            .map(|time| pauses.deadline(now, time))
    }

    /// The time a turn starts with under a per-move control (seconds); `None` otherwise.
    #[must_use]
    pub const fn per_move_seconds(self) -> Option<i64> {
        match self {
            TimeControl::PerMove { days, hours } => Some(days * DAY + hours * HOUR),
            _ => None,
        }
    }

    /// What each bank holds at the start (seconds); `None` unless a time bank.
    #[must_use]
    pub const fn initial_bank(self) -> Option<i64> {
        match self {
            TimeControl::Bank { initial_days, .. } => Some(initial_days * DAY),
            _ => None,
        }
    }

    /// The time a player has when their turn begins, holding `bank` (seconds); `None`
    /// when untimed.
    #[must_use]
    pub fn turn_time(self, bank: Option<i64>) -> Option<i64> {
        match self {
            TimeControl::PerMove { .. } => self.per_move_seconds(),
            TimeControl::Bank { .. } => bank.or(self.initial_bank()),
            TimeControl::Untimed => None,
        }
    }

    /// The bank of a player who moved with `left` seconds still on their clock: what was
    /// left plus the increment, at most the cap. `None` unless a time bank.
    #[must_use]
    pub fn bank_after_move(self, left: i64) -> Option<i64> {
        match self {
            TimeControl::Bank {
                increment_days,
                cap_days,
                ..
            } => Some((left.max(0) + increment_days * DAY).min(cap_days * DAY)),
            _ => None,
        }
    }

    /// The stored text form (`per_move:3:0`, `bank:3:1:7`, `untimed`).
    #[must_use]
    pub fn to_text(self) -> String {
        match self {
            TimeControl::PerMove { days, hours } => format!("per_move:{days}:{hours}"),
            TimeControl::Bank {
                initial_days,
                increment_days,
                cap_days,
            } => format!("bank:{initial_days}:{increment_days}:{cap_days}"),
            TimeControl::Untimed => "untimed".to_owned(),
        }
    }
}

/// A stored time control that does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTimeControlError(String);

impl std::fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not a time control", self.0)
    }
}

impl std::error::Error for ParseTimeControlError {}

impl std::str::FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let error = || ParseTimeControlError(text.to_owned());
        let mut parts = text.split(':');
        let kind = parts.next().ok_or_else(error)?;
        let numbers = parts
            .map(str::parse::<i64>)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| error())?;
        let control = match (kind, numbers.as_slice()) {
            ("per_move", &[days, hours]) => TimeControl::PerMove { days, hours },
            ("bank", &[initial_days, increment_days, cap_days]) => TimeControl::Bank {
                initial_days,
                increment_days,
                cap_days,
            },
            ("untimed", &[]) => TimeControl::Untimed,
            _ => return Err(error()),
        };
        control.validated().map_err(|_| error())
    }
}

/// One player's clock as a page or the API shows it at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerClock {
    /// The running time left (seconds): for the player to move, until their deadline
    /// (weekends and vacations not counted); for the other, what their next turn will
    /// start with. `None` when untimed.
    pub left: Option<i64>,
    /// Whether it is running (their turn in an active, timed game, not stopped).
    pub running: bool,
    /// Why it stands still at this moment, on their turn (a weekend, a vacation).
    pub stopped: Option<Stop>,
    /// While it runs: the seconds until it next stops (their weekend or vacation
    /// begins), if that comes before the deadline.
    pub stops_in: Option<i64>,
}

/// Both players' banks (seconds), White's first; `None` unless a time bank.
pub type Banks = [Option<i64>; 2];

/// The index of `color` in [`Banks`] and in the other per-colour pairs.
#[must_use]
pub const fn bank_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_read_back() {
        for control in [
            TimeControl::PerMove { days: 3, hours: 0 },
            TimeControl::PerMove {
                days: 14,
                hours: 23,
            },
            TimeControl::Bank {
                initial_days: 3,
                increment_days: 1,
                cap_days: 7,
            },
            TimeControl::Untimed,
        ] {
            assert_eq!(control.to_text().parse::<TimeControl>(), Ok(control));
        }
        for bad in [
            "",
            "per_move:4:0",
            "per_move:3",
            "bank:3:1:2",
            "untimed:1",
            "x:1:1",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_numbers_are_refused_with_what_is_wrong() {
        let message = |control: TimeControl| control.validated().unwrap_err().message();
        assert!(message(TimeControl::PerMove { days: -3, hours: 0 }).contains("-3"));
        assert!(message(TimeControl::PerMove { days: 3, hours: 24 }).contains("24"));
        let below = TimeControl::Bank {
            initial_days: 5,
            increment_days: 1,
            cap_days: 4,
        };
        assert!(message(below).contains("below the initial time"));
        let negative = TimeControl::Bank {
            initial_days: 3,
            increment_days: -1,
            cap_days: 7,
        };
        assert!(message(negative).contains("-1"));
    }

    #[test]
    fn a_bank_keeps_what_is_left_plus_the_increment_up_to_the_cap() {
        let bank = TimeControl::Bank {
            initial_days: 3,
            increment_days: 1,
            cap_days: 7,
        };
        assert_eq!(bank.initial_bank(), Some(3 * DAY));
        assert_eq!(bank.bank_after_move(2 * DAY), Some(3 * DAY));
        assert_eq!(bank.bank_after_move(6 * DAY + 5), Some(7 * DAY));
        assert_eq!(TimeControl::DEFAULT.bank_after_move(DAY), None);
        assert_eq!(
            TimeControl::PerMove { days: 2, hours: 5 }.turn_time(None),
            Some(2 * DAY + 5 * HOUR)
        );
        assert_eq!(TimeControl::Untimed.turn_time(Some(DAY)), None);
    }
}
