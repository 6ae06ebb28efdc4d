//! `GET /api/stream/event`: a player's incoming events as NDJSON, Lichess's way. It opens
//! with the player's games in progress (`gameStart`) and their open challenges
//! (`challenge`), then tells of each game that starts or finishes and of each challenge
//! made to or by them, cancelled or declined; an empty line every few seconds keeps it
//! open. It ends when the server shuts down.
//!
//! It rides on the live events (`domain::events`): a game's change reaches its players'
//! subscriptions (on Postgres through LISTEN/NOTIFY, so from any instance), and so does a
//! challenge's. Each change is looked up once more here, so the stream tells what is
//! true when it writes; a `refetch` (the instance lost its database connection and may
//! have missed changes) compares the player's games and challenges with what the stream
//! has told and catches up.

use std::{
    collections::{HashSet, VecDeque},
    convert::Infallible,
};

use axum::{Extension, body::Bytes, extract::State, response::Response};
use futures_util::stream;

use super::{
    Caller, CrossSite, KEEP_ALIVE, LichessError, NoToken, TooManyStreams,
    payloads::{ChallengeEventLine, GameEventLine, IncomingEvent, challenge_json, game_event_info},
};
use domain::{
    Services,
    accounts::User,
    bots,
    events::{ChallengeChange, ChallengeSignal, Delivery, StreamSlot, Subscription},
    game,
};
use edge::client_addr::ClientIp;
use vocab::error::AppError;

/// How many ended games and answered challenges a stream remembers having told of
/// before it forgets them all (a long-lived stream stays small; forgetting only risks a
/// repeated line after a `refetch`).
const REMEMBERED: usize = 1024;

/// The player's incoming events, as NDJSON: `gameStart`, `gameFinish`, `challenge`,
/// `challengeCanceled`, `challengeDeclined`. First the games in progress and the open
/// challenges; an empty line every 6 s keeps the connection open.
#[utoipa::path(get, path = "/api/stream/event", tag = "lichess",
    operation_id = "lichess_event_stream",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "one event per line", content_type = "application/x-ndjson",
            body = IncomingEvent),
        NoToken, CrossSite, TooManyStreams,
    ))]
pub(crate) async fn events(
    State(state): State<Services>,
    client: Option<Extension<ClientIp>>,
    Caller(user): Caller,
) -> Result<Response, LichessError> {
    let slot = crate::events::reserve_stream(&state, client)?;
    // Subscribe before reading, so no change between the two is lost.
    let subscription = state.events.subscribe_with_challenges(&user.id);
    let mut feed = Feed {
        state,
        user,
        games: HashSet::new(),
        ended: HashSet::new(),
        challenges: HashSet::new(),
        pending: VecDeque::new(),
    };
    feed.catch_up().await?;
    let ticker = tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
    let open = Open {
        feed,
        subscription,
        ticker,
        _slot: slot,
    };
    Ok(super::ndjson(stream::unfold(open, next_line)))
}

/// An open stream.
struct Open {
    feed: Feed,
    subscription: Subscription,
    ticker: tokio::time::Interval,
    /// Counted against the client's address while the stream is open.
    _slot: Option<StreamSlot>,
}

async fn next_line(mut open: Open) -> Option<(Result<Bytes, Infallible>, Open)> {
    loop {
        if let Some(line) = open.feed.pending.pop_front() {
            return Some((Ok(line), open));
        }
        tokio::select! {
            delivery = open.subscription.next() => {
                // None: the server is shutting down (or the stream fell behind): end.
                open.feed.hear(delivery?).await;
            }
            _ = open.ticker.tick() => return Some((Ok(Bytes::from_static(b"\n")), open)),
        }
    }
}

/// What a stream has told its player, and the lines waiting to go out.
struct Feed {
    state: Services,
    user: User,
    /// Games told of as started and not yet as finished.
    games: HashSet<String>,
    /// Games told of as finished.
    ended: HashSet<String>,
    /// Open challenges told of.
    challenges: HashSet<String>,
    pending: VecDeque<Bytes>,
}

impl Feed {
    fn push(&mut self, event: &IncomingEvent) {
        self.pending.push_back(super::line(event));
    }

