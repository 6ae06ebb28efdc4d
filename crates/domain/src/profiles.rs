//! Player profiles: ratings per variant with their history, the counters kept when each
//! game ends (never recounted here), the record against the viewer, and the player's
//! finished games a page at a time. Every read is a primary-key look-up or one index
//! range, so a profile with 100,000 games reads as much as one with 10.

use rules::{GameResult, Variant};

pub use crate::game::summary::GamesPage;

use crate::{
    Services,
    accounts::user::User,
    game::summary::{page_of, parse_games_cursor},
    ratings::{
        RatingPool,
        glicko::{ShownRating, StoredRating},
    },
};
use store::{
    games::{self, FinishedFilter},
    ratings::{self as rating_rows, PlayerStatsRow},
};
use vocab::error::AppError;

/// How many of the latest rated games a rating history shows.
pub const HISTORY_GAMES: i64 = 200;

/// The most games a page of a player's list holds.
pub const MAX_GAMES_PAGE: i64 = 100;

/// One variant's rating of a player, in one of its pools.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantRating {
    /// The variant.
    pub variant: Variant,
    /// The rating is that of games allowing engines (its own pool).
    pub engines_allowed: bool,
    /// The rating now: the stored one, its deviation grown for idle rating periods.
    pub rating: ShownRating,
    /// Rated games played.
    pub rated_games: i64,
    /// The rating after each of the latest [`HISTORY_GAMES`] rated games, oldest first:
    /// (when, rating).
    pub history: Vec<(i64, ShownRating)>,
}

/// A player's counters in one variant (see `player_stats`).
pub type VariantStats = PlayerStatsRow;

/// A player's wins, losses and draws against someone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Record {
    /// Won.
    pub wins: i64,
    /// Lost.
    pub losses: i64,
    /// Drawn.
    pub draws: i64,
}

/// A player's profile.
#[derive(Debug, Clone)]
pub struct Profile {
    /// The player.
    pub user: User,
    /// Their ratings, in [`RatingPool::all`] order (those they have).
    pub ratings: Vec<VariantRating>,
    /// Their counters, in [`Variant::ALL`] order (variants they have finished a game in).
    pub stats: Vec<VariantStats>,
    /// Their record against the viewer (`None` without a viewer, or on one's own page).
    pub against_viewer: Option<Record>,
}

/// `user`'s profile as `viewer` sees it, at `now`.
///
/// # Errors
///
/// Database errors.
pub async fn profile(
    state: &Services,
    user: &User,
    viewer: Option<&User>,
) -> Result<Profile, AppError> {
    let now = state.now();
    let mut conn = state.db.pool.acquire().await?;
    let rows = rating_rows::for_user(&mut conn, &user.id).await?;
    let mut ratings = Vec::new();
    for pool in RatingPool::all() {
        let key = pool.key();
        let Some(row) = rows.iter().find(|row| row.variant == key) else {
            continue;
        };
        let history = rating_rows::history(&mut conn, &user.id, &key, HISTORY_GAMES).await?;
        ratings.push(VariantRating {
            variant: pool.variant,
            engines_allowed: pool.engines_allowed,
            rating: StoredRating::of_row(row)
                .aged(row.last_rated_at, now)
                .shown(),
            rated_games: row.rated_games,
            history: history
                .into_iter()
                .map(|(at, rating, deviation)| (at, ShownRating { rating, deviation }))
                .collect(),
        });
    }
    let stored = rating_rows::stats_for(&mut conn, &user.id).await?;
    let stats = Variant::ALL
        .into_iter()
        .filter_map(|variant| {
            stored
                .iter()
                .find(|row| row.variant == variant.as_str())
                .cloned()
        })
        .collect();
    let against_viewer = match viewer.filter(|viewer| viewer.id != user.id) {
        Some(viewer) => {
            let (wins, losses, draws) =
                rating_rows::head_to_head(&mut conn, &user.id, &viewer.id).await?;
            Some(Record {
                wins,
                losses,
                draws,
            })
        }
        None => None,
    };
    Ok(Profile {
        user: user.clone(),
        ratings,
        stats,
        against_viewer,
    })
}

