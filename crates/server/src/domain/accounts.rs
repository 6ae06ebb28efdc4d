//! Accounts: registration, passwords, sessions, API tokens and login rate limiting.

use std::{
    collections::{HashMap, VecDeque},
    sync::{Mutex, OnceLock, PoisonError},
};

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::SaltString,
};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::{
    AppState,
    db::{self, users},
    domain::{DAY, hex, new_id, new_token},
    error::AppError,
};

/// A signed-in person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// The user's id.
    pub id: String,
    /// The name as registered.
    pub username: String,
}

/// A new browser session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// Who signed in.
    pub user: User,
    /// The cookie value (only its hash is stored).
    pub token: String,
    /// When it ends (unix seconds).
    pub expires_at: i64,
}

/// Shortest and longest password, in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=256;

/// Checks a username: 3–20 letters, digits, `_` or `-`.
///
/// # Errors
///
/// 422 `invalid_username`.
pub fn validate_username(username: &str) -> Result<(), AppError> {
    let ok = (3..=20).contains(&username.len())
        && username
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(AppError::invalid(
            "invalid_username",
            "a username has 3 to 20 letters, digits, `_` or `-`",
        ))
    }
}

/// Checks a password's length.
///
/// # Errors
///
/// 422 `invalid_password`.
pub fn validate_password(password: &str) -> Result<(), AppError> {
    if PASSWORD_CHARS.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(AppError::invalid(
            "invalid_password",
            "a password has 8 to 256 characters",
        ))
    }
}

/// argon2id with the OWASP parameters: 19 MiB, 2 iterations, 1 lane.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19_456, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password off the async threads.
async fn hash_password(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || {
        let mut salt = [0_u8; 16];
        rand::rng().fill_bytes(&mut salt);
        let salt = SaltString::encode_b64(&salt).map_err(AppError::internal)?;
        hasher()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(AppError::internal)
    })
    .await
    .map_err(AppError::internal)?
}

/// Checks a password against a stored hash off the async threads.
async fn verify_password(password: String, hash: String) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&hash).map_err(AppError::internal)?;
        Ok(hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .map_err(AppError::internal)?
}

/// A valid hash to check against when the user does not exist, so that a wrong name takes
/// as long as a wrong password.
async fn dummy_hash() -> Result<&'static str, AppError> {
    static DUMMY: OnceLock<String> = OnceLock::new();
    if let Some(hash) = DUMMY.get() {
        return Ok(hash);
    }
    let hash = hash_password("not a real password".to_owned()).await?;
    Ok(DUMMY.get_or_init(|| hash))
}

/// The stored form of a session or API token.
fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Registers a user.
///
/// # Errors
///
/// 422 `invalid_username` / `invalid_password`; 409 `username_taken`.
pub async fn register(state: &AppState, username: &str, password: &str) -> Result<User, AppError> {
    validate_username(username)?;
    validate_password(password)?;
    let hash = hash_password(password.to_owned()).await?;
    let id = new_id();
    let mut conn = state.db.pool.acquire().await?;
    match users::insert(&mut conn, &id, username, &hash, state.now()).await {
        Ok(()) => Ok(User {
            id,
            username: username.to_owned(),
        }),
        Err(error) if db::is_unique_violation(&error) => Err(AppError::conflict(
            "username_taken",
            "that username is taken",
        )),
        Err(error) => Err(error.into()),
    }
}

/// Checks a username and password, counting failures per account and per client address.
///
/// # Errors
///
/// 429 when either has failed too often within the window; 401 `invalid_credentials`.
pub async fn authenticate(
    state: &AppState,
    username: &str,
    password: &str,
    client: &str,
) -> Result<User, AppError> {
    let now = state.now();
    let keys = [
        format!("user:{}", username.to_lowercase()),
        format!("addr:{client}"),
    ];
    state.limiter.check(&keys, now)?;
    let mut conn = state.db.pool.acquire().await?;
    let row = users::by_name(&mut conn, username).await?;
    drop(conn);
    let (hash, user) = match row {
        Some(row) => (
            row.password_hash,
            Some(User {
                id: row.id,
                username: row.username,
            }),
        ),
        None => (dummy_hash().await?.to_owned(), None),
    };
    let valid = verify_password(password.to_owned(), hash).await?;
    match user {
        Some(user) if valid => {
            state.limiter.forget(&keys[0]);
            Ok(user)
        }
        _ => {
            state.limiter.record_failure(&keys, now);
            Err(AppError::InvalidCredentials)
        }
    }
}

/// Signs in: checks the password and starts a new session.
///
/// # Errors
///
/// As [`authenticate`], and database errors.
pub async fn login(
    state: &AppState,
    username: &str,
    password: &str,
    client: &str,
) -> Result<Session, AppError> {
    let user = authenticate(state, username, password, client).await?;
    let token = new_token();
    let now = state.now();
    let expires_at = now + state.config.session_days * DAY;
    let mut conn = state.db.pool.acquire().await?;
    users::insert_session(&mut conn, &token_hash(&token), &user.id, now, expires_at).await?;
    Ok(Session {
        user,
        token,
        expires_at,
    })
}

