//! A player's playing settings: where the browser goes after a move, and whether a move
//! chosen on the board waits for a Confirm button. Stored on `users` (migration 0008),
//! changed on the settings page and through `/api/v1/me/settings`.

use std::{fmt, str::FromStr};

use sqlx::AnyConnection;

use crate::{
    Services,
    accounts::{self, HeaderCounts, User},
};
use store::users;
use vocab::error::AppError;

/// Where the browser goes after the player's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AfterMove {
    /// Back to the game just played (the default).
    #[default]
    Stay,
    /// On to the next game where it is the player's turn, when there is one.
    NextGame,
}

impl AfterMove {
    /// Both, in the order the settings page offers them.
    pub const ALL: [AfterMove; 2] = [AfterMove::Stay, AfterMove::NextGame];

    /// The stored and API text: `stay` or `next_game`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            AfterMove::Stay => "stay",
            AfterMove::NextGame => "next_game",
        }
    }
}

impl fmt::Display for AfterMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is neither `stay` nor `next_game`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAfterMove;

impl fmt::Display for UnknownAfterMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("after a move is `stay` or `next_game`")
    }
}

impl std::error::Error for UnknownAfterMove {}

impl FromStr for AfterMove {
    type Err = UnknownAfterMove;

    fn from_str(text: &str) -> Result<AfterMove, UnknownAfterMove> {
        AfterMove::ALL
            .into_iter()
            .find(|choice| choice.as_str() == text)
            .ok_or(UnknownAfterMove)
    }
}

/// A player's playing settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaySettings {
    /// Where the browser goes after a move.
    pub after_move: AfterMove,
    /// Whether the script's board asks for Confirm before it sends a move.
    pub confirm_moves: bool,
}

impl Default for PlaySettings {
    /// Stay on the game; confirm moves (as correspondence play is on Lichess).
    fn default() -> PlaySettings {
        PlaySettings {
            after_move: AfterMove::Stay,
            confirm_moves: true,
        }
    }
}

/// A change of some playing settings: `None` keeps one as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlaySettingsChange {
    /// The new place to go after a move.
    pub after_move: Option<AfterMove>,
    /// Confirm moves or not.
    pub confirm_moves: Option<bool>,
}

/// Reads `after_move` as a person or program sent it.
///
/// # Errors
///
/// 422 `invalid_after_move` for anything but `stay` and `next_game`.
pub fn parse_after_move(text: &str) -> Result<AfterMove, AppError> {
    text.parse().map_err(|error: UnknownAfterMove| {
        AppError::invalid("invalid_after_move", error.to_string())
    })
}

/// Reads a form's `confirm_moves`: `1` (confirm) or `0` (send at once).
///
/// # Errors
///
/// 422 `invalid_confirm_moves` for anything else.
pub fn parse_confirm_moves(text: &str) -> Result<bool, AppError> {
    match text {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(AppError::invalid(
            "invalid_confirm_moves",
            "confirming moves is `1` (on) or `0` (off)",
        )),
    }
}

fn decode(stored: Option<(String, i64)>) -> Result<PlaySettings, AppError> {
    let (after_move, confirm_moves) =
        stored.ok_or_else(|| AppError::Unauthenticated("the account is gone".to_owned()))?;
    Ok(PlaySettings {
        after_move: after_move.parse().map_err(AppError::internal)?,
        confirm_moves: confirm_moves != 0,
    })
}

/// `user`'s playing settings.
///
/// # Errors
///
/// Database errors; 401 when the account no longer exists.
pub async fn play_settings(state: &Services, user: &User) -> Result<PlaySettings, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    decode(users::play_settings(&mut conn, &user.id).await?)
}

/// What a game's page needs of its signed-in viewer besides the game.
#[derive(Debug, Clone, Default)]
pub struct GamePageViewer {
    /// Their playing settings.
    pub play: PlaySettings,
    /// The next game waiting for them to move other than this one.
    pub next_game: Option<String>,
    /// How many conditional lines they hold in this game.
    pub conditional_lines: i64,
}

/// What the page of game `game_id` needs of `user`, read in one statement.
///
/// # Errors
///
/// Database errors; 401 when the account no longer exists.
pub async fn game_page_viewer(
    conn: &mut AnyConnection,
    user: &User,
    game_id: &str,
) -> Result<GamePageViewer, AppError> {
    let stored = users::game_page_viewer(conn, &user.id, game_id).await?;
    let (settings, next_game, conditional_lines) = match stored {
        Some((after_move, confirm_moves, next, lines)) => {
            (Some((after_move, confirm_moves)), next, lines)
        }
        None => (None, None, 0),
    };
    Ok(GamePageViewer {
        play: decode(settings)?,
        next_game,
        conditional_lines,
    })
}

/// The viewer of game `game_id`'s page by their session cookie `token`, with the header
/// counts and what the page needs of them (as [`game_page_viewer`]), in one statement on
/// the page's connection; `None` when the session has ended.
///
/// # Errors
///
/// Database errors.
pub async fn game_page_session(
    conn: &mut AnyConnection,
    token: &str,
    game_id: &str,
    now: i64,
) -> Result<Option<(User, HeaderCounts, GamePageViewer)>, AppError> {
    let hash = accounts::token_hash(token);
    let Some((session, (after_move, confirm_moves, next_game, conditional_lines))) =
        users::by_session_for_game_page(conn, &hash, game_id, now).await?
    else {
        return Ok(None);
    };
    let (user, counts) = accounts::session_user(session);
    let viewer = GamePageViewer {
        play: decode(Some((after_move, confirm_moves)))?,
        next_game,
        conditional_lines,
    };
    Ok(Some((user, counts, viewer)))
}

/// Changes `user`'s playing settings as `change` says and returns them all.
///
/// # Errors
///
/// Database errors; 401 when the account no longer exists.
pub async fn change_play_settings(
    state: &Services,
    user: &User,
    change: PlaySettingsChange,
) -> Result<PlaySettings, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let stored = users::update_play_settings(
        &mut conn,
        &user.id,
        change.after_move.map(AfterMove::as_str),
        change.confirm_moves.map(i64::from),
    )
    .await?;
    decode(stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_move_reads_back_what_it_writes_and_nothing_else() {
        for choice in AfterMove::ALL {
            assert_eq!(choice.as_str().parse(), Ok(choice));
            assert_eq!(choice.to_string(), choice.as_str());
        }
        for bad in ["", "Stay", "next-game", "next_game ", "home"] {
            assert_eq!(bad.parse::<AfterMove>(), Err(UnknownAfterMove), "{bad:?}");
        }
        assert_eq!(
            parse_after_move("next_game").ok(),
            Some(AfterMove::NextGame)
        );
        let error = parse_after_move("home").err().map(|error| error.code());
        assert_eq!(error, Some("invalid_after_move"));
    }

    #[test]
    fn confirming_is_on_by_default_and_read_from_one_or_zero() {
        assert_eq!(
            PlaySettings::default(),
            PlaySettings {
                after_move: AfterMove::Stay,
                confirm_moves: true
            }
        );
        assert_eq!(parse_confirm_moves("1").ok(), Some(true));
        assert_eq!(parse_confirm_moves("0").ok(), Some(false));
        for bad in ["", "yes", "2", "on", " 1"] {
            let error = parse_confirm_moves(bad).err().map(|error| error.code());
            assert_eq!(error, Some("invalid_confirm_moves"), "{bad:?}");
        }
    }
}
