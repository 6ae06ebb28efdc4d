//! A game's chat, the caller's private notes on a game, the players the caller blocks,
//! and who may read the chat of the caller's games.

use axum::{
    Router,
    extract::{DefaultBodyLimit, State},
    http::StatusCode,
    routing::{delete, get},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{NoSuchGame, NoSuchPlayer, NotSignedIn, UnknownToken};
use domain::{
    Services,
    chat::{self, Block, ChatLine, ChatView, Closed, Note},
};
use edge::extract::{CurrentUser, Json, MaybeUser, Path, Query};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The chat, note and block routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/games/{id}/chat", get(show_chat).post(post_line))
        .route(
            "/api/v1/games/{id}/note",
            get(show_note)
                .put(save_note)
                .layer(DefaultBodyLimit::max(domain::chat::NOTE_BODY_LIMIT)),
        )
        .route("/api/v1/me/blocks", get(list_blocks).post(add_block))
        .route("/api/v1/me/blocks/{username}", delete(remove_block))
        .route(
            "/api/v1/me/chat-settings",
            get(chat_settings).patch(change_chat_settings),
        )
}

/// One chat line.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatLineDto {
    /// Its number in the game's chat (1, 2, …).
    pub seq: i64,
    /// Its author's name.
    pub author: String,
    /// The colour its author plays: `white` or `black`.
    pub color: Option<String>,
    /// The game's ply when it was written.
    pub ply: i64,
    /// The text as written (line breaks as `\n`): plain text, to be escaped where shown.
    pub text: String,
    /// When it was written (RFC 3339).
    pub created_at: String,
}

impl From<ChatLine> for ChatLineDto {
    fn from(line: ChatLine) -> ChatLineDto {
        ChatLineDto {
            seq: line.seq,
            author: line.author,
            color: line.color.map(|color| color.as_str().to_owned()),
            ply: line.ply,
            text: line.text,
            created_at: rfc3339(line.created_at),
        }
    }
}

/// A game's chat as the caller sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatDto {
    /// The game's id.
    pub game_id: String,
    /// Whether both players let spectators read this chat.
    pub spectators: bool,
    /// Whether the caller may write in it now.
    pub may_write: bool,
    /// Why the caller, a player, may not write: `you_block` (they block the opponent),
    /// `blocked` (the opponent blocks them) or `muted` (an administrator muted them); null
    /// when they may or do not play.
    pub closed: Option<String>,
    /// The lines after `after`, oldest first.
    pub lines: Vec<ChatLineDto>,
}

impl ChatDto {
    fn new(game_id: String, chat: ChatView) -> ChatDto {
        ChatDto {
            game_id,
            spectators: chat.spectators,
            may_write: chat.may_write(),
            closed: chat.closed.map(|closed| {
                match closed {
                    Closed::YouBlock => "you_block",
                    Closed::Blocked => "blocked",
                    Closed::Muted => "muted",
                }
                .to_owned()
            }),
            lines: chat.lines.into_iter().map(ChatLineDto::from).collect(),
        }
    }
}

/// Which lines of a chat.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChatQuery {
    /// Only the lines after this number (the last `seq` seen; absent: all of them). A
    /// negative number is refused (400 `bad_request`).
    #[param(minimum = 0)]
    pub after: Option<i64>,
}

/// A new chat line.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewLineDto {
    /// 1 to 500 characters (trimmed), at most 20 line breaks, no other control characters.
    #[schema(min_length = 1, max_length = 500)]
    pub text: String,
}

/// A game's chat: the lines, and whether the caller may write. Its players always read
/// it; anyone else only when both players let spectators read it (their chat setting).
#[utoipa::path(get, path = "/api/v1/games/{id}/chat", tag = "chat",
    params(("id" = String, Path), ChatQuery),
    security((), ("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the chat", body = ChatDto),
        UnknownToken,
        (status = 403, description = "the caller does not play in the game and its players \
            keep the chat to themselves (`chat_private`)", body = ErrorBody),
        NoSuchGame,
    ))]
