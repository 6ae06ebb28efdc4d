//! The schema in step, mechanically: both migration folders give the same tables and
//! columns, `copy-data` knows every one of them, and start-up seeds a counter row for
//! every variant.

use std::collections::{BTreeMap, BTreeSet};

use reqwest::StatusCode;
use sqlx::{AnyPool, Row};
use store::Database;

use crate::{
    helpers::{Backend, TestApp, drop_database, fresh_database},
    scenarios,
};

/// What the schema says of one column, as far as the two databases must agree.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Column {
    name: String,
    /// `integer`, `text`, `blob` or the database's own name for anything else: integer
    /// widths (SQLite `integer`, Postgres `bigint`) count as one.
    kind: String,
    nullable: bool,
}

/// Every table of the database behind `pool` (sqlx's own bookkeeping left out), by name,
/// with its columns in their declared order.
async fn live_schema(pool: &AnyPool, backend: Backend) -> BTreeMap<String, Vec<Column>> {
    let mut schema: BTreeMap<String, Vec<Column>> = BTreeMap::new();
    match backend {
        Backend::Sqlite => {
            let tables: Vec<String> = sqlx::query(
                "select name from sqlite_master where type = 'table' \
                 and name not like 'sqlite_%' and name <> '_sqlx_migrations' order by name",
            )
            .fetch_all(pool)
            .await
            .expect("sqlite tables")
            .iter()
            .map(|row| row.get(0))
            .collect();
            for table in tables {
                let rows = sqlx::query(&format!("pragma table_info({table})"))
                    .fetch_all(pool)
                    .await
                    .expect("pragma table_info");
                let columns = rows
                    .iter()
                    .map(|row| {
                        let kind: String = row.get("type");
                        let not_null: i64 = row.get("notnull");
                        let primary_key: i64 = row.get("pk");
                        Column {
                            name: row.get("name"),
                            kind: kind_of(&kind),
                            // A primary-key column counts as not null: Postgres makes it
                            // so, and the server never writes a null key on SQLite.
                            nullable: not_null == 0 && primary_key == 0,
                        }
                    })
                    .collect();
                schema.insert(table, columns);
            }
        }
        Backend::Postgres => {
            let rows = sqlx::query(
                "select table_name::text, column_name::text, data_type::text, \
                 is_nullable::text from information_schema.columns \
                 where table_schema = current_schema() and table_name <> '_sqlx_migrations' \
                 order by table_name, ordinal_position",
            )
            .fetch_all(pool)
            .await
            .expect("information_schema.columns");
            for row in rows {
                let kind: String = row.get(2);
                let nullable: String = row.get(3);
                schema.entry(row.get(0)).or_default().push(Column {
                    name: row.get(1),
                    kind: kind_of(&kind),
                    nullable: nullable == "YES",
                });
            }
        }
    }
    schema
}

/// A column type's family, in lower case.
fn kind_of(declared: &str) -> String {
    let declared = declared.to_ascii_lowercase();
    match declared.as_str() {
        "integer" | "int" | "bigint" | "smallint" | "int2" | "int4" | "int8" => "integer".into(),
        "text" => "text".into(),
        "blob" | "bytea" => "blob".into(),
        _ => declared,
    }
}

/// Freshly migrated databases of both kinds: their schemas agree column by column.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "set TEST_DATABASE_URL to run on Postgres"
)]
async fn both_migration_folders_give_the_same_tables_and_columns() {
    let mut schemas = Vec::new();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let (url, temp_dir) = fresh_database(backend).await;
        let db = Database::connect(&url, 2).await.expect("connect");
        db.migrate().await.expect("migrate");
        schemas.push(live_schema(&db.pool, backend).await);
        db.pool.close().await;
        match temp_dir {
            Some(dir) => std::fs::remove_dir_all(dir).expect("remove the SQLite folder"),
            None => drop_database(&url).await,
        }
    }
    let (sqlite, postgres) = (&schemas[0], &schemas[1]);
    assert!(
        sqlite.contains_key("games") && sqlite["games"].len() > 5,
        "the SQLite schema was not read: {sqlite:?}"
    );
    let sqlite_tables: BTreeSet<&String> = sqlite.keys().collect();
    let postgres_tables: BTreeSet<&String> = postgres.keys().collect();
    assert_eq!(
        sqlite_tables, postgres_tables,
        "tables differ between migrations/sqlite and migrations/postgres"
    );
    for (table, columns) in sqlite {
        assert_eq!(
            columns, &postgres[table],
            "table `{table}` differs (left: SQLite, right: Postgres)"
        );
    }
}

