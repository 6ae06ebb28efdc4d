//! Conditional moves: lines a player enters ahead ("if they play X, I answer Y, then if Z,
//! W …"), answered by the server in the after-move pipeline. See
//! docs/conditional-moves.md.
//!
//! - **A line** lists the steps of both sides from the game's current ply on, as the
//!   record will have them ([`line`](mod@line)): moves; `*` for any move of the opponent; and, last,
//!   instead of its owner's move, an action (offer or accept a draw, claim one, resign).
//!   Forced passes (Reversi) may be written or left out: they are filled in when the line
//!   is checked and stored written out. It is checked by the rules when entered (every
//!   move legal in turn up to the first `*`, none after the game's end), must end with a
//!   step of its owner, and must hold a step of the opponent before it.
//! - **Anchored at a ply**: a line is entered at the ply the player saw (409 `stale_ply`
//!   otherwise), and starts there. After every ply the game's lines move on: one whose
//!   next step fits the ply loses it; one that expected another move, or is used up, is
//!   deleted; where a player's lines part at the opponent's move, the one naming the move
//!   wins over a `*`. So the lines of an active game always start at its ply.
//! - **Answered** (`answer.rs`): when, after a move (and its forced passes), the side to
//!   move owns a line, that line's next step is played at once in the same transaction:
//!   a move as the owner's move (their clock restarts and stops at that instant; an offer
//!   lapses as with any move), then forced passes again, and again while lines answer;
//!   an action through the rules of its button. A step the rules refuse then (a move
//!   written after a `*` that is illegal, a draw accepted that nobody offers) deletes the
//!   line, and its owner's "your turn" says so. The owner's own first move of a line
//!   entered on their turn is never played for them: they play it, and the line goes on.
//! - **One answer per position**: two lines of a player may part only at a move of the
//!   opponent (or at the first move, the owner's own); a line that would answer one
//!   position differently from another is refused (409 `conflicting_line`); one that is
//!   already entered (itself, or as the start of a longer one) is refused (409
//!   `duplicate_line`); a longer line replaces one that is its start.
//! - **Limits**: [`MAX_LINES`] lines per player and game, [`MAX_LINE_MOVES`] moves and
//!   [`MAX_LINE_TEXT`] bytes a line,
//!   [`CONDITIONAL_CHANGES_PER_MINUTE`](crate::throttle::CONDITIONAL_CHANGES_PER_MINUTE) entries and
//!   deletions per player and minute.
//! - **Private** to their owner while the game goes on; once it has ended, the lines
//!   still pending at its end are part of its record, for everyone.

mod answer;
pub mod line;
mod repertoire_reply;
pub mod step;

pub use answer::Unanswered;
pub(super) use answer::{Answered, answer};
pub use line::{LINE_ACTIONS, MAX_LINE_MOVES, MAX_LINE_TEXT};
pub use repertoire_reply::{REPERTOIRE_PLIES_PER_TURN, played_moves};
pub use step::{ANY, step_key};

use rules::Color;
use sqlx::AnyConnection;

use self::line::{check_line, place, split};
use super::{
    action_rules::GameAction,
    detail::GameDetail,
    errors::not_a_player,
    read::{self, load_for_change, why_not_claimed},
    vocabulary::GameStatus,
};
use crate::{Services, accounts::user::User, throttle::PlayerAction};
use store::{
    conditional::{self as rows, LineRow, NewLine},
    games,
};
use vocab::error::AppError;

/// The most lines one player keeps in one game.
pub const MAX_LINES: usize = 20;

/// What a missing line is called in its 404.
pub const LINE: &str = "conditional line";

/// A conditional line as its readers see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConditionalLine {
    /// Its id.
    pub id: String,
    /// Its owner's name.
    pub player: String,
    /// The colour its owner plays.
    pub color: Option<Color>,
    /// The ply its first move is expected at.
    pub ply: i64,
    /// The canonical texts of its moves, both sides', forced passes written out.
    pub moves: Vec<String>,
    /// The same moves as people read them (SAN for chess).
    pub display: Vec<String>,
    /// When it was entered (unix seconds).
    pub created_at: i64,
}

