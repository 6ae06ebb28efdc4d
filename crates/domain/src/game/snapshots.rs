//! What this instance read lately for showing, kept in memory: the games (for the game
//! page, its image, its record, the analysis board and `GET /api/v1/games/{id}`), warm
//! (see below), and, for a second, what spectators see of each game's chat (for the game
//! page of everyone who does not play in it) and each variant's results (for its rules
//! page). A game is then read from the database once after each change, not by every
//! watcher, and a popular chat or rules page once a second. The game page's boards are
//! kept too, rendered, by a key that changes with every move, so a board is built and
//! rendered once a second per position and view, not for every viewer. And what a
//! signed-in viewer's game page shows of them (their account, header counts, settings,
//! next game and, for a player, their own view of the chat) is kept per session and game,
//! warm (see below), so a player who looks at a game again is served from memory too.
//!
//! The finished products are kept beside their sources: a game page as rendered for one
//! viewer at one address, the API's JSON of a game and a guest's rules page. Each holds
//! the snapshots it was built from and is served only while those are still the current
//! ones (the same `Arc`) and, for what shows the clocks, the clock reads the same
//! second: so it is exactly what building it again would give.
//!
//! These caches are a service of their own ([`ReadSnapshots`], held by
//! [`Services::caches`](crate::services::Shared::caches)); the event hub stages and
//! delivers changes and tells the caches of each one through a single hook,
//! [`ReadSnapshots::delivered`], which decides what goes. A game's snapshot is dropped
//! the moment it changes: the hub tells of every committed change in this instance as
//! soon as it commits, and of every change it delivers, which on Postgres includes the
//! other instances' (through `LISTEN`). A chat line drops its game's chat the same way, through its own
//! event. What changes a game's page without a game event (a player's vacation, time
//! zone, name, kind or chat setting; an automatic vacation, which moves the deadlines of
//! the player's other games; the sweeper's deadline moves after downtime; a rebuild of
//! the ratings) stages a flush
//! ([`EventHub::stage_flush`](crate::events::EventHub::stage_flush)), which drops
//! every snapshot in every instance the same way. A reconnected listener, which may have
//! missed changes, drops them all too. The results and the rules pages go whenever a game
//! ends. A viewer's page goes with every change the hub delivers that concerns them (a
//! change of one of their games, a chat line in one, a notice, a challenge) and with
//! every request of theirs this instance answers that may change something (a setting, a
//! conditional line, a note, marking notices read, signing out:
//! [`ReadSnapshots::forget_user`], or [`ReadSnapshots::forget_signed_in`] for everyone's
//! when the request's maker is not known here).
//!
//! Who is signed in is kept too: each session's user and header counts (for every page's
//! header) and each API token's owner, so that neither a page nor a bot's request reads
//! them again. These, with the games and the viewers' game pages, are the *warm* kinds:
//! every change to what they hold reaches every instance as an event before it is
//! answered (a change of the game, or a flush as above; a move or a chat line of one of
//! the user's games, a notice, a challenge, a session ended or a token revoked, a
//! setting, a note, a conditional line or notices read, a report filed or closed, a ban
//! or a deletion), so they are kept for [`WARM_AGE`]. Every other kind is read again
//! after [`MAX_AGE`] whatever happens. Either bound limits what a missed notification can
//! cost, and a listener that reconnects drops everything. Two parts of a game's snapshot
//! are not kept current, and nothing shows them from it: the turn's time warnings (the
//! sweeper gives them with no event) and the count of conditional lines while the game
//! goes on.
//!
//! Players' reliability cards are warm as well: a change of one of a player's games
//! drops theirs, and a vacation flushes. The site's pace per variant, an average over
//! months of games that one game barely moves, is read again after [`PACE_AGE`] whatever
//! happens.
//!
//! The move path and every other writer read the game in their own transaction, never from
//! here.

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
    time::{Duration, Instant},
};

use bytes::Bytes;
use rules::Variant;

use super::{
    detail::GameDetail,
    summary::{GamesPage, VariantStats},
};
use crate::{
    accounts::user::{HeaderCounts, User},
    chat::view::ChatView,
    reliability::card::{Card, SitePaces},
    settings::play::GamePageViewer,
};

