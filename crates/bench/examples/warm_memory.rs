//! What keeping signed-in players warm costs in memory: the server's resident size
//! before and after `--sessions` sessions (10,000 by default) have each been seen on two
//! pages, a rules page (which keeps the session: its player and header counts) and one of
//! their player's game pages (which keeps that session's view of the game).
//!
//! ```text
//! cargo build --release -p server -p bench --bins --examples
//! target/release/examples/warm_memory [--sessions 10000] [--players 100] [--games 500]
//!     [--bin target/release/server] [--database-url postgres://…/warm] [--max-mb 300]
//! ```
//!
//! With `--max-mb` it fails when the server's resident size after warming is above that
//! many megabytes (10^6 bytes; CI runs it so on the test build).
//!
//! It starts the release server (a fresh SQLite file, or the given Postgres database),
//! signs up `--players` players through the API and starts `--games` chess games among
//! them, then writes the sessions straight into the database (signing in 10,000 times
//! through the login form would spend minutes hashing passwords) with tokens of its own,
//! so it can send their cookies. It reads the server's resident size (`VmRSS`) once the
//! setup is done and again after every session's two pages, and checks that each page
//! names its player (a session that lapsed would pass for a guest's).
//!
//! The games themselves are kept for a second (at most 1,024 of them), not warm, so this
//! measures sessions and viewers' pages; the rendered pages kept for a second (at most
//! 1,024) are in both figures.

use std::time::Duration;

use bench::{Api, Server};
use futures_util::{StreamExt, stream};
use serde_json::Value;

struct Options {
    sessions: usize,
    players: usize,
    games: usize,
    bin: String,
    database_url: Option<String>,
    max_mb: Option<f64>,
}

fn options() -> Options {
    let mut options = Options {
        sessions: 10_000,
        players: 100,
        games: 500,
        bin: "target/release/server".to_owned(),
        database_url: None,
        max_mb: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .unwrap_or_else(|| panic!("{flag} needs a value"));
        let number = || value.parse::<usize>().expect("a number");
        match flag.as_str() {
            "--sessions" => options.sessions = number(),
            "--players" => options.players = number(),
            "--games" => options.games = number(),
            "--bin" => options.bin = value,
            "--database-url" => options.database_url = Some(value),
            "--max-mb" => options.max_mb = Some(value.parse().expect("a number")),
            other => panic!("unknown flag {other}"),
        }
    }
    assert!(options.players >= 2, "--players: two or more");
    assert!(options.games >= 1, "--games: one or more");
    options
}

/// One player: their id, name, token and the ids of their games.
struct Player {
    id: String,
    name: String,
    games: Vec<String>,
}

/// Waits until the server's resident size stops moving (the allocator returns what the
/// setup freed at its own pace), then reads it in MiB.
async fn settled_rss_mib(server: &Server) -> f64 {
    let mut last = server.rss_kib().expect("the server runs");
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let now = server.rss_kib().expect("the server runs");
        if now.abs_diff(last) < 256 {
            return now as f64 / 1024.0;
        }
        last = now;
    }
    last as f64 / 1024.0
}

#[tokio::main]
async fn main() {
    let options = options();
    // A SQLite file of this program's own, so it can write the sessions into it.
    let dir = std::env::temp_dir().join(format!("boardgames-warm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = options
        .database_url
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}/warm.db", dir.display()));
    let server = Server::start(&options.bin, "warm", Some(&url), &[]).await;
    let api = Api {
        client: reqwest::Client::new(),
        base: server.base.clone(),
    };
    let mut players = Vec::new();
    for i in 0..options.players {
        let name = format!("warm{i}");
        let token = api.player(&name).await;
        let me: Value = api
            .client
            .get(format!("{}/api/v1/me", api.base))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        players.push((
            Player {
                id: me["id"].as_str().unwrap().to_owned(),
                name,
                games: Vec::new(),
            },
            token,
        ));
    }
    for g in 0..options.games {
        let (white, black) = (g % options.players, (g * 7 + 1) % options.players);
        let black = if black == white {
            (black + 1) % options.players
        } else {
            black
        };
        let game = api
            .game(
                "chess",
                &players[white].1,
                &players[black].1,
                &players[black].0.name,
            )
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        players[white].0.games.push(id.clone());
        players[black].0.games.push(id);
    }
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&url).await.expect("the database");
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs(),
    )
    .unwrap();
    let mut sessions = Vec::new();
    let mut tx = db.begin().await.unwrap();
    for s in 0..options.sessions {
        let player = &players[s % options.players].0;
        let token = vocab::ids::new_token();
        sqlx::query(
            "insert into sessions (token_hash, user_id, created_at, expires_at) \
             values ($1, $2, $3, $4)",
        )
        .bind(domain::accounts::token_hash(&token))
        .bind(&player.id)
        .bind(now)
        .bind(now + 30 * 86_400)
        .execute(&mut *tx)
        .await
        .unwrap();
        let game = player
            .games
            .get(s / options.players % player.games.len().max(1));
        sessions.push((token, player.name.clone(), game.cloned()));
    }
    tx.commit().await.unwrap();
    let before = settled_rss_mib(&server).await;
    let pages = sessions
        .iter()
        .flat_map(|(token, name, game)| {
            let cookie = format!("bg_session={token}");
            let mut paths = vec![("/rules/chess".to_owned(), cookie.clone(), name)];
            if let Some(game) = game {
                paths.push((format!("/games/{game}"), cookie, name));
            }
            paths
        })
        .collect::<Vec<_>>();
    let seen = pages.len();
    let answers = stream::iter(pages.into_iter().map(|(path, cookie, name)| {
        let client = api.client.clone();
        let url = format!("{}{path}", api.base);
        async move {
            let page = client
                .get(url)
                .header("Cookie", cookie)
                .send()
                .await
                .expect("request")
                .text()
                .await
                .expect("body");
            // The bell is a signed-in header's; the name says whose.
            page.contains("id=\"bell\"") && page.contains(&format!(">{name}<"))
        }
    }))
    .buffer_unordered(32)
    .collect::<Vec<bool>>()
    .await;
    let named = answers.iter().filter(|named| **named).count();
    assert_eq!(named, seen, "every page names its signed-in player");
    let after = settled_rss_mib(&server).await;
    let grown = after - before;
    println!(
        "\n{} sessions of {} players, {} games; {seen} pages seen, each naming its player\n",
        options.sessions, options.players, options.games
    );
    println!("| | resident MiB |");
    println!("|---|---:|");
    println!("| after the setup | {before:.1} |");
    println!("| after every session's rules page and game page | {after:.1} |");
    println!(
        "| grown, per session | {grown:.1} MiB, {:.1} KiB |",
        grown * 1024.0 / options.sessions as f64
    );
    println!(
        "| after ÷ the 300 MB target | {:.2} |",
        after * 1_048_576.0 / 300e6
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(max) = options.max_mb {
        let held = after * 1_048_576.0 / 1e6;
        assert!(
            held <= max,
            "the server holds {held:.1} MB with every session warm, above {max} MB"
        );
    }
}
