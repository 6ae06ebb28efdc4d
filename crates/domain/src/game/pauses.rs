//! When a player's clock stands still, and where their deadline falls because of it.
//!
//! A player's clock stops during their weekends (Saturday 00:00 to Monday 00:00 in their
//! own time zone, when the game has weekends off), during their vacations (when the
//! game allows vacation) and every night in their chosen window (when the game allows
//! nights off). A deadline is the moment the player's running time is used up:
//! [`Pauses::deadline`] walks forward from the start of the turn, skipping every stop, so
//! a turn that spans a weekend, a change to or from daylight-saving time or a vacation
//! ends exactly when the running time does. Everything here is a pure function of the
//! moments it is given (unix seconds).

use jiff::{Timestamp, ToSpan, civil::Date, tz::TimeZone};

use super::night::Night;

/// Why a clock stands still at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The player's weekend, until the given moment (Monday 00:00 in their time zone).
    Weekend {
        /// When it ends.
        until: i64,
    },
    /// The player's vacation, until the given moment.
    Vacation {
        /// When it ends.
        until: i64,
    },
    /// A pause both players agreed to, until the given moment.
    Paused {
        /// When it ends.
        until: i64,
    },
    /// The player's night, until the given moment (the end of their window).
    Night {
        /// When it ends.
        until: i64,
    },
}

impl Stop {
    /// When the stop ends.
    #[must_use]
    pub const fn until(self) -> i64 {
        match self {
            Stop::Weekend { until }
            | Stop::Vacation { until }
            | Stop::Paused { until }
            | Stop::Night { until } => until,
        }
    }
}

/// The clock of the player to move at a moment (see [`Pauses::turn_clock`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnClock {
    /// The running time left (seconds).
    pub left: i64,
    /// Why it stands still now; `None` while it runs.
    pub stopped: Option<Stop>,
    /// While it runs: the seconds until it next stops, if that comes before the deadline.
    pub stops_in: Option<i64>,
}

/// The stops of one player's clock in one game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pauses {
    /// The player's time zone, when the game has weekends off.
    weekends: Option<TimeZone>,
    /// The player's nightly window and its time zone, when the game allows nights off.
    nights: Option<(TimeZone, Night)>,
    /// Vacations and agreed pauses, `[from, until)`, in any order, possibly
    /// overlapping.
    held: Vec<(i64, i64, Held)>,
}

/// Why an interval holds the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Held {
    Vacation,
    Pause,
}

impl Held {
    const fn stop(self, until: i64) -> Stop {
        match self {
            Held::Vacation => Stop::Vacation { until },
            Held::Pause => Stop::Paused { until },
        }
    }
}

/// What of a player stops their clocks: their time zone (for weekends) and their
/// vacation, as stored with the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerTime {
    /// An IANA time-zone name (`UTC` unless the player chose one).
    pub time_zone: String,
    /// Their vacation, `[from, until)`, if they have one (it may have ended).
    pub vacation: Option<(i64, i64)>,
    /// Their nightly pause, if they chose one.
    pub night: Option<Night>,
}

impl Default for PlayerTime {
    fn default() -> PlayerTime {
        PlayerTime {
            time_zone: "UTC".to_owned(),
            vacation: None,
            night: None,
        }
    }
}

impl PlayerTime {
    /// From the stored columns (the night as minutes after local midnight; a pair that
    /// does not make a window counts as none).
    #[must_use]
    pub fn stored(
        time_zone: String,
        vacation: (Option<i64>, Option<i64>),
        night: (Option<i64>, Option<i64>),
    ) -> PlayerTime {
        PlayerTime {
            time_zone,
            vacation: vacation.0.zip(vacation.1),
            night: night
                .0
                .zip(night.1)
                .and_then(|(from, until)| Night::new(from, until).ok()),
        }
    }

    /// The stops of this player's clock in a game with `rules`. A stored time zone that
    /// no longer reads (a name dropped from the database) counts as UTC.
    #[must_use]
    pub fn pauses(&self, rules: StopRules) -> Pauses {
        let mut pauses = Pauses::none();
        if rules.weekends_off {
            let zone = time_zone(&self.time_zone).unwrap_or(TimeZone::UTC);
            pauses = pauses.with_weekends(zone);
        }
        if let (true, Some((from, until))) = (rules.vacation_allowed, self.vacation) {
            pauses = pauses.with_vacation(from, until);
        }
        if let (true, Some(night)) = (rules.nights_allowed, self.night) {
            let zone = time_zone(&self.time_zone).unwrap_or(TimeZone::UTC);
            pauses = pauses.with_nights(zone, night);
        }
        pauses
    }
}

