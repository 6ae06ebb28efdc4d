//! E-mail against a real SMTP server: Python's aiosmtpd started by each test on a free
//! port (`smtp_sink.py`), writing every message it receives, decoded, as a JSON file the
//! test reads. Without aiosmtpd the tests say SKIPPED and pass; with `CI=true` they fail.
//! Each runs on SQLite and on Postgres.

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::Duration,
};

use domain::{email, game::sweep_warnings, jobs::outbox};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use store::notifications as rows;
use vocab::ids::new_id;

use crate::{
    helpers::{Backend, Player, START, TestApp, drop_database, fresh_database},
    scenarios,
};

const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;

/// The sink script beside this file.
const SINK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/api/smtp_sink.py");

/// A running aiosmtpd that keeps what it receives in a directory.
struct Sink {
    port: u16,
    dir: PathBuf,
    child: Option<Child>,
}

impl Drop for Sink {
    fn drop(&mut self) {
        self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Sink {
    /// Starts a sink, or `None` (after saying SKIPPED) when aiosmtpd is missing outside
    /// CI. In CI its absence fails the test.
    fn start() -> Option<Sink> {
        let available = Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !available {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "the mail tests need python3 with aiosmtpd (pip install aiosmtpd)"
            );
            eprintln!("mail test SKIPPED: python3 with aiosmtpd not found (pip install aiosmtpd)");
            return None;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let dir = std::env::temp_dir().join(format!("boardgames-mail-{}", new_id()));
        std::fs::create_dir_all(&dir).expect("sink dir");
        let mut sink = Sink {
            port,
            dir,
            child: None,
        };
        sink.restart();
        Some(sink)
    }

    /// Starts the server again on the same port (after [`Sink::stop`]).
    fn restart(&mut self) {
        use std::io::BufRead;
        let mut child = Command::new("python3")
            .arg(SINK)
            .args(["--port", &self.port.to_string()])
            .arg("--dir")
            .arg(&self.dir)
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the SMTP sink");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the sink's first line");
        assert_eq!(line.trim(), "ready", "the SMTP sink did not start");
        self.child = Some(child);
    }

    /// Stops the server: the port refuses connections.
    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far, in arrival order.
    fn messages(&self) -> Vec<Value> {
        let mut names: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .expect("sink dir")
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .collect();
        names.sort();
        names
            .iter()
            .map(|path| serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap())
            .collect()
    }

    /// Waits (up to ten seconds) until `count` messages have arrived; then a moment more
    /// to see that no further one comes; returns them all.
    async fn wait_for(&self, count: usize) -> Vec<Value> {
        for _ in 0..100 {
            if self.messages().len() >= count {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let messages = self.messages();
        assert_eq!(
            messages.len(),
            count,
            "messages received: {:#?}",
            messages.iter().map(|m| &m["subject"]).collect::<Vec<_>>()
        );
        messages
    }
}

const FROM: &str = "Boardgames <games@example.org>";

/// Declares mail scenarios: each `async fn name(app: TestApp, sink: Sink)` becomes
/// `name::sqlite` and `name::postgres`, with a sink and an app mailing through it.
macro_rules! mail_scenarios {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::with_sink($crate::helpers::Backend::Sqlite, super::$name).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            #[cfg_attr(not(postgres_tests), ignore = "set TEST_DATABASE_URL to run on Postgres")]
            async fn postgres() {
                super::with_sink($crate::helpers::Backend::Postgres, super::$name).await;
            }
        }
    )*};
}

async fn with_sink<F, Fut>(backend: Backend, scenario: F)
where
    F: FnOnce(TestApp, Sink) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let Some(sink) = Sink::start() else {
        return;
    };
    let (url, temp_dir) = fresh_database(backend).await;
    let smtp = sink.url();
    let app = TestApp::spawn_on(
        backend,
        &url,
        &[("SMTP_URL", smtp.as_str()), ("MAIL_FROM", FROM)],
    )
    .await;
    let result = tokio::spawn(scenario(app, sink)).await;
    if backend == Backend::Postgres {
        drop_database(&url).await;
    }
    if let Some(dir) = temp_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    if let Err(error) = result {
        std::panic::resume_unwind(error.into_panic());
    }
}

