//! Games: reading, moves, the other actions and variant statistics.

use std::sync::Arc;

use axum::{
    Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    clocks::{ClocksDto, TimeControlDto},
    conditional::ConditionalLineDto,
    deadlines::{AdjudicationDto, GameDeadlineDto},
};
use crate::answers::{NoSuchGame, NotSignedIn};
use domain::{
    Services,
    accounts::User,
    game::{
        self, GameAction, GameDetail, GameSummary,
        available::{available, available_to},
        snapshots::GameBody,
    },
    ratings::{RatingChange, SideChange},
};
use edge::extract::{CurrentUser, Json, MaybeUser, Path, Query};
use vocab::{
    clock::rfc3339,
    error::{AppError, ErrorBody},
};

/// The game routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/variants", get(variants))
        .route("/api/v1/games", get(my_games))
        .route("/api/v1/games/{id}", get(show))
        .route("/api/v1/games/{id}/moves", post(play))
        .route("/api/v1/games/{id}/resign", post(resign))
        .route("/api/v1/games/{id}/abort", post(abort))
        .route("/api/v1/games/{id}/draw/offer", post(draw_offer))
        .route("/api/v1/games/{id}/draw/accept", post(draw_accept))
        .route("/api/v1/games/{id}/draw/decline", post(draw_decline))
        .route("/api/v1/games/{id}/draw/claim", post(draw_claim))
        .route("/api/v1/games/{id}/give-time", post(give_time))
        .route("/api/v1/games/{id}/pause/offer", post(pause_offer))
        .route("/api/v1/games/{id}/pause/accept", post(pause_accept))
        .route("/api/v1/games/{id}/pause/decline", post(pause_decline))
}

