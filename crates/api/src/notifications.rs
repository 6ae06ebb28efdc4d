//! The caller's notification centre: notices newest first (a keyset cursor), mark one or
//! all read, the unread count, the per-kind and per-channel preferences with the daily
//! digest, and the caller's e-mail address.

use axum::{
    Router,
    extract::State,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{CrossSite, NotSignedIn};
use domain::{
    Services,
    email::{self, EmailSettings},
    notifications::{self, DigestChange, Kind, KindChange, Notification, Preferences},
};
use edge::extract::{CurrentUser, Json, Path, Query};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
    i18n::Lang,
};

/// The notification routes.
pub(crate) fn routes() -> Router<Services> {
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
        .route("/api/v1/me/email", get(show_email).put(set_email))
}

/// A notice.
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationDto {
    /// Its id.
    pub id: String,
    /// `your_turn`, `draw_offer`, `challenge`, `game_finished`, `clock_warning` or
    /// `chat_message` or `tournament_round`.
    pub kind: String,
    /// The game it links to.
    pub game_id: Option<String>,
    /// The challenge it links to.
    pub challenge_id: Option<String>,
    /// Its details: `opponent` (a name), `variant`; `move` and `ply` for your turn, with
    /// `unanswered` (the step) and `why` (the refusal's code) when a conditional line of
    /// the player could not answer; `outcome` (`won`, `lost`, `drawn`,
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
        NotSignedIn,
        (status = 422, description = "a cursor that is no `next` (`invalid_cursor`)",
            body = ErrorBody),
    ))]
async fn list_notifications(
    State(state): State<Services>,
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
        NotSignedIn,
    ))]
async fn unread_notifications(
    State(state): State<Services>,
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
        NotSignedIn, CrossSite,
        (status = 404, description = "the caller has no such notice", body = ErrorBody),
    ))]
async fn mark_read(
    State(state): State<Services>,
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
        NotSignedIn, CrossSite,
    ))]
async fn mark_all_read(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<ReadAllDto>, AppError> {
    let marked = notifications::mark_all_read(&state, &user).await?;
    Ok(axum::Json(ReadAllDto { marked, unread: 0 }))
}

/// One kind's preference per channel. In a change, each channel absent stays as it is.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
pub struct KindPreferenceDto {
    /// Whether notices of the kind are written to the centre (and its live channel).
    #[serde(default)]
    pub in_site: Option<bool>,
    /// Whether they are mailed at once (null where e-mail is not offered: only
    /// `clock_warning` is mailed, for a day and an hour left; turns and challenges wait for
    /// the daily digest). Needs a verified address and a server that sends mail.
    #[serde(default)]
    pub email: Option<bool>,
    /// Whether they are pushed to the player's subscribed browsers.
    #[serde(default)]
    pub push: Option<bool>,
}

/// The daily e-mail digest: the games where it is the caller's turn (least time left
/// first) and the challenges to them, once a day at their hour, only when something
/// waits.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, ToSchema)]
pub struct DigestDto {
    /// On or off (on by default; sent only to a verified address).
    #[serde(default)]
    pub email: Option<bool>,
    /// The local hour it is sent at, 0 to 23, in the caller's time zone (default 8).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 23)]
    pub hour: Option<i64>,
}

/// The caller's preferences per kind and channel, and the digest. In a change, each part
/// absent stays as it is.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PreferencesDto {
    /// The opponent moved.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub your_turn: Option<KindPreferenceDto>,
    /// The opponent offers a draw.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub draw_offer: Option<KindPreferenceDto>,
    /// A challenge addressed to the caller.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub challenge: Option<KindPreferenceDto>,
    /// A game of the caller ended.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub game_finished: Option<KindPreferenceDto>,
    /// The caller's time in a game runs out.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub clock_warning: Option<KindPreferenceDto>,
    /// The opponent wrote in a game's chat while the caller was not watching the game.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub chat_message: Option<KindPreferenceDto>,
    /// News of a tournament the caller entered or organises: an entry, the start, a new
    /// round or stage, the end, a cancellation.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub tournament_round: Option<KindPreferenceDto>,
    /// The daily digest.
    #[serde(default, deserialize_with = "edge::extract::optional_object")]
    pub digest: Option<DigestDto>,
    /// Read only: whether this server sends e-mail at all (`SMTP_URL` and `MAIL_FROM`);
    /// without it the e-mail choices are kept but nothing is mailed.
    #[serde(default)]
    #[schema(read_only)]
    pub email_enabled: Option<bool>,
}

impl PreferencesDto {
    fn slots(&self) -> [(Kind, Option<KindPreferenceDto>); 7] {
        [
            (Kind::YourTurn, self.your_turn),
            (Kind::DrawOffer, self.draw_offer),
            (Kind::Challenge, self.challenge),
            (Kind::GameFinished, self.game_finished),
            (Kind::ClockWarning, self.clock_warning),
            (Kind::ChatMessage, self.chat_message),
            (Kind::TournamentRound, self.tournament_round),
        ]
    }
}

