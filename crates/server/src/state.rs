//! The shared application state, cloned into every handler.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::{
    clock::Clock, config::Config, db::Database, domain::accounts::LoginLimiter, events::EventHub,
};

/// Everything handlers and domain functions share: one per running app.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database pool and its backend.
    pub db: Database,
    /// The configuration read at start-up.
    pub config: Arc<Config>,
    /// The time source (injectable for tests).
    pub clock: Arc<dyn Clock>,
    /// Live events: this process's subscribers.
    pub events: EventHub,
    /// Login attempt counters.
    pub limiter: Arc<LoginLimiter>,
}

impl AppState {
    /// The state for `config` over `db`, with `clock` as the time source. On Postgres,
    /// live events reach this state's subscribers only once [`crate::build_state`] (or
    /// [`crate::events::listener::start`]) listens for them.
    #[must_use]
    pub fn new(config: Config, db: Database, clock: Arc<dyn Clock>) -> AppState {
        let limiter = LoginLimiter::new(config.login_max_attempts, config.login_window_secs);
        AppState {
            events: EventHub::new(db.backend),
            db,
            config: Arc::new(config),
            clock,
            limiter: Arc::new(limiter),
        }
    }

    /// Unix seconds now, from the state's clock.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}

impl FromRef<AppState> for Database {
    fn from_ref(state: &AppState) -> Database {
        state.db.clone()
    }
}

impl FromRef<AppState> for EventHub {
    fn from_ref(state: &AppState) -> EventHub {
        state.events.clone()
    }
}

impl FromRef<AppState> for Arc<Config> {
    fn from_ref(state: &AppState) -> Arc<Config> {
        state.config.clone()
    }
}
