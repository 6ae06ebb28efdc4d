//! Times as a viewer reads them: in their own time zone (an IANA name such as
//! `Europe/Tallinn`), UTC when they have none, always saying which zone it is.

use axum::http::HeaderMap;
use jiff::{Timestamp, tz::TimeZone};

/// The cookie that holds the viewer's time zone: set from their account's zone when they
/// sign in or change it, and by the page's script from the browser's zone when unset.
pub const ZONE_COOKIE: &str = "tz";

/// A viewer's time zone, for showing times. Clones are cheap.
#[derive(Debug, Clone)]
pub struct LocalZone {
    zone: TimeZone,
    name: String,
}

impl Default for LocalZone {
    fn default() -> Self {
        LocalZone::utc()
    }
}

impl LocalZone {
    /// Coordinated Universal Time, the zone of a viewer who has not chosen one.
    #[must_use]
    pub fn utc() -> LocalZone {
        LocalZone {
            zone: TimeZone::UTC,
            name: "UTC".to_owned(),
        }
    }

    /// The zone of IANA name `name` (any letter case), in the database's own spelling;
    /// `None` for a name the database does not hold.
    #[must_use]
    pub fn named(name: &str) -> Option<LocalZone> {
        let name = name.trim();
        if name.is_empty() || name.len() > 64 {
            return None;
        }
        let zone = TimeZone::get(name).ok()?;
        let name = zone.iana_name().unwrap_or(name).to_owned();
        Some(LocalZone { zone, name })
    }

    /// The zone a request's [`ZONE_COOKIE`] names; UTC without one, or for a name the
    /// database does not hold.
    #[must_use]
    pub fn from_headers(headers: &HeaderMap) -> LocalZone {
        crate::cookies::value(headers, ZONE_COOKIE)
            .and_then(|value| LocalZone::named(&value.replace("%2F", "/")))
            .unwrap_or_default()
    }

    /// Its IANA name (`UTC` for UTC).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Unix seconds as a date and time in this zone, with the zone's abbreviation:
    /// `2026-12-04 23:45 EET`.
    #[must_use]
    pub fn time(&self, seconds: i64) -> String {
        self.format(seconds, "%Y-%m-%d %H:%M %Z")
    }

    /// Unix seconds as the date in this zone: `2026-12-04`.
    #[must_use]
    pub fn date(&self, seconds: i64) -> String {
        self.format(seconds, "%Y-%m-%d")
    }

    fn format(&self, seconds: i64, pattern: &str) -> String {
        Timestamp::from_second(seconds).map_or_else(
            |_| String::new(),
            |at| {
                at.to_zoned_datetime(self.zone.clone())
                    .strftime(pattern)
                    .to_string()
            },
        )
    }
}

/// Every IANA zone name people pick from (the `Area/City` ones and `UTC`), sorted; read
/// from the server's zone database once.
#[must_use]
pub fn zone_names() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(read_zone_names)
}

fn read_zone_names() -> Vec<String> {
    let mut names: Vec<String> = jiff::tz::db()
        .available()
        .map(|name| name.as_str().to_owned())
        .filter(|name| name.contains('/') || name == "UTC")
        .filter(|name| !name.starts_with("Etc/") && !name.starts_with("posix/"))
        .collect();
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_show_in_the_zone_with_its_name() {
        // 2026-12-04 21:45 UTC.
        let at = 1_796_420_700;
        assert_eq!(LocalZone::utc().time(at), "2026-12-04 21:45 UTC");
        let tallinn = LocalZone::named("europe/tallinn").expect("a zone");
        assert_eq!(tallinn.name(), "Europe/Tallinn");
        assert_eq!(tallinn.time(at), "2026-12-04 23:45 EET");
        assert_eq!(tallinn.date(at + 3 * 3600), "2026-12-05");
        let new_york = LocalZone::named("America/New_York").expect("a zone");
        assert_eq!(new_york.time(at), "2026-12-04 16:45 EST");
    }

    #[test]
    fn unknown_names_are_no_zone() {
        for name in ["", "Mars/Olympus", "../etc/passwd", &"A".repeat(80)] {
            assert!(LocalZone::named(name).is_none(), "{name:?}");
        }
    }

    #[test]
    fn the_list_holds_the_zones_people_live_in() {
        let names = zone_names();
        for name in ["Europe/Tallinn", "America/Sao_Paulo", "Asia/Tokyo", "UTC"] {
            assert!(names.iter().any(|n| n == name), "{name}");
        }
        assert!(names.len() > 300, "{}", names.len());
        assert!(names.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
