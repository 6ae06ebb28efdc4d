//! Accounts: registration, passwords, sessions and API tokens. Hashing runs on
//! [`crate::hashing`]'s threads; the rate limits are [`crate::throttle`]'s.

use std::sync::{Arc, OnceLock};

use sha2::{Digest, Sha256};

pub mod user;

pub use user::{AccountKind, HeaderCounts, User};

use crate::{
    Services,
    game::snapshots::{SignedIn, TokenOwner},
    throttle::AccountAction,
};
use store::users;
use vocab::{
    error::AppError,
    ids::{DAY, hex, new_id, new_token},
};

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

/// The field of the sign-up and log-in forms an account refusal is about, so that a form
/// can show it beside that field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The name: `invalid_username`, `reserved_username`, `username_taken`,
    /// `control_character` (the password's is `password_control_character`).
    Username,
    /// The password: `invalid_password`, `blank_password`, `password_control_character`,
    /// `common_password`.
    Password,
}

impl Field {
    /// The field `error` is about, if it is about one.
    #[must_use]
    pub fn of(error: &AppError) -> Option<Field> {
        match error.code() {
            "invalid_username" | "reserved_username" | "username_taken" | "control_character" => {
                Some(Field::Username)
            }
            "invalid_password"
            | "blank_password"
            | "password_control_character"
            | "common_password" => Some(Field::Password),
            _ => None,
        }
    }
}

/// Shortest and longest password, in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=256;

/// Checks a username: 3–20 letters, digits, `_` or `-`.
///
/// # Errors
///
/// 422 `control_character` ([`crate::text`]), `invalid_username`.
pub fn validate_username(username: &str) -> Result<(), AppError> {
    crate::text::check(username, crate::text::Typed::Name)?;
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

/// The most common passwords (lower case, one a line), shipped with the binary.
const COMMON_PASSWORDS: &str = include_str!("../data/common-passwords.txt");

/// Whether `password` is one of the most common passwords (ignoring case).
fn is_common(password: &str) -> bool {
    static SET: OnceLock<std::collections::HashSet<&'static str>> = OnceLock::new();
    let set = SET.get_or_init(|| {
        COMMON_PASSWORDS
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect()
    });
    set.contains(password.to_lowercase().as_str())
}

/// Checks a password: 8 to 256 characters, not only blanks, no control characters, not
/// one of the most common passwords.
///
/// # Errors
///
/// 422 `invalid_password` (length), `blank_password`, `password_control_character` or
/// `common_password`.
pub fn validate_password(password: &str) -> Result<(), AppError> {
    if !PASSWORD_CHARS.contains(&password.chars().count()) {
        return Err(AppError::invalid(
            "invalid_password",
            "a password has 8 to 256 characters",
        ));
    }
    if password.chars().all(char::is_whitespace) {
        return Err(AppError::invalid(
            "blank_password",
            "a password cannot be only spaces",
        ));
    }
    if password.chars().any(char::is_control) {
        return Err(AppError::invalid(
            "password_control_character",
            "a password cannot contain control characters",
        ));
    }
    if is_common(password) {
        return Err(AppError::invalid(
            "common_password",
            "that password is one of the most common ones: choose another",
        ));
    }
    Ok(())
}

/// A valid hash to check against when the user does not exist, so that a wrong name takes
/// as long as a wrong password.
async fn dummy_hash(state: &Services) -> Result<&'static str, AppError> {
    static DUMMY: OnceLock<String> = OnceLock::new();
    if let Some(hash) = DUMMY.get() {
        return Ok(hash);
    }
    let hash = state.hashing.hash("not a real password".to_owned()).await?;
    Ok(DUMMY.get_or_init(|| hash))
}

