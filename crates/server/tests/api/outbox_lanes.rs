//! The outbox's channels send on their own (issue 37): push devices that accept a
//! connection and never answer (a tarpit) neither hold up another player's live notices
//! nor stay sent to. The outbox job runs as in production; the test measures how long a
//! player's live notice takes from the move to their event stream, without the tarpit
//! and while a hundred push rows hang in it, and prints both.

use std::{
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use base64ct::{Base64UrlUnpadded, Encoding};
use domain::{
    jobs::{
        outbox,
        push::{PAUSE_AFTER_FAILURES, SENDS_AT_ONCE},
    },
    push::client::DEVICE_TIMEOUT,
};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use store::notifications::outbox_of;
use tokio::io::AsyncReadExt;
use web_push_native::p256::{self, elliptic_curve::sec1::ToEncodedPoint};

use crate::{
    events::Stream,
    helpers::{Player, TestApp, post_form},
    push::{devices, user_id},
    scenarios,
};

scenarios!(
    // The stalled player plays more games than a person may take on at once.
    with [("PUSH_ALLOW_HTTP_ENDPOINTS", "true"), ("GAMES_ALLOWANCE", "1000"),
          ("GAMES_ALLOWANCE_CEILING", "1000")];
    push_devices_that_never_answer_hold_up_no_live_notice,
);

/// Live notices measured without the tarpit, and at least as many with it.
const SAMPLES: usize = 100;

/// The devices of the stalled player (the most one player may have).
const DEVICES: usize = 10;

/// A TCP listener that accepts every connection and never answers.
struct Tarpit {
    origin: String,
    accepted: Arc<AtomicUsize>,
    /// Connections accepted and not yet closed by the other side.
    hanging: Arc<AtomicUsize>,
}

impl Tarpit {
    async fn start() -> Tarpit {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let (accepted, hanging) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (counted, open) = (accepted.clone(), hanging.clone());
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                counted.fetch_add(1, Ordering::SeqCst);
                open.fetch_add(1, Ordering::SeqCst);
                let open = open.clone();
                // Reads (and drops) the request until the client gives up; writes nothing.
                tokio::spawn(async move {
                    let mut buffer = [0_u8; 4096];
                    while matches!(socket.read(&mut buffer).await, Ok(read) if read > 0) {}
                    open.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        Tarpit {
            origin,
            accepted,
            hanging,
        }
    }

    fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }

    fn hanging(&self) -> usize {
        self.hanging.load(Ordering::SeqCst)
    }
}

/// `PushSubscription.toJSON()` of a browser whose push service is `endpoint`.
fn subscription(endpoint: &str) -> Value {
    let secret = loop {
        if let Ok(secret) = p256::SecretKey::from_slice(&rand::random::<[u8; 32]>()) {
            break secret;
        }
    };
    let public = secret.public_key().to_encoded_point(false);
    json!({
        "endpoint": endpoint,
        "keys": {
            "p256dh": Base64UrlUnpadded::encode_string(public.as_bytes()),
            "auth": Base64UrlUnpadded::encode_string(&rand::random::<[u8; 16]>()),
        },
    })
}

async fn paused(app: &TestApp, player: &Player) -> usize {
    devices(app, player)
        .await
        .iter()
        .filter(|device| device["paused_at"].is_string())
        .count()
}

/// The outbox rows of `player` on `channel`.
async fn rows(
    app: &TestApp,
    player: &Player,
    channel: &str,
) -> Vec<store::notifications::OutboxRow> {
    let id = user_id(app, player).await;
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    outbox_of(&mut conn, &id)
        .await
        .unwrap()
        .into_iter()
        .filter(|row| row.channel == channel)
        .collect()
}

/// How many of `rows` are claimed (a send in flight).
fn claimed(rows: &[store::notifications::OutboxRow]) -> usize {
    rows.iter().filter(|row| row.claimed_by.is_some()).count()
}

/// Chess games of `host` (White) against `guest`, where `host` moves a knight out and
/// back and `guest` does the same: each of `host`'s moves is one live notice to `guest`.
struct Games<'a> {
    app: &'a TestApp,
    host: &'a Player,
    guest: &'a Player,
    game: String,
    ply: u64,
}

impl<'a> Games<'a> {
    /// The knights' moves in turn, short of a fivefold repetition (ply 16).
    const MOVES: [&'static str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];
    const LAST_PLY: u64 = 14;

    async fn new(app: &'a TestApp, host: &'a Player, guest: &'a Player) -> Games<'a> {
        let game = app.new_game("chess", host, guest).await;
        Games {
            app,
            host,
            guest,
            game,
            ply: 0,
        }
    }

    /// Plays `mv` as `player`.
    async fn play(&mut self, player: &Player) {
        let mv = Self::MOVES[usize::try_from(self.ply % 4).unwrap()];
        let (status, body) = self.app.play(player, &self.game, mv, self.ply).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {body}");
        self.ply += 1;
    }

    /// One measured notice: `host` moves, and the time until `guest`'s stream has the
    /// notice; then `guest` answers (a notice to `host`, who does not listen).
    async fn sample(&mut self, stream: &mut Stream) -> Duration {
        if self.ply >= Self::LAST_PLY {
            *self = Games::new(self.app, self.host, self.guest).await;
            // The new challenge's notice to the guest.
            stream.next("notification").await;
        }
        let start = Instant::now();
        self.play(self.host).await;
        let (_, notice) = stream.next("notification").await;
        let took = start.elapsed();
        assert_eq!(notice["kind"], "your_turn", "{notice}");
        self.play(self.guest).await;
        took
    }
}

/// The nearest-rank percentile `p` of `samples`.
fn percentile(samples: &[Duration], p: f64) -> Duration {
    let mut sorted = samples.to_vec();
    sorted.sort_unstable();
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss
    )]
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1_000.0
}

async fn push_devices_that_never_answer_hold_up_no_live_notice(app: TestApp) {
    let job = tokio::spawn(outbox::run(app.state.clone()));
    let host = app.player("host").await;
    let guest = app.player("guest").await;
    let stalled = app.player("stalled").await;
    let rivals = [app.player("rival_a").await, app.player("rival_b").await];
    let mut games = Games::new(&app, &host, &guest).await;
    // The guest's stream, opened once the setup's notices are out.
    for _ in 0..200 {
        if rows(&app, &guest, "live")
            .await
            .iter()
            .all(|row| row.sent_at.is_some())
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let bearer = format!("Bearer {}", guest.token);
    let mut stream = Stream::open(
        &app.address,
        "/api/v1/me/events",
        &[("Authorization", &bearer)],
    )
    .await;

    // Without the tarpit.
    let mut quiet = Vec::new();
    for _ in 0..SAMPLES {
        quiet.push(games.sample(&mut stream).await);
    }

    // The stalled player's devices all lead into the tarpit, and 100 notices of theirs
    // are pushed: fifty challenges from each rival.
    let tarpit = Tarpit::start().await;
    for n in 0..DEVICES {
        let body = subscription(&format!("{}/push/device-{n}", tarpit.origin));
        let (status, answer) = app
            .post("/api/v1/me/push-subscriptions", Some(&stalled.token), body)
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    // The pushes start hanging as the challenges commit, before the measuring starts.
    let first_push_at = Instant::now();
    join_all(rivals.iter().map(|rival| async {
        for _ in 0..50 {
            let (status, body) = app
                .post(
                    "/api/v1/challenges",
                    Some(&rival.token),
                    json!({"variant": "chess", "color": "white", "opponent": "stalled"}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
    }))
    .await;
    assert_eq!(rows(&app, &stalled, "push").await.len(), 100);

    // With it: measured until every device is paused, nothing hangs any more and no
    // push row is in flight.
    let stalled_at = Instant::now();
    let (mut stalled_samples, mut during_hang) = (Vec::new(), 0);
    while stalled_samples.len() < SAMPLES
        || tarpit.hanging() > 0
        || paused(&app, &stalled).await < DEVICES
        || claimed(&rows(&app, &stalled, "push").await) > 0
    {
        if stalled_at.elapsed() > Duration::from_secs(120) {
            panic!(
                "after 2 minutes: {} connections hanging, {} accepted, {} devices paused, \
                 push rows {:?}",
                tarpit.hanging(),
                tarpit.accepted(),
                paused(&app, &stalled).await,
                rows(&app, &stalled, "push").await
            );
        }
        if tarpit.hanging() > 0 {
            during_hang += 1;
        }
        stalled_samples.push(games.sample(&mut stream).await);
    }
    let hang_lasted = first_push_at.elapsed();
    let (p50, p99) = (percentile(&quiet, 50.0), percentile(&quiet, 99.0));
    let (tarpit_p50, tarpit_p99) = (
        percentile(&stalled_samples, 50.0),
        percentile(&stalled_samples, 99.0),
    );
    println!(
        "live notice latency on {:?}: without the tarpit p50 {:.1} ms, p99 {:.1} ms \
         ({} samples); with 100 push rows in the tarpit p50 {:.1} ms, p99 {:.1} ms \
         ({} samples, {during_hang} while connections hung, {:.1} s until every device \
         was paused); ratio p50 {:.2}, p99 {:.2}; tarpit connections {}",
        app.backend,
        millis(p50),
        millis(p99),
        quiet.len(),
        millis(tarpit_p50),
        millis(tarpit_p99),
        stalled_samples.len(),
        hang_lasted.as_secs_f64(),
        tarpit_p50.as_secs_f64() / p50.as_secs_f64(),
        tarpit_p99.as_secs_f64() / p99.as_secs_f64(),
        tarpit.accepted(),
    );
    assert!(
        during_hang >= 5,
        "only {during_hang} notices were measured while the pushes hung"
    );
    assert!(tarpit_p99 < Duration::from_secs(1), "p99 {tarpit_p99:?}");

    // Each device was tried, at most a few rows at once, and none after it was paused:
    // the rows in flight when the budget ran out are all the tarpit saw.
    let bound = (SENDS_AT_ONCE + usize::try_from(PAUSE_AFTER_FAILURES).unwrap()) * DEVICES;
    assert!(
        (DEVICES..=bound).contains(&tarpit.accepted()),
        "{} connections",
        tarpit.accepted()
    );
    assert!(
        hang_lasted >= DEVICE_TIMEOUT,
        "the tarpit held its connections"
    );
    // Each push row was sent (to no device, once they were all paused) or waits for its
    // retry: only the rows in flight when the devices were paused.
    let pushes = rows(&app, &stalled, "push").await;
    let waiting = pushes.iter().filter(|row| row.sent_at.is_none()).count();
    assert!(
        waiting <= bound / DEVICES,
        "{waiting} rows wait for a retry"
    );
    // With every device paused, a notice queues no push.
    let (status, _) = app
        .post(
            "/api/v1/challenges",
            Some(&host.token),
            json!({"variant": "chess", "color": "white", "opponent": "stalled"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(rows(&app, &stalled, "push").await.len(), 100);

    // The settings page says which devices stopped answering, each with Resume.
    let html = app.page_html_as(&stalled, "/settings").await;
    {
        let page = scraper::Html::parse_document(&html);
        let select = |selector: &str| {
            page.select(&scraper::Selector::parse(selector).unwrap())
                .map(|element| element.text().collect::<String>())
                .collect::<Vec<_>>()
        };
        assert_eq!(select("#device-list tr[data-paused]").len(), DEVICES);
        assert_eq!(
            select("#device-list form[action$='/resume']").len(),
            DEVICES
        );
        let said = select("#device-list .device-paused");
        assert_eq!(said.len(), DEVICES);
        assert!(said[0].contains("stopped answering"), "{}", said[0]);
    }
    // Resume on the page, or subscribing the browser again, sends to a device again.
    let first = devices(&app, &stalled).await[0].clone();
    let id = first["id"].as_str().unwrap();
    let (status, location, _) =
        post_form(&app, &stalled, &format!("/settings/push/{id}/resume"), &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location, "/settings#push");
    assert_eq!(paused(&app, &stalled).await, DEVICES - 1);
    let (status, _, _) = post_form(&app, &guest, &format!("/settings/push/{id}/resume"), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "someone else's device");
    let again = subscription(
        devices(&app, &stalled).await[1]["endpoint"]
            .as_str()
            .unwrap(),
    );
    let (status, body) = app
        .post("/api/v1/me/push-subscriptions", Some(&stalled.token), again)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(body["paused_at"].is_null(), "{body}");
    assert_eq!(paused(&app, &stalled).await, DEVICES - 2);
    let html = app.page_html_as(&stalled, "/settings").await;
    assert_eq!(html.matches("data-paused").count(), DEVICES - 2);
    job.abort();
}
