//! The pages behind mailed links: verifying an address, the one-click unsubscribe
//! (RFC 8058: a POST without a session turns e-mail off; a GET shows a confirm button),
//! and password reset (ask by username or address; set a new password through the
//! link). Each link's page has a button, so a mail scanner that follows links changes
//! nothing.

use askama::Template;
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use crate::{Ctx, Form, error_text, render};
use domain::{Services, email};
use edge::extract::{ClientAddr, Path};
use vocab::error::AppError;

/// What the page shows: a message, and a form with a button (and fields) when there is
/// something to do.
#[derive(Template)]
#[template(path = "email_page.html")]
struct EmailPage {
    ctx: Ctx,
    /// The page's id (`verify`, `unsubscribe`, `forgot`, `reset`), for tests and styles.
    id: &'static str,
    title: String,
    message: String,
    /// A refused request's text.
    error: String,
    /// Where the form posts (empty: no form).
    action: String,
    button: String,
    /// The username-or-address field (the forgot-password form).
    ask_who: bool,
    /// The new-password field (the reset form).
    ask_password: bool,
}

fn page(ctx: Ctx, id: &'static str, title_key: &str, message_key: &str) -> EmailPage {
    EmailPage {
        title: ctx.t.get(title_key).to_owned(),
        message: ctx.t.get(message_key).to_owned(),
        error: String::new(),
        action: String::new(),
        button: String::new(),
        ask_who: false,
        ask_password: false,
        id,
        ctx,
    }
}

fn with_form(mut page: EmailPage, action: String, button_key: &str) -> EmailPage {
    page.button = page.ctx.t.get(button_key).to_owned();
    page.action = action;
    page
}

/// The page again with `error`'s text and status; errors that are not the request's
/// (a wait, a busy server) get the site's error page.
fn refused(mut page: EmailPage, error: AppError) -> Result<Response, AppError> {
    match error {
        AppError::Invalid { .. } | AppError::Conflict { .. } | AppError::NotFound(_) => {
            page.error = error_text(&page.ctx.t, error.code(), &error.message(), None);
            let status = error.status();
            Ok((status, render(&page)?).into_response())
        }
        other => Err(other),
    }
}

/// `GET /email/verify/{token}`: a button that verifies.
pub(crate) async fn verify_form(ctx: Ctx, Path(token): Path<String>) -> Result<Response, AppError> {
    let page = page(ctx, "verify", "email.verify_title", "email.verify_ask");
    render(&with_form(
        page,
        format!("/email/verify/{token}"),
        "email.verify_button",
    ))
}

/// `POST /email/verify/{token}`: verifies the address (422 for an unknown, used or
/// expired link).
pub(crate) async fn verify(
    State(state): State<Services>,
    ctx: Ctx,
    Path(token): Path<String>,
) -> Result<Response, AppError> {
    match email::verify(&state, &token).await {
        Ok(()) => render(&page(ctx, "verify", "email.verify_title", "email.verified")),
        Err(error) => refused(
            page(ctx, "verify", "email.verify_title", "email.verify_ask"),
            error,
        ),
    }
}

/// `GET /email/unsubscribe/{key}`: a button that turns e-mail off (404 for an unknown
/// key).
pub(crate) async fn unsubscribe_form(
    State(state): State<Services>,
    ctx: Ctx,
    Path(key): Path<String>,
) -> Result<Response, AppError> {
    if !email::unsubscribe_key_known(&state, &key).await? {
        let page = page(
            ctx,
            "unsubscribe",
            "email.unsubscribe_title",
            "email.unsubscribe_unknown",
        );
        return Ok((StatusCode::NOT_FOUND, render(&page)?).into_response());
    }
    let page = page(
        ctx,
        "unsubscribe",
        "email.unsubscribe_title",
        "email.unsubscribe_ask",
    );
    render(&with_form(
        page,
        format!("/email/unsubscribe/{key}"),
        "email.unsubscribe_button",
    ))
}

