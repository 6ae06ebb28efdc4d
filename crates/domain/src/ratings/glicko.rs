//! The Glicko-2 arithmetic of one rated game, and a rating's stored and shown forms
//! (the rules are in the [`ratings`](super) module's documentation).

use rules::{Color, GameResult};
use skillratings::{
    Outcomes,
    glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2},
};

use store::ratings::{GameRatingRow, RatingRow};
use vocab::ids::DAY;

/// The length of a rating period: a player's deviation grows once per whole period
/// without a rated game of the variant.
pub const RATING_PERIOD: i64 = 30 * DAY;

/// Above this deviation a rating is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Stored units per rating or deviation point.
pub(super) const POINT_SCALE: f64 = 1_000_000.0;

/// Stored units per unit of volatility.
const VOLATILITY_SCALE: f64 = 1_000_000_000.0;

/// A rating as stored: integers at a fixed scale (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StoredRating {
    /// The rating in millionths of a point.
    pub rating: i64,
    /// The deviation in millionths of a point.
    pub deviation: i64,
    /// The volatility in billionths.
    pub volatility: i64,
}

/// Rounds `value * scale` to the nearest stored unit.
#[allow(clippy::cast_possible_truncation)]
pub(super) fn to_units(value: f64, scale: f64) -> i64 {
    (value * scale).round() as i64
}

#[allow(clippy::cast_precision_loss)]
fn from_units(units: i64, scale: f64) -> f64 {
    units as f64 / scale
}

impl StoredRating {
    /// A new player's rating: 1500 / 350 / 0.06.
    #[must_use]
    pub fn initial() -> StoredRating {
        StoredRating::from_glicko(Glicko2Rating::new())
    }

    /// The rating of a stored row.
    #[must_use]
    pub fn of_row(row: &RatingRow) -> StoredRating {
        StoredRating {
            rating: row.rating,
            deviation: row.deviation,
            volatility: row.volatility,
        }
    }

    /// The stored form of `rating`, rounded to the stored units.
    #[must_use]
    pub fn from_glicko(rating: Glicko2Rating) -> StoredRating {
        StoredRating {
            rating: to_units(rating.rating, POINT_SCALE),
            deviation: to_units(rating.deviation, POINT_SCALE),
            volatility: to_units(rating.volatility, VOLATILITY_SCALE),
        }
    }

    /// The rating as the crate computes with it.
    #[must_use]
    pub fn to_glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.points(),
            deviation: self.deviation_points(),
            volatility: from_units(self.volatility, VOLATILITY_SCALE),
        }
    }

    /// The rating in points.
    #[must_use]
    pub fn points(self) -> f64 {
        from_units(self.rating, POINT_SCALE)
    }

    /// The deviation in points.
    #[must_use]
    pub fn deviation_points(self) -> f64 {
        from_units(self.deviation, POINT_SCALE)
    }

    /// Whether the rating is still provisional (its deviation is above
    /// [`PROVISIONAL_DEVIATION`]).
    #[must_use]
    pub fn is_provisional(self) -> bool {
        self.shown().is_provisional()
    }

    /// The rating rounded to whole points.
    #[must_use]
    pub fn whole_points(self) -> i64 {
        self.shown().whole_points()
    }

    /// The rating as people read it: whole points, with `?` when provisional ("1620?").
    #[must_use]
    pub fn display(self) -> String {
        self.shown().display()
    }

    /// The rating and deviation, as shown.
    #[must_use]
    pub const fn shown(self) -> ShownRating {
        ShownRating {
            rating: self.rating,
            deviation: self.deviation,
        }
    }

    /// The rating after the deviation has grown for every whole [`RATING_PERIOD`] between
    /// `last_rated_at` and `now` (none when `now` is not later).
    #[must_use]
    pub fn aged(self, last_rated_at: i64, now: i64) -> StoredRating {
        let periods = (now - last_rated_at).max(0) / RATING_PERIOD;
        if periods == 0 {
            return self;
        }
        let mut rating = self.to_glicko();
        for _ in 0..periods {
            let grown = decay_deviation(&rating);
            if grown == rating {
                break;
            }
            rating = grown;
        }
        StoredRating::from_glicko(rating)
    }
}

