//! What players write stays text: markup, quotes and braces escaped in the page, the JSON,
//! the record and the SVG.

use reqwest::{StatusCode, header};
use serde_json::json;

use super::{chat, count, let_spectators_read, say, select_texts, texts};
use crate::{
    helpers::{TestApp, post_form},
    scenarios,
};

scenarios!(what_players_write_stays_text_in_page_json_record_and_svg,);

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
