//! How long a notice takes to reach a player who is away (issue 14): from a move to the
//! opponent's push endpoint, and from a clock warning's commit to the SMTP server.
//!
//! The server runs in this process on its own port (so that its clock can be moved on
//! for the warnings), over a fresh SQLite file or the given Postgres database, with its
//! outbox job running as in production. Beside it: a real SMTP server (Python's
//! `aiosmtpd`, as a child process) and a push endpoint (an HTTP server in this process
//! that answers 201 like a push service). Black has a verified address and one device.
//!
//! 1. For each of `--moves` games (1 day and 1 hour per move), White moves through the
//!    API; the time from sending the move to the push of Black's "your turn" arriving
//!    at the endpoint. Baseline of the same run: the move's own HTTP answer.
//! 2. The clock is moved on game by game to the moment its "a day left" warning is due,
//!    and one sweeper pass gives it; the time from that pass's commit to the mail
//!    arriving at the SMTP server. Baseline: the pass itself.
//!
//! ```sh
//! cargo run --release -p bench --example notify_latency -- --moves 1000
//! cargo run --release -p bench --example notify_latency -- --moves 1000 \
//!     --database-url postgres://postgres@127.0.0.1:5432/bench_notify   # an empty database
//! ```

use std::{
    collections::HashMap,
    io::{BufRead, BufReader, Write},
    process::{Command, Stdio},
    sync::Arc,
    time::{Duration, Instant},
};

use axum::{Router, extract::State, http::HeaderMap, routing::post};
use base64ct::{Base64UrlUnpadded, Encoding};
use domain::{Services, config::Config};
use serde_json::{Value, json};
use tokio::sync::mpsc;
use vocab::clock::{Clock, ManualClock, SystemClock};
use web_push_native::p256::{SecretKey, elliptic_curve::sec1::ToEncodedPoint};

/// The SMTP server: `aiosmtpd` on the given port, printing `MAIL <game ids>` for each
/// message it accepts (the game pages the mail links to, from its decoded parts).
const SMTP_SINK: &str = r#"
import re, sys, email, email.policy
from aiosmtpd.controller import Controller

class Sink:
    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        ids = set()
        for part in message.walk():
            if part.get_content_maintype() == "text":
                ids.update(re.findall(r"/games/([0-9A-Za-z_-]+)", part.get_content()))
        print("MAIL", " ".join(sorted(ids)), flush=True)
        return "250 OK"

controller = Controller(Sink(), hostname="127.0.0.1", port=int(sys.argv[1]))
controller.start()
print("READY", flush=True)
sys.stdin.read()
controller.stop()
"#;

/// What arrived, and when.
#[derive(Debug)]
struct Arrival {
    /// The game: the push's `Topic`, or a game the mail links to.
    game: String,
    at: Instant,
}

struct Options {
    moves: usize,
    database_url: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        moves: 1000,
        database_url: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--moves" => {
                options.moves = args.next().and_then(|n| n.parse().ok()).expect("--moves N");
            }
            "--database-url" => {
                options.database_url = Some(args.next().expect("--database-url URL"))
            }
            other => panic!("unknown argument {other} (--moves N, --database-url URL)"),
        }
    }
    options
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// Starts the SMTP server; its arrivals come on the channel.
fn start_smtp(port: u16) -> (std::process::Child, mpsc::UnboundedReceiver<Arrival>) {
    let mut child = Command::new("python3")
        .args(["-u", "-c", SMTP_SINK, &port.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 with aiosmtpd (pip install aiosmtpd)");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    match lines.next() {
        Some(Ok(line)) if line == "READY" => {}
        other => panic!("the SMTP server did not start (pip install aiosmtpd): {other:?}"),
    }
    let (sender, receiver) = mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            let at = Instant::now();
            if let Some(ids) = line.strip_prefix("MAIL") {
                for game in ids.split_whitespace() {
                    let _ = sender.send(Arrival {
                        game: game.to_owned(),
                        at,
                    });
                }
            }
        }
    });
    (child, receiver)
}

