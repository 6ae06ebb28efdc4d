//! All SQL lives here: functions that take a connection (a transaction derefs to one).
//!
//! One code path over SQLite and Postgres through sqlx's `Any` driver: `$1…$n`
//! placeholders written by hand, integers and text only, `returning` for results of
//! writes. On SQLite every transaction starts with a write (see DESIGN.md).

pub mod backup;
pub mod challenges;
pub mod chat;
pub mod conditional;
pub mod copy_data;
mod due;
pub mod engine;
pub mod games;
pub mod lease;
pub mod mail;
pub mod moderation;
pub mod notifications;
pub mod notify;
pub mod presence;
pub mod push;
pub mod ratings;
pub mod repertoire;
pub mod reviews;
pub mod standing;
pub mod stats;
pub mod sweeper;
pub mod tournaments;
pub mod users;

use std::{str::FromStr, time::Duration};

use sqlx::{
    AnyConnection, AnyPool, Executor,
    any::{AnyConnectOptions, AnyPoolOptions},
    migrate::Migrator,
};

/// The SQLite migrations, embedded in the binary.
static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/sqlite");
/// The Postgres migrations, embedded in the binary.
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/postgres");

/// Which database the pool talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A Postgres server.
    Postgres,
}

impl Backend {
    /// The backend `conn` talks to, for a statement written per backend.
    #[must_use]
    pub fn of(conn: &AnyConnection) -> Backend {
        if conn.backend_name() == "PostgreSQL" {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// The connection pool and its backend. Clones share the pool.
#[derive(Debug, Clone)]
pub struct Database {
    /// The pool.
    pub pool: AnyPool,
    /// The backend behind it.
    pub backend: Backend,
}

/// How the pool waits: its size, the wait for a connection and the longest statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolSettings {
    /// The pool's size.
    pub max_connections: u32,
    /// How long an acquire waits before failing with a pool timeout.
    pub acquire_timeout: Duration,
    /// The longest a statement may run: Postgres `statement_timeout`, SQLite
    /// `busy_timeout` (the wait for another writer's lock).
    pub statement_timeout: Duration,
}

impl PoolSettings {
    /// `max_connections` connections with the default timeouts (2 s to acquire, 5 s per
    /// statement).
    #[must_use]
    pub fn with_size(max_connections: u32) -> PoolSettings {
        PoolSettings {
            max_connections,
            acquire_timeout: Duration::from_secs(2),
            statement_timeout: Duration::from_secs(5),
        }
    }
}

impl Database {
    /// Connects to `url` with `max_connections` and the default timeouts (see
    /// [`Database::connect_with`]).
    ///
    /// # Errors
    ///
    /// The database is unreachable, the folder cannot be created, or the URL is bad.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Database, sqlx::Error> {
        Database::connect_with(url, PoolSettings::with_size(max_connections)).await
    }

    /// Connects to `url` (`sqlite://path` or `postgres://…`), creating a SQLite file and
    /// its folder if missing, with WAL and a busy timeout on SQLite and a statement
    /// timeout on Postgres, both from `settings`.
    ///
    /// # Errors
    ///
    /// The database is unreachable, the folder cannot be created, or the URL is bad.
    pub async fn connect_with(url: &str, settings: PoolSettings) -> Result<Database, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        };
        let mut url = url.to_owned();
        if backend == Backend::Sqlite {
            let path = url.trim_start_matches("sqlite:").trim_start_matches("//");
            let path = path.split('?').next().unwrap_or_default();
            if path != ":memory:"
                && let Some(parent) = std::path::Path::new(path).parent()
                && !parent.as_os_str().is_empty()
            {
                std::fs::create_dir_all(parent).map_err(sqlx::Error::Io)?;
            }
            if !url.contains("mode=") {
                url.push_str(if url.contains('?') {
                    "&mode=rwc"
                } else {
                    "?mode=rwc"
                });
            }
        }
        let options = AnyConnectOptions::from_str(&url)?;
        let statement_ms = settings.statement_timeout.as_millis();
        let pool = AnyPoolOptions::new()
            .max_connections(settings.max_connections)
            .acquire_timeout(settings.acquire_timeout)
            // No ping before each acquire: sqlx already pings every connection as it goes
            // back to the pool and drops one that fails, so the ping on the way out was a
            // second round trip per acquire for nothing. A connection that died while idle
            // fails its one statement with an I/O error (503, `Retry-After`) and is dropped.
            .test_before_acquire(false)
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers run beside the writer; the busy timeout makes
                        // a second writer wait for the lock instead of failing at once.
                        conn.execute("pragma journal_mode = wal").await?;
                        conn.execute(format!("pragma busy_timeout = {statement_ms}").as_str())
                            .await?;
                        conn.execute("pragma foreign_keys = on").await?;
                        conn.execute("pragma synchronous = normal").await?;
                        // Each connection's page cache: 512 KiB rather than SQLite's 2 MiB.
                        // The warm snapshots serve what is read often; the operating
                        // system's file cache, shared by all connections, holds the rest,
                        // so ten private copies of hot pages only cost resident memory.
                        conn.execute("pragma cache_size = -512").await?;
                    } else {
                        // A statement stuck behind a lock or a stalled disk fails instead
                        // of holding its request (and a pooled connection) indefinitely.
                        conn.execute(format!("set statement_timeout = {statement_ms}").as_str())
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        Ok(Database { pool, backend })
    }

    /// Begins a transaction that writes. On SQLite it takes the write lock at its start
    /// (`BEGIN IMMEDIATE`): a deferred transaction that reads before it writes cannot wait
    /// for the lock when it upgrades (SQLite answers "database is locked" at once, since
    /// waiting could deadlock), whereas an immediate one waits out the busy timeout like
    /// any other writer. On Postgres it is a plain `BEGIN`.
    ///
    /// # Errors
    ///
    /// No connection within the acquire timeout, or the lock not had within the busy
    /// timeout.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// Applies the backend's pending migrations.
    ///
    /// # Errors
    ///
    /// A migration failed or the applied ones differ from the embedded ones.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS.run(&self.pool).await,
            Backend::Postgres => POSTGRES_MIGRATIONS.run(&self.pool).await,
        }
    }

    /// Whether the database answers a trivial query within `within`.
    pub async fn ping(&self, within: Duration) -> bool {
        let query = sqlx::query("select 1").execute(&self.pool);
        matches!(tokio::time::timeout(within, query).await, Ok(Ok(_)))
    }
}

