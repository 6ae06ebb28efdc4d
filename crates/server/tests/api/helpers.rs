//! The test harness: a real server on a real port over a fresh database.

use std::{future::Future, path::PathBuf, sync::Arc};

use domain::{Services, config::Config};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sqlx::Connection;
use vocab::{clock::ManualClock, ids::new_id};

/// Which database a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Backend {
    Sqlite,
    Postgres,
}

/// The time every test starts at: 2026-12-01T10:00:00Z.
pub(crate) const START: i64 = 1_796_119_200;

/// A running app.
pub(crate) struct TestApp {
    pub(crate) address: String,
    pub(crate) client: reqwest::Client,
    pub(crate) state: Services,
    pub(crate) clock: ManualClock,
    pub(crate) database_url: String,
    pub(crate) backend: Backend,
    temp_dir: Option<PathBuf>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(dir) = &self.temp_dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn init_logs() {
    if std::env::var("TEST_LOG").is_ok_and(|value| !value.is_empty() && value != "0") {
        server::telemetry::init(
            &std::env::var("RUST_LOG").unwrap_or_else(|_| "debug".to_owned()),
            domain::config::LogFormat::Text,
            std::io::stdout,
        );
    }
}

/// The database URL for a fresh database of `backend` (Postgres: a new database on the
/// server at `TEST_DATABASE_URL`, which must be set and reachable).
pub(crate) async fn fresh_database(backend: Backend) -> (String, Option<PathBuf>) {
    match backend {
        Backend::Sqlite => {
            let dir = std::env::temp_dir().join(format!("boardgames-test-{}", new_id()));
            std::fs::create_dir_all(&dir).expect("temp dir");
            let url = format!("sqlite://{}/test.db", dir.display());
            (url, Some(dir))
        }
        Backend::Postgres => {
            // Built without TEST_DATABASE_URL (and not in CI), the Postgres variants are
            // ignored (see build.rs); built with it, they must run.
            let base = std::env::var("TEST_DATABASE_URL")
                .ok()
                .filter(|u| !u.is_empty())
                .expect(
                    "the Postgres scenarios were built to run but TEST_DATABASE_URL is not set \
                     (set it, or rebuild without it to ignore them)",
                );
            sqlx::any::install_default_drivers();
            let mut conn = sqlx::AnyConnection::connect(&base)
                .await
                .unwrap_or_else(|error| {
                    panic!("Postgres at TEST_DATABASE_URL is unreachable: {error}")
                });
            let name = format!("t_{}", new_id());
            sqlx::query(&format!("create database {name}"))
                .execute(&mut conn)
                .await
                .expect("create the test database");
            let _ = conn.close().await;
            (with_database(&base, &name), None)
        }
    }
}

/// `url` with its database name replaced by `name`.
pub(crate) fn with_database(url: &str, name: &str) -> String {
    let (main, query) = url
        .split_once('?')
        .map_or((url, None), |(m, q)| (m, Some(q)));
    let after_scheme = main.find("://").map_or(0, |i| i + 3);
    let base = match main[after_scheme..].find('/') {
        Some(slash) => &main[..after_scheme + slash],
        None => main,
    };
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

/// Drops a test's Postgres database.
pub(crate) async fn drop_database(database_url: &str) {
    let Ok(base) = std::env::var("TEST_DATABASE_URL") else {
        return;
    };
    let name = database_url
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .split('?')
        .next()
        .unwrap_or_default();
    if !name.starts_with("t_") {
        return;
    }
    if let Ok(mut conn) = sqlx::AnyConnection::connect(&base).await {
        let _ = sqlx::query(&format!("drop database if exists {name} with (force)"))
            .execute(&mut conn)
            .await;
        let _ = conn.close().await;
    }
}

impl TestApp {
    /// A new app over a fresh database.
    pub(crate) async fn spawn(backend: Backend, vars: &[(&str, &str)]) -> TestApp {
        let (url, temp_dir) = fresh_database(backend).await;
        let mut app = TestApp::spawn_on(backend, &url, vars).await;
        app.temp_dir = temp_dir;
        app
    }

    /// Another app over the database at `url` (to run two instances on one database).
    pub(crate) async fn spawn_on(backend: Backend, url: &str, vars: &[(&str, &str)]) -> TestApp {
        init_logs();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let port = listener.local_addr().expect("address").port();
        let public_url = format!("http://127.0.0.1:{port}");
        let mut map: Vec<(String, String)> = vec![
            ("DATABASE_URL".into(), url.to_owned()),
            ("LISTEN_ADDR".into(), format!("127.0.0.1:{port}")),
            ("PUBLIC_URL".into(), public_url.clone()),
            ("SWEEP_INTERVAL_SECS".into(), "0".into()),
            ("DATABASE_MAX_CONNECTIONS".into(), "8".into()),
            // Every test client is 127.0.0.1: the per-address budgets would otherwise
            // be shared by all the players of a test. Tests of the limits lower them.
            ("SIGNUP_PER_HOUR".into(), "100000".into()),
            ("LOGIN_PER_MINUTE".into(), "100000".into()),
            ("TOKEN_CREATIONS_PER_HOUR".into(), "100000".into()),
            ("HASH_QUEUE".into(), "1024".into()),
            // No vacation allowance unless a test gives one: with an allowance, a loss on
            // time becomes an automatic vacation, and the tests of timeouts would see no
            // loss. The tests of vacations set their own.
            ("VACATION_DAYS_PER_YEAR".into(), "0".into()),
        ];
        map.extend(vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
        let config = Config::from_lookup(|name| {
            map.iter()
                .rev()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
        .expect("test config");
        let clock = ManualClock::new(START);
        let state = server::build_state(config, Arc::new(clock.clone()))
            .await
            .expect("state");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(server::serve(listener, state.clone(), async move {
            let _ = stopped.await;
        }));
        TestApp {
            address: public_url,
            client: reqwest::Client::new(),
            state,
            clock,
            database_url: url.to_owned(),
            backend,
            temp_dir: None,
            stop: Some(stop),
            server: Some(server),
        }
    }

    /// Shuts the server down gracefully and waits for it to stop.
    pub(crate) async fn shut_down(&mut self) -> std::io::Result<()> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        match self.server.take() {
            Some(server) => server.await.expect("server task"),
            None => Ok(()),
        }
    }

    /// Sends a request with an optional bearer token and JSON body.
    pub(crate) async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.address));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request");
        let status = response.status();
        let text = response.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    pub(crate) async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.send(Method::GET, path, token, None).await
    }

    pub(crate) async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        self.send(Method::POST, path, token, Some(body)).await
    }

