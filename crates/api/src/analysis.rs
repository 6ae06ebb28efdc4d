//! The engine's evaluation of a position of a game, as the analysis board shows it, for
//! clients and bots. See docs/analysis.md.

use axum::{Router, extract::State, routing::post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{NoSuchGame, NotSignedIn};
use domain::{
    Services,
    analysis::{self, Assessment},
    game,
};
use edge::extract::{CurrentUser, Json, Path};
use vocab::error::{AppError, ErrorBody};

/// The evaluation route.
pub(crate) fn routes() -> Router<Services> {
    Router::new().route("/api/v1/games/{id}/evaluation", post(evaluate))
}

/// The position to evaluate.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EvaluationRequestDto {
    /// After this many moves of the game's record (absent, or past its end: the live
    /// position).
    #[serde(default)]
    #[schema(minimum = 0)]
    pub ply: Option<u32>,
    /// Then these moves (canonical texts), at most 200.
    #[serde(default)]
    #[schema(max_items = 200)]
    pub moves: Vec<String>,
}

/// The engine's view of a position.
#[derive(Debug, Serialize, ToSchema)]
pub struct EvaluationDto {
    /// The side to move, whose view the score takes: `white` or `black`.
    pub to_move: String,
    /// How far ahead the side to move is, in `unit` (negative: behind); null when the
    /// engine sees the game's end (see `mate_in` and `ends_by`) or the move is forced.
    pub score: Option<f64>,
    /// The unit of `score` and `ends_by`: `pawns`, `discs` or `points`.
    pub unit: String,
    /// Chess: the side to move mates in this many moves (negative: is mated).
    pub mate_in: Option<i32>,
    /// The game's end seen: the side to move wins by this many units with best play
    /// (negative: loses; 0: a draw).
    pub ends_by: Option<i32>,
    /// The best line from the position, canonical texts, at most 6 plies.
    pub line: Vec<String>,
    /// The depth of the search's last completed iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
}

/// Evaluates a position of a game with the server's engine at its best level: a finished
/// game's always, a game in progress only when its players may use engines.
#[utoipa::path(post, path = "/api/v1/games/{id}/evaluation", tag = "games",
    params(("id" = String, Path)), request_body = EvaluationRequestDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the evaluation", body = EvaluationDto),
        NotSignedIn,
        (status = 403, description = "the game is in progress and played without engines \
            (`analysis_not_allowed`), or a cross-site request with the session cookie",
            body = ErrorBody),
        NoSuchGame,
        (status = 422, description = "a move not legal where it comes (`illegal_move`), \
            more than 200 moves (`line_too_long`), the game over in the position \
            (`position_over`), or a body of the wrong shape (`invalid_body`)",
            body = ErrorBody),
        (status = 429, description = "more than 6 evaluations a minute (`rate_limited`, \
            with `Retry-After`)", body = ErrorBody),
        (status = 503, description = "every evaluation slot stayed busy (`busy`, with \
            `Retry-After`)", body = ErrorBody),
    ))]
async fn evaluate(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<EvaluationRequestDto>,
) -> Result<axum::Json<EvaluationDto>, AppError> {
    let detail = game::shown(&state, &id).await?;
    analysis::allowed(&detail)?;
    let position = analysis::position(&detail, body.ply, &body.moves)?;
    let family = position.variant().family();
    let found = analysis::evaluate(&state, &user, &detail, position).await?;
    let assessment = found.assessment(family);
    Ok(axum::Json(EvaluationDto {
        to_move: found.mover.as_str().to_owned(),
        score: match assessment {
            Some(Assessment::Ahead(value)) => Some(value),
            _ => None,
        },
        unit: analysis::score_unit(family).1.to_owned(),
        mate_in: match assessment {
            Some(Assessment::Mate(moves)) => Some(moves),
            _ => None,
        },
        ends_by: match assessment {
            Some(Assessment::Ends(margin)) => Some(margin),
            _ => None,
        },
        line: found.line,
        depth: found.depth,
        nodes: found.nodes,
    }))
}