/// The lines of a game that a reader may see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinesView {
    /// Whether the game has ended (the lines are then everyone's, as pending at its end).
    pub ended: bool,
    /// The game's ply.
    pub ply: i64,
    /// The lines: the reader's own while the game goes on; every player's once it ended.
    pub lines: Vec<ConditionalLine>,
}

fn line_of(detail_colors: (&str, &str), row: LineRow) -> ConditionalLine {
    let color = if row.user_id == detail_colors.0 {
        Some(Color::White)
    } else if row.user_id == detail_colors.1 {
        Some(Color::Black)
    } else {
        None
    };
    ConditionalLine {
        color,
        moves: split(&row.moves),
        display: split(&row.display),
        id: row.id,
        player: row.username,
        ply: row.ply,
        created_at: row.created_at,
    }
}

/// Commits `tx` if `work` succeeded, rolls it back otherwise.
async fn commit_plain<T>(
    tx: sqlx::Transaction<'static, sqlx::Any>,
    work: Result<T, AppError>,
) -> Result<T, AppError> {
    match work {
        Ok(done) => {
            tx.commit().await?;
            Ok(done)
        }
        Err(error) => {
            if let Err(rollback) = tx.rollback().await {
                tracing::warn!(%rollback, "rolling back a refused conditional line");
            }
            Err(error)
        }
    }
}

/// The lines of game `id` that `viewer` may see: their own while it goes on (only its
/// players have any), every player's once it has ended.
///
/// # Errors
///
/// 404 no such game; 403 `conditional_private` for someone who does not play in a game
/// still going on; database errors.
pub async fn list(
    state: &Services,
    viewer: Option<&User>,
    id: &str,
) -> Result<LinesView, AppError> {
    let row = read::row(state, id).await?;
    let players = (row.white_id.as_str(), row.black_id.as_str());
    let ended = row.status != GameStatus::Active.as_str();
    let mut conn = state.db.pool.acquire().await?;
    let rows = if ended {
        rows::of_game(&mut conn, id).await?
    } else {
        let viewer = viewer
            .filter(|user| user.id == row.white_id || user.id == row.black_id)
            .ok_or_else(|| {
                AppError::forbidden(
                    "conditional_private",
                    "a player's conditional moves are private until the game ends",
                )
            })?;
        rows::of_player(&mut conn, id, &viewer.id).await?
    };
    Ok(LinesView {
        ended,
        ply: row.ply,
        lines: rows
            .into_iter()
            .map(|line| line_of(players, line))
            .collect(),
    })
}

/// The lines of `detail` that `viewer` sees on the game page and in the record: their
/// own while it goes on, everyone's once it has ended.
///
/// # Errors
///
/// Database errors.
pub async fn for_page(
    conn: &mut AnyConnection,
    viewer: Option<&User>,
    detail: &GameDetail,
) -> Result<Vec<ConditionalLine>, AppError> {
    let players = (detail.white_id.as_str(), detail.black_id.as_str());
    let rows = match (detail.status, viewer) {
        (GameStatus::Active, Some(user)) if detail.color_of(&user.id).is_some() => {
            rows::of_player(conn, &detail.id, &user.id).await?
        }
        (GameStatus::Active, _) => Vec::new(),
        _ => rows::of_game(conn, &detail.id).await?,
    };
    Ok(rows
        .into_iter()
        .map(|line| line_of(players, line))
        .collect())
}