/// The stored form of a session or API token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Registers a user from the client address `client`: checks the name and password,
/// then spends one of the address's sign-ups, so a refused request creates nothing.
///
/// # Errors
///
/// 422 `invalid_username`, `reserved_username` (a name kept for the computer
/// opponents, see [`crate::computer::is_reserved_name`], or the shape of a
/// deleted account's name, see [`is_deleted_name`]), or as
/// [`validate_password`]; 429 when the address has used its sign-ups; 503 `busy` when
/// the hashing queue is full; 409 `username_taken`.
pub async fn register(
    state: &Services,
    username: &str,
    password: &str,
    client: &str,
) -> Result<User, AppError> {
    validate_username(username)?;
    if crate::computer::players::is_reserved_name(username) || is_deleted_name(username) {
        return Err(AppError::invalid(
            "reserved_username",
            "names such as Computer-1 or deleted-… are kept by the server: choose another",
        ));
    }
    validate_password(password)?;
    state.address_limits.check(AccountAction::SignUp, client)?;
    let hash = state.hashing.hash(password.to_owned()).await?;
    let id = new_id();
    let mut tx = state.db.begin_write().await?;
    // The insert is the first write; the first person to register becomes the
    // administrator in the same transaction (a racing first sign-up finds the claim taken).
    match users::insert(&mut tx, &id, username, &hash, state.now()).await {
        Ok(()) => {}
        Err(error) if store::is_unique_violation(&error) => {
            tx.rollback().await?;
            return Err(AppError::conflict(
                "username_taken",
                "that username is taken",
            ));
        }
        Err(error) => return Err(error.into()),
    }
    store::moderation::claim_first_admin(&mut tx, &id).await?;
    tx.commit().await?;
    Ok(User {
        id,
        username: username.to_owned(),
        kind: AccountKind::Human,
    })
}

/// The prefix of a deleted account's name (`deleted-<id>`), which nobody may register.
pub const DELETED_PREFIX: &str = "deleted-";

/// Whether `username` has the shape of a deleted account's name (any case).
#[must_use]
pub fn is_deleted_name(username: &str) -> bool {
    username
        .get(..DELETED_PREFIX.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(DELETED_PREFIX))
}

/// Checks a username and password from `client`, counting failures per (account,
/// address) pair and per address. Only a person's account signs in: the computer's
/// (whose stored hash is no hash) and a bot's are refused as a wrong password would be,
/// after checking the dummy hash, so they take as long.
///
/// # Errors
///
/// 429 (with the wait) while the pair or the address must wait; 401
/// `invalid_credentials` (a deleted account's too); 403 `banned` when the password is
/// right but an administrator banned the account; 503 `busy` when the hashing queue is
/// full.
pub async fn authenticate(
    state: &Services,
    username: &str,
    password: &str,
    client: &str,
) -> Result<User, AppError> {
    state.failed_logins.check(username, client, state.now())?;
    let mut conn = state.db.pool.acquire().await?;
    let row = users::by_name(&mut conn, username).await?;
    drop(conn);
    let (hash, user, banned) = match row {
        Some(row)
            if AccountKind::from_stored(&row.kind) == AccountKind::Human
                && row.deleted_at.is_none() =>
        {
            (
                row.password_hash,
                Some(User {
                    id: row.id,
                    username: row.username,
                    kind: AccountKind::Human,
                }),
                row.banned_at.is_some(),
            )
        }
        _ => (dummy_hash(state).await?.to_owned(), None, false),
    };
    let valid = state.hashing.verify(password.to_owned(), hash).await?;
    match user {
        // Only the right password learns of the ban: a wrong one is refused as any.
        Some(_) if valid && banned => {
            state.failed_logins.forget(username, client);
            Err(banned_error())
        }
        Some(user) if valid => {
            state.failed_logins.forget(username, client);
            Ok(user)
        }
        _ => {
            state
                .failed_logins
                .record_failure(username, client, state.now());
            Err(AppError::InvalidCredentials)
        }
    }
}

/// 403 `banned`: the account may not sign in.
fn banned_error() -> AppError {
    AppError::forbidden(
        "banned",
        "an administrator has banned this account: it cannot sign in",
    )
}

/// Signs in from `client`: spends one of the address's logins, checks the password and
/// starts a new session.
///
/// # Errors
///
/// 429 when the address has used its logins; as [`authenticate`]; database errors.
pub async fn login(
    state: &Services,
    username: &str,
    password: &str,
    client: &str,
) -> Result<Session, AppError> {
    state.address_limits.check(AccountAction::Login, client)?;
    let user = authenticate(state, username, password, client).await?;
    start_session(state, user).await
}

/// Starts a new session for `user` (just registered, or just authenticated).
///
/// # Errors
///
/// Database errors.
pub async fn start_session(state: &Services, user: User) -> Result<Session, AppError> {
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
pub async fn logout(state: &Services, token: &str) -> Result<(), AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let hash = token_hash(token);
    let Some(user_id) = users::delete_session(&mut conn, &hash).await? else {
        return Ok(());
    };
    // Its pages kept in memory go in every instance.
    let staged = state.events.stage_signed_out(&mut conn, &user_id).await?;
    staged.committed(&state.events);
    Ok(())
}

