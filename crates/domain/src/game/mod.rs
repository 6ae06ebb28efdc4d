//! The life of a game, in one folder:
//!
//! | step | file | what |
//! |---|---|---|
//! | create | [`create`](mod@create) | the one way a game begins: [`create::create`] in the caller's transaction (from a challenge, or "Play the computer" in [`crate::computer`]; tournaments and rematches later); a game against the computer is never rated, and its first reply is queued here when the computer moves first |
//! | play | [`play`] | [`play::play_move`]: the ply-guarded move, then the after-move pipeline; [`play::play_reply`]: the computer's reply, played the same way by the engine job ([`crate::jobs::engine`]), its queue row deleted in the move's transaction |
//! | act | [`actions`] | [`actions::act`]: resign, abort, draw offer / accept / decline / claim, one [`GameAction`] for both the HTML forms and the API |
//! | clocks | [`time_control`], [`pauses`] | the time controls, and when a clock stands still (weekends, vacations) |
//! | time | [`timeout`] | the deadline checked at every move and action, and the sweeper's claim of overdue games |
//! | finish | [`finish`] | [`finish::finish`]: every end goes through it |
//! | conditional | [`conditional`] | the players' conditional lines: entered, listed, deleted, and answered in the after-move pipeline |
//! | follow-up | [`follow_up`] | the named steps after a move (forced passes, conditional replies, the computer's reply queued) and after an end (in the transaction), and after the commit (live event, the outbox and engine jobs woken, metrics) |
//! | read | [`read`] | games as the pages and the API show them, decoded once from their rows |
//! | records | [`records`] | the records of the games this instance changed lately, so that the next change reads the row without the moves |
//!
//! Every change is one transaction whose first statement claims the game row (guarded by
//! the ply the player saw, or by the game still being active; on Postgres a lock, on
//! SQLite a write), so concurrent requests serialise on that row and a stale one changes
//! nothing. What leaves the process (the
//! live event, metrics) happens after the commit, in `follow_up::after_commit`.

pub mod actions;
pub mod available;
pub mod conditional;
pub mod create;
pub mod export;
pub mod finish;
pub mod follow_up;
pub mod pauses;
pub mod play;
pub mod read;
pub mod records;
pub mod snapshots;
pub mod time_control;
pub mod timeout;
pub mod vocabulary;
pub mod warnings;

use rules::{AnyGame, Color, GameResult, Variant};
use sqlx::AnyConnection;

pub use actions::{GameAction, act};
pub use create::{ClockSettings, Created, NewGameRequest, create};
pub use follow_up::{counts_for_rating, moves_by_side};
pub use pauses::{Pauses, PlayerTime, Stop, StopRules};
pub use play::play_move;
pub use read::{
    GameSummary, VariantStats, active_for_user, count_your_turn, get, get_on, list_for_user,
    live_event, next_for_user, shown, shown_on, variant_results, variant_stats,
};
pub use time_control::{PlayerClock, TimeControl};
pub use timeout::sweep_overdue;
pub use vocabulary::{EndReason, Ending, GameSource, GameStatus, Termination};
pub use warnings::{ClockWarning, TurnWarnings, WarningKind, sweep_warnings};

use crate::{
    Services,
    accounts::AccountKind,
    computer,
    events::{GameEvent, Staged},
};
use store::games::{self, GameState};
use vocab::error::AppError;

/// The draw offers one player has made in a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrawOfferTally {
    /// How many.
    pub made: i64,
    /// The ply of the last one.
    pub last_ply: Option<i64>,
}

