//! Challenges.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::{
    ToSchema,
    openapi::{KnownFormat, Object, ObjectBuilder, SchemaFormat, Type},
};

use super::{
    clocks::{TimeControlDto, game_terms_body},
    deadlines::GameLimitDto,
    reliability::{ExpectedDaysDto, ReliabilityCardDto},
};
use crate::answers::{CrossSite, NoSuchChallenge, NotSignedIn, UnknownToken};
use domain::{
    Services,
    challenges::{self, Challenge, ChallengeRequest, ColorChoice, DAYS_PER_MOVE},
    game::{GameLimit, TimeControl},
    reliability::card::Requirements,
};
use edge::extract::{CurrentUser, Json, MaybeUser, Path};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The challenge routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/challenges", get(list).post(create))
        .route("/api/v1/challenges/{id}", get(show))
        .route("/api/v1/challenges/{id}/accept", post(accept))
        .route("/api/v1/challenges/{id}/cancel", post(cancel))
}

game_terms_body! {
    /// A new challenge.
    #[derive(Debug, Deserialize, ToSchema)]
    pub struct NewChallengeDto {
        /// A variant id, such as `reversi-8x8`.
        #[schema(schema_with = variant_id_schema)]
        #[serde(deserialize_with = "edge::field::variant_id")]
        pub variant: rules::Variant,
        /// The challenger's colour: `white`, `black` or `random`.
        #[schema(schema_with = color_choice_schema)]
        #[serde(deserialize_with = "edge::field::color_choice")]
        pub color: ColorChoice,
        /// 1, 2, 3, 5, 7, 10 or 14: the older way to ask for a per-move control
        /// (`{"kind": "per_move", "days": …}`). Give it or `time_control`, not both (422
        /// `conflicting_time_control`); neither: three days per move.
        #[schema(schema_with = days_per_move_schema)]
        #[serde(default, deserialize_with = "some_whole_number")]
        pub days_per_move: Option<i64>,
        /// The one user who may accept (absent or null: anyone).
        #[serde(default)]
        pub opponent: Option<String>,
        /// Rated (true, the default) or casual (false).
        #[serde(default = "super::true_by_default")]
        #[schema(default = true)]
        pub rated: bool,
        /// The game's start, chosen (absent, null or empty: as usual): in chess a FEN with
        /// White to move (a thematic start; such games count in no statistics), in
        /// Chess960 a start number 0–959, in Reversi an opening's name from its rules page
        /// (`8x8-07`). 422 `invalid_start_position` otherwise.
        #[serde(default)]
        pub start: Option<String>,
        /// A game carried over from elsewhere (absent, null or empty: a new game): its
        /// record so far, PGN in chess and Chess960 (a `FEN` tag names its start), the
        /// downloaded text record or bare moves in the other games. The challenge is then
        /// addressed to `opponent`, names your colour and is casual; the game continues
        /// from where the record leaves it when they accept. 422 `invalid_record`
        /// naming the first move the rules refuse.
        #[serde(default)]
        pub record: Option<String>,
    }
    /// The game's time control (absent or null: see `days_per_move`).
    time_control,
    /// Each player's clock stops on their weekend (Saturday and Sunday in their own time
    /// zone). Default false.
    weekends_off,
    /// A player's vacation stops their clock (default true; false: "no vacation").
    vacation_allowed,
    /// Open challenges only: the lowest rating (whole points, 0–4000) that may accept.
    min_rating,
    /// Open challenges only: the highest rating (whole points, 0–4000) that may accept.
    max_rating,
}

/// A whole number that is there (absent: `None` through `#[serde(default)]`; null is
/// refused, as the document's integer type says), as [`super::whole_number`] reads it.
fn some_whole_number<'de, D>(deserializer: D) -> Result<Option<i64>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    super::whole_number(deserializer).map(Some)
}

/// The variant ids the rules know, as the document's enum.
pub(crate) fn variant_id_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(
            rules::Variant::ALL.iter().map(|variant| variant.as_str()),
        ))
        .description(Some("a variant id"))
        .build()
}

/// The challenger's colour choices, as the document's enum.
pub(crate) fn color_choice_schema() -> Object {
    let choices = [ColorChoice::White, ColorChoice::Black, ColorChoice::Random];
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(choices.map(ColorChoice::as_str)))
        .description(Some("the challenger's colour"))
        .build()
}

/// The days per move a challenge may ask for, as the document's enum.
fn days_per_move_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .enum_values(Some(DAYS_PER_MOVE))
        .description(Some("days each player has per move"))
        .build()
}

