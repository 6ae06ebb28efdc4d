//! The refusals a game change answers with, and the error of a stored game that cannot
//! be read back.

use vocab::error::AppError;

/// A stored game that does not make sense (a 500: it is the server's fault).
pub(super) fn corrupt(what: impl std::fmt::Display) -> AppError {
    AppError::internal(format!("stored game: {what}"))
}

/// 403 `not_a_player`: the caller does not play in the game.
pub(super) fn not_a_player() -> AppError {
    AppError::forbidden("not_a_player", "you do not play in this game")
}

/// 409 `game_over`: the game has ended.
pub(super) fn game_over() -> AppError {
    AppError::conflict("game_over", "the game is over")
}

/// 403 `not_your_turn`: the other side is to move.
pub(super) fn not_your_turn() -> AppError {
    AppError::forbidden("not_your_turn", "it is not your turn")
}
