//! The game snapshots: a game shown again within a second comes from memory, and every
//! change drops its snapshot at once, so nobody is shown a game older than a change that
//! was answered.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use rand::{SeedableRng, rngs::StdRng};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{chat::let_spectators_read, helpers::TestApp, playouts::random_legal_move, scenarios};

scenarios!(
    a_game_shown_again_comes_from_its_snapshot,
    readers_never_see_a_game_older_than_an_answered_move,
    what_spectators_see_of_a_chat_is_kept_until_a_line_or_a_setting_changes_it
);

scenarios!(with [("VACATION_DAYS_PER_YEAR", "30")];
    a_change_is_shown_at_once_on_every_face_of_the_game,
);

/// The ply the game page shows (its `data-ply`).
fn page_ply(page: &str) -> u64 {
    let (_, rest) = page.split_once("data-ply=\"").expect("the page's data-ply");
    rest[..rest.find('"').unwrap()].parse().unwrap()
}

async fn a_game_shown_again_comes_from_its_snapshot(app: TestApp) {
    let white = app.player("snap_white").await;
    let black = app.player("snap_black").await;
    let id = app.new_game("chess", &white, &black).await;
    // On Postgres the instance hears of the game's creation through its listener, a
    // moment later, and that drops the game's snapshot: wait for it (it may be in).
    let mut creation = app.state.events.subscribe(Some(&id), None);
    let _ = tokio::time::timeout(Duration::from_millis(500), creation.next()).await;
    let snapshots = &app.state.events.snapshots().games;
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
    let chats = &app.state.events.snapshots().chats;
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
    let _ = tokio::time::timeout(Duration::from_millis(500), events.next()).await;
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
