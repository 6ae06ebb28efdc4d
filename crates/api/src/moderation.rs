//! Reports, and the administrators' API: open reports, mutes and bans, the log. See
//! docs/moderation.md.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{NoSuchPlayer, NotSignedIn};
use domain::{
    Services,
    moderation::{self, ReportTarget, Sanction},
};
use edge::extract::{CurrentUser, Json, Path, Query};
use store::moderation::{ActionRow, ReportRow};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The report and administration routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/reports", post(file_report))
        .route("/api/v1/admin/reports", get(list_reports))
        .route("/api/v1/admin/reports/{id}/{outcome}", post(close_report))
        .route("/api/v1/admin/players/{name}", get(show_account))
        .route("/api/v1/admin/players/{name}/{action}", post(sanction))
        .route("/api/v1/admin/log", get(show_log))
}

/// A report: of a player (`player`), or of a chat line (`game_id` and `seq`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewReportDto {
    /// The player reported, by name.
    #[serde(default)]
    pub player: Option<String>,
    /// The game of the chat line reported.
    #[serde(default)]
    pub game_id: Option<String>,
    /// The line's number in the game's chat.
    #[serde(default)]
    pub seq: Option<i64>,
    /// Why (optional): up to 500 characters, no control characters but line breaks and
    /// tabs.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}

/// A report just filed.
#[derive(Debug, Serialize, ToSchema)]
pub struct FiledDto {
    /// The report's id.
    pub id: String,
    /// The name of the account reported.
    pub target: String,
}

/// Reports a player or a chat line to the administrators.
#[utoipa::path(post, path = "/api/v1/reports", tag = "moderation",
    security(("bearer" = []), ("session" = [])),
    request_body = NewReportDto,
    responses(
        (status = 201, description = "filed", body = FiledDto),
        NotSignedIn,
        (status = 403, description = "a chat the caller cannot read (`chat_private`), or a \
            cross-site request", body = ErrorBody),
        (status = 404, description = "no such player, game or chat line", body = ErrorBody),
        (status = 409, description = "the caller's report of this is still open \
            (`already_reported`)", body = ErrorBody),
        (status = 422, description = "neither a player nor a chat line, or both \
            (`invalid_report`), oneself (`report_yourself`), a reason too long \
            (`reason_too_long`) or with a control character (`control_character`)",
            body = ErrorBody),
        (status = 429, description = "too many reports: wait as `retry-after` says",
            body = ErrorBody, headers(("retry-after" = u64))),
    ))]
async fn file_report(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewReportDto>,
) -> Result<(StatusCode, axum::Json<FiledDto>), AppError> {
    let target = match (&body.player, &body.game_id, body.seq) {
        (Some(player), None, None) => ReportTarget::Player(player),
        (None, Some(game_id), Some(seq)) => ReportTarget::ChatLine { game_id, seq },
        _ => {
            return Err(AppError::invalid(
                "invalid_report",
                "report either a `player`, or a chat line by `game_id` and `seq`",
            ));
        }
    };
    let filed =
        moderation::report(&state, &user, target, body.reason.as_deref().unwrap_or("")).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(FiledDto {
            id: filed.id,
            target: filed.target,
        }),
    ))
}

/// A report as the administrators read it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportDto {
    /// Its id.
    pub id: String,
    /// Who reported.
    pub reporter: String,
    /// The account reported.
    pub target: String,
    /// The game of a reported chat line.
    pub game_id: Option<String>,
    /// The line's number.
    pub seq: Option<i64>,
    /// The line's text when it was reported (empty for a player).
    pub quoted: String,
    /// Why.
    pub reason: String,
    /// `open`, `resolved` or `dismissed`.
    pub status: String,
    /// When (RFC 3339).
    pub created_at: String,
    /// Whether the account reported is muted now.
    pub target_muted: bool,
    /// Whether it is banned now.
    pub target_banned: bool,
}

