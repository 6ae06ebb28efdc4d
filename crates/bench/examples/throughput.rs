//! Throughput of the server's busiest paths, as ratios of the machine's own limits
//! measured in the same run: the game page (as its player and as a guest), the API's
//! game and the rules page against `/livez` (all with `wrk`), and durable moves through
//! the API against `pgbench -N` on the same Postgres with as many clients. `/readyz`,
//! which runs one trivial statement, shows what a single database round trip costs.
//!
//! ```text
//! cargo build --release -p server -p bench --bins --examples
//! target/release/examples/throughput [--seconds 10] [--connections 64] [--threads 2]
//!     [--movers 16] [--bin target/release/server] [--database-url postgres://…/bench]
//!     [--hold SECONDS]
//! ```
//!
//! `--hold` is for profiling: after the setup it prints the game page's URL and White's
//! cookie header, keeps the server up for that long (to run `wrk` and `perf record -p`
//! by hand) and exits without measuring.
//!
//! Without `--database-url` the server runs on a fresh SQLite file and there is no
//! pgbench figure. With it, pgbench runs in a database of its own beside the given one
//! (`<name>_pgbench`, created and initialised at scale 16 by this program).
//!
//! The pages are read as White at ply 20 of a chess game (White is to move there), signed
//! in by the session cookie as a browser is. The movers each play their own Reversi 8x8
//! game, the first legal move every time, both sides, starting a new game when one ends.

use std::{
    process::Command,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use serde_json::{Value, json};

use bench::{Api, Server};

/// Twenty plies of a Ruy Lopez, White to move after them.
const OPENING: [&str; 20] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5",
    "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6a5", "b3c2", "c7c5",
];

struct Options {
    seconds: u64,
    connections: u32,
    threads: u32,
    movers: usize,
    bin: String,
    database_url: Option<String>,
    hold: Option<u64>,
}

fn options() -> Options {
    let mut options = Options {
        seconds: 10,
        connections: 64,
        threads: 2,
        movers: 16,
        bin: "target/release/server".to_owned(),
        database_url: None,
        hold: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| panic!("{flag} needs a value"));
        let number = || value.parse().unwrap_or_else(|_| panic!("{flag}: a number"));
        match flag.as_str() {
            "--seconds" => options.seconds = number(),
            "--connections" => options.connections = number() as u32,
            "--threads" => options.threads = number() as u32,
            "--movers" => options.movers = number() as usize,
            "--bin" => options.bin = value,
            "--database-url" => options.database_url = Some(value),
            "--hold" => options.hold = Some(number()),
            _ => panic!("unknown flag {flag}"),
        }
    }
    options
}

/// Requests per second `wrk` reached on `url`, failing on any answer that is not 2xx.
fn wrk(options: &Options, url: &str, headers: &[String]) -> f64 {
    let mut command = Command::new("wrk");
    command
        .arg(format!("-t{}", options.threads))
        .arg(format!("-c{}", options.connections))
        .arg(format!("-d{}s", options.seconds))
        .arg("--latency");
    for header in headers {
        command.arg("-H").arg(header);
    }
    let output = command
        .arg(url)
        .output()
        .expect("wrk (Debian's package wrk) must be installed");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "wrk failed: {text}");
    assert!(
        !text.contains("Non-2xx"),
        "{url} answered errors under load:\n{text}"
    );
    figure_after(&text, "Requests/sec:").unwrap_or_else(|| panic!("no rate in:\n{text}"))
}

/// The number that follows `label` in `text`.
fn figure_after(text: &str, label: &str) -> Option<f64> {
    let rest = &text[text.find(label)? + label.len()..];
    rest.split_whitespace().next()?.parse().ok()
}

/// A session cookie for `name`, by the login form as a browser signs in.
async fn session_cookie(server: &Server, name: &str) -> String {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = client
        .post(format!("{}/login", server.base))
        .form(&[
            ("username", name.to_owned()),
            ("password", format!("password-{name}")),
        ])
        .send()
        .await
        .expect("login");
    let cookie = response
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.starts_with("bg_session="))
        .expect("the login sets the session cookie");
    cookie.split(';').next().unwrap().to_owned()
}

