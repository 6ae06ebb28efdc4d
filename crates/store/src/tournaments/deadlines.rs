//! When each round of a tournament must be over: the latest of its games' own deadlines.

use sqlx::AnyConnection;

/// Each (stage, round) of tournament `id` whose games have their own deadline, with the
/// latest of them, in order.
///
/// # Errors
///
/// Database errors.
pub async fn round_deadlines(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select t.stage, t.round, max(g.hard_deadline) from tournament_games t \
         join games g on g.id = t.game_id \
         where t.tournament_id = $1 and g.hard_deadline is not null \
         group by t.stage, t.round order by t.stage, t.round",
    )
    .bind(id)
    .fetch_all(conn)
    .await
}
