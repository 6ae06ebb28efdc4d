//! Challenges.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    AppState,
    clock::rfc3339,
    domain::challenges::{self, Challenge, ChallengeRequest},
    error::{AppError, ErrorBody},
    extract::{CurrentUser, Json, MaybeUser, Path},
};

/// The challenge routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/challenges", get(list).post(create))
        .route("/api/v1/challenges/{id}", get(show))
        .route("/api/v1/challenges/{id}/accept", post(accept))
        .route("/api/v1/challenges/{id}/cancel", post(cancel))
}

/// A new challenge.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewChallengeDto {
    /// A variant id, such as `reversi-8x8`.
    pub variant: String,
    /// The challenger's colour: `white`, `black` or `random`.
    pub color: String,
    /// 1, 2, 3, 5, 7, 10 or 14.
    pub days_per_move: i64,
    /// The one user who may accept (absent or null: anyone).
    #[serde(default)]
    pub opponent: Option<String>,
}

/// A challenge.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChallengeDto {
    /// Its id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// Who made it.
    pub challenger: String,
    /// The challenger's colour: `white`, `black` or `random`.
    pub color: String,
    /// Days per move.
    pub days_per_move: i64,
    /// The one user who may accept, or null for anyone.
    pub opponent: Option<String>,
    /// `open`, `accepted` or `cancelled`.
    pub status: String,
    /// The game it became, once accepted.
    pub game_id: Option<String>,
    /// When it was made (RFC 3339).
    pub created_at: String,
}

impl From<Challenge> for ChallengeDto {
    fn from(challenge: Challenge) -> ChallengeDto {
        ChallengeDto {
            id: challenge.id,
            variant: challenge.variant.as_str().to_owned(),
            challenger: challenge.challenger,
            color: challenge.color.as_str().to_owned(),
            days_per_move: challenge.days_per_move,
            opponent: challenge.opponent,
            status: challenge.status,
            game_id: challenge.game_id,
            created_at: rfc3339(challenge.created_at),
        }
    }
}

/// The game an accepted challenge became.
#[derive(Debug, Serialize, ToSchema)]
pub struct AcceptedDto {
    /// The new game's id.
    pub game_id: String,
}

/// Creates a challenge.
#[utoipa::path(post, path = "/api/v1/challenges", tag = "challenges",
    request_body = NewChallengeDto,
    responses(
        (status = 201, body = ChallengeDto),
        (status = 401, body = ErrorBody),
        (status = 422, description = "unknown variant, bad colour or days, unknown opponent",
            body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewChallengeDto>,
) -> Result<(StatusCode, axum::Json<ChallengeDto>), AppError> {
    let request = ChallengeRequest {
        variant: &body.variant,
        color: &body.color,
        days_per_move: body.days_per_move,
        opponent: body.opponent.as_deref(),
    };
    let challenge = challenges::create(&state, &user, &request).await?;
    Ok((StatusCode::CREATED, axum::Json(challenge.into())))
}

/// Open challenges: those open to anyone, those addressed to the caller, the caller's own.
#[utoipa::path(get, path = "/api/v1/challenges", tag = "challenges",
    responses((status = 200, body = [ChallengeDto])))]
async fn list(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
) -> Result<axum::Json<Vec<ChallengeDto>>, AppError> {
    let list = challenges::list(&state, user.as_ref()).await?;
    Ok(axum::Json(
        list.into_iter().map(ChallengeDto::from).collect(),
    ))
}

/// One challenge.
#[utoipa::path(get, path = "/api/v1/challenges/{id}", tag = "challenges",
    params(("id" = String, Path)),
    responses((status = 200, body = ChallengeDto), (status = 404, body = ErrorBody)))]
async fn show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<axum::Json<ChallengeDto>, AppError> {
    Ok(axum::Json(challenges::get(&state, &id).await?.into()))
}

/// Accepts a challenge, creating the game.
#[utoipa::path(post, path = "/api/v1/challenges/{id}/accept", tag = "challenges",
    params(("id" = String, Path)),
    responses(
        (status = 201, body = AcceptedDto),
        (status = 401, body = ErrorBody),
        (status = 403, description = "own challenge, or addressed to someone else",
            body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "already taken or cancelled", body = ErrorBody),
    ))]
async fn accept(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<(StatusCode, axum::Json<AcceptedDto>), AppError> {
    let game_id = challenges::accept(&state, &user, &id).await?;
    Ok((StatusCode::CREATED, axum::Json(AcceptedDto { game_id })))
}

/// Cancels the caller's open challenge.
#[utoipa::path(post, path = "/api/v1/challenges/{id}/cancel", tag = "challenges",
    params(("id" = String, Path)),
    responses(
        (status = 200, body = ChallengeDto),
        (status = 401, body = ErrorBody),
        (status = 403, description = "not the creator", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "no longer open", body = ErrorBody),
    ))]
async fn cancel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<axum::Json<ChallengeDto>, AppError> {
    Ok(axum::Json(
        challenges::cancel(&state, &user, &id).await?.into(),
    ))
}
