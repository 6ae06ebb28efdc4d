//! The JSON API under `/api/v1`: thin handlers over the domain functions, and the
//! OpenAPI document generated from them.

pub mod account_care;
pub mod accounts;
pub mod analysis;
pub mod answers;
pub mod challenges;
pub mod chat;
pub mod clocks;
pub mod computer;
pub mod conditional;
pub mod deadlines;
pub mod events;
pub mod games;
pub mod lichess;
pub mod moderation;
pub mod notifications;
pub mod push;
pub mod ratings;
pub mod reliability;
pub mod repertoire;
pub mod time_settings;
pub mod tournaments;

use axum::{Router, routing::get};
use utoipa::{
    Modify, OpenApi,
    openapi::{
        ContentBuilder, Ref, ResponseBuilder,
        path::{Operation, ParameterIn},
        security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme},
    },
};

use domain::{
    Services,
    events::{ChatNotice, GameEvent, NotificationNotice, TurnNotice},
};
use vocab::error::ErrorBody;

/// The OpenAPI 3 document of the whole API.
#[derive(OpenApi)]
#[openapi(
    info(title = "Boardgames API", description = "Correspondence board games: accounts, \
        challenges and games. Mutating calls take `Authorization: Bearer <token>` (scheme \
        `bearer`) or the session cookie (scheme `session`; cross-site requests with it are \
        refused with 403). Errors are `{\"error\", \"message\"}`."),
    paths(
        accounts::register, accounts::create_token, accounts::login, accounts::logout,
        accounts::me, accounts::list_tokens, accounts::revoke_token, accounts::play_settings,
        accounts::change_play_settings,
        time_settings::show, time_settings::change, time_settings::start, time_settings::end,
        challenges::create, challenges::list, challenges::show, challenges::accept,
        challenges::cancel,
        computer::create,
        games::variants, games::my_games, games::show, games::play, games::resign,
        games::abort, games::draw_offer, games::draw_accept, games::draw_decline,
        games::draw_claim, games::give_time, games::pause_offer, games::pause_accept,
        games::pause_decline,
        events::game_events, events::my_events,
        notifications::list_notifications, notifications::unread_notifications,
        notifications::mark_read, notifications::mark_all_read,
        notifications::notification_preferences,
        notifications::change_notification_preferences,
        push::push_key, push::list_push_subscriptions, push::create_push_subscription,
        push::delete_push_subscription,
        notifications::show_email, notifications::set_email,
        ratings::leaderboard, ratings::profile, ratings::player_games, ratings::variant_games,
        lichess::account::account, lichess::account::upgrade, lichess::stream::events,
        lichess::challenges::create, lichess::challenges::list, lichess::challenges::accept,
        lichess::challenges::decline, lichess::challenges::cancel,
        lichess::games::bot::stream, lichess::games::bot::play_move,
        lichess::games::bot::resign, lichess::games::bot::abort, lichess::games::bot::draw,
        lichess::games::bot::claim_draw, lichess::games::bot::chat,
        lichess::games::bot::write_chat,
        lichess::games::board::stream, lichess::games::board::play_move,
        lichess::games::board::resign, lichess::games::board::abort,
        lichess::games::board::draw, lichess::games::board::claim_draw,
        lichess::games::board::chat, lichess::games::board::write_chat,
        chat::show_chat, chat::post_line, chat::show_note, chat::save_note, chat::list_blocks,
        chat::add_block, chat::remove_block, chat::chat_settings, chat::change_chat_settings,
        conditional::list_lines, conditional::add_line, conditional::delete_line,
        analysis::evaluate, analysis::request_review, analysis::show_review,
        repertoire::list_repertoire, repertoire::add_repertoire_line,
        repertoire::delete_repertoire_line, repertoire::add_repertoire_line_from_game,
        repertoire::switch_repertoire,
        account_care::change_password, account_care::export, account_care::delete_account,
        moderation::file_report, moderation::list_reports, moderation::close_report,
        moderation::show_account, moderation::sanction, moderation::show_log,
        tournaments::list_tournaments, tournaments::create_tournament,
        tournaments::show_tournament, tournaments::join_tournament,
        tournaments::leave_tournament, tournaments::start_tournament,
        tournaments::cancel_tournament, tournaments::remove_player,
    ),
    components(schemas(
        ErrorBody, GameEvent, TurnNotice, NotificationNotice, ChatNotice,
        lichess::games::DrawAnswer,
    )),
    modifiers(&SecuritySchemes, &ExtractorErrors),
    tags(
        (name = "accounts", description = "accounts, tokens, sessions"),
        (name = "challenges", description = "challenges and accepting them"),
        (name = "games", description = "games, moves, draws, statistics, games against the computer"),
        (name = "events", description = "live server-sent events: games and turn notices"),
        (name = "notifications", description = "the notification centre: notices, read, preferences, Web Push devices"),
        (name = "ratings", description = "Glicko-2 ratings per variant, leaderboards, profiles"),
        (name = "lichess", description = "the Lichess-shaped API for bots and third-party \
            clients (docs/bots.md): the account, the NDJSON event stream, challenges"),
        (name = "bot", description = "Lichess's Bot API, for bot accounts: the upgrade, game \
            streams, moves, resigning, draws"),
        (name = "board", description = "Lichess's Board API, for people's accounts playing \
            from a third-party client: game streams, moves, resigning, draws"),
        (name = "chat", description = "game chat, private notes, blocked players, who reads the chat"),
        (name = "conditional", description = "conditional moves and repertoires: lines of \
            expected moves and answers, played by the server (docs/conditional-moves.md)"),
        (name = "tournaments", description = "round-robin, Swiss and knock-out \
            tournaments: creating, joining, leaving, standings (docs/tournaments.md)"),
        (name = "moderation", description = "reports of players and chat lines, and the \
            administrators' API: mutes, bans, the log (docs/moderation.md)"),
    )
)]
pub struct ApiDoc;

