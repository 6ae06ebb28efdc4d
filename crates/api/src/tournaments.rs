//! Tournaments: the lists, creating one, a tournament with its entrants and standings,
//! joining and leaving, and the organiser's start, removal and cancellation.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::{
    IntoParams, ToSchema,
    openapi::{Object, ObjectBuilder, Type},
};

use super::{
    challenges::variant_id_schema,
    clocks::{TimeControlDto, game_terms_body},
    deadlines::GameLimitDto,
    reliability::ExpectedDaysDto,
};
use crate::answers::{NotSignedIn, UnknownToken};
use domain::{
    Services,
    game::{GameLimit, TimeControl},
    reliability::card::ExpectedLength,
    tournaments::{
        self, Format, FormatOptions, Status, Terms, Tournament, TournamentRequest,
        schedule::{self, Schedule},
        standings,
    },
};
use edge::extract::{CurrentUser, Json, MaybeUser, Path, Query};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The tournament routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route(
            "/api/v1/tournaments",
            get(list_tournaments).post(create_tournament),
        )
        .route("/api/v1/tournaments/{id}", get(show_tournament))
        .route("/api/v1/tournaments/{id}/join", post(join_tournament))
        .route("/api/v1/tournaments/{id}/leave", post(leave_tournament))
        .route("/api/v1/tournaments/{id}/start", post(start_tournament))
        .route("/api/v1/tournaments/{id}/cancel", post(cancel_tournament))
        .route("/api/v1/tournaments/{id}/remove", post(remove_player))
}

fn format_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(Format::ALL.map(Format::as_str)))
        .description(Some("round_robin, swiss, knockout or league"))
        .build()
}

fn status_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(Status::ALL.map(Status::as_str)))
        .description(Some("open, running, finished or cancelled"))
        .build()
}

game_terms_body! {
    /// A new tournament.
    #[derive(Debug, Deserialize, ToSchema)]
    pub struct NewTournamentDto {
        /// Its name: 3 to 80 characters on one line.
        pub name: String,
        /// A variant id.
        #[schema(schema_with = variant_id_schema)]
        #[serde(deserialize_with = "edge::field::variant_id")]
        pub variant: rules::Variant,
        /// `round_robin`, `swiss`, `knockout` or `league`.
        #[schema(schema_with = format_schema)]
        #[serde(deserialize_with = "edge::field::tournament_format")]
        pub format: Format,
        /// Rated games (default true).
        #[serde(default = "super::true_by_default")]
        #[schema(default = true)]
        pub rated: bool,
        /// The fewest entrants it starts with (at least 2; default 2).
        #[serde(default, deserialize_with = "super::optional_whole_number")]
        #[schema(minimum = 2, maximum = 2000)]
        pub min_players: Option<i64>,
        /// The most entrants (up to 2,000; default 64).
        #[serde(default, deserialize_with = "super::optional_whole_number")]
        #[schema(minimum = 2, maximum = 2000)]
        pub max_players: Option<i64>,
        /// Round robin: the largest section; league: the largest group; 3 to 12 (default 8).
        #[serde(default, deserialize_with = "super::optional_whole_number")]
        #[schema(minimum = 3, maximum = 12)]
        pub section_size: Option<i64>,
        /// Round robin and league: each pair meets twice, once with each colour (default
        /// false).
        #[serde(default)]
        pub both_colours: bool,
        /// Round robin: how many of each section go on to the next stage; league: how many of
        /// each group move up (and down) a division; 1 to half the section size (default 1).
        #[serde(default, deserialize_with = "super::optional_whole_number")]
        #[schema(minimum = 1, maximum = 6)]
        pub advance: Option<i64>,
        /// Swiss: the rounds, 1 to 30 (default 7); league: the seasons, 1 to 50 (default 10).
        #[serde(default, deserialize_with = "super::optional_whole_number")]
        #[schema(minimum = 1, maximum = 50)]
        pub rounds: Option<i64>,
        /// Knock-out: the games of a match, 2, 4, 6, 8 or 10 (default 2).
        #[serde(default, deserialize_with = "super::optional_whole_number")]
        #[schema(minimum = 2, maximum = 10)]
        pub games_per_match: Option<i64>,
        /// Private: only players with the invitation link may see and join it (default
        /// false).
        #[serde(default)]
        pub private: bool,
        /// When it starts (RFC 3339, in the future, at most a year ahead); absent or null:
        /// when it is full.
        #[serde(default)]
        pub starts_at: Option<String>,
        /// The start of every game, chosen (absent, null or empty: each as usual), as a
        /// challenge's `start` takes it: a FEN in chess, a start number in Chess960, an
        /// opening's name in Reversi. 422 `invalid_start_position` otherwise.
        #[serde(default)]
        pub start_position: Option<String>,
    }
    /// The games' time control (absent or null: three days per move).
    time_control,
    /// Each player's clock stops on their weekend. Default false.
    weekends_off,
    /// A player's vacation stops their clock. Default true.
    vacation_allowed,
    /// The lowest rating that may join (whole points, 0–4000).
    min_rating,
    /// The highest rating that may join (whole points, 0–4000).
    max_rating,
}

