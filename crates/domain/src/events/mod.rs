//! Live events: after every committed change of a game, its watchers learn the game's new
//! state and its two players learn how many games now wait for their move.
//!
//! A change is *staged* inside the transaction that makes it ([`EventHub::stage`]) and
//! *delivered* once that transaction has committed ([`Staged::committed`]), so nobody
//! hears of a change that was rolled back. With SQLite there is one process: delivery is
//! a call into this process's hub. With Postgres, staging runs `pg_notify` in the
//! transaction itself, and every instance's [`listener`] hands what Postgres delivers
//! after the commit to its own hub, so watchers connected to any instance hear of every
//! change.
//!
//! Each subscriber has a small bounded buffer. The hub never waits for a subscriber: one
//! whose buffer is full has fallen behind and is dropped (its stream ends; the client
//! reconnects with `Last-Event-ID` and is told to refetch).

pub mod listener;
pub mod presence;

use std::{
    collections::{HashMap, HashSet},
    net::IpAddr,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
};

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use tokio::sync::{mpsc, watch};

use crate::game::snapshots::ReadSnapshots;
use store::{Backend, games};

/// The Postgres channel every instance listens on.
pub const CHANNEL: &str = "boardgames_events";

/// How many events a subscriber may have waiting before it counts as fallen behind.
pub const SUBSCRIBER_BUFFER: usize = 16;

/// A game's state after a change: what its watchers are told.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameEvent {
    /// The game's id.
    pub game_id: String,
    /// Plies played (passes included).
    pub ply: u32,
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// `white` or `black` while the game is active.
    pub to_move: Option<String>,
    /// The colour offering a draw, if one does.
    pub draw_offer: Option<String>,
}

impl GameEvent {
    /// The event's id in a stream (`Last-Event-ID`): names the state, not the event, so a
    /// client that comes back with the current state's id has missed nothing.
    #[must_use]
    pub fn state_id(&self) -> String {
        match &self.draw_offer {
            Some(offer) => format!("{}-{}-{offer}", self.ply, self.status),
            None => format!("{}-{}", self.ply, self.status),
        }
    }

    /// The state of the stored game `row`.
    #[must_use]
    pub fn of_row(row: &games::GameRow) -> GameEvent {
        GameEvent {
            game_id: row.id.clone(),
            ply: u32::try_from(row.ply).unwrap_or(u32::MAX),
            status: row.status.clone(),
            to_move: row.to_move.clone(),
            draw_offer: row.draw_offer.clone(),
        }
    }
}

/// What a signed-in player's stream says after a change in one of their games (and once
/// when it opens, with no game).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TurnNotice {
    /// The game that changed; `null` in the first notice of a stream.
    pub game_id: Option<String>,
    /// Whether that game now waits for this player's move.
    pub your_turn: bool,
    /// How many games wait for this player's move, this one included.
    pub your_turn_games: i64,
}

/// What a signed-in player's stream says when a notice reaches them (the live channel
/// of the outbox): the notice and how many are unread now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NotificationNotice {
    /// The notice's id.
    pub notification_id: String,
    /// Its kind (`your_turn`, `draw_offer`, `challenge`, `game_finished`,
    /// `clock_warning`).
    pub kind: String,
    /// How many of the player's notices are unread.
    pub unread: i64,
}

/// A notice for one player, as it travels between instances.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserNotice {
    /// The player.
    pub user_id: String,
    /// What their streams are told.
    pub notice: NotificationNotice,
}

/// How a challenge addressed to a player changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeChange {
    /// It was made.
    Created,
    /// Its challenger cancelled it.
    Canceled,
    /// The player it was addressed to declined it.
    Declined,
}

/// A change of a challenge addressed to one player, for its challenger and that player
/// (the bot API's event stream tells them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeSignal {
    /// The challenge.
    pub challenge_id: String,
    /// What happened to it.
    pub change: ChallengeChange,
    /// The challenger's and the addressed player's user ids.
    pub users: Vec<String>,
    /// Why it was declined (a decline reason's key), for [`ChallengeChange::Declined`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A challenge signal on the wire (a field of its own, so the untagged [`Wire`] tells
/// it from the others).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct ChallengeWire {
    challenge: ChallengeSignal,
}

/// A new line in a game's chat: what the game's watchers who may read it are told (the
/// text itself is fetched through the page or the API, which check who may read it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ChatNotice {
    /// The game's id.
    pub game_id: String,
    /// The new line's number in the game's chat.
    pub seq: i64,
}

/// A chat line, as it travels between instances: who may hear of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatWire {
    /// What the watchers are told.
    pub chat: ChatNotice,
    /// The game's two players (they always hear of it).
    pub players: Vec<String>,
    /// Whether everyone watching may read the chat (both players allow spectators).
    pub spectators: bool,
}

/// A chat line staged in its transaction, to be delivered once that has committed.
#[derive(Debug)]
#[must_use = "call `committed` after the transaction commits"]
pub struct StagedChat {
    game_id: String,
    local: Option<ChatWire>,
}

