//! `server copy-data --from <url> --to <url>`: moves a site from one database to another
//! (typically its SQLite file to Postgres).
//!
//! Copies users (with their time settings and vacations), API tokens, challenges, games,
//! moves, ratings, rating changes, player counters, head-to-head records, the sweeper's
//! heartbeat, game chat, private notes, blocks, reports and the administrators' log,
//! conditional lines and the variant counters; not sessions (everyone signs in again), not the computer's pending replies
//! (queued again when the copied site starts). Both databases are migrated first; a target that holds any data is
//! refused (the computer's accounts, which the server inserts when it starts, do not
//! count: the source's replace them). The source is read in one transaction (repeatable
//! read on Postgres), the target written in one, so a failure leaves the target empty.
//! Afterwards row counts and counters are compared and every copied game is replayed by
//! the rules, its position cache and its moves' display texts checked against the replay.

use std::{collections::BTreeMap, fmt};

use rules::{AnyGame, Setup, Variant};
use sqlx::{AnyConnection, Row, any::AnyRow};

use crate::{Backend, Database};

mod tables;

use tables::{Kind, TABLES, Table, VARIANT_STATS};
pub use tables::{NOT_COPIED, copied_columns};

/// At most this many bound values per insert statement (SQLite's old limit is 999).
const MAX_PARAMS: usize = 900;

/// What was copied: rows per table, and the games replayed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// Rows copied per table (`variant_stats` counts its rows).
    pub rows: BTreeMap<&'static str, u64>,
    /// Games replayed successfully after the copy.
    pub games_replayed: u64,
}

impl fmt::Display for CopyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (table, count) in &self.rows {
            writeln!(f, "{table}: {count}")?;
        }
        write!(f, "games replayed: {}", self.games_replayed)
    }
}

/// The copy failed or did not verify.
#[derive(Debug)]
pub enum CopyError {
    /// The target holds data already.
    TargetNotEmpty(String),
    /// Source and target are the same database.
    SameDatabase,
    /// A database refused.
    Database(sqlx::Error),
    /// A migration failed.
    Migrate(sqlx::migrate::MigrateError),
    /// The copy does not match the source, or a game does not replay.
    Verify(String),
}

impl fmt::Display for CopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CopyError::TargetNotEmpty(what) => {
                write!(
                    f,
                    "the target database is not empty ({what}): refusing to copy"
                )
            }
            CopyError::SameDatabase => f.write_str("--from and --to name the same database"),
            CopyError::Database(error) => write!(f, "database error: {error}"),
            CopyError::Migrate(error) => write!(f, "migration failed: {error}"),
            CopyError::Verify(what) => write!(f, "verification failed: {what}"),
        }
    }
}

impl std::error::Error for CopyError {}

impl From<sqlx::Error> for CopyError {
    fn from(error: sqlx::Error) -> CopyError {
        CopyError::Database(error)
    }
}

/// Copies every user, API token, challenge, game, move and counter from `from` to `to`
/// (database URLs), then verifies the copy.
///
/// # Errors
///
/// [`CopyError`]: a non-empty target, database or migration errors, or a failed
/// verification (the target is then left as written: start again with a fresh one).
pub async fn copy(from: &str, to: &str) -> Result<CopyReport, CopyError> {
    if from.trim_end_matches('/') == to.trim_end_matches('/') {
        return Err(CopyError::SameDatabase);
    }
    let source = Database::connect(from, 2).await?;
    let target = Database::connect(to, 2).await?;
    source.migrate().await.map_err(CopyError::Migrate)?;
    target.migrate().await.map_err(CopyError::Migrate)?;
    ensure_empty(&target).await?;

    let mut report = CopyReport::default();
    let mut read = source.pool.begin().await?;
    if source.backend == Backend::Postgres {
        sqlx::query("set transaction isolation level repeatable read")
            .execute(&mut *read)
            .await?;
    }
    let mut write = target.begin_write().await?;
    // The computer's accounts a started target holds (nothing refers to them yet): the
    // source's take their place, ids and names alike.
    sqlx::query("delete from users where kind = 'computer'")
        .execute(&mut *write)
        .await?;
    for &table in TABLES {
        let (name, _) = table;
        let rows = select_all(&mut read, table).await?;
        insert_all(&mut write, table, &rows).await?;
        report.rows.insert(name, rows.len() as u64);
    }
    let stats = select_all(&mut read, VARIANT_STATS).await?;
    upsert_all(&mut write, VARIANT_STATS, &stats).await?;
    report.rows.insert("variant_stats", stats.len() as u64);
    write.commit().await?;
    read.commit().await?;

    verify(&source, &target, &report).await?;
    report.games_replayed = check_games(&target).await?;
    source.pool.close().await;
    target.pool.close().await;
    Ok(report)
}