/// A tournament.
#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentDto {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Who created it.
    pub organiser: String,
    /// The variant id.
    pub variant: String,
    /// The format.
    #[schema(schema_with = format_schema)]
    pub format: String,
    /// The games' time control.
    pub time_control: TimeControlDto,
    /// Whether each player's clock stops on their weekend.
    pub weekends_off: bool,
    /// Whether a player's vacation stops their clock.
    pub vacation_allowed: bool,
    /// Whether a player's nightly pause stops their clock.
    pub nights_allowed: bool,
    /// The most days a game may last and how a game still going then is decided; null:
    /// no limit.
    pub game_limit: Option<GameLimitDto>,
    /// Rated games.
    pub rated: bool,
    /// Whether the players may use engines ("engines allowed"; rated games then count
    /// in the variant's engines pool), or not (the default).
    pub engines_allowed: bool,
    /// The fewest entrants it starts with.
    pub min_players: i64,
    /// The most entrants.
    pub max_players: i64,
    /// The lowest rating that may join, or null.
    pub min_rating: Option<i64>,
    /// The highest rating that may join, or null.
    pub max_rating: Option<i64>,
    /// The most of their games of the last 90 days an entrant may have lost on time
    /// (whole percent), or null.
    pub max_time_loss_percent: Option<i64>,
    /// The fewest finished games an entrant must have, or null.
    pub min_finished_games: Option<i64>,
    /// Round robin: the largest section.
    pub section_size: Option<i64>,
    /// Round robin: each pair meets twice.
    pub both_colours: bool,
    /// Round robin: how many of each section go on.
    pub advance: Option<i64>,
    /// Swiss: the rounds; league: the seasons.
    pub rounds: Option<i64>,
    /// Knock-out: the games of a match.
    pub games_per_match: Option<i64>,
    /// Private (entry with the invitation link only).
    pub private: bool,
    /// For the organiser of a private tournament: the invitation key (the link is
    /// `/tournaments/{id}?invite={key}`).
    pub invite_code: Option<String>,
    /// When it starts (RFC 3339), or null: when it is full.
    pub starts_at: Option<String>,
    /// The start chosen for every game, as each game's `setup` will hold it (`{"fen":
    /// "…"}`, `{"start": 518}`, `{"opening": "8x8-07"}`); null: each as usual.
    #[schema(value_type = Option<Object>)]
    pub start_position: Option<rules::Setup>,
    /// Where it is.
    #[schema(schema_with = status_schema)]
    pub status: String,
    /// The current stage (0 before the start).
    pub stage: i64,
    /// The current round (0 before the start).
    pub round: i64,
    /// The winner, once finished.
    pub winner: Option<String>,
    /// How many players entered.
    pub entrants: i64,
    /// When it was created (RFC 3339).
    pub created_at: String,
    /// When it started (RFC 3339).
    pub started_at: Option<String>,
    /// When it finished or was cancelled (RFC 3339).
    pub finished_at: Option<String>,
}

