//! Signing up, logging in and out.

use askama::Template;
use axum::{
    extract::State,
    http::HeaderMap,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use crate::{Ctx, Form, cookie_header, refusal_text, render, safe_back, see_other};
use domain::{Services, accounts};
use edge::extract::{ClientAddr, Query, SESSION_COOKIE, session_cookie};
use vocab::error::AppError;

#[derive(Template)]
#[template(path = "auth.html")]
struct AuthPage {
    ctx: Ctx,
    signup: bool,
    username: String,
    username_error: String,
    password_error: String,
    form_error: String,
    next: String,
}

/// Where to go after signing in.
#[derive(Debug, Deserialize)]
pub(crate) struct NextQuery {
    next: Option<String>,
}

/// The sign-up and login form.
#[derive(Debug, Deserialize)]
pub(crate) struct Credentials {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    next: Option<String>,
}

fn auth_page(ctx: Ctx, signup: bool, next: Option<&str>) -> AuthPage {
    AuthPage {
        ctx,
        signup,
        username: String::new(),
        username_error: String::new(),
        password_error: String::new(),
        form_error: String::new(),
        next: safe_back(next),
    }
}

/// `GET /signup`.
pub(crate) async fn signup_form(
    ctx: Ctx,
    Query(query): Query<NextQuery>,
) -> Result<Response, AppError> {
    render(&auth_page(ctx, true, query.next.as_deref()))
}

/// `GET /login`.
pub(crate) async fn login_form(
    ctx: Ctx,
    Query(query): Query<NextQuery>,
) -> Result<Response, AppError> {
    render(&auth_page(ctx, false, query.next.as_deref()))
}

/// Shows the form again with the error next to its field (422 and friends).
fn auth_error(
    mut page: AuthPage,
    form: &Credentials,
    error: &AppError,
) -> Result<Response, AppError> {
    let text = refusal_text(&page.ctx.t, error);
    match accounts::Field::of(error) {
        Some(accounts::Field::Username) => page.username_error = text,
        Some(accounts::Field::Password) => page.password_error = text,
        None => page.form_error = text,
    }
    page.username.clone_from(&form.username);
    let status = error.status();
    Ok((status, render(&page)?).into_response())
}

fn session_headers(state: &Services, session: &accounts::Session) -> Result<HeaderMap, AppError> {
    let max_age = session.expires_at - state.now();
    let secure = if state.config.public_url.https {
        "; Secure"
    } else {
        ""
    };
    cookie_header(&format!(
        "{SESSION_COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}",
        session.token
    ))
}

/// `POST /signup`: registers, signs in, goes on.
pub(crate) async fn signup(
    State(state): State<Services>,
    ctx: Ctx,
    ClientAddr(client): ClientAddr,
    Form(form): Form<Credentials>,
) -> Result<Response, AppError> {
    let page = auth_page(ctx, true, form.next.as_deref());
    let user = match accounts::register(&state, form.username.trim(), &form.password, &client).await
    {
        Ok(user) => user,
        Err(error) => return auth_error(page, &form, &error),
    };
    // The new account signs in at once: the password was just set, so no login limit
    // applies (a refused sign-up creates nothing, a created one is never refused).
    let session = accounts::start_session(&state, user).await?;
    Ok((session_headers(&state, &session)?, see_other(&page.next)).into_response())
}

/// `POST /login`.
pub(crate) async fn login(
    State(state): State<Services>,
    ctx: Ctx,
    ClientAddr(client): ClientAddr,
    Form(form): Form<Credentials>,
) -> Result<Response, AppError> {
    let page = auth_page(ctx, false, form.next.as_deref());
    match accounts::login(&state, form.username.trim(), &form.password, &client).await {
        Ok(session) => {
            let mut headers = session_headers(&state, &session)?;
            // Times show in the account's zone on this device from now on.
            let zone = domain::player_time::settings(&state, &session.user)
                .await?
                .time_zone;
            if zone != "UTC" {
                let cookie = crate::zone_cookie(&zone);
                if let Ok(value) = axum::http::HeaderValue::from_str(&cookie) {
                    headers.append(axum::http::header::SET_COOKIE, value);
                }
            }
            Ok((headers, see_other(&page.next)).into_response())
        }
        Err(error) => auth_error(page, &form, &error),
    }
}

/// `POST /logout`.
pub(crate) async fn logout(
    State(state): State<Services>,
    ctx: Ctx,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    ctx.require_user()?;
    if let Some(token) = session_cookie(&headers) {
        accounts::logout(&state, token).await?;
    }
    let clear = cookie_header(&format!(
        "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"
    ))?;
    Ok((clear, see_other("/")).into_response())
}
