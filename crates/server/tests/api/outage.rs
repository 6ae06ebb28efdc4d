//! A database outage through a TCP proxy the test controls: with Postgres cut off (or its
//! connections stalled mid-query), every request is answered 503 within 5 s (a page with
//! a friendly "try again"), `/readyz` says 503 within 2 s, service resumes soon after the
//! outage ends, and no acknowledged move is lost.

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

/// What the proxy does with traffic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Link {
    /// Forwards both ways.
    Open,
    /// Closes every connection and refuses new ones (a database that is down).
    Cut,
    /// Holds every connection open but forwards nothing (a network that drops packets):
    /// no error ever arrives. The held connections close when service is restored.
    Stalled,
}

/// A TCP proxy to one address that can cut or stall every connection through it and
/// restore service.
struct CutProxy {
    port: u16,
    link: Arc<watch::Sender<Link>>,
}

impl CutProxy {
    async fn start(target: SocketAddr) -> CutProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let port = listener.local_addr().expect("address").port();
        let link = Arc::new(watch::channel(Link::Open).0);
        let state = link.clone();
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let mut changes = state.subscribe();
                match *state.borrow() {
                    Link::Cut => {
                        drop(client);
                        continue;
                    }
                    Link::Stalled => {
                        tokio::spawn(async move {
                            let _ = changes.wait_for(|link| *link != Link::Stalled).await;
                            drop(client);
                        });
                        continue;
                    }
                    Link::Open => {}
                }
                tokio::spawn(async move {
                    let Ok(mut server) = tokio::net::TcpStream::connect(target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = changes.wait_for(|link| *link != Link::Open) => {}
                    }
                    if *changes.borrow() == Link::Stalled {
                        let _ = changes.wait_for(|link| *link != Link::Stalled).await;
                    }
                });
            }
        });
        CutProxy { port, link }
    }

    /// Closes every connection through the proxy and refuses new ones.
    fn cut(&self) {
        self.link.send_replace(Link::Cut);
    }

    /// Stops forwarding on every connection, old and new, without closing any.
    fn stall(&self) {
        self.link.send_replace(Link::Stalled);
    }

    fn restore(&self) {
        self.link.send_replace(Link::Open);
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

/// Clients reading one game in a loop, each noting its slowest answer.
struct Readers {
    stop: watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<Duration>>,
}

impl Readers {
    fn start(app: &TestApp, id: &str) -> Readers {
        let stop = watch::channel(false).0;
        let url = format!("{}/api/v1/games/{id}", app.address);
        let tasks = (0..4)
            .map(|_| {
                let (client, url, stop) = (app.client.clone(), url.clone(), stop.subscribe());
                tokio::spawn(async move {
                    let mut slowest = Duration::ZERO;
                    while !*stop.borrow() {
                        let start = Instant::now();
                        let _ = client.get(&url).send().await;
                        slowest = slowest.max(start.elapsed());
                    }
                    slowest
                })
            })
            .collect();
        Readers { stop, tasks }
    }

    /// Stops the readers once their requests are answered: the slowest answer of all.
    async fn stop(self) -> Duration {
        self.stop.send_replace(true);
        let mut slowest = Duration::ZERO;
        for task in self.tasks {
            slowest = slowest.max(task.await.expect("a reader"));
        }
        slowest
    }
}

/// Sends `request` and returns its status, `Retry-After`, body and how long it took.
pub(crate) async fn timed(
    request: reqwest::RequestBuilder,
) -> (StatusCode, Option<String>, String, Duration) {
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
    through_proxy(Link::Cut).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn a_stalled_postgres_connection_is_answered_503_within_the_deadline() {
    through_proxy(Link::Stalled).await;
}

/// Runs [`outage`] on an app whose Postgres connections go through a proxy that fails as
/// `failure` says.
async fn through_proxy(failure: Link) {
    let (direct, _) = helpers::fresh_database(Backend::Postgres).await;
    let (_, target) = through(&direct, "unused:1");
    let proxy = CutProxy::start(target).await;
    let (url, _) = through(&direct, &format!("127.0.0.1:{}", proxy.port));
    let result = tokio::spawn(async move {
        let app = TestApp::spawn_on(Backend::Postgres, &url, &[]).await;
        outage(&app, &proxy, failure).await;
    })
    .await;
    helpers::drop_database(&direct).await;
    if let Err(error) = result {
        std::panic::resume_unwind(error.into_panic());
    }
}

async fn outage(app: &TestApp, proxy: &CutProxy, failure: Link) {
    let white = app.player("white").await;
    let black = app.player("black").await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    app.play_ok(&white, &black, &id, "e7e5").await;

    // A refused connection is reported at once; a stalled query only by the deadline.
    // Readers keep queries in flight, so that the stall catches some of them mid-query.
    let readers = match failure {
        Link::Cut => {
            proxy.cut();
            None
        }
        Link::Stalled => {
            let readers = Readers::start(app, &id);
            tokio::time::sleep(Duration::from_millis(300)).await;
            proxy.stall();
            Some(readers)
        }
        Link::Open => unreachable!("an outage needs a failure"),
    };
    let api = format!("{}/api/v1/games/{id}", app.address);
    // A read that must reach the database: the readers' last read would otherwise serve
    // it from the game's snapshot for up to a second.
    app.state.caches.forget_all();
    let (status, retry_after, body, took) = timed(app.client.get(&api)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(took < ANSWER_WITHIN, "a read took {took:?}");
    assert!(retry_after.is_some(), "503 without Retry-After");
    let body: Value = serde_json::from_str(&body).expect("a JSON error");
    assert!(
        ["database_unavailable", "request_timeout"].contains(&body["error"].as_str().unwrap_or("")),
        "{body}"
    );

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

    if let Some(readers) = readers {
        let slowest = readers.stop().await;
        assert!(
            slowest < ANSWER_WITHIN,
            "a read in flight when the connections stalled took {slowest:?}"
        );
    }
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
