//! Challenges.

use sqlx::{AnyConnection, FromRow};

use super::Backend;

/// A stored challenge with its people's names.
#[derive(Debug, Clone, FromRow)]
pub struct ChallengeRow {
    /// The challenge's id.
    pub id: String,
    /// Who made it.
    pub challenger_id: String,
    /// Their name.
    pub challenger: String,
    /// Who plays their account (`human`, `computer`, `bot`).
    pub challenger_kind: String,
    /// Who may accept it (`None`: anyone).
    pub opponent_id: Option<String>,
    /// Their name.
    pub opponent: Option<String>,
    /// The game it asks for.
    #[sqlx(flatten)]
    pub terms: ChallengeTerms,
    /// open, accepted, cancelled or declined.
    pub status: String,
    /// The game it became.
    pub game_id: Option<String>,
    /// When it was made.
    pub created_at: i64,
    /// The challenger's rating in the variant, millionths of a point (`None`: they have
    /// no rated game of it yet).
    pub challenger_rating: Option<i64>,
    /// Its deviation, millionths of a point.
    pub challenger_deviation: Option<i64>,
}

/// What a stored challenge asks of its game, and who may accept it by rating.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChallengeTerms {
    /// The variant id.
    pub variant: String,
    /// The challenger's colour: white, black or random.
    pub color: String,
    /// Days per move (the per-move days, a bank's initial days, 0 untimed).
    pub days_per_move: i64,
    /// The time control's text form (`per_move:3:0`, `bank:3:1:7`, `untimed`).
    pub time_control: String,
    /// 1: weekends off.
    pub weekends_off: i64,
    /// 1: vacation allowed.
    pub vacation_allowed: i64,
    /// 1: nights off allowed.
    pub nights_allowed: i64,
    /// 1 rated, 0 casual.
    pub rated: i64,
    /// The lowest rating that may accept (whole points).
    pub min_rating: Option<i64>,
    /// The highest rating that may accept (whole points).
    pub max_rating: Option<i64>,
    /// The start chosen for the game: its stored setup text (`None`: as usual).
    pub setup: Option<String>,
    /// A game carried over from elsewhere: its moves so far, canonical texts separated
    /// by spaces (`None`: a new game).
    pub moves: Option<String>,
    /// The most of their recent games who takes it may have lost on time (percent).
    pub max_time_loss_percent: Option<i64>,
    /// The fewest finished games who takes it must have.
    pub min_finished_games: Option<i64>,
    /// The most days its game may last (`None`: no limit).
    pub max_game_days: Option<i64>,
    /// How its game is decided then: `adjudicate`, `draw` or `both_lose`.
    pub deadline_rule: String,
    /// 1: its game allows the players engines.
    pub engines_allowed: i64,
}

const SELECT: &str = "select c.id, c.challenger_id, u.username as challenger, \
    u.kind as challenger_kind, c.opponent_id, \
    o.username as opponent, c.variant, c.color, c.days_per_move, c.time_control, \
    c.weekends_off, c.vacation_allowed, c.nights_allowed, c.status, \
    c.game_id, c.created_at, c.rated, c.min_rating, c.max_rating, c.setup, c.moves, \
    c.max_time_loss_percent, c.min_finished_games, c.max_game_days, c.deadline_rule, \
    c.engines_allowed, r.rating as challenger_rating, r.deviation as challenger_deviation \
    from challenges c join users u on u.id = c.challenger_id \
    left join users o on o.id = c.opponent_id \
    left join player_ratings r on r.user_id = c.challenger_id and r.variant = \
    (case when c.engines_allowed = 1 then c.variant || '+engines' else c.variant end)";

