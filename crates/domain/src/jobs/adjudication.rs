//! Games past their own deadline (the most days a challenge or a tournament gave them),
//! decided by their rule: `draw`, or `adjudicate`, where the engines judge the position
//! (`engine::adjudicate`: the exact end where the search reaches it, else a win only for
//! a clear advantage, else a draw; Stockfish for chess when `STOCKFISH_PATH` is set).
//!
//! - **Holding.** Each game is first held by a guarded update of its row
//!   (`adjudication_held_until` now plus [`HOLD_SECS`]), committed at once, so several
//!   instances never search one game together. A hold whose instance died runs out, and
//!   the game is due again for whoever looks next; nothing is lost by a restart.
//! - **Searching.** Off the async threads (a blocking task), one game at a time per
//!   instance, within [`ADJUDICATION_NODES_PER_ENGINE_NODE`] times `ENGINE_NODES` and
//!   half the hold, so it ends while the game is held. Moves are refused once the
//!   deadline has passed, so the position searched is the one decided.
//! - **Deciding.** [`game::at_deadline::end_at_deadline`] writes the end in one
//!   transaction whose first write claims the game only while this hold is its own.
//! - **Waking.** Every [`IDLE_INTERVAL`]; it never runs inside the sweeper's round, so a
//!   long search delays no loss on time.

use std::{sync::atomic::Ordering, time::Duration};

use engine::{Budget, Verdict};
use rules::{AnyGame, Color, GameResult};

use crate::{
    Services,
    game::{
        self, Adjudication, DeadlineRule, GameDetail, GameStatus, Judge,
        at_deadline::end_at_deadline,
    },
};
use store::games;
use vocab::error::AppError;

/// How long a hold keeps a game for the instance deciding it (seconds).
pub const HOLD_SECS: i64 = 300;

/// How many times the computer's node budget (`ENGINE_NODES`) one adjudication may
/// search: a deadline decides a whole game, so it gets more than one reply.
pub const ADJUDICATION_NODES_PER_ENGINE_NODE: u64 = 4;

/// How often the job looks for games past their deadline.
pub const IDLE_INTERVAL: Duration = Duration::from_secs(10);

/// The most games one round decides.
const BATCH: i64 = 50;

/// Runs rounds every [`IDLE_INTERVAL`] until the process ends. Errors are logged and the
/// next round tries again.
pub async fn run(state: Services) {
    super::every(IDLE_INTERVAL, "games decided at their deadline", || {
        round(&state)
    })
    .await;
}

/// Decides the games past their own deadline that no instance holds, up to a batch, one
/// after another. Returns how many this call decided.
///
/// # Errors
///
/// Database errors (games decided before the error stay decided; a game held when it
/// happened is let go, or its hold runs out).
pub async fn round(state: &Services) -> Result<usize, AppError> {
    let due = {
        let mut conn = state.db.pool.acquire().await?;
        games::deadline_due(&mut conn, state.now(), BATCH).await?
    };
    let mut decided = 0;
    for (id, ply) in due {
        if decide(state, &id, ply).await? {
            decided += 1;
        }
    }
    Ok(decided)
}

/// Holds game `id` at `ply`, searches it if its rule says so, and ends it. Returns
/// whether this call ended it.
async fn decide(state: &Services, id: &str, ply: i64) -> Result<bool, AppError> {
    let now = state.now();
    let held_until = now + HOLD_SECS;
    let mut tx = state.db.begin_write().await?;
    if !games::hold_for_adjudication(&mut tx, id, ply, now, held_until).await? {
        tx.rollback().await?;
        return Ok(false);
    }
    tx.commit().await?;
    let decision = match game::get(state, id).await {
        Ok(detail) if detail.status == GameStatus::Active => judge(state, &detail).await,
        Ok(_) => None,
        Err(error) => {
            let_go(state, id, held_until).await;
            return Err(error);
        }
    };
    let Some((result, adjudication)) = decision else {
        // Stopped for a shutdown, or the search failed: the next round tries again.
        let_go(state, id, held_until).await;
        return Ok(false);
    };
    let ended = end_at_deadline(state, (id, ply, held_until), result, adjudication).await?;
    if let Some(detail) = &ended {
        tracing::info!(game = %id, result = ?detail.result, "decided at its deadline");
    }
    Ok(ended.is_some())
}

/// Gives a held game back, logging a failure (its hold then runs out).
async fn let_go(state: &Services, id: &str, held_until: i64) {
    let released = async {
        let mut tx = state.db.begin_write().await?;
        games::release_held(&mut tx, id, held_until).await?;
        tx.commit().await
    }
    .await;
    if let Err(error) = released {
        tracing::warn!(game = %id, %error, "letting go of a game held for its deadline");
    }
}

/// The result `detail`'s rule gives and how it was reached; `None` when the search was
/// stopped (a shutdown) or failed.
async fn judge(state: &Services, detail: &GameDetail) -> Option<(GameResult, Adjudication)> {
    let rule = detail
        .game_deadline
        .map_or(DeadlineRule::Adjudicate, |d| d.rule);
    let mover = detail.game.to_move().unwrap_or(Color::White);
    if let Some(result) = rule.fixed_result() {
        let adjudication = Adjudication {
            rule,
            score: None,
            mover,
            line: Vec::new(),
            depth: 0,
            certain: false,
            judge: None,
        };
        return Some((result, adjudication));
    }
    let (verdict, judge) = search(state, detail.game.clone()).await?;
    let result = verdict.winner.map_or(GameResult::Draw, GameResult::win);
    let adjudication = Adjudication {
        rule,
        score: verdict.score.map(i64::from),
        mover: verdict.mover,
        line: verdict.line,
        depth: i64::from(verdict.depth),
        certain: verdict.certain,
        judge: Some(judge),
    };
    Some((result, adjudication))
}

/// The engines' verdict on `game`, on a blocking thread, and who gave it: Stockfish for
/// chess when `STOCKFISH_PATH` is set (the built-in search if it fails), else the
/// built-in search.
async fn search(state: &Services, game: AnyGame) -> Option<(Verdict, Judge)> {
    let budget = Budget {
        nodes: state
            .config
            .engine
            .nodes
            .saturating_mul(ADJUDICATION_NODES_PER_ENGINE_NODE),
        time: Some(Duration::from_secs(
            u64::try_from(HOLD_SECS / 2).unwrap_or(60),
        )),
    };
    let stop = state.engine_stop.clone();
    // The UCI engine plays chess only.
    let uci = state
        .config
        .engine
        .stockfish_path
        .clone()
        .filter(|_| engine::uses_uci(game.variant()));
    let found = tokio::task::spawn_blocking(move || {
        let external = uci.and_then(|path| {
            engine::adjudicate_with_uci(&game, budget, &stop, &path)
                .inspect_err(|error| {
                    tracing::warn!(%error, "the UCI engine failed: the built-in search decides");
                })
                .ok()
        });
        match external {
            Some(verdict) => Ok((verdict, Judge::Stockfish)),
            None => {
                engine::adjudicate(&game, budget, &stop).map(|verdict| (verdict, Judge::BuiltIn))
            }
        }
    })
    .await;
    if state.engine_stop.load(Ordering::SeqCst) {
        return None;
    }
    match found {
        Ok(Ok(found)) => Some(found),
        Ok(Err(error)) => {
            tracing::warn!(%error, "an adjudication search failed");
            None
        }
        Err(error) => {
            tracing::warn!(%error, "an adjudication search panicked");
            None
        }
    }
}
