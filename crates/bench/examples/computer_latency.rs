//! How long the computer takes to answer a move (issue 17), per variant and level, with
//! the server's default node budget (or `--nodes`).
//!
//! The release binary serves a fresh SQLite file (or the given Postgres database) with
//! one engine thread. For each variant and level, a person plays `--moves` moves against
//! the computer through the API (the first legal move each time; a new game when one
//! ends). Measured per move: the move's own HTTP answer (the baseline of the same run),
//! and the time from sending the move until the game, polled every 5 ms, shows the
//! computer's reply (so the reply time includes the queue row, the job's wake-up, the
//! search and the reply's transaction).
//!
//! ```sh
//! cargo build --release -p server
//! cargo run --release -p bench --example computer_latency -- --moves 10
//! cargo run --release -p bench --example computer_latency -- --moves 10 \
//!     --variants chess,reversi-8x8 --levels 1,8 --nodes 1000000
//! ```

use std::time::{Duration, Instant};

use bench::{Api, Server};
use serde_json::{Value, json};

struct Options {
    moves: usize,
    nodes: u64,
    variants: Vec<String>,
    levels: Vec<u8>,
    bin: String,
    database_url: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        moves: 10,
        nodes: 1_000_000,
        variants: [
            "chess",
            "reversi-6x6",
            "reversi-8x8",
            "reversi-10x10",
            "chess-reversi",
            "knight-fight",
        ]
        .map(str::to_owned)
        .to_vec(),
        levels: (1..=8).collect(),
        bin: "target/release/server".to_owned(),
        database_url: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--moves" => options.moves = value.parse().expect("--moves N"),
            "--nodes" => options.nodes = value.parse().expect("--nodes N"),
            "--variants" => options.variants = value.split(',').map(str::to_owned).collect(),
            "--levels" => {
                options.levels = value
                    .split(',')
                    .map(|level| level.parse().expect("--levels 1,2,…"))
                    .collect();
            }
            "--bin" => options.bin = value,
            "--database-url" => options.database_url = Some(value),
            _ => panic!("unknown flag {flag}"),
        }
    }
    options
}

/// The median and the largest of `samples` (seconds).
fn summary(samples: &mut [f64]) -> (f64, f64) {
    samples.sort_by(f64::total_cmp);
    let median = samples.get(samples.len() / 2).copied().unwrap_or(0.0);
    let max = samples.last().copied().unwrap_or(0.0);
    (median, max)
}

async fn new_game(api: &Api, token: &str, variant: &str, level: u8) -> Value {
    api.post(
        "/api/v1/computer-games",
        Some(token),
        json!({"variant": variant, "level": level, "color": "white",
               "time_control": {"kind": "untimed"}}),
    )
    .await
}

#[tokio::main]
async fn main() {
    let options = options();
    let nodes = options.nodes.to_string();
    let server = Server::start(
        &options.bin,
        "computer-latency",
        options.database_url.as_deref(),
        &[
            ("ENGINE_WORKERS", "1"),
            ("ENGINE_NODES", &nodes),
            ("ENGINE_QUEUE_LIMIT", "1000"),
            // One player starts a game per variant and level, and leaves them active.
            ("ENGINE_PLAYER_GAMES_LIMIT", "1000"),
        ],
    )
    .await;
    let api = Api {
        client: reqwest::Client::new(),
        base: server.base.clone(),
    };
    let token = api.player("latency").await;
    println!(
        "{} moves per row, ENGINE_NODES={}, one engine thread; seconds (median / max)",
        options.moves, options.nodes
    );
    println!("| variant | level | move answered (baseline) | computer's reply | ratio (medians) |");
    println!("|---|---|---|---|---|");
    for variant in &options.variants {
        for &level in &options.levels {
            let mut current = new_game(&api, &token, variant, level).await;
            let (mut answers, mut replies) = (Vec::new(), Vec::new());
            while replies.len() < options.moves {
                if current["status"] != "active" {
                    current = new_game(&api, &token, variant, level).await;
                    continue;
                }
                let id = current["id"].as_str().unwrap().to_owned();
                let sent = Instant::now();
                let after = api
                    .post(
                        &format!("/api/v1/games/{id}/moves"),
                        Some(&token),
                        json!({"move": current["legal_moves"][0], "ply": current["ply"]}),
                    )
                    .await;
                answers.push(sent.elapsed().as_secs_f64());
                if after["status"] != "active" {
                    current = after;
                    continue;
                }
                // The computer to move (a forced pass of the person's may come after).
                let deadline = Instant::now() + Duration::from_secs(120);
                current = loop {
                    let now = api.read_game(&id).await;
                    if now["status"] != "active" || now["to_move"] == "white" {
                        break now;
                    }
                    assert!(Instant::now() < deadline, "no reply in two minutes: {now}");
                    tokio::time::sleep(Duration::from_millis(5)).await;
                };
                replies.push(sent.elapsed().as_secs_f64());
            }
            let (answer, answer_max) = summary(&mut answers);
            let (reply, reply_max) = summary(&mut replies);
            println!(
                "| {variant} | {level} | {answer:.4} / {answer_max:.4} | {reply:.3} / {reply_max:.3} | {:.0}× |",
                reply / answer.max(1e-9)
            );
        }
    }
    drop(server);
}
