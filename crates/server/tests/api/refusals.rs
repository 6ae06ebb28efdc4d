//! A Postgres cluster of the test's own that will not serve the server, in each way a
//! self-hoster meets: the database refusing connections (`ALLOW_CONNECTIONS false`),
//! missing (renamed), the login refused (`pg_hba.conf`), every connection slot taken,
//! and the cluster stopped. Each is answered 503 `database_unavailable` with
//! `Retry-After`, on the API and the pages, within [`ANSWER_WITHIN`]; service resumes
//! once the database is back, with nothing lost.
//!
//! The cluster is started with the Postgres server programs (`initdb`, `pg_ctl`) found
//! under `/usr/lib/postgresql/*/bin` or on `PATH`; as root, they run as the `postgres`
//! user. Without them the test fails in CI and says it was skipped elsewhere.

use std::{
    path::{Path, PathBuf},
    process::Command,
    time::{Duration, Instant},
};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::{Connection, Executor, PgConnection};
use vocab::ids::new_id;

use crate::{
    helpers::{Backend, TestApp},
    outage::timed,
};

/// Every refused request must be answered within this.
const ANSWER_WITHIN: Duration = Duration::from_secs(5);
/// Service must resume within this after the database is back.
const RESUME_WITHIN: Duration = Duration::from_secs(10);
/// The cluster's connection slots (none reserved for superusers).
const MAX_CONNECTIONS: usize = 20;

/// A Postgres cluster in a temporary directory, stopped and removed when dropped.
struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
}

