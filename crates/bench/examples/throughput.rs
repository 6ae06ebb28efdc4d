//! Throughput of the server's busiest paths, as ratios of the machine's own limits
//! measured in the same run.
//!
//! The headline is shaped like real use: many players, each looking at their own games.
//! `--games` games (300 by default) of every variant, 0–30 plies in, between
//! `--players` players; every request is a different random pair of a game and one of its
//! two players (a `wrk` Lua script draws them). It measures the game page (HTML, signed in
//! by the session cookie as a browser is), the same with an address of its own for every
//! request (so no rendered page is reused), the API's game (the player's token) and the
//! rules pages of every variant (each by a random player), against `/livez` (all with
//! `wrk`).
//!
//! Kept as a labelled best case: one game page read again and again by one viewer (and
//! by guests), which the one-second caches answer nearly always. Then durable moves
//! through the API against `pgbench -N` on the same Postgres with as many clients, and
//! `/readyz`, which runs one trivial statement, to show what a database round trip costs.
//!
//! ```text
//! cargo build --release -p server -p bench --bins --examples
//! target/release/examples/throughput [--seconds 10] [--connections 64] [--threads 2]
//!     [--games 300] [--players 60] [--movers 16] [--bin target/release/server]
//!     [--database-url postgres://…/bench] [--hold SECONDS]
//! ```
//!
//! `--hold` is for profiling: after the setup it prints the best case's URL and White's
//! cookie header and the many-games script's path, keeps the server up for that long (to
//! run `wrk` and `perf record -p` by hand) and exits without measuring.
//!
//! Without `--database-url` the server runs on a fresh SQLite file and there is no
//! pgbench figure. With it, pgbench runs in a database of its own beside the given one
//! (`<name>_pgbench`, created and initialised at scale 16 by this program).
//!
//! The best case reads White's page at ply 20 of a chess game (White is to move there).
//! The movers each play their own Reversi 8x8 game, the first legal move every time, both
//! sides, starting a new game when one ends.

