//! The Postgres channel that carries live events between instances: `pg_notify` inside
//! the transaction that makes a change (so it is sent only if that commits) and the
//! `LISTEN` connection that receives them. The payloads are written and read by
//! `domain::events`; this module only carries their text.

use sqlx::{AnyConnection, postgres::PgListener};

use crate::games::USERS_TURN_COUNT;

/// The Postgres channel every instance listens on.
pub const CHANNEL: &str = "boardgames_events";

/// Sends each of `payloads` on [`CHANNEL`] in one statement (`pg_notify` once for each),
/// in `conn`'s transaction if it is in one. Nothing is sent for no payloads.
///
/// # Errors
///
/// Database errors (nothing was sent).
pub async fn notify_all(conn: &mut AnyConnection, payloads: &[String]) -> Result<(), sqlx::Error> {
    if payloads.is_empty() {
        return Ok(());
    }
    let calls: Vec<String> = (0..payloads.len())
        .map(|index| format!("pg_notify($1, ${})", index + 2))
        .collect();
    let statement = format!("select {}", calls.join(", "));
    let mut query = sqlx::query(&statement).bind(CHANNEL);
    for payload in payloads {
        query = query.bind(payload);
    }
    query.execute(conn).await?;
    Ok(())
}

/// Sends `payload`, a game's change in JSON, on [`CHANNEL`] in `conn`'s transaction, with
/// the turn counts of `white_id` and `black_id` as that transaction sees them written
/// into it (`players[0]` and `players[1]`'s `your_turn_games`), all in one statement.
///
/// # Errors
///
/// Database errors (the transaction should then be rolled back).
pub async fn notify_change_with_turns(
    conn: &mut AnyConnection,
    payload: &str,
    white_id: &str,
    black_id: &str,
) -> Result<(), sqlx::Error> {
    let count = |user: &str| {
        format!(
            "to_jsonb(coalesce((select {USERS_TURN_COUNT} from users u where u.id = {user}), 0))"
        )
    };
    sqlx::query(&format!(
        "select pg_notify($1, jsonb_set(jsonb_set($2::jsonb, \
         '{{players,0,your_turn_games}}', {}), '{{players,1,your_turn_games}}', {})::text)",
        count("$3"),
        count("$4")
    ))
    .bind(CHANNEL)
    .bind(payload)
    .bind(white_id)
    .bind(black_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Connects to the Postgres server at `url` and `LISTEN`s on [`CHANNEL`].
///
/// # Errors
///
/// The connection or the `LISTEN` failed.
pub async fn listen(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}
