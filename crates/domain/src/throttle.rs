//! Rate limits on account requests: how often one client address may sign up, log in
//! and create API tokens, and how failed logins slow down without locking anyone out.
//!
//! Failed logins are counted per (account, address) pair: after a few free failures each
//! further attempt for that pair must wait, twice as long after each failure, up to a
//! cap. Someone guessing another person's password from their own address therefore
//! slows only themselves; the owner, logging in from anywhere else, is never refused.
//! A per-address count over all accounts, far higher, stops one address from trying many
//! accounts.
//!
//! Game chat lines and note saves are limited per player ([`PlayerLimits`]).

use std::{
    collections::{HashMap, VecDeque},
    hash::Hash,
    num::NonZeroU32,
    sync::{Mutex, PoisonError},
    time::Duration,
};

use governor::{
    DefaultKeyedRateLimiter, Quota, RateLimiter,
    clock::{Clock as _, DefaultClock},
};

use crate::config::AccountLimits;
use vocab::error::AppError;

/// When a limiter keeps this many keys, the ones it no longer needs are dropped.
const MAX_KEYS_BEFORE_PRUNING: usize = 50_000;

/// Requests per client address: sign-ups, logins and token creations, each its own
/// budget (generic cell rate: a burst of the quota, refilled evenly over its period).
#[derive(Debug)]
pub struct AddressLimits {
    signups: DefaultKeyedRateLimiter<String>,
    logins: DefaultKeyedRateLimiter<String>,
    token_creations: DefaultKeyedRateLimiter<String>,
}

/// What a client address asks to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountAction {
    /// Create an account.
    SignUp,
    /// Log in (a session, or the password check of a token request).
    Login,
    /// Create an API token.
    CreateToken,
}

impl AddressLimits {
    /// The budgets from the configuration.
    #[must_use]
    pub fn new(limits: &AccountLimits) -> AddressLimits {
        let per = |count: NonZeroU32, period: Duration| {
            // `count` a period, all of it available at once.
            let quota = Quota::with_period(period / count.get())
                .unwrap_or_else(|| Quota::per_second(count))
                .allow_burst(count);
            RateLimiter::hashmap(quota)
        };
        AddressLimits {
            signups: per(limits.signups_per_hour, Duration::from_secs(3_600)),
            logins: per(limits.logins_per_minute, Duration::from_secs(60)),
            token_creations: per(limits.token_creations_per_hour, Duration::from_secs(3_600)),
        }
    }

    /// Spends one of `client`'s `action` budget.
    ///
    /// # Errors
    ///
    /// [`AppError::RateLimited`] with the wait when the budget is spent.
    pub fn check(&self, action: AccountAction, client: &str) -> Result<(), AppError> {
        let limiter = match action {
            AccountAction::SignUp => &self.signups,
            AccountAction::Login => &self.logins,
            AccountAction::CreateToken => &self.token_creations,
        };
        if limiter.len() > MAX_KEYS_BEFORE_PRUNING {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter.check_key(&client.to_owned()).map_err(|not_until| {
            metrics::counter!("account_requests_refused_total").increment(1);
            AppError::rate_limited(not_until.wait_time_from(DefaultClock::default().now()))
        })
    }
}

/// How often a player may save their notes: a burst of this many, refilled over a minute.
pub const NOTE_SAVES_PER_MINUTE: u32 = 30;

/// Conditional lines one player may enter or delete per minute (all games together).
pub const CONDITIONAL_CHANGES_PER_MINUTE: u32 = 60;

/// How many reports a player may file per minute (a burst of this many).
pub const REPORTS_PER_MINUTE: u32 = 5;

/// How many positions a player may have the engine evaluate per minute (a burst of
/// this many).
pub const EVALUATIONS_PER_MINUTE: u32 = 6;

/// Budgets per player (by user id) for what they write: chat lines and note saves. Kept
/// in each instance's memory, so behind a load balancer each instance counts its own.
#[derive(Debug)]
pub struct PlayerLimits {
    chat: DefaultKeyedRateLimiter<String>,
    notes: DefaultKeyedRateLimiter<String>,
    conditional: DefaultKeyedRateLimiter<String>,
    reports: DefaultKeyedRateLimiter<String>,
    evaluations: DefaultKeyedRateLimiter<String>,
}

/// What a player writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerAction {
    /// A chat line.
    Chat,
    /// A save of a note.
    SaveNote,
    /// A conditional line entered or deleted.
    ConditionalLine,
    /// A report of a player or a chat line.
    Report,
    /// A position evaluated by the engine on the analysis board.
    Evaluation,
}

