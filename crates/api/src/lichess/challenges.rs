//! Challenges, Lichess's way: challenge a player by name (a form or a JSON body),
//! list, accept, decline and cancel. They are this server's challenges
//! (`domain::challenges`): the lobby and `/api/v1` see the same ones.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{
    ToSchema,
    openapi::{Object, ObjectBuilder, Type},
};

use super::{
    Caller, CrossSite, LichessError, NoToken, Params, UnreadableBody,
    payloads::{ChallengeJson, OkJson, challenge_json, parse_variant_key, variant_keys},
};
use crate::answers::NoSuchChallenge;
use domain::{
    Services, bots,
    challenges::{self, ChallengeRequest, DAYS_PER_MOVE, DECLINE_REASONS},
    game::{StopRules, TimeControl},
};
use edge::extract::Path;
use vocab::error::{AppError, ErrorBody};

/// A challenge's parameters, as a form (`application/x-www-form-urlencoded`) or a JSON
/// object: Lichess's names. This server plays correspondence games only.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChallengeParams {
    /// Rated (default false, as on Lichess).
    pub rated: Option<bool>,
    /// Days per move: 1, 2, 3, 5, 7, 10 or 14. Absent: a game without a clock.
    #[schema(schema_with = days_schema)]
    pub days: Option<i64>,
    /// The challenger's colour: `random` (the default), `white` or `black`.
    #[schema(schema_with = color_schema)]
    pub color: Option<String>,
    /// `standard` (chess, the default) or a variant id of this server (`reversi-6x6`,
    /// `reversi-8x8`, `reversi-10x10`, `chess-reversi`, `knight-fight`).
    #[schema(schema_with = variant_schema)]
    pub variant: Option<String>,
    /// Refused (400 `realtime_not_supported`): this server has no real-time clocks.
    #[serde(rename = "clock.limit")]
    pub clock_limit: Option<f64>,
    /// Refused (400 `realtime_not_supported`), as `clock.limit`.
    #[serde(rename = "clock.increment")]
    pub clock_increment: Option<i64>,
    /// The start position: in `standard` (or `fromPosition`) chess any legal position
    /// with White to move (a thematic start, counted in no statistics), in `chess960` one
    /// of its 960 starts; 400 `invalid_start_position` otherwise, and
    /// `custom_position_not_supported` in the other variants.
    pub fen: Option<String>,
    /// Taken and ignored: a challenge here waits until it is answered or cancelled.
    #[serde(rename = "keepAliveStream")]
    pub keep_alive_stream: Option<bool>,
    /// Taken and ignored (Lichess's extra rules, such as `noAbort`).
    pub rules: Option<String>,
}

fn days_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .enum_values(Some(DAYS_PER_MOVE))
        .description(Some("days per move"))
        .build()
}

fn color_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(["random", "white", "black"]))
        .description(Some("the challenger's colour"))
        .build()
}

fn variant_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(variant_keys()))
        .description(Some("a variant key"))
        .build()
}

fn decline_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(DECLINE_REASONS))
        .description(Some("why (default `generic`)"))
        .build()
}

/// Why a challenge is declined.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeclineParams {
    /// `generic` (the default), `later`, `tooFast`, `tooSlow`, `timeControl`, `rated`,
    /// `casual`, `standard`, `variant`, `noBot` or `onlyBot`.
    #[schema(schema_with = decline_schema)]
    pub reason: Option<String>,
}

/// The caller's open challenges: those addressed to them and those they made to someone.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChallengeListJson {
    /// Addressed to the caller.
    #[serde(rename = "in")]
    pub incoming: Vec<ChallengeJson>,
    /// Made by the caller.
    #[serde(rename = "out")]
    pub outgoing: Vec<ChallengeJson>,
}

/// Reads a challenge's parameters into this server's request, refusing what it cannot
/// offer with a clear message.
fn time_control_of(params: &Params) -> Result<TimeControl, AppError> {
    if params.has("clock.limit") || params.has("clock.increment") || params.has("clock") {
        return Err(AppError::invalid(
            "realtime_not_supported",
            "this server plays correspondence games only: give `days` (1, 2, 3, 5, 7, 10 or \
             14 days per move) instead of `clock.limit` and `clock.increment`, or neither \
             for a game without a clock",
        ));
    }
    Ok(match params.integer("days")? {
        Some(days) => TimeControl::PerMove { days, hours: 0 },
        None => TimeControl::Untimed,
    })
}

