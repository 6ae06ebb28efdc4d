//! The Lichess-shaped API, so that clients written for Lichess's Bot and Board APIs (the
//! `berserk` Python client, lichess-bot) play here when pointed at this server:
//!
//! | area | routes |
//! |---|---|
//! | account | `GET /api/account`, `POST /api/bot/account/upgrade` |
//! | events | `GET /api/stream/event` (NDJSON) |
//! | challenges | `POST /api/challenge/{username}`, `GET /api/challenge`, `POST /api/challenge/{id}/accept` · `decline` · `cancel` |
//! | games | `GET /api/bot/game/stream/{id}` (NDJSON), `POST /api/bot/game/{id}/move/{move}` · `resign` · `abort` · `draw/{yes\|no}` · `claim-draw`, `GET`/`POST /api/bot/game/{id}/chat`, and the same under `/api/board/game/…` |
//!
//! The bot routes are for bot accounts (see [`domain::bots`]), the board routes
//! for everyone else; the account, event and challenge routes for both. Chess keeps
//! Lichess's names (`standard`) and UCI moves; the other variants use this server's
//! variant ids and move texts on the same routes.
//!
//! The handlers are thin: the game's life is `domain::game` (the ply-guarded move and
//! the one action function), challenges are `domain::challenges`. Refusals are the
//! project's error body (`{"error": "<code>", "message": "<text>"}`, an `error` field as
//! Lichess's), with Lichess's statuses: 400 for a refused request (an illegal move, not
//! your turn, a game over), 401, 404, 413, 415, 429 and 503 as everywhere.

pub mod account;
pub mod challenges;
pub mod games;
pub mod payloads;
pub mod stream;

use std::collections::BTreeMap;

use axum::{
    Router,
    extract::{FromRequest, FromRequestParts, Request},
    http::{StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde_json::Value;

use domain::{
    Services,
    accounts::{AccountKind, User},
};
use edge::extract::CurrentUser;
use vocab::error::{AppError, ErrorBody};

/// The Lichess-shaped routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/account", get(account::account))
        .route("/api/bot/account/upgrade", post(account::upgrade))
        .route("/api/stream/event", get(stream::events))
        .route("/api/challenge", get(challenges::list))
        .route("/api/challenge/{name}", post(challenges::create))
        .route("/api/challenge/{id}/accept", post(challenges::accept))
        .route("/api/challenge/{id}/decline", post(challenges::decline))
        .route("/api/challenge/{id}/cancel", post(challenges::cancel))
        .merge(games::bot::routes())
        .merge(games::board::routes())
}

/// An [`AppError`] answered with Lichess's status for it: a refusal (403, 409, 422 and
/// 400) is a 400; 401, 404, 413, 415, 429 and 5xx stay. The body is the project's.
#[derive(Debug)]
pub struct LichessError(pub AppError);

impl From<AppError> for LichessError {
    fn from(error: AppError) -> LichessError {
        LichessError(error)
    }
}

impl From<sqlx::Error> for LichessError {
    fn from(error: sqlx::Error) -> LichessError {
        LichessError(error.into())
    }
}

/// The 401 every Lichess route may answer (each takes the caller's token), for the
/// routes' `responses(…)`.
#[derive(utoipa::IntoResponses)]
#[response(status = 401, description = "no token, or an unknown one")]
pub struct NoToken(pub ErrorBody);

/// The 400 of the session cookie's cross-site check, on a route that refuses nothing
/// else with 400, for the routes' `responses(…)`.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 400,
    description = "a cross-site request with the session cookie"
)]
pub struct CrossSite(pub ErrorBody);

/// The answers of a route that reads [`Params`] when the body cannot be read, for the
/// routes' `responses(…)`; each variant's doc is its description.
#[derive(utoipa::IntoResponses)]
pub enum UnreadableBody {
    /// the body is larger than the limit
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// the body is neither a form nor JSON
    #[response(status = 415)]
    NeitherFormNorJson(ErrorBody),
}

/// The 429 of an NDJSON stream (too many open from one address), for the routes'
/// `responses(…)`.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 429,
    description = "`too_many_streams`: this address holds \
    `MAX_STREAMS_PER_ADDRESS` streams open"
)]
pub struct TooManyStreams(pub ErrorBody);

/// Lichess's status for `error`.
#[must_use]
pub fn lichess_status(error: &AppError) -> StatusCode {
    match error.status() {
        StatusCode::FORBIDDEN | StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => {
            StatusCode::BAD_REQUEST
        }
        status => status,
    }
}

