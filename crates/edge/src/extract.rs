//! axum's extractors wrapped so that their rejections come out as [`AppError`]s, and the
//! authentication extractors. A JSON body's field read by [`crate::field`] fails with
//! that field's own code.

use axum::{
    extract::{FromRequest, FromRequestParts, Request, rejection::JsonRejection},
    http::{HeaderMap, StatusCode, header, request::Parts},
};
use serde::de::DeserializeOwned;

use domain::{Services, accounts};
use vocab::error::AppError;

/// A JSON body: a JSON object read into `T`. A broken, mistyped, oversized or non-JSON
/// body is an [`AppError`], and so is any body that is not an object (serde would read a
/// struct from an array too, which no schema of the API allows).
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<S, T> FromRequest<S> for Json<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Json<T>, AppError> {
        let value = match axum::Json::<serde_json::Value>::from_request(req, state).await {
            Ok(axum::Json(value)) => value,
            Err(rejection) => return Err(json_rejection(&rejection)),
        };
        if !value.is_object() {
            return Err(AppError::invalid(
                "invalid_body",
                "the body must be a JSON object",
            ));
        }
        serde_json::from_value(value).map(Json).map_err(|error| {
            let message = error.to_string();
            crate::field::coded(&message)
                .unwrap_or_else(|| AppError::invalid("invalid_body", message))
        })
    }
}

/// Reads a nested struct of a JSON body only from an object: serde reads a struct from an
/// array as well (`[true, null]`), which the API's document does not allow. For a field
/// `#[serde(deserialize_with = "crate::extract::object")]`.
///
/// # Errors
///
/// The value is not an object, or not the struct.
pub fn object<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: DeserializeOwned,
{
    use serde::{Deserialize, de::Error};
    match serde_json::Value::deserialize(deserializer)? {
        value @ serde_json::Value::Object(_) => {
            serde_json::from_value(value).map_err(D::Error::custom)
        }
        _ => Err(D::Error::custom("expected a JSON object")),
    }
}

/// As [`object`], for an optional struct: null or absent is `None` (with
/// `#[serde(default)]`).
///
/// # Errors
///
/// The value is neither null nor an object, or not the struct.
pub fn optional_object<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: DeserializeOwned,
{
    use serde::{Deserialize, de::Error};
    match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::Null => Ok(None),
        value @ serde_json::Value::Object(_) => serde_json::from_value(value)
            .map(Some)
            .map_err(D::Error::custom),
        _ => Err(D::Error::custom("expected a JSON object or null")),
    }
}

fn json_rejection(rejection: &JsonRejection) -> AppError {
    let text = rejection.body_text();
    match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType(text),
        StatusCode::UNPROCESSABLE_ENTITY => AppError::invalid("invalid_body", text),
        _ => AppError::BadRequest(text),
    }
}

/// Whether a raw path holds an encoded NUL character, which no stored id or name has
/// (Postgres text cannot hold one).
fn has_encoded_nul(raw: &str) -> bool {
    raw.contains("%00")
}

/// A path parameter; a rejection is a 400 in the project's shape, and a path with a NUL
/// character names nothing (404).
#[derive(Debug, Clone, Copy, Default)]
pub struct Path<T>(pub T);

impl<S, T> FromRequestParts<S> for Path<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Path<T>, AppError> {
        if has_encoded_nul(parts.uri.path()) {
            return Err(AppError::NotFound("resource"));
        }
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(AppError::BadRequest(rejection.body_text())),
        }
    }
}

/// A query string; a rejection is a 400 in the project's shape. Values may hold NUL
/// characters: a handler that looks one up must check (see [`store::names_nothing`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<S, T> FromRequestParts<S> for Query<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Query<T>, AppError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(rejection) => Err(AppError::BadRequest(rejection.body_text())),
        }
    }
}

/// The name of the session cookie.
pub const SESSION_COOKIE: &str = "bg_session";

/// The signed-in caller: by `Authorization: Bearer <token>` or the session cookie.
/// Cookie-authenticated unsafe requests from another site are refused (403).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CurrentUser(pub accounts::User);