/// What a game lets stop its clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StopRules {
    /// Each player's clock stops on their weekend.
    pub weekends_off: bool,
    /// A player's vacation stops their clock.
    pub vacation_allowed: bool,
    /// A player's nightly pause stops their clock.
    pub nights_allowed: bool,
}

impl Default for StopRules {
    /// Vacation and nights allowed, weekends played (the challenge's defaults).
    fn default() -> StopRules {
        StopRules {
            weekends_off: false,
            vacation_allowed: true,
            nights_allowed: true,
        }
    }
}

/// A time zone name that is not in the time-zone database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTimeZone(pub String);

impl std::fmt::Display for UnknownTimeZone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not a time zone (use a name such as Europe/Tallinn)",
            self.0
        )
    }
}

impl std::error::Error for UnknownTimeZone {}

/// The time zone called `name` (an IANA name such as `Europe/Tallinn`, or `UTC`).
///
/// # Errors
///
/// [`UnknownTimeZone`] when the database has no such zone.
pub fn time_zone(name: &str) -> Result<TimeZone, UnknownTimeZone> {
    if name.is_empty() || name.len() > 64 {
        return Err(UnknownTimeZone(name.to_owned()));
    }
    TimeZone::get(name).map_err(|_| UnknownTimeZone(name.to_owned()))
}

impl Pauses {
    /// A clock that never stops.
    #[must_use]
    pub fn none() -> Pauses {
        Pauses::default()
    }

    /// Stops on the weekends of `zone`.
    #[must_use]
    pub fn with_weekends(mut self, zone: TimeZone) -> Pauses {
        self.weekends = Some(zone);
        self
    }

    /// Stops every night of `night` in `zone` as well.
    #[must_use]
    pub fn with_nights(mut self, zone: TimeZone, night: Night) -> Pauses {
        self.nights = Some((zone, night));
        self
    }

    /// Stops during `[from, until)` as well (a vacation).
    #[must_use]
    pub fn with_vacation(mut self, from: i64, until: i64) -> Pauses {
        if until > from {
            self.held.push((from, until, Held::Vacation));
        }
        self
    }

    /// Stops during `[from, until)` as well (a pause both players agreed to).
    #[must_use]
    pub fn with_pause(mut self, from: i64, until: i64) -> Pauses {
        if until > from {
            self.held.push((from, until, Held::Pause));
        }
        self
    }

    /// The stop that holds at `at` or begins first after it: `(from, until, stop)` with
    /// `until > at`. Weekends always come again, so with weekends there is always one.
    fn next_stop(&self, at: i64) -> Option<(i64, i64, Stop)> {
        let weekend = self
            .weekends
            .as_ref()
            .and_then(|zone| weekend_from(zone, at))
            .map(|(from, until)| (from, until, Stop::Weekend { until }));
        let night = self
            .nights
            .as_ref()
            .and_then(|(zone, night)| night.around(zone, at))
            .map(|(from, until)| (from, until, Stop::Night { until }));
        let held = self
            .held
            .iter()
            .filter(|(_, until, _)| *until > at)
            .min_by_key(|(from, _, _)| *from)
            .map(|&(from, until, why)| (from, until, why.stop(until)));
        // The earliest to begin; of two beginning together, a vacation or pause first,
        // then the weekend.
        [held, weekend, night]
            .into_iter()
            .flatten()
            .min_by_key(|(from, _, _)| *from)
    }

    /// The clock of the player to move at `now`, whose running time ends at `deadline`:
    /// what is left, why it stands still (if it does), and when it next stops while it
    /// runs. The one reading the game page, the lists and the API share.
    #[must_use]
    pub fn turn_clock(&self, now: i64, deadline: i64) -> TurnClock {
        let stopped = self.stop_at(now);
        let stops_in = self
            .next_stop(now)
            .map(|(from, _, _)| from.max(now))
            .filter(|at| stopped.is_none() && *at < deadline)
            .map(|at| at - now);
        TurnClock {
            left: self.running_between(now, deadline),
            stopped,
            stops_in,
        }
    }

