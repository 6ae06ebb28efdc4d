//! A conditional line with "any move" and a closing action, entered through the game
//! page's form in Chromium, firing as the opponent plays and reaching the page live.

use fantoccini::Client;
use serde_json::json;

use super::{
    analysis::play_by_clicks, binaries, challenge, click, find, mark, session, set_playing, shot,
    sign_up, start_driver, still_marked, type_into, wait_for_ply,
};
use crate::helpers::{Backend, TestApp};

/// The texts of the lines the page lists.
async fn listed(client: &Client) -> serde_json::Value {
    client
        .execute(
            "return Array.from(document.querySelectorAll('#conditional-lines .conditional-moves'))\
             .map(function (el) { return el.textContent; });",
            vec![],
        )
        .await
        .expect("script")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "install chromium and chromium-driver (then touch crates/server/build.rs) to run"
)]
async fn an_any_move_line_ending_in_a_draw_offer_fires_in_chromium() {
    let (chrome, driver_bin) = binaries();
    let app = TestApp::spawn(Backend::Sqlite, &[]).await;
    let driver = start_driver(&driver_bin).await;
    let alice = session(&driver, &chrome, true).await;
    let bob = session(&driver, &chrome, true).await;
    sign_up(&alice, &app, "alice").await;
    sign_up(&bob, &app, "bob").await;
    set_playing(&alice, &app, "stay", false).await;
    set_playing(&bob, &app, "stay", false).await;
    let url = challenge(&app, &alice, &bob, "chess").await;
    let id = url.rsplit('/').next().unwrap().to_owned();
    alice.goto(&url).await.expect("game page");
    play_by_clicks(&alice, "e2", "e4").await;
    wait_for_ply(&alice, 1).await;

    // On Bob's turn Alice writes: whatever he plays, d4; whatever then, offer a draw.
    type_into(&alice, "#conditional-moves", "* d4 *").await;
    find(&alice, "#conditional-action")
        .await
        .select_by_value("draw-offer")
        .await
        .expect("choose the action");
    click(&alice, "#conditional-form button[type=submit]").await;
    find(&alice, "#conditional-lines li").await;
    assert_eq!(
        listed(&alice).await,
        json!(["1… (any move) 2. d4 (any move) 3. offer a draw"])
    );

    // Bob plays a move Alice never named: d4 comes at once, live on her page.
    mark(&alice).await;
    bob.goto(&url).await.expect("game page");
    play_by_clicks(&bob, "a7", "a6").await;
    wait_for_ply(&bob, 3).await;
    wait_for_ply(&alice, 3).await;
    assert!(
        still_marked(&alice).await,
        "the answer arrived without a reload"
    );
    let game = app.game(&id).await;
    assert_eq!(game["moves"][2], "d2d4", "{game}");
    // Bob's next move: Alice's line offers the draw, and his page offers to accept it.
    play_by_clicks(&bob, "b7", "b6").await;
    wait_for_ply(&bob, 4).await;
    let game = app.game(&id).await;
    assert_eq!(
        (game["to_move"].as_str(), game["draw_offer"].as_str()),
        (Some("white"), Some("white")),
        "{game}"
    );
    bob.goto(&url).await.expect("game page");
    find(&bob, "form[action$='/action/draw-accept'] button").await;
    shot(&bob, "conditional-draw-offer").await;
    for client in [alice, bob] {
        client.close().await.expect("close the session");
    }
}
