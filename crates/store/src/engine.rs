//! The computer's pending replies (`engine_queue`) and its accounts.
//!
//! The queue is served round-robin across players: a reply's turn is its rank among
//! the replies owed to the same person (the human side of its game), those being
//! computed first, then the oldest; [`claim_due`] takes the lowest turns first, among
//! equal turns the player with the fewest replies queued first, then the oldest. So one
//! player's backlog never delays another's first reply.

use sqlx::{AnyConnection, FromRow};

use super::{
    Backend,
    lease::{self, Claim},
};

/// A reply the computer owes, as the engine job claimed it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct QueuedReply {
    /// The game.
    pub game_id: String,
    /// The game's ply the reply answers (its move's ply guard).
    pub ply: i64,
    /// The computer's level, 1 to 8.
    pub level: i64,
    /// The search's seed (a `u64`'s bits).
    pub seed: i64,
    /// Claims so far, this one included.
    pub attempts: i64,
}

/// Queues the computer's reply in `game_id` at `ply`, in the caller's transaction. A
/// reply already queued for that ply is kept. Returns whether a row was written.
///
/// # Errors
///
/// Database errors.
pub async fn queue(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: i64,
    level: i64,
    seed: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "insert into engine_queue (game_id, ply, level, seed, created_at) \
         values ($1, $2, $3, $4, $5) on conflict (game_id, ply) do nothing",
    )
    .bind(game_id)
    .bind(ply)
    .bind(level)
    .bind(seed)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Replies waiting or being computed, over all instances.
///
/// # Errors
///
/// Database errors.
pub async fn pending(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("select count(*) from engine_queue")
        .fetch_one(conn)
        .await?;
    Ok(count)
}

/// Replies waiting or being computed in the games of the person `player_id`.
///
/// # Errors
///
/// Database errors.
pub async fn pending_for_player(
    conn: &mut AnyConnection,
    player_id: &str,
) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "select count(*) from engine_queue q join games g on g.id = q.game_id \
         where g.white_id = $1 or g.black_id = $1",
    )
    .bind(player_id)
    .fetch_one(conn)
    .await?;
    Ok(count)
}

/// Active games of the person `player_id` against the computer.
///
/// # Errors
///
/// Database errors.
pub async fn active_games_of_player(
    conn: &mut AnyConnection,
    player_id: &str,
) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "select count(*) from games where status = 'active' and source = 'computer' \
         and (white_id = $1 or black_id = $1)",
    )
    .bind(player_id)
    .fetch_one(conn)
    .await?;
    Ok(count)
}