impl TournamentDto {
    fn of(tournament: Tournament, viewer: Option<&domain::accounts::User>) -> TournamentDto {
        let invite_code = tournament.invite_code_for(viewer).map(str::to_owned);
        let (format, options) = (tournament.format(), tournament.settings.options());
        TournamentDto {
            invite_code,
            id: tournament.id,
            name: tournament.name,
            organiser: tournament.organiser,
            variant: tournament.variant.as_str().to_owned(),
            format: format.as_str().to_owned(),
            time_control: tournament.terms.time_control.into(),
            weekends_off: tournament.terms.stops.weekends_off,
            vacation_allowed: tournament.terms.stops.vacation_allowed,
            nights_allowed: tournament.terms.stops.nights_allowed,
            game_limit: tournament.terms.limit.map(Into::into),
            rated: tournament.terms.rated,
            engines_allowed: tournament.terms.engines_allowed,
            min_players: tournament.terms.min_players,
            max_players: tournament.terms.max_players,
            min_rating: tournament.terms.min_rating,
            max_rating: tournament.terms.max_rating,
            max_time_loss_percent: tournament.terms.requirements.max_time_loss_percent,
            min_finished_games: tournament.terms.requirements.min_finished_games,
            section_size: options.section_size,
            both_colours: options.both_colours,
            advance: options.advance,
            rounds: options.rounds,
            games_per_match: options.games_per_match,
            private: tournament.terms.private,
            starts_at: tournament.terms.starts_at.map(rfc3339),
            start_position: tournament.start,
            status: tournament.status.as_str().to_owned(),
            stage: tournament.stage,
            round: tournament.round,
            winner: tournament.winner,
            entrants: tournament.entrants,
            created_at: rfc3339(tournament.created_at),
            started_at: tournament.started_at.map(rfc3339),
            finished_at: tournament.finished_at.map(rfc3339),
        }
    }
}

/// An entrant.
#[derive(Debug, Serialize, ToSchema)]
pub struct EntrantDto {
    /// Their name.
    pub name: String,
    /// Their rating in the variant when they joined (from the start: at the start).
    pub rating: i64,
    /// Their seed from the start (1 the highest), or null before it.
    pub seed: Option<i64>,
    /// `active`, `withdrawn`, `removed` or `eliminated`.
    pub status: String,
}

/// A line of a section's standings.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingDto {
    /// The place, 1 the best (every tie broken).
    pub rank: usize,
    /// The player.
    pub name: String,
    /// Points (a win 1, a draw ½, a Swiss bye 1).
    pub points: f64,
    /// Sonneborn–Berger: the points of each opponent beaten, and half those of each one
    /// drawn.
    pub sonneborn_berger: f64,
    /// Points in the games among the players still tied on points and
    /// Sonneborn–Berger.
    pub direct_encounter: f64,
    /// Wins.
    pub wins: u32,
    /// Games finished.
    pub played: u32,
    /// `active`, `withdrawn`, `removed` or `eliminated`.
    pub status: String,
}

/// A tournament game.
#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentGameDto {
    /// The game's id.
    pub game_id: String,
    /// Its round.
    pub round: i64,
    /// White.
    pub white: String,
    /// Black.
    pub black: String,
    /// `1-0`, `0-1`, `½-½`, `0-0` (both lost at the deadline), or null while it is played.
    pub result: Option<String>,
}

/// A round sat out.
#[derive(Debug, Serialize, ToSchema)]
pub struct ByeDto {
    /// The round.
    pub round: i64,
    /// Who sat it out.
    pub name: String,
}

/// A section (the whole field in a Swiss or a knock-out).
#[derive(Debug, Serialize, ToSchema)]
pub struct SectionDto {
    /// 1-based.
    pub number: i64,
    /// The standings, best first.
    pub standings: Vec<StandingDto>,
    /// Its games.
    pub games: Vec<TournamentGameDto>,
    /// Its byes.
    pub byes: Vec<ByeDto>,
}

/// A stage.
#[derive(Debug, Serialize, ToSchema)]
pub struct StageDto {
    /// 1-based.
    pub number: i64,
    /// Its sections.
    pub sections: Vec<SectionDto>,
}

/// A tournament with its entrants and standings.
#[derive(Debug, Serialize, ToSchema)]
pub struct TournamentDetailDto {
    /// The tournament.
    pub tournament: TournamentDto,
    /// The entrants, by seed once started.
    pub entrants: Vec<EntrantDto>,
    /// The stages played so far.
    pub stages: Vec<StageDto>,
    /// How long one of its games is expected to last: the caller against a player at
    /// the site's pace (two such players for an anonymous caller).
    pub expected_days: ExpectedDaysDto,
    /// With a game limit (`tournament.game_limit`): when each round paired so far must
    /// be over, the latest of its games' own deadlines; else empty.
    pub round_deadlines: Vec<RoundDeadlineDto>,
    /// With a game limit: the latest it can end if every round from now on lasts the
    /// whole limit (RFC 3339), for a Swiss (before its start: from its start time) and a
    /// running round robin; null otherwise.
    pub projected_end: Option<String>,
}