/// A game, as API.md describes it.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameDto {
    /// Its id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// White's username.
    pub white: String,
    /// Black's username.
    pub black: String,
    /// Who plays White's account: `human`, `computer` (the server's engine) or `bot`.
    #[schema(schema_with = account_kind_schema)]
    pub white_kind: String,
    /// Who plays Black's account.
    #[schema(schema_with = account_kind_schema)]
    pub black_kind: String,
    /// In a game against the computer, its level (1 to 8); null otherwise.
    #[schema(minimum = 1, maximum = 8)]
    pub computer_level: Option<u8>,
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// null, `1-0`, `0-1`, `1/2-1/2` or `0-0` (both lost at the deadline).
    pub result: Option<String>,
    /// null, `normal`, `resignation`, `agreement`, `timeout`, `claim` or `adjudicated`
    /// (decided at the game's own deadline: see `adjudication`).
    pub termination: Option<String>,
    /// The detail of the end: `checkmate`, `stalemate`, `board_full`, `no_moves`,
    /// `threefold_repetition`, `resignation`, `timeout`, `aborted`, …
    pub end_reason: Option<String>,
    /// Moves played so far, passes included.
    pub ply: u32,
    /// `white`, `black`, or null when the game is not active.
    pub to_move: Option<String>,
    /// Canonical move texts in order.
    pub moves: Vec<String>,
    /// The legal moves of the side to move; empty when the game is not active.
    pub legal_moves: Vec<String>,
    /// Draws the side to move may claim now (`threefold_repetition`, `fifty_move_rule`).
    pub draw_claims: Vec<String>,
    /// How the side to move enters a move, step by step (null when the game is not
    /// active): `{"steps": [{"name", "kind", "prompt"}, …], "step", "options"}`. `steps`
    /// lists the variant's steps in order (`kind`: `origin`, `destination`, `hand`,
    /// `promotion` or `erase`); `step` names the first one and `options` what can be
    /// picked at it. An option is `{"pick", "move"}` when the pick completes a move (its
    /// canonical text; with `display`, the move as people write it, where that differs:
    /// SAN in chess) or `{"pick", "next"}` when it leads to the next step, shaped like
    /// the first (`{"step", "options"}`). A pick is a square (`e2`), a piece letter (`Q`,
    /// from the hand or for a promotion) or `pass`. Chess: `e2` → `e4` is `e2e4`; Knight
    /// Fight: `e3` → `g7` is `e3:g7`.
    #[schema(value_type = Option<Object>, example = json!({
        "steps": [
            {"name": "from", "kind": "destination", "prompt": "knight_fight"},
            {"name": "erase", "kind": "erase", "prompt": "knight_fight_double"}
        ],
        "step": "from",
        "options": [
            {"pick": "b1", "move": "b1"},
            {"pick": "a1", "next": {"step": "erase", "options": [{"pick": "b2", "move": "a1:b2"}]}}
        ]
    }))]
    pub input: Option<rules::MoveInput>,
    /// Disc counts or points; null for chess.
    #[schema(value_type = Option<Object>)]
    pub scores: Option<rules::Scores>,
    /// The position: chess `{"fen"}`; reversi and chess-reversi `{"squares"}`;
    /// knight-fight `{"numbers", "knights"}`.
    #[schema(value_type = Object)]
    pub position: rules::PositionSnapshot,
    /// The setup as created: Knight Fight's numbers (`{"numbers": {"a1": 57, …}}`),
    /// Chess960's start position by its number (`{"start": 518}`), a chosen chess start
    /// (`{"fen": "…"}`) or Reversi opening (`{"opening": "8x8-07"}`); null otherwise.
    #[schema(value_type = Option<Object>)]
    pub setup: rules::Setup,
    /// When the player to move runs out of time (RFC 3339), null when not active.
    pub deadline: Option<String>,
    /// null, `white` or `black`: who offers a draw.
    pub draw_offer: Option<String>,
    /// Days per move: the per-move days, a time bank's initial days, 0 untimed (see
    /// `time_control`).
    pub days_per_move: i64,
    /// How the game's time is counted.
    pub time_control: TimeControlDto,
    /// Both players' clocks when the game was read.
    pub clocks: ClocksDto,
    /// Whether each player's clock stops on their weekend (Saturday and Sunday in their
    /// own time zone).
    pub weekends_off: bool,
    /// Whether a player's vacation stops their clock.
    pub vacation_allowed: bool,
    /// Whether a player's nightly pause stops their clock.
    pub nights_allowed: bool,
    /// The game's own deadline, if a challenge or tournament limited its days: once it
    /// passes the game takes no more moves (409 `past_game_deadline`) and is decided by
    /// its rule within seconds; null: none.
    pub game_deadline: Option<GameDeadlineDto>,
    /// How the game was decided at that deadline (`termination` `adjudicated`); null
    /// otherwise.
    pub adjudication: Option<AdjudicationDto>,
    /// A loss on time within 72 hours after another loss on time of the same player:
    /// such a game changes no rating.
    pub serial_timeout: bool,
    /// null, `white` or `black`: who asks for a pause.
    pub pause_offer: Option<String>,
    /// While an agreed pause stops both clocks: when it ends (RFC 3339); else null.
    pub paused_until: Option<String>,
    /// Days White gave Black (at most 3).
    pub white_time_gifts: i64,
    /// Days Black gave White (at most 3).
    pub black_time_gifts: i64,
    /// When the game began (RFC 3339).
    pub created_at: String,
    /// Rated or casual.
    pub rated: bool,
    /// Whether the players may use engines (its challenge's or tournament's policy);
    /// the analysis board's evaluation follows it (docs/analysis.md).
    pub engines_allowed: bool,
    /// Where it comes from: `challenge`, `tournament`, `rematch`, `computer`, or
    /// `import` (carried over from elsewhere with its moves so far).
    pub source: String,
    /// Once a rated game has ended and been rated: each player's rating before and after
    /// (null for casual games, games still going, and those too short to rate).
    pub rating_change: Option<RatingChangeDto>,
    /// Once the game has ended, its players' conditional lines still pending at its end
    /// (part of the record, in the order they were entered); null while the game goes on
    /// (they are private).
    pub conditional_lines: Option<Vec<ConditionalLineDto>>,
    /// Once the game has ended, the moves a repertoire played, numbered as the record
    /// numbers them (`3. Bb5`, `3... a6`); null while the game goes on (they are
    /// private).
    pub repertoire_moves: Option<Vec<String>>,
    /// What the caller may do now besides moving, by the names of the action routes and
    /// the site's forms: `resign`, `abort`, `draw-offer`, `draw-accept`, `draw-decline`,
    /// `draw-claim`, `give-time`, `pause-offer`, `pause-accept`, `pause-decline`. The
    /// same list the game page's buttons come from; each one listed is one the action's
    /// route takes now (offering while the opponent offers accepts). Empty for guests,
    /// spectators and games that are over.
    #[schema(example = json!(["resign", "abort", "draw-offer"]))]
    pub actions: Vec<String>,
}

