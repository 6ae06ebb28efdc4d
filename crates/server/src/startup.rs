//! Start-up: building the state (connect, migrate, listen for events), serving with
//! graceful shutdown, and the background jobs.

use std::{future::Future, sync::Arc, time::Duration};

use axum::http::header;

use crate::router;
use domain::{Services, config, events, sweeper};
use vocab::{clock, error::AppError};

/// File descriptors kept free below the soft limit for the database pool, the event
/// listener, the log and the shed connections.
const RESERVED_FDS: u64 = 128;
/// Connections served beyond the connection limit, each only for `/livez` and `/readyz`;
/// past these a new connection is closed at once.
const SHED_CONNECTIONS: usize = 32;
/// How long a shed connection may take to send its one request's headers.
const SHED_HEADER_TIMEOUT: Duration = Duration::from_secs(2);
/// The wait after a failed `accept` (out of file descriptors, for example).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

/// Raises this process's soft limit of open files to its hard limit and logs both, then
/// returns the soft limit (`None` where the platform has none).
pub fn raise_file_limit() -> Option<u64> {
    let (soft, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).ok()?;
    let raised = rlimit::increase_nofile_limit(hard).unwrap_or(soft);
    tracing::info!(soft_before = soft, soft = raised, hard, "open-file limit");
    Some(raised)
}

/// The connection limit for `configured` under an open-file soft limit `file_limit`:
/// `RESERVED_FDS` and the shed connections stay free below it.
#[must_use]
pub fn connection_limit(configured: usize, file_limit: Option<u64>) -> usize {
    let Some(file_limit) = file_limit else {
        return configured.max(1);
    };
    let room = file_limit.saturating_sub(RESERVED_FDS + SHED_CONNECTIONS as u64);
    configured
        .min(usize::try_from(room).unwrap_or(usize::MAX))
        .max(1)
}

/// Serves `state` on `listener` until `shutdown` resolves; then stops accepting, ends the
/// live event streams and waits for the requests in flight to finish.
///
/// Each connection is HTTP/1 with a header read timeout (which also closes a kept-alive
/// connection left silent that long) and a body read timeout. At most
/// [`connection_limit`] connections are served at once, and at most
/// `MAX_CONNECTIONS_PER_ADDRESS` of one client address (reverse proxies in
/// `TRUSTED_PROXIES` exempt; one more from that address is closed at once). When the
/// server is full it sheds load: a few more connections are answered only on `/livez` and `/readyz` (everything
/// else 503, then the connection closes), and the rest are closed at once.
///
/// # Errors
///
/// The listener failed.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Services,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let events = state.events.clone();
    let config = state.config.clone();
    let limit = connection_limit(config.max_connections, raise_file_limit());
    tracing::info!(connections = limit, "connection limit");
    let full = Arc::new(tokio::sync::Semaphore::new(limit));
    let shed = Arc::new(tokio::sync::Semaphore::new(SHED_CONNECTIONS));
    let per_address = PerAddress::default();
    let app = router(state.clone());
    let shed_app = shed_router(state);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let shutdown = std::pin::pin!(shutdown);
    let mut shutdown = shutdown;
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!(%error, "accepting a connection failed");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let own_share = if config
            .trusted_proxies
            .iter()
            .any(|proxy| proxy.contains(&peer.ip()))
        {
            Some(None)
        } else {
            per_address
                .reserve(peer.ip(), config.max_connections_per_address)
                .map(Some)
        };
        let Some(own_share) = own_share else {
            // This address holds its share: close at once (the shed slots are kept for
            // when the whole server is full).
            vocab::metrics::connection_shed();
            drop(stream);
            continue;
        };
        let (service, permit, shedding) = if let Ok(permit) = full.clone().try_acquire_owned() {
            (app.clone(), (permit, own_share), false)
        } else if let Ok(permit) = shed.clone().try_acquire_owned() {
            vocab::metrics::connection_shed();
            (shed_app.clone(), (permit, own_share), true)
        } else {
            vocab::metrics::connection_shed();
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = tower::ServiceBuilder::new()
            .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
                config.body_read_timeout,
            ))
            .layer(security_header(
                header::CONTENT_SECURITY_POLICY,
                CONTENT_SECURITY_POLICY,
            ))
            .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .layer(security_header(header::REFERRER_POLICY, REFERRER_POLICY))
            .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
            .service(service);
        let service = hyper::service::service_fn(move |mut request| {
            request
                .extensions_mut()
                .insert(axum::extract::ConnectInfo(peer));
            tower::ServiceExt::oneshot(service.clone(), request)
        });
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(if shedding {
                SHED_HEADER_TIMEOUT.min(config.header_read_timeout)
            } else {
                config.header_read_timeout
            })
            .keep_alive(!shedding);
        let connection = builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    tracing::info!("shutting down: finishing requests in flight");
    // Live event streams would hold the shutdown open: end them.
    events.close();
    graceful.shutdown().await;
    Ok(())
}

