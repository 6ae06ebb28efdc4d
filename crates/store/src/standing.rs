//! A player's standing for taking on games: their active and finished games (those
//! against the computer left out) and their last loss on time, in one statement.

use sqlx::AnyConnection;

/// What [`of_user`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct StandingRow {
    /// 1: an administrator.
    pub is_admin: i64,
    /// Their active games against people.
    pub active: i64,
    /// Their finished games against people.
    pub finished: i64,
    /// When their last game lost on time ended (unix seconds), if one did.
    pub last_time_loss: Option<i64>,
}

/// Games of `u.id` against people (neither side the computer).
const AGAINST_PEOPLE: &str = "(g.white_id = u.id or g.black_id = u.id) and not exists \
    (select 1 from users c where c.id in (g.white_id, g.black_id) and c.kind = 'computer')";

/// `user_id`'s standing; `None` for no such user.
///
/// # Errors
///
/// Database errors.
pub async fn of_user(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Option<StandingRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select u.is_admin, \
         (select count(*) from games g where g.status = 'active' and {AGAINST_PEOPLE}) \
             as active, \
         (select count(*) from games g where g.status = 'finished' and {AGAINST_PEOPLE}) \
             as finished, \
         (select max(g.finished_at) from games g where g.termination = 'timeout' and \
             ((g.white_id = u.id and g.result = '0-1') or \
              (g.black_id = u.id and g.result = '1-0'))) as last_time_loss \
         from users u where u.id = $1"
    ))
    .bind(user_id)
    .fetch_optional(conn)
    .await
}
