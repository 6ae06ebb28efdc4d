//! Each player's thinking in a finished game: how many of their moves took time, and how
//! long those took, from the move before (or the game's start) to theirs. Written when
//! the game ends, for the players' reliability cards and the expected length of games.
//! A move played in the same second as the one before (a conditional or repertoire
//! reply, a forced pass, the moves of a game carried over from elsewhere) took no
//! thinking and is left out.

use rules::{AnyGame, Color};
use sqlx::AnyConnection;

use super::detail::GameDetail;
use store::games;
use vocab::error::AppError;

/// (moves that took time, their seconds) for White and for Black.
pub type Pace = [(i64, i64); 2];

/// The pace of a game whose first move was `first`'s, begun at `start`, whose moves were
/// played at `times` (by ply).
#[must_use]
pub fn of_moves(first: Color, start: i64, times: &[i64]) -> Pace {
    let mut pace = [(0, 0); 2];
    let mut before = start;
    let mut mover = first;
    for &at in times {
        let took = at - before;
        if took > 0 {
            let side = &mut pace[usize::from(mover == Color::Black)];
            side.0 += 1;
            side.1 += took;
        }
        before = at.max(before);
        mover = mover.other();
    }
    pace
}

/// Writes the pace of `detail`, a game that has just ended, in the caller's transaction.
///
/// # Errors
///
/// Database errors.
pub(super) async fn record(conn: &mut AnyConnection, detail: &GameDetail) -> Result<(), AppError> {
    let first = AnyGame::new(detail.variant(), detail.game.setup().clone())
        .ok()
        .and_then(|start| start.to_move())
        .unwrap_or(Color::White);
    let times = games::move_times(&mut *conn, &detail.id).await?;
    let [white, black] = of_moves(first, detail.created_at, &times);
    games::set_pace(&mut *conn, &detail.id, white, black).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_alternate_from_the_first_mover_and_instant_ones_are_left_out() {
        // White thinks 100 s, Black 50, White's reply is instant (a conditional move),
        // Black thinks 30, White 20.
        let times = [100, 150, 150, 180, 200];
        assert_eq!(of_moves(Color::White, 0, &times), [(2, 120), (2, 80)]);
        // A start with Black to move swaps the sides.
        assert_eq!(of_moves(Color::Black, 0, &times), [(2, 80), (2, 120)]);
        // Moves carried over from elsewhere share the start's second.
        assert_eq!(of_moves(Color::White, 10, &[10, 10, 40]), [(1, 30), (0, 0)]);
        assert_eq!(of_moves(Color::White, 10, &[]), [(0, 0), (0, 0)]);
    }
}