async fn show_chat(
    State(state): State<Services>,
    MaybeUser(viewer): MaybeUser,
    Path(id): Path<String>,
    Query(query): Query<ChatQuery>,
) -> Result<axum::Json<ChatDto>, AppError> {
    let after = query.after.unwrap_or(0);
    if after < 0 {
        return Err(AppError::BadRequest(
            "`after` is the number of a chat line: 0 or more".to_owned(),
        ));
    }
    let chat = chat::read(&state, viewer.as_ref(), &id, after).await?;
    Ok(axum::Json(ChatDto::new(id, chat)))
}

/// Writes a line in a game's chat, as one of its players (also after the game's end). The
/// opponent's open game page shows it at once (a `chat` event); an opponent not watching
/// the game gets a `chat_message` notice.
#[utoipa::path(post, path = "/api/v1/games/{id}/chat", tag = "chat",
    params(("id" = String, Path)), request_body = NewLineDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the line as stored", body = ChatLineDto),
        NotSignedIn,
        (status = 403, description = "the caller does not play in the game (`not_a_player`), \
            the opponent blocks the caller (`blocked`), the caller blocks the opponent \
            (`you_block`), or a cross-site request with the session cookie", body = ErrorBody),
        NoSuchGame,
        (status = 409, description = "the game's chat holds 1000 lines (`chat_full`)",
            body = ErrorBody),
        (status = 422, description = "an empty line (`empty_message`), more than 500 \
            characters or 20 line breaks (`message_too_long`), a control character \
            (`control_character`), or a body of the wrong shape (`invalid_body`)",
            body = ErrorBody),
        (status = 429, description = "more than `CHAT_MESSAGES_PER_MINUTE` lines a minute \
            (`chat_rate_limited`, with `Retry-After`)", body = ErrorBody),
    ))]
async fn post_line(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<NewLineDto>,
) -> Result<(StatusCode, axum::Json<ChatLineDto>), AppError> {
    let line = chat::post(&state, &user, &id, &body.text).await?;
    Ok((StatusCode::CREATED, axum::Json(line.into())))
}

/// The caller's private note on a game.
#[derive(Debug, Serialize, ToSchema)]
pub struct NoteDto {
    /// The game's id.
    pub game_id: String,
    /// The note (empty: none).
    pub text: String,
    /// When it was last saved (RFC 3339), null when there is none.
    pub updated_at: Option<String>,
}

impl NoteDto {
    fn new(game_id: String, note: Note) -> NoteDto {
        NoteDto {
            game_id,
            text: note.text,
            updated_at: note.updated_at.map(rfc3339),
        }
    }
}

/// A note to save.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteBodyDto {
    /// Up to 10 000 characters, no control characters but line breaks and tabs; empty
    /// deletes the note.
    #[schema(max_length = 10000)]
    pub text: String,
}

/// The caller's private note on a game where they play: nobody else ever reads it.
#[utoipa::path(get, path = "/api/v1/games/{id}/note", tag = "chat",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the note (empty text when there is none)", body = NoteDto),
        NotSignedIn,
        (status = 403, description = "the caller does not play in the game (`not_a_player`)",
            body = ErrorBody),
        NoSuchGame,
    ))]
async fn show_note(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<axum::Json<NoteDto>, AppError> {
    let note = chat::note(&state, &user, &id).await?;
    Ok(axum::Json(NoteDto::new(id, note)))
}

/// Saves the caller's private note on a game where they play (empty text deletes it).
#[utoipa::path(put, path = "/api/v1/games/{id}/note", tag = "chat",
    params(("id" = String, Path)), request_body = NoteBodyDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the note as saved", body = NoteDto),
        NotSignedIn,
        (status = 403, description = "the caller does not play in the game (`not_a_player`), \
            or a cross-site request with the session cookie", body = ErrorBody),
        NoSuchGame,
        (status = 422, description = "more than 10 000 characters (`note_too_long`), a \
            control character (`control_character`), or a body of the wrong shape \
            (`invalid_body`)", body = ErrorBody),
        (status = 429, description = "more than 30 saves a minute (`rate_limited`, with \
            `Retry-After`)", body = ErrorBody),
    ))]