/// The longest a snapshot is used before it is read again.
pub const MAX_AGE: Duration = Duration::from_secs(1);

/// The longest a snapshot of a warm kind (games, sessions, API tokens' owners, viewers'
/// game pages) is used before it is read again: every change to them is an event, so this
/// only bounds what a missed one can cost (and what a command-line change on SQLite,
/// which no running server hears, waits).
pub const WARM_AGE: Duration = Duration::from_secs(30);

/// How long the site's pace per variant (an average over months of games) is used before
/// it is read again: nothing drops it.
pub const PACE_AGE: Duration = Duration::from_secs(600);

/// How many snapshots a kind keeps at most (a game's is a few kilobytes): when full, the
/// stale ones go, and if none is, the older half.
pub const CAPACITY: usize = 1024;

/// How many snapshots a warm kind keeps at most (a session's is a few hundred bytes).
pub const WARM_CAPACITY: usize = 16_384;

/// How many games are kept at most (a game's snapshot is a few kilobytes): enough for
/// every game a large site has in play.
pub const GAME_CAPACITY: usize = 65_536;

/// The games shown lately, by id.
pub type GameSnapshots = Snapshots<String, GameDetail>;

/// What a variant's rules page shows of its games: the counters of every variant and the
/// first page of its recent games. A game's end drops them all.
#[derive(Debug, Clone)]
pub struct VariantResults {
    /// Every variant's counters.
    pub stats: Vec<VariantStats>,
    /// The variant's games finished last, the first page.
    pub recent: GamesPage,
}

/// The rules pages' results, by variant.
pub type ResultSnapshots = Snapshots<Variant, VariantResults>;

/// A variant's rules page as every guest of one language and time zone sees it (its first page at its
/// own address), rendered from one snapshot of the results.
#[derive(Debug)]
pub struct RenderedRulesPage {
    /// The results it shows: the page is served only while these are the variant's
    /// fresh snapshot, so it is never older than they are.
    pub results: Arc<VariantResults>,
    /// The page, rendered.
    pub html: Bytes,
}