/// A challenge.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChallengeDto {
    /// Its id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// Who made it.
    pub challenger: String,
    /// The challenger's colour: `white`, `black` or `random`.
    pub color: String,
    /// Days per move: the per-move days, a time bank's initial days, 0 untimed (see
    /// `time_control`).
    pub days_per_move: i64,
    /// The game's time control.
    pub time_control: TimeControlDto,
    /// Whether each player's clock stops on their weekend.
    pub weekends_off: bool,
    /// Whether a player's vacation stops their clock.
    pub vacation_allowed: bool,
    /// Whether a player's nightly pause stops their clock.
    pub nights_allowed: bool,
    /// The most days its game may last and how it is decided then; null: no limit.
    pub game_limit: Option<GameLimitDto>,
    /// The one user who may accept, or null for anyone.
    pub opponent: Option<String>,
    /// `open`, `accepted` or `cancelled`.
    pub status: String,
    /// The game it became, once accepted.
    pub game_id: Option<String>,
    /// When it was made (RFC 3339).
    pub created_at: String,
    /// Rated or casual.
    pub rated: bool,
    /// Whether the players may use engines ("engines allowed"; rated games then count
    /// in the variant's engines pool), or not (the default).
    pub engines_allowed: bool,
    /// The lowest rating that may accept, or null.
    pub min_rating: Option<i64>,
    /// The highest rating that may accept, or null.
    pub max_rating: Option<i64>,
    /// In lists for a signed-in caller: whether their rating lets them accept it (null for
    /// their own challenges and for anonymous callers).
    pub you_may_accept: Option<bool>,
    /// The most of their games of the last 90 days who accepts may have lost on time
    /// (whole percent), or null.
    pub max_time_loss_percent: Option<i64>,
    /// The fewest finished games who accepts must have, or null.
    pub min_finished_games: Option<i64>,
    /// The challenger's reliability card (null in the answer that creates it).
    pub challenger_card: Option<ReliabilityCardDto>,
    /// How long its game is expected to last, against the player it is addressed to,
    /// else the caller, else a player at the site's pace (null in the answer that
    /// creates it).
    pub expected_days: Option<ExpectedDaysDto>,
    /// The start chosen for the game, as the game's `setup` will hold it (`{"start":
    /// 518}`, `{"fen": "…"}`, `{"opening": "8x8-07"}`); null: as usual.
    #[schema(value_type = Option<Object>)]
    pub start: Option<rules::Setup>,
    /// A game carried over from elsewhere: the moves played so far from `start`, in
    /// canonical text; empty for a new game.
    pub moves: Vec<String>,
}

impl From<Challenge> for ChallengeDto {
    fn from(challenge: Challenge) -> ChallengeDto {
        ChallengeDto {
            id: challenge.id,
            variant: challenge.variant.as_str().to_owned(),
            challenger: challenge.challenger,
            color: challenge.color.as_str().to_owned(),
            days_per_move: challenge.days_per_move,
            time_control: challenge.time_control.into(),
            weekends_off: challenge.stops.weekends_off,
            vacation_allowed: challenge.stops.vacation_allowed,
            nights_allowed: challenge.stops.nights_allowed,
            game_limit: challenge.limit.map(Into::into),
            opponent: challenge.opponent,
            status: challenge.status,
            game_id: challenge.game_id,
            created_at: rfc3339(challenge.created_at),
            rated: challenge.rated,
            engines_allowed: challenge.engines_allowed,
            min_rating: challenge.min_rating,
            max_rating: challenge.max_rating,
            you_may_accept: challenge.viewer_may_accept,
            max_time_loss_percent: challenge.requirements.max_time_loss_percent,
            min_finished_games: challenge.requirements.min_finished_games,
            challenger_card: challenge.challenger_card.as_ref().map(Into::into),
            expected_days: challenge.expected.map(Into::into),
            start: challenge.start,
            moves: challenge.moves,
        }
    }
}

/// The game an accepted challenge became.
#[derive(Debug, Serialize, ToSchema)]
pub struct AcceptedDto {
    /// The new game's id.
    pub game_id: String,
}

/// Creates a challenge.
#[utoipa::path(post, path = "/api/v1/challenges", tag = "challenges",
    request_body = NewChallengeDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the new challenge", body = ChallengeDto),
        NotSignedIn, CrossSite,
        (status = 404, description = "no player has the opponent's name", body = ErrorBody),
        (status = 409, description = "the caller already has the most open challenges a \
            player may have, 50 (`too_many_challenges`), or plays as many games as their \
            allowance lets them (`game_allowance`: docs/time.md)", body = ErrorBody),
        (status = 422, description = "unknown variant, bad colour, days or time control, \
            addressed to oneself (`unknown_variant`, `invalid_color`, `invalid_days_per_move`, \
            `invalid_time_control` such as a time bank's cap below its initial time, \
            `conflicting_time_control` for both `days_per_move` and `time_control`, \
            `challenge_to_yourself`, `computer_opponent` for a computer account: play it \
            with `POST /api/v1/computer-games`), a bad rating range or one on a challenge addressed to \
            one player (`invalid_rating_range`, `rating_range_needs_open_challenge`), \
            reliability limits out of range or on a challenge addressed to one player \
            (`invalid_requirement`, `requirements_need_open_challenge`), \
            a game limit out of range (`invalid_game_days`, `invalid_deadline_rule`), \
            a start the variant does not take (`invalid_start_position`), \
            a record of a game to carry over that the rules refuse (`invalid_record`, \
            naming the first refused move; `conflicting_start`) or that is not addressed \
            to one player, names no colour or is rated (`import_needs_opponent`, \
            `import_needs_color`, `import_is_casual`), \
            or a body of the wrong shape (`invalid_body`)",
            body = ErrorBody),
    ))]