/// `count` a minute, all of it available at once.
fn per_minute(count: NonZeroU32) -> DefaultKeyedRateLimiter<String> {
    let quota = Quota::with_period(Duration::from_secs(60) / count.get())
        .unwrap_or_else(|| Quota::per_second(count))
        .allow_burst(count);
    RateLimiter::hashmap(quota)
}

impl PlayerLimits {
    /// `chat_per_minute` chat lines per player, [`NOTE_SAVES_PER_MINUTE`] note saves and
    /// [`CONDITIONAL_CHANGES_PER_MINUTE`] changes of conditional lines.
    #[must_use]
    pub fn new(chat_per_minute: NonZeroU32) -> PlayerLimits {
        PlayerLimits {
            chat: per_minute(chat_per_minute),
            notes: per_minute(NonZeroU32::new(NOTE_SAVES_PER_MINUTE).unwrap_or(NonZeroU32::MIN)),
            conditional: per_minute(
                NonZeroU32::new(CONDITIONAL_CHANGES_PER_MINUTE).unwrap_or(NonZeroU32::MIN),
            ),
            reports: per_minute(NonZeroU32::new(REPORTS_PER_MINUTE).unwrap_or(NonZeroU32::MIN)),
            evaluations: per_minute(
                NonZeroU32::new(EVALUATIONS_PER_MINUTE).unwrap_or(NonZeroU32::MIN),
            ),
        }
    }

    /// Spends one of `user_id`'s `action` budget.
    ///
    /// # Errors
    ///
    /// [`AppError::ChatRateLimited`] for a chat line, [`AppError::RateLimited`] for a note
    /// or a conditional line, with the wait, when the budget is spent.
    pub fn check(&self, action: PlayerAction, user_id: &str) -> Result<(), AppError> {
        let limiter = match action {
            PlayerAction::Chat => &self.chat,
            PlayerAction::SaveNote => &self.notes,
            PlayerAction::ConditionalLine => &self.conditional,
            PlayerAction::Report => &self.reports,
            PlayerAction::Evaluation => &self.evaluations,
        };
        if limiter.len() > MAX_KEYS_BEFORE_PRUNING {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        limiter.check_key(&user_id.to_owned()).map_err(|not_until| {
            let limited =
                AppError::rate_limited(not_until.wait_time_from(DefaultClock::default().now()));
            match action {
                PlayerAction::Chat => {
                    metrics::counter!("chat_lines_refused_total").increment(1);
                    AppError::ChatRateLimited {
                        retry_after: limited.retry_after().unwrap_or(1),
                    }
                }
                PlayerAction::SaveNote
                | PlayerAction::ConditionalLine
                | PlayerAction::Report
                | PlayerAction::Evaluation => limited,
            }
        })
    }
}

/// One (account, address) pair's failed logins.
#[derive(Debug, Clone, Copy)]
struct PairFailures {
    count: u32,
    last: i64,
}

/// Failed-login counters over the injectable clock (unix seconds).
#[derive(Debug)]
pub struct FailedLogins {
    free_failures: u32,
    window: i64,
    backoff_max: i64,
    address_max_failures: usize,
    state: Mutex<FailureState>,
}

#[derive(Debug, Default)]
struct FailureState {
    pairs: HashMap<(String, String), PairFailures>,
    addresses: HashMap<String, VecDeque<i64>>,
}

impl FailedLogins {
    /// `free_failures` per pair before backing off (each wait doubling, from 2 s up to
    /// `backoff_max` seconds); `address_max_failures` per address within `window`
    /// seconds, which is also how long a pair's failures are remembered after its wait.
    #[must_use]
    pub fn new(
        free_failures: u32,
        window: i64,
        backoff_max: i64,
        address_max_failures: u32,
    ) -> FailedLogins {
        FailedLogins {
            free_failures,
            window: window.max(1),
            backoff_max: backoff_max.max(1),
            address_max_failures: usize::try_from(address_max_failures).unwrap_or(usize::MAX),
            state: Mutex::new(FailureState::default()),
        }
    }