/// The account kinds, as the document's enum.
pub(crate) fn account_kind_schema() -> utoipa::openapi::Object {
    use domain::accounts::AccountKind;
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .enum_values(Some(
            [AccountKind::Human, AccountKind::Computer, AccountKind::Bot].map(AccountKind::as_str),
        ))
        .description(Some(
            "who plays the account: a person, the server's engine, or a bot program",
        ))
        .build()
}

/// One player's rating before and after a rated game.
#[derive(Debug, Serialize, ToSchema)]
pub struct SideChangeDto {
    /// The rating when the game ended, before it was rated (whole points).
    pub before: i64,
    /// The rating after it (whole points).
    pub after: i64,
    /// `after - before`.
    pub change: i64,
    /// Whether the rating before was provisional (shown as "1620?").
    pub provisional_before: bool,
    /// Whether the rating after is provisional.
    pub provisional_after: bool,
}

/// Both players' rating change.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingChangeDto {
    /// White's.
    pub white: SideChangeDto,
    /// Black's.
    pub black: SideChangeDto,
}

impl From<SideChange> for SideChangeDto {
    fn from(side: SideChange) -> SideChangeDto {
        SideChangeDto {
            before: side.before.whole_points(),
            after: side.after.whole_points(),
            change: side.points(),
            provisional_before: side.before.is_provisional(),
            provisional_after: side.after.is_provisional(),
        }
    }
}

impl From<RatingChange> for RatingChangeDto {
    fn from(change: RatingChange) -> RatingChangeDto {
        RatingChangeDto {
            white: change.white.into(),
            black: change.black.into(),
        }
    }
}

impl GameDto {
    /// `detail` as the API shows it now, with what its record holds once it has ended
    /// (the conditional lines pending at the end).
    ///
    /// # Errors
    ///
    /// Database errors.
    pub async fn with_record(state: &Services, detail: GameDetail) -> Result<GameDto, AppError> {
        let (lines, repertoire) = if detail.status == game::GameStatus::Active {
            (None, None)
        } else {
            let mut conn = state.db.pool.acquire().await?;
            let lines = if detail.conditional_lines == 0 {
                Vec::new()
            } else {
                game::conditional::for_page(&mut conn, None, &detail).await?
            };
            let repertoire = game::conditional::played_moves(&mut conn, &detail).await?;
            (
                Some(lines.into_iter().map(ConditionalLineDto::from).collect()),
                Some(repertoire),
            )
        };
        let mut dto = GameDto::new(detail, state.now());
        dto.conditional_lines = lines;
        dto.repertoire_moves = repertoire;
        Ok(dto)
    }

    /// `self` listing `actions` as the caller's (see [`available`]).
    #[must_use]
    pub fn with_actions(mut self, actions: &[GameAction]) -> GameDto {
        self.actions = actions
            .iter()
            .map(|action| action.as_str().to_owned())
            .collect();
        self
    }

