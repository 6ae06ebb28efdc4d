//! Self-hosting: request logs without secrets, `/metrics`, `TRUSTED_PROXIES`, and the
//! command line (`check-config`, `migrate`, `healthcheck`, `backup`, `copy-data`).

use std::{
    path::{Path, PathBuf},
    process::Output,
};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Connection;
use store::Database;
use vocab::ids::new_id;

use crate::{
    helpers::{self, Backend, Player, ServerProcess, TestApp},
    scenarios,
};

/// The server binary built for these tests.
const SERVER: &str = helpers::SERVER_BIN;

/// Runs the server binary with only `vars` in its environment.
fn server_command(args: &[&str], vars: &[(&str, &str)]) -> Output {
    std::process::Command::new(SERVER)
        .args(args)
        .env_clear()
        .envs(vars.iter().copied())
        .output()
        .expect("run the server binary")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        let dir = std::env::temp_dir().join(format!("boardgames-ops-{}", new_id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

// ---- request logs ----------------------------------------------------------------

/// The server binary serving a fresh SQLite database, its stdout going to a file.
struct Spawned {
    process: ServerProcess,
    client: reqwest::Client,
    log: PathBuf,
    _dir: TempDir,
}

impl Spawned {
    /// Starts the binary with `LOG_FORMAT=format` and `RUST_LOG=trace`, ready to serve.
    async fn start(format: &str) -> Spawned {
        let dir = TempDir::new();
        let log = dir.path("server.log");
        let database = sqlite_url(&dir.path("db.sqlite"));
        let process = ServerProcess::start(
            &[
                ("DATABASE_URL", &database),
                ("LOG_FORMAT", format),
                ("RUST_LOG", "trace"),
            ],
            std::fs::File::create(&log).unwrap().into(),
        )
        .await;
        Spawned {
            process,
            client: reqwest::Client::new(),
            log,
            _dir: dir,
        }
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<Value>,
    ) -> reqwest::Response {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.process.address));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request")
    }

    /// Stops the server and returns what it logged.
    fn stop(self) -> String {
        drop(self.process);
        std::fs::read_to_string(&self.log).unwrap()
    }
}

/// Runs the server binary with `LOG_FORMAT=format` and `RUST_LOG=trace`; signs up, gets a
/// token, fails a login, signs in with a cookie and uses cookie and token. Returns the log
/// and the secrets used.
async fn logged_flow(format: &str) -> (String, Vec<String>) {
    use reqwest::Method;
    let server = Spawned::start(format).await;
    let password = "correct-horse-battery-staple";
    let account = json!({"username": "logged", "password": password});
    let response = server
        .send(Method::POST, "/api/v1/accounts", &[], Some(account.clone()))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let response = server
        .send(Method::POST, "/api/v1/tokens", &[], Some(account.clone()))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let token = response.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let wrong = json!({"username": "logged", "password": "wrong-password-here"});
    let response = server
        .send(Method::POST, "/api/v1/session", &[], Some(wrong))
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = server
        .send(Method::POST, "/api/v1/session", &[], Some(account))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = response
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let session = cookie.split_once('=').unwrap().1.to_owned();
    let response = server
        .send(Method::GET, "/api/v1/me", &[("cookie", &cookie)], None)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let bearer = format!("Bearer {token}");
    let response = server
        .send(
            Method::GET,
            "/api/v1/me",
            &[("authorization", &bearer)],
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let forged = [("authorization", "Bearer not-a-real-token")];
    let response = server.send(Method::GET, "/api/v1/me", &forged, None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let log = server.stop();
    (
        strip_ansi(&log),
        vec![
            password.to_owned(),
            "wrong-password-here".to_owned(),
            token,
            session,
            "not-a-real-token".to_owned(),
        ],
    )
}

/// `text` without terminal colour sequences (`ESC [ … m`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[tokio::test]
async fn text_request_logs_name_route_status_duration_and_no_secret() {
    let (log, secrets) = logged_flow("text").await;
    for secret in &secrets {
        assert!(
            !log.contains(secret.as_str()),
            "a secret was logged:\n{log}"
        );
    }
    let requests: Vec<&str> = log
        .lines()
        .filter(|line| line.contains(" http: request "))
        .collect();
    for (route, status) in [
        ("/api/v1/accounts", 201),
        ("/api/v1/tokens", 201),
        ("/api/v1/session", 401),
        ("/api/v1/session", 200),
        ("/api/v1/me", 200),
        ("/api/v1/me", 401),
    ] {
        assert!(
            requests
                .iter()
                .any(|line| line.contains(&format!("route={route} "))
                    && line.contains(&format!("status={status} "))
                    && line.contains("method=")
                    && line.contains("duration_ms=")),
            "no log line for {route} {status}:\n{log}"
        );
    }
}

#[tokio::test]
async fn json_request_logs_name_route_status_duration_and_no_secret() {
    let (log, secrets) = logged_flow("json").await;
    for secret in &secrets {
        assert!(
            !log.contains(secret.as_str()),
            "a secret was logged:\n{log}"
        );
    }
    let requests: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("every line is JSON"))
        .filter(|line| line["target"] == "http")
        .collect();
    assert!(requests.len() >= 7, "{log}");
    let login_failure = requests
        .iter()
        .find(|line| line["route"] == "/api/v1/session" && line["status"] == 401)
        .expect("the failed login is logged");
    assert_eq!(login_failure["method"], "POST");
    assert!(login_failure["duration_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(login_failure["client"], "127.0.0.1");
}

// ---- metrics ---------------------------------------------------------------------

scenarios!(metrics_name_every_series_and_count_moves_and_games);

/// The value of the series `name` with exactly `labels` (in any order) in a Prometheus
/// text `page`.
fn sample(page: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    let mut wanted: Vec<String> = labels.iter().map(|(k, v)| format!("{k}=\"{v}\"")).collect();
    wanted.sort();
    page.lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| {
            let (key, value) = line.rsplit_once(' ')?;
            let (series, mut found) = match key.split_once('{') {
                Some((series, rest)) => (
                    series,
                    rest.trim_end_matches('}')
                        .split(',')
                        .map(str::to_owned)
                        .collect::<Vec<_>>(),
                ),
                None => (key, Vec::new()),
            };
            found.sort();
            (series == name && found == wanted)
                .then(|| value.parse().ok())
                .flatten()
        })
}

async fn scrape(app: &TestApp) -> String {
    let (status, body) = app.get("/metrics", None).await;
    assert_eq!(status, StatusCode::OK);
    body.as_str().expect("text").to_owned()
}

async fn metrics_name_every_series_and_count_moves_and_games(app: TestApp) {
    let before = scrape(&app).await;
    let moves =
        |page: &str| sample(page, "moves_played_total", &[("variant", "chess")]).unwrap_or(0.0);
    let white = app.player("metrics_w").await;
    let black = app.player("metrics_b").await;
    let game = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &game, "e2e4").await;
    let during = scrape(&app).await;
    assert!(moves(&during) >= moves(&before) + 1.0, "{during}");
    assert!(
        sample(&during, "games_started_total", &[("variant", "chess")]).unwrap() >= 1.0,
        "{during}"
    );
    // This app's database has exactly one active chess game.
    assert_eq!(
        sample(&during, "games_active", &[("variant", "chess")]),
        Some(1.0)
    );
    assert_eq!(
        sample(&during, "games_active", &[("variant", "reversi-8x8")]),
        Some(0.0)
    );
    assert!(
        sample(
            &during,
            "http_requests_total",
            &[
                ("method", "POST"),
                ("route", "/api/v1/games/{id}/moves"),
                ("status", "200")
            ]
        )
        .unwrap()
            >= 1.0,
        "{during}"
    );
    assert!(during.contains("# TYPE http_request_duration_seconds histogram"));
    assert!(
        sample(
            &during,
            "http_request_duration_seconds_bucket",
            &[
                ("method", "POST"),
                ("route", "/api/v1/games/{id}/moves"),
                ("le", "+Inf")
            ]
        )
        .unwrap()
            >= 1.0,
        "{during}"
    );
    for gauge in [
        "db_pool_connections_in_use",
        "db_pool_connections_idle",
        "live_event_subscribers",
    ] {
        assert!(
            sample(&during, gauge, &[]).is_some(),
            "{gauge} missing:\n{during}"
        );
    }
    let (status, _) = app.act(&black, &game, "resign").await;
    assert_eq!(status, StatusCode::OK);
    let after = scrape(&app).await;
    assert!(
        sample(
            &after,
            "games_finished_total",
            &[("termination", "resignation"), ("variant", "chess")]
        )
        .unwrap()
            >= 1.0,
        "{after}"
    );
    assert_eq!(
        sample(&after, "games_active", &[("variant", "chess")]),
        Some(0.0)
    );
}

// ---- trusted proxies -------------------------------------------------------------

async fn failed_login(app: &TestApp, user: &str, forwarded_for: &str) -> StatusCode {
    app.client
        .post(format!("{}/api/v1/session", app.address))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"username": user, "password": "not-the-password"}))
        .send()
        .await
        .unwrap()
        .status()
}

