//! The settings in Chromium: playing settings (Confirm and Cancel, moves sent at once, on
//! to the next game) on SQLite and on Postgres, and Web Push on the settings page.

use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::{Value, json};

use super::{
    api_game, binaries, challenge, click, css, find, live_ply, log_in, mark, session, set_playing,
    shot, sign_up, start_driver, still_marked, wait_for_ply,
};
use crate::helpers::{Backend, TestApp};

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
