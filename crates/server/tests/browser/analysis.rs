//! The analysis board and the game page's replay in Chromium: moves played by the page
//! (with JavaScript and without), the arrow keys, the focus kept on the board after a move
//! from the keyboard, and conditional lines from the analysis board and the plain form.

use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::json;

use super::{
    binaries, challenge, click, css, find, log_in, mark, session, set_playing, shot, sign_up,
    start_driver, still_marked, type_into, wait_for_ply,
};
use crate::helpers::{Backend, TestApp};

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
pub(super) async fn play_by_clicks(client: &Client, from: &str, to: &str) {
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