async fn save_note(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<NoteBodyDto>,
) -> Result<axum::Json<NoteDto>, AppError> {
    let note = chat::save_note(&state, &user, &id, &body.text).await?;
    Ok(axum::Json(NoteDto::new(id, note)))
}

/// A player the caller blocks.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlockDto {
    /// Their name.
    pub username: String,
    /// Since when (RFC 3339).
    pub created_at: String,
}

impl From<Block> for BlockDto {
    fn from(block: Block) -> BlockDto {
        BlockDto {
            username: block.username,
            created_at: rfc3339(block.created_at),
        }
    }
}

/// A player to block.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewBlockDto {
    /// Their name (any case).
    pub username: String,
}

/// The players the caller blocks, by name.
#[utoipa::path(get, path = "/api/v1/me/blocks", tag = "chat",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the blocked players", body = [BlockDto]),
        NotSignedIn,
    ))]
async fn list_blocks(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<Vec<BlockDto>>, AppError> {
    let blocks = chat::blocks(&state, &user).await?;
    Ok(axum::Json(blocks.into_iter().map(BlockDto::from).collect()))
}

/// Blocks a player: no more chat between the two in their games (either way), no
/// challenge addressed from one to the other, and neither sees or accepts the other's
/// open challenges; the challenges they addressed to each other are cancelled. Games
/// already running go on. Blocking a player blocked already changes nothing (200).
#[utoipa::path(post, path = "/api/v1/me/blocks", tag = "chat",
    request_body = NewBlockDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the player is blocked now", body = BlockDto),
        (status = 200, description = "the player was blocked already", body = BlockDto),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
        NoSuchPlayer,
        (status = 409, description = "the caller blocks 1000 players (`too_many_blocks`)",
            body = ErrorBody),
        (status = 422, description = "the caller's own name (`block_yourself`), or a body of \
            the wrong shape (`invalid_body`)", body = ErrorBody),
    ))]
async fn add_block(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewBlockDto>,
) -> Result<(StatusCode, axum::Json<BlockDto>), AppError> {
    let (block, new) = chat::block(&state, &user, &body.username).await?;
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, axum::Json(block.into())))
}

/// Unblocks a player.
#[utoipa::path(delete, path = "/api/v1/me/blocks/{username}", tag = "chat",
    params(("username" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 204, description = "the player is no longer blocked"),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
        (status = 404, description = "no such player, or the caller does not block them",
            body = ErrorBody),
    ))]
async fn remove_block(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(username): Path<String>,
) -> Result<StatusCode, AppError> {
    chat::unblock(&state, &user, &username).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Who may read the chat of the caller's games.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatSettingsDto {
    /// Whether spectators may read it (default false). A game's chat is shown to people
    /// other than its players only when both players allow it.
    pub spectators: bool,
}

/// A change of the chat settings: the fields given change.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatSettingsPatch {
    /// Let spectators read the chat of the caller's games.
    #[serde(default)]
    pub spectators: Option<bool>,
}

/// The caller's chat settings.
#[utoipa::path(get, path = "/api/v1/me/chat-settings", tag = "chat",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the chat settings", body = ChatSettingsDto),
        NotSignedIn,
    ))]
async fn chat_settings(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<ChatSettingsDto>, AppError> {
    let spectators = chat::spectators_setting(&state, &user).await?;
    Ok(axum::Json(ChatSettingsDto { spectators }))
}

/// Changes the caller's chat settings (the fields sent; `{}` changes nothing).
#[utoipa::path(patch, path = "/api/v1/me/chat-settings", tag = "chat",
    request_body = ChatSettingsPatch,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the chat settings now", body = ChatSettingsDto),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
    ))]
async fn change_chat_settings(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<ChatSettingsPatch>,
) -> Result<axum::Json<ChatSettingsDto>, AppError> {
    let spectators = match body.spectators {
        Some(on) => chat::set_spectators(&state, &user, on).await?,
        None => chat::spectators_setting(&state, &user).await?,
    };
    Ok(axum::Json(ChatSettingsDto { spectators }))
}
