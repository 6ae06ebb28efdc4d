//! One application error: a status, a stable code and a message for people.
//!
//! The JSON face is `{"error": "<code>", "message": "<text>"}`. Server-side failures are
//! logged in full and answered with a generic message.

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Serialize;

/// Everything a request can fail with.
#[derive(Debug)]
pub enum AppError {
    /// 400: the request could not be read (broken JSON, bad query string).
    BadRequest(String),
    /// 401: no credentials, or credentials that match nothing.
    Unauthenticated(String),
    /// 401: wrong username or password.
    InvalidCredentials,
    /// 403: the caller may not do this (`code` says why).
    Forbidden {
        /// Stable code, such as `not_your_turn`.
        code: &'static str,
        /// Text for people.
        message: String,
    },
    /// 404: no such thing (`what` names it: `game`, `challenge`, `route`).
    NotFound(&'static str),
    /// 405: the route exists, the method does not.
    MethodNotAllowed,
    /// 409: the request conflicts with the current state (`code` says how).
    Conflict {
        /// Stable code, such as `stale_ply`.
        code: &'static str,
        /// Text for people.
        message: String,
    },
    /// 413: the body is larger than the limit.
    PayloadTooLarge,
    /// 415: the body is not JSON.
    UnsupportedMediaType(String),
    /// 422: the request was read but its content is not acceptable (`code` says why).
    Invalid {
        /// Stable code, such as `illegal_move`.
        code: &'static str,
        /// Text for people.
        message: String,
    },
    /// 429: too many attempts; try again in `retry_after` seconds (sent as `Retry-After`).
    RateLimited {
        /// Seconds until the next attempt may succeed (at least 1).
        retry_after: u64,
    },
    /// 429 `chat_rate_limited`: the player writes chat lines faster than they may; try
    /// again in `retry_after` seconds (sent as `Retry-After`).
    ChatRateLimited {
        /// Seconds until the next line may be sent (at least 1).
        retry_after: u64,
    },
    /// 503: the password-hashing queue is full; try again in `retry_after` seconds (sent
    /// as `Retry-After`).
    Busy {
        /// Seconds to wait before trying again (at least 1).
        retry_after: u64,
    },
    /// 503 `computer_busy`: the computer's reply queue is full (`ENGINE_QUEUE_LIMIT`), so
    /// no new game against it starts now; try again in `retry_after` seconds.
    ComputerBusy {
        /// Seconds to wait before trying again (at least 1).
        retry_after: u64,
    },
    /// 429 `computer_replies_waiting`: `waiting` of the player's games already wait for
    /// the computer's reply, the most a player may have when starting another
    /// (`ENGINE_PLAYER_QUEUE_LIMIT`); the other players still may. Try again in
    /// `retry_after` seconds.
    ComputerRepliesWaiting {
        /// The player's games waiting for the computer's reply.
        waiting: i64,
        /// Seconds to wait before trying again (at least 1).
        retry_after: u64,
    },
    /// 429 `too_many_streams`: this client address holds as many event streams open as it
    /// may.
    TooManyStreams,
    /// 503: a dependency (the database) is unavailable.
    Unavailable(String),
    /// 503 `database_unavailable`: the database did not answer in time or the connection
    /// was lost; answered with `Retry-After` (the details are for the log only).
    DatabaseUnavailable(String),
    /// 503 `request_timeout`: the request took longer than `REQUEST_TIMEOUT_MS`.
    RequestTimeout,
    /// 500: a bug or an unexpected failure. Logged, never shown.
    Internal(String),
}

/// The JSON error body.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable machine-readable code, such as `stale_ply`.
    pub error: String,
    /// Text for people.
    pub message: String,
}

/// What the HTML face needs of an error, carried in the response's extensions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErrorFace {
    /// The status.
    pub status: StatusCode,
    /// The stable code.
    pub code: String,
    /// The text for people.
    pub message: String,
}

impl AppError {
    /// A 403 with its code.
    pub fn forbidden(code: &'static str, message: impl Into<String>) -> AppError {
        AppError::Forbidden {
            code,
            message: message.into(),
        }
    }

