//! The settings page's account forms: revoking an API token, changing the password,
//! downloading the account's data and deleting the account.

use axum::{
    extract::State,
    http::HeaderMap,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use crate::{Ctx, Form, see_other};
use domain::{Services, account_care, accounts};
use edge::extract::{ClientAddr, Path, SESSION_COOKIE, session_cookie};
use vocab::error::AppError;

use super::{Notes, refused};

/// `POST /settings/tokens/{id}/revoke`.
pub(crate) async fn revoke_token(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    match accounts::revoke_token(&state, &user, &id).await {
        Ok(()) => Ok(see_other("/settings#tokens")),
        Err(error) if crate::shown_on_form(&error) => {
            refused(&state, ctx, &error, |text| Notes {
                token_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// The password form.
#[derive(Debug, Deserialize)]
pub(crate) struct PasswordForm {
    #[serde(default)]
    current_password: String,
    #[serde(default)]
    new_password: String,
}

/// `POST /settings/password`: changes the password (the other sessions end, this one
/// stays); back to the page saying so, or the page with the error in the section.
pub(crate) async fn change_password(
    State(state): State<Services>,
    ctx: Ctx,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    Form(form): Form<PasswordForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let keep = session_cookie(&headers);
    match account_care::change_password(
        &state,
        &user,
        &form.current_password,
        &form.new_password,
        &client,
        keep,
    )
    .await
    {
        Ok(()) => Ok(see_other("/settings?saved=password#password")),
        Err(error) if error.status().is_client_error() => {
            refused(&state, ctx, &error, |text| Notes {
                password_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// `GET /settings/export`: the signed-in user's data, as a JSON download.
pub(crate) async fn export(State(state): State<Services>, ctx: Ctx) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let data = account_care::export(&state, &user).await?;
    Ok(edge::download::attachment(&user.username, &data)?.into_response())
}

/// The deletion form: the password and the name typed again.
#[derive(Debug, Deserialize)]
pub(crate) struct DeleteForm {
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
}

/// `POST /settings/delete`: deletes the account and signs out; or the page with the
/// error in the section.
pub(crate) async fn delete_account(
    State(state): State<Services>,
    ctx: Ctx,
    ClientAddr(client): ClientAddr,
    Form(form): Form<DeleteForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    match account_care::delete_account(&state, &user, &form.password, &form.confirm, &client).await
    {
        Ok(_) => {
            let clear = crate::cookie_header(&format!(
                "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
            ))?;
            Ok((clear, see_other("/?deleted=1")).into_response())
        }
        Err(error) if error.status().is_client_error() => {
            refused(&state, ctx, &error, |text| Notes {
                delete_error: text,
                ..Notes::default()
            })
            .await
        }
        Err(error) => Err(error),
    }
}