    /// How long a pair with `count` failures, the last at `last`, must wait: until
    /// this unix second.
    fn pair_until(&self, failures: PairFailures) -> i64 {
        let over = failures.count.saturating_sub(self.free_failures);
        if over == 0 {
            return failures.last;
        }
        let wait = 2_i64
            .checked_pow(over.min(62))
            .unwrap_or(i64::MAX)
            .min(self.backoff_max);
        failures.last.saturating_add(wait)
    }

    /// Refuses (429, with the wait) when `account` may not be tried from `address` yet,
    /// or `address` has failed too often over all accounts.
    ///
    /// # Errors
    ///
    /// [`AppError::RateLimited`].
    pub fn check(&self, account: &str, address: &str, now: i64) -> Result<(), AppError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(times) = state.addresses.get_mut(address) {
            prune(times, now - self.window);
            if times.len() >= self.address_max_failures {
                let until = times.front().map_or(now, |first| first + self.window);
                return Err(wait_until(until, now));
            }
        }
        let key = (account.to_lowercase(), address.to_owned());
        if let Some(&failures) = state.pairs.get(&key) {
            let until = self.pair_until(failures);
            if until > now {
                return Err(wait_until(until, now));
            }
        }
        Ok(())
    }

    /// Counts a failed login for `account` from `address`.
    pub fn record_failure(&self, account: &str, address: &str, now: i64) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if state.pairs.len() + state.addresses.len() > MAX_KEYS_BEFORE_PRUNING {
            self.prune_all(&mut state, now);
        }
        let key = (account.to_lowercase(), address.to_owned());
        let window = self.window;
        let failures = state.pairs.entry(key).or_insert(PairFailures {
            count: 0,
            last: now,
        });
        // Failures long past (the wait and the window after it) are forgiven.
        if self.pair_until(*failures).saturating_add(window) < now {
            failures.count = 0;
        }
        failures.count = failures.count.saturating_add(1);
        failures.last = now;
        state
            .addresses
            .entry(address.to_owned())
            .or_default()
            .push_back(now);
    }

    /// Clears the pair's failures after a successful login.
    pub fn forget(&self, account: &str, address: &str) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state
            .pairs
            .remove(&(account.to_lowercase(), address.to_owned()));
    }

    fn prune_all(&self, state: &mut FailureState, now: i64) {
        let window = self.window;
        state
            .pairs
            .retain(|_, failures| self.pair_until(*failures).saturating_add(window) >= now);
        retain_recent(&mut state.addresses, now - window);
    }
}

fn prune(times: &mut VecDeque<i64>, older_than: i64) {
    while times.front().is_some_and(|&t| t <= older_than) {
        times.pop_front();
    }
}

fn retain_recent<K: Eq + Hash>(map: &mut HashMap<K, VecDeque<i64>>, older_than: i64) {
    map.retain(|_, times| {
        prune(times, older_than);
        !times.is_empty()
    });
}

