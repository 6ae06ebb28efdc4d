//! The one list of the configuration's environment variables: each name, its default and
//! a one-line meaning. The parser takes its defaults from here, and the tests below check
//! the list against the parser's source and against the reference table of
//! `docs/self-hosting.md`, so the three cannot drift apart.

/// The database file used when `DATABASE_URL` is unset.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/boardgames.db";

/// One environment variable the configuration reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variable {
    /// The variable's name, such as `LISTEN_ADDR`.
    pub name: &'static str,
    /// What an unset (or blank) variable means.
    pub default: DefaultValue,
    /// What the variable sets, in one line.
    pub meaning: &'static str,
}

/// What an unset or blank variable means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultValue {
    /// This value, read as if it had been set.
    Literal(&'static str),
    /// No value of its own: what happens instead, in words (Markdown, as the reference
    /// table shows it).
    Derived(&'static str),
}

impl DefaultValue {
    /// The default as the reference table writes it: a literal in backticks, a derived
    /// default as its words.
    #[must_use]
    pub fn as_markdown(self) -> String {
        match self {
            DefaultValue::Literal(value) => format!("`{value}`"),
            DefaultValue::Derived(words) => words.to_owned(),
        }
    }
}

use DefaultValue::{Derived, Literal};

/// Every variable the configuration reads, in the order of the reference table
/// (`docs/self-hosting.md`, "Configuration reference").
pub const VARIABLES: &[Variable] = &[
    Variable {
        name: "LISTEN_ADDR",
        default: Literal("127.0.0.1:8080"),
        meaning: "the address and port to serve on",
    },
    Variable {
        name: "DATABASE_URL",
        default: Literal(DEFAULT_DATABASE_URL),
        meaning: "`sqlite://path` or `postgres://user:password@host/name`",
    },
    Variable {
        name: "DATABASE_MAX_CONNECTIONS",
        default: Literal("10"),
        meaning: "the size of the connection pool",
    },
    Variable {
        name: "DATABASE_ACQUIRE_TIMEOUT_MS",
        default: Literal("2000"),
        meaning: "the wait for a pooled connection before 503 `database_unavailable`",
    },
    Variable {
        name: "DATABASE_STATEMENT_TIMEOUT_MS",
        default: Literal("3000"),
        meaning: "the longest statement (Postgres `statement_timeout`, SQLite busy timeout)",
    },
    Variable {
        name: "REQUEST_TIMEOUT_MS",
        default: Literal("4000"),
        meaning: "the longest a request may take before 503 `request_timeout`",
    },
    Variable {
        name: "MAX_CONNECTIONS",
        default: Literal("1024"),
        meaning: "open connections served; beyond, only `/livez` and `/readyz` answer",
    },
    Variable {
        name: "MAX_CONNECTIONS_PER_ADDRESS",
        default: Literal("64"),
        meaning: "open connections of one client address (`TRUSTED_PROXIES` exempt)",
    },
    Variable {
        name: "MAX_STREAMS_PER_ADDRESS",
        default: Literal("20"),
        meaning: "open event streams of one client address (429 `too_many_streams` above)",
    },
    Variable {
        name: "HEADER_READ_TIMEOUT_MS",
        default: Literal("10000"),
        meaning: "the time to send a request's headers, and to stay silent when kept alive",
    },
    Variable {
        name: "BODY_READ_TIMEOUT_MS",
        default: Literal("10000"),
        meaning: "the longest pause inside a request body",
    },
    Variable {
        name: "PUBLIC_URL",
        default: Derived("`http://` + `LISTEN_ADDR`"),
        meaning: "the address people use (https makes cookies `Secure`; `Origin` checks)",
    },
    Variable {
        name: "RUST_LOG",
        default: Literal("info"),
        meaning: "the log filter",
    },
    Variable {
        name: "LOG_FORMAT",
        default: Literal("text"),
        meaning: "`text` or `json` (one object per line)",
    },
    Variable {
        name: "TRUSTED_PROXIES",
        default: Derived("empty"),
        meaning: "reverse proxies whose `X-Forwarded-For` is believed (addresses, networks)",
    },
    Variable {
        name: "SWEEP_INTERVAL_SECS",
        default: Literal("60"),
        meaning: "how often overdue games are ended on time; `0` turns the sweeper off",
    },
    Variable {
        name: "DOWNTIME_THRESHOLD_MINS",
        default: Literal("60"),
        meaning: "a longer gap between sweeper rounds is downtime: deadlines move on by it",
    },
    Variable {
        name: "VACATION_DAYS_PER_YEAR",
        default: Literal("30"),
        meaning: "each player's vacation allowance (0: no vacations)",
    },
    Variable {
        name: "NOTIFICATION_RETENTION_DAYS",
        default: Literal("90"),
        meaning: "notices older than this are deleted, read or not (1 to 3650)",
    },
    Variable {
        name: "VAPID_PRIVATE_KEY",
        default: Derived("generated"),
        meaning: "the Web Push VAPID private key (unset: generated and kept in the database)",
    },
    Variable {
        name: "VAPID_SUBJECT",
        default: Derived("`PUBLIC_URL`"),
        meaning: "the contact push services may write to: `mailto:…` or `https://…`",
    },
    Variable {
        name: "PUSH_ALLOW_HTTP_ENDPOINTS",
        default: Literal("false"),
        meaning: "accept http and private-address push endpoints (tests and development)",
    },
    Variable {
        name: "SMTP_URL",
        default: Derived("unset"),
        meaning: "the SMTP server for e-mail (with `MAIL_FROM`; neither: no e-mail)",
    },
    Variable {
        name: "MAIL_FROM",
        default: Derived("unset"),
        meaning: "the sender of every mail (with `SMTP_URL`)",
    },
    Variable {
        name: "LOGIN_MAX_ATTEMPTS",
        default: Literal("5"),
        meaning: "failed logins per account and address before each retry waits, doubling",
    },
    Variable {
        name: "LOGIN_WINDOW_SECS",
        default: Literal("900"),
        meaning: "how long failed logins are remembered",
    },
    Variable {
        name: "LOGIN_BACKOFF_MAX_SECS",
        default: Literal("900"),
        meaning: "the longest wait for one account from one address",
    },
    Variable {
        name: "LOGIN_ADDRESS_MAX_FAILURES",
        default: Literal("100"),
        meaning: "failed logins per address over all accounts within the window before 429",
    },
    Variable {
        name: "SIGNUP_PER_HOUR",
        default: Literal("20"),
        meaning: "sign-ups per client address per hour",
    },
    Variable {
        name: "LOGIN_PER_MINUTE",
        default: Literal("30"),
        meaning: "login requests, right or wrong, per client address per minute",
    },
    Variable {
        name: "TOKEN_CREATIONS_PER_HOUR",
        default: Literal("30"),
        meaning: "API tokens made per client address per hour",
    },
    Variable {
        name: "HASH_THREADS",
        default: Literal("2"),
        meaning: "threads that hash passwords",
    },
    Variable {
        name: "HASH_QUEUE",
        default: Literal("32"),
        meaning: "password hashes that may wait for a thread (503 `busy` beyond)",
    },
    Variable {
        name: "MAX_TOKENS_PER_ACCOUNT",
        default: Literal("20"),
        meaning: "API tokens one account may hold",
    },
    Variable {
        name: "SESSION_DAYS",
        default: Literal("30"),
        meaning: "how long a browser session lasts",
    },
    Variable {
        name: "LEADERBOARD_ACTIVE_DAYS",
        default: Literal("180"),
        meaning: "days since a player's last rated game that keep them on a leaderboard",
    },
    Variable {
        name: "BODY_LIMIT_BYTES",
        default: Literal("16384"),
        meaning: "the largest request body accepted",
    },
    Variable {
        name: "CHAT_MESSAGES_PER_MINUTE",
        default: Literal("10"),
        meaning: "game chat lines one player may send per minute",
    },
    Variable {
        name: "GAMES_ALLOWANCE",
        default: Literal("20"),
        meaning: "the active games a player may have before finishing any",
    },
    Variable {
        name: "GAMES_ALLOWANCE_CEILING",
        default: Literal("100"),
        meaning: "the most active games a player's allowance grows to",
    },
    Variable {
        name: "TIMEOUT_COOLDOWN_DAYS",
        default: Literal("30"),
        meaning: "days after a loss on time without tournament entries (0: off)",
    },
    Variable {
        name: "ENGINE_WORKERS",
        default: Literal("1"),
        meaning: "threads of this instance that compute the computer's replies (0 to 64)",
    },
    Variable {
        name: "ENGINE_NODES",
        default: Literal("1000000"),
        meaning: "the search's node budget at level 8 (the levels below use a share)",
    },
    Variable {
        name: "ENGINE_QUEUE_LIMIT",
        default: Literal("100"),
        meaning: "pending replies beyond which new games against the computer get 503",
    },
    Variable {
        name: "ENGINE_PLAYER_QUEUE_LIMIT",
        default: Literal("3"),
        meaning: "a player's games waiting for a reply beyond which their new games get 429",
    },
    Variable {
        name: "ENGINE_PLAYER_GAMES_LIMIT",
        default: Literal("30"),
        meaning: "a player's active games against the computer beyond which new ones get 409",
    },
    Variable {
        name: "STOCKFISH_PATH",
        default: Derived("unset"),
        meaning: "a UCI chess engine that plays chess at levels 7 and 8",
    },
];

/// The literal default of variable `name`, which the parser reads when it is unset.
///
/// # Panics
///
/// When `name` is not in [`VARIABLES`] with a literal default: a mistake in this file,
/// which the tests find (reading the configuration from nothing reaches every call).
pub(super) fn default_of(name: &str) -> &'static str {
    match VARIABLES.iter().find(|variable| variable.name == name) {
        Some(Variable {
            default: Literal(value),
            ..
        }) => value,
        _ => panic!("{name} needs a literal default in config::VARIABLES"),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The rows of the reference table: the first two cells of each row whose first cell
    /// names a variable, under the heading "Configuration reference".
    fn documented() -> Vec<(String, String)> {
        let doc = include_str!("../../../../docs/self-hosting.md");
        let section = doc
            .split("\n## Configuration reference\n")
            .nth(1)
            .expect("docs/self-hosting.md has a \"Configuration reference\" section");
        let section = section.split("\n## ").next().unwrap_or(section);
        section
            .lines()
            .filter(|line| line.starts_with("| `"))
            .map(|line| {
                let mut cells = line.trim_matches('|').split(" | ").map(str::trim);
                let name = cells.next().unwrap_or_default().trim_matches('`');
                let default = cells.next().unwrap_or_default();
                (name.to_owned(), default.to_owned())
            })
            .collect()
    }

    #[test]
    fn the_reference_table_lists_every_variable_with_its_default() {
        let rows = documented();
        for variable in VARIABLES {
            let row = rows.iter().find(|(name, _)| name == variable.name);
            let Some((_, default)) = row else {
                panic!("docs/self-hosting.md's table lacks {}", variable.name);
            };
            assert_eq!(
                *default,
                variable.default.as_markdown(),
                "the default of {} in docs/self-hosting.md",
                variable.name
            );
        }
        for (name, _) in &rows {
            assert!(
                VARIABLES.iter().any(|variable| variable.name == name),
                "docs/self-hosting.md lists {name}, which the configuration does not read"
            );
        }
        assert_eq!(rows.len(), VARIABLES.len(), "a variable documented twice");
    }

    #[test]
    fn the_parser_reads_exactly_the_listed_variables() {
        let source = include_str!("../config.rs");
        let read: BTreeSet<&str> = source
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|literal| {
                literal.len() > 2
                    && literal.contains('_')
                    && literal
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            })
            .collect();
        let listed: BTreeSet<&str> = VARIABLES.iter().map(|variable| variable.name).collect();
        assert_eq!(read, listed);
    }

    #[test]
    fn names_are_unique_and_meanings_one_line() {
        let names: BTreeSet<&str> = VARIABLES.iter().map(|variable| variable.name).collect();
        assert_eq!(names.len(), VARIABLES.len());
        for variable in VARIABLES {
            assert!(!variable.meaning.contains('\n'), "{}", variable.name);
        }
    }
}
