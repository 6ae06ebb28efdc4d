//! Time controls and players' clocks as the API reads and shows them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use domain::game::{GameDetail, PlayerClock, Stop, TimeControl};
use vocab::clock::rfc3339;

/// A time control. `per_move`: the same time for every move (`days` 1, 2, 3, 5, 7, 10
/// or 14, plus `hours` 0 to 23). `bank`: a time bank per player that starts at
/// `initial_days` (1 to 30), keeps what a move leaves unused, gains `increment_days` (0 to
/// 14) after each move and never holds more than `cap_days` (at least `initial_days`, at
/// most 60). `untimed`: never lost on time. Numbers out of range are 422
/// `invalid_days_per_move` (per-move days) or `invalid_time_control` (the rest, such as a
/// cap below the initial time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControlDto {
    /// The same time for every move.
    PerMove {
        /// Days per move: 1, 2, 3, 5, 7, 10 or 14.
        #[schema(minimum = 1, maximum = 14)]
        #[serde(deserialize_with = "super::whole_number")]
        days: i64,
        /// Hours added to the days (0 to 23; absent: 0).
        #[schema(minimum = 0, maximum = 23)]
        #[serde(default, deserialize_with = "super::whole_number")]
        hours: i64,
    },
    /// A time bank per player (Fischer for correspondence).
    Bank {
        /// Days in each bank at the start (1 to 30).
        #[schema(minimum = 1, maximum = 30)]
        #[serde(deserialize_with = "super::whole_number")]
        initial_days: i64,
        /// Days added to the mover's bank after each move (0 to 14).
        #[schema(minimum = 0, maximum = 14)]
        #[serde(deserialize_with = "super::whole_number")]
        increment_days: i64,
        /// The most a bank holds (`initial_days` to 60).
        #[schema(minimum = 1, maximum = 60)]
        #[serde(deserialize_with = "super::whole_number")]
        cap_days: i64,
    },
    /// No clock: never lost on time.
    Untimed,
}

impl From<TimeControlDto> for TimeControl {
    fn from(dto: TimeControlDto) -> TimeControl {
        match dto {
            TimeControlDto::PerMove { days, hours } => TimeControl::PerMove { days, hours },
            TimeControlDto::Bank {
                initial_days,
                increment_days,
                cap_days,
            } => TimeControl::Bank {
                initial_days,
                increment_days,
                cap_days,
            },
            TimeControlDto::Untimed => TimeControl::Untimed,
        }
    }
}

impl From<TimeControl> for TimeControlDto {
    fn from(control: TimeControl) -> TimeControlDto {
        match control {
            TimeControl::PerMove { days, hours } => TimeControlDto::PerMove { days, hours },
            TimeControl::Bank {
                initial_days,
                increment_days,
                cap_days,
            } => TimeControlDto::Bank {
                initial_days,
                increment_days,
                cap_days,
            },
            TimeControl::Untimed => TimeControlDto::Untimed,
        }
    }
}

/// One player's clock when the game was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PlayerClockDto {
    /// Seconds left: for the player to move, until the deadline; for the other, what
    /// their next turn starts with (their bank, or the time per move). Null when the game
    /// is untimed or over.
    pub seconds_left: Option<i64>,
    /// Whether this clock runs now (the player to move in an active timed game, not on
    /// their weekend or vacation).
    pub running: bool,
    /// On the player's turn, why their clock stands still now: `weekend`, `vacation`,
    /// `night` (their nightly pause) or `paused` (a pause both players agreed to); null
    /// when it runs or it is not their turn.
    #[schema(value_type = Option<String>, pattern = "^(weekend|vacation|night|paused)$")]
    pub stopped: Option<&'static str>,
    /// When that stop ends (RFC 3339), null without one.
    pub stopped_until: Option<String>,
}

impl From<PlayerClock> for PlayerClockDto {
    fn from(clock: PlayerClock) -> PlayerClockDto {
        PlayerClockDto {
            seconds_left: clock.left,
            running: clock.running,
            stopped: clock.stopped.map(|stop| match stop {
                Stop::Weekend { .. } => "weekend",
                Stop::Vacation { .. } => "vacation",
                Stop::Paused { .. } => "paused",
                Stop::Night { .. } => "night",
            }),
            stopped_until: clock.stopped.map(|stop| rfc3339(stop.until())),
        }
    }
}

/// Both players' clocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ClocksDto {
    /// White's clock.
    pub white: PlayerClockDto,
    /// Black's clock.
    pub black: PlayerClockDto,
}