/// Creates a personal API token named `name` for whoever `username` and `password`
/// name, from `client`.
///
/// # Errors
///
/// 429 when the address has used its token creations; 422 `invalid_token_name`; as
/// [`authenticate`]; as [`issue_token`].
pub async fn create_token(
    state: &Services,
    username: &str,
    password: &str,
    name: Option<&str>,
    client: &str,
) -> Result<NewToken, AppError> {
    let name = token_name(name)?;
    state
        .address_limits
        .check(AccountAction::CreateToken, client)?;
    let user = authenticate(state, username, password, client).await?;
    issue_token(state, &user, &name).await
}

/// A token just made: the secret (shown once) and its public id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewToken {
    /// The public id, for listing and revoking.
    pub id: String,
    /// The secret, sent as `Authorization: Bearer`.
    pub token: String,
    /// The name it was given.
    pub name: String,
}

/// Longest token name, in characters.
pub const TOKEN_NAME_CHARS: usize = 60;

/// A token's name: at most 60 characters on one line ([`crate::text`]), then trimmed;
/// `API token` when none (or only blanks) is given.
///
/// # Errors
///
/// 422 `control_character`, `invalid_token_name` (too long).
pub fn token_name(name: Option<&str>) -> Result<String, AppError> {
    let name = name.unwrap_or("");
    crate::text::check(name, crate::text::Typed::Name)?;
    if name.chars().count() > TOKEN_NAME_CHARS {
        return Err(AppError::invalid(
            "invalid_token_name",
            "a token name has at most 60 characters",
        ));
    }
    let name = name.trim();
    if name.is_empty() {
        return Ok("API token".to_owned());
    }
    Ok(name.to_owned())
}

/// Makes a new API token for `user`, unless they hold `MAX_TOKENS_PER_ACCOUNT` already.
///
/// # Errors
///
/// 409 `too_many_tokens`; database errors.
pub async fn issue_token(state: &Services, user: &User, name: &str) -> Result<NewToken, AppError> {
    let token = new_token();
    let id = new_id();
    let max = state.config.accounts.max_tokens_per_account;
    let mut conn = state.db.pool.acquire().await?;
    let stored = users::insert_token(
        &mut conn,
        (&id, &token_hash(&token), name),
        &user.id,
        state.now(),
        max,
    )
    .await?;
    if !stored {
        return Err(AppError::conflict(
            "too_many_tokens",
            format!("an account holds at most {max} API tokens: revoke one first"),
        ));
    }
    Ok(NewToken {
        id,
        token,
        name: name.to_owned(),
    })
}

/// The user's API tokens, newest first.
///
/// # Errors
///
/// Database errors.
pub async fn tokens(state: &Services, user: &User) -> Result<Vec<users::TokenRow>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(users::tokens_of(&mut conn, &user.id).await?)
}

/// Revokes the user's token `id`.
///
/// # Errors
///
/// 404 when the user has no token with that id; database errors.
pub async fn revoke_token(state: &Services, user: &User, id: &str) -> Result<(), AppError> {
    let mut conn = state.db.pool.acquire().await?;
    if users::delete_token(&mut conn, &user.id, id).await? {
        // Which hash the token had is not known here: every instance drops the owner's.
        state
            .events
            .stage_signed_out(&mut conn, &user.id)
            .await?
            .committed(&state.events);
        Ok(())
    } else {
        Err(AppError::NotFound("token"))
    }
}

/// The user a session cookie belongs to, while the session lasts, with what every
/// page's header counts for them: from the sessions kept warm
/// ([`crate::game::snapshots::SessionSnapshots`]) while the session lasts, else read (the
/// counts in the same statement) and kept.
///
/// # Errors
///
/// Database errors.
pub async fn user_by_session(
    state: &Services,
    token: &str,
) -> Result<Option<(User, HeaderCounts)>, AppError> {
    let hash = token_hash(token);
    let now = state.now();
    let sessions = &state.caches.sessions;
    let ticket = match sessions.get_if(hash.as_str(), |session| session.expires_at > now) {
        Ok(session) => return Ok(Some((session.user.clone(), session.counts))),
        Err(ticket) => ticket,
    };
    let mut conn = state.db.pool.acquire().await?;
    let Some(row) = users::by_session(&mut conn, &hash, now).await? else {
        return Ok(None);
    };
    let session = session_user(row);
    let viewer = (session.user.clone(), session.counts);
    sessions.keep(ticket, hash, Arc::new(session));
    Ok(Some(viewer))
}

