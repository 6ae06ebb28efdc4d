//! Accounts, API tokens and browser sessions.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{delete, get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{Busy, CrossSite, NotSignedIn};
use domain::{
    Services, accounts, game,
    settings::{self, AfterMove, PlaySettings, PlaySettingsChange},
};
use edge::extract::{ClientAddr, CurrentUser, Json, Path, SESSION_COOKIE, session_cookie};
use vocab::error::{AppError, ErrorBody};

/// The account routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/accounts", post(register))
        .route("/api/v1/tokens", post(create_token).get(list_tokens))
        .route("/api/v1/tokens/{id}", delete(revoke_token))
        .route("/api/v1/session", post(login).delete(logout))
        .route("/api/v1/me", get(me))
        .route(
            "/api/v1/me/settings",
            get(play_settings).patch(change_play_settings),
        )
}

/// A username and password, to sign in with.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Credentials {
    /// The name as registered (any case).
    pub username: String,
    /// The password.
    pub password: String,
}

/// The name and password of a new account (the limits of `domain::accounts`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewAccountDto {
    /// 3–20 letters, digits, `_` or `-`, unique whatever the case.
    #[schema(pattern = "^[A-Za-z0-9_-]{3,20}$", min_length = 3, max_length = 20)]
    pub username: String,
    /// 8–256 characters, not only blanks, no control characters, and not one of the most
    /// common passwords (`common_password`: a list no schema can hold).
    #[schema(
        min_length = 8,
        max_length = 256,
        pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\u0000-\\u0020\\u007f-\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000-\\u001f\\u007f-\\u009f]*$"
    )]
    pub password: String,
}

/// A user.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserDto {
    /// The user's id.
    pub id: String,
    /// The name as registered.
    pub username: String,
}

/// A username and password, and a name for the new token.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    /// 3–20 letters, digits, `_` or `-`.
    pub username: String,
    /// At least 8 characters.
    pub password: String,
    /// What the token is for: up to 60 characters, no control characters, trimmed
    /// (default `API token`).
    #[serde(default)]
    #[schema(max_length = 60, pattern = "^[^\\u0000-\\u001f\\u007f-\\u009f]*$")]
    pub name: Option<String>,
}

/// A new API token: send it as `Authorization: Bearer <token>`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenDto {
    /// The token (shown once; only its hash is stored).
    pub token: String,
    /// The token's public id, for listing and revoking (it does not reveal the token).
    pub id: String,
    /// The token's name.
    pub name: String,
}

/// One of the caller's API tokens (never the token itself).
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenInfoDto {
    /// The token's public id.
    pub id: String,
    /// The token's name.
    pub name: String,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// When it was last used (unix seconds, to the minute), if ever.
    pub last_used_at: Option<i64>,
}

/// The signed-in user and how many games wait for them.
#[derive(Debug, Serialize, ToSchema)]
pub struct MeDto {
    /// The user's id.
    pub id: String,
    /// The name as registered.
    pub username: String,
    /// Active games where it is their turn.
    pub your_turn: i64,
}

/// The refusals of a route that checks a username and password, for its
/// `responses(…)`; each variant's doc is its description.
#[derive(utoipa::IntoResponses)]
pub enum PasswordRefusals {
    /// wrong username or password
    #[response(status = 401)]
    Wrong(ErrorBody),
    /// too many attempts: wait as `retry-after` says
    #[response(status = 429, headers(("retry-after" = u64)))]
    TooManyAttempts(ErrorBody),
}

/// Registers an account.
#[utoipa::path(post, path = "/api/v1/accounts", tag = "accounts", request_body = NewAccountDto,
    responses(
        (status = 201, description = "the new account", body = UserDto),
        (status = 409, description = "name taken (`username_taken`)", body = ErrorBody),
        (status = 422, description = "invalid name or password (`invalid_username`, \
            `reserved_username` for names kept for the computer opponents such as \
            `Computer-1`, `invalid_password`, `blank_password`, \
            `password_control_character`, `common_password`), or a body of the wrong \
            shape (`invalid_body`)",
            body = ErrorBody),
        (status = 429, description = "too many sign-ups from this address (`rate_limited`)",
            body = ErrorBody, headers(("retry-after" = u64))),
        (status = 503, description = "the password-hashing queue is full (`busy`)",
            body = ErrorBody, headers(("retry-after" = u64))),
    ))]