    /// A 409 with its code.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> AppError {
        AppError::Conflict {
            code,
            message: message.into(),
        }
    }

    /// A 422 with its code.
    pub fn invalid(code: &'static str, message: impl Into<String>) -> AppError {
        AppError::Invalid {
            code,
            message: message.into(),
        }
    }

    /// A 500 carrying what went wrong (for the log only).
    pub fn internal(error: impl std::fmt::Display) -> AppError {
        AppError::Internal(error.to_string())
    }

    /// A 429 that asks to wait `wait` (rounded up to whole seconds, at least 1).
    #[must_use]
    pub fn rate_limited(wait: std::time::Duration) -> AppError {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        AppError::RateLimited {
            retry_after: secs.max(1),
        }
    }

    /// The seconds sent as `Retry-After`, for the errors that have one.
    #[must_use]
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            AppError::RateLimited { retry_after }
            | AppError::ChatRateLimited { retry_after }
            | AppError::Busy { retry_after }
            | AppError::ComputerBusy { retry_after }
            | AppError::ComputerRepliesWaiting { retry_after, .. } => Some(*retry_after),
            AppError::DatabaseUnavailable(_) | AppError::RequestTimeout => {
                Some(DATABASE_RETRY_AFTER_SECS)
            }
            _ => None,
        }
    }

    /// The HTTP status.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthenticated(_) | AppError::InvalidCredentials => StatusCode::UNAUTHORIZED,
            AppError::Forbidden { .. } => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Conflict { .. } => StatusCode::CONFLICT,
            AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::RateLimited { .. }
            | AppError::ChatRateLimited { .. }
            | AppError::ComputerRepliesWaiting { .. }
            | AppError::TooManyStreams => StatusCode::TOO_MANY_REQUESTS,
            AppError::Busy { .. }
            | AppError::ComputerBusy { .. }
            | AppError::Unavailable(_)
            | AppError::DatabaseUnavailable(_)
            | AppError::RequestTimeout => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            AppError::BadRequest(_) => "bad_request",
            AppError::Unauthenticated(_) => "unauthenticated",
            AppError::InvalidCredentials => "invalid_credentials",
            AppError::Forbidden { code, .. }
            | AppError::Conflict { code, .. }
            | AppError::Invalid { code, .. } => code,
            AppError::NotFound(_) => "not_found",
            AppError::MethodNotAllowed => "method_not_allowed",
            AppError::PayloadTooLarge => "payload_too_large",
            AppError::UnsupportedMediaType(_) => "unsupported_media_type",
            AppError::RateLimited { .. } => "rate_limited",
            AppError::ChatRateLimited { .. } => "chat_rate_limited",
            AppError::Busy { .. } => "busy",
            AppError::ComputerBusy { .. } => "computer_busy",
            AppError::ComputerRepliesWaiting { .. } => "computer_replies_waiting",
            AppError::TooManyStreams => "too_many_streams",
            AppError::Unavailable(_) => "unavailable",
            AppError::DatabaseUnavailable(_) => "database_unavailable",
            AppError::RequestTimeout => "request_timeout",
            AppError::Internal(_) => "internal",
        }
    }

    /// The text shown to the caller (never the details of a server-side failure).
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            AppError::BadRequest(message)
            | AppError::Unauthenticated(message)
            | AppError::UnsupportedMediaType(message)
            | AppError::Forbidden { message, .. }
            | AppError::Conflict { message, .. }
            | AppError::Invalid { message, .. } => message.clone(),
            AppError::InvalidCredentials => "wrong username or password".to_owned(),
            AppError::NotFound(what) => format!("no such {what}"),
            AppError::MethodNotAllowed => "method not allowed here".to_owned(),
            AppError::PayloadTooLarge => "the request body is too large".to_owned(),
            AppError::RateLimited { retry_after } => {
                format!("too many attempts: try again in {retry_after} s")
            }
            AppError::ChatRateLimited { retry_after } => {
                format!("you are writing too fast: wait {retry_after} s before the next line")
            }
            AppError::Busy { retry_after } => {
                format!("the server is busy: try again in {retry_after} s")
            }
            AppError::ComputerBusy { retry_after } => format!(
                "the computer has too many games waiting for its reply: start a new game \
                 against it in {retry_after} s (games under way go on as usual)"
            ),
            AppError::ComputerRepliesWaiting {
                waiting,
                retry_after,
            } => format!(
                "{waiting} of your games already wait for the computer's reply, the most a \
                 player may have when starting another: start it once the computer has \
                 answered (try again in {retry_after} s)"
            ),
            AppError::TooManyStreams => {
                "too many open event streams from your address: close one first".to_owned()
            }
            AppError::Unavailable(_) => "the service is unavailable".to_owned(),
            AppError::RequestTimeout => {
                "the server took too long to answer: try again in a few seconds".to_owned()
            }
            AppError::DatabaseUnavailable(_) => {
                "the database is unavailable: try again in a few seconds".to_owned()
            }
            AppError::Internal(_) => "internal error".to_owned(),
        }
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppError::Internal(details)
            | AppError::Unavailable(details)
            | AppError::DatabaseUnavailable(details) => {
                write!(f, "{}: {details}", self.code())
            }
            _ => write!(f, "{}: {}", self.code(), self.message()),
        }
    }
}

impl std::error::Error for AppError {}

/// The seconds a client is asked to wait (`Retry-After`) when the database is unavailable.
pub const DATABASE_RETRY_AFTER_SECS: u64 = 2;

/// Whether `error` means the database cannot be reached, will not serve this server, or
/// could not answer in time (a pool timeout, a refused or lost connection, a statement
/// timeout, a server shutting down, a database refusing connections, missing or dropped,
/// a refused login, no connection slot free, SQLite's lock wait running out): a request
/// failing so may succeed when retried later, and is answered 503.
#[must_use]
pub fn is_unavailable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            ends_the_session(db.as_ref()) || is_unavailable_code(db.code())
        }
        _ => false,
    }
}

