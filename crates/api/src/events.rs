//! Live events as server-sent events: a game's stream for anyone watching it, and a
//! signed-in player's stream of turn notices (optionally with one game's events).
//!
//! Event kinds:
//! - `game`: a [`GameEvent`], the game's state after a change; its SSE id names that state.
//! - `turns`: a [`TurnNotice`], how many games wait for the player's move.
//! - `notification`: a [`NotificationNotice`](domain::events::NotificationNotice), a
//!   notice that reached the player and how many are unread.
//! - `chat`: a [`ChatNotice`](domain::events::ChatNotice), a new line in the game's chat
//!   (its number only: read the lines with `GET /api/v1/games/{id}/chat?after=`); sent
//!   only to those who may read the chat (its players, and everyone when both players
//!   let spectators read it).
//! - `refetch`: events may have been missed; fetch the game (and the turn count) again.
//!   Its data is the current game when the server knows it, else `{}`.
//!
//! A client that reconnects sends `Last-Event-ID` (browsers do it by themselves): if the
//! game is still in that state nothing is sent, otherwise a `refetch` with the current
//! state. A stream never sends a game state older than one it has sent (a notification
//! may arrive after the read that opened the stream).

use std::{convert::Infallible, time::Duration};

use axum::{
    Extension, Router,
    extract::State,
    http::HeaderMap,
    response::sse::{Event, KeepAlive, Sse},
    routing::get,
};
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;

use crate::answers::{NoSuchGame, NotSignedIn};
use domain::{
    Services,
    events::{Delivery, GameEvent, RenderedGame, StreamSlot, Subscription, TurnNotice},
};
use edge::{
    client_addr::ClientIp,
    extract::{CurrentUser, Path, Query},
};
use vocab::error::{AppError, ErrorBody};

/// How long a browser waits before reconnecting a dropped stream.
const RETRY: Duration = Duration::from_secs(2);
/// How often an idle stream gets a comment, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The event-stream routes.
pub(crate) fn routes() -> Router<Services> {
    Router::new()
        .route("/api/v1/games/{id}/events", get(game_events))
        .route("/api/v1/me/events", get(my_events))
}

/// Server-sent events of one game: first its current state (`game`), then a `game` event
/// after every change (move, pass, draw offer or answer, resignation, abort, timeout),
/// and a `chat` event after each new chat line when both players let spectators read it.
/// With `Last-Event-ID`, nothing first if the game is still in that state, else `refetch`.
#[utoipa::path(get, path = "/api/v1/games/{id}/events", tag = "events",
    params(
        ("id" = String, Path),
        ("Last-Event-ID" = Option<String>, Header, description = "the id of the last event seen"),
    ),
    responses(
        (status = 200, description = "the game's events", content_type = "text/event-stream",
            body = GameEvent),
        NoSuchGame,
        (status = 429, body = ErrorBody, description = "`too_many_streams`: this address holds `MAX_STREAMS_PER_ADDRESS` streams open"),
    ))]
async fn game_events(
    State(state): State<Services>,
    client: Option<Extension<ClientIp>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, AppError> {
    let slot = reserve_stream(&state, client)?;
    // Subscribe before reading, so no change between the two is lost.
    let subscription = state.events.subscribe(Some(&id), None);
    let now = RenderedGame::new(domain::game::live_event(&state, &id).await?);
    let opening = opening_game_event(&now, last_event_id(&headers));
    Ok(sse(
        opening.into_iter().collect(),
        Some(now),
        subscription,
        slot,
    ))
}

/// Counts a stream for the client's address, or 429 `too_many_streams` when it holds
/// `MAX_STREAMS_PER_ADDRESS` already (one budget for the server-sent events and the
/// Lichess-shaped NDJSON streams). No slot when the address is unknown.
pub(crate) fn reserve_stream(
    state: &Services,
    client: Option<Extension<ClientIp>>,
) -> Result<Option<StreamSlot>, AppError> {
    let Some(Extension(ClientIp(address))) = client else {
        return Ok(None);
    };
    state
        .events
        .reserve_stream(address, state.config.max_streams_per_address)
        .map(Some)
        .ok_or(AppError::TooManyStreams)
}

/// The query of a player's stream.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
struct MyEventsQuery {
    /// Also stream this game's events (one connection for a game page).
    game: Option<String>,
}

/// Server-sent events of the signed-in player: first `turns` with how many games wait for
/// their move, then a `turns` notice after every change in one of their games. With
/// `?game=`, that game's events too, as on its own stream (and its `chat` events when the
/// player plays in it or may read its chat).
#[utoipa::path(get, path = "/api/v1/me/events", tag = "events",
    security(("bearer" = []), ("session" = [])),
    params(
        MyEventsQuery,
        ("Last-Event-ID" = Option<String>, Header, description = "the id of the last event seen"),
    ),
    responses(
        (status = 200, description = "the player's turn notices (and the game's events)",
            content_type = "text/event-stream", body = TurnNotice),
        NotSignedIn,
        (status = 404, description = "no such game (`?game=`)", body = ErrorBody),
        (status = 429, body = ErrorBody, description = "`too_many_streams`: this address holds `MAX_STREAMS_PER_ADDRESS` streams open"),
    ))]