async fn register(
    State(state): State<Services>,
    ClientAddr(client): ClientAddr,
    Json(body): Json<NewAccountDto>,
) -> Result<(StatusCode, axum::Json<UserDto>), AppError> {
    let user = accounts::register(&state, &body.username, &body.password, &client).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(UserDto {
            id: user.id,
            username: user.username,
        }),
    ))
}

/// Creates a personal API token.
#[utoipa::path(post, path = "/api/v1/tokens", tag = "accounts", request_body = TokenRequest,
    responses(
        (status = 201, description = "the new token", body = TokenDto),
        (status = 409, description = "the account holds the most tokens allowed",
            body = ErrorBody),
        (status = 422, description = "a token name too long (`invalid_token_name`) or with \
            a control or direction character (`control_character`)", body = ErrorBody),
        PasswordRefusals, Busy,
    ))]
async fn create_token(
    State(state): State<Services>,
    ClientAddr(client): ClientAddr,
    Json(body): Json<TokenRequest>,
) -> Result<(StatusCode, axum::Json<TokenDto>), AppError> {
    let token = accounts::create_token(
        &state,
        &body.username,
        &body.password,
        body.name.as_deref(),
        &client,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(TokenDto {
            token: token.token,
            id: token.id,
            name: token.name,
        }),
    ))
}

/// Lists the caller's API tokens, newest first (names and times, never the tokens).
#[utoipa::path(get, path = "/api/v1/tokens", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the caller's tokens", body = [TokenInfoDto]),
        NotSignedIn,
    ))]
async fn list_tokens(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<Vec<TokenInfoDto>>, AppError> {
    let tokens = accounts::tokens(&state, &user).await?;
    Ok(axum::Json(
        tokens
            .into_iter()
            .map(|token| TokenInfoDto {
                id: token.id,
                name: token.name,
                created_at: token.created_at,
                last_used_at: token.last_used_at,
            })
            .collect(),
    ))
}

/// Revokes one of the caller's API tokens.
#[utoipa::path(delete, path = "/api/v1/tokens/{id}", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    params(("id" = String, Path, description = "the token's public id")),
    responses(
        (status = 204, description = "revoked"),
        NotSignedIn,
        (status = 403, description = "a cross-site request", body = ErrorBody),
        (status = 404, description = "no such token of yours", body = ErrorBody),
    ))]
async fn revoke_token(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<StatusCode, AppError> {
    accounts::revoke_token(&state, &user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Signs in: sets the session cookie (`HttpOnly`, `SameSite=Lax`, `Secure` on https).
#[utoipa::path(post, path = "/api/v1/session", tag = "accounts", request_body = Credentials,
    responses(
        (status = 200, description = "signed in", body = UserDto,
            headers(("set-cookie" = String))),
        PasswordRefusals, Busy,
    ))]
async fn login(
    State(state): State<Services>,
    ClientAddr(client): ClientAddr,
    Json(body): Json<Credentials>,
) -> Result<Response, AppError> {
    let session = accounts::login(&state, &body.username, &body.password, &client).await?;
    let max_age = session.expires_at - state.now();
    let secure = if state.config.public_url.https {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{SESSION_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}",
        session.token
    );
    let cookie = HeaderValue::from_str(&cookie).map_err(AppError::internal)?;
    let user = UserDto {
        id: session.user.id,
        username: session.user.username,
    };
    Ok(([(header::SET_COOKIE, cookie)], axum::Json(user)).into_response())
}

/// Signs out: ends the session and clears the cookie.
#[utoipa::path(delete, path = "/api/v1/session", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 204, description = "signed out", headers(("set-cookie" = String))),
        NotSignedIn, CrossSite,
    ))]
