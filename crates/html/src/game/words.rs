//! The game page's words: the clocks, the result, a pass, the scores, the replay banner
//! and a rating change, each from the game and the viewer's language.

use rules::{AnyGame, Color, GameResult, numbered_line};

use super::parts::ClockLine;
use crate::{
    board::{color_key, side_key},
    format::{Countdown, result_text, rule_key, stop_text, time_left},
};
use domain::{
    game::{Adjudication, DeadlineRule, EndReason, GameDetail, GameStatus, Judge, TimeControl},
    ratings::SideChange,
};
use vocab::i18n::Tr;
use vocab::local_time::LocalZone;

/// The game's own deadline while it goes on ("must end by …, then …"), or how it was
/// decided at it; empty for a game without one.
pub(super) fn game_deadline_text(
    t: &Tr,
    zone: &LocalZone,
    detail: &GameDetail,
    now: i64,
) -> String {
    if let Some(adjudication) = &detail.adjudication {
        return adjudication_text(t, detail, adjudication);
    }
    match (detail.status, detail.game_deadline) {
        (GameStatus::Active, Some(deadline)) => {
            let key = if deadline.passed(now) {
                "game.deadline_passed"
            } else {
                "game.deadline_ahead"
            };
            t.fmt(
                key,
                &[
                    ("when", &zone.time(deadline.at)),
                    ("rule", t.get(rule_key(deadline.rule))),
                ],
            )
        }
        _ => String::new(),
    }
}

/// How a game was decided at its deadline: the rule, and for the engines' judgement the
/// line it rests on, its depth and its score against the margin a win needs.
fn adjudication_text(t: &Tr, detail: &GameDetail, adjudication: &Adjudication) -> String {
    match adjudication.rule {
        DeadlineRule::Draw => return t.get("game.adjudicated_draw_rule").to_owned(),
        DeadlineRule::BothLose => return t.get("game.adjudicated_both_lose_rule").to_owned(),
        DeadlineRule::Adjudicate => {}
    }
    let line = if adjudication.line.is_empty() {
        "—".to_owned()
    } else {
        adjudication.line.join(" ")
    };
    let depth = adjudication.depth.to_string();
    let judge = adjudication.judge.unwrap_or(Judge::BuiltIn);
    let engine_key = format!("judge.{judge}");
    let engine = t.get(&engine_key);
    let family = detail.variant().family();
    let (per_unit, unit) = engine::score_unit(family);
    let score = adjudication
        .score
        .and_then(|score| i32::try_from(score).ok())
        .filter(|_| !adjudication.certain);
    let Some(score) = score else {
        return t.fmt(
            "game.adjudicated_certain",
            &[("engine", engine), ("line", &line), ("depth", &depth)],
        );
    };
    let value = f64::from(score) / f64::from(per_unit);
    let margin = engine::win_margin(family) / per_unit;
    t.fmt(
        "game.adjudicated_score",
        &[
            ("engine", engine),
            ("score", &format!("{value:+.1}")),
            ("unit", t.get(&format!("unit.{unit}"))),
            ("side", t.get(side_key(adjudication.mover))),
            ("line", &line),
            ("depth", &depth),
            ("margin", &margin.to_string()),
        ],
    )
}

/// Both players' clocks while the game goes on and is timed (none otherwise).
pub(super) fn clock_lines(
    t: &Tr,
    zone: &LocalZone,
    detail: &GameDetail,
    now: i64,
) -> Vec<ClockLine> {
    if detail.status != GameStatus::Active || detail.time_control == TimeControl::Untimed {
        return Vec::new();
    }
    [Color::White, Color::Black]
        .into_iter()
        .map(|color| {
            let clock = detail.clock_of(color, now);
            let countdown = match (clock.running, clock.left) {
                (true, Some(left)) => Some(Countdown::of(t, left, clock.stops_in)),
                _ => None,
            };
            ClockLine {
                color: t.get(side_key(color)).to_owned(),
                text: clock
                    .left
                    .map_or_else(String::new, |left| time_left(t, left)),
                countdown,
                stopped: clock
                    .stopped
                    .map_or_else(String::new, |stop| stop_text(t, zone, stop)),
            }
        })
        .collect()
}

/// A player's rating change as the game page shows it.
pub(super) fn change_text(side: SideChange) -> String {
    format!(
        "{} \u{2192} {} ({})",
        side.before.display(),
        side.after.display(),
        side.signed()
    )
}

