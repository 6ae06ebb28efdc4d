//! The life of a game, in one folder:
//!
//! | step | file | what |
//! |---|---|---|
//! | create | [`create`](mod@create) | the one way a game begins: [`create::create`] in the caller's transaction (from a challenge, or "Play the computer" in [`crate::computer`]; tournaments and rematches later); a game against the computer is never rated, and its first reply is queued here when the computer moves first |
//! | play | [`play`] | [`play::play_move`]: the ply-guarded move, then the after-move pipeline; [`play::play_reply`]: the computer's reply, played the same way by the engine job ([`crate::jobs::engine`]), its queue row deleted in the move's transaction |
//! | act | [`actions`], [`action_rules`] | [`actions::act`]: resign, abort, draw offer / accept / decline / claim, one [`GameAction`] for both the HTML forms and the API; [`action_rules`]: who may do which action and what it does, which a conditional line's closing action follows too |
//! | clocks | [`time_control`], [`pauses`], [`night`] | the time controls, and when a clock stands still (weekends, vacations, nights) |
//! | time | [`timeout`] | the deadline checked at every move and action, and the sweeper's claim of overdue games |
//! | deadline | [`deadline`], [`at_deadline`] | a game's own deadline (the most days it may last), how a game still going then is decided ([`crate::jobs::adjudication`]), and that end written through [`finish::finish`] |
//! | finish | [`finish`], [`pace`] | [`finish::finish`]: every end goes through it; [`pace`]: each player's thinking in the game, kept when it ends |
//! | conditional | [`conditional`] | the players' conditional lines (moves, `*` for any move, a closing action): entered, listed, deleted, and answered in the after-move pipeline |
//! | follow-up | [`follow_up`] | the named steps after a move (forced passes, conditional replies, the computer's reply queued) and after an end (in the transaction), and after the commit (live event, the outbox and engine jobs woken, metrics) |
//! | detail | [`detail`] | [`GameDetail`], the game as the domain holds it, with what follows from it alone (whose move, each clock, the live event, whether it counts for the ratings) |
//! | change | `change`, `commit`, `errors` | one change inside its transaction (the game saved, its live event staged), its commit and the steps after it, and the refusals a change answers with |
//! | read | [`read`] | games as the pages and the API show them, decoded once from their rows |
//! | summary | [`summary`] | games as lists show them: a line, a page of finished games, a variant's results |
//! | records | [`records`] | the records of the games this instance changed lately, so that the next change reads the row without the moves |
//!
//! Every change is one transaction whose first statement claims the game row (guarded by
//! the ply the player saw, or by the game still being active; on Postgres a lock, on
//! SQLite a write), so concurrent requests serialise on that row and a stale one changes
//! nothing. What leaves the process (the
//! live event, metrics) happens after the commit, in `follow_up::after_commit`.

pub mod action_rules;
pub mod actions;
pub mod at_deadline;
pub mod available;
mod change;
mod commit;
pub mod conditional;
pub mod create;
pub mod deadline;
pub mod detail;
pub mod errors;
pub mod export;
pub mod finish;
pub mod follow_up;
pub mod night;
pub mod pace;
pub mod pauses;
pub mod play;
pub mod read;
pub mod records;
pub mod snapshots;
pub mod summary;
pub mod time_control;
pub mod timeout;
pub mod vocabulary;
pub mod warnings;

pub use actions::{GameAction, act};
pub use create::{ClockSettings, Created, NewGameRequest, create};
pub use deadline::{Adjudication, DeadlineRule, GameDeadline, GameLimit, Judge};
pub use detail::{DrawOfferTally, GameDetail, counts_for_rating, moves_by_side};
pub use errors::Refusal;
pub use night::Night;
pub use pauses::{Pauses, PlayerTime, Stop, StopRules};
pub use play::play_move;
pub use read::{
    active_for_user, count_your_turn, get, get_on, list_for_user, live_event, next_for_user, shown,
    shown_on, variant_results, variant_stats,
};
pub use summary::{GameSummary, GamesPage, VariantStats};
pub use time_control::{PlayerClock, TimeControl};
pub use timeout::sweep_overdue;
pub use timeout::sweep_warnings;
pub use vocabulary::{EndReason, Ending, GameSource, GameStatus, Termination};
pub use warnings::{ClockWarning, TurnWarnings, WarningKind};