/// Starts the push endpoint; its arrivals come on the channel.
async fn start_push_endpoint() -> (String, mpsc::UnboundedReceiver<Arrival>) {
    let (sender, receiver) = mpsc::unbounded_channel::<Arrival>();
    let app = Router::new()
        .route(
            "/push/{device}",
            post(
                |State(sender): State<mpsc::UnboundedSender<Arrival>>, headers: HeaderMap| async move {
                    let at = Instant::now();
                    let topic = headers
                        .get("topic")
                        .and_then(|value| value.to_str().ok())
                        .unwrap_or_default()
                        .to_owned();
                    let _ = sender.send(Arrival { game: topic, at });
                    axum::http::StatusCode::CREATED
                },
            ),
        )
        .with_state(sender);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{address}/push/black"), receiver)
}

/// Waits for the arrival for `game`, dropping others; its time.
async fn arrival_of(receiver: &mut mpsc::UnboundedReceiver<Arrival>, game: &str) -> Instant {
    let wait = async {
        loop {
            let arrival = receiver.recv().await.expect("the receiver is running");
            if arrival.game == game {
                return arrival.at;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), wait)
        .await
        .unwrap_or_else(|_| panic!("nothing arrived for game {game} within 30 s"))
}

/// Sends a JSON request; the answer's body, asserting success.
async fn call(
    client: &reqwest::Client,
    method: reqwest::Method,
    url: &str,
    token: Option<&str>,
    body: Value,
) -> Value {
    let mut request = client.request(method.clone(), url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request");
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert!(status.is_success(), "{method} {url}: {status} {body}");
    body
}

async fn player(client: &reqwest::Client, base: &str, name: &str) -> String {
    let credentials = json!({"username": name, "password": format!("password-{name}")});
    call(
        client,
        reqwest::Method::POST,
        &format!("{base}/api/v1/accounts"),
        None,
        credentials.clone(),
    )
    .await;
    call(
        client,
        reqwest::Method::POST,
        &format!("{base}/api/v1/tokens"),
        None,
        credentials,
    )
    .await["token"]
        .as_str()
        .expect("a token")
        .to_owned()
}

/// Median, 99th percentile and largest of `samples`, in milliseconds.
fn summary(samples: &mut [Duration]) -> (f64, f64, f64) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1_000.0;
    let at = |q: f64| {
        let index = ((samples.len() as f64 - 1.0) * q).round() as usize;
        ms(samples[index])
    };
    (at(0.5), at(0.99), ms(samples[samples.len() - 1]))
}

fn report(label: &str, samples: &mut [Duration], baseline: &mut [Duration], baseline_label: &str) {
    let (median, p99, max) = summary(samples);
    let (base_median, base_p99, _) = summary(baseline);
    println!(
        "{label}: n = {}, median {median:.2} ms, p99 {p99:.2} ms, max {max:.2} ms; \
         {baseline_label}: median {base_median:.2} ms, p99 {base_p99:.2} ms; \
         ratio of medians {:.2}, of p99s {:.2}",
        samples.len(),
        median / base_median,
        p99 / base_p99,
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let options = options();
    let smtp_port = free_port();
    let (mut smtp, mut mails) = start_smtp(smtp_port);
    let (endpoint, mut pushes) = start_push_endpoint().await;

    let dir = std::env::temp_dir().join(format!("boardgames-notify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let database_url = options
        .database_url
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}/bench.db", dir.display()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let vars: HashMap<&str, String> = HashMap::from([
        ("DATABASE_URL", database_url),
        ("LISTEN_ADDR", base.trim_start_matches("http://").to_owned()),
        ("PUBLIC_URL", base.clone()),
        // The warnings are given by this program's sweeper passes, at moments it chooses.
        ("SWEEP_INTERVAL_SECS", "0".to_owned()),
        ("SMTP_URL", format!("smtp://127.0.0.1:{smtp_port}")),
        ("MAIL_FROM", "Boardgames <games@example.org>".to_owned()),
        ("PUSH_ALLOW_HTTP_ENDPOINTS", "true".to_owned()),
        ("VACATION_DAYS_PER_YEAR", "0".to_owned()),
        ("SIGNUP_PER_HOUR", "100000000".to_owned()),
        ("TOKEN_CREATIONS_PER_HOUR", "100000000".to_owned()),
        ("LOGIN_PER_MINUTE", "100000000".to_owned()),
    ]);
    let config = Config::from_lookup(|name| vars.get(name).cloned()).expect("configuration");
    let clock = ManualClock::new(SystemClock.now());
    let state: Services = server::build_state(config, Arc::new(clock.clone()))
        .await
        .expect("the server's state");
    tokio::spawn(server::serve(
        listener,
        state.clone(),
        std::future::pending(),
    ));
    tokio::spawn(domain::jobs::outbox::run(state.clone()));

    let client = reqwest::Client::new();
    let white = player(&client, &base, "white").await;
    let black = player(&client, &base, "black").await;
    // Black's address, verified straight in the database (the verification mail is
    // tested in the API suite), and Black's one device.
    call(
        &client,
        reqwest::Method::PUT,
        &format!("{base}/api/v1/me/email"),
        Some(&black),
        json!({"address": "black@example.org"}),
    )
    .await;
    sqlx::query("update users set email_verified_at = $1 where username = 'black'")
        .bind(clock.now())
        .execute(&state.db.pool)
        .await
        .expect("verify Black's address");
    let secret = SecretKey::from_slice(&[7; 32]).expect("a P-256 key");
    let public = secret.public_key().to_encoded_point(false);
    call(
        &client,
        reqwest::Method::POST,
        &format!("{base}/api/v1/me/push-subscriptions"),
        Some(&black),
        json!({"endpoint": endpoint,
               "keys": {"p256dh": Base64UrlUnpadded::encode_string(public.as_bytes()),
                        "auth": Base64UrlUnpadded::encode_string(&[9; 16])}}),
    )
    .await;

    // 1. Moves: each turn starts a second after the one before, so that the warnings
    //    below come one game at a time.
    let start = clock.now();
    let mut games = Vec::with_capacity(options.moves);
    let mut push_latency = Vec::with_capacity(options.moves);
    let mut move_answer = Vec::with_capacity(options.moves);
    for i in 0..options.moves {
        let challenge = call(
            &client,
            reqwest::Method::POST,
            &format!("{base}/api/v1/challenges"),
            Some(&white),
            json!({"variant": "chess", "color": "white", "opponent": "black",
                   "time_control": {"kind": "per_move", "days": 1, "hours": 1}}),
        )
        .await;
        let id = challenge["id"].as_str().expect("a challenge id");
        let accepted = call(
            &client,
            reqwest::Method::POST,
            &format!("{base}/api/v1/challenges/{id}/accept"),
            Some(&black),
            json!({}),
        )
        .await;
        let game = accepted["game_id"].as_str().expect("a game id").to_owned();
        clock.set(start + i64::try_from(i).expect("a count"));
        let sent = Instant::now();
        call(
            &client,
            reqwest::Method::POST,
            &format!("{base}/api/v1/games/{game}/moves"),
            Some(&white),
            json!({"move": "e4", "ply": 0}),
        )
        .await;
        move_answer.push(sent.elapsed());
        push_latency.push(arrival_of(&mut pushes, &game).await - sent);
        games.push(game);
    }
    report(
        "move to push endpoint",
        &mut push_latency,
        &mut move_answer,
        "the move's HTTP answer",
    );

    // 2. Warnings: "a day left" is due an hour into each 25-hour turn.
    let mut mail_latency = Vec::with_capacity(games.len());
    let mut pass = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        clock.set(start + i64::try_from(i).expect("a count") + 3_600);
        let began = Instant::now();
        let given = domain::game::sweep_warnings(&state)
            .await
            .expect("a sweeper pass");
        let committed = Instant::now();
        assert!(
            given.iter().any(|warning| &warning.game_id == game),
            "the pass gave no warning for game {game}: {given:?}"
        );
        pass.push(committed - began);
        mail_latency.push(arrival_of(&mut mails, game).await - committed);
    }
    report(
        "warning's commit to SMTP server",
        &mut mail_latency,
        &mut pass,
        "the sweeper pass that gave it",
    );

    if let Some(mut stdin) = smtp.stdin.take() {
        let _ = stdin.write_all(b"\n");
    }
    let _ = smtp.kill();
    let _ = smtp.wait();
    state.events.close();
    let _ = std::fs::remove_dir_all(&dir);
}
