//! A repertoire line entered on the repertoire page in Chromium, answering in a game as
//! the opponent plays into it, the reply reaching the page live; and a game from
//! elsewhere carried over through the lobby's form, confirmed by the opponent.

use super::{
    analysis::play_by_clicks, binaries, challenge, click, find, mark, session, set_playing, shot,
    sign_up, start_driver, still_marked, type_into, wait_for_ply,
};
use crate::helpers::{Backend, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn a_repertoire_line_answers_in_a_game_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    set_playing(&alice, &app, "stay", false).await;
    set_playing(&bob, &app, "stay", false).await;

    // Alice's repertoire as White: the Italian after 1. e4 e5, the Open Sicilian after
    // 1. e4 c5.
    alice
        .goto(&format!("{}/repertoire", app.address))
        .await
        .expect("repertoire page");
    find(&alice, "#repertoire-empty").await;
    for (count, line) in ["1. e4 e5 2. Nf3 Nc6 3. Bc4", "1. e4 c5 2. Nf3"]
        .into_iter()
        .enumerate()
    {
        type_into(&alice, "#repertoire-line", line).await;
        click(&alice, "#repertoire-form button[type=submit]").await;
        // The notice is on the page before the post too after the first line: wait for
        // the new page, which lists one line more.
        wait_for_lines(&alice, count + 1).await;
        find(&alice, "#repertoire-added").await;
    }
    let listed = alice
        .execute(
            "return Array.from(document.querySelectorAll('.repertoire-moves'))\
             .map(function (el) { return el.textContent; });",
            vec![],
        )
        .await
        .expect("script");
    assert_eq!(
        listed,
        serde_json::json!(["1. e4 c5 2. Nf3", "1. e4 e5 2. Nf3 Nc6 3. Bc4"]),
        "by their moves"
    );
    shot(&alice, "repertoire-page").await;

    let url = challenge(&app, &alice, &bob, "chess").await;
    let id = url.rsplit('/').next().unwrap().to_owned();
    alice.goto(&url).await.expect("game page");
    find(&alice, "#repertoire-state").await;
    play_by_clicks(&alice, "e2", "e4").await;
    wait_for_ply(&alice, 1).await;
    // Bob plays into the line: Nf3 comes at once, live on Alice's page.
    mark(&alice).await;
    bob.goto(&url).await.expect("game page");
    play_by_clicks(&bob, "c7", "c5").await;
    wait_for_ply(&bob, 3).await;
    wait_for_ply(&alice, 3).await;
    assert!(
        still_marked(&alice).await,
        "the reply arrived without a reload"
    );
    let game = app.game(&id).await;
    assert_eq!(game["moves"][2], "g1f3", "{game}");
    // Private while the game goes on.
    assert!(game["repertoire_moves"].is_null(), "{game}");
    for client in [alice, bob] {
        client.close().await.expect("close the session");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn a_game_from_elsewhere_carries_over_through_the_lobby_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    set_playing(&alice, &app, "stay", false).await;
    alice
        .goto(&format!("{}/lobby", app.address))
        .await
        .expect("lobby");
    click(&alice, "#variant option[value='chess']").await;
    click(&alice, "#color option[value=black]").await;
    type_into(&alice, "#opponent", "bob").await;
    click(&alice, "#kind option[value=casual]").await;
    click(&alice, "details.carry-over summary").await;
    type_into(&alice, "#record", "1. e4 c5 2. Nf3 d6 3. d4").await;
    click(&alice, "#challenge-form button[type=submit]").await;
    find(&alice, "#my-challenges details.carried").await;
    // Bob sees the moves he is asked to confirm, and accepts.
    bob.goto(&format!("{}/lobby", app.address))
        .await
        .expect("lobby");
    click(&bob, "#to-me details.carried summary").await;
    let shown = find(&bob, "#to-me .carried-moves")
        .await
        .text()
        .await
        .expect("text");
    assert_eq!(shown, "1. e4 c5 2. Nf3 d6 3. d4");
    shot(&bob, "carried-over-challenge").await;
    click(&bob, "#to-me form[action$='/accept'] button").await;
    find(&bob, "#game").await;
    // The game goes on from the record: Alice, Black, is to move at ply 5.
    let url = bob.current_url().await.expect("url").to_string();
    alice.goto(&url).await.expect("game page");
    wait_for_ply(&alice, 5).await;
    play_by_clicks(&alice, "c5", "d4").await;
    wait_for_ply(&alice, 6).await;
    let id = url.rsplit('/').next().unwrap().to_owned();
    let game = app.game(&id).await;
    assert_eq!(
        (game["source"].as_str(), game["moves"][5].as_str()),
        (Some("import"), Some("c5d4")),
        "{game}"
    );
    for client in [alice, bob] {
        client.close().await.expect("close the session");
    }
}

/// Waits until the repertoire page lists `count` lines.
async fn wait_for_lines(client: &fantoccini::Client, count: usize) {
    for _ in 0..100 {
        let listed = client
            .execute(
                "return document.querySelectorAll('.repertoire-moves').length;",
                vec![],
            )
            .await
            .ok()
            .and_then(|value| value.as_u64());
        if listed == Some(count as u64) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the repertoire page never listed {count} lines");
}
