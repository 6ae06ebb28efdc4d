//! E-mail against a real SMTP server: Python's aiosmtpd started by each test on a free
//! port (`smtp_sink.py`), writing every message it receives, decoded, as a JSON file the
//! test reads. Without aiosmtpd the tests say SKIPPED and pass; with `CI=true` they fail.
//! Each runs on SQLite and on Postgres.

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::Duration,
};

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use vocab::ids::new_id;

use crate::helpers::{Backend, Player, TestApp, drop_database, fresh_database};

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
                $crate::mail::with_sink($crate::helpers::Backend::Sqlite, super::$name).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            #[cfg_attr(not(postgres_tests), ignore = "set TEST_DATABASE_URL to run on Postgres")]
            async fn postgres() {
                $crate::mail::with_sink($crate::helpers::Backend::Postgres, super::$name).await;
            }
        }
    )*};
}

// Declared after `mail_scenarios!`, which they use.
mod accounts;
mod warnings;

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
