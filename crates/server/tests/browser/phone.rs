//! Every page family on a phone: Chromium emulating a 390 × 844 touch screen, in every
//! language of the site (each page's screenshot goes to `target/screenshots/phone-*`). On each
//! page nothing is wider than the screen, the header is one row (its links behind the
//! Menu button), no table column is hidden, and axe-core (from the npm registry, injected
//! into the page) finds no serious or critical accessibility violation. `AXE_CORE` names
//! axe-core's `axe.min.js` (`.ci/run` installs it); without it the accessibility half
//! fails in CI and is skipped, saying so, elsewhere. The same pages are then laid out
//! again with JavaScript off, in every language, with the same layout checks.
//!
//! Then the flows: pieces dragged with a finger on a phone and with a mouse on a desk
//! (the move named in the game's notation while it waits for Confirm); the phone's menu
//! opened to reach the lobby, where a challenge is declined; the bell's panel, whose
//! notice opens its game and is read there.

use std::path::PathBuf;

use fantoccini::Client;
use serde_json::json;
use vocab::i18n::Lang;

use super::{
    Driver, binaries, browser, click, css, find, log_in, push_arg, session, set_playing, shot,
    start_driver, wait_for_ply,
};
use crate::helpers::{Backend, TestApp};

/// A phone's screen.
const WIDTH: u32 = 390;
const HEIGHT: u32 = 844;

/// A headless Chromium emulating a phone with touch, JavaScript on.
async fn phone(driver: &Driver, chrome: &std::path::Path) -> Client {
    phone_with(driver, chrome, true).await
}

