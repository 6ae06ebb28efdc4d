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
pub mod metrics;
pub mod state;
pub mod sweeper;
pub mod telemetry;
pub mod web;

use std::{future::Future, net::SocketAddr, sync::Arc, time::Duration};

use axum::{
    Router,
    extract::{MatchedPath, Request, State},
    response::{IntoResponse, Response},
    routing::get,
};
use tower_http::{catch_panic::CatchPanicLayer, trace::TraceLayer};

pub use crate::{error::AppError, state::AppState};

/// The whole application: API routes, health checks, body limit, request tracing, JSON
/// errors for unknown routes and methods, and a 500 (never a dropped connection) if a
/// handler panics.
pub fn router(state: AppState) -> Router {
    let body_limit = state.config.body_limit_bytes;
    // Installed before the first request, so no count is lost.
    crate::metrics::handle();
    Router::new()
        .route("/livez", get(livez))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics::render))
        .merge(api::routes())
        .merge(web::routes())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            web::html_errors,
        ))
        .layer(axum::extract::DefaultBodyLimit::max(body_limit))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            metrics::track,
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

/// The process is up (touches nothing).
async fn livez() -> &'static str {
    "ok"
}

/// The database answers.
async fn readyz(State(state): State<AppState>) -> Result<&'static str, AppError> {
    if state.db.ping().await {
        Ok("ok")
    } else {
        Err(AppError::Unavailable("database unreachable".to_owned()))
    }
}

async fn not_found() -> AppError {
    AppError::NotFound("route")
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}

fn panic_response(_panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    AppError::internal("a handler panicked").into_response()
}

/// Serves `state` on `listener` until `shutdown` resolves; then stops accepting, ends the
/// live event streams and waits for the requests in flight to finish.
///
/// # Errors
///
/// The listener failed.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let events = state.events.clone();
    let app = router(state);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        tracing::info!("shutting down: finishing requests in flight");
        // Live event streams would hold the shutdown open: end them.
        events.close();
    })
    .await
}

/// Starts the sweeper for `state` if its configuration asks for one.
pub fn spawn_sweeper(state: &AppState) -> Option<tokio::task::JoinHandle<()>> {
    let interval: Duration = state.config.sweep_interval?;
    Some(tokio::spawn(sweeper::run(state.clone(), interval)))
}

/// Builds the state for `config`: connects, migrates, uses `clock`, and on Postgres
/// listens for the live events of every instance.
///
/// # Errors
///
/// The database is unreachable or a migration failed.
pub async fn build_state(
    config: config::Config,
    clock: Arc<dyn clock::Clock>,
) -> Result<AppState, AppError> {
    let db = db::Database::connect(
        config.database_url.expose(),
        config.database_max_connections,
    )
    .await
    .map_err(|error| AppError::Unavailable(format!("connecting to the database: {error}")))?;
    db.migrate()
        .await
        .map_err(|error| AppError::Unavailable(format!("migrating the database: {error}")))?;
    let url = config.database_url.expose().to_owned();
    let state = AppState::new(config, db, clock);
    if state.db.backend == db::Backend::Postgres {
        events::listener::start(&url, state.events.clone())
            .await
            .map_err(|error| {
                AppError::Unavailable(format!("listening for events on Postgres: {error}"))
            })?;
    }
    Ok(state)
}