/// Enters `text` as a line of `user` in game `id`, which they saw at `seen_ply`.
///
/// # Errors
///
/// 404 no such game; 403 `not_a_player`; 409 `stale_ply`, `game_over`,
/// `too_many_lines`, `duplicate_line`, `conflicting_line`, `computer_game` (a draw
/// offered or accepted against the computer); 422 as `check_line`; 429
/// `rate_limited` beyond
/// [`CONDITIONAL_CHANGES_PER_MINUTE`](crate::throttle::CONDITIONAL_CHANGES_PER_MINUTE)
/// entries and deletions a minute; database errors. On any error nothing is written.
pub async fn add(
    state: &Services,
    user: &User,
    id: &str,
    text: &str,
    seen_ply: u32,
) -> Result<ConditionalLine, AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("game"));
    }
    state
        .player_limits
        .check(PlayerAction::ConditionalLine, &user.id)?;
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    // The first write: the game at the ply the player saw, so that a move of the game
    // and this line wait for each other.
    if !rows::claim_game(&mut tx, id, Some(i64::from(seen_ply))).await? {
        tx.rollback().await?;
        return Err(why_not_claimed(state, &user.id, id, Some(seen_ply)).await);
    }
    let work = async {
        let detail = load_for_change(&mut tx, &state.records, id)
            .await?
            .ok_or(AppError::NotFound("game"))?;
        let owner = detail.color_of(&user.id).ok_or_else(not_a_player)?;
        let line = check_line(&detail.game, owner, text)?;
        if detail.computer().is_some()
            && matches!(
                line.action(),
                Some(GameAction::OfferDraw | GameAction::AcceptDraw)
            )
        {
            return Err(AppError::conflict(
                "computer_game",
                "the computer takes no draw offer: a line against it may end with a move, \
                 a claim or a resignation",
            ));
        }
        let old: Vec<(String, Vec<String>, Vec<String>)> = rows::of_player(&mut tx, id, &user.id)
            .await?
            .into_iter()
            .map(|row| (row.id, split(&row.moves), split(&row.display)))
            .collect();
        let replaced = place(&line, &old, owner)?;
        if old.len() - replaced.len() >= MAX_LINES {
            return Err(AppError::conflict(
                "too_many_lines",
                format!("a player keeps at most {MAX_LINES} lines in a game"),
            ));
        }
        for index in replaced {
            rows::delete(&mut tx, id, &old[index].0, &user.id).await?;
        }
        let new = ConditionalLine {
            id: vocab::ids::new_id(),
            player: user.username.clone(),
            color: Some(owner),
            ply: detail.stored_ply(),
            moves: line.moves,
            display: line.display,
            created_at: now,
        };
        rows::insert(
            &mut tx,
            &NewLine {
                id: &new.id,
                game_id: id,
                user_id: &user.id,
                ply: new.ply,
                moves: &new.moves.join(" "),
                display: &new.display.join(" "),
                created_at: now,
            },
        )
        .await?;
        let told = state
            .events
            .stage_users_changed(&mut tx, &[&user.id])
            .await?;
        Ok((new, told))
    }
    .await;
    let (new, told) = commit_plain(tx, work).await?;
    told.committed(&state.events);
    Ok(new)
}

/// Deletes line `line_id` of `user` in game `id`, which is going on.
///
/// # Errors
///
/// 404 no such game or line (also another player's); 403 `not_a_player`; 409
/// `game_over` (the lines are then part of the record); 429 `rate_limited`; database
/// errors.
pub async fn delete(
    state: &Services,
    user: &User,
    id: &str,
    line_id: &str,
) -> Result<(), AppError> {
    if store::names_nothing(id) {
        return Err(AppError::NotFound("game"));
    }
    state
        .player_limits
        .check(PlayerAction::ConditionalLine, &user.id)?;
    let mut tx = state.db.begin_write().await?;
    if !rows::claim_game(&mut tx, id, None).await? {
        tx.rollback().await?;
        return Err(why_not_claimed(state, &user.id, id, None).await);
    }
    let work = async {
        if !rows::delete(&mut tx, id, line_id, &user.id).await? {
            let game = games::get(&mut tx, id).await?;
            let plays = game.is_some_and(|row| row.white_id == user.id || row.black_id == user.id);
            return Err(if plays {
                AppError::NotFound(LINE)
            } else {
                not_a_player()
            });
        }
        Ok(state
            .events
            .stage_users_changed(&mut tx, &[&user.id])
            .await?)
    }
    .await;
    commit_plain(tx, work).await?.committed(&state.events);
    Ok(())
}