/// A headless Chromium emulating a phone with touch, JavaScript on or off.
async fn phone_with(driver: &Driver, chrome: &std::path::Path, javascript: bool) -> Client {
    browser(driver, chrome, |options| {
        if !javascript {
            options["prefs"] = json!({"profile.managed_default_content_settings.javascript": 2});
        }
        push_arg(options, "--hide-scrollbars");
        options["mobileEmulation"] = json!({
            "deviceMetrics": {"width": WIDTH, "height": HEIGHT, "pixelRatio": 3.0, "touch": true},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 \
                (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
        });
    })
    .await
}

/// axe-core's script, or `None` (with the reason said) where it is not installed and this
/// is not CI.
fn axe_source() -> Option<String> {
    let path = std::env::var_os("AXE_CORE").map(PathBuf::from);
    match path.as_ref().map(std::fs::read_to_string) {
        Some(Ok(source)) => Some(source),
        _ if std::env::var("CI").is_ok_and(|value| value == "true") => panic!(
            "axe-core is missing: set AXE_CORE to axe-core's axe.min.js \
             (npm install axe-core; .ci/run does this)"
        ),
        _ => {
            eprintln!(
                "SKIPPED locally: the accessibility checks (set AXE_CORE to axe-core's \
                 axe.min.js to run them); the width and column checks still run"
            );
            None
        }
    }
}

/// What is wrong with the page shown at 390 px: wider than the screen, a table cell
/// hidden, or (with axe) a serious or critical violation. Empty when nothing is.
async fn faults(client: &Client, axe: Option<&str>) -> Vec<String> {
    let layout = client
        .execute(
            "var root = document.documentElement; var faults = [];\
             if (root.scrollWidth > window.innerWidth) \
               faults.push('the page is ' + root.scrollWidth + ' px wide on a ' + window.innerWidth + ' px screen');\
             var header = document.querySelector('header.site').getBoundingClientRect().height;\
             if (!document.getElementById('menu-open').checked && header > 64) \
               faults.push('the header is ' + Math.round(header) + ' px tall');\
             document.querySelectorAll('table th, table td').forEach(function (cell) {\
               if (getComputedStyle(cell).display === 'none' || getComputedStyle(cell).visibility === 'hidden')\
                 faults.push('a hidden table cell: ' + cell.textContent.trim().slice(0, 40));\
             });\
             return faults;",
            vec![],
        )
        .await
        .expect("the layout checks");
    let mut faults: Vec<String> =
        serde_json::from_value(layout).expect("the layout checks give a list of faults");
    if let Some(axe) = axe {
        client
            .execute(&format!("{axe}\nreturn true;"), vec![])
            .await
            .expect("axe-core loads");
        let found = client
            .execute_async(
                "var done = arguments[arguments.length - 1];\
                 axe.run(document, {resultTypes: ['violations']}).then(function (result) {\
                   done(result.violations.filter(function (v) {\
                     return v.impact === 'serious' || v.impact === 'critical';\
                   }).map(function (v) {\
                     return v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(function (n) {\
                       return n.target.join(' ') + ' ' + n.html.slice(0, 160);\
                     }).join(', ');\
                   }));\
                 }, function (error) { done(['axe failed: ' + error]); });",
                vec![],
            )
            .await
            .expect("axe-core runs");
        let violations: Vec<String> =
            serde_json::from_value(found).expect("axe-core's run gives a list of violations");
        faults.extend(violations);
    }
    faults
}

/// One page of each family the site has, for a signed-in administrator who plays: (a
/// name for its screenshot, its path).
async fn page_families(app: &TestApp) -> Vec<(String, String)> {
    let ann = app.player("annika").await;
    let bob = app.player("bobby").await;
    let mut pages: Vec<(String, String)> = [
        ("home", "/"),
        ("lobby", "/lobby"),
        ("my-games", "/my-games"),
        ("notifications", "/notifications"),
        ("settings", "/settings"),
        ("repertoire", "/repertoire"),
        ("player", "/players/annika"),
        ("leaderboard", "/leaderboards/chess"),
        ("rules-chess", "/rules/chess"),
        ("rules-chess960", "/rules/chess960"),
        ("rules-knight-fight", "/rules/knight-fight"),
        ("tournaments", "/tournaments"),
        ("tournament-rules", "/tournaments/rules"),
        ("admin", "/admin"),
    ]
    .into_iter()
    .map(|(name, path)| (name.to_owned(), path.to_owned()))
    .collect();
    for variant in rules::Variant::ALL.map(rules::Variant::as_str) {
        let id = app.new_game(variant, &ann, &bob).await;
        pages.push((format!("game-{variant}"), format!("/games/{id}")));
        if variant == "chess" {
            app.play_ok(&ann, &bob, &id, "e2e4").await;
            pages.push(("analysis".to_owned(), format!("/games/{id}/analysis")));
        }
    }
    // A finished game with its computer review done, for the review's page.
    let reviewed = app
        .reviewed_game(&ann, &bob, &["e2e4", "e7e5", "g1f3", "b8c6"], Some(&bob))
        .await;
    pages.push(("review".to_owned(), format!("/games/{reviewed}/review")));
    // A line of Ann's repertoire for its page.
    let (status, body) = app
        .post(
            "/api/v1/repertoire",
            Some(&ann.token),
            json!({"variant": "chess", "color": "white",
                   "line": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1"}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    // An open challenge for the lobby's list, a challenge made to Ann, a tournament.
    for challenge in [
        json!({"variant": "reversi-8x8", "color": "black"}),
        json!({"variant": "chess", "color": "black", "opponent": "annika"}),
    ] {
        let (status, body) = app
            .post("/api/v1/challenges", Some(&bob.token), challenge)
            .await;
        assert!(status.is_success(), "{body}");
    }
    let (status, body) = app
        .post(
            "/api/v1/tournaments",
            Some(&ann.token),
            json!({"name": "Kolmapäevane karikavõistlus", "variant": "reversi-6x6",
                   "format": "round_robin", "section_size": 4, "advance": 2,
                   "max_players": 8}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    for player in [&ann, &bob] {
        let (status, joined) = app
            .post(
                &format!("/api/v1/tournaments/{}/join", body["id"].as_str().unwrap()),
                Some(&player.token),
                json!({}),
            )
            .await;
        assert!(status.is_success(), "{joined}");
    }
    pages.push((
        "tournament".to_owned(),
        format!("/tournaments/{}", body["id"].as_str().unwrap()),
    ));
    pages
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn every_page_fits_a_phone_in_every_language_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let axe = axe_source();
    let app = TestApp::spawn(Backend::Sqlite, &[("ENGINE_NODES", "20000")]).await;
    let pages = page_families(&app).await;
    let driver = start_driver(&driver_bin).await;
    let client = phone(&driver, &chrome).await;
    log_in(&client, &app, "annika").await;
    let mut all = Vec::new();
    for lang in Lang::ALL.map(Lang::code) {
        client
            .goto(&format!("{}/lang/{lang}?back=/", app.address))
            .await
            .expect("the language switch");
        find(&client, &format!("html[lang={lang}]")).await;
        for (name, page) in &pages {
            client
                .goto(&format!("{}{page}", app.address))
                .await
                .expect("the page");
            find(&client, "main#main").await;
            shot(&client, &format!("phone-{lang}-{name}")).await;
            for fault in faults(&client, axe.as_deref()).await {
                all.push(format!("{lang} {page}: {fault}"));
            }
        }
    }
    // Without script: the same pages in every language, measured as laid out (the checks
    // run through the driver, which script blocked in the page does not stop). The
    // session is the one signed in above: a tap without script is slow to emulate.
    let plain = phone_with(&driver, &chrome, false).await;
    let cookie = client
        .get_named_cookie("bg_session")
        .await
        .expect("the session cookie");
    plain
        .goto(&format!("{}/tournaments/rules", app.address))
        .await
        .expect("a page of the site");
    plain
        .add_cookie(cookie)
        .await
        .expect("the session cookie set");
    for lang in Lang::ALL.map(Lang::code) {
        plain
            .goto(&format!("{}/lang/{lang}?back=/", app.address))
            .await
            .expect("the language switch");
        find(&plain, &format!("html[lang={lang}]")).await;
        for (_, page) in &pages {
            plain
                .goto(&format!("{}{page}", app.address))
                .await
                .expect("the page");
            find(&plain, "header .account a[href='/players/annika']").await;
            let bell = find(&plain, "#bell").await;
            assert_eq!(
                bell.attr("aria-expanded").await.expect("the bell"),
                None,
                "the script ran: the bell's panel was set up"
            );
            for fault in faults(&plain, None).await {
                all.push(format!("{lang} without script {page}: {fault}"));
            }
        }
    }
    assert!(all.is_empty(), "on a phone:\n{}", all.join("\n"));
}

/// Drags the piece on square `from` to square `to` with `pointer` (a finger or a mouse),
/// passing over the squares between as a hand does.
async fn drag(client: &Client, pointer: PointerKind, from: &str, to: &str) {
    use fantoccini::actions::{InputSource, MouseActions, PointerAction, TouchActions};
    let from = find(client, &format!("#board .sq[data-sq='{from}']")).await;
    let to = find(client, &format!("#board .sq[data-sq='{to}']")).await;
    let step =
        |element: &fantoccini::elements::Element, millis: u64| PointerAction::MoveToElement {
            element: element.clone(),
            duration: Some(std::time::Duration::from_millis(millis)),
            x: 0.0,
            y: 0.0,
        };
    let moves = [
        step(&from, 0),
        PointerAction::Down { button: 0 },
        PointerAction::MoveBy {
            duration: Some(std::time::Duration::from_millis(100)),
            x: 12.0,
            y: -12.0,
        },
        step(&to, 200),
        PointerAction::Up { button: 0 },
    ];
    let done = match pointer {
        PointerKind::Finger => {
            let actions = moves
                .into_iter()
                .fold(TouchActions::new("finger".to_owned()), InputSource::then);
            client.perform_actions(actions).await
        }
        PointerKind::Mouse => {
            let actions = moves
                .into_iter()
                .fold(MouseActions::new("mouse".to_owned()), InputSource::then);
            client.perform_actions(actions).await
        }
    };
    done.expect("the drag");
}

/// What drags a piece.
#[derive(Debug, Clone, Copy)]
enum PointerKind {
    Finger,
    Mouse,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn pieces_are_dragged_by_finger_and_mouse_and_named_before_confirming_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let ann = app.player("annika").await;
    let bob = app.player("bobby").await;
    let id = app.new_game("chess", &ann, &bob).await;
    let driver = start_driver(&driver_bin).await;
    // Ann on a phone, moving at once: a finger drags the pawn from e2 to e4.
    let phone = phone(&driver, &chrome).await;
    log_in(&phone, &app, "annika").await;
    set_playing(&phone, &app, "stay", false).await;
    phone
        .goto(&format!("{}/games/{id}", app.address))
        .await
        .expect("the game");
    drag(&phone, PointerKind::Finger, "e2", "e4").await;
    wait_for_ply(&phone, 1).await;
    assert_eq!(app.game(&id).await["moves"][0], "e2e4");
    // A challenge Bob makes her she declines on the phone, with a reason he is told.
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&bob.token),
            json!({"variant": "reversi-10x10", "color": "white", "opponent": "annika"}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    // The lobby is behind the Menu button, which opens without script too.
    let lobby_link = find(&phone, "header.site nav a[href='/lobby']").await;
    assert!(
        !lobby_link.is_displayed().await.unwrap(),
        "the menu starts closed"
    );
    click(&phone, "label.menu-button").await;
    assert!(lobby_link.is_displayed().await.unwrap(), "the menu opened");
    let menu_faults = faults(&phone, axe_source().as_deref()).await;
    assert!(menu_faults.is_empty(), "the open menu: {menu_faults:?}");
    shot(&phone, "phone-en-menu").await;
    lobby_link.click().await.expect("the lobby's link");
    click(&phone, "#to-me details.decline summary").await;
    click(&phone, "#to-me .decline-form option[value='later']").await;
    click(&phone, "#to-me .decline-form button[type=submit]").await;
    // Declined: the lobby it comes back to lists it no more.
    let began = std::time::Instant::now();
    while phone.find(css("#to-me .decline-form")).await.is_ok() {
        assert!(
            began.elapsed() < std::time::Duration::from_secs(10),
            "the declined challenge is still listed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (_, notices) = app.get("/api/v1/notifications", Some(&bob.token)).await;
    let declined = notices["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|notice| notice["payload"]["event"] == "declined")
        .unwrap_or_else(|| panic!("no declined notice: {notices}"));
    assert_eq!(declined["payload"]["reason"], "later");
    // Bob at a desk: the bell's panel lists Ann's move, named; following it opens the
    // game, which reads the notice. His browser's zone was remembered for the pages.
    let desk = session(&driver, &chrome, true).await;
    log_in(&desk, &app, "bobby").await;
    click(&desk, "#bell").await;
    find(&desk, "#bell-menu li.unread a").await;
    let mut turn = None;
    for item in desk
        .find_all(css("#bell-menu li.unread a"))
        .await
        .expect("the panel's notices")
    {
        if item.text().await.unwrap() == "annika played e4 in your Chess game: your turn." {
            turn = Some(item);
        }
    }
    turn.expect("the move's notice in the panel")
        .click()
        .await
        .expect("the notice's link");
    wait_for_ply(&desk, 1).await;
    // Only the declined challenge's notice is left unread.
    let bell = find(&desk, "#unread").await.text().await.unwrap();
    assert_eq!(bell.trim(), "1");
    let (_, notices) = app.get("/api/v1/notifications", Some(&bob.token)).await;
    let turn = notices["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|notice| notice["kind"] == "your_turn")
        .unwrap_or_else(|| panic!("no your_turn notice: {notices}"));
    assert!(
        turn["read_at"].is_string(),
        "opening the game read it: {turn}"
    );
    let cookies = desk
        .execute("return document.cookie", vec![])
        .await
        .unwrap();
    assert!(cookies.as_str().unwrap_or("").contains("tz="), "{cookies}");
    // Confirming moves: the knight dragged to f6 waits, named as people write it, on the
    // square it would go to; Confirm sends it.
    set_playing(&desk, &app, "stay", true).await;
    desk.goto(&format!("{}/games/{id}", app.address))
        .await
        .expect("the game");
    drag(&desk, PointerKind::Mouse, "g8", "f6").await;
    find(&desk, "#move-confirm:not([hidden])").await;
    let named = find(&desk, "#pending-move").await.text().await.unwrap();
    assert_eq!(named, "Nf6");
    find(&desk, "#board .sq.pending[data-sq='f6']").await;
    assert_eq!(
        app.game(&id).await["ply"],
        1,
        "nothing is sent before Confirm"
    );
    click(&desk, "#confirm-move").await;
    wait_for_ply(&desk, 2).await;
    assert_eq!(app.game(&id).await["moves"][1], "g8f6");
}
