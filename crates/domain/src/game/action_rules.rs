//! The rules of the actions besides moves: who may resign, abort, offer, accept,
//! decline or claim a draw, give a day, or ask for, accept or decline a pause, and what
//! each does (`decide`). A pressed button ([`super::actions::act`]) and the action a
//! conditional line ends with (`by_line`) both follow them.

use rules::Color;

use super::{
    detail::{DrawOfferTally, GameDetail},
    errors::not_your_turn,
    time_control::{TimeControl, bank_index},
    vocabulary::{Ending, GameSource},
};
use crate::notifications;
use vocab::{clock::rfc3339, error::AppError, ids::DAY};

/// At most this many draw offers per player per game.
pub const MAX_DRAW_OFFERS: i64 = 3;

/// At most this many days a player may give their opponent in a game.
pub const MAX_TIME_GIFTS: i64 = 3;

/// How long an agreed pause stops both clocks: 7 days.
pub const PAUSE_SECONDS: i64 = 7 * DAY;

/// At most this many pauses may be agreed in a game.
pub const MAX_PAUSES: i64 = 2;

/// What a player may do to a game besides moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameAction {
    /// Give up: the caller loses.
    Resign,
    /// Call the game off before both sides have moved.
    Abort,
    /// Offer a draw (accepts the opponent's offer if there is one).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Claim a draw (chess: threefold repetition, fifty-move rule) as the player to move.
    ClaimDraw,
    /// Give the opponent, while they are to move, a day of running time.
    GiveTime,
    /// Ask for a pause of both clocks (accepts the opponent's request if there is one).
    OfferPause,
    /// Accept the opponent's pause request.
    AcceptPause,
    /// Decline the opponent's pause request.
    DeclinePause,
}

impl GameAction {
    /// Every action.
    pub const ALL: [GameAction; 10] = [
        GameAction::Resign,
        GameAction::Abort,
        GameAction::OfferDraw,
        GameAction::AcceptDraw,
        GameAction::DeclineDraw,
        GameAction::ClaimDraw,
        GameAction::GiveTime,
        GameAction::OfferPause,
        GameAction::AcceptPause,
        GameAction::DeclinePause,
    ];

    /// The name in URLs and forms: `resign`, `abort`, `draw-offer`, `draw-accept`,
    /// `draw-decline`, `draw-claim`, `give-time`, `pause-offer`, `pause-accept`,
    /// `pause-decline`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameAction::Resign => "resign",
            GameAction::Abort => "abort",
            GameAction::OfferDraw => "draw-offer",
            GameAction::AcceptDraw => "draw-accept",
            GameAction::DeclineDraw => "draw-decline",
            GameAction::ClaimDraw => "draw-claim",
            GameAction::GiveTime => "give-time",
            GameAction::OfferPause => "pause-offer",
            GameAction::AcceptPause => "pause-accept",
            GameAction::DeclinePause => "pause-decline",
        }
    }
}

rules::text_form!(GameAction, "game action");

/// What an action does to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Change {
    /// The game ends.
    End(Ending),
    /// `color` offers a draw.
    Offer(Color),
    /// The standing offer is withdrawn or declined.
    NoOffer,
    /// `color` gives their opponent, who is to move, a day.
    GiveTime(Color),
    /// `color` asks for a pause.
    OfferPause(Color),
    /// Both clocks stop for [`PAUSE_SECONDS`] from now.
    AgreePause,
    /// The standing pause request is declined.
    NoPauseOffer,
}

fn no_draw_offer() -> AppError {
    AppError::conflict("no_draw_offer", "your opponent offers no draw")
}

fn no_pause_offer() -> AppError {
    AppError::conflict("no_pause_offer", "your opponent asks for no pause")
}

/// Why a clock action may not be done in `detail` at `now`, if it may not.
fn clock_action_refused(detail: &GameDetail, now: i64) -> Option<AppError> {
    if detail.time_control == TimeControl::Untimed || detail.deadline.is_none() {
        return Some(AppError::conflict(
            "untimed_game",
            "this game has no clock to give time to or pause",
        ));
    }
    detail
        .pause
        .filter(|(_, until)| *until > now)
        .map(|(_, until)| {
            AppError::conflict(
                "already_paused",
                format!("the clocks are paused until {}", rfc3339(until)),
            )
        })
}

/// What a pause request by `color` (or its acceptance) does.
fn pause_change(detail: &GameDetail, color: Color, now: i64) -> Result<Change, AppError> {
    if let Some(refused) = clock_action_refused(detail, now) {
        return Err(refused);
    }
    if detail.pauses_agreed >= MAX_PAUSES {
        return Err(AppError::conflict(
            "too_many_pauses",
            format!("at most {MAX_PAUSES} pauses may be agreed in a game"),
        ));
    }
    match detail.pause_offer {
        Some(asker) if asker == color => Err(AppError::conflict(
            "pause_already_offered",
            "you already ask for a pause",
        )),
        Some(_) => Ok(Change::AgreePause),
        None => Ok(Change::OfferPause(color)),
    }
}

