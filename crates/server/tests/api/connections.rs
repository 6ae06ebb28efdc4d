//! Connections one client cannot exhaust: the per-address cap on event streams, the
//! header and body read timeouts (the header one also closes silent kept-alive
//! connections), and shedding at the connection limit with the health checks still
//! answering.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::helpers::{Backend, TestApp};

/// A test's wait for something the server must do within a fraction of it.
const PATIENCE: Duration = Duration::from_secs(5);

/// A raw connection to `app`.
async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .expect("connect")
}

/// Reads until the server closes `stream`; what it sent and how long that took.
async fn until_closed(stream: &mut TcpStream) -> (String, Duration) {
    let start = Instant::now();
    let mut received = Vec::new();
    let read = tokio::time::timeout(PATIENCE, async {
        let mut buffer = [0u8; 4096];
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server kept the connection open");
    (
        String::from_utf8_lossy(&received).into_owned(),
        start.elapsed(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_share_of_event_streams() {
    let app = TestApp::spawn(Backend::Sqlite, &[("MAX_STREAMS_PER_ADDRESS", "3")]).await;
    let white = app.player("white").await;
    let black = app.player("black").await;
    let id = app.new_game("chess", &white, &black).await;
    let url = format!("{}/api/v1/games/{id}/events", app.address);
    let mut open = Vec::new();
    for _ in 0..3 {
        let response = app.client.get(&url).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        open.push(response);
    }
    let (status, body) = app.get(&format!("/api/v1/games/{id}/events"), None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "too_many_streams");
    // The player's own stream counts too.
    let (status, body) = app.get("/api/v1/me/events", Some(&white.token)).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("too_many_streams"))
    );
    // A closed stream gives its slot back.
    drop(open.pop());
    let start = Instant::now();
    loop {
        let response = app.client.get(&url).send().await.unwrap();
        if response.status() == StatusCode::OK {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "the slot was not given back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_slow_bodies_and_silent_connections_are_cut() {
    let app = TestApp::spawn(
        Backend::Sqlite,
        &[
            ("HEADER_READ_TIMEOUT_MS", "400"),
            ("BODY_READ_TIMEOUT_MS", "400"),
        ],
    )
    .await;
    // Headers that never end.
    let mut slow = connect(&app).await;
    slow.write_all(b"GET /livez HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let (_, took) = until_closed(&mut slow).await;
    assert!(took < Duration::from_secs(3), "slow headers held {took:?}");
    // A connection that says nothing.
    let mut silent = connect(&app).await;
    let (_, took) = until_closed(&mut silent).await;
    assert!(
        took < Duration::from_secs(3),
        "a silent connection held {took:?}"
    );
    // A kept-alive connection after its request: closed once silent that long.
    let mut kept = connect(&app).await;
    kept.write_all(b"GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (answer, took) = until_closed(&mut kept).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        took < Duration::from_secs(3),
        "an idle connection held {took:?}"
    );
    // A body that stops arriving: the request fails, no 2xx, and nothing is held.
    let mut body = connect(&app).await;
    body.write_all(
        b"POST /api/v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"username\":",
    )
    .await
    .unwrap();
    let (answer, took) = until_closed(&mut body).await;
    assert!(!answer.starts_with("HTTP/1.1 2"), "{answer}");
    assert!(
        took < Duration::from_secs(3),
        "a stalled body held {took:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_connection_limit_only_the_health_checks_answer() {
    let app = TestApp::spawn(Backend::Sqlite, &[("MAX_CONNECTIONS", "4")]).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = connect(&app).await;
        stream.write_all(b"GET /livez HTTP/1.1\r\n").await.unwrap();
        held.push(stream);
    }
    // Give the server time to take the four.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let fresh = || {
        reqwest::Client::builder()
            .pool_max_idle_per_host(0)
            .build()
            .unwrap()
    };
    for path in ["/livez", "/readyz"] {
        let response = fresh()
            .get(format!("{}{path}", app.address))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
    let response = fresh()
        .get(format!("{}/api/v1/variants", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    // Once the held connections go, service is whole again.
    drop(held);
    let start = Instant::now();
    loop {
        let response = fresh()
            .get(format!("{}/api/v1/variants", app.address))
            .send()
            .await
            .unwrap();
        if response.status() == StatusCode::OK {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "service did not come back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_connection() {
    let app = TestApp::spawn(Backend::Sqlite, &[("MAX_CONNECTIONS_PER_ADDRESS", "2")]).await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut stream = connect(&app).await;
        stream.write_all(b"GET /livez HTTP/1.1\r\n").await.unwrap();
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // A third from the same address is closed without an answer.
    let mut third = connect(&app).await;
    let _ = third
        .write_all(b"GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let (answer, _) = until_closed(&mut third).await;
    assert!(answer.is_empty(), "{answer}");
    // Another address is served as usual.
    let other = reqwest::Client::builder()
        .local_address(Some("127.0.0.2".parse().unwrap()))
        .build()
        .unwrap();
    let response = other
        .get(format!("{}/api/v1/variants", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}
