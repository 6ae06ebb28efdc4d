//! A player's standing for taking on games: their active and finished games (those
//! against the computer left out) and their last loss on time, in one statement; their
//! reliability card; and the site's pace per variant.

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

/// What a player's reliability card is read from (see [`card_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct CardRow {
    /// Their active games against people.
    pub active: i64,
    /// Their finished games against people.
    pub finished: i64,
    /// Those that ended since the card's start.
    pub recent: i64,
    /// Of those, the ones they lost on time.
    pub recent_time_losses: i64,
    /// Their moves that took time in those games (0: none kept).
    pub recent_moves: i64,
    /// The seconds those moves took.
    pub recent_move_seconds: i64,
}

/// A finished game of `u.id` against people since `$2`, as White (`{side}` = `white`) or
/// Black: the finished-games index's range of that side.
fn recent(side: &str) -> String {
    format!(
        "g.{side}_id = u.id and g.finished_at >= $2 and g.status = 'finished' and not exists \
         (select 1 from users c where c.id in (g.white_id, g.black_id) and c.kind = 'computer')"
    )
}

/// `user_id`'s reliability card as of `since` (the start of its window); `None` for no
/// such user. Each count is one range of an index on the player's games.
///
/// # Errors
///
/// Database errors.
pub async fn card_of(
    conn: &mut AnyConnection,
    user_id: &str,
    since: i64,
) -> Result<Option<CardRow>, sqlx::Error> {
    let (white, black) = (recent("white"), recent("black"));
    sqlx::query_as(&format!(
        "select \
         (select count(*) from games g where g.status = 'active' and {AGAINST_PEOPLE}) \
             as active, \
         (select count(*) from games g where g.status = 'finished' and {AGAINST_PEOPLE}) \
             as finished, \
         (select count(*) from games g where {white}) \
             + (select count(*) from games g where {black}) as recent, \
         (select count(*) from games g where {white} and g.termination = 'timeout' \
             and g.result = '0-1') \
             + (select count(*) from games g where {black} and g.termination = 'timeout' \
             and g.result = '1-0') as recent_time_losses, \
         (select cast(coalesce(sum(g.white_moves), 0) as bigint) from games g \
             where {white}) \
             + (select cast(coalesce(sum(g.black_moves), 0) as bigint) from games g \
             where {black}) as recent_moves, \
         (select cast(coalesce(sum(g.white_move_seconds), 0) as bigint) from games g \
             where {white}) \
             + (select cast(coalesce(sum(g.black_move_seconds), 0) as bigint) from games g \
             where {black}) as recent_move_seconds \
         from users u where u.id = $1"
    ))
    .bind(user_id)
    .bind(since)
    .fetch_optional(conn)
    .await
}

/// One variant's games of the window, as the expected length of a game reads them.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct VariantPaceRow {
    /// The variant id.
    pub variant: String,
    /// How many finished games with their thinking kept.
    pub games: i64,
    /// Their moves in all (plies).
    pub plies: i64,
    /// Their moves that took time.
    pub moves: i64,
    /// The seconds those took.
    pub move_seconds: i64,
}

/// Every variant's finished games since `since` whose thinking was kept: the site's pace,
/// for players without games of their own. It reads the window's games, so the caller
/// keeps it a while.
///
/// # Errors
///
/// Database errors.
pub async fn site_pace(
    conn: &mut AnyConnection,
    since: i64,
) -> Result<Vec<VariantPaceRow>, sqlx::Error> {
    sqlx::query_as(
        "select variant, count(*) as games, cast(coalesce(sum(ply), 0) as bigint) as plies, \
         cast(coalesce(sum(white_moves + black_moves), 0) as bigint) as moves, \
         cast(coalesce(sum(white_move_seconds + black_move_seconds), 0) as bigint) \
             as move_seconds \
         from games where status = 'finished' and finished_at >= $1 \
         and white_moves is not null group by variant order by variant",
    )
    .bind(since)
    .fetch_all(conn)
    .await
}