    /// Registers `name` (password `password-<name>`) and returns an API token for them.
    pub(crate) async fn player(&self, name: &str) -> Player {
        let password = format!("password-{name}");
        let (status, body) = self
            .post(
                "/api/v1/accounts",
                None,
                json!({"username": name, "password": password}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, body) = self
            .post(
                "/api/v1/tokens",
                None,
                json!({"username": name, "password": password}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        Player {
            name: name.to_owned(),
            token: body["token"].as_str().unwrap().to_owned(),
        }
    }

    /// `white` challenges `black` to `variant` as White; `black` accepts. The game's id.
    pub(crate) async fn new_game(&self, variant: &str, white: &Player, black: &Player) -> String {
        self.new_game_with(
            white,
            black,
            json!({"variant": variant, "days_per_move": 3}),
        )
        .await
    }

    /// `white` challenges `black` as White with the challenge's other fields in `extra`
    /// (chess unless it names a variant); `black` accepts. The game's id.
    pub(crate) async fn new_game_with(
        &self,
        white: &Player,
        black: &Player,
        extra: Value,
    ) -> String {
        let mut challenge = json!({"variant": "chess", "color": "white", "opponent": black.name});
        for (key, value) in extra.as_object().expect("an object") {
            challenge[key] = value.clone();
        }
        let (status, body) = self
            .post("/api/v1/challenges", Some(&white.token), challenge)
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["id"].as_str().unwrap().to_owned();
        let (status, body) = self
            .post(
                &format!("/api/v1/challenges/{id}/accept"),
                Some(&black.token),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["game_id"].as_str().unwrap().to_owned()
    }

    /// A chess game `white` and `black` play through `moves` and `resigner` resigns (when
    /// the moves do not end it), with its computer review asked by `white` and done: for
    /// the review's page. Returns the game's id.
    pub(crate) async fn reviewed_game(
        &self,
        white: &Player,
        black: &Player,
        moves: &[&str],
        resigner: Option<&Player>,
    ) -> String {
        let id = self.new_game("chess", white, black).await;
        for mv in moves {
            self.play_ok(white, black, &id, mv).await;
        }
        if let Some(resigner) = resigner {
            let (status, body) = self.act(resigner, &id, "resign").await;
            assert!(status.is_success(), "{body}");
        }
        let (status, body) = self
            .post(
                &format!("/api/v1/games/{id}/review"),
                Some(&white.token),
                serde_json::json!({}),
            )
            .await;
        assert!(status.is_success(), "{body}");
        assert_eq!(domain::jobs::reviews::round(&self.state).await.unwrap(), 1);
        id
    }

    /// Game `id`'s record (PGN for chess) as a guest downloads it.
    pub(crate) async fn record(&self, id: &str) -> String {
        let response = self
            .client
            .get(format!("{}/games/{id}/record", self.address))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK, "{id}");
        response.text().await.expect("a record")
    }

    /// The HTML of the page at `path` as a guest sees it.
    pub(crate) async fn page_html(&self, path: &str) -> String {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.text().await.expect("body")
    }

    /// The HTML page at `path` as `player` sees it (signed in by their token).
    pub(crate) async fn page_html_as(&self, player: &Player, path: &str) -> String {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .bearer_auth(&player.token)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.text().await.expect("body")
    }

    /// A session cookie of `player`'s (`bg_session=…`), signed in through the login form.
    pub(crate) async fn session_cookie(&self, player: &Player) -> String {
        let password = format!("password-{}", player.name);
        let response = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client")
            .post(format!("{}/login", self.address))
            .header("sec-fetch-site", "same-origin")
            .form(&[("username", player.name.as_str()), ("password", &password)])
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "signed in");
        let cookie = response
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok()?.split(';').next())
            .find(|pair| pair.starts_with("bg_session="))
            .expect("a session cookie");
        cookie.to_owned()
    }

    /// The HTML page at `path` as the session `cookie` sees it.
    pub(crate) async fn page_html_with_cookie(&self, cookie: &str, path: &str) -> String {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .header(reqwest::header::COOKIE, cookie)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.text().await.expect("body")
    }

    pub(crate) async fn game(&self, id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    /// Plays `mv` at `ply` as `player`.
    pub(crate) async fn play(
        &self,
        player: &Player,
        id: &str,
        mv: &str,
        ply: u64,
    ) -> (StatusCode, Value) {
        self.post(
            &format!("/api/v1/games/{id}/moves"),
            Some(&player.token),
            json!({"move": mv, "ply": ply}),
        )
        .await
    }

    /// Plays `mv` for whoever is to move, asserting success.
    pub(crate) async fn play_ok(
        &self,
        white: &Player,
        black: &Player,
        id: &str,
        mv: &str,
    ) -> Value {
        let game = self.game(id).await;
        let player = if game["to_move"] == "white" {
            white
        } else {
            black
        };
        let (status, body) = self
            .play(player, id, mv, game["ply"].as_u64().unwrap())
            .await;
        assert_eq!(status, StatusCode::OK, "{mv}: {body}");
        body
    }

    /// Runs the game action `action` (`resign`, `draw/offer`, …) as `player`.
    pub(crate) async fn act(&self, player: &Player, id: &str, action: &str) -> (StatusCode, Value) {
        self.post(
            &format!("/api/v1/games/{id}/{action}"),
            Some(&player.token),
            json!({}),
        )
        .await
    }

    /// The variant counters as (white_wins, black_wins, draws, games) per id.
    pub(crate) async fn stats(&self) -> Vec<(String, i64, i64, i64, i64)> {
        let (status, body) = self.get("/api/v1/variants", None).await;
        assert_eq!(status, StatusCode::OK);
        body.as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    v["id"].as_str().unwrap().to_owned(),
                    v["white_wins"].as_i64().unwrap(),
                    v["black_wins"].as_i64().unwrap(),
                    v["draws"].as_i64().unwrap(),
                    v["games"].as_i64().unwrap(),
                )
            })
            .collect()
    }
}

