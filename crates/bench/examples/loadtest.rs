//! Load test of live events: for each N, starts the release server binary (on a fresh
//! SQLite file, or the given Postgres database), opens N server-sent-event watchers (on
//! one game, then, on a new server, each on a game of its own), makes moves, and reports
//! delivery latency and the server's resident memory per watcher.
//!
//! ```text
//! cargo build --release -p server
//! cargo run --release -p bench --example loadtest -- [--watchers 100,1000,10000]
//!     [--moves 20] [--bin target/release/server] [--database-url postgres://…]
//! ```
//!
//! Latency is measured in this process, from just before a move is posted to the arrival
//! of its event at each watcher. The baseline, measured in the same run, is the move
//! request itself with no watcher connected: delivery figures are also given as ratios of
//! it. Memory is the server's `VmRSS` with the watchers connected, against the same
//! server's just before they connect.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use futures_util::{StreamExt, stream};
use serde_json::Value;

use bench::{Api, Server};

/// The arrivals of each state id (`{ply}-active`) of each game, as seen by watchers.
type Arrivals = Arc<Mutex<HashMap<(String, String), Vec<Instant>>>>;

struct Options {
    watchers: Vec<usize>,
    moves: usize,
    bin: String,
    database_url: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        watchers: vec![100, 1000, 10_000],
        moves: 20,
        bin: "target/release/server".to_owned(),
        database_url: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--watchers" => {
                options.watchers = value
                    .split(',')
                    .map(|n| n.trim().parse().expect("--watchers: numbers"))
                    .collect();
            }
            "--moves" => options.moves = value.parse().expect("--moves: a number"),
            "--bin" => options.bin = value,
            "--database-url" => options.database_url = Some(value),
            _ => panic!("unknown flag {flag}"),
        }
    }
    options
}

/// Opens a watcher of `game_id` that records every `id:` it receives; resolves once the
/// stream is open and its first event has arrived, with the task that reads it.
async fn watch(
    client: reqwest::Client,
    base: String,
    game_id: String,
    arrivals: Arrivals,
) -> tokio::task::JoinHandle<()> {
    let mut response = client
        .get(format!("{base}/api/v1/games/{game_id}/events"))
        .send()
        .await
        .expect("open a watcher");
    assert!(response.status().is_success());
    let (opened, opened_rx) = tokio::sync::oneshot::channel();
    let reader = tokio::spawn(async move {
        let mut opened = Some(opened);
        let mut buffer = String::new();
        while let Ok(Some(chunk)) = response.chunk().await {
            let now = Instant::now();
            buffer.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = buffer.find("\n\n") {
                let block: String = buffer.drain(..end + 2).collect();
                if let Some(id) = block.lines().find_map(|l| l.strip_prefix("id: ")) {
                    arrivals
                        .lock()
                        .unwrap()
                        .entry((game_id.clone(), id.to_owned()))
                        .or_default()
                        .push(now);
                    if let Some(opened) = opened.take() {
                        let _ = opened.send(());
                    }
                }
            }
        }
    });
    opened_rx.await.expect("the watcher's first event");
    reader
}

/// The `q`-quantile of sorted `samples`.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[index]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

struct Row {
    scenario: &'static str,
    watchers: usize,
    samples: usize,
    expected: usize,
    baseline: Duration,
    p50: Duration,
    p99: Duration,
    max: Duration,
    rss_before: u64,
    rss_with: u64,
}

