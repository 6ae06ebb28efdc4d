//! The correspondence board-game server as one program: it reads the configuration,
//! composes the two faces ([`html`] and [`api`]) over the [`domain`] into one router, and
//! spawns the background jobs. The crates below it are described in the workspace's
//! README; data flows one way: face (parses, authorises) → [`domain`] function (one
//! transaction) → `rules` → `store` → an event → response.

pub mod cli;
pub mod ops;
pub mod startup;
pub mod telemetry;

use axum::{
    Router,
    extract::{MatchedPath, Request},
    response::IntoResponse,
    routing::get,
};
use tower_http::{catch_panic::CatchPanicLayer, trace::TraceLayer};

pub use crate::startup::{
    build_state, serve, spawn_adjudication, spawn_engine, spawn_outbox, spawn_position_refresh,
    spawn_reviews, spawn_snapshot_sweep, spawn_sweeper, spawn_tournaments,
};
use domain::Services;
use vocab::error::AppError;

/// The whole application: API routes, health checks, body limit, a deadline on every
/// request, the kept viewers' pages dropped after every change, request tracing, JSON
/// errors for unknown routes and methods, and a 500 (never a dropped connection) if a
/// handler panics.
pub fn router(state: Services) -> Router {
    let body_limit = state.config.body_limit_bytes;
    // Installed before the first request, so no count is lost.
    vocab::metrics::handle();
    Router::new()
        .route("/livez", get(ops::livez))
        .route("/readyz", get(ops::readyz))
        .route("/metrics", get(ops::render))
        .merge(api::routes())
        .merge(html::routes())
        .fallback(async || AppError::NotFound("route"))
        .method_not_allowed_fallback(async || AppError::MethodNotAllowed)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            ops::deadline,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            html::html_errors,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(body_limit))
        .layer(CatchPanicLayer::custom(|_panic| {
            AppError::internal("a handler panicked").into_response()
        }))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            ops::forget_signed_in_after_changes,
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
                // `id` is filled in by `ops::track`, which names the request.
                tracing::info_span!(
                    "request",
                    method = %request.method(),
                    route,
                    id = tracing::field::Empty
                )
            }),
        )
        .with_state(state)
}