async fn my_events(
    State(state): State<Services>,
    client: Option<Extension<ClientIp>>,
    CurrentUser(user): CurrentUser,
    Query(query): Query<MyEventsQuery>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, AppError> {
    if query.game.as_deref().is_some_and(store::names_nothing) {
        return Err(AppError::NotFound("game"));
    }
    let slot = reserve_stream(&state, client)?;
    let subscription = state
        .events
        .subscribe(query.game.as_deref(), Some(&user.id));
    let mut opening = Vec::new();
    let mut now = None;
    if let Some(id) = &query.game {
        let game = RenderedGame::new(domain::game::live_event(&state, id).await?);
        opening.extend(opening_game_event(&game, last_event_id(&headers)));
        now = Some(game);
    }
    let notice = TurnNotice {
        game_id: None,
        your_turn: false,
        your_turn_games: domain::game::count_your_turn(&state, &user).await?,
    };
    opening.push(turns_event(&notice));
    Ok(sse(opening, now, subscription, slot))
}

fn last_event_id(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("last-event-id")
        .and_then(|value| value.to_str().ok())
        .map(str::trim)
        .filter(|value| !value.is_empty())
}

/// What a game stream starts with: the state; nothing if the client has seen exactly
/// this state; `refetch` if it saw an older one.
fn opening_game_event(now: &RenderedGame, last_seen: Option<&str>) -> Option<Event> {
    match last_seen {
        None => Some(game_event(now)),
        Some(seen) if seen == now.state_id => None,
        Some(_) => Some(
            Event::default()
                .event("refetch")
                .id(&now.state_id)
                .data(&now.json),
        ),
    }
}

fn game_event(game: &RenderedGame) -> Event {
    Event::default()
        .event("game")
        .id(&game.state_id)
        .data(&game.json)
}

fn turns_event(notice: &TurnNotice) -> Event {
    Event::default()
        .event("turns")
        .data(serde_json::to_string(notice).unwrap_or_default())
}

/// The response: a retry hint, `opening`, then what `subscription` delivers until it ends
/// (the subscriber fell behind, or the server is shutting down). `slot` is held as long
/// as the stream.
///
/// The client knows the game in state `known` already (sent in the opening, or its
/// `Last-Event-ID`), and a notification can arrive after the read that opened the
/// stream: game events that would not move the client forward (the state it has, or an
/// earlier ply) are skipped.
fn sse(
    opening: Vec<Event>,
    known: Option<RenderedGame>,
    subscription: Subscription,
    slot: Option<StreamSlot>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let hint = Event::default().retry(RETRY).comment("live");
    let known = known.map(|game| (game.event.ply, game.state_id));
    let live = stream::unfold(
        (subscription, known, slot),
        |(mut subscription, mut known, slot)| async move {
            let event = loop {
                match subscription.next().await? {
                    Delivery::Game(game) => {
                        let stale = known.as_ref().is_some_and(|(ply, state)| {
                            game.event.ply < *ply || game.state_id == *state
                        });
                        if !stale {
                            known = Some((game.event.ply, game.state_id.clone()));
                            break game_event(&game);
                        }
                    }
                    Delivery::Turns(notice) => break turns_event(&notice),
                    Delivery::Notice(notice) => {
                        break Event::default()
                            .event("notification")
                            .data(serde_json::to_string(&notice).unwrap_or_default());
                    }
                    Delivery::Chat(chat) => {
                        break Event::default()
                            .event("chat")
                            .data(serde_json::to_string(&chat).unwrap_or_default());
                    }
                    Delivery::Refetch => break Event::default().event("refetch").data("{}"),
                    // Only the bot API's event stream takes challenge signals.
                    Delivery::Challenge(_) => {}
                }
            };
            Some((event, (subscription, known, slot)))
        },
    );
    let events = stream::iter(std::iter::once(hint).chain(opening)).chain(live);
    Sse::new(events.map(Ok)).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rendered(ply: u32) -> RenderedGame {
        RenderedGame::new(GameEvent {
            game_id: "g".to_owned(),
            ply,
            status: "active".to_owned(),
            to_move: Some("white".to_owned()),
            draw_offer: None,
        })
    }

    #[test]
    fn a_client_up_to_date_gets_no_opening_event() {
        assert!(opening_game_event(&rendered(4), Some("4-active")).is_none());
        assert!(opening_game_event(&rendered(4), Some("3-active")).is_some());
        assert!(opening_game_event(&rendered(4), None).is_some());
    }
}