/// A rating and its deviation (stored units), as pages and the API show them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShownRating {
    /// Millionths of a point.
    pub rating: i64,
    /// Millionths of a point.
    pub deviation: i64,
}

impl ShownRating {
    /// Whether it is provisional (deviation above [`PROVISIONAL_DEVIATION`]).
    #[must_use]
    pub fn is_provisional(self) -> bool {
        from_units(self.deviation, POINT_SCALE) > PROVISIONAL_DEVIATION
    }

    /// The rating rounded to whole points.
    #[must_use]
    pub const fn whole_points(self) -> i64 {
        (self.rating + 500_000).div_euclid(1_000_000)
    }

    /// The deviation rounded to whole points.
    #[must_use]
    pub const fn deviation_whole_points(self) -> i64 {
        (self.deviation + 500_000).div_euclid(1_000_000)
    }

    /// Whole points, with `?` when provisional ("1620?").
    #[must_use]
    pub fn display(self) -> String {
        if self.is_provisional() {
            format!("{}?", self.whole_points())
        } else {
            self.whole_points().to_string()
        }
    }
}

/// One player's rating before and after a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideChange {
    /// When the game ended, before it was rated (aged for idle periods).
    pub before: ShownRating,
    /// After.
    pub after: ShownRating,
}

impl SideChange {
    /// The change in whole points (after minus before, each rounded).
    #[must_use]
    pub const fn points(self) -> i64 {
        self.after.whole_points() - self.before.whole_points()
    }

    /// The change as text: "+12", "−7" or "±0".
    #[must_use]
    pub fn signed(self) -> String {
        match self.points() {
            0 => "±0".to_owned(),
            change if change > 0 => format!("+{change}"),
            change => format!("−{}", -change),
        }
    }
}

/// Both players' rating change in a rated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingChange {
    /// White's.
    pub white: SideChange,
    /// Black's.
    pub black: SideChange,
}

impl RatingChange {
    /// The change stored for a game.
    #[must_use]
    pub fn of_row(row: &GameRatingRow) -> RatingChange {
        let shown = |rating, deviation| ShownRating { rating, deviation };
        RatingChange {
            white: SideChange {
                before: shown(row.white_before, row.white_deviation_before),
                after: shown(row.white_after, row.white_deviation_after),
            },
            black: SideChange {
                before: shown(row.black_before, row.black_deviation_before),
                after: shown(row.black_after, row.black_deviation_after),
            },
        }
    }

    /// The side of `color`.
    #[must_use]
    pub const fn of(&self, color: Color) -> SideChange {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// White's and Black's ratings after a game between them ended as `result` (the ratings
/// given are those the players had when it ended, already [aged](StoredRating::aged)).
#[must_use]
pub fn rate_game(
    white: StoredRating,
    black: StoredRating,
    result: GameResult,
) -> (StoredRating, StoredRating) {
    let (white, black) = (white.to_glicko(), black.to_glicko());
    let config = Glicko2Config::new();
    let rated = |outcome| glicko2(&white, &black, &outcome, &config);
    let (white, black) = match result {
        GameResult::WhiteWins => rated(Outcomes::WIN),
        GameResult::BlackWins => rated(Outcomes::LOSS),
        GameResult::Draw => rated(Outcomes::DRAW),
        // Each side as if it had lost to the other as it stood before the game.
        GameResult::BothLose => (rated(Outcomes::LOSS).0, rated(Outcomes::WIN).1),
    };
    (
        StoredRating::from_glicko(white),
        StoredRating::from_glicko(black),
    )
}

/// How `color` did in a game that ended as `result`: 1 win, 0 draw, -1 loss (both
/// sides of a game both lost).
#[must_use]
pub fn score_of(color: Color, result: GameResult) -> i64 {
    match (result, color) {
        (GameResult::Draw, _) => 0,
        (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1,
        _ => -1,
    }
}