    /// `detail` as the API shows it at `now` (the clocks' time left), without what only
    /// the record of an ended game holds (`conditional_lines` is null).
    #[must_use]
    pub fn new(detail: GameDetail, now: i64) -> GameDto {
        let to_move = detail.to_move();
        let legal_moves = detail.legal_moves();
        let draw_claims = if to_move.is_some() {
            detail
                .game
                .draw_claims()
                .into_iter()
                .map(|claim| claim.as_str().to_owned())
                .collect()
        } else {
            Vec::new()
        };
        GameDto {
            variant: detail.variant().as_str().to_owned(),
            status: detail.status.as_str().to_owned(),
            result: detail.result.map(|result| result.as_str().to_owned()),
            termination: detail.termination.map(|t| t.as_str().to_owned()),
            ply: detail.game.ply(),
            to_move: to_move.map(|color| color.as_str().to_owned()),
            moves: detail.game.moves().map(str::to_owned).collect(),
            legal_moves,
            draw_claims,
            input: to_move.map(|_| detail.game.input()),
            scores: detail.game.scores(),
            position: detail.game.snapshot(),
            setup: detail.game.setup().clone(),
            deadline: detail.deadline.map(rfc3339),
            draw_offer: detail.draw_offer.map(|color| color.as_str().to_owned()),
            days_per_move: detail.time_control.legacy_days(),
            time_control: detail.time_control.into(),
            clocks: ClocksDto::of(&detail, now),
            weekends_off: detail.stop_rules.weekends_off,
            vacation_allowed: detail.stop_rules.vacation_allowed,
            nights_allowed: detail.stop_rules.nights_allowed,
            game_deadline: detail.game_deadline.map(Into::into),
            adjudication: detail.adjudication.as_deref().map(Into::into),
            serial_timeout: detail.serial_timeout,
            pause_offer: detail.pause_offer.map(|color| color.as_str().to_owned()),
            paused_until: detail
                .pause
                .filter(|(_, until)| *until > now)
                .map(|(_, until)| rfc3339(until)),
            white_time_gifts: detail.time_gifts[0],
            black_time_gifts: detail.time_gifts[1],
            created_at: rfc3339(detail.created_at),
            rated: detail.rated,
            engines_allowed: detail.engines_allowed,
            source: detail.source.as_str().to_owned(),
            rating_change: detail
                .rating_change
                .as_deref()
                .copied()
                .map(RatingChangeDto::from),
            conditional_lines: None,
            repertoire_moves: None,
            actions: Vec::new(),
            end_reason: detail.end_reason.map(|reason| reason.as_str().to_owned()),
            white_kind: detail.white_kind.as_str().to_owned(),
            black_kind: detail.black_kind.as_str().to_owned(),
            computer_level: detail.computer().map(|(_, level)| level.number()),
            id: detail.id,
            white: detail.white,
            black: detail.black,
        }
    }
}

/// A move: its canonical text and the ply the player saw.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MoveDto {
    /// The canonical move text (`e2e4`, `d3`, `Kd4`, `e3:g7`; SAN is accepted for chess).
    #[serde(rename = "move")]
    pub move_text: String,
    /// The game's ply the player saw (409 if it is no longer the current one).
    #[serde(deserialize_with = "super::whole_number")]
    pub ply: u32,
}

/// A line of the caller's game list.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameSummaryDto {
    /// Its id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// White's username.
    pub white: String,
    /// Black's username.
    pub black: String,
    /// Who plays White's account: `human`, `computer` or `bot`.
    #[schema(schema_with = account_kind_schema)]
    pub white_kind: String,
    /// Who plays Black's account.
    #[schema(schema_with = account_kind_schema)]
    pub black_kind: String,
    /// In a game against the computer, its level (1 to 8); null otherwise.
    #[schema(minimum = 1, maximum = 8)]
    pub computer_level: Option<u8>,
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// The result once finished.
    pub result: Option<String>,
    /// Moves played.
    pub ply: i64,
    /// The side to move while active.
    pub to_move: Option<String>,
    /// The deadline while active (RFC 3339); null when untimed.
    pub deadline: Option<String>,
    /// Seconds until the deadline when the list was read; null when there is none.
    pub seconds_left: Option<i64>,
    /// Whether the caller is to move.
    pub your_turn: bool,
    /// Rated or casual.
    pub rated: bool,
    /// When it ended (RFC 3339), null while active.
    pub finished_at: Option<String>,
    /// How the game's time is counted.
    pub time_control: TimeControlDto,
}

