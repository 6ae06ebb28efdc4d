//! `server backup <file>`: a consistent copy of a live SQLite database.
//!
//! SQLite's `VACUUM INTO` writes the database as one read transaction sees it, so the
//! copy is consistent while the server keeps serving (WAL lets it go on writing). The
//! copy is then opened and checked. Postgres has its own tool for this: `pg_dump`.

use std::path::Path;

use sqlx::{Connection, Row, SqliteConnection};

/// A backup could not be made.
#[derive(Debug)]
pub enum BackupError {
    /// The database is not SQLite.
    NotSqlite,
    /// The source database file does not exist.
    NoSource(String),
    /// The target file exists already.
    TargetExists(String),
    /// The database refused.
    Database(sqlx::Error),
    /// The copy failed its integrity check.
    Corrupt(String),
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::NotSqlite => f.write_str(
                "backup copies SQLite databases; back up Postgres with pg_dump (see docs/self-hosting.md)",
            ),
            BackupError::NoSource(path) => write!(f, "no SQLite database at {path}"),
            BackupError::TargetExists(path) => {
                write!(f, "{path} exists already: choose a new file name")
            }
            BackupError::Database(error) => write!(f, "database error: {error}"),
            BackupError::Corrupt(detail) => write!(f, "the copy failed its check: {detail}"),
        }
    }
}

impl std::error::Error for BackupError {}

impl From<sqlx::Error> for BackupError {
    fn from(error: sqlx::Error) -> BackupError {
        BackupError::Database(error)
    }
}

/// The file path of a `sqlite:` URL, or `None` for another backend.
#[must_use]
pub fn sqlite_path(database_url: &str) -> Option<&str> {
    let rest = database_url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    Some(rest.split('?').next().unwrap_or_default())
}

/// Copies the SQLite database at `database_url` to the new file `target`, checks the
/// copy, and returns its size in bytes.
///
/// # Errors
///
/// [`BackupError`]: not SQLite, no source, an existing target, a database error, or a
/// copy that fails `pragma integrity_check`.
pub async fn backup_sqlite(database_url: &str, target: &Path) -> Result<u64, BackupError> {
    let source = sqlite_path(database_url).ok_or(BackupError::NotSqlite)?;
    if source == ":memory:" || !Path::new(source).is_file() {
        return Err(BackupError::NoSource(source.to_owned()));
    }
    if target.exists() {
        return Err(BackupError::TargetExists(target.display().to_string()));
    }
    let target_text = target
        .to_str()
        .ok_or_else(|| BackupError::Corrupt(format!("{} is not valid UTF-8", target.display())))?;
    // Read-only, with a busy timeout: the live server may hold the write lock briefly.
    let mut conn = SqliteConnection::connect(&format!("sqlite://{source}?mode=ro")).await?;
    sqlx::query("pragma busy_timeout = 10000")
        .execute(&mut conn)
        .await?;
    sqlx::query("vacuum into $1")
        .bind(target_text)
        .execute(&mut conn)
        .await?;
    conn.close().await?;
    let mut copy = SqliteConnection::connect(&format!("sqlite://{target_text}?mode=ro")).await?;
    let check: String = sqlx::query("pragma integrity_check")
        .fetch_one(&mut copy)
        .await?
        .try_get(0)?;
    copy.close().await?;
    if check != "ok" {
        return Err(BackupError::Corrupt(check));
    }
    Ok(std::fs::metadata(target)
        .map_err(|error| BackupError::Corrupt(error.to_string()))?
        .len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_paths_come_out_of_urls() {
        assert_eq!(sqlite_path("sqlite://data/x.db"), Some("data/x.db"));
        assert_eq!(
            sqlite_path("sqlite:///data/x.db?mode=rwc"),
            Some("/data/x.db")
        );
        assert_eq!(sqlite_path("sqlite:x.db"), Some("x.db"));
        assert_eq!(sqlite_path("postgres://h/db"), None);
    }
}
