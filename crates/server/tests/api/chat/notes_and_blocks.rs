//! Private notes, each read only by its player, and blocks, which close the chat and
//! challenges both ways.

use reqwest::StatusCode;
use scraper::Html;
use serde_json::{Value, json};

use super::{chat, count, say, sel, select_texts};
use crate::{
    helpers::{Player, TestApp, post_form},
    scenarios,
};

scenarios!(
    notes_are_private_to_their_player,
    blocking_closes_the_chat_and_challenges_both_ways,
);

async fn put_note(app: &TestApp, path: &str, player: &Player, body: Value) -> (StatusCode, Value) {
    app.send(reqwest::Method::PUT, path, Some(&player.token), Some(body))
        .await
}

async fn notes_are_private_to_their_player(app: TestApp) {
    let white = app.player("note_w").await;
    let black = app.player("note_b").await;
    let stranger = app.player("note_x").await;
    let id = app.new_game("knight-fight", &white, &black).await;
    let path = format!("/api/v1/games/{id}/note");
    let (status, empty) = app.get(&path, Some(&white.token)).await;
    assert_eq!(status, StatusCode::OK, "{empty}");
    assert_eq!(
        (&empty["text"], &empty["updated_at"]),
        (&json!(""), &Value::Null)
    );
    let (status, saved) = put_note(
        &app,
        &path,
        &white,
        json!({"text": "Plan: take the 99.\n\tThen the corner."}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["text"], "Plan: take the 99.\n\tThen the corner.");
    assert!(saved["updated_at"].is_string());
    // Only its owner reads it: the opponent has their own (empty), others none at all.
    assert_eq!(app.get(&path, Some(&black.token)).await.1["text"], "");
    let (status, body) = app.get(&path, Some(&stranger.token)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_a_player"))
    );
    assert_eq!(app.get(&path, None).await.0, StatusCode::UNAUTHORIZED);
    let (status, _) = put_note(&app, &path, &stranger, json!({"text": "mine"})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Limits: 10 000 characters (a long one in letters that take two bytes fits the
    // body), no control characters.
    let long = "õ".repeat(10_000);
    assert_eq!(
        put_note(&app, &path, &black, json!({"text": long})).await.0,
        StatusCode::OK
    );
    // Blanks count as sent (the document's `maxLength`), even those trimmed away.
    for text in [format!("{long}õ"), format!("õ{}", " ".repeat(10_000))] {
        let (status, body) = put_note(&app, &path, &black, json!({ "text": text })).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("note_too_long"))
        );
    }
    let (status, body) = put_note(&app, &path, &black, json!({"text": "esc\u{1b}[31m"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("control_character"))
    );
    assert_eq!(
        app.get(&path, Some(&black.token)).await.1["text"],
        json!(long)
    );

    // The page shows the note in its owner's form only.
    let page = app.page_html_as(&white, &format!("/games/{id}")).await;
    assert_eq!(
        select_texts(&page, "#note-form textarea#note-text"),
        ["Plan: take the 99.\n\tThen the corner."]
    );
    assert_eq!(count(&page, "label[for=note-text]"), 1);
    for html in [
        app.page_html_as(&black, &format!("/games/{id}")).await,
        app.page_html_as(&stranger, &format!("/games/{id}")).await,
        app.page_html(&format!("/games/{id}")).await,
    ] {
        assert!(!html.contains("take the 99"), "the note leaked");
    }
    assert_eq!(
        count(&app.page_html(&format!("/games/{id}")).await, "#note"),
        0
    );
    // By form: saved, back saying so; an empty note deletes it.
    let (status, location, _) = post_form(
        &app,
        &white,
        &format!("/games/{id}/note"),
        &[("text", "Changed by form")],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (
            StatusCode::SEE_OTHER,
            format!("/games/{id}?saved=note#note").as_str()
        )
    );
    let page = app.page_html_as(&white, &location).await;
    assert_eq!(select_texts(&page, "#note-text"), ["Changed by form"]);
    assert_eq!(count(&page, "#note-saved[role=status]"), 1);
    let (status, _, _) =
        post_form(&app, &white, &format!("/games/{id}/note"), &[("text", "")]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (_, gone) = app.get(&path, Some(&white.token)).await;
    assert_eq!(
        (&gone["text"], &gone["updated_at"]),
        (&json!(""), &Value::Null)
    );
}

async fn blocking_closes_the_chat_and_challenges_both_ways(app: TestApp) {
    let alice = app.player("blk_alice").await;
    let bob = app.player("blk_bob").await;
    let carol = app.player("blk_carol").await;
    let id = app.new_game("chess", &alice, &bob).await;
    // A challenge Bob addressed to Alice before, and one open to anyone.
    let (status, addressed) = app
        .post(
            "/api/v1/challenges",
            Some(&bob.token),
            json!({"variant": "chess", "color": "white", "opponent": "blk_alice", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{addressed}");
    let (status, open) = app
        .post(
            "/api/v1/challenges",
            Some(&bob.token),
            json!({"variant": "reversi-8x8", "color": "random", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{open}");

    // Alice blocks Bob (any case; again is fine), not herself, not nobody.
    let (status, block) = app
        .post(
            "/api/v1/me/blocks",
            Some(&alice.token),
            json!({"username": "BLK_BOB"}),
        )
        .await;
    assert_eq!(
        (status, &block["username"]),
        (StatusCode::CREATED, &json!("blk_bob"))
    );
    let (status, _) = app
        .post(
            "/api/v1/me/blocks",
            Some(&alice.token),
            json!({"username": "blk_bob"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    for (name, expected, code) in [
        (
            "blk_alice",
            StatusCode::UNPROCESSABLE_ENTITY,
            "block_yourself",
        ),
        ("nobody_here", StatusCode::NOT_FOUND, "not_found"),
    ] {
        let (status, body) = app
            .post(
                "/api/v1/me/blocks",
                Some(&alice.token),
                json!({"username": name}),
            )
            .await;
        assert_eq!((status, body["error"].as_str()), (expected, Some(code)));
    }
    let (status, list) = app.get("/api/v1/me/blocks", Some(&alice.token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["username"], "blk_bob");

    // The chat between them is closed both ways, with the reason; the game goes on.
    let (status, body) = say(&app, &bob, &id, "hey").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("blocked"))
    );
    let (status, body) = say(&app, &alice, &id, "hey").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("you_block"))
    );
    let (_, seen) = chat(&app, &id, Some(&bob.token)).await;
    assert_eq!(
        (&seen["may_write"], &seen["closed"]),
        (&json!(false), &json!("blocked"))
    );
    app.play_ok(&alice, &bob, &id, "e2e4").await;
    let page = app.page_html_as(&alice, &format!("/games/{id}")).await;
    assert_eq!(count(&page, "#chat-form"), 0);
    assert_eq!(
        select_texts(&page, "#chat-closed"),
        ["You block blk_bob, so the chat of this game is closed."]
    );
    assert_eq!(count(&page, "#unblock-opponent button"), 1);

    // Challenges: the one addressed is cancelled; none either way now; Bob's open
    // challenge is hidden from Alice and she cannot accept it; Carol still can see it.
    let (_, cancelled) = app
        .get(
            &format!("/api/v1/challenges/{}", addressed["id"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(cancelled["status"], "cancelled");
    for (from, to, code) in [
        (&bob, "blk_alice", "blocked"),
        (&alice, "blk_bob", "you_block"),
    ] {
        let (status, body) = app
            .post(
                "/api/v1/challenges",
                Some(&from.token),
                json!({"variant": "chess", "color": "white", "opponent": to, "days_per_move": 3}),
            )
            .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some(code))
        );
    }
    let open_id = open["id"].as_str().unwrap();
    let listed = |player: Player| {
        let app = &app;
        async move {
            let (_, list) = app.get("/api/v1/challenges", Some(&player.token)).await;
            list.as_array()
                .unwrap()
                .iter()
                .any(|challenge| challenge["id"] == open_id)
        }
    };
    assert!(!listed(alice.clone()).await, "hidden from the blocker");
    assert!(listed(carol.clone()).await);
    let (status, body) = app
        .post(
            &format!("/api/v1/challenges/{open_id}/accept"),
            Some(&alice.token),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("you_block"))
    );
    assert!(listed(carol.clone()).await, "still open");

    // Unblocking (on the player's page, by form) opens everything again.
    let page = app.page_html_as(&alice, "/players/blk_bob").await;
    assert_eq!(count(&page, "#unblock-player"), 1);
    let (status, location, _) = post_form(
        &app,
        &alice,
        "/settings/blocks/blk_bob/remove",
        &[("back", "/players/blk_bob")],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/players/blk_bob")
    );
    assert_eq!(
        say(&app, &bob, &id, "friends again?").await.0,
        StatusCode::CREATED
    );
    let (status, _) = app
        .send(
            reqwest::Method::DELETE,
            "/api/v1/me/blocks/blk_bob",
            Some(&alice.token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no block to lift");
    // Blocking by the settings form, and the list there.
    let (status, location, _) =
        post_form(&app, &carol, "/settings/blocks", &[("username", "blk_bob")]).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/settings#chat")
    );
    let settings = app.page_html_as(&carol, "/settings").await;
    assert_eq!(
        Html::parse_document(&settings)
            .select(&sel("#block-list li"))
            .map(|li| li
                .value()
                .attr("data-player")
                .unwrap_or_default()
                .to_owned())
            .collect::<Vec<_>>(),
        ["blk_bob"]
    );
    let (status, _, page) = post_form(
        &app,
        &carol,
        "/settings/blocks",
        &[("username", "blk_carol")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        select_texts(&page, "#chat-error"),
        ["You cannot block yourself."]
    );
    let (status, _) = app
        .send(
            reqwest::Method::DELETE,
            "/api/v1/me/blocks/blk_bob",
            Some(&carol.token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
}