use std::{
    path::{Path, PathBuf},
    process::Command,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use futures_util::{StreamExt, stream};
use rand::{Rng, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

use bench::{Api, Server};
use rules::Variant;

/// The most plies a game of the many-games measure is played into.
const MAX_PLIES: u64 = 30;

/// Twenty plies of a Ruy Lopez, White to move after them.
const OPENING: [&str; 20] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5",
    "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6a5", "b3c2", "c7c5",
];

struct Options {
    seconds: u64,
    connections: u32,
    threads: u32,
    games: usize,
    players: usize,
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
        games: 300,
        players: 60,
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
            "--games" => options.games = number() as usize,
            "--players" => options.players = number() as usize,
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
    wrk_with(options, url, headers, None)
}

/// Requests per second `wrk` reached on `url`, with the Lua `script` choosing each
/// request where one is given, failing on any answer that is not 2xx.
fn wrk_with(options: &Options, url: &str, headers: &[String], script: Option<&Path>) -> f64 {
    let mut command = Command::new("wrk");
    if let Some(script) = script {
        command.arg("-s").arg(script);
    }
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

/// A player of the many-games measure: name, API token and session cookie.
struct Player {
    name: String,
    token: String,
    cookie: String,
}

/// The many-games measure's world: its players, and each game's id with the indexes of
/// its two players.
struct World {
    players: Vec<Player>,
    games: Vec<(String, usize, usize)>,
}

/// Signs up `options.players` players and plays `options.games` games among them (the
/// variants in turn, random pairings, each 0 to [`MAX_PLIES`] random legal plies in),
/// sixteen games at a time. The draws come from a fixed seed, so every run plays the same
/// games.
async fn world(api: &Arc<Api>, server: &Server, options: &Options, tag: &str) -> World {
    assert!(options.players >= 2, "--players: two or more");
    let mut players = Vec::with_capacity(options.players);
    for n in 0..options.players {
        let name = format!("p{n}{tag}");
        let token = api.player(&name).await;
        let cookie = session_cookie(server, &name).await;
        players.push(Player {
            name,
            token,
            cookie,
        });
    }
    let mut draw = StdRng::seed_from_u64(38);
    let plan: Vec<_> = (0..options.games)
        .map(|n| {
            let white = draw.random_range(0..players.len());
            let mut black = draw.random_range(0..players.len() - 1);
            if black >= white {
                black += 1;
            }
            let plies = draw.random_range(0..=MAX_PLIES);
            (
                Variant::ALL[n % Variant::ALL.len()].as_str(),
                white,
                black,
                plies,
                draw.random::<u64>(),
            )
        })
        .collect();
    let players = Arc::new(players);
    let games = stream::iter(plan)
        .map(|(variant, white, black, plies, seed)| {
            let (api, players) = (api.clone(), players.clone());
            async move {
                let (w, b) = (&players[white], &players[black]);
                let mut game = api.game(variant, &w.token, &b.token, &b.name).await;
                let mut pick = StdRng::seed_from_u64(seed);
                while game["status"] == "active" && game["ply"].as_u64() < Some(plies) {
                    let Some(legal) = game["legal_moves"].as_array().filter(|l| !l.is_empty())
                    else {
                        break;
                    };
                    let chosen = legal[pick.random_range(0..legal.len())].clone();
                    let token = if game["to_move"] == "white" {
                        &w.token
                    } else {
                        &b.token
                    };
                    let id = game["id"].as_str().unwrap().to_owned();
                    game = api
                        .post(
                            &format!("/api/v1/games/{id}/moves"),
                            Some(token),
                            json!({"move": chosen, "ply": game["ply"]}),
                        )
                        .await;
                }
                (game["id"].as_str().unwrap().to_owned(), white, black)
            }
        })
        .buffer_unordered(16)
        .collect()
        .await;
    let players = Arc::try_unwrap(players).unwrap_or_else(|_| unreachable!("the games are played"));
    World { players, games }
}

/// Writes a `wrk` script to `path` that sends each request to one of `requests` (a path,
/// and a header's name and value, or an empty name for none), drawn at random; each of
/// wrk's threads draws from a seed of its own. A path that ends in `?fresh=` gets a
/// random number after it.
fn script(path: &Path, requests: &[(String, &str, String)]) -> PathBuf {
    let mut lua = String::from("local requests = {\n");
    for (target, name, value) in requests {
        lua.push_str(&format!("  {{{target:?}, {name:?}, {value:?}}},\n"));
    }
    lua.push_str(
        "}\n\
         local threads = 0\n\
         function setup(thread)\n\
           threads = threads + 1\n\
           thread:set(\"seed\", threads)\n\
         end\n\
         function init(args)\n\
           math.randomseed(seed * 7919 + os.time())\n\
         end\n\
         function request()\n\
           local r = requests[math.random(#requests)]\n\
           local target = r[1]\n\
           if target:sub(-7) == \"?fresh=\" then target = target .. math.random(1000000000) end\n\
           if r[2] == \"\" then return wrk.format(\"GET\", target) end\n\
           return wrk.format(\"GET\", target, {[r[2]] = r[3]})\n\
         end\n",
    );
    std::fs::write(path, lua).expect("the wrk script");
    path.to_owned()
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

    let world = world(&api, &server, &options, &tag).await;
    let dir = std::env::temp_dir().join(format!("boardgames-throughput-{tag}"));
    std::fs::create_dir_all(&dir).expect("a directory for the wrk scripts");
    let mut pages = Vec::new();
    let mut api_games = Vec::new();
    for (id, white, black) in &world.games {
        for player in [&world.players[*white], &world.players[*black]] {
            pages.push((format!("/games/{id}"), "Cookie", player.cookie.clone()));
            api_games.push((
                format!("/api/v1/games/{id}"),
                "Authorization",
                format!("Bearer {}", player.token),
            ));
        }
    }
    let rules_pages: Vec<_> = Variant::ALL
        .iter()
        .flat_map(|variant| {
            world
                .players
                .iter()
                .map(move |player| (format!("/rules/{variant}"), "Cookie", player.cookie.clone()))
        })
        .collect();
    // The pages measured are the players' own: a page read with the first cookie names
    // its player in the header (a session that had ended would read as a guest's).
    let (first_page, _, first_cookie) = &pages[0];
    let first = &world.players[world.games[0].1];
    let body = api
        .client
        .get(format!("{}{first_page}", server.base))
        .header("Cookie", first_cookie)
        .send()
        .await
        .expect("a game page")
        .text()
        .await
        .expect("its body");
    assert!(
        body.contains(&format!("href=\"/players/{}\"", first.name)),
        "the game page is not signed in as its player"
    );
    // Every request at an address of its own (a query the page ignores): the rendered
    // page kept per viewer and address never answers, the data kept per viewer and game
    // still does. Between the best case and a cold page.
    let fresh_pages: Vec<_> = pages
        .iter()
        .map(|(target, name, value)| (format!("{target}?fresh="), *name, value.clone()))
        .collect();
    let pages_script = script(&dir.join("pages.lua"), &pages);
    let fresh_script = script(&dir.join("fresh.lua"), &fresh_pages);
    let api_script = script(&dir.join("api.lua"), &api_games);
    let rules_script = script(&dir.join("rules.lua"), &rules_pages);

    let base = &server.base;
    if let Some(seconds) = options.hold {
        println!(
            "server pid {}\n{base}/games/{id}\n{cookie}\nwrk -s {}",
            server.pid(),
            pages_script.display()
        );
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        return;
    }
    let livez = wrk(&options, &format!("{base}/livez"), &[]);
    let many_pages = wrk_with(&options, base, &[], Some(&pages_script));
    let fresh_pages = wrk_with(&options, base, &[], Some(&fresh_script));
    let many_api = wrk_with(&options, base, &[], Some(&api_script));
    let rules = wrk_with(&options, base, &[], Some(&rules_script));
    let ready = wrk(&options, &format!("{base}/readyz"), &[]);
    let page = wrk(&options, &format!("{base}/games/{id}"), &[cookie]);
    let guest_page = wrk(&options, &format!("{base}/games/{id}"), &[]);
    let api_game = wrk(&options, &format!("{base}/api/v1/games/{id}"), &[]);
    let guest_rules = wrk(&options, &format!("{base}/rules/chess"), &[]);
    let livez_after = wrk(&options, &format!("{base}/livez"), &[]);
    let livez_mean = f64::midpoint(livez, livez_after);
    let moves = moves_per_second(&api, &options, &tag).await;
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    let pgbench = options
        .database_url
        .as_deref()
        .map(|url| pgbench(url, options.movers, options.seconds));

    println!(
        "\n{on}: wrk -t{} -c{} -d{}s; {} games among {} players; {} movers\n",
        options.threads,
        options.connections,
        options.seconds,
        world.games.len(),
        world.players.len(),
        options.movers
    );
    println!("| measure | per second | ratio | of |");
    println!("|---|---:|---:|---|");
    println!(
        "| `/livez` (before, after) | {livez:.0}, {livez_after:.0} | 1.00 | their mean {livez_mean:.0} |"
    );
    let many = format!(
        "{} games of {} variants, each read by one of its two players, a random pair per request",
        world.games.len(),
        Variant::ALL.len()
    );
    for (name, rate) in [
        (format!("**game pages**: {many}"), many_pages),
        (
            format!(
                "game pages, each at an address of its own (rendered for every request): {many}"
            ),
            fresh_pages,
        ),
        (
            format!("**API game** (`GET /api/v1/games/{{id}}`, the player's token): {many}"),
            many_api,
        ),
        (
            format!(
                "**rules pages** of the {} variants, each read by one of the {} players, \
                 a random pair per request",
                Variant::ALL.len(),
                world.players.len()
            ),
            rules,
        ),
        ("`/readyz` (one database statement)".to_owned(), ready),
        (
            "best case: one game page (chess at ply 20) read again and again by White".to_owned(),
            page,
        ),
        (
            "best case: the same game page as a guest".to_owned(),
            guest_page,
        ),
        (
            "best case: the same game by the API, as a guest".to_owned(),
            api_game,
        ),
        (
            "best case: the chess rules page as a guest".to_owned(),
            guest_rules,
        ),
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