fn wait_until(until: i64, now: i64) -> AppError {
    let secs = u64::try_from(until.saturating_sub(now)).unwrap_or(0);
    AppError::rate_limited(Duration::from_secs(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn retry_after(result: Result<(), AppError>) -> Option<u64> {
        result.err().and_then(|error| error.retry_after())
    }

    #[test]
    fn a_pair_backs_off_exponentially_after_its_free_failures() {
        let limiter = FailedLogins::new(3, 900, 60, 1_000);
        let mut now = 1_000;
        for _ in 0..3 {
            assert!(limiter.check("bob", "1.1.1.1", now).is_ok());
            limiter.record_failure("bob", "1.1.1.1", now);
        }
        limiter.record_failure("bob", "1.1.1.1", now);
        // Four failures, one over: wait 2 s, then 4, 8, … up to the cap of 60.
        assert_eq!(retry_after(limiter.check("Bob", "1.1.1.1", now)), Some(2));
        for expected in [4, 8, 16, 32, 60, 60] {
            now += 100;
            assert!(limiter.check("bob", "1.1.1.1", now).is_ok());
            limiter.record_failure("bob", "1.1.1.1", now);
            assert_eq!(
                retry_after(limiter.check("bob", "1.1.1.1", now)),
                Some(expected)
            );
        }
        // The wait is counted down.
        assert_eq!(
            retry_after(limiter.check("bob", "1.1.1.1", now + 59)),
            Some(1)
        );
        assert!(limiter.check("bob", "1.1.1.1", now + 60).is_ok());
    }

    #[test]
    fn someone_elses_failures_never_lock_the_owner_out() {
        let limiter = FailedLogins::new(3, 900, 900, 1_000);
        for _ in 0..50 {
            limiter.record_failure("bob", "6.6.6.6", 1_000);
        }
        assert!(limiter.check("bob", "6.6.6.6", 1_000).is_err());
        assert!(limiter.check("bob", "1.1.1.1", 1_000).is_ok());
        assert!(limiter.check("alice", "6.6.6.6", 1_000).is_ok());
    }

    #[test]
    fn an_address_trying_many_accounts_is_stopped_until_the_window_passes() {
        let limiter = FailedLogins::new(3, 600, 900, 10);
        for n in 0..10 {
            limiter.record_failure(&format!("user{n}"), "6.6.6.6", 1_000 + n);
        }
        assert_eq!(
            retry_after(limiter.check("someone", "6.6.6.6", 1_010)),
            Some(590)
        );
        assert!(limiter.check("someone", "1.1.1.1", 1_010).is_ok());
        assert!(limiter.check("someone", "6.6.6.6", 1_601).is_ok());
    }

    #[test]
    fn a_success_forgets_the_pair_and_old_failures_are_forgiven() {
        let limiter = FailedLogins::new(1, 100, 900, 1_000);
        limiter.record_failure("bob", "1.1.1.1", 1_000);
        limiter.record_failure("bob", "1.1.1.1", 1_000);
        assert!(limiter.check("bob", "1.1.1.1", 1_000).is_err());
        limiter.forget("bob", "1.1.1.1");
        assert!(limiter.check("bob", "1.1.1.1", 1_000).is_ok());
        limiter.record_failure("bob", "1.1.1.1", 1_000);
        limiter.record_failure("bob", "1.1.1.1", 1_000);
        // Long after the wait and the window, one new failure is the first again.
        limiter.record_failure("bob", "1.1.1.1", 5_000);
        assert!(limiter.check("bob", "1.1.1.1", 5_000).is_ok());
    }

    #[test]
    fn a_players_chat_budget_is_their_own_and_refuses_with_its_code() {
        let limits = PlayerLimits::new(NonZeroU32::new(3).unwrap());
        for _ in 0..3 {
            assert!(limits.check(PlayerAction::Chat, "u1").is_ok());
        }
        let refused = limits.check(PlayerAction::Chat, "u1").unwrap_err();
        assert_eq!(refused.code(), "chat_rate_limited");
        // One line comes back every 20 seconds.
        assert!((1..=20).contains(&refused.retry_after().unwrap()));
        assert!(limits.check(PlayerAction::Chat, "u2").is_ok());
        assert!(limits.check(PlayerAction::SaveNote, "u1").is_ok());
    }

    #[test]
    fn address_budgets_refuse_with_the_wait_once_spent() {
        let limits = AccountLimits {
            hash_threads: 1,
            hash_queue: 1,
            signups_per_hour: NonZeroU32::new(2).unwrap(),
            logins_per_minute: NonZeroU32::new(1).unwrap(),
            token_creations_per_hour: NonZeroU32::new(1).unwrap(),
            address_max_failures: 1,
            backoff_max_secs: 1,
            max_tokens_per_account: 1,
        };
        let limits = AddressLimits::new(&limits);
        assert!(limits.check(AccountAction::SignUp, "a").is_ok());
        assert!(limits.check(AccountAction::SignUp, "a").is_ok());
        let wait = retry_after(limits.check(AccountAction::SignUp, "a")).unwrap();
        // One sign-up comes back every 30 minutes.
        assert!((1_700..=1_800).contains(&wait), "{wait}");
        assert!(limits.check(AccountAction::SignUp, "b").is_ok());
        // Each action has its own budget.
        assert!(limits.check(AccountAction::Login, "a").is_ok());
        assert!(limits.check(AccountAction::Login, "a").is_err());
        assert!(limits.check(AccountAction::CreateToken, "a").is_ok());
    }
}
