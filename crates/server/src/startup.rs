//! Start-up: building the state (connect, migrate, listen for events), serving with
//! graceful shutdown, and the background jobs.

use std::{future::Future, net::SocketAddr, sync::Arc, time::Duration};

use crate::{AppError, AppState, clock, config, db, events, router, sweeper};

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

/// Gives every variant of the rules its counter row (the migrations seed the variants
/// known when they were written; this covers the rest).
async fn seed_variant_stats(db: &db::Database) -> Result<(), sqlx::Error> {
    let variants = rules::Variant::ALL.map(rules::Variant::as_str);
    let mut conn = db.pool.acquire().await?;
    db::stats::seed(&mut conn, &variants).await
}

/// Builds the state for `config`: connects, migrates, seeds the variant counters, uses `clock`, and on Postgres
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
    seed_variant_stats(&db)
        .await
        .map_err(|error| AppError::Unavailable(format!("seeding variant_stats: {error}")))?;
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