/// Postgres reports with FATAL (or PANIC) what ends the session: it will not serve this
/// connection at all, whatever the statement. Nothing a request asks can cause that.
fn ends_the_session(db: &dyn sqlx::error::DatabaseError) -> bool {
    use sqlx::postgres::{PgDatabaseError, PgSeverity};
    db.try_downcast_ref::<PgDatabaseError>()
        .is_some_and(|pg| matches!(pg.severity(), PgSeverity::Fatal | PgSeverity::Panic))
}

/// The codes of unavailability, whatever their severity.
///
/// Postgres: 08… connection exceptions; 28000 and 28P01, the login refused; 3D000, no
/// such database (missing or renamed); 53… insufficient resources (53300 too many
/// connections); 55000 as a database not accepting connections; 57014 query_canceled (the
/// statement timeout); 57P01–57P04 the server shutting down or starting, the database
/// dropped; 40P01 a deadlock and 40001 a serialization failure (the transaction was
/// rolled back whole; trying again succeeds). SQLite: 5 SQLITE_BUSY and its extended
/// codes, 6 SQLITE_LOCKED and its.
fn is_unavailable_code(code: Option<std::borrow::Cow<'_, str>>) -> bool {
    code.is_some_and(|code| {
        matches!(
            code.as_ref(),
            "28000"
                | "28P01"
                | "3D000"
                | "55000"
                | "57014"
                | "40P01"
                | "40001"
                | "57P01"
                | "57P02"
                | "57P03"
                | "57P04"
                | "5"
                | "261"
                | "517"
                | "773"
                | "6"
                | "262"
        ) || code.starts_with("08")
            || code.starts_with("53")
    })
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> AppError {
        if is_unavailable(&error) {
            AppError::DatabaseUnavailable(format!("database: {error}"))
        } else {
            AppError::Internal(format!("database: {error}"))
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        // A full queue (hashing, the computer's, a player's share of it) is load, not a
        // fault: a flood would fill the log.
        if matches!(
            self,
            AppError::Busy { .. }
                | AppError::ComputerBusy { .. }
                | AppError::ComputerRepliesWaiting { .. }
        ) {
            tracing::debug!(error = %self, "request refused");
        } else if status.is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let body = ErrorBody {
            error: self.code().to_owned(),
            message: self.message(),
        };
        let face = ErrorFace {
            status,
            code: body.error.clone(),
            message: body.message.clone(),
        };
        let mut response = (status, Json(body)).into_response();
        if let Some(secs) = self.retry_after() {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        // A body refused for its size is left partly unread, so the connection cannot
        // carry another request: say so, or a client would send its next request on a
        // connection the server is closing (and see a broken pipe).
        if matches!(self, AppError::PayloadTooLarge) {
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        // The pages' layer renders this as an HTML error page.
        response.extensions_mut().insert(face);
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_details_are_not_sent() {
        let error = AppError::internal("disk on fire at /var/secret");
        assert_eq!(error.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(error.message(), "internal error");
        assert!(error.to_string().contains("disk on fire"));
    }

    #[test]
    fn coded_errors_keep_their_codes_and_statuses() {
        let error = AppError::conflict("stale_ply", "the game has moved on");
        assert_eq!(
            (error.status(), error.code()),
            (StatusCode::CONFLICT, "stale_ply")
        );
        let error = AppError::invalid("illegal_move", "illegal move `e2e5`");
        assert_eq!(error.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let limited = AppError::rate_limited(std::time::Duration::from_millis(2_100));
        assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(limited.retry_after(), Some(3));
        assert!(limited.message().contains("3 s"), "{}", limited.message());
        let busy = AppError::Busy { retry_after: 1 };
        assert_eq!(
            (busy.status(), busy.code()),
            (StatusCode::SERVICE_UNAVAILABLE, "busy")
        );
        let waiting = AppError::ComputerRepliesWaiting {
            waiting: 3,
            retry_after: 10,
        };
        assert_eq!(
            (waiting.status(), waiting.code(), waiting.retry_after()),
            (
                StatusCode::TOO_MANY_REQUESTS,
                "computer_replies_waiting",
                Some(10)
            )
        );
        assert!(waiting.message().starts_with("3 of your games"));
    }

    #[test]
    fn an_unreachable_database_is_a_503_with_retry_after_and_other_failures_stay_500() {
        let response = AppError::from(sqlx::Error::PoolTimedOut).into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            response.headers()[axum::http::header::RETRY_AFTER],
            DATABASE_RETRY_AFTER_SECS.to_string().as_str()
        );
        let face = response.extensions().get::<ErrorFace>().unwrap();
        assert_eq!(face.code, "database_unavailable");
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert_eq!(
            AppError::from(sqlx::Error::Io(refused)).code(),
            "database_unavailable"
        );
        let response = AppError::from(sqlx::Error::RowNotFound).into_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(
            response
                .headers()
                .get(axum::http::header::RETRY_AFTER)
                .is_none()
        );
    }

    #[test]
    fn waits_are_sent_as_retry_after() {
        let response = AppError::Busy { retry_after: 2 }.into_response();
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
        let response = AppError::rate_limited(std::time::Duration::ZERO).into_response();
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
        let response = AppError::NotFound("game").into_response();
        assert!(response.headers().get(header::RETRY_AFTER).is_none());
    }
}