/// When a round must be over.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundDeadlineDto {
    /// The stage (1-based).
    pub stage: i64,
    /// The round (1-based).
    pub round: i64,
    /// Its deadline (RFC 3339).
    pub at: String,
}

fn points(half_points: u32) -> f64 {
    f64::from(half_points) / 2.0
}

impl TournamentDetailDto {
    fn of(
        tournament: Tournament,
        standings: standings::Standings,
        viewer: Option<&domain::accounts::User>,
        expected: ExpectedLength,
        schedule: Option<Schedule>,
    ) -> TournamentDetailDto {
        let (round_deadlines, projected_end) = schedule.map_or((Vec::new(), None), |schedule| {
            let rounds = schedule.rounds.iter().map(|round| RoundDeadlineDto {
                stage: round.stage,
                round: round.round,
                at: rfc3339(round.at),
            });
            (rounds.collect(), schedule.projected_end.map(rfc3339))
        });
        TournamentDetailDto {
            round_deadlines,
            projected_end,
            expected_days: expected.into(),
            tournament: TournamentDto::of(tournament, viewer),
            entrants: standings
                .players
                .into_iter()
                .map(|player| EntrantDto {
                    name: player.username,
                    rating: player.rating,
                    seed: player.seed.map(|seed| seed + 1),
                    status: player.status.as_str().to_owned(),
                })
                .collect(),
            stages: standings
                .stages
                .into_iter()
                .map(|stage| StageDto {
                    number: stage.number,
                    sections: stage
                        .sections
                        .into_iter()
                        .map(|section| SectionDto {
                            number: section.number + 1,
                            standings: section
                                .lines
                                .into_iter()
                                .map(|line| StandingDto {
                                    rank: line.rank,
                                    name: line.name,
                                    points: points(line.half_points),
                                    sonneborn_berger: f64::from(line.sonneborn_berger) / 4.0,
                                    direct_encounter: points(line.direct_encounter),
                                    wins: line.wins,
                                    played: line.played,
                                    status: line.status,
                                })
                                .collect(),
                            games: section
                                .games
                                .into_iter()
                                .map(|game| TournamentGameDto {
                                    game_id: game.game_id,
                                    round: game.round,
                                    white: game.white,
                                    black: game.black,
                                    result: Some(game.result).filter(|r| !r.is_empty()),
                                })
                                .collect(),
                            byes: section
                                .byes
                                .into_iter()
                                .map(|(round, name)| ByeDto { round, name })
                                .collect(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// Reads an RFC 3339 start time.
fn start_time(text: Option<&str>) -> Result<Option<i64>, AppError> {
    text.map(|text| {
        vocab::clock::parse_rfc3339(text).ok_or_else(|| {
            AppError::invalid(
                "invalid_start",
                "starts_at is a date and time such as 2027-01-01T18:00:00Z",
            )
        })
    })
    .transpose()
}

/// Creates a tournament (its organiser enters it by joining, like anyone).
#[utoipa::path(post, path = "/api/v1/tournaments", tag = "tournaments",
    request_body = NewTournamentDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the new tournament", body = TournamentDto),
        NotSignedIn,
        (status = 403, description = "the computer's account (`computer_account`), or a \
            cross-site request with the session cookie", body = ErrorBody),
        (status = 422, description = "`invalid_name`, `control_character`, `unknown_variant`, \
            `unknown_format`, `invalid_time_control`, `invalid_players`, `invalid_rating_range`, \
            `invalid_requirement`, \
            `invalid_section_size`, `invalid_advance`, `invalid_rounds`, \
            `invalid_games_per_match`, `invalid_seasons`, `invalid_start`, \
            `invalid_start_position`, or a body of the wrong shape \
            (`invalid_body`)", body = ErrorBody),
    ))]
async fn create_tournament(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewTournamentDto>,
) -> Result<(StatusCode, axum::Json<TournamentDto>), AppError> {
    let request = TournamentRequest {
        name: &body.name,
        variant: body.variant,
        format: body.format,
        options: FormatOptions {
            section_size: body.section_size,
            both_colours: body.both_colours,
            advance: body.advance,
            rounds: body.rounds,
            games_per_match: body.games_per_match,
        },
        terms: Terms {
            time_control: body.time_control.map_or(TimeControl::DEFAULT, Into::into),
            stops: body.stops(),
            limit: GameLimit::asked(body.max_game_days, body.deadline_rule.as_deref())?,
            rated: body.rated,
            engines_allowed: body.engines_allowed,
            min_players: body.min_players.unwrap_or(2),
            max_players: body.max_players.unwrap_or(64),
            min_rating: body.min_rating,
            max_rating: body.max_rating,
            requirements: domain::reliability::card::Requirements {
                max_time_loss_percent: body.max_time_loss_percent,
                min_finished_games: body.min_finished_games,
            },
            private: body.private,
            starts_at: start_time(body.starts_at.as_deref())?,
        },
        start: domain::challenges::read_start(
            body.variant,
            body.start_position.as_deref().unwrap_or(""),
        )?,
    };
    let tournament = tournaments::create(&state, &user, &request).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(TournamentDto::of(tournament, Some(&user))),
    ))
}

/// The list's query.
#[derive(Debug, Default, Deserialize, IntoParams)]
pub struct ListQuery {
    /// `open` (the default), `running`, `finished` or `cancelled`; anything else is
    /// refused with 422 `invalid_status`.
    pub status: Option<String>,
}

/// Tournaments of one status: public ones, and the private ones the caller organises
/// or entered; at most 100.
#[utoipa::path(get, path = "/api/v1/tournaments", tag = "tournaments",
    params(ListQuery),
    security((), ("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the tournaments", body = [TournamentDto]),
        UnknownToken,
        (status = 422, description = "an unknown status (`invalid_status`)", body = ErrorBody),
    ))]
async fn list_tournaments(
    State(state): State<Services>,
    MaybeUser(user): MaybeUser,
    Query(query): Query<ListQuery>,
) -> Result<axum::Json<Vec<TournamentDto>>, AppError> {
    let status: Status = query
        .status
        .as_deref()
        .unwrap_or("open")
        .parse()
        .map_err(|_| {
            AppError::invalid(
                "invalid_status",
                "status is open, running, finished or cancelled",
            )
        })?;
    let list = tournaments::list(&state, user.as_ref(), status).await?;
    Ok(axum::Json(
        list.into_iter()
            .map(|tournament| TournamentDto::of(tournament, user.as_ref()))
            .collect(),
    ))
}

/// A private tournament's invitation key.
#[derive(Debug, Default, Deserialize, IntoParams)]
pub struct InviteQuery {
    /// The invitation key from the link (private tournaments).
    pub invite: Option<String>,
}

/// A tournament with its entrants and the standings of every stage (tie-breaks
/// computed from the games).
#[utoipa::path(get, path = "/api/v1/tournaments/{id}", tag = "tournaments",
    params(("id" = String, Path), InviteQuery),
    security((), ("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the tournament", body = TournamentDetailDto),
        UnknownToken,
        (status = 404, description = "no such tournament (or a private one without its \
            key)", body = ErrorBody),
    ))]