/// A game with its rules state, as the API and the pages show it.
#[derive(Debug, Clone)]
pub struct GameDetail {
    /// Its id.
    pub id: String,
    /// White's user id.
    pub white_id: String,
    /// White's name.
    pub white: String,
    /// Black's user id.
    pub black_id: String,
    /// Black's name.
    pub black: String,
    /// Who plays White's account (a person, the computer, a bot).
    pub white_kind: AccountKind,
    /// Who plays Black's account.
    pub black_kind: AccountKind,
    /// Active, finished or aborted.
    pub status: GameStatus,
    /// The result once finished.
    pub result: Option<GameResult>,
    /// How it ended.
    pub termination: Option<Termination>,
    /// The detail of the end (`checkmate`, `board_full`, `resignation`, …).
    pub end_reason: Option<EndReason>,
    /// When the player to move runs out of time (unix seconds).
    pub deadline: Option<i64>,
    /// Who offers a draw.
    pub draw_offer: Option<Color>,
    /// White's draw offers so far.
    pub white_offers: DrawOfferTally,
    /// Black's draw offers so far.
    pub black_offers: DrawOfferTally,
    /// Days per move (the per-move days, a bank's initial days, 0 untimed).
    pub days_per_move: i64,
    /// Whether it is rated (a casual game changes no rating).
    pub rated: bool,
    /// How its time is counted.
    pub time_control: TimeControl,
    /// White's and Black's time banks (seconds; `None` unless a time bank).
    pub banks: time_control::Banks,
    /// What may stop its clocks (weekends, vacations).
    pub stop_rules: StopRules,
    /// White's and Black's time zones and vacations.
    pub player_times: [PlayerTime; 2],
    /// A loss on time after another of the same player (changes no rating).
    pub serial_timeout: bool,
    /// The time warnings of the turn.
    pub warnings: TurnWarnings,
    /// Days White and Black gave their opponent.
    pub time_gifts: [i64; 2],
    /// Who asks for a pause.
    pub pause_offer: Option<Color>,
    /// The agreed pause, `[from, until)`, which stops both clocks.
    pub pause: Option<(i64, i64)>,
    /// Pauses agreed in the game.
    pub pauses_agreed: i64,
    /// Where the game comes from.
    pub source: GameSource,
    /// What it came from (the challenge's id).
    pub source_id: Option<String>,
    /// Created (unix seconds).
    pub created_at: i64,
    /// Last changed (unix seconds).
    pub updated_at: i64,
    /// When it ended (unix seconds).
    pub finished_at: Option<i64>,
    /// Both players' rating change, once a rated game has been rated.
    pub rating_change: Option<crate::ratings::RatingChange>,
    /// The position and record, from the position cache (or replayed from the moves).
    pub game: AnyGame,
    /// How many conditional lines its players held when it was read (a move reads the
    /// lines only when there are some; the count is not kept up to date after the read).
    pub conditional_lines: i64,
}

impl GameDetail {
    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The side to move, `None` unless the game is active.
    #[must_use]
    pub fn to_move(&self) -> Option<Color> {
        (self.status == GameStatus::Active)
            .then(|| self.game.to_move())
            .flatten()
    }

