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
//! - **A fair share.** The queue is served round-robin across players
//!   ([`store::engine::claim_due`]), and [`start`] refuses a player's new game while
//!   `ENGINE_PLAYER_QUEUE_LIMIT` of their games wait for a reply (429
//!   `computer_replies_waiting`) or `ENGINE_PLAYER_GAMES_LIMIT` are active (409
//!   `too_many_computer_games`), whatever the others hold; 503 `computer_busy` is kept
//!   for a queue full over all players (`ENGINE_QUEUE_LIMIT`). Moves in games under way
//!   are always answered.

use rules::Variant;

pub mod players;

pub use players::{
    ID_PREFIX, NAME_PREFIX, NO_PASSWORD, account_id, account_name, challenge_refused,
    is_computer_name, is_reserved_name, level, level_of, level_of_id, queue_reply, seed_accounts,
    side_of,
};

use crate::{
    Services,
    accounts::user::{AccountKind, User},
    challenges::ColorChoice,
    game::{self, ClockSettings, GameSource, NewGameRequest, StopRules, TimeControl},
};
use store::{engine as queue, users};
use vocab::error::AppError;

/// How long a player is asked to wait when the computer's queue is full (seconds).
pub const BUSY_RETRY_AFTER_SECS: u64 = 60;

/// How long a player is asked to wait when their own games waiting for the computer's
/// reply are as many as they may be (seconds): a reply takes seconds.
pub const WAITING_RETRY_AFTER_SECS: u64 = 10;

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

/// Starts a game of `user` against the computer: checks the request, refuses it while
/// the player has their share of the computer (`ENGINE_PLAYER_GAMES_LIMIT` active games
/// against it, `ENGINE_PLAYER_QUEUE_LIMIT` of them waiting for its reply) or the reply
/// queue holds `ENGINE_QUEUE_LIMIT` replies, and creates the game (never rated) in one
/// transaction, with the computer's first reply queued when it moves first. Returns the
/// game's id.
///
/// # Errors
///
/// 422 `unknown_variant`, `invalid_level`, `invalid_color`, `invalid_days_per_move`,
/// `invalid_time_control`; 409 `too_many_computer_games`; 429
/// `computer_replies_waiting`; 503 `computer_busy` when the queue is full, `unavailable`
/// when the level's account is missing; database errors.
pub async fn start(
    state: &Services,
    user: &User,
    request: &NewComputerGame,
) -> Result<String, AppError> {
    let variant = request.variant;
    let level = level(request.level)?;
    let control = request.time_control.validated()?;
    let computer_id = account_id(level);
    let players = request.color.seats(&user.id, &computer_id);
    let now = state.now();
    let limits = &state.config.engine;
    let mut tx = state.db.begin_write().await?;
    // The first statement writes (on SQLite the write lock is then held before the
    // reads below): the player's own row.
    if !users::lock(&mut tx, &user.id).await? {
        tx.rollback().await?;
        return Err(AppError::Unauthenticated("no such player".to_owned()));
    }
    // The player's own share first: a refusal they can end themselves, never
    // `computer_busy`.
    let games = queue::active_games_of_player(&mut tx, &user.id).await?;
    if games >= limits.player_games_limit {
        tx.rollback().await?;
        return Err(AppError::conflict(
            "too_many_computer_games",
            format!(
                "you have {games} games against the computer under way, the most a player \
                 may have: finish or resign one first"
            ),
        ));
    }
    let waiting = queue::pending_for_player(&mut tx, &user.id).await?;
    if waiting >= limits.player_queue_limit {
        tx.rollback().await?;
        return Err(AppError::ComputerRepliesWaiting {
            waiting,
            retry_after: WAITING_RETRY_AFTER_SECS,
        });
    }
    if queue::pending(&mut tx).await? >= limits.queue_limit {
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
    let clock = ClockSettings {
        control,
        stops: request.stops,
        limit: None,
    };
    let request = NewGameRequest::with_random_setup(
        variant,
        players,
        clock,
        (GameSource::Computer, None),
        false,
    );
    let created = game::create(state, &mut tx, &request, now).await?;
    tx.commit().await?;
    Ok(created.committed(state))
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

#[cfg(test)]
mod tests {
    use engine::Level;

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
