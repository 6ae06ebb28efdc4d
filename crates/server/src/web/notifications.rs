//! The notification centre's page: the player's notices newest first (`?before=` for the
//! older ones), each linking to its game or challenge, with plain forms to mark one or
//! all read; and the bell's number in the header ([`crate::web::Ctx::unread`]).

use askama::Template;
use axum::{extract::State, response::Response};
use serde::Deserialize;

use crate::{
    AppState,
    domain::notifications::{self, Notification},
    error::AppError,
    extract::{Path, Query},
    web::{Ctx, i18n::Tr, render, see_other, url_encode},
};

/// A notice as a line of the page.
#[derive(Debug, Clone)]
struct Line {
    id: String,
    text: String,
    href: String,
    when: String,
    unread: bool,
}

#[derive(Template)]
#[template(path = "notifications.html")]
struct NotificationsPage {
    ctx: Ctx,
    lines: Vec<Line>,
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

/// The text of a notice in the reader's language.
pub(crate) fn text_of(t: &Tr, notice: &Notification) -> String {
    let opponent = notice.field("opponent");
    let variant = notice.field("variant");
    let variant_name = if variant.is_empty() {
        String::new()
    } else {
        let key = format!("variant.{variant}");
        if t.has(&key) {
            t.get(&key).to_owned()
        } else {
            variant
        }
    };
    let key = match notice.kind.as_str() {
        "game_finished" => format!("notifications.game_finished.{}", notice.field("outcome")),
        "clock_warning" => format!("notifications.clock_warning.{}", notice.field("warning")),
        "tournament_round" => format!("notifications.tournament_round.{}", notice.field("event")),
        kind => format!("notifications.{kind}"),
    };
    if t.has(&key) {
        t.fmt(
            &key,
            &[
                ("opponent", &opponent),
                ("variant", &variant_name),
                ("tournament", &notice.field("tournament")),
                ("round", &notice.field("round")),
                ("stage", &notice.field("stage")),
                ("winner", &notice.field("winner")),
            ],
        )
    } else {
        t.get("notifications.other").to_owned()
    }
}

/// `GET /notifications`.
pub(crate) async fn page(
    State(state): State<AppState>,
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
            text: text_of(&ctx.t, notice),
            href: notice.href(),
            when: crate::clock::rfc3339(notice.created_at),
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
    let back = crate::web::safe_back(form.back.as_deref());
    if back.starts_with("/notifications") {
        back
    } else {
        "/notifications".to_owned()
    }
}

/// `POST /notifications/{id}/read`.
pub(crate) async fn mark_read(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    crate::web::Form(form): crate::web::Form<BackForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    notifications::mark_read(&state, user, &id).await?;
    Ok(see_other(&back_to(&form)))
}

/// `POST /notifications/read-all`.
pub(crate) async fn mark_all_read(
    State(state): State<AppState>,
    ctx: Ctx,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    notifications::mark_all_read(&state, user).await?;
    Ok(see_other("/notifications"))
}
