//! The writes of a game's transactions: claiming its row, appending moves, saving its
//! state, refreshing its position cache.

use sqlx::AnyConnection;

use crate::Backend;

/// The first write of a move's transaction: claims the game row if it is still active at
/// `ply`. Returns whether it did (false: someone moved first, or the game ended).
///
/// On Postgres the claim locks the row (`for update`) without writing it: the move's
/// save writes it once. A claim that waited for another transaction's lock checks the
/// row as that one left it, as an update would. On SQLite the write takes the database's
/// one write lock.
///
/// # Errors
///
/// Database errors (on SQLite also a lock not granted within the busy timeout).
pub async fn claim_at_ply(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    claim(
        conn,
        "where id = $1 and status = 'active' and ply = $2",
        (id, Some(ply)),
        now,
    )
    .await
}

/// Claims the game row that `condition` (over `$1` the game and, when given, `$2` the
/// ply) finds: a lock on Postgres, a write of `now` on SQLite (see [`claim_at_ply`]).
async fn claim(
    conn: &mut AnyConnection,
    condition: &str,
    (id, ply): (&str, Option<i64>),
    now: i64,
) -> Result<bool, sqlx::Error> {
    let postgres = Backend::of(conn) == Backend::Postgres;
    let statement = if postgres {
        format!("select id from games {condition} for update")
    } else {
        let now_parameter = if ply.is_some() { "$3" } else { "$2" };
        format!("update games set updated_at = {now_parameter} {condition}")
    };
    let mut query = sqlx::query(&statement).bind(id);
    if let Some(ply) = ply {
        query = query.bind(ply);
    }
    if postgres {
        Ok(query.fetch_optional(conn).await?.is_some())
    } else {
        let done = query.bind(now).execute(conn).await?;
        Ok(done.rows_affected() == 1)
    }
}

/// The first write of a resign/abort/draw transaction: claims the game row if it is
/// still active. Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_active(
    conn: &mut AnyConnection,
    id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    claim(conn, "where id = $1 and status = 'active'", (id, None), now).await
}