impl GameSummaryDto {
    /// `game` as the API lists it at `now`.
    #[must_use]
    pub fn new(game: GameSummary, now: i64) -> GameSummaryDto {
        let seconds_left = game.turn_clock(now).map(|clock| clock.left);
        GameSummaryDto {
            white_kind: game.white_kind.as_str().to_owned(),
            black_kind: game.black_kind.as_str().to_owned(),
            computer_level: game.computer_level().map(|level| level.number()),
            id: game.id,
            variant: game.variant.as_str().to_owned(),
            white: game.white,
            black: game.black,
            status: game.status.as_str().to_owned(),
            result: game.result.map(|result| result.as_str().to_owned()),
            ply: game.ply,
            to_move: game.to_move.map(|color| color.as_str().to_owned()),
            deadline: game.deadline.map(rfc3339),
            seconds_left,
            your_turn: game.your_turn,
            rated: game.rated,
            finished_at: game.finished_at.map(rfc3339),
            time_control: game.time_control.into(),
        }
    }
}

/// A variant with its results.
#[derive(Debug, Serialize, ToSchema)]
pub struct VariantDto {
    /// The variant id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Finished games White won.
    pub white_wins: i64,
    /// Finished games Black won.
    pub black_wins: i64,
    /// Drawn games.
    pub draws: i64,
    /// Games both sides lost at their deadline (the `both_lose` rule).
    pub both_lost: i64,
    /// Finished games (aborted ones count nowhere).
    pub games: i64,
}

/// Every variant with its result counters.
#[utoipa::path(get, path = "/api/v1/variants", tag = "games",
    responses((status = 200, description = "every variant with its results",
        body = [VariantDto])))]
async fn variants(State(state): State<Services>) -> Result<axum::Json<Vec<VariantDto>>, AppError> {
    let stats = game::variant_stats(&state).await?;
    Ok(axum::Json(
        stats
            .into_iter()
            .map(|stats| VariantDto {
                id: stats.variant.as_str().to_owned(),
                name: stats.variant.name().to_owned(),
                white_wins: stats.white_wins,
                black_wins: stats.black_wins,
                draws: stats.draws,
                both_lost: stats.both_lost,
                games: stats.games(),
            })
            .collect(),
    ))
}

/// Which page of the caller's games.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MyGamesQuery {
    /// The cursor of the previous page's `Link: <…>; rel="next"` (absent or empty: the
    /// first page).
    #[param(pattern = r"^$|^-?[0-9]{1,18}_[0-9A-Za-z]{1,64}$")]
    pub after: Option<String>,
}

/// The caller's games. The first page: their turn first (soonest deadline first, untimed
/// last), then those waiting for the opponent (most recent activity first), then the 50
/// most recently ended. Older ended games follow a page at a time: when there are more,
/// the `Link` header names the next page (`rel="next"`, with `?after=`).
#[utoipa::path(get, path = "/api/v1/games", tag = "games", params(MyGamesQuery),
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the caller's games", body = [GameSummaryDto],
            headers(("Link" = String, description = "`</api/v1/games?after=…>; rel=\"next\"` \
                when older ended games follow"))),
        NotSignedIn,
        (status = 422, description = "a cursor this list did not give (`invalid_cursor`)",
            body = ErrorBody),
    ))]
async fn my_games(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<MyGamesQuery>,
) -> Result<Response, AppError> {
    let page = game::list_for_user(&state, &user, query.after.as_deref()).await?;
    let mut headers = HeaderMap::new();
    if let Some(next) = &page.next {
        // The cursor is digits, '_', '-' and ASCII letters: a valid header value.
        let link = format!("</api/v1/games?after={next}>; rel=\"next\"");
        headers.insert(
            header::LINK,
            HeaderValue::from_str(&link).map_err(AppError::internal)?,
        );
    }
    let games: Vec<GameSummaryDto> = page
        .games
        .into_iter()
        .map(|game| GameSummaryDto::new(game, state.now()))
        .collect();
    Ok((headers, axum::Json(games)).into_response())
}

