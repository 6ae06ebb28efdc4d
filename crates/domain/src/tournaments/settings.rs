//! What a new tournament asks for, and its format's settings checked.

use crate::{
    game::{GameLimit, StopRules, TimeControl},
    reliability::card::Requirements,
};
use vocab::error::AppError;

/// How a tournament is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Sections in which everyone meets everyone; the best of each go on to the next
    /// stage until one section is left.
    RoundRobin,
    /// A fixed number of rounds, players of equal score paired.
    Swiss,
    /// Matches; the loser of each is out.
    Knockout,
    /// Seasons of divisions of round-robin groups, with promotion and relegation between
    /// them; new players join the lowest division at the next season.
    League,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 4] = [
        Format::RoundRobin,
        Format::Swiss,
        Format::Knockout,
        Format::League,
    ];

    /// `round_robin`, `swiss`, `knockout` or `league`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round_robin",
            Format::Swiss => "swiss",
            Format::Knockout => "knockout",
            Format::League => "league",
        }
    }

    /// Whether it takes entries while it runs (a league: at its next season).
    #[must_use]
    pub const fn joins_while_running(self) -> bool {
        matches!(self, Format::League)
    }
}

rules::text_form!(Format, "tournament format");

/// The most entrants a tournament may take.
pub const MAX_PLAYERS: i64 = 2_000;
/// The sizes a round-robin section may have.
pub const SECTION_SIZES: std::ops::RangeInclusive<i64> = 3..=12;
/// The rounds a Swiss may have.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<i64> = 1..=30;
/// The seasons a league may have.
pub const LEAGUE_SEASONS: std::ops::RangeInclusive<i64> = 1..=50;
/// The games a knock-out match may have (an even number: each player White as often).
pub const MATCH_GAMES: [i64; 5] = [2, 4, 6, 8, 10];
/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 80;
/// The furthest ahead a start time may be: a year.
pub const MAX_START_AHEAD_SECS: i64 = 366 * 86_400;

/// What a new tournament asks for, from a form or the API (its variant and format read
/// at the edge).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRequest<'a> {
    /// Its name.
    pub name: &'a str,
    /// The variant.
    pub variant: rules::Variant,
    /// The format.
    pub format: Format,
    /// The format's settings as asked for (checked by [`create`](super::create)).
    pub options: FormatOptions,
    /// The games' terms and who may enter, when.
    pub terms: Terms,
    /// The start chosen for every game ([`read_start`](crate::challenges::read_start):
    /// a thematic tournament); `None`: each game starts as usual.
    pub start: Option<rules::Setup>,
}

/// What an organiser sets besides the variant and the format: the games' terms and who
/// may enter, when. A request asks for them; a [`Tournament`](super::Tournament) carries
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// The games' time control.
    pub time_control: TimeControl,
    /// What stops the games' clocks.
    pub stops: StopRules,
    /// The most days a game may last and how it is decided then, if limited.
    pub limit: Option<GameLimit>,
    /// Rated games.
    pub rated: bool,
    /// Its games allow the players engines (and are rated in the engines pool).
    pub engines_allowed: bool,
    /// The fewest entrants it starts with (at least 2).
    pub min_players: i64,
    /// The most entrants it takes.
    pub max_players: i64,
    /// The lowest rating that may join (whole points).
    pub min_rating: Option<i64>,
    /// The highest rating that may join (whole points).
    pub max_rating: Option<i64>,
    /// What it asks of an entrant's reliability card.
    pub requirements: Requirements,
    /// Private: entry with the invitation link only (the key is shown to its organiser
    /// only).
    pub private: bool,
    /// When it starts (unix seconds, in the future; `None`: when it is full).
    pub starts_at: Option<i64>,
}