    /// Why the clock stands still at `at`, or `None` when it runs. Where a pause or a
    /// vacation overlaps a weekend or a night, the pause or vacation is named (the one
    /// lasting longest).
    #[must_use]
    pub fn stop_at(&self, at: i64) -> Option<Stop> {
        let held = self
            .held
            .iter()
            .filter(|(from, until, _)| *from <= at && at < *until)
            .max_by_key(|(_, until, _)| *until);
        if let Some((_, until, why)) = held {
            return Some(why.stop(*until));
        }
        let weekend = self
            .weekends
            .as_ref()
            .and_then(|zone| weekend_from(zone, at))
            .filter(|(from, _)| *from <= at)
            .map(|(_, until)| Stop::Weekend { until });
        let night = self
            .nights
            .as_ref()
            .and_then(|(zone, night)| night.around(zone, at))
            .filter(|(from, _)| *from <= at)
            .map(|(_, until)| Stop::Night { until });
        // A night that runs on past the end of a weekend is named, as it ends later.
        match (weekend, night) {
            (Some(weekend), Some(night)) if night.until() > weekend.until() => Some(night),
            (Some(weekend), _) => Some(weekend),
            (None, night) => night,
        }
    }

    /// The moment at which `running` seconds of running clock after `start` are used up.
    #[must_use]
    pub fn deadline(&self, start: i64, running: i64) -> i64 {
        let mut at = start;
        let mut left = running.max(0);
        while let Some((from, until, _)) = self.next_stop(at) {
            if from > at {
                let run = (from - at).min(left);
                at += run;
                left -= run;
                if left == 0 {
                    return at;
                }
            }
            at = at.max(until);
        }
        at + left
    }

    /// The running seconds between `from` and `to` (0 when `to` is not after `from`).
    #[must_use]
    pub fn running_between(&self, from: i64, to: i64) -> i64 {
        let mut at = from;
        let mut running = 0;
        while at < to {
            match self.next_stop(at) {
                Some((stop_from, until, _)) if stop_from < to => {
                    running += (stop_from - at).max(0);
                    at = at.max(until);
                }
                _ => {
                    running += to - at;
                    break;
                }
            }
        }
        running
    }
}

/// The weekend (Saturday 00:00 to Monday 00:00 in `zone`) that holds `at` or comes next.
fn weekend_from(zone: &TimeZone, at: i64) -> Option<(i64, i64)> {
    let date = Timestamp::from_second(at)
        .ok()?
        .to_zoned_datetime(zone.clone())
        .date();
    // Monday is 0, Saturday 5, Sunday 6.
    let offset = i64::from(date.weekday().to_monday_zero_offset());
    let saturday = if offset == 6 {
        date.checked_sub(1.day()).ok()?
    } else {
        date.checked_add((5 - offset).days()).ok()?
    };
    let monday = saturday.checked_add(2.days()).ok()?;
    Some((start_of(saturday, zone)?, start_of(monday, zone)?))
}

