//! A player's nightly pause: a window of their local clock (23:00 to 07:00, say) during
//! which their clock stands still in every game that allows nights off.

use jiff::{Timestamp, ToSpan, civil::Date, tz::TimeZone};

/// The most a nightly pause may last (minutes of the player's local clock).
pub const MAX_NIGHT_MINUTES: i64 = 10 * 60;

/// The least a nightly pause may last (minutes).
pub const MIN_NIGHT_MINUTES: i64 = 60;

/// A nightly pause: from `from` to `until`, minutes after local midnight, wrapping past
/// midnight when `until` is earlier (23:00 to 07:00). Its length on the local clock is
/// 1 to 10 hours; a night that meets a change to or from daylight-saving time is an
/// hour shorter or longer in real time, as the weekend is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Night {
    from: i64,
    until: i64,
}

/// A nightly window that is not one (see [`Night::new`] and [`Night::parse`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidNight(pub String);

impl std::fmt::Display for InvalidNight {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidNight {}

impl Night {
    /// The window from `from` to `until` (minutes after local midnight, 0 to 1439).
    ///
    /// # Errors
    ///
    /// [`InvalidNight`] when a minute is out of the day or the window lasts under an
    /// hour or over ten.
    pub fn new(from: i64, until: i64) -> Result<Night, InvalidNight> {
        const DAY_MINUTES: i64 = 24 * 60;
        if !(0..DAY_MINUTES).contains(&from) || !(0..DAY_MINUTES).contains(&until) {
            return Err(InvalidNight(
                "a night starts and ends at a time of day, 00:00 to 23:59".to_owned(),
            ));
        }
        let night = Night { from, until };
        let length = night.minutes();
        if !(MIN_NIGHT_MINUTES..=MAX_NIGHT_MINUTES).contains(&length) {
            return Err(InvalidNight(format!(
                "a night lasts 1 to 10 hours, not {} h {:02} min",
                length / 60,
                length % 60
            )));
        }
        Ok(night)
    }

    /// Reads `23:00` and `07:00` (the start and the end, `HH:MM` each).
    ///
    /// # Errors
    ///
    /// [`InvalidNight`] for a time that does not read or a window [`Night::new`] refuses.
    pub fn parse(from: &str, until: &str) -> Result<Night, InvalidNight> {
        Night::new(minute_of(from)?, minute_of(until)?)
    }

    /// The start, minutes after local midnight.
    #[must_use]
    pub const fn from_minute(self) -> i64 {
        self.from
    }

    /// The end, minutes after local midnight.
    #[must_use]
    pub const fn until_minute(self) -> i64 {
        self.until
    }

    /// Its length on the local clock (minutes).
    #[must_use]
    pub const fn minutes(self) -> i64 {
        (self.until - self.from).rem_euclid(24 * 60)
    }

    /// The start as `HH:MM`.
    #[must_use]
    pub fn from_text(self) -> String {
        clock_text(self.from)
    }

    /// The end as `HH:MM`.
    #[must_use]
    pub fn until_text(self) -> String {
        clock_text(self.until)
    }

