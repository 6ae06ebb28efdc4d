//! Account care: the caller changes their password, downloads their data, deletes their
//! account. See docs/moderation.md.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{Busy, NotSignedIn};
use domain::{Services, account_care};
use edge::extract::{ClientAddr, CurrentUser, Json, SESSION_COOKIE, session_cookie};
use vocab::error::{AppError, ErrorBody};

/// The account-care routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/me/password", post(change_password))
        .route("/api/v1/me/export", get(export))
        .route("/api/v1/me/delete", post(delete_account))
}

/// A change of password.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordChangeDto {
    /// The password now.
    pub current_password: String,
    /// The new one: as a new account's (8–256 characters, not only blanks, no control
    /// characters, not one of the most common).
    #[schema(min_length = 8, max_length = 256)]
    pub new_password: String,
}

/// Changes the caller's password. Every other session of the account ends; the caller's
/// own session (when the request carries its cookie) and the API tokens stay.
#[utoipa::path(post, path = "/api/v1/me/password", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    request_body = PasswordChangeDto,
    responses(
        (status = 204, description = "changed"),
        NotSignedIn,
        (status = 403, description = "the current password is wrong (`wrong_password`), or \
            a cross-site request", body = ErrorBody),
        (status = 429, description = "too many wrong passwords: wait as `retry-after` says",
            body = ErrorBody, headers(("retry-after" = u64))),
        Busy,
    ))]
async fn change_password(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    Json(body): Json<PasswordChangeDto>,
) -> Result<StatusCode, AppError> {
    let keep = if headers.contains_key(header::AUTHORIZATION) {
        None
    } else {
        session_cookie(&headers)
    };
    account_care::change_password(
        &state,
        &user,
        &body.current_password,
        &body.new_password,
        &client,
        keep,
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The caller's data as a JSON download (`Content-Disposition: attachment`): `profile`,
/// `settings`, `ratings`, `games` (each with players, result, moves and `record`, the
/// text of `/games/{id}/record`), `chat_lines` (the caller's own) and `notes`.
#[utoipa::path(get, path = "/api/v1/me/export", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the caller's data", body = Object,
            headers(("content-disposition" = String))),
        NotSignedIn,
    ))]
async fn export(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<Response, AppError> {
    let data = account_care::export(&state, &user).await?;
    Ok(edge::download::attachment(&user.username, &data)?.into_response())
}

/// The deletion of the caller's account: the password and the name typed again.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAccountDto {
    /// The password.
    pub password: String,
    /// The account's name, typed to confirm (any case).
    pub confirm: String,
}

/// The account once deleted.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedDto {
    /// The name its games show now (`deleted-<id>`).
    pub username: String,
}

/// Deletes the caller's account, in one step: active games end as the caller's
/// resignation, open challenges are cancelled, sessions, tokens, devices, notes, notices,
/// blocks and the e-mail address are deleted, and the name becomes `deleted-<id>`.
/// Finished games stay. The old name may be registered again.
#[utoipa::path(post, path = "/api/v1/me/delete", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    request_body = DeleteAccountDto,
    responses(
        (status = 200, description = "deleted; the session cookie is cleared", body = DeletedDto,
            headers(("set-cookie" = String))),
        NotSignedIn,
        (status = 403, description = "the password is wrong (`wrong_password`), or a \
            cross-site request", body = ErrorBody),
        (status = 422, description = "the name typed is not the account's \
            (`confirmation_mismatch`)", body = ErrorBody),
        (status = 429, description = "too many wrong passwords: wait as `retry-after` says",
            body = ErrorBody, headers(("retry-after" = u64))),
    ))]
async fn delete_account(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    ClientAddr(client): ClientAddr,
    Json(body): Json<DeleteAccountDto>,
) -> Result<Response, AppError> {
    let name =
        account_care::delete_account(&state, &user, &body.password, &body.confirm, &client).await?;
    let clear = format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    let clear = HeaderValue::from_str(&clear).map_err(AppError::internal)?;
    Ok((
        [(header::SET_COOKIE, clear)],
        axum::Json(DeletedDto { username: name }),
    )
        .into_response())
}
