//! A variant's rules page with its statistics.

use std::sync::Arc;

use askama::Template;
use axum::{
    body::Bytes,
    extract::State,
    response::{Html, IntoResponse, Response},
};
use rules::Variant;
use serde::Deserialize;

use crate::{
    Ctx,
    format::{VariantLink, result_text, variant_key, variant_links},
    render, render_html,
};
use domain::{
    Services,
    game::{self, conditional::MAX_LINES, snapshots::RenderedRulesPage},
};
use edge::extract::{Path, Query};
use vocab::{error::AppError, i18n::Tr};

/// Finished games per page of a rules page's list.
const RECENT_PAGE: i64 = 20;

/// A finished game as the rules page lists it.
#[derive(Debug, Clone)]
pub struct RecentGame {
    /// Its id.
    pub id: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Whether a bot plays White's account (shown as BOT).
    pub white_bot: bool,
    /// Whether a bot plays Black's account.
    pub black_bot: bool,
    /// `1-0`, `0-1`, `½-½` or `0-0`.
    pub result: &'static str,
    /// When it ended (a date).
    pub ended: String,
}

/// The rules page's query: the page of recent games.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct RulesQuery {
    after: Option<String>,
}

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    ctx: Ctx,
    variant_id: &'static str,
    name: String,
    statistics: String,
    paragraphs: Vec<String>,
    time_paragraphs: Vec<String>,
    conditional_paragraphs: Vec<String>,
    /// Engines: the policy, the evaluation and the review.
    engines_paragraphs: Vec<String>,
    /// Where a game may start from a chosen position: that the statistics leave those
    /// games out (else empty).
    statistics_note: String,
    /// Reversi's openings of this board for a chosen start: (name, moves).
    openings: Vec<(&'static str, String)>,
    variants: Vec<VariantLink>,
    recent: Vec<RecentGame>,
    next_href: String,
}

