//! Error answers many routes share, for their documents' `responses(…)`: each type
//! stands for one or more `(status = …, description = …, body = ErrorBody)` entries, so
//! a route names it instead of writing the entry again.

use vocab::error::ErrorBody;

/// 401 on a route that needs a signed-in caller.
#[derive(utoipa::IntoResponses)]
#[response(status = 401, description = "not signed in")]
pub struct NotSignedIn(pub ErrorBody);

/// 401 on a route that also serves anonymous callers: a token or session was sent, but
/// it is not (or no longer) one.
#[derive(utoipa::IntoResponses)]
#[response(status = 401, description = "an unknown token or an ended session")]
pub struct UnknownToken(pub ErrorBody);

/// 403 on a route whose only refusal of that kind is the session cookie's cross-site
/// check.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "cross-site request with the session cookie"
)]
pub struct CrossSite(pub ErrorBody);

/// 404 on a route on one game.
#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "no such game")]
pub struct NoSuchGame(pub ErrorBody);

/// 404 on a route on one challenge.
#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "no such challenge")]
pub struct NoSuchChallenge(pub ErrorBody);

/// 404 on a route on one player.
#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "no such player")]
pub struct NoSuchPlayer(pub ErrorBody);

/// 503 from the password-hashing queue, with `Retry-After`.
#[derive(utoipa::IntoResponses)]
#[response(status = 503, description = "busy: try again shortly",
    headers(("retry-after" = u64)))]
pub struct Busy(pub ErrorBody);
