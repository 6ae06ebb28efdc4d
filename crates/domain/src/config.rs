//! Typed configuration from environment variables, each with a default: [`VARIABLES`]
//! is the one list of them, and `docs/self-hosting.md` the reference a test checks
//! against it.

use std::{
    fmt,
    net::{IpAddr, SocketAddr},
    num::NonZeroU32,
    str::FromStr,
    time::Duration,
};

use ipnet::IpNet;

mod allowance;
mod variables;

pub use allowance::AllowanceConfig;
use variables::default_of;
pub use variables::{DEFAULT_DATABASE_URL, DefaultValue, VARIABLES, Variable};

/// The server's configuration. [`VARIABLES`] lists every variable with its default.
#[derive(Debug, Clone)]
pub struct Config {
    /// `LISTEN_ADDR`: the address to serve on.
    pub listen_addr: SocketAddr,
    /// `DATABASE_URL`: `sqlite://…` (created on first start) or `postgres://…`.
    pub database_url: Secret,
    /// `DATABASE_MAX_CONNECTIONS`: the pool's size.
    pub database_max_connections: u32,
    /// `DATABASE_ACQUIRE_TIMEOUT_MS`: how long a request waits for a pooled connection
    /// before it is answered 503 `database_unavailable`.
    pub database_acquire_timeout: Duration,
    /// `DATABASE_STATEMENT_TIMEOUT_MS`: the longest a statement may run (Postgres
    /// `statement_timeout`; on SQLite the busy timeout) before it fails and the request is
    /// answered 503.
    pub database_statement_timeout: Duration,
    /// `REQUEST_TIMEOUT_MS`: the longest a request may take before it is answered 503
    /// `request_timeout` and its work dropped, whatever it waits for (a database that
    /// stopped answering mid-query cannot report its own timeout).
    pub request_timeout: Duration,
    /// `MAX_STREAMS_PER_ADDRESS`: live event streams one client address may hold open at
    /// once; one more is answered 429 `too_many_streams`.
    pub max_streams_per_address: usize,
    /// `MAX_CONNECTIONS`: open HTTP connections served at once; beyond it only `/livez`
    /// and `/readyz` are answered, everything else gets 503 and the connection is closed
    /// (lowered to leave room below the file-descriptor limit).
    pub max_connections: usize,
    /// `MAX_CONNECTIONS_PER_ADDRESS`: open connections one client address may hold
    /// (`TRUSTED_PROXIES` are exempt); one more is closed at once.
    pub max_connections_per_address: usize,
    /// `HEADER_READ_TIMEOUT_MS`: the time a client has to send a request's headers, counted
    /// from the moment the connection is idle: so also how long a kept-alive connection
    /// may stay silent before it is closed.
    pub header_read_timeout: Duration,
    /// `BODY_READ_TIMEOUT_MS`: the longest a request's body may pause between two pieces
    /// before the request fails.
    pub body_read_timeout: Duration,
    /// `PUBLIC_URL`: the site's external base URL.
    /// Cookies get `Secure` when it is https; cross-site checks compare `Origin` with it.
    pub public_url: PublicUrl,
    /// `RUST_LOG`: the tracing filter.
    pub log_filter: String,
    /// `LOG_FORMAT`: `text` or `json`.
    pub log_format: LogFormat,
    /// `SWEEP_INTERVAL_SECS`: how often the timeout sweeper runs (0 turns it off).
    pub sweep_interval: Option<Duration>,
    /// `DOWNTIME_THRESHOLD_MINS`: a gap between two sweeper rounds longer than this is
    /// downtime, and every active game's deadline moves on by the gap before anything
    /// ends on time (at least 1).
    pub downtime_threshold_secs: i64,
    /// `VACATION_DAYS_PER_YEAR`: each player's vacation allowance, full again every
    /// 1 January UTC (0 turns vacations off).
    pub vacation_days_per_year: i64,
    /// `NOTIFICATION_RETENTION_DAYS`: notices older than this are deleted by the
    /// background job, read or not (1 to 3650).
    pub notification_retention_days: i64,
    /// `LOGIN_MAX_ATTEMPTS`: failed logins allowed per account and client address pair
    /// before each further attempt waits, twice as long after each failure.
    pub login_max_attempts: u32,
    /// `LOGIN_WINDOW_SECS`: how long failed logins are remembered.
    pub login_window_secs: i64,
    /// `SESSION_DAYS`: how long a browser session lasts.
    pub session_days: i64,
    /// `LEADERBOARD_ACTIVE_DAYS`: a player is on a variant's leaderboard while their last
    /// rated game of it ended at most this many days ago.
    pub leaderboard_active_days: i64,
    /// `BODY_LIMIT_BYTES`: the largest request body accepted.
    pub body_limit_bytes: usize,
    /// `CHAT_MESSAGES_PER_MINUTE`: game chat lines one player may send per minute, all
    /// at once or spread out; one more is answered 429 `chat_rate_limited`.
    pub chat_messages_per_minute: NonZeroU32,
    /// `GAMES_ALLOWANCE`, `GAMES_ALLOWANCE_CEILING`, `TIMEOUT_COOLDOWN_DAYS`: the games a
    /// player may take on ([`crate::allowance`]).
    pub allowance: AllowanceConfig,
    /// `TRUSTED_PROXIES`: reverse proxies (addresses or CIDR networks, comma-separated)
    /// whose `X-Forwarded-For` gives the client address.
    pub trusted_proxies: Vec<IpNet>,
    /// Limits on password hashing and on account requests per client address.
    pub accounts: AccountLimits,
    /// Web Push: the VAPID key and contact, and which endpoints are accepted.
    pub push: PushConfig,
    /// `SMTP_URL` and `MAIL_FROM`: e-mail, when both are set (neither: e-mail is off).
    pub mail: Option<MailConfig>,
    /// The computer opponents: the engine job's threads, budget and queue.
    pub engine: EngineConfig,
}

