//! The caller's notification centre: notices newest first (a keyset cursor), mark one or
//! all read, the unread count, and the per-kind preferences.

use axum::{
    Router,
    extract::State,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    AppState,
    clock::rfc3339,
    domain::notifications::{self, Kind, Notification, Preferences},
    error::{AppError, ErrorBody},
    extract::{CurrentUser, Json, Path, Query},
};

/// The notification routes.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/notifications", get(list_notifications))
        .route(
            "/api/v1/notifications/unread-count",
            get(unread_notifications),
        )
        .route("/api/v1/notifications/read-all", post(mark_all_read))
        .route("/api/v1/notifications/{id}/read", post(mark_read))
        .route(
            "/api/v1/me/notifications",
            get(notification_preferences).patch(change_notification_preferences),
        )
}

/// A notice.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationDto {
    /// Its id.
    pub id: String,
    /// `your_turn`, `draw_offer`, `challenge`, `game_finished` or `clock_warning`
    /// (`tournament_round` and `chat_message` are reserved).
    pub kind: String,
    /// The game it links to.
    pub game_id: Option<String>,
    /// The challenge it links to.
    pub challenge_id: Option<String>,
    /// Its details: `opponent` (a name), `variant`; `outcome` (`won`, `lost`, `drawn`,
    /// `aborted`) and `reason` for a game over; `warning` (`four_fifths_used`,
    /// `day_left`, `hour_left`), `seconds_left` and `deadline` for a clock warning.
    #[schema(value_type = Object)]
    pub payload: serde_json::Value,
    /// When it was made, or superseded by a newer one of the same game (RFC 3339).
    pub created_at: String,
    /// When it was marked read (RFC 3339), or null.
    pub read_at: Option<String>,
}

impl From<Notification> for NotificationDto {
    fn from(notice: Notification) -> NotificationDto {
        NotificationDto {
            id: notice.id,
            kind: notice.kind,
            game_id: notice.game_id,
            challenge_id: notice.challenge_id,
            payload: notice.payload,
            created_at: rfc3339(notice.created_at),
            read_at: notice.read_at.map(rfc3339),
        }
    }
}

/// A page of notices.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationPageDto {
    /// Up to 30 notices, newest first.
    pub items: Vec<NotificationDto>,
    /// `before` for the next (older) page, or null on the last.
    pub next: Option<String>,
    /// How many of the caller's notices are unread.
    pub unread: i64,
}

/// The unread count.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadDto {
    /// How many of the caller's notices are unread.
    pub unread: i64,
}

/// What marking all read did.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReadAllDto {
    /// How many notices were unread and are now read.
    pub marked: u64,
    /// How many are unread now (0).
    pub unread: i64,
}

/// The query of a page.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// The `next` of the page before.
    #[param(pattern = r"^$|^-?[0-9]{1,18}\.[0-9a-fA-F]{1,64}$")]
    before: Option<String>,
}

/// The caller's notices, newest first, 30 a page; `?before=` the previous page's `next`.
#[utoipa::path(get, path = "/api/v1/notifications", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "a page of notices", body = NotificationPageDto),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 422, description = "a cursor that is no `next` (`invalid_cursor`)",
            body = ErrorBody),
    ))]
async fn list_notifications(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<axum::Json<NotificationPageDto>, AppError> {
    let page = notifications::page(&state, &user, query.before.as_deref()).await?;
    Ok(axum::Json(NotificationPageDto {
        items: page.items.into_iter().map(Into::into).collect(),
        next: page.next,
        unread: page.unread,
    }))
}

/// How many of the caller's notices are unread (the bell's number).
#[utoipa::path(get, path = "/api/v1/notifications/unread-count", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the unread count", body = UnreadDto),
        (status = 401, description = "not signed in", body = ErrorBody),
    ))]
