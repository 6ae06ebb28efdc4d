//! All SQL lives here: functions that take a connection (a transaction derefs to one).
//!
//! One code path over SQLite and Postgres through sqlx's `Any` driver: `$1…$n`
//! placeholders written by hand, integers and text only, `returning` for results of
//! writes. On SQLite every transaction starts with a write (see DESIGN.md).

pub mod challenges;
pub mod games;
pub mod stats;
pub mod users;

use std::{str::FromStr, time::Duration};

use sqlx::{
    AnyPool, Executor,
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

/// The connection pool and its backend. Clones share the pool.
#[derive(Debug, Clone)]
pub struct Database {
    /// The pool.
    pub pool: AnyPool,
    /// The backend behind it.
    pub backend: Backend,
}

impl Database {
    /// Connects to `url` (`sqlite://path` or `postgres://…`), creating a SQLite file and
    /// its folder if missing, with WAL and a busy timeout on SQLite.
    ///
    /// # Errors
    ///
    /// The database is unreachable, the folder cannot be created, or the URL is bad.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Database, sqlx::Error> {
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
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers run beside the writer; the busy timeout makes
                        // a second writer wait for the lock instead of failing at once.
                        conn.execute("pragma journal_mode = wal").await?;
                        conn.execute("pragma busy_timeout = 10000").await?;
                        conn.execute("pragma foreign_keys = on").await?;
                        conn.execute("pragma synchronous = normal").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        Ok(Database { pool, backend })
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

    /// Whether the database answers a trivial query.
    pub async fn ping(&self) -> bool {
        sqlx::query("select 1").execute(&self.pool).await.is_ok()
    }
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
        let dir = std::env::temp_dir().join(format!("boardgames-db-{}", crate::domain::new_id()));
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
        assert_eq!(timeout, 10_000);
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
}
