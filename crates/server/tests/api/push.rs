//! Web Push against a real push endpoint: a small HTTP server in the test plays the push
//! service, checks each request's VAPID signature and decrypts its body with the keys of
//! the "browser" it made up, as a browser would. Also: the subscription API and its
//! checks, devices that are gone, retries that reach only the devices not reached yet,
//! two instances sending each push once, and the VAPID key pair kept across restarts.

use std::{
    collections::{HashMap, VecDeque},
    sync::{Arc, Mutex},
};

use axum::{
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, StatusCode as AxumStatus},
};
use base64ct::{Base64UrlUnpadded, Encoding};
use domain::{
    Services,
    jobs::outbox,
    push::{MAX_DEVICES, vapid_keys},
};
use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use store::notifications::outbox_of;
use web_push_native::p256::{
    self,
    ecdsa::{Signature, VerifyingKey, signature::Verifier},
};

use crate::{
    helpers::{Player, TestApp},
    scenarios,
};

scenarios!(
    subscriptions_are_checked_listed_and_removed,
    the_vapid_key_is_generated_once_and_kept,
);

scenarios!(
    with [
        ("PUSH_ALLOW_HTTP_ENDPOINTS", "true"),
        ("VAPID_SUBJECT", "mailto:push-tests@example.org"),
    ];
    a_move_pushes_to_the_opponents_device_and_not_the_movers,
    a_device_the_push_service_calls_gone_is_deleted,
    a_failed_push_is_retried_and_reaches_each_device_once,
    two_instances_push_each_notice_once,
    a_game_the_player_is_watching_is_not_pushed,
);

/// One request the push service received.
#[derive(Debug, Clone)]
struct Received {
    device: String,
    headers: HeaderMap,
    body: Vec<u8>,
    /// What the service answered.
    status: u16,
}

#[derive(Default)]
struct ServiceState {
    received: Vec<Received>,
    /// Per device, the statuses to answer next (then 201).
    script: HashMap<String, VecDeque<u16>>,
}

/// The push service: `POST /push/{device}` on a free port of 127.0.0.1.
#[derive(Clone)]
struct PushService {
    origin: String,
    state: Arc<Mutex<ServiceState>>,
}