/// The name of the bearer-token security scheme in the document.
pub const BEARER: &str = "bearer";
/// The name of the session-cookie security scheme in the document.
pub const SESSION: &str = "session";

/// Declares the two ways to sign a request: a bearer token and the session cookie.
struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("a personal API token from `POST /api/v1/tokens`"))
                    .build(),
            ),
        );
        components.add_security_scheme(
            SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                edge::extract::SESSION_COOKIE,
                "the browser session from `POST /api/v1/session`",
            ))),
        );
    }
}

/// Adds the answers the shared extractors give (see `extract.rs`) to every operation that
/// uses them, so no handler can forget one: a JSON body may be unreadable (400), too large
/// (413), not JSON (415) or of the wrong shape (422); a path or query parameter may not
/// decode (400). Answers a handler declares itself are kept.
struct ExtractorErrors;

impl Modify for ExtractorErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ];
            for operation in operations.into_iter().flatten() {
                add_extractor_errors(operation);
            }
        }
    }
}

fn add_extractor_errors(operation: &mut Operation) {
    let mut answers: Vec<(&str, &str)> = Vec::new();
    let reads_parameters = operation.parameters.iter().flatten().any(|parameter| {
        matches!(
            parameter.parameter_in,
            ParameterIn::Path | ParameterIn::Query
        )
    });
    if operation.request_body.is_some() {
        answers.extend([
            (
                "400",
                if reads_parameters {
                    "the body is not valid JSON, or a parameter cannot be read (`bad_request`)"
                } else {
                    "the body is not valid JSON (`bad_request`)"
                },
            ),
            (
                "413",
                "the body is larger than the limit (`payload_too_large`)",
            ),
            (
                "415",
                "the body is not `application/json` (`unsupported_media_type`)",
            ),
            (
                "422",
                "the JSON does not have the expected fields and types (`invalid_body`)",
            ),
        ]);
    } else if reads_parameters {
        answers.push(("400", "a parameter cannot be read (`bad_request`)"));
    }
    for (status, description) in answers {
        operation
            .responses
            .responses
            .entry(status.to_owned())
            .or_insert_with(|| error_answer(description).into());
    }
}

/// An error answer: `description`, with an [`ErrorBody`].
fn error_answer(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build()
}

/// Every API route, plus the OpenAPI document at `/api/v1/openapi.json`.
pub fn routes() -> Router<Services> {
    Router::new()
        .merge(accounts::routes())
        .merge(challenges::routes())
        .merge(computer::routes())
        .merge(games::routes())
        .merge(events::routes())
        .merge(ratings::routes())
        .merge(time_settings::routes())
        .merge(notifications::routes())
        .merge(push::routes())
        .merge(lichess::routes())
        .merge(chat::routes())
        .merge(conditional::routes())
        .merge(analysis::routes())
        .merge(repertoire::routes())
        .merge(account_care::routes())
        .merge(moderation::routes())
        .merge(tournaments::routes())
        .route("/api/v1/openapi.json", get(openapi))
}

/// The default of the flags that are on unless a body turns them off (`rated`,
/// `vacation_allowed`).
pub(crate) const fn true_by_default() -> bool {
    true
}

/// Reads a JSON integer into `T`, also when it is written with a fraction of zero
/// (`3.0`): JSON Schema's `integer` allows that spelling, so the API accepts it.
pub(crate) fn whole_number<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: TryFrom<i64>,
{
    use serde::{Deserialize, de::Error};
    let number = serde_json::Number::deserialize(deserializer)?;
    let whole = number.as_i64().or_else(|| {
        number
            .as_f64()
            .filter(|value| value.fract() == 0.0 && value.abs() < 9.0e15)
            .map(|value| value as i64)
    });
    whole
        .and_then(|value| T::try_from(value).ok())
        .ok_or_else(|| D::Error::custom(format!("`{number}` is not an integer in range")))
}

/// [`whole_number`] for an optional field (absent or null: `None`).
pub(crate) fn optional_whole_number<'de, D>(deserializer: D) -> Result<Option<i64>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    use serde::Deserialize;
    #[derive(Deserialize)]
    struct Whole(#[serde(deserialize_with = "whole_number")] i64);
    Ok(Option::<Whole>::deserialize(deserializer)?.map(|Whole(value)| value))
}

async fn openapi() -> axum::Json<utoipa::openapi::OpenApi> {
    axum::Json(ApiDoc::openapi())
}
