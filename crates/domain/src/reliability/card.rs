//! What a reliability card says and what follows from it, with no database: the share of
//! games lost on time, what an open challenge or tournament may ask of it, and how long a
//! game is expected to last. See docs/time.md.

use crate::game::TimeControl;
use vocab::{error::AppError, ids::DAY};

/// The days a card looks back.
pub const CARD_DAYS: i64 = 90;

/// The fewest kept moves of a player's own that their pace is read from; with fewer, the
/// site's pace stands in.
pub const MIN_OWN_MOVES: i64 = 10;

/// The fewest finished games of a variant the site's average length is read from; with
/// fewer, [`DEFAULT_PLIES`] stands in.
pub const MIN_SITE_GAMES: i64 = 10;

/// The moves of both sides a game is expected to take when the site knows too few.
pub const DEFAULT_PLIES: i64 = 60;

/// The time per move expected of a player when neither they nor the site has played
/// enough: a day.
pub const DEFAULT_MOVE_SECONDS: i64 = DAY;

/// The most a challenge or tournament may ask for in finished games.
pub const MAX_MIN_FINISHED: i64 = 1_000;

/// A player's reliability card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card {
    /// Their active games against people.
    pub active: i64,
    /// Their finished games against people.
    pub finished: i64,
    /// Those that ended in the last [`CARD_DAYS`] days.
    pub recent_games: i64,
    /// Of those, the ones they lost on time.
    pub recent_time_losses: i64,
    /// Their average time per move over those games (seconds), when at least
    /// [`MIN_OWN_MOVES`] of their moves there took time.
    pub seconds_per_move: Option<i64>,
    /// The vacation hours they have left this year (`None` on a server without
    /// vacations).
    pub vacation_hours_left: Option<i64>,
}

impl Card {
    /// The share of their recent games lost on time, in whole percent (rounded to the
    /// nearest; 0 without recent games).
    #[must_use]
    pub fn time_loss_percent(&self) -> i64 {
        if self.recent_games == 0 {
            return 0;
        }
        (self.recent_time_losses * 200 + self.recent_games) / (self.recent_games * 2)
    }

    /// Their average time per move when kept, from `moves` moves taking `seconds`.
    #[must_use]
    pub fn pace_of(moves: i64, seconds: i64) -> Option<i64> {
        (moves >= MIN_OWN_MOVES).then(|| seconds / moves)
    }
}

/// What an open challenge or a tournament asks of who takes it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Requirements {
    /// At most this share of their games of the last [`CARD_DAYS`] days lost on time
    /// (whole percent).
    pub max_time_loss_percent: Option<i64>,
    /// At least this many finished games against people.
    pub min_finished_games: Option<i64>,
}

impl Requirements {
    /// Whether it asks anything.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.max_time_loss_percent.is_none() && self.min_finished_games.is_none()
    }

    /// Checks the numbers.
    ///
    /// # Errors
    ///
    /// 422 `invalid_requirement` saying which number is wrong.
    pub fn validated(self) -> Result<Requirements, AppError> {
        if let Some(percent) = self.max_time_loss_percent
            && !(0..=100).contains(&percent)
        {
            return Err(AppError::invalid(
                "invalid_requirement",
                format!("the most losses on time asked is 0 to 100 percent, not {percent}"),
            ));
        }
        if let Some(games) = self.min_finished_games
            && !(0..=MAX_MIN_FINISHED).contains(&games)
        {
            return Err(AppError::invalid(
                "invalid_requirement",
                format!("the finished games asked are 0 to {MAX_MIN_FINISHED}, not {games}"),
            ));
        }
        Ok(self)
    }

    /// Checks `card` against what is asked.
    ///
    /// # Errors
    ///
    /// 409 `reliability_required` saying what is asked and what the card shows.
    pub fn check(&self, card: &Card) -> Result<(), AppError> {
        if let Some(most) = self.max_time_loss_percent {
            let percent = card.time_loss_percent();
            if percent > most {
                return Err(AppError::conflict(
                    "reliability_required",
                    format!(
                        "this asks for at most {most}% of games lost on time in the last \
                         {CARD_DAYS} days; yours are {percent}% ({} of {})",
                        card.recent_time_losses, card.recent_games
                    ),
                ));
            }
        }
        if let Some(least) = self.min_finished_games
            && card.finished < least
        {
            return Err(AppError::conflict(
                "reliability_required",
                format!(
                    "this asks for at least {least} finished games; you have finished {}",
                    card.finished
                ),
            ));
        }
        Ok(())
    }
}

/// How a variant's games go on this site lately: what stands in for players who have not
/// played enough, and the expected number of moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SitePace {
    /// The moves of both sides a game takes on average.
    pub plies: i64,
    /// The average time per move (seconds).
    pub seconds_per_move: i64,
}

impl Default for SitePace {
    fn default() -> SitePace {
        SitePace {
            plies: DEFAULT_PLIES,
            seconds_per_move: DEFAULT_MOVE_SECONDS,
        }
    }
}

impl SitePace {
    /// From `games` finished games of `plies` moves in all, of which `moves` took
    /// `seconds`.
    #[must_use]
    pub fn of_games(games: i64, plies: i64, moves: i64, seconds: i64) -> SitePace {
        let mut pace = SitePace::default();
        if games >= MIN_SITE_GAMES {
            pace.plies = (plies / games).max(1);
        }
        if moves >= MIN_OWN_MOVES {
            pace.seconds_per_move = seconds / moves;
        }
        pace
    }
}

