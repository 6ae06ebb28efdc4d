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

#[path = "../api/helpers.rs"]
#[allow(dead_code, unreachable_pub)]
mod helpers;
mod phone;

use std::{
    net::TcpListener,
    os::unix::process::CommandExt,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use fantoccini::{Client, ClientBuilder, Locator, elements::Element};
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp};

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

/// Whether the move confirmation (Confirm / Cancel) shows.
async fn confirm_shown(client: &Client) -> bool {
    client
        .execute(
            "var bar = document.getElementById('move-confirm'); return !!bar && !bar.hidden;",
            vec![],
        )
        .await
        .expect("script")
        == Value::Bool(true)
}

async fn board_ply(client: &Client) -> u64 {
    find(client, "#board")
        .await
        .attr("data-ply")
        .await
        .expect("attr")
        .unwrap_or_default()
        .parse()
        .unwrap()
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

/// The bell's unread count as the page shows it.
async fn unread(client: &Client) -> u64 {
    find(client, "#unread")
        .await
        .text()
        .await
        .unwrap_or_default()
        .trim()
        .parse()
        .unwrap_or(0)
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn two_players_play_reversi_and_fools_mate_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    // The outbox job runs as in production.
    let _outbox = tokio::spawn(domain::jobs::outbox::run(app.state.clone()));
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    // Every click below sends its move at once (confirming moves is covered on its own).
    set_playing(&alice, &app, "stay", false).await;
    set_playing(&bob, &app, "stay", false).await;

    // A whole Reversi 6x6 game, every move a click, JavaScript swapping the board in.
    let url = challenge(&app, &alice, &bob, "reversi-6x6").await;
    let mut moves = 0;
    loop {
        let game = api_game(&app, &url).await;
        if game["status"] != "active" {
            break;
        }
        let player = if game["to_move"] == "white" {
            &alice
        } else {
            &bob
        };
        player.goto(&url).await.expect("game page");
        let ply = board_ply(player).await;
        assert_eq!(ply, game["ply"].as_u64().unwrap());
        let legal = find(player, "#board")
            .await
            .attr("data-legal")
            .await
            .unwrap()
            .unwrap_or_default();
        let first = legal.split(' ').next().expect("a legal move").to_owned();
        mark(player).await;
        click(player, &format!("#board button.sq[value='{first}']")).await;
        // The move may have forced passes after it; the swapped board shows them all.
        let started = Instant::now();
        while live_ply(player).await < ply + 1 {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the board was not swapped in"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let after = api_game(&app, &url).await["ply"].as_u64().unwrap();
        assert!(after > ply);
        assert!(still_marked(player).await, "moved without a full reload");
        moves += 1;
        assert!(moves < 60, "a 6x6 game cannot last this long");
    }
    let game = api_game(&app, &url).await;
    assert_eq!(game["status"], "finished");
    bob.goto(&url).await.unwrap();
    let status = find(&bob, "#status").await.text().await.unwrap();
    assert!(
        status.contains(" won: ") || status.starts_with("Draw"),
        "who won and how: {status}"
    );
    shot(&bob, "reversi-6x6").await;

    // Fool's mate: select a piece, then its target, with JavaScript doing the selection.
    // Both players keep the game open: each sees the other's move arrive without a
    // reload, and the header counter follows whose turn it is.
    let url = challenge(&app, &alice, &bob, "chess").await;
    for player in [&alice, &bob] {
        player.goto(&url).await.unwrap();
        mark(player).await;
    }
    for (n, (from, to)) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")]
        .into_iter()
        .enumerate()
    {
        let (player, opponent) = if n % 2 == 0 {
            (&alice, &bob)
        } else {
            (&bob, &alice)
        };
        let ply = n as u64 + 1;
        let unread_before = unread(opponent).await;
        click(player, &format!("#board a.sq[data-sq='{from}']")).await;
        find(player, &format!("#board .sq.target[data-sq='{to}']")).await;
        assert!(still_marked(player).await, "selection without a reload");
        click(player, &format!("#board .sq[data-sq='{to}']")).await;
        wait_for_ply(player, ply).await;
        assert!(
            still_marked(player).await,
            "the move was posted without a reload"
        );
        wait_for_ply(opponent, ply).await;
        assert!(
            still_marked(opponent).await,
            "the opponent's board followed the move without a reload"
        );
        find(player, "#your-turn[hidden]").await;
        let title = player.title().await.unwrap();
        assert!(!title.contains("(your turn)"), "{title}");
        if ply < 4 {
            let badge = find(opponent, "#your-turn:not([hidden])").await;
            assert_eq!(badge.text().await.unwrap(), "1");
            assert_eq!(
                badge.attr("title").await.unwrap().as_deref(),
                Some("Your turn in 1 game")
            );
            // The title follows the turn without a reload.
            let title = opponent.title().await.unwrap();
            assert!(title.starts_with("(your turn) "), "{title}");
        }
        if ply < 4 {
            // A move the opponent watches arrive makes no notice: their bell stays.
            tokio::time::sleep(Duration::from_millis(500)).await;
            assert_eq!(
                unread(opponent).await,
                unread_before,
                "a notice for a move seen as it arrived"
            );
        } else {
            // The end of the game is news even to a watcher: the bell on the open game
            // page counts it without a reload.
            let started = Instant::now();
            while unread(opponent).await != unread_before + 1 {
                assert!(
                    started.elapsed() < Duration::from_secs(10),
                    "the bell still shows {} unread, not {}",
                    unread(opponent).await,
                    unread_before + 1
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            find(opponent, "#unread:not([hidden])").await;
            assert!(
                still_marked(opponent).await,
                "the bell changed without a reload"
            );
        }
    }
    shot(&alice, "live-opponent-move").await;
    let game = api_game(&app, &url).await;
    assert_eq!(
        (game["result"].as_str(), game["end_reason"].as_str()),
        (Some("0-1"), Some("checkmate"))
    );
    alice.goto(&url).await.unwrap();
    assert_eq!(
        find(&alice, "#status").await.text().await.unwrap(),
        "Black won by checkmate (0-1)"
    );
    find(&alice, "#board .sq.check[data-sq='e1']").await;
    shot(&alice, "chess").await;

    // One move with JavaScript off: links and form buttons only. Bob watches his list of
    // games meanwhile: the game moves into "my turn" without a reload.
    let url = challenge(&app, &alice, &bob, "chess").await;
    let game_path = url.split("/games/").nth(1).unwrap().to_owned();
    bob.goto(&format!("{}/my-games", app.address))
        .await
        .unwrap();
    find(&bob, &format!("#waiting a[href='/games/{game_path}']")).await;
    mark(&bob).await;
    let plain = session(&driver, &chrome, false).await;
    log_in(&plain, &app, "alice").await;
    plain.goto(&url).await.unwrap();
    click(&plain, "#board a.sq[data-sq='e2']").await;
    find(&plain, "#board .sq.selected[data-sq='e2']").await;
    assert!(
        plain
            .current_url()
            .await
            .unwrap()
            .as_str()
            .ends_with("?from=e2")
    );
    click(&plain, "#board button.sq[value='e2e4']").await;
    wait_for_ply(&plain, 1).await;
    find(&bob, &format!("#my-turn a[href='/games/{game_path}']")).await;
    assert!(
        still_marked(&bob).await,
        "the list followed without a reload"
    );
    assert_eq!(find(&bob, "#your-turn").await.text().await.unwrap(), "1");
    assert_eq!(api_game(&app, &url).await["moves"], json!(["e2e4"]));
    shot(&plain, "chess-without-javascript").await;

    // The statistics changed: one Reversi 6x6 result, one Black win in chess.
    alice
        .goto(&format!("{}/rules/chess", app.address))
        .await
        .unwrap();
    assert_eq!(
        find(&alice, "#statistics").await.text().await.unwrap(),
        "Statistics of won games: white 0 (0.00 %), black 1 (100.00 %), draws 0 (0.00 %)"
    );
    alice
        .goto(&format!("{}/rules/reversi-6x6", app.address))
        .await
        .unwrap();
    let line = find(&alice, "#statistics").await.text().await.unwrap();
    let stats = app.stats().await;
    let (_, w, b, d, games) = stats.iter().find(|s| s.0 == "reversi-6x6").unwrap();
    assert_eq!(*games, 1);
    assert!(
        line.contains(&format!("white {w} ("))
            && line.contains(&format!("black {b} ("))
            && line.contains(&format!("draws {d} (")),
        "{line}"
    );
    assert!(line.contains("(100.00 %)"), "{line}");

    // Screenshots of the other boards and the pages, at desktop and phone widths.
    for variant in [
        "reversi-8x8",
        "reversi-10x10",
        "chess-reversi",
        "knight-fight",
    ] {
        let url = challenge(&app, &alice, &bob, variant).await;
        alice.goto(&url).await.unwrap();
        let first = find(&alice, "#board")
            .await
            .attr("data-legal")
            .await
            .unwrap()
            .unwrap_or_default();
        let first = first
            .split(' ')
            .find(|m| !m.contains(':'))
            .unwrap()
            .to_owned();
        mark(&alice).await;
        if let Ok(button) = alice
            .find(css(&format!("#board button.sq[value='{first}']")))
            .await
        {
            button.click().await.unwrap();
            wait_for_ply(&alice, 1).await;
        }
        bob.goto(&url).await.unwrap();
        shot(&bob, variant).await;
        if variant == "chess-reversi" {
            // The pieces to place stand beside the board, not below it.
            let place = bob
                .execute(
                    "var b = document.querySelector('#board .board').getBoundingClientRect();\
                     var c = document.querySelector('#board .piece-picks').getBoundingClientRect();\
                     return [b.right, b.top, b.bottom, c.left, c.top];",
                    vec![],
                )
                .await
                .unwrap();
            let at = |i: usize| place[i].as_f64().unwrap();
            assert!(
                at(3) >= at(0) - 1.0 && at(4) < at(2),
                "the choices beside the board: {place}"
            );
            // Choose the piece, then its square, without a reload.
            mark(&bob).await;
            click(&bob, "#board .piece-pick[data-select='Q']").await;
            let target = find(&bob, "#board .sq.target").await;
            assert!(still_marked(&bob).await);
            // Each target previews the points its move gives, on the square and in words.
            let preview = find(&bob, "#board .sq.target .preview").await;
            let shown = preview.text().await.unwrap();
            assert!(
                shown.split(':').all(|n| n.parse::<u32>().is_ok()),
                "a preview reads mine:theirs, not {shown}"
            );
            let label = target.attr("aria-label").await.unwrap().unwrap_or_default();
            assert!(label.contains("gives you"), "{label}");
            target.click().await.unwrap();
            wait_for_ply(&bob, 2).await;
            assert!(still_marked(&bob).await);
            // The page's live region says what changed.
            let said = bob
                .execute(
                    "return document.getElementById('announcer').textContent;",
                    vec![],
                )
                .await
                .unwrap();
            let said = said.as_str().unwrap_or_default();
            assert!(said.starts_with("Last move: Q"), "{said}");
            assert!(said.contains("To move: White"), "{said}");
            let moves = api_game(&app, &url).await["moves"].clone();
            assert!(moves[1].as_str().unwrap().starts_with('Q'), "{moves}");
        }
    }
    // Pages left behind hold no live stream: one per open page (Alice's and Bob's).
    let started = Instant::now();
    while app.state.events.subscriber_count() > 2 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{} live streams for two open pages",
            app.state.events.subscriber_count()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    alice.goto(&format!("{}/lobby", app.address)).await.unwrap();
    shot(&alice, "page-lobby").await;
    alice
        .goto(&format!("{}/my-games", app.address))
        .await
        .unwrap();
    shot(&alice, "page-my-games").await;
    alice
        .goto(&format!("{}/rules/knight-fight", app.address))
        .await
        .unwrap();
    shot(&alice, "page-rules").await;
    alice
        .goto(&format!("{}/players/bob", app.address))
        .await
        .unwrap();
    shot(&alice, "page-player").await;
    alice.goto(&format!("{}/", app.address)).await.unwrap();
    shot(&alice, "page-home").await;
    alice
        .goto(&format!("{}/no-such-page", app.address))
        .await
        .unwrap();
    shot(&alice, "page-404").await;
    plain
        .goto(&format!("{}/signup", app.address))
        .await
        .unwrap();
    shot(&plain, "page-signup").await;
    // The language switch in the header, remembered by the cookie.
    click(&alice, ".langs a[lang=et]").await;
    find(&alice, "html[lang=et]").await;
    alice.goto(&url).await.unwrap();
    assert_eq!(
        find(&alice, "nav a[href='/lobby']")
            .await
            .text()
            .await
            .unwrap(),
        "Mängusaal"
    );
    shot(&alice, "page-game-estonian").await;
    bob.set_window_size(390, 1100).await.unwrap();
    bob.goto(&url).await.unwrap();
    shot(&bob, "phone-game").await;
    bob.goto(&format!("{}/lobby", app.address)).await.unwrap();
    shot(&bob, "phone-lobby").await;

    for client in [alice, bob, plain] {
        client.close().await.expect("close the session");
    }
}

/// "Play the computer" from the lobby's form: the game page opens, the person clicks a
/// move and the computer's reply appears without a reload (the engine job runs as in
/// production, with the smallest budget).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn a_person_plays_the_computer_from_the_lobby_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[("ENGINE_NODES", "1000")]).await;
    let engine = server::spawn_engine(&app.state).expect("the engine job");
    let driver = start_driver(&driver_bin).await;
    let carol = session(&driver, &chrome, true).await;
    sign_up(&carol, &app, "carol").await;
    set_playing(&carol, &app, "stay", false).await;
    carol
        .goto(&format!("{}/lobby", app.address))
        .await
        .expect("lobby");
    click(&carol, "#computer-variant option[value='reversi-6x6']").await;
    click(&carol, "#computer-level option[value='2']").await;
    click(&carol, "#computer-color option[value='white']").await;
    click(&carol, "#computer-form button[type=submit]").await;
    find(&carol, "#game").await;
    let badge = find(&carol, "#black-computer").await.text().await.unwrap();
    assert_eq!(badge, "computer, level 2");
    let url = carol.current_url().await.expect("url").to_string();
    assert_eq!(api_game(&app, &url).await["black"], "Computer-2");
    // Two moves of the person, each answered on the open page.
    for ply in [0, 2] {
        wait_for_ply(&carol, ply).await;
        mark(&carol).await;
        let legal = find(&carol, "#board")
            .await
            .attr("data-legal")
            .await
            .unwrap()
            .unwrap_or_default();
        let first = legal.split(' ').next().expect("a legal move").to_owned();
        click(&carol, &format!("#board button.sq[value='{first}']")).await;
        let started = Instant::now();
        while live_ply(&carol).await < ply + 2 {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the computer's reply did not appear (the board is at ply {})",
                live_ply(&carol).await
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(
            still_marked(&carol).await,
            "the reply appeared without a reload"
        );
    }
    let game = api_game(&app, &url).await;
    assert!(game["ply"].as_u64().unwrap() >= 4, "{game}");
    shot(&carol, "computer-game").await;
    carol.close().await.expect("close the session");
    engine.stop().await;
}

/// Playing settings in the browser: with confirming on (the default) a chosen move waits
/// for Confirm and Cancel sends nothing; with it off a move goes at once; with "after a
/// move: next game" the move takes the player to their next game where it is their turn.
async fn moves_wait_for_confirmation_and_go_on_to_the_next_game(backend: Backend) {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(backend, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    let first = challenge(&app, &alice, &bob, "chess").await;
    let second = challenge(&app, &alice, &bob, "chess").await;

    // Confirming is on by default: e2-e4 waits beside Confirm and Cancel.
    alice.goto(&first).await.unwrap();
    mark(&alice).await;
    click(&alice, "#board a.sq[data-sq='e2']").await;
    click(&alice, "#board .sq.target[data-sq='e4']").await;
    find(&alice, "#move-confirm:not([hidden])").await;
    // Named as people write it.
    assert_eq!(
        find(&alice, "#pending-move").await.text().await.unwrap(),
        "e4"
    );
    find(&alice, "#board .sq.pending[data-sq='e4']").await;
    shot(&alice, "confirm-move").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        api_game(&app, &first).await["ply"],
        0,
        "not sent before Confirm"
    );
    // Cancel: nothing is sent, the board stays as it was.
    click(&alice, "#cancel-move").await;
    find(&alice, "#move-confirm[hidden]").await;
    assert!(alice.find(css("#board .sq.pending")).await.is_err());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        api_game(&app, &first).await["ply"],
        0,
        "Cancel sends nothing"
    );
    assert_eq!(live_ply(&alice).await, 0);
    // Chosen again and confirmed: sent, the board swapped in without a reload.
    click(&alice, "#board .sq.target[data-sq='e4']").await;
    click(&alice, "#confirm-move").await;
    wait_for_ply(&alice, 1).await;
    assert!(still_marked(&alice).await, "confirmed without a reload");
    assert!(!confirm_shown(&alice).await);
    assert_eq!(api_game(&app, &first).await["moves"], json!(["e2e4"]));

    // Bob turns confirming off: his click sends the move at once.
    set_playing(&bob, &app, "stay", false).await;
    bob.goto(&first).await.unwrap();
    mark(&bob).await;
    click(&bob, "#board a.sq[data-sq='e7']").await;
    click(&bob, "#board .sq.target[data-sq='e5']").await;
    wait_for_ply(&bob, 2).await;
    assert!(still_marked(&bob).await);
    assert!(
        bob.find(css("#move-confirm")).await.is_err(),
        "no confirmation"
    );
    assert_eq!(
        api_game(&app, &first).await["moves"],
        json!(["e2e4", "e7e5"])
    );

    // Alice goes straight on to her next game after a move (still confirming).
    set_playing(&alice, &app, "next_game", true).await;
    alice.goto(&first).await.unwrap();
    let next = find(&alice, "#next-game").await.attr("href").await.unwrap();
    assert!(second.ends_with(next.as_deref().unwrap_or("-")), "{next:?}");
    click(&alice, "#board a.sq[data-sq='d2']").await;
    click(&alice, "#board .sq.target[data-sq='d4']").await;
    click(&alice, "#confirm-move").await;
    let started = Instant::now();
    while alice.current_url().await.unwrap().as_str() != second {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "still on {}",
            alice.current_url().await.unwrap()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    find(&alice, "#board[data-ply='0']").await;
    assert_eq!(api_game(&app, &first).await["ply"], 3);
    // No other game waits for her now: after this move she stays.
    mark(&alice).await;
    click(&alice, "#board a.sq[data-sq='g1']").await;
    click(&alice, "#board .sq.target[data-sq='f3']").await;
    click(&alice, "#confirm-move").await;
    wait_for_ply(&alice, 1).await;
    assert!(still_marked(&alice).await, "stayed, without a reload");
    assert_eq!(alice.current_url().await.unwrap().as_str(), second);
    find(&alice, "#no-next-game").await;
    assert_eq!(api_game(&app, &second).await["moves"], json!(["g1f3"]));

    for client in [alice, bob] {
        client.close().await.expect("close the session");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn playing_settings_in_chromium_sqlite() {
    moves_wait_for_confirmation_and_go_on_to_the_next_game(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(all(browser_tests, postgres_tests)),
    ignore = "needs chromium and chromium-driver, and TEST_DATABASE_URL for Postgres"
)]
async fn playing_settings_in_chromium_postgres() {
    moves_wait_for_confirmation_and_go_on_to_the_next_game(Backend::Postgres).await;
}

/// Web Push on the settings page, as far as a headless browser can go here: the service
/// worker registers from the page with the whole site as its scope, and the page shows
/// this browser's state (not notified) with its button; the devices notified are listed
/// and one is removed by its form. A real subscription (`PushManager.subscribe`) needs
/// the browser vendor's push service on the internet, which this machine cannot reach;
/// the API suite (tests/api/push.rs) covers delivery with a push endpoint of its own.
/// Without script the section says that it needs script.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn push_settings_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    // A device subscribed elsewhere (another browser of hers), through the API.
    let (status, token) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "alice", "password": "password-alice"}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::CREATED, "{token}");
    let (status, body) = app
        .post(
            "/api/v1/me/push-subscriptions",
            token["token"].as_str(),
            json!({
                "endpoint": "https://push.example.net/wpush/v2/alices-phone",
                "keys": {
                    "p256dh": "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY",
                    "auth": "_ordMnz7uTCmrpBTeUV4Bw",
                },
            }),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::CREATED, "{body}");

    alice
        .goto(&format!("{}/settings", app.address))
        .await
        .expect("settings page");
    find(&alice, "#push[data-worker='registered']").await;
    find(&alice, "#push[data-push-state='off']").await;
    assert_eq!(
        find(&alice, "#push-state").await.text().await.unwrap(),
        "This device is not notified."
    );
    assert!(
        find(&alice, "#push-enable")
            .await
            .is_displayed()
            .await
            .unwrap()
    );
    assert!(
        !find(&alice, "#push-needs-script")
            .await
            .is_displayed()
            .await
            .unwrap()
    );
    assert!(
        !find(&alice, "#push-disable")
            .await
            .is_displayed()
            .await
            .unwrap()
    );
    let scope = alice
        .execute_async(
            "var done = arguments[arguments.length - 1]; \
             navigator.serviceWorker.getRegistration('/') \
               .then(function (r) { done(r ? r.scope : null); }, function () { done(null); });",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(scope, json!(format!("{}/", app.address)));
    shot(&alice, "push-settings").await;
    // The other device is listed; its form removes it.
    let row = find(&alice, "#device-list tr[data-device-id]").await;
    assert!(row.text().await.unwrap().contains("a browser"));
    click(&alice, "#device-list form button[type=submit]").await;
    find(&alice, "#no-devices").await;
    let (status, body) = app
        .get("/api/v1/me/push-subscriptions", token["token"].as_str())
        .await;
    assert_eq!(status, reqwest::StatusCode::OK);
    assert_eq!(body["items"], json!([]));
    alice.close().await.expect("close the session");

    // Without script: the section says that it needs script, and offers no button.
    let plain = session(&driver, &chrome, false).await;
    log_in(&plain, &app, "alice").await;
    plain
        .goto(&format!("{}/settings", app.address))
        .await
        .expect("settings page");
    assert!(
        find(&plain, "#push-needs-script")
            .await
            .is_displayed()
            .await
            .unwrap()
    );
    assert!(
        !find(&plain, "#push-enable")
            .await
            .is_displayed()
            .await
            .unwrap()
    );
    plain.close().await.expect("close the session");
}

/// Game chat in the browser: a line Alice sends from her game page (posted without a
/// reload) appears on Bob's open page of the game without a reload, in the chat's live
/// region, as text.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn a_chat_line_reaches_the_opponents_open_page_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    let url = challenge(&app, &alice, &bob, "chess").await;
    let game_id = url.rsplit('/').next().unwrap().to_owned();
    for player in [&alice, &bob] {
        player.goto(&url).await.expect("game page");
        mark(player).await;
    }
    // Bob's page has its event stream open before Alice writes.
    let (bob_id,): (String,) = sqlx::query_as("select id from users where username = 'bob'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let started = Instant::now();
    while !app.state.events.watches(&bob_id, &game_id) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "Bob's page opened no stream"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    find(&bob, "#chat-empty").await;
    let line = "Good luck, <b>Bob</b>!";
    type_into(&alice, "#chat-text", line).await;
    click(&alice, "#chat-form button[type=submit]").await;
    // Alice's log shows her line and her box is empty again, without a reload.
    find(&alice, "#chat-log li[data-seq='1']").await;
    assert!(still_marked(&alice).await, "sent without a reload");
    let left = alice
        .execute("return document.getElementById('chat-text').value;", vec![])
        .await
        .unwrap();
    assert_eq!(left, json!(""));
    // Bob's page: the line arrives in the live region, as text, without a reload.
    let arrived = find(
        &bob,
        "#chat-log[aria-live='polite'] li[data-seq='1'] .chat-text",
    )
    .await;
    assert_eq!(arrived.text().await.unwrap(), line);
    assert!(still_marked(&bob).await, "arrived without a reload");
    assert!(
        bob.find(css("#chat-log b")).await.is_err(),
        "the text made no element"
    );
    assert!(
        !find(&bob, "#chat-empty")
            .await
            .is_displayed()
            .await
            .unwrap(),
        "the empty-chat line hides"
    );
    bob.execute(
        "document.getElementById('chat').scrollIntoView(); return null;",
        vec![],
    )
    .await
    .expect("script");
    shot(&bob, "game-chat").await;
    for client in [alice, bob] {
        client.close().await.expect("close the session");
    }
}

/// Waits until the browser's address ends with `suffix`.
async fn wait_for_url(client: &Client, suffix: &str) {
    let started = Instant::now();
    loop {
        let url = client.current_url().await.expect("url").to_string();
        if url.ends_with(suffix) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the address is {url}, not …{suffix}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Presses a key (a WebDriver key code such as `\u{E012}`, the left arrow) on the page.
async fn press(client: &Client, key: &str) {
    find(client, "body")
        .await
        .send_keys(key)
        .await
        .expect("a key press");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn the_analysis_board_and_replay_in_chromium() {
    const LEFT: &str = "\u{E012}";
    const RIGHT: &str = "\u{E014}";
    const HOME: &str = "\u{E011}";
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let white = app.player("ana_w").await;
    let black = app.player("ana_b").await;
    let id = app.new_game("chess", &white, &black).await;
    for mv in ["e2e4", "e7e5"] {
        app.play_ok(&white, &black, &id, mv).await;
    }
    let analysis = format!("{}/games/{id}/analysis", app.address);

    // With JavaScript: the knight is chosen in the page, its target loads the next
    // position; nothing reaches the game.
    let browser = session(&driver, &chrome, true).await;
    browser.goto(&analysis).await.expect("analysis page");
    click(&browser, "#board a.sq[data-sq='g1']").await;
    click(&browser, "#board .sq.target[data-sq='f3']").await;
    wait_for_url(&browser, &format!("/games/{id}/analysis?ply=2&line=g1f3")).await;
    assert_eq!(
        find(&browser, "#line a.current")
            .await
            .text()
            .await
            .unwrap(),
        "2. Nf3"
    );
    click(&browser, "#board a.sq[data-sq='b8']").await;
    click(&browser, "#board .sq.target[data-sq='c6']").await;
    wait_for_url(&browser, "line=g1f3+b8c6").await;
    shot(&browser, "analysis-chess").await;
    // The arrows step back and forth through the line.
    press(&browser, LEFT).await;
    wait_for_url(&browser, "line=g1f3+b8c6&at=1").await;
    press(&browser, LEFT).await;
    wait_for_url(&browser, "line=g1f3+b8c6&at=0").await;
    press(&browser, RIGHT).await;
    wait_for_url(&browser, "line=g1f3+b8c6&at=1").await;
    // Another move from there keeps the line it leaves.
    click(&browser, "#legal-moves button[value='d7d6']").await;
    wait_for_url(&browser, "line=g1f3+d7d6&alt=g1f3+b8c6").await;
    assert_eq!(
        find(&browser, "#other-lines a").await.text().await.unwrap(),
        "2. Nf3 Nc6"
    );
    assert_eq!(app.game(&id).await["ply"], 2, "nothing reached the game");
    // Replay on the game page: Home shows the start, with the banner; End the live game.
    browser
        .goto(&format!("{}/games/{id}", app.address))
        .await
        .expect("game page");
    assert!(browser.find(css("#viewing")).await.is_err());
    press(&browser, LEFT).await;
    wait_for_url(&browser, &format!("/games/{id}?ply=1")).await;
    assert_eq!(
        find(&browser, "#viewing strong")
            .await
            .text()
            .await
            .unwrap(),
        "You are viewing move 1. e4 (1 of 2)."
    );
    press(&browser, HOME).await;
    wait_for_url(&browser, &format!("/games/{id}?ply=0")).await;
    shot(&browser, "replay-banner").await;
    click(&browser, "#back-to-live").await;
    wait_for_url(&browser, &format!("/games/{id}")).await;
    browser.close().await.expect("close the session");

    // Without JavaScript: the same moves by links and the board's form.
    let plain = session(&driver, &chrome, false).await;
    plain.goto(&analysis).await.expect("analysis page");
    click(&plain, "#board a.sq[data-sq='g1']").await;
    wait_for_url(&plain, "from=g1").await;
    click(&plain, "#board button.sq[data-sq='f3']").await;
    wait_for_url(&plain, &format!("/games/{id}/analysis?ply=2&line=g1f3")).await;
    assert_eq!(
        find(&plain, "#line a.current").await.text().await.unwrap(),
        "2. Nf3"
    );
    assert_eq!(app.game(&id).await["ply"], 2, "nothing reached the game");
    plain.close().await.expect("close the session");
}

/// The `data-sq` of the focused element (empty when the focus is not on a square).
async fn focused_square(client: &Client) -> String {
    let value = client
        .execute(
            "var el = document.activeElement; \
             return el && el.closest('#board') ? (el.getAttribute('data-sq') || 'board') : '';",
            vec![],
        )
        .await
        .expect("script");
    value.as_str().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn a_move_played_from_the_keyboard_keeps_the_focus_on_the_board_in_chromium() {
    const TAB: &str = "\u{E004}";
    const ENTER: &str = "\u{E007}";
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    set_playing(&alice, &app, "stay", false).await;
    let url = challenge(&app, &alice, &bob, "chess").await;
    alice.goto(&url).await.expect("game page");
    mark(&alice).await;
    assert_eq!(
        find(&alice, "#hint").await.text().await.unwrap(),
        "Choose a piece to move."
    );
    // e2 chosen by Enter: the focus stays on it, and Tab goes on to its targets, which
    // stand above it on the board (before it in the page).
    find(&alice, "#board a.sq[data-sq='e2']")
        .await
        .send_keys(ENTER)
        .await
        .expect("Enter on e2");
    find(&alice, "#board .sq.selected[data-sq='e2']").await;
    assert_eq!(focused_square(&alice).await, "e2");
    // The hint asks for the next step, as the page without script does.
    assert_eq!(
        find(&alice, "#hint").await.text().await.unwrap(),
        "Choose where it goes (or the piece again to cancel)."
    );
    let focused = alice.active_element().await.expect("focus");
    focused.send_keys(TAB).await.expect("Tab");
    let target = focused_square(&alice).await;
    assert!(
        ["e3", "e4"].contains(&target.as_str()),
        "Tab went to {target:?}"
    );
    let focused = alice.active_element().await.expect("focus");
    focused.send_keys(TAB).await.expect("Tab");
    let next = focused_square(&alice).await;
    assert!(
        ["e3", "e4"].contains(&next.as_str()) && next != target,
        "then {next:?}"
    );
    // Enter on the target plays it: the fresh board is swapped in, the focus on it.
    alice
        .active_element()
        .await
        .expect("focus")
        .send_keys(ENTER)
        .await
        .expect("Enter on the target");
    wait_for_ply(&alice, 1).await;
    assert!(still_marked(&alice).await, "played without a reload");
    let started = Instant::now();
    loop {
        let now = focused_square(&alice).await;
        if now == next {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the focus is on {now:?}, not on the square just played ({next})"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for client in [alice, bob] {
        client.close().await.expect("close the session");
    }
}

/// Plays `from`-`to` on the board of the page `client` shows, by two clicks.
async fn play_by_clicks(client: &Client, from: &str, to: &str) {
    click(client, &format!("#board a.sq[data-sq='{from}']")).await;
    click(client, &format!("#board .sq.target[data-sq='{to}']")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn conditional_lines_from_the_analysis_board_and_the_plain_form_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    let alice_plain = session(&driver, &chrome, false).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    log_in(&alice_plain, &app, "alice").await;
    set_playing(&alice, &app, "stay", false).await;
    set_playing(&bob, &app, "stay", false).await;
    let url = challenge(&app, &alice, &bob, "chess").await;
    let id = url.rsplit('/').next().unwrap().to_owned();
    alice.goto(&url).await.expect("game page");
    play_by_clicks(&alice, "e2", "e4").await;
    wait_for_ply(&alice, 1).await;

    // On Bob's turn Alice plays a whole line on the analysis board (Scholar's mate)...
    alice
        .goto(&format!("{url}/analysis"))
        .await
        .expect("analysis page");
    let mut line = Vec::new();
    for (from, to) in [
        ("e7", "e5"),
        ("f1", "c4"),
        ("b8", "c6"),
        ("d1", "h5"),
        ("g8", "f6"),
        ("h5", "f7"),
    ] {
        play_by_clicks(&alice, from, to).await;
        line.push(format!("{from}{to}"));
        wait_for_url(&alice, &format!("line={}", line.join("+"))).await;
    }
    assert_eq!(
        find(&alice, "#status").await.text().await.unwrap(),
        "White won by checkmate"
    );
    // ...and enters it as a conditional line with one button.
    click(&alice, "#use-as-conditional button").await;
    wait_for_url(&alice, &format!("/games/{id}#conditional")).await;
    assert_eq!(
        find(&alice, "#conditional-lines .conditional-moves")
            .await
            .text()
            .await
            .unwrap(),
        "1… e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"
    );
    // Without JavaScript, a second line by the plain form.
    alice_plain.goto(&url).await.expect("game page");
    type_into(&alice_plain, "#conditional-moves", "d5 exd5").await;
    click(&alice_plain, "#conditional-form button[type=submit]").await;
    find(&alice_plain, "#conditional-lines li:nth-child(2)").await;
    assert_eq!(app.game(&id).await["ply"], 1, "lines play nothing yet");

    // Alice watches her game while Bob plays into the first line: each answer comes at
    // once and reaches her page live; the line that expected d5 is dropped.
    alice.goto(&url).await.expect("game page");
    mark(&alice).await;
    bob.goto(&url).await.expect("game page");
    play_by_clicks(&bob, "e7", "e5").await;
    wait_for_ply(&bob, 3).await;
    wait_for_ply(&alice, 3).await;
    assert!(
        still_marked(&alice).await,
        "the answer arrived without a reload"
    );
    let lines = alice
        .execute(
            "return Array.from(document.querySelectorAll('#conditional-lines .conditional-moves'))\
             .map(function (el) { return el.textContent; });",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(lines, json!(["2… Nc6 3. Qh5 Nf6 4. Qxf7#"]));
    play_by_clicks(&bob, "b8", "c6").await;
    wait_for_ply(&bob, 5).await;
    // The answer that mates ends the game, as any move does.
    play_by_clicks(&bob, "g8", "f6").await;
    wait_for_ply(&alice, 7).await;
    let game = app.game(&id).await;
    assert_eq!(
        (game["status"].as_str(), game["result"].as_str()),
        (Some("finished"), Some("1-0")),
        "{game}"
    );
    assert_eq!(
        find(&alice, "#status").await.text().await.unwrap(),
        "White won by checkmate (1-0)"
    );
    shot(&alice, "conditional-mate").await;
    for client in [alice, bob, alice_plain] {
        client.close().await.expect("close the session");
    }
}
