//! The real-browser suite: headless Chromium driven through chromedriver (fantoccini).
//!
//! Two players sign up, challenge and accept, play a whole Reversi 6x6 game and Fool's
//! mate by clicking squares with JavaScript on (each seeing the other's moves arrive live,
//! without a reload), and one chess move with JavaScript off; then the rules pages show
//! the statistics changed. Screenshots of each variant's board
//! go to `target/screenshots/`. A second test plays with the playing settings: a move
//! waits for Confirm (Cancel sends nothing), is sent at once with confirming off, and
//! takes the player straight on to their next game (on SQLite, and on Postgres with
//! `TEST_DATABASE_URL`). A third starts a game against the computer from the lobby's
//! form and sees its replies appear on the open game page. A chat line one player sends
//! reaches the other's open game page without a reload. The analysis board plays moves
//! by the page (with JavaScript and without) and steps with the arrow keys, sending
//! nothing; the game page's replay steps with the keys and says which move it shows.
//!
//! Needs `chromium` and `chromedriver` on the PATH (or `CHROME_BIN` / `CHROMEDRIVER`).
//! Built without them the suite is ignored, with the reason (see build.rs); with
//! `CI=true` it is built to run, and missing binaries are a failure.

mod analysis;
mod conditional;
#[path = "../api/helpers.rs"]
#[allow(dead_code, unreachable_pub)]
mod helpers;
mod phone;
mod playing;
mod repertoire;
mod settings;

use std::{
    net::TcpListener,
    os::unix::process::CommandExt,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use fantoccini::{Client, ClientBuilder, Locator, elements::Element};
use serde_json::{Value, json};

use crate::helpers::TestApp;

/// A chromedriver process of this test in its own process group, stopped with the
/// browsers it started when dropped (also when the test fails half-way).
struct Driver {
    child: Child,
    url: String,
    profiles: std::sync::Mutex<Vec<PathBuf>>,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        let profiles = self.profiles.lock().map(|p| p.clone()).unwrap_or_default();
        for profile in profiles {
            let _ = std::fs::remove_dir_all(profile);
        }
    }
}

fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|path| path.is_file())
    })
}

/// The browser and driver binaries. The suite is built to run only where they were found
/// (or in CI, where they are required): missing now, that is a failure.
fn binaries() -> (PathBuf, PathBuf) {
    let chrome = std::env::var_os("CHROME_BIN")
        .map(PathBuf::from)
        .or_else(|| on_path("chromium"))
        .or_else(|| on_path("chromium-browser"))
        .or_else(|| on_path("google-chrome"));
    let driver = std::env::var_os("CHROMEDRIVER")
        .map(PathBuf::from)
        .or_else(|| on_path("chromedriver"));
    match (chrome, driver) {
        (Some(chrome), Some(driver)) => (chrome, driver),
        _ => panic!(
            "chromium and chromedriver are missing: install the Debian packages `chromium` \
             and `chromium-driver` (or set CHROME_BIN and CHROMEDRIVER)"
        ),
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

async fn start_driver(driver: &Path) -> Driver {
    let port = free_port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromedriver");
    let url = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    while reqwest::get(format!("{url}/status")).await.is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "chromedriver did not start"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Driver {
        child,
        url,
        profiles: std::sync::Mutex::new(Vec::new()),
    }
}

/// A fresh headless browser session (its own profile directory).
async fn session(driver: &Driver, chrome: &Path, javascript: bool) -> Client {
    browser(driver, chrome, |options| {
        push_arg(options, "--window-size=1280,900");
        if !javascript {
            options["prefs"] = json!({"profile.managed_default_content_settings.javascript": 2});
        }
    })
    .await
}

/// Adds `arg` to Chromium's command line in `options`.
fn push_arg(options: &mut Value, arg: &str) {
    if let Some(args) = options["args"].as_array_mut() {
        args.push(arg.into());
    }
}

/// A fresh headless Chromium (its own profile directory), its options first changed by
/// `configure` (the window, JavaScript, a phone's emulation).
async fn browser(driver: &Driver, chrome: &Path, configure: impl FnOnce(&mut Value)) -> Client {
    let profile = std::env::temp_dir().join(format!("boardgames-chrome-{}", vocab::ids::new_id()));
    if let Ok(mut profiles) = driver.profiles.lock() {
        profiles.push(profile.clone());
    }
    let mut options = json!({
        "binary": chrome,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync",
            format!("--user-data-dir={}", profile.display()),
        ],
    });
    configure(&mut options);
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_owned(), options);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .expect("a browser session")
}

