//! Ratings and profiles: leaderboards per variant, a player's profile and finished games,
//! a variant's recently finished games.

use axum::{Router, extract::State, routing::get};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{games::GameSummaryDto, reliability::ReliabilityCardDto};
use crate::answers::{NoSuchPlayer, UnknownToken};
use domain::profiles::read_result_filter;
use domain::{
    Services, pages as lookups,
    profiles::{self, GamesPage},
    ratings::{self, Leaderboard, RatingPool},
};
use edge::extract::{MaybeUser, Path, Query};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The rating and profile routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/leaderboards/{variant}", get(leaderboard))
        .route("/api/v1/players/{name}", get(profile))
        .route("/api/v1/players/{name}/games", get(player_games))
        .route("/api/v1/variants/{variant}/games", get(variant_games))
}

/// A page of a leaderboard: where to start and how many.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardPageQuery {
    /// The `next` cursor of the previous page (absent or empty: the first page).
    #[param(pattern = r"^$|^-?[0-9]{1,18}_[0-9A-Za-z]{1,64}_-?[0-9]{1,18}$")]
    pub after: Option<String>,
    /// Lines per page, 1 to 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A page of a list of games: where to start and how many.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GamesPageQuery {
    /// The `next` cursor of the previous page (absent or empty: the first page).
    #[param(pattern = r"^$|^-?[0-9]{1,18}_[0-9A-Za-z]{1,64}$")]
    pub after: Option<String>,
    /// Games per page, 1 to 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A line of a leaderboard.
#[derive(Debug, Serialize, ToSchema)]
pub struct BoardLineDto {
    /// 1 for the best.
    pub rank: i64,
    /// The player's name.
    pub username: String,
    /// The rating, whole points.
    pub rating: i64,
    /// The rating deviation, whole points.
    pub deviation: i64,
    /// Rated games played in the variant.
    pub rated_games: i64,
}

/// A page of a leaderboard.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderboardDto {
    /// The variant id.
    pub variant: String,
    /// The pool of games allowing engines (`/leaderboards/{variant}+engines`).
    pub engines_allowed: bool,
    /// Best first.
    pub players: Vec<BoardLineDto>,
    /// The cursor of the next page (pass it as `after`), null on the last page.
    pub next: Option<String>,
}

impl From<Leaderboard> for LeaderboardDto {
    fn from(board: Leaderboard) -> LeaderboardDto {
        LeaderboardDto {
            variant: board.pool.variant.as_str().to_owned(),
            engines_allowed: board.pool.engines_allowed,
            players: board
                .lines
                .into_iter()
                .map(|line| BoardLineDto {
                    rank: line.rank,
                    username: line.username,
                    rating: line.rating.whole_points(),
                    deviation: line.rating.deviation_whole_points(),
                    rated_games: line.rated_games,
                })
                .collect(),
            next: board.next,
        }
    }
}

/// The refusals of a page of a variant's list, for its `responses(…)`: an unknown variant
/// (404, described by its doc) and a cursor or limit the list does not take (422).
#[derive(utoipa::IntoResponses)]
pub enum VariantPageRefusals {
    /// no such variant
    #[response(status = 404)]
    NoSuchVariant(ErrorBody),
    /// A cursor or limit this list does not take.
    #[response(
        status = 422,
        description = "a cursor this list did not give (`invalid_cursor`) \
        or a limit outside 1–100 (`invalid_limit`)"
    )]
    InvalidPage(ErrorBody),
}

/// The variant of the id `text` in a path (an unknown one: 404).
fn variant_named(text: &str) -> Result<rules::Variant, AppError> {
    text.parse().map_err(|_| AppError::NotFound("variant"))
}

/// The player named `name` in a path (an unknown one: 404).
async fn player_named(state: &Services, name: &str) -> Result<domain::accounts::User, AppError> {
    lookups::user_by_name(state, name)
        .await?
        .ok_or(AppError::NotFound("player"))
}

/// A variant's leaderboard: players with an established (not provisional) rating whose
/// last rated game of the variant ended within `LEADERBOARD_ACTIVE_DAYS`, best first.
/// `{variant}+engines` (`chess+engines`) is the leaderboard of its games allowing engines.
#[utoipa::path(get, path = "/api/v1/leaderboards/{variant}", tag = "ratings",
    params(("variant" = String, Path,
        description = "a variant id, or a variant id and `+engines` for its engines pool"),
        BoardPageQuery),
    responses(
        (status = 200, description = "a page of the leaderboard", body = LeaderboardDto),
        VariantPageRefusals,
    ))]
