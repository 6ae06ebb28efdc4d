//! Games and their moves.

use sqlx::{AnyConnection, FromRow};

use super::Backend;

/// A stored game row with both players' names.
#[derive(Debug, Clone, FromRow)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The variant id.
    pub variant: String,
    /// White's user id.
    pub white_id: String,
    /// White's name.
    pub white: String,
    /// Black's user id.
    pub black_id: String,
    /// Black's name.
    pub black: String,
    /// Who plays White's account (`human`, `computer`, `bot`).
    pub white_kind: String,
    /// Who plays Black's account.
    pub black_kind: String,
    /// Knight Fight's numbers as JSON.
    pub setup: Option<String>,
    /// active, finished or aborted.
    pub status: String,
    /// 1-0, 0-1, 1/2-1/2.
    pub result: Option<String>,
    /// normal, resignation, agreement, timeout, claim.
    pub termination: Option<String>,
    /// The detail of the end (checkmate, threefold_repetition, …).
    pub end_reason: Option<String>,
    /// Moves played, passes included.
    pub ply: i64,
    /// white or black while active.
    pub to_move: Option<String>,
    /// When the player to move runs out of time.
    pub deadline: Option<i64>,
    /// Who offers a draw.
    pub draw_offer: Option<String>,
    /// Days per move.
    pub days_per_move: i64,
    /// Created.
    pub created_at: i64,
    /// Last changed.
    pub updated_at: i64,
    /// Finished or aborted.
    pub finished_at: Option<i64>,
    /// challenge, tournament, rematch or computer.
    pub source: String,
    /// What it came from (the challenge's id).
    pub source_id: Option<String>,
    /// Draw offers White made.
    pub white_draw_offers: i64,
    /// Draw offers Black made.
    pub black_draw_offers: i64,
    /// The ply of White's last draw offer.
    pub white_offer_ply: Option<i64>,
    /// The ply of Black's last draw offer.
    pub black_offer_ply: Option<i64>,
    /// 1 rated, 0 casual.
    pub rated: i64,
    /// The time control's text form (`per_move:3:0`, `bank:3:1:7`, `untimed`).
    pub time_control: String,
    /// White's time bank (seconds), null unless a time bank.
    pub white_bank: Option<i64>,
    /// Black's time bank (seconds), null unless a time bank.
    pub black_bank: Option<i64>,
    /// 1: each player's clock stops on their weekend.
    pub weekends_off: i64,
    /// 1: a player's vacation stops their clock.
    pub vacation_allowed: i64,
    /// 1: a loss on time that followed another of the same player (changes no rating).
    pub serial_timeout: i64,
    /// White's time zone.
    pub white_time_zone: String,
    /// White's vacation, `[from, until)`.
    pub white_vacation_from: Option<i64>,
    /// See `white_vacation_from`.
    pub white_vacation_until: Option<i64>,
    /// Black's time zone.
    pub black_time_zone: String,
    /// Black's vacation, `[from, until)`.
    pub black_vacation_from: Option<i64>,
    /// See `black_vacation_from`.
    pub black_vacation_until: Option<i64>,
    /// The running time the turn began with (seconds).
    pub turn_time: Option<i64>,
    /// The time warnings given this turn (bits).
    pub warnings_sent: i64,
    /// No later than the next warning is due.
    pub next_warning_at: Option<i64>,
    /// Days White gave Black.
    pub white_time_gifts: i64,
    /// Days Black gave White.
    pub black_time_gifts: i64,
    /// Who asks for a pause (white or black).
    pub pause_offer: Option<String>,
    /// An agreed pause's start.
    pub paused_from: Option<i64>,
    /// Its end.
    pub paused_until: Option<i64>,
    /// Pauses agreed in the game.
    pub pauses_agreed: i64,
}