    async fn hear(&mut self, delivery: Delivery) {
        let heard = match delivery {
            Delivery::Turns(notice) => match notice.game_id {
                Some(id) => self.game_changed(&id).await,
                None => Ok(()),
            },
            Delivery::Challenge(signal) => self.challenge_changed(&signal).await,
            Delivery::Refetch => self.catch_up().await,
            Delivery::Game(_) | Delivery::Notice(_) | Delivery::Chat(_) => Ok(()),
        };
        if let Err(error) = heard {
            tracing::warn!(%error, "the event stream could not read a change");
        }
    }

    /// Tells of game `id` if it started or ended since the stream last told of it.
    async fn game_changed(&mut self, id: &str) -> Result<(), AppError> {
        if self.ended.contains(id) {
            return Ok(());
        }
        if self.games.contains(id) {
            // Told of as started: only its end is news, and the row alone says that.
            match game::live_event(&self.state, id).await {
                Ok(event) if event.status == "active" => return Ok(()),
                Ok(_) => {}
                Err(AppError::NotFound(_)) => return Ok(()),
                Err(error) => return Err(error),
            }
        }
        let view = match bots::game_view(&self.state, id).await {
            Ok(view) => view,
            Err(AppError::NotFound(_)) => return Ok(()),
            Err(error) => return Err(error),
        };
        let Some(info) = game_event_info(&view, &self.user.id, self.state.now()) else {
            return Ok(());
        };
        if self.games.insert(id.to_owned()) {
            self.push(&IncomingEvent::Game(GameEventLine {
                kind: "gameStart".to_owned(),
                game: info.clone(),
            }));
        }
        if view.detail.status != game::GameStatus::Active {
            self.games.remove(id);
            if self.ended.len() >= REMEMBERED {
                self.ended.clear();
            }
            self.ended.insert(id.to_owned());
            self.push(&IncomingEvent::Game(GameEventLine {
                kind: "gameFinish".to_owned(),
                game: info,
            }));
        }
        Ok(())
    }

    /// Tells of a challenge made, cancelled or declined.
    async fn challenge_changed(&mut self, signal: &ChallengeSignal) -> Result<(), AppError> {
        let id = &signal.challenge_id;
        let kind = match signal.change {
            ChallengeChange::Created => {
                if self.challenges.len() >= REMEMBERED {
                    self.challenges.clear();
                }
                if !self.challenges.insert(id.clone()) {
                    return Ok(());
                }
                "challenge"
            }
            ChallengeChange::Canceled => {
                self.challenges.remove(id);
                "challengeCanceled"
            }
            ChallengeChange::Declined => {
                self.challenges.remove(id);
                "challengeDeclined"
            }
        };
        let view = match bots::challenge_view(&self.state, id).await {
            Ok(view) => view,
            Err(AppError::NotFound(_)) => return Ok(()),
            Err(error) => return Err(error),
        };
        let json = challenge_json(
            &view,
            Some(&self.user.id),
            signal.reason.as_deref(),
            &self.state.config.public_url.base,
        );
        self.push(&IncomingEvent::Challenge(ChallengeEventLine::new(
            kind, json,
        )));
        Ok(())
    }

    /// Tells of every game in progress and open challenge not told of yet, and of the
    /// end of every game told of that is no longer in progress: the stream's opening,
    /// and its way back after a `refetch`.
    async fn catch_up(&mut self) -> Result<(), AppError> {
        let active = bots::active_game_ids(&self.state, &self.user).await?;
        for id in &active {
            if !self.games.contains(id) {
                self.game_changed(id).await?;
            }
        }
        let gone: Vec<String> = self
            .games
            .iter()
            .filter(|id| !active.contains(id))
            .cloned()
            .collect();
        for id in gone {
            self.game_changed(&id).await?;
        }
        let site = self.state.config.public_url.base.clone();
        for view in bots::open_challenges(&self.state, &self.user).await? {
            if self.challenges.insert(view.challenge.id.clone()) {
                let json = challenge_json(&view, Some(&self.user.id), None, &site);
                self.push(&IncomingEvent::Challenge(ChallengeEventLine::new(
                    "challenge",
                    json,
                )));
            }
        }
        Ok(())
    }
}
