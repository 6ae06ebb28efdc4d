//! The hub: this process's subscribers, by game and by user, and the delivery of each
//! committed change to them (after telling the caches what it made stale).

use std::{
    collections::{HashMap, HashSet},
    net::IpAddr,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
};

use tokio::sync::{mpsc, watch};

use super::{
    payloads::{
        ChallengeSignal, ChatWire, Delivery, RenderedGame, SUBSCRIBER_BUFFER, TurnNotice,
        UserNotice,
    },
    wire::{Change, Wire},
};
use crate::game::snapshots::{Delivered, ReadSnapshots};
use store::Backend;
/// The subscribers of this process, by game and by user. Clones share them.
#[derive(Debug, Clone)]
pub struct EventHub {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    /// How changes travel: within this process (SQLite) or through Postgres.
    backend: Backend,
    subscribers: Mutex<Subscribers>,
    /// Turns true once at shutdown; the listener stops on it.
    closed: watch::Sender<bool>,
    /// Open event streams per client address (see [`EventHub::reserve_stream`]).
    streams_by_address: Mutex<HashMap<IpAddr, usize>>,
    /// Woken when a player starts or stops watching a game here
    /// ([`presence`](super::presence)).
    presence_changed: tokio::sync::Notify,
    /// The caches, told of every change before the subscribers hear of it.
    caches: ReadSnapshots,
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
pub(super) struct Subscribers {
    next_id: u64,
    by_id: HashMap<u64, Entry>,
    pub(super) by_game: HashMap<String, HashSet<u64>>,
    pub(super) by_user: HashMap<String, HashSet<u64>>,
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
    pub(super) receiver: mpsc::Receiver<Delivery>,
    /// A signed-in player's stream of one game: they watch it
    /// ([`presence`](super::presence)).
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
    /// A hub for `backend`'s way of carrying changes, which tells `caches` of every
    /// change it delivers or stages (the caches' one hook,
    /// [`ReadSnapshots::delivered`]).
    #[must_use]
    pub fn new(backend: Backend, caches: ReadSnapshots) -> EventHub {
        EventHub {
            inner: Arc::new(Inner {
                backend,
                subscribers: Mutex::new(Subscribers::default()),
                closed: watch::channel(false).0,
                streams_by_address: Mutex::new(HashMap::new()),
                presence_changed: tokio::sync::Notify::new(),
                caches,
            }),
        }
    }

    /// A hub for a command (`server admin`, `server ratings rebuild`) that changes what
    /// running servers keep: what it stages reaches them on Postgres; on SQLite no running
    /// server hears it, and what they keep shows the change within `WARM_AGE`.
    #[must_use]
    pub fn for_command(backend: Backend) -> EventHub {
        EventHub::new(backend, ReadSnapshots::default())
    }

    /// How this hub's changes travel.
    pub(super) fn backend(&self) -> Backend {
        self.inner.backend
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

    pub(super) fn lock(&self) -> MutexGuard<'_, Subscribers> {
        self.inner
            .subscribers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands a change received from Postgres (a NOTIFY payload) to this process. A
    /// payload that is not a change is logged and ignored.
    pub fn deliver_payload(&self, payload: &str) {
        match serde_json::from_str::<Wire>(payload) {
            Ok(wire) => self.deliver_wire(&wire),
            Err(error) => tracing::warn!(%error, "ignoring a malformed event notification"),
        }
    }

    /// Tells the caches what `delivered` made stale (a change committed here, before it
    /// is answered; Postgres delivers it to the subscribers a moment later).
    pub(super) fn tell_caches(&self, delivered: &Delivered<'_>) {
        self.inner.caches.delivered(delivered);
    }

    /// Hands a committed change of any kind to this process: the caches first, so that
    /// a subscriber who reads again on hearing of it reads it, then the subscribers.
    pub(super) fn deliver_wire(&self, wire: &Wire) {
        self.tell_caches(&wire.delivered());
        match wire {
            Wire::Change(change) => self.offer_change(change),
            Wire::Notice(notice) => self.offer_notice(notice),
            Wire::Challenge(wire) => self.offer_challenge(&wire.challenge),
            Wire::Chat(chat) => self.offer_chat(chat),
            Wire::Flush(_) | Wire::SignedOut(_) | Wire::Users(_) | Wire::Reports(_) => {}
        }
    }

    /// Hands a game's change to its watchers and its players' turn notices to them.
    fn offer_change(&self, change: &Change) {
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

    /// Hands a chat line to this process's watchers of its game who may read it: its
    /// players, and everyone when both players allow spectators.
    fn offer_chat(&self, chat: &ChatWire) {
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
    fn offer_notice(&self, notice: &UserNotice) {
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
    fn offer_challenge(&self, signal: &ChallengeSignal) {
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

    /// Tells every subscriber to fetch the state again (events may have been lost).
    pub fn refetch_all(&self) {
        self.tell_caches(&Delivered::Everything);
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
