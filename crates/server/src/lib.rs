//! The correspondence board-game server: storage (SQLite or Postgres), accounts,
//! challenges, the whole life of a game, and the JSON API.
//!
//! Data flows one way: handler (parses, authorises) → [`domain`] function (one
//! transaction) → `rules` → [`db`] → an event → response.

pub mod api;
pub mod backup;
pub mod cli;
pub mod client_addr;
pub mod clock;
pub mod config;
pub mod copy_data;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod extract;
pub mod jobs;
pub mod mail;
pub mod metrics;
pub mod ops;
pub mod startup;
pub mod state;
pub mod sweeper;
pub mod telemetry;
pub mod web;

use axum::{
    Router,
    extract::{MatchedPath, Request},
    response::IntoResponse,
    routing::get,
};
use tower_http::{catch_panic::CatchPanicLayer, trace::TraceLayer};

pub use crate::{
    error::AppError,
    startup::{
        build_state, serve, spawn_engine, spawn_outbox, spawn_position_refresh, spawn_sweeper,
        spawn_tournaments,
    },
    state::AppState,
};

/// The whole application: API routes, health checks, body limit, a deadline on every
/// request, the kept viewers' pages dropped after every change, request tracing, JSON
/// errors for unknown routes and methods, and a 500 (never a dropped connection) if a
/// handler panics.
pub fn router(state: AppState) -> Router {
    let body_limit = state.config.body_limit_bytes;
    // Installed before the first request, so no count is lost.
    crate::metrics::handle();
    Router::new()
        .route("/livez", get(ops::livez))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(ops::render))
        .merge(api::routes())
        .merge(web::routes())
        .fallback(async || AppError::NotFound("route"))
        .method_not_allowed_fallback(async || AppError::MethodNotAllowed)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            ops::deadline,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            web::html_errors,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(body_limit))
        .layer(CatchPanicLayer::custom(|_panic| {
            AppError::internal("a handler panicked").into_response()
        }))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            ops::forget_viewers_after_changes,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            ops::track,
        ))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request| {
                let route = request
                    .extensions()
                    .get::<MatchedPath>()
                    .map_or(request.uri().path(), MatchedPath::as_str);
                tracing::info_span!("request", method = %request.method(), route)
            }),
        )
        .with_state(state)
}