impl IntoResponse for LichessError {
    fn into_response(self) -> Response {
        let status = lichess_status(&self.0);
        let mut response = self.0.into_response();
        *response.status_mut() = status;
        response
    }
}

/// The signed-in caller (a bearer token, or the session cookie with the API's
/// cross-site check); refusals in [`LichessError`]'s shape.
#[derive(Debug, Clone)]
pub struct Caller(pub User);

impl FromRequestParts<Services> for Caller {
    type Rejection = LichessError;

    async fn from_request_parts(parts: &mut Parts, state: &Services) -> Result<Self, LichessError> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        Ok(Caller(user))
    }
}

/// Which of Lichess's two game APIs a route belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// `/api/bot/…`: for bot accounts.
    Bot,
    /// `/api/board/…`: for people's accounts, from a third-party client.
    Board,
}

impl Face {
    /// Refuses a caller the face is not for.
    ///
    /// # Errors
    ///
    /// 400 `not_a_bot` (the bot API for another account) or `bot_account` (the board API
    /// for a bot).
    pub fn admit(self, user: &User) -> Result<(), AppError> {
        match (self, user.kind == AccountKind::Bot) {
            (Face::Bot, false) => Err(AppError::forbidden(
                "not_a_bot",
                "the bot API is for bot accounts: upgrade this account with `POST \
                 /api/bot/account/upgrade` (only an account that has never played can), or \
                 play through the board API (`/api/board/…`)",
            )),
            (Face::Board, true) => Err(AppError::forbidden(
                "bot_account",
                "a bot account plays through the bot API (`/api/bot/…`)",
            )),
            _ => Ok(()),
        }
    }
}

/// A request's parameters, from a form (`application/x-www-form-urlencoded`) or a JSON
/// object, as Lichess takes both; no body (or a blank one) is no parameters. Form values
/// are text; JSON values keep their type. Names are as sent (`clock.limit`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Params(pub BTreeMap<String, Value>);

fn body_rejection(status: StatusCode, text: String) -> LichessError {
    LichessError(match status {
        StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType(text),
        _ => AppError::BadRequest(text),
    })
}

impl<S: Send + Sync> FromRequest<S> for Params {
    type Rejection = LichessError;

    async fn from_request(req: Request, state: &S) -> Result<Params, LichessError> {
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if content_type.starts_with("application/json") {
            let value = match axum::Json::<Value>::from_request(req, state).await {
                Ok(axum::Json(value)) => value,
                Err(rejection) => {
                    return Err(body_rejection(rejection.status(), rejection.body_text()));
                }
            };
            return match value {
                Value::Object(map) => Ok(Params(map.into_iter().collect())),
                Value::Null => Ok(Params::default()),
                _ => Err(LichessError(AppError::BadRequest(
                    "the body must be a JSON object".to_owned(),
                ))),
            };
        }
        if content_type.starts_with("application/x-www-form-urlencoded") {
            return match axum::Form::<Vec<(String, String)>>::from_request(req, state).await {
                Ok(axum::Form(pairs)) => Ok(Params(
                    pairs
                        .into_iter()
                        .map(|(name, value)| (name, Value::String(value)))
                        .collect(),
                )),
                Err(rejection) => Err(body_rejection(rejection.status(), rejection.body_text())),
            };
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|rejection| body_rejection(rejection.status(), rejection.body_text()))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            Ok(Params::default())
        } else {
            Err(LichessError(AppError::UnsupportedMediaType(
                "send the parameters as `application/x-www-form-urlencoded` or \
                 `application/json`"
                    .to_owned(),
            )))
        }
    }
}

fn invalid_parameter(name: &str, expected: &str) -> AppError {
    AppError::BadRequest(format!("`{name}` must be {expected}"))
}

