//! Reliability cards and expected game lengths as the API shows them (on challenges,
//! tournaments and players).

use serde::Serialize;
use utoipa::ToSchema;

use domain::reliability::card::{CARD_DAYS, Card, ExpectedLength};

/// What a player's last 90 days say of how they keep their games going.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ReliabilityCardDto {
    /// The days the card looks back (90).
    pub days: i64,
    /// Their games against people that ended in those days.
    pub recent_games: i64,
    /// Of those, the ones they lost on time.
    pub time_losses: i64,
    /// That share, whole percent (0 without recent games).
    pub time_loss_percent: i64,
    /// Their average time per move in those games (seconds), counting the moves that
    /// took time; null with fewer than 10 such moves.
    pub seconds_per_move: Option<i64>,
    /// Their active games against people.
    pub active_games: i64,
    /// Their finished games against people, ever.
    pub finished_games: i64,
    /// The vacation hours they have left this year; null on a server without vacations.
    pub vacation_hours_left: Option<i64>,
}

impl From<&Card> for ReliabilityCardDto {
    fn from(card: &Card) -> ReliabilityCardDto {
        ReliabilityCardDto {
            days: CARD_DAYS,
            recent_games: card.recent_games,
            time_losses: card.recent_time_losses,
            time_loss_percent: card.time_loss_percent(),
            seconds_per_move: card.seconds_per_move,
            active_games: card.active,
            finished_games: card.finished,
            vacation_hours_left: card.vacation_hours_left,
        }
    }
}

/// How long a game is expected to last, as a range of days: from the time control and
/// both players' recent time per move (the site's average for a player without enough
/// games), over the site's usual number of moves in the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct ExpectedDaysDto {
    /// The short end (days, at least 1).
    pub low: i64,
    /// The long end (days).
    pub high: i64,
}

impl From<ExpectedLength> for ExpectedDaysDto {
    fn from(length: ExpectedLength) -> ExpectedDaysDto {
        ExpectedDaysDto {
            low: length.low_days,
            high: length.high_days,
        }
    }
}