#[tokio::test]
async fn forwarded_for_counts_only_from_a_trusted_proxy() {
    let vars = [
        ("LOGIN_ADDRESS_MAX_FAILURES", "2"),
        ("TRUSTED_PROXIES", "127.0.0.1"),
    ];
    let app = TestApp::spawn(Backend::Sqlite, &vars).await;
    // Behind the trusted proxy, each forwarded client has its own budget.
    assert_eq!(
        failed_login(&app, "u1", "198.51.100.1").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        failed_login(&app, "u2", "198.51.100.1").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        failed_login(&app, "u3", "198.51.100.1").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        failed_login(&app, "u4", "198.51.100.2").await,
        StatusCode::UNAUTHORIZED
    );
    // A client cannot add a hop of its own in front of the proxy's to dodge the limit.
    assert_eq!(
        failed_login(&app, "u5", "203.0.113.77, 198.51.100.1").await,
        StatusCode::TOO_MANY_REQUESTS
    );

    // Without TRUSTED_PROXIES the header is ignored: all come from 127.0.0.1.
    let app = TestApp::spawn(Backend::Sqlite, &[("LOGIN_ADDRESS_MAX_FAILURES", "2")]).await;
    assert_eq!(
        failed_login(&app, "u1", "198.51.100.1").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        failed_login(&app, "u2", "198.51.100.2").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        failed_login(&app, "u3", "198.51.100.3").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

// ---- command line ----------------------------------------------------------------

#[test]
fn check_config_names_a_bad_variable_and_exits_non_zero() {
    for (name, value) in [
        ("LOG_FORMAT", "yaml"),
        ("LISTEN_ADDR", "everywhere"),
        ("TRUSTED_PROXIES", "proxy.example"),
    ] {
        let out = server_command(&["check-config"], &[(name, value)]);
        assert_eq!(out.status.code(), Some(2), "{name}={value}");
        assert!(text(&out.stderr).contains(name), "{}", text(&out.stderr));
    }
    let out = server_command(
        &["check-config"],
        &[
            ("DATABASE_URL", "postgres://app:hunter2@db:5432/games"),
            ("TRUSTED_PROXIES", "10.0.0.0/8"),
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert!(
        printed.contains("DATABASE_URL=postgres://app:****@db:5432/games"),
        "{printed}"
    );
    assert!(printed.contains("TRUSTED_PROXIES=10.0.0.0/8"), "{printed}");
    assert!(!printed.contains("hunter2"));
    // Every variable of the one table, each on a line of its own.
    for variable in domain::config::VARIABLES {
        let prefix = format!("{}=", variable.name);
        assert!(
            printed.lines().any(|line| line.starts_with(&prefix)),
            "check-config does not print {}:\n{printed}",
            variable.name
        );
    }
}

#[test]
fn help_lists_every_command() {
    let out = server_command(&["--help"], &[]);
    assert!(out.status.success());
    let help = text(&out.stdout);
    for command in [
        "serve",
        "migrate",
        "check-config",
        "backup",
        "copy-data",
        "healthcheck",
    ] {
        assert!(help.contains(command), "{command} missing:\n{help}");
    }
}

#[test]
fn migrate_creates_the_schema_and_exits() {
    let dir = TempDir::new();
    let url = sqlite_url(&dir.path("fresh.db"));
    let out = server_command(&["migrate"], &[("DATABASE_URL", &url)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let db = Database::connect(&url, 1).await.unwrap();
        let variants: i64 = sqlx::query_scalar("select count(*) from variant_stats")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(variants, 6);
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthcheck_exits_zero_only_when_ready() {
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let addr = app.address.trim_start_matches("http://").to_owned();
    let out = server_command(&["healthcheck"], &[("LISTEN_ADDR", &addr)]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // A port nobody listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed_addr = closed.local_addr().unwrap().to_string();
    drop(closed);
    let out = server_command(&["healthcheck"], &[("LISTEN_ADDR", &closed_addr)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("not ready"));
}

/// Two players, an API token each, an open challenge, a finished game, an aborted one
/// and an active one with moves; a session too. Returns the players and game ids.
async fn populate(app: &TestApp) -> (Player, Player, Vec<String>) {
    let white = app.player("copy_w").await;
    let black = app.player("copy_b").await;
    let finished = app.new_game("reversi-6x6", &white, &black).await;
    let first = app.game(&finished).await["legal_moves"][0]
        .as_str()
        .unwrap()
        .to_owned();
    app.play_ok(&white, &black, &finished, &first).await;
    let (status, _) = app.act(&white, &finished, "resign").await;
    assert_eq!(status, StatusCode::OK);
    let aborted = app.new_game("chess", &white, &black).await;
    let (status, _) = app.act(&white, &aborted, "abort").await;
    assert_eq!(status, StatusCode::OK);
    let active = app.new_game("knight-fight", &white, &black).await;
    for _ in 0..4 {
        let game = app.game(&active).await;
        let first = game["legal_moves"][0].as_str().unwrap().to_owned();
        app.play_ok(&white, &black, &active, &first).await;
    }
    let (status, _) = app
        .post(
            "/api/v1/challenges",
            Some(&white.token),
            json!({"variant": "chess", "color": "random", "days_per_move": 7}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    // A chat line: part of its game's record, copied with it.
    let (status, _) = app
        .post(
            &format!("/api/v1/games/{active}/chat"),
            Some(&black.token),
            json!({"text": "copied too"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = app
        .post(
            "/api/v1/session",
            None,
            json!({"username": "copy_w", "password": "password-copy_w"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    (white, black, vec![finished, aborted, active])
}

async fn count(pool: &sqlx::AnyPool, table: &str) -> i64 {
    sqlx::query_scalar(&format!("select count(*) from {table}"))
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_of_a_live_sqlite_database_is_a_consistent_copy() {
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let (white, _black, games) = populate(&app).await;
    let dir = TempDir::new();
    let copy = dir.path("backup.db");
    // While the app is serving (and writing): the library call …
    let bytes = store::backup::backup_sqlite(&app.database_url, &copy)
        .await
        .unwrap();
    assert!(bytes > 0);
    // … refuses to overwrite …
    let again = store::backup::backup_sqlite(&app.database_url, &copy).await;
    assert!(matches!(
        again,
        Err(store::backup::BackupError::TargetExists(_))
    ));
    // … and the command.
    let by_command = dir.path("by-command.db");
    let out = server_command(
        &["backup", by_command.to_str().unwrap()],
        &[("DATABASE_URL", &app.database_url)],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    for path in [&copy, &by_command] {
        let restored = TestApp::spawn_on(Backend::Sqlite, &sqlite_url(path), &[]).await;
        // The two players and the computer's eight accounts.
        assert_eq!(count(&restored.state.db.pool, "users").await, 10);
        assert_eq!(count(&restored.state.db.pool, "games").await, 3);
        for id in &games {
            assert_eq!(restored.game(id).await, app.game(id).await);
        }
        let (status, me) = restored.get("/api/v1/me", Some(&white.token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(me["username"], "copy_w");
        assert_eq!(restored.stats().await, app.stats().await);
    }
    // Postgres is not for this command.
    let refused = store::backup::backup_sqlite("postgres://x@h/db", &dir.path("pg.db")).await;
    assert!(matches!(
        refused,
        Err(store::backup::BackupError::NotSqlite)
    ));
}

/// A fresh Postgres database for a copy target (the test is ignored where it was built
/// without `TEST_DATABASE_URL`; run, it needs it).
async fn postgres_target() -> Option<String> {
    let base = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .expect("TEST_DATABASE_URL is not set");
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&base).await.expect("postgres");
    let name = format!("t_{}", new_id());
    sqlx::query(&format!("create database {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let _ = conn.close().await;
    let (main, query) = base
        .split_once('?')
        .map_or((base.as_str(), None), |(m, q)| (m, Some(q)));
    let cut = main
        .rfind('/')
        .filter(|&i| i > main.find("://").unwrap_or(0) + 2);
    let root = cut.map_or(main, |i| &main[..i]);
    Some(match query {
        Some(query) => format!("{root}/{name}?{query}"),
        None => format!("{root}/{name}"),
    })
}

async fn drop_postgres(url: &str) {
    let (Ok(base), Some(name)) = (
        std::env::var("TEST_DATABASE_URL"),
        url.rsplit('/').next().and_then(|n| n.split('?').next()),
    ) else {
        return;
    };
    if let Ok(mut conn) = sqlx::AnyConnection::connect(&base).await {
        let _ = sqlx::query(&format!("drop database if exists {name} with (force)"))
            .execute(&mut conn)
            .await;
    }
}

/// Copies a populated SQLite site to `target` with the command, then checks the copy
/// serves the same data and that a second copy into it is refused.
async fn copy_and_check(target: &str, backend: Backend) {
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let (white, black, games) = populate(&app).await;
    let out = server_command(
        &["copy-data", "--from", &app.database_url, "--to", target],
        &[],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.contains("games: 3") && report.contains("games replayed: 3"),
        "{report}"
    );
    assert!(
        report.contains("api_tokens: 2") && report.contains("moves: "),
        "{report}"
    );

    let copied = TestApp::spawn_on(backend, target, &[]).await;
    assert!(report.contains("chat_messages: 1"), "{report}");
    for table in [
        "users",
        "api_tokens",
        "challenges",
        "games",
        "moves",
        "chat_messages",
    ] {
        assert_eq!(
            count(&copied.state.db.pool, table).await,
            count(&app.state.db.pool, table).await,
            "{table}"
        );
    }
    assert_eq!(count(&app.state.db.pool, "sessions").await, 1);
    assert_eq!(
        count(&copied.state.db.pool, "sessions").await,
        0,
        "sessions are not copied"
    );
    for id in &games {
        assert_eq!(copied.game(id).await, app.game(id).await);
    }
    assert_eq!(copied.stats().await, app.stats().await);
    // The tokens still work and the active game goes on.
    let (status, me) = copied.get("/api/v1/me", Some(&black.token)).await;
    assert_eq!(
        (status, me["username"].clone()),
        (StatusCode::OK, json!("copy_b"))
    );
    let active = copied.game(&games[2]).await;
    let next = active["legal_moves"][0].as_str().unwrap().to_owned();
    copied.play_ok(&white, &black, &games[2], &next).await;

    // The target is no longer empty: a second copy is refused.
    let out = server_command(
        &["copy-data", "--from", &app.database_url, "--to", target],
        &[],
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("not empty"),
        "{}",
        text(&out.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copy_data_sqlite_to_sqlite_copies_everything_but_sessions() {
    let dir = TempDir::new();
    copy_and_check(&sqlite_url(&dir.path("target.db")), Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn copy_data_sqlite_to_postgres_copies_everything_but_sessions() {
    let Some(target) = postgres_target().await else {
        return;
    };
    let result = tokio::spawn({
        let target = target.clone();
        async move { copy_and_check(&target, Backend::Postgres).await }
    })
    .await;
    drop_postgres(&target).await;
    if let Err(error) = result {
        std::panic::resume_unwind(error.into_panic());
    }
}
