//! A player's page: their reliability card, ratings with their history charts, counters,
//! the record against the viewer, games in progress, and finished games a page at a time
//! (filterable).

use askama::Template;
use axum::{extract::State, response::Response};
use rules::Variant;
use serde::Deserialize;

use crate::{
    Ctx, chart,
    format::{VariantLink, card_parts, computer_badge, variant_key, variant_links},
    my_games::{GameLine, game_lines},
    render,
};
use domain::{
    Services, chat, computer, game, pages as lookups,
    profiles::{self, Record, ResultFilter, VariantStats},
    reliability,
};
use edge::extract::{Path, Query};
use vocab::error::AppError;

/// Finished games per page.
const PAGE: i64 = 30;

/// A rating as the profile shows it.
#[derive(Debug, Clone)]
pub struct RatingView {
    /// The variant's name.
    pub variant: String,
    /// "1620" or "1620?".
    pub rating: String,
    /// Its deviation and games, as a sentence.
    pub detail: String,
    /// The history chart (inline SVG).
    pub chart: String,
}

/// A variant's counters as the profile shows them.
#[derive(Debug, Clone)]
pub struct StatsView {
    /// The variant's name.
    pub variant: String,
    /// The counters.
    pub stats: VariantStats,
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    ctx: Ctx,
    name: String,
    /// "computer, level 3" for a computer account; else empty.
    badge: String,
    /// For a computer account: its level, for the link to "Play the computer".
    computer_level: Option<u8>,
    /// Whether a bot plays the account (shown as BOT).
    bot: bool,
    ratings: Vec<RatingView>,
    stats: Vec<StatsView>,
    /// The record against the viewer, as a sentence (empty: none shown).
    against_viewer: String,
    active: Vec<GameLine>,
    finished: Vec<GameLine>,
    variants: Vec<VariantLink>,
    results: Vec<(&'static str, String, bool)>,
    next_href: String,
    /// The viewer is signed in and another player: a block (or unblock) button.
    may_block: bool,
    /// The viewer blocks this player.
    you_block: bool,
    /// Their reliability card, phrase by phrase (empty for the computer).
    card: Vec<String>,
}

/// The player page's query: the finished-games filter and page.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct PlayerQuery {
    variant: Option<String>,
    result: Option<String>,
    after: Option<String>,
}

/// `GET /players/{name}`.
pub(crate) async fn player(
    State(state): State<Services>,
    ctx: Ctx,
    Path(name): Path<String>,
    Query(query): Query<PlayerQuery>,
) -> Result<Response, AppError> {
    let user = lookups::user_by_name(&state, &name)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    let variant = edge::field::variant_filter(query.variant.as_deref())?;
    let result = domain::profiles::read_result_filter(query.result.as_deref())?;
    let profile = profiles::profile(&state, &user, ctx.user.as_ref()).await?;
    let page =
        profiles::finished_games(&state, &user, variant, result, query.after.as_deref(), PAGE)
            .await?;
    let active = game::active_for_user(&state, &user).await?;
    let (may_block, you_block) = match &ctx.user {
        Some(viewer) if viewer.id != user.id => {
            (true, chat::blocks_player(&state, viewer, &user.id).await?)
        }
        _ => (false, false),
    };
    let card = if computer::level_of(&user.id, user.kind).is_some() {
        Vec::new()
    } else {
        card_parts(&ctx.t, &*reliability::card(&state, &user.id).await?)
    };
    let (t, now) = (ctx.t, state.now());
    let me = user.username.as_str();
    let ratings = profile
        .ratings
        .iter()
        .map(|rating| {
            let variant = t.get(&variant_key(rating.variant)).to_owned();
            let variant = if rating.engines_allowed {
                t.fmt("board.engines_pool", &[("variant", &variant)])
            } else {
                variant
            };
            let title = t.fmt("player.chart_title", &[("variant", &variant)]);
            RatingView {
                chart: chart::rating_history(&title, &rating.history, &|at| ctx.zone.date(at)),
                rating: rating.rating.display(),
                detail: t.count(
                    "player.rating_detail",
                    rating.rated_games,
                    &[(
                        "deviation",
                        &rating.rating.deviation_whole_points().to_string(),
                    )],
                ),
                variant,
            }
        })
        .collect();
    let stats = profile
        .stats
        .iter()
        .filter_map(|stats| {
            let variant: Variant = stats.variant.parse().ok()?;
            Some(StatsView {
                variant: t.get(&variant_key(variant)).to_owned(),
                stats: stats.clone(),
            })
        })
        .collect();
    let chosen_variant = variant.map_or("", Variant::as_str);
    let chosen_result = result.map_or("", ResultFilter::as_str);
    let next_href = page
        .next
        .map(|cursor| {
            format!(
                "/players/{}?variant={chosen_variant}&result={chosen_result}&after={cursor}#finished",
                user.username
            )
        })
        .unwrap_or_default();
    let page = PlayerPage {
        ratings,
        stats,
        against_viewer: profile
            .against_viewer
            .map(|record: Record| {
                t.fmt(
                    "player.against_you",
                    &[
                        ("wins", &record.wins.to_string()),
                        ("losses", &record.losses.to_string()),
                        ("draws", &record.draws.to_string()),
                    ],
                )
            })
            .unwrap_or_default(),
        active: game_lines(&t, &ctx.zone, now, me, active.iter()),
        finished: game_lines(&t, &ctx.zone, now, me, page.games.iter()),
        variants: variant_links(&t, chosen_variant),
        results: ResultFilter::ALL
            .into_iter()
            .map(|filter| {
                (
                    filter.as_str(),
                    t.get(&format!("player.result.{}", filter.as_str()))
                        .to_owned(),
                    filter.as_str() == chosen_result,
                )
            })
            .collect(),
        next_href,
        badge: computer_badge(&t, computer::level_of(&user.id, user.kind)),
        computer_level: computer::level_of(&user.id, user.kind).map(|level| level.number()),
        may_block,
        you_block,
        card,
        name: user.username.clone(),
        bot: user.kind.is_bot(),
        ctx,
    };
    render(&page)
}
