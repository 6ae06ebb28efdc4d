//! Server-sent events for a game.

use std::time::Duration;

use reqwest::StatusCode;

use crate::{helpers::TestApp, scenarios};

scenarios!(
    event_stream_reports_every_change,
    shutdown_ends_event_streams_and_stops_serving
);

/// Reads from the stream until `needle` has arrived (or fails after 5 s).
async fn read_until(response: &mut reqwest::Response, seen: &mut String, needle: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while !seen.contains(needle) {
        let chunk = tokio::time::timeout_at(deadline, response.chunk())
            .await
            .unwrap_or_else(|_| panic!("no `{needle}` in: {seen}"))
            .unwrap()
            .expect("stream open");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
}

async fn event_stream_reports_every_change(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("reversi-8x8", &white, &black).await;
    let (status, err) = app.get("/api/v1/games/nope/events", None).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let mut response = app
        .client
        .get(format!("{}/api/v1/games/{id}/events", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let mut seen = String::new();
    read_until(
        &mut response,
        &mut seen,
        &format!("data: {{\"game_id\":\"{id}\",\"ply\":0}}"),
    )
    .await;
    assert!(seen.contains("event: game"));
    app.play_ok(&white, &black, &id, "d4").await;
    read_until(&mut response, &mut seen, "\"ply\":1}").await;
    app.play_ok(&white, &black, &id, "e4").await;
    read_until(&mut response, &mut seen, "\"ply\":2}").await;
    app.act(&black, &id, "draw/offer").await;
    read_until(
        &mut response,
        &mut seen,
        "\"ply\":2}\n\nevent: game\ndata: ",
    )
    .await;
}

async fn shutdown_ends_event_streams_and_stops_serving(mut app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    let mut response = app
        .client
        .get(format!("{}/api/v1/games/{id}/events", app.address))
        .send()
        .await
        .unwrap();
    let mut seen = String::new();
    read_until(&mut response, &mut seen, "\"ply\":0}").await;
    // The open stream must not hold the shutdown: it ends, and the server stops.
    tokio::time::timeout(Duration::from_secs(5), app.shut_down())
        .await
        .expect("graceful shutdown finishes with a stream open")
        .expect("server ended cleanly");
    let rest = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(Some(_)) = response.chunk().await {}
    })
    .await;
    assert!(rest.is_ok(), "the event stream ended");
    assert!(
        app.client
            .get(format!("{}/livez", app.address))
            .send()
            .await
            .is_err()
    );
    // What was committed is there for the next start.
    let again = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    assert_eq!(again.game(&id).await["status"], "active");
}
