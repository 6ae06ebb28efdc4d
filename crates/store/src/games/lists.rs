//! Lists of games (a player's active, ended and finished games, a variant's finished
//! ones) and the turn counts.

use sqlx::AnyConnection;

use super::{COLUMNS, FROM, GameRow};

/// A user's active games: theirs to move first (by deadline), then the others.
///
/// # Errors
///
/// Database errors.
pub async fn active_for_user(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<GameRow>, sqlx::Error> {
    let mut active: Vec<GameRow> = sqlx::query_as(&format!(
        "select {COLUMNS} {FROM} \
         where g.id in ({ACTIVE_OF_USER}) \
         order by g.deadline, g.id"
    ))
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    // Mine to move first, least time left first (untimed last); then the others, the
    // most recently changed first. Sorted here: the databases order nulls differently.
    // Ties go by id, as in `next_users_turn`.
    active.sort_by_cached_key(|row| {
        let mine = is_users_turn(row, user_id);
        let order = if mine {
            row.deadline.unwrap_or(i64::MAX)
        } else {
            -row.updated_at
        };
        (!mine, order, row.id.clone())
    });
    Ok(active)
}

/// A user's ended games (finished or aborted), newest first, before the keyset position
/// `before` (ended_at, id) when given: at most `limit`. Each side is one range of its
/// index (`games_white_finished`, `games_black_finished`), so a page costs the same
/// however many games the player has ended.
///
/// # Errors
///
/// Database errors.
pub async fn ended_for_user(
    conn: &mut AnyConnection,
    user_id: &str,
    before: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<GameRow>, sqlx::Error> {
    let side = |column: &str| {
        format!(
            "select * from (select {COLUMNS} {FROM} where g.{column} = $1 \
             and g.status <> 'active' and g.finished_at is not null \
             and (g.finished_at < $2 or (g.finished_at = $2 and g.id < $3)) \
             order by g.finished_at desc, g.id desc limit $4) as {column}_side"
        )
    };
    let (finished_at, id) = before.unwrap_or((i64::MAX, ""));
    sqlx::query_as(&format!(
        "select * from ({} union all {}) as both_sides \
         order by finished_at desc, id desc limit $4",
        side("white_id"),
        side("black_id")
    ))
    .bind(user_id)
    .bind(finished_at)
    .bind(id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Which finished games of a player a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FinishedFilter<'a> {
    /// Only this variant (id).
    pub variant: Option<&'a str>,
    /// Only games with this result when the player had White (`1-0`, `0-1`, `1/2-1/2`).
    pub result_as_white: Option<&'a str>,
    /// Only games with this result when the player had Black.
    pub result_as_black: Option<&'a str>,
    /// With a result above, games both sides lost (`0-0`) as well.
    pub with_both_lost: bool,
}

/// `user_id`'s finished games newest first, before the keyset position `before`
/// (finished_at, id) when given: at most `limit`. Each side is one range of its index
/// (`games_white_finished`, `games_black_finished`), so a page costs the same however
/// many games the player has.
///
/// # Errors
///
/// Database errors.
pub async fn finished_for_user(
    conn: &mut AnyConnection,
    user_id: &str,
    filter: FinishedFilter<'_>,
    before: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<GameRow>, sqlx::Error> {
    let side = |column: &str, result: &str| {
        format!(
            "select * from (select {COLUMNS} {FROM} where g.{column} = $1 \
             and g.status = 'finished' and ($2 = '' or g.variant = $2) \
             and ({result} = '' or g.result = {result} or ($8 = 1 and g.result = '0-0')) \
             and (g.finished_at < $5 or (g.finished_at = $5 and g.id < $6)) \
             order by g.finished_at desc, g.id desc limit $7) as {column}_side"
        )
    };
    let (finished_at, id) = before.unwrap_or((i64::MAX, ""));
    let sql = format!(
        "select * from ({} union all {}) as both_sides \
         order by finished_at desc, id desc limit $7",
        side("white_id", "$3"),
        side("black_id", "$4")
    );
    sqlx::query_as(&sql)
        .bind(user_id)
        .bind(filter.variant.unwrap_or(""))
        .bind(filter.result_as_white.unwrap_or(""))
        .bind(filter.result_as_black.unwrap_or(""))
        .bind(finished_at)
        .bind(id)
        .bind(limit)
        .bind(i64::from(filter.with_both_lost))
        .fetch_all(conn)
        .await
}

/// A variant's finished games newest first, before the keyset position `before`: at most
/// `limit` (one range of `games_variant_finished`).
///
/// # Errors
///
/// Database errors.
pub async fn finished_in_variant(
    conn: &mut AnyConnection,
    variant: &str,
    before: Option<(i64, &str)>,
    limit: i64,
) -> Result<Vec<GameRow>, sqlx::Error> {
    let (finished_at, id) = before.unwrap_or((i64::MAX, ""));
    sqlx::query_as(&format!(
        "select {COLUMNS} {FROM} where g.variant = $1 and g.status = 'finished' \
         and (g.finished_at < $2 or (g.finished_at = $2 and g.id < $3)) \
         order by g.finished_at desc, g.id desc limit $4"
    ))
    .bind(variant)
    .bind(finished_at)
    .bind(id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Whether it is `user_id`'s turn in `row`.
#[must_use]
pub fn is_users_turn(row: &GameRow, user_id: &str) -> bool {
    match row.to_move.as_deref() {
        Some("white") => row.white_id == user_id,
        Some("black") => row.black_id == user_id,
        _ => false,
    }
}

/// The ids of `$1`'s active games. Every query of a player's active games reads them as
/// two searches, by White's and by Black's index: written as one `or`, SQLite's planner
/// (with no statistics) reads every active game of the site instead.
const ACTIVE_OF_USER: &str = "select w.id from games w where w.white_id = $1 and w.status = 'active' \
     union all select b.id from games b where b.black_id = $1 and b.status = 'active'";

/// How many active games wait for the user `u` to move: a subquery for a statement that
/// reads `users u` (the session lookup counts them in the same statement): two counts,
/// each by its own index, as every query of a player's active games here.
pub const USERS_TURN_COUNT: &str = "((select count(*) from games tw \
     where tw.white_id = u.id and tw.status = 'active' and tw.to_move = 'white') \
     + (select count(*) from games tb \
     where tb.black_id = u.id and tb.status = 'active' and tb.to_move = 'black'))";

/// How many active games wait for `user_id` to move.
///
/// # Errors
///
/// Database errors.
pub async fn count_users_turn(conn: &mut AnyConnection, user_id: &str) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(&format!(
        "select {USERS_TURN_COUNT} from users u where u.id = $1"
    ))
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(count)
}

/// How many active games wait for each of two players to move, in one statement.
///
/// # Errors
///
/// Database errors.
pub async fn count_turns_of_both(
    conn: &mut AnyConnection,
    (first, second): (&str, &str),
) -> Result<(i64, i64), sqlx::Error> {
    let counts: Vec<(String, i64)> = sqlx::query_as(&format!(
        "select u.id, {USERS_TURN_COUNT} from users u where u.id = $1 or u.id = $2"
    ))
    .bind(first)
    .bind(second)
    .fetch_all(conn)
    .await?;
    let of = |id: &str| {
        counts
            .iter()
            .find(|(user, _)| user == id)
            .map_or(0, |(_, count)| *count)
    };
    Ok((of(first), of(second)))
}

/// The next game waiting for `user_id` to move, other than `except`: the one whose
/// deadline comes first (untimed games last, then by id), the order of `for_user`.
///
/// # Errors
///
/// Database errors.
pub async fn next_users_turn(
    conn: &mut AnyConnection,
    user_id: &str,
    except: &str,
) -> Result<Option<String>, sqlx::Error> {
    let next: Option<(Option<String>,)> = sqlx::query_as(&format!(
        "select {NEXT_USERS_TURN} from users u where u.id = $1"
    ))
    .bind(user_id)
    .bind(except)
    .fetch_optional(conn)
    .await?;
    Ok(next.and_then(|(id,)| id))
}

/// The id of the next game waiting for the user `u` to move other than `$2`, in the
/// order of [`next_users_turn`]: a subquery for a statement that reads `users u` (the
/// game page reads it with the player's settings).
pub const NEXT_USERS_TURN: &str = "(select ng.id from games ng where ng.id in \
     (select w.id from games w where w.white_id = u.id and w.status = 'active' \
     and w.to_move = 'white' \
     union all select b.id from games b where b.black_id = u.id and b.status = 'active' \
     and b.to_move = 'black') \
     and ng.id <> $2 \
     order by case when ng.deadline is null then 1 else 0 end, ng.deadline, ng.id limit 1)";

/// Active games per variant id, for the metrics gauge.
///
/// # Errors
///
/// Database errors.
pub async fn active_by_variant(pool: &sqlx::AnyPool) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as("select variant, count(*) from games where status = 'active' group by variant")
        .fetch_all(pool)
        .await
}