const COLUMNS: &str = "g.id, g.variant, g.white_id, w.username as white, g.black_id, \
    b.username as black, w.kind as white_kind, b.kind as black_kind, g.setup, g.status, \
    g.result, g.termination, g.end_reason, g.ply, \
    g.to_move, g.deadline, g.draw_offer, g.days_per_move, g.created_at, g.updated_at, \
    g.finished_at, g.source, g.source_id, g.white_draw_offers, g.black_draw_offers, \
    g.white_offer_ply, g.black_offer_ply, g.rated, g.time_control, g.white_bank, g.black_bank, \
    g.weekends_off, g.vacation_allowed, g.serial_timeout, w.time_zone as white_time_zone, \
    w.vacation_from as white_vacation_from, w.vacation_until as white_vacation_until, \
    b.time_zone as black_time_zone, b.vacation_from as black_vacation_from, \
    b.vacation_until as black_vacation_until, g.turn_time, g.warnings_sent, g.next_warning_at, \
    g.white_time_gifts, g.black_time_gifts, g.pause_offer, g.paused_from, g.paused_until, \
    g.pauses_agreed";

const FROM: &str =
    "from games g join users w on w.id = g.white_id join users b on b.id = g.black_id";

/// A stored move.
#[derive(Debug, Clone, FromRow)]
pub struct MoveRow {
    /// The canonical text.
    #[sqlx(rename = "move")]
    pub text: String,
    /// The display text (SAN in chess); `None` for moves stored before the position
    /// cache, until the start-up refresh writes it.
    pub display: Option<String>,
}

/// A game with its position cache and its moves, as one read of a game returns it.
#[derive(Debug, Clone)]
pub struct StoredGame {
    /// The row.
    pub row: GameRow,
    /// The cached position (the rules crate's saved form) and the ply it was saved at.
    pub position: Option<(String, i64)>,
    /// The moves in order: exactly `row.ply` of them (none from [`get_with_position`]).
    pub moves: Vec<MoveRow>,
    /// How many conditional lines the game's players hold in it.
    pub conditional_lines: i64,
}

/// What a new game holds.
/// What a new game holds.
#[derive(Debug, Clone)]
pub struct NewGame<'a> {
    /// Its id.
    pub id: &'a str,
    /// The variant id.
    pub variant: &'a str,
    /// White's user id.
    pub white_id: &'a str,
    /// Black's user id.
    pub black_id: &'a str,
    /// Knight Fight's numbers as JSON.
    pub setup: Option<&'a str>,
    /// challenge, tournament, rematch or computer.
    pub source: &'a str,
    /// What it came from (the challenge's id).
    pub source_id: Option<&'a str>,
    /// Days per move (the per-move days, a bank's initial days, 0 untimed).
    pub days_per_move: i64,
    /// White's first deadline (null when untimed).
    pub deadline: Option<i64>,
    /// The start position, saved.
    pub position: &'a str,
    /// Rated (or casual).
    pub rated: bool,
    /// The time control's text form.
    pub time_control: &'a str,
    /// Both players' starting banks (seconds), the same for both; null unless a bank.
    pub bank: Option<i64>,
    /// Each player's clock stops on their weekend.
    pub weekends_off: bool,
    /// A player's vacation stops their clock.
    pub vacation_allowed: bool,
    /// White's first turn: its running time, the warnings that do not apply, the first
    /// look.
    pub warnings: (Option<i64>, i64, Option<i64>),
    /// Now.
    pub now: i64,
}

/// Stores a new active game, White to move.
///
/// # Errors
///
/// Database errors.
pub async fn insert(conn: &mut AnyConnection, new: &NewGame<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into games (id, variant, white_id, black_id, setup, status, ply, to_move, \
         deadline, days_per_move, created_at, updated_at, source, source_id, position, \
         position_ply, rated, time_control, white_bank, black_bank, weekends_off, \
         vacation_allowed, turn_time, warnings_sent, next_warning_at) \
         values ($1, $2, $3, $4, $5, 'active', 0, 'white', $6, $7, $8, $8, $9, $10, $11, 0, $12, \
         $13, $14, $14, $15, $16, $17, $18, $19)",
    )
    .bind(new.id)
    .bind(new.variant)
    .bind(new.white_id)
    .bind(new.black_id)
    .bind(new.setup)
    .bind(new.deadline)
    .bind(new.days_per_move)
    .bind(new.now)
    .bind(new.source)
    .bind(new.source_id)
    .bind(new.position)
    .bind(i64::from(new.rated))
    .bind(new.time_control)
    .bind(new.bank)
    .bind(i64::from(new.weekends_off))
    .bind(i64::from(new.vacation_allowed))
    .bind(new.warnings.0)
    .bind(new.warnings.1)
    .bind(new.warnings.2)
    .execute(conn)
    .await?;
    Ok(())
}

