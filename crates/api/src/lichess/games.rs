//! A game through Lichess's Bot API (`/api/bot/game/…`, for bot accounts) and Board API
//! (`/api/board/…`, for people's accounts): the game stream, moves, resigning, aborting
//! and draws. Every move and action is `domain::game`'s ply-guarded one: two requests at
//! once for the same turn play one move and refuse the other.

use std::convert::Infallible;

use axum::{Extension, body::Bytes, extract::State, response::Response};
use futures_util::stream;
use serde::Deserialize;

use super::{
    Caller, Face, KEEP_ALIVE, LichessError, NoToken, Params, TooManyStreams, UnreadableBody,
    payloads::{ChatLineJson, ChatMessageJson, GameStreamLine, OkJson, game_full, game_state},
};
use crate::answers::NoSuchGame;
use domain::{
    Services,
    accounts::User,
    bots, chat,
    events::{Delivery, StreamSlot, Subscription},
    game::{self, GameAction, GameDetail, GameStatus},
};
use edge::{
    client_addr::ClientIp,
    extract::{Path, Query},
};
use vocab::error::{AppError, ErrorBody};

/// The game stream of `face` for `user`.
async fn open_stream(
    state: Services,
    client: Option<Extension<ClientIp>>,
    user: User,
    face: Face,
    id: String,
) -> Result<Response, LichessError> {
    face.admit(&user)?;
    let slot = crate::events::reserve_stream(&state, client)?;
    // Subscribe before reading, so no change between the two is lost; as the player, so
    // the game's chat lines come too.
    let subscription = state.events.subscribe(Some(&id), Some(&user.id));
    let view = bots::game_view(&state, &id).await?;
    if view.detail.color_of(&user.id).is_none() {
        return Err(AppError::forbidden("not_a_player", "you do not play in this game").into());
    }
    // The chat so far is not streamed (`GET …/chat` reads it): only the lines after it.
    let chat_seen = chat::read(&state, Some(&user), &id, 0)
        .await?
        .lines
        .last()
        .map_or(0, |line| line.seq);
    let first = GameStreamLine::Full(Box::new(game_full(&view, state.now())));
    let open = OpenGame {
        seen: Seen::of(&view.detail),
        ended: view.detail.status != GameStatus::Active,
        pending: Some(super::line(&first)),
        chat_seen,
        user,
        state,
        id,
        subscription,
        ticker: tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE),
        _slot: slot,
    };
    Ok(super::ndjson(stream::unfold(open, next_line)))
}

/// What a game stream has told: the state of the last line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    ply: u32,
    status: GameStatus,
    draw_offer: Option<rules::Color>,
}

impl Seen {
    fn of(detail: &GameDetail) -> Seen {
        Seen {
            ply: detail.game.ply(),
            status: detail.status,
            draw_offer: detail.draw_offer,
        }
    }
}

/// An open game stream.
struct OpenGame {
    state: Services,
    id: String,
    subscription: Subscription,
    ticker: tokio::time::Interval,
    seen: Seen,
    /// The player the stream is for.
    user: User,
    /// The number of the last chat line told.
    chat_seen: i64,
    /// The game is over: the stream ends once `pending` is out.
    ended: bool,
    pending: Option<Bytes>,
    _slot: Option<StreamSlot>,
}

async fn next_line(mut open: OpenGame) -> Option<(Result<Bytes, Infallible>, OpenGame)> {
    loop {
        if let Some(line) = open.pending.take() {
            return Some((Ok(line), open));
        }
        if open.ended {
            return None;
        }
        tokio::select! {
            delivery = open.subscription.next() => match delivery? {
                Delivery::Game(_) => open.read_state().await,
                Delivery::Refetch => {
                    open.read_state().await;
                    open.read_chat().await;
                }
                Delivery::Chat(notice) if notice.seq > open.chat_seen => open.read_chat().await,
                Delivery::Turns(_)
                | Delivery::Notice(_)
                | Delivery::Challenge(_)
                | Delivery::Chat(_) => {}
            },
            _ = open.ticker.tick() => return Some((Ok(Bytes::from_static(b"\n")), open)),
        }
    }
}

