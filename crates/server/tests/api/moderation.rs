//! Moderation and account care: the administrator role, reports, mutes and bans with the
//! log, the password change, the data download and the deletion of an account, through
//! the API and the pages, on both databases.

mod account_care;
mod reports;
mod sanctions;

use reqwest::{StatusCode, header};
use scraper::{Html, Selector};
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

fn count(html: &str, selector: &str) -> usize {
    Html::parse_document(html)
        .select(&Selector::parse(selector).unwrap())
        .count()
}

fn texts(html: &str, selector: &str) -> Vec<String> {
    Html::parse_document(html)
        .select(&Selector::parse(selector).unwrap())
        .map(|element| element.text().collect::<String>())
        .collect()
}

/// The log's actions as (action, target), newest first.
async fn log(app: &TestApp, admin: &Player) -> Vec<(String, String)> {
    let (status, body) = app.get("/api/v1/admin/log", Some(&admin.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|action| {
            (
                action["action"].as_str().unwrap().to_owned(),
                action["target"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

/// Signs `name` in with `password` through the session endpoint: (status, cookie value).
async fn login(app: &TestApp, name: &str, password: &str) -> (StatusCode, Option<String>, Value) {
    let response = app
        .client
        .post(format!("{}/api/v1/session", app.address))
        .json(&json!({"username": name, "password": password}))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let cookie = response
        .headers()
        .get(header::SET_COOKIE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .and_then(|value| value.strip_prefix("bg_session="))
        .map(str::to_owned);
    let body = response.json().await.unwrap_or(Value::Null);
    (status, cookie, body)
}

/// `GET /api/v1/me` with the session cookie: the status.
async fn me_by_cookie(app: &TestApp, cookie: &str) -> StatusCode {
    app.client
        .get(format!("{}/api/v1/me", app.address))
        .header(header::COOKIE, format!("bg_session={cookie}"))
        .send()
        .await
        .unwrap()
        .status()
}

async fn say(app: &TestApp, player: &Player, id: &str, text: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/games/{id}/chat"),
        Some(&player.token),
        json!({"text": text}),
    )
    .await
}

async fn sanction(app: &TestApp, admin: &Player, name: &str, action: &str) -> (StatusCode, Value) {
    app.post(
        &format!("/api/v1/admin/players/{name}/{action}"),
        Some(&admin.token),
        json!({}),
    )
    .await
}