/// The caller if signed in (same rules as [`CurrentUser`], but no credentials is fine).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaybeUser(pub Option<accounts::User>);

impl FromRequestParts<Services> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Services) -> Result<Self, AppError> {
        match authenticate(parts, state).await? {
            Some((user, _)) => Ok(CurrentUser(user)),
            None => Err(AppError::Unauthenticated(
                "sign in, or send `Authorization: Bearer <token>`".to_owned(),
            )),
        }
    }
}

impl FromRequestParts<Services> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &Services) -> Result<Self, AppError> {
        let viewer = authenticate(parts, state).await?;
        Ok(MaybeUser(viewer.map(|(user, _)| user)))
    }
}

/// The caller, if signed in, with the header's counts when the session lookup read them
/// too (`None` for API tokens, whose callers seldom need them).
///
/// # Errors
///
/// 401 for an unknown token or an ended session, 403 for a cross-site unsafe request
/// with the session cookie; database errors.
pub async fn authenticate(
    parts: &Parts,
    state: &Services,
) -> Result<Option<(accounts::User, Option<accounts::HeaderCounts>)>, AppError> {
    if let Some(value) = parts.headers.get(header::AUTHORIZATION) {
        let token = bearer_token(value).ok_or_else(|| {
            AppError::Unauthenticated("expected `Authorization: Bearer <token>`".to_owned())
        })?;
        let user = accounts::user_by_api_token(state, token).await?;
        return user
            .map(|user| Some((user, None)))
            .ok_or_else(|| AppError::Unauthenticated("unknown token".to_owned()));
    }
    let Some(token) = session_cookie(&parts.headers) else {
        return Ok(None);
    };
    if !parts.method.is_safe() && is_cross_site(&parts.headers, state) {
        return Err(AppError::forbidden(
            "cross_site_request",
            "cross-site requests with the session cookie are refused",
        ));
    }
    let viewer = accounts::user_by_session(state, token).await?;
    viewer
        .map(|(user, counts)| Some((user, Some(counts))))
        .ok_or_else(|| AppError::Unauthenticated("the session has ended: sign in again".to_owned()))
}

/// The token of an `Authorization: Bearer <token>` header's `value`; `None` when it is
/// not one.
#[must_use]
pub fn bearer_token(value: &header::HeaderValue) -> Option<&str> {
    value
        .to_str()
        .ok()
        .and_then(|text| text.strip_prefix("Bearer "))
        .map(str::trim)
}

/// The session cookie's value, if the request carries one.
#[must_use]
pub fn session_cookie(headers: &HeaderMap) -> Option<&str> {
    vocab::cookies::value(headers, SESSION_COOKIE).filter(|value| !value.is_empty())
}

/// Whether a request comes from another site: by `Sec-Fetch-Site` where the browser sends
/// it, else by `Origin` against the public URL. Requests with neither are not browser
/// cross-site requests (a `SameSite=Lax` cookie is not sent on those anyway).
pub fn is_cross_site(headers: &HeaderMap, state: &Services) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        return !matches!(site.to_str(), Ok("same-origin" | "none"));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        return !origin
            .to_str()
            .is_ok_and(|origin| origin.eq_ignore_ascii_case(&state.config.public_url.origin));
    }
    false
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn finds_the_session_cookie_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; bg_session=tok; b=2"),
        );
        assert_eq!(session_cookie(&headers), Some("tok"));
        headers.insert(header::COOKIE, HeaderValue::from_static("bg_sessionx=1"));
        assert_eq!(session_cookie(&headers), None);
    }
}

/// The client's IP address as text (`unknown` when the server was not started with
/// connection info), for rate limiting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddr(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        // Resolved through TRUSTED_PROXIES by the request middleware.
        if let Some(ip) = parts.extensions.get::<crate::client_addr::ClientIp>() {
            return Ok(ClientAddr(ip.0.to_string()));
        }
        let addr = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map_or_else(|| "unknown".to_owned(), |info| info.0.ip().to_string());
        Ok(ClientAddr(addr))
    }
}