/// The start a Lichess-shaped challenge asks for with `fen`: in chess a chosen position,
/// in Chess960 the start whose back ranks the FEN shows.
fn start_from_fen(variant: rules::Variant, fen: &str) -> Result<Option<rules::Setup>, AppError> {
    match variant {
        rules::Variant::Chess => challenges::read_start(variant, fen),
        rules::Variant::Chess960 => rules::Chess960Start::from_fen(fen)
            .map(|start| Some(rules::Setup::Chess960(start)))
            .ok_or_else(|| {
                AppError::invalid(
                    "invalid_start_position",
                    "the fen is none of Chess960's starts",
                )
            }),
        _ => Err(AppError::invalid(
            "custom_position_not_supported",
            "games of this variant start from its own start position: leave out `fen`",
        )),
    }
}

/// Challenges the player `name` to a correspondence game: `days` per move (none: no
/// clock), `color` (the challenger's), `variant`, `rated`. Lichess's real-time clocks
/// (`clock.limit`, `clock.increment`) are refused. The player it is addressed to hears
/// of it on their event stream (`GET /api/stream/event`), and so does the challenger.
#[utoipa::path(post, path = "/api/challenge/{name}", tag = "lichess",
    operation_id = "lichess_challenge_create",
    params(("name" = String, Path, description = "the player to challenge")),
    request_body(content(
        (ChallengeParams = "application/x-www-form-urlencoded"),
        (ChallengeParams = "application/json"),
    )),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "the challenge", body = ChallengeJson),
        (status = 400, description = "`realtime_not_supported` (a clock was asked for), \
            `custom_position_not_supported` (a `fen` in a variant other than chess and \
            Chess960), `invalid_start_position` (a `fen` that is no start of the game), \
            `unknown_variant`, `invalid_color`, \
            `invalid_days_per_move`, `challenge_to_yourself`, `too_many_challenges` (the \
            caller has 50 open), a parameter of the wrong type, or a body that does not \
            read", body = ErrorBody),
        (status = 404, description = "no player has that name", body = ErrorBody),
        NoToken, UnreadableBody,
    ))]
pub(crate) async fn create(
    State(state): State<Services>,
    Caller(user): Caller,
    Path(name): Path<String>,
    params: Params,
) -> Result<axum::Json<ChallengeJson>, LichessError> {
    let time_control = time_control_of(&params)?;
    let key = params.text("variant")?.unwrap_or("standard");
    let variant = parse_variant_key(key).ok_or_else(|| {
        AppError::invalid(
            "unknown_variant",
            format!(
                "unknown variant `{key}`: this server plays {}",
                variant_keys().join(", ")
            ),
        )
    })?;
    let start = match params.text("fen")? {
        None => None,
        Some(fen) => start_from_fen(variant, fen)?,
    };
    let rated = params.boolean("rated", false)?;
    let request = ChallengeRequest {
        start,
        variant,
        color: edge::field::color(params.text("color")?.unwrap_or("random"))?,
        time_control,
        stops: StopRules::default(),
        limit: None,
        opponent: Some(name.as_str()),
        rated,
        engines_allowed: false,
        min_rating: None,
        max_rating: None,
        moves: Vec::new(),
        requirements: Default::default(),
    };
    let challenge = challenges::create(&state, &user, &request).await?;
    let view = bots::challenge_view(&state, &challenge.id).await?;
    Ok(axum::Json(challenge_json(
        &view,
        Some(&user.id),
        None,
        &state.config.public_url.base,
    )))
}

/// The caller's open challenges: `in`, addressed to them; `out`, those they made.
#[utoipa::path(get, path = "/api/challenge", tag = "lichess",
    operation_id = "lichess_challenge_list",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "the open challenges", body = ChallengeListJson),
        NoToken, CrossSite,
    ))]