async fn show_tournament(
    State(state): State<Services>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<String>,
    Query(query): Query<InviteQuery>,
) -> Result<axum::Json<TournamentDetailDto>, AppError> {
    let tournament =
        tournaments::visible(&state, user.as_ref(), &id, query.invite.as_deref()).await?;
    let standings = standings::read(&state, &tournament).await?;
    let schedule = schedule::read(&state, &tournament, &standings).await?;
    let expected = domain::reliability::expected_length(
        &state,
        tournament.variant,
        tournament.terms.time_control,
        [user.as_ref().map(|user| user.id.as_str()), None],
    )
    .await?;
    Ok(axum::Json(TournamentDetailDto::of(
        tournament,
        standings,
        user.as_ref(),
        expected,
        schedule,
    )))
}

/// Joining: a private tournament's key.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct JoinDto {
    /// The invitation key (private tournaments).
    #[serde(default)]
    pub invite: Option<String>,
}

/// Enters the caller in an open tournament, or in a running league (from its next
/// season).
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/join", tag = "tournaments",
    params(("id" = String, Path)),
    request_body = JoinDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the tournament", body = TournamentDto),
        NotSignedIn,
        (status = 403, description = "the computer's account, or a cross-site request \
            with the session cookie", body = ErrorBody),
        (status = 404, description = "no such tournament (or a private one without its \
            key)", body = ErrorBody),
        (status = 409, description = "`tournament_started`, `already_joined`, \
            `tournament_full`, `game_allowance` (the caller plays as many games as their \
            allowance lets them), `timeout_cooldown` (a game of theirs was lost on time \
            lately: docs/time.md), `reliability_required` (their reliability card falls \
            short of what the tournament asks)", body = ErrorBody),
        (status = 422, description = "the caller's rating in the variant is outside the \
            limits (`rating_outside_limits`)", body = ErrorBody),
    ))]