async fn logout(
    State(state): State<Services>,
    CurrentUser(_): CurrentUser,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    if let Some(token) = session_cookie(&headers) {
        accounts::logout(&state, token).await?;
    }
    let clear = format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    let clear = HeaderValue::from_str(&clear).map_err(AppError::internal)?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, clear)]).into_response())
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/v1/me", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the signed-in user", body = MeDto),
        NotSignedIn,
    ))]
async fn me(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<MeDto>, AppError> {
    let your_turn = game::count_your_turn(&state, &user).await?;
    Ok(axum::Json(MeDto {
        id: user.id,
        username: user.username,
        your_turn,
    }))
}

/// Where the browser goes after a move.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AfterMoveDto {
    /// Back to the game just played.
    Stay,
    /// On to the next game where it is the player's turn, when there is one.
    NextGame,
}

impl From<AfterMove> for AfterMoveDto {
    fn from(after_move: AfterMove) -> AfterMoveDto {
        match after_move {
            AfterMove::Stay => AfterMoveDto::Stay,
            AfterMove::NextGame => AfterMoveDto::NextGame,
        }
    }
}

/// The caller's playing settings (for the browser pages; the API's own moves are not
/// affected).
#[derive(Debug, Serialize, ToSchema)]
pub struct PlaySettingsDto {
    /// Where the browser goes after a move: `stay` (the default) or `next_game`.
    pub after_move: AfterMoveDto,
    /// Whether the board (with JavaScript) shows Confirm / Cancel before it sends a move
    /// (default `true`). The page without JavaScript always sends a move by its own
    /// button.
    pub confirm_moves: bool,
    /// Whether the caller's repertoire answers in their new games (default `true`; each
    /// game may switch it: `PUT /api/v1/games/{id}/repertoire`).
    pub repertoire: bool,
}

impl From<PlaySettings> for PlaySettingsDto {
    fn from(play: PlaySettings) -> PlaySettingsDto {
        PlaySettingsDto {
            after_move: play.after_move.into(),
            confirm_moves: play.confirm_moves,
            repertoire: play.repertoire,
        }
    }
}

/// A change of playing settings: the fields given change, the others stay.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PlaySettingsPatch {
    /// `stay` or `next_game`.
    #[serde(default)]
    #[schema(value_type = Option<AfterMoveDto>)]
    pub after_move: Option<String>,
    /// Confirm moves (`true`) or send them at once (`false`).
    #[serde(default)]
    pub confirm_moves: Option<bool>,
    /// Whether the caller's repertoire answers in their new games.
    #[serde(default)]
    pub repertoire: Option<bool>,
}

/// The caller's playing settings.
#[utoipa::path(get, path = "/api/v1/me/settings", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the caller's playing settings", body = PlaySettingsDto),
        NotSignedIn,
    ))]
async fn play_settings(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<PlaySettingsDto>, AppError> {
    let play = settings::play_settings(&state, &user).await?;
    Ok(axum::Json(play.into()))
}

/// Changes the caller's playing settings (the fields sent; `{}` changes nothing) and
/// answers with all of them.
#[utoipa::path(patch, path = "/api/v1/me/settings", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    request_body = PlaySettingsPatch,
    responses(
        (status = 200, description = "the playing settings now", body = PlaySettingsDto),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
        (status = 422, description = "`after_move` is not `stay` or `next_game` \
            (`invalid_after_move`), or a field has the wrong type (`invalid_body`)",
            body = ErrorBody),
    ))]
async fn change_play_settings(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<PlaySettingsPatch>,
) -> Result<axum::Json<PlaySettingsDto>, AppError> {
    let change = PlaySettingsChange {
        after_move: body
            .after_move
            .as_deref()
            .map(settings::parse_after_move)
            .transpose()?,
        confirm_moves: body.confirm_moves,
        repertoire: body.repertoire,
    };
    let play = settings::change_play_settings(&state, &user, change).await?;
    Ok(axum::Json(play.into()))
}
