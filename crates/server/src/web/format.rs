//! Texts and links that several pages share: variant names, time left, results.

use rules::{GameResult, Variant};

use crate::{clock::rfc3339, domain::game::TimeControl, web::i18n::Tr};

/// The translation key of a variant's name: `variant.<id>`.
#[must_use]
pub fn variant_key(variant: Variant) -> String {
    format!("variant.{variant}")
}

/// A variant as a link or an option: id and translated name.
#[derive(Debug, Clone)]
pub struct VariantLink {
    /// The id.
    pub id: &'static str,
    /// The name in the page's language.
    pub name: String,
    /// Whether it is the chosen one (in a form).
    pub selected: bool,
}

pub(crate) fn variant_links(t: &Tr, selected: &str) -> Vec<VariantLink> {
    Variant::ALL
        .into_iter()
        .map(|variant| VariantLink {
            id: variant.as_str(),
            name: t.get(&variant_key(variant)).to_owned(),
            selected: variant.as_str() == selected,
        })
        .collect()
}

/// Time left until `deadline`, such as `2 d 3 h` or `5 h 20 min`.
#[must_use]
pub fn time_left(t: &Tr, now: i64, deadline: i64) -> String {
    let left = (deadline - now).max(0);
    let (days, hours, minutes) = (left / 86_400, left % 86_400 / 3600, left % 3600 / 60);
    if days > 0 {
        t.fmt(
            "time.days_hours",
            &[("d", &days.to_string()), ("h", &hours.to_string())],
        )
    } else {
        t.fmt(
            "time.hours_minutes",
            &[("h", &hours.to_string()), ("m", &minutes.to_string())],
        )
    }
}

/// A time control in words: `3 d per move`, `Time bank: 3 d + 1 d per move, at most 7 d`,
/// `Untimed`.
#[must_use]
pub fn time_control_text(t: &Tr, control: TimeControl) -> String {
    match control {
        TimeControl::PerMove { days, hours: 0 } => {
            t.fmt("time.per_move", &[("d", &days.to_string())])
        }
        TimeControl::PerMove { days, hours } => t.fmt(
            "time.per_move_hours",
            &[("d", &days.to_string()), ("h", &hours.to_string())],
        ),
        TimeControl::Bank {
            initial_days,
            increment_days,
            cap_days,
        } => t.fmt(
            "time.bank",
            &[
                ("initial", &initial_days.to_string()),
                ("increment", &increment_days.to_string()),
                ("cap", &cap_days.to_string()),
            ],
        ),
        TimeControl::Untimed => t.get("time.untimed").to_owned(),
    }
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

/// A clock that counts down: the time left as text (right without JavaScript), the
/// seconds and the two formats the page's script counts down with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Countdown {
    /// The time left in words.
    pub text: String,
    /// The seconds left.
    pub seconds: i64,
    /// The format with days (`{d} d {h} h`).
    pub days_format: String,
    /// The format with hours (`{h} h {m} min`).
    pub hours_format: String,
}

impl Countdown {
    /// The countdown to `deadline` seen at `now`.
    #[must_use]
    pub fn to(t: &Tr, now: i64, deadline: i64) -> Countdown {
        Countdown {
            text: time_left(t, now, deadline),
            seconds: (deadline - now).max(0),
            days_format: t.get("time.days_hours").to_owned(),
            hours_format: t.get("time.hours_minutes").to_owned(),
        }
    }
}

/// The result as `1-0`, `0-1` or `½-½`.
#[must_use]
pub fn result_text(result: Option<GameResult>) -> &'static str {
    match result {
        Some(GameResult::WhiteWins) => "1-0",
        Some(GameResult::BlackWins) => "0-1",
        Some(GameResult::Draw) => "\u{bd}-\u{bd}",
        None => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::i18n::Lang;

    #[test]
    fn time_left_in_days_or_hours() {
        let t = Tr::new(Lang::En);
        assert_eq!(time_left(&t, 0, 2 * 86_400 + 3 * 3600 + 59), "2 d 3 h");
        assert_eq!(time_left(&t, 0, 5 * 3600 + 20 * 60), "5 h 20 min");
        assert_eq!(time_left(&t, 100, 50), "0 h 0 min");
    }
}
