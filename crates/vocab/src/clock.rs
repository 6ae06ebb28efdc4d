//! The time source, injectable so tests can move time forward instead of waiting.

use std::sync::{
    Arc,
    atomic::{AtomicI64, Ordering},
};

/// Where the server reads the time: unix-epoch seconds.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Seconds since the unix epoch.
    fn now(&self) -> i64;
}

/// The real time.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> i64 {
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
    }
}

/// A clock that stands still until told to move; clones share the time.
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// A clock showing `now` (unix seconds).
    #[must_use]
    pub fn new(now: i64) -> ManualClock {
        ManualClock(Arc::new(AtomicI64::new(now)))
    }

    /// Moves the time forward by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }

    /// Sets the time to `now` (unix seconds), forward or back.
    pub fn set(&self, now: i64) {
        self.0.store(now, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Formats unix seconds as RFC 3339 in UTC (`2026-12-01T10:00:00Z`).
#[must_use]
pub fn rfc3339(seconds: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

/// Reads an RFC 3339 date and time (`2026-12-01T10:00:00Z`, any offset) as unix seconds;
/// `None` for anything else.
#[must_use]
pub fn parse_rfc3339(text: &str) -> Option<i64> {
    text.parse::<jiff::Timestamp>()
        .ok()
        .map(jiff::Timestamp::as_second)
}

/// A deadline as people read it: `2026-12-04 10:00 UTC`.
#[must_use]
pub fn deadline_text(deadline: i64) -> String {
    format!(
        "{} UTC",
        rfc3339(deadline)
            .replace('T', " ")
            .get(..16)
            .unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_moves_only_when_told_and_clones_share_it() {
        let clock = ManualClock::new(1_000);
        let other = clock.clone();
        assert_eq!(clock.now(), 1_000);
        other.advance(86_400);
        assert_eq!(clock.now(), 87_400);
    }

    #[test]
    fn times_format_as_rfc3339_utc() {
        assert_eq!(rfc3339(1_796_119_200), "2026-12-01T10:00:00Z");
    }
}