impl StagedChat {
    /// The transaction committed: deliver the line's notice (SQLite), which drops what
    /// spectators see of the game's chat; on Postgres, which delivers it through the
    /// listener, only drop that here, before the line is answered.
    pub fn committed(self, hub: &EventHub) {
        match self.local {
            Some(chat) => hub.deliver_chat(&chat),
            None => hub.snapshots().chat_changed(&self.game_id),
        }
    }
}

/// What a NOTIFY payload carries: a game's change, a player's notice, a challenge's
/// change, a chat line, or the word to drop every snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
enum Wire {
    Change(Change),
    Notice(UserNotice),
    Challenge(ChallengeWire),
    Chat(ChatWire),
    Flush(FlushWire),
    SignedOut(SignedOutWire),
}

/// Sessions of a player ended (signing out, a password changed or reset; a ban stages a
/// flush): every instance drops the game pages it keeps for them, so an ended session is
/// not served from memory there either.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct SignedOutWire {
    signed_out: String,
}

/// Drop every snapshot: something any game's page may show changed without a game
/// event (a player's time zone, vacation or name; deadlines moved after downtime).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct FlushWire {
    flush_snapshots: bool,
}

/// One player's side of a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct PlayerTurns {
    user_id: String,
    your_turn: bool,
    your_turn_games: i64,
}

/// A committed change, as it travels between instances (the NOTIFY payload, in JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    game: GameEvent,
    players: Vec<PlayerTurns>,
}

impl Change {
    /// The change to `game` between `white_id` and `black_id`, whose turn counts are
    /// `counts`.
    fn new(game: GameEvent, white_id: &str, black_id: &str, counts: (i64, i64)) -> Change {
        let players = [(white_id, "white", counts.0), (black_id, "black", counts.1)]
            .into_iter()
            .map(|(user_id, colour, your_turn_games)| PlayerTurns {
                user_id: user_id.to_owned(),
                your_turn: game.status == "active" && game.to_move.as_deref() == Some(colour),
                your_turn_games,
            })
            .collect();
        Change { game, players }
    }
}

/// What a subscriber receives.
#[derive(Debug, Clone)]
pub enum Delivery {
    /// A watched game changed.
    Game(Arc<RenderedGame>),
    /// The subscribed player's turn count changed.
    Turns(TurnNotice),
    /// A notice reached the subscribed player.
    Notice(NotificationNotice),
    /// A challenge made by or addressed to the subscribed player changed.
    Challenge(Arc<ChallengeSignal>),
    /// A new line in the watched game's chat, which this subscriber may read.
    Chat(ChatNotice),
    /// Events may have been lost (the instance lost its database connection): fetch the
    /// state again.
    Refetch,
}

/// A game event with its JSON and state id, rendered once for all its watchers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedGame {
    /// The event.
    pub event: GameEvent,
    /// [`GameEvent::state_id`].
    pub state_id: String,
    /// The event as JSON.
    pub json: String,
}

impl RenderedGame {
    /// Renders `event`.
    #[must_use]
    pub fn new(event: GameEvent) -> RenderedGame {
        RenderedGame {
            state_id: event.state_id(),
            json: serde_json::to_string(&event).unwrap_or_default(),
            event,
        }
    }
}

/// A change staged in its transaction, to be delivered once that has committed.
#[derive(Debug)]
#[must_use = "call `committed` after the transaction commits"]
pub struct Staged {
    wire: Wire,
    /// Postgres delivers it to every instance, this one included (a moment later).
    notified: bool,
}

impl Staged {
    /// The transaction committed: deliver the change here (SQLite), or (Postgres, which
    /// delivers it) only drop at once the snapshots it makes stale in this instance.
    pub fn committed(self, hub: &EventHub) {
        if self.notified {
            hub.forget_shown(&self.wire);
        } else {
            hub.deliver_wire(self.wire);
        }
    }
}

/// The subscribers of this process, by game and by user. Clones share them.
#[derive(Debug, Clone)]
pub struct EventHub {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    backend: Backend,
    subscribers: Mutex<Subscribers>,
    /// Turns true once at shutdown; the listener stops on it.
    closed: watch::Sender<bool>,
    /// Open event streams per client address (see [`EventHub::reserve_stream`]).
    streams_by_address: Mutex<HashMap<IpAddr, usize>>,
    /// Woken when a player starts or stops watching a game here ([`presence`]).
    presence_changed: tokio::sync::Notify,
    /// What was read lately for showing, dropped as it changes.
    snapshots: ReadSnapshots,
}

/// One open event stream of a client address, counted until dropped.
#[derive(Debug)]
pub struct StreamSlot {
    hub: EventHub,
    address: IpAddr,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut streams = self.hub.streams_by_address();
        if let Some(count) = streams.get_mut(&self.address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                streams.remove(&self.address);
            }
        }
    }
}

#[derive(Debug, Default)]
struct Subscribers {
    next_id: u64,
    by_id: HashMap<u64, Entry>,
    by_game: HashMap<String, HashSet<u64>>,
    by_user: HashMap<String, HashSet<u64>>,
}