async fn create(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewChallengeDto>,
) -> Result<(StatusCode, axum::Json<ChallengeDto>), AppError> {
    let time_control = match (body.time_control, body.days_per_move) {
        (Some(_), Some(_)) => {
            return Err(AppError::invalid(
                "conflicting_time_control",
                "give `time_control` or `days_per_move`, not both",
            ));
        }
        (Some(control), None) => control.into(),
        (None, Some(days)) => TimeControl::PerMove { days, hours: 0 },
        (None, None) => TimeControl::DEFAULT,
    };
    let (start, moves) = challenges::read_start_and_record(
        body.variant,
        body.start.as_deref().unwrap_or(""),
        body.record.as_deref().unwrap_or(""),
    )?;
    let request = ChallengeRequest {
        start,
        moves,
        variant: body.variant,
        color: body.color,
        time_control,
        stops: body.stops(),
        limit: GameLimit::asked(body.max_game_days, body.deadline_rule.as_deref())?,
        opponent: body.opponent.as_deref(),
        rated: body.rated,
        engines_allowed: body.engines_allowed,
        min_rating: body.min_rating,
        max_rating: body.max_rating,
        requirements: Requirements {
            max_time_loss_percent: body.max_time_loss_percent,
            min_finished_games: body.min_finished_games,
        },
    };
    let challenge = challenges::create(&state, &user, &request).await?;
    Ok((StatusCode::CREATED, axum::Json(challenge.into())))
}

/// Open challenges: those open to anyone, those addressed to the caller, the caller's own.
#[utoipa::path(get, path = "/api/v1/challenges", tag = "challenges",
    security((), ("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the challenges the caller may see", body = [ChallengeDto]),
        UnknownToken,
    ))]
async fn list(
    State(state): State<Services>,
    MaybeUser(user): MaybeUser,
) -> Result<axum::Json<Vec<ChallengeDto>>, AppError> {
    let list = challenges::list(&state, user.as_ref()).await?;
    Ok(axum::Json(
        list.into_iter().map(ChallengeDto::from).collect(),
    ))
}

/// One challenge.
#[utoipa::path(get, path = "/api/v1/challenges/{id}", tag = "challenges",
    operation_id = "show_challenge",
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "the challenge", body = ChallengeDto),
        NoSuchChallenge,
    ))]
async fn show(
    State(state): State<Services>,
    Path(id): Path<String>,
) -> Result<axum::Json<ChallengeDto>, AppError> {
    Ok(axum::Json(challenges::get(&state, &id).await?.into()))
}

/// Accepts a challenge, creating the game.
#[utoipa::path(post, path = "/api/v1/challenges/{id}/accept", tag = "challenges",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the game it became", body = AcceptedDto),
        NotSignedIn,
        (status = 403, description = "own challenge, addressed to someone else, or a \
            cross-site request with the session cookie", body = ErrorBody),
        NoSuchChallenge,
        (status = 409, description = "already taken or cancelled, or the caller or the \
            challenger plays as many games as their allowance lets them (`game_allowance`; \
            the challenge stays open), or the caller's reliability card falls short of what \
            it asks (`reliability_required`; it stays open)", body = ErrorBody),
        (status = 422, description = "the caller's rating in the variant is outside the \
            challenge's rating range (`rating_out_of_range`); the challenge stays open",
            body = ErrorBody),
    ))]
async fn accept(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<(StatusCode, axum::Json<AcceptedDto>), AppError> {
    let game_id = challenges::accept(&state, &user, &id).await?;
    Ok((StatusCode::CREATED, axum::Json(AcceptedDto { game_id })))
}

/// Cancels the caller's open challenge.
#[utoipa::path(post, path = "/api/v1/challenges/{id}/cancel", tag = "challenges",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the cancelled challenge", body = ChallengeDto),
        NotSignedIn,
        (status = 403, description = "not the creator, or a cross-site request with the \
            session cookie", body = ErrorBody),
        NoSuchChallenge,
        (status = 409, description = "no longer open", body = ErrorBody),
    ))]
async fn cancel(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<axum::Json<ChallengeDto>, AppError> {
    Ok(axum::Json(
        challenges::cancel(&state, &user, &id).await?.into(),
    ))
}