/// One game; to a signed-in player of it, with the actions they may take now (`actions`).
#[utoipa::path(get, path = "/api/v1/games/{id}", tag = "games", operation_id = "show_game",
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "the game", body = GameDto),
        NoSuchGame,
    ))]
async fn show(
    State(state): State<Services>,
    viewer: Result<MaybeUser, AppError>,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let detail = game::shown(&state, &id).await?;
    // A public read: credentials that do not sign in read it as a guest.
    let color = match viewer {
        Ok(MaybeUser(Some(user))) => detail.color_of(&user.id),
        _ => None,
    };
    // Built once per snapshot, second and viewer's colour (see `GameBody`): the
    // players' bodies list their actions, everyone else's none.
    let key = match color {
        Some(color) => format!("{id}/{color}"),
        None => id.clone(),
    };
    let now = state.now();
    let bodies = &state.caches.game_bodies;
    let same = |body: &GameBody| body.now == now && Arc::ptr_eq(&body.detail, &detail);
    let ticket = match bodies.get_if(key.as_str(), same) {
        Ok(body) => return Ok(json_body(body.json.clone())),
        Err(ticket) => ticket,
    };
    let actions = available_to(&detail, color, now);
    let dto = GameDto::with_record(&state, (*detail).clone())
        .await?
        .with_actions(&actions);
    let json = Bytes::from(serde_json::to_vec(&dto).map_err(AppError::internal)?);
    let body = GameBody {
        detail,
        now,
        json: json.clone(),
    };
    bodies.keep(ticket, key, Arc::new(body));
    Ok(json_body(json))
}

/// `json` as a response with its content type.
fn json_body(json: Bytes) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        json,
    )
        .into_response()
}

/// Plays a move.
#[utoipa::path(post, path = "/api/v1/games/{id}/moves", tag = "games",
    params(("id" = String, Path)), request_body = MoveDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 200, description = "the game after the move", body = GameDto),
        NotSignedIn,
        (status = 403, description = "not your turn, not a player, or a cross-site request \
            with the session cookie", body = ErrorBody),
        NoSuchGame,
        (status = 409, description = "`ply` is not the current ply (`stale_ply`), the game is \
            over (`game_over`), or the time to move ran out (`time_out`: the game is now lost \
            on time)", body = ErrorBody),
        (status = 422, description = "illegal or malformed move, or a body of the wrong \
            shape (`invalid_body`)", body = ErrorBody),
    ))]
async fn play(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<MoveDto>,
) -> Result<axum::Json<GameDto>, AppError> {
    let detail = game::play_move(&state, &user, &id, &body.move_text, body.ply).await?;
    Ok(axum::Json(for_caller(&state, &user, detail).await?))
}

/// `detail` as the API shows it to `user`, who just moved or acted: with their actions.
async fn for_caller(
    state: &Services,
    user: &User,
    detail: GameDetail,
) -> Result<GameDto, AppError> {
    let actions = available(&detail, Some(user), state.now());
    Ok(GameDto::with_record(state, detail)
        .await?
        .with_actions(&actions))
}

/// The query of an action: optionally the ply the player saw (409 `stale_ply` if the game
/// is no longer at it).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActionQuery {
    /// The game's ply the player saw.
    pub ply: Option<u32>,
}