/// The paragraphs of the text `key` (paragraphs separated by blank lines), with `args`.
fn paragraphs_of(t: &Tr, key: &str, args: &[(&str, &str)]) -> Vec<String> {
    t.fmt(key, args)
        .split("\n\n")
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

/// `x.xx` per cent of `part` in `whole` (0.00 when there are no games).
#[must_use]
pub fn percent(part: i64, whole: i64) -> String {
    if whole == 0 {
        return "0.00".to_owned();
    }
    #[allow(clippy::cast_precision_loss)]
    let value = part as f64 * 100.0 / whole as f64;
    format!("{value:.2}")
}

/// The statistics line of a rules page (games both sides lost only once there are some).
#[must_use]
pub fn statistics_text(t: &Tr, stats: &game::VariantStats) -> String {
    let games = stats.games();
    let line = t.fmt(
        "rules.statistics",
        &[
            ("white", &stats.white_wins.to_string()),
            ("white_pct", &percent(stats.white_wins, games)),
            ("black", &stats.black_wins.to_string()),
            ("black_pct", &percent(stats.black_wins, games)),
            ("draws", &stats.draws.to_string()),
            ("draws_pct", &percent(stats.draws, games)),
        ],
    );
    if stats.both_lost == 0 {
        return line;
    }
    let both_lost = t.fmt(
        "rules.statistics_both_lost",
        &[
            ("both_lost", &stats.both_lost.to_string()),
            ("both_lost_pct", &percent(stats.both_lost, games)),
        ],
    );
    format!("{line}, {both_lost}")
}

/// `GET /rules/{variant}`.
pub(crate) async fn rules(
    State(state): State<Services>,
    ctx: Ctx,
    Path(variant): Path<String>,
    Query(query): Query<RulesQuery>,
) -> Result<Response, AppError> {
    let variant: Variant = variant.parse().map_err(|_| AppError::NotFound("variant"))?;
    // A guest's first page at the page's own address is the same for every guest of a
    // language and time zone: served as rendered while the results it shows are the fresh snapshot.
    let shared = ctx.user.is_none() && ctx.here.strip_prefix("/rules/") == Some(variant.as_str());
    let pages = &state.caches.rules_pages;
    let key = (variant, ctx.t.lang.code(), ctx.zone.name().to_owned());
    let ticket = if shared {
        let results = state.caches.results.get(&variant).ok();
        let shown = |page: &RenderedRulesPage| {
            results
                .as_ref()
                .is_some_and(|r| Arc::ptr_eq(r, &page.results))
        };
        match pages.get_if(&key, shown) {
            Ok(page) => return Ok(Html(page.html.clone()).into_response()),
            Err(ticket) => Some(ticket),
        }
    } else {
        None
    };
    let results =
        game::variant_results(&state, variant, query.after.as_deref(), RECENT_PAGE).await?;
    let stats = results
        .stats
        .iter()
        .find(|stats| stats.variant == variant)
        .ok_or(AppError::NotFound("variant"))?;
    let recent = &results.recent;
    let t = ctx.t;
    let body_key = format!("rules.{}", variant.family());
    let size = variant.board_size().to_string();
    let mut paragraphs: Vec<String> = vec![t.get("rules.common").to_owned()];
    // A variant with rules of its own beyond its family's (Chess960's start and
    // castling) states them before the family's text.
    let own_key = format!("rules.{variant}");
    let own = (own_key != body_key && t.has(&own_key)).then_some(own_key);
    for key in own.iter().chain([&body_key]) {
        paragraphs.extend(
            t.fmt(key, &[("size", &size)])
                .split("\n\n")
                .map(|p| p.trim().to_owned())
                .filter(|p| !p.is_empty()),
        );
    }
    let days = state.config.vacation_days_per_year.to_string();
    let limits = state.config.allowance;
    let (games, ceiling, cooldown) = (
        limits.base.to_string(),
        limits.ceiling.to_string(),
        limits.cooldown_days.to_string(),
    );
    let time_paragraphs = paragraphs_of(
        &t,
        "rules.time",
        &[
            ("days", &days),
            ("games", &games),
            ("ceiling", &ceiling),
            ("cooldown", &cooldown),
        ],
    );
    let lines = MAX_LINES.to_string();
    let cap = domain::game::conditional::REPERTOIRE_PLIES_PER_TURN.to_string();
    let conditional_paragraphs =
        paragraphs_of(&t, "rules.conditional", &[("lines", &lines), ("cap", &cap)]);
    let engines_paragraphs = paragraphs_of(&t, "rules.engines", &[]);
    let page = RulesPage {
        statistics_note: t
            .get(if rules::Setup::takes_thematic_start(variant) {
                "rules.statistics_usual"
            } else {
                "rules.statistics_here"
            })
            .to_owned(),
        openings: rules::Setup::openings(variant)
            .map(|opening| (opening.name, opening.moves.join(" ")))
            .collect(),
        time_paragraphs,
        conditional_paragraphs,
        engines_paragraphs,
        variant_id: variant.as_str(),
        name: t.get(&variant_key(variant)).to_owned(),
        statistics: statistics_text(&t, stats),
        paragraphs,
        variants: variant_links(&t, variant.as_str()),
        next_href: recent
            .next
            .as_ref()
            .map(|cursor| format!("/rules/{}?after={cursor}#recent", variant.as_str()))
            .unwrap_or_default(),
        recent: recent
            .games
            .iter()
            .map(|game| RecentGame {
                result: result_text(game.result),
                ended: game
                    .finished_at
                    .map(|at| ctx.zone.date(at))
                    .unwrap_or_default(),
                white_bot: game.white_kind.is_bot(),
                black_bot: game.black_kind.is_bot(),
                id: game.id.clone(),
                white: game.white.clone(),
                black: game.black.clone(),
            })
            .collect(),
        ctx,
    };
    let Some(ticket) = ticket else {
        return render(&page);
    };
    let html = Bytes::from(render_html(&page)?);
    pages.keep(
        ticket,
        key,
        Arc::new(RenderedRulesPage {
            results: results.clone(),
            html: html.clone(),
        }),
    );
    Ok(Html(html).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use vocab::i18n::Lang;

    #[test]
    fn statistics_line_with_two_decimals() {
        let stats = game::VariantStats {
            variant: Variant::Chess,
            white_wins: 1,
            black_wins: 2,
            draws: 0,
            both_lost: 0,
        };
        assert_eq!(
            statistics_text(&Tr::new(Lang::En), &stats),
            "Statistics of won games: white 1 (33.33 %), black 2 (66.67 %), draws 0 (0.00 %)"
        );
        let stats = game::VariantStats {
            both_lost: 1,
            ..stats
        };
        assert_eq!(
            statistics_text(&Tr::new(Lang::En), &stats),
            "Statistics of won games: white 1 (25.00 %), black 2 (50.00 %), draws 0 (0.00 %), \
             both lost at the deadline 1 (25.00 %)"
        );
        assert_eq!(percent(0, 0), "0.00");
    }
}
