//! The `presence` table: which player watches which game on which instance, a row each,
//! until its `expires_at` (see `domain::events::presence`).

use sqlx::AnyConnection;

/// Whether a row says `user_id` watches `game_id` on some instance at `now`.
///
/// # Errors
///
/// Database errors.
pub async fn is_watching(
    conn: &mut AnyConnection,
    user_id: &str,
    game_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(
        "select 1 from presence where user_id = $1 and game_id = $2 and expires_at > $3 limit 1",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(now)
    .fetch_optional(conn)
    .await?;
    Ok(row.is_some())
}

/// Writes (or renews) the row of `user_id` watching `game_id` on `instance_id`, to run
/// out at `expires_at`.
///
/// # Errors
///
/// Database errors.
pub async fn write(
    conn: &mut AnyConnection,
    user_id: &str,
    game_id: &str,
    instance_id: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into presence (user_id, game_id, instance_id, expires_at) \
         values ($1, $2, $3, $4) \
         on conflict (user_id, game_id, instance_id) do update set expires_at = $4",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(instance_id)
    .bind(expires_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes the row of `user_id` watching `game_id` on `instance_id`.
///
/// # Errors
///
/// Database errors.
pub async fn delete(
    conn: &mut AnyConnection,
    user_id: &str,
    game_id: &str,
    instance_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("delete from presence where user_id = $1 and game_id = $2 and instance_id = $3")
        .bind(user_id)
        .bind(game_id)
        .bind(instance_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Renews every row of `instance_id` to run out at `expires_at`, and deletes every row
/// (of any instance) that ran out by `now`.
///
/// # Errors
///
/// Database errors.
pub async fn renew(
    conn: &mut AnyConnection,
    instance_id: &str,
    expires_at: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("update presence set expires_at = $1 where instance_id = $2")
        .bind(expires_at)
        .bind(instance_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("delete from presence where expires_at <= $1")
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes every row of `instance_id` (at its shutdown).
///
/// # Errors
///
/// Database errors.
pub async fn forget_instance(
    conn: &mut AnyConnection,
    instance_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("delete from presence where instance_id = $1")
        .bind(instance_id)
        .execute(conn)
        .await?;
    Ok(())
}