#[derive(Debug)]
struct Entry {
    sender: mpsc::Sender<Delivery>,
    game: Option<String>,
    user: Option<String>,
    /// Whether it takes the user's challenge signals (only the Lichess event stream
    /// does; the others would drop them, and a burst of challenges would fill their
    /// buffers for nothing).
    challenges: bool,
}

impl Subscribers {
    /// Removes subscriber `id` from every index (its stream then ends).
    fn remove(&mut self, id: u64) {
        let Some(entry) = self.by_id.remove(&id) else {
            return;
        };
        for (key, index) in [
            (entry.game, &mut self.by_game),
            (entry.user, &mut self.by_user),
        ] {
            if let Some(key) = key
                && let Some(ids) = index.get_mut(&key)
            {
                ids.remove(&id);
                if ids.is_empty() {
                    index.remove(&key);
                }
            }
        }
    }

    /// Queues `delivery` for subscriber `id`; drops a subscriber whose buffer is full or
    /// whose stream has gone.
    fn offer(&mut self, id: u64, delivery: Delivery) {
        let Some(entry) = self.by_id.get(&id) else {
            return;
        };
        match entry.sender.try_send(delivery) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                vocab::metrics::subscriber_dropped();
                self.remove(id);
            }
            Err(mpsc::error::TrySendError::Closed(_)) => self.remove(id),
        }
    }
}

/// A subscriber's end: the events for it, in order. Dropping it unsubscribes.
#[derive(Debug)]
pub struct Subscription {
    id: u64,
    hub: EventHub,
    receiver: mpsc::Receiver<Delivery>,
    /// A signed-in player's stream of one game: they watch it ([`presence`]).
    watches: bool,
}

impl Subscription {
    /// The next event; `None` once the subscriber was dropped (fell behind) or the hub
    /// closed.
    pub async fn next(&mut self) -> Option<Delivery> {
        self.receiver.recv().await
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.hub.lock().remove(self.id);
        if self.watches {
            self.hub.inner.presence_changed.notify_one();
        }
    }
}

impl EventHub {
    /// A hub for `backend`'s way of carrying changes.
    #[must_use]
    pub fn new(backend: Backend) -> EventHub {
        EventHub {
            inner: Arc::new(Inner {
                backend,
                subscribers: Mutex::new(Subscribers::default()),
                closed: watch::channel(false).0,
                streams_by_address: Mutex::new(HashMap::new()),
                presence_changed: tokio::sync::Notify::new(),
                snapshots: ReadSnapshots::default(),
            }),
        }
    }

    /// What this instance read lately for showing, which every change delivered here
    /// drops.
    #[must_use]
    pub fn snapshots(&self) -> &ReadSnapshots {
        &self.inner.snapshots
    }

    fn streams_by_address(&self) -> MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.inner
            .streams_by_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts one more open stream for `address`, or `None` when it already holds
    /// `limit`. The slot is given back when dropped (with the stream).
    #[must_use]
    pub fn reserve_stream(&self, address: IpAddr, limit: usize) -> Option<StreamSlot> {
        let mut streams = self.streams_by_address();
        let count = streams.entry(address).or_insert(0);
        if *count >= limit {
            return None;
        }
        *count += 1;
        Some(StreamSlot {
            hub: self.clone(),
            address,
        })
    }

    /// How many streams `address` holds open.
    #[must_use]
    pub fn streams_of(&self, address: IpAddr) -> usize {
        self.streams_by_address()
            .get(&address)
            .copied()
            .unwrap_or(0)
    }

    fn lock(&self) -> MutexGuard<'_, Subscribers> {
        self.inner
            .subscribers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Stages the change of `game` between `white_id` and `black_id` in the transaction
    /// `conn`, with both players' turn counts as that transaction sees them (so they
    /// count the change). On Postgres one statement counts them into the payload and
    /// NOTIFYs it there (sent only if the transaction commits; the wire kept here, only
    /// to drop this instance's snapshots at once, carries no counts); on SQLite they are
    /// read and the change waits for [`Staged::committed`].
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage(
        &self,
        conn: &mut AnyConnection,
        game: GameEvent,
        white_id: &str,
        black_id: &str,
    ) -> Result<Staged, sqlx::Error> {
        if self.inner.backend == Backend::Sqlite {
            let counts = games::count_turns_of_both(conn, (white_id, black_id)).await?;
            let wire = Wire::Change(Change::new(game, white_id, black_id, counts));
            return Ok(Staged {
                wire,
                notified: false,
            });
        }
        let wire = Wire::Change(Change::new(game, white_id, black_id, (0, 0)));
        let count = |user: &str| {
            format!(
                "to_jsonb(coalesce((select {} from users u where u.id = {user}), 0))",
                games::USERS_TURN_COUNT
            )
        };
        sqlx::query(&format!(
            "select pg_notify($1, jsonb_set(jsonb_set($2::jsonb, \
             '{{players,0,your_turn_games}}', {}), '{{players,1,your_turn_games}}', {})::text)",
            count("$3"),
            count("$4")
        ))
        .bind(CHANNEL)
        .bind(to_json(&wire)?)
        .bind(white_id)
        .bind(black_id)
        .execute(conn)
        .await?;
        Ok(Staged {
            wire,
            notified: true,
        })
    }