mail_scenarios!(
    an_address_is_verified_by_its_link_and_bad_links_are_refused,
    the_day_and_hour_warnings_are_mailed_once_each,
    the_digest_comes_at_the_local_hour_once_a_day,
    one_click_unsubscribe_turns_mail_off,
    smtp_down_then_up_loses_nothing_and_sends_nothing_twice,
    two_instances_mail_each_warning_once,
    a_password_is_reset_through_a_mailed_link,
    an_account_is_sent_three_mails_on_request_an_hour_whoever_asks,
);

scenarios!(without_smtp_email_is_off_and_bad_choices_are_refused);

/// The path of the first link in `text` that starts with `prefix` (after the host).
fn link(app: &TestApp, text: &str, prefix: &str) -> String {
    let start = text
        .find(&format!("{}{prefix}", app.address))
        .unwrap_or_else(|| panic!("no {prefix} link in {text}"));
    let rest = &text[start + app.address.len()..];
    rest.split(|c: char| c.is_whitespace() || c == '"' || c == '<' || c == '>')
        .next()
        .unwrap()
        .to_owned()
}

/// A form post to a page, as a browser on the site sends it.
async fn post_form(app: &TestApp, path: &str, form: &[(&str, &str)]) -> (StatusCode, String) {
    let response = app
        .client
        .post(format!("{}{path}", app.address))
        .header("origin", &app.address)
        .form(form)
        .send()
        .await
        .unwrap();
    (response.status(), response.text().await.unwrap())
}

async fn get_page(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app
        .client
        .get(format!("{}{path}", app.address))
        .send()
        .await
        .unwrap();
    (response.status(), response.text().await.unwrap())
}

/// Gives `player` the address `address`, follows the mailed link (the `seen`th message),
/// and returns the verification mail.
async fn verified(
    app: &TestApp,
    sink: &Sink,
    player: &Player,
    address: &str,
    seen: usize,
) -> Value {
    let (status, body) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&player.token),
            Some(json!({ "address": address })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["verified"], false);
    let mail = sink.wait_for(seen + 1).await.pop().unwrap();
    assert_eq!(mail["rcpt_to"], json!([address]));
    let path = link(app, mail["text"].as_str().unwrap(), "/email/verify/");
    let (status, page) = post_form(app, &path, &[]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let (_, body) = app.get("/api/v1/me/email", Some(&player.token)).await;
    assert_eq!(body["verified"], true, "{body}");
    mail
}

