//! A player's playing settings: where the browser goes after a move, whether a move
//! chosen on the board waits for a Confirm button, and whether their repertoire answers
//! in their new games. Stored on `users` (migrations 0008 and 0028), changed on the
//! settings page and through `/api/v1/me/settings`.

use sqlx::AnyConnection;

pub mod play;

pub use play::{
    AfterMove, GamePageViewer, PlaySettings, PlaySettingsChange, UnknownAfterMove,
    parse_after_move, parse_confirm_moves, parse_repertoire,
};

use crate::{
    Services,
    accounts::{self, User},
    game::snapshots::SignedIn,
};
use store::users;
use vocab::error::AppError;

fn decode(stored: Option<users::StoredPlay>) -> Result<PlaySettings, AppError> {
    let (after_move, confirm_moves, repertoire) =
        stored.ok_or_else(|| AppError::Unauthenticated("the account is gone".to_owned()))?;
    Ok(PlaySettings {
        after_move: after_move.parse().map_err(AppError::internal)?,
        confirm_moves: confirm_moves != 0,
        repertoire: repertoire != 0,
    })
}

/// What the game page needs of its viewer, from its stored row.
fn viewer_of(row: Option<users::GamePageViewerRow>) -> Result<GamePageViewer, AppError> {
    let (play, next_game, conditional_lines, unread_here, repertoire_here) = match row {
        Some((play, next, lines, unread, here)) => (Some(play), next, lines, unread, here),
        None => (None, None, 0, 0, None),
    };
    Ok(GamePageViewer {
        play: decode(play)?,
        next_game,
        conditional_lines,
        unread_here,
        repertoire_here: repertoire_here.map(|on| on != 0),
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
    viewer_of(users::game_page_viewer(conn, &user.id, game_id).await?)
}

/// The viewer of game `game_id`'s page by their session cookie `token`, with the header
/// counts and the session's end, and what the page needs of them (as
/// [`game_page_viewer`]), in one statement on the page's connection; `None` when the
/// session has ended.
///
/// # Errors
///
/// Database errors.
pub async fn game_page_session(
    conn: &mut AnyConnection,
    token: &str,
    game_id: &str,
    now: i64,
) -> Result<Option<(SignedIn, GamePageViewer)>, AppError> {
    let hash = accounts::token_hash(token);
    let Some((session, row)) = users::by_session_for_game_page(conn, &hash, game_id, now).await?
    else {
        return Ok(None);
    };
    let session = accounts::session_user(session);
    let viewer = viewer_of(Some(row))?;
    Ok(Some((session, viewer)))
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
        (
            change.after_move.map(AfterMove::as_str),
            change.confirm_moves.map(i64::from),
            change.repertoire.map(i64::from),
        ),
    )
    .await?;
    let settings = decode(stored)?;
    state
        .events
        .stage_users_changed(&mut conn, &[&user.id])
        .await?
        .committed(&state.events);
    Ok(settings)
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
                confirm_moves: true,
                repertoire: true,
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