    /// The legal moves of the side to move; empty unless the game is active.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        if self.status == GameStatus::Active {
            self.game.legal_moves()
        } else {
            Vec::new()
        }
    }

    /// The game's state as its live watchers see it.
    #[must_use]
    pub fn event(&self) -> GameEvent {
        GameEvent {
            game_id: self.id.clone(),
            ply: self.game.ply(),
            status: self.status.as_str().to_owned(),
            to_move: self.to_move().map(|color| color.as_str().to_owned()),
            draw_offer: self.draw_offer.map(|color| color.as_str().to_owned()),
        }
    }

    /// The colour `user_id` plays, if they play.
    #[must_use]
    pub fn color_of(&self, user_id: &str) -> Option<Color> {
        if self.white_id == user_id {
            Some(Color::White)
        } else if self.black_id == user_id {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The draw offers `color` has made.
    #[must_use]
    pub const fn offers_of(&self, color: Color) -> DrawOfferTally {
        match color {
            Color::White => self.white_offers,
            Color::Black => self.black_offers,
        }
    }

    /// The ply as the database counts it.
    #[must_use]
    pub fn stored_ply(&self) -> i64 {
        i64::from(self.game.ply())
    }

    /// The user id, name and account kind of the player of `color`.
    #[must_use]
    pub fn player(&self, color: Color) -> (&str, &str, AccountKind) {
        match color {
            Color::White => (&self.white_id, &self.white, self.white_kind),
            Color::Black => (&self.black_id, &self.black, self.black_kind),
        }
    }

    /// The computer's colour and level, in a game against the computer.
    #[must_use]
    pub fn computer(&self) -> Option<(Color, engine::Level)> {
        [Color::White, Color::Black].into_iter().find_map(|color| {
            let (id, _, kind) = self.player(color);
            computer::level_of(id, kind).map(|level| (color, level))
        })
    }
}

/// A stored game that does not make sense (a 500: it is the server's fault).
fn corrupt(what: impl std::fmt::Display) -> AppError {
    AppError::internal(format!("stored game: {what}"))
}

fn not_a_player() -> AppError {
    AppError::forbidden("not_a_player", "you do not play in this game")
}

fn game_over() -> AppError {
    AppError::conflict("game_over", "the game is over")
}

fn not_your_turn() -> AppError {
    AppError::forbidden("not_your_turn", "it is not your turn")
}

/// Saves the changeable part of `detail` in `conn`'s transaction (the storage edge:
/// typed values become their text forms here).
async fn save(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    finished_at: Option<i64>,
    now: i64,
) -> Result<(), AppError> {
    games::save(conn, &detail.id, &stored_state(detail, finished_at), now).await?;
    detail.updated_at = now;
    detail.finished_at = finished_at;
    Ok(())
}

/// As [`save`] for a game that goes on, appending the moves of its record from index
/// `first` (those the change played, the first of them at ply `first_ply`): on Postgres
/// in the same statement.
async fn save_with_moves(
    conn: &mut AnyConnection,
    detail: &mut GameDetail,
    (first, first_ply): (usize, i64),
    now: i64,
) -> Result<(), AppError> {
    let stored = stored_state(detail, None);
    let moves = &detail.game.record()[first..];
    games::save_with_moves(conn, &detail.id, &stored, first_ply, moves, now).await?;
    detail.updated_at = now;
    detail.finished_at = None;
    Ok(())
}

/// The changeable part of `detail` in its stored form (the storage edge: typed values
/// become their text forms here).
fn stored_state(detail: &GameDetail, finished_at: Option<i64>) -> GameState {
    GameState {
        status: detail.status.as_str(),
        result: detail.result.map(GameResult::as_str),
        termination: detail.termination.map(Termination::as_str),
        end_reason: detail.end_reason.map(|reason| reason.as_str().to_owned()),
        ply: detail.stored_ply(),
        to_move: detail.to_move().map(Color::as_str),
        deadline: detail.deadline,
        draw_offer: detail.draw_offer.map(Color::as_str),
        draw_offers: [detail.white_offers.made, detail.black_offers.made],
        offer_plies: [detail.white_offers.last_ply, detail.black_offers.last_ply],
        finished_at,
        position: detail.game.saved_position(),
        banks: detail.banks,
        serial_timeout: detail.serial_timeout,
        warnings: (
            detail.warnings.turn_time,
            detail.warnings.sent,
            detail.warnings.next_at,
        ),
        time_gifts: detail.time_gifts,
        pause_offer: detail.pause_offer.map(Color::as_str),
        pause: detail.pause,
        pauses_agreed: detail.pauses_agreed,
    }
}

/// What a change did to a game, for the commit and the post-commit steps.
#[derive(Debug)]
struct Applied {
    /// The game as saved.
    detail: GameDetail,
    /// Plies this change played (a move and its forced passes).
    moves_played: usize,
    /// Whether this change ended the game.
    ended: bool,
    /// Committed, but answered as this error (a move after the deadline: the game is
    /// lost on time, and the move is refused).
    refusal: Option<AppError>,
    /// Whether this change queued the computer's reply (the engine job is woken after
    /// the commit).
    reply_queued: bool,
}

impl Applied {
    fn changed(detail: GameDetail) -> Applied {
        Applied {
            detail,
            moves_played: 0,
            ended: false,
            refusal: None,
            reply_queued: false,
        }
    }
}

/// Stages the live event of `detail`, the state just saved in `conn`'s transaction (so
/// the row need not be read again).
async fn stage(
    state: &Services,
    conn: &mut AnyConnection,
    detail: &GameDetail,
) -> Result<Staged, sqlx::Error> {
    state
        .events
        .stage(conn, detail.event(), &detail.white_id, &detail.black_id)
        .await
}

/// Commits `tx` if `work` succeeded (staging its live event in `tx`) and then runs the
/// post-commit steps; rolls it back otherwise, so a refused request leaves the game
/// exactly as it was.
async fn commit(
    state: &Services,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    work: Result<Applied, AppError>,
) -> Result<GameDetail, AppError> {
    let work = match work {
        Ok(applied) => stage(state, &mut tx, &applied.detail)
            .await
            .map(|staged| (applied, staged))
            .map_err(AppError::from),
        Err(error) => Err(error),
    };
    match work {
        Ok((applied, staged)) => {
            tx.commit().await?;
            follow_up::after_commit(state, staged, &applied);
            match applied.refusal {
                Some(refusal) => Err(refusal),
                None => Ok(applied.detail),
            }
        }
        Err(error) => {
            if let Err(rollback) = tx.rollback().await {
                tracing::warn!(%rollback, "rolling back a refused game change");
            }
            Err(error)
        }
    }
}

/// Why the guarded first write of a move or action found no row: no such game, not a
/// player, a stale ply, or a game over. One read, after the transaction was rolled back.
async fn why_not_claimed(
    state: &Services,
    user_id: &str,
    id: &str,
    seen_ply: Option<u32>,
) -> AppError {
    let detail = match get(state, id).await {
        Ok(detail) => detail,
        Err(error) => return error,
    };
    if detail.color_of(user_id).is_none() {
        return not_a_player();
    }
    match (detail.status, seen_ply) {
        (GameStatus::Active, Some(seen)) => AppError::conflict(
            "stale_ply",
            format!("the game is at ply {}, not {seen}", detail.game.ply()),
        ),
        // Without a ply the guard is "still active": it found none.
        _ => game_over(),
    }
}
