//! The notification centre's page: the player's notices newest first (`?before=` for the
//! older ones), each linking to its game or challenge, with plain forms to mark one or
//! all read; and the bell's number in the header ([`crate::Ctx::unread`]).

use askama::Template;
use axum::{extract::State, response::Response};
use serde::Deserialize;

use crate::{Ctx, render, see_other, url_encode};
use domain::{
    Services,
    notifications::{self},
};
use edge::extract::{Path, Query};
use vocab::error::AppError;

/// A notice as a line of the page.
#[derive(Debug, Clone)]
struct Line {
    id: String,
    text: String,
    href: String,
    /// When it was written (unix seconds).
    at: i64,
    /// The same in RFC 3339, for `datetime`.
    iso: String,
    unread: bool,
}

#[derive(Template)]
#[template(path = "notifications.html")]
struct NotificationsPage {
    ctx: Ctx,
    lines: Vec<Line>,
    /// The time now (unix seconds), for how long ago each notice came.
    now: i64,
    /// The link to the older notices, empty on the last page.
    older: String,
    /// Where the mark-read forms come back to.
    back: String,
}

/// The page's query.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct PageQuery {
    before: Option<String>,
}

/// `GET /notifications`.
pub(crate) async fn page(
    State(state): State<Services>,
    ctx: Ctx,
    Query(query): Query<PageQuery>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let page = notifications::page(&state, &user, query.before.as_deref()).await?;
    let lines = page
        .items
        .iter()
        .map(|notice| Line {
            id: notice.id.clone(),
            text: domain::notifications::text_of(&ctx.t, notice),
            href: notice.href(),
            at: notice.created_at,
            iso: vocab::clock::rfc3339(notice.created_at),
            unread: notice.read_at.is_none(),
        })
        .collect();
    let older = page
        .next
        .map(|next| format!("/notifications?before={}", url_encode(&next)))
        .unwrap_or_default();
    let back = ctx.here.clone();
    render(&NotificationsPage {
        ctx,
        lines,
        now: state.now(),
        older,
        back,
    })
}

/// The mark-read forms: where to come back to.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct BackForm {
    back: Option<String>,
}

fn back_to(form: &BackForm) -> String {
    let back = crate::safe_back(form.back.as_deref());
    if back.starts_with("/notifications") {
        back
    } else {
        "/notifications".to_owned()
    }
}

/// `POST /notifications/{id}/read`.
pub(crate) async fn mark_read(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    crate::Form(form): crate::Form<BackForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    match notifications::mark_read(&state, user, &id).await {
        // A notice that is gone (pruned with age) is as read as it can be.
        Ok(_) | Err(AppError::NotFound(_)) => Ok(see_other(&back_to(&form))),
        Err(error) => Err(error),
    }
}

/// `POST /notifications/read-all`.
pub(crate) async fn mark_all_read(
    State(state): State<Services>,
    ctx: Ctx,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    notifications::mark_all_read(&state, user).await?;
    Ok(see_other("/notifications"))
}