/// `POST /email/unsubscribe/{key}`: the one-click unsubscribe (RFC 8058), without a
/// session and from any site (a mail client posts `List-Unsubscribe=One-Click`): every
/// mail to the player is turned off.
pub(crate) async fn unsubscribe(
    State(state): State<Services>,
    ctx: Ctx,
    Path(key): Path<String>,
) -> Result<Response, AppError> {
    match email::unsubscribe(&state, &key).await {
        Ok(()) => render(&page(
            ctx,
            "unsubscribe",
            "email.unsubscribe_title",
            "email.unsubscribed",
        )),
        Err(error) => refused(
            page(
                ctx,
                "unsubscribe",
                "email.unsubscribe_title",
                "email.unsubscribe_unknown",
            ),
            error,
        ),
    }
}

fn forgot_page(ctx: Ctx, state: &Services) -> EmailPage {
    if !state.mail_enabled() {
        return page(ctx, "forgot", "email.forgot_title", "email.forgot_off");
    }
    let mut page = with_form(
        page(ctx, "forgot", "email.forgot_title", "email.forgot_ask"),
        "/password/forgot".to_owned(),
        "email.forgot_button",
    );
    page.ask_who = true;
    page
}

/// `GET /password/forgot`: asks for the username or address.
pub(crate) async fn forgot_form(
    State(state): State<Services>,
    ctx: Ctx,
) -> Result<Response, AppError> {
    render(&forgot_page(ctx, &state))
}

/// The forgot-password form.
#[derive(Debug, Deserialize)]
pub(crate) struct ForgotForm {
    #[serde(default)]
    who: String,
}

/// `POST /password/forgot`: mails a reset link to each account with that name or
/// verified address, and says the same whether there is one or not.
pub(crate) async fn forgot(
    State(state): State<Services>,
    ctx: Ctx,
    ClientAddr(client): ClientAddr,
    Form(form): Form<ForgotForm>,
) -> Result<Response, AppError> {
    match email::request_reset(&state, &form.who, &client).await {
        Ok(()) => render(&page(
            ctx,
            "forgot",
            "email.forgot_title",
            "email.forgot_sent",
        )),
        Err(error) => refused(forgot_page(ctx, &state), error),
    }
}

fn reset_page(ctx: Ctx, token: &str) -> EmailPage {
    let mut page = with_form(
        page(ctx, "reset", "email.reset_title", "email.reset_ask"),
        format!("/password/reset/{token}"),
        "email.reset_button",
    );
    page.ask_password = true;
    page
}

/// `GET /password/reset/{token}`: the new-password form (422 for an unknown, used or
/// expired link).
pub(crate) async fn reset_form(
    State(state): State<Services>,
    ctx: Ctx,
    Path(token): Path<String>,
) -> Result<Response, AppError> {
    match email::check_reset(&state, &token).await {
        Ok(()) => render(&reset_page(ctx, &token)),
        Err(error) => refused(
            page(ctx, "reset", "email.reset_title", "email.reset_again"),
            error,
        ),
    }
}

/// The new-password form.
#[derive(Debug, Deserialize)]
pub(crate) struct ResetForm {
    #[serde(default)]
    password: String,
}

/// `POST /password/reset/{token}`: sets the new password, spends the link and ends the
/// account's sessions; then the login link.
pub(crate) async fn reset(
    State(state): State<Services>,
    ctx: Ctx,
    Path(token): Path<String>,
    Form(form): Form<ResetForm>,
) -> Result<Response, AppError> {
    match email::reset_password(&state, &token, &form.password).await {
        Ok(()) => render(&page(ctx, "reset", "email.reset_title", "email.reset_done")),
        Err(error) if email::is_bad_link(&error) => refused(
            page(ctx, "reset", "email.reset_title", "email.reset_again"),
            error,
        ),
        Err(error) => refused(reset_page(ctx, &token), error),
    }
}