/// One game with its position cache and its moves.
///
/// Two statements, consistent without a transaction: moves are only ever appended, in
/// the transaction that raises the row's ply, so the moves up to the ply the row shows
/// are all committed by the time the row is read, and later ones are left out.
///
/// # Errors
///
/// Database errors; [`sqlx::Error::RowNotFound`] when fewer moves are stored than the
/// row's ply (a damaged database).
pub async fn get_with_moves(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<StoredGame>, sqlx::Error> {
    let Some(mut stored) = get_with_position(&mut *conn, id).await? else {
        return Ok(None);
    };
    stored.moves = moves_to_ply(conn, id, stored.row.ply).await?;
    Ok(Some(stored))
}

/// One game with its position cache, its moves left empty (the first statement of
/// [`get_with_moves`], for a caller that knows the record).
///
/// # Errors
///
/// Database errors.
pub async fn get_with_position(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<StoredGame>, sqlx::Error> {
    #[derive(FromRow)]
    struct WithPosition {
        #[sqlx(flatten)]
        row: GameRow,
        position: Option<String>,
        position_ply: Option<i64>,
        conditional_lines: i64,
    }
    let found: Option<WithPosition> = sqlx::query_as(&format!(
        "select {COLUMNS}, g.position, g.position_ply, \
         (select count(*) from conditional_lines cl where cl.game_id = g.id) \
         as conditional_lines {FROM} where g.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.map(|found| StoredGame {
        row: found.row,
        position: found.position.zip(found.position_ply),
        moves: Vec::new(),
        conditional_lines: found.conditional_lines,
    }))
}

/// Game `id`'s moves up to `ply`, in order (the second statement of [`get_with_moves`]).
///
/// # Errors
///
/// Database errors; [`sqlx::Error::RowNotFound`] when fewer than `ply` are stored.
pub async fn moves_to_ply(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
) -> Result<Vec<MoveRow>, sqlx::Error> {
    let moves: Vec<MoveRow> = sqlx::query_as(
        "select move, display from moves where game_id = $1 and ply <= $2 order by ply",
    )
    .bind(id)
    .bind(ply)
    .fetch_all(conn)
    .await?;
    if i64::try_from(moves.len()).ok() != Some(ply) {
        return Err(sqlx::Error::RowNotFound);
    }
    Ok(moves)
}

/// One game without its moves.
///
/// # Errors
///
/// Database errors.
pub async fn get(conn: &mut AnyConnection, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
    sqlx::query_as(&format!("select {COLUMNS} {FROM} where g.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

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

/// Active games whose deadline has passed: (id, variant, ply, to_move), oldest first.
///
/// # Errors
///
/// Database errors.
pub async fn overdue(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> Result<Vec<(String, String, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "select id, variant, ply, to_move from games \
         where status = 'active' and deadline <= $1 and to_move is not null \
         order by deadline limit $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// The first write of the sweeper's transaction: claims an overdue game if it is still
/// active at `ply` with `to_move` to move and past its deadline, so that whoever runs it
/// first ends the game and every other sweeper finds no row. Returns whether it did.
///
/// # Errors
///
/// Database errors.
pub async fn claim_overdue(
    conn: &mut AnyConnection,
    id: &str,
    ply: i64,
    to_move: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set updated_at = $4 \
         where id = $1 and ply = $2 and to_move = $3 and status = 'active' and deadline <= $4",
    )
    .bind(id)
    .bind(ply)
    .bind(to_move)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

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
         where (g.white_id = $1 or g.black_id = $1) and g.status = 'active' \
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
             and ({result} = '' or g.result = {result}) \
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

/// How many active games wait for the user `u` to move: a subquery for a statement that
/// reads `users u` (the session lookup counts them in the same statement).
pub const USERS_TURN_COUNT: &str = "(select count(*) from games tg where tg.status = 'active' \
     and ((tg.white_id = u.id and tg.to_move = 'white') \
     or (tg.black_id = u.id and tg.to_move = 'black')))";

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
/// deadline comes first (untimed games last, then by id), the order of [`for_user`].
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
pub const NEXT_USERS_TURN: &str = "(select ng.id from games ng where ng.status = 'active' \
     and ((ng.white_id = u.id and ng.to_move = 'white') \
     or (ng.black_id = u.id and ng.to_move = 'black')) and ng.id <> $2 \
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

/// An active timed game whose clock runs for `user_id` (they are to move).
#[derive(Debug, Clone, FromRow)]
pub struct RunningClock {
    /// The game's id.
    pub id: String,
    /// Its deadline.
    pub deadline: i64,
    /// 1: weekends off.
    pub weekends_off: i64,
    /// 1: vacation allowed.
    pub vacation_allowed: i64,
}

/// How [`running_clocks_of`] treats the game rows on Postgres (SQLite's one writer needs
/// no row locks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowLock {
    /// Read them as they are.
    None,
    /// Lock them (`for update`), waiting for a move in progress.
    Wait,
    /// Lock those that are free and leave out those another transaction holds (`for
    /// update skip locked`): for a change made inside a game's own transaction, which
    /// must not wait for a transaction that may be waiting for it.
    SkipLocked,
}

/// The active timed games in which `user_id` is to move.
///
/// # Errors
///
/// Database errors.
pub async fn running_clocks_of(
    conn: &mut AnyConnection,
    user_id: &str,
    lock: RowLock,
) -> Result<Vec<RunningClock>, sqlx::Error> {
    let lock = match lock {
        RowLock::None => "",
        RowLock::Wait => " for update",
        RowLock::SkipLocked => " for update skip locked",
    };
    sqlx::query_as(&format!(
        "select id, deadline, weekends_off, vacation_allowed from games \
         where status = 'active' and deadline is not null \
         and ((white_id = $1 and to_move = 'white') or (black_id = $1 and to_move = 'black')) \
         order by id{lock}"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await
}

/// Moves an active game's deadline (a change of its player to move's stops).
///
/// # Errors
///
/// Database errors.
pub async fn set_deadline(
    conn: &mut AnyConnection,
    id: &str,
    deadline: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    // The next warning is looked at again at once: the sweeper counts the new time left.
    sqlx::query(
        "update games set deadline = $2, updated_at = $3, \
         next_warning_at = case when next_warning_at is null then null else $3 end \
         where id = $1 and status = 'active'",
    )
    .bind(id)
    .bind(deadline)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether `user_id` lost another game on time that finished in `[since, before]`, other
/// than `game_id`.
///
/// # Errors
///
/// Database errors.
pub async fn lost_on_time_since(
    conn: &mut AnyConnection,
    user_id: &str,
    game_id: &str,
    since: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<(String,)> = sqlx::query_as(
        "select id from games where termination = 'timeout' and finished_at >= $3 \
         and id <> $2 and ((white_id = $1 and result = '0-1') or \
         (black_id = $1 and result = '1-0')) limit 1",
    )
    .bind(user_id)
    .bind(game_id)
    .bind(since)
    .fetch_optional(conn)
    .await?;
    Ok(found.is_some())
}

/// Active games whose next time warning may be due at `now`: (id, the moment seen), the
/// earliest first.
///
/// # Errors
///
/// Database errors.
pub async fn warnings_due(
    conn: &mut AnyConnection,
    now: i64,
    limit: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select id, next_warning_at from games \
         where next_warning_at <= $1 and status = 'active' \
         order by next_warning_at limit $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Claims a game's due warning (the transaction's first write): true when the game is
/// still active with the moment `seen`, so that of several sweepers one gives it.
///
/// # Errors
///
/// Database errors.
pub async fn claim_warning(
    conn: &mut AnyConnection,
    id: &str,
    seen: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "update games set next_warning_at = null \
         where id = $1 and status = 'active' and next_warning_at = $2 and $2 <= $3",
    )
    .bind(id)
    .bind(seen)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Writes a game's warnings given this turn and its next look.
///
/// # Errors
///
/// Database errors.
pub async fn set_warnings(
    conn: &mut AnyConnection,
    id: &str,
    sent: i64,
    next_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("update games set warnings_sent = $2, next_warning_at = $3 where id = $1")
        .bind(id)
        .bind(sent)
        .bind(next_at)
        .execute(conn)
        .await?;
    Ok(())
}
