//! Playing the computer: its accounts (one per level), new games against it, and its
//! replies, queued in the transaction that makes it the computer's turn and played by
//! the engine job ([`crate::jobs::engine`]).
//!
//! - **Accounts.** Levels 1 to 8 each have an account of kind `computer`, id
//!   `computer-<level>` (a person's id is 16 hex digits, so the two never meet) and name
//!   `Computer-<level>`, inserted at start-up if absent ([`seed_accounts`]). Its stored
//!   password hash is no hash at all, and [`crate::accounts::authenticate`]
//!   refuses every account that is not a person's, so nobody signs in as the computer.
//!   Names of the form `Computer-<digit>…` (any case) and `computer` itself are kept from
//!   people ([`is_reserved_name`]).
//! - **Games.** [`start`] creates a game against the computer through the lifecycle's one
//!   create function, source `computer`, never rated (it counts in the variant
//!   statistics and the players' counters like every finished game). A challenge
//!   addressed to the computer is refused ([`challenge_refused`]): it points to "Play the
//!   computer".
//! - **Replies.** When a move (or the new game) leaves the computer to move, its reply
//!   is queued in the same transaction ([`queue_reply`]): a row of `engine_queue` with
//!   the ply it answers, the level and a random seed. The engine job claims it with a
//!   lease, searches on its own threads, and plays the move through the lifecycle's move
//!   path with the ply guard, deleting the row in that transaction.

use engine::Level;
use rules::{AnyGame, Color, Variant};

use crate::{
    Services,
    accounts::{AccountKind, User},
    challenges::ColorChoice,
    game::{self, ClockSettings, GameSource, NewGameRequest, StopRules, TimeControl},
};
use store::{Database, engine as queue, users};
use vocab::error::AppError;

/// The ids of the computer's accounts: `computer-1` to `computer-8`.
pub const ID_PREFIX: &str = "computer-";

/// The names of the computer's accounts: `Computer-1` to `Computer-8`.
pub const NAME_PREFIX: &str = "Computer-";

/// What a computer account stores as its password hash: not a PHC string, so no
/// password can ever match it (and the hashing threads are never asked to try).
pub const NO_PASSWORD: &str = "!computer account: no password";

/// The account id of `level`.
#[must_use]
pub fn account_id(level: Level) -> String {
    format!("{ID_PREFIX}{}", level.number())
}

/// The name `level`'s account is created with.
#[must_use]
pub fn account_name(level: Level) -> String {
    format!("{NAME_PREFIX}{}", level.number())
}

/// The level of the account `user_id`, if it is one of the computer's ids.
#[must_use]
pub fn level_of_id(user_id: &str) -> Option<Level> {
    Level::ALL
        .into_iter()
        .find(|level| account_id(*level) == user_id)
}

/// The level of the account `user_id` of kind `kind`, if it is the computer's.
#[must_use]
pub fn level_of(user_id: &str, kind: AccountKind) -> Option<Level> {
    (kind == AccountKind::Computer)
        .then(|| level_of_id(user_id))
        .flatten()
}

/// Whether a person may not register `name`: `computer`, or `computer` followed by a
/// digit (directly, or after one `-` or `_`), in any case.
#[must_use]
pub fn is_reserved_name(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    let Some(rest) = name.strip_prefix("computer") else {
        return false;
    };
    let rest = rest
        .strip_prefix('-')
        .or_else(|| rest.strip_prefix('_'))
        .unwrap_or(rest);
    name == "computer" || rest.starts_with(|c: char| c.is_ascii_digit())
}

