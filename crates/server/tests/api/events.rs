//! Live events: game streams, players' turn notices, `Last-Event-ID`, many watchers, a
//! stalled watcher, and (on Postgres) several instances and a lost listener connection.

use std::time::{Duration, Instant};

use domain::game::sweep_overdue;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

use crate::{
    helpers::{self, Backend, Player, ServerProcess, TestApp},
    scenarios,
};

scenarios!(
    event_stream_reports_every_change,
    a_watcher_sees_a_move_at_once,
    reconnecting_with_last_event_id_resumes_or_refetches,
    players_hear_when_it_becomes_their_turn,
    a_watcher_that_never_reads_is_dropped_without_harm,
    shutdown_ends_event_streams_and_stops_serving,
    a_player_watches_a_game_while_its_page_streams_it_on_any_instance,
);

// A thousand watchers from one address need higher per-address caps.
scenarios!(
    with [("MAX_STREAMS_PER_ADDRESS", "2000"), ("MAX_CONNECTIONS_PER_ADDRESS", "2000")];
    a_thousand_watchers_all_receive_a_move
);

/// How long any expected event may take to arrive before the test fails.
const PATIENCE: Duration = Duration::from_secs(10);

/// An open event stream and everything read from it so far.
pub(crate) struct Stream {
    response: reqwest::Response,
    seen: String,
}