/// Which of a player's games a list shows, by their result for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultFilter {
    /// Games they won.
    Won,
    /// Games they lost.
    Lost,
    /// Drawn games.
    Drawn,
}

impl ResultFilter {
    /// `won`, `lost` or `drawn`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ResultFilter::Won => "won",
            ResultFilter::Lost => "lost",
            ResultFilter::Drawn => "drawn",
        }
    }

    /// Every filter.
    pub const ALL: [ResultFilter; 3] = [ResultFilter::Won, ResultFilter::Lost, ResultFilter::Drawn];

    /// The result wanted when the player had White, and when they had Black (a lost
    /// game may also be one both sides lost: see `FinishedFilter::with_both_lost`).
    const fn results(self) -> (GameResult, GameResult) {
        match self {
            ResultFilter::Won => (GameResult::WhiteWins, GameResult::BlackWins),
            ResultFilter::Lost => (GameResult::BlackWins, GameResult::WhiteWins),
            ResultFilter::Drawn => (GameResult::Draw, GameResult::Draw),
        }
    }
}

rules::text_form!(ResultFilter, "result filter");

/// A page of `user`'s finished games, newest first: only `variant` and only `result`
/// when given, `limit` games after the cursor `after` (keyset pagination).
///
/// # Errors
///
/// 422 `invalid_cursor` or `invalid_limit`; database errors.
pub async fn finished_games(
    state: &Services,
    user: &User,
    variant: Option<Variant>,
    result: Option<ResultFilter>,
    after: Option<&str>,
    limit: i64,
) -> Result<GamesPage, AppError> {
    if !(1..=MAX_GAMES_PAGE).contains(&limit) {
        return Err(AppError::invalid(
            "invalid_limit",
            format!("limit is from 1 to {MAX_GAMES_PAGE}"),
        ));
    }
    let after = after
        .filter(|text| !text.is_empty())
        .map(parse_games_cursor)
        .transpose()?;
    let results = result.map(ResultFilter::results);
    let filter = FinishedFilter {
        variant: variant.map(Variant::as_str),
        result_as_white: results.map(|(white, _)| white.as_str()),
        result_as_black: results.map(|(_, black)| black.as_str()),
        with_both_lost: result == Some(ResultFilter::Lost),
    };
    let mut conn = state.db.pool.acquire().await?;
    let rows = games::finished_for_user(
        &mut conn,
        &user.id,
        filter,
        after.as_ref().map(|(at, id)| (*at, id.as_str())),
        limit + 1,
    )
    .await?;
    page_of(rows, limit, &user.id)
}

/// A page of `variant`'s finished games, newest first (the rules page's list).
///
/// # Errors
///
/// 422 `invalid_cursor`; database errors.
pub async fn recent_games(
    state: &Services,
    variant: Variant,
    after: Option<&str>,
    limit: i64,
) -> Result<GamesPage, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    recent_games_on(&mut conn, variant, after, limit).await
}

/// As [`recent_games`], on `conn`.
///
/// # Errors
///
/// 422 `invalid_cursor`; database errors.
pub async fn recent_games_on(
    conn: &mut sqlx::AnyConnection,
    variant: Variant,
    after: Option<&str>,
    limit: i64,
) -> Result<GamesPage, AppError> {
    let after = after
        .filter(|text| !text.is_empty())
        .map(parse_games_cursor)
        .transpose()?;
    let rows = games::finished_in_variant(
        conn,
        variant.as_str(),
        after.as_ref().map(|(at, id)| (*at, id.as_str())),
        limit + 1,
    )
    .await?;
    page_of(rows, limit, "")
}

/// Reads the finished-games result filter of a query (empty means "all"); the variant
/// filter is read at the edge.
///
/// # Errors
///
/// 422 `invalid_result_filter`.
pub fn read_result_filter(result: Option<&str>) -> Result<Option<ResultFilter>, AppError> {
    result
        .filter(|text| !text.is_empty())
        .map(|text| {
            text.parse::<ResultFilter>().map_err(|_| {
                AppError::invalid(
                    "invalid_result_filter",
                    "result is `won`, `lost` or `drawn`",
                )
            })
        })
        .transpose()
}