async fn unread_notifications(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<UnreadDto>, AppError> {
    Ok(axum::Json(UnreadDto {
        unread: notifications::unread_count(&state, &user).await?,
    }))
}

/// Marks one of the caller's notices read (again is fine).
#[utoipa::path(post, path = "/api/v1/notifications/{id}/read", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "the unread count after it", body = UnreadDto),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "cross-site request with the session cookie",
            body = ErrorBody),
        (status = 404, description = "the caller has no such notice", body = ErrorBody),
    ))]
async fn mark_read(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<axum::Json<UnreadDto>, AppError> {
    Ok(axum::Json(UnreadDto {
        unread: notifications::mark_read(&state, &user, &id).await?,
    }))
}

/// Marks all of the caller's notices read.
#[utoipa::path(post, path = "/api/v1/notifications/read-all", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "how many were marked", body = ReadAllDto),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "cross-site request with the session cookie",
            body = ErrorBody),
    ))]
async fn mark_all_read(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<ReadAllDto>, AppError> {
    let marked = notifications::mark_all_read(&state, &user).await?;
    Ok(axum::Json(ReadAllDto { marked, unread: 0 }))
}

/// One kind's preference.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub struct KindPreferenceDto {
    /// Whether notices of the kind are written to the centre (and its live channel).
    pub in_site: bool,
}

/// The caller's preferences per kind. In a change, each kind absent stays as it is.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PreferencesDto {
    /// The opponent moved.
    #[serde(default)]
    pub your_turn: Option<KindPreferenceDto>,
    /// The opponent offers a draw.
    #[serde(default)]
    pub draw_offer: Option<KindPreferenceDto>,
    /// A challenge addressed to the caller.
    #[serde(default)]
    pub challenge: Option<KindPreferenceDto>,
    /// A game of the caller ended.
    #[serde(default)]
    pub game_finished: Option<KindPreferenceDto>,
    /// The caller's time in a game runs out.
    #[serde(default)]
    pub clock_warning: Option<KindPreferenceDto>,
}

impl PreferencesDto {
    fn slots(&self) -> [(Kind, Option<KindPreferenceDto>); 5] {
        [
            (Kind::YourTurn, self.your_turn),
            (Kind::DrawOffer, self.draw_offer),
            (Kind::Challenge, self.challenge),
            (Kind::GameFinished, self.game_finished),
            (Kind::ClockWarning, self.clock_warning),
        ]
    }
}

impl From<Preferences> for PreferencesDto {
    fn from(preferences: Preferences) -> PreferencesDto {
        let of = |kind| {
            Some(KindPreferenceDto {
                in_site: preferences.in_site(kind),
            })
        };
        PreferencesDto {
            your_turn: of(Kind::YourTurn),
            draw_offer: of(Kind::DrawOffer),
            challenge: of(Kind::Challenge),
            game_finished: of(Kind::GameFinished),
            clock_warning: of(Kind::ClockWarning),
        }
    }
}

/// The caller's notification preferences per kind (all on by default).
#[utoipa::path(get, path = "/api/v1/me/notifications", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "every kind's preference", body = PreferencesDto),
        (status = 401, description = "not signed in", body = ErrorBody),
    ))]
async fn notification_preferences(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<PreferencesDto>, AppError> {
    Ok(axum::Json(
        notifications::preferences(&state, &user).await?.into(),
    ))
}

/// Changes the caller's preferences of the kinds given. A kind turned off is no longer
/// written (the notices already written stay).
#[utoipa::path(patch, path = "/api/v1/me/notifications", tag = "notifications",
    request_body = PreferencesDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "every kind's preference after the change",
            body = PreferencesDto),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "cross-site request with the session cookie",
            body = ErrorBody),
        (status = 422, description = "a body of the wrong shape (`invalid_body`)",
            body = ErrorBody),
    ))]
async fn change_notification_preferences(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<PreferencesDto>,
) -> Result<axum::Json<PreferencesDto>, AppError> {
    let changes: Vec<(Kind, bool)> = body
        .slots()
        .into_iter()
        .filter_map(|(kind, preference)| preference.map(|p| (kind, p.in_site)))
        .collect();
    Ok(axum::Json(
        notifications::change_preferences(&state, &user, &changes)
            .await?
            .into(),
    ))
}
