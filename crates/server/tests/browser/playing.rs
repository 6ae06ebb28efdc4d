//! Whole games in Chromium: two players sign up, challenge and accept, play Reversi 6x6 and
//! Fool's mate by clicking (each seeing the other's moves arrive live) and a chess move
//! with JavaScript off; a person plays the computer from the lobby; a chat line reaches
//! the opponent's open page.

use std::time::{Duration, Instant};

use fantoccini::Client;
use serde_json::json;

use super::{
    api_game, binaries, challenge, click, css, find, live_ply, log_in, mark, session, set_playing,
    shot, sign_up, start_driver, still_marked, type_into, wait_for_ply,
};
use crate::helpers::{Backend, TestApp};

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
