//! Game chat lines: who reads and writes, live delivery (on Postgres across instances) or
//! notices, the rate limit, and lines written at once stored once in order.

use std::time::Duration;

use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use super::{chat, count, let_spectators_read, say, select_texts, texts};
use crate::{
    events::Stream,
    helpers::{Backend, Player, TestApp, post_form},
    scenarios,
};

scenarios!(
    players_chat_and_spectators_read_only_when_both_allow,
    a_line_reaches_the_opponents_page_live_or_their_notices,
);

scenarios!(with [("CHAT_MESSAGES_PER_MINUTE", "3")];
    chat_lines_are_rate_limited_per_player,
);

// Both players' clients are 127.0.0.1 here: room for all their connections at once.
scenarios!(with [("CHAT_MESSAGES_PER_MINUTE", "1000"), ("MAX_CONNECTIONS_PER_ADDRESS", "1024")];
    lines_written_at_once_are_each_stored_once_in_order,
);

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