    /// Stages a challenge's change in the transaction `conn`, as [`EventHub::stage`] does
    /// a game's.
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_challenge(
        &self,
        conn: &mut AnyConnection,
        signal: ChallengeSignal,
    ) -> Result<Staged, sqlx::Error> {
        self.stage_wire(conn, Wire::Challenge(ChallengeWire { challenge: signal }))
            .await
    }

    /// Stages, in the transaction `conn`, the word to every instance to drop its
    /// snapshots, for a change that any game's page may show and that has no game event
    /// (delivered as [`EventHub::stage`] delivers a change).
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_flush(&self, conn: &mut AnyConnection) -> Result<Staged, sqlx::Error> {
        let wire = Wire::Flush(FlushWire {
            flush_snapshots: true,
        });
        self.stage_wire(conn, wire).await
    }

    /// Stages, in `conn` (a transaction, or a connection that has just ended a session),
    /// the word to every instance that sessions of `user_id` ended (delivered as
    /// [`EventHub::stage`] delivers a change).
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_signed_out(
        &self,
        conn: &mut AnyConnection,
        user_id: &str,
    ) -> Result<Staged, sqlx::Error> {
        let wire = Wire::SignedOut(SignedOutWire {
            signed_out: user_id.to_owned(),
        });
        self.stage_wire(conn, wire).await
    }

    async fn stage_wire(
        &self,
        conn: &mut AnyConnection,
        wire: Wire,
    ) -> Result<Staged, sqlx::Error> {
        let notified = self.inner.backend == Backend::Postgres;
        if notified {
            notify(conn, &wire).await?;
        }
        Ok(Staged { wire, notified })
    }

    /// Hands a committed change to this process's subscribers.
    pub fn deliver(&self, change: &Change) {
        self.forget_shown_of_change(change);
        let mut subscribers = self.lock();
        if let Some(ids) = subscribers.by_game.get(&change.game.game_id) {
            let ids: Vec<u64> = ids.iter().copied().collect();
            let rendered = Arc::new(RenderedGame::new(change.game.clone()));
            for id in ids {
                subscribers.offer(id, Delivery::Game(rendered.clone()));
            }
        }
        for player in &change.players {
            let Some(ids) = subscribers.by_user.get(&player.user_id) else {
                continue;
            };
            let ids: Vec<u64> = ids.iter().copied().collect();
            let notice = TurnNotice {
                game_id: Some(change.game.game_id.clone()),
                your_turn: player.your_turn,
                your_turn_games: player.your_turn_games,
            };
            for id in ids {
                subscribers.offer(id, Delivery::Turns(notice.clone()));
            }
        }
    }

    /// Hands a change received from Postgres (a NOTIFY payload) to this process's
    /// subscribers. A payload that is not a change is logged and ignored.
    pub fn deliver_payload(&self, payload: &str) {
        match serde_json::from_str::<Wire>(payload) {
            Ok(wire) => self.deliver_wire(wire),
            Err(error) => tracing::warn!(%error, "ignoring a malformed event notification"),
        }
    }

    /// Hands a committed change of any kind to this process.
    fn deliver_wire(&self, wire: Wire) {
        match wire {
            Wire::Change(change) => self.deliver(&change),
            Wire::Notice(notice) => self.deliver_notice(&notice),
            Wire::Challenge(wire) => self.deliver_challenge(&wire.challenge),
            Wire::Chat(chat) => self.deliver_chat(&chat),
            Wire::Flush(_) | Wire::SignedOut(_) => self.forget_shown(&wire),
        }
    }

    /// Drops the snapshots that `wire`'s change makes stale in this process.
    fn forget_shown(&self, wire: &Wire) {
        match wire {
            Wire::Change(change) => self.forget_shown_of_change(change),
            Wire::Flush(_) => self.snapshots().forget_all(),
            Wire::SignedOut(wire) => self.snapshots().users_changed([wire.signed_out.as_str()]),
            Wire::Notice(_) | Wire::Challenge(_) | Wire::Chat(_) => {}
        }
    }

    /// Drops the snapshots a game's change makes stale: the game's, and its players'
    /// game pages (their turn counts and next game move with it).
    fn forget_shown_of_change(&self, change: &Change) {
        let snapshots = self.snapshots();
        snapshots.changed(&change.game);
        snapshots.users_changed(change.players.iter().map(|player| player.user_id.as_str()));
    }

    /// Stages a new chat line in the transaction `conn` (as [`EventHub::stage`]).
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_chat(
        &self,
        conn: &mut AnyConnection,
        chat: ChatWire,
    ) -> Result<StagedChat, sqlx::Error> {
        let game_id = chat.chat.game_id.clone();
        match self.inner.backend {
            Backend::Sqlite => Ok(StagedChat {
                game_id,
                local: Some(chat),
            }),
            Backend::Postgres => {
                notify(conn, &Wire::Chat(chat)).await?;
                Ok(StagedChat {
                    game_id,
                    local: None,
                })
            }
        }
    }

