//! The games a player may take on, so that nobody starts more games than they can play:
//! an allowance of active games earned by finishing games, and a pause on tournament
//! entries after a loss on time. Games against the computer count for neither (they
//! keep nobody waiting); administrators and the computer are never limited. Limits in
//! [`crate::config::AllowanceConfig`]; see docs/time.md.

use sqlx::AnyConnection;

use crate::{
    Services,
    accounts::user::{AccountKind, User},
};
use store::standing::{self, StandingRow};
use vocab::{clock::rfc3339, error::AppError};

const DAY: i64 = 86_400;

async fn standing_of(conn: &mut AnyConnection, user_id: &str) -> Result<StandingRow, AppError> {
    standing::of_user(conn, user_id)
        .await?
        .ok_or(AppError::NotFound("player"))
}

/// Checks that `user` may take on one more game: fewer active games against people than
/// their allowance ([`crate::config::AllowanceConfig::games_for`] their finished ones).
/// `whose`: how the refusal names them (`you`, or the challenger by name).
///
/// # Errors
///
/// 409 `game_allowance` saying how to earn more; database errors.
pub async fn check_new_game(
    state: &Services,
    conn: &mut AnyConnection,
    user: (&str, AccountKind),
    whose: Option<&str>,
) -> Result<(), AppError> {
    let (user_id, kind) = user;
    if kind == AccountKind::Computer {
        return Ok(());
    }
    let row = standing_of(conn, user_id).await?;
    let limits = state.config.allowance;
    let allowed = limits.games_for(row.finished);
    if row.is_admin == 1 || row.active < allowed {
        return Ok(());
    }
    let who = whose.map_or_else(|| "you play".to_owned(), |name| format!("{name} plays"));
    Err(AppError::conflict(
        "game_allowance",
        format!(
            "{who} {} games, as many as the allowance lets one take on now: {} and one more \
             for each game finished, up to {}; a game must end before another begins",
            row.active, limits.base, limits.ceiling
        ),
    ))
}

/// Checks that `user` may enter a tournament: the allowance as for a new game, and no
/// loss on time in the last [`cooldown_days`](crate::config::AllowanceConfig) days.
///
/// # Errors
///
/// 409 `game_allowance`, `timeout_cooldown` saying when entries open again; database
/// errors.
pub async fn check_entry(
    state: &Services,
    conn: &mut AnyConnection,
    user: &User,
) -> Result<(), AppError> {
    check_new_game(state, conn, (&user.id, user.kind), None).await?;
    let days = state.config.allowance.cooldown_days;
    if days == 0 {
        return Ok(());
    }
    let row = standing_of(conn, &user.id).await?;
    match row.last_time_loss {
        Some(lost) if row.is_admin == 0 && lost + days * DAY > state.now() => {
            let until = rfc3339(lost + days * DAY);
            Err(AppError::conflict(
                "timeout_cooldown",
                format!(
                    "a game of yours was lost on time on {}: tournament entries open again \
                     {days} days later, on {}",
                    rfc3339(lost).get(..10).unwrap_or_default(),
                    until.get(..10).unwrap_or_default()
                ),
            ))
        }
        _ => Ok(()),
    }
}
