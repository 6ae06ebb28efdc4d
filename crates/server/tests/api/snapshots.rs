//! The game snapshots: a game shown again within a second comes from memory, and every
//! change drops its snapshot at once, so nobody is shown a game older than a change that
//! was answered.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use bytes::Bytes;
use domain::game::snapshots::{GameBody, MAX_AGE, RenderedGamePage, RenderedRulesPage};
use rand::{SeedableRng, rngs::StdRng};
use reqwest::StatusCode;
use rules::Variant;
use serde_json::{Value, json};

use crate::{
    chat::let_spectators_read,
    helpers::{TestApp, post_form},
    playouts::random_legal_move,
    scenarios,
};

scenarios!(
    a_game_shown_again_comes_from_its_snapshot,
    readers_never_see_a_game_older_than_an_answered_move,
    what_spectators_see_of_a_chat_is_kept_until_a_line_or_a_setting_changes_it,
    a_kept_board_is_each_viewers_own_and_a_move_shows_the_next,
    a_viewers_page_is_kept_per_session_until_a_change_through_the_server,
    a_guests_rules_page_is_served_rendered_while_its_results_are_fresh,
    a_game_page_and_body_are_built_once_per_snapshot_viewer_and_second,
    a_tokens_owner_is_kept_for_a_minute_and_a_revocation_shows_at_once
);

scenarios!(with [("VACATION_DAYS_PER_YEAR", "30")];
    a_change_is_shown_at_once_on_every_face_of_the_game,
);

/// The ply the game page shows (its `data-ply`).
fn page_ply(page: &str) -> u64 {
    let (_, rest) = page.split_once("data-ply=\"").expect("the page's data-ply");
    rest[..rest.find('"').unwrap()].parse().unwrap()
}

/// Waits (on Postgres) for the instance to hear of game `id`'s creation through its
/// listener, a moment later, which drops the game's snapshots and both players' pages
/// (it may be in already).
async fn settle_creation(app: &TestApp, id: &str) {
    let mut creation = app.state.events.subscribe(Some(id), None);
    let _ = tokio::time::timeout(Duration::from_millis(500), creation.next()).await;
}

