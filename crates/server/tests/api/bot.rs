//! The Lichess-shaped bot and board API: upgrading to a bot account, the NDJSON event
//! stream (challenges, their cancelling and declining, games starting and finishing),
//! the game stream (`gameFull`, then `gameState` on each change), moves, resigning,
//! aborting and draws, bad input, and a real bot written with the `berserk` Python
//! client (`scripts/bots/example_bot.py`) playing a whole chess game and a whole Reversi
//! game against a person driven from here. Without berserk that test says SKIPPED and
//! passes; with `CI=true` it fails.

mod accounts;
mod berserk;
mod streams;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

/// How long an expected line may take to arrive before the test fails.
const PATIENCE: Duration = Duration::from_secs(10);

/// An open NDJSON stream and what was read from it but not yet taken.
struct Ndjson {
    response: reqwest::Response,
    buffer: String,
}

impl Ndjson {
    /// Opens `path` as `player`, expecting a 200 NDJSON stream.
    async fn open(app: &TestApp, path: &str, player: &Player) -> Ndjson {
        let response = app
            .client
            .get(format!("{}{path}", app.address))
            .bearer_auth(&player.token)
            .send()
            .await
            .expect("open the stream");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "application/x-ndjson",
            "{path}"
        );
        Ndjson {
            response,
            buffer: String::new(),
        }
    }

    /// The next line that is not a keep-alive, or `None` once the stream has ended.
    async fn next(&mut self) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            if let Some(end) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=end).collect();
                if line.trim().is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(&line).expect("a JSON line"));
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .unwrap_or_else(|_| panic!("no line within {PATIENCE:?}: {:?}", self.buffer))
                .expect("read the stream")?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// The next line, which must be of `kind`.
    async fn expect(&mut self, kind: &str) -> Value {
        let line = self
            .next()
            .await
            .unwrap_or_else(|| panic!("the stream ended before a `{kind}`"));
        assert_eq!(line["type"], kind, "{line}");
        line
    }

    /// Asserts that the stream ends with no other line.
    async fn ends(&mut self) {
        if let Some(line) = self.next().await {
            panic!("expected the end of the stream, got {line}");
        }
    }
}

/// Registers `name` and upgrades them to a bot account.
async fn bot(app: &TestApp, name: &str) -> Player {
    let player = app.player(name).await;
    let (status, body) = post_empty(app, "/api/bot/account/upgrade", &player).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"ok": true}));
    player
}

/// A POST without a body, as Lichess clients send them.
async fn post_empty(app: &TestApp, path: &str, player: &Player) -> (StatusCode, Value) {
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .bearer_auth(&player.token)
        .send()
        .await
        .expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// A POST with a form body.
async fn post_form(
    app: &TestApp,
    path: &str,
    player: &Player,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    let body = form
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join("&");
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .bearer_auth(&player.token)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .expect("request");
    let status = response.status();
    let text = response.text().await.expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// `challenger` challenges `opponent` (a form body, as Lichess takes it) and `opponent`
/// accepts: the game's id.
async fn lichess_game(
    app: &TestApp,
    challenger: &Player,
    opponent: &Player,
    form: &[(&str, &str)],
) -> String {
    let (status, challenge) = post_form(
        app,
        &format!("/api/challenge/{}", opponent.name),
        challenger,
        form,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    let id = challenge["id"].as_str().unwrap().to_owned();
    let (status, body) = post_empty(app, &format!("/api/challenge/{id}/accept"), opponent).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, shown) = app.get(&format!("/api/v1/challenges/{id}"), None).await;
    shown["game_id"].as_str().expect("the game").to_owned()
}

/// Asserts a refusal: `status` and the project's error code.
fn refused(answer: &(StatusCode, Value), status: StatusCode, code: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1["error"], code, "{}", answer.1);
    assert!(
        answer.1["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{}",
        answer.1
    );
}
