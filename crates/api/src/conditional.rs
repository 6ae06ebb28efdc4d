//! Conditional moves: the caller's lines in a game (private while it goes on), and every
//! player's lines once it has ended. See docs/conditional-moves.md.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{delete, get},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{NoSuchGame, NotSignedIn, UnknownToken};
use domain::{
    Services,
    game::conditional::{self, ConditionalLine, LinesView},
};
use edge::extract::{CurrentUser, Json, MaybeUser, Path};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The conditional-move routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route(
            "/api/v1/games/{id}/conditional",
            get(list_lines).post(add_line),
        )
        .route("/api/v1/games/{id}/conditional/{line}", delete(delete_line))
}

/// One conditional line.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConditionalLineDto {
    /// Its id.
    pub id: String,
    /// Its owner's name.
    pub player: String,
    /// The colour its owner plays: `white` or `black`.
    pub color: Option<String>,
    /// The ply its first move is expected at (the game's ply while the game goes on).
    pub ply: i64,
    /// Both sides' steps from `ply` on, as canonical texts, forced passes written out
    /// (`pass`): the opponent's expected moves (`*`: any move) and the owner's answers,
    /// the last of which may be an action (`draw-offer`, `draw-accept`, `draw-claim`,
    /// `resign`). Moves after a `*` are kept as written until they are played.
    pub moves: Vec<String>,
    /// The same moves as people read them (SAN for chess).
    pub display: Vec<String>,
    /// When it was entered (RFC 3339).
    pub created_at: String,
}

impl From<ConditionalLine> for ConditionalLineDto {
    fn from(line: ConditionalLine) -> ConditionalLineDto {
        ConditionalLineDto {
            id: line.id,
            player: line.player,
            color: line.color.map(|color| color.as_str().to_owned()),
            ply: line.ply,
            moves: line.moves,
            display: line.display,
            created_at: rfc3339(line.created_at),
        }
    }
}

/// The conditional lines of a game that the caller may see.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConditionalLinesDto {
    /// The game's id.
    pub game_id: String,
    /// The game's ply.
    pub ply: i64,
    /// Whether the game has ended: the lines are then every player's, as pending at the
    /// end; while it goes on, only the caller's own.
    pub ended: bool,
    /// The lines, oldest first.
    pub lines: Vec<ConditionalLineDto>,
}

impl ConditionalLinesDto {
    fn new(game_id: String, view: LinesView) -> ConditionalLinesDto {
        ConditionalLinesDto {
            game_id,
            ply: view.ply,
            ended: view.ended,
            lines: view.lines.into_iter().map(Into::into).collect(),
        }
    }
}

/// A new conditional line.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewConditionalLineDto {
    /// Both sides' moves from the game's ply on, separated by spaces: the opponent's
    /// expected move, the caller's answer, and so on (on the caller's own turn, the
    /// caller's move first). Canonical texts or, for chess, SAN; move numbers (`12.`) are
    /// skipped; forced passes may be left out; `*` is any move of the opponent (the moves
    /// after it are checked when they come). At most 40 moves, ending with the caller's
    /// move or an action in its place: `draw-offer`, `draw-accept`, `draw-claim`,
    /// `resign`.
    #[schema(min_length = 1, max_length = 1000, example = "e7e5 g1f3 b8c6")]
    pub moves: String,
    /// The game's ply the caller saw: the line starts there (409 `stale_ply` if the game
    /// is no longer at it).
    #[serde(deserialize_with = "super::whole_number")]
    pub ply: u32,
}

/// The conditional lines of a game: the caller's own while the game goes on (private:
/// nobody else reads them); once it has ended, every player's lines still pending at its
/// end, for anyone.
#[utoipa::path(get, path = "/api/v1/games/{id}/conditional", tag = "conditional",
    params(("id" = String, Path)),
    security((), ("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the lines", body = ConditionalLinesDto),
        UnknownToken,
        (status = 403, description = "the game goes on and the caller does not play in it \
            (`conditional_private`)", body = ErrorBody),
        NoSuchGame,
    ))]
async fn list_lines(
    State(state): State<Services>,
    MaybeUser(viewer): MaybeUser,
    Path(id): Path<String>,
) -> Result<axum::Json<ConditionalLinesDto>, AppError> {
    let view = conditional::list(&state, viewer.as_ref(), &id).await?;
    Ok(axum::Json(ConditionalLinesDto::new(id, view)))
}

/// Enters a conditional line in a game the caller plays, on their turn or the
/// opponent's. When the opponent plays the line's move, the server plays the caller's
/// answer at once, in the same transaction.
#[utoipa::path(post, path = "/api/v1/games/{id}/conditional", tag = "conditional",
    params(("id" = String, Path)), request_body = NewConditionalLineDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the line as stored", body = ConditionalLineDto),
        NotSignedIn,
        (status = 403, description = "the caller does not play in the game \
            (`not_a_player`), or a cross-site request with the session cookie",
            body = ErrorBody),
        NoSuchGame,
        (status = 409, description = "`ply` is not the game's ply (`stale_ply`), the game \
            is over (`game_over`), the caller keeps 20 lines in the game \
            (`too_many_lines`), the line is entered already (`duplicate_line`), or it \
            answers a position differently from another line of the caller \
            (`conflicting_line`), or it offers or accepts a draw against the computer \
            (`computer_game`)", body = ErrorBody),
        (status = 422, description = "no moves (`empty_line`), more than 40 moves or \
            1000 characters (`line_too_long`), a move that is not a move of the game \
            (`malformed_move`) or not legal where it comes (`illegal_move`), a move \
            after the game's end (`line_past_end`), a line that does not end with the \
            caller's answer to a move of the opponent (`no_reply`), a `*` at the caller's \
            move (`any_for_opponent`), an action at the opponent's turn \
            (`action_not_yours`) or before the line's end (`action_not_last`), a claim \
            where there is none (`no_draw_claim`), or a body of the \
            wrong shape (`invalid_body`); the message names the move and its number",
            body = ErrorBody),
        (status = 429, description = "more than 60 lines entered or deleted a minute \
            (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    ))]
async fn add_line(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<NewConditionalLineDto>,
) -> Result<(StatusCode, axum::Json<ConditionalLineDto>), AppError> {
    let line = conditional::add(&state, &user, &id, &body.moves, body.ply).await?;
    Ok((StatusCode::CREATED, axum::Json(line.into())))
}

/// Deletes one of the caller's conditional lines in a game that goes on.
#[utoipa::path(delete, path = "/api/v1/games/{id}/conditional/{line}", tag = "conditional",
    params(("id" = String, Path), ("line" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 204, description = "the line is deleted"),
        NotSignedIn,
        (status = 403, description = "the caller does not play in the game \
            (`not_a_player`), or a cross-site request with the session cookie",
            body = ErrorBody),
        (status = 404, description = "no such game, or no such line of the caller's (it \
            may have been played or dropped meanwhile)", body = ErrorBody),
        (status = 409, description = "the game is over (`game_over`): its lines are part \
            of the record", body = ErrorBody),
        (status = 429, description = "more than 60 lines entered or deleted a minute \
            (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    ))]
async fn delete_line(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path((id, line)): Path<(String, String)>,
) -> Result<StatusCode, AppError> {
    conditional::delete(&state, &user, &id, &line).await?;
    Ok(StatusCode::NO_CONTENT)
}
