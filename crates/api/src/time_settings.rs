//! The caller's time: time zone (for weekends and nights off), nightly pause, vacation
//! and automatic vacation.

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
    player_time::{self, TimeSettings},
};
use edge::extract::{CurrentUser, Json};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The time routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/me/time", get(show).patch(change))
        .route("/api/v1/me/vacation", post(start).delete(end))
}

/// A vacation that has not ended.
#[derive(Debug, Serialize, ToSchema)]
pub struct VacationDto {
    /// When it started (RFC 3339).
    pub from: String,
    /// When it ends (RFC 3339).
    pub until: String,
    /// Started by the server instead of a loss on time.
    pub automatic: bool,
}

/// A nightly pause: the caller's clock stands still from `from` to `until` on their
/// local clock every night, in every game that allows nights off.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct NightDto {
    /// The start, `HH:MM` in the caller's time zone.
    #[schema(example = "23:00", max_length = 5)]
    pub from: String,
    /// The end, `HH:MM`; earlier than `from` when the night runs past midnight. The
    /// window lasts 1 to 10 hours.
    #[schema(example = "07:00", max_length = 5)]
    pub until: String,
}

/// The caller's time settings.
#[derive(Debug, Serialize, ToSchema)]
pub struct TimeSettingsDto {
    /// An IANA time-zone name (`UTC` by default): the caller's weekends are Saturday and
    /// Sunday there.
    pub time_zone: String,
    /// Whether a day of vacation is used instead of a loss on time.
    pub auto_vacation: bool,
    /// The vacation now, or null.
    pub vacation: Option<VacationDto>,
    /// The yearly vacation allowance (hours), full again every 1 January UTC.
    pub allowance_hours: i64,
    /// What is left of it this year (hours).
    pub hours_left: i64,
    /// The nightly pause, or null.
    pub night: Option<NightDto>,
}

impl From<TimeSettings> for TimeSettingsDto {
    fn from(settings: TimeSettings) -> TimeSettingsDto {
        TimeSettingsDto {
            time_zone: settings.time_zone,
            auto_vacation: settings.auto_vacation,
            vacation: settings.vacation.map(|vacation| VacationDto {
                from: rfc3339(vacation.from),
                until: rfc3339(vacation.until),
                automatic: vacation.automatic,
            }),
            allowance_hours: settings.allowance_hours,
            hours_left: settings.hours_left,
            night: settings.night.map(|night| NightDto {
                from: night.from_text(),
                until: night.until_text(),
            }),
        }
    }
}

/// A change of the caller's time settings: each field absent stays as it is.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TimeChangeDto {
    /// An IANA time-zone name such as `Europe/Tallinn` (422 `unknown_time_zone`).
    #[serde(default)]
    #[schema(min_length = 1, max_length = 64)]
    pub time_zone: Option<String>,
    /// Automatic vacation on or off.
    #[serde(default)]
    pub auto_vacation: Option<bool>,
    /// A nightly pause to set, or null (or two empty times) to have none (422
    /// `invalid_night` for a time that does not read or a window under 1 or over 10
    /// hours).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<NightDto>, nullable)]
    pub night: Option<Option<NightDto>>,
}

/// A field that is there, even as null (`Some(None)`); an absent one is `None` through
/// `#[serde(default)]`.
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// A vacation to start now.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewVacationDto {
    /// How long (whole hours, at least 1, at most what is left of the allowance).
    #[serde(deserialize_with = "super::whole_number")]
    #[schema(minimum = 1, maximum = 8784)]
    pub hours: i64,
}

/// The caller's time zone, vacation and allowance.
#[utoipa::path(get, path = "/api/v1/me/time", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the caller's time settings", body = TimeSettingsDto),
        NotSignedIn,
    ))]
pub(crate) async fn show(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<TimeSettingsDto>, AppError> {
    Ok(axum::Json(
        player_time::settings(&state, &user).await?.into(),
    ))
}

/// Changes the caller's time zone, nightly pause or automatic vacation. A new time zone
/// or night moves the deadlines of the games with weekends or nights off in which the
/// caller is to move: the running time they had left is kept.
#[utoipa::path(patch, path = "/api/v1/me/time", tag = "accounts",
    request_body = TimeChangeDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the settings as changed", body = TimeSettingsDto),
        NotSignedIn, CrossSite,
        (status = 422, description = "a time zone the database does not know \
            (`unknown_time_zone`), a night that is not one (`invalid_night`) or a body of \
            the wrong shape (`invalid_body`)",
            body = ErrorBody),
    ))]
pub(crate) async fn change(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<TimeChangeDto>,
) -> Result<axum::Json<TimeSettingsDto>, AppError> {
    // Checked before anything changes, so a wrong night changes nothing.
    let night = match &body.night {
        Some(Some(night)) => Some(player_time::night_of(&night.from, &night.until)?),
        Some(None) => Some(None),
        None => None,
    };
    let mut settings = None;
    if let Some(zone) = &body.time_zone {
        settings = Some(player_time::set_time_zone(&state, &user, zone).await?);
    }
    if let Some(on) = body.auto_vacation {
        settings = Some(player_time::set_auto_vacation(&state, &user, on).await?);
    }
    if let Some(night) = night {
        settings = Some(player_time::set_night(&state, &user, night).await?);
    }
    let settings = match settings {
        Some(settings) => settings,
        None => player_time::settings(&state, &user).await?,
    };
    Ok(axum::Json(settings.into()))
}

/// Starts a vacation now: the caller's clock stands still in every game that allows
/// vacation until it ends (they may still move).
#[utoipa::path(post, path = "/api/v1/me/vacation", tag = "accounts",
    request_body = NewVacationDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the settings with the vacation", body = TimeSettingsDto),
        NotSignedIn, CrossSite,
        (status = 409, description = "on vacation already (`already_on_vacation`)",
            body = ErrorBody),
        (status = 422, description = "more hours than are left this year \
            (`vacation_allowance_exceeded`), under an hour (`invalid_vacation_length`) or a \
            body of the wrong shape (`invalid_body`)", body = ErrorBody),
    ))]
pub(crate) async fn start(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewVacationDto>,
) -> Result<axum::Json<TimeSettingsDto>, AppError> {
    Ok(axum::Json(
        player_time::start_vacation(&state, &user, body.hours)
            .await?
            .into(),
    ))
}

/// Ends the caller's vacation now; the whole hours not taken go back to the allowance.
#[utoipa::path(delete, path = "/api/v1/me/vacation", tag = "accounts",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the settings without the vacation", body = TimeSettingsDto),
        NotSignedIn, CrossSite,
        (status = 409, description = "not on vacation (`not_on_vacation`)", body = ErrorBody),
    ))]
pub(crate) async fn end(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<TimeSettingsDto>, AppError> {
    Ok(axum::Json(
        player_time::end_vacation(&state, &user).await?.into(),
    ))
}
