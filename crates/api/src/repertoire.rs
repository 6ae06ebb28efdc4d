//! Repertoires: the caller's lines of replies per variant, start and colour, answered in
//! every game where their repertoire is on; switching it in a game; a finished game's
//! moves added as a line. See docs/conditional-moves.md.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{delete, get, post, put},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{NoSuchGame, NotSignedIn};
use domain::{
    Services,
    repertoire::{self, NewRepertoireLine, RepertoireLine},
};
use edge::extract::{CurrentUser, Json, Path};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The repertoire routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route(
            "/api/v1/repertoire",
            get(list_repertoire).post(add_repertoire_line),
        )
        .route("/api/v1/repertoire/{line}", delete(delete_repertoire_line))
        .route(
            "/api/v1/games/{id}/repertoire-line",
            post(add_repertoire_line_from_game),
        )
        .route("/api/v1/games/{id}/repertoire", put(switch_repertoire))
}

/// One line of a repertoire.
#[derive(Debug, Serialize, ToSchema)]
pub struct RepertoireLineDto {
    /// Its id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// The start it follows, as a game's `setup` holds it (`{"start": 518}`, `{"fen":
    /// "…"}`, `{"opening": "8x8-07"}`); null: the variant's usual start.
    #[schema(value_type = Option<Object>)]
    pub start: Option<rules::Setup>,
    /// The colour the caller plays in it: `white` or `black`.
    pub color: String,
    /// Both sides' moves from the start, canonical texts, forced passes written out.
    pub moves: Vec<String>,
    /// The same moves as people read them (SAN for chess).
    pub display: Vec<String>,
    /// When it was entered (RFC 3339).
    pub created_at: String,
}

impl From<RepertoireLine> for RepertoireLineDto {
    fn from(line: RepertoireLine) -> RepertoireLineDto {
        RepertoireLineDto {
            id: line.id,
            variant: line.variant.as_str().to_owned(),
            start: line.start,
            color: line.color.as_str().to_owned(),
            moves: line.moves,
            display: line.display,
            created_at: rfc3339(line.created_at),
        }
    }
}

/// A new line of the caller's repertoire.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewRepertoireLineDto {
    /// A variant id, such as `chess`.
    #[schema(schema_with = super::challenges::variant_id_schema)]
    #[serde(deserialize_with = "edge::field::variant_id")]
    pub variant: rules::Variant,
    /// The colour the caller plays in it: `white` or `black`.
    #[schema(value_type = String, example = "white")]
    pub color: rules::Color,
    /// The start it follows (absent, null or empty: the variant's usual start), as a
    /// challenge's `start` takes it; Chess960 needs its start number.
    #[serde(default)]
    pub start: Option<String>,
    /// Both sides' moves from the start, as a conditional line is written (`1. e4 e5 2.
    /// Nf3`) or as a pasted record (PGN for chess: its `FEN` tag names the start); moves
    /// only, ending with the caller's; cut at 40 moves.
    #[schema(min_length = 1, example = "1. e4 e5 2. Nf3 Nc6 3. Bb5")]
    pub line: String,
}

/// Whether the caller's repertoire answers in a game.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RepertoireSwitchDto {
    /// On (true) or off (false).
    pub on: bool,
}

/// The caller's repertoire: every line, by variant, start and colour, then by its moves.
#[utoipa::path(get, path = "/api/v1/repertoire", tag = "conditional",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the lines", body = [RepertoireLineDto]),
        NotSignedIn,
    ))]
