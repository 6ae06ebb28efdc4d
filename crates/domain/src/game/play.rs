//! Playing a move: the ply-guarded first write, the game read once inside the
//! transaction, the time checked, the move played by the rules, then the after-move
//! pipeline (`follow_up::after_move`) and, when the game is over, [`finish`]. A person's
//! move comes through [`play_move`]; the computer's through [`play_reply`], which also
//! takes its queued reply in the same transaction.

use rules::PlayError;

use super::{
    change::{Applied, save_with_moves},
    commit::commit,
    detail::{GameDetail, end_turn},
    errors::{Refusal, game_over, not_your_turn},
    finish::finish,
    follow_up,
    read::why_not_claimed,
    timeout::{self, Found},
    vocabulary::Ending,
};
use crate::{Services, accounts::user::User, notifications};
use store::{engine as engine_queue, games};
use vocab::error::AppError;

/// Plays `move_text` for `user` in game `id`, which they saw at `seen_ply`; then the
/// after-move pipeline (forced passes, conditional replies, the computer's reply queued).
/// Ends the game (and counts it) when the move ends it.
///
/// # Errors
///
/// 404 no such game; 403 `not_a_player` / `not_your_turn`; 409 `stale_ply` / `game_over`
/// / `time_out` (the deadline has passed: the game is now lost on time, which is kept);
/// 422 `malformed_move` / `illegal_move`. On any other error nothing is written.
pub async fn play_move(
    state: &Services,
    user: &User,
    id: &str,
    move_text: &str,
    seen_ply: u32,
) -> Result<GameDetail, AppError> {
    play(state, user, id, move_text, seen_ply, false).await
}

/// Plays the computer's reply `move_text` as `computer` in game `id` at `seen_ply` (the
/// ply its queued reply answers), as [`play_move`] does, and deletes the queued reply in
/// the same transaction, right after the ply guard: only while this instance still holds
/// its lease ([`crate::jobs::engine`]), so of two instances computing one reply (the
/// first's lease ran out) one plays it.
///
/// # Errors
///
/// As [`play_move`]; 409 `reply_not_held` when this instance no longer holds the reply
/// (nothing is written).
pub async fn play_reply(
    state: &Services,
    computer: &User,
    id: &str,
    move_text: &str,
    seen_ply: u32,
) -> Result<GameDetail, AppError> {
    play(state, computer, id, move_text, seen_ply, true).await
}

async fn play(
    state: &Services,
    user: &User,
    id: &str,
    move_text: &str,
    seen_ply: u32,
    queued_reply: bool,
) -> Result<GameDetail, AppError> {
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    // The first write: the ply guard. Zero rows: someone moved first or the game ended.
    if !games::claim_at_ply(&mut tx, id, i64::from(seen_ply), now).await? {
        tx.rollback().await?;
        return Err(why_not_claimed(state, &user.id, id, Some(seen_ply)).await);
    }
    // The computer's reply leaves the queue with its move (or with the loss on time that
    // the move finds), if this instance still holds it.
    if queued_reply
        && !engine_queue::take(&mut tx, id, i64::from(seen_ply), &state.instance_id).await?
    {
        tx.rollback().await?;
        return Err(AppError::conflict(
            Refusal::ReplyNotHeld.code(),
            "this instance no longer holds the computer's reply",
        ));
    }
    let work = async {
        // The one read of the game, inside the transaction that holds its row.
        let (mut detail, color, flush) =
            match timeout::found_for(&mut tx, state, id, &user.id, now).await? {
                Found::Open(detail, color, flush) => (detail, color, flush),
                Found::Overdue(applied) => return Ok(applied),
            };
        if detail.to_move() != Some(color) {
            return Err(not_your_turn());
        }
        let first_ply = detail.stored_ply() + 1;
        let first = detail.game.record().len();
        let mut played = vec![detail.game.play(move_text).map_err(|error| match error {
            PlayError::Malformed(_) => AppError::invalid("malformed_move", error.to_string()),
            PlayError::Illegal(_) => AppError::invalid("illegal_move", error.to_string()),
            PlayError::GameOver => game_over(),
        })?];
        let after = follow_up::after_move(&mut tx, &mut detail, first, color, now).await?;
        played.extend(after.played);
        // Ended on the board, or by a conditional line's action (resigned, a draw agreed
        // or claimed).
        let ending = detail
            .game
            .outcome()
            .map(Ending::OnBoard)
            .or(after.answered.ending);
        let ended = match ending {
            Some(ending) => {
                let played = &detail.game.record()[first..];
                games::insert_moves(&mut tx, id, first_ply, played, now).await?;
                finish(&mut tx, &mut detail, ending, now).await?;
                true
            }
            None => {
                // The turn of the last mover (the player, or the opponent whose
                // conditional line answered) ends, unless a line's action already ended
                // it; the moves are stored with the row.
                if let Some(mover) = after.answered.turn_to_end {
                    end_turn(&mut detail, mover, now);
                }
                save_with_moves(&mut tx, &mut detail, (first, first_ply), now).await?;
                // The opponent's "your turn" (one upsert, superseding their unread one):
                // whoever is to move now, unless it is the player who just moved (their
                // opponent's conditional answer came back at once, in this answer), or
                // they watch the game on this instance: the page shows the move as it
                // arrives, so a notice would only be one more to clear. (A watcher on
                // another instance still gets it; e-mail and push ask every instance.)
                // A player whose conditional line could not answer hears of it all the
                // same.
                let to_move = detail.to_move().map(|side| detail.player(side).0);
                let seen = to_move.is_some_and(|player| state.events.watches(player, id));
                if !seen || after.answered.unanswered.is_some() {
                    let unanswered = after
                        .answered
                        .unanswered
                        .as_ref()
                        .map(|unanswered| (unanswered.step.as_str(), unanswered.why));
                    notifications::your_turn(&mut tx, &detail, color, unanswered, now).await?;
                }
                false
            }
        };
        Ok(Applied {
            detail,
            moves_played: played.len(),
            ended,
            refusal: None,
            reply_queued: after.reply_queued,
            flush,
        })
    }
    .await;
    commit(state, tx, work).await
}
