//! The operator's endpoints and the request middleware: `/livez`, `/readyz`, `/metrics`
//! (Prometheus text, read from the counters in [`vocab::metrics`]) and `track`, which
//! counts, times and logs every request.

use std::{net::SocketAddr, time::Instant};

use axum::{
    extract::{ConnectInfo, MatchedPath, Request, State},
    http::header,
    middleware::Next,
    response::{IntoResponse, Response},
};

use domain::Services;
use edge::client_addr;
use vocab::{
    error::AppError,
    metrics::{
        ACTIVE_GAMES, EVENT_SUBSCRIBERS, HTTP_DURATION, HTTP_REQUESTS, POOL_IDLE, POOL_IN_USE,
        handle,
    },
};

/// The route label of requests that matched no route (keeps the label set bounded).
const UNMATCHED: &str = "unmatched";

/// The process is up (touches nothing).
pub(crate) async fn livez() -> &'static str {
    "ok"
}

/// The longest `/readyz` waits for the database before answering 503.
const READY_WITHIN: std::time::Duration = std::time::Duration::from_millis(1500);

/// The database answers (within [`READY_WITHIN`]; otherwise 503 `database_unavailable`).
pub(crate) async fn readyz(State(state): State<Services>) -> Result<&'static str, AppError> {
    if state.db.ping(READY_WITHIN).await {
        Ok("ok")
    } else {
        Err(AppError::DatabaseUnavailable(
            "database unreachable".to_owned(),
        ))
    }
}

/// `GET /metrics`: the Prometheus text format.
pub(crate) async fn render(State(state): State<Services>) -> Result<Response, AppError> {
    let handle = handle();
    let active = store::games::active_by_variant(&state.db.pool).await?;
    // The gauges are process-wide: set and render them under one lock, so two apps in
    // one process (tests) never render each other's values.
    static SCRAPE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _scrape = SCRAPE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for variant in rules::Variant::ALL {
        let count = active
            .iter()
            .find(|(id, _)| id == variant.as_str())
            .map_or(0, |(_, count)| *count);
        metrics::gauge!(ACTIVE_GAMES, "variant" => variant.as_str()).set(count as f64);
    }
    let size = state.db.pool.size();
    let idle = u32::try_from(state.db.pool.num_idle()).unwrap_or(u32::MAX);
    metrics::gauge!(POOL_IN_USE).set(f64::from(size.saturating_sub(idle)));
    metrics::gauge!(POOL_IDLE).set(f64::from(idle));
    metrics::gauge!(EVENT_SUBSCRIBERS).set(state.events.subscriber_count() as f64);
    handle.run_upkeep();
    Ok((
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        handle.render(),
    )
        .into_response())
}

/// Middleware: answers 503 `request_timeout` when the rest of the stack takes longer
/// than `REQUEST_TIMEOUT_MS`, dropping its work. A database that stops answering
/// mid-query cannot report its own statement timeout, so without this a request would
/// wait as long as the outage. A move whose commit was under way is then stored whole or
/// not at all; the client learns which by reading the game (or by `stale_ply` when it
/// retries).
pub(crate) async fn deadline(
    State(state): State<Services>,
    request: Request,
    next: Next,
) -> Response {
    match tokio::time::timeout(state.config.request_timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => AppError::RequestTimeout.into_response(),
    }
}

/// Middleware: once a request that may change something (any method but the safe ones)
/// has been answered, or dropped half-way, the signed-in viewers' game pages this
/// instance keeps go ([`ReadSnapshots::forget_viewers`](domain::game::snapshots::ReadSnapshots::forget_viewers)).
/// Every change a viewer makes or causes here (a setting, a conditional line, a note,
/// marking notices read, signing out, a move) is then on their next page, without each
/// handler naming the pages it touches; what another instance changes reaches this one
/// through the events, or after a second.
pub(crate) async fn forget_viewers_after_changes(
    State(state): State<Services>,
    request: Request,
    next: Next,
) -> Response {
    if request.method().is_safe() {
        return next.run(request).await;
    }
    /// Drops the pages when dropped: after the response, or when the client went away
    /// and the request's work with it, which may have committed already.
    struct ForgetOnDrop(Services);
    impl Drop for ForgetOnDrop {
        fn drop(&mut self) {
            self.0.caches.forget_viewers();
        }
    }
    let _forget = ForgetOnDrop(state);
    next.run(request).await
}

/// Middleware: resolves the client address (see [`client_addr`]), then counts, times and
/// logs the request by its matched route. The log line holds method, route, status,
/// duration and client address: never headers, bodies or query strings, so no password,
/// token or cookie can reach the logs.
pub(crate) async fn track(
    State(state): State<Services>,
    mut request: Request,
    next: Next,
) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or(UNMATCHED, MatchedPath::as_str)
        .to_owned();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip());
    let client = peer
        .map(|peer| client_addr::resolve(peer, request.headers(), &state.config.trusted_proxies));
    if let Some(client) = client {
        request
            .extensions_mut()
            .insert(client_addr::ClientIp(client));
    }
    let response = next.run(request).await;
    let elapsed = start.elapsed();
    let status = response.status().as_u16();
    metrics::counter!(
        HTTP_REQUESTS,
        "method" => method.to_string(),
        "route" => route.clone(),
        "status" => status.to_string()
    )
    .increment(1);
    metrics::histogram!(HTTP_DURATION, "method" => method.to_string(), "route" => route.clone())
        .record(elapsed.as_secs_f64());
    let client = client.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string());
    let duration_ms = elapsed.as_secs_f64() * 1000.0;
    if status >= 500 {
        tracing::error!(target: "http", %method, %route, status, duration_ms, %client, "request");
    } else {
        tracing::info!(target: "http", %method, %route, status, duration_ms, %client, "request");
    }
    response
}