async fn list_repertoire(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<Vec<RepertoireLineDto>>, AppError> {
    let lines = repertoire::list(&state, &user).await?;
    Ok(axum::Json(lines.into_iter().map(Into::into).collect()))
}

/// Adds a line to the caller's repertoire. In every game of the variant, from the same
/// start, where the caller plays the line's colour and their repertoire is on, while the
/// game's moves follow the line, the caller's next move in it is played at once.
#[utoipa::path(post, path = "/api/v1/repertoire", tag = "conditional",
    request_body = NewRepertoireLineDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the line as stored", body = RepertoireLineDto),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
        (status = 409, description = "the line is held already (`duplicate_line`), it \
            answers a position differently from another line (`conflicting_line`), or the \
            repertoire holds 300 lines (`too_many_lines`)", body = ErrorBody),
        (status = 422, description = "no moves (`empty_line`), a move that is no move of \
            the game or not legal where it comes (`malformed_move`, `illegal_move`, naming \
            it), a line that does not end with the caller's answer to a move of the \
            opponent (`no_reply`), a `*` or an action (`repertoire_moves_only`), a variant \
            whose every game starts differently (`no_repertoire`), Chess960 without its \
            start (`repertoire_needs_start`), a start the variant does not take \
            (`invalid_start_position`, `conflicting_start`), or a body of the wrong shape \
            (`invalid_body`)", body = ErrorBody),
        (status = 429, description = "more than 60 lines entered or deleted a minute \
            (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    ))]
async fn add_repertoire_line(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewRepertoireLineDto>,
) -> Result<(StatusCode, axum::Json<RepertoireLineDto>), AppError> {
    let start = domain::challenges::read_start(body.variant, body.start.as_deref().unwrap_or(""))?;
    let request = NewRepertoireLine {
        variant: body.variant,
        color: body.color,
        start,
        text: &body.line,
    };
    let line = repertoire::add(&state, &user, &request).await?;
    Ok((StatusCode::CREATED, axum::Json(line.into())))
}

/// Deletes a line of the caller's repertoire.
#[utoipa::path(delete, path = "/api/v1/repertoire/{line}", tag = "conditional",
    params(("line" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 204, description = "the line is deleted"),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
        (status = 404, description = "the caller holds no such line", body = ErrorBody),
        (status = 429, description = "more than 60 lines entered or deleted a minute \
            (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    ))]
async fn delete_repertoire_line(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(line): Path<String>,
) -> Result<StatusCode, AppError> {
    repertoire::delete(&state, &user, &line).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Adds the moves of a finished game the caller played (up to 40, ending with one of
/// theirs) to their repertoire, for the colour they had, from the game's start.
#[utoipa::path(post, path = "/api/v1/games/{id}/repertoire-line", tag = "conditional",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the line as stored", body = RepertoireLineDto),
        NotSignedIn,
        (status = 403, description = "the caller does not play in the game \
            (`not_a_player`), or a cross-site request with the session cookie",
            body = ErrorBody),
        NoSuchGame,
        (status = 409, description = "the game goes on (`game_not_over`), or as adding a \
            line", body = ErrorBody),
        (status = 422, description = "as adding a line (a game too short to hold an \
            answer: `no_reply`)", body = ErrorBody),
        (status = 429, description = "more than 60 lines entered or deleted a minute \
            (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    ))]
async fn add_repertoire_line_from_game(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<(StatusCode, axum::Json<RepertoireLineDto>), AppError> {
    let line = repertoire::add_from_game(&state, &user, &id).await?;
    Ok((StatusCode::CREATED, axum::Json(line.into())))
}

/// Turns the caller's repertoire on or off in a game they play that goes on.
#[utoipa::path(put, path = "/api/v1/games/{id}/repertoire", tag = "conditional",
    params(("id" = String, Path)), request_body = RepertoireSwitchDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 204, description = "switched"),
        NotSignedIn,
        (status = 403, description = "the caller does not play in the game \
            (`not_a_player`), or a cross-site request with the session cookie",
            body = ErrorBody),
        NoSuchGame,
        (status = 409, description = "the game is over (`game_over`)", body = ErrorBody),
    ))]
async fn switch_repertoire(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<RepertoireSwitchDto>,
) -> Result<StatusCode, AppError> {
    repertoire::set_in_game(&state, &user, &id, body.on).await?;
    Ok(StatusCode::NO_CONTENT)
}