/// The computer opponents' settings (see [`crate::jobs::engine`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// `ENGINE_WORKERS`: threads of this instance that compute the computer's replies
    /// (0: this instance computes none, another instance on the same database
    /// does, or the replies wait in the queue).
    pub workers: usize,
    /// `ENGINE_NODES`: the search's node budget at level 8 (the levels below use a share
    /// of it; the default takes a few seconds per reply on one core).
    pub nodes: u64,
    /// `ENGINE_QUEUE_LIMIT`: pending replies (over all instances) beyond which new games
    /// against the computer are refused with 503 `computer_busy`. Replies
    /// in games already under way are always queued.
    pub queue_limit: i64,
    /// `ENGINE_PLAYER_QUEUE_LIMIT`: a player's games waiting for the computer's reply
    /// beyond which their new games against it are refused with 429
    /// `computer_replies_waiting` (the other players' are not).
    pub player_queue_limit: i64,
    /// `ENGINE_PLAYER_GAMES_LIMIT`: a player's active games against the computer beyond
    /// which their new ones are refused with 409 `too_many_computer_games`.
    pub player_games_limit: i64,
    /// `STOCKFISH_PATH`: a UCI engine (Debian's `stockfish` installs
    /// `/usr/games/stockfish`) that plays chess at levels 7 and 8 instead of the built-in
    /// search.
    pub stockfish_path: Option<std::path::PathBuf>,
}

