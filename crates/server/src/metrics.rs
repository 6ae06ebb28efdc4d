//! Prometheus metrics at `/metrics`, and the request middleware that counts, times and
//! logs every request.
//!
//! Counters and histograms go through the `metrics` facade into one process-wide
//! Prometheus recorder; the gauges (active games, pool, live-event subscribers) are
//! read when `/metrics` is scraped, so they are exact at that moment.

use std::{net::SocketAddr, sync::OnceLock, time::Instant};

use axum::{
    extract::{ConnectInfo, MatchedPath, Request, State},
    http::header,
    middleware::Next,
    response::{IntoResponse, Response},
};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::{AppState, client_addr, error::AppError};

/// Requests served, by method, matched route and status.
pub const HTTP_REQUESTS: &str = "http_requests_total";
/// Request latency histogram, by method and matched route.
pub const HTTP_DURATION: &str = "http_request_duration_seconds";
/// Moves played (forced passes included), by variant.
pub const MOVES: &str = "moves_played_total";
/// Games started, by variant.
pub const GAMES_STARTED: &str = "games_started_total";
/// Games finished, by variant and how they ended (`normal`, `resign`, `timeout`, …).
pub const GAMES_FINISHED: &str = "games_finished_total";
/// Games in progress, by variant (read from the database at scrape time).
pub const ACTIVE_GAMES: &str = "games_active";
/// Database connections in use.
pub const POOL_IN_USE: &str = "db_pool_connections_in_use";
/// Idle database connections.
pub const POOL_IDLE: &str = "db_pool_connections_idle";
/// Open live-event streams.
pub const EVENT_SUBSCRIBERS: &str = "live_event_subscribers";
/// Live-event subscribers dropped for falling behind.
pub const EVENT_SUBSCRIBERS_DROPPED: &str = "live_event_subscribers_dropped_total";
/// Times the Postgres event listener reconnected.
pub const EVENT_LISTENER_RECONNECTS: &str = "live_event_listener_reconnects_total";

/// Latency buckets in seconds: from a cached page to a slow argon2 login.
const BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The route label of requests that matched no route (keeps the label set bounded).
const UNMATCHED: &str = "unmatched";

/// The process-wide Prometheus recorder, installed on first use.
///
/// # Panics
///
/// Another metrics recorder was installed globally before this one.
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let handle = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.to_owned()), BUCKETS)
            .and_then(PrometheusBuilder::install_recorder)
            .expect("no other metrics recorder is installed");
        describe();
        handle
    })
}

fn describe() {
    metrics::describe_counter!(HTTP_REQUESTS, "HTTP requests by method, route and status");
    metrics::describe_histogram!(
        HTTP_DURATION,
        metrics::Unit::Seconds,
        "HTTP request latency by method and route"
    );
    metrics::describe_counter!(MOVES, "moves played, forced passes included, by variant");
    metrics::describe_counter!(GAMES_STARTED, "games started by variant");
    metrics::describe_counter!(GAMES_FINISHED, "games finished by variant and termination");
    metrics::describe_gauge!(ACTIVE_GAMES, "games in progress by variant");
    metrics::describe_gauge!(POOL_IN_USE, "database connections in use");
    metrics::describe_gauge!(POOL_IDLE, "idle database connections");
    metrics::describe_gauge!(EVENT_SUBSCRIBERS, "open live-event streams");
    metrics::describe_counter!(
        EVENT_SUBSCRIBERS_DROPPED,
        "live-event subscribers dropped for falling behind"
    );
    metrics::describe_counter!(
        EVENT_LISTENER_RECONNECTS,
        "reconnections of the Postgres event listener"
    );
}

/// Counts `count` moves played in a game of `variant`.
pub fn moves_played(variant: &str, count: usize) {
    metrics::counter!(MOVES, "variant" => variant.to_owned()).increment(count as u64);
}

/// Counts a game of `variant` started.
pub fn game_started(variant: &str) {
    metrics::counter!(GAMES_STARTED, "variant" => variant.to_owned()).increment(1);
}

/// Counts a game of `variant` finished by `termination`.
pub fn game_finished(variant: &str, termination: &str) {
    metrics::counter!(
        GAMES_FINISHED,
        "variant" => variant.to_owned(),
        "termination" => termination.to_owned()
    )
    .increment(1);
}

/// Counts a live-event subscriber dropped for falling behind.
pub fn subscriber_dropped() {
    metrics::counter!(EVENT_SUBSCRIBERS_DROPPED).increment(1);
}

/// Counts a reconnection of the Postgres event listener.
pub fn listener_reconnected() {
    metrics::counter!(EVENT_LISTENER_RECONNECTS).increment(1);
}

/// `GET /metrics`: the Prometheus text format.
pub(crate) async fn render(State(state): State<AppState>) -> Result<Response, AppError> {
    let handle = handle();
    let active = crate::db::games::active_by_variant(&state.db.pool).await?;
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

/// Middleware: resolves the client address (see [`client_addr`]), then counts, times and
/// logs the request by its matched route. The log line holds method, route, status,
/// duration and client address: never headers, bodies or query strings, so no password,
/// token or cookie can reach the logs.
pub(crate) async fn track(
    State(state): State<AppState>,
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