async fn take(
    State(state): State<Arc<Mutex<ServiceState>>>,
    Path(device): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> AxumStatus {
    let mut state = state.lock().unwrap();
    let status = state
        .script
        .get_mut(&device)
        .and_then(VecDeque::pop_front)
        .unwrap_or(201);
    state.received.push(Received {
        device,
        headers,
        body: body.to_vec(),
        status,
    });
    AxumStatus::from_u16(status).unwrap()
}

impl PushService {
    async fn start() -> PushService {
        let state = Arc::new(Mutex::new(ServiceState::default()));
        let app = axum::Router::new()
            .route("/push/{device}", axum::routing::post(take))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        PushService { origin, state }
    }

    /// The next answers to `device`'s messages.
    fn answer(&self, device: &str, statuses: &[u16]) {
        self.state
            .lock()
            .unwrap()
            .script
            .insert(device.to_owned(), statuses.iter().copied().collect());
    }

    /// What `device` was sent, in order.
    fn received(&self, device: &str) -> Vec<Received> {
        let state = self.state.lock().unwrap();
        state
            .received
            .iter()
            .filter(|r| r.device == device)
            .cloned()
            .collect()
    }

    fn total(&self) -> usize {
        self.state.lock().unwrap().received.len()
    }
}

/// A browser's side of a subscription: its key pair and secret, made here.
struct Device {
    endpoint: String,
    secret: p256::SecretKey,
    auth: [u8; 16],
}

fn b64(bytes: &[u8]) -> String {
    Base64UrlUnpadded::encode_string(bytes)
}

fn unb64(text: &str) -> Vec<u8> {
    Base64UrlUnpadded::decode_vec(text).unwrap()
}

impl Device {
    fn new(service: &PushService, name: &str) -> Device {
        let secret = loop {
            let bytes: [u8; 32] = rand::random();
            if let Ok(secret) = p256::SecretKey::from_slice(&bytes) {
                break secret;
            }
        };
        Device {
            endpoint: format!("{}/push/{name}", service.origin),
            secret,
            auth: rand::random(),
        }
    }

    /// `PushSubscription.toJSON()`.
    fn subscription(&self) -> Value {
        use p256::elliptic_curve::sec1::ToEncodedPoint;
        let public = self.secret.public_key().to_encoded_point(false);
        json!({
            "endpoint": self.endpoint,
            "expirationTime": null,
            "keys": {"p256dh": b64(public.as_bytes()), "auth": b64(&self.auth)},
        })
    }

    /// Checks `received` as a push service and a browser would: the VAPID header signed
    /// by `server_key` for this endpoint's origin and not expired, the aes128gcm
    /// encoding; then decrypts it. The payload.
    fn open(&self, received: &Received, server_key: &str, subject: &str) -> Value {
        let authorization = received.headers["authorization"].to_str().unwrap();
        let rest = authorization
            .strip_prefix("vapid t=")
            .expect("a vapid header");
        let (token, k) = rest.split_once(", k=").expect("t and k");
        assert_eq!(
            k, server_key,
            "signed with the key browsers subscribed with"
        );
        let (signed, signature) = token.rsplit_once('.').unwrap();
        let (header, claims) = signed.split_once('.').unwrap();
        let header: Value = serde_json::from_slice(&unb64(header)).unwrap();
        assert_eq!(header["alg"], "ES256");
        let key = VerifyingKey::from_sec1_bytes(&unb64(k)).unwrap();
        let signature = Signature::from_slice(&unb64(signature)).unwrap();
        key.verify(signed.as_bytes(), &signature)
            .expect("the VAPID signature verifies");
        let claims: Value = serde_json::from_slice(&unb64(claims)).unwrap();
        let origin = self.endpoint.split("/push/").next().unwrap();
        assert_eq!(claims["aud"], origin);
        assert_eq!(claims["sub"], subject);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        let exp = claims["exp"].as_u64().unwrap();
        assert!(exp > now && exp <= now + 24 * 3_600, "exp {exp}, now {now}");
        assert_eq!(received.headers["content-encoding"], "aes128gcm");
        assert!(
            received.headers["ttl"]
                .to_str()
                .unwrap()
                .parse::<u64>()
                .unwrap()
                >= 60
        );
        let plain = web_push_native::decrypt(
            received.body.clone(),
            &self.secret,
            &web_push_native::Auth::from(self.auth),
        )
        .expect("the body decrypts with the device's keys");
        serde_json::from_slice(&plain).unwrap()
    }
}

async fn server_key(app: &TestApp) -> String {
    let (status, body) = app.get("/api/v1/push/key", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["public_key"].as_str().unwrap().to_owned()
}

/// Subscribes `device` for `player` with the headers of a Firefox in `lang`.
async fn subscribe(
    app: &TestApp,
    player: &Player,
    body: &Value,
    lang: &str,
) -> (StatusCode, Value) {
    let response = app
        .client
        .post(format!("{}/api/v1/me/push-subscriptions", app.address))
        .bearer_auth(&player.token)
        .header(
            "User-Agent",
            "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
        )
        .header("Accept-Language", lang)
        .json(body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn devices(app: &TestApp, player: &Player) -> Vec<Value> {
    let (status, body) = app
        .get("/api/v1/me/push-subscriptions", Some(&player.token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["items"].as_array().unwrap().clone()
}

pub(crate) async fn user_id(app: &TestApp, player: &Player) -> String {
    let (_, body) = app.get("/api/v1/me", Some(&player.token)).await;
    body["id"].as_str().unwrap().to_owned()
}

/// The push outbox rows of `player`.
async fn push_rows(app: &TestApp, player: &Player) -> Vec<store::notifications::OutboxRow> {
    let id = user_id(app, player).await;
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    outbox_of(&mut conn, &id)
        .await
        .unwrap()
        .into_iter()
        .filter(|row| row.channel == "push")
        .collect()
}

fn https_device(n: usize) -> Value {
    let keys = Device {
        endpoint: String::new(),
        secret: p256::SecretKey::from_slice(&[7; 32]).unwrap(),
        auth: [1; 16],
    }
    .subscription();
    json!({
        "endpoint": format!("https://push.example.net/wpush/v2/device-{n}"),
        "keys": keys["keys"],
    })
}

async fn subscriptions_are_checked_listed_and_removed(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let key = unb64(&server_key(&app).await);
    assert_eq!(key.len(), 65, "an uncompressed P-256 point");
    assert_eq!(key[0], 4);
    // Not signed in.
    let (status, _) = app
        .post("/api/v1/me/push-subscriptions", None, https_device(0))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Without devices, notices queue no push rows.
    let id = app.new_game("chess", &white, &black).await;
    assert!(push_rows(&app, &black).await.is_empty());
    // A device.
    let (status, body) = subscribe(&app, &black, &https_device(0), "et").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["label"], "Firefox on Linux");
    assert_eq!(body["lang"], "et");
    assert!(body["last_success_at"].is_null());
    let first = body["id"].as_str().unwrap().to_owned();
    // The same endpoint again renews it: still one device.
    let (status, body) = subscribe(&app, &black, &https_device(0), "en").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["id"], first.as_str());
    assert_eq!(devices(&app, &black).await.len(), 1);
    assert!(devices(&app, &white).await.is_empty(), "one's own only");
    // Now a move queues one push row for Black.
    app.play_ok(&white, &black, &id, "e2e4").await;
    assert_eq!(push_rows(&app, &black).await.len(), 1);
    assert!(push_rows(&app, &white).await.is_empty());
    // Endpoints the server must not post to, and broken keys.
    let good = https_device(1);
    for endpoint in [
        "http://push.example.net/x",
        "https://127.0.0.1/push/x",
        "https://[::1]/x",
        "https://169.254.169.254/latest",
        "https://localhost:8080/x",
        "https://metadata/x",
        "file:///etc/passwd",
        "not a url",
    ] {
        let mut body = good.clone();
        body["endpoint"] = json!(endpoint);
        let (status, answer) = subscribe(&app, &black, &body, "en").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{endpoint}");
        assert_eq!(answer["error"], "invalid_push_endpoint", "{endpoint}");
    }
    for (p256dh, auth) in [
        ("AAAA", good["keys"]["auth"].as_str().unwrap()),
        (good["keys"]["p256dh"].as_str().unwrap(), "AAAA"),
        (good["keys"]["p256dh"].as_str().unwrap(), "not base64!"),
        (&"A".repeat(87), good["keys"]["auth"].as_str().unwrap()),
    ] {
        let mut body = good.clone();
        body["keys"] = json!({"p256dh": p256dh, "auth": auth});
        let (status, answer) = subscribe(&app, &black, &body, "en").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(answer["error"], "invalid_push_keys", "{body}");
    }
    let (status, answer) = subscribe(
        &app,
        &black,
        &json!({"endpoint": "https://a.example/x"}),
        "en",
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["error"], "invalid_body");
    // The keys as an array of the two good keys: the document says object.
    let mut body = good.clone();
    body["keys"] = json!([good["keys"]["p256dh"], good["keys"]["auth"]]);
    let (status, answer) = subscribe(&app, &black, &body, "en").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(answer["error"], "invalid_body");
    // At most ten devices.
    for n in 1..MAX_DEVICES {
        let (status, body) = subscribe(&app, &black, &https_device(n as usize), "en").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (status, answer) = subscribe(&app, &black, &https_device(99), "en").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["error"], "too_many_devices");
    assert_eq!(devices(&app, &black).await.len(), 10);
    // Removing: someone else's is not found; one's own goes.
    let path = format!("/api/v1/me/push-subscriptions/{first}");
    let (status, _) = app
        .send(reqwest::Method::DELETE, &path, Some(&white.token), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .send(reqwest::Method::DELETE, &path, Some(&black.token), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = app
        .send(reqwest::Method::DELETE, &path, Some(&black.token), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(devices(&app, &black).await.len(), 9);
    // The settings page lists the devices, each with a remove form.
    let html = app.page_html_as(&black, "/settings").await;
    {
        let page = scraper::Html::parse_document(&html);
        let count = |selector: &str| {
            page.select(&scraper::Selector::parse(selector).unwrap())
                .count()
        };
        assert_eq!(count("#device-list tr[data-device-id]"), 9);
        assert_eq!(count("#device-list form[action$='/remove']"), 9);
        assert_eq!(
            count("#push #push-needs-script"),
            1,
            "it says it needs script"
        );
    }
    // The service worker is served from the root.
    let response = app
        .client
        .get(format!("{}/push-sw.js", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(response.text().await.unwrap().contains("notificationclick"));
}

async fn a_move_pushes_to_the_opponents_device_and_not_the_movers(app: TestApp) {
    let service = PushService::start().await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let key = server_key(&app).await;
    // The game first: its challenge is not pushed (no device yet).
    let id = app.new_game("chess", &white, &black).await;
    let (white_phone, black_phone) = (
        Device::new(&service, "white-phone"),
        Device::new(&service, "black-phone"),
    );
    let (status, body) = subscribe(&app, &white, &white_phone.subscription(), "en").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = subscribe(&app, &black, &black_phone.subscription(), "et").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    app.play_ok(&white, &black, &id, "e2e4").await;
    outbox::run_once(&app.state).await.unwrap();
    assert!(
        service.received("white-phone").is_empty(),
        "the mover hears nothing"
    );
    let got = service.received("black-phone");
    assert_eq!(got.len(), 1, "{got:?}");
    let subject = &app.state.config.push.vapid_subject;
    let payload = black_phone.open(&got[0], &key, subject);
    // Black subscribed in Estonian.
    assert_eq!(payload["title"], "Sinu käik");
    assert_eq!(
        payload["body"],
        "white_p käis e4 teie mängus (Male): sinu käik."
    );
    assert_eq!(payload["url"], format!("{}/games/{id}", app.address));
    assert_eq!(payload["tag"], format!("game-{id}"));
    assert_eq!(got[0].headers["urgency"], "normal");
    assert_eq!(got[0].headers["topic"], id.as_str());
    // The row is sent, and the device shows when it was last notified.
    let rows = push_rows(&app, &black).await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].sent_at.is_some());
    assert!(devices(&app, &black).await[0]["last_success_at"].is_string());
    // Black answers: now White's phone hears of it, in English.
    app.play_ok(&white, &black, &id, "e7e5").await;
    outbox::run_once(&app.state).await.unwrap();
    let got = service.received("white-phone");
    assert_eq!(got.len(), 1);
    let payload = white_phone.open(&got[0], &key, subject);
    assert_eq!(payload["title"], "Your turn");
    assert_eq!(
        service.received("black-phone").len(),
        1,
        "nothing more to Black"
    );
    // A draw offer stays in the centre: no push row.
    let (status, _) = app.act(&white, &id, "draw/offer").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(push_rows(&app, &black).await.len(), 1);
    // The end reaches both.
    let (status, _) = app.act(&black, &id, "resign").await;
    assert_eq!(status, StatusCode::OK);
    outbox::run_once(&app.state).await.unwrap();
    let last = service.received("white-phone").pop().unwrap();
    assert_eq!(white_phone.open(&last, &key, subject)["title"], "Game over");
    assert_eq!(service.received("black-phone").len(), 2);
}

async fn a_device_the_push_service_calls_gone_is_deleted(app: TestApp) {
    let service = PushService::start().await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let (old, new) = (
        Device::new(&service, "old-laptop"),
        Device::new(&service, "new-phone"),
    );
    for device in [&old, &new] {
        let (status, body) = subscribe(&app, &black, &device.subscription(), "en").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    service.answer("old-laptop", &[410]);
    let id = app.new_game("chess", &white, &black).await;
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.retried, 0, "a gone device is no error: {round:?}");
    assert_eq!(service.received("old-laptop").len(), 1);
    assert_eq!(service.received("new-phone").len(), 1);
    let left = devices(&app, &black).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["endpoint"], new.endpoint.as_str());
    assert!(push_rows(&app, &black).await[0].sent_at.is_some());
    // 404 too.
    service.answer("new-phone", &[404]);
    app.play_ok(&white, &black, &id, "e2e4").await;
    outbox::run_once(&app.state).await.unwrap();
    assert!(devices(&app, &black).await.is_empty());
    // With no device left, the next notice queues no push row.
    app.play_ok(&white, &black, &id, "e7e5").await;
    app.play_ok(&white, &black, &id, "d2d4").await;
    assert_eq!(push_rows(&app, &black).await.len(), 2);
}

async fn a_failed_push_is_retried_and_reaches_each_device_once(app: TestApp) {
    let service = PushService::start().await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let key = server_key(&app).await;
    let (phone, laptop) = (
        Device::new(&service, "phone"),
        Device::new(&service, "laptop"),
    );
    for device in [&phone, &laptop] {
        let (status, body) = subscribe(&app, &black, &device.subscription(), "en").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    // The push service fails the phone's message twice (500, then 429).
    service.answer("phone", &[500, 429]);
    app.new_game("chess", &white, &black).await;
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.retried, 1, "{round:?}");
    let row = push_rows(&app, &black).await.remove(0);
    assert!(row.sent_at.is_none());
    assert_eq!(row.next_attempt_at, app.state.now() + outbox::backoff(1));
    // Not before its time.
    app.clock.advance(outbox::backoff(1) - 1);
    assert_eq!(outbox::run_once(&app.state).await.unwrap().retried, 0);
    assert_eq!(service.total(), 2);
    app.clock.advance(1);
    assert_eq!(outbox::run_once(&app.state).await.unwrap().retried, 1);
    app.clock.advance(outbox::backoff(2));
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.sent, 1, "{round:?}");
    // The laptop was reached on the first attempt and never again; the phone on the
    // third.
    let laptop_got = service.received("laptop");
    assert_eq!(laptop_got.len(), 1);
    let subject = &app.state.config.push.vapid_subject;
    assert_eq!(
        laptop.open(&laptop_got[0], &key, subject)["title"],
        "A new challenge"
    );
    let phone_got = service.received("phone");
    let statuses: Vec<u16> = phone_got.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [500, 429, 201]);
    let payload = phone.open(&phone_got[2], &key, subject);
    assert_eq!(payload["url"], format!("{}/lobby", app.address));
    let row = push_rows(&app, &black).await.remove(0);
    assert_eq!(row.attempts, 3);
    assert!(row.sent_at.is_some());
    app.clock.advance(outbox::BACKOFF_MAX_SECS);
    assert_eq!(
        outbox::run_once(&app.state).await.unwrap(),
        Default::default()
    );
    assert_eq!(service.total(), 4);
}

async fn two_instances_push_each_notice_once(app: TestApp) {
    let other = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        // The same contact as the first instance (the default, `PUBLIC_URL`, differs).
        &[
            ("PUSH_ALLOW_HTTP_ENDPOINTS", "true"),
            ("VAPID_SUBJECT", "mailto:push-tests@example.org"),
        ],
    )
    .await;
    assert_eq!(server_key(&app).await, server_key(&other).await);
    let service = PushService::start().await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let phone = Device::new(&service, "phone");
    let (status, body) = subscribe(&app, &black, &phone.subscription(), "en").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    for _ in 0..8 {
        let (status, _) = app
            .post(
                "/api/v1/challenges",
                Some(&white.token),
                json!({"variant": "chess", "color": "white", "opponent": "black_p"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let states: [&Services; 4] = [&app.state, &other.state, &app.state, &other.state];
    let rounds = join_all(states.map(outbox::run_once)).await;
    let sent: usize = rounds.into_iter().map(|round| round.unwrap().sent).sum();
    assert_eq!(sent, 16, "8 live and 8 push rows");
    let got = service.received("phone");
    assert_eq!(got.len(), 8);
    let key = server_key(&app).await;
    let subject = &app.state.config.push.vapid_subject;
    let mut tags: Vec<String> = got
        .iter()
        .map(|r| {
            phone.open(r, &key, subject)["tag"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    tags.sort_unstable();
    tags.dedup();
    assert_eq!(tags.len(), 8, "each challenge once");
    for row in push_rows(&app, &black).await {
        assert_eq!(row.attempts, 1);
        assert!(row.sent_at.is_some());
    }
}

async fn the_vapid_key_is_generated_once_and_kept(mut app: TestApp) {
    let key = server_key(&app).await;
    let stored: (i64,) = sqlx::query_as("select count(*) from vapid_keys")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(stored.0, 1);
    // A restart on the same database keeps it.
    app.shut_down().await.unwrap();
    let again = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    assert_eq!(server_key(&again).await, key);
    // Instances that find no key at once end with one pair: each inserts its own only
    // if none is there, then reads the one that is.
    sqlx::query("delete from vapid_keys")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let fresh: Vec<Services> = (0..4)
        .map(|_| {
            Services::new(
                (*app.state.config).clone(),
                app.state.db.clone(),
                app.state.clock.clone(),
            )
        })
        .collect();
    let keys = join_all(fresh.iter().map(vapid_keys)).await;
    let keys: Vec<String> = keys
        .into_iter()
        .map(|keys| keys.unwrap().public_key().to_owned())
        .collect();
    assert!(keys.iter().all(|k| *k == keys[0]), "{keys:?}");
    assert_ne!(keys[0], key, "a new pair after the old one was deleted");
    // A configured key is used, and none is generated.
    let configured = "RS0WdYWWo1HajXg3NZR1olzCf31i-ZBGDkFyCs7j1jw";
    sqlx::query("delete from vapid_keys")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let with_key = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        &[
            ("VAPID_PRIVATE_KEY", configured),
            ("VAPID_SUBJECT", "mailto:admin@example.org"),
        ],
    )
    .await;
    let expected = domain::push::VapidKeys::from_private(configured).unwrap();
    assert_eq!(server_key(&with_key).await, expected.public_key());
    let stored: (i64,) = sqlx::query_as("select count(*) from vapid_keys")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(stored.0, 0);
}

/// Waits (at most 5 s) until `user_id` is or is not watching `game`.
async fn until_watching(app: &TestApp, user_id: &str, game: &str, watching: bool) {
    for _ in 0..100 {
        let now = domain::events::presence::is_watching(&app.state, user_id, game)
            .await
            .unwrap();
        if now == watching {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("watching is not {watching}");
}

async fn a_game_the_player_is_watching_is_not_pushed(app: TestApp) {
    let service = PushService::start().await;
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    let phone = Device::new(&service, "phone");
    let (status, body) = subscribe(&app, &black, &phone.subscription(), "en").await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let black_id = user_id(&app, &black).await;
    // Black has the game's page open: its event stream.
    let page = app
        .client
        .get(format!("{}/api/v1/me/events?game={id}", app.address))
        .bearer_auth(&black.token)
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    until_watching(&app, &black_id, &id, true).await;
    app.play_ok(&white, &black, &id, "e2e4").await;
    outbox::run_once(&app.state).await.unwrap();
    assert!(service.received("phone").is_empty(), "the page shows it");
    assert!(
        push_rows(&app, &black).await.is_empty(),
        "a move seen as it arrives makes no notice at all"
    );
    // The page closed: the next turn is pushed.
    drop(page);
    until_watching(&app, &black_id, &id, false).await;
    app.play_ok(&white, &black, &id, "e7e5").await;
    app.play_ok(&white, &black, &id, "g1f3").await;
    outbox::run_once(&app.state).await.unwrap();
    assert_eq!(service.received("phone").len(), 1);
}