impl EngineConfig {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<EngineConfig, ConfigError> {
        let workers: usize = parse(lookup, "ENGINE_WORKERS")?;
        if workers > 64 {
            return Err(ConfigError {
                variable: "ENGINE_WORKERS",
                message: "expected 0 to 64 threads".to_owned(),
            });
        }
        let nodes: u64 = parse(lookup, "ENGINE_NODES")?;
        if !(1_000..=1_000_000_000).contains(&nodes) {
            return Err(ConfigError {
                variable: "ENGINE_NODES",
                message: "expected 1000 to 1000000000 nodes".to_owned(),
            });
        }
        let queue_limit = count_between(lookup, "ENGINE_QUEUE_LIMIT", "replies")?;
        let player_queue_limit = count_between(lookup, "ENGINE_PLAYER_QUEUE_LIMIT", "replies")?;
        let player_games_limit = count_between(lookup, "ENGINE_PLAYER_GAMES_LIMIT", "games")?;
        let stockfish_path = lookup("STOCKFISH_PATH")
            .map(|path| path.trim().to_owned())
            .filter(|path| !path.is_empty())
            .map(std::path::PathBuf::from);
        if let Some(path) = &stockfish_path
            && !path.is_file()
        {
            return Err(ConfigError {
                variable: "STOCKFISH_PATH",
                message: format!("`{}` is not a file", path.display()),
            });
        }
        Ok(EngineConfig {
            workers,
            nodes,
            queue_limit,
            player_queue_limit,
            player_games_limit,
            stockfish_path,
        })
    }
}

/// Reads the count `variable` of `what`: 1 to 1,000,000.
fn count_between(
    lookup: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    what: &str,
) -> Result<i64, ConfigError> {
    let count: i64 = parse(lookup, variable)?;
    if (1..=1_000_000).contains(&count) {
        Ok(count)
    } else {
        Err(ConfigError {
            variable,
            message: format!("expected 1 to 1000000 {what}"),
        })
    }
}

/// Web Push settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushConfig {
    /// `VAPID_PRIVATE_KEY`: the VAPID private key (the P-256 scalar, 32 bytes in
    /// base64url, as `web-push generate-vapid-keys` prints it). Unset: a key pair is
    /// generated on first start and kept in the database.
    pub vapid_private_key: Option<Secret>,
    /// `VAPID_SUBJECT`: the contact push services may write to, a `mailto:` or `https:`
    /// URL (unset: `PUBLIC_URL`).
    pub vapid_subject: String,
    /// `PUSH_ALLOW_HTTP_ENDPOINTS`: accept plain-http push endpoints and endpoints on
    /// loopback or private addresses (only for tests and development,
    /// since a subscriber could otherwise make the server post into its own network).
    pub allow_http_endpoints: bool,
}

impl PushConfig {
    fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
        public_url: &PublicUrl,
    ) -> Result<PushConfig, ConfigError> {
        let vapid_private_key = lookup("VAPID_PRIVATE_KEY")
            .map(|key| key.trim().to_owned())
            .filter(|key| !key.is_empty());
        if let Some(key) = &vapid_private_key
            && let Err(message) = crate::push::client::VapidKeys::from_private(key)
        {
            return Err(ConfigError {
                variable: "VAPID_PRIVATE_KEY",
                message,
            });
        }
        let configured = lookup("VAPID_SUBJECT")
            .map(|subject| subject.trim().to_owned())
            .filter(|subject| !subject.is_empty());
        if let Some(subject) = &configured {
            let contact = subject
                .strip_prefix("mailto:")
                .or_else(|| subject.strip_prefix("https://"));
            if contact.is_none_or(|rest| rest.is_empty() || rest.contains(char::is_whitespace)) {
                return Err(ConfigError {
                    variable: "VAPID_SUBJECT",
                    message: "expected a mailto: or https: URL (push services write to it)"
                        .to_owned(),
                });
            }
        }
        let vapid_subject = configured.unwrap_or_else(|| public_url.base.clone());
        let allow_http_endpoints = match lookup("PUSH_ALLOW_HTTP_ENDPOINTS")
            .as_deref()
            .map(str::trim)
        {
            None | Some("" | "false" | "0") => false,
            Some("true" | "1") => true,
            Some(_) => {
                return Err(ConfigError {
                    variable: "PUSH_ALLOW_HTTP_ENDPOINTS",
                    message: "expected `true` or `false`".to_owned(),
                });
            }
        };
        Ok(PushConfig {
            vapid_private_key: vapid_private_key.map(Secret),
            vapid_subject,
            allow_http_endpoints,
        })
    }
}

