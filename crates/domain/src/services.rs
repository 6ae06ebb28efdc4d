//! The shared application state, cloned into every handler.

use std::{ops::Deref, sync::Arc};

use axum::extract::FromRef;

use crate::{
    config::Config,
    events::EventHub,
    game::snapshots::ReadSnapshots,
    hashing::HashPool,
    throttle::{AddressLimits, FailedLogins, PlayerLimits},
};
use store::Database;
use vocab::clock::Clock;

/// Everything handlers and domain functions share: one per running app. Its fields are
/// read through [`Shared`]; a clone (axum makes one for every request) copies one pointer.
#[derive(Clone, Debug)]
pub struct Services(Arc<Shared>);

impl Deref for Services {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What an [`Services`] holds.
#[derive(Debug)]
pub struct Shared {
    /// The database pool and its backend.
    pub db: Database,
    /// The configuration read at start-up.
    pub config: Arc<Config>,
    /// The time source (injectable for tests).
    pub clock: Arc<dyn Clock>,
    /// Live events: staging, and delivery to this process's subscribers.
    pub events: EventHub,
    /// What this instance read and rendered lately for showing; the hub tells it of
    /// every change, and it drops what that made stale.
    pub caches: ReadSnapshots,
    /// Failed-login counters (per account and address, and per address).
    pub failed_logins: Arc<FailedLogins>,
    /// Sign-up, login and token-creation budgets per client address.
    pub address_limits: Arc<AddressLimits>,
    /// Chat-line and note-save budgets per player.
    pub player_limits: Arc<PlayerLimits>,
    /// The password-hashing threads.
    pub hashing: HashPool,
    /// This instance's name in the outbox's claims (random per process).
    pub instance_id: Arc<String>,
    /// Wakes this instance's outbox lanes (after a commit that wrote notices).
    pub outbox_wake: Arc<crate::jobs::outbox_wake::Wake>,
    /// Wakes this instance's engine job (after a commit that queued a computer's reply).
    pub engine_wake: Arc<tokio::sync::Notify>,
    /// Wakes this instance's tournament runner (after a commit that gave it work).
    pub tournament_wake: Arc<tokio::sync::Notify>,
    /// Set on shutdown: the engine threads' searches stop and their replies are left
    /// queued for the next start.
    pub engine_stop: Arc<std::sync::atomic::AtomicBool>,
    /// Evaluations of the analysis board that may search at once (`ENGINE_WORKERS`, at
    /// least one), each on a blocking thread.
    pub evaluations: Arc<tokio::sync::Semaphore>,
    /// Web Push: the VAPID key pair once read, and the HTTP client.
    pub push: Arc<crate::push::client::PushContext>,
    /// The SMTP mailer when `SMTP_URL` and `MAIL_FROM` are set; `None`: e-mail is off.
    pub mailer: Option<crate::mail::Mailer>,
    /// The records of the games this instance changed lately (a change then reads the
    /// row without the moves).
    pub records: crate::game::records::GameRecords,
}

impl Services {
    /// The state for `config` over `db`, with `clock` as the time source. On Postgres,
    /// live events reach this state's subscribers only once the server's start-up (or
    /// [`crate::events::listener::start`]) listens for them.
    #[must_use]
    pub fn new(config: Config, db: Database, clock: Arc<dyn Clock>) -> Services {
        let failed_logins = FailedLogins::new(
            config.login_max_attempts,
            config.login_window_secs,
            config.accounts.backoff_max_secs,
            config.accounts.address_max_failures,
        );
        let address_limits = AddressLimits::new(&config.accounts);
        let player_limits = PlayerLimits::new(config.chat_messages_per_minute);
        let hashing = HashPool::new(config.accounts.hash_threads, config.accounts.hash_queue);
        // The configuration checked both variables: a mailer that cannot be built here
        // is logged and e-mail stays off.
        let mailer = config.mail.as_ref().and_then(|mail| {
            crate::mail::Mailer::new(mail)
                .inspect_err(|error| tracing::error!(%error, "e-mail is off"))
                .ok()
        });
        let caches = ReadSnapshots::default();
        let evaluation_slots = config.engine.workers.max(1);
        Services(Arc::new(Shared {
            mailer,
            events: EventHub::new(db.backend, caches.clone()),
            caches,
            db,
            config: Arc::new(config),
            clock,
            failed_logins: Arc::new(failed_logins),
            address_limits: Arc::new(address_limits),
            player_limits: Arc::new(player_limits),
            hashing,
            instance_id: Arc::new(vocab::ids::new_id()),
            outbox_wake: Arc::default(),
            engine_wake: Arc::new(tokio::sync::Notify::new()),
            tournament_wake: Arc::new(tokio::sync::Notify::new()),
            engine_stop: Arc::default(),
            evaluations: Arc::new(tokio::sync::Semaphore::new(evaluation_slots)),
            push: Arc::default(),
            records: crate::game::records::GameRecords::default(),
        }))
    }

    /// Wakes this instance's outbox lanes: notices were committed.
    pub fn wake_outbox(&self) {
        self.outbox_wake.all();
    }

    /// Wakes this instance's engine job: a computer's reply was queued (or a worker
    /// became free).
    pub fn wake_engine(&self) {
        self.engine_wake.notify_one();
    }

    /// Wakes this instance's tournament runner: a tournament game ended, an entry filled
    /// a tournament, a player left one.
    pub fn wake_tournaments(&self) {
        self.tournament_wake.notify_one();
    }

    /// Whether e-mail is configured (`SMTP_URL` and `MAIL_FROM`).
    #[must_use]
    pub fn mail_enabled(&self) -> bool {
        self.mailer.is_some()
    }

    /// Unix seconds now, from the state's clock.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}

impl FromRef<Services> for Database {
    fn from_ref(state: &Services) -> Database {
        state.db.clone()
    }
}

impl FromRef<Services> for EventHub {
    fn from_ref(state: &Services) -> EventHub {
        state.events.clone()
    }
}

impl FromRef<Services> for Arc<Config> {
    fn from_ref(state: &Services) -> Arc<Config> {
        state.config.clone()
    }
}