/// What a new challenge holds.
#[derive(Debug, Clone)]
pub struct NewChallenge<'a> {
    /// Its id.
    pub id: &'a str,
    /// Who makes it.
    pub challenger_id: &'a str,
    /// Who may accept it (`None`: anyone).
    pub opponent_id: Option<&'a str>,
    /// The variant id.
    pub variant: &'a str,
    /// white, black or random.
    pub color: &'a str,
    /// Days per move (the per-move days, a bank's initial days, 0 untimed).
    pub days_per_move: i64,
    /// The time control's text form.
    pub time_control: &'a str,
    /// Weekends off.
    pub weekends_off: bool,
    /// Vacation allowed.
    pub vacation_allowed: bool,
    /// Nights off allowed.
    pub nights_allowed: bool,
    /// Now.
    pub created_at: i64,
    /// Rated (or casual).
    pub rated: bool,
    /// The lowest rating that may accept.
    pub min_rating: Option<i64>,
    /// The highest rating that may accept.
    pub max_rating: Option<i64>,
    /// The start chosen for the game: its stored setup text (`None`: as usual).
    pub setup: Option<&'a str>,
    /// A game carried over from elsewhere: its moves so far, canonical texts separated
    /// by spaces (`None`: a new game).
    pub moves: Option<&'a str>,
    /// The most of their recent games who takes it may have lost on time (percent).
    pub max_time_loss_percent: Option<i64>,
    /// The fewest finished games who takes it must have.
    pub min_finished_games: Option<i64>,
    /// The most days its game may last and how it is decided then (`adjudicate` or
    /// `draw`), if it is limited.
    pub game_limit: Option<(i64, &'a str)>,
    /// Its game allows the players engines.
    pub engines_allowed: bool,
}

/// Stores a new open challenge.
///
/// # Errors
///
/// Database errors.
pub async fn insert(conn: &mut AnyConnection, new: &NewChallenge<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into challenges (id, challenger_id, opponent_id, variant, color, days_per_move, \
         status, created_at, rated, min_rating, max_rating, time_control, weekends_off, \
         vacation_allowed, setup, moves, nights_allowed, max_time_loss_percent, \
         min_finished_games, max_game_days, deadline_rule, engines_allowed) \
         values ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9, $10, $11, $12, $13, $14, $15, \
         $16, $17, $18, $19, $20, $21)",
    )
    .bind(new.id)
    .bind(new.challenger_id)
    .bind(new.opponent_id)
    .bind(new.variant)
    .bind(new.color)
    .bind(new.days_per_move)
    .bind(new.created_at)
    .bind(i64::from(new.rated))
    .bind(new.min_rating)
    .bind(new.max_rating)
    .bind(new.time_control)
    .bind(i64::from(new.weekends_off))
    .bind(i64::from(new.vacation_allowed))
    .bind(new.setup)
    .bind(new.moves)
    .bind(i64::from(new.nights_allowed))
    .bind(new.max_time_loss_percent)
    .bind(new.min_finished_games)
    .bind(new.game_limit.map(|(days, _)| days))
    .bind(new.game_limit.map_or("adjudicate", |(_, rule)| rule))
    .bind(i64::from(new.engines_allowed))
    .execute(conn)
    .await?;
    Ok(())
}

/// How many open challenges `user_id` has made, counted after locking their user row
/// (`for no key update` on Postgres, which the foreign keys' share locks do not wait
/// for; SQLite's write transaction holds the whole file already), so two creations at
/// once cannot both pass a limit. Call it first in the creating transaction.
///
/// # Errors
///
/// Database errors.
pub async fn lock_and_count_open(
    conn: &mut AnyConnection,
    backend: Backend,
    user_id: &str,
) -> Result<i64, sqlx::Error> {
    if backend == Backend::Postgres {
        sqlx::query("select id from users where id = $1 for no key update")
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
    }
    let (count,): (i64,) = sqlx::query_as(
        "select count(*) from challenges where challenger_id = $1 and status = 'open'",
    )
    .bind(user_id)
    .fetch_one(conn)
    .await?;
    Ok(count)
}

