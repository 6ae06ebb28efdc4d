//! Texts and links that several pages share: variant names, time left, results,
//! reliability cards.

use rules::{GameResult, Variant};

use domain::{
    game::{DeadlineRule, GameLimit, Stop, StopRules, TimeControl},
    reliability::card::{Card, ExpectedLength, Requirements},
};
use vocab::{i18n::Tr, local_time::LocalZone};

/// The mark beside a computer account's name ("computer, level 3"); empty for others.
#[must_use]
pub fn computer_badge(t: &Tr, level: Option<engine::Level>) -> String {
    level.map_or_else(String::new, |level| {
        t.fmt("computer.badge", &[("level", &level.number().to_string())])
    })
}

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

/// How long ago `then` was as of `now` (unix seconds), in words: `just now`, `5 min ago`,
/// `3 h ago`, `2 d ago`.
#[must_use]
pub fn ago(t: &Tr, then: i64, now: i64) -> String {
    let past = (now - then).max(0);
    let (key, n) = match past {
        0..60 => return t.get("time.ago.now").to_owned(),
        60..3_600 => ("time.ago.minutes", past / 60),
        3_600..86_400 => ("time.ago.hours", past / 3_600),
        _ => ("time.ago.days", past / 86_400),
    };
    t.fmt(key, &[("n", &n.to_string())])
}

/// `left` seconds in words, such as `2 d 3 h` or `5 h 20 min`.
#[must_use]
pub fn time_left(t: &Tr, left: i64) -> String {
    let left = left.max(0);
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

/// A reliability card in one line: `Lost on time: 1 of 12 games in 90 days (8%) · 6 h 20
/// min a move · 4 games going · 30 games finished · 120 h of vacation left`.
#[must_use]
pub fn card_text(t: &Tr, card: &Card) -> String {
    card_parts(t, card).join(" \u{b7} ")
}

/// The parts of [`card_text`], each a phrase.
#[must_use]
pub fn card_parts(t: &Tr, card: &Card) -> Vec<String> {
    let losses = if card.recent_games == 0 {
        t.get("card.no_recent").to_owned()
    } else {
        t.fmt(
            "card.time_losses",
            &[
                ("n", &card.recent_time_losses.to_string()),
                ("games", &card.recent_games.to_string()),
                ("percent", &card.time_loss_percent().to_string()),
            ],
        )
    };
    let pace = card.seconds_per_move.map_or_else(
        || t.get("card.pace_unknown").to_owned(),
        |seconds| t.fmt("card.pace", &[("time", &time_left(t, seconds.max(60)))]),
    );
    let mut parts = vec![
        losses,
        pace,
        t.count("card.active", card.active, &[]),
        t.count("card.finished", card.finished, &[]),
    ];
    if let Some(hours) = card.vacation_hours_left {
        parts.push(t.fmt("card.vacation", &[("n", &hours.to_string())]));
    }
    parts
}

/// An expected game length in words: `Expected length: 20–40 days`.
#[must_use]
pub fn expected_text(t: &Tr, length: ExpectedLength) -> String {
    t.fmt(
        "card.expected",
        &[
            ("low", &length.low_days.to_string()),
            ("high", &length.high_days.to_string()),
        ],
    )
}

/// What a challenge or tournament asks of a reliability card, in words (empty: nothing).
#[must_use]
pub fn requirements_text(t: &Tr, requirements: Requirements) -> String {
    let mut parts = Vec::new();
    if let Some(percent) = requirements.max_time_loss_percent {
        parts.push(t.fmt(
            "card.asks_time_losses",
            &[("percent", &percent.to_string())],
        ));
    }
    if let Some(games) = requirements.min_finished_games {
        parts.push(t.count("card.asks_finished", games, &[]));
    }
    parts.join(" \u{b7} ")
}

/// Why a clock stands still, in words: `Weekend`, `On vacation until 2026-12-04 12:00 EET`,
/// `Paused until …` (times in the viewer's `zone`).
#[must_use]
pub fn stop_text(t: &Tr, zone: &LocalZone, stop: Stop) -> String {
    match stop {
        Stop::Weekend { .. } => t.get("time.weekend").to_owned(),
        Stop::Vacation { until } => t.fmt("time.vacation_until", &[("when", &zone.time(until))]),
        Stop::Paused { until } => t.fmt("time.paused_until", &[("when", &zone.time(until))]),
        Stop::Night { until } => t.fmt("time.night_until", &[("when", &zone.time(until))]),
    }
}

/// A game's clock in words: its time control, then "weekends off", "no vacation" and "no
/// nights off" where they apply (`3 d per move · weekends off`).
#[must_use]
pub fn clock_text(t: &Tr, control: TimeControl, stops: StopRules) -> String {
    let mut text = time_control_text(t, control);
    if control == TimeControl::Untimed {
        return text;
    }
    if stops.weekends_off {
        text.push_str(" \u{b7} ");
        text.push_str(t.get("time.weekends_off"));
    }
    if !stops.vacation_allowed {
        text.push_str(" \u{b7} ");
        text.push_str(t.get("time.no_vacation"));
    }
    if !stops.nights_allowed {
        text.push_str(" \u{b7} ");
        text.push_str(t.get("time.no_nights"));
    }
    text
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
    /// The seconds after which the clock stops (the player's weekend or vacation
    /// begins), if it stops before it runs out: the script stops counting there.
    pub stops_in: Option<i64>,
}

impl Countdown {
    /// The countdown of a running clock with `left` seconds, which stops after
    /// `stops_in` seconds if given.
    #[must_use]
    pub fn of(t: &Tr, left: i64, stops_in: Option<i64>) -> Countdown {
        Countdown {
            text: time_left(t, left),
            seconds: left.max(0),
            days_format: t.get("time.days_hours").to_owned(),
            hours_format: t.get("time.hours_minutes").to_owned(),
            stops_in,
        }
    }
}

/// The result as `1-0`, `0-1`, `½-½` or `0-0`.
#[must_use]
pub fn result_text(result: Option<GameResult>) -> &'static str {
    match result {
        Some(GameResult::WhiteWins) => "1-0",
        Some(GameResult::BlackWins) => "0-1",
        Some(GameResult::Draw) => "\u{bd}-\u{bd}",
        Some(GameResult::BothLose) => "0-0",
        None => "",
    }
}