async fn join_tournament(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<JoinDto>,
) -> Result<axum::Json<TournamentDto>, AppError> {
    let tournament = tournaments::join(&state, &user, &id, body.invite.as_deref()).await?;
    Ok(axum::Json(TournamentDto::of(tournament, Some(&user))))
}

/// Takes the caller out: before the start their entry is deleted; after it they
/// withdraw and their games still being played are resigned.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/leave", tag = "tournaments",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the tournament", body = TournamentDto),
        NotSignedIn,
        (status = 403, description = "a cross-site request with the session cookie",
            body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 409, description = "`not_joined`, `tournament_over`, \
            `tournament_changed` (it started meanwhile: try again)", body = ErrorBody),
    ))]
async fn leave_tournament(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<axum::Json<TournamentDto>, AppError> {
    let tournament = tournaments::leave(&state, &user, &id).await?;
    Ok(axum::Json(TournamentDto::of(tournament, Some(&user))))
}

/// The organiser starts their open tournament now (with at least its fewest entrants).
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/start", tag = "tournaments",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the started tournament", body = TournamentDto),
        NotSignedIn,
        (status = 403, description = "not the organiser (`not_organiser`), or a \
            cross-site request with the session cookie", body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 409, description = "`tournament_started`, `not_enough_players`",
            body = ErrorBody),
    ))]
async fn start_tournament(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<axum::Json<TournamentDto>, AppError> {
    let tournament = tournaments::start_now(&state, &user, &id).await?;
    Ok(axum::Json(TournamentDto::of(tournament, Some(&user))))
}

/// The organiser cancels their tournament before it starts.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/cancel", tag = "tournaments",
    params(("id" = String, Path)),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the cancelled tournament", body = TournamentDto),
        NotSignedIn,
        (status = 403, description = "not the organiser (`not_organiser`), or a \
            cross-site request with the session cookie", body = ErrorBody),
        (status = 404, description = "no such tournament", body = ErrorBody),
        (status = 409, description = "it has started (`tournament_started`)",
            body = ErrorBody),
    ))]
async fn cancel_tournament(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<axum::Json<TournamentDto>, AppError> {
    let tournament = tournaments::cancel(&state, &user, &id).await?;
    Ok(axum::Json(TournamentDto::of(tournament, Some(&user))))
}

/// The player the organiser removes.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RemoveDto {
    /// The entrant's name.
    pub player: String,
}

/// The organiser removes an entrant: before the start the entry is deleted; after it
/// the player is out and their games still being played are resigned.
#[utoipa::path(post, path = "/api/v1/tournaments/{id}/remove", tag = "tournaments",
    params(("id" = String, Path)),
    request_body = RemoveDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the tournament", body = TournamentDto),
        NotSignedIn,
        (status = 403, description = "not the organiser (`not_organiser`), or a \
            cross-site request with the session cookie", body = ErrorBody),
        (status = 404, description = "no such tournament or player", body = ErrorBody),
        (status = 409, description = "`not_joined`, `tournament_over`, \
            `tournament_changed`", body = ErrorBody),
    ))]
async fn remove_player(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<RemoveDto>,
) -> Result<axum::Json<TournamentDto>, AppError> {
    if store::names_nothing(&body.player) {
        return Err(AppError::NotFound("player"));
    }
    let tournament = tournaments::remove(&state, &user, &id, &body.player).await?;
    Ok(axum::Json(TournamentDto::of(tournament, Some(&user))))
}
