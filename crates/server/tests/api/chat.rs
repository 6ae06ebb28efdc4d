//! Game chat, private notes and blocks: who reads and writes, limits, live delivery (on
//! Postgres across instances), notices, the record, and escaping of what players write
//! in the page, the JSON, the record and the SVG.

use std::time::Duration;

use reqwest::{StatusCode, header};
use scraper::{Html, Selector};
use serde_json::{Value, json};

use crate::{
    events::Stream,
    helpers::{Backend, Player, TestApp, post_form},
    scenarios,
};

scenarios!(
    players_chat_and_spectators_read_only_when_both_allow,
    a_line_reaches_the_opponents_page_live_or_their_notices,
    notes_are_private_to_their_player,
    blocking_closes_the_chat_and_challenges_both_ways,
    what_players_write_stays_text_in_page_json_record_and_svg,
);

scenarios!(with [("CHAT_MESSAGES_PER_MINUTE", "3")];
    chat_lines_are_rate_limited_per_player,
);

// Both players' clients are 127.0.0.1 here: room for all their connections at once.
scenarios!(with [("CHAT_MESSAGES_PER_MINUTE", "1000"), ("MAX_CONNECTIONS_PER_ADDRESS", "1024")];
    lines_written_at_once_are_each_stored_once_in_order,
);

/// The chat of game `id` as `token` (or a guest) reads it.
async fn chat(app: &TestApp, id: &str, token: Option<&str>) -> (StatusCode, Value) {
    app.get(&format!("/api/v1/games/{id}/chat"), token).await
}

/// `player` writes `text` in game `id`'s chat through the API.
async fn say(app: &TestApp, player: &Player, id: &str, text: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/games/{id}/chat"),
        Some(&player.token),
        json!({"text": text}),
    )
    .await
}