/// The server binary built for these tests.
pub(crate) const SERVER_BIN: &str = env!("CARGO_BIN_EXE_server");

/// The server binary as a process of its own on a free port: its environment is only
/// `vars` and `LISTEN_ADDR`. Ready (answering `/readyz`) once started; killed on drop.
pub(crate) struct ServerProcess {
    child: std::process::Child,
    pub(crate) address: String,
}

impl ServerProcess {
    /// Starts the binary with its standard output going to `stdout`, and waits at most
    /// 30 s for `/readyz` to answer.
    pub(crate) async fn start(vars: &[(&str, &str)], stdout: std::process::Stdio) -> ServerProcess {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = std::process::Command::new(SERVER_BIN)
            .env_clear()
            .envs(vars.iter().copied())
            .env("LISTEN_ADDR", format!("127.0.0.1:{port}"))
            .stdout(stdout)
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start the server binary");
        let process = ServerProcess {
            child,
            address: format!("http://127.0.0.1:{port}"),
        };
        let client = reqwest::Client::new();
        for _ in 0..300 {
            if let Ok(response) = client
                .get(format!("{}/readyz", process.address))
                .send()
                .await
                && response.status() == StatusCode::OK
            {
                return process;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the server binary was not ready within 30 s");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A registered user with an API token.
#[derive(Debug, Clone)]
pub(crate) struct Player {
    pub(crate) name: String,
    pub(crate) token: String,
}

/// Runs `scenario` on a fresh app of `backend` started with the environment `vars`, then
/// drops its Postgres database (also when the scenario panics).
pub(crate) async fn run<F, Fut>(backend: Backend, vars: &[(&str, &str)], scenario: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let app = TestApp::spawn(backend, vars).await;
    let url = app.database_url.clone();
    let result = tokio::spawn(scenario(app)).await;
    if backend == Backend::Postgres {
        drop_database(&url).await;
    }
    if let Err(error) = result {
        std::panic::resume_unwind(error.into_panic());
    }
}

/// Checks every game of `app`: each replays from its moves, its position cache is at its
/// ply and equals the replay's position, and its moves' display texts are the replay's.
pub(crate) async fn assert_caches_match_replays(app: &TestApp) {
    store::copy_data::check_games(&app.state.db)
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    let (behind,): (i64,) = sqlx::query_as(
        "select count(*) from games where position_ply is null or position_ply <> ply",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(behind, 0, "games whose position cache is not at their ply");
    let (undisplayed,): (i64,) = sqlx::query_as("select count(*) from moves where display is null")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(undisplayed, 0, "moves without their display text");
}

/// Declares scenarios: each `async fn name(app: TestApp)` becomes the tests
/// `name::sqlite` and `name::postgres`. `with [("NAME", "value"), ..];` before the names
/// starts their apps with that environment.
#[macro_export]
macro_rules! scenarios {
    ($($name:ident),* $(,)?) => {
        $crate::scenarios!(with []; $($name),*);
    };
    (with $vars:tt; $($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                $crate::helpers::run(
                    $crate::helpers::Backend::Sqlite, &$vars, super::$name,
                ).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            #[cfg_attr(not(postgres_tests), ignore = "set TEST_DATABASE_URL to run on Postgres")]
            async fn postgres() {
                $crate::helpers::run(
                    $crate::helpers::Backend::Postgres, &$vars, super::$name,
                ).await;
            }
        }
    )*};
}

#[test]
fn database_names_are_replaced_in_urls() {
    assert_eq!(
        with_database("postgres://p@h:5432/test", "t_1"),
        "postgres://p@h:5432/t_1"
    );
    assert_eq!(
        with_database("postgres://p@h/test?sslmode=disable", "t_1"),
        "postgres://p@h/t_1?sslmode=disable"
    );
    assert_eq!(with_database("postgres://p@h", "t_1"), "postgres://p@h/t_1");
}

/// A form post as `player` (signed in by their token), not following the redirect:
/// (status, `Location`, body).
pub(crate) async fn post_form(
    app: &TestApp,
    player: &Player,
    path: &str,
    fields: &[(&str, &str)],
) -> (StatusCode, String, String) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = client
        .post(format!("{}{path}", app.address))
        .bearer_auth(&player.token)
        .form(fields)
        .send()
        .await
        .expect("form post");
    let status = response.status();
    let location = response
        .headers()
        .get(reqwest::header::LOCATION)
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, location, response.text().await.unwrap())
}

/// A page read as `player` (signed in by their token) or a guest, not following a
/// redirect: (status, `Location`, body).
pub(crate) async fn get_page(
    app: &TestApp,
    player: Option<&Player>,
    path: &str,
) -> (StatusCode, String, String) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut request = client.get(format!("{}{path}", app.address));
    if let Some(player) = player {
        request = request.bearer_auth(&player.token);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let location = response
        .headers()
        .get(reqwest::header::LOCATION)
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, location, response.text().await.unwrap())
}