macro_rules! game_action {
    ($name:ident, $path:literal, $action:expr, $doc:literal, $conflict:literal) => {
        #[doc = $doc]
        #[utoipa::path(post, path = $path, tag = "games",
                    params(("id" = String, Path), ActionQuery),
                    security(("bearer" = []), ("session" = [])),
                    responses(
                        (status = 200, description = "the game after the action", body = GameDto),
                        NotSignedIn,
                        (status = 403, description = "not a player (or not your turn), or a \
                    cross-site request with the session cookie", body = ErrorBody),
                        NoSuchGame,
                        (status = 409, description = $conflict, body = ErrorBody),
                    ))]
        async fn $name(
            State(state): State<Services>,
            CurrentUser(user): CurrentUser,
            Path(id): Path<String>,
            Query(query): Query<ActionQuery>,
        ) -> Result<axum::Json<GameDto>, AppError> {
            let detail = game::act(&state, &user, &id, $action, query.ply).await?;
            Ok(axum::Json(for_caller(&state, &user, detail).await?))
        }
    };
}

game_action!(
    resign,
    "/api/v1/games/{id}/resign",
    GameAction::Resign,
    "Resigns: the caller loses.",
    "the game is over (`game_over`, `time_out`), or `ply` is stale"
);
game_action!(
    abort,
    "/api/v1/games/{id}/abort",
    GameAction::Abort,
    "Aborts the game before both sides have moved.",
    "the game is over, both have moved (`too_late_to_abort`), or `ply` is stale"
);
game_action!(
    draw_offer,
    "/api/v1/games/{id}/draw/offer",
    GameAction::OfferDraw,
    "Offers a draw (accepts the opponent's offer if there is one). One offer per player per \
     move, at most three per player per game.",
    "the game is over, the caller already offers (`draw_already_offered`), offered at this \
     move (`draw_offer_this_move`) or three times (`too_many_draw_offers`), the opponent is \
     the computer (`computer_game`), or `ply` is stale"
);
game_action!(
    draw_accept,
    "/api/v1/games/{id}/draw/accept",
    GameAction::AcceptDraw,
    "Accepts the opponent's draw offer.",
    "the game is over, no offer stands (`no_draw_offer`), or `ply` is stale"
);
game_action!(
    draw_decline,
    "/api/v1/games/{id}/draw/decline",
    GameAction::DeclineDraw,
    "Declines the opponent's draw offer.",
    "the game is over, no offer stands (`no_draw_offer`), or `ply` is stale"
);
game_action!(
    draw_claim,
    "/api/v1/games/{id}/draw/claim",
    GameAction::ClaimDraw,
    "Claims a draw by threefold repetition or the fifty-move rule (chess).",
    "the game is over, there is no draw to claim (`no_draw_claim`), or `ply` is stale"
);
game_action!(
    give_time,
    "/api/v1/games/{id}/give-time",
    GameAction::GiveTime,
    "Gives the opponent, while they are to move, a day of running time (at most three days \
     per player per game).",
    "the game is over or untimed (`untimed_game`), paused (`already_paused`), the opponent \
     is not to move (`give_time_on_their_turn`), three days were given \
     (`too_many_time_gifts`), the opponent is the computer (`computer_game`), or `ply` is \
     stale"
);
game_action!(
    pause_offer,
    "/api/v1/games/{id}/pause/offer",
    GameAction::OfferPause,
    "Asks for a pause of both clocks for seven days (accepts the opponent's request if there \
     is one). The request lapses when the opponent moves; at most two pauses per game.",
    "the game is over or untimed (`untimed_game`), paused (`already_paused`), the caller \
     already asks (`pause_already_offered`), two pauses were agreed (`too_many_pauses`), the \
     opponent is the computer (`computer_game`), or `ply` is stale"
);
game_action!(
    pause_accept,
    "/api/v1/games/{id}/pause/accept",
    GameAction::AcceptPause,
    "Accepts the opponent's pause request: both clocks stop for seven days from now.",
    "the game is over, no request stands (`no_pause_offer`), or `ply` is stale"
);
game_action!(
    pause_decline,
    "/api/v1/games/{id}/pause/decline",
    GameAction::DeclinePause,
    "Declines the opponent's pause request.",
    "the game is over, no request stands (`no_pause_offer`), or `ply` is stale"
);