/// Every format's settings in one flat form, each `None` where left out or not used: how
/// a request asks for them, and how they are stored and shown (a format's own are
/// [`TournamentSettings`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FormatOptions {
    /// Round robin and league: the largest section (3 to 12).
    pub section_size: Option<i64>,
    /// Round robin and league: each pair meets twice.
    pub both_colours: bool,
    /// Round robin and league: how many of each section go on (1 to half the section
    /// size).
    pub advance: Option<i64>,
    /// Swiss: the rounds (1 to 30); league: the seasons (1 to 50).
    pub rounds: Option<i64>,
    /// Knock-out: the games of a match (2, 4, 6, 8 or 10).
    pub games_per_match: Option<i64>,
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
    /// `format`'s settings from `options`, the format's defaults for those left out;
    /// unchecked (see `TournamentSettings::check`): a stored tournament's are read so.
    #[must_use]
    pub fn of(format: Format, options: FormatOptions) -> TournamentSettings {
        let section_size = options.section_size.unwrap_or(8);
        let advance = options.advance.unwrap_or(1);
        let both_colours = options.both_colours;
        match format {
            Format::RoundRobin => TournamentSettings::RoundRobin {
                section_size,
                advance,
                both_colours,
            },
            Format::League => TournamentSettings::League {
                section_size,
                advance,
                both_colours,
                seasons: options.rounds.unwrap_or(10),
            },
            Format::Swiss => TournamentSettings::Swiss {
                rounds: options.rounds.unwrap_or(7),
            },
            Format::Knockout => TournamentSettings::Knockout {
                games_per_match: options.games_per_match.unwrap_or(2),
            },
        }
    }

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

    /// The settings in their flat form, `None` (and `false`) for those the format does
    /// not use: a league's seasons are its `rounds`.
    #[must_use]
    pub const fn options(self) -> FormatOptions {
        match self {
            TournamentSettings::RoundRobin {
                section_size,
                advance,
                both_colours,
            } => FormatOptions {
                section_size: Some(section_size),
                both_colours,
                advance: Some(advance),
                rounds: None,
                games_per_match: None,
            },
            TournamentSettings::League {
                section_size,
                advance,
                both_colours,
                seasons,
            } => FormatOptions {
                section_size: Some(section_size),
                both_colours,
                advance: Some(advance),
                rounds: Some(seasons),
                games_per_match: None,
            },
            TournamentSettings::Swiss { rounds } => FormatOptions {
                rounds: Some(rounds),
                ..FormatOptions::NONE
            },
            TournamentSettings::Knockout { games_per_match } => FormatOptions {
                games_per_match: Some(games_per_match),
                ..FormatOptions::NONE
            },
        }
    }

    /// The largest section (round robin) or group (league); 8 for the other formats.
    pub(super) fn section_size(self) -> usize {
        usize::try_from(self.options().section_size.unwrap_or(8)).unwrap_or(8)
    }

    /// How many of each section go on (round robin), or up and down (league); 1 for the
    /// other formats.
    pub(super) fn advance(self) -> usize {
        usize::try_from(self.options().advance.unwrap_or(1)).unwrap_or(1)
    }

    /// A Swiss's rounds, a league's seasons; 1 for the other formats.
    pub(super) fn rounds(self) -> i64 {
        self.options().rounds.unwrap_or(1)
    }

    /// The games of a knock-out match; 2 for the other formats.
    pub(super) fn match_games(self) -> u32 {
        u32::try_from(self.options().games_per_match.unwrap_or(2)).unwrap_or(2)
    }

    /// These settings when each is within its format's range.
    fn check(self) -> Result<TournamentSettings, AppError> {
        match self {
            TournamentSettings::RoundRobin {
                section_size,
                advance,
                ..
            }
            | TournamentSettings::League {
                section_size,
                advance,
                ..
            } => {
                if !SECTION_SIZES.contains(&section_size) {
                    return Err(invalid_section_size());
                }
                if advance < 1 || advance > section_size / 2 {
                    return Err(AppError::invalid(
                        "invalid_advance",
                        format!(
                            "from 1 to {} players of each section of {section_size} may go on",
                            section_size / 2
                        ),
                    ));
                }
                if let TournamentSettings::League { seasons, .. } = self
                    && !LEAGUE_SEASONS.contains(&seasons)
                {
                    return Err(AppError::invalid(
                        "invalid_seasons",
                        "a league has 1 to 50 seasons",
                    ));
                }
            }
            TournamentSettings::Swiss { rounds } => {
                if !SWISS_ROUNDS.contains(&rounds) {
                    return Err(AppError::invalid(
                        "invalid_rounds",
                        "a Swiss has 1 to 30 rounds",
                    ));
                }
            }
            TournamentSettings::Knockout { games_per_match } => {
                if !MATCH_GAMES.contains(&games_per_match) {
                    return Err(invalid_games_per_match());
                }
            }
        }
        Ok(self)
    }
}

impl FormatOptions {
    /// Nothing asked for.
    const NONE: FormatOptions = FormatOptions {
        section_size: None,
        both_colours: false,
        advance: None,
        rounds: None,
        games_per_match: None,
    };
}

fn invalid_section_size() -> AppError {
    AppError::invalid("invalid_section_size", "a section has 3 to 12 players")
}

fn invalid_games_per_match() -> AppError {
    AppError::invalid(
        "invalid_games_per_match",
        "a knock-out match has 2, 4, 6, 8 or 10 games",
    )
}

/// Every format's setting within the range any format allows, as the API documents them:
/// a setting the chosen format does not use is left out, but a value no format takes is
/// refused all the same.
fn check_ranges(options: &FormatOptions) -> Result<(), AppError> {
    let outside = |value: Option<i64>, range: std::ops::RangeInclusive<i64>| {
        value.is_some_and(|value| !range.contains(&value))
    };
    if outside(options.section_size, SECTION_SIZES) {
        return Err(invalid_section_size());
    }
    if outside(options.advance, 1..=SECTION_SIZES.end() / 2) {
        return Err(AppError::invalid(
            "invalid_advance",
            format!("from 1 to {} players may go on", SECTION_SIZES.end() / 2),
        ));
    }
    if outside(
        options.rounds,
        1..=*LEAGUE_SEASONS.end().max(SWISS_ROUNDS.end()),
    ) {
        return Err(AppError::invalid(
            "invalid_rounds",
            "a Swiss has 1 to 30 rounds, a league 1 to 50 seasons",
        ));
    }
    let most_games = MATCH_GAMES.iter().copied().max().unwrap_or_default();
    if outside(options.games_per_match, MATCH_GAMES[0]..=most_games) {
        return Err(invalid_games_per_match());
    }
    Ok(())
}

/// The settings of `format` from `options`, each within its range, the format's
/// defaults for those left out.
pub(super) fn check_format(
    format: Format,
    options: &FormatOptions,
) -> Result<TournamentSettings, AppError> {
    check_ranges(options)?;
    TournamentSettings::of(format, *options).check()
}

/// The name, trimmed, when it has 3 to [`MAX_NAME_CHARS`] characters on one line.
///
/// # Errors
///
/// 422 `control_character` ([`crate::text`]), `invalid_name`.
pub fn check_name(name: &str) -> Result<&str, AppError> {
    let name = name.trim();
    crate::text::check(name, crate::text::Typed::Name)?;
    let chars = name.chars().count();
    if !(3..=MAX_NAME_CHARS).contains(&chars) {
        return Err(AppError::invalid(
            "invalid_name",
            format!("a tournament's name has 3 to {MAX_NAME_CHARS} characters on one line"),
        ));
    }
    Ok(name)
}