/// How the server sends e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailConfig {
    /// `SMTP_URL`: the SMTP server in lettre's URL form (`smtp://host:port`,
    /// `smtp://user:password@host:587?tls=required`, `smtps://host`); it may hold a
    /// password.
    pub smtp_url: Secret,
    /// `MAIL_FROM`: the sender, `address` or `Name <address>`.
    pub from: String,
}

impl MailConfig {
    fn from_lookup(
        lookup: &impl Fn(&str) -> Option<String>,
    ) -> Result<Option<MailConfig>, ConfigError> {
        let value = |name| lookup(name).filter(|value| !value.trim().is_empty());
        match (value("SMTP_URL"), value("MAIL_FROM")) {
            (None, None) => Ok(None),
            (Some(_), None) => Err(ConfigError {
                variable: "MAIL_FROM",
                message: "SMTP_URL is set: set MAIL_FROM too (the sender's address)".to_owned(),
            }),
            (None, Some(_)) => Err(ConfigError {
                variable: "SMTP_URL",
                message: "MAIL_FROM is set: set SMTP_URL too (smtp://host:port)".to_owned(),
            }),
            (Some(url), Some(from)) => {
                let url = url.trim().to_owned();
                check_smtp_url(&url).map_err(|message| ConfigError {
                    variable: "SMTP_URL",
                    message,
                })?;
                let from = from.trim().to_owned();
                check_mailbox(&from).map_err(|message| ConfigError {
                    variable: "MAIL_FROM",
                    message,
                })?;
                Ok(Some(MailConfig {
                    smtp_url: Secret(url),
                    from,
                }))
            }
        }
    }
}

/// Limits that keep sign-up, login and token floods from taking the server down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountLimits {
    /// `HASH_THREADS`: threads that hash passwords.
    pub hash_threads: usize,
    /// `HASH_QUEUE`: password hashes that may wait for a thread; past it, 503 `busy`.
    pub hash_queue: usize,
    /// `SIGNUP_PER_HOUR`: sign-ups per client address per hour.
    pub signups_per_hour: NonZeroU32,
    /// `LOGIN_PER_MINUTE`: login requests (right or wrong) per client address per
    /// minute.
    pub logins_per_minute: NonZeroU32,
    /// `TOKEN_CREATIONS_PER_HOUR`: API tokens created per client address per hour.
    pub token_creations_per_hour: NonZeroU32,
    /// `LOGIN_ADDRESS_MAX_FAILURES`: failed logins per client address, over all
    /// accounts, within `LOGIN_WINDOW_SECS` before 429.
    pub address_max_failures: u32,
    /// `LOGIN_BACKOFF_MAX_SECS`: the longest wait after repeated failed logins for one
    /// account from one address.
    pub backoff_max_secs: i64,
    /// `MAX_TOKENS_PER_ACCOUNT`: API tokens one account may hold.
    pub max_tokens_per_account: u32,
}

impl AccountLimits {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<AccountLimits, ConfigError> {
        let at_least_one = |name: &'static str, value: usize| {
            if value == 0 {
                Err(ConfigError {
                    variable: name,
                    message: "expected at least 1".to_owned(),
                })
            } else {
                Ok(value)
            }
        };
        Ok(AccountLimits {
            hash_threads: at_least_one("HASH_THREADS", parse(lookup, "HASH_THREADS")?)?,
            hash_queue: at_least_one("HASH_QUEUE", parse(lookup, "HASH_QUEUE")?)?,
            signups_per_hour: parse(lookup, "SIGNUP_PER_HOUR")?,
            logins_per_minute: parse(lookup, "LOGIN_PER_MINUTE")?,
            token_creations_per_hour: parse(lookup, "TOKEN_CREATIONS_PER_HOUR")?,
            address_max_failures: parse(lookup, "LOGIN_ADDRESS_MAX_FAILURES")?,
            backoff_max_secs: parse(lookup, "LOGIN_BACKOFF_MAX_SECS")?,
            max_tokens_per_account: parse(lookup, "MAX_TOKENS_PER_ACCOUNT")?,
        })
    }
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line.
    Json,
}

