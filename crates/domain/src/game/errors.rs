//! The refusals a game change answers with, and the error of a stored game that cannot
//! be read back.

use vocab::error::AppError;

/// The refusals of a change of a game that callers tell apart: the engine job drops a
/// queued reply the game no longer wants, and gives up one another instance took over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// 409 `stale_ply`: another change came first.
    StalePly,
    /// 409 `game_over`: the game has ended.
    GameOver,
    /// 403 `not_your_turn`: the other side is to move.
    NotYourTurn,
    /// 403 `not_a_player`: the caller does not play in the game.
    NotAPlayer,
    /// 409 `time_out`: the mover's time had run out; the game is lost on time.
    TimeOut,
    /// 409 `reply_not_held`: this instance no longer holds the computer's queued reply.
    ReplyNotHeld,
    /// 409 `past_game_deadline`: the game's own deadline has passed; its rule decides it.
    PastGameDeadline,
}

impl Refusal {
    /// Every refusal.
    pub const ALL: [Refusal; 7] = [
        Refusal::StalePly,
        Refusal::GameOver,
        Refusal::NotYourTurn,
        Refusal::NotAPlayer,
        Refusal::TimeOut,
        Refusal::ReplyNotHeld,
        Refusal::PastGameDeadline,
    ];

    /// Its error code.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Refusal::StalePly => "stale_ply",
            Refusal::GameOver => "game_over",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::NotAPlayer => "not_a_player",
            Refusal::TimeOut => "time_out",
            Refusal::ReplyNotHeld => "reply_not_held",
            Refusal::PastGameDeadline => "past_game_deadline",
        }
    }

    /// The refusal `error` is, if it is one of these.
    #[must_use]
    pub fn of(error: &AppError) -> Option<Refusal> {
        Refusal::ALL
            .into_iter()
            .find(|refusal| refusal.code() == error.code())
    }
}

/// A stored game that does not make sense (a 500: it is the server's fault).
pub(super) fn corrupt(what: impl std::fmt::Display) -> AppError {
    AppError::internal(format!("stored game: {what}"))
}

/// 403 `not_a_player`: the caller does not play in the game.
pub(super) fn not_a_player() -> AppError {
    AppError::forbidden(Refusal::NotAPlayer.code(), "you do not play in this game")
}

/// 409 `game_over`: the game has ended.
pub(super) fn game_over() -> AppError {
    AppError::conflict(Refusal::GameOver.code(), "the game is over")
}

/// 403 `not_your_turn`: the other side is to move.
pub(super) fn not_your_turn() -> AppError {
    AppError::forbidden(Refusal::NotYourTurn.code(), "it is not your turn")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_reads_back_from_its_error_and_no_other_error_does() {
        for refusal in Refusal::ALL {
            let error = AppError::conflict(refusal.code(), "refused");
            assert_eq!(Refusal::of(&error), Some(refusal));
        }
        assert_eq!(Refusal::of(&corrupt("x")), None);
    }
}