impl OpenGame {
    /// Reads the game and queues its state if it moved on since the last line.
    async fn read_state(&mut self) {
        let detail = match game::get(&self.state, &self.id).await {
            Ok(detail) => detail,
            Err(error) => {
                tracing::warn!(%error, game = %self.id, "the game stream could not read the game");
                return;
            }
        };
        let seen = Seen::of(&detail);
        if seen == self.seen || seen.ply < self.seen.ply {
            return;
        }
        self.ended = detail.status != GameStatus::Active;
        self.seen = seen;
        let line = GameStreamLine::State(game_state(&detail, self.state.now()));
        self.push(super::line(&line));
    }

    /// Reads the chat lines after the last one told and queues a `chatLine` for each.
    async fn read_chat(&mut self) {
        let chat = match chat::read(&self.state, Some(&self.user), &self.id, self.chat_seen).await {
            Ok(chat) => chat,
            Err(error) => {
                tracing::warn!(%error, game = %self.id, "the game stream could not read the chat");
                return;
            }
        };
        for line in &chat.lines {
            self.chat_seen = self.chat_seen.max(line.seq);
            self.push(super::line(&GameStreamLine::Chat(ChatLineJson::new(line))));
        }
    }

    /// Queues `line` after what is queued already.
    fn push(&mut self, line: Bytes) {
        self.pending = Some(match self.pending.take() {
            None => line,
            Some(queued) => [queued, line].concat().into(),
        });
    }
}

/// The body of a chat line, as Lichess names its fields.
#[derive(Debug, utoipa::ToSchema)]
pub struct ChatParams {
    /// `player` (this server has one chat per game, between its players; `spectator` is
    /// refused with `spectator_room_not_supported`).
    #[schema(example = "player")]
    pub room: String,
    /// 1 to 500 characters, as the game page's chat takes them.
    #[schema(min_length = 1, max_length = 500)]
    pub text: String,
}

/// Writes `params`' text in the chat of game `id` as `user`.
async fn write_chat(
    state: &Services,
    user: &User,
    face: Face,
    id: &str,
    params: &Params,
) -> Result<axum::Json<OkJson>, LichessError> {
    face.admit(user)?;
    match params.text("room")? {
        Some("player") => {}
        Some("spectator") => {
            return Err(AppError::invalid(
                "spectator_room_not_supported",
                "this server has one chat per game, between its players: write to the room \
                 `player`",
            )
            .into());
        }
        _ => {
            return Err(AppError::invalid(
                "invalid_room",
                "`room` must be `player` or `spectator`",
            )
            .into());
        }
    }
    let text = params
        .text("text")?
        .ok_or_else(|| AppError::invalid("empty_message", "`text` must be a line of text"))?;
    chat::post(state, user, id, text).await?;
    Ok(axum::Json(OkJson::DONE))
}

/// The chat of game `id`, oldest line first, for `user` (one of its players).
async fn read_chat(
    state: &Services,
    user: &User,
    face: Face,
    id: &str,
) -> Result<axum::Json<Vec<ChatMessageJson>>, LichessError> {
    face.admit(user)?;
    let chat = chat::read(state, Some(user), id, 0).await?;
    Ok(axum::Json(
        chat.lines
            .into_iter()
            .map(|line| ChatMessageJson {
                user: line.author,
                text: line.text,
            })
            .collect(),
    ))
}

/// The query of a move.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub(crate) struct MoveQuery {
    /// Also offer a draw (or accept the opponent's offer) with the move.
    #[serde(rename = "offeringDraw", default)]
    offering_draw: Option<bool>,
}

/// Plays `move_text` for `user` at the game's current ply (the ply guard refuses it if
/// another move comes first), then offers a draw if asked to.
async fn play(
    state: &Services,
    user: &User,
    face: Face,
    id: &str,
    move_text: &str,
    offering_draw: bool,
) -> Result<axum::Json<OkJson>, LichessError> {
    face.admit(user)?;
    let now = game::live_event(state, id).await?;
    let detail = game::play_move(state, user, id, move_text, now.ply).await?;
    if offering_draw && detail.status == GameStatus::Active {
        match game::act(state, user, id, GameAction::OfferDraw, None).await {
            Ok(_) => {}
            // The move stands: an offer that may not be made now is left out.
            Err(error) if !error.status().is_server_error() => {}
            Err(error) => return Err(error.into()),
        }
    }
    Ok(axum::Json(OkJson::DONE))
}