/// The start chosen for a game (a challenge's, a tournament's), in words (empty: as
/// usual).
pub(crate) fn chosen_start_text(t: &Tr, start: Option<&rules::Setup>) -> String {
    match start {
        Some(rules::Setup::Chess960(start)) => t.fmt(
            "lobby.start.chess960",
            &[("number", &start.number().to_string())],
        ),
        Some(rules::Setup::Fen(fen)) => t.fmt("lobby.start.fen", &[("fen", fen.as_str())]),
        Some(rules::Setup::Opening(opening)) => {
            t.fmt("lobby.start.opening", &[("name", opening.name)])
        }
        _ => String::new(),
    }
}

/// A game limit in words: "30 days, then the engines judge the position …".
#[must_use]
pub fn limit_text(t: &Tr, limit: GameLimit) -> String {
    t.fmt(
        "limit.text",
        &[
            ("days", &limit.days().to_string()),
            ("rule", t.get(rule_key(limit.rule()))),
        ],
    )
}

/// The deadline rules as a form's choices, `chosen` (empty: the first) selected.
#[must_use]
pub fn deadline_rules(t: &Tr, chosen: &str) -> Vec<(&'static str, String, bool)> {
    DeadlineRule::ALL
        .into_iter()
        .enumerate()
        .map(|(i, rule)| {
            let name = t.get(&format!("limit.rule.{rule}")).to_owned();
            let selected = rule.as_str() == chosen || (chosen.is_empty() && i == 0);
            (rule.as_str(), name, selected)
        })
        .collect()
}

/// "rated" or "casual" with the engine policy: "rated · no engines".
#[must_use]
pub fn kind_text(t: &Tr, rated: bool, engines_allowed: bool) -> String {
    with_policy(
        t,
        t.get(if rated { "lobby.rated" } else { "lobby.casual" }),
        engines_allowed,
    )
}

/// `kind` with the engine policy: "rated · engines allowed", "casual · no engines".
#[must_use]
pub fn with_policy(t: &Tr, kind: &str, engines_allowed: bool) -> String {
    let policy = if engines_allowed {
        "engines.allowed"
    } else {
        "engines.not_allowed"
    };
    format!("{kind} · {}", t.get(policy))
}

/// The engine policies as a form's choices: (value, words, chosen).
#[must_use]
pub fn engine_policies(t: &Tr, engines_allowed: bool) -> Vec<(&'static str, String, bool)> {
    [("not_allowed", false), ("allowed", true)]
        .into_iter()
        .map(|(value, allowed)| {
            let name = t.get(&format!("engines.{value}")).to_owned();
            (value, name, allowed == engines_allowed)
        })
        .collect()
}

/// The words for a deadline rule.
#[must_use]
pub const fn rule_key(rule: DeadlineRule) -> &'static str {
    match rule {
        DeadlineRule::Adjudicate => "game.rule.adjudicate",
        DeadlineRule::Draw => "game.rule.draw",
        DeadlineRule::BothLose => "game.rule.both_lose",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vocab::i18n::Lang;

    #[test]
    fn time_left_in_days_or_hours() {
        let t = Tr::new(Lang::En);
        assert_eq!(time_left(&t, 2 * 86_400 + 3 * 3600 + 59), "2 d 3 h");
        assert_eq!(time_left(&t, 5 * 3600 + 20 * 60), "5 h 20 min");
        assert_eq!(time_left(&t, -50), "0 h 0 min");
    }

    #[test]
    fn the_kind_of_game_says_its_engine_policy_in_each_language() {
        let (en, et) = (Tr::new(Lang::En), Tr::new(Lang::Et));
        assert_eq!(kind_text(&en, true, false), "rated · no engines");
        assert_eq!(kind_text(&en, false, true), "casual · engines allowed");
        assert_eq!(kind_text(&et, false, true), "sõbralik · mootorid lubatud");
        let chosen: Vec<&str> = engine_policies(&en, true)
            .into_iter()
            .filter(|(_, _, chosen)| *chosen)
            .map(|(value, _, _)| value)
            .collect();
        assert_eq!(chosen, ["allowed"]);
    }
}
