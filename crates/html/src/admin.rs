//! Moderation pages: the report forms (a player's page, each opponent's chat line) and
//! the administrators' page `/admin`: open reports, mute / ban forms, the log. Plain
//! forms, no script needed.

use askama::Template;
use axum::{
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use crate::{Ctx, Form, error_text, render, safe_back, see_other, url_encode};
use domain::{
    Services,
    moderation::{self, ReportTarget, Sanction},
};
use edge::extract::{Path, Query};
use vocab::{clock::rfc3339, error::AppError};

/// A report as the page lists it.
#[derive(Debug, Clone)]
struct ReportLine {
    id: String,
    reporter: String,
    target: String,
    /// This page with the sanction form filled with the target.
    act_href: String,
    /// The game's page, for a chat line (empty for a player).
    game_href: String,
    /// "Chat line 3" or "Player".
    what: String,
    quoted: String,
    reason: String,
    when: String,
    iso: String,
    muted: bool,
    banned: bool,
}

/// A logged action as the page lists it.
#[derive(Debug, Clone)]
struct LogLine {
    admin: String,
    action: String,
    target: String,
    detail: String,
    when: String,
    iso: String,
}

#[derive(Template)]
#[template(path = "admin.html")]
struct AdminPage {
    ctx: Ctx,
    reports: Vec<ReportLine>,
    log: Vec<LogLine>,
    /// The older page of the log (empty: none).
    older: String,
    /// What was just done, in words (empty: nothing).
    done: String,
    /// A refused action's error (empty: none).
    error: String,
    /// The name the sanction form is filled with.
    username: String,
}

/// The page's query.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct AdminQuery {
    before: Option<String>,
    done: Option<String>,
    name: Option<String>,
}

async fn page(
    state: &Services,
    ctx: Ctx,
    before: Option<&str>,
    done: String,
    error: String,
    username: String,
) -> Result<AdminPage, AppError> {
    let user = ctx.require_user()?.clone();
    let t = &ctx.t;
    let reports = moderation::open_reports(state, &user)
        .await?
        .into_iter()
        .map(|row| ReportLine {
            what: match row.chat_seq {
                Some(seq) => t.fmt("admin.chat_line", &[("seq", &seq.to_string())]),
                None => t.get("admin.player").to_owned(),
            },
            game_href: row
                .game_id
                .as_ref()
                .map_or_else(String::new, |id| format!("/games/{id}#chat")),
            act_href: format!("/admin?name={}#sanctions", url_encode(&row.target)),
            id: row.id,
            reporter: row.reporter,
            target: row.target,
            quoted: row.quoted,
            reason: row.reason,
            when: ctx.time(row.created_at),
            iso: rfc3339(row.created_at),
            muted: row.target_muted == 1,
            banned: row.target_banned == 1,
        })
        .collect();
    let log = moderation::log(state, &user, before).await?;
    let older = log.next.map_or_else(String::new, |next| {
        format!("/admin?before={}#log", url_encode(&next))
    });
    let log = log
        .actions
        .into_iter()
        .map(|row| LogLine {
            admin: row
                .admin
                .unwrap_or_else(|| t.get("admin.command_line").to_owned()),
            action: {
                let key = format!("admin.action.{}", row.action);
                if t.has(&key) {
                    t.get(&key).to_owned()
                } else {
                    row.action
                }
            },
            target: row.target.unwrap_or_default(),
            detail: row.detail,
            when: ctx.time(row.created_at),
            iso: rfc3339(row.created_at),
        })
        .collect();
    Ok(AdminPage {
        ctx,
        reports,
        log,
        older,
        done,
        error,
        username,
    })
}

/// `GET /admin`: the administrators' page (403 for other players).
pub(crate) async fn admin(
    State(state): State<Services>,
    ctx: Ctx,
    Query(query): Query<AdminQuery>,
) -> Result<Response, AppError> {
    let done = match query.done.as_deref() {
        Some(done @ ("mute" | "unmute" | "ban" | "unban" | "resolve" | "dismiss")) => ctx.t.fmt(
            &format!("admin.done.{done}"),
            &[("name", query.name.as_deref().unwrap_or(""))],
        ),
        _ => String::new(),
    };
    let username = query.name.clone().unwrap_or_default();
    let page = page(
        &state,
        ctx,
        query.before.as_deref(),
        done,
        String::new(),
        username,
    )
    .await?;
    render(&page)
}