/// Inserts the account of every level that has none. A level whose name a person took
/// before it was reserved gets `Computer-<level>-2` (or the next free number). Safe to
/// run in several instances at once.
///
/// # Errors
///
/// Database errors.
pub async fn seed_accounts(db: &Database, now: i64) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    for level in Level::ALL {
        let id = account_id(level);
        let base = account_name(level);
        for attempt in 1..=9 {
            let name = if attempt == 1 {
                base.clone()
            } else {
                format!("{base}-{attempt}")
            };
            if queue::insert_account(&mut conn, &id, &name, NO_PASSWORD, now).await? {
                break;
            }
            match queue::account(&mut conn, &id).await? {
                Some((_, kind)) if kind == AccountKind::Computer.as_str() => break,
                Some((name, kind)) => {
                    tracing::error!(%id, %name, %kind, "the computer's account id is taken by another kind of account");
                    break;
                }
                None => {
                    tracing::warn!(%id, %name, "a computer account's name is taken; trying another")
                }
            }
        }
    }
    Ok(())
}

/// The 422 of a challenge addressed to the computer account `name`.
#[must_use]
pub fn challenge_refused(name: &str) -> AppError {
    AppError::invalid(
        "computer_opponent",
        format!(
            "{name} is the computer: play it with \"Play the computer\" in the lobby \
             (or POST /api/v1/computer-games), not with a challenge"
        ),
    )
}

/// How long a player is asked to wait when the computer's queue is full (seconds).
pub const BUSY_RETRY_AFTER_SECS: u64 = 60;

/// A new game against the computer, as a form or the API asks for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewComputerGame {
    /// The variant.
    pub variant: Variant,
    /// The computer's level, 1 to 8.
    pub level: i64,
    /// The player's colour.
    pub color: ColorChoice,
    /// The game's time control (checked here).
    pub time_control: TimeControl,
    /// Whether weekends and vacations stop the clocks.
    pub stops: StopRules,
}

/// Reads a level: 1 to 8.
///
/// # Errors
///
/// 422 `invalid_level`.
pub fn level(number: i64) -> Result<Level, AppError> {
    u8::try_from(number)
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| AppError::invalid("invalid_level", "the computer's level is 1 to 8"))
}

/// Starts a game of `user` against the computer: checks the request, refuses it while
/// the reply queue holds `ENGINE_QUEUE_LIMIT` replies, and creates the game (never
/// rated) in one transaction, with the computer's first reply queued when it moves
/// first. Returns the game's id.
///
/// # Errors
///
/// 422 `unknown_variant`, `invalid_level`, `invalid_color`, `invalid_days_per_move`,
/// `invalid_time_control`; 503 `computer_busy` when the queue is full, `unavailable`
/// when the level's account is missing; database errors.
pub async fn start(
    state: &Services,
    user: &User,
    request: &NewComputerGame,
) -> Result<String, AppError> {
    let variant = request.variant;
    let level = level(request.level)?;
    let color = request.color;
    let control = request.time_control.validated()?;
    let player_white = match color {
        ColorChoice::White => true,
        ColorChoice::Black => false,
        ColorChoice::Random => rand::random::<bool>(),
    };
    let computer_id = account_id(level);
    let (white_id, black_id) = if player_white {
        (user.id.as_str(), computer_id.as_str())
    } else {
        (computer_id.as_str(), user.id.as_str())
    };
    let now = state.now();
    let limit = state.config.engine.queue_limit;
    let mut tx = state.db.begin_write().await?;
    // The first statement writes (on SQLite the write lock is then held before the
    // reads below): the player's own row.
    if !users::lock(&mut tx, &user.id).await? {
        tx.rollback().await?;
        return Err(AppError::Unauthenticated("no such player".to_owned()));
    }
    if queue::pending(&mut tx).await? >= limit {
        tx.rollback().await?;
        return Err(AppError::ComputerBusy {
            retry_after: BUSY_RETRY_AFTER_SECS,
        });
    }
    match queue::account(&mut tx, &computer_id).await? {
        Some((_, kind)) if kind == AccountKind::Computer.as_str() => {}
        _ => {
            tx.rollback().await?;
            return Err(AppError::Unavailable(format!(
                "the account {computer_id} of the computer is missing"
            )));
        }
    }
    let request = NewGameRequest {
        variant,
        white_id,
        black_id,
        setup: AnyGame::random_setup(variant, &mut rand::rng()),
        clock: ClockSettings {
            control,
            stops: request.stops,
        },
        source: GameSource::Computer,
        source_id: None,
        rated: false,
    };
    let created = game::create(state, &mut tx, &request, now).await?;
    tx.commit().await?;
    Ok(created.committed(state))
}

