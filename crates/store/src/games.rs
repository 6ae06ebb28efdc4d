//! Games and their moves: the rows and the reads of one game here; the writes of a
//! game's transactions in `writes`, the lists of games and turn counts in `lists`,
//! the clocks' deadlines and warnings in `clocks`.

mod clocks;
mod deadlines;
mod lists;
mod writes;

pub use clocks::*;
pub use deadlines::*;
pub use lists::*;
pub use writes::*;

use sqlx::{AnyConnection, FromRow};

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
    /// 1: a player's nightly pause stops their clock.
    pub nights_allowed: i64,
    /// 1: a loss on time that followed another of the same player (changes no rating).
    pub serial_timeout: i64,
    /// 1: the players may use engines (rated in the variant's engines pool).
    pub engines_allowed: i64,
    /// White's time zone.
    pub white_time_zone: String,
    /// White's vacation, `[from, until)`.
    pub white_vacation_from: Option<i64>,
    /// See `white_vacation_from`.
    pub white_vacation_until: Option<i64>,
    /// White's nightly pause (minutes after local midnight), if any.
    pub white_night_from: Option<i64>,
    /// See `white_night_from`.
    pub white_night_until: Option<i64>,
    /// Black's time zone.
    pub black_time_zone: String,
    /// Black's vacation, `[from, until)`.
    pub black_vacation_from: Option<i64>,
    /// See `black_vacation_from`.
    pub black_vacation_until: Option<i64>,
    /// Black's nightly pause (minutes after local midnight), if any.
    pub black_night_from: Option<i64>,
    /// See `black_night_from`.
    pub black_night_until: Option<i64>,
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
    /// 1: White's repertoire answers in the game.
    pub white_repertoire: i64,
    /// 1: Black's repertoire answers in the game.
    pub black_repertoire: i64,
    /// The game's own deadline (unix seconds), if it has one.
    pub hard_deadline: Option<i64>,
    /// How it is decided when that passes: `adjudicate` or `draw`.
    pub deadline_rule: String,
    /// An adjudicated game's search score (the family's units), for
    /// `adjudication_mover`.
    pub adjudication_score: Option<i64>,
    /// `white` or `black`.
    pub adjudication_mover: Option<String>,
    /// The line the adjudication rests on, moves separated by spaces.
    pub adjudication_line: Option<String>,
    /// The depth the adjudication's search completed.
    pub adjudication_depth: Option<i64>,
    /// 1: the adjudication's search saw the game's end.
    pub adjudication_certain: Option<i64>,
    /// Which engine judged: `built_in` or `stockfish`.
    pub adjudication_engine: Option<String>,
}

pub(crate) const COLUMNS: &str = "g.id, g.variant, g.white_id, w.username as white, g.black_id, \
    b.username as black, w.kind as white_kind, b.kind as black_kind, g.setup, g.status, \
    g.result, g.termination, g.end_reason, g.ply, \
    g.to_move, g.deadline, g.draw_offer, g.days_per_move, g.created_at, g.updated_at, \
    g.finished_at, g.source, g.source_id, g.white_draw_offers, g.black_draw_offers, \
    g.white_offer_ply, g.black_offer_ply, g.rated, g.time_control, g.white_bank, g.black_bank, \
    g.weekends_off, g.vacation_allowed, g.serial_timeout, w.time_zone as white_time_zone, \
    w.vacation_from as white_vacation_from, w.vacation_until as white_vacation_until, \
    b.time_zone as black_time_zone, b.vacation_from as black_vacation_from, \
    b.vacation_until as black_vacation_until, w.night_from as white_night_from, \
    w.night_until as white_night_until, b.night_from as black_night_from, \
    b.night_until as black_night_until, g.nights_allowed, g.turn_time, g.warnings_sent, g.next_warning_at, \
    g.white_time_gifts, g.black_time_gifts, g.pause_offer, g.paused_from, g.paused_until, \
    g.pauses_agreed, g.white_repertoire, g.black_repertoire, g.hard_deadline, g.deadline_rule, \
    g.adjudication_score, g.adjudication_mover, g.adjudication_line, g.adjudication_depth, \
    g.adjudication_certain, g.adjudication_engine, g.engines_allowed";

pub(crate) const FROM: &str =
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
    /// How many lines of their repertoires for its variant its players hold (what the
    /// conditional step looks up only when there are some).
    pub repertoire_lines: i64,
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
    /// The first deadline of the side to move (null when untimed).
    pub deadline: Option<i64>,
    /// The position it starts at, saved: the start, or where the moves of a game
    /// carried over from elsewhere left it.
    pub position: &'a str,
    /// How many moves it starts with (0 but for a game carried over from elsewhere,
    /// whose moves the caller appends with [`insert_moves`]).
    pub ply: i64,
    /// The side to move: `white` or `black`.
    pub to_move: &'a str,

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
    /// A player's nightly pause stops their clock.
    pub nights_allowed: bool,
    /// The game's own deadline and its rule (`adjudicate`, `draw` or `both_lose`), if it
    /// has one.
    pub hard_deadline: Option<(i64, &'a str)>,
    /// The players may use engines.
    pub engines_allowed: bool,
    /// The first turn: its running time, the warnings that do not apply, the first
    /// look.
    pub warnings: (Option<i64>, i64, Option<i64>),
    /// Now.
    pub now: i64,
}

/// Stores a new active game; each player's repertoire answers in it as their setting
/// says.
///
/// # Errors
///
/// Database errors.
pub async fn insert(conn: &mut AnyConnection, new: &NewGame<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into games (id, variant, white_id, black_id, setup, status, ply, to_move, \
         deadline, days_per_move, created_at, updated_at, source, source_id, position, \
         position_ply, rated, time_control, white_bank, black_bank, weekends_off, \
         vacation_allowed, turn_time, warnings_sent, next_warning_at, white_repertoire, \
         black_repertoire, nights_allowed, hard_deadline, deadline_rule, engines_allowed) \
         values ($1, $2, $3, $4, $5, 'active', $20, $21, $6, $7, $8, $8, $9, $10, $11, $20, $12, \
         $13, $14, $14, $15, $16, $17, $18, $19, \
         (select repertoire_default from users where id = $3), \
         (select repertoire_default from users where id = $4), $22, $23, $24, $25)",
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
    .bind(new.ply)
    .bind(new.to_move)
    .bind(i64::from(new.nights_allowed))
    .bind(new.hard_deadline.map(|(at, _)| at))
    .bind(new.hard_deadline.map_or("adjudicate", |(_, rule)| rule))
    .bind(i64::from(new.engines_allowed))
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
        repertoire_lines: i64,
    }
    let found: Option<WithPosition> = sqlx::query_as(&format!(
        "select {COLUMNS}, g.position, g.position_ply, \
         (select count(*) from conditional_lines cl where cl.game_id = g.id) \
         as conditional_lines, \
         (select count(*) from repertoire_lines rl \
             where rl.user_id in (g.white_id, g.black_id) and rl.variant = g.variant) \
         as repertoire_lines {FROM} where g.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.map(|found| StoredGame {
        row: found.row,
        position: found.position.zip(found.position_ply),
        moves: Vec::new(),
        conditional_lines: found.conditional_lines,
        repertoire_lines: found.repertoire_lines,
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
