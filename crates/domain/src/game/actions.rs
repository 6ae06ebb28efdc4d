//! The actions besides moves: resign, abort, draw offer / accept / decline / claim, a day
//! given to the opponent, and a pause offered / accepted / declined. One
//! [`GameAction`] type, read once from the HTML form's path or named by the API's route,
//! and one [`act`] for both, with the stale-ply guard inside, so both faces follow one
//! rule for who may do what.

use super::{
    action_rules::{Change, decide, offer_draw},
    change::{Applied, save, stage},
    commit::commit,
    detail::GameDetail,
    finish::finish,
    read::{load, why_not_claimed},
    time_control::bank_index,
    timeout::{self, Found, TimeChecked},
    vocabulary::Ending,
};
use crate::{Services, accounts::user::User, events::staged::Staged};
use store::games;
use vocab::{error::AppError, ids::DAY};

pub use super::action_rules::{
    GameAction, MAX_DRAW_OFFERS, MAX_PAUSES, MAX_TIME_GIFTS, PAUSE_SECONDS,
};

/// Runs `action` for `user` on game `id`. With `seen_ply` (the HTML forms always, the
/// API when given), the game must still be at that ply. One transaction whose first
/// write claims the game row; the game is read once inside it; a player whose time has
/// run out loses on time first.
///
/// # Errors
///
/// 404; 403 `not_a_player` / `not_your_turn` (claims); 409 `computer_game` (a draw
/// offer, a pause or a day given in a game against the computer), `stale_ply`, `game_over`,
/// `time_out`, `too_late_to_abort`, `draw_already_offered`, `draw_offer_this_move`,
/// `too_many_draw_offers`, `no_draw_offer`, `no_draw_claim`, `untimed_game`,
/// `already_paused`, `give_time_on_their_turn`, `too_many_time_gifts`, `too_many_pauses`,
/// `pause_already_offered`, `no_pause_offer`.
pub async fn act(
    state: &Services,
    user: &User,
    id: &str,
    action: GameAction,
    seen_ply: Option<u32>,
) -> Result<GameDetail, AppError> {
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let claimed = match seen_ply {
        Some(ply) => games::claim_at_ply(&mut tx, id, i64::from(ply), now).await?,
        None => games::claim_active(&mut tx, id, now).await?,
    };
    if !claimed {
        tx.rollback().await?;
        return Err(why_not_claimed(state, &user.id, id, seen_ply).await);
    }
    let work = async {
        let (mut detail, color, flush) =
            match timeout::found_for(&mut tx, state, id, &user.id, now).await? {
                Found::Open(detail, color, flush) => (detail, color, flush),
                Found::Overdue(applied) => return Ok(applied),
            };
        let ended = match decide(action, &detail, color, now)? {
            Change::End(ending) => {
                finish(&mut tx, &mut detail, ending, now).await?;
                true
            }
            Change::Offer(color) => {
                offer_draw(&mut tx, &mut detail, color, now).await?;
                save(&mut tx, &mut detail, None, now).await?;
                false
            }
            Change::NoOffer => {
                detail.draw_offer = None;
                save(&mut tx, &mut detail, None, now).await?;
                false
            }
            Change::GiveTime(giver) => {
                detail.move_deadline(now, |left| left + DAY);
                detail.time_gifts[bank_index(giver)] += 1;
                save(&mut tx, &mut detail, None, now).await?;
                false
            }
            Change::OfferPause(asker) => {
                detail.pause_offer = Some(asker);
                save(&mut tx, &mut detail, None, now).await?;
                false
            }
            Change::AgreePause => {
                let left = detail.time_left_to_move(now);
                detail.pause = Some((now, now + PAUSE_SECONDS));
                detail.pause_offer = None;
                detail.pauses_agreed += 1;
                detail.move_deadline(now, |_| left);
                save(&mut tx, &mut detail, None, now).await?;
                false
            }
            Change::NoPauseOffer => {
                detail.pause_offer = None;
                save(&mut tx, &mut detail, None, now).await?;
                false
            }
        };
        Ok(Applied {
            ended,
            flush,
            ..Applied::changed(detail)
        })
    }
    .await;
    commit(state, tx, work).await
}

/// A game that [`resign_all`] ended, kept for the steps after its transaction commits.
#[derive(Debug)]
pub struct Resigned {
    applied: Applied,
    staged: Staged,
}

impl Resigned {
    /// The game's id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.applied.detail.id
    }
}

/// Ends each of the active games `ids` of `user_id` as a resignation by them, in the
/// caller's transaction `conn` (a ban or an account deletion), each the way
/// [`act`]`(Resign)` ends one: its row claimed, a player whose time has run out losing on
/// time first, then [`finish`] (ratings, counters, notices) and its live event staged. A
/// game that is no longer active when claimed is left out. After the commit, hand the
/// result to [`after_resign_all`].
///
/// # Errors
///
/// Database errors (the caller rolls back: no game is ended).
pub async fn resign_all(
    state: &Services,
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
    ids: &[String],
    now: i64,
) -> Result<Vec<Resigned>, AppError> {
    let mut ended = Vec::with_capacity(ids.len());
    for id in ids {
        if !games::claim_active(&mut *conn, id, now).await? {
            continue;
        }
        let mut detail = load(&mut *conn, id)
            .await?
            .ok_or(AppError::NotFound("game"))?;
        let Some(color) = detail.color_of(user_id) else {
            continue;
        };
        let applied = match timeout::end_if_overdue(
            &mut *conn,
            &state.events,
            &mut detail,
            state.config.vacation_days_per_year,
            now,
        )
        .await?
        {
            TimeChecked::RanOut(applied) => *applied,
            TimeChecked::Left(flush) => {
                finish(
                    &mut *conn,
                    &mut detail,
                    Ending::Resignation { loser: color },
                    now,
                )
                .await?;
                Applied {
                    ended: true,
                    flush,
                    ..Applied::changed(detail)
                }
            }
        };
        let staged = stage(state, &mut *conn, &applied.detail).await?;
        ended.push(Resigned { applied, staged });
    }
    Ok(ended)
}

/// The steps after the commit of [`resign_all`]'s transaction: each game's live event,
/// the outbox woken, the metrics.
pub fn after_resign_all(state: &Services, ended: Vec<Resigned>) {
    for Resigned {
        mut applied,
        staged,
    } in ended
    {
        super::follow_up::after_commit(state, staged, &mut applied);
    }
}
