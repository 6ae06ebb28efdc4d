//! The command line: `serve` (the default), `migrate`, `check-config`, `backup`,
//! `copy-data`, `ratings rebuild`, `admin grant|revoke NAME` and `healthcheck`. Every command reads the same environment variables
//! (see [`Config::from_env`]).

use std::{path::PathBuf, process::ExitCode, time::Duration};

use clap::{Parser, Subcommand};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use domain::config::{Config, LogFormat, VARIABLES};
use store::Database;

/// Correspondence board-game server. Configured by environment variables (see
/// `check-config` and docs/self-hosting.md).
#[derive(Debug, Parser)]
#[command(name = "server", version, about)]
pub struct Cli {
    /// What to do (default: serve).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// One command.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Serve the site (the default): migrate, then listen on LISTEN_ADDR.
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Print the effective configuration (secrets hidden); exit 2 on a bad value.
    CheckConfig,
    /// Write a consistent copy of the SQLite database to a new FILE (safe while serving).
    Backup {
        /// The file to create.
        file: PathBuf,
    },
    /// Copy users, API tokens, challenges, games, moves and counters (not sessions) from
    /// one database to another, empty one, then verify counts and replay every game.
    CopyData {
        /// The source database URL, e.g. sqlite://data/boardgames.db.
        #[arg(long)]
        from: String,
        /// The target database URL, e.g. postgres://user:password@host/boardgames.
        #[arg(long)]
        to: String,
    },
    /// Ratings: `server ratings rebuild`.
    Ratings {
        /// What to do with them.
        #[command(subcommand)]
        action: RatingsCommand,
    },
    /// Administrators: `server admin grant NAME`, `server admin revoke NAME`.
    Admin {
        /// What to do.
        #[command(subcommand)]
        action: AdminCommand,
    },
    /// Ask the server at LISTEN_ADDR whether it is ready (exit 0) or not (exit 1); for
    /// container health checks, where no curl is installed.
    Healthcheck,
}

/// What `server ratings` does.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum RatingsCommand {
    /// Recompute every rating by replaying all finished games in the order they were
    /// rated (after an upgrade, or to audit the stored ratings).
    Rebuild,
}

/// What `server admin` does (logged in the administrators' log).
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum AdminCommand {
    /// Make the person's account NAME an administrator.
    Grant {
        /// The account's name.
        name: String,
    },
    /// Take the administrator role from the account NAME.
    Revoke {
        /// The account's name.
        name: String,
    },
}

/// `url` with the password (if any) replaced by `****`.
#[must_use]
pub fn redact_url(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let authority_end = url[scheme_end..]
        .find('/')
        .map_or(url.len(), |i| scheme_end + i);
    let authority = &url[scheme_end..authority_end];
    let Some(at) = authority.rfind('@') else {
        return url.to_owned();
    };
    let userinfo = &authority[..at];
    let Some(colon) = userinfo.find(':') else {
        return url.to_owned();
    };
    format!(
        "{}{}:****{}",
        &url[..scheme_end],
        &userinfo[..colon],
        &url[scheme_end + at..]
    )
}

/// The effective configuration as `NAME=value` lines, one for every variable of
/// [`VARIABLES`] in its order, secrets hidden.
#[must_use]
pub fn describe(config: &Config) -> String {
    VARIABLES
        .iter()
        .map(|variable| {
            let value = effective_value(config, variable.name)
                .unwrap_or_else(|| "(not shown by check-config)".to_owned());
            format!("{}={value}\n", variable.name)
        })
        .collect()
}

