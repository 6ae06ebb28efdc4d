//! The computer as a player: its eight accounts (one per level), their ids and names,
//! the names kept from people, and its replies queued for the engine job.

use engine::Level;
use rules::Color;

use crate::accounts::user::AccountKind;
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