scenarios!(
    copy_data_knows_every_table_and_column,
    start_up_seeds_a_counter_row_for_every_variant,
);

/// `copy-data`'s list of tables and columns covers the migrated schema exactly.
async fn copy_data_knows_every_table_and_column(app: TestApp) {
    let schema = live_schema(&app.state.db.pool, app.backend).await;
    let copied = store::copy_data::copied_columns();
    let known: BTreeSet<&str> = copied
        .iter()
        .map(|(table, _)| *table)
        .chain(store::copy_data::NOT_COPIED.iter().copied())
        .collect();
    let live: BTreeSet<&str> = schema.keys().map(String::as_str).collect();
    assert_eq!(
        live, known,
        "copy-data must copy every table or list it in NOT_COPIED"
    );
    for (table, columns) in &copied {
        let live: BTreeSet<&str> = schema[*table].iter().map(|c| c.name.as_str()).collect();
        let copied: BTreeSet<&str> = columns.iter().copied().collect();
        assert_eq!(
            copied.len(),
            columns.len(),
            "copy-data names a column of `{table}` twice"
        );
        assert_eq!(
            live, copied,
            "copy-data must copy every column of `{table}` (left: schema, right: copy-data)"
        );
    }
}

/// A variant without a counter row (one the migrations do not know yet) gets one at
/// start-up, counted from its first finished game; existing counters are kept.
async fn start_up_seeds_a_counter_row_for_every_variant(app: TestApp) {
    let white = app.player("seed_white").await;
    let black = app.player("seed_black").await;
    let chess = app.new_game("chess", &white, &black).await;
    assert_eq!(app.act(&white, &chess, "resign").await.0, StatusCode::OK);
    sqlx::query("delete from variant_stats where variant = $1")
        .bind("reversi-6x6")
        .execute(&app.state.db.pool)
        .await
        .expect("delete a counter row");
    let rows = |pool: AnyPool| async move {
        let (n,): (i64,) =
            sqlx::query_as("select count(*) from variant_stats where variant = 'reversi-6x6'")
                .fetch_one(&pool)
                .await
                .expect("count");
        n
    };
    assert_eq!(rows(app.state.db.pool.clone()).await, 0, "the row is gone");

    let restarted = TestApp::spawn_on(app.backend, &app.database_url, &[]).await;
    assert_eq!(
        rows(restarted.state.db.pool.clone()).await,
        1,
        "seeded again"
    );
    let stats = restarted.stats().await;
    let ids: Vec<&str> = stats.iter().map(|row| row.0.as_str()).collect();
    for variant in rules::Variant::ALL {
        assert!(ids.contains(&variant.as_str()), "{variant:?} in {ids:?}");
    }
    let counters = |id: &str| {
        stats
            .iter()
            .find(|row| row.0 == id)
            .map(|row| (row.1, row.2, row.3))
    };
    assert_eq!(counters("reversi-6x6"), Some((0, 0, 0)));
    assert_eq!(counters("chess"), Some((0, 1, 0)), "kept across start-up");

    let reversi = restarted.new_game("reversi-6x6", &white, &black).await;
    let (status, body) = restarted.act(&black, &reversi, "resign").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let stats = restarted.stats().await;
    let row = stats.iter().find(|row| row.0 == "reversi-6x6").unwrap();
    assert_eq!((row.1, row.2, row.3), (1, 0, 0));
}