/// The value `config` took for variable `name` as text, secrets hidden; `None` for a
/// name this function does not know (a variable added to [`VARIABLES`] without a line
/// here, which the tests find).
fn effective_value(config: &Config, name: &str) -> Option<String> {
    let limits = &config.accounts;
    let engine = &config.engine;
    let millis = |duration: Duration| duration.as_millis().to_string();
    let value = match name {
        "LISTEN_ADDR" => config.listen_addr.to_string(),
        "DATABASE_URL" => redact_url(config.database_url.expose()),
        "DATABASE_MAX_CONNECTIONS" => config.database_max_connections.to_string(),
        "DATABASE_ACQUIRE_TIMEOUT_MS" => millis(config.database_acquire_timeout),
        "DATABASE_STATEMENT_TIMEOUT_MS" => millis(config.database_statement_timeout),
        "REQUEST_TIMEOUT_MS" => millis(config.request_timeout),
        "MAX_CONNECTIONS" => config.max_connections.to_string(),
        "MAX_CONNECTIONS_PER_ADDRESS" => config.max_connections_per_address.to_string(),
        "MAX_STREAMS_PER_ADDRESS" => config.max_streams_per_address.to_string(),
        "HEADER_READ_TIMEOUT_MS" => millis(config.header_read_timeout),
        "BODY_READ_TIMEOUT_MS" => millis(config.body_read_timeout),
        "PUBLIC_URL" => config.public_url.base.clone(),
        "RUST_LOG" => config.log_filter.clone(),
        "LOG_FORMAT" => match config.log_format {
            LogFormat::Text => "text",
            LogFormat::Json => "json",
        }
        .to_owned(),
        "TRUSTED_PROXIES" => config
            .trusted_proxies
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(","),
        "SWEEP_INTERVAL_SECS" => config
            .sweep_interval
            .map_or(0, |interval| interval.as_secs())
            .to_string(),
        "DOWNTIME_THRESHOLD_MINS" => (config.downtime_threshold_secs / 60).to_string(),
        "VACATION_DAYS_PER_YEAR" => config.vacation_days_per_year.to_string(),
        "NOTIFICATION_RETENTION_DAYS" => config.notification_retention_days.to_string(),
        "VAPID_PRIVATE_KEY" => if config.push.vapid_private_key.is_some() {
            "****"
        } else {
            "(generated, in the database)"
        }
        .to_owned(),
        "VAPID_SUBJECT" => config.push.vapid_subject.clone(),
        "PUSH_ALLOW_HTTP_ENDPOINTS" => config.push.allow_http_endpoints.to_string(),
        "SMTP_URL" => config.mail.as_ref().map_or_else(
            || "(unset: e-mail is off)".to_owned(),
            |mail| redact_url(mail.smtp_url.expose()),
        ),
        "MAIL_FROM" => config
            .mail
            .as_ref()
            .map_or_else(String::new, |mail| mail.from.clone()),
        "LOGIN_MAX_ATTEMPTS" => config.login_max_attempts.to_string(),
        "LOGIN_WINDOW_SECS" => config.login_window_secs.to_string(),
        "LOGIN_BACKOFF_MAX_SECS" => limits.backoff_max_secs.to_string(),
        "LOGIN_ADDRESS_MAX_FAILURES" => limits.address_max_failures.to_string(),
        "SIGNUP_PER_HOUR" => limits.signups_per_hour.to_string(),
        "LOGIN_PER_MINUTE" => limits.logins_per_minute.to_string(),
        "TOKEN_CREATIONS_PER_HOUR" => limits.token_creations_per_hour.to_string(),
        "HASH_THREADS" => limits.hash_threads.to_string(),
        "HASH_QUEUE" => limits.hash_queue.to_string(),
        "MAX_TOKENS_PER_ACCOUNT" => limits.max_tokens_per_account.to_string(),
        "SESSION_DAYS" => config.session_days.to_string(),
        "LEADERBOARD_ACTIVE_DAYS" => config.leaderboard_active_days.to_string(),
        "BODY_LIMIT_BYTES" => config.body_limit_bytes.to_string(),
        "CHAT_MESSAGES_PER_MINUTE" => config.chat_messages_per_minute.to_string(),
        "GAMES_ALLOWANCE" => config.allowance.base.to_string(),
        "GAMES_ALLOWANCE_CEILING" => config.allowance.ceiling.to_string(),
        "TIMEOUT_COOLDOWN_DAYS" => config.allowance.cooldown_days.to_string(),
        "ENGINE_WORKERS" => engine.workers.to_string(),
        "ENGINE_NODES" => engine.nodes.to_string(),
        "ENGINE_QUEUE_LIMIT" => engine.queue_limit.to_string(),
        "ENGINE_PLAYER_QUEUE_LIMIT" => engine.player_queue_limit.to_string(),
        "ENGINE_PLAYER_GAMES_LIMIT" => engine.player_games_limit.to_string(),
        "STOCKFISH_PATH" => engine.stockfish_path.as_ref().map_or_else(
            || "(unset: chess uses the built-in search)".to_owned(),
            |path| path.display().to_string(),
        ),
        _ => return None,
    };
    Some(value)
}

