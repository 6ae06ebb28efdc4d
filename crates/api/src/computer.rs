//! Playing the computer.

use axum::{Router, extract::State, http::StatusCode, routing::post};
use rules::Variant;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    challenges::{color_choice_schema, variant_id_schema},
    clocks::game_terms_body,
    games::GameDto,
};
use crate::answers::{CrossSite, NotSignedIn};
use domain::{
    Services,
    challenges::ColorChoice,
    computer::{self, NewComputerGame},
    game::{self, TimeControl},
};
use edge::extract::{CurrentUser, Json};
use vocab::error::{AppError, ErrorBody};

/// The routes of games against the computer.
pub(crate) fn routes() -> Router<Services> {
    Router::new().route("/api/v1/computer-games", post(create))
}

game_terms_body! {
    /// A new game against the computer.
    #[derive(Debug, Deserialize, ToSchema)]
    pub struct NewComputerGameDto {
        /// A variant id, such as `reversi-6x6`.
        #[schema(schema_with = variant_id_schema)]
        #[serde(deserialize_with = "edge::field::variant_id")]
        pub variant: Variant,
        /// The computer's level: 1 (plays almost at random) to 8 (its best).
        #[serde(deserialize_with = "super::whole_number")]
        #[schema(minimum = 1, maximum = 8)]
        pub level: i64,
        /// The caller's colour: `white`, `black` or `random` (default `random`).
        #[schema(schema_with = color_choice_schema)]
        #[serde(
            default = "random_color",
            deserialize_with = "edge::field::color_choice"
        )]
        pub color: ColorChoice,
    }
    /// The game's time control (absent or null: three days per move). The computer
    /// answers within seconds; the clock is the caller's.
    time_control,
    /// Each player's clock stops on their weekend. Default false.
    weekends_off,
    /// A player's vacation stops their clock (default true).
    vacation_allowed,
}

fn random_color() -> ColorChoice {
    ColorChoice::Random
}

/// Starts a game against the computer at a level. The game is casual (games against the
/// computer are never rated) and counts in the variant statistics when it ends. The
/// computer's moves are computed in the background and played within seconds; follow
/// them with `GET /api/v1/games/{id}` or the game's event stream. A computer account
/// cannot be challenged.
#[utoipa::path(post, path = "/api/v1/computer-games", tag = "games",
    operation_id = "create_computer_game", request_body = NewComputerGameDto,
    security(("bearer" = []), ("session" = [])),
    responses(
        (status = 201, description = "the new game (`computer_level` names the level; when \
            the computer has White it is to move first)", body = GameDto),
        NotSignedIn, CrossSite,
        (status = 422, description = "unknown variant, level outside 1 to 8, bad colour or \
            time control (`unknown_variant`, `invalid_level`, `invalid_color`, \
            `invalid_days_per_move`, `invalid_time_control`), or a body of the wrong shape \
            (`invalid_body`)", body = ErrorBody),
        (status = 409, description = "the caller has as many active games against the \
            computer as a player may (`too_many_computer_games`, `ENGINE_PLAYER_GAMES_LIMIT`): \
            finish or resign one first", body = ErrorBody),
        (status = 429, description = "as many of the caller's games wait for the \
            computer's reply as a player may have when starting another \
            (`computer_replies_waiting`, `ENGINE_PLAYER_QUEUE_LIMIT`, with `Retry-After`): \
            other players still may; games under way go on", body = ErrorBody,
            headers(("retry-after" = u64))),
        (status = 503, description = "the computer's reply queue is full over all players \
            (`computer_busy`, with `Retry-After`): no new game starts until it drains; \
            games under way go on", body = ErrorBody, headers(("retry-after" = u64))),
    ))]
async fn create(
    State(state): State<Services>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<NewComputerGameDto>,
) -> Result<(StatusCode, axum::Json<GameDto>), AppError> {
    let request = NewComputerGame {
        variant: body.variant,
        level: body.level,
        color: body.color,
        time_control: body
            .time_control
            .map_or(TimeControl::DEFAULT, TimeControl::from),
        stops: body.stops(),
    };
    let id = computer::start(&state, &user, &request).await?;
    let detail = game::get(&state, &id).await?;
    let actions = game::available::available(&detail, Some(&user), state.now());
    Ok((
        StatusCode::CREATED,
        axum::Json(GameDto::new(detail, state.now()).with_actions(&actions)),
    ))
}