/// The user, header counts and end of a session's row.
pub(crate) fn session_user(
    (id, username, kind, your_turn, unread, open_reports, expires_at): users::SessionRow,
) -> SignedIn {
    let kind = AccountKind::from_stored(&kind);
    SignedIn {
        user: User { id, username, kind },
        counts: HeaderCounts {
            your_turn,
            unread,
            open_reports,
        },
        expires_at,
    }
}

/// How stale a token's last-used time may be before a request updates it, in seconds.
const LAST_USED_RESOLUTION: i64 = 60;

/// The owner of an API token: from the owners kept warm
/// ([`crate::game::snapshots::TokenSnapshots`]) while its last use may go unnoted; else
/// read, noting the token's use (at most once a minute), and kept.
///
/// # Errors
///
/// Database errors.
pub async fn user_by_api_token(state: &Services, token: &str) -> Result<Option<User>, AppError> {
    let hash = token_hash(token);
    let now = state.now();
    let tokens = &state.caches.tokens;
    let unnoted = |owner: &TokenOwner| now - owner.now < LAST_USED_RESOLUTION;
    let ticket = match tokens.get_if(hash.as_str(), unnoted) {
        Ok(owner) => return Ok(Some(owner.user.clone())),
        Err(ticket) => ticket,
    };
    let mut conn = state.db.pool.acquire().await?;
    let Some((id, username, kind, last_used)) = users::by_token(&mut conn, &hash).await? else {
        return Ok(None);
    };
    if last_used.is_none_or(|last| now - last >= LAST_USED_RESOLUTION) {
        users::touch_token(&mut conn, &hash, now).await?;
    }
    let kind = AccountKind::from_stored(&kind);
    let user = User { id, username, kind };
    let owner = TokenOwner {
        user: user.clone(),
        now,
    };
    tokens.keep(ticket, hash, Arc::new(owner));
    Ok(Some(user))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_of_a_name_or_password_names_its_field() {
        assert_eq!(
            Field::of(&validate_username("a b").unwrap_err()),
            Some(Field::Username)
        );
        assert_eq!(
            Field::of(&validate_password("short").unwrap_err()),
            Some(Field::Password)
        );
        assert_eq!(Field::of(&AppError::NotFound("user")), None);
    }

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
    fn deleted_names_are_recognised_in_any_case() {
        assert!(is_deleted_name("deleted-0123456789abcdef"));
        assert!(is_deleted_name("DELETED-x"));
        assert!(!is_deleted_name("deleted"));
        assert!(!is_deleted_name("undeleted-x"));
        assert!(!is_deleted_name("dé"));
    }

    #[test]
    fn passwords_of_8_to_256_characters() {
        assert!(validate_password("correct horse battery").is_ok());
        assert!(validate_password(&"p3".repeat(64)).is_ok());
        assert!(validate_password("x7#kq2!").is_err());
        assert!(validate_password(&"p3".repeat(129)).is_err());
    }

    #[test]
    fn common_blank_and_control_character_passwords_are_refused() {
        for common in [
            "password",
            "12345678",
            "Password1",
            "QWERTYUIOP",
            "iloveyou",
        ] {
            let error = validate_password(common).unwrap_err();
            assert_eq!(error.code(), "common_password", "{common}");
        }
        for (bad, code) in [
            ("        ", "blank_password"),
            ("\t \t \t \t ", "blank_password"),
            ("\0\0\0\0\0\0\0\0", "password_control_character"),
            ("pass\nword-ok", "password_control_character"),
        ] {
            let error = validate_password(bad).unwrap_err();
            assert_eq!(error.code(), code, "{bad:?}");
        }
        // Spaces inside a password are fine.
        assert!(validate_password("  my own words  ").is_ok());
    }

    #[test]
    fn the_common_list_is_large_and_lower_case() {
        let entries: Vec<&str> = COMMON_PASSWORDS.lines().collect();
        assert!(entries.len() >= 2_000, "{}", entries.len());
        assert!(
            entries
                .iter()
                .all(|e| *e == e.to_lowercase() && !e.is_empty())
        );
    }

    #[test]
    fn token_names_are_trimmed_defaulted_and_bounded() {
        assert_eq!(token_name(None).unwrap(), "API token");
        assert_eq!(token_name(Some("  bot ")).unwrap(), "bot");
        assert!(token_name(Some(&"n".repeat(61))).is_err());
        assert!(token_name(Some("a\u{7}b")).is_err());
        // The limit is on what was sent, as the API document says.
        assert!(token_name(Some(&format!(" {} ", "n".repeat(59)))).is_err());
        assert_eq!(token_name(Some("   ")).unwrap(), "API token");
    }

    #[test]
    fn session_tokens_are_stored_as_sha256() {
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