impl Stream {
    /// Opens `path` on `base` with `headers`, expecting a 200 event stream.
    pub(crate) async fn open(base: &str, path: &str, headers: &[(&str, &str)]) -> Stream {
        let mut request = reqwest::Client::new().get(format!("{base}{path}"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("open the stream");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/event-stream")
        );
        Stream {
            response,
            seen: String::new(),
        }
    }

    /// Reads until `needle` and the end of its event have arrived (or fails after
    /// [`PATIENCE`]); returns what came since the previous call, up to that end.
    pub(crate) async fn until(&mut self, needle: &str) -> String {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            if let Some(at) = self.seen.find(needle)
                && let Some(end) = self.seen[at..].find("\n\n")
            {
                return self.seen.drain(..at + end + 2).collect();
            }
            let chunk = tokio::time::timeout_at(deadline, self.response.chunk())
                .await
                .unwrap_or_else(|_| panic!("no `{needle}` in: {}", self.seen))
                .expect("read the stream")
                .unwrap_or_else(|| panic!("stream ended without `{needle}`: {}", self.seen));
            self.seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// The next event of kind `kind` as (id, data).
    pub(crate) async fn next(&mut self, kind: &str) -> (String, Value) {
        let read = self.until(&format!("event: {kind}\n")).await;
        let block = &read[read.rfind(&format!("event: {kind}\n")).unwrap()..];
        let field = |name: &str| {
            block
                .lines()
                .find_map(|line| line.strip_prefix(&format!("{name}: ")))
                .unwrap_or_default()
                .to_owned()
        };
        let data = serde_json::from_str(&field("data")).expect("JSON data");
        (field("id"), data)
    }

    /// Asserts nothing but comments and keep-alives arrive within `wait`.
    pub(crate) async fn quiet_for(&mut self, wait: Duration) {
        let _ = tokio::time::timeout(wait, async {
            while let Ok(Some(chunk)) = self.response.chunk().await {
                self.seen.push_str(&String::from_utf8_lossy(&chunk));
            }
        })
        .await;
        assert!(
            !self.seen.contains("event:"),
            "unexpected event: {}",
            self.seen
        );
    }
}

async fn game_stream(app: &TestApp, id: &str) -> Stream {
    Stream::open(&app.address, &format!("/api/v1/games/{id}/events"), &[]).await
}

async fn players(app: &TestApp) -> (Player, Player) {
    (app.player("white_p").await, app.player("black_p").await)
}

async fn event_stream_reports_every_change(app: TestApp) {
    let (white, black) = players(&app).await;
    let id = app.new_game("reversi-8x8", &white, &black).await;
    let (status, err) = app.get("/api/v1/games/nope/events", None).await;
    assert_eq!(
        (status, err["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let mut stream = game_stream(&app, &id).await;
    let (state, game) = stream.next("game").await;
    assert_eq!(state, "0-active");
    assert_eq!(
        game,
        json!({"game_id": id, "ply": 0, "status": "active", "to_move": "white",
               "draw_offer": null})
    );
    app.play_ok(&white, &black, &id, "d4").await;
    let (state, game) = stream.next("game").await;
    assert_eq!(
        (state.as_str(), &game["to_move"]),
        ("1-active", &json!("black"))
    );
    app.play_ok(&white, &black, &id, "e4").await;
    assert_eq!(stream.next("game").await.0, "2-active");
    app.act(&black, &id, "draw/offer").await;
    let (state, game) = stream.next("game").await;
    assert_eq!(
        (state.as_str(), &game["draw_offer"]),
        ("2-active-black", &json!("black"))
    );
    app.act(&white, &id, "draw/decline").await;
    assert_eq!(stream.next("game").await.0, "2-active");
    // A refused request changes nothing and tells nobody.
    let (status, _) = app.play(&black, &id, "d5", 2).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The timeout sweep is a change too.
    app.clock.advance(4 * 86_400);
    assert_eq!(sweep_overdue(&app.state).await.unwrap(), 1);
    let (state, game) = stream.next("game").await;
    assert_eq!(state, "2-finished", "{game}");
    assert_eq!(game["to_move"], Value::Null);
    assert!(!stream.seen.contains("event: game"), "{}", stream.seen);
}

async fn a_watcher_sees_a_move_at_once(app: TestApp) {
    let (white, black) = players(&app).await;
    let id = app.new_game("chess", &white, &black).await;
    let mut stream = game_stream(&app, &id).await;
    stream.next("game").await;
    let sent = Instant::now();
    app.play_ok(&white, &black, &id, "e4").await;
    let (state, _) = stream.next("game").await;
    let took = sent.elapsed();
    assert_eq!(state, "1-active");
    assert!(
        took < Duration::from_secs(2),
        "the move took {took:?} to arrive"
    );
}

async fn reconnecting_with_last_event_id_resumes_or_refetches(app: TestApp) {
    let (white, black) = players(&app).await;
    let id = app.new_game("chess", &white, &black).await;
    app.play_ok(&white, &black, &id, "e4").await;
    let path = format!("/api/v1/games/{id}/events");
    // Up to date: no opening event, then the next change.
    let mut resumed = Stream::open(&app.address, &path, &[("Last-Event-ID", "1-active")]).await;
    resumed.until(": live").await;
    resumed.quiet_for(Duration::from_millis(300)).await;
    // Behind: told to refetch, with the current state.
    let mut behind = Stream::open(&app.address, &path, &[("Last-Event-ID", "0-active")]).await;
    let (state, game) = behind.next("refetch").await;
    assert_eq!(
        (state.as_str(), game["ply"].as_u64()),
        ("1-active", Some(1))
    );
    app.play_ok(&white, &black, &id, "e5").await;
    assert_eq!(resumed.next("game").await.0, "2-active");
    assert_eq!(behind.next("game").await.0, "2-active");
    // The same on a player's stream with a game.
    let mut mine = Stream::open(
        &app.address,
        &format!("/api/v1/me/events?game={id}"),
        &[
            ("Authorization", &format!("Bearer {}", white.token)),
            ("Last-Event-ID", "1-active"),
        ],
    )
    .await;
    assert_eq!(mine.next("refetch").await.0, "2-active");
}

async fn players_hear_when_it_becomes_their_turn(app: TestApp) {
    let (white, black) = players(&app).await;
    let (status, body) = app.get("/api/v1/me/events", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let auth = |player: &Player| format!("Bearer {}", player.token);
    let mut whites = Stream::open(
        &app.address,
        "/api/v1/me/events",
        &[("Authorization", &auth(&white))],
    )
    .await;
    let mut blacks = Stream::open(
        &app.address,
        "/api/v1/me/events",
        &[("Authorization", &auth(&black))],
    )
    .await;
    let (_, first) = whites.next("turns").await;
    assert_eq!(
        first,
        json!({"game_id": null, "your_turn": false, "your_turn_games": 0})
    );
    blacks.next("turns").await;
    // A new game: White is to move in it.
    let id = app.new_game("chess", &white, &black).await;
    let (_, notice) = whites.next("turns").await;
    assert_eq!(
        notice,
        json!({"game_id": id, "your_turn": true, "your_turn_games": 1})
    );
    let (_, notice) = blacks.next("turns").await;
    assert_eq!(
        notice,
        json!({"game_id": id, "your_turn": false, "your_turn_games": 0})
    );
    app.play_ok(&white, &black, &id, "e4").await;
    assert_eq!(whites.next("turns").await.1["your_turn_games"], 0);
    let (_, notice) = blacks.next("turns").await;
    assert_eq!(
        (
            notice["your_turn"].as_bool(),
            notice["your_turn_games"].as_i64()
        ),
        (Some(true), Some(1))
    );
    // Nobody else hears of it; a player's stream carries game events only when asked.
    let (outsider, _) = (app.player("outsider").await, ());
    let mut theirs = Stream::open(
        &app.address,
        "/api/v1/me/events",
        &[("Authorization", &auth(&outsider))],
    )
    .await;
    theirs.next("turns").await;
    app.play_ok(&white, &black, &id, "e5").await;
    whites.next("turns").await;
    theirs.quiet_for(Duration::from_millis(300)).await;
    assert!(!whites.seen.contains("event: game"), "{}", whites.seen);
    // With `?game=`, one connection carries both.
    let mut both = Stream::open(
        &app.address,
        &format!("/api/v1/me/events?game={id}"),
        &[("Authorization", &auth(&black))],
    )
    .await;
    assert_eq!(both.next("game").await.0, "2-active");
    assert_eq!(both.next("turns").await.1["your_turn_games"], 0);
    app.play_ok(&white, &black, &id, "Nf3").await;
    assert_eq!(both.next("game").await.0, "3-active");
    assert_eq!(both.next("turns").await.1["your_turn_games"], 1);
}

/// The soft limit on open files of this process (server and watchers share it).
fn open_files_limit() -> Option<u64> {
    std::fs::read_to_string("/proc/self/limits")
        .ok()?
        .lines()
        .find(|line| line.starts_with("Max open files"))?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()
}

async fn a_thousand_watchers_all_receive_a_move(app: TestApp) {
    const WATCHERS: usize = 1000;
    // Each watcher is two sockets here: the client's and the server's.
    if let Some(limit) = open_files_limit() {
        assert!(
            limit >= 2 * WATCHERS as u64 + 200,
            "1,000 watchers need about 2,200 open files; the limit is {limit} (raise `ulimit -n`)"
        );
    }
    let (white, black) = players(&app).await;
    let id = app.new_game("reversi-6x6", &white, &black).await;
    let client = reqwest::Client::new();
    let url = format!("{}/api/v1/games/{id}/events", app.address);
    let mut streams = Vec::with_capacity(WATCHERS);
    for _ in 0..WATCHERS {
        let response = client.get(&url).send().await.expect("open a stream");
        assert_eq!(response.status(), StatusCode::OK);
        streams.push(Stream {
            response,
            seen: String::new(),
        });
    }
    assert_eq!(app.state.events.subscriber_count(), WATCHERS);
    let legal = app.game(&id).await["legal_moves"][0]
        .as_str()
        .unwrap()
        .to_owned();
    app.play_ok(&white, &black, &id, &legal).await;
    let received = futures_util::future::join_all(streams.iter_mut().map(|stream| async {
        stream.until("id: 1-active\n").await;
    }))
    .await;
    assert_eq!(received.len(), WATCHERS);
}

async fn a_watcher_that_never_reads_is_dropped_without_harm(app: TestApp) {
    let (white, black) = players(&app).await;
    let id = app.new_game("chess", &white, &black).await;
    let mut reader = game_stream(&app, &id).await;
    reader.next("game").await;
    // A client that sends its request and then never reads, with a small receive window.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let address = app.address.trim_start_matches("http://").parse().unwrap();
    let mut stalled = socket.connect(address).await.unwrap();
    stalled
        .write_all(format!("GET /api/v1/games/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await
        .unwrap();
    wait_for(
        || app.state.events.subscriber_count() == 2,
        "the stalled watcher subscribed",
    )
    .await;
    // Changes pour in (as notifications would): the reader keeps up, the stalled one
    // falls behind and is dropped.
    let mut sent = 0;
    while app.state.events.subscriber_count() == 2 {
        assert!(sent < 100_000, "the stalled watcher was never dropped");
        for _ in 0..8 {
            sent += 1;
            let offer = if sent % 2 == 0 { "white" } else { "black" };
            app.state
                .events
                .deliver_payload(&synthetic_change(&id, offer));
        }
        for _ in 0..8 {
            reader.next("game").await;
        }
    }
    assert_eq!(app.state.events.subscriber_count(), 1);
    // The reader goes on hearing real changes.
    app.play_ok(&white, &black, &id, "e4").await;
    reader.until("id: 1-active\n").await;
    let (status, metrics) = app.get("/metrics", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        metrics
            .as_str()
            .unwrap()
            .contains("live_event_subscribers_dropped_total"),
        "the drop is counted"
    );
    drop(stalled);
}

/// A change notification as an instance would receive it from Postgres: a draw offer by
/// `offer` in the game at ply 0.
fn synthetic_change(game_id: &str, offer: &str) -> String {
    json!({
        "game": {"game_id": game_id, "ply": 0, "status": "active", "to_move": "white",
                 "draw_offer": offer},
        "players": [],
    })
    .to_string()
}

async fn wait_for(mut condition: impl FnMut() -> bool, what: &str) {
    let deadline = Instant::now() + PATIENCE;
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn shutdown_ends_event_streams_and_stops_serving(mut app: TestApp) {
    let (white, black) = players(&app).await;
    let id = app.new_game("chess", &white, &black).await;
    let mut stream = game_stream(&app, &id).await;
    stream.next("game").await;
    // The open stream must not hold the shutdown: it ends, and the server stops.
    tokio::time::timeout(Duration::from_secs(5), app.shut_down())
        .await
        .expect("graceful shutdown finishes with a stream open")
        .expect("server ended cleanly");
    let rest = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(Some(_)) = stream.response.chunk().await {}
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

// ---- several instances on one Postgres ------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn a_move_on_one_instance_reaches_watchers_of_another() {
    helpers::run(Backend::Postgres, &[], |app| async move {
        // A second instance: the server binary as a process of its own.
        let other = ServerProcess::start(
            &[
                ("DATABASE_URL", &app.database_url),
                ("SWEEP_INTERVAL_SECS", "0"),
                ("DATABASE_MAX_CONNECTIONS", "4"),
            ],
            std::process::Stdio::null(),
        )
        .await;
        let (white, black) = players(&app).await;
        let id = app.new_game("reversi-8x8", &white, &black).await;
        let mut on_b =
            Stream::open(&other.address, &format!("/api/v1/games/{id}/events"), &[]).await;
        assert_eq!(on_b.next("game").await.0, "0-active");
        let mut on_a = game_stream(&app, &id).await;
        on_a.next("game").await;
        // B shows the game, and so keeps its snapshot.
        let page_on_b = || async {
            let page = reqwest::get(format!("{}/games/{id}", other.address)).await;
            page.unwrap().text().await.unwrap()
        };
        let page = page_on_b().await;
        assert!(page.contains("data-ply=\"0\""), "{page}");
        // Black's own page on B, kept there: a change behind the servers' backs does not
        // show on Black's second look.
        let cookie = app.session_cookie(&black).await;
        let blacks_page_on_b = || async {
            let page = reqwest::Client::new()
                .get(format!("{}/games/{id}", other.address))
                .header(reqwest::header::COOKIE, &cookie)
                .send()
                .await;
            page.unwrap().text().await.unwrap()
        };
        let confirms = |page: &str| page.contains("data-confirm-moves=\"1\"");
        assert!(confirms(&blacks_page_on_b().await));
        sqlx::query("update users set confirm_moves = 0 where username = 'black_p'")
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        assert!(confirms(&blacks_page_on_b().await), "kept on B");
        // A move posted to instance A …
        app.play_ok(&white, &black, &id, "d4").await;
        // … reaches the watcher on B, and B's page shows the fresh board at once: the
        // change B was told of dropped its snapshot (younger than the second it may
        // live), and Black's page, before the watcher heard of it.
        assert_eq!(on_b.next("game").await.0, "1-active");
        assert_eq!(on_a.next("game").await.0, "1-active");
        let page = page_on_b().await;
        assert!(page.contains("data-ply=\"1\""), "{page}");
        let page = blacks_page_on_b().await;
        assert!(
            page.contains("data-ply=\"1\"") && !confirms(&page),
            "{page}"
        );
        // And the other way round: a move on B reaches the watcher on A.
        let (status, body) = reqwest::Client::new()
            .post(format!("{}/api/v1/games/{id}/moves", other.address))
            .bearer_auth(&black.token)
            .json(&json!({"move": "e4", "ply": 1}))
            .send()
            .await
            .map(|r| (r.status(), r))
            .unwrap();
        assert_eq!(status, StatusCode::OK, "{:?}", body.text().await);
        assert_eq!(on_a.next("game").await.0, "2-active");
        assert_eq!(on_b.next("game").await.0, "2-active");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn a_change_without_a_game_event_drops_the_snapshots_of_every_instance() {
    helpers::run(
        Backend::Postgres,
        &[("VACATION_DAYS_PER_YEAR", "30")],
        |app| async move {
            let other = TestApp::spawn_on(
                app.backend,
                &app.database_url,
                &[("VACATION_DAYS_PER_YEAR", "30")],
            )
            .await;
            let (white, black) = players(&app).await;
            let id = app.new_game("chess", &white, &black).await;
            // The other instance hears of the game's creation (which drops the game's
            // snapshot) a moment later: wait for it, if it is not in yet.
            let mut creation = other.state.events.subscribe(Some(&id), None);
            let _ = tokio::time::timeout(Duration::from_millis(500), creation.next()).await;
            // The other instance shows the game and keeps its snapshot.
            let before = other.game(&id).await;
            assert_eq!(before["clocks"]["white"]["stopped"], Value::Null);
            let kept = &other.state.caches.games;
            assert_eq!(kept.len(), 1);
            // White, to move, goes on vacation through the first instance: no game event,
            // but a flush, which reaches the other instance through its listener.
            let (status, body) = app
                .post(
                    "/api/v1/me/vacation",
                    Some(&white.token),
                    json!({"hours": 48}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let waited = Instant::now();
            while !kept.is_empty() {
                assert!(
                    waited.elapsed() < Duration::from_secs(5),
                    "the other instance kept its snapshot"
                );
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            let after = other.game(&id).await;
            assert_eq!(after["clocks"]["white"]["stopped"], "vacation", "{after}");
        },
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn a_lost_listener_connection_is_re_established_and_watchers_refetch() {
    helpers::run(Backend::Postgres, &[], |app| async move {
        let (white, black) = players(&app).await;
        let id = app.new_game("chess", &white, &black).await;
        let mut stream = game_stream(&app, &id).await;
        stream.next("game").await;
        let killed = kill_listeners(&app.database_url).await;
        assert_eq!(killed, 1, "one LISTEN connection per instance");
        let (_, data) = stream.next("refetch").await;
        assert_eq!(data, json!({}));
        // Listening again: changes arrive as before.
        app.play_ok(&white, &black, &id, "e4").await;
        assert_eq!(stream.next("game").await.0, "1-active");
    })
    .await;
}

/// Terminates the LISTEN connections to `database_url`'s database; how many there were.
async fn kill_listeners(database_url: &str) -> i64 {
    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(database_url).await.unwrap();
    let (killed,): (i64,) = sqlx::query_as(
        "select count(pg_terminate_backend(pid)) from pg_stat_activity \
         where datname = current_database() and query ilike 'listen%'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    let _ = conn.close().await;
    killed
}

// ---- presence: who is looking at a game now ---------------------------------------

/// Polls `check` until it gives `want`, or fails after [`PATIENCE`].
async fn until_watching(app: &TestApp, user_id: &str, game_id: &str, want: bool, what: &str) {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let now = domain::events::presence::is_watching(&app.state, user_id, game_id)
            .await
            .expect("read presence");
        if now == want {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: still {now}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn a_player_watches_a_game_while_its_page_streams_it_on_any_instance(app: TestApp) {
    let (white, black) = players(&app).await;
    let id = app.new_game("chess", &white, &black).await;
    let other = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    let (black_id,): (String,) = sqlx::query_as("select id from users where username = $1")
        .bind(&black.name)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    until_watching(&app, &black_id, &id, false, "nobody has the page open").await;
    // A guest's stream of the game and the player's stream without the game are not
    // watching it.
    let mut guest = game_stream(&app, &id).await;
    guest.next("game").await;
    let auth = format!("Bearer {}", black.token);
    let mut turns = Stream::open(
        &app.address,
        "/api/v1/me/events",
        &[("authorization", &auth)],
    )
    .await;
    turns.next("turns").await;
    until_watching(
        &app,
        &black_id,
        &id,
        false,
        "streams that are not the game page",
    )
    .await;
    // The game page's stream: watching, on this instance at once and on the other soon.
    let mut page = Stream::open(
        &app.address,
        &format!("/api/v1/me/events?game={id}"),
        &[("authorization", &auth)],
    )
    .await;
    page.next("game").await;
    assert!(
        domain::events::presence::is_watching(&app.state, &black_id, &id)
            .await
            .unwrap()
    );
    until_watching(
        &other,
        &black_id,
        &id,
        true,
        "the other instance sees the watcher",
    )
    .await;
    // Not the other player, not another game.
    let (white_id,): (String,) = sqlx::query_as("select id from users where username = $1")
        .bind(&white.name)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    until_watching(&other, &white_id, &id, false, "white is not watching").await;
    // The page closes: nobody watches, on either instance.
    drop(page);
    until_watching(&app, &black_id, &id, false, "the stream closed here").await;
    until_watching(
        &other,
        &black_id,
        &id,
        false,
        "the stream closed, seen there",
    )
    .await;
    drop((guest, turns));
}
