//! The JSON API under `/api/v1`: thin handlers over the domain functions, and the
//! OpenAPI document generated from them.

pub mod accounts;
pub mod challenges;
pub mod events;
pub mod games;

use axum::{Router, routing::get};
use utoipa::OpenApi;

use crate::{
    AppState,
    error::ErrorBody,
    events::{GameEvent, TurnNotice},
};

/// The OpenAPI 3 document of the whole API.
#[derive(OpenApi)]
#[openapi(
    info(title = "Boardgames API", description = "Correspondence board games: accounts, \
        challenges and games. Mutating calls take `Authorization: Bearer <token>` or the \
        session cookie. Errors are `{\"error\", \"message\"}`."),
    paths(
        accounts::register, accounts::create_token, accounts::login, accounts::logout,
        accounts::me, accounts::list_tokens, accounts::revoke_token,
        challenges::create, challenges::list, challenges::show, challenges::accept,
        challenges::cancel,
        games::variants, games::my_games, games::show, games::play, games::resign,
        games::abort, games::draw_offer, games::draw_accept, games::draw_decline,
        games::draw_claim,
        events::game_events, events::my_events,
    ),
    components(schemas(ErrorBody, GameEvent, TurnNotice)),
    tags(
        (name = "accounts", description = "accounts, tokens, sessions"),
        (name = "challenges", description = "challenges and accepting them"),
        (name = "games", description = "games, moves, draws, statistics"),
        (name = "events", description = "live server-sent events: games and turn notices"),
    )
)]
pub struct ApiDoc;

/// Every API route, plus the OpenAPI document at `/api/v1/openapi.json`.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .merge(accounts::routes())
        .merge(challenges::routes())
        .merge(games::routes())
        .merge(events::routes())
        .route("/api/v1/openapi.json", get(openapi))
}

async fn openapi() -> axum::Json<utoipa::openapi::OpenApi> {
    axum::Json(ApiDoc::openapi())
}
