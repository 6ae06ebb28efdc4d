//! The engine's evaluation of a position of a game, as the analysis board shows it, and
//! post-game reviews, for clients and bots. See docs/analysis.md.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{NoSuchGame, NotSignedIn};
use domain::{
    Services,
    analysis::{self, Assessment},
    game,
    reviews::{self, Review, ReviewMove},
};
use edge::extract::{CurrentUser, Json, Path};
use vocab::error::{AppError, ErrorBody};

/// The evaluation and review routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/games/{id}/evaluation", post(evaluate))
        .route(
            "/api/v1/games/{id}/review",
            get(show_review).post(request_review),
        )
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
    // A game closed to evaluation says so before its moves are checked.
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

/// One reviewed move.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewMoveDto {
    /// Its ply (1 for the first move of the record).
    pub ply: usize,
    /// Who played it: `white` or `black`.
    pub mover: String,
    /// The move (canonical text).
    pub played: String,
    /// The engine's best move there; null when the move was forced.
    pub best: Option<String>,
    /// The position after it for White, in the game's unit (pawns, discs, points), capped
    /// (a mate counts 10 pawns, a finished game its margin).
    pub white_after: f64,
    /// What it cost the mover against the best move, in the game's unit.
    pub loss: f64,
    /// `inaccuracy`, `mistake` or `blunder` (thresholds per game: docs/analysis.md), or
    /// null.
    pub mark: Option<String>,
}

/// A game's review.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReviewDto {
    /// The game.
    pub game_id: String,
    /// `queued`, `done` or `failed`.
    pub status: String,
    /// When it was asked for (RFC 3339).
    pub requested_at: String,
    /// When it was done (RFC 3339), null before.
    pub finished_at: Option<String>,
    /// The unit of the scores: `pawns`, `discs` or `points`.
    pub unit: String,
    /// The start position for White, in `unit`.
    pub white_start: f64,
    /// Every move of the record, once done.
    pub moves: Vec<ReviewMoveDto>,
}

impl ReviewDto {
    fn new(game_id: String, unit: &str, review: Review) -> ReviewDto {
        ReviewDto {
            game_id,
            status: review.status.as_str().to_owned(),
            requested_at: vocab::clock::rfc3339(review.requested_at),
            finished_at: review.finished_at.map(vocab::clock::rfc3339),
            unit: unit.to_owned(),
            white_start: review.white_start,
            moves: review
                .moves
                .into_iter()
                .enumerate()
                .map(|(index, line): (usize, ReviewMove)| ReviewMoveDto {
                    ply: index + 1,
                    mover: line.mover.as_str().to_owned(),
                    played: line.played,
                    best: line.best,
                    white_after: line.white_after,
                    loss: line.loss,
                    mark: line.mark,
                })
                .collect(),
        }
    }
}

/// The unit of game `id`'s scores.
async fn unit_of(state: &Services, id: &str) -> Result<&'static str, AppError> {
    let detail = game::shown(state, id).await?;
    Ok(analysis::score_unit(detail.variant().family()).1)
}

/// Asks for a review of a finished game by the engine: every move weighed against the
/// engine's best, the costly ones marked. Computed in the background; the answer is the
/// review as it stands (queued, or the one asked for before).
#[utoipa::path(post, path = "/api/v1/games/{id}/review", tag = "games",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 202, description = "the review, queued or done", body = ReviewDto),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
        NoSuchGame,
        (status = 409, description = "the game is still played (`game_not_over`), or 3 of \
            the caller's reviews wait already (`too_many_reviews`)", body = ErrorBody),
    ))]
async fn request_review(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<(StatusCode, axum::Json<ReviewDto>), AppError> {
    let review = reviews::request(&state, &user, &id).await?;
    let unit = unit_of(&state, &id).await?;
    Ok((
        StatusCode::ACCEPTED,
        axum::Json(ReviewDto::new(id, unit, review)),
    ))
}

/// A game's review, once asked for.
#[utoipa::path(get, path = "/api/v1/games/{id}/review", tag = "games",
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "the review", body = ReviewDto),
        (status = 404, description = "no such game, or no review asked for", body = ErrorBody),
    ))]
async fn show_review(
    State(state): State<Services>,
    Path(id): Path<String>,
) -> Result<axum::Json<ReviewDto>, AppError> {
    let unit = unit_of(&state, &id).await?;
    let review = reviews::get(&state, &id)
        .await?
        .ok_or(AppError::NotFound("review"))?;
    Ok(axum::Json(ReviewDto::new(id, unit, review)))
}
