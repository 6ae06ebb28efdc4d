//! What the server does, apart from how it is asked: the life of a game and every
//! feature's rules of who may do what, each change one transaction over [`store`] and
//! `rules`; the live events it stages and delivers ([`events`]); the background jobs'
//! work ([`jobs`], [`sweeper`]); the mail it sends ([`mail`]); and the configuration
//! ([`config`]). Functions take the [`Services`] they use, never an HTTP request.

pub mod account_care;
pub mod accounts;
pub mod allowance;
pub mod analysis;
pub mod bots;
pub mod challenges;
pub mod chat;
pub mod computer;
pub mod config;
pub mod email;
pub mod events;
pub mod game;
pub mod hashing;
pub mod jobs;
pub mod mail;
pub mod moderation;
pub mod notifications;
pub mod pages;
pub mod player_time;
pub mod profiles;
pub mod push;
pub mod ratings;
pub mod reliability;
pub mod repertoire;
pub mod reviews;
pub mod services;
pub mod settings;
pub mod sweeper;
pub mod text;
pub mod throttle;
pub mod tournaments;

pub use services::Services;