/// The configuration from the environment, or exit code 2 after printing what is wrong.
fn config_or_exit() -> Result<Config, ExitCode> {
    Config::from_env().map_err(|error| {
        eprintln!("configuration error: {error}");
        ExitCode::from(2)
    })
}

/// Runs every command but `serve` (which `main` runs itself).
pub async fn run(command: Command) -> ExitCode {
    match command {
        Command::Serve => {
            eprintln!("serve is run by main");
            ExitCode::FAILURE
        }
        Command::CheckConfig => match config_or_exit() {
            Ok(config) => {
                print!("{}", describe(&config));
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Migrate => with_database(|_| async { Ok("migrations applied".to_owned()) }).await,
        Command::Backup { file } => {
            let config = match config_or_exit() {
                Ok(config) => config,
                Err(code) => return code,
            };
            let result = store::backup::backup_sqlite(config.database_url.expose(), &file).await;
            report(
                result
                    .map(|bytes| format!("backed up to {} ({bytes} bytes)", file.display()))
                    .map_err(Into::into),
            )
        }
        Command::CopyData { from, to } => {
            let result = store::copy_data::copy(&from, &to).await;
            report(
                result
                    .map(|copied| format!("copied and verified:\n{copied}"))
                    .map_err(Into::into),
            )
        }
        Command::Ratings {
            action: RatingsCommand::Rebuild,
        } => {
            with_database(|db| async move {
                let report = domain::ratings::rebuild(&db).await?;
                Ok(format!("ratings rebuilt: {report}"))
            })
            .await
        }
        Command::Admin { action } => {
            let (name, on) = match &action {
                AdminCommand::Grant { name } => (name.as_str(), true),
                AdminCommand::Revoke { name } => (name.as_str(), false),
            };
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| {
                    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
                });
            with_database(|db| async move {
                domain::moderation::set_admin_from_cli(&db, name, on, now)
                    .await
                    .map_err(|error| error.message().into())
            })
            .await
        }
        Command::Healthcheck => {
            let config = match config_or_exit() {
                Ok(config) => config,
                Err(code) => return code,
            };
            match probe_ready(config.listen_addr).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("not ready: {error}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Reads the configuration, opens and migrates its database for `work`, closes it, and
/// reports what `work` says.
async fn with_database<F, Fut>(work: F) -> ExitCode
where
    F: FnOnce(Database) -> Fut,
    Fut: Future<Output = Result<String, Box<dyn std::error::Error>>>,
{
    let config = match config_or_exit() {
        Ok(config) => config,
        Err(code) => return code,
    };
    let result = async {
        let db = Database::connect(config.database_url.expose(), 1).await?;
        db.migrate().await?;
        let done = work(db.clone()).await;
        db.pool.close().await;
        done
    }
    .await;
    report(result)
}

fn report(result: Result<String, Box<dyn std::error::Error>>) -> ExitCode {
    match result {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `GET /readyz` on the server listening at `addr` (an unspecified address is probed
/// on loopback), within five seconds.
///
/// # Errors
///
/// No connection, a timeout, or an answer other than 200, as text.
pub async fn probe_ready(mut addr: std::net::SocketAddr) -> Result<(), String> {
    if addr.ip().is_unspecified() {
        addr.set_ip(if addr.is_ipv4() {
            std::net::Ipv4Addr::LOCALHOST.into()
        } else {
            std::net::Ipv6Addr::LOCALHOST.into()
        });
    }
    let probe = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await?;
        stream
            .write_all(
                format!("GET /readyz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
                    .as_bytes(),
            )
            .await?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await?;
        Ok::<_, std::io::Error>(answer)
    };
    let answer = tokio::time::timeout(Duration::from_secs(5), probe)
        .await
        .map_err(|_| format!("no answer from {addr} within 5 s"))?
        .map_err(|error| format!("{addr}: {error}"))?;
    let status_line = String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned();
    if status_line.split_whitespace().nth(1) == Some("200") {
        Ok(())
    } else {
        Err(format!("{addr} answered `{status_line}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_in_urls_are_hidden() {
        assert_eq!(
            redact_url("postgres://app:s3cret@db:5432/games?sslmode=disable"),
            "postgres://app:****@db:5432/games?sslmode=disable"
        );
        assert_eq!(
            redact_url("postgres://app@db/games"),
            "postgres://app@db/games"
        );
        assert_eq!(redact_url("sqlite://data/x.db"), "sqlite://data/x.db");
    }

    #[test]
    fn no_command_means_serve_and_commands_parse() {
        assert_eq!(Cli::try_parse_from(["server"]).unwrap().command, None);
        let cli = Cli::try_parse_from(["server", "copy-data", "--from", "a", "--to", "b"]).unwrap();
        assert_eq!(
            cli.command,
            Some(Command::CopyData {
                from: "a".into(),
                to: "b".into()
            })
        );
        assert!(Cli::try_parse_from(["server", "backup"]).is_err());
        let cli = Cli::try_parse_from(["server", "admin", "grant", "alice"]).unwrap();
        assert_eq!(
            cli.command,
            Some(Command::Admin {
                action: AdminCommand::Grant {
                    name: "alice".into()
                }
            })
        );
        let cli = Cli::try_parse_from(["server", "admin", "revoke", "bob"]).unwrap();
        assert_eq!(
            cli.command,
            Some(Command::Admin {
                action: AdminCommand::Revoke { name: "bob".into() }
            })
        );
        assert!(Cli::try_parse_from(["server", "admin", "grant"]).is_err());
        assert!(Cli::try_parse_from(["server", "admin", "promote", "x"]).is_err());
    }

    #[test]
    fn check_config_hides_the_database_password() {
        let config = Config::from_lookup(|name| {
            (name == "DATABASE_URL").then(|| "postgres://u:hunter2@db/x".to_owned())
        })
        .unwrap();
        let text = describe(&config);
        assert!(
            text.contains("DATABASE_URL=postgres://u:****@db/x"),
            "{text}"
        );
        assert!(!text.contains("hunter2"));
        assert!(text.contains("LISTEN_ADDR=127.0.0.1:8080"));
    }

    #[test]
    fn check_config_prints_every_variable_once_in_the_tables_order() {
        let config = Config::from_lookup(|_| None).unwrap();
        for variable in VARIABLES {
            assert!(
                effective_value(&config, variable.name).is_some(),
                "check-config shows no value for {}",
                variable.name
            );
        }
        let text = describe(&config);
        let names: Vec<&str> = text
            .lines()
            .map(|line| line.split_once('=').map_or(line, |(name, _)| name))
            .collect();
        let listed: Vec<&str> = VARIABLES.iter().map(|variable| variable.name).collect();
        assert_eq!(names, listed, "{text}");
        assert!(
            text.contains("DATABASE_ACQUIRE_TIMEOUT_MS=2000\n"),
            "{text}"
        );
        assert!(text.contains("DOWNTIME_THRESHOLD_MINS=60\n"), "{text}");
        assert!(text.contains("ENGINE_NODES=1000000\n"), "{text}");
    }

    #[test]
    fn check_config_masks_the_vapid_private_key() {
        let text = describe(&Config::from_lookup(|_| None).unwrap());
        assert!(
            text.contains("VAPID_PRIVATE_KEY=(generated, in the database)\n"),
            "{text}"
        );
        let key = "RS0WdYWWo1HajXg3NZR1olzCf31i-ZBGDkFyCs7j1jw";
        let config =
            Config::from_lookup(|name| (name == "VAPID_PRIVATE_KEY").then(|| key.to_owned()))
                .unwrap();
        let text = describe(&config);
        assert!(text.contains("VAPID_PRIVATE_KEY=****\n"), "{text}");
        assert!(!text.contains(key), "{text}");
    }

    #[test]
    fn check_config_shows_mail_without_the_smtp_password() {
        let text = describe(&Config::from_lookup(|_| None).unwrap());
        assert!(text.contains("SMTP_URL=(unset: e-mail is off)"), "{text}");
        let config = Config::from_lookup(|name| match name {
            "SMTP_URL" => Some("smtp://mailer:hunter2@mail.example.org:587?tls=required".into()),
            "MAIL_FROM" => Some("games@example.org".into()),
            _ => None,
        })
        .unwrap();
        let text = describe(&config);
        assert!(
            text.contains("SMTP_URL=smtp://mailer:****@mail.example.org:587?tls=required"),
            "{text}"
        );
        assert!(text.contains("MAIL_FROM=games@example.org"), "{text}");
        assert!(!text.contains("hunter2"));
    }
}