/// Appends moves numbered from `first_ply` (1-based: the ply after the move), each with
/// its display text.
///
/// # Errors
///
/// Database errors (a duplicate ply violates the primary key).
pub async fn insert_moves(
    conn: &mut AnyConnection,
    id: &str,
    first_ply: i64,
    moves: &[rules::PlayedMove],
    now: i64,
) -> Result<(), sqlx::Error> {
    for (offset, played) in (0_i64..).zip(moves) {
        sqlx::query(
            "insert into moves (game_id, ply, move, display, played_at) \
             values ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(first_ply + offset)
        .bind(&played.text)
        .bind(&played.display)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Writes the position cache of a game stored before it had one, and its moves' display
/// texts, if the game is still at `ply`. Returns whether it was.
///
/// # Errors
///
/// Database errors.
pub async fn refresh_position(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    position: &str,
    moves: &[rules::PlayedMove],
) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("update games set position = $3, position_ply = $2 where id = $1 and ply = $2")
            .bind(id)
            .bind(ply)
            .bind(position)
            .execute(&mut *conn)
            .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    for (ply, played) in (1_i64..).zip(moves) {
        sqlx::query(
            "update moves set display = $3 where game_id = $1 and ply = $2 and display is null",
        )
        .bind(id)
        .bind(ply)
        .bind(&played.display)
        .execute(&mut *conn)
        .await?;
    }
    Ok(true)
}

/// Up to `limit` games whose position cache is missing or behind their ply (stored before
/// the cache existed, or moved by an older server): their ids. Their moves may lack their
/// display texts too; a game whose cache is at its ply has them all.
///
/// # Errors
///
/// Database errors.
pub async fn without_position(
    conn: &mut AnyConnection,
    limit: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "select id from games where position_ply is null or position_ply <> ply \
         order by id limit $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The changeable part of a game row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// active, finished or aborted.
    pub status: &'static str,
    /// The result once finished.
    pub result: Option<&'static str>,
    /// The termination once finished.
    pub termination: Option<&'static str>,
    /// The end's detail.
    pub end_reason: Option<String>,
    /// Moves played.
    pub ply: i64,
    /// white or black while active.
    pub to_move: Option<&'static str>,
    /// The deadline while active.
    pub deadline: Option<i64>,
    /// Who offers a draw.
    pub draw_offer: Option<&'static str>,
    /// Draw offers made by White and by Black.
    pub draw_offers: [i64; 2],
    /// The ply of White's and of Black's last draw offer.
    pub offer_plies: [Option<i64>; 2],
    /// When it ended.
    pub finished_at: Option<i64>,
    /// The position, saved (cached at `ply`).
    pub position: String,
    /// White's and Black's time banks (seconds).
    pub banks: [Option<i64>; 2],
    /// A loss on time after another of the same player.
    pub serial_timeout: bool,
    /// The running time the turn began with, the warnings given, the next look.
    pub warnings: (Option<i64>, i64, Option<i64>),
    /// Days White and Black gave their opponent.
    pub time_gifts: [i64; 2],
    /// Who asks for a pause.
    pub pause_offer: Option<&'static str>,
    /// The agreed pause, `[from, until)`.
    pub pause: Option<(i64, i64)>,
    /// Pauses agreed in the game.
    pub pauses_agreed: i64,
}

/// Writes the game's new state.
///
/// # Errors
///
/// Database errors.
pub async fn save(
    conn: &mut AnyConnection,
    id: &str,
    state: &GameState,
    now: i64,
) -> Result<(), sqlx::Error> {
    bind_state(sqlx::query(SAVE), id, state, now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Writes the game's new state and appends `moves`, numbered from `first_ply` (as
/// [`insert_moves`]): on Postgres in one statement, on SQLite in two.
///
/// # Errors
///
/// Database errors (a duplicate ply violates the primary key).
pub async fn save_with_moves(
    conn: &mut AnyConnection,
    id: &str,
    state: &GameState,
    first_ply: i64,
    moves: &[rules::PlayedMove],
    now: i64,
) -> Result<(), sqlx::Error> {
    if Backend::of(conn) == Backend::Sqlite || moves.is_empty() {
        insert_moves(&mut *conn, id, first_ply, moves, now).await?;
        return save(conn, id, state, now).await;
    }
    // The update's parameters are $1 to $28 ($1 the game, $11 now); each move's ply, text
    // and display follow.
    let rows: Vec<String> = (0..moves.len())
        .map(|index| {
            let first = 29 + 3 * index;
            format!("($1, ${first}, ${}, ${}, $11)", first + 1, first + 2)
        })
        .collect();
    let prefix = format!(
        "with appended as (insert into moves (game_id, ply, move, display, played_at) \
         values {}) ",
        rows.join(", ")
    );
    let statement = format!("{prefix}{SAVE}");
    let mut query = bind_state(sqlx::query(&statement), id, state, now);
    for (offset, played) in (0_i64..).zip(moves) {
        query = query
            .bind(first_ply + offset)
            .bind(&played.text)
            .bind(&played.display);
    }
    query.execute(conn).await?;
    Ok(())
}

/// The update of [`save`]: `$1` the game, `$11` now.
const SAVE: &str = "update games set status = $2, result = $3, termination = $4, \
    end_reason = $5, ply = $6, to_move = $7, deadline = $8, draw_offer = $9, \
    finished_at = $10, updated_at = $11, white_draw_offers = $12, black_draw_offers = $13, \
    white_offer_ply = $14, black_offer_ply = $15, position = $16, position_ply = $6, \
    white_bank = $17, black_bank = $18, serial_timeout = $19, turn_time = $20, \
    warnings_sent = $21, next_warning_at = $22, white_time_gifts = $23, \
    black_time_gifts = $24, pause_offer = $25, paused_from = $26, paused_until = $27, \
    pauses_agreed = $28 where id = $1";

/// Binds [`SAVE`]'s 28 parameters to `query`.
fn bind_state<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    id: &'q str,
    state: &'q GameState,
    now: i64,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    query
        .bind(id)
        .bind(state.status)
        .bind(state.result)
        .bind(state.termination)
        .bind(state.end_reason.as_deref())
        .bind(state.ply)
        .bind(state.to_move)
        .bind(state.deadline)
        .bind(state.draw_offer)
        .bind(state.finished_at)
        .bind(now)
        .bind(state.draw_offers[0])
        .bind(state.draw_offers[1])
        .bind(state.offer_plies[0])
        .bind(state.offer_plies[1])
        .bind(&state.position)
        .bind(state.banks[0])
        .bind(state.banks[1])
        .bind(i64::from(state.serial_timeout))
        .bind(state.warnings.0)
        .bind(state.warnings.1)
        .bind(state.warnings.2)
        .bind(state.time_gifts[0])
        .bind(state.time_gifts[1])
        .bind(state.pause_offer)
        .bind(state.pause.map(|(from, _)| from))
        .bind(state.pause.map(|(_, until)| until))
        .bind(state.pauses_agreed)
}

/// The times a finished game's moves were played, by ply (1-based), with the game's
/// start: what [`set_pace`] is worked out from.
///
/// # Errors
///
/// Database errors.
pub async fn move_times(conn: &mut AnyConnection, id: &str) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("select played_at from moves where game_id = $1 order by ply")
            .bind(id)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(at,)| at).collect())
}

/// Each player's thinking in a game that has ended: (moves that took time, their
/// seconds) for White and for Black.
///
/// # Errors
///
/// Database errors.
pub async fn set_pace(
    conn: &mut AnyConnection,
    id: &str,
    white: (i64, i64),
    black: (i64, i64),
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "update games set white_moves = $2, white_move_seconds = $3, black_moves = $4, \
         black_move_seconds = $5 where id = $1",
    )
    .bind(id)
    .bind(white.0)
    .bind(white.1)
    .bind(black.0)
    .bind(black.1)
    .execute(conn)
    .await?;
    Ok(())
}