    /// Hands a committed chat line to this process's watchers of its game who may read
    /// it: its players, and everyone when both players allow spectators.
    pub fn deliver_chat(&self, chat: &ChatWire) {
        self.snapshots().chat_changed(&chat.chat.game_id);
        self.snapshots()
            .users_changed(chat.players.iter().map(String::as_str));
        let mut subscribers = self.lock();
        let Some(ids) = subscribers.by_game.get(&chat.chat.game_id) else {
            return;
        };
        let ids: Vec<u64> = ids
            .iter()
            .copied()
            .filter(|id| {
                chat.spectators
                    || subscribers.by_id.get(id).is_some_and(|entry| {
                        entry
                            .user
                            .as_ref()
                            .is_some_and(|user| chat.players.contains(user))
                    })
            })
            .collect();
        for id in ids {
            subscribers.offer(id, Delivery::Chat(chat.chat.clone()));
        }
    }

    /// Hands a notice to this process's subscribers of its player.
    pub fn deliver_notice(&self, notice: &UserNotice) {
        self.snapshots().users_changed([notice.user_id.as_str()]);
        let mut subscribers = self.lock();
        let Some(ids) = subscribers.by_user.get(&notice.user_id) else {
            return;
        };
        let ids: Vec<u64> = ids.iter().copied().collect();
        for id in ids {
            subscribers.offer(id, Delivery::Notice(notice.notice.clone()));
        }
    }

    /// Hands a challenge's change to this process's subscribers of its players that take
    /// challenge signals ([`EventHub::subscribe_with_challenges`]).
    pub fn deliver_challenge(&self, signal: &ChallengeSignal) {
        self.snapshots()
            .users_changed(signal.users.iter().map(String::as_str));
        let mut subscribers = self.lock();
        let signal = Arc::new(signal.clone());
        for user in &signal.users {
            let Some(ids) = subscribers.by_user.get(user) else {
                continue;
            };
            let ids: Vec<u64> = ids
                .iter()
                .copied()
                .filter(|id| {
                    subscribers
                        .by_id
                        .get(id)
                        .is_some_and(|entry| entry.challenges)
                })
                .collect();
            for id in ids {
                subscribers.offer(id, Delivery::Challenge(signal.clone()));
            }
        }
    }

    /// Publishes `notices` (each a player's notice with their unread count) to their
    /// players' event streams on every instance: on Postgres in one statement, a
    /// `pg_notify` for each; on SQLite handed to this process's subscribers, with no
    /// connection.
    ///
    /// # Errors
    ///
    /// Database errors (nothing was published).
    pub async fn publish_notices(
        &self,
        pool: &sqlx::AnyPool,
        notices: &[UserNotice],
    ) -> Result<(), sqlx::Error> {
        match self.inner.backend {
            Backend::Sqlite => {
                for notice in notices {
                    self.deliver_notice(notice);
                }
                Ok(())
            }
            Backend::Postgres if notices.is_empty() => Ok(()),
            Backend::Postgres => {
                let wires: Vec<Wire> = notices.iter().cloned().map(Wire::Notice).collect();
                let mut conn = pool.acquire().await?;
                notify_all(&mut conn, &wires).await
            }
        }
    }

    /// Tells every subscriber to fetch the state again (events may have been lost).
    pub fn refetch_all(&self) {
        self.snapshots().forget_all();
        let mut subscribers = self.lock();
        let ids: Vec<u64> = subscribers.by_id.keys().copied().collect();
        for id in ids {
            subscribers.offer(id, Delivery::Refetch);
        }
    }

    /// Subscribes to the changes of `game` and the turn notices of `user` (either may be
    /// absent). After [`EventHub::close`] the subscription ends at once.
    #[must_use]
    pub fn subscribe(&self, game: Option<&str>, user: Option<&str>) -> Subscription {
        self.subscribe_to(game, user, false)
    }

    /// Subscribes to the notices of `user` and to the changes of the challenges made by
    /// or addressed to them (the Lichess event stream).
    #[must_use]
    pub fn subscribe_with_challenges(&self, user: &str) -> Subscription {
        self.subscribe_to(None, Some(user), true)
    }

    fn subscribe_to(
        &self,
        game: Option<&str>,
        user: Option<&str>,
        challenges: bool,
    ) -> Subscription {
        let (sender, receiver) = mpsc::channel(SUBSCRIBER_BUFFER);
        let mut subscribers = self.lock();
        let id = subscribers.next_id;
        subscribers.next_id += 1;
        if !*self.inner.closed.borrow() {
            if let Some(game) = game {
                subscribers
                    .by_game
                    .entry(game.to_owned())
                    .or_default()
                    .insert(id);
            }
            if let Some(user) = user {
                subscribers
                    .by_user
                    .entry(user.to_owned())
                    .or_default()
                    .insert(id);
            }
            subscribers.by_id.insert(
                id,
                Entry {
                    sender,
                    game: game.map(str::to_owned),
                    user: user.map(str::to_owned),
                    challenges,
                },
            );
        }
        drop(subscribers);
        let watches = game.is_some() && user.is_some();
        if watches {
            self.inner.presence_changed.notify_one();
        }
        Subscription {
            id,
            hub: self.clone(),
            receiver,
            watches,
        }
    }