async fn an_address_is_verified_by_its_link_and_bad_links_are_refused(app: TestApp, sink: Sink) {
    let ann = app.player("ann").await;
    for bad in [
        "ann",
        "ann@",
        "a b@example.org",
        &format!("{}@x.org", "a".repeat(260)),
    ] {
        let (status, body) = app
            .send(
                Method::PUT,
                "/api/v1/me/email",
                Some(&ann.token),
                Some(json!({"address": bad})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        assert_eq!(body["error"], "invalid_email");
    }
    let (status, body) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&ann.token),
            Some(json!({"address": "ann@example.org"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body,
        json!({"enabled": true, "address": "ann@example.org", "verified": false})
    );
    let mail = sink.wait_for(1).await.remove(0);
    assert_eq!(mail["subject"], "Verify your e-mail address");
    assert_eq!(mail["from"], FROM);
    assert_eq!(mail["content_type"], "multipart/alternative");
    assert_eq!(
        mail["list_unsubscribe"], "",
        "not a notification: no unsubscribe"
    );
    let path = link(&app, mail["text"].as_str().unwrap(), "/email/verify/");
    assert!(
        mail["html"]
            .as_str()
            .unwrap()
            .contains(&format!("href=\"{}{path}\"", app.address))
    );
    // The link's page asks first (a scanner following links changes nothing).
    let (status, page) = get_page(&app, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"verify-form\""), "{page}");
    let (_, body) = app.get("/api/v1/me/email", Some(&ann.token)).await;
    assert_eq!(body["verified"], false);
    let (status, page) = post_form(&app, &path, &[]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("Your address is verified"), "{page}");
    let (_, body) = app.get("/api/v1/me/email", Some(&ann.token)).await;
    assert_eq!(body["verified"], true);
    // Used, unknown and malformed links: a clear 422 page.
    for bad in [
        path.clone(),
        format!("/email/verify/{}", "ab".repeat(32)),
        "/email/verify/x'y".to_owned(),
    ] {
        let (status, page) = post_form(&app, &bad, &[]).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(page.contains("already used or expired"), "{page}");
    }
    // A new address is unverified again, and its link runs out after two days.
    let (status, _) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&ann.token),
            Some(json!({"address": "ann@example.net"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let mail = sink.wait_for(2).await.pop().unwrap();
    assert_eq!(mail["rcpt_to"], json!(["ann@example.net"]));
    let (_, body) = app.get("/api/v1/me/email", Some(&ann.token)).await;
    assert_eq!(body["verified"], false);
    app.clock.advance(2 * DAY);
    let path = link(&app, mail["text"].as_str().unwrap(), "/email/verify/");
    let (status, _) = post_form(&app, &path, &[]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "expired");
    // The settings page shows the address and its state.
    let page = app.page_html_as(&ann, "/settings").await;
    assert!(page.contains("value=\"ann@example.net\""), "{page}");
    assert!(page.contains("not verified yet"), "{page}");
}

/// The warning mails received, by subject.
fn subjects(messages: &[Value]) -> Vec<String> {
    messages
        .iter()
        .map(|message| message["subject"].as_str().unwrap().to_owned())
        .collect()
}

async fn the_day_and_hour_warnings_are_mailed_once_each(app: TestApp, sink: Sink) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    verified(&app, &sink, &white, "white@example.org", 0).await;
    let id = app.new_game("chess", &white, &black).await;
    // Three days per move: nothing before a day is left.
    app.clock.advance(2 * DAY - 1);
    assert!(sweep_warnings(&app.state).await.unwrap().is_empty());
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(1).await;
    app.clock.advance(1);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(2).await;
    let mail = &messages[1];
    assert_eq!(
        mail["subject"],
        "Less than 24 hours left: Chess against black_p"
    );
    assert_eq!(mail["rcpt_to"], json!(["white@example.org"]));
    let text = mail["text"].as_str().unwrap();
    assert!(
        text.contains(&format!("{}/games/{id}", app.address)),
        "{text}"
    );
    assert!(
        mail["html"]
            .as_str()
            .unwrap()
            .contains(&format!("href=\"{}/games/{id}\"", app.address))
    );
    // RFC 8058 one-click unsubscribe, and the outbox row as the Message-ID.
    let unsubscribe = mail["list_unsubscribe"].as_str().unwrap();
    assert!(
        unsubscribe.starts_with(&format!("<{}/email/unsubscribe/", app.address)),
        "{unsubscribe}"
    );
    assert_eq!(mail["list_unsubscribe_post"], "List-Unsubscribe=One-Click");
    let email_rows: Vec<_> = {
        let mut conn = app.state.db.pool.acquire().await.unwrap();
        let (white_id,): (String,) =
            sqlx::query_as("select id from users where username = 'white_p'")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
        rows::outbox_of(&mut conn, &white_id)
            .await
            .unwrap()
            .into_iter()
            .filter(|row| row.channel == "email")
            .collect()
    };
    assert_eq!(email_rows.len(), 1);
    assert!(email_rows[0].sent_at.is_some());
    assert_eq!(
        mail["message_id"],
        format!("<{}@example.org>", email_rows[0].id)
    );
    // Nothing twice: more rounds send nothing.
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
    // Four fifths used (14.4 hours left) is not mailed; an hour left is, once.
    app.clock.advance(DAY - 3 * DAY / 5);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
    app.clock.advance(3 * DAY / 5 - HOUR);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    outbox::run_once(&app.state).await.unwrap();
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(3).await;
    assert_eq!(
        subjects(&messages)[1..],
        [
            "Less than 24 hours left: Chess against black_p",
            "Less than an hour left: Chess against black_p"
        ]
    );
    // The opponent has no address: nothing is mailed to them when their turn runs low.
    app.play_ok(&white, &black, &id, "e2e4").await;
    app.clock.advance(3 * DAY - 30 * 60);
    assert!(!sweep_warnings(&app.state).await.unwrap().is_empty());
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(3).await;
    // A warning whose move was made before its mail went is not mailed.
    app.play_ok(&white, &black, &id, "e7e5").await;
    app.clock.advance(2 * DAY);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    app.play_ok(&white, &black, &id, "g1f3").await;
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(3).await;
}

/// Sets `player`'s time zone.
async fn time_zone(app: &TestApp, player: &Player, zone: &str) {
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/time",
            Some(&player.token),
            Some(json!({"time_zone": zone})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn digest_hour(app: &TestApp, player: &Player, hour: i64) {
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/notifications",
            Some(&player.token),
            Some(json!({"digest": {"hour": hour}})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["digest"], json!({"email": true, "hour": hour}));
}

async fn the_digest_comes_at_the_local_hour_once_a_day(app: TestApp, sink: Sink) {
    let ann = app.player("ann").await;
    let bob = app.player("bob").await;
    let cid = app.player("cid").await;
    let idle = app.player("idle").await;
    // Tallinn is UTC+2 in December: the tests start at 12:00 there.
    time_zone(&app, &ann, "Europe/Tallinn").await;
    digest_hour(&app, &ann, 13).await;
    verified(&app, &sink, &ann, "ann@example.org", 0).await;
    verified(&app, &sink, &idle, "idle@example.org", 1).await;
    // Ann's turn in a five-day game and, made later, a one-day game; Bob's turn in a
    // third; a challenge from Cid to Ann.
    let long = app
        .new_game_with(
            &ann,
            &bob,
            json!({"time_control": {"kind": "per_move", "days": 5, "hours": 0}}),
        )
        .await;
    let short = app
        .new_game_with(
            &ann,
            &cid,
            json!({"time_control": {"kind": "per_move", "days": 1, "hours": 0}}),
        )
        .await;
    let theirs = app.new_game("chess", &ann, &bob).await;
    app.play_ok(&ann, &bob, &theirs, "e2e4").await;
    let (status, body) = app
        .post(
            "/api/v1/challenges",
            Some(&cid.token),
            json!({"variant": "reversi-8x8", "color": "white", "opponent": "ann", "days_per_move": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // 12:59:59 in Tallinn: not yet.
    app.clock.advance(HOUR - 1);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    app.clock.advance(1);
    assert_eq!(
        email::queue_digests(&app.state).await.unwrap(),
        1,
        "Ann's, not idle's"
    );
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(3).await;
    let digest = &messages[2];
    assert_eq!(digest["rcpt_to"], json!(["ann@example.org"]));
    assert_eq!(
        digest["subject"],
        "Your turn in 2 games, 1 challenges waiting"
    );
    assert_eq!(
        digest["list_unsubscribe_post"],
        "List-Unsubscribe=One-Click"
    );
    let text = digest["text"].as_str().unwrap();
    let at = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle} in {text}"))
    };
    // Least time left first: the one-day game (23 h left) before the five-day one.
    assert!(
        at(&format!("/games/{short}")) < at(&format!("/games/{long}")),
        "{text}"
    );
    assert!(text.contains("Chess against cid: 23 h left"), "{text}");
    assert!(text.contains("Chess against bob: 4 days left"), "{text}");
    assert!(
        !text.contains(&theirs),
        "not a game waiting for the opponent"
    );
    assert!(text.contains("cid challenges you to Reversi 8x8"), "{text}");
    let html = digest["html"].as_str().unwrap();
    assert!(
        html.contains(&format!("href=\"{}/games/{short}\"", app.address)),
        "{html}"
    );
    // Not again that day: later rounds, and a later hour chosen the same day.
    app.clock.advance(30 * 60);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    digest_hour(&app, &ann, 14).await;
    app.clock.advance(30 * 60);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(3).await;
    // The next day at 14:00 in Tallinn: the next digest.
    app.clock.advance(DAY - 1);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    app.clock.advance(1);
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 1);
    outbox::run_once(&app.state).await.unwrap();
    let messages = sink.wait_for(4).await;
    assert_eq!(messages[3]["rcpt_to"], json!(["ann@example.org"]));
    assert_eq!(START + DAY + 2 * HOUR, app.state.now());
}

async fn one_click_unsubscribe_turns_mail_off(app: TestApp, sink: Sink) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    verified(&app, &sink, &white, "white@example.org", 0).await;
    let id = app.new_game("chess", &white, &black).await;
    app.clock.advance(2 * DAY);
    sweep_warnings(&app.state).await.unwrap();
    outbox::run_once(&app.state).await.unwrap();
    let mail = sink.wait_for(2).await.pop().unwrap();
    let header = mail["list_unsubscribe"].as_str().unwrap();
    let url = header.trim_start_matches('<').trim_end_matches('>');
    assert!(
        mail["text"].as_str().unwrap().contains(url),
        "the link is in the text too"
    );
    // The page asks; an unknown key is a 404 page.
    let (status, page) = app
        .client
        .get(url)
        .send()
        .await
        .map(|r| (r.status(), r))
        .unwrap();
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.text()
            .await
            .unwrap()
            .contains("id=\"unsubscribe-form\"")
    );
    let (status, _) = get_page(&app, &format!("/email/unsubscribe/{}", "0".repeat(64))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = get_page(&app, "/email/unsubscribe/short").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The mail client's one-click POST: no session, from another site.
    let response = app
        .client
        .post(url)
        .header("origin", "https://mail.example.com")
        .form(&[("List-Unsubscribe", "One-Click")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let (status, _) = post_form(&app, &format!("/email/unsubscribe/{}", "0".repeat(64)), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, body) = app
        .get("/api/v1/me/notifications", Some(&white.token))
        .await;
    assert_eq!(body["clock_warning"]["email"], false, "{body}");
    assert_eq!(body["digest"]["email"], false, "{body}");
    assert_eq!(body["clock_warning"]["in_site"], true, "the centre stays");
    // The hour-left warning comes, in the centre only.
    app.clock.advance(DAY - 30 * 60);
    assert!(!sweep_warnings(&app.state).await.unwrap().is_empty());
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
    assert_eq!(email::queue_digests(&app.state).await.unwrap(), 0);
    let _ = id;
}

async fn smtp_down_then_up_loses_nothing_and_sends_nothing_twice(app: TestApp, mut sink: Sink) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    verified(&app, &sink, &white, "white@example.org", 0).await;
    app.new_game("chess", &white, &black).await;
    sink.stop();
    app.clock.advance(2 * DAY);
    assert_eq!(sweep_warnings(&app.state).await.unwrap().len(), 1);
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.retried, 1, "{round:?}");
    // Still down at the retry: tried again later.
    app.clock.advance(outbox::backoff(1));
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.retried, 1, "{round:?}");
    sink.restart();
    // Not due before its backoff.
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.sent + round.retried, 0, "{round:?}");
    app.clock.advance(outbox::backoff(2));
    let round = outbox::run_once(&app.state).await.unwrap();
    assert_eq!(round.sent, 1, "{round:?}");
    let messages = sink.wait_for(2).await;
    assert_eq!(
        messages[1]["subject"],
        "Less than 24 hours left: Chess against black_p"
    );
    app.clock.advance(DAY);
    outbox::run_once(&app.state).await.unwrap();
    sink.wait_for(2).await;
}

async fn two_instances_mail_each_warning_once(app: TestApp, sink: Sink) {
    let smtp = sink.url();
    let other = TestApp::spawn_on(
        app.backend,
        &app.database_url,
        &[("SMTP_URL", smtp.as_str()), ("MAIL_FROM", FROM)],
    )
    .await;
    let mut players = Vec::new();
    for index in 0..4 {
        let player = app.player(&format!("player{index}")).await;
        verified(
            &app,
            &sink,
            &player,
            &format!("p{index}@example.org"),
            index,
        )
        .await;
        players.push(player);
    }
    let opponent = app.player("opponent").await;
    for player in &players {
        app.new_game("chess", player, &opponent).await;
        app.new_game("chess", player, &opponent).await;
    }
    app.clock.advance(2 * DAY);
    other.clock.advance(2 * DAY);
    let (here, there) = tokio::join!(sweep_warnings(&app.state), sweep_warnings(&other.state));
    assert_eq!(here.unwrap().len() + there.unwrap().len(), 8);
    for _ in 0..3 {
        let (here, there) =
            tokio::join!(outbox::run_once(&app.state), outbox::run_once(&other.state));
        here.unwrap();
        there.unwrap();
    }
    let messages = sink.wait_for(4 + 8).await;
    let mut ids: Vec<&str> = messages[4..]
        .iter()
        .map(|message| message["message_id"].as_str().unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 8, "each warning mailed once");
    for index in 0..4 {
        let to = json!([format!("p{index}@example.org")]);
        assert_eq!(
            messages[4..].iter().filter(|m| m["rcpt_to"] == to).count(),
            2
        );
    }
}

async fn a_password_is_reset_through_a_mailed_link(app: TestApp, sink: Sink) {
    let ann = app.player("ann").await;
    verified(&app, &sink, &ann, "Ann@Example.org", 0).await;
    // The form, and the same answer for a name, an address and nobody.
    let (status, page) = get_page(&app, "/password/forgot").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"forgot-form\""));
    let (status, page) = get_page(&app, "/login").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("href=\"/password/forgot\""));
    let (status, nobody) =
        post_form(&app, "/password/forgot", &[("who", "nobody@example.org")]).await;
    assert_eq!(status, StatusCode::OK);
    let (status, empty) = post_form(&app, "/password/forgot", &[("who", "  ")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{empty}");
    let (status, by_address) =
        post_form(&app, "/password/forgot", &[("who", "ann@example.ORG")]).await;
    assert_eq!(status, StatusCode::OK);
    let message = |page: &str| {
        page.split("id=\"message\">")
            .nth(1)
            .unwrap()
            .split("</p>")
            .next()
            .unwrap()
            .to_owned()
    };
    assert_eq!(message(&nobody), message(&by_address));
    let first = sink.wait_for(2).await.pop().unwrap();
    assert_eq!(first["subject"], "Set a new password");
    assert_eq!(first["rcpt_to"], json!(["Ann@Example.org"]));
    let old_link = link(&app, first["text"].as_str().unwrap(), "/password/reset/");
    // A second request replaces the first link.
    post_form(&app, "/password/forgot", &[("who", "ANN")]).await;
    let second = sink.wait_for(3).await.pop().unwrap();
    let path = link(&app, second["text"].as_str().unwrap(), "/password/reset/");
    let (status, _) = get_page(&app, &old_link).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "replaced");
    let (status, page) = get_page(&app, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("id=\"reset-form\""));
    // A signed-in browser session of Ann's.
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let login = no_redirects
        .post(format!("{}/login", app.address))
        .form(&[("username", "ann"), ("password", "password-ann")])
        .send()
        .await
        .unwrap();
    let cookie = login
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.starts_with("bg_session="))
        .expect("a session cookie")
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let settings = |cookie: String| {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let url = format!("{}/settings", app.address);
        async move {
            client
                .get(url)
                .header("cookie", cookie)
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(settings(cookie.clone()).await, StatusCode::OK);
    // A weak password is refused and the link still works.
    let (status, page) = post_form(&app, &path, &[("password", "password")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    let (status, page) = post_form(&app, &path, &[("password", "a new long secret")]).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let (status, _) = post_form(&app, &path, &[("password", "another long secret")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "used");
    // The new password signs in, the old one does not; the old session ended.
    let (status, _) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "ann", "password": "a new long secret"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = app
        .post(
            "/api/v1/tokens",
            None,
            json!({"username": "ann", "password": "password-ann"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(settings(cookie).await, StatusCode::SEE_OTHER, "signed out");
    // A link runs out after an hour. (An hour on, as the account was sent its three
    // mails on request of this hour.)
    app.clock.advance(HOUR);
    post_form(&app, "/password/forgot", &[("who", "ann")]).await;
    let third = sink.wait_for(4).await.pop().unwrap();
    let path = link(&app, third["text"].as_str().unwrap(), "/password/reset/");
    app.clock.advance(HOUR);
    let (status, page) = post_form(&app, &path, &[("password", "yet another secret")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
    let (status, _) = get_page(&app, "/password/reset/nonsense").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// Reset requests naming one account, from one client, cannot flood its mailbox: three
/// mails on request an hour (the address check among them), the same answer to every
/// request, and the link mailed last still valid.
async fn an_account_is_sent_three_mails_on_request_an_hour_whoever_asks(app: TestApp, sink: Sink) {
    let bea = app.player("bea").await;
    verified(&app, &sink, &bea, "bea@example.org", 0).await;
    let mut answers = Vec::new();
    for _ in 0..20 {
        let (status, page) = post_form(&app, "/password/forgot", &[("who", "bea")]).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        answers.push(page.split("id=\"message\">").nth(1).map(str::to_owned));
    }
    assert!(
        answers.windows(2).all(|pair| pair[0] == pair[1]),
        "one answer"
    );
    // The address check and two reset links; the link of the last reset mailed stays
    // valid (the mails may arrive in either order).
    let mails = sink.wait_for(3).await;
    let mut valid = 0;
    for mail in &mails[1..] {
        let path = link(&app, mail["text"].as_str().unwrap(), "/password/reset/");
        if get_page(&app, &path).await.0 == StatusCode::OK {
            valid += 1;
        }
    }
    assert_eq!(valid, 1, "the pending link is one of those mailed");
    // A fourth mail of the hour is not sent for a new address either, and the address
    // stays as it was.
    let (status, body) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&bea.token),
            Some(json!({ "address": "victim@example.org" })),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (_, settings) = app.get("/api/v1/me/email", Some(&bea.token)).await;
    assert_eq!(settings["address"], "bea@example.org", "{settings}");
    // An hour on, the budget is whole again.
    app.clock.advance(HOUR);
    post_form(&app, "/password/forgot", &[("who", "bea")]).await;
    assert_eq!(
        sink.wait_for(4).await[3]["rcpt_to"],
        json!(["bea@example.org"])
    );
}

async fn without_smtp_email_is_off_and_bad_choices_are_refused(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let (status, body) = app
        .send(
            Method::PUT,
            "/api/v1/me/email",
            Some(&white.token),
            Some(json!({"address": "white@example.org"})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"], "email_disabled");
    let (status, body) = app
        .get("/api/v1/me/notifications", Some(&white.token))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["email_enabled"], false);
    assert_eq!(
        body["clock_warning"],
        json!({"in_site": true, "email": true, "push": true})
    );
    assert_eq!(
        body["game_finished"],
        json!({"in_site": true, "email": null, "push": true})
    );
    assert_eq!(
        body["draw_offer"],
        json!({"in_site": true, "email": null, "push": false})
    );
    let page = app.page_html_as(&white, "/settings").await;
    assert!(page.contains("id=\"email-off\""), "the settings say so");
    let page = app.page_html("/password/forgot").await;
    assert!(!page.contains("id=\"forgot-form\""), "no form to ask");
    let (status, _) = post_form(&app, "/password/forgot", &[("who", "white_p")]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Bad choices.
    for (body, code) in [
        (json!({"your_turn": {"email": true}}), "email_not_offered"),
        (json!({"digest": {"hour": 24}}), "invalid_digest_hour"),
        (json!({"digest": {"hour": -1}}), "invalid_digest_hour"),
        (json!({"digest": {"hour": "8"}}), "invalid_body"),
        (json!({"clock_warning": {"push": "yes"}}), "invalid_body"),
        // serde would read a struct from an array; the document says object.
        (json!({"your_turn": [null, null]}), "invalid_body"),
        (json!({"digest": [true, 8]}), "invalid_body"),
    ] {
        let (status, answer) = app
            .send(
                Method::PATCH,
                "/api/v1/me/notifications",
                Some(&white.token),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert_eq!(answer["error"], code, "{answer}");
    }
    // Push and e-mail choices are kept per kind.
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/notifications",
            Some(&white.token),
            Some(
                json!({"your_turn": {"push": false}, "clock_warning": {"email": false},
                        "digest": {"email": false, "hour": 21}}),
            ),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["your_turn"],
        json!({"in_site": true, "email": null, "push": false})
    );
    assert_eq!(body["clock_warning"]["email"], false);
    assert_eq!(body["digest"], json!({"email": false, "hour": 21}));
    // No e-mail row is queued without SMTP.
    let (status, body) = app
        .send(
            Method::PATCH,
            "/api/v1/me/notifications",
            Some(&white.token),
            Some(json!({"clock_warning": {"email": true}})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.new_game("chess", &white, &black).await;
    app.clock.advance(3 * DAY - 30 * 60);
    assert!(!sweep_warnings(&app.state).await.unwrap().is_empty());
    let (email_rows,): (i64,) =
        sqlx::query_as("select count(*) from outbox where channel = 'email'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(email_rows, 0);
    // The settings form: the matrix without script, and a bad hour is a 422 page.
    let form = |fields: &'static [(&'static str, &'static str)]| {
        app.client
            .post(format!("{}/settings/notifications", app.address))
            .bearer_auth(&white.token)
            .form(fields)
            .send()
    };
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = client
        .post(format!("{}/settings/notifications", app.address))
        .bearer_auth(&white.token)
        .form(&[
            ("your_turn", "1"),
            ("push.challenge", "1"),
            ("digest", "1"),
            ("digest_hour", "7"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let (_, body) = app
        .get("/api/v1/me/notifications", Some(&white.token))
        .await;
    assert_eq!(
        body["your_turn"],
        json!({"in_site": true, "email": null, "push": false})
    );
    assert_eq!(body["draw_offer"]["in_site"], false);
    assert_eq!(
        body["challenge"],
        json!({"in_site": false, "email": null, "push": true})
    );
    assert_eq!(body["clock_warning"]["email"], false);
    assert_eq!(body["digest"], json!({"email": true, "hour": 7}));
    let page = app.page_html_as(&white, "/settings").await;
    assert!(page.contains("id=\"notify-matrix\""), "{page}");
    assert!(
        page.contains("<option value=\"7\" selected>07:00</option>"),
        "{page}"
    );
    let response = form(&[("digest", "1"), ("digest_hour", "25")])
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("id=\"notify-error\"")
    );
    let response = form(&[("digest_hour", "soon")]).await.unwrap();
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
}