async fn a_game_shown_again_comes_from_its_snapshot(app: TestApp) {
    let white = app.player("snap_white").await;
    let black = app.player("snap_black").await;
    let id = app.new_game("chess", &white, &black).await;
    settle_creation(&app, &id).await;
    let snapshots = &app.state.caches.games;
    snapshots.forget_all();
    assert!(snapshots.is_empty());
    assert_eq!(app.game(&id).await["white"], "snap_white");
    assert_eq!(snapshots.len(), 1, "the read kept a snapshot");
    // Renamed behind the server's back: the snapshot still shows the old name, which
    // only a game served from memory can do.
    sqlx::query("update users set username = 'renamed_white' where username = 'snap_white'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(app.game(&id).await["white"], "snap_white");
    assert!(
        app.page_html(&format!("/games/{id}"))
            .await
            .contains("snap_white")
    );
    // Dropped, the game is read again.
    snapshots.forget_all();
    assert_eq!(app.game(&id).await["white"], "renamed_white");
    // A game that is not there is not kept.
    let (status, _) = app.get("/api/v1/games/nosuchgame", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(snapshots.len(), 1);
}

async fn a_change_is_shown_at_once_on_every_face_of_the_game(app: TestApp) {
    let white = app.player("face_white").await;
    let black = app.player("face_black").await;
    let id = app.new_game("chess", &white, &black).await;
    let faces = [
        format!("/games/{id}"),
        format!("/games/{id}.svg"),
        format!("/games/{id}/record"),
        format!("/games/{id}/analysis"),
    ];
    for (ply, mv) in ["e4", "e5", "Nf3"].into_iter().enumerate() {
        // Every face read first, so each has the snapshot of the position before.
        for path in &faces {
            app.page_html(path).await;
        }
        let player = if ply % 2 == 0 { &white } else { &black };
        let (status, body) = app.play(player, &id, mv, ply as u64).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let shown = ply as u64 + 1;
        assert_eq!(app.game(&id).await["ply"], shown);
        assert_eq!(page_ply(&app.page_html(&faces[0]).await), shown);
        assert!(
            app.page_html(&faces[2]).await.contains(mv),
            "the record has {mv}"
        );
    }
    // An action, too: the draw offer is on the page at once.
    let (status, body) = app.act(&black, &id, "draw/offer").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.game(&id).await["draw_offer"], "black");
    // And what changes a game without a game event: Black, to move, goes on vacation.
    let (status, body) = app
        .post(
            "/api/v1/me/vacation",
            Some(&black.token),
            json!({"hours": 48}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let game = app.game(&id).await;
    assert_eq!(game["clocks"]["black"]["stopped"], "vacation", "{game}");
    // The end, last.
    let (status, body) = app.act(&white, &id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.game(&id).await["status"], "finished");
    assert!(
        app.page_html(&faces[0])
            .await
            .contains("won by resignation")
    );
}

/// Readers keep the game's snapshot warm while two players move: every read after a
/// move was answered shows it, and no reader ever sees the game go back.
async fn readers_never_see_a_game_older_than_an_answered_move(app: TestApp) {
    let white = app.player("race_white").await;
    let black = app.player("race_black").await;
    let id = app.new_game("reversi-8x8", &white, &black).await;
    let done = Arc::new(AtomicBool::new(false));
    let mut readers = Vec::new();
    for reader in 0..4 {
        let (address, id, done) = (app.address.clone(), id.clone(), done.clone());
        readers.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let (mut last, mut reads) = (0, 0);
            while !done.load(Ordering::Relaxed) {
                let ply = if reader % 2 == 0 {
                    let game: Value = client
                        .get(format!("{address}/api/v1/games/{id}"))
                        .send()
                        .await
                        .unwrap()
                        .json()
                        .await
                        .unwrap();
                    game["ply"].as_u64().unwrap()
                } else {
                    let page = client
                        .get(format!("{address}/games/{id}"))
                        .send()
                        .await
                        .unwrap()
                        .text()
                        .await
                        .unwrap();
                    page_ply(&page)
                };
                assert!(ply >= last, "reader {reader} saw ply {ply} after {last}");
                (last, reads) = (ply, reads + 1);
            }
            reads
        }));
    }
    let mut rng = StdRng::seed_from_u64(12);
    let mut game = app.game(&id).await;
    for _ in 0..30 {
        if game["status"] != "active" {
            break;
        }
        let mv = random_legal_move(&game, &mut rng);
        let player = if game["to_move"] == "white" {
            &white
        } else {
            &black
        };
        let ply = game["ply"].as_u64().unwrap();
        let (status, body) = app.play(player, &id, mv, ply).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let answered = body["ply"].as_u64().unwrap();
        game = app.game(&id).await;
        assert_eq!(
            game["ply"].as_u64().unwrap(),
            answered,
            "the API after the move"
        );
        let page = app.page_html(&format!("/games/{id}")).await;
        assert_eq!(page_ply(&page), answered, "the page after the move");
    }
    done.store(true, Ordering::Relaxed);
    for reader in readers {
        assert!(reader.await.unwrap() > 0, "every reader read");
    }
}