    /// Whether `user` has a stream of `game` open on this instance (the game page of a
    /// signed-in player subscribes to both).
    #[must_use]
    pub fn watches(&self, user: &str, game: &str) -> bool {
        let subscribers = self.lock();
        subscribers.by_game.get(game).is_some_and(|ids| {
            ids.iter().any(|id| {
                subscribers
                    .by_id
                    .get(id)
                    .is_some_and(|entry| entry.user.as_deref() == Some(user))
            })
        })
    }

    /// Every (player, game) pair watched on this instance.
    #[must_use]
    pub fn watched(&self) -> HashSet<(String, String)> {
        self.lock()
            .by_id
            .values()
            .filter_map(|entry| Some((entry.user.clone()?, entry.game.clone()?)))
            .collect()
    }

    /// Resolves when a player may have started or stopped watching a game here.
    pub async fn presence_changed(&self) {
        self.inner.presence_changed.notified().await;
    }

    /// How many subscribers are connected (for the metrics gauge).
    #[must_use]
    pub fn subscriber_count(&self) -> usize {
        self.lock().by_id.len()
    }

    /// Ends every subscription and the listener (graceful shutdown waits for open
    /// connections, so the streams must end).
    pub fn close(&self) {
        self.inner.closed.send_replace(true);
        let mut subscribers = self.lock();
        *subscribers = Subscribers {
            next_id: subscribers.next_id,
            ..Subscribers::default()
        };
    }

    /// Resolves once [`EventHub::close`] has been called.
    pub async fn closed(&self) {
        let mut closed = self.inner.closed.subscribe();
        let _ = closed.wait_for(|closed| *closed).await;
    }
}

/// Sends `message` as JSON on the instances' `NOTIFY` channel, in `conn`'s transaction
/// (so it reaches the listeners only if that commits).
async fn notify<T: Serialize>(conn: &mut AnyConnection, message: &T) -> Result<(), sqlx::Error> {
    notify_all(conn, std::slice::from_ref(message)).await
}

/// Sends each of `messages` on [`CHANNEL`] in one statement (`pg_notify` once for each),
/// in `conn`'s transaction if it is in one.
async fn notify_all<T: Serialize>(
    conn: &mut AnyConnection,
    messages: &[T],
) -> Result<(), sqlx::Error> {
    let calls: Vec<String> = (0..messages.len())
        .map(|index| format!("pg_notify($1, ${})", index + 2))
        .collect();
    let statement = format!("select {}", calls.join(", "));
    let mut query = sqlx::query(&statement).bind(CHANNEL);
    for message in messages {
        query = query.bind(to_json(message)?);
    }
    query.execute(conn).await?;
    Ok(())
}