impl From<ReportRow> for ReportDto {
    fn from(row: ReportRow) -> ReportDto {
        ReportDto {
            id: row.id,
            reporter: row.reporter,
            target: row.target,
            game_id: row.game_id,
            seq: row.chat_seq,
            quoted: row.quoted,
            reason: row.reason,
            status: row.status,
            created_at: rfc3339(row.created_at),
            target_muted: row.target_muted == 1,
            target_banned: row.target_banned == 1,
        }
    }
}

/// The open reports, oldest first (at most 200).
#[utoipa::path(get, path = "/api/v1/admin/reports", tag = "moderation",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the open reports", body = [ReportDto]),
        NotSignedIn,
        (status = 403, description = "not an administrator (`not_admin`)", body = ErrorBody),
    ))]
async fn list_reports(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<Vec<ReportDto>>, AppError> {
    let reports = moderation::open_reports(&state, &user).await?;
    Ok(axum::Json(reports.into_iter().map(Into::into).collect()))
}

/// Closes an open report: `resolve` (acted on) or `dismiss`.
#[utoipa::path(post, path = "/api/v1/admin/reports/{id}/{outcome}", tag = "moderation",
    security(("bearer" = []), ("session" = [])),
    params(
        ("id" = String, Path, description = "the report's id"),
        ("outcome" = String, Path, description = "`resolve` or `dismiss`"),
    ),
    responses(
        (status = 204, description = "closed, and logged"),
        NotSignedIn,
        (status = 403, description = "not an administrator (`not_admin`), or a cross-site \
            request", body = ErrorBody),
        (status = 404, description = "no such report, or an outcome other than `resolve` \
            and `dismiss`", body = ErrorBody),
        (status = 409, description = "the report is closed already (`report_closed`)",
            body = ErrorBody),
    ))]
async fn close_report(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path((id, outcome)): Path<(String, String)>,
) -> Result<StatusCode, AppError> {
    let dismiss = match outcome.as_str() {
        "resolve" => false,
        "dismiss" => true,
        _ => return Err(AppError::NotFound("route")),
    };
    moderation::close_report(&state, &user, &id, dismiss).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// An account's moderation state.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountStateDto {
    /// The name.
    pub username: String,
    /// `human`, `computer` or `bot`.
    pub kind: String,
    /// Whether it is an administrator.
    pub admin: bool,
    /// Muted since (RFC 3339), if muted.
    pub muted_since: Option<String>,
    /// Banned since (RFC 3339), if banned.
    pub banned_since: Option<String>,
    /// Whether its owner deleted it.
    pub deleted: bool,
}

/// An account's moderation state.
#[utoipa::path(get, path = "/api/v1/admin/players/{name}", tag = "moderation",
    security(("bearer" = []), ("session" = [])),
    params(("name" = String, Path, description = "the player's name")),
    responses(
        (status = 200, description = "the account", body = AccountStateDto),
        NotSignedIn,
        (status = 403, description = "not an administrator (`not_admin`)", body = ErrorBody),
        NoSuchPlayer,
    ))]
async fn show_account(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(name): Path<String>,
) -> Result<axum::Json<AccountStateDto>, AppError> {
    let row = moderation::account(&state, &user, &name).await?;
    Ok(axum::Json(AccountStateDto {
        username: row.username,
        kind: row.kind,
        admin: row.is_admin == 1,
        muted_since: row.muted_at.map(rfc3339),
        banned_since: row.banned_at.map(rfc3339),
        deleted: row.deleted_at.is_some(),
    }))
}

/// A note for the log with a sanction.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SanctionDto {
    /// Why (optional, for the log): up to 500 characters.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

/// What a sanction did.
#[derive(Debug, Serialize, ToSchema)]
pub struct SanctionedDto {
    /// The account's name.
    pub target: String,
    /// The sanction: `mute`, `unmute`, `ban` or `unban`.
    pub action: String,
    /// The games a ban ended as the account's resignation.
    pub games_ended: Vec<String>,
    /// How many open challenges a ban cancelled.
    pub challenges_cancelled: usize,
}

