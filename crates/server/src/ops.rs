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
/// has been answered, or dropped half-way, what this instance keeps of its maker goes:
/// their sessions and game pages
/// ([`ReadSnapshots::forget_user`](domain::game::snapshots::ReadSnapshots::forget_user)),
/// or every signed-in viewer's when the maker was not known here before the request
/// ([`ReadSnapshots::forget_signed_in`](domain::game::snapshots::ReadSnapshots::forget_signed_in)).
/// A belt to the events' braces: every change a player makes (a setting, a conditional
/// line, a note, marking notices read, signing out, a move) also tells every instance,
/// this one included, through its event.
pub(crate) async fn forget_signed_in_after_changes(
    State(state): State<Services>,
    request: Request,
    next: Next,
) -> Response {
    if request.method().is_safe() {
        return next.run(request).await;
    }
    let headers = request.headers();
    let maker = headers
        .get(header::AUTHORIZATION)
        .and_then(edge::extract::bearer_token)
        .or_else(|| edge::extract::session_cookie(headers))
        .and_then(|token| {
            state
                .caches
                .known_user(&domain::accounts::token_hash(token))
        });
    /// Drops the pages when dropped: after the response, or when the client went away
    /// and the request's work with it, which may have committed already.
    struct ForgetOnDrop(Services, Option<String>);
    impl Drop for ForgetOnDrop {
        fn drop(&mut self) {
            match &self.1 {
                Some(maker) => self.0.caches.forget_user(maker),
                None => self.0.caches.forget_signed_in(),
            }
        }
    }
    let _forget = ForgetOnDrop(state, maker);
    next.run(request).await
}

/// The header that names a request: taken from the client (or a proxy) when it is a
/// plain short name, else made here; answered in the response and carried by every log
/// line of the request, so one request's lines can be told from the others'.
pub const REQUEST_ID: &str = "x-request-id";

/// The name of the request `headers` came with, when it is one a log line may carry (1 to
/// 64 letters, digits, `-`, `_` or `.`); else a new one.
fn request_id(headers: &axum::http::HeaderMap) -> String {
    headers
        .get(REQUEST_ID)
        .and_then(|value| value.to_str().ok())
        .filter(|id| {
            (1..=64).contains(&id.len())
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        })
        .map_or_else(vocab::ids::new_id, str::to_owned)
}

/// Middleware: names the request ([`REQUEST_ID`]) in its span (the `request` span's
/// `id`, made by the trace layer around this one), then [`track_named`]; the response
/// carries the name.
pub(crate) async fn track(state: State<Services>, request: Request, next: Next) -> Response {
    let id = request_id(request.headers());
    tracing::Span::current().record("id", id.as_str());
    let mut response = track_named(state, request, next).await;
    if let Ok(value) = header::HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

/// Resolves the client address (see [`client_addr`]), then counts, times and logs the
/// request by its matched route. The log line holds method, route, status, duration and
/// client address (and, from its span, the request's name): never headers, bodies or
/// query strings, so no password, token or cookie can reach the logs.
async fn track_named(State(state): State<Services>, mut request: Request, next: Next) -> Response {
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
