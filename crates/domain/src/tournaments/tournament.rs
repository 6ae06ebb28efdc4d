//! A tournament as people see it: its settings, its status, where it has got to.

use rules::Variant;

use super::settings::{Format, FormatOptions, Terms, TournamentSettings};
use crate::{
    accounts::user::User,
    challenges,
    game::{GameLimit, StopRules},
    ratings::RatingPool,
    reliability::card::Requirements,
};
use store::tournaments::TournamentRow;
use vocab::error::AppError;

/// Where a tournament is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Taking entries.
    Open,
    /// Being played.
    Running,
    /// Over, with a winner.
    Finished,
    /// Called off before the start (by its organiser, or too few entrants).
    Cancelled,
}

impl Status {
    /// Every status.
    pub const ALL: [Status; 4] = [
        Status::Open,
        Status::Running,
        Status::Finished,
        Status::Cancelled,
    ];

    /// `open`, `running`, `finished` or `cancelled`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Cancelled => "cancelled",
        }
    }
}

rules::text_form!(Status, "tournament status");

/// A tournament as people see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Who created it.
    pub organiser: String,
    /// Their user id.
    pub organiser_id: String,
    /// The variant.
    pub variant: Variant,
    /// The format and its settings.
    pub settings: TournamentSettings,
    /// The games' terms and who may enter, when.
    pub terms: Terms,
    /// Where it is.
    pub status: Status,
    /// The current stage (0 before the start).
    pub stage: i64,
    /// The current round (0 before the start).
    pub round: i64,
    /// The winner's name, once finished.
    pub winner: Option<String>,
    /// When it was created.
    pub created_at: i64,
    /// When it started.
    pub started_at: Option<i64>,
    /// When it finished or was cancelled.
    pub finished_at: Option<i64>,
    /// How many players entered.
    pub entrants: i64,
    /// The start chosen for every game (a thematic tournament); `None`: as usual.
    pub start: Option<rules::Setup>,
    invite_code: Option<String>,
}

impl Tournament {
    /// The format.
    #[must_use]
    pub const fn format(&self) -> Format {
        self.settings.format()
    }

    /// The ratings its games count in (and its entrants are seeded and admitted by).
    #[must_use]
    pub const fn rating_pool(&self) -> RatingPool {
        RatingPool {
            variant: self.variant,
            engines_allowed: self.terms.engines_allowed,
        }
    }

    /// The invitation key of a private tournament, for its organiser.
    #[must_use]
    pub fn invite_code_for(&self, viewer: Option<&User>) -> Option<&str> {
        viewer
            .filter(|viewer| viewer.id == self.organiser_id)
            .and(self.invite_code.as_deref())
    }

    /// Whether a player rated `rating` (whole points) may join.
    #[must_use]
    pub fn admits(&self, rating: i64) -> bool {
        challenges::admits(self.terms.min_rating, self.terms.max_rating, rating)
    }

    /// Whether `invite` opens it: a private tournament asks for its invitation key.
    pub(super) fn invited(&self, invite: Option<&str>) -> bool {
        self.invite_code
            .as_deref()
            .is_none_or(|code| invite == Some(code))
    }
}

impl TryFrom<TournamentRow> for Tournament {
    type Error = AppError;
    fn try_from(row: TournamentRow) -> Result<Tournament, AppError> {
        let stored = |what: &str, error: &dyn std::fmt::Display| {
            AppError::internal(format!("stored tournament {what}: {error}"))
        };
        let chosen = row.terms;
        let format: Format = chosen
            .format
            .parse()
            .map_err(|error| stored("format", &error))?;
        let options = FormatOptions {
            section_size: chosen.section_size,
            both_colours: chosen.both_colours != 0,
            advance: chosen.advance,
            rounds: chosen.rounds,
            games_per_match: chosen.games_per_match,
        };
        let variant: Variant = chosen
            .variant
            .parse()
            .map_err(|_| AppError::internal(format!("stored variant `{}`", chosen.variant)))?;
        let start = chosen
            .setup
            .as_deref()
            .map(|text| rules::Setup::from_stored(variant, Some(text)))
            .transpose()
            .map_err(|error| stored("start", &error))?;
        Ok(Tournament {
            variant,
            start,
            settings: TournamentSettings::of(format, options),
            status: row
                .status
                .parse()
                .map_err(|error| stored("status", &error))?,
            id: row.id,
            name: row.name,
            organiser: row.organiser,
            organiser_id: row.organiser_id,
            terms: Terms {
                time_control: chosen
                    .time_control
                    .parse()
                    .map_err(|error| stored("time control", &error))?,
                stops: StopRules {
                    weekends_off: chosen.weekends_off != 0,
                    vacation_allowed: chosen.vacation_allowed != 0,
                    nights_allowed: chosen.nights_allowed != 0,
                },
                limit: GameLimit::stored(chosen.max_game_days, &chosen.deadline_rule),
                rated: chosen.rated != 0,
                engines_allowed: chosen.engines_allowed != 0,
                min_players: chosen.min_players,
                max_players: chosen.max_players,
                min_rating: chosen.min_rating,
                max_rating: chosen.max_rating,
                requirements: Requirements {
                    max_time_loss_percent: chosen.max_time_loss_percent,
                    min_finished_games: chosen.min_finished_games,
                },
                private: chosen.invite_code.is_some(),
                starts_at: chosen.starts_at,
            },
            stage: row.stage,
            round: row.round,
            winner: row.winner,
            created_at: row.created_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            entrants: row.entrants,
            invite_code: chosen.invite_code,
        })
    }
}