/// Whether an id or name can name nothing stored: it holds a NUL character, which
/// Postgres text cannot hold (so it must not be sent there).
#[must_use]
pub fn names_nothing(text: &str) -> bool {
    text.contains('\0')
}

/// Whether `error` is a unique-constraint violation.
#[must_use]
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(db) => db.is_unique_violation(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use sqlx::Row;

    use super::*;

    #[tokio::test]
    async fn sqlite_file_and_folders_are_created_with_wal_and_a_busy_timeout() {
        let dir = std::env::temp_dir().join(format!("boardgames-db-{}", vocab::ids::new_id()));
        let path = dir.join("nested/data/boardgames.db");
        let db = Database::connect(&format!("sqlite://{}", path.display()), 2)
            .await
            .unwrap();
        db.migrate().await.unwrap();
        assert!(path.exists());
        assert_eq!(db.backend, Backend::Sqlite);
        let mut conn = db.pool.acquire().await.unwrap();
        let mode: String = sqlx::query("pragma journal_mode")
            .fetch_one(&mut *conn)
            .await
            .unwrap()
            .get(0);
        assert_eq!(mode, "wal");
        let timeout: i64 = sqlx::query("pragma busy_timeout")
            .fetch_one(&mut *conn)
            .await
            .unwrap()
            .get(0);
        assert_eq!(timeout, 5_000);
        // Migrations are recorded: running them again changes nothing.
        drop(conn);
        db.migrate().await.unwrap();
        let (variants,): (i64,) = sqlx::query_as("select count(*) from variant_stats")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(variants, 6);
        db.pool.close().await;
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// The schemathesis failure of stop 27's CI: a transaction that reads a row and then
    /// writes it met another writer and failed at once with "database is locked". Begun
    /// by `begin_write`, it waits for the other writer and then succeeds.
    async fn read_then_write(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
        let (n,): (i64,) = sqlx::query_as("select n from counter")
            .fetch_one(&mut *conn)
            .await?;
        sqlx::query("update counter set n = ?")
            .bind(n + 1)
            .execute(&mut *conn)
            .await
            .map(|_| ())
    }

    #[tokio::test]
    async fn a_sqlite_write_transaction_that_reads_first_waits_for_another_writer() {
        let dir = std::env::temp_dir().join(format!("boardgames-db-{}", vocab::ids::new_id()));
        let path = dir.join("boardgames.db");
        let db = Database::connect(&format!("sqlite://{}", path.display()), 4)
            .await
            .unwrap();
        sqlx::query("create table counter (n integer not null)")
            .execute(&db.pool)
            .await
            .unwrap();
        sqlx::query("insert into counter (n) values (0)")
            .execute(&db.pool)
            .await
            .unwrap();
        // Deferred: the read takes a snapshot while another transaction holds the write
        // lock, and the upgrade to a write fails without waiting.
        let mut holder = db.begin_write().await.unwrap();
        sqlx::query("update counter set n = n + 10")
            .execute(&mut *holder)
            .await
            .unwrap();
        let mut deferred = db.pool.begin().await.unwrap();
        let refused = read_then_write(&mut deferred).await.unwrap_err();
        assert!(vocab::error::is_unavailable(&refused), "{refused}");
        deferred.rollback().await.unwrap();
        holder.commit().await.unwrap();

        // Immediate: the second writer waits for the first to commit, then reads its write.
        let mut holder = db.begin_write().await.unwrap();
        sqlx::query("update counter set n = n + 10")
            .execute(&mut *holder)
            .await
            .unwrap();
        let waiter = {
            let db = db.clone();
            tokio::spawn(async move {
                let mut tx = db.begin_write().await?;
                read_then_write(&mut tx).await?;
                tx.commit().await
            })
        };
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(
            !waiter.is_finished(),
            "the second writer waits for the lock"
        );
        holder.commit().await.unwrap();
        waiter.await.unwrap().unwrap();
        let (n,): (i64,) = sqlx::query_as("select n from counter")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(n, 21);
        db.pool.close().await;
        std::fs::remove_dir_all(dir).unwrap();
    }
}
