//! What a new tournament asks for, and its format's settings checked.

use super::{Format, LEAGUE_SEASONS, MATCH_GAMES, MAX_NAME_CHARS, SECTION_SIZES, SWISS_ROUNDS};
use crate::game::{StopRules, TimeControl};
use vocab::error::AppError;

/// What a new tournament asks for, from a form or the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRequest<'a> {
    /// Its name.
    pub name: &'a str,
    /// The variant.
    pub variant: rules::Variant,
    /// `round_robin`, `swiss` or `knockout`.
    pub format: &'a str,
    /// The games' time control.
    pub time_control: TimeControl,
    /// What stops the games' clocks.
    pub stops: StopRules,
    /// Rated games.
    pub rated: bool,
    /// The fewest entrants (at least 2).
    pub min_players: i64,
    /// The most entrants.
    pub max_players: i64,
    /// The lowest rating that may join.
    pub min_rating: Option<i64>,
    /// The highest rating that may join.
    pub max_rating: Option<i64>,
    /// Round robin: the largest section (3 to 12).
    pub section_size: Option<i64>,
    /// Round robin: each pair meets twice.
    pub both_colours: bool,
    /// Round robin: how many of each section go on (1 to half the section size).
    pub advance: Option<i64>,
    /// Swiss: the rounds (1 to 30).
    pub rounds: Option<i64>,
    /// Knock-out: the games of a match (2, 4, 6, 8 or 10).
    pub games_per_match: Option<i64>,
    /// Private: entry with the invitation link only.
    pub private: bool,
    /// When it starts (unix seconds, in the future; `None`: when it is full).
    pub starts_at: Option<i64>,
}

/// A format's own settings, checked: one variant per format, with the settings that
/// format uses (the stored columns of the others are null).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentSettings {
    /// Round-robin sections.
    RoundRobin {
        /// The largest section.
        section_size: i64,
        /// How many of each section go on to the next stage.
        advance: i64,
        /// Each pair meets twice, once with each colour.
        both_colours: bool,
    },
    /// A league: round-robin sections over seasons.
    League {
        /// The largest section.
        section_size: i64,
        /// How many of each section go up.
        advance: i64,
        /// Each pair meets twice, once with each colour.
        both_colours: bool,
        /// The seasons (stored as `rounds`).
        seasons: i64,
    },
    /// Swiss rounds.
    Swiss {
        /// The rounds.
        rounds: i64,
    },
    /// Knock-out matches.
    Knockout {
        /// The games of a match.
        games_per_match: i64,
    },
}

impl TournamentSettings {
    /// The format these settings are for.
    #[must_use]
    pub const fn format(self) -> Format {
        match self {
            TournamentSettings::RoundRobin { .. } => Format::RoundRobin,
            TournamentSettings::League { .. } => Format::League,
            TournamentSettings::Swiss { .. } => Format::Swiss,
            TournamentSettings::Knockout { .. } => Format::Knockout,
        }
    }

    /// The `section_size` column.
    #[must_use]
    pub const fn section_size(self) -> Option<i64> {
        match self {
            TournamentSettings::RoundRobin { section_size, .. }
            | TournamentSettings::League { section_size, .. } => Some(section_size),
            TournamentSettings::Swiss { .. } | TournamentSettings::Knockout { .. } => None,
        }
    }

    /// The `advance` column.
    #[must_use]
    pub const fn advance(self) -> Option<i64> {
        match self {
            TournamentSettings::RoundRobin { advance, .. }
            | TournamentSettings::League { advance, .. } => Some(advance),
            TournamentSettings::Swiss { .. } | TournamentSettings::Knockout { .. } => None,
        }
    }

    /// The `both_colours` column.
    #[must_use]
    pub const fn both_colours(self) -> bool {
        match self {
            TournamentSettings::RoundRobin { both_colours, .. }
            | TournamentSettings::League { both_colours, .. } => both_colours,
            TournamentSettings::Swiss { .. } | TournamentSettings::Knockout { .. } => false,
        }
    }

    /// The `rounds` column: a Swiss's rounds, a league's seasons.
    #[must_use]
    pub const fn rounds(self) -> Option<i64> {
        match self {
            TournamentSettings::League { seasons, .. } => Some(seasons),
            TournamentSettings::Swiss { rounds } => Some(rounds),
            TournamentSettings::RoundRobin { .. } | TournamentSettings::Knockout { .. } => None,
        }
    }