/// A configuration variable held a value that could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The variable's name.
    pub variable: &'static str,
    /// What was wrong with its value.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}: {}", self.variable, self.message)
    }
}

impl std::error::Error for ConfigError {}

/// A value that must not appear in logs (it may hold a password).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret value.
    #[must_use]
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The value itself, for the one place that needs it.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// The site's external base URL, split into what the server needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl {
    /// The base URL without a trailing slash, such as `https://games.example.org`.
    pub base: String,
    /// `scheme://host[:port]`, what browsers send as `Origin`.
    pub origin: String,
    /// Whether the scheme is https (cookies then get `Secure`).
    pub https: bool,
}

impl FromStr for PublicUrl {
    type Err = String;
    fn from_str(text: &str) -> Result<PublicUrl, String> {
        let base = text.trim().trim_end_matches('/');
        let (https, rest) = if let Some(rest) = base.strip_prefix("https://") {
            (true, rest)
        } else if let Some(rest) = base.strip_prefix("http://") {
            (false, rest)
        } else {
            return Err("expected a URL starting with http:// or https://".to_owned());
        };
        let host = rest.split('/').next().unwrap_or_default();
        if host.is_empty() || host.contains(char::is_whitespace) {
            return Err("expected a host after the scheme".to_owned());
        }
        let scheme = if https { "https" } else { "http" };
        Ok(PublicUrl {
            base: base.to_owned(),
            origin: format!("{scheme}://{}", host.to_ascii_lowercase()),
            https,
        })
    }
}

