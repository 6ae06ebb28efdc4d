//! The leaderboard pages: a variant's established ratings, best first, a page at a time.

use askama::Template;
use axum::{extract::State, response::Response};
use rules::Variant;
use serde::Deserialize;

use crate::{
    Ctx,
    format::{VariantLink, variant_key, variant_links},
    render, see_other,
};
use domain::{
    Services,
    ratings::{self, BoardLine, RatingPool},
};
use edge::extract::{Path, Query};
use vocab::error::AppError;

/// Lines per leaderboard page.
const PAGE: i64 = 50;

#[derive(Template)]
#[template(path = "leaderboard.html")]
struct LeaderboardPage {
    ctx: Ctx,
    name: String,
    variants: Vec<VariantLink>,
    lines: Vec<BoardLine>,
    next_href: String,
    first_href: String,
    /// Provisional ratings are listed too (marked with a question mark).
    with_provisional: bool,
    /// The switch between established ratings only and all of them.
    switch_href: String,
    /// The other pool of the variant: games allowing engines, or games without.
    pool_switch_href: String,
    /// This is the engines pool.
    engines_allowed: bool,
}

/// The leaderboard's query: where the page starts.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct BoardQuery {
    after: Option<String>,
    /// `1`: list provisional ratings too.
    all: Option<String>,
}

/// `GET /leaderboards`: to chess's.
pub(crate) async fn index() -> Response {
    see_other(&format!("/leaderboards/{}", Variant::DEFAULT.as_str()))
}

/// `GET /leaderboards/{variant}`: a pool's key (`chess`, `chess+engines`).
pub(crate) async fn leaderboard(
    State(state): State<Services>,
    ctx: Ctx,
    Path(variant): Path<String>,
    Query(query): Query<BoardQuery>,
) -> Result<Response, AppError> {
    let pool = RatingPool::of_key(&variant).ok_or(AppError::NotFound("variant"))?;
    let variant = pool.variant;
    let with_provisional = query.all.as_deref() == Some("1");
    let board = ratings::leaderboard(
        &state.db,
        pool,
        query.after.as_deref(),
        PAGE,
        state.config.leaderboard_active_days,
        state.now(),
        with_provisional,
    )
    .await?;
    let plain = format!("/leaderboards/{pool}");
    let other_pool = RatingPool {
        engines_allowed: !pool.engines_allowed,
        ..pool
    };
    let (base, switch_href) = if with_provisional {
        (format!("{plain}?all=1"), plain.clone())
    } else {
        (plain.clone(), format!("{plain}?all=1"))
    };
    let joiner = if with_provisional { '&' } else { '?' };
    let t = ctx.t;
    let name = t.get(&variant_key(variant)).to_owned();
    let page = LeaderboardPage {
        name: if pool.engines_allowed {
            t.fmt("board.engines_pool", &[("variant", &name)])
        } else {
            name
        },
        pool_switch_href: format!("/leaderboards/{other_pool}"),
        engines_allowed: pool.engines_allowed,
        variants: variant_links(&t, variant.as_str()),
        lines: board.lines,
        next_href: board
            .next
            .map(|cursor| format!("{base}{joiner}after={cursor}"))
            .unwrap_or_default(),
        first_href: if query.after.as_deref().is_some_and(|a| !a.is_empty()) {
            base
        } else {
            String::new()
        },
        with_provisional,
        switch_href,
        ctx,
    };
    render(&page)
}