/// The first moment of `date` in `zone`.
fn start_of(date: Date, zone: &TimeZone) -> Option<i64> {
    Some(
        date.to_zoned_datetime(zone.clone())
            .ok()?
            .timestamp()
            .as_second(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unix seconds of a UTC date and time.
    fn utc(text: &str) -> i64 {
        text.parse::<Timestamp>().unwrap().as_second()
    }

    const HOUR: i64 = 3_600;
    const DAY: i64 = 86_400;

    #[test]
    fn without_stops_the_deadline_is_the_start_plus_the_time() {
        let pauses = Pauses::none();
        assert_eq!(pauses.deadline(1_000, 3 * DAY), 1_000 + 3 * DAY);
        assert_eq!(pauses.running_between(1_000, 1_000 + DAY), DAY);
        assert_eq!(pauses.stop_at(5), None);
    }

    #[test]
    fn a_weekend_in_utc_adds_two_days() {
        let pauses = Pauses::none().with_weekends(time_zone("UTC").unwrap());
        // Thursday 2026-12-03 12:00, three days: Thursday, Friday, then Monday and Tuesday.
        let start = utc("2026-12-03T12:00:00Z");
        assert_eq!(pauses.deadline(start, 3 * DAY), utc("2026-12-08T12:00:00Z"));
        assert_eq!(
            pauses.running_between(start, utc("2026-12-08T12:00:00Z")),
            3 * DAY
        );
        assert_eq!(
            pauses.stop_at(utc("2026-12-05T00:00:00Z")),
            Some(Stop::Weekend {
                until: utc("2026-12-07T00:00:00Z")
            })
        );
        assert_eq!(pauses.stop_at(utc("2026-12-04T23:59:59Z")), None);
        assert_eq!(pauses.stop_at(utc("2026-12-07T00:00:00Z")), None);
        // A turn that starts on Saturday runs from Monday 00:00.
        assert_eq!(
            pauses.deadline(utc("2026-12-05T15:00:00Z"), DAY),
            utc("2026-12-08T00:00:00Z")
        );
        // Time up exactly at Saturday 00:00 stays there.
        assert_eq!(
            pauses.deadline(utc("2026-12-04T00:00:00Z"), DAY),
            utc("2026-12-05T00:00:00Z")
        );
    }

    #[test]
    fn weekends_follow_the_players_own_zone() {
        // Tallinn is UTC+2 in winter: its Saturday starts Friday 22:00 UTC.
        let tallinn = Pauses::none().with_weekends(time_zone("Europe/Tallinn").unwrap());
        assert_eq!(
            tallinn.stop_at(utc("2026-12-04T22:30:00Z")),
            Some(Stop::Weekend {
                until: utc("2026-12-06T22:00:00Z")
            })
        );
        // New York is UTC-5: at that moment it is still Friday evening there.
        let new_york = Pauses::none().with_weekends(time_zone("America/New_York").unwrap());
        assert_eq!(new_york.stop_at(utc("2026-12-04T22:30:00Z")), None);
        assert_eq!(
            new_york.deadline(utc("2026-12-04T22:30:00Z"), 8 * HOUR),
            // 6 h 30 min to Saturday 05:00 UTC, the rest after Monday 05:00 UTC.
            utc("2026-12-07T06:30:00Z")
        );
    }

    #[test]
    fn a_weekend_across_a_daylight_saving_change_is_its_real_length() {
        // Europe/Tallinn moves its clocks forward on Sunday 2027-03-28 (03:00 -> 04:00):
        // that weekend lasts 47 real hours.
        let tallinn = Pauses::none().with_weekends(time_zone("Europe/Tallinn").unwrap());
        let friday_noon = utc("2027-03-26T10:00:00Z");
        // Saturday 00:00 EET = Friday 22:00 UTC; Monday 00:00 EEST = Sunday 21:00 UTC.
        assert_eq!(
            tallinn.stop_at(utc("2027-03-27T12:00:00Z")),
            Some(Stop::Weekend {
                until: utc("2027-03-28T21:00:00Z")
            })
        );
        assert_eq!(
            tallinn.deadline(friday_noon, DAY),
            utc("2027-03-28T21:00:00Z") + 12 * HOUR
        );
        // In autumn (Sunday 2026-10-25, 04:00 -> 03:00) the weekend lasts 49 hours.
        assert_eq!(
            tallinn.stop_at(utc("2026-10-24T12:00:00Z")),
            Some(Stop::Weekend {
                until: utc("2026-10-25T22:00:00Z")
            })
        );
        let weekend = utc("2026-10-25T22:00:00Z") - utc("2026-10-23T21:00:00Z");
        assert_eq!(weekend, 49 * HOUR);
    }

    #[test]
    fn vacations_stop_the_clock_and_overlap_with_weekends() {
        let start = utc("2026-12-01T00:00:00Z");
        let pauses = Pauses::none().with_vacation(start + DAY, start + 3 * DAY);
        assert_eq!(pauses.deadline(start, 2 * DAY), start + 4 * DAY);
        assert_eq!(
            pauses.stop_at(start + DAY),
            Some(Stop::Vacation {
                until: start + 3 * DAY
            })
        );
        assert_eq!(pauses.running_between(start, start + 4 * DAY), 2 * DAY);
        // Tuesday 2026-12-01: a vacation Thursday to Saturday noon, then the weekend.
        let both = pauses
            .clone()
            .with_weekends(time_zone("UTC").unwrap())
            .with_vacation(utc("2026-12-03T00:00:00Z"), utc("2026-12-05T12:00:00Z"));
        // Tuesday runs (1 day), Wednesday is a vacation, Thursday to Sunday stopped:
        // Monday 2026-12-07 runs the second day.
        assert_eq!(both.deadline(start, 2 * DAY), utc("2026-12-08T00:00:00Z"));
        assert_eq!(
            both.stop_at(utc("2026-12-05T06:00:00Z")),
            Some(Stop::Vacation {
                until: utc("2026-12-05T12:00:00Z")
            })
        );
    }

    #[test]
    fn unknown_zones_are_refused() {
        for name in ["", "Mars/Olympus", "../../etc/passwd", &"A".repeat(100)] {
            assert!(time_zone(name).is_err(), "{name}");
        }
        assert!(time_zone("America/Sao_Paulo").is_ok());
    }
}
