//! Games as lists show them: a line of a list ([`GameSummary`]), a page of finished
//! games with the cursor of the next ([`GamesPage`]), and a variant's results
//! ([`VariantStats`]).

use rules::{Color, Variant};

use super::{
    errors::corrupt,
    pauses::{Pauses, PlayerTime, StopRules, TurnClock},
    time_control::bank_index,
    vocabulary::GameStatus,
};
use crate::accounts::user::AccountKind;
use store::games::{self, GameRow};
use vocab::error::AppError;

/// A line of a user's game list.
#[derive(Debug, Clone)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Who plays White's account.
    pub white_kind: AccountKind,
    /// Who plays Black's account.
    pub black_kind: AccountKind,
    /// White's user id.
    pub white_id: String,
    /// Black's user id.
    pub black_id: String,
    /// Active, finished or aborted.
    pub status: GameStatus,
    /// The result once finished.
    pub result: Option<rules::GameResult>,
    /// Moves played.
    pub ply: i64,
    /// The side to move while active.
    pub to_move: Option<Color>,
    /// The deadline while active.
    pub deadline: Option<i64>,
    /// Whether the user is to move.
    pub your_turn: bool,
    /// When it ended.
    pub finished_at: Option<i64>,
    /// Rated or casual.
    pub rated: bool,
    /// How its time is counted.
    pub time_control: super::TimeControl,
    /// When the clock of the player to move stands still (their weekends, vacation).
    pub mover_pauses: Pauses,
}

impl GameSummary {
    /// In a game against the computer, its level.
    #[must_use]
    pub fn computer_level(&self) -> Option<engine::Level> {
        crate::computer::players::level_of(&self.white_id, self.white_kind)
            .or_else(|| crate::computer::players::level_of(&self.black_id, self.black_kind))
    }

    /// The clock of the player to move at `now`, `None` when no clock runs (untimed or
    /// over).
    #[must_use]
    pub fn turn_clock(&self, now: i64) -> Option<TurnClock> {
        let deadline = self
            .deadline
            .filter(|_| self.status == GameStatus::Active)?;
        Some(self.mover_pauses.turn_clock(now, deadline))
    }

    /// The list line of `row`, as `user_id` sees it.
    ///
    /// # Errors
    ///
    /// A stored value that does not decode (a 500).
    pub fn of_row(row: GameRow, user_id: &str) -> Result<GameSummary, AppError> {
        let to_move: Option<Color> = decode(row.to_move.as_deref())?;
        let mover_pauses = to_move.map_or_else(Pauses::none, |color| {
            player_times(&row)[bank_index(color)].pauses(stop_rules(&row))
        });
        Ok(GameSummary {
            mover_pauses,
            your_turn: games::is_users_turn(&row, user_id),
            variant: row.variant.parse().map_err(corrupt)?,
            status: row.status.parse().map_err(corrupt)?,
            result: decode(row.result.as_deref())?,
            to_move,
            time_control: row.time_control.parse().map_err(corrupt)?,
            white_kind: AccountKind::from_stored(&row.white_kind),
            black_kind: AccountKind::from_stored(&row.black_kind),
            id: row.id,
            white: row.white,
            black: row.black,
            white_id: row.white_id,
            black_id: row.black_id,
            ply: row.ply,
            deadline: row.deadline,
            finished_at: row.finished_at,
            rated: row.rated != 0,
        })
    }
}

/// One variant's results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantStats {
    /// The variant.
    pub variant: Variant,
    /// Games White won.
    pub white_wins: i64,
    /// Games Black won.
    pub black_wins: i64,
    /// Drawn games.
    pub draws: i64,
    /// Games both sides lost at their deadline.
    pub both_lost: i64,
}

impl VariantStats {
    /// Finished games of this variant.
    #[must_use]
    pub const fn games(&self) -> i64 {
        self.white_wins + self.black_wins + self.draws + self.both_lost
    }
}

/// A page of a player's finished games.
#[derive(Debug, Clone)]
pub struct GamesPage {
    /// Newest first.
    pub games: Vec<GameSummary>,
    /// The cursor of the next page, if there is one.
    pub next: Option<String>,
}

fn invalid_cursor() -> AppError {
    AppError::invalid("invalid_cursor", "`after` is not a cursor this list gave")
}

/// A games cursor: `<finished_at>_<game id>` of the last game shown.
pub(crate) fn parse_games_cursor(text: &str) -> Result<(i64, String), AppError> {
    let (at, id) = text.split_once('_').ok_or_else(invalid_cursor)?;
    let at = at.parse().map_err(|_| invalid_cursor())?;
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(invalid_cursor());
    }
    Ok((at, id.to_owned()))
}

/// The first `limit` of `rows` (fetched one over, to know whether more follow) as a page
/// seen by `viewer_id`, with the cursor of the next page when there is one.
pub(crate) fn page_of(
    rows: Vec<GameRow>,
    limit: i64,
    viewer_id: &str,
) -> Result<GamesPage, AppError> {
    let page = usize::try_from(limit).unwrap_or(usize::MAX);
    let more = rows.len() > page;
    let games = rows
        .into_iter()
        .take(page)
        .map(|row| GameSummary::of_row(row, viewer_id))
        .collect::<Result<Vec<_>, _>>()?;
    let next = if more {
        games
            .last()
            .map(|game| format!("{}_{}", game.finished_at.unwrap_or_default(), game.id))
    } else {
        None
    };
    Ok(GamesPage { games, next })
}

/// Reads an optional text column as a vocabulary type.
pub(super) fn decode<T: std::str::FromStr>(text: Option<&str>) -> Result<Option<T>, AppError>
where
    T::Err: std::fmt::Display,
{
    text.map(str::parse).transpose().map_err(corrupt)
}

/// What `row`'s game lets stop its clocks.
pub(super) fn stop_rules(row: &GameRow) -> StopRules {
    StopRules {
        weekends_off: row.weekends_off != 0,
        vacation_allowed: row.vacation_allowed != 0,
        nights_allowed: row.nights_allowed != 0,
    }
}

/// White's and Black's time zones, vacations and nights, as `row` joins them.
pub(super) fn player_times(row: &GameRow) -> [PlayerTime; 2] {
    [
        PlayerTime::stored(
            row.white_time_zone.clone(),
            (row.white_vacation_from, row.white_vacation_until),
            (row.white_night_from, row.white_night_until),
        ),
        PlayerTime::stored(
            row.black_time_zone.clone(),
            (row.black_vacation_from, row.black_vacation_until),
            (row.black_night_from, row.black_night_until),
        ),
    ]
}