/// The texts of a chat's lines.
fn texts(chat: &Value) -> Vec<String> {
    chat["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("no lines in {chat}"))
        .iter()
        .map(|line| line["text"].as_str().unwrap().to_owned())
        .collect()
}

/// Sets `player`'s chat setting: spectators may read (or not).
pub(crate) async fn let_spectators_read(app: &TestApp, player: &Player, on: bool) {
    let (status, body) = app
        .send(
            reqwest::Method::PATCH,
            "/api/v1/me/chat-settings",
            Some(&player.token),
            Some(json!({"spectators": on})),
        )
        .await;
    assert_eq!((status, &body["spectators"]), (StatusCode::OK, &json!(on)));
}

fn sel(selector: &str) -> Selector {
    Selector::parse(selector).unwrap()
}

/// The texts of the elements `selector` selects in `html`.
fn select_texts(html: &str, selector: &str) -> Vec<String> {
    Html::parse_document(html)
        .select(&sel(selector))
        .map(|element| element.text().collect::<String>())
        .collect()
}

fn count(html: &str, selector: &str) -> usize {
    Html::parse_document(html).select(&sel(selector)).count()
}

async fn players_chat_and_spectators_read_only_when_both_allow(app: TestApp) {
    let white = app.player("chat_w").await;
    let black = app.player("chat_b").await;
    let stranger = app.player("chat_x").await;
    let id = app.new_game("chess", &white, &black).await;

    // The players write and read, in order, with who wrote what at which ply.
    let (status, line) = say(&app, &white, &id, "  Good luck!  ").await;
    assert_eq!(status, StatusCode::CREATED, "{line}");
    assert_eq!(
        (
            &line["seq"],
            &line["author"],
            &line["color"],
            &line["text"],
            &line["ply"]
        ),
        (
            &json!(1),
            &json!("chat_w"),
            &json!("white"),
            &json!("Good luck!"),
            &json!(0)
        )
    );
    app.play_ok(&white, &black, &id, "e2e4").await;
    assert_eq!(
        say(&app, &black, &id, "Thanks,\r\nyou too").await.0,
        StatusCode::CREATED
    );
    let (status, both) = chat(&app, &id, Some(&black.token)).await;
    assert_eq!(status, StatusCode::OK, "{both}");
    assert_eq!(texts(&both), ["Good luck!", "Thanks,\nyou too"]);
    assert_eq!(both["lines"][1]["ply"], 1);
    assert_eq!(
        (&both["may_write"], &both["spectators"]),
        (&json!(true), &json!(false))
    );
    // Only the lines after a number.
    let (_, later) = app
        .get(
            &format!("/api/v1/games/{id}/chat?after=1"),
            Some(&white.token),
        )
        .await;
    assert_eq!(texts(&later), ["Thanks,\nyou too"]);
    // A negative number is refused; one past every line reads nothing.
    let (status, body) = app
        .get(
            &format!("/api/v1/games/{id}/chat?after=-1"),
            Some(&white.token),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, none) = app
        .get(
            &format!("/api/v1/games/{id}/chat?after=9223372036854775807"),
            Some(&white.token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{none}");
    assert!(texts(&none).is_empty(), "{none}");
    let (status, body) = app
        .get(
            &format!("/api/v1/games/{id}/chat?after=9223372036854775808"),
            Some(&white.token),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // Nobody else writes, and nobody else reads while either player keeps it private.
    let (status, body) = say(&app, &stranger, &id, "hello?").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_a_player"))
    );
    assert_eq!(
        say(&app, &stranger, "nosuchgame", "x").await.0,
        StatusCode::NOT_FOUND
    );
    for token in [None, Some(stranger.token.as_str())] {
        let (status, body) = chat(&app, &id, token).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some("chat_private"))
        );
    }
    let (status, settings) = app
        .get("/api/v1/me/chat-settings", Some(&white.token))
        .await;
    assert_eq!(
        (status, settings),
        (StatusCode::OK, json!({"spectators": false}))
    );
    let_spectators_read(&app, &white, true).await;
    assert_eq!(
        chat(&app, &id, None).await.0,
        StatusCode::FORBIDDEN,
        "one is not both"
    );
    let guest_page = app.page_html(&format!("/games/{id}")).await;
    assert_eq!(count(&guest_page, "#chat-private"), 1);
    assert_eq!(count(&guest_page, "#chat-log, #chat-form"), 0);
    // Black allows it by the settings form.
    let (status, location, _) =
        post_form(&app, &black, "/settings/chat", &[("spectators", "1")]).await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, "/settings?saved=chat#chat")
    );
    let settings = app.page_html_as(&black, "/settings?saved=chat").await;
    assert_eq!(count(&settings, "#chat-spectators[checked]"), 1);
    assert_eq!(count(&settings, "#chat-saved[role=status]"), 1);
    let (status, public) = chat(&app, &id, Some(&stranger.token)).await;
    assert_eq!(status, StatusCode::OK, "{public}");
    assert_eq!(texts(&public), ["Good luck!", "Thanks,\nyou too"]);
    assert_eq!(
        (&public["may_write"], &public["spectators"]),
        (&json!(false), &json!(true))
    );
    // A spectator's page shows the lines (a live region) and no box to write in.
    let guest_page = app.page_html(&format!("/games/{id}")).await;
    assert_eq!(
        select_texts(&guest_page, "#chat-log[aria-live=polite] .chat-text"),
        ["Good luck!", "Thanks,\nyou too"]
    );
    assert_eq!(count(&guest_page, "#chat-form, #note"), 0);

    // Limits: empty, too long, control characters; nothing is stored.
    let long = "x".repeat(501);
    let padded = format!("x{}", " ".repeat(500));
    for (text, code) in [
        ("   ", "empty_message"),
        (long.as_str(), "message_too_long"),
        (padded.as_str(), "message_too_long"),
        ("bell\u{7}", "control_character"),
        ("right-to-left \u{202E}override", "control_character"),
    ] {
        let (status, body) = say(&app, &white, &id, text).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(code)),
            "{text:?}"
        );
    }
    assert_eq!(
        say(&app, &white, &id, &"é".repeat(500)).await.0,
        StatusCode::CREATED
    );
    let (status, body) = app
        .post(
            &format!("/api/v1/games/{id}/chat"),
            Some(&white.token),
            json!({"text": 5}),
        )
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_body"))
    );
    assert_eq!(texts(&chat(&app, &id, Some(&white.token)).await.1).len(), 3);

    // By form, without script: back to the chat, which shows the line; a refused line
    // comes back with its error and the text kept in the box.
    let (status, location, _) = post_form(
        &app,
        &black,
        &format!("/games/{id}/chat"),
        &[("text", "By form")],
    )
    .await;
    assert_eq!(
        (status, location.as_str()),
        (StatusCode::SEE_OTHER, format!("/games/{id}#chat").as_str())
    );
    let page = app.page_html_as(&black, &format!("/games/{id}")).await;
    assert_eq!(
        select_texts(&page, "#chat-log li:last-child .chat-text"),
        ["By form"]
    );
    assert_eq!(
        count(
            &page,
            "#chat-form textarea#chat-text[name=text][maxlength='500']"
        ),
        1
    );
    assert_eq!(count(&page, "label[for=chat-text]"), 1);
    let (status, _, page) = post_form(
        &app,
        &black,
        &format!("/games/{id}/chat"),
        &[("text", "nul\u{0}")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        select_texts(&page, "#chat-error[role=alert]"),
        ["The text holds a control character: only line breaks and tabs are allowed."]
    );
    let (status, _, page) = post_form(
        &app,
        &black,
        &format!("/games/{id}/chat"),
        &[("text", &long)],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        select_texts(&page, "#chat-text"),
        [long.as_str()],
        "the text is kept"
    );
    let (status, _, _) = post_form(
        &app,
        &stranger,
        &format!("/games/{id}/chat"),
        &[("text", "hi")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn a_line_reaches_the_opponents_page_live_or_their_notices(app: TestApp) {
    let white = app.player("live_w").await;
    let black = app.player("live_b").await;
    let id = app.new_game("reversi-8x8", &white, &black).await;
    let notices = |player: Player| {
        let app = &app;
        async move {
            let (status, body) = app.get("/api/v1/notifications", Some(&player.token)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["items"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|item| item["kind"] == "chat_message")
                .cloned()
                .collect::<Vec<Value>>()
        }
    };
    // Black is away: a notice, one per game however many lines, naming the writer.
    say(&app, &white, &id, "one").await;
    say(&app, &white, &id, "two").await;
    let chat_notices = notices(black.clone()).await;
    assert_eq!(chat_notices.len(), 1, "{chat_notices:?}");
    assert_eq!(chat_notices[0]["game_id"], json!(id));
    assert_eq!(chat_notices[0]["payload"]["opponent"], "live_w");
    assert!(
        notices(white.clone()).await.is_empty(),
        "nothing for the writer"
    );
    let centre = app.page_html_as(&black, "/notifications").await;
    assert!(
        centre.contains("live_w wrote to you in your Reversi 8x8 game."),
        "{centre}"
    );

    // Black's game page holds the game's stream open: the line arrives there at once,
    // and leaves no notice. A guest watching the private chat hears nothing of it.
    let auth = format!("Bearer {}", black.token);
    let mut page = Stream::open(
        &app.address,
        &format!("/api/v1/me/events?game={id}"),
        &[("authorization", &auth)],
    )
    .await;
    page.next("game").await;
    let mut guest = Stream::open(&app.address, &format!("/api/v1/games/{id}/events"), &[]).await;
    guest.next("game").await;
    let (status, _) = say(&app, &white, &id, "three").await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, event) = page.next("chat").await;
    assert_eq!(event, json!({"game_id": id, "seq": 3}));
    guest.quiet_for(Duration::from_millis(300)).await;
    let (status, body) = app
        .post(
            "/api/v1/notifications/read-all",
            Some(&black.token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    say(&app, &white, &id, "four").await;
    page.next("chat").await;
    let unread: Vec<Value> = notices(black.clone())
        .await
        .into_iter()
        .filter(|item| item["read_at"].is_null())
        .collect();
    assert!(unread.is_empty(), "watching: no notice ({unread:?})");

    // On Postgres a line written on one instance reaches a page streaming from another.
    if app.backend == Backend::Postgres {
        let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
        let mut there = Stream::open(
            &other.address,
            &format!("/api/v1/me/events?game={id}"),
            &[("authorization", &auth)],
        )
        .await;
        there.next("game").await;
        assert_eq!(say(&app, &white, &id, "five").await.0, StatusCode::CREATED);
        let (_, event) = there.next("chat").await;
        assert_eq!(event["seq"], 5);
    }
}

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

async fn chat_lines_are_rate_limited_per_player(app: TestApp) {
    let white = app.player("fast_w").await;
    let black = app.player("fast_b").await;
    let id = app.new_game("chess", &white, &black).await;
    for n in 0..3 {
        assert_eq!(
            say(&app, &white, &id, &format!("line {n}")).await.0,
            StatusCode::CREATED
        );
    }
    let response = app
        .client
        .post(format!("{}/api/v1/games/{id}/chat", app.address))
        .bearer_auth(&white.token)
        .json(&json!({"text": "one too many"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = response.headers()[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=20).contains(&wait), "{wait}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], "chat_rate_limited");
    // The form says so on the page, in the reader's language.
    let (status, _, page) = post_form(
        &app,
        &white,
        &format!("/games/{id}/chat"),
        &[("text", "by form")],
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let error = select_texts(&page, "#chat-error").join("");
    assert!(
        error.starts_with("You are writing too fast: wait "),
        "{error}"
    );
    // The budget is the writer's own.
    assert_eq!(
        say(&app, &black, &id, "my turn to talk").await.0,
        StatusCode::CREATED
    );
    assert_eq!(texts(&chat(&app, &id, Some(&black.token)).await.1).len(), 4);
}

/// Lines written at once in one game: every acknowledged line is stored exactly once,
/// numbered 1, 2, … without a gap, and none is answered 5xx. (Before the game's line
/// counter, Postgres numbered two such lines alike and answered one of them 500.)
/// `CHAT_BURST` sets the lines each player sends (default 50; the long form in
/// docs/benchmarks.md sends 200 each: 400 lines at once).
async fn lines_written_at_once_are_each_stored_once_in_order(app: TestApp) {
    let each: usize = std::env::var("CHAT_BURST")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(50);
    let white = app.player("burst_w").await;
    let black = app.player("burst_b").await;
    let id = app.new_game("chess", &white, &black).await;
    let sends = (0..each).flat_map(|n| {
        [&white, &black].map(|player| {
            let (app, id) = (&app, &id);
            async move {
                let text = format!("{} line {n}", player.name);
                let (status, body) = say(app, player, id, &text).await;
                (status, body, text)
            }
        })
    });
    let answers = futures_util::future::join_all(sends).await;
    let mut acknowledged: Vec<(i64, String)> = Vec::new();
    for (status, body, text) in answers {
        assert_eq!(status, StatusCode::CREATED, "{text}: {body}");
        acknowledged.push((body["seq"].as_i64().expect("a line number"), text));
    }
    acknowledged.sort();
    let numbers: Vec<i64> = acknowledged.iter().map(|(seq, _)| *seq).collect();
    let expected: Vec<i64> = (1..=i64::try_from(2 * each).unwrap()).collect();
    assert_eq!(numbers, expected, "each line its own number, none skipped");
    let stored = texts(&chat(&app, &id, Some(&white.token)).await.1);
    let sent: Vec<String> = acknowledged.into_iter().map(|(_, text)| text).collect();
    assert_eq!(
        stored, sent,
        "stored once each, in the order of their numbers"
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

async fn what_players_write_stays_text_in_page_json_record_and_svg(app: TestApp) {
    const PAYLOAD: &str =
        "</textarea><script>alert(1)</script><img src=x onerror=alert(2)> \"q\" 'a' & {c} }\n[x]";
    let white = app.player("xss_w").await;
    let black = app.player("xss_b").await;
    let id = app.new_game("chess", &white, &black).await;
    let (status, line) = say(&app, &white, &id, PAYLOAD).await;
    assert_eq!(status, StatusCode::CREATED, "{line}");
    // JSON: the text exactly as written, as a string.
    let (_, read) = chat(&app, &id, Some(&black.token)).await;
    assert_eq!(texts(&read), [PAYLOAD]);
    let (status, _, _) = post_form(
        &app,
        &black,
        &format!("/games/{id}/chat"),
        &[("text", PAYLOAD)],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let (status, _) = app
        .send(
            reqwest::Method::PUT,
            &format!("/api/v1/games/{id}/note"),
            Some(&black.token),
            Some(json!({"text": PAYLOAD})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // The page: text in the chat and in the note's box, no element made of it.
    let page = app.page_html_as(&black, &format!("/games/{id}")).await;
    assert_eq!(
        select_texts(&page, "#chat-log .chat-text"),
        [PAYLOAD, PAYLOAD]
    );
    assert_eq!(select_texts(&page, "#note-text"), [PAYLOAD]);
    assert_eq!(
        count(&page, "#chat script, #chat img, #note script, #note img"),
        0
    );
    assert_eq!(
        count(&page, "script:not([src])"),
        0,
        "no inline script at all"
    );
    assert!(
        !page.contains("<script>alert"),
        "escaped in the HTML source"
    );

    // The record: no chat while the game goes on; after it, the lines as PGN comments
    // that cannot break out of their braces, for the players only (both keep it private).
    app.play_ok(&white, &black, &id, "e2e4").await;
    let record = |token: Option<String>| {
        let app = &app;
        let id = id.clone();
        async move {
            let mut request = app.client.get(format!("{}/games/{id}/record", app.address));
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let kind = response.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .to_owned();
            (kind, response.text().await.unwrap())
        }
    };
    let (kind, during) = record(Some(white.token.clone())).await;
    assert_eq!(kind, "application/x-chess-pgn");
    assert!(!during.contains("Chat"), "{during}");
    assert_eq!(
        say(&app, &white, &id, "your move").await.0,
        StatusCode::CREATED
    );
    app.play_ok(&white, &black, &id, "e7e5").await;
    assert_eq!(app.act(&black, &id, "resign").await.0, StatusCode::OK);
    assert_eq!(
        say(&app, &black, &id, "gg").await.0,
        StatusCode::CREATED,
        "after the end too"
    );
    let (_, pgn) = record(Some(white.token.clone())).await;
    let movetext = pgn
        .split("\n\n")
        .nth(1)
        .expect("tags, a blank line, the movetext");
    assert!(movetext.starts_with("{Chat xss_w (2026-12-01 10:00 UTC): </textarea><script>alert(1)</script><img src=x onerror=alert(2)> \"q\" 'a' & (c) ) [x]} {Chat xss_b"), "{pgn}");
    assert!(
        movetext.contains(
            "1. e4 {Chat xss_w (2026-12-01 10:00 UTC): your move} 1... e5 \
             {Chat xss_b (2026-12-01 10:00 UTC): gg} 1-0"
        ),
        "{pgn}"
    );
    // Every comment closes before the next opens, and the result ends the game.
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => {
                assert_eq!(depth, 0, "a comment inside a comment: {movetext}");
                depth += 1;
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    assert_eq!(depth, 0);
    assert!(movetext.trim_end().ends_with("1-0"), "{movetext}");
    assert!(pgn.contains("[Result \"1-0\"]"));
    let (_, guest) = record(None).await;
    assert!(
        !guest.contains("Chat"),
        "private chat stays out of the public record"
    );
    // Text records of the other games: a section after the moves.
    let reversi = app.new_game("reversi-6x6", &white, &black).await;
    assert_eq!(
        say(&app, &white, &reversi, "line one\nline two <b>")
            .await
            .0,
        StatusCode::CREATED
    );
    app.act(&white, &reversi, "resign").await;
    let_spectators_read(&app, &white, true).await;
    let_spectators_read(&app, &black, true).await;
    let response = app
        .client
        .get(format!("{}/games/{reversi}/record", app.address))
        .send()
        .await
        .unwrap();
    assert!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let text = response.text().await.unwrap();
    assert!(
        text.ends_with("Chat:\n  [move 0] xss_w (2026-12-01 10:00 UTC): line one / line two <b>\n"),
        "{text}"
    );

    // The SVG image draws the board only: nothing players write gets into it.
    let response = app
        .client
        .get(format!("{}/games/{id}.svg", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/svg+xml");
    let svg = response.text().await.unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    for needle in ["script", "onerror", "alert", "<img", "foreignObject"] {
        assert!(!svg.contains(needle), "{needle} in the SVG");
    }
}
