//! The settings page: the signed-in user's time (time zone, vacation, automatic
//! vacation) and their API tokens, made, listed and revoked.

use askama::Template;
use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use crate::{
    AppState,
    domain::{
        accounts,
        player_time::{self, TimeSettings},
    },
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
    time: TimeView,
    /// A refused change of the time settings, shown in that section.
    time_error: String,
}

/// The time section as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct TimeView {
    time_zone: String,
    auto_vacation: bool,
    /// "You are on vacation until …", empty when not.
    vacation: String,
    /// Said of an automatic vacation, empty otherwise.
    automatic: String,
    /// What is left of the allowance.
    left: String,
    /// Whether a vacation can be started (allowance left, none running).
    may_start: bool,
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

fn time_view(ctx: &Ctx, settings: &TimeSettings) -> TimeView {
    let t = &ctx.t;
    TimeView {
        time_zone: settings.time_zone.clone(),
        auto_vacation: settings.auto_vacation,
        vacation: settings.vacation.map_or_else(String::new, |vacation| {
            t.fmt(
                "settings.vacation_now",
                &[("when", &utc_minute(vacation.until))],
            )
        }),
        automatic: settings
            .vacation
            .filter(|vacation| vacation.automatic)
            .map_or_else(String::new, |vacation| {
                t.fmt(
                    "settings.vacation_automatic",
                    &[("when", &utc_minute(vacation.from))],
                )
            }),
        left: t.fmt(
            "settings.vacation_left",
            &[
                ("left", &settings.hours_left.to_string()),
                ("allowance", &settings.allowance_hours.to_string()),
            ],
        ),
        may_start: settings.vacation.is_none() && settings.hours_left > 0,
    }
}

async fn page(
    state: &AppState,
    ctx: Ctx,
    new_token: String,
    name_error: String,
) -> Result<SettingsPage, AppError> {
    page_with(state, ctx, new_token, name_error, String::new()).await
}

async fn page_with(
    state: &AppState,
    ctx: Ctx,
    new_token: String,
    name_error: String,
    time_error: String,
) -> Result<SettingsPage, AppError> {
    let user = ctx.require_user()?.clone();
    let time = time_view(&ctx, &player_time::settings(state, &user).await?);
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
        time,
        time_error,
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

/// The time form: a time zone and the automatic-vacation checkbox.
#[derive(Debug, Deserialize)]
pub(crate) struct TimeForm {
    #[serde(default)]
    time_zone: String,
    /// A checkbox: present when automatic vacation is on.
    #[serde(default)]
    auto_vacation: Option<String>,
}

/// The new-vacation form: days and hours, added up.
#[derive(Debug, Deserialize)]
pub(crate) struct VacationForm {
    #[serde(default)]
    days: String,
    #[serde(default)]
    hours: String,
}

/// Shows a refused time change in the time section; passes on other errors.
async fn time_refused(
    state: &AppState,
    ctx: Ctx,
    result: Result<TimeSettings, AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(_) => Ok(see_other("/settings#time")),
        Err(error @ (AppError::Invalid { .. } | AppError::Conflict { .. })) => {
            let text = error_text(&ctx.t, error.code(), &error.message(), None);
            let status = error.status();
            let page = page_with(state, ctx, String::new(), String::new(), text).await?;
            Ok((status, render(&page)?).into_response())
        }
        Err(error) => Err(error),
    }
}

/// `POST /settings/time`: the time zone and automatic vacation.
pub(crate) async fn change_time(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<TimeForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = match player_time::set_time_zone(&state, &user, &form.time_zone).await {
        Ok(_) => player_time::set_auto_vacation(&state, &user, form.auto_vacation.is_some()).await,
        Err(error) => Err(error),
    };
    time_refused(&state, ctx, result).await
}

/// `POST /settings/vacation`: starts a vacation of the days and hours given.
pub(crate) async fn start_vacation(
    State(state): State<AppState>,
    ctx: Ctx,
    Form(form): Form<VacationForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let number = |text: &str| {
        let text = text.trim();
        if text.is_empty() {
            Some(0)
        } else {
            text.parse::<i64>()
                .ok()
                .filter(|n| (0..=10_000).contains(n))
        }
    };
    let hours = match (number(&form.days), number(&form.hours)) {
        (Some(days), Some(hours)) => days * 24 + hours,
        _ => 0,
    };
    let result = player_time::start_vacation(&state, &user, hours).await;
    time_refused(&state, ctx, result).await
}

/// `POST /settings/vacation/end`.
pub(crate) async fn end_vacation(
    State(state): State<AppState>,
    ctx: Ctx,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = player_time::end_vacation(&state, &user).await;
    time_refused(&state, ctx, result).await
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