/// `POST /admin/reports/{id}/{outcome}`: resolves or dismisses a report.
pub(crate) async fn close_report(
    State(state): State<Services>,
    ctx: Ctx,
    Path((id, outcome)): Path<(String, String)>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let dismiss = match outcome.as_str() {
        "resolve" => false,
        "dismiss" => true,
        _ => return Err(AppError::NotFound("route")),
    };
    match moderation::close_report(&state, &user, &id, dismiss).await {
        Ok(()) => Ok(see_other(&format!("/admin?done={outcome}#reports"))),
        // Closed by another administrator meanwhile, or gone with its game.
        Err(error @ (AppError::Conflict { .. } | AppError::NotFound("report"))) => {
            refused(&state, ctx, &error, String::new()).await
        }
        Err(error) => Err(error),
    }
}

/// The sanction form: the account's name, and a note for the log.
#[derive(Debug, Deserialize)]
pub(crate) struct SanctionForm {
    #[serde(default)]
    username: String,
    #[serde(default)]
    note: String,
}

/// `POST /admin/players/{action}`: mutes, unmutes, bans or unbans the account named in
/// the form; back to the page saying so, or the page with the error (4xx).
pub(crate) async fn sanction(
    State(state): State<Services>,
    ctx: Ctx,
    Path(action): Path<String>,
    Form(form): Form<SanctionForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let sanction = Sanction::parse(&action).ok_or(AppError::NotFound("route"))?;
    match moderation::sanction(&state, &user, &form.username, sanction, &form.note).await {
        Ok(done) => Ok(see_other(&format!(
            "/admin?done={}&name={}",
            sanction.as_str(),
            url_encode(&done.target)
        ))),
        Err(
            error @ (AppError::Conflict { .. }
            | AppError::Invalid { .. }
            | AppError::NotFound("player")
            | AppError::Forbidden {
                code: "target_is_admin",
                ..
            }),
        ) => refused(&state, ctx, &error, form.username).await,
        Err(error) => Err(error),
    }
}

/// The page again at `error`'s status, with its text.
async fn refused(
    state: &Services,
    ctx: Ctx,
    error: &AppError,
    username: String,
) -> Result<Response, AppError> {
    let text = error_text(&ctx.t, error.code(), &error.message(), None);
    let page = page(state, ctx, None, String::new(), text, username).await?;
    Ok((error.status(), render(&page)?).into_response())
}

#[derive(Template)]
#[template(path = "report.html")]
struct ReportPage {
    ctx: Ctx,
    /// Whether the report was filed (else `error` says why not).
    filed: bool,
    message: String,
    back: String,
}

/// A report form: a player's name, or a game and a chat line's number; a reason; where
/// to go back to.
#[derive(Debug, Deserialize)]
pub(crate) struct ReportForm {
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    game_id: Option<String>,
    #[serde(default)]
    seq: Option<String>,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    back: Option<String>,
}

/// `POST /reports`: files a report; a page saying so, or why not (4xx).
pub(crate) async fn file_report(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<ReportForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let back = safe_back(form.back.as_deref());
    let seq = form.seq.as_deref().map(|seq| seq.trim().parse::<i64>());
    let target = match (form.player.as_deref(), form.game_id.as_deref(), seq) {
        (Some(player), None, None) => Ok(ReportTarget::Player(player)),
        (None, Some(game_id), Some(Ok(seq))) => Ok(ReportTarget::ChatLine { game_id, seq }),
        _ => Err(AppError::invalid(
            "invalid_report",
            "report either a player, or a chat line by its game and number",
        )),
    };
    let result = match target {
        Ok(target) => moderation::report(&state, &user, target, &form.reason).await,
        Err(error) => Err(error),
    };
    let (status, filed, message) = match result {
        Ok(filed) => (
            StatusCode::CREATED,
            true,
            ctx.t.fmt("report.filed", &[("name", &filed.target)]),
        ),
        Err(error)
            if error.status().is_client_error() && error.status() != StatusCode::UNAUTHORIZED =>
        {
            (error.status(), false, crate::refusal_text(&ctx.t, &error))
        }
        Err(error) => return Err(error),
    };
    let page = ReportPage {
        ctx,
        filed,
        message,
        back,
    };
    Ok((status, render(&page)?).into_response())
}