/// What spectators see of a game's chat is kept like the game: a second look within the
/// second comes from memory, a line written through the server shows at once, and so does
/// a player's closing the chat to spectators.
async fn what_spectators_see_of_a_chat_is_kept_until_a_line_or_a_setting_changes_it(app: TestApp) {
    let white = app.player("chat_snap_white").await;
    let black = app.player("chat_snap_black").await;
    let watcher = app.player("chat_snap_watcher").await;
    for player in [&white, &black] {
        let_spectators_read(&app, player, true).await;
    }
    let id = app.new_game("chess", &white, &black).await;
    let page = format!("/games/{id}");
    let mut events = app.state.events.subscribe(Some(&id), None);
    // On Postgres the instance hears of the game's creation a moment later (see above).
    let _ = tokio::time::timeout(Duration::from_millis(500), events.next()).await;
    let chats = &app.state.caches.chats;
    chats.forget_all();
    assert!(!app.page_html(&page).await.contains("hello spectators"));
    assert_eq!(chats.len(), 1, "the guest's look kept what spectators see");
    // A line through the server is on the guest's page at once.
    let (status, body) = app
        .post(
            &format!("/api/v1/games/{id}/chat"),
            Some(&white.token),
            json!({"text": "hello spectators"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(app.page_html(&page).await.contains("hello spectators"));
    // On Postgres the line's notice comes back through the listener a moment later and
    // drops the snapshot once more: wait for it, then look again to keep a snapshot.
    // (On SQLite it was delivered before the post was answered.)
    tokio::time::timeout(Duration::from_secs(10), events.next())
        .await
        .expect("the chat line is delivered to this instance");
    assert!(app.page_html(&page).await.contains("hello spectators"));
    // Edited behind the server's back: the guest, and a signed-in spectator, who shares
    // the guests' snapshot, are still shown the line as it was, which only memory can do.
    sqlx::query("update chat_messages set body = 'edited behind' where game_id = $1")
        .bind(&id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert!(app.page_html(&page).await.contains("hello spectators"));
    assert!(
        app.page_html_as(&watcher, &page)
            .await
            .contains("hello spectators")
    );
    // The players read their own chat, never the spectators' snapshot.
    assert!(
        app.page_html_as(&black, &page)
            .await
            .contains("edited behind")
    );
    // Black closes the chat to spectators: at once, the guest sees no line.
    let_spectators_read(&app, &black, false).await;
    let shown = app.page_html(&page).await;
    assert!(
        !shown.contains("hello spectators") && !shown.contains("edited behind"),
        "the closed chat is not shown to a guest"
    );
    assert!(
        app.page_html_as(&white, &page)
            .await
            .contains("edited behind")
    );
}

/// The board part of a game page (from its `board-area` to its links).
fn board_part(page: &str) -> &str {
    let start = page.find("class=\"board-area\"").expect("the board");
    let end = page[start..]
        .find("board-links")
        .expect("the board's links");
    &page[start..start + end]
}

/// How many squares on the page's board select a piece to move.
fn selectable(page: &str) -> usize {
    board_part(page).matches("data-select=").count()
}

/// The square the page's board shows first (top left).
fn top_left(page: &str) -> &str {
    let board = board_part(page);
    let (_, rest) = board.split_once("data-sq=\"").expect("a square");
    &rest[..rest.find('"').unwrap()]
}

/// The page at `path` as a guest who reads Estonian sees it.
async fn page_in_estonian(app: &TestApp, path: &str) -> String {
    let response = app
        .client
        .get(format!("{}{path}", app.address))
        .header(reqwest::header::ACCEPT_LANGUAGE, "et")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.text().await.unwrap()
}

/// The game page keeps its board rendered per position and view, and each viewer still
/// sees their own: the player to move can pick their pieces and nobody else can, Black
/// sees the board from Black's side, a turned board is turned, each language has its
/// own words, and a move shows the next position at once.
async fn a_kept_board_is_each_viewers_own_and_a_move_shows_the_next(app: TestApp) {
    let white = app.player("kept_white").await;
    let black = app.player("kept_black").await;
    let id = app.new_game("chess", &white, &black).await;
    let page = format!("/games/{id}");
    let boards = &app.state.caches.boards;
    for round in 0..2 {
        let as_white = app.page_html_as(&white, &page).await;
        assert_eq!((selectable(&as_white), top_left(&as_white)), (10, "a8"));
        let as_black = app.page_html_as(&black, &page).await;
        assert_eq!((selectable(&as_black), top_left(&as_black)), (0, "h1"));
        let turned = app.page_html_as(&white, &format!("{page}?flip=1")).await;
        assert_eq!((selectable(&turned), top_left(&turned)), (10, "h1"));
        let guest = app.page_html(&page).await;
        assert_eq!((selectable(&guest), top_left(&guest)), (0, "a8"));
        let guest_et = page_in_estonian(&app, &page).await;
        assert_eq!((selectable(&guest_et), top_left(&guest_et)), (0, "a8"));
        assert_ne!(board_part(&guest_et), board_part(&guest), "round {round}");
        // Five views of one position, each kept once; the second round reuses them.
        assert_eq!(boards.len(), 5, "round {round}");
    }
    app.play_ok(&white, &black, &id, "e2e4").await;
    let shown_ply = |page: &str| page_ply(board_part(page));
    let as_white = app.page_html_as(&white, &page).await;
    assert_eq!((shown_ply(&as_white), selectable(&as_white)), (1, 0));
    let as_black = app.page_html_as(&black, &page).await;
    assert_eq!((shown_ply(&as_black), selectable(&as_black)), (1, 10));
    // The position before, replayed, is still the one it was (for White, not live).
    let before = app.page_html_as(&white, &format!("{page}?ply=0")).await;
    assert_eq!((shown_ply(&before), selectable(&before)), (0, 0));
}

/// The header's count of games waiting for the viewer's move.
fn your_turn(page: &str) -> u64 {
    let (_, rest) = page.split_once("id=\"your-turn\"").expect("the count");
    let rest = &rest[rest.find('>').unwrap() + 1..];
    rest[..rest.find('<').unwrap()].parse().unwrap()
}

/// A signed-in viewer's game page is kept per session and game: a second look within the
/// second comes from memory, each session sees its own, and whatever changes it through
/// the server (a setting, the opponent's move, signing out) is on the next look at once.
async fn a_viewers_page_is_kept_per_session_until_a_change_through_the_server(app: TestApp) {
    let white = app.player("kept_page_white").await;
    let black = app.player("kept_page_black").await;
    let id = app.new_game("chess", &white, &black).await;
    let page = format!("/games/{id}");
    let white_cookie = app.session_cookie(&white).await;
    let black_cookie = app.session_cookie(&black).await;
    settle_creation(&app, &id).await;
    let viewers = &app.state.caches.viewers;
    viewers.forget_all();
    let confirms = |page: &str| page.contains("data-confirm-moves=\"1\"");
    let shown = app.page_html_with_cookie(&white_cookie, &page).await;
    assert!(confirms(&shown) && your_turn(&shown) == 1);
    assert_eq!(viewers.len(), 1, "White's look kept their page");
    // Changed behind the server's back: White's second look still confirms moves, which
    // only a page kept in memory can do.
    sqlx::query("update users set confirm_moves = 0 where username = 'kept_page_white'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert!(confirms(
        &app.page_html_with_cookie(&white_cookie, &page).await
    ));
    // Black's session has a page of its own.
    let shown = app.page_html_with_cookie(&black_cookie, &page).await;
    assert!(confirms(&shown) && your_turn(&shown) == 0);
    assert_eq!(viewers.len(), 2);
    // Black turns confirming off through the server: on Black's next look at once.
    let (status, _, body) = post_form(
        &app,
        &black,
        "/settings/play",
        &[("after_move", "stay"), ("confirm_moves", "0")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{body}");
    assert!(!confirms(
        &app.page_html_with_cookie(&black_cookie, &page).await
    ));
    // White moves through the API: Black's next look shows the move and their turn.
    app.play_ok(&white, &black, &id, "e4").await;
    let shown = app.page_html_with_cookie(&black_cookie, &page).await;
    assert_eq!((page_ply(&shown), your_turn(&shown)), (1, 1));
    // Black signs out: the cookie's next look is a guest's.
    let response = app
        .client
        .post(format!("{}/logout", app.address))
        .header(reqwest::header::COOKIE, &black_cookie)
        .header("sec-fetch-site", "same-origin")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success() || response.status().is_redirection());
    let shown = app.page_html_with_cookie(&black_cookie, &page).await;
    assert!(
        !shown.contains("id=\"bell\""),
        "a guest's page after signing out"
    );
}

/// What a test appends to a kept page, to tell it from one rendered again.
const MARK: &str = "<!-- kept -->";

/// `html` with [`MARK`] appended.
fn marked(html: &[u8]) -> Bytes {
    Bytes::from([html, MARK.as_bytes()].concat())
}

/// Ends game `id` by White's resignation and waits (on Postgres) for the instance to hear
/// of it through its listener, which drops the results a moment later.
async fn resign_and_settle(app: &TestApp, white: &crate::helpers::Player, id: &str) {
    let mut ended = app.state.events.subscribe(Some(id), None);
    let (status, body) = app.act(white, id, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Subscribed before the resignation, so the end is always delivered; on a loaded
    // machine the listener can take well over half a second to hear of it.
    tokio::time::timeout(Duration::from_secs(10), ended.next())
        .await
        .expect("the game's end is delivered to this instance");
}

/// Renames user `from` to `to` behind the server's back.
async fn rename(app: &TestApp, from: &str, to: &str) {
    sqlx::query(&format!(
        "update users set username = '{to}' where username = '{from}'"
    ))
    .execute(&app.state.db.pool)
    .await
    .unwrap();
}

async fn a_guests_rules_page_is_served_rendered_while_its_results_are_fresh(app: TestApp) {
    let white = app.player("rules_white").await;
    let black = app.player("rules_black").await;
    let first = app.new_game("chess", &white, &black).await;
    resign_and_settle(&app, &white, &first).await;
    let snapshots = &app.state.caches;
    let key = (Variant::Chess, "en", "UTC".to_owned());
    // What this part shows holds while the results read first are fresh (`MAX_AGE`): a
    // loaded machine may take longer over it, so it runs again until one run fits.
    for run in 1.. {
        snapshots.forget_all();
        let started = Instant::now();
        let page = app.page_html("/rules/chess").await;
        assert!(
            page.contains("rules_white") && page.contains(&first),
            "{page}"
        );
        let kept_pages = snapshots.rules_pages.len();
        // Renamed behind the server's back: the results' snapshot still shows the old name.
        rename(&app, "rules_white", "renamed_rules").await;
        let old_name_shown = app.page_html("/rules/chess").await.contains("rules_white");
        // Marked by hand, the kept page is what the next guest gets.
        let mark_served = match snapshots.rules_pages.get(&key) {
            Ok(kept) => {
                let ticket = snapshots.rules_pages.get_if(&key, |_| false).unwrap_err();
                let mark = RenderedRulesPage {
                    results: kept.results.clone(),
                    html: marked(&kept.html),
                };
                snapshots
                    .rules_pages
                    .keep(ticket, key.clone(), Arc::new(mark));
                app.page_html("/rules/chess").await.ends_with(MARK)
            }
            Err(_) => false,
        };
        // A drop while the page was built (a listener that reconnects on a loaded machine
        // drops everything) leaves it unkept: that run does not fit either.
        if started.elapsed() < MAX_AGE && kept_pages == 1 {
            assert!(old_name_shown, "the kept results show the old name");
            assert!(mark_served, "the kept page is served");
            break;
        }
        assert!(
            run < 8,
            "no run of the fresh part kept the guest's page within {MAX_AGE:?}"
        );
        rename(&app, "renamed_rules", "rules_white").await;
    }
    // Each language has its own page; a signed-in player's page (their own header) and
    // an address with a query are rendered for them alone, never kept in its place.
    let estonian = page_in_estonian(&app, "/rules/chess").await;
    assert!(estonian.contains("<html lang=\"et\"") && !estonian.ends_with(MARK));
    let estonian_key = (Variant::Chess, "et", "UTC".to_owned());
    assert!(snapshots.rules_pages.peek(&estonian_key, |_| ()).is_some());
    let own = app.page_html_as(&black, "/rules/chess").await;
    assert!(
        own.contains("action=\"/logout\"") && !own.ends_with(MARK),
        "the player's own header"
    );
    assert!(
        !app.page_html("/rules/chess?from=mail")
            .await
            .ends_with(MARK)
    );
    // The sweep may have let the marked page go (it is stale by now), but nothing took
    // its place.
    let still_marked = snapshots
        .rules_pages
        .peek(&key, |page| page.html.ends_with(MARK.as_bytes()));
    assert_ne!(still_marked, Some(false), "a page for one viewer was kept");
    // Once the results it was rendered from are read again, the page is rendered again.
    snapshots.results.forget_all();
    let page = app.page_html("/rules/chess").await;
    assert!(
        page.contains("renamed_rules") && !page.contains("rules_white") && !page.ends_with(MARK),
        "{page}"
    );
    // A game's end shows at once: the lifecycle drops the pages with the results.
    let second = app.new_game("chess", &white, &black).await;
    app.page_html("/rules/chess").await;
    let (status, body) = app.act(&white, &second, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(app.page_html("/rules/chess").await.contains(&second));
}

/// The game page (per viewer and address) and the API's game are kept as built: the same
/// bytes again while the game's snapshot, the viewer's page and the second are the same;
/// built anew when the clock reads another second or a snapshot is read again.
async fn a_game_page_and_body_are_built_once_per_snapshot_viewer_and_second(app: TestApp) {
    let white = app.player("built_white").await;
    let black = app.player("built_black").await;
    let id = app.new_game("chess", &white, &black).await;
    settle_creation(&app, &id).await;
    let snapshots = &app.state.caches;
    let path = format!("/games/{id}");
    let key = format!("guest en UTC {path}");
    // What this part shows holds while the page and the body built first are fresh
    // (`MAX_AGE`): a loaded machine may take longer over it, so it runs again until one
    // run fits.
    let (page, body) = 'fresh: {
        for run in 1..8 {
            snapshots.forget_all();
            let started = Instant::now();
            let page = app.page_html(&path).await;
            let body = app.game(&id).await;
            let kept_counts = (snapshots.game_pages.len(), snapshots.game_bodies.len());
            // Renamed behind the server's back: the game's snapshot still has the old
            // name, and the page and the body are served as they were built.
            rename(&app, "built_white", "renamed_built").await;
            assert_eq!(app.page_html(&path).await, page);
            assert_eq!(app.game(&id).await, body);
            // Those equal what a rebuild would give; marked by hand, the kept page and
            // body are shown to be what the next look gets.
            let page_marked = match snapshots.game_pages.get(key.as_str()) {
                Ok(kept) => {
                    let ticket = snapshots
                        .game_pages
                        .get_if(key.as_str(), |_| false)
                        .unwrap_err();
                    let marked_page = RenderedGamePage {
                        detail: kept.detail.clone(),
                        viewer: kept.viewer.clone(),
                        chat: kept.chat.clone(),
                        now: kept.now,
                        html: marked(&kept.html),
                    };
                    snapshots
                        .game_pages
                        .keep(ticket, key.clone(), Arc::new(marked_page));
                    app.page_html(&path).await.ends_with(MARK)
                }
                Err(_) => false,
            };
            let body_marked = match snapshots.game_bodies.get(id.as_str()) {
                Ok(kept) => {
                    let ticket = snapshots
                        .game_bodies
                        .get_if(id.as_str(), |_| false)
                        .unwrap_err();
                    let mut marked_body: Value = serde_json::from_slice(&kept.json).unwrap();
                    marked_body["kept"] = Value::Bool(true);
                    let marked_body = GameBody {
                        detail: kept.detail.clone(),
                        now: kept.now,
                        json: Bytes::from(serde_json::to_vec(&marked_body).unwrap()),
                    };
                    snapshots
                        .game_bodies
                        .keep(ticket, id.clone(), Arc::new(marked_body));
                    app.game(&id).await["kept"] == true
                }
                Err(_) => false,
            };
            if started.elapsed() < MAX_AGE {
                assert_eq!(kept_counts, (1, 1), "the page and the body were kept");
                assert!(page_marked, "the kept page is served");
                assert!(body_marked, "the kept body is served");
                break 'fresh (page, body);
            }
            eprintln!("run {run} of the fresh part took over {MAX_AGE:?}");
            rename(&app, "renamed_built", "built_white").await;
        }
        panic!("no run of the fresh part took under {MAX_AGE:?}");
    };
    // A second later White's clock shows a second less: both are built again, from the
    // same snapshot of the game.
    app.clock.advance(1);
    let later = app.game(&id).await;
    let left = |game: &Value| game["clocks"]["white"]["seconds_left"].as_i64().unwrap();
    assert_eq!(left(&later), left(&body) - 1, "{later}");
    assert_eq!(later["white"], "built_white");
    let later_page = app.page_html(&path).await;
    assert_ne!(later_page, page);
    assert!(later_page.contains("built_white"));
    // The game read again: both show the new name.
    snapshots.games.forget_all();
    assert_eq!(app.game(&id).await["white"], "renamed_built");
    assert!(app.page_html(&path).await.contains("renamed_built"));
    // Each session has its own page; a look with an API token is built for it alone.
    let cookie = app.session_cookie(&black).await;
    let own = app.page_html_with_cookie(&cookie, &path).await;
    assert_eq!(app.page_html_with_cookie(&cookie, &path).await, own);
    assert_eq!(snapshots.game_pages.len(), 2);
    app.page_html_as(&black, &path).await;
    assert_eq!(snapshots.game_pages.len(), 2);
    // A move shows at once on every kept page and in the body.
    app.play_ok(&white, &black, &id, "e4").await;
    assert_eq!(page_ply(&app.page_html(&path).await), 1);
    assert_eq!(
        page_ply(&app.page_html_with_cookie(&cookie, &path).await),
        1
    );
    assert_eq!(app.game(&id).await["ply"], 1);
}

/// A bot's requests within a minute read its token once: a token deleted behind the
/// server's back still answers within that minute and is refused after it. A token
/// revoked through the server is refused at once.
async fn a_tokens_owner_is_kept_for_a_minute_and_a_revocation_shows_at_once(app: TestApp) {
    let bot = app.player("token_bot").await;
    let (status, me) = app.get("/api/v1/me", Some(&bot.token)).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    sqlx::query("delete from api_tokens where user_id = $1")
        .bind(me["id"].as_str().unwrap())
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let (status, body) = app.get("/api/v1/me", Some(&bot.token)).await;
    assert_eq!(status, StatusCode::OK, "kept: {body}");
    assert_eq!(body["username"], "token_bot");
    app.clock.advance(59);
    let (status, body) = app.get("/api/v1/me", Some(&bot.token)).await;
    assert_eq!(status, StatusCode::OK, "kept within the minute: {body}");
    app.clock.advance(1);
    let (status, _) = app.get("/api/v1/me", Some(&bot.token)).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "read again once its use would go unnoted"
    );
    // A new token, kept by its first use, then revoked through the server.
    let (status, made) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "token_bot", "password": "password-token_bot"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let token = made["token"].as_str().unwrap();
    let (status, _) = app.get("/api/v1/me", Some(token)).await;
    assert_eq!(status, StatusCode::OK);
    let path = format!("/api/v1/tokens/{}", made["id"].as_str().unwrap());
    let (status, _) = app
        .send(reqwest::Method::DELETE, &path, Some(token), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app.get("/api/v1/me", Some(token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "refused at once");
}