async fn leaderboard(
    State(state): State<Services>,
    Path(variant): Path<String>,
    Query(query): Query<BoardPageQuery>,
) -> Result<axum::Json<LeaderboardDto>, AppError> {
    let pool = RatingPool::of_key(&variant).ok_or(AppError::NotFound("variant"))?;
    let board = ratings::leaderboard(
        &state.db,
        pool,
        query.after.as_deref(),
        query.limit.unwrap_or(50),
        state.config.leaderboard_active_days,
        state.now(),
        false,
    )
    .await?;
    Ok(axum::Json(board.into()))
}

/// A point of a rating history.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryPointDto {
    /// When the game ended (RFC 3339).
    pub at: String,
    /// The rating after it, whole points.
    pub rating: i64,
    /// The deviation after it, whole points.
    pub deviation: i64,
}

/// A player's rating in one variant's pool.
#[derive(Debug, Serialize, ToSchema)]
pub struct VariantRatingDto {
    /// The variant id.
    pub variant: String,
    /// The rating of games allowing engines, kept apart from the variant's other rating.
    pub engines_allowed: bool,
    /// The rating now, whole points.
    pub rating: i64,
    /// The deviation now (grown for idle rating periods), whole points.
    pub deviation: i64,
    /// Whether the rating is provisional (deviation above 110): shown as "1620?", kept off
    /// leaderboards.
    pub provisional: bool,
    /// Rated games played.
    pub rated_games: i64,
    /// The rating after each of the latest 200 rated games, oldest first.
    pub history: Vec<HistoryPointDto>,
}

/// Wins, losses and draws.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordDto {
    /// Won.
    pub wins: i64,
    /// Lost.
    pub losses: i64,
    /// Drawn.
    pub draws: i64,
}

/// A player's counters in one variant: every finished game, rated or casual.
#[derive(Debug, Serialize, ToSchema)]
pub struct VariantStatsDto {
    /// The variant id.
    pub variant: String,
    /// Finished games.
    pub games: i64,
    /// As White.
    pub as_white: RecordDto,
    /// As Black.
    pub as_black: RecordDto,
    /// Wins in a row up to now.
    pub current_streak: i64,
    /// The longest run of wins.
    pub longest_streak: i64,
}

/// A player's profile.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileDto {
    /// The name.
    pub username: String,
    /// Who plays the account: `human`, `computer` (the server's engine, played with
    /// `POST /api/v1/computer-games`, never challenged) or `bot`.
    #[schema(schema_with = super::games::account_kind_schema)]
    pub kind: String,
    /// The computer's level (1 to 8) for a computer account; null otherwise.
    #[schema(minimum = 1, maximum = 8)]
    pub computer_level: Option<u8>,
    /// Ratings per variant (those the player has).
    pub ratings: Vec<VariantRatingDto>,
    /// Counters per variant (those the player has finished a game in).
    pub stats: Vec<VariantStatsDto>,
    /// The player's record against the caller; null when anonymous or on one's own.
    pub against_you: Option<RecordDto>,
    /// Their reliability card (null for the computer).
    pub reliability: Option<ReliabilityCardDto>,
}

/// A page of finished games.
#[derive(Debug, Serialize, ToSchema)]
pub struct GamesPageDto {
    /// Newest first.
    pub games: Vec<GameSummaryDto>,
    /// The cursor of the next page (pass it as `after`), null on the last page.
    pub next: Option<String>,
}

impl GamesPageDto {
    /// `page` as the API lists it at `now`.
    #[must_use]
    pub fn new(page: GamesPage, now: i64) -> GamesPageDto {
        GamesPageDto {
            games: page
                .games
                .into_iter()
                .map(|game| GameSummaryDto::new(game, now))
                .collect(),
            next: page.next,
        }
    }
}

/// A player's profile: ratings with their history, counters, the record against the
/// caller, and their reliability card. Counters are kept when games end, so this reads a few rows however many
/// games the player has.
#[utoipa::path(get, path = "/api/v1/players/{name}", tag = "ratings",
    params(("name" = String, Path, description = "a username")),
    security((), ("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the profile", body = ProfileDto),
        UnknownToken, NoSuchPlayer,
    ))]