/// One challenge.
///
/// # Errors
///
/// Database errors.
pub async fn get(conn: &mut AnyConnection, id: &str) -> Result<Option<ChallengeRow>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where c.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Open challenges that `user_id` may see: open to anyone, addressed to them, or theirs.
/// Without a user, only those open to anyone. Newest first.
///
/// # Errors
///
/// Database errors.
pub async fn list_open(
    conn: &mut AnyConnection,
    user_id: Option<&str>,
) -> Result<Vec<ChallengeRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} where c.status = 'open' and (c.opponent_id is null or c.opponent_id = $1 \
         or c.challenger_id = $1) order by c.created_at desc, c.id limit 200"
    ))
    .bind(user_id.unwrap_or(""))
    .fetch_all(conn)
    .await
}

/// Cancels `id` if it is `user_id`'s and still open. Returns `None` if it did not, else
/// the user it was addressed to (`Some(None)`: open to anyone).
///
/// # Errors
///
/// Database errors.
pub async fn cancel(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
) -> Result<Option<Option<String>>, sqlx::Error> {
    close(
        conn,
        id,
        user_id,
        "cancelled",
        ("challenger_id", "opponent_id"),
    )
    .await
}

/// Declines `id` if it is addressed to `user_id` and still open. Returns its
/// challenger's id if it did.
///
/// # Errors
///
/// Database errors.
pub async fn decline(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    close(
        conn,
        id,
        user_id,
        "declined",
        ("opponent_id", "challenger_id"),
    )
    .await
}

/// Sets the open challenge `id` to `status` if its column `side` holds `user_id`: the
/// other side's column `other` if it did.
async fn close<T>(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
    status: &str,
    (side, other): (&str, &str),
) -> Result<Option<T>, sqlx::Error>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + Send + Unpin,
{
    sqlx::query_scalar(&format!(
        "update challenges set status = $3 \
         where id = $1 and {side} = $2 and status = 'open' returning {other}"
    ))
    .bind(id)
    .bind(user_id)
    .bind(status)
    .fetch_optional(conn)
    .await
}

/// Open challenges made by `user_id` to someone, or addressed to them, oldest first
/// (what the bot API's event stream opens with).
///
/// # Errors
///
/// Database errors.
pub async fn open_between(
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Vec<ChallengeRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT} where c.status = 'open' and c.opponent_id is not null \
         and (c.opponent_id = $1 or c.challenger_id = $1) \
         order by c.created_at, c.id limit 200"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// What an accepted challenge asks of its game.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Taken {
    /// Who made it.
    pub challenger_id: String,
    /// Its terms.
    #[sqlx(flatten)]
    pub terms: ChallengeTerms,
}

/// Takes an open challenge for `user_id` (the first write of the accept transaction):
/// exactly one of several concurrent takers gets the row.
///
/// # Errors
///
/// Database errors.
pub async fn take(
    conn: &mut AnyConnection,
    id: &str,
    user_id: &str,
) -> Result<Option<Taken>, sqlx::Error> {
    sqlx::query_as(
        "update challenges set status = 'accepted' \
         where id = $1 and status = 'open' and challenger_id <> $2 \
         and (opponent_id is null or opponent_id = $2) \
         returning challenger_id, variant, color, days_per_move, time_control, weekends_off, \
         vacation_allowed, nights_allowed, rated, min_rating, max_rating, setup, moves, \
         max_time_loss_percent, min_finished_games, max_game_days, deadline_rule, \
         engines_allowed",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(conn)
    .await
}

/// Links an accepted challenge to its game.
///
/// # Errors
///
/// Database errors.
pub async fn set_game(
    conn: &mut AnyConnection,
    id: &str,
    game_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("update challenges set game_id = $2 where id = $1")
        .bind(id)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::ratings::ENGINES_POOL_SUFFIX;

    #[test]
    fn the_lobby_joins_a_challengers_engines_rating_by_its_stored_key() {
        let key = format!("c.variant || '{ENGINES_POOL_SUFFIX}'");
        assert!(
            super::SELECT.contains(&key),
            "{key} not in {}",
            super::SELECT
        );
    }
}