impl ClocksDto {
    /// `detail`'s clocks at `now`.
    #[must_use]
    pub fn of(detail: &GameDetail, now: i64) -> ClocksDto {
        ClocksDto {
            white: detail.clock_of(rules::Color::White, now).into(),
            black: detail.clock_of(rules::Color::Black, now).into(),
        }
    }
}

/// Declares the body of a request that starts games (a challenge, a game against the
/// computer, a tournament): the struct with its own fields, followed by the games' terms
/// every such body takes — `time_control` (absent or null: `None`), `weekends_off`
/// (default false), `vacation_allowed` (default true), `nights_allowed` (default true,
/// described here once) — and optionally the rating limits
/// `min_rating` and `max_rating` (whole points, 0–4000), which bring what is asked of a
/// reliability card (`max_time_loss_percent`, `min_finished_games`, described here
/// once). The shared fields are named
/// after the struct, each after the doc comments that describe it in that body's
/// document. The struct gets a `stops()` ([`domain::game::StopRules`]) from its terms.
macro_rules! game_terms_body {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $($own:tt)*
        }
        $(#[$time_control:meta])* time_control,
        $(#[$weekends_off:meta])* weekends_off,
        $(#[$vacation_allowed:meta])* vacation_allowed,
        $(
            $(#[$min_rating:meta])* min_rating,
            $(#[$max_rating:meta])* max_rating,
        )?
    ) => {
        $(#[$attr])*
        pub struct $name {
            $($own)*
            $(#[$time_control])*
            #[serde(default)]
            pub time_control: Option<$crate::clocks::TimeControlDto>,
            $(#[$weekends_off])*
            #[serde(default)]
            pub weekends_off: bool,
            $(#[$vacation_allowed])*
            #[serde(default = "crate::true_by_default")]
            #[schema(default = true)]
            pub vacation_allowed: bool,
            /// A player's nightly pause (a window of their local clock they chose in
            /// their time settings) stops their clock: default true; false: "no nights
            /// off".
            #[serde(default = "crate::true_by_default")]
            #[schema(default = true)]
            pub nights_allowed: bool,
            $(
                $(#[$min_rating])*
                #[serde(default, deserialize_with = "crate::optional_whole_number")]
                #[schema(minimum = 0, maximum = 4000)]
                pub min_rating: Option<i64>,
                $(#[$max_rating])*
                #[serde(default, deserialize_with = "crate::optional_whole_number")]
                #[schema(minimum = 0, maximum = 4000)]
                pub max_rating: Option<i64>,
                /// Challenges open to anyone, and tournaments: the most of their games of
                /// the last 90 days who accepts or joins may have lost on time (whole
                /// percent, 0–100; absent or null: no limit). 409 `reliability_required`
                /// for whoever has more.
                #[serde(default, deserialize_with = "crate::optional_whole_number")]
                #[schema(minimum = 0, maximum = 100)]
                pub max_time_loss_percent: Option<i64>,
                /// Challenges open to anyone, and tournaments: the fewest games against
                /// people who accepts or joins must have finished (0–1000; absent or
                /// null: none asked). 409 `reliability_required` for whoever has fewer.
                #[serde(default, deserialize_with = "crate::optional_whole_number")]
                #[schema(minimum = 0, maximum = 1000)]
                pub min_finished_games: Option<i64>,
                /// The most days a game may last, from its start (1–365; absent, null or
                /// 0: no limit). A game still going then takes no more moves and is
                /// decided by `deadline_rule` (docs/time.md). 422 `invalid_game_days`.
                #[serde(default, deserialize_with = "crate::optional_whole_number")]
                #[schema(minimum = 0, maximum = 365)]
                pub max_game_days: Option<i64>,
                /// How a game still going at its deadline is decided: `adjudicate` (the
                /// default: the engines judge the position, a clear advantage wins,
                /// anything closer is drawn), `draw`, or `both_lose` (`0-0`: neither
                /// scores, both are rated as losing). 422 `invalid_deadline_rule`.
                #[serde(default)]
                #[schema(schema_with = crate::deadlines::optional_deadline_rule_schema)]
                pub deadline_rule: Option<String>,
                /// The players may use engines (default false: "engines not allowed").
                /// Rated games that allow them are rated apart, in the variant's engines
                /// pool (`/api/v1/leaderboards/{variant}+engines`). docs/analysis.md.
                #[serde(default)]
                pub engines_allowed: bool,
            )?
        }

        impl $name {
            /// What stops the games' clocks, as asked.
            fn stops(&self) -> domain::game::StopRules {
                domain::game::StopRules {
                    weekends_off: self.weekends_off,
                    vacation_allowed: self.vacation_allowed,
                    nights_allowed: self.nights_allowed,
                }
            }
        }
    };
}
pub(crate) use game_terms_body;
