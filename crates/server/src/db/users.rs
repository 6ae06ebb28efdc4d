//! Users, sessions and API tokens.

use sqlx::{AnyConnection, FromRow};

/// A stored user.
#[derive(Debug, Clone, FromRow)]
pub struct UserRow {
    /// The user's id.
    pub id: String,
    /// The name as registered.
    pub username: String,
    /// The argon2id PHC string.
    pub password_hash: String,
}

/// Inserts a user. A taken name fails with a unique violation.
///
/// # Errors
///
/// Database errors, including the unique violation.
pub async fn insert(
    conn: &mut AnyConnection,
    id: &str,
    username: &str,
    password_hash: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into users (id, username, username_key, password_hash, created_at) \
         values ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(username)
    .bind(username.to_lowercase())
    .bind(password_hash)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// The user called `username` (case-insensitively).
///
/// # Errors
///
/// Database errors.
pub async fn by_name(
    conn: &mut AnyConnection,
    username: &str,
) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as("select id, username, password_hash from users where username_key = $1")
        .bind(username.to_lowercase())
        .fetch_optional(conn)
        .await
}

/// Stores a session by its token's hash.
///
/// # Errors
///
/// Database errors.
pub async fn insert_session(
    conn: &mut AnyConnection,
    token_hash: &str,
    user_id: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into sessions (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(now)
    .bind(expires_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The (id, username) of the session's user while the session lasts.
///
/// # Errors
///
/// Database errors.
pub async fn by_session(
    conn: &mut AnyConnection,
    token_hash: &str,
    now: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "select u.id, u.username from sessions s join users u on u.id = s.user_id \
         where s.token_hash = $1 and s.expires_at > $2",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// Ends a session. Returns whether one was ended.
///
/// # Errors
///
/// Database errors.
pub async fn delete_session(
    conn: &mut AnyConnection,
    token_hash: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("delete from sessions where token_hash = $1")
        .bind(token_hash)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Stores an API token by its hash.
///
/// # Errors
///
/// Database errors.
pub async fn insert_token(
    conn: &mut AnyConnection,
    token_hash: &str,
    user_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("insert into api_tokens (token_hash, user_id, created_at) values ($1, $2, $3)")
        .bind(token_hash)
        .bind(user_id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// The (id, username) of the token's owner.
///
/// # Errors
///
/// Database errors.
pub async fn by_token(
    conn: &mut AnyConnection,
    token_hash: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "select u.id, u.username from api_tokens t join users u on u.id = t.user_id \
         where t.token_hash = $1",
    )
    .bind(token_hash)
    .fetch_optional(conn)
    .await
}
