//! Game chat, private notes and blocks: who reads and writes, limits, live delivery (on
//! Postgres across instances), notices, the record, and escaping of what players write
//! in the page, the JSON, the record and the SVG.

mod escaping;
mod lines;
mod notes_and_blocks;

use reqwest::StatusCode;
use scraper::{Html, Selector};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

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
