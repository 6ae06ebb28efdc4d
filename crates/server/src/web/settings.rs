//! The settings page: the signed-in user's API tokens, made, listed and revoked.

use askama::Template;
use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use crate::{
    AppState,
    domain::accounts,
    error::AppError,
    extract::Path,
    web::{Ctx, Form, error_text, render, see_other},
};

#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    ctx: Ctx,
    tokens: Vec<TokenLine>,
    /// A token just made, shown this once.
    new_token: String,
    name_error: String,
    tokens_help: String,
}

/// One token as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct TokenLine {
    id: String,
    name: String,
    created: String,
    last_used: String,
}

/// The new-token form.
#[derive(Debug, Deserialize)]
pub(crate) struct NewTokenForm {
    #[serde(default)]
    name: String,
}

/// A unix time as `YYYY-MM-DD HH:MM UTC`.
fn utc_minute(unix: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(unix) {
        Ok(at) => format!(
            "{:04}-{:02}-{:02} {:02}:{:02} UTC",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute()
        ),
        Err(_) => String::new(),
    }
}

async fn page(
    state: &AppState,
    ctx: Ctx,
    new_token: String,
    name_error: String,
) -> Result<SettingsPage, AppError> {
    let user = ctx.require_user()?.clone();
    let never = ctx.t.get("settings.never_used").to_owned();
    let tokens = accounts::tokens(state, &user)
        .await?
        .into_iter()
        .map(|token| TokenLine {
            id: token.id,
            name: token.name,
            created: utc_minute(token.created_at),
            last_used: token.last_used_at.map_or_else(|| never.clone(), utc_minute),
        })
        .collect();
    Ok(SettingsPage {
        tokens,
        new_token,
        name_error,
        tokens_help: ctx.t.fmt(
            "settings.tokens_help",
            &[(
                "n",
                &state.config.accounts.max_tokens_per_account.to_string(),
            )],
        ),
        ctx,
    })
}

/// `GET /settings`.
pub(crate) async fn settings(
    State(state): State<AppState>,
    ctx: Ctx,
) -> Result<Response, AppError> {
    render(&page(&state, ctx, String::new(), String::new()).await?)
}

/// `POST /settings/tokens`: makes a token and shows it once.
pub(crate) async fn create_token(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<NewTokenForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let made = match accounts::token_name(Some(&form.name)) {
        Ok(name) => accounts::issue_token(&state, &user, &name).await,
        Err(error) => Err(error),
    };
    match made {
        Ok(token) => render(&page(&state, ctx, token.token, String::new()).await?),
        Err(error @ (AppError::Invalid { .. } | AppError::Conflict { .. })) => {
            let text = error_text(&ctx.t, error.code(), &error.message(), None);
            let status = error.status();
            let page = page(&state, ctx, String::new(), text).await?;
            Ok((status, render(&page)?).into_response())
        }
        Err(error) => Err(error),
    }
}

/// `POST /settings/tokens/{id}/revoke`.
pub(crate) async fn revoke_token(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    accounts::revoke_token(&state, user, &id).await?;
    Ok(see_other("/settings"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_to_the_minute_in_utc() {
        assert_eq!(utc_minute(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_minute(1_764_590_399), "2025-12-01 11:59 UTC");
    }
}