/// `message` as a payload's JSON.
fn to_json<T: Serialize>(message: &T) -> Result<String, sqlx::Error> {
    serde_json::to_string(message).map_err(|error| {
        sqlx::Error::Encode(Box::new(error) as Box<dyn std::error::Error + Send + Sync>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(game_id: &str, ply: u32, to_move: &str) -> Change {
        Change {
            game: GameEvent {
                game_id: game_id.to_owned(),
                ply,
                status: "active".to_owned(),
                to_move: Some(to_move.to_owned()),
                draw_offer: None,
            },
            players: vec![
                PlayerTurns {
                    user_id: "w".to_owned(),
                    your_turn: to_move == "white",
                    your_turn_games: 1,
                },
                PlayerTurns {
                    user_id: "b".to_owned(),
                    your_turn: to_move == "black",
                    your_turn_games: 2,
                },
            ],
        }
    }

    fn ply_of(delivery: Option<Delivery>) -> u32 {
        match delivery {
            Some(Delivery::Game(game)) => game.event.ply,
            other => panic!("expected a game event, got {other:?}"),
        }
    }

    #[test]
    fn an_ended_game_drops_the_results_and_a_flush_drops_every_snapshot() {
        use crate::{game::snapshots::VariantResults, profiles::GamesPage};
        let hub = EventHub::new(Backend::Postgres);
        let results = &hub.snapshots().results;
        let keep = || {
            let ticket = results.get(&rules::Variant::Chess).unwrap_err();
            let empty = VariantResults {
                stats: Vec::new(),
                recent: GamesPage {
                    games: Vec::new(),
                    next: None,
                },
            };
            results.keep(ticket, rules::Variant::Chess, Arc::new(empty));
        };
        let wire = |wire: Wire| serde_json::to_string(&wire).unwrap();
        keep();
        hub.deliver_payload(&wire(Wire::Change(change("g1", 3, "black"))));
        assert!(
            results.get(&rules::Variant::Chess).is_ok(),
            "a move ends nothing"
        );
        let mut ended = change("g1", 4, "white");
        ended.game.status = "finished".to_owned();
        hub.deliver_payload(&wire(Wire::Change(ended)));
        assert!(results.is_empty(), "a game's end changes the results");
        keep();
        let flush = wire(Wire::Flush(FlushWire {
            flush_snapshots: true,
        }));
        assert!(matches!(serde_json::from_str(&flush), Ok(Wire::Flush(_))));
        hub.deliver_payload(&flush);
        assert!(results.is_empty(), "a flush drops everything");
    }

    #[test]
    fn a_change_a_notice_or_a_chat_line_drops_the_pages_of_its_players_only() {
        use crate::{
            accounts::{AccountKind, User},
            game::snapshots::ViewerPage,
        };
        let hub = EventHub::new(Backend::Postgres);
        let viewers = &hub.snapshots().viewers;
        let keep = |user: &str| {
            let key = format!("session-of-{user}/g1");
            let Err(ticket) = viewers.get(key.as_str()) else {
                return;
            };
            let page = ViewerPage {
                user: User {
                    id: user.to_owned(),
                    username: user.to_owned(),
                    kind: AccountKind::Human,
                },
                counts: crate::accounts::HeaderCounts::default(),
                viewer: crate::settings::GamePageViewer::default(),
                own_chat: None,
            };
            viewers.keep(ticket, key, Arc::new(page));
        };
        let kept = || {
            let mut users: Vec<String> = ["w", "b", "x"]
                .into_iter()
                .filter(|user| {
                    viewers
                        .get(format!("session-of-{user}/g1").as_str())
                        .is_ok()
                })
                .map(str::to_owned)
                .collect();
            users.sort();
            users
        };
        let wire = |wire: Wire| serde_json::to_string(&wire).unwrap();
        let keep_all = || ["w", "b", "x"].into_iter().for_each(keep);
        keep_all();
        hub.deliver_payload(&wire(Wire::Change(change("g1", 1, "black"))));
        assert_eq!(kept(), ["x"], "a move drops both players' pages");
        keep_all();
        let notice = UserNotice {
            user_id: "b".to_owned(),
            notice: NotificationNotice {
                notification_id: "n1".to_owned(),
                kind: "your_turn".to_owned(),
                unread: 1,
            },
        };
        hub.deliver_payload(&wire(Wire::Notice(notice)));
        assert_eq!(kept(), ["w", "x"], "a notice drops its player's");
        keep("b");
        let chat = ChatWire {
            chat: ChatNotice {
                game_id: "g1".to_owned(),
                seq: 1,
            },
            players: vec!["w".to_owned(), "x".to_owned()],
            spectators: false,
        };
        hub.deliver_payload(&wire(Wire::Chat(chat)));
        assert_eq!(kept(), ["b"], "a chat line drops its players'");
        keep_all();
        let signed_out = wire(Wire::SignedOut(SignedOutWire {
            signed_out: "w".to_owned(),
        }));
        assert!(matches!(
            serde_json::from_str(&signed_out),
            Ok(Wire::SignedOut(_))
        ));
        hub.deliver_payload(&signed_out);
        assert_eq!(kept(), ["b", "x"], "signing out drops the player's");
        keep_all();
        hub.deliver_payload(&wire(Wire::Flush(FlushWire {
            flush_snapshots: true,
        })));
        assert!(viewers.is_empty(), "a flush drops every page");
    }

    #[tokio::test]
    async fn watchers_hear_of_their_game_only() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut one = hub.subscribe(Some("g1"), None);
        let mut two = hub.subscribe(Some("g2"), None);
        hub.deliver(&change("g1", 3, "black"));
        assert_eq!(ply_of(one.next().await), 3);
        assert!(two.receiver.try_recv().is_err());
    }

    #[tokio::test]
    async fn players_get_their_own_turn_notice() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut black = hub.subscribe(Some("g1"), Some("b"));
        hub.deliver(&change("g1", 1, "black"));
        assert_eq!(ply_of(black.next().await), 1);
        match black.next().await {
            Some(Delivery::Turns(notice)) => assert_eq!(
                notice,
                TurnNotice {
                    game_id: Some("g1".to_owned()),
                    your_turn: true,
                    your_turn_games: 2
                }
            ),
            other => panic!("expected a turn notice, got {other:?}"),
        }
    }

    #[tokio::test]
    async fn a_subscriber_that_falls_behind_is_dropped_and_the_others_are_not() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut reader = hub.subscribe(Some("g1"), None);
        let mut stalled = hub.subscribe(Some("g1"), None);
        for ply in 0..=SUBSCRIBER_BUFFER as u32 {
            hub.deliver(&change("g1", ply, "white"));
            assert_eq!(ply_of(reader.next().await), ply);
        }
        assert_eq!(hub.subscriber_count(), 1, "the stalled one was dropped");
        // It still gets what was buffered, then its stream ends.
        for ply in 0..SUBSCRIBER_BUFFER as u32 {
            assert_eq!(ply_of(stalled.next().await), ply);
        }
        assert!(stalled.next().await.is_none());
        hub.deliver(&change("g1", 99, "white"));
        assert_eq!(ply_of(reader.next().await), 99);
    }

    #[tokio::test]
    async fn dropping_a_subscription_unsubscribes() {
        let hub = EventHub::new(Backend::Sqlite);
        let one = hub.subscribe(Some("g1"), Some("u"));
        assert_eq!(hub.subscriber_count(), 1);
        drop(one);
        assert_eq!(hub.subscriber_count(), 0);
        assert!(hub.lock().by_game.is_empty() && hub.lock().by_user.is_empty());
    }

    #[tokio::test]
    async fn refetch_reaches_everyone() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut game = hub.subscribe(Some("g1"), None);
        let mut user = hub.subscribe(None, Some("u"));
        hub.refetch_all();
        assert!(matches!(game.next().await, Some(Delivery::Refetch)));
        assert!(matches!(user.next().await, Some(Delivery::Refetch)));
    }

    #[tokio::test]
    async fn closing_ends_the_streams() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut open = hub.subscribe(Some("g1"), None);
        hub.close();
        assert!(open.next().await.is_none());
        let mut late = hub.subscribe(Some("g1"), None);
        assert!(late.next().await.is_none());
        hub.closed().await;
    }

    #[test]
    fn state_ids_name_ply_status_and_offer() {
        let mut event = change("g", 12, "white").game;
        assert_eq!(event.state_id(), "12-active");
        event.draw_offer = Some("black".to_owned());
        assert_eq!(event.state_id(), "12-active-black");
    }

    #[test]
    fn changes_survive_the_notify_payload() {
        let change = change("g1", 7, "black");
        let payload = serde_json::to_string(&change).unwrap();
        assert!(
            payload.len() < 8000,
            "NOTIFY payloads are limited to 8000 bytes"
        );
        assert_eq!(serde_json::from_str::<Change>(&payload).unwrap(), change);
        assert_eq!(
            serde_json::from_str::<Wire>(&payload).unwrap(),
            Wire::Change(change)
        );
    }

    #[tokio::test]
    async fn chat_lines_reach_the_players_and_spectators_only_when_allowed() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut player = hub.subscribe(Some("g1"), Some("w"));
        let mut guest = hub.subscribe(Some("g1"), None);
        let mut stranger = hub.subscribe(Some("g1"), Some("x"));
        let mut elsewhere = hub.subscribe(Some("g2"), Some("w"));
        let mut chat = ChatWire {
            chat: ChatNotice {
                game_id: "g1".to_owned(),
                seq: 1,
            },
            players: vec!["w".to_owned(), "b".to_owned()],
            spectators: false,
        };
        let payload = serde_json::to_string(&Wire::Chat(chat.clone())).unwrap();
        hub.deliver_payload(&payload);
        assert!(matches!(player.next().await, Some(Delivery::Chat(notice)) if notice.seq == 1));
        assert!(guest.receiver.try_recv().is_err());
        assert!(stranger.receiver.try_recv().is_err());
        assert!(elsewhere.receiver.try_recv().is_err());
        chat.spectators = true;
        chat.chat.seq = 2;
        hub.deliver_chat(&chat);
        for watcher in [&mut player, &mut guest, &mut stranger] {
            assert!(
                matches!(watcher.next().await, Some(Delivery::Chat(notice)) if notice.seq == 2)
            );
        }
        assert!(elsewhere.receiver.try_recv().is_err());
    }

    #[tokio::test]
    async fn notices_reach_their_player_only() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut mine = hub.subscribe(None, Some("u"));
        let mut theirs = hub.subscribe(None, Some("v"));
        let notice = UserNotice {
            user_id: "u".to_owned(),
            notice: NotificationNotice {
                notification_id: "n1".to_owned(),
                kind: "your_turn".to_owned(),
                unread: 3,
            },
        };
        let payload = serde_json::to_string(&Wire::Notice(notice.clone())).unwrap();
        hub.deliver_payload(&payload);
        match mine.next().await {
            Some(Delivery::Notice(got)) => assert_eq!(got, notice.notice),
            other => panic!("expected a notice, got {other:?}"),
        }
        assert!(theirs.receiver.try_recv().is_err());
    }

    #[tokio::test]
    async fn challenge_signals_reach_both_players_and_survive_the_payload() {
        let hub = EventHub::new(Backend::Sqlite);
        let mut challenger = hub.subscribe_with_challenges("c");
        let mut opponent = hub.subscribe_with_challenges("o");
        let mut other = hub.subscribe_with_challenges("x");
        // The challenger's web page stream takes notices, not challenge signals.
        let mut page = hub.subscribe(None, Some("c"));
        let signal = ChallengeSignal {
            challenge_id: "ch1".to_owned(),
            change: ChallengeChange::Declined,
            users: vec!["c".to_owned(), "o".to_owned()],
            reason: Some("later".to_owned()),
        };
        let payload = serde_json::to_string(&Wire::Challenge(ChallengeWire {
            challenge: signal.clone(),
        }))
        .unwrap();
        hub.deliver_payload(&payload);
        for subscription in [&mut challenger, &mut opponent] {
            match subscription.next().await {
                Some(Delivery::Challenge(got)) => assert_eq!(*got, signal),
                other => panic!("expected a challenge signal, got {other:?}"),
            }
        }
        assert!(other.receiver.try_recv().is_err());
        assert!(page.receiver.try_recv().is_err());
        // A game change still reads as one.
        let change = change("g1", 1, "black");
        let payload = serde_json::to_string(&Wire::Change(change.clone())).unwrap();
        assert_eq!(
            serde_json::from_str::<Wire>(&payload).unwrap(),
            Wire::Change(change)
        );
    }
}