/// Open connections per client address, so that one address cannot take every
/// connection.
#[derive(Debug, Clone, Default)]
struct PerAddress(Arc<std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>>);

/// One connection of an address, counted until dropped.
#[derive(Debug)]
struct AddressShare {
    counts: PerAddress,
    address: std::net::IpAddr,
}

impl PerAddress {
    fn counts(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<std::net::IpAddr, usize>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// One more connection for `address`, or `None` when it holds `limit` already.
    fn reserve(&self, address: std::net::IpAddr, limit: usize) -> Option<AddressShare> {
        let mut counts = self.counts();
        let count = counts.entry(address).or_insert(0);
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(AddressShare {
            counts: self.clone(),
            address,
        })
    }
}

impl Drop for AddressShare {
    fn drop(&mut self) {
        let mut counts = self.counts.counts();
        if let Some(count) = counts.get_mut(&self.address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// The pages' content security policy: scripts, styles and everything else only from
/// this site (no inline script or style), never framed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; \
    base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/// Other sites learn only this site's origin from links followed from it.
pub const REFERRER_POLICY: &str = "strict-origin-when-cross-origin";

/// Sets `name` to `value` on every response that does not set it itself.
fn security_header(
    name: header::HeaderName,
    value: &'static str,
) -> tower_http::set_header::SetResponseHeaderLayer<header::HeaderValue> {
    tower_http::set_header::SetResponseHeaderLayer::if_not_present(
        name,
        header::HeaderValue::from_static(value),
    )
}

/// What a shed connection is answered: the health checks as usual, anything else 503.
fn shed_router(state: Services) -> axum::Router {
    axum::Router::new()
        .route("/livez", axum::routing::get(crate::ops::livez))
        .route("/readyz", axum::routing::get(crate::ops::readyz))
        .fallback(async || AppError::Unavailable("the connection limit is reached".to_owned()))
        .with_state(state)
}

/// Starts the outbox job ([`domain::jobs::outbox::run`]) for `state`, with the sweeper
/// (`SWEEP_INTERVAL_SECS` 0 turns both off, and tests run their rounds themselves).
pub fn spawn_outbox(state: &Services) -> Option<tokio::task::JoinHandle<()>> {
    state.config.sweep_interval?;
    Some(tokio::spawn(domain::jobs::outbox::run(state.clone())))
}

/// Starts the tournament runner ([`domain::jobs::tournaments::run`]) for `state`, with
/// the sweeper (`SWEEP_INTERVAL_SECS` 0 turns it off, and tests run its rounds
/// themselves).
pub fn spawn_tournaments(state: &Services) -> Option<tokio::task::JoinHandle<()>> {
    state.config.sweep_interval?;
    Some(tokio::spawn(domain::jobs::tournaments::run(state.clone())))
}

/// Starts the adjudication job ([`domain::jobs::adjudication::run`]) for `state`, with
/// the sweeper (`SWEEP_INTERVAL_SECS` 0 turns it off, and tests run its rounds
/// themselves).
pub fn spawn_adjudication(state: &Services) -> Option<tokio::task::JoinHandle<()>> {
    state.config.sweep_interval?;
    Some(tokio::spawn(domain::jobs::adjudication::run(state.clone())))
}

/// Starts the review job ([`domain::jobs::reviews`]) for `state`, with the other
/// background jobs (none when the configuration runs no sweeper, as in tests).
pub fn spawn_reviews(state: &Services) -> Option<tokio::task::JoinHandle<()>> {
    state.config.sweep_interval?;
    Some(tokio::spawn(domain::jobs::reviews::run(state.clone())))
}

/// Starts the engine job ([`domain::jobs::engine`]) for `state` with `ENGINE_WORKERS`
/// threads; `None` when it is 0 (the computer's replies are then computed by another
/// instance, or wait in the queue).
pub fn spawn_engine(state: &Services) -> Option<domain::jobs::engine::EngineJob> {
    domain::jobs::engine::spawn(state)
}

/// Starts the sweeper for `state` if its configuration asks for one.
pub fn spawn_sweeper(state: &Services) -> Option<tokio::task::JoinHandle<()>> {
    let interval: Duration = state.config.sweep_interval?;
    Some(tokio::spawn(sweeper::run(state.clone(), interval)))
}

/// Every few seconds, lets go of the snapshots too old to be served
/// ([`ReadSnapshots::let_stale_go`](domain::game::snapshots::ReadSnapshots::let_stale_go)),
/// so that memory holds what was served lately.
pub fn spawn_snapshot_sweep(state: &Services) -> tokio::task::JoinHandle<()> {
    const EVERY: Duration = Duration::from_secs(5);
    let caches = state.caches.clone();
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            caches.let_stale_go();
        }
    })
}

/// Writes, in the background, the position caches of games stored before the cache
/// existed (after an upgrade); until then those games are replayed on every read.
pub fn spawn_position_refresh(state: &Services) -> tokio::task::JoinHandle<()> {
    let state = state.clone();
    tokio::spawn(async move {
        match domain::game::read::refresh_positions(&state).await {
            Ok(0) => {}
            Ok(written) => tracing::info!(written, "wrote the position caches games lacked"),
            Err(error) => tracing::warn!(%error, "writing the position caches games lack"),
        }
    })
}

/// Gives every variant of the rules its counter row (the migrations seed the variants
/// known when they were written; this covers the rest).
async fn seed_variant_stats(db: &store::Database) -> Result<(), sqlx::Error> {
    let variants = rules::Variant::ALL.map(rules::Variant::as_str);
    let mut conn = db.pool.acquire().await?;
    store::stats::seed(&mut conn, &variants).await
}

/// Builds the state for `config`: connects, migrates, seeds the variant counters and the
/// computer's accounts, uses
/// `clock`, keeps this instance's watchers in the presence table, and on Postgres listens
/// for the live events of every instance.
///
/// # Errors
///
/// The database is unreachable or a migration failed.
pub async fn build_state(
    config: config::Config,
    clock: Arc<dyn clock::Clock>,
) -> Result<Services, AppError> {
    let settings = store::PoolSettings {
        max_connections: config.database_max_connections,
        acquire_timeout: config.database_acquire_timeout,
        statement_timeout: config.database_statement_timeout,
    };
    let db = store::Database::connect_with(config.database_url.expose(), settings)
        .await
        .map_err(|error| AppError::Unavailable(format!("connecting to the database: {error}")))?;
    db.migrate()
        .await
        .map_err(|error| AppError::Unavailable(format!("migrating the database: {error}")))?;
    seed_variant_stats(&db)
        .await
        .map_err(|error| AppError::Unavailable(format!("seeding variant_stats: {error}")))?;
    domain::computer::seed_accounts(&db, clock.now())
        .await
        .map_err(|error| {
            AppError::Unavailable(format!("creating the computer's accounts: {error}"))
        })?;
    let url = config.database_url.expose().to_owned();
    let state = Services::new(config, db, clock);
    // The VAPID key pair is generated (or read) at start, not at the first push.
    domain::push::vapid_keys(&state)
        .await
        .map_err(|error| AppError::Unavailable(format!("reading the VAPID key pair: {error}")))?;
    events::presence::start(
        state.db.clone(),
        state.events.clone(),
        state.instance_id.clone(),
    );
    if state.db.backend == store::Backend::Postgres {
        events::listener::start(&url, state.events.clone())
            .await
            .map_err(|error| {
                AppError::Unavailable(format!("listening for events on Postgres: {error}"))
            })?;
    }
    Ok(state)
}