impl Config {
    /// Reads the configuration from the process environment.
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] naming the first variable whose value is unusable.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup` (the environment, or a map in tests).
    ///
    /// # Errors
    ///
    /// A [`ConfigError`] naming the first variable whose value is unusable.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let listen_addr: SocketAddr = parse(&lookup, "LISTEN_ADDR")?;
        let database_url = lookup("DATABASE_URL")
            .filter(|url| !url.trim().is_empty())
            .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());
        if !(database_url.starts_with("sqlite:")
            || database_url.starts_with("postgres://")
            || database_url.starts_with("postgresql://"))
        {
            return Err(ConfigError {
                variable: "DATABASE_URL",
                message: "expected sqlite://… or postgres://…".to_owned(),
            });
        }
        let public_url: PublicUrl =
            parse_or(&lookup, "PUBLIC_URL", &format!("http://{listen_addr}"))?;
        let log_filter = lookup("RUST_LOG").unwrap_or_else(|| default_of("RUST_LOG").to_owned());
        if let Err(error) = tracing_subscriber::EnvFilter::try_new(&log_filter) {
            return Err(ConfigError {
                variable: "RUST_LOG",
                message: error.to_string(),
            });
        }
        let log_format = match lookup("LOG_FORMAT").as_deref().map(str::trim) {
            None | Some("" | "text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(_) => {
                return Err(ConfigError {
                    variable: "LOG_FORMAT",
                    message: "expected `text` or `json`".to_owned(),
                });
            }
        };
        let sweep_secs: u64 = parse(&lookup, "SWEEP_INTERVAL_SECS")?;
        let database_max_connections: u32 = parse(&lookup, "DATABASE_MAX_CONNECTIONS")?;
        if database_max_connections == 0 {
            return Err(ConfigError {
                variable: "DATABASE_MAX_CONNECTIONS",
                message: "expected at least 1".to_owned(),
            });
        }
        let millis = |name: &'static str| -> Result<Duration, ConfigError> {
            let value: u64 = parse(&lookup, name)?;
            if value == 0 {
                return Err(ConfigError {
                    variable: name,
                    message: "expected at least 1 millisecond".to_owned(),
                });
            }
            Ok(Duration::from_millis(value))
        };
        Ok(Config {
            listen_addr,
            database_url: Secret(database_url),
            database_max_connections,
            database_acquire_timeout: millis("DATABASE_ACQUIRE_TIMEOUT_MS")?,
            database_statement_timeout: millis("DATABASE_STATEMENT_TIMEOUT_MS")?,
            request_timeout: millis("REQUEST_TIMEOUT_MS")?,
            max_streams_per_address: parse(&lookup, "MAX_STREAMS_PER_ADDRESS")?,
            max_connections: parse(&lookup, "MAX_CONNECTIONS")?,
            max_connections_per_address: parse(&lookup, "MAX_CONNECTIONS_PER_ADDRESS")?,
            header_read_timeout: millis("HEADER_READ_TIMEOUT_MS")?,
            body_read_timeout: millis("BODY_READ_TIMEOUT_MS")?,
            log_filter,
            log_format,
            sweep_interval: (sweep_secs > 0).then(|| Duration::from_secs(sweep_secs)),
            downtime_threshold_secs: {
                let minutes: i64 = parse(&lookup, "DOWNTIME_THRESHOLD_MINS")?;
                if !(1..=525_600).contains(&minutes) {
                    return Err(ConfigError {
                        variable: "DOWNTIME_THRESHOLD_MINS",
                        message: "expected 1 to 525600 minutes".to_owned(),
                    });
                }
                minutes * 60
            },
            notification_retention_days: {
                let days: i64 = parse(&lookup, "NOTIFICATION_RETENTION_DAYS")?;
                if !(1..=3650).contains(&days) {
                    return Err(ConfigError {
                        variable: "NOTIFICATION_RETENTION_DAYS",
                        message: "expected 1 to 3650 days".to_owned(),
                    });
                }
                days
            },
            vacation_days_per_year: {
                let days: i64 = parse(&lookup, "VACATION_DAYS_PER_YEAR")?;
                if !(0..=366).contains(&days) {
                    return Err(ConfigError {
                        variable: "VACATION_DAYS_PER_YEAR",
                        message: "expected 0 to 366 days".to_owned(),
                    });
                }
                days
            },
            login_max_attempts: parse(&lookup, "LOGIN_MAX_ATTEMPTS")?,
            login_window_secs: parse(&lookup, "LOGIN_WINDOW_SECS")?,
            session_days: parse(&lookup, "SESSION_DAYS")?,
            leaderboard_active_days: parse(&lookup, "LEADERBOARD_ACTIVE_DAYS")?,
            body_limit_bytes: parse(&lookup, "BODY_LIMIT_BYTES")?,
            chat_messages_per_minute: parse(&lookup, "CHAT_MESSAGES_PER_MINUTE")?,
            allowance: AllowanceConfig::checked(
                parse(&lookup, "GAMES_ALLOWANCE")?,
                parse(&lookup, "GAMES_ALLOWANCE_CEILING")?,
                parse(&lookup, "TIMEOUT_COOLDOWN_DAYS")?,
            )?,
            trusted_proxies: parse_trusted(&lookup("TRUSTED_PROXIES").unwrap_or_default())
                .map_err(|message| ConfigError {
                    variable: "TRUSTED_PROXIES",
                    message,
                })?,
            accounts: AccountLimits::from_lookup(&lookup)?,
            mail: MailConfig::from_lookup(&lookup)?,
            engine: EngineConfig::from_lookup(&lookup)?,
            push: PushConfig::from_lookup(&lookup, &public_url)?,
            public_url,
        })
    }
}

/// Parses variable `name`, or its default in [`VARIABLES`] when it is unset or blank.
fn parse<T>(lookup: &impl Fn(&str) -> Option<String>, name: &'static str) -> Result<T, ConfigError>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    parse_or(lookup, name, default_of(name))
}

/// Parses variable `name`, or `default` when it is unset or blank.
fn parse_or<T>(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: &str,
) -> Result<T, ConfigError>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    let value = lookup(name).filter(|value| !value.trim().is_empty());
    let text = value.as_deref().unwrap_or(default).trim();
    text.parse().map_err(|error: T::Err| ConfigError {
        variable: name,
        message: format!("`{text}`: {error}"),
    })
}

/// Parses `TRUSTED_PROXIES`: addresses or CIDR networks, separated by commas or spaces
/// (empty: trust no one).
///
/// # Errors
///
/// An entry that is neither an IP address nor a network, as text naming it.
pub fn parse_trusted(text: &str) -> Result<Vec<IpNet>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            entry
                .parse::<IpNet>()
                .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| format!("`{entry}` is not an IP address or network"))
        })
        .collect()
}

/// Checks an `SMTP_URL`: a URL lettre can connect with.
///
/// # Errors
///
/// What is wrong with it.
pub fn check_smtp_url(url: &str) -> Result<(), String> {
    lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(url)
        .map(|_| ())
        .map_err(|error| {
            format!(
                "expected smtp://host[:port], smtps://host[:port] or \
                 smtp://host[:port]?tls=required ({error})"
            )
        })
}

/// Checks a `MAIL_FROM`: `address` or `Name <address>`.
///
/// # Errors
///
/// What is wrong with it.
pub fn check_mailbox(text: &str) -> Result<(), String> {
    text.parse::<lettre::message::Mailbox>()
        .map(|_| ())
        .map_err(|error| format!("expected `address` or `Name <address>` ({error})"))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults_serve_sqlite_on_localhost_8080() {
        let config = config(&[]).unwrap();
        assert_eq!(config.listen_addr, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(config.database_url.expose(), DEFAULT_DATABASE_URL);
        assert_eq!(config.public_url.origin, "http://127.0.0.1:8080");
        assert!(!config.public_url.https);
        assert_eq!(config.log_format, LogFormat::Text);
        assert_eq!(config.sweep_interval, Some(Duration::from_secs(60)));
        assert_eq!(config.database_acquire_timeout, Duration::from_secs(2));
        assert_eq!(config.database_statement_timeout, Duration::from_secs(3));
        assert_eq!(config.request_timeout, Duration::from_secs(4));
        assert_eq!(config.max_streams_per_address, 20);
        assert_eq!(config.engine.workers, 1);
        assert_eq!(config.engine.nodes, 1_000_000);
        assert_eq!(config.engine.queue_limit, 100);
        assert_eq!(config.engine.player_queue_limit, 3);
        assert_eq!(config.engine.player_games_limit, 30);
        assert_eq!(config.engine.stockfish_path, None);
    }

    #[test]
    fn a_bad_value_names_its_variable() {
        for (name, value) in [
            ("LISTEN_ADDR", "nowhere"),
            ("LOG_FORMAT", "yaml"),
            ("PUBLIC_URL", "ftp://x"),
            ("DATABASE_URL", "mysql://x"),
            ("SWEEP_INTERVAL_SECS", "-1"),
            ("RUST_LOG", "server=loud"),
            ("TRUSTED_PROXIES", "10.0.0.1,proxy"),
            ("DATABASE_STATEMENT_TIMEOUT_MS", "0"),
            ("REQUEST_TIMEOUT_MS", "0"),
            ("HEADER_READ_TIMEOUT_MS", "soon"),
            ("HASH_THREADS", "0"),
            ("HASH_QUEUE", "many"),
            ("SIGNUP_PER_HOUR", "0"),
            ("LOGIN_PER_MINUTE", "-3"),
            ("TOKEN_CREATIONS_PER_HOUR", "x"),
            ("LOGIN_ADDRESS_MAX_FAILURES", "lots"),
            ("LOGIN_BACKOFF_MAX_SECS", "soon"),
            ("MAX_TOKENS_PER_ACCOUNT", "-1"),
            ("VAPID_PRIVATE_KEY", "not-a-key"),
            ("VAPID_SUBJECT", "someone@example.org"),
            ("PUSH_ALLOW_HTTP_ENDPOINTS", "yes"),
            ("ENGINE_WORKERS", "65"),
            ("ENGINE_WORKERS", "-1"),
            ("ENGINE_NODES", "10"),
            ("ENGINE_QUEUE_LIMIT", "0"),
            ("ENGINE_PLAYER_QUEUE_LIMIT", "0"),
            ("ENGINE_PLAYER_GAMES_LIMIT", "1000001"),
            ("STOCKFISH_PATH", "/nonexistent/stockfish"),
        ] {
            let error = config(&[(name, value)]).unwrap_err();
            assert_eq!(error.variable, name);
            assert!(error.to_string().contains(name), "{error}");
        }
    }

    #[test]
    fn mail_needs_both_variables_and_good_values() {
        assert_eq!(config(&[]).unwrap().mail, None);
        let from = ("MAIL_FROM", "Boardgames <games@example.org>");
        for (vars, variable) in [
            (vec![("SMTP_URL", "smtp://localhost:25")], "MAIL_FROM"),
            (vec![from], "SMTP_URL"),
            (vec![("SMTP_URL", "http://localhost"), from], "SMTP_URL"),
            (vec![("SMTP_URL", "smtp://"), from], "SMTP_URL"),
            (vec![("SMTP_URL", "smtp://x?tls=maybe"), from], "SMTP_URL"),
            (
                vec![("SMTP_URL", "smtp://x"), ("MAIL_FROM", "not an address")],
                "MAIL_FROM",
            ),
        ] {
            let error = config(&vars).unwrap_err();
            assert_eq!(error.variable, variable, "{vars:?}");
        }
        for url in [
            "smtp://localhost:2525",
            "smtps://user:hunter2@mail.example.org",
            "smtp://mail.example.org:587?tls=required",
        ] {
            let mail = config(&[("SMTP_URL", url), from]).unwrap().mail.unwrap();
            assert_eq!(mail.smtp_url.expose(), url);
            assert_eq!(mail.from, "Boardgames <games@example.org>");
        }
        let config = config(&[("SMTP_URL", "smtps://u:hunter2@mail.example.org"), from]).unwrap();
        assert!(!format!("{config:?}").contains("hunter2"));
    }

    #[test]
    fn public_url_gives_origin_and_secure_flag() {
        let url: PublicUrl = "https://Games.Example.org/base/".parse().unwrap();
        assert_eq!(url.origin, "https://games.example.org");
        assert_eq!(url.base, "https://Games.Example.org/base");
        assert!(url.https);
    }

    #[test]
    fn secrets_do_not_print() {
        let config = config(&[("DATABASE_URL", "postgres://u:hunter2@db/x")]).unwrap();
        assert!(!format!("{config:?}").contains("hunter2"));
        let key = "RS0WdYWWo1HajXg3NZR1olzCf31i-ZBGDkFyCs7j1jw";
        let with_key = self::config(&[("VAPID_PRIVATE_KEY", key)]).unwrap();
        assert!(!format!("{with_key:?}").contains(key));
    }

    #[test]
    fn the_vapid_subject_defaults_to_the_public_url() {
        let push = config(&[("PUBLIC_URL", "https://games.example.org/")])
            .unwrap()
            .push;
        assert_eq!(push.vapid_subject, "https://games.example.org");
        assert!(push.vapid_private_key.is_none());
        assert!(!push.allow_http_endpoints);
        let push = config(&[("VAPID_SUBJECT", "mailto:admin@example.org")])
            .unwrap()
            .push;
        assert_eq!(push.vapid_subject, "mailto:admin@example.org");
    }
}