async fn ensure_empty(target: &Database) -> Result<(), CopyError> {
    let mut conn = target.pool.acquire().await?;
    let tables = TABLES.iter().map(|(table, _)| *table);
    for table in tables.chain(NOT_COPIED.iter().copied()) {
        // A target the server has started on holds the computer's accounts (inserted at
        // start-up): those alone do not count, and are replaced by the source's.
        let count = if table == "users" {
            sqlx::query("select count(*) from users where kind <> 'computer'")
                .fetch_one(&mut *conn)
                .await?
                .try_get(0)?
        } else {
            count(&mut conn, table).await?
        };
        if count > 0 {
            return Err(CopyError::TargetNotEmpty(format!(
                "{table} has {count} rows"
            )));
        }
    }
    let counted: i64 = sqlx::query(
        "select count(*) from variant_stats \
         where white_wins + black_wins + draws + both_lost > 0",
    )
    .fetch_one(&mut *conn)
    .await?
    .try_get(0)?;
    if counted > 0 {
        return Err(CopyError::TargetNotEmpty(
            "variant_stats has counted games".to_owned(),
        ));
    }
    Ok(())
}

async fn count(conn: &mut AnyConnection, table: &str) -> Result<i64, sqlx::Error> {
    sqlx::query(&format!("select count(*) from {table}"))
        .fetch_one(conn)
        .await?
        .try_get(0)
}

/// One stored value.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Value {
    Text(Option<String>),
    Int(Option<i64>),
}