/// Guests' rules pages, by variant, language code and time zone.
pub type RenderedRulesPages = Snapshots<(Variant, &'static str, String), RenderedRulesPage>;

/// A game as `GET /api/v1/games/{id}` answers it, serialized, with what it was built
/// from: served while that is the game's fresh snapshot and the clock reads the same
/// second, so it is exactly what building it again would give.
#[derive(Debug)]
pub struct GameBody {
    /// The game's snapshot it was built from.
    pub detail: Arc<GameDetail>,
    /// The time it was built at (the clocks' time left), in seconds.
    pub now: i64,
    /// The JSON body.
    pub json: Bytes,
}

/// The API's game bodies, by game id.
pub type GameBodySnapshots = Snapshots<String, GameBody>;

/// What spectators (guests, and signed-in players who do not play in the game) see of
/// each game's chat, by game id: the same for all of them.
pub type ChatSnapshots = Snapshots<String, ChatView>;

/// The game page's boards rendered lately, as HTML, by a key that names everything the
/// board shows: the game, its ply, the ply shown and the view (see
/// `web::game::board_key`). A move changes the key, so nothing needs dropping.
pub type BoardSnapshots = Snapshots<String, String>;

/// What a signed-in viewer's game page shows of them besides the game, read with their
/// session in one statement.
#[derive(Debug, Clone)]
pub struct ViewerPage {
    /// The session's user.
    pub user: User,
    /// Their header counts.
    pub counts: HeaderCounts,
    /// Their settings, next game and conditional lines in this game.
    pub viewer: GamePageViewer,
    /// Their own view of the game's chat when they play in it; a spectator is shown the
    /// spectators' snapshot.
    pub own_chat: Option<ChatView>,
    /// When the session ends (unix seconds): the page is not served after.
    pub expires_at: i64,
}

/// Signed-in viewers' game pages, by session and game (see `web::game::viewer_key`).
pub type ViewerSnapshots = Snapshots<String, ViewerPage>;

/// A session's user and header counts, as every page's header shows them.
#[derive(Debug, Clone)]
pub struct SignedIn {
    /// The session's user.
    pub user: User,
    /// Their header counts.
    pub counts: HeaderCounts,
    /// When the session ends (unix seconds): it is not served after.
    pub expires_at: i64,
}

/// The sessions used lately, by the session token's hash.
pub type SessionSnapshots = Snapshots<String, SignedIn>;

/// The owner of an API token used lately, served for as long as its last use may go
/// unnoted (a minute: the owner is read again then, which notes it).
#[derive(Debug)]
pub struct TokenOwner {
    /// The token's owner.
    pub user: User,
    /// When it was read (unix seconds).
    pub now: i64,
}

/// The owners of the API tokens used lately, by the token's hash (a bot or a mover
/// sends the same token with every request). A revocation drops its owner's in every
/// instance; a ban or a deletion flushes every instance.
pub type TokenSnapshots = Snapshots<String, TokenOwner>;

/// A game page rendered for one viewer (a session, or every guest) at one address, with
/// the snapshots it was built from: served while those are still the fresh ones and the
/// clock reads the same second, so it is exactly what rendering it again would give.
#[derive(Debug)]
pub struct RenderedGamePage {
    /// The game's snapshot.
    pub detail: Arc<GameDetail>,
    /// The signed-in viewer's kept page (`None` for a guest).
    pub viewer: Option<Arc<ViewerPage>>,
    /// What spectators see of the chat (`None` for a player, whose own view is part of
    /// their viewer page).
    pub chat: Option<Arc<ChatView>>,
    /// The time it was rendered at (the clocks), in seconds.
    pub now: i64,
    /// The page.
    pub html: Bytes,
}

/// Game pages rendered lately, by viewer and address (see `web::game::rendered_key`).
pub type RenderedGamePages = Snapshots<String, RenderedGamePage>;

/// Every kind of snapshot an instance keeps. Clones share them.
#[derive(Debug, Clone)]
pub struct ReadSnapshots {
    /// The games, by id.
    pub games: GameSnapshots,
    /// The rules pages' results, by variant.
    pub results: ResultSnapshots,
    /// Guests' rules pages, rendered from those results.
    pub rules_pages: RenderedRulesPages,
    /// The API's game bodies, serialized from the games' snapshots.
    pub game_bodies: GameBodySnapshots,
    /// What spectators see of each game's chat, by game id.
    pub chats: ChatSnapshots,
    /// The game page's boards, rendered.
    pub boards: BoardSnapshots,
    /// Signed-in viewers' game pages, by session and game.
    pub viewers: ViewerSnapshots,
    /// Sessions' users and header counts, by the token's hash.
    pub sessions: SessionSnapshots,
    /// Game pages rendered lately, by viewer and address.
    pub game_pages: RenderedGamePages,
    /// API tokens' owners, by the token's hash.
    pub tokens: TokenSnapshots,
    /// Players' reliability cards, by user id (warm: a change of one of their games drops
    /// it, and a vacation flushes everything).
    pub cards: Snapshots<String, Card>,
    /// The site's pace per variant, for [`PACE_AGE`].
    pub paces: Snapshots<(), SitePaces>,
}

impl Default for ReadSnapshots {
    fn default() -> Self {
        ReadSnapshots {
            games: Snapshots::new(WARM_AGE, GAME_CAPACITY),
            results: Snapshots::default(),
            rules_pages: Snapshots::default(),
            game_bodies: Snapshots::default(),
            chats: Snapshots::default(),
            boards: Snapshots::default(),
            viewers: Snapshots::new(WARM_AGE, WARM_CAPACITY),
            sessions: Snapshots::new(WARM_AGE, WARM_CAPACITY),
            game_pages: Snapshots::default(),
            tokens: Snapshots::new(WARM_AGE, WARM_CAPACITY),
            cards: Snapshots::new(WARM_AGE, WARM_CAPACITY),
            paces: Snapshots::new(PACE_AGE, 2),
        }
    }
}

/// A change delivered to this instance, as the caches need to know it: the
/// [`EventHub`](crate::events::EventHub) tells [`ReadSnapshots::delivered`] of each one
/// before its subscribers hear of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivered<'a> {
    /// A game changed between `players`; `ended`: it is no longer active.
    Game {
        /// The game's id.
        game_id: &'a str,
        /// Whether the game is over (finished or aborted).
        ended: bool,
        /// Its two players.
        players: Vec<&'a str>,
    },
    /// A line was written in a game's chat.
    Chat {
        /// The game's id.
        game_id: &'a str,
        /// Its two players.
        players: Vec<&'a str>,
    },
    /// Something concerning each of these users changed (a notice, a challenge, a
    /// setting).
    Users(Vec<&'a str>),
    /// A user's sessions ended or one of their API tokens was revoked.
    SignedOut(&'a str),
    /// A report was filed or closed: administrators' header counts changed.
    Reports,
    /// Anything may have changed: a flush, or changes may have been missed.
    Everything,
}

impl ReadSnapshots {
    /// Drops what `change` makes stale: a game's snapshot and body (and the results and
    /// rules pages when it ended), what spectators see of a game's chat, and the game
    /// pages of the users it concerns; everything for [`Delivered::Everything`].
    pub fn delivered(&self, change: &Delivered<'_>) {
        match change {
            Delivered::Game {
                game_id,
                ended,
                players,
            } => {
                self.games.forget(*game_id);
                self.game_bodies.forget(*game_id);
                for player in players {
                    self.cards.forget(*player);
                }
                if *ended {
                    self.results.forget_all();
                    self.rules_pages.forget_all();
                }
                self.users_changed(players);
            }
            Delivered::Chat { game_id, players } => {
                self.chats.forget(*game_id);
                self.users_changed(players);
            }
            Delivered::Users(users) => self.users_changed(users),
            Delivered::SignedOut(user) => {
                self.users_changed(&[user]);
                self.tokens.forget_where(|owner| owner.user.id == *user);
            }
            Delivered::Reports => {
                self.viewers
                    .forget_where(|page| page.counts.open_reports.is_some());
                self.sessions
                    .forget_where(|session| session.counts.open_reports.is_some());
            }
            Delivered::Everything => self.forget_all(),
        }
    }

    /// Something concerning each of `users` changed: their sessions (the header counts)
    /// and game pages go. Their tokens' owners stay: what those hold (the name and kind)
    /// changes only with a flush.
    fn users_changed(&self, users: &[&str]) {
        let concerned = |user: &User| users.contains(&user.id.as_str());
        self.viewers.forget_where(|page| concerned(&page.user));
        self.sessions
            .forget_where(|session| concerned(&session.user));
    }

    /// Drops the sessions and game pages kept of `user`: this instance answered a request
    /// of theirs that may have changed what those show.
    pub fn forget_user(&self, user: &str) {
        self.users_changed(&[user]);
    }

    /// The user of the session or API token whose hash is `token_hash`, if this instance
    /// keeps it (however old).
    #[must_use]
    pub fn known_user(&self, token_hash: &str) -> Option<String> {
        self.sessions
            .peek(token_hash, |session| session.user.id.clone())
            .or_else(|| self.tokens.peek(token_hash, |owner| owner.user.id.clone()))
    }

    /// Drops every viewer's game page and session: this instance answered a request that
    /// may have changed what one shows, by a user it does not know (called once the
    /// request is done, or dropped).
    pub fn forget_signed_in(&self) {
        self.viewers.forget_all();
        self.sessions.forget_all();
    }

    /// Lets go of every snapshot too old to be served, of every kind, so that what an
    /// instance holds is what it served lately, not what it served once (a kind of a
    /// second would otherwise hold its rendered pages until it fills). Not a change:
    /// reads under way may still keep what they read.
    pub fn let_stale_go(&self) {
        self.games.let_stale_go();
        self.game_bodies.let_stale_go();
        self.results.let_stale_go();
        self.rules_pages.let_stale_go();
        self.chats.let_stale_go();
        self.boards.let_stale_go();
        self.viewers.let_stale_go();
        self.sessions.let_stale_go();
        self.game_pages.let_stale_go();
        self.tokens.let_stale_go();
        self.cards.let_stale_go();
        self.paces.let_stale_go();
    }

    /// Drops every snapshot of every kind: something any of them may show changed (a
    /// player's name, time zone, vacation or chat setting), or changes may have been
    /// missed.
    pub fn forget_all(&self) {
        self.games.forget_all();
        self.game_bodies.forget_all();
        self.results.forget_all();
        self.rules_pages.forget_all();
        self.chats.forget_all();
        self.boards.forget_all();
        self.viewers.forget_all();
        self.sessions.forget_all();
        self.game_pages.forget_all();
        self.tokens.forget_all();
        self.cards.forget_all();
        self.paces.forget_all();
    }
}

/// Snapshots of one kind, by key. Clones share them.
#[derive(Debug)]
pub struct Snapshots<K, V> {
    inner: Arc<Mutex<Inner<K, V>>>,
    /// How long a snapshot is used.
    max_age: Duration,
    /// How many are kept at most.
    capacity: usize,
}

impl<K, V> Clone for Snapshots<K, V> {
    fn clone(&self) -> Self {
        Snapshots {
            inner: self.inner.clone(),
            max_age: self.max_age,
            capacity: self.capacity,
        }
    }
}

/// [`MAX_AGE`] and [`CAPACITY`].
impl<K, V> Default for Snapshots<K, V> {
    fn default() -> Self {
        Snapshots::new(MAX_AGE, CAPACITY)
    }
}

impl<K, V> Snapshots<K, V> {
    /// An empty kind whose snapshots are used for `max_age`, `capacity` of them at most.
    #[must_use]
    pub fn new(max_age: Duration, capacity: usize) -> Self {
        Snapshots {
            inner: Arc::new(Mutex::new(Inner {
                kept: HashMap::new(),
                drops: 0,
            })),
            max_age,
            capacity: capacity.max(2),
        }
    }
}

#[derive(Debug)]
struct Inner<K, V> {
    kept: HashMap<K, Snapshot<V>>,
    /// Counts the drops: a read that began before one may be older than the drop, so its
    /// result is not kept (see [`Snapshots::keep`]).
    drops: u64,
}

#[derive(Debug)]
struct Snapshot<V> {
    value: Arc<V>,
    read_at: Instant,
}

/// Where a read of the database stood against the drops, taken before the read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadTicket(u64);

impl<K: Hash + Eq + Clone, V> Snapshots<K, V> {
    fn lock(&self) -> MutexGuard<'_, Inner<K, V>> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The snapshot under `key` if there is one younger than this kind's age bound; else
    /// the ticket to keep what the caller reads instead.
    ///
    /// # Errors
    ///
    /// The ticket, when there is no fresh snapshot.
    pub fn get<Q>(&self, key: &Q) -> Result<Arc<V>, ReadTicket>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.get_if(key, |_| true)
    }

    /// The snapshot under `key` if there is one younger than this kind's age bound that
    /// `valid` accepts; else the ticket to keep what the caller builds instead. `valid` runs
    /// under this kind's lock: it may read other kinds, never this one.
    ///
    /// # Errors
    ///
    /// The ticket, when there is no such snapshot.
    pub fn get_if<Q>(&self, key: &Q, valid: impl FnOnce(&V) -> bool) -> Result<Arc<V>, ReadTicket>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let inner = self.lock();
        match inner.kept.get(key) {
            Some(snapshot)
                if snapshot.read_at.elapsed() < self.max_age && valid(&snapshot.value) =>
            {
                Ok(snapshot.value.clone())
            }
            _ => Err(ReadTicket(inner.drops)),
        }
    }

    /// What `look` reads of the snapshot under `key`, fresh or not.
    pub fn peek<Q, T>(&self, key: &Q, look: impl FnOnce(&V) -> T) -> Option<T>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.lock()
            .kept
            .get(key)
            .map(|snapshot| look(&snapshot.value))
    }

    /// Keeps `value` under `key`, read from the database after `ticket` was taken,
    /// unless something was dropped since: that change may have committed after the read.
    pub fn keep(&self, ticket: ReadTicket, key: K, value: Arc<V>) {
        let mut inner = self.lock();
        if inner.drops != ticket.0 {
            return;
        }
        let max_age = self.max_age;
        if inner.kept.len() >= self.capacity {
            inner
                .kept
                .retain(|_, snapshot| snapshot.read_at.elapsed() < max_age);
        }
        if inner.kept.len() >= self.capacity {
            let mut ages: Vec<Instant> = inner.kept.values().map(|s| s.read_at).collect();
            ages.sort_unstable();
            let cut = ages[ages.len() / 2];
            inner.kept.retain(|_, snapshot| snapshot.read_at > cut);
        }
        let read_at = Instant::now();
        inner.kept.insert(key, Snapshot { value, read_at });
    }

    /// Drops the snapshot under `key`: it changed.
    pub fn forget<Q>(&self, key: &Q)
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        let mut inner = self.lock();
        inner.drops += 1;
        inner.kept.remove(key);
    }

    /// Drops every snapshot whose value `changed` says has changed.
    pub fn forget_where(&self, changed: impl Fn(&V) -> bool) {
        let mut inner = self.lock();
        inner.drops += 1;
        inner.kept.retain(|_, snapshot| !changed(&snapshot.value));
    }

    /// Lets go of the snapshots too old to be served (see
    /// [`ReadSnapshots::let_stale_go`]).
    pub fn let_stale_go(&self) {
        let max_age = self.max_age;
        self.lock()
            .kept
            .retain(|_, snapshot| snapshot.read_at.elapsed() < max_age);
    }

    /// Drops every snapshot: something that any of them may show changed, or changes
    /// may have been missed.
    pub fn forget_all(&self) {
        let mut inner = self.lock();
        inner.drops += 1;
        inner.kept.clear();
    }

    /// How many snapshots are kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().kept.len()
    }

    /// Whether none is.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_value_is_served_until_dropped() {
        let snapshots: Snapshots<String, u32> = Snapshots::default();
        let ticket = snapshots.get("a").unwrap_err();
        snapshots.keep(ticket, "a".to_owned(), Arc::new(1));
        assert_eq!(snapshots.get("a").map(|v| *v), Ok(1));
        snapshots.forget("a");
        assert!(snapshots.get("a").is_err());
        assert!(snapshots.is_empty());
    }

    #[test]
    fn a_read_that_began_before_a_drop_is_not_kept() {
        let snapshots: Snapshots<String, u32> = Snapshots::default();
        let ticket = snapshots.get("a").unwrap_err();
        // A change commits and is dropped while the read is under way …
        snapshots.forget("b");
        // … so what the read found may predate it.
        snapshots.keep(ticket, "a".to_owned(), Arc::new(1));
        assert!(snapshots.get("a").is_err());
        let ticket = snapshots.get("a").unwrap_err();
        snapshots.keep(ticket, "a".to_owned(), Arc::new(2));
        assert_eq!(snapshots.get("a").map(|v| *v), Ok(2));
    }

    #[test]
    fn forgetting_where_drops_those_values_and_refuses_reads_begun_before() {
        let snapshots: Snapshots<String, u32> = Snapshots::default();
        for (key, value) in [("a", 1), ("b", 2), ("c", 1)] {
            let ticket = snapshots.get(key).unwrap_err();
            snapshots.keep(ticket, key.to_owned(), Arc::new(value));
        }
        let ticket = snapshots.get("d").unwrap_err();
        snapshots.forget_where(|value| *value == 1);
        assert_eq!(snapshots.len(), 1);
        assert_eq!(snapshots.get("b").map(|v| *v), Ok(2));
        snapshots.keep(ticket, "d".to_owned(), Arc::new(1));
        assert!(snapshots.get("d").is_err(), "a read begun before the drop");
    }

    fn user(id: &str) -> User {
        User {
            id: id.to_owned(),
            username: id.to_owned(),
            kind: crate::accounts::AccountKind::Human,
        }
    }

    /// Keeps a session and a token's owner for each of `users`, under `s-<id>` and `t-<id>`.
    fn sign_in(caches: &ReadSnapshots, users: &[&str]) {
        for id in users {
            let ticket = caches.sessions.get("none").unwrap_err();
            let session = SignedIn {
                user: user(id),
                counts: HeaderCounts::default(),
                expires_at: i64::MAX,
            };
            caches
                .sessions
                .keep(ticket, format!("s-{id}"), Arc::new(session));
            let ticket = caches.tokens.get("none").unwrap_err();
            let owner = TokenOwner {
                user: user(id),
                now: 0,
            };
            caches
                .tokens
                .keep(ticket, format!("t-{id}"), Arc::new(owner));
        }
    }

    #[test]
    fn a_change_drops_its_users_sessions_and_a_sign_out_their_tokens_too() {
        let caches = ReadSnapshots::default();
        sign_in(&caches, &["a", "b", "c"]);
        assert_eq!(caches.known_user("s-a").as_deref(), Some("a"));
        assert_eq!(caches.known_user("t-c").as_deref(), Some("c"));
        caches.delivered(&Delivered::Game {
            game_id: "g",
            ended: false,
            players: vec!["a", "b"],
        });
        assert_eq!(caches.sessions.len(), 1, "the players' sessions went");
        assert!(caches.sessions.get("s-c").is_ok());
        assert_eq!(caches.tokens.len(), 3, "a move changes no token's owner");
        caches.delivered(&Delivered::SignedOut("a"));
        assert_eq!(caches.tokens.len(), 2);
        assert!(caches.tokens.get("t-a").is_err(), "a revoked token goes");
        caches.forget_user("c");
        assert!(caches.sessions.is_empty());
        assert_eq!(caches.known_user("s-c"), None);
        assert_eq!(caches.known_user("t-c").as_deref(), Some("c"));
    }

    #[test]
    fn a_report_drops_the_administrators_sessions_only() {
        let caches = ReadSnapshots::default();
        sign_in(&caches, &["player"]);
        let ticket = caches.sessions.get("none").unwrap_err();
        let admin = SignedIn {
            user: user("admin"),
            counts: HeaderCounts {
                open_reports: Some(0),
                ..HeaderCounts::default()
            },
            expires_at: i64::MAX,
        };
        caches
            .sessions
            .keep(ticket, "s-admin".to_owned(), Arc::new(admin));
        caches.delivered(&Delivered::Reports);
        assert!(caches.sessions.get("s-admin").is_err());
        assert!(caches.sessions.get("s-player").is_ok());
    }

    #[test]
    fn warm_kinds_outlive_the_second() {
        let caches = ReadSnapshots::default();
        assert_eq!(caches.sessions.max_age, WARM_AGE);
        assert_eq!(caches.tokens.max_age, WARM_AGE);
        assert_eq!(caches.viewers.max_age, WARM_AGE);
        assert_eq!(caches.games.max_age, WARM_AGE);
        assert_eq!(caches.chats.max_age, MAX_AGE);
        assert!(WARM_AGE > MAX_AGE);
    }

    #[test]
    fn stale_snapshots_go_and_fresh_ones_stay() {
        let snapshots: Snapshots<&str, u32> = Snapshots::new(Duration::from_millis(50), 16);
        let ticket = snapshots.get("old").unwrap_err();
        snapshots.keep(ticket, "old", Arc::new(1));
        std::thread::sleep(Duration::from_millis(60));
        let ticket = snapshots.get("new").unwrap_err();
        snapshots.keep(ticket, "new", Arc::new(2));
        snapshots.let_stale_go();
        assert_eq!(snapshots.len(), 1);
        assert_eq!(snapshots.get("new").map(|v| *v), Ok(2));
        // Not a change: a read begun before still keeps what it read.
        let ticket = snapshots.get("old").unwrap_err();
        snapshots.let_stale_go();
        snapshots.keep(ticket, "old", Arc::new(3));
        assert_eq!(snapshots.get("old").map(|v| *v), Ok(3));
    }

    #[test]
    fn a_full_store_lets_the_older_half_go() {
        let snapshots: Snapshots<usize, usize> = Snapshots::default();
        for key in 0..CAPACITY {
            let ticket = snapshots.get(&key).unwrap_err();
            snapshots.keep(ticket, key, Arc::new(key));
        }
        assert_eq!(snapshots.len(), CAPACITY);
        let ticket = snapshots.get(&CAPACITY).unwrap_err();
        snapshots.keep(ticket, CAPACITY, Arc::new(CAPACITY));
        assert!(snapshots.len() <= CAPACITY / 2 + 1, "{}", snapshots.len());
        assert!(snapshots.get(&CAPACITY).is_ok(), "the newest is kept");
    }
}