async fn profile(
    State(state): State<Services>,
    MaybeUser(viewer): MaybeUser,
    Path(name): Path<String>,
) -> Result<axum::Json<ProfileDto>, AppError> {
    let user = player_named(&state, &name).await?;
    let profile = profiles::profile(&state, &user, viewer.as_ref()).await?;
    let reliability = match domain::computer::level_of(&user.id, user.kind) {
        Some(_) => None,
        None => Some((&*domain::reliability::card(&state, &user.id).await?).into()),
    };
    let record = |wins, losses, draws| RecordDto {
        wins,
        losses,
        draws,
    };
    Ok(axum::Json(ProfileDto {
        kind: profile.user.kind.as_str().to_owned(),
        computer_level: domain::computer::level_of(&profile.user.id, profile.user.kind)
            .map(|level| level.number()),
        username: profile.user.username,
        ratings: profile
            .ratings
            .into_iter()
            .map(|rating| VariantRatingDto {
                variant: rating.variant.as_str().to_owned(),
                engines_allowed: rating.engines_allowed,
                rating: rating.rating.whole_points(),
                deviation: rating.rating.deviation_whole_points(),
                provisional: rating.rating.is_provisional(),
                rated_games: rating.rated_games,
                history: rating
                    .history
                    .into_iter()
                    .map(|(at, point)| HistoryPointDto {
                        at: rfc3339(at),
                        rating: point.whole_points(),
                        deviation: point.deviation_whole_points(),
                    })
                    .collect(),
            })
            .collect(),
        stats: profile
            .stats
            .into_iter()
            .map(|stats| VariantStatsDto {
                variant: stats.variant,
                games: stats.games,
                as_white: record(stats.white_wins, stats.white_losses, stats.white_draws),
                as_black: record(stats.black_wins, stats.black_losses, stats.black_draws),
                current_streak: stats.current_streak,
                longest_streak: stats.longest_streak,
            })
            .collect(),
        against_you: profile
            .against_viewer
            .map(|r| record(r.wins, r.losses, r.draws)),
        reliability,
    }))
}

/// Which of a player's finished games to list.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlayerGamesQuery {
    /// Only this variant (a variant id).
    pub variant: Option<String>,
    /// Only games the player `won`, `lost` or `drawn`.
    pub result: Option<String>,
    /// The `next` cursor of the previous page (absent or empty: the first page).
    #[param(pattern = r"^$|^-?[0-9]{1,18}_[0-9A-Za-z]{1,64}$")]
    pub after: Option<String>,
    /// Games per page, 1 to 100 (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
}

/// A player's finished games, newest first, a page at a time.
#[utoipa::path(get, path = "/api/v1/players/{name}/games", tag = "ratings",
    params(("name" = String, Path, description = "a username"), PlayerGamesQuery),
    responses(
        (status = 200, description = "a page of games", body = GamesPageDto),
        NoSuchPlayer,
        (status = 422, description = "an unknown variant (`unknown_variant`), result \
            (`invalid_result_filter`), cursor (`invalid_cursor`) or a limit outside 1–100 \
            (`invalid_limit`)", body = ErrorBody),
    ))]
async fn player_games(
    State(state): State<Services>,
    Path(name): Path<String>,
    Query(query): Query<PlayerGamesQuery>,
) -> Result<axum::Json<GamesPageDto>, AppError> {
    let user = player_named(&state, &name).await?;
    let variant = edge::field::variant_filter(query.variant.as_deref())?;
    let result = read_result_filter(query.result.as_deref())?;
    let page = profiles::finished_games(
        &state,
        &user,
        variant,
        result,
        query.after.as_deref(),
        query.limit.unwrap_or(50),
    )
    .await?;
    Ok(axum::Json(GamesPageDto::new(page, state.now())))
}

/// A variant's finished games, newest first, a page at a time.
#[utoipa::path(get, path = "/api/v1/variants/{variant}/games", tag = "ratings",
    params(("variant" = String, Path, description = "a variant id"), GamesPageQuery),
    responses(
        (status = 200, description = "a page of games", body = GamesPageDto),
        VariantPageRefusals,
    ))]
async fn variant_games(
    State(state): State<Services>,
    Path(variant): Path<String>,
    Query(query): Query<GamesPageQuery>,
) -> Result<axum::Json<GamesPageDto>, AppError> {
    let variant = variant_named(&variant)?;
    let limit = query.limit.unwrap_or(50);
    if !(1..=profiles::MAX_GAMES_PAGE).contains(&limit) {
        return Err(AppError::invalid(
            "invalid_limit",
            format!("limit is from 1 to {}", profiles::MAX_GAMES_PAGE),
        ));
    }
    let page = profiles::recent_games(&state, variant, query.after.as_deref(), limit).await?;
    Ok(axum::Json(GamesPageDto::new(page, state.now())))
}