impl Params {
    /// Whether `name` was given a value (not absent, null or empty text).
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        match self.0.get(name) {
            None | Some(Value::Null) => false,
            Some(Value::String(text)) => !text.trim().is_empty(),
            Some(_) => true,
        }
    }

    /// A boolean: JSON `true`/`false` or the text `true`/`false`; `default` when absent
    /// or null.
    ///
    /// # Errors
    ///
    /// 400 for anything else.
    pub fn boolean(&self, name: &str, default: bool) -> Result<bool, AppError> {
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(value)) => Ok(*value),
            Some(Value::String(text)) => match text.trim().to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                "" => Ok(default),
                _ => Err(invalid_parameter(name, "`true` or `false`")),
            },
            Some(_) => Err(invalid_parameter(name, "`true` or `false`")),
        }
    }

    /// A whole number (a JSON number with no fraction, or its text); `None` when absent,
    /// null or empty.
    ///
    /// # Errors
    ///
    /// 400 for anything else.
    pub fn integer(&self, name: &str) -> Result<Option<i64>, AppError> {
        let whole =
            |number: f64| (number.fract() == 0.0 && number.abs() < 9.0e15).then_some(number as i64);
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(number)) => number
                .as_i64()
                .or_else(|| number.as_f64().and_then(whole))
                .map(Some)
                .ok_or_else(|| invalid_parameter(name, "a whole number")),
            Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
            Some(Value::String(text)) => text
                .trim()
                .parse::<i64>()
                .ok()
                .or_else(|| text.trim().parse::<f64>().ok().and_then(whole))
                .map(Some)
                .ok_or_else(|| invalid_parameter(name, "a whole number")),
            Some(_) => Err(invalid_parameter(name, "a whole number")),
        }
    }

    /// A text; `None` when absent, null or empty.
    ///
    /// # Errors
    ///
    /// 400 for a value that is not text.
    pub fn text(&self, name: &str) -> Result<Option<&str>, AppError> {
        match self.0.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
            Some(Value::String(text)) => Ok(Some(text.trim())),
            Some(_) => Err(invalid_parameter(name, "a text")),
        }
    }
}

/// How often an idle NDJSON stream gets an empty line, as Lichess's do.
pub const KEEP_ALIVE: std::time::Duration = std::time::Duration::from_secs(6);

/// An NDJSON response over `lines` (each chunk one line or a keep-alive newline).
pub(crate) fn ndjson<S>(lines: S) -> Response
where
    S: futures_util::Stream<Item = Result<axum::body::Bytes, std::convert::Infallible>>
        + Send
        + 'static,
{
    let mut response = Response::new(axum::body::Body::from_stream(lines));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/x-ndjson"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    // Proxies that buffer (nginx) pass each line on at once.
    headers.insert(
        header::HeaderName::from_static("x-accel-buffering"),
        header::HeaderValue::from_static("no"),
    );
    response
}

/// One NDJSON line: `value` as JSON and a newline.
pub(crate) fn line<T: serde::Serialize>(value: &T) -> axum::body::Bytes {
    let mut text = serde_json::to_vec(value).unwrap_or_default();
    text.push(b'\n');
    text.into()
}

#[cfg(test)]
impl Params {
    /// The parameters `pairs` (for tests).
    pub(crate) fn of(pairs: &[(&str, Value)]) -> Params {
        Params(
            pairs
                .iter()
                .map(|(name, value)| ((*name).to_owned(), value.clone()))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, Value)]) -> Params {
        Params::of(pairs)
    }

    #[test]
    fn parameters_read_from_text_and_json_alike() {
        let form = params(&[
            ("rated", Value::from("true")),
            ("days", Value::from("3")),
            ("color", Value::from(" white ")),
            ("clock.limit", Value::from("")),
        ]);
        let json = params(&[
            ("rated", Value::from(true)),
            ("days", Value::from(3.0)),
            ("color", Value::from("white")),
            ("clock.limit", Value::Null),
        ]);
        for given in [form, json] {
            assert!(given.boolean("rated", false).unwrap());
            assert_eq!(given.integer("days").unwrap(), Some(3));
            assert_eq!(given.text("color").unwrap(), Some("white"));
            assert!(!given.has("clock.limit"));
            assert_eq!(given.integer("missing").unwrap(), None);
            assert!(!given.boolean("missing", false).unwrap());
        }
        let bad = params(&[
            ("rated", Value::from("yes")),
            ("days", Value::from(2.5)),
            ("color", Value::from(1)),
        ]);
        assert!(bad.boolean("rated", false).is_err());
        assert!(bad.integer("days").is_err());
        assert!(bad.text("color").is_err());
    }

    #[test]
    fn refusals_are_400_and_the_rest_keep_their_status() {
        for error in [
            AppError::forbidden("not_your_turn", "x"),
            AppError::conflict("game_over", "x"),
            AppError::invalid("illegal_move", "x"),
            AppError::BadRequest("x".to_owned()),
        ] {
            assert_eq!(lichess_status(&error), StatusCode::BAD_REQUEST);
        }
        assert_eq!(
            lichess_status(&AppError::NotFound("game")),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            lichess_status(&AppError::TooManyStreams),
            StatusCode::TOO_MANY_REQUESTS
        );
        let response = LichessError(AppError::invalid("illegal_move", "no")).into_response();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    }
}
