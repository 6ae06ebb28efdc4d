//! What keeping signed-in players and games warm costs in memory: the server's resident
//! size before and after `--sessions` sessions (10,000 by default) have each been seen on
//! two pages, a rules page (which keeps the session: its player and header counts) and
//! one of their player's game pages (which keeps that session's view of the game), and
//! `--warm-games` games (50,000 by default) have each been read once (which keeps the
//! game).
//!
//! ```text
//! cargo build --release -p server -p bench --bins --examples
//! target/release/examples/warm_memory [--sessions 10000] [--players 100] [--games 500]
//!     [--warm-games 50000] [--bin target/release/server]
//!     [--database-url postgres://…/warm] [--max-mb 300]
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
//! setup is done (the warm games copied too) and again after every session's two pages
//! and every warm game's read, and checks that each page names its player (a session
//! that lapsed would pass for a guest's).
//!
//! The warm games are copies of a game of every variant between two players of their own,
//! 5 to 30 plies in, played through the API: copied in the database (starting 50,000 games
//! through the API would take minutes) and each read once through
//! `GET /api/v1/games/{id}`. The second figure is taken once the last is read (by then
//! the server has let go of the sessions' pages, boards and bodies it kept for a second);
//! a second read of every 50th game, counted by the server's `game_snapshot_reads_total`,
//! then shows that every game was still kept.

use std::time::Duration;

use bench::{Api, Server};
use futures_util::{StreamExt, stream};
use serde_json::Value;

struct Options {
    sessions: usize,
    players: usize,
    games: usize,
    warm_games: usize,
    bin: String,
    database_url: Option<String>,
    max_mb: Option<f64>,
}

fn options() -> Options {
    let mut options = Options {
        sessions: 10_000,
        players: 100,
        games: 500,
        warm_games: 50_000,
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
            "--warm-games" => options.warm_games = number(),
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

/// A template game of every variant, 5 to 30 plies in (fewer when one ends sooner).
async fn templates(api: &Api, white: &str, black: &str, black_name: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for (i, variant) in rules::Variant::ALL
        .map(rules::Variant::as_str)
        .into_iter()
        .enumerate()
    {
        let mut game = api.game(variant, white, black, black_name).await;
        for _ in 0..5 * (i + 1) {
            if game["status"] != "active" {
                break;
            }
            game = api.play_first(&game, white, black).await;
        }
        ids.push(game["id"].as_str().unwrap().to_owned());
    }
    ids
}

/// The columns of `table`, in order.
async fn columns(db: &sqlx::AnyPool, postgres: bool, table: &str) -> Vec<String> {
    let query = if postgres {
        "select column_name from information_schema.columns \
         where table_name = $1 and table_schema = current_schema() order by ordinal_position"
    } else {
        "select name from pragma_table_info($1) order by cid"
    };
    sqlx::query_scalar(query)
        .bind(table)
        .fetch_all(db)
        .await
        .expect("the columns")
}

/// Copies the games `templates`, with their moves, into `count` games of ids of their
/// own, in one transaction; their ids.
async fn copy_games(
    db: &sqlx::AnyPool,
    postgres: bool,
    templates: &[String],
    count: usize,
) -> Vec<String> {
    // Each statement copies a row's columns, the id (or game id) replaced by `$1`.
    let copy = |table: &str, key: &str, columns: Vec<String>| {
        let list = columns.join(", ");
        let chosen = columns
            .iter()
            .map(|column| if column == key { "$1" } else { column.as_str() })
            .collect::<Vec<_>>()
            .join(", ");
        format!("insert into {table} ({list}) select {chosen} from {table} where {key} = $2")
    };
    let games = copy("games", "id", columns(db, postgres, "games").await);
    let moves = copy("moves", "game_id", columns(db, postgres, "moves").await);
    let mut ids = Vec::with_capacity(count);
    let mut tx = db.begin().await.unwrap();
    for n in 0..count {
        let template = &templates[n % templates.len()];
        let id = vocab::ids::new_id();
        for statement in [&games, &moves] {
            sqlx::query(statement)
                .bind(&id)
                .bind(template)
                .execute(&mut *tx)
                .await
                .unwrap();
        }
        ids.push(id);
    }
    tx.commit().await.unwrap();
    ids
}

/// The server's count of game reads served from a snapshot.
async fn snapshot_hits(api: &Api) -> f64 {
    let metrics = api
        .client
        .get(format!("{}/metrics", api.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    metrics
        .lines()
        .find(|line| line.starts_with("game_snapshot_reads_total{result=\"hit\"}"))
        .and_then(|line| line.rsplit(' ').next()?.parse().ok())
        .unwrap_or(0.0)
}

/// Reads every game of `ids` once through the API, 32 at a time.
async fn read_games(api: &Api, ids: &[String]) {
    stream::iter(ids.iter().map(|id| async move {
        let response = api
            .client
            .get(format!("{}/api/v1/games/{id}", api.base))
            .send()
            .await
            .expect("request");
        assert!(
            response.status().is_success(),
            "game {id}: {}",
            response.status()
        );
        // The body is not parsed: this program shares the machine's two cores with the
        // server, and reading 50,000 games must stay well within `WARM_AGE`.
        let body = response.bytes().await.expect("body");
        assert!(body.len() > id.len(), "game {id}: an empty body");
    }))
    .buffer_unordered(32)
    .collect::<Vec<()>>()
    .await;
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
    let started = std::time::Instant::now();
    let phase = |what: &str| eprintln!("{:>6.1} s  {what}", started.elapsed().as_secs_f64());
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
    phase("players, games and sessions set up");
    // Between two players of their own, who have no session here: a player of 25,000
    // games is no one's shape of real use.
    let (white, black) = (api.player("warm_tw").await, api.player("warm_tb").await);
    let templates = templates(&api, &white, &black, "warm_tb").await;
    let postgres = url.starts_with("postgres");
    let warm_games = copy_games(&db, postgres, &templates, options.warm_games).await;
    phase("warm games copied");
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
    phase("every session's two pages seen");
    let reading = std::time::Instant::now();
    read_games(&api, &warm_games).await;
    phase("every warm game read");
    // What the server holds with every session and game warm; by now it has let go of
    // what the sessions' pages kept for a second (it does every five seconds).
    let after = settled_rss_mib(&server).await;
    // Every 50th game, read again, is served from memory: all were still kept when
    // measured.
    let sample = warm_games.iter().step_by(50).cloned().collect::<Vec<_>>();
    let hits = snapshot_hits(&api).await;
    read_games(&api, &sample).await;
    let kept = snapshot_hits(&api).await - hits;
    assert!(
        kept >= sample.len() as f64,
        "{kept} of a sample of {} warm games were still kept, {:.0} s after the first was \
         read: reading them all must take well under WARM_AGE (30 s)",
        sample.len(),
        reading.elapsed().as_secs_f64()
    );
    let grown = after - before;
    println!(
        "\n{} sessions of {} players, {} games; {seen} pages seen, each naming its player; \
         {} games read and kept\n",
        options.sessions,
        options.players,
        options.games,
        warm_games.len()
    );
    println!("| | resident MiB |");
    println!("|---|---:|");
    println!("| after the setup | {before:.1} |");
    println!(
        "| after every session's rules page and game page, and every warm game read | {after:.1} |"
    );
    println!("| grown | {grown:.1} |");
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
            "the server holds {held:.1} MB with every session and game warm, above {max} MB"
        );
    }
}
