//! The API test suite: a real server on a real port, every scenario on SQLite and on a
//! fresh Postgres database. Built without `TEST_DATABASE_URL` (and not in CI), the
//! Postgres variants are ignored with the reason (see build.rs), never passed unrun.

mod helpers;

mod accounts;
mod allowance;
mod analysis;
mod bot;
mod challenges;
mod chat;
mod chess960;
mod clock;
mod computer;
mod computer_share;
mod conditional;
mod conditional_steps;
mod connections;
mod deadlines;
mod engine_policy;
mod errors;
mod evaluation;
mod events;
mod extra_time;
mod games;
mod headers;
mod health;
mod imports;
mod lifecycle;
mod mail;
mod moderation;
mod nights;
mod notices_and_zones;
mod notifications;
mod ops;
mod outage;
mod outbox_lanes;
mod page_client;
mod playouts;
mod position_cache;
mod push;
mod races;
mod ratings;
mod refusals;
mod reliability;
mod repertoire;
mod reviews;
mod schema;
mod snapshots;
mod starts;
mod statements;
mod stats;
mod time_controls;
mod tournaments;
mod vacation;
mod warnings;
mod web;