/// Mutes, unmutes, bans or unbans an account (logged). A ban deletes the account's
/// sessions and API tokens, cancels its open challenges and ends its active games as its
/// resignation; it cannot sign in until unbanned.
#[utoipa::path(post, path = "/api/v1/admin/players/{name}/{action}", tag = "moderation",
    security(("bearer" = []), ("session" = [])),
    params(
        ("name" = String, Path, description = "the player's name"),
        ("action" = String, Path, description = "`mute`, `unmute`, `ban` or `unban`"),
    ),
    request_body = SanctionDto,
    responses(
        (status = 200, description = "done, and logged", body = SanctionedDto),
        NotSignedIn,
        (status = 403, description = "not an administrator (`not_admin`), an administrator \
            as the target (`target_is_admin`), or a cross-site request", body = ErrorBody),
        (status = 404, description = "no such player, or no such action", body = ErrorBody),
        (status = 409, description = "nothing to change (`no_change`: muted already, not \
            banned, …)", body = ErrorBody),
        (status = 422, description = "one's own account (`own_account`), the computer's \
            (`not_a_person`), or a bad note (`reason_too_long`, `control_character`)",
            body = ErrorBody),
    ))]
async fn sanction(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path((name, action)): Path<(String, String)>,
    Json(body): Json<SanctionDto>,
) -> Result<axum::Json<SanctionedDto>, AppError> {
    let sanction = Sanction::parse(&action).ok_or(AppError::NotFound("route"))?;
    let done = moderation::sanction(
        &state,
        &user,
        &name,
        sanction,
        body.note.as_deref().unwrap_or(""),
    )
    .await?;
    Ok(axum::Json(SanctionedDto {
        target: done.target,
        action: sanction.as_str().to_owned(),
        games_ended: done.games_ended,
        challenges_cancelled: done.challenges_cancelled,
    }))
}

/// One logged action.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminActionDto {
    /// The administrator (`null`: the `server admin` command line).
    pub admin: Option<String>,
    /// `grant_admin`, `revoke_admin`, `mute`, `unmute`, `ban`, `unban`,
    /// `resolve_report` or `dismiss_report`.
    pub action: String,
    /// The account acted on.
    pub target: Option<String>,
    /// The report acted on.
    pub report_id: Option<String>,
    /// Words for people (what a ban ended, a note).
    pub detail: String,
    /// When (RFC 3339).
    pub created_at: String,
}

impl From<ActionRow> for AdminActionDto {
    fn from(row: ActionRow) -> AdminActionDto {
        AdminActionDto {
            admin: row.admin,
            action: row.action,
            target: row.target,
            report_id: row.report_id,
            detail: row.detail,
            created_at: rfc3339(row.created_at),
        }
    }
}

/// One page of the log.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminLogDto {
    /// The actions, newest first (50 a page).
    pub actions: Vec<AdminActionDto>,
    /// The `before` of the next page, if there is one.
    pub next: Option<String>,
}

/// The log's query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LogParams {
    /// The `next` of the previous page.
    #[serde(default)]
    pub before: Option<String>,
}

/// The administrators' log, newest first.
#[utoipa::path(get, path = "/api/v1/admin/log", tag = "moderation",
    security(("bearer" = []), ("session" = [])),
    params(LogParams),
    responses(
        (status = 200, description = "one page of the log", body = AdminLogDto),
        (status = 400, description = "a `before` that is no page key (`bad_request`)",
            body = ErrorBody),
        NotSignedIn,
        (status = 403, description = "not an administrator (`not_admin`)", body = ErrorBody),
    ))]
async fn show_log(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Query(params): Query<LogParams>,
) -> Result<axum::Json<AdminLogDto>, AppError> {
    let page = moderation::log(&state, &user, params.before.as_deref()).await?;
    Ok(axum::Json(AdminLogDto {
        actions: page.actions.into_iter().map(Into::into).collect(),
        next: page.next,
    }))
}