/// Waits (at most 30 s) until `want` arrivals of `key` are recorded.
async fn await_arrivals(arrivals: &Arrivals, key: &(String, String), want: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while arrivals.lock().unwrap().get(key).map_or(0, Vec::len) < want && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

/// Opens `games.len() * per_game` watchers, at most 256 opening at once; their reading
/// tasks (abort them to close the watchers).
async fn open_watchers(
    base: &str,
    games: &[Value],
    per_game: usize,
    arrivals: &Arrivals,
) -> Vec<tokio::task::JoinHandle<()>> {
    let client = reqwest::Client::new();
    let ids = games
        .iter()
        .flat_map(|game| std::iter::repeat_n(game["id"].as_str().unwrap(), per_game));
    stream::iter(ids)
        .map(|id| {
            watch(
                client.clone(),
                base.to_owned(),
                id.to_owned(),
                arrivals.clone(),
            )
        })
        .buffer_unordered(256)
        .collect()
        .await
}

/// One scenario on a fresh server: `n` watchers on one game, or each on a game of its
/// own; the baseline is measured on the same server first.
async fn scenario(options: &Options, run: usize, n: usize, one_game: bool) -> Row {
    let server = Server::start(
        &options.bin,
        &format!("load-{run}"),
        options.database_url.as_deref(),
        &[("RUST_LOG", "warn")],
    )
    .await;
    let api = Api {
        client: reqwest::Client::new(),
        base: server.base.clone(),
    };
    // Names unique across runs, for a Postgres database that outlives them.
    let tag = format!("{}r{run}", std::process::id());
    let (white_name, black_name) = (format!("w{tag}"), format!("b{tag}"));
    let white = api.player(&white_name).await;
    let black = api.player(&black_name).await;

    // The baseline: the move request itself, nobody watching.
    let mut baseline = Vec::new();
    let mut game = api.game("reversi-8x8", &white, &black, &black_name).await;
    for _ in 0..options.moves {
        let sent = Instant::now();
        game = api.play_first(&game, &white, &black).await;
        baseline.push(sent.elapsed());
    }
    baseline.sort();

    let games_needed = if one_game { 1 } else { n };
    let mut games = Vec::with_capacity(games_needed);
    for _ in 0..games_needed {
        games.push(api.game("reversi-8x8", &white, &black, &black_name).await);
    }
    let arrivals: Arrivals = Arc::default();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_before = server.rss_kib().expect("the server is running");
    let per_game = n / games_needed;
    let readers = open_watchers(&server.base, &games, per_game, &arrivals).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_with = server.rss_kib().expect("the server is running");
    // Moves: `moves` in the one game, or one in each of `moves * 10` games spread over
    // the watched ones (each seen by its one watcher).
    let played: Vec<usize> = if one_game {
        vec![0; options.moves]
    } else {
        let count = (options.moves * 10).min(n);
        (0..count).map(|i| i * n / count).collect()
    };
    let expected = played.len() * per_game;
    let mut samples = Vec::new();
    for index in played {
        let sent = Instant::now();
        let after = api.play_first(&games[index], &white, &black).await;
        let key = (
            after["id"].as_str().unwrap().to_owned(),
            format!("{}-active", after["ply"]),
        );
        await_arrivals(&arrivals, &key, per_game).await;
        if let Some(times) = arrivals.lock().unwrap().get(&key) {
            samples.extend(times.iter().map(|at| at.saturating_duration_since(sent)));
        }
        games[index] = after;
    }
    samples.sort();
    for reader in readers {
        reader.abort();
    }
    Row {
        scenario: if one_game {
            "one game"
        } else {
            "one game each"
        },
        watchers: n,
        samples: samples.len(),
        expected,
        baseline: quantile(&baseline, 0.5),
        p50: quantile(&samples, 0.5),
        p99: quantile(&samples, 0.99),
        max: samples.last().copied().unwrap_or_default(),
        rss_before,
        rss_with,
    }
}

#[tokio::main]
async fn main() {
    let options = options();
    let mut rows = Vec::new();
    for &n in &options.watchers {
        for one_game in [true, false] {
            let row = scenario(&options, rows.len(), n, one_game).await;
            print_row(&row);
            rows.push(row);
        }
    }
    println!();
    println!(
        "| watchers | on | delivered | move request p50 ms (baseline) | delivery p50 ms | p99 ms | max ms | p50 / baseline | p99 / baseline | RSS idle MB | RSS with watchers MB | KiB per watcher |"
    );
    println!("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for row in &rows {
        println!(
            "| {} | {} | {}/{} | {:.2} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            row.watchers,
            row.scenario,
            row.samples,
            row.expected,
            ms(row.baseline),
            ms(row.p50),
            ms(row.p99),
            ms(row.max),
            ms(row.p50) / ms(row.baseline),
            ms(row.p99) / ms(row.baseline),
            row.rss_before as f64 / 1024.0,
            row.rss_with as f64 / 1024.0,
            (row.rss_with.saturating_sub(row.rss_before)) as f64 / row.watchers as f64,
        );
    }
}

fn print_row(row: &Row) {
    println!(
        "{:>6} watchers, {:<13}: {}/{} delivered, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms \
         (baseline {:.2} ms), RSS {:.1} -> {:.1} MB",
        row.watchers,
        row.scenario,
        row.samples,
        row.expected,
        ms(row.p50),
        ms(row.p99),
        ms(row.max),
        ms(row.baseline),
        row.rss_before as f64 / 1024.0,
        row.rss_with as f64 / 1024.0,
    );
}