/// Ends the session whose cookie value is `token`.
///
/// # Errors
///
/// Database errors.
pub async fn logout(state: &AppState, token: &str) -> Result<(), AppError> {
    let mut conn = state.db.pool.acquire().await?;
    users::delete_session(&mut conn, &token_hash(token)).await?;
    Ok(())
}

/// Creates a personal API token for whoever `username` and `password` name.
///
/// # Errors
///
/// As [`authenticate`], and database errors.
pub async fn create_token(
    state: &AppState,
    username: &str,
    password: &str,
    client: &str,
) -> Result<String, AppError> {
    let user = authenticate(state, username, password, client).await?;
    let token = new_token();
    let mut conn = state.db.pool.acquire().await?;
    users::insert_token(&mut conn, &token_hash(&token), &user.id, state.now()).await?;
    Ok(token)
}

/// The user a session cookie belongs to, while the session lasts.
///
/// # Errors
///
/// Database errors.
pub async fn user_by_session(state: &AppState, token: &str) -> Result<Option<User>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = users::by_session(&mut conn, &token_hash(token), state.now()).await?;
    Ok(row.map(|(id, username)| User { id, username }))
}

/// The owner of an API token.
///
/// # Errors
///
/// Database errors.
pub async fn user_by_api_token(state: &AppState, token: &str) -> Result<Option<User>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = users::by_token(&mut conn, &token_hash(token)).await?;
    Ok(row.map(|(id, username)| User { id, username }))
}

/// Failed login attempts per key (account or client address) within a sliding window.
#[derive(Debug)]
pub struct LoginLimiter {
    max_failures: u32,
    window: i64,
    failures: Mutex<HashMap<String, VecDeque<i64>>>,
}

impl LoginLimiter {
    /// Allows `max_failures` failures per key within `window` seconds.
    #[must_use]
    pub fn new(max_failures: u32, window: i64) -> LoginLimiter {
        LoginLimiter {
            max_failures,
            window,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// Refuses (429) when any of `keys` has used up its failures.
    ///
    /// # Errors
    ///
    /// [`AppError::RateLimited`].
    pub fn check(&self, keys: &[String], now: i64) -> Result<(), AppError> {
        let mut failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        let limit = usize::try_from(self.max_failures).unwrap_or(usize::MAX);
        for key in keys {
            if let Some(times) = failures.get_mut(key) {
                while times.front().is_some_and(|&t| t <= now - self.window) {
                    times.pop_front();
                }
                if times.len() >= limit {
                    return Err(AppError::RateLimited);
                }
            }
        }
        Ok(())
    }

    /// Counts a failure against each of `keys`.
    pub fn record_failure(&self, keys: &[String], now: i64) {
        let mut failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        if failures.len() > 100_000 {
            let window = self.window;
            failures.retain(|_, times| times.back().is_some_and(|&t| t > now - window));
        }
        for key in keys {
            failures.entry(key.clone()).or_default().push_back(now);
        }
    }

    /// Clears a key's failures (after a successful login to that account).
    pub fn forget(&self, key: &str) {
        let mut failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        failures.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_of_3_to_20_safe_characters() {
        for good in ["bob", "Alice_99", "a-b-c", "x".repeat(20).as_str()] {
            assert!(validate_username(good).is_ok(), "{good}");
        }
        for bad in [
            "ab",
            "",
            "x".repeat(21).as_str(),
            "with space",
            "émile",
            "a/b",
        ] {
            assert!(validate_username(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn passwords_of_8_to_256_characters() {
        assert!(validate_password("12345678").is_ok());
        assert!(validate_password(&"p".repeat(128)).is_ok());
        assert!(validate_password("1234567").is_err());
        assert!(validate_password(&"p".repeat(257)).is_err());
    }

    #[tokio::test]
    async fn password_hashes_are_argon2id_with_owasp_parameters_and_verify() {
        let hash = hash_password("correct horse".to_owned()).await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(
            verify_password("correct horse".to_owned(), hash.clone())
                .await
                .unwrap()
        );
        assert!(
            !verify_password("wrong horse".to_owned(), hash)
                .await
                .unwrap()
        );
    }

    #[test]
    fn limiter_refuses_after_max_failures_until_the_window_passes() {
        let limiter = LoginLimiter::new(3, 60);
        let keys = ["user:bob".to_owned(), "addr:1".to_owned()];
        for _ in 0..3 {
            assert!(limiter.check(&keys, 100).is_ok());
            limiter.record_failure(&keys, 100);
        }
        assert!(matches!(
            limiter.check(&keys, 100),
            Err(AppError::RateLimited)
        ));
        assert!(matches!(
            limiter.check(&["addr:1".to_owned()], 159),
            Err(AppError::RateLimited)
        ));
        assert!(limiter.check(&keys, 160).is_ok());
    }

    #[test]
    fn session_tokens_are_stored_as_sha256() {
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