fn css(selector: &str) -> Locator<'_> {
    Locator::Css(selector)
}

async fn find(client: &Client, selector: &str) -> Element {
    client
        .wait()
        .at_most(Duration::from_secs(10))
        .for_element(css(selector))
        .await
        .unwrap_or_else(|error| panic!("`{selector}`: {error}"))
}

async fn click(client: &Client, selector: &str) {
    find(client, selector)
        .await
        .click()
        .await
        .unwrap_or_else(|error| panic!("click `{selector}`: {error}"));
}

async fn type_into(client: &Client, selector: &str, text: &str) {
    find(client, selector)
        .await
        .send_keys(text)
        .await
        .expect("typing");
}

async fn sign_up(client: &Client, app: &TestApp, name: &str) {
    client
        .goto(&format!("{}/signup", app.address))
        .await
        .expect("signup page");
    type_into(client, "#username", name).await;
    type_into(client, "#password", &format!("password-{name}")).await;
    click(client, "form.stacked button[type=submit]").await;
    find(client, &format!(".account a[href='/players/{name}']")).await;
}

async fn log_in(client: &Client, app: &TestApp, name: &str) {
    client
        .goto(&format!("{}/login", app.address))
        .await
        .expect("login page");
    type_into(client, "#username", name).await;
    type_into(client, "#password", &format!("password-{name}")).await;
    click(client, "form.stacked button[type=submit]").await;
    find(client, &format!(".account a[href='/players/{name}']")).await;
}

/// `challenger` offers an open challenge of `variant` as White in the lobby; `acceptor`
/// accepts it there. Returns the game page's URL.
async fn challenge(app: &TestApp, challenger: &Client, acceptor: &Client, variant: &str) -> String {
    challenger
        .goto(&format!("{}/lobby", app.address))
        .await
        .expect("lobby");
    click(challenger, &format!("#variant option[value='{variant}']")).await;
    click(challenger, "#color option[value=white]").await;
    click(challenger, "#challenge-form button[type=submit]").await;
    find(challenger, "#my-challenges").await;
    acceptor
        .goto(&format!("{}/lobby", app.address))
        .await
        .expect("lobby");
    click(acceptor, "#open-challenges form button").await;
    find(acceptor, "#game").await;
    acceptor.current_url().await.expect("url").to_string()
}

/// Saves playing settings on the settings page, as a person does: the radio buttons
/// `#after-move-<stay|next-game>` and `#confirm-moves-<on|off>`, then Save.
async fn set_playing(client: &Client, app: &TestApp, after_move: &str, confirm: bool) {
    client
        .goto(&format!("{}/settings", app.address))
        .await
        .expect("settings page");
    let after_move = after_move.replace('_', "-");
    click(client, &format!("#after-move-{after_move}")).await;
    let confirm = if confirm { "on" } else { "off" };
    click(client, &format!("#confirm-moves-{confirm}")).await;
    click(client, "#play-form button[type=submit]").await;
    find(client, "#play-saved").await;
}

/// The board's ply read by script (the element may be swapped while we look).
async fn live_ply(client: &Client) -> u64 {
    let value = client
        .execute("var b = document.getElementById('board'); return b ? b.getAttribute('data-ply') : '0';", vec![])
        .await
        .expect("script");
    value.as_str().unwrap_or("0").parse().unwrap_or(0)
}

async fn wait_for_ply(client: &Client, ply: u64) {
    find(client, &format!("#board[data-ply='{ply}']")).await;
}

/// Marks the window so that a full reload can be told from a swap.
async fn mark(client: &Client) {
    client
        .execute("window.__kept = true; return null;", vec![])
        .await
        .expect("script");
}

async fn still_marked(client: &Client) -> bool {
    client
        .execute("return window.__kept === true;", vec![])
        .await
        .expect("script")
        == Value::Bool(true)
}

async fn shot(client: &Client, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    let path = dir.join(format!("{name}.png"));
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(&path, png).expect("write screenshot");
    path
}

async fn api_game(app: &TestApp, url: &str) -> Value {
    let id = url.rsplit('/').next().unwrap().split('?').next().unwrap();
    app.game(id).await
}
