//! The caller's account (`GET /api/account`) and the upgrade to a bot account.

use std::collections::BTreeMap;

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    Caller, CrossSite, LichessError, NoToken,
    payloads::{OkJson, title, user_id, variant_key},
};
use domain::{Services, bots, profiles};
use vocab::error::ErrorBody;

/// A rating in one variant.
#[derive(Debug, Serialize, ToSchema)]
pub struct PerfJson {
    /// Rated games played.
    pub games: i64,
    /// The rating, in whole points.
    pub rating: i64,
    /// Its deviation, in whole points.
    pub rd: i64,
    /// The rating's progress over the latest games (not kept here: 0).
    pub prog: i64,
    /// Whether it is provisional.
    pub prov: bool,
}

/// Games counted over every variant.
#[derive(Debug, Serialize, ToSchema)]
pub struct CountJson {
    /// Finished games.
    pub all: i64,
    /// Won.
    pub win: i64,
    /// Lost.
    pub loss: i64,
    /// Drawn.
    pub draw: i64,
}

/// The caller's account, as Lichess's `GET /api/account` shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountJson {
    /// The id: the name in lower case (what the other payloads call players by).
    pub id: String,
    /// The name as registered.
    pub username: String,
    /// `BOT` for a bot account; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The player's page.
    pub url: String,
    /// When the account was made (milliseconds since 1970).
    pub created_at: i64,
    /// Ratings by variant key (`standard` for chess), for the variants rated so far.
    pub perfs: BTreeMap<String, PerfJson>,
    /// Finished games.
    pub count: CountJson,
    /// Always false.
    pub disabled: bool,
}

/// The caller's account: id, name, `title` (`BOT` for a bot), ratings.
#[utoipa::path(get, path = "/api/account", tag = "lichess", operation_id = "lichess_account",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "the caller's account", body = AccountJson),
        NoToken, CrossSite,
    ))]
pub(crate) async fn account(
    State(state): State<Services>,
    Caller(user): Caller,
) -> Result<axum::Json<AccountJson>, LichessError> {
    let profile = profiles::profile(&state, &user, None).await?;
    let created_at = bots::created_at(&state, &user).await?;
    let perfs = profile
        .ratings
        .iter()
        .map(|rated| {
            let rating = rated.rating;
            (
                variant_key(rated.variant).to_owned(),
                PerfJson {
                    games: rated.rated_games,
                    rating: rating.whole_points(),
                    rd: rating.deviation_whole_points(),
                    prog: 0,
                    prov: rating.is_provisional(),
                },
            )
        })
        .collect();
    let count = profile.stats.iter().fold(
        CountJson {
            all: 0,
            win: 0,
            loss: 0,
            draw: 0,
        },
        |count, row| CountJson {
            all: count.all + row.games,
            win: count.win + row.white_wins + row.black_wins,
            loss: count.loss + row.white_losses + row.black_losses,
            draw: count.draw + row.white_draws + row.black_draws,
        },
    );
    Ok(axum::Json(AccountJson {
        id: user_id(&user.username),
        title: title(user.kind),
        url: format!("{}/players/{}", state.config.public_url.base, user.username),
        username: user.username,
        created_at: created_at.saturating_mul(1000),
        perfs,
        count,
        disabled: false,
    }))
}

/// Turns the caller's account into a bot account, for good. Only an account that has
/// never played a game may (Lichess's rule); from then on it plays through the API only
/// (the site's move forms refuse it), and it shows as BOT wherever its name appears.
#[utoipa::path(post, path = "/api/bot/account/upgrade", tag = "bot",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "the account is a bot account now", body = OkJson),
        (status = 400, description = "`already_bot`, `has_games` (the account has a game), \
            `not_upgradable` (a computer player's account), or a cross-site request with \
            the session cookie", body = ErrorBody),
        NoToken,
    ))]
pub(crate) async fn upgrade(
    State(state): State<Services>,
    Caller(user): Caller,
) -> Result<axum::Json<OkJson>, LichessError> {
    bots::upgrade(&state, &user).await?;
    Ok(axum::Json(OkJson::DONE))
}
