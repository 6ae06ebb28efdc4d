//! The engine's evaluation of a position on a game's analysis board: who may ask for one
//! (the game's engine policy), how often (a budget per player), and how it is computed
//! (the best level within the computer's node budget, on a blocking thread, a few at a
//! time). See `docs/analysis.md`.

use std::time::Duration;

pub use engine::{Assessment, Evaluation, score_unit};
use engine::{Budget, EngineError};
use rules::AnyGame;

use crate::{
    Services,
    accounts::user::User,
    game::{GameDetail, GameStatus},
    throttle::PlayerAction,
};
use vocab::error::AppError;

/// The longest one evaluation searches, whatever its node budget.
pub const EVALUATION_TIME: Duration = Duration::from_secs(10);

/// How long a request waits for a free slot before it is answered 503 `busy`.
const SLOT_WAIT: Duration = Duration::from_secs(5);

/// The most moves a position asked for may add to the game's record.
pub const MAX_MOVES: usize = 200;

/// Whether the engine may evaluate positions of `detail` now: always once it has ended,
/// while it is played only when its players may use engines.
///
/// # Errors
///
/// 403 `analysis_not_allowed` for a game in progress without engines.
pub fn allowed(detail: &GameDetail) -> Result<(), AppError> {
    if detail.status == GameStatus::Active && !detail.engines_allowed {
        return Err(AppError::forbidden(
            "analysis_not_allowed",
            "this game is played without engines: the engine's evaluation opens when it ends",
        ));
    }
    Ok(())
}

/// Evaluates `position`, reached from `detail`'s game, for `user`.
///
/// # Errors
///
/// 403 `analysis_not_allowed` ([`allowed`]); 422 `position_over` when the game has
/// ended at `position`; 429 `rate_limited` beyond
/// [`EVALUATIONS_PER_MINUTE`](crate::throttle::EVALUATIONS_PER_MINUTE); 503 `busy` when
/// no slot frees within a few seconds, or the server is stopping.
pub async fn evaluate(
    state: &Services,
    user: &User,
    detail: &GameDetail,
    position: AnyGame,
) -> Result<Evaluation, AppError> {
    allowed(detail)?;
    if position.outcome().is_some() {
        return Err(AppError::invalid(
            "position_over",
            "the game is over in this position: there is nothing to evaluate",
        ));
    }
    state
        .player_limits
        .check(PlayerAction::Evaluation, &user.id)?;
    let busy = || AppError::Busy {
        retry_after: SLOT_WAIT.as_secs(),
    };
    let slot = tokio::time::timeout(SLOT_WAIT, state.evaluations.clone().acquire_owned())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
    let budget = Budget {
        nodes: state.config.engine.nodes,
        time: Some(EVALUATION_TIME),
    };
    let stop = state.engine_stop.clone();
    let searched = tokio::task::spawn_blocking(move || {
        let evaluation = engine::evaluate(&position, budget, &stop);
        drop(slot);
        evaluation
    })
    .await
    .map_err(|error| AppError::internal(format!("an evaluation failed: {error}")))?;
    searched.map_err(|error| match error {
        EngineError::GameOver => AppError::invalid(
            "position_over",
            "the game is over in this position: there is nothing to evaluate",
        ),
        other => AppError::internal(format!("an evaluation failed: {other}")),
    })
}

/// The position after `ply` moves of `detail`'s record (the live position when `None` or
/// past its end), then `moves` (canonical texts).
///
/// # Errors
///
/// 422 `line_too_long` beyond [`MAX_MOVES`] moves; 422 `illegal_move` naming the first
/// move the rules refuse.
pub fn position(
    detail: &GameDetail,
    ply: Option<u32>,
    moves: &[String],
) -> Result<AnyGame, AppError> {
    if moves.len() > MAX_MOVES {
        return Err(AppError::invalid(
            "line_too_long",
            format!("a position is at most {MAX_MOVES} moves from the game's record"),
        ));
    }
    let live = detail.game.ply();
    let mut game = match ply.filter(|&ply| ply < live) {
        None => detail.game.clone(),
        Some(ply) => {
            let record: Vec<&str> = detail.game.moves().take(ply as usize).collect();
            AnyGame::replay(detail.variant(), detail.game.setup().clone(), record)
                .map_err(AppError::internal)?
        }
    };
    for (index, text) in moves.iter().enumerate() {
        game.play(text).map_err(|_| {
            AppError::invalid(
                "illegal_move",
                format!("move {} ({text:?}) is not legal there", index + 1),
            )
        })?;
    }
    Ok(game)
}