/// The names of `columns`.
fn names_of(columns: &[(&'static str, Kind)]) -> Vec<&'static str> {
    columns.iter().map(|(name, _)| *name).collect()
}

async fn select_all(
    conn: &mut AnyConnection,
    (table, columns): Table,
) -> Result<Vec<Vec<Value>>, sqlx::Error> {
    let names = names_of(columns);
    let sql = format!(
        "select {} from {table} order by {}",
        names.join(", "),
        names[0]
    );
    let rows: Vec<AnyRow> = sqlx::query(&sql).fetch_all(conn).await?;
    rows.iter()
        .map(|row| {
            columns
                .iter()
                .enumerate()
                .map(|(i, (_, kind))| {
                    Ok(match kind {
                        Kind::Text => Value::Text(row.try_get(i)?),
                        Kind::Int => Value::Int(row.try_get(i)?),
                    })
                })
                .collect()
        })
        .collect()
}

async fn insert_all(
    conn: &mut AnyConnection,
    (table, columns): Table,
    rows: &[Vec<Value>],
) -> Result<(), sqlx::Error> {
    let names = names_of(columns);
    let per_statement = (MAX_PARAMS / columns.len()).max(1);
    for chunk in rows.chunks(per_statement) {
        let mut sql = format!("insert into {table} ({}) values ", names.join(", "));
        let mut n = 0;
        for (r, _) in chunk.iter().enumerate() {
            if r > 0 {
                sql.push_str(", ");
            }
            sql.push('(');
            for c in 0..columns.len() {
                if c > 0 {
                    sql.push_str(", ");
                }
                n += 1;
                sql.push_str(&format!("${n}"));
            }
            sql.push(')');
        }
        let values: Vec<Value> = chunk.iter().flatten().cloned().collect();
        bind_all(sqlx::query(&sql), &values)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Writes `rows` by their first column: an update where the key exists, else an insert.
async fn upsert_all(
    conn: &mut AnyConnection,
    (table, columns): Table,
    rows: &[Vec<Value>],
) -> Result<(), sqlx::Error> {
    let names = names_of(columns);
    let sets: Vec<String> = names
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, name)| format!("{name} = ${}", i + 1))
        .collect();
    let update = format!(
        "update {table} set {} where {} = $1",
        sets.join(", "),
        names[0]
    );
    let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
    let insert = format!(
        "insert into {table} ({}) values ({})",
        names.join(", "),
        placeholders.join(", ")
    );
    for row in rows {
        let done = bind_all(sqlx::query(&update), row)
            .execute(&mut *conn)
            .await?;
        if done.rows_affected() == 0 {
            bind_all(sqlx::query(&insert), row)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}

fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    values: &[Value],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for value in values {
        query = match value {
            Value::Text(text) => query.bind(text.clone()),
            Value::Int(int) => query.bind(*int),
        };
    }
    query
}

async fn variant_stats(
    conn: &mut AnyConnection,
) -> Result<Vec<(String, i64, i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select variant, white_wins, black_wins, draws, both_lost from variant_stats \
         order by variant",
    )
    .fetch_all(conn)
    .await
}

/// Row counts and counters of the target equal the source's.
async fn verify(
    source: &Database,
    target: &Database,
    report: &CopyReport,
) -> Result<(), CopyError> {
    let mut from = source.pool.acquire().await?;
    let mut to = target.pool.acquire().await?;
    for (table, _) in TABLES {
        let (a, b) = (count(&mut from, table).await?, count(&mut to, table).await?);
        let copied = report.rows.get(table).copied().unwrap_or_default();
        if a != b || u64::try_from(b).ok() != Some(copied) {
            return Err(CopyError::Verify(format!(
                "{table}: {a} rows in the source, {b} in the target, {copied} copied"
            )));
        }
    }
    if variant_stats(&mut from).await? != variant_stats(&mut to).await? {
        return Err(CopyError::Verify("variant_stats differ".to_owned()));
    }
    Ok(())
}

/// Replays every game of `db` from its moves and checks its position cache (where it is
/// at the game's ply) and its moves' display texts (where stored) against the replay;
/// the number replayed. The tests run it over the games they play.
///
/// # Errors
///
/// [`CopyError::Verify`] naming the first game that does not replay or whose cache
/// differs; database errors.
pub async fn check_games(db: &Database) -> Result<u64, CopyError> {
    /// id, variant, setup, ply, position, position_ply.
    type GameLine = (
        String,
        String,
        Option<String>,
        i64,
        Option<String>,
        Option<i64>,
    );
    let mut conn = db.pool.acquire().await?;
    let games: Vec<GameLine> = sqlx::query_as(
        "select id, variant, setup, ply, position, position_ply from games order by id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let moves: Vec<(String, String, Option<String>)> =
        sqlx::query_as("select game_id, move, display from moves order by game_id, ply")
            .fetch_all(&mut *conn)
            .await?;
    let mut by_game: BTreeMap<&str, Vec<(&str, Option<&str>)>> = BTreeMap::new();
    for (game, mv, display) in &moves {
        by_game
            .entry(game)
            .or_default()
            .push((mv, display.as_deref()));
    }
    let mut replayed = 0;
    for (id, variant, setup, ply, position, position_ply) in &games {
        let fail = |what: String| CopyError::Verify(format!("game {id}: {what}"));
        let variant: Variant = variant
            .parse()
            .map_err(|_| fail(format!("variant `{variant}`")))?;
        let setup = Setup::from_stored(variant, setup.as_deref())
            .map_err(|error| fail(format!("setup: {error}")))?;
        let record = by_game.get(id.as_str()).map_or(&[][..], Vec::as_slice);
        let game = AnyGame::replay(variant, setup, record.iter().map(|(mv, _)| mv))
            .map_err(|error| fail(format!("does not replay: {error}")))?;
        if i64::from(game.ply()) != *ply {
            return Err(fail(format!("ply {ply} but {} moves replay", game.ply())));
        }
        if let (Some(position), Some(at)) = (position, position_ply)
            && at == ply
            && *position != game.saved_position()
        {
            return Err(fail(format!(
                "the position cache `{position}` is not the replay's `{}`",
                game.saved_position()
            )));
        }
        for (index, ((_, stored), played)) in record.iter().zip(game.record()).enumerate() {
            if stored.is_some_and(|display| display != played.display) {
                return Err(fail(format!(
                    "move {} is shown as `{}`, the replay shows `{}`",
                    index + 1,
                    stored.unwrap_or_default(),
                    played.display
                )));
            }
        }
        replayed += 1;
    }
    Ok(replayed)
}