    /// The night that holds `at` or comes next in `zone`: `(from, until)`.
    pub(super) fn around(self, zone: &TimeZone, at: i64) -> Option<(i64, i64)> {
        let date = Timestamp::from_second(at)
            .ok()?
            .to_zoned_datetime(zone.clone())
            .date();
        // A night that began yesterday may hold `at`; else today's or tomorrow's.
        for start_day in [-1_i64, 0, 1] {
            let day = date.checked_add(start_day.days()).ok()?;
            let from = local_moment(day, self.from, zone)?;
            let end_day = if self.until <= self.from {
                day.checked_add(1.day()).ok()?
            } else {
                day
            };
            let until = local_moment(end_day, self.until, zone)?;
            if until > at && until > from {
                return Some((from, until));
            }
        }
        None
    }
}

/// `HH:MM` as minutes after midnight.
fn minute_of(text: &str) -> Result<i64, InvalidNight> {
    let bad = || InvalidNight(format!("`{text}` is not a time of day such as 23:00"));
    let (hours, minutes) = text.trim().split_once(':').ok_or_else(bad)?;
    let valid = |part: &str, below: i64| {
        (1..=2).contains(&part.len())
            && part.bytes().all(|b| b.is_ascii_digit())
            && part.parse::<i64>().is_ok_and(|n| n < below)
    };
    if !valid(hours, 24) || minutes.len() != 2 || !valid(minutes, 60) {
        return Err(bad());
    }
    Ok(
        hours.parse::<i64>().map_err(|_| bad())? * 60
            + minutes.parse::<i64>().map_err(|_| bad())?,
    )
}

fn clock_text(minute: i64) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// The moment `minute` after local midnight of `date` in `zone`. A time that a change to
/// daylight-saving time skips is read with the offset before the change (03:30 that does
/// not exist is 04:30), one that a change back repeats as its first occurrence.
fn local_moment(date: Date, minute: i64, zone: &TimeZone) -> Option<i64> {
    let hour = i8::try_from(minute / 60).ok()?;
    let minute = i8::try_from(minute % 60).ok()?;
    Some(
        date.at(hour, minute, 0, 0)
            .to_zoned_datetime(zone.clone())
            .ok()?
            .timestamp()
            .as_second(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Pauses, Stop, pauses::time_zone};

    fn utc(text: &str) -> i64 {
        text.parse::<Timestamp>().unwrap().as_second()
    }

    const HOUR: i64 = 3_600;

    #[test]
    fn windows_are_read_and_checked() {
        let night = Night::parse("23:00", "07:00").unwrap();
        assert_eq!((night.from_minute(), night.until_minute()), (1380, 420));
        assert_eq!(night.minutes(), 8 * 60);
        assert_eq!(
            (night.from_text(), night.until_text()),
            ("23:00".into(), "07:00".into())
        );
        assert_eq!(Night::parse("1:30", "9:00").unwrap().minutes(), 450);
        for (from, until) in [
            ("22:00", "09:00"),
            ("23:00", "23:30"),
            ("07:00", "07:00"),
            ("24:00", "06:00"),
            ("23:60", "06:00"),
            ("23", "06:00"),
            ("-1:00", "06:00"),
            ("+1:00", "06:00"),
            ("23:00", ""),
        ] {
            assert!(Night::parse(from, until).is_err(), "{from}-{until}");
        }
        assert!(Night::new(0, 1440).is_err());
        assert_eq!(Night::new(22 * 60, 8 * 60).unwrap().minutes(), 600);
    }

    #[test]
    fn a_night_stops_the_clock_each_day_in_the_players_zone() {
        // Tallinn is UTC+2 in December: 23:00-07:00 there is 21:00-05:00 UTC.
        let zone = time_zone("Europe/Tallinn").unwrap();
        let pauses = Pauses::none().with_nights(zone, Night::parse("23:00", "07:00").unwrap());
        let monday_noon = utc("2026-12-07T10:00:00Z");
        assert_eq!(pauses.stop_at(monday_noon), None);
        assert_eq!(
            pauses.stop_at(utc("2026-12-07T22:00:00Z")),
            Some(Stop::Night {
                until: utc("2026-12-08T05:00:00Z")
            })
        );
        // A day of running time from Monday noon (local) is 16 h of day: it runs over
        // Monday evening, the night, and Tuesday until 20:00 local.
        assert_eq!(
            pauses.deadline(monday_noon, 24 * HOUR),
            utc("2026-12-07T10:00:00Z") + 11 * HOUR + 8 * HOUR + 13 * HOUR
        );
        assert_eq!(
            pauses.running_between(monday_noon, utc("2026-12-08T10:00:00Z")),
            16 * HOUR
        );
        // A turn that starts in the night runs from its end.
        assert_eq!(
            pauses.deadline(utc("2026-12-08T01:00:00Z"), HOUR),
            utc("2026-12-08T06:00:00Z")
        );
        let clock = pauses.turn_clock(monday_noon, utc("2026-12-08T12:00:00Z"));
        assert_eq!(clock.stops_in, Some(11 * HOUR));
    }

    #[test]
    fn a_night_across_a_daylight_saving_change_keeps_its_local_hours() {
        // Europe/Tallinn moves its clocks forward on Sunday 2027-03-28 at 03:00 (EET,
        // UTC+2, to EEST, UTC+3): the night of 27 to 28 March, 23:00-07:00 local, is
        // 21:00 UTC to 04:00 UTC, seven real hours; the night before was eight.
        let zone = time_zone("Europe/Tallinn").unwrap();
        let night = Night::parse("23:00", "07:00").unwrap();
        let pauses = Pauses::none().with_nights(zone.clone(), night);
        assert_eq!(
            pauses.stop_at(utc("2027-03-27T23:00:00Z")),
            Some(Stop::Night {
                until: utc("2027-03-28T04:00:00Z")
            })
        );
        assert_eq!(
            pauses.running_between(utc("2027-03-27T12:00:00Z"), utc("2027-03-28T12:00:00Z")),
            17 * HOUR
        );
        assert_eq!(
            pauses.running_between(utc("2027-03-26T12:00:00Z"), utc("2027-03-27T12:00:00Z")),
            16 * HOUR
        );
        // In autumn (Sunday 2026-10-25, 04:00 back to 03:00) that night lasts nine hours.
        assert_eq!(
            pauses.running_between(utc("2026-10-24T12:00:00Z"), utc("2026-10-25T12:00:00Z")),
            15 * HOUR
        );
        // A window that starts in the skipped hour (03:00-04:00 local that morning) starts
        // at 03:00 read with the winter offset, which is 04:00 summer time: that night
        // lasts one real hour, 01:00 to 02:00 UTC.
        let gap = Pauses::none().with_nights(zone, Night::parse("03:00", "05:00").unwrap());
        assert_eq!(gap.stop_at(utc("2027-03-28T00:45:00Z")), None);
        assert_eq!(
            gap.stop_at(utc("2027-03-28T01:30:00Z")),
            Some(Stop::Night {
                until: utc("2027-03-28T02:00:00Z")
            })
        );
    }

    #[test]
    fn nights_and_weekends_join_and_vacations_are_named_first() {
        let zone = time_zone("UTC").unwrap();
        let night = Night::parse("22:00", "06:00").unwrap();
        let pauses = Pauses::none()
            .with_weekends(zone.clone())
            .with_nights(zone, night);
        // Sunday 23:00: the weekend ends at midnight, the night at 06:00 Monday.
        assert_eq!(
            pauses.stop_at(utc("2026-12-06T23:00:00Z")),
            Some(Stop::Night {
                until: utc("2026-12-07T06:00:00Z")
            })
        );
        // Friday 20:00 with three hours: two before the night, one on Monday 06:00.
        assert_eq!(
            pauses.deadline(utc("2026-12-04T20:00:00Z"), 3 * HOUR),
            utc("2026-12-07T07:00:00Z")
        );
        let on_vacation =
            pauses.with_vacation(utc("2026-12-08T20:00:00Z"), utc("2026-12-09T12:00:00Z"));
        assert_eq!(
            on_vacation.stop_at(utc("2026-12-08T23:00:00Z")),
            Some(Stop::Vacation {
                until: utc("2026-12-09T12:00:00Z")
            })
        );
    }
}