/// What the page says of a game that is over (nothing while it goes on).
pub(super) fn end_text(t: &Tr, detail: &GameDetail) -> String {
    match detail.status {
        GameStatus::Active => String::new(),
        GameStatus::Aborted => t.get("game.aborted").to_owned(),
        GameStatus::Finished => t.fmt(
            "game.result",
            &[
                (
                    "outcome",
                    &outcome_text(t, detail.result, detail.end_reason),
                ),
                ("result", result_text(detail.result)),
            ],
        ),
    }
}

/// Who won and how, in words: `Black won by checkmate`, `Draw by agreement`, `White won
/// on time`; a reason without words of its own is named in brackets.
#[must_use]
pub fn outcome_text(t: &Tr, result: Option<GameResult>, reason: Option<EndReason>) -> String {
    let reason = reason.map_or("normal", EndReason::as_str);
    let reason_key = format!("end.{reason}");
    let reason_words = if t.has(&reason_key) {
        t.get(&reason_key)
    } else {
        reason
    };
    let (kind, winner) = match result {
        Some(GameResult::WhiteWins) => ("win", Some(Color::White)),
        Some(GameResult::BlackWins) => ("win", Some(Color::Black)),
        Some(GameResult::Draw) | None => ("draw", None),
        Some(GameResult::BothLose) => ("both_lose", None),
    };
    let key = format!("result.{kind}.{reason}");
    let key = if t.has(&key) {
        key
    } else {
        format!("result.{kind}.other")
    };
    let winner = winner.map_or("", |color| t.get(side_key(color)));
    t.fmt(&key, &[("winner", winner), ("reason", reason_words)])
}

/// The words for a forced pass, when `last` (the move that led to `shown`) is one: the
/// side that passed is the one not to move now.
pub(super) fn pass_text(t: &Tr, shown: &AnyGame, last: Option<&rules::PlayedMove>) -> String {
    let passed = last.is_some_and(|played| played.text == "pass");
    match (passed, shown.to_move()) {
        (true, Some(next)) => t.fmt(
            "game.passed",
            &[
                ("color", t.get(color_key(next.other()))),
                ("other", t.get(color_key(next))),
            ],
        ),
        _ => String::new(),
    }
}

/// Discs or points of both sides in `game` ("Discs: White 12, Black 9"), empty in chess.
pub fn scores_text(t: &Tr, game: &AnyGame) -> String {
    game.scores().map_or_else(String::new, |scores| {
        let key = if game.family().is_disc_game() {
            "game.scores_discs"
        } else {
            "game.scores_points"
        };
        t.fmt(
            key,
            &[
                ("white", &scores.white.to_string()),
                ("black", &scores.black.to_string()),
            ],
        )
    })
}

/// The replay banner: which position of the record the page shows.
pub(super) fn viewing_text(
    t: &Tr,
    record: &[rules::PlayedMove],
    shown_ply: u32,
    live_ply: u32,
) -> String {
    let total = live_ply.to_string();
    match shown_ply
        .checked_sub(1)
        .and_then(|index| record.get(index as usize).map(|played| (index, played)))
    {
        None => t.fmt("replay.viewing_start", &[("total", &total)]),
        Some((index, played)) => t.fmt(
            "replay.viewing",
            &[
                (
                    "move",
                    &numbered_line(index as usize, [played.display.as_str()]),
                ),
                ("ply", &shown_ply.to_string()),
                ("total", &total),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vocab::i18n::Lang;

    #[test]
    fn the_result_says_who_won_and_how_in_both_languages() {
        let en = Tr::new(Lang::En);
        let et = Tr::new(Lang::Et);
        let mate = Some(EndReason::Board(rules::EndReason::Checkmate));
        assert_eq!(
            outcome_text(&en, Some(GameResult::BlackWins), mate),
            "Black won by checkmate"
        );
        assert_eq!(
            outcome_text(&et, Some(GameResult::BlackWins), mate),
            "Must võitis matiga"
        );
        assert_eq!(
            outcome_text(&en, Some(GameResult::WhiteWins), Some(EndReason::Timeout)),
            "White won on time"
        );
        assert_eq!(
            outcome_text(&en, Some(GameResult::Draw), Some(EndReason::Agreement)),
            "Draw by agreement"
        );
        assert_eq!(
            outcome_text(&et, Some(GameResult::Draw), Some(EndReason::Agreement)),
            "Viik kokkuleppel"
        );
        // Every reason reads as words in both languages, won or drawn.
        for t in [en, et] {
            for reason in EndReason::all() {
                for result in GameResult::ALL {
                    let text = outcome_text(&t, Some(result), Some(reason));
                    assert!(!text.contains('{') && !text.contains('_'), "{text}");
                }
            }
        }
    }
}