pub(crate) async fn list(
    State(state): State<Services>,
    Caller(user): Caller,
) -> Result<axum::Json<ChallengeListJson>, LichessError> {
    let site = &state.config.public_url.base;
    let mut list = ChallengeListJson {
        incoming: Vec::new(),
        outgoing: Vec::new(),
    };
    for view in bots::open_challenges(&state, &user).await? {
        let json = challenge_json(&view, Some(&user.id), None, site);
        if view.challenger.user_id == user.id {
            list.outgoing.push(json);
        } else {
            list.incoming.push(json);
        }
    }
    Ok(axum::Json(list))
}

/// Accepts a challenge; the game starts (both players hear `gameStart` on their event
/// streams).
#[utoipa::path(post, path = "/api/challenge/{id}/accept", tag = "lichess",
    operation_id = "lichess_challenge_accept",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "accepted: the game has started", body = OkJson),
        (status = 400, description = "`own_challenge`, `not_addressed_to_you`, \
            `challenge_taken` (no longer open), `rating_out_of_range`", body = ErrorBody),
        NoToken, NoSuchChallenge,
    ))]
pub(crate) async fn accept(
    State(state): State<Services>,
    Caller(user): Caller,
    Path(id): Path<String>,
) -> Result<axum::Json<OkJson>, LichessError> {
    challenges::accept(&state, &user, &id).await?;
    Ok(axum::Json(OkJson::DONE))
}

/// Declines a challenge addressed to the caller, with an optional `reason` (a form or a
/// JSON body); the challenger hears `challengeDeclined` on their event stream.
#[utoipa::path(post, path = "/api/challenge/{id}/decline", tag = "lichess",
    operation_id = "lichess_challenge_decline",
    params(("id" = String, Path)),
    request_body(content(
        (DeclineParams = "application/x-www-form-urlencoded"),
        (DeclineParams = "application/json"),
    )),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "declined", body = OkJson),
        (status = 400, description = "`not_addressed_to_you` (someone else's, or open to \
            anyone), `challenge_closed`, `invalid_decline_reason`, or a body that does not \
            read", body = ErrorBody),
        NoToken, NoSuchChallenge, UnreadableBody,
    ))]
pub(crate) async fn decline(
    State(state): State<Services>,
    Caller(user): Caller,
    Path(id): Path<String>,
    params: Params,
) -> Result<axum::Json<OkJson>, LichessError> {
    let reason = params.text("reason")?.unwrap_or("generic");
    challenges::decline(&state, &user, &id, reason).await?;
    Ok(axum::Json(OkJson::DONE))
}

/// Cancels the caller's challenge; the player it was addressed to hears
/// `challengeCanceled` on their event stream.
#[utoipa::path(post, path = "/api/challenge/{id}/cancel", tag = "lichess",
    operation_id = "lichess_challenge_cancel",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "cancelled", body = OkJson),
        (status = 400, description = "`not_your_challenge`, `challenge_closed`",
            body = ErrorBody),
        NoToken, NoSuchChallenge,
    ))]
pub(crate) async fn cancel(
    State(state): State<Services>,
    Caller(user): Caller,
    Path(id): Path<String>,
) -> Result<axum::Json<OkJson>, LichessError> {
    challenges::cancel(&state, &user, &id).await?;
    Ok(axum::Json(OkJson::DONE))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn params(pairs: &[(&str, Value)]) -> Params {
        Params::of(pairs)
    }

    #[test]
    fn days_make_a_per_move_game_and_clocks_are_refused() {
        let days = params(&[("days", Value::from("5"))]);
        assert_eq!(
            time_control_of(&days).unwrap(),
            TimeControl::PerMove { days: 5, hours: 0 }
        );
        assert_eq!(time_control_of(&params(&[])).unwrap(), TimeControl::Untimed);
        // berserk sends nulls for what it was not given.
        let nulls = params(&[("clock.limit", Value::Null), ("days", Value::from(3))]);
        assert!(time_control_of(&nulls).is_ok());
        for clock in [
            params(&[("clock.limit", Value::from(300))]),
            params(&[("clock.increment", Value::from("2"))]),
        ] {
            let error = time_control_of(&clock).unwrap_err();
            assert_eq!(error.code(), "realtime_not_supported");
        }
    }
}
