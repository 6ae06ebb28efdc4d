//! Web Push: the server's VAPID public key, and the caller's subscribed devices.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    routing::{delete, get},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{CrossSite, NotSignedIn};
use domain::{
    Services,
    push::{self, Subscribe},
};
use edge::extract::{CurrentUser, Json, Path};
use store::push::SubscriptionRow;
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
    i18n::Lang,
};

/// The push routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/push/key", get(push_key))
        .route(
            "/api/v1/me/push-subscriptions",
            get(list_push_subscriptions).post(create_push_subscription),
        )
        .route(
            "/api/v1/me/push-subscriptions/{id}",
            delete(delete_push_subscription),
        )
}

/// The server's VAPID public key.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushKeyDto {
    /// The uncompressed P-256 point in base64url: `applicationServerKey` for
    /// `PushManager.subscribe`.
    pub public_key: String,
}

/// The server's VAPID public key, to subscribe a browser with.
#[utoipa::path(get, path = "/api/v1/push/key", tag = "notifications",
    responses(
        (status = 200, description = "the VAPID public key", body = PushKeyDto),
    ))]
async fn push_key(State(state): State<Services>) -> Result<axum::Json<PushKeyDto>, AppError> {
    let keys = push::vapid_keys(&state).await?;
    Ok(axum::Json(PushKeyDto {
        public_key: keys.public_key().to_owned(),
    }))
}

/// A browser's keys, as `PushSubscription.toJSON()` gives them.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PushKeysDto {
    /// The browser's P-256 public key, base64url (65 bytes).
    #[schema(max_length = 200)]
    pub p256dh: String,
    /// The browser's authentication secret, base64url (16 bytes).
    #[schema(max_length = 100)]
    pub auth: String,
}

/// A browser's push subscription: the JSON of `PushSubscription.toJSON()`
/// (`expirationTime` is accepted and ignored).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPushSubscriptionDto {
    /// The push service's URL for the browser: https, on a public host name.
    #[schema(max_length = 1024)]
    pub endpoint: String,
    /// The browser's keys.
    #[serde(deserialize_with = "edge::extract::object")]
    pub keys: PushKeysDto,
    /// Ignored.
    #[serde(default, rename = "expirationTime")]
    #[schema(value_type = Option<i64>)]
    pub expiration_time: Option<serde_json::Value>,
}

/// A subscribed device.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushSubscriptionDto {
    /// Its id.
    pub id: String,
    /// The push service's URL for it.
    pub endpoint: String,
    /// "Firefox on Linux", from the browser's `User-Agent` when it subscribed.
    pub label: String,
    /// The language of its messages (the page's when it subscribed).
    pub lang: String,
    /// When it was subscribed (RFC 3339).
    pub created_at: String,
    /// When a push service last took a message for it (RFC 3339), or null.
    pub last_success_at: Option<String>,
    /// When it was paused after its sends failed 3 times in a row (RFC 3339), or null
    /// while it is sent to. Subscribing the browser again resumes it.
    pub paused_at: Option<String>,
}

impl From<SubscriptionRow> for PushSubscriptionDto {
    fn from(row: SubscriptionRow) -> PushSubscriptionDto {
        PushSubscriptionDto {
            id: row.id,
            endpoint: row.endpoint,
            label: row.label,
            lang: row.lang,
            created_at: rfc3339(row.created_at),
            last_success_at: row.last_success_at.map(rfc3339),
            paused_at: row.paused_at.map(rfc3339),
        }
    }
}

/// The caller's devices.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushSubscriptionsDto {
    /// Oldest first.
    pub items: Vec<PushSubscriptionDto>,
}

/// The caller's devices that are notified by Web Push.
#[utoipa::path(get, path = "/api/v1/me/push-subscriptions", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the caller's devices", body = PushSubscriptionsDto),
        NotSignedIn,
    ))]
async fn list_push_subscriptions(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
) -> Result<axum::Json<PushSubscriptionsDto>, AppError> {
    let items = push::devices(&state, &user).await?;
    Ok(axum::Json(PushSubscriptionsDto {
        items: items.into_iter().map(Into::into).collect(),
    }))
}

/// Notifies a device of the caller by Web Push: the body is the browser's
/// `PushSubscription` as JSON. An endpoint stored already is renewed (new keys), and
/// moves to the caller if another account had subscribed that browser. The device's
/// messages are in the language of the request (its language cookie, else
/// `Accept-Language`). A device paused for not answering is resumed.
#[utoipa::path(post, path = "/api/v1/me/push-subscriptions", tag = "notifications",
    request_body = NewPushSubscriptionDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the device is notified", body = PushSubscriptionDto),
        NotSignedIn, CrossSite,
        (status = 409, description = "the caller has 10 other devices (`too_many_devices`)",
            body = ErrorBody),
        (status = 422, description = "an endpoint that is not https on a public host name \
            (`invalid_push_endpoint`), keys that are not a P-256 key and a 16-byte secret \
            (`invalid_push_keys`), or a body of the wrong shape (`invalid_body`)",
            body = ErrorBody),
    ))]
async fn create_push_subscription(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    Json(body): Json<NewPushSubscriptionDto>,
) -> Result<(StatusCode, axum::Json<PushSubscriptionDto>), AppError> {
    let user_agent = headers
        .get(header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let row = push::subscribe(
        &state,
        &user,
        &Subscribe {
            endpoint: &body.endpoint,
            p256dh: &body.keys.p256dh,
            auth: &body.keys.auth,
            user_agent,
            lang: Lang::from_headers(&headers).code(),
        },
    )
    .await?;
    Ok((StatusCode::CREATED, axum::Json(row.into())))
}

/// Stops notifying one of the caller's devices.
#[utoipa::path(delete, path = "/api/v1/me/push-subscriptions/{id}", tag = "notifications",
    security(("bearer" = []), ("session" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 204, description = "the device is no longer notified"),
        NotSignedIn, CrossSite,
        (status = 404, description = "the caller has no such device", body = ErrorBody),
    ))]
async fn delete_push_subscription(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<StatusCode, AppError> {
    push::unsubscribe(&state, &user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