/// Moves per second that `movers` clients reach, each playing its own games for `seconds`.
async fn moves_per_second(api: &Arc<Api>, options: &Options, tag: &str) -> f64 {
    let mut pairs = Vec::new();
    for n in 0..options.movers {
        let white_name = format!("w{n}{tag}");
        let black_name = format!("b{n}{tag}");
        let white = api.player(&white_name).await;
        let black = api.player(&black_name).await;
        pairs.push((white, black, black_name));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let moves = Arc::new(AtomicU64::new(0));
    let began = Instant::now();
    let tasks: Vec<_> = pairs
        .into_iter()
        .map(|(white, black, black_name)| {
            let (api, stop, moves) = (api.clone(), stop.clone(), moves.clone());
            tokio::spawn(async move {
                let mut game = api.game("reversi-8x8", &white, &black, &black_name).await;
                while !stop.load(Ordering::Relaxed) {
                    if game["status"] != "active" {
                        game = api.game("reversi-8x8", &white, &black, &black_name).await;
                        continue;
                    }
                    game = api.play_first(&game, &white, &black).await;
                    moves.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(options.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.expect("a mover failed");
    }
    moves.load(Ordering::Relaxed) as f64 / began.elapsed().as_secs_f64()
}

/// `pgbench -N` transactions per second with `clients`, in `<database>_pgbench` beside
/// `database_url`'s database.
fn pgbench(database_url: &str, clients: usize, seconds: u64) -> f64 {
    let (server_url, name) = database_url
        .rsplit_once('/')
        .expect("a Postgres URL ends in /<database>");
    let bench_url = format!("{server_url}/{name}_pgbench");
    // The database may exist from an earlier run; pgbench -i rebuilds its tables.
    let _ = Command::new("psql")
        .args([
            database_url,
            "-qc",
            &format!("create database {name}_pgbench"),
        ])
        .output();
    let init = Command::new("pgbench")
        .args(["-i", "-q", "-s", "16", &bench_url])
        .output()
        .expect("pgbench (Debian's package postgresql-contrib or postgresql) must be installed");
    assert!(
        init.status.success(),
        "pgbench -i: {}",
        String::from_utf8_lossy(&init.stderr)
    );
    let run = Command::new("pgbench")
        .args([
            "-N",
            "-c",
            &clients.to_string(),
            "-j",
            "2",
            "-T",
            &seconds.to_string(),
            &bench_url,
        ])
        .output()
        .expect("pgbench");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "pgbench: {text}");
    figure_after(&text, "tps =").unwrap_or_else(|| panic!("no tps in:\n{text}"))
}

#[tokio::main]
async fn main() {
    let options = options();
    let on = if options.database_url.is_some() {
        "Postgres"
    } else {
        "SQLite"
    };
    let server = Server::start(
        &options.bin,
        "throughput",
        options.database_url.as_deref(),
        &[],
    )
    .await;
    let api = Arc::new(Api {
        client: reqwest::Client::new(),
        base: server.base.clone(),
    });
    // Names unique to this run: a Postgres database may hold earlier runs' players.
    let tag = format!("{}x{}", std::process::id(), rand_suffix());
    let (white_name, black_name) = (format!("white{tag}"), format!("black{tag}"));
    let white = api.player(&white_name).await;
    let black = api.player(&black_name).await;
    let mut game = api.game("chess", &white, &black, &black_name).await;
    let id = game["id"].as_str().unwrap().to_owned();
    for (ply, chess_move) in OPENING.iter().enumerate() {
        let token = if ply % 2 == 0 { &white } else { &black };
        game = api
            .post(
                &format!("/api/v1/games/{id}/moves"),
                Some(token),
                json!({"move": chess_move, "ply": ply}),
            )
            .await;
    }
    assert_eq!(game["ply"], Value::from(20));
    assert_eq!(game["to_move"], "white");
    let cookie = format!("Cookie: {}", session_cookie(&server, &white_name).await);

    let base = &server.base;
    if let Some(seconds) = options.hold {
        println!("server pid {}\n{base}/games/{id}\n{cookie}", server.pid());
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        return;
    }
    let livez = wrk(&options, &format!("{base}/livez"), &[]);
    let ready = wrk(&options, &format!("{base}/readyz"), &[]);
    let page = wrk(&options, &format!("{base}/games/{id}"), &[cookie]);
    let guest_page = wrk(&options, &format!("{base}/games/{id}"), &[]);
    let api_game = wrk(&options, &format!("{base}/api/v1/games/{id}"), &[]);
    let rules = wrk(&options, &format!("{base}/rules/chess"), &[]);
    let livez_after = wrk(&options, &format!("{base}/livez"), &[]);
    let livez_mean = f64::midpoint(livez, livez_after);
    let moves = moves_per_second(&api, &options, &tag).await;
    drop(server);
    let pgbench = options
        .database_url
        .as_deref()
        .map(|url| pgbench(url, options.movers, options.seconds));

    println!(
        "\n{on}: wrk -t{} -c{} -d{}s; {} movers\n",
        options.threads, options.connections, options.seconds, options.movers
    );
    println!("| measure | per second | ratio | of |");
    println!("|---|---:|---:|---|");
    println!(
        "| `/livez` (before, after) | {livez:.0}, {livez_after:.0} | 1.00 | their mean {livez_mean:.0} |"
    );
    for (name, rate) in [
        ("`/readyz` (one database statement)", ready),
        ("game page (HTML, chess at ply 20, as White)", page),
        ("the same game page as a guest", guest_page),
        ("`GET /api/v1/games/{id}`", api_game),
        ("rules page", rules),
    ] {
        println!(
            "| {name} | {rate:.0} | {:.2} | `/livez` |",
            rate / livez_mean
        );
    }
    match pgbench {
        Some(tps) => {
            println!(
                "| `pgbench -N`, {} clients | {tps:.0} | 1.00 | |",
                options.movers
            );
            println!(
                "| durable moves through the API, {} clients | {moves:.0} | {:.2} | `pgbench -N` |",
                options.movers,
                moves / tps
            );
        }
        None => println!(
            "| moves through the API, {} clients | {moves:.0} | | (pgbench: Postgres only) |",
            options.movers
        ),
    }
}

/// A few digits that differ between runs started in the same process-id space.
fn rand_suffix() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos() % 100_000)
}