/// What `action` by `color` does to `detail` at `now`, or why it may not be done now.
pub(super) fn decide(
    action: GameAction,
    detail: &GameDetail,
    color: Color,
    now: i64,
) -> Result<Change, AppError> {
    if detail.computer().is_some()
        && matches!(
            action,
            GameAction::OfferDraw | GameAction::OfferPause | GameAction::GiveTime
        )
    {
        return Err(AppError::conflict(
            "computer_game",
            "the computer takes no draw offer or pause, and needs no time given: play on, \
             resign or abort",
        ));
    }
    match action {
        GameAction::GiveTime => {
            if let Some(refused) = clock_action_refused(detail, now) {
                return Err(refused);
            }
            if detail.to_move() != Some(color.other()) {
                return Err(AppError::conflict(
                    "give_time_on_their_turn",
                    "you can give time while your opponent is to move",
                ));
            }
            if detail.time_gifts[bank_index(color)] >= MAX_TIME_GIFTS {
                return Err(AppError::conflict(
                    "too_many_time_gifts",
                    format!("a player may give at most {MAX_TIME_GIFTS} days in a game"),
                ));
            }
            Ok(Change::GiveTime(color))
        }
        GameAction::OfferPause => pause_change(detail, color, now),
        GameAction::AcceptPause if detail.pause_offer == Some(color.other()) => {
            pause_change(detail, color, now)
        }
        GameAction::DeclinePause if detail.pause_offer == Some(color.other()) => {
            Ok(Change::NoPauseOffer)
        }
        GameAction::AcceptPause | GameAction::DeclinePause => Err(no_pause_offer()),
        GameAction::Resign => Ok(Change::End(Ending::Resignation { loser: color })),
        GameAction::Abort if detail.source == GameSource::Tournament => Err(AppError::conflict(
            "tournament_game",
            "a tournament game cannot be aborted: resign it instead",
        )),
        GameAction::Abort if detail.game.ply() >= 2 => Err(AppError::conflict(
            "too_late_to_abort",
            "a game can be aborted only before both sides have moved",
        )),
        GameAction::Abort => Ok(Change::End(Ending::Aborted)),
        GameAction::OfferDraw => match detail.draw_offer {
            Some(offerer) if offerer == color => Err(AppError::conflict(
                "draw_already_offered",
                "you already offer a draw",
            )),
            Some(_) => Ok(Change::End(Ending::Agreement)),
            None => {
                let tally = detail.offers_of(color);
                if tally.last_ply == Some(detail.stored_ply()) {
                    Err(AppError::conflict(
                        "draw_offer_this_move",
                        "you offered a draw at this move already: wait for the next move",
                    ))
                } else if tally.made >= MAX_DRAW_OFFERS {
                    Err(AppError::conflict(
                        "too_many_draw_offers",
                        format!(
                            "a player may offer a draw at most {MAX_DRAW_OFFERS} times per game"
                        ),
                    ))
                } else {
                    Ok(Change::Offer(color))
                }
            }
        },
        GameAction::AcceptDraw if detail.draw_offer == Some(color.other()) => {
            Ok(Change::End(Ending::Agreement))
        }
        GameAction::DeclineDraw if detail.draw_offer == Some(color.other()) => Ok(Change::NoOffer),
        GameAction::AcceptDraw | GameAction::DeclineDraw => Err(no_draw_offer()),
        GameAction::ClaimDraw => {
            if detail.to_move() != Some(color) {
                return Err(not_your_turn());
            }
            match detail.game.draw_claims().first() {
                Some(claim) => Ok(Change::End(Ending::Claim(*claim))),
                None => Err(AppError::conflict(
                    "no_draw_claim",
                    "there is no draw to claim",
                )),
            }
        }
    }
}

/// `color`'s draw offer: standing until their opponent moves, counted against the
/// offers a player may make, and told to the opponent. The caller saves the game.
pub(super) async fn offer_draw(
    conn: &mut sqlx::AnyConnection,
    detail: &mut GameDetail,
    color: Color,
    now: i64,
) -> Result<(), AppError> {
    detail.draw_offer = Some(color);
    let tally = DrawOfferTally {
        made: detail.offers_of(color).made + 1,
        last_ply: Some(detail.stored_ply()),
    };
    match color {
        Color::White => detail.white_offers = tally,
        Color::Black => detail.black_offers = tally,
    }
    notifications::draw_offer(conn, detail, color, now).await
}

/// What the action a conditional line ends with did.
#[derive(Debug)]
pub(super) enum ByLine {
    /// It ends the game this way (the caller stores the moves and finishes it).
    Ends(Ending),
    /// The draw offer stands (the caller saves the game).
    Offered,
    /// The rules refuse it now, as they would a pressed button.
    Refused(AppError),
}

/// Does `action` for `color`, as the last step of their conditional line, in the
/// transaction of the move it answers (after the mover's turn has ended): by the rules a
/// pressed button follows ([`decide`]), with the same notices.
///
/// # Errors
///
/// Database errors.
pub(super) async fn by_line(
    conn: &mut sqlx::AnyConnection,
    detail: &mut GameDetail,
    action: GameAction,
    color: Color,
    now: i64,
) -> Result<ByLine, AppError> {
    match decide(action, detail, color, now) {
        Ok(Change::End(ending)) => Ok(ByLine::Ends(ending)),
        Ok(Change::Offer(offerer)) => {
            offer_draw(conn, detail, offerer, now).await?;
            Ok(ByLine::Offered)
        }
        Ok(_) => Err(AppError::internal(format!(
            "a conditional line may not end with {}",
            action.as_str()
        ))),
        Err(refusal) => Ok(ByLine::Refused(refusal)),
    }
}

/// Whether `color` may do `action` in `detail` at `now`: the check [`act`] makes once it
/// holds the game, which [`super::available`] lists the actions by.
pub(super) fn allowed(action: GameAction, detail: &GameDetail, color: Color, now: i64) -> bool {
    decide(action, detail, color, now).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_from_their_names() {
        for action in GameAction::ALL {
            assert_eq!(action.as_str().parse(), Ok(action));
        }
        assert!("draw".parse::<GameAction>().is_err());
        assert!("Resign".parse::<GameAction>().is_err());
    }
}
