//! A database outage through a TCP proxy the test controls: with Postgres cut off, every
//! request is answered 503 `database_unavailable` at once (a page with a friendly "try
//! again"), `/readyz` says 503 within 2 s, service resumes soon after the cut ends, and
//! no acknowledged move is lost.

use std::{
    net::SocketAddr,
    sync::Arc,
    time::{Duration, Instant},
};

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::{net::TcpListener, sync::watch};

use crate::helpers::{self, Backend, TestApp};

/// Every request during the cut must be answered within this.
const ANSWER_WITHIN: Duration = Duration::from_secs(5);
/// `/readyz` must say 503 within this.
const READY_WITHIN: Duration = Duration::from_secs(2);
/// Service must resume within this after the cut ends.
const RESUME_WITHIN: Duration = Duration::from_secs(5);

/// A TCP proxy to one address that can cut every connection through it (and refuse new
/// ones) and restore service.
struct CutProxy {
    port: u16,
    cut: Arc<watch::Sender<bool>>,
}

impl CutProxy {
    async fn start(target: SocketAddr) -> CutProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("address").port();
        let cut = Arc::new(watch::channel(false).0);
        let state = cut.clone();
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                if *state.borrow() {
                    drop(client);
                    continue;
                }
                let mut cut = state.subscribe();
                tokio::spawn(async move {
                    let Ok(mut server) = tokio::net::TcpStream::connect(target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = cut.wait_for(|cut| *cut) => {}
                    }
                });
            }
        });
        CutProxy { port, cut }
    }

    /// Closes every connection through the proxy and refuses new ones.
    fn cut(&self) {
        self.cut.send_replace(true);
    }

    fn restore(&self) {
        self.cut.send_replace(false);
    }
}

/// `url` with its `host:port` replaced by `authority`, and the address it named.
fn through(url: &str, authority: &str) -> (String, SocketAddr) {
    let start = url.find("://").expect("a URL") + 3;
    let rest = &url[start..];
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let user_end = rest[..end].rfind('@').map_or(0, |at| at + 1);
    let host = &rest[user_end..end];
    let host = if host.contains(':') {
        host.to_owned()
    } else {
        format!("{host}:5432")
    };
    let host = host.replace("localhost", "127.0.0.1");
    let target = host.parse().expect("a host:port address");
    let rewritten = format!(
        "{}{}{authority}{}",
        &url[..start],
        &rest[..user_end],
        &rest[end..]
    );
    (rewritten, target)
}

#[test]
fn urls_are_rewritten_through_the_proxy() {
    assert_eq!(
        through("postgres://postgres@127.0.0.1:5432/t_1", "127.0.0.1:9"),
        (
            "postgres://postgres@127.0.0.1:9/t_1".to_owned(),
            "127.0.0.1:5432".parse().unwrap()
        )
    );
    assert_eq!(
        through("postgres://localhost/test?sslmode=disable", "127.0.0.1:9").0,
        "postgres://127.0.0.1:9/test?sslmode=disable"
    );
}

/// Sends `request` and returns its status, `Retry-After`, body and how long it took.
async fn timed(request: reqwest::RequestBuilder) -> (StatusCode, Option<String>, String, Duration) {
    let start = Instant::now();
    let response = request.send().await.expect("an answer");
    let status = response.status();
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    let body = response.text().await.expect("a body");
    (status, retry_after, body, start.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn a_postgres_outage_is_answered_503_at_once_and_loses_nothing() {
    let (direct, _) = helpers::fresh_database(Backend::Postgres)
        .await
        .expect("a Postgres database");
    let (_, target) = through(&direct, "unused:1");
    let proxy = CutProxy::start(target).await;
    let (url, _) = through(&direct, &format!("127.0.0.1:{}", proxy.port));
    let result = tokio::spawn(async move {
        let app = TestApp::spawn_on(Backend::Postgres, &url, &[]).await;
        outage(&app, &proxy).await;
    })
    .await;
    helpers::drop_database(&direct).await;
    if let Err(error) = result {
        std::panic::resume_unwind(error.into_panic());
    }
}

async fn outage(app: &TestApp, proxy: &CutProxy) {
    let white = app.player("white").await;
    let black = app.player("black").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    app.play_ok(&white, &black, &id, "e7e5").await;

    proxy.cut();
    let api = format!("{}/api/v1/games/{id}", app.address);
    let (status, retry_after, body, took) = timed(app.client.get(&api)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(took < ANSWER_WITHIN, "a read took {took:?}");
    assert!(retry_after.is_some(), "503 without Retry-After");
    let body: Value = serde_json::from_str(&body).expect("a JSON error");
    assert_eq!(body["error"], "database_unavailable");

    let (status, retry_after, body, took) = timed(
        app.client
            .post(format!("{api}/moves"))
            .bearer_auth(&white.token)
            .json(&json!({"move": "g1f3", "ply": 2})),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(took < ANSWER_WITHIN, "a move took {took:?}");
    assert!(retry_after.is_some());

    let (status, _, _, took) = timed(app.client.get(format!("{}/readyz", app.address))).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(took < READY_WITHIN, "/readyz took {took:?}");

    let (status, retry_after, page, took) = timed(
        app.client
            .get(format!("{}/games/{id}", app.address))
            .header("accept-language", "en"),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(took < ANSWER_WITHIN, "a page took {took:?}");
    assert!(retry_after.is_some());
    assert!(page.contains("<html"), "{page}");
    assert!(page.contains("try again in a few seconds"), "{page}");

    // `/livez` touches no database.
    let (status, _, _, _) = timed(app.client.get(format!("{}/livez", app.address))).await;
    assert_eq!(status, StatusCode::OK);

    proxy.restore();
    let restored = Instant::now();
    loop {
        let (status, _, _, _) = timed(app.client.get(&api)).await;
        if status == StatusCode::OK {
            break;
        }
        assert!(
            restored.elapsed() < RESUME_WITHIN,
            "still {status} {:?} after the cut ended",
            restored.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Nothing acknowledged was lost, the refused move was not applied, play goes on.
    let game = app.game(&id).await;
    assert_eq!(game["moves"], json!(["e2e4", "e7e5"]));
    app.play_ok(&white, &black, &id, "g1f3").await;
    assert_eq!(app.game(&id).await["ply"], 3);
}
