//! The API test suite: a real server on a real port, every scenario on SQLite and (when
//! `TEST_DATABASE_URL` is set) on a fresh Postgres database.

mod helpers;

mod accounts;
mod challenges;
mod clock;
mod errors;
mod events;
mod games;
mod health;
mod lifecycle;
mod ops;
mod playouts;
mod races;
mod schema;
mod stats;
mod web;