/// The directory of the newest Postgres server programs, if any.
fn server_programs() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path().join("bin"))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    found.sort_by_key(|bin| {
        bin.parent()
            .and_then(Path::file_name)
            .and_then(|name| name.to_str())
            .and_then(|name| name.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.pop().or_else(|| {
        std::env::var_os("PATH")
            .and_then(|path| std::env::split_paths(&path).find(|dir| dir.join("initdb").exists()))
    })
}

impl Cluster {
    /// Initialises and starts a cluster; `None` (after saying so) when this machine has
    /// no Postgres server programs and this is not CI.
    fn start() -> Option<Cluster> {
        let Some(bin) = server_programs() else {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "the Postgres server programs (initdb, pg_ctl) are missing: install postgresql"
            );
            eprintln!("SKIPPED: no Postgres server programs (initdb) on this machine");
            return None;
        };
        let as_postgres = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0");
        let dir = std::env::temp_dir().join(format!("boardgames-cluster-{}", new_id()));
        std::fs::create_dir_all(&dir).expect("the cluster's directory");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let cluster = Cluster {
            dir,
            bin,
            port,
            as_postgres,
        };
        if as_postgres {
            cluster.run_plain("chown", &["postgres", &cluster.dir.display().to_string()]);
        }
        let data = cluster.data();
        cluster.run(
            "initdb",
            &[
                "-D",
                &data,
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        cluster.ctl_start();
        Some(cluster)
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    /// Runs a plain command, asserting it succeeds.
    fn run_plain(&self, program: &str, args: &[&str]) {
        let out = Command::new(program)
            .args(args)
            .output()
            .expect("run a command");
        assert!(
            out.status.success(),
            "{program} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Runs one of the server programs (as `postgres` when this is root).
    fn run(&self, program: &str, args: &[&str]) {
        let path = self.bin.join(program).display().to_string();
        if self.as_postgres {
            let mut all = vec!["-u", "postgres", "--", path.as_str()];
            all.extend_from_slice(args);
            self.run_plain("runuser", &all);
        } else {
            self.run_plain(&path, args);
        }
    }

    fn ctl_start(&self) {
        let options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -c unix_socket_directories={} \
             -c max_connections={MAX_CONNECTIONS} -c superuser_reserved_connections=0 \
             -c fsync=off",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("log").display().to_string();
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-o",
                &options,
                "-l",
                &log,
                "-w",
                "start",
            ],
        );
    }

    fn ctl_stop(&self) {
        self.run("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"]);
    }

    fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// A connection to the maintenance database `postgres`.
    async fn admin(&self) -> PgConnection {
        PgConnection::connect(&self.url("postgres"))
            .await
            .expect("the admin connection")
    }

    /// Writes `pg_hba.conf` and has the cluster read it again.
    async fn set_hba(&self, admin: &mut PgConnection, rules: &str) {
        let path = self.dir.join("data").join("pg_hba.conf");
        std::fs::write(&path, rules).expect("write pg_hba.conf");
        admin
            .execute("select pg_reload_conf()")
            .await
            .expect("reload");
        // The reload reaches the postmaster by a signal: give it a moment.
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let path = self.bin.join("pg_ctl");
        let data = self.data();
        let args = ["-D", data.as_str(), "-m", "immediate", "stop"];
        let _ = if self.as_postgres {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&path)
                .args(args)
                .output()
        } else {
            Command::new(&path).args(args).output()
        };
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The ways the database stops serving the server.
#[derive(Debug, Clone, Copy)]
enum Refusal {
    /// `ALLOW_CONNECTIONS false` (Postgres 55000, FATAL).
    NotAccepting,
    /// Renamed away (3D000).
    Missing,
    /// `pg_hba.conf` rejects the server's login (28000).
    LoginRejected,
    /// Every connection slot taken by others (53300).
    NoSlotFree,
    /// The cluster stopped (the connection refused).
    Stopped,
}

/// The server's sessions on database `app` ended, as an administrator would.
async fn end_sessions(admin: &mut PgConnection, database: &str) {
    sqlx::query(
        "select pg_terminate_backend(pid) from pg_stat_activity \
         where datname = $1 and pid <> pg_backend_pid()",
    )
    .bind(database)
    .execute(&mut *admin)
    .await
    .expect("end the sessions");
}

/// Makes the cluster refuse the server as `refusal` says. Returns the connections the
/// test holds meanwhile (the slots it takes).
async fn refuse(cluster: &Cluster, refusal: Refusal) -> Vec<PgConnection> {
    let mut held = Vec::new();
    match refusal {
        Refusal::NotAccepting => {
            let mut admin = cluster.admin().await;
            admin
                .execute("alter database app allow_connections false")
                .await
                .expect("refuse");
            end_sessions(&mut admin, "app").await;
        }
        Refusal::Missing => {
            let mut admin = cluster.admin().await;
            admin
                .execute("alter database app allow_connections false")
                .await
                .expect("refuse");
            end_sessions(&mut admin, "app").await;
            admin
                .execute("alter database app rename to app_away")
                .await
                .expect("rename");
            admin
                .execute("alter database app_away allow_connections true")
                .await
                .expect("allow");
        }
        Refusal::LoginRejected => {
            let mut admin = cluster.admin().await;
            cluster
                .set_hba(
                    &mut admin,
                    "host app all 127.0.0.1/32 reject\nhost all all 127.0.0.1/32 trust\n\
                     local all all trust\n",
                )
                .await;
            end_sessions(&mut admin, "app").await;
        }
        Refusal::NoSlotFree => {
            let mut admin = cluster.admin().await;
            end_sessions(&mut admin, "app").await;
            held.push(admin);
            // Take every slot left.
            while held.len() <= MAX_CONNECTIONS {
                match PgConnection::connect(&cluster.url("postgres")).await {
                    Ok(conn) => held.push(conn),
                    Err(error) => {
                        let code = error
                            .as_database_error()
                            .and_then(|db| db.code())
                            .map(|code| code.into_owned());
                        assert_eq!(code.as_deref(), Some("53300"), "{error}");
                        break;
                    }
                }
            }
            assert!(held.len() < MAX_CONNECTIONS + 1, "the slots never ran out");
        }
        Refusal::Stopped => cluster.ctl_stop(),
    }
    held
}

/// Serves the server again after `refusal`.
async fn restore(cluster: &Cluster, refusal: Refusal, held: Vec<PgConnection>) {
    match refusal {
        Refusal::NotAccepting => {
            cluster
                .admin()
                .await
                .execute("alter database app allow_connections true")
                .await
                .expect("allow");
        }
        Refusal::Missing => {
            let mut admin = cluster.admin().await;
            end_sessions(&mut admin, "app_away").await;
            admin
                .execute("alter database app_away rename to app")
                .await
                .expect("rename back");
        }
        Refusal::LoginRejected => {
            let mut admin = cluster.admin().await;
            cluster
                .set_hba(
                    &mut admin,
                    "host all all 127.0.0.1/32 trust\nlocal all all trust\n",
                )
                .await;
        }
        Refusal::NoSlotFree => {
            for conn in held {
                let _ = conn.close().await;
            }
        }
        Refusal::Stopped => cluster.ctl_start(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn every_way_postgres_refuses_the_server_is_answered_503() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    cluster
        .admin()
        .await
        .execute("create database app")
        .await
        .expect("create the app's database");
    let app = TestApp::spawn_on(Backend::Postgres, &cluster.url("app"), &[]).await;
    let white = app.player("white").await;
    let black = app.player("black").await;
    let id = app.new_game("chess", &white, &black).await;
    let mut moves = vec!["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"].into_iter();
    let mut played: Vec<&str> = Vec::new();
    for refusal in [
        Refusal::NotAccepting,
        Refusal::Missing,
        Refusal::LoginRejected,
        Refusal::NoSlotFree,
        Refusal::Stopped,
    ] {
        let held = refuse(&cluster, refusal).await;
        // A read that must reach the database, not the game's snapshot in memory.
        app.state.caches.forget_all();
        let api = format!("{}/api/v1/games/{id}", app.address);
        let probes = [
            ("read", app.client.get(&api)),
            (
                "move",
                app.client
                    .post(format!("{api}/moves"))
                    .bearer_auth(&white.token)
                    .json(&json!({"move": "a2a3", "ply": played.len()})),
            ),
            (
                "page",
                app.client
                    .get(format!("{}/games/{id}", app.address))
                    .header("accept-language", "en"),
            ),
        ];
        for (what, request) in probes {
            let (status, retry_after, body, took) = timed(request).await;
            assert_eq!(
                status,
                StatusCode::SERVICE_UNAVAILABLE,
                "{refusal:?}: the {what} answered {body}"
            );
            assert!(
                took < ANSWER_WITHIN,
                "{refusal:?}: the {what} took {took:?}"
            );
            assert!(
                retry_after.is_some(),
                "{refusal:?}: {what} without Retry-After"
            );
            if what == "page" {
                assert!(body.contains("try again in a few seconds"), "{body}");
            } else {
                let body: Value = serde_json::from_str(&body).expect("a JSON error");
                assert_eq!(body["error"], "database_unavailable", "{refusal:?}: {body}");
            }
        }
        let (status, ..) = timed(app.client.get(format!("{}/readyz", app.address))).await;
        assert_eq!(
            status,
            StatusCode::SERVICE_UNAVAILABLE,
            "{refusal:?}: /readyz"
        );

        restore(&cluster, refusal, held).await;
        let back = Instant::now();
        loop {
            let (status, ..) = timed(app.client.get(&api)).await;
            if status == StatusCode::OK {
                break;
            }
            assert!(
                back.elapsed() < RESUME_WITHIN,
                "{refusal:?}: still {status} {:?} after the database came back",
                back.elapsed()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        // Nothing was lost and nothing refused was applied; play goes on.
        let next = moves.next().expect("a move for each refusal");
        app.play_ok(&white, &black, &id, next).await;
        played.push(next);
        assert_eq!(app.game(&id).await["moves"], json!(played), "{refusal:?}");
    }
}
