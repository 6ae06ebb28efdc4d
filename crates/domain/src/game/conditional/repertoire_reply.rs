//! The repertoires' part in the conditional step: the reply the side to move keeps in
//! its repertoire for the game's moves so far ([`crate::repertoire`]).

use rules::Color;
use sqlx::AnyConnection;

use super::split;
use crate::game::detail::GameDetail;
use store::repertoire::{self as rows, Branch};
use vocab::error::AppError;

/// The most moves repertoires play for one move of a player: two repertoires that meet
/// play out their shared line up to here, and the game waits for the player to move.
pub const REPERTOIRE_PLIES_PER_TURN: usize = 24;

/// The move `to_move`'s repertoire answers `detail`'s moves so far with, if it answers
/// in this game and one of its lines from the game's start follows every move so far.
///
/// # Errors
///
/// Database errors.
pub(super) async fn reply(
    conn: &mut AnyConnection,
    detail: &GameDetail,
    to_move: Color,
) -> Result<Option<String>, AppError> {
    if !detail.repertoire_on(to_move) {
        return Ok(None);
    }
    let setup = detail.game.setup().to_stored().unwrap_or_default();
    let branch = Branch {
        user_id: detail.player(to_move).0,
        variant: detail.variant().as_str(),
        setup: &setup,
        color: to_move.as_str(),
    };
    let record: Vec<&str> = detail.game.moves().collect();
    for row in rows::of_branch(conn, &branch).await? {
        let moves = split(&row.moves);
        if moves.len() > record.len() && moves.iter().zip(&record).all(|(a, b)| a == b) {
            return Ok(moves.into_iter().nth(record.len()));
        }
    }
    Ok(None)
}

/// Notes that the move at `ply` (1-based) of game `game_id` came from a repertoire
/// (shown once the game has ended).
///
/// # Errors
///
/// Database errors.
pub(super) async fn mark(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: usize,
) -> Result<(), AppError> {
    let ply = i64::try_from(ply).map_err(AppError::internal)?;
    rows::mark_ply(conn, game_id, ply).await?;
    Ok(())
}

/// The moves of `detail` a repertoire played, numbered as the record numbers them
/// (`3. Bb5`, `3... a6`): none while the game goes on, when they are private.
///
/// # Errors
///
/// Database errors.
pub async fn played_moves(
    conn: &mut AnyConnection,
    detail: &GameDetail,
) -> Result<Vec<String>, AppError> {
    if detail.status == crate::game::GameStatus::Active {
        return Ok(Vec::new());
    }
    let record = detail.game.record();
    Ok(rows::plies_of(conn, &detail.id)
        .await?
        .into_iter()
        .filter_map(|ply| {
            let index = usize::try_from(ply).ok()?.checked_sub(1)?;
            let played = record.get(index)?;
            Some(rules::numbered_move(index, &played.display, Some("...")))
        })
        .collect())
}