/// Claims at most `limit` due replies for `instance` until `lease_until`, round-robin
/// across players (see the module's text): one guarded update (on Postgres over `for
/// update skip locked`, which locks only queue rows, never games), so two instances
/// never hold one row at once. A row is due when nobody holds it or its lease ran out.
///
/// # Errors
///
/// Database errors.
pub async fn claim_due(
    conn: &mut AnyConnection,
    backend: Backend,
    instance: &str,
    now: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<QueuedReply>, sqlx::Error> {
    let claim = Claim {
        instance,
        now,
        until: lease_until,
        limit,
    };
    // The turns are ranked in `with` queries: Postgres locks no row of a query with a
    // window function, and none of a `with` query, so only the queue's rows are locked.
    // The due rows are picked once (a materialized `with`): as a sub-select of the
    // update, Postgres may run the pick again for each row it updates, each time skipping
    // the rows it has just locked, and so claim more than `limit`.
    lease::claim_due(conn, backend, claim, |lock| {
        format!(
            "with owed as (select q.game_id, q.ply, q.created_at, \
                     case when w.kind = 'computer' then g.black_id \
                         else g.white_id end as player, \
                     case when q.claimed_by is not null and q.claimed_until > $3 \
                         then 0 else 1 end as waiting \
                 from engine_queue q join games g on g.id = q.game_id \
                 join users w on w.id = g.white_id), \
             turns as (select game_id, ply, \
                 row_number() over (partition by player \
                     order by waiting, created_at, game_id, ply) as turn, \
                 count(*) over (partition by player) as backlog from owed), \
             due as materialized (select q.game_id, q.ply from engine_queue q \
                 join turns t on t.game_id = q.game_id and t.ply = q.ply \
                 where q.claimed_until is null or q.claimed_until <= $3 \
                 order by t.turn, t.backlog, q.created_at, q.game_id limit $4{lock}) \
             update engine_queue set claimed_by = $1, claimed_until = $2, \
                 attempts = attempts + 1 \
             where (game_id, ply) in (select game_id, ply from due) \
             and (claimed_until is null or claimed_until <= $3) \
             returning game_id, ply, level, seed, attempts"
        )
    })
    .await
}

/// Deletes the reply of `game_id` at `ply` if `instance` still holds it: in the
/// transaction that plays it (or when it is stale). Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn take(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: i64,
    instance: &str,
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("delete from engine_queue where game_id = $1 and ply = $2 and claimed_by = $3")
            .bind(game_id)
            .bind(ply)
            .bind(instance)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives back `instance`'s claim of the reply of `game_id` at `ply`: due again at
/// `due_at` (`None`: at once).
///
/// # Errors
///
/// Database errors.
pub async fn release(
    conn: &mut AnyConnection,
    game_id: &str,
    ply: i64,
    instance: &str,
    due_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update engine_queue set claimed_by = null, claimed_until = $4 \
         where game_id = $1 and ply = $2 and claimed_by = $3",
    )
    .bind(game_id)
    .bind(ply)
    .bind(instance)
    .bind(due_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes every reply queued in `game_id` (the game has ended), in the caller's
/// transaction.
///
/// # Errors
///
/// Database errors.
pub async fn drop_for_game(conn: &mut AnyConnection, game_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from engine_queue where game_id = $1")
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Active games whose player to move is a computer account and which have no reply
/// queued at their ply: (game id, ply, the computer's user id), at most `limit`.
///
/// # Errors
///
/// Database errors.
pub async fn unanswered(
    conn: &mut AnyConnection,
    limit: i64,
) -> Result<Vec<(String, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "select g.id, g.ply, u.id from games g \
         join users u on u.id = case when g.to_move = 'white' then g.white_id \
             else g.black_id end \
         where g.status = 'active' and g.to_move is not null and u.kind = 'computer' \
         and not exists (select 1 from engine_queue q where q.game_id = g.id and q.ply = g.ply) \
         order by g.id limit $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Inserts the computer account `id` named `username` (`username_key` its lower case)
/// with a password hash that no password verifies, unless the id or the name is taken.
/// Returns whether it was written.
///
/// # Errors
///
/// Database errors.
pub async fn insert_account(
    conn: &mut AnyConnection,
    id: &str,
    username: &str,
    password_hash: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    super::users::insert_account(conn, id, username, password_hash, "computer", true, now).await
}

/// The (name, kind) of the account `id`, if there is one.
///
/// # Errors
///
/// Database errors.
pub async fn account(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    let account = super::users::public_by_id(conn, id).await?;
    Ok(account.map(|user| (user.username, user.kind)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Database,
        games::{self, NewGame},
        users,
    };

    /// Stores the active game `id` between `white_id` and `black_id`.
    async fn game(conn: &mut AnyConnection, id: &str, white_id: &str, black_id: &str) {
        let new = NewGame {
            id,
            variant: "reversi-6x6",
            white_id,
            black_id,
            setup: None,
            source: "computer",
            source_id: None,
            days_per_move: 3,
            deadline: None,
            position: "",
            ply: 0,
            to_move: "white",
            rated: false,
            time_control: "3d",
            bank: None,
            weekends_off: false,
            vacation_allowed: true,
            nights_allowed: true,
            hard_deadline: None,
            engines_allowed: false,
            warnings: (None, 0, None),
            now: 0,
        };
        games::insert(conn, &new).await.unwrap();
    }

    /// Claims up to `limit` due rows at time 10 and returns their games, sorted.
    async fn claim(conn: &mut AnyConnection, limit: i64) -> Vec<String> {
        let rows = claim_due(conn, Backend::Sqlite, "me", 10, 100, limit)
            .await
            .unwrap();
        let mut games: Vec<String> = rows.into_iter().map(|row| row.game_id).collect();
        games.sort();
        games
    }

    #[tokio::test]
    async fn replies_are_claimed_round_robin_across_players() {
        let dir = std::env::temp_dir().join(format!("boardgames-db-{}", vocab::ids::new_id()));
        let path = dir.join("boardgames.db");
        let db = Database::connect(&format!("sqlite://{}", path.display()), 2)
            .await
            .unwrap();
        db.migrate().await.unwrap();
        let mut conn = db.pool.acquire().await.unwrap();
        for (id, kind) in [
            ("computer-8", "computer"),
            ("computer-1", "computer"),
            ("aaaaaaaaaaaaaaaa", "human"),
            ("bbbbbbbbbbbbbbbb", "human"),
            ("cccccccccccccccc", "human"),
        ] {
            users::insert_account(&mut conn, id, id, "!", kind, false, 0)
                .await
                .unwrap();
        }
        let (a, b, c) = ("aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc");
        // Player a queues three replies (the computer on either side), then b and c one
        // each, later.
        for (id, white, black, at) in [
            ("a1", "computer-8", a, 1),
            ("a2", a, "computer-8", 2),
            ("a3", "computer-8", a, 3),
            ("b1", "computer-1", b, 4),
            ("c1", c, "computer-1", 5),
        ] {
            game(&mut conn, id, white, black).await;
            assert!(queue(&mut conn, id, 0, 8, 7, at).await.unwrap());
        }
        assert_eq!(pending(&mut conn).await.unwrap(), 5);
        assert_eq!(pending_for_player(&mut conn, a).await.unwrap(), 3);
        assert_eq!(pending_for_player(&mut conn, c).await.unwrap(), 1);
        assert_eq!(active_games_of_player(&mut conn, a).await.unwrap(), 3);
        assert_eq!(active_games_of_player(&mut conn, b).await.unwrap(), 1);

        // Everyone's first turn comes first, the fewest queued first: b's and c's
        // replies, queued after all of a's, come before a's second.
        assert_eq!(claim(&mut conn, 1).await, ["b1"]);
        assert_eq!(claim(&mut conn, 2).await, ["a1", "c1"]);
        assert_eq!(claim(&mut conn, 5).await, ["a2", "a3"]);
        assert!(claim(&mut conn, 5).await.is_empty());

        // A reply being computed is its player's turn: b's new reply comes before a's,
        // queued at the same moment (and first by id).
        for game_id in ["a1", "a2", "b1"] {
            assert!(take(&mut conn, game_id, 0, "me").await.unwrap());
        }
        for (id, white, black) in [("a4", "computer-8", a), ("b2", "computer-1", b)] {
            game(&mut conn, id, white, black).await;
            assert!(queue(&mut conn, id, 0, 8, 7, 6).await.unwrap());
        }
        assert_eq!(claim(&mut conn, 1).await, ["b2"]);
        assert_eq!(claim(&mut conn, 1).await, ["a4"]);

        // With nothing of a's being computed, equal turns go to the player with fewer
        // replies queued.
        for game_id in ["a3", "a4", "b2", "c1"] {
            assert!(take(&mut conn, game_id, 0, "me").await.unwrap());
        }
        for (id, white, black) in [
            ("a5", "computer-8", a),
            ("a6", a, "computer-8"),
            ("b3", "computer-1", b),
        ] {
            game(&mut conn, id, white, black).await;
            assert!(queue(&mut conn, id, 0, 8, 7, 8).await.unwrap());
        }
        assert_eq!(claim(&mut conn, 1).await, ["b3"]);
        assert_eq!(claim(&mut conn, 2).await, ["a5", "a6"]);

        drop(conn);
        db.pool.close().await;
        std::fs::remove_dir_all(dir).unwrap();
    }
}
