//! The benchmarks and load tools of the server (the programs under `examples/`), and what
//! several of them share. The server under test of the benchmarks is the release binary as a process of its own,
//! on a fresh SQLite file (or a given database), with the per-address limits lifted:
//! every client of a benchmark is 127.0.0.1, which would otherwise be one attacker.

use serde_json::{Value, json};
use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::Duration,
};

/// What lifts the per-address budgets and caps (a benchmark measures the server, not
/// them: `slow_clients.py` and the API tests measure those).
const UNLIMITED: &[(&str, &str)] = &[
    ("SIGNUP_PER_HOUR", "100000000"),
    ("LOGIN_PER_MINUTE", "100000000"),
    ("TOKEN_CREATIONS_PER_HOUR", "100000000"),
    ("MAX_CONNECTIONS", "1000000"),
    ("MAX_CONNECTIONS_PER_ADDRESS", "1000000"),
    ("MAX_STREAMS_PER_ADDRESS", "1000000"),
    ("GAMES_ALLOWANCE", "10000"),
    ("GAMES_ALLOWANCE_CEILING", "10000"),
];

/// The running server; killed, and its directory removed, when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    dir: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Server {
    /// Starts `bin` with the environment `vars` on `database_url`, or on a SQLite file in
    /// a directory of its own named after `name`, and waits until it is ready.
    pub async fn start(
        bin: &str,
        name: &str,
        database_url: Option<&str>,
        vars: &[(&str, &str)],
    ) -> Server {
        let dir = std::env::temp_dir().join(format!("boardgames-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let url = database_url.map_or_else(
            || format!("sqlite://{}/bench.db", dir.display()),
            str::to_owned,
        );
        let child = Command::new(bin)
            .env("DATABASE_URL", url)
            .env("LISTEN_ADDR", format!("127.0.0.1:{port}"))
            .envs(UNLIMITED.iter().chain(vars).copied())
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| panic!("start {bin}: {error}"));
        let server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
            dir,
        };
        for _ in 0..300 {
            if reqwest::get(format!("{}/readyz", server.base))
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the server did not become ready");
    }

    /// The server's process id (for `perf record -p`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The server's resident memory in KiB, or `None` once the process is gone.
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    }
}

/// A client of the server's JSON API, for setting up what a benchmark measures.
pub struct Api {
    /// The HTTP client, with its connection pool.
    pub client: reqwest::Client,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
}

impl Api {
    /// POSTs `body` as JSON (with `token` as bearer), asserting success; the answer.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Value {
        let mut request = self.client.post(format!("{}{path}", self.base)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("request");
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "POST {path}: {status} {body}");
        body
    }

    /// Signs up `name`; their API token.
    pub async fn player(&self, name: &str) -> String {
        let credentials = json!({"username": name, "password": format!("password-{name}")});
        self.post("/api/v1/accounts", None, credentials.clone())
            .await;
        self.post("/api/v1/tokens", None, credentials).await["token"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// A new game of `variant`; White is `white`.
    pub async fn game(&self, variant: &str, white: &str, black: &str, black_name: &str) -> Value {
        let challenge = self
            .post(
                "/api/v1/challenges",
                Some(white),
                json!({"variant": variant, "color": "white", "days_per_move": 14,
                       "opponent": black_name}),
            )
            .await;
        let id = challenge["id"].as_str().unwrap();
        let accepted = self
            .post(
                &format!("/api/v1/challenges/{id}/accept"),
                Some(black),
                json!({}),
            )
            .await;
        self.read_game(accepted["game_id"].as_str().unwrap()).await
    }

    /// `GET /api/v1/games/{id}`, as a guest.
    pub async fn read_game(&self, id: &str) -> Value {
        self.client
            .get(format!("{}/api/v1/games/{id}", self.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// Plays the first legal move of `game` for whoever is to move; the game after it.
    pub async fn play_first(&self, game: &Value, white: &str, black: &str) -> Value {
        let token = if game["to_move"] == "white" {
            white
        } else {
            black
        };
        let id = game["id"].as_str().unwrap();
        self.post(
            &format!("/api/v1/games/{id}/moves"),
            Some(token),
            json!({"move": game["legal_moves"][0], "ply": game["ply"]}),
        )
        .await
    }
}