impl From<Preferences> for PreferencesDto {
    fn from(preferences: Preferences) -> PreferencesDto {
        let of = |kind| {
            Some(KindPreferenceDto {
                in_site: Some(preferences.in_site(kind)),
                email: preferences.email(kind),
                push: Some(preferences.push(kind)),
            })
        };
        PreferencesDto {
            your_turn: of(Kind::YourTurn),
            draw_offer: of(Kind::DrawOffer),
            challenge: of(Kind::Challenge),
            game_finished: of(Kind::GameFinished),
            clock_warning: of(Kind::ClockWarning),
            chat_message: of(Kind::ChatMessage),
            tournament_round: of(Kind::TournamentRound),
            digest: Some(DigestDto {
                email: Some(preferences.email.digest),
                hour: Some(preferences.email.digest_hour),
            }),
            email_enabled: Some(preferences.email.enabled),
        }
    }
}

/// The caller's notification preferences per kind and channel (in the centre: all on;
/// e-mail: the clock warnings; push: turns, clock warnings and challenges), and the
/// daily digest.
#[utoipa::path(get, path = "/api/v1/me/notifications", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "every kind's preference", body = PreferencesDto),
        NotSignedIn,
    ))]
async fn notification_preferences(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<PreferencesDto>, AppError> {
    Ok(axum::Json(
        notifications::preferences(&state, &user).await?.into(),
    ))
}

/// Changes the caller's preferences of the kinds and channels given, and the digest. A
/// kind turned off in the site is no longer written to the centre (the notices already
/// written stay); its e-mail still goes when chosen.
#[utoipa::path(patch, path = "/api/v1/me/notifications", tag = "notifications",
    request_body = PreferencesDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "every kind's preference after the change",
            body = PreferencesDto),
        NotSignedIn, CrossSite,
        (status = 422, description = "a body of the wrong shape (`invalid_body`), e-mail \
            chosen for a kind that is not mailed (`email_not_offered`), a digest hour \
            outside 0 to 23 (`invalid_digest_hour`)", body = ErrorBody),
    ))]
async fn change_notification_preferences(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    headers: axum::http::HeaderMap,
    Json(body): Json<PreferencesDto>,
) -> Result<axum::Json<PreferencesDto>, AppError> {
    let changes: Vec<KindChange> = body
        .slots()
        .into_iter()
        .filter_map(|(kind, preference)| {
            preference.map(|p| KindChange {
                kind,
                in_site: p.in_site,
                email: p.email,
                push: p.push,
            })
        })
        .collect();
    let digest = body
        .digest
        .map_or_else(DigestChange::default, |digest| DigestChange {
            on: digest.email,
            hour: digest.hour,
        });
    let lang = Lang::from_headers(&headers);
    Ok(axum::Json(
        notifications::change_preferences(&state, &user, &changes, digest, Some(lang))
            .await?
            .into(),
    ))
}

/// The caller's e-mail address.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailDto {
    /// Whether this server sends e-mail at all.
    pub enabled: bool,
    /// The address, or null.
    pub address: Option<String>,
    /// Whether its verification link was followed (nothing but that link is mailed to an
    /// unverified address).
    pub verified: bool,
}

impl From<EmailSettings> for EmailDto {
    fn from(settings: EmailSettings) -> EmailDto {
        EmailDto {
            enabled: settings.enabled,
            address: settings.address,
            verified: settings.verified,
        }
    }
}

/// A new address.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SetEmailDto {
    /// The address (at most 254 characters); empty removes it.
    #[schema(max_length = 254)]
    pub address: String,
}

/// The caller's e-mail address and whether it is verified.
#[utoipa::path(get, path = "/api/v1/me/email", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the address", body = EmailDto),
        NotSignedIn,
    ))]
async fn show_email(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<EmailDto>, AppError> {
    Ok(axum::Json(email::settings(&state, &user).await?.into()))
}

/// Sets the caller's address (empty removes it): it is unverified until the link mailed
/// to it (valid two days, in the request's language) is followed.
#[utoipa::path(put, path = "/api/v1/me/email", tag = "notifications",
    request_body = SetEmailDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the address, unverified; the link is on its way",
            body = EmailDto),
        NotSignedIn, CrossSite,
        (status = 409, description = "this server sends no e-mail (`email_disabled`)",
            body = ErrorBody),
        (status = 422, description = "not an address (`invalid_email`) or a body of the \
            wrong shape (`invalid_body`)", body = ErrorBody),
        (status = 429, description = "the account was sent three mails on request this \
            hour (`rate_limited`, with `Retry-After`); the address is left as it was",
            body = ErrorBody),
    ))]
async fn set_email(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    headers: axum::http::HeaderMap,
    Json(body): Json<SetEmailDto>,
) -> Result<axum::Json<EmailDto>, AppError> {
    let lang = Lang::from_headers(&headers);
    Ok(axum::Json(
        email::set_address(&state, &user, &body.address, lang)
            .await?
            .into(),
    ))
}