/// Every variant's [`SitePace`] (the default for a variant without games).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SitePaces(pub std::collections::HashMap<rules::Variant, SitePace>);

impl SitePaces {
    /// `variant`'s pace.
    #[must_use]
    pub fn of(&self, variant: rules::Variant) -> SitePace {
        self.0.get(&variant).copied().unwrap_or_default()
    }
}

/// How long a game is expected to last: the fewest and the most days of the range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExpectedLength {
    /// The short end (days, at least 1).
    pub low_days: i64,
    /// The long end (days).
    pub high_days: i64,
}

/// The expected length of a game under `control` between players who take `paces`
/// seconds a move (their own, or the site's), in a variant whose games take `site.plies`
/// moves: each side makes half the moves, each move takes the player's pace but no more
/// than the time control lets them take on average over the game, and the range runs
/// from three quarters to one and a half times that, the spread of game lengths.
#[must_use]
pub fn expected_length(control: TimeControl, paces: [i64; 2], site: SitePace) -> ExpectedLength {
    let moves_each = (site.plies + 1) / 2;
    let total: i64 = paces
        .iter()
        .map(|&pace| {
            let wanted = pace.max(0).saturating_mul(moves_each);
            match control {
                TimeControl::PerMove { days, hours } => {
                    wanted.min((days * DAY + hours * 3_600).saturating_mul(moves_each))
                }
                TimeControl::Bank {
                    initial_days,
                    increment_days,
                    ..
                } => wanted.min((initial_days + increment_days * moves_each) * DAY),
                TimeControl::Untimed => wanted,
            }
        })
        .sum();
    let low = (total * 3 / 4 + DAY - 1) / DAY;
    let high = (total * 3 / 2 + DAY - 1) / DAY;
    ExpectedLength {
        low_days: low.max(1),
        high_days: high.max(low.max(1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(recent: i64, losses: i64, finished: i64) -> Card {
        Card {
            active: 3,
            finished,
            recent_games: recent,
            recent_time_losses: losses,
            seconds_per_move: None,
            vacation_hours_left: None,
        }
    }

    #[test]
    fn the_share_lost_on_time_rounds_to_the_nearest_percent() {
        assert_eq!(card(0, 0, 0).time_loss_percent(), 0);
        assert_eq!(card(3, 1, 3).time_loss_percent(), 33);
        assert_eq!(card(3, 2, 3).time_loss_percent(), 67);
        assert_eq!(card(8, 1, 8).time_loss_percent(), 13);
        assert_eq!(card(4, 4, 4).time_loss_percent(), 100);
        assert_eq!(Card::pace_of(9, 900), None);
        assert_eq!(Card::pace_of(10, 905), Some(90));
    }

    #[test]
    fn requirements_are_checked_and_say_what_is_missing() {
        let asks = Requirements {
            max_time_loss_percent: Some(10),
            min_finished_games: Some(5),
        };
        assert!(asks.validated().is_ok());
        assert!(asks.check(&card(10, 1, 5)).is_ok());
        let error = asks.check(&card(10, 2, 12)).unwrap_err();
        assert!(error.to_string().contains("20% (2 of 10)"), "{error}");
        let error = asks.check(&card(0, 0, 4)).unwrap_err();
        assert!(error.to_string().contains("finished 4"), "{error}");
        assert!(Requirements::default().check(&card(1, 1, 0)).is_ok());
        for wrong in [
            Requirements {
                max_time_loss_percent: Some(101),
                min_finished_games: None,
            },
            Requirements {
                max_time_loss_percent: None,
                min_finished_games: Some(-1),
            },
        ] {
            assert!(wrong.validated().is_err());
        }
    }

    #[test]
    fn the_expected_length_follows_the_paces_and_the_clock() {
        let site = SitePace {
            plies: 80,
            seconds_per_move: DAY,
        };
        // Both take half a day a move, 40 moves each: 40 days, 30 to 60.
        let per_move = TimeControl::PerMove { days: 3, hours: 0 };
        let length = expected_length(per_move, [DAY / 2, DAY / 2], site);
        assert_eq!((length.low_days, length.high_days), (30, 60));
        // A player slower than the clock allows is held to it: 2 days a move at most.
        let two_days = TimeControl::PerMove { days: 2, hours: 0 };
        let length = expected_length(two_days, [5 * DAY, 0], site);
        assert_eq!((length.low_days, length.high_days), (60, 120));
        // A bank of 3 days + 1 a move: at most 43 days for 40 moves.
        let bank = TimeControl::Bank {
            initial_days: 3,
            increment_days: 1,
            cap_days: 7,
        };
        let length = expected_length(bank, [5 * DAY, 0], site);
        assert_eq!((length.low_days, length.high_days), (33, 65));
        // Quick players: never under a day.
        let length = expected_length(TimeControl::Untimed, [60, 60], site);
        assert_eq!((length.low_days, length.high_days), (1, 1));
        // The site's average stands in when it knows enough games.
        assert_eq!(
            SitePace::of_games(9, 900, 100, 100),
            SitePace {
                plies: 60,
                seconds_per_move: 1
            }
        );
        assert_eq!(
            SitePace::of_games(10, 500, 5, 100),
            SitePace {
                plies: 50,
                seconds_per_move: DAY
            }
        );
    }
}