/// Runs `action` for `user` on game `id`.
async fn act(
    state: &Services,
    user: &User,
    face: Face,
    id: &str,
    action: GameAction,
) -> Result<axum::Json<OkJson>, LichessError> {
    face.admit(user)?;
    game::act(state, user, id, action, None).await?;
    Ok(axum::Json(OkJson::DONE))
}

/// The answer of a draw route, as the document names it.
#[derive(Debug, Clone, Copy, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DrawAnswer {
    /// Offer a draw, or accept the opponent's offer.
    Yes,
    /// Decline the opponent's offer.
    No,
    /// As `yes`.
    True,
    /// As `no`.
    False,
}

/// `yes`/`true` offers a draw (or accepts the opponent's); `no`/`false` declines theirs.
fn draw_action(accept: &str) -> Result<GameAction, AppError> {
    match accept.to_ascii_lowercase().as_str() {
        "yes" | "true" => Ok(GameAction::OfferDraw),
        "no" | "false" => Ok(GameAction::DeclineDraw),
        _ => Err(AppError::BadRequest(
            "answer a draw with `yes` (offer, or accept the opponent's offer) or `no` \
             (decline it)"
                .to_owned(),
        )),
    }
}

/// The routes and documented handlers of one face's games: `$face` is the [`Face`],
/// `$tag` its path segment, tag and operation-id prefix; `$who` says whose accounts it
/// serves, `$refusal` and `$chat_refusal` the 400 it answers a caller it is not for, and
/// `$write_chat` its chat-writing summary. Both faces are this one set of handlers.
macro_rules! face_games {
    (
        mod $module:ident,
        face: $face:ident,
        tag: $tag:literal,
        who: $who:literal,
        refusal: $refusal:literal,
        chat_refusal: $chat_refusal:literal,
        write_chat: $write_chat:literal $(,)?
    ) => {
        #[doc = concat!("The games of the `", $tag, "` face.")]
        pub(crate) mod $module {
            use super::*;

            /// The face's game routes.
            pub(crate) fn routes() -> axum::Router<Services> {
                use axum::routing::{get, post};
                axum::Router::new()
                    .route(concat!("/api/", $tag, "/game/stream/{id}"), get(stream))
                    .route(concat!("/api/", $tag, "/game/{id}/move/{move}"), post(play_move))
                    .route(concat!("/api/", $tag, "/game/{id}/resign"), post(resign))
                    .route(concat!("/api/", $tag, "/game/{id}/abort"), post(abort))
                    .route(concat!("/api/", $tag, "/game/{id}/draw/{accept}"), post(draw))
                    .route(concat!("/api/", $tag, "/game/{id}/claim-draw"), post(claim_draw))
                    .route(
                        concat!("/api/", $tag, "/game/{id}/chat"),
                        get(chat).post(write_chat),
                    )
            }

            #[utoipa::path(get, path = concat!("/api/", $tag, "/game/stream/{id}"), tag = $tag,
                operation_id = concat!($tag, "_game_stream"),
                summary = concat!("The game stream (", $who, "): `gameFull` first, then \
                    `gameState` after each change (a\nmove, a draw offer or its answer, the \
                    end), as NDJSON; it ends after the game ends.\nAn empty line every 6 s \
                    keeps it open."),
                params(("id" = String, Path)),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "the game, then its changes, one per line",
                        content_type = "application/x-ndjson", body = GameStreamLine),
                    (status = 400, description = concat!("`not_a_player`, or ", $refusal),
                        body = ErrorBody),
                    NoToken, NoSuchGame, TooManyStreams,
                ))]
            pub(crate) async fn stream(
                State(state): State<Services>,
                client: Option<Extension<ClientIp>>,
                Caller(user): Caller,
                Path(id): Path<String>,
            ) -> Result<Response, LichessError> {
                open_stream(state, client, user, Face::$face, id).await
            }

            #[utoipa::path(post, path = concat!("/api/", $tag, "/game/{id}/move/{move}"),
                tag = $tag, operation_id = concat!($tag, "_move"),
                summary = concat!("Plays a move (", $who, "): UCI for chess (`e2e4`, \
                    `e7e8q`), this server's move texts for\nthe other variants (the \
                    `legalMoves` of `gameState`). `offeringDraw=true` offers a\ndraw with it \
                    (or accepts the opponent's)."),
                params(("id" = String, Path), ("move" = String, Path), MoveQuery),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "played", body = OkJson),
                    (status = 400, description = concat!("`illegal_move`, `malformed_move`, \
                        `not_your_turn`, `game_over`, `stale_ply` (another move came first), \
                        `time_out`, `not_a_player`, or ", $refusal), body = ErrorBody),
                    NoToken, NoSuchGame,
                ))]
            pub(crate) async fn play_move(
                State(state): State<Services>,
                Caller(user): Caller,
                Path((id, move_text)): Path<(String, String)>,
                Query(query): Query<MoveQuery>,
            ) -> Result<axum::Json<OkJson>, LichessError> {
                let offering_draw = query.offering_draw.unwrap_or(false);
                play(&state, &user, Face::$face, &id, &move_text, offering_draw).await
            }

            #[utoipa::path(post, path = concat!("/api/", $tag, "/game/{id}/resign"), tag = $tag,
                operation_id = concat!($tag, "_resign"),
                summary = concat!("Resigns the game (", $who, ")."),
                params(("id" = String, Path)),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "resigned", body = OkJson),
                    (status = 400, description = concat!("`game_over`, `not_a_player`, or ",
                        $refusal), body = ErrorBody),
                    NoToken, NoSuchGame,
                ))]
            pub(crate) async fn resign(
                State(state): State<Services>,
                Caller(user): Caller,
                Path(id): Path<String>,
            ) -> Result<axum::Json<OkJson>, LichessError> {
                act(&state, &user, Face::$face, &id, GameAction::Resign).await
            }

            #[utoipa::path(post, path = concat!("/api/", $tag, "/game/{id}/abort"), tag = $tag,
                operation_id = concat!($tag, "_abort"),
                summary = concat!("Aborts the game (", $who, "), before both sides have moved."),
                params(("id" = String, Path)),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "aborted", body = OkJson),
                    (status = 400, description = concat!("`too_late_to_abort`, `game_over`, \
                        `not_a_player`, or ", $refusal), body = ErrorBody),
                    NoToken, NoSuchGame,
                ))]
            pub(crate) async fn abort(
                State(state): State<Services>,
                Caller(user): Caller,
                Path(id): Path<String>,
            ) -> Result<axum::Json<OkJson>, LichessError> {
                act(&state, &user, Face::$face, &id, GameAction::Abort).await
            }

            #[utoipa::path(post, path = concat!("/api/", $tag, "/game/{id}/draw/{accept}"),
                tag = $tag, operation_id = concat!($tag, "_draw"),
                summary = concat!("Draws (", $who, "): `yes` offers a draw, or accepts the \
                    opponent's offer; `no` declines the\nopponent's offer."),
                params(("id" = String, Path),
                    ("accept" = DrawAnswer, Path, description = "`yes` or `no`")),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "offered, accepted or declined", body = OkJson),
                    (status = 400, description = concat!("not `yes` or `no`, `no_draw_offer`, \
                        `draw_already_offered`, `draw_offer_this_move`, \
                        `too_many_draw_offers`, `game_over`, `not_a_player`, or ", $refusal),
                        body = ErrorBody),
                    NoToken, NoSuchGame,
                ))]
            pub(crate) async fn draw(
                State(state): State<Services>,
                Caller(user): Caller,
                Path((id, accept)): Path<(String, String)>,
            ) -> Result<axum::Json<OkJson>, LichessError> {
                let action = draw_action(&accept)?;
                act(&state, &user, Face::$face, &id, action).await
            }

            #[utoipa::path(post, path = concat!("/api/", $tag, "/game/{id}/claim-draw"),
                tag = $tag, operation_id = concat!($tag, "_claim_draw"),
                summary = concat!("Claims a draw (", $who, "; chess: threefold repetition or \
                    the fifty-move rule), as the\nplayer to move."),
                params(("id" = String, Path)),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "drawn", body = OkJson),
                    (status = 400, description = concat!("`no_draw_claim`, `not_your_turn`, \
                        `game_over`, `not_a_player`, or ", $refusal), body = ErrorBody),
                    NoToken, NoSuchGame,
                ))]
            pub(crate) async fn claim_draw(
                State(state): State<Services>,
                Caller(user): Caller,
                Path(id): Path<String>,
            ) -> Result<axum::Json<OkJson>, LichessError> {
                act(&state, &user, Face::$face, &id, GameAction::ClaimDraw).await
            }

            #[utoipa::path(post, path = concat!("/api/", $tag, "/game/{id}/chat"), tag = $tag,
                operation_id = concat!($tag, "_write_chat"),
                summary = $write_chat,
                params(("id" = String, Path)),
                request_body(content(
                    (ChatParams = "application/x-www-form-urlencoded"),
                    (ChatParams = "application/json"),
                )),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "written", body = OkJson),
                    (status = 400, description = concat!("`spectator_room_not_supported`, \
                        `invalid_room`, an empty or too long line (`empty_message`, \
                        `message_too_long`, `control_character`), `not_a_player`, `blocked`, \
                        `you_block`, `chat_full`, or ", $chat_refusal), body = ErrorBody),
                    NoToken, NoSuchGame, UnreadableBody,
                    (status = 429, description = "`chat_rate_limited`", body = ErrorBody),
                ))]
            pub(crate) async fn write_chat(
                State(state): State<Services>,
                Caller(user): Caller,
                Path(id): Path<String>,
                params: Params,
            ) -> Result<axum::Json<OkJson>, LichessError> {
                super::write_chat(&state, &user, Face::$face, &id, &params).await
            }

            #[utoipa::path(get, path = concat!("/api/", $tag, "/game/{id}/chat"), tag = $tag,
                operation_id = concat!($tag, "_chat"),
                summary = concat!("The game's chat, oldest line first (", $who, ")."),
                params(("id" = String, Path)),
                security(("bearer" = [])),
                responses(
                    (status = 200, description = "the chat", body = [ChatMessageJson]),
                    (status = 400, description = concat!("`chat_private` (the caller does not \
                        play in the game and its players keep the chat to themselves), or ",
                        $chat_refusal), body = ErrorBody),
                    NoToken, NoSuchGame,
                ))]
            pub(crate) async fn chat(
                State(state): State<Services>,
                Caller(user): Caller,
                Path(id): Path<String>,
            ) -> Result<axum::Json<Vec<ChatMessageJson>>, LichessError> {
                read_chat(&state, &user, Face::$face, &id).await
            }
        }
    };
}

face_games! {
    mod bot,
    face: Bot,
    tag: "bot",
    who: "bot accounts",
    refusal: "`not_a_bot` (the bot API for an account that is not a bot)",
    chat_refusal: "`not_a_bot` (the bot API for an account that is not a bot)",
    write_chat: "Writes a line in the game's chat (bot accounts), as the game page's chat \
        does: the\nsame limits, rate and blocks.",
}

face_games! {
    mod board,
    face: Board,
    tag: "board",
    who: "people's accounts",
    refusal: "`bot_account` (the board API for a bot)",
    chat_refusal: "`bot_account` (a bot plays through the bot API)",
    write_chat: "Writes a line in the game's chat (people's accounts), as the game page's \
        chat does.",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_answers_read_both_ways() {
        assert_eq!(draw_action("yes").unwrap(), GameAction::OfferDraw);
        assert_eq!(draw_action("True").unwrap(), GameAction::OfferDraw);
        assert_eq!(draw_action("no").unwrap(), GameAction::DeclineDraw);
        assert!(draw_action("maybe").is_err());
    }
}
