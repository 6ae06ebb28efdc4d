//! The process's metrics: names, descriptions and the counting functions the lower layers
//! call. `/metrics` and the request middleware that feeds the HTTP counters are in
//! the `server` crate's (`server::ops`), above this one.
//!
//! Counters and histograms go through the `metrics` facade into one process-wide
//! Prometheus recorder; the gauges (active games, pool, live-event subscribers) are
//! read when `/metrics` is scraped, so they are exact at that moment.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

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
/// Time warnings given, by kind.
pub const CLOCK_WARNINGS: &str = "clock_warnings_total";
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
/// Games rebuilt by replaying their moves rather than from their position cache, by
/// why (`no_cache`: stored before the cache or moved by an older server; `damaged_cache`).
pub const GAME_REPLAYS: &str = "game_replays_total";
/// Games read for a page or the API, by whether the in-memory snapshot served them
/// (`hit`) or the database (`miss`).
pub const GAME_SNAPSHOT_READS: &str = "game_snapshot_reads_total";
/// Connections shed at the connection limit (answered only on the health checks, or
/// closed at once).
pub const CONNECTIONS_SHED: &str = "http_connections_shed_total";
/// The computer's queued replies handled by this instance's engine job, by outcome
/// (`played`, `stale`: the game had moved on or ended, `lost_lease`: another instance
/// took it over, `stopped`: left queued at shutdown, `failed`: tried again later).
pub const COMPUTER_REPLIES: &str = "computer_replies_total";
/// Milliseconds the computer's searches took on this instance (divide by
/// `computer_replies_total{outcome="played"}` for the mean).
pub const COMPUTER_SEARCH_MILLIS: &str = "computer_search_milliseconds_total";

/// Latency buckets in seconds: from a cached page to a slow argon2 login.
const BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// How often the histograms' recorded samples are folded into their buckets.
const UPKEEP_INTERVAL: std::time::Duration = std::time::Duration::from_secs(5);

/// The process-wide Prometheus recorder, installed on first use, with a thread that
/// folds histogram samples into buckets every `UPKEEP_INTERVAL`: the recorder keeps
/// each sample until then, so without it a site that is never scraped would hold every
/// request's latency (about 20 MiB a million requests).
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
        let upkept = handle.clone();
        std::thread::Builder::new()
            .name("metrics-upkeep".to_owned())
            .spawn(move || {
                loop {
                    std::thread::sleep(UPKEEP_INTERVAL);
                    upkept.run_upkeep();
                }
            })
            .expect("start the metrics upkeep thread");
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
    metrics::describe_counter!(
        CLOCK_WARNINGS,
        "time warnings given to players to move, by kind"
    );
    metrics::describe_gauge!(ACTIVE_GAMES, "games in progress by variant");
    metrics::describe_counter!(
        GAME_SNAPSHOT_READS,
        "games read for a page or the API, by whether a snapshot in memory served them"
    );
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
    metrics::describe_counter!(CONNECTIONS_SHED, "connections shed at the connection limit");
    metrics::describe_counter!(
        COMPUTER_REPLIES,
        "the computer's queued replies handled by this instance, by outcome"
    );
    metrics::describe_counter!(
        COMPUTER_SEARCH_MILLIS,
        metrics::Unit::Milliseconds,
        "time the computer's searches took on this instance"
    );
    metrics::describe_counter!(
        GAME_REPLAYS,
        "games rebuilt by replaying their moves instead of from the position cache"
    );
}

/// Counts a game rebuilt by replaying its moves, and why.
pub fn game_replayed(reason: &'static str) {
    metrics::counter!(GAME_REPLAYS, "reason" => reason).increment(1);
}

/// Counts a read of a game for showing, by whether its snapshot served it (`hit`) or
/// the database (`miss`).
pub fn game_snapshot_read(result: &'static str) {
    metrics::counter!(GAME_SNAPSHOT_READS, "result" => result).increment(1);
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

/// Counts a time warning given.
pub fn clock_warning(kind: &'static str) {
    metrics::counter!(CLOCK_WARNINGS, "kind" => kind).increment(1);
}

/// Counts a live-event subscriber dropped for falling behind.
pub fn subscriber_dropped() {
    metrics::counter!(EVENT_SUBSCRIBERS_DROPPED).increment(1);
}

/// Counts a reconnection of the Postgres event listener.
pub fn listener_reconnected() {
    metrics::counter!(EVENT_LISTENER_RECONNECTS).increment(1);
}

/// Counts a connection shed at the connection limit.
pub fn connection_shed() {
    metrics::counter!(CONNECTIONS_SHED).increment(1);
}

/// Counts a queued reply of the computer handled, and how.
pub fn computer_reply(outcome: &'static str) {
    metrics::counter!(COMPUTER_REPLIES, "outcome" => outcome).increment(1);
}

/// Adds a search's time to the computer's total.
pub fn computer_search(took: std::time::Duration) {
    let millis = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
    metrics::counter!(COMPUTER_SEARCH_MILLIS).increment(millis);
}