/// Queues the computer's reply (at `level`) in game `game_id` at ply `ply`, with a fresh
/// seed, in the caller's transaction. Returns whether a row was written (one already
/// queued for the ply is kept, with its seed).
///
/// # Errors
///
/// Database errors.
pub async fn queue_reply(
    conn: &mut sqlx::AnyConnection,
    game_id: &str,
    ply: i64,
    level: Level,
    now: i64,
) -> Result<bool, AppError> {
    // The seed's 64 bits, stored as a signed integer.
    let seed = i64::from_ne_bytes(rand::random::<u64>().to_ne_bytes());
    Ok(queue::queue(conn, game_id, ply, i64::from(level.number()), seed, now).await?)
}

/// Queues the reply of every active game whose computer is to move and has no reply
/// queued (games copied from another database by `copy-data`, which leaves the queue
/// behind, or a row lost any other way), at most `limit` of them. Returns how many were
/// queued.
///
/// # Errors
///
/// Database errors.
pub async fn queue_unanswered(state: &Services, limit: i64) -> Result<usize, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let games = queue::unanswered(&mut conn, limit).await?;
    let now = state.now();
    let mut queued = 0;
    for (game_id, ply, computer_id) in games {
        if let Some(level) = level_of_id(&computer_id)
            && queue_reply(&mut conn, &game_id, ply, level, now).await?
        {
            queued += 1;
        }
    }
    Ok(queued)
}

/// The colour the computer plays in a game between `white_id` and `black_id`, with its
/// level, if one of them is the computer.
#[must_use]
pub fn side_of(white_id: &str, black_id: &str) -> Option<(Color, Level)> {
    level_of_id(white_id)
        .map(|level| (Color::White, level))
        .or_else(|| level_of_id(black_id).map(|level| (Color::Black, level)))
}

/// Whether the account called `name` is the computer's (`None`: nobody is called so).
///
/// # Errors
///
/// Database errors.
pub async fn is_computer_name(
    conn: &mut sqlx::AnyConnection,
    name: &str,
) -> Result<Option<bool>, sqlx::Error> {
    Ok(users::by_name(conn, name)
        .await?
        .map(|row| row.kind == AccountKind::Computer.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names_of_every_level() {
        for level in Level::ALL {
            let id = account_id(level);
            assert_eq!(level_of_id(&id), Some(level));
            assert_eq!(level_of(&id, AccountKind::Computer), Some(level));
            assert_eq!(level_of(&id, AccountKind::Human), None);
            assert!(is_reserved_name(&account_name(level)));
            // A person's id is 16 hex digits: never one of these.
            assert_ne!(id.len(), 16);
        }
        assert_eq!(level_of_id("computer-9"), None);
        assert_eq!(level_of_id("computer-01"), None);
        assert_eq!(level_of_id("0123456789abcdef"), None);
    }

    #[test]
    fn reserved_names_ignore_case() {
        for name in [
            "computer",
            "COMPUTER-3",
            "Computer-8",
            "computer-12",
            "Computer-1-2",
            "computer_1",
            "Computer7",
        ] {
            assert!(is_reserved_name(name), "{name}");
        }
        for name in [
            "computers",
            "computer-whiz",
            "my-computer-1",
            "compute-1",
            "computer--1",
        ] {
            assert!(!is_reserved_name(name), "{name}");
        }
    }

    #[test]
    fn levels_read_from_numbers() {
        assert_eq!(level(1).unwrap().number(), 1);
        assert_eq!(level(8).unwrap().number(), 8);
        for bad in [0, 9, -1, 256, i64::MAX] {
            assert_eq!(level(bad).unwrap_err().code(), "invalid_level");
        }
    }

    #[test]
    fn the_stored_hash_is_no_phc_string() {
        assert!(!NO_PASSWORD.starts_with('$'));
    }
}