    /// The `games_per_match` column.
    #[must_use]
    pub const fn games_per_match(self) -> Option<i64> {
        match self {
            TournamentSettings::Knockout { games_per_match } => Some(games_per_match),
            _ => None,
        }
    }
}

/// Every format's setting within the range any format allows, as the API documents them:
/// a setting the chosen format does not use is left out, but a value no format takes is
/// refused all the same.
fn check_ranges(request: &TournamentRequest<'_>) -> Result<(), AppError> {
    let outside = |value: Option<i64>, range: std::ops::RangeInclusive<i64>| {
        value.is_some_and(|value| !range.contains(&value))
    };
    if outside(request.section_size, SECTION_SIZES) {
        return Err(AppError::invalid(
            "invalid_section_size",
            "a section has 3 to 12 players",
        ));
    }
    if outside(request.advance, 1..=SECTION_SIZES.end() / 2) {
        return Err(AppError::invalid(
            "invalid_advance",
            format!("from 1 to {} players may go on", SECTION_SIZES.end() / 2),
        ));
    }
    if outside(
        request.rounds,
        1..=*LEAGUE_SEASONS.end().max(SWISS_ROUNDS.end()),
    ) {
        return Err(AppError::invalid(
            "invalid_rounds",
            "a Swiss has 1 to 30 rounds, a league 1 to 50 seasons",
        ));
    }
    let most_games = MATCH_GAMES.iter().copied().max().unwrap_or_default();
    if outside(request.games_per_match, MATCH_GAMES[0]..=most_games) {
        return Err(AppError::invalid(
            "invalid_games_per_match",
            "a knock-out match has 2, 4, 6, 8 or 10 games",
        ));
    }
    Ok(())
}

/// The settings of `format` from `request`, each within its range, the format's
/// defaults for those left out.
pub(super) fn check_format(
    format: Format,
    request: &TournamentRequest<'_>,
) -> Result<TournamentSettings, AppError> {
    check_ranges(request)?;
    match format {
        Format::RoundRobin | Format::League => {
            let section_size = request.section_size.unwrap_or(8);
            if !SECTION_SIZES.contains(&section_size) {
                return Err(AppError::invalid(
                    "invalid_section_size",
                    "a section has 3 to 12 players",
                ));
            }
            let advance = request.advance.unwrap_or(1);
            if advance < 1 || advance > section_size / 2 {
                return Err(AppError::invalid(
                    "invalid_advance",
                    format!(
                        "from 1 to {} players of each section of {section_size} may go on",
                        section_size / 2
                    ),
                ));
            }
            let both_colours = request.both_colours;
            if format == Format::RoundRobin {
                return Ok(TournamentSettings::RoundRobin {
                    section_size,
                    advance,
                    both_colours,
                });
            }
            let seasons = request.rounds.unwrap_or(10);
            if !LEAGUE_SEASONS.contains(&seasons) {
                return Err(AppError::invalid(
                    "invalid_seasons",
                    "a league has 1 to 50 seasons",
                ));
            }
            Ok(TournamentSettings::League {
                section_size,
                advance,
                both_colours,
                seasons,
            })
        }
        Format::Swiss => {
            let rounds = request.rounds.unwrap_or(7);
            if !SWISS_ROUNDS.contains(&rounds) {
                return Err(AppError::invalid(
                    "invalid_rounds",
                    "a Swiss has 1 to 30 rounds",
                ));
            }
            Ok(TournamentSettings::Swiss { rounds })
        }
        Format::Knockout => {
            let games_per_match = request.games_per_match.unwrap_or(2);
            if !MATCH_GAMES.contains(&games_per_match) {
                return Err(AppError::invalid(
                    "invalid_games_per_match",
                    "a knock-out match has 2, 4, 6, 8 or 10 games",
                ));
            }
            Ok(TournamentSettings::Knockout { games_per_match })
        }
    }
}

/// The name, trimmed, when it has 3 to [`MAX_NAME_CHARS`] characters on one line.
pub(super) fn check_name(name: &str) -> Result<&str, AppError> {
    let name = name.trim();
    let chars = name.chars().count();
    if !(3..=MAX_NAME_CHARS).contains(&chars) || name.chars().any(char::is_control) {
        return Err(AppError::invalid(
            "invalid_name",
            format!("a tournament's name has 3 to {MAX_NAME_CHARS} characters on one line"),
        ));
    }
    Ok(name)
}
