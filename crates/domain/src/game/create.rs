//! The one way a game begins: [`create`] writes it in the caller's transaction (accepting
//! a challenge, or a game against the computer from [`crate::computer::start`];
//! a tournament pairing or a rematch later), and [`Created::committed`] runs the
//! post-commit steps. A game against the computer is never rated, and when the computer
//! moves first its reply is queued here, in the same transaction.

use rules::{AnyGame, Color, Setup, Variant};
use sqlx::AnyConnection;

use super::{
    deadline::GameLimit,
    follow_up,
    pauses::{PlayerTime, StopRules},
    time_control::TimeControl,
    vocabulary::{GameSource, GameStatus},
    warnings::TurnWarnings,
};
use crate::{
    Services,
    computer::players as computer,
    events::{payloads::GameEvent, staged::Staged},
};
use store::{
    games::{self, NewGame},
    users,
};
use vocab::{error::AppError, ids::new_id};

/// A game's clock: its time control, and whether weekends and vacations stop it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockSettings {
    /// How the game's time is counted.
    pub control: TimeControl,
    /// What stops the players' clocks.
    pub stops: StopRules,
    /// The most days the game may last and how it is decided then, if it is limited.
    pub limit: Option<GameLimit>,
}

/// Everything a new game needs.
#[derive(Debug, Clone)]
pub struct NewGameRequest<'a> {
    /// The variant.
    pub variant: Variant,
    /// The user playing White.
    pub white_id: &'a str,
    /// The user playing Black.
    pub black_id: &'a str,
    /// The set-up (Knight Fight's numbers; standard for the other variants); see
    /// [`AnyGame::random_setup`].
    pub setup: Setup,
    /// The clock.
    pub clock: ClockSettings,
    /// Where it comes from.
    pub source: GameSource,
    /// What it comes from (the challenge's id).
    pub source_id: Option<&'a str>,
    /// Rated (or casual).
    pub rated: bool,
    /// The players may use engines (and a rated game is rated in the engines pool).
    pub engines_allowed: bool,
    /// The moves it starts with, from its setup: a game carried over from elsewhere
    /// (checked when its challenge was made); empty for a new game.
    pub moves: Vec<String>,
}

impl<'a> NewGameRequest<'a> {
    /// A game of `variant` between `(white_id, black_id)` on `clock`, from `source`
    /// (`source_id`), with a set-up drawn now ([`AnyGame::random_setup`]), engines not
    /// allowed.
    #[must_use]
    pub fn with_random_setup(
        variant: Variant,
        (white_id, black_id): (&'a str, &'a str),
        clock: ClockSettings,
        (source, source_id): (GameSource, Option<&'a str>),
        rated: bool,
    ) -> NewGameRequest<'a> {
        NewGameRequest {
            variant,
            white_id,
            black_id,
            setup: AnyGame::random_setup(variant, &mut rand::rng()),
            clock,
            source,
            source_id,
            rated,
            engines_allowed: false,
            moves: Vec::new(),
        }
    }
}

/// A game written in a transaction that has not committed yet.
#[derive(Debug)]
#[must_use = "call `committed` after the transaction commits"]
pub struct Created {
    /// The new game's id.
    pub id: String,
    variant: Variant,
    staged: Staged,
    reply_queued: bool,
}

impl Created {
    /// The transaction committed: publishes the new game's live event and counts it.
    /// Returns the game's id.
    pub fn committed(self, state: &Services) -> String {
        follow_up::after_create(state, self.staged, self.variant, self.reply_queued);
        self.id
    }
}

/// Writes a new active game in `conn`'s transaction and stages its live event.
///
/// # Errors
///
/// 422 `same_player` (both colours to one user), `computer_opponent` (the computer in a
/// game that does not come from "Play the computer"), `invalid_setup` (a setup the
/// variant does not take, or none where it needs one), `invalid_days_per_move` /
/// `invalid_time_control`; database errors.
pub async fn create(
    state: &Services,
    conn: &mut AnyConnection,
    request: &NewGameRequest<'_>,
    now: i64,
) -> Result<Created, AppError> {
    if request.white_id == request.black_id {
        return Err(AppError::invalid(
            "same_player",
            "a game needs two different players",
        ));
    }
    let computer_side = computer::side_of(request.white_id, request.black_id);
    if computer_side.is_some() && request.source != GameSource::Computer {
        return Err(AppError::invalid(
            "computer_opponent",
            "a game against the computer starts from \"Play the computer\"",
        ));
    }
    let control = request.clock.control.validated()?;
    let game = AnyGame::replay(request.variant, request.setup.clone(), &request.moves)
        .map_err(|error| AppError::invalid("invalid_setup", error.to_string()))?;
    let to_move = game.to_move().ok_or_else(|| {
        AppError::invalid("record_finished", "the game is over after its last move")
    })?;
    let setup = request.setup.to_stored();
    // The clock of the side to move (White, but in a game carried over from elsewhere)
    // starts now, skipping their weekend or vacation if the game says so.
    let mover_id = match to_move {
        Color::White => request.white_id,
        Color::Black => request.black_id,
    };
    let mover_time = match users::time_of(&mut *conn, mover_id).await? {
        Some(row) => PlayerTime::stored(
            row.time_zone,
            (row.vacation_from, row.vacation_until),
            (row.night_from, row.night_until),
        ),
        None => PlayerTime::default(),
    };
    let mover_pauses = mover_time.pauses(request.clock.stops);
    let warnings = TurnWarnings::new_turn(control.turn_time(control.initial_bank()), now);
    let id = new_id();
    games::insert(
        &mut *conn,
        &NewGame {
            id: &id,
            variant: request.variant.as_str(),
            white_id: request.white_id,
            black_id: request.black_id,
            setup: setup.as_deref(),
            source: request.source.as_str(),
            source_id: request.source_id,
            days_per_move: control.legacy_days(),
            time_control: &control.to_text(),
            bank: control.initial_bank(),
            deadline: control.first_deadline(now, &mover_pauses),
            position: &game.saved_position(),
            ply: i64::from(game.ply()),
            to_move: to_move.as_str(),
            // The rule of docs/ratings.md: games against the computer are never rated.
            rated: request.rated && computer_side.is_none(),
            weekends_off: request.clock.stops.weekends_off,
            vacation_allowed: request.clock.stops.vacation_allowed,
            nights_allowed: request.clock.stops.nights_allowed,
            hard_deadline: request
                .clock
                .limit
                .map(|limit| (limit.deadline_from(now), limit.rule().as_str())),
            engines_allowed: request.engines_allowed,
            warnings: (warnings.turn_time, warnings.sent, warnings.next_at),
            now,
        },
    )
    .await?;
    games::insert_moves(&mut *conn, &id, 1, game.record(), now).await?;
    // The computer moves first: its reply is queued with the game.
    let reply_queued = match (computer_side, game.to_move()) {
        (Some((side, level)), Some(to_move)) if side == to_move => {
            computer::queue_reply(&mut *conn, &id, 0, level, now).await?
        }
        _ => false,
    };
    let event = GameEvent {
        game_id: id.clone(),
        ply: game.ply(),
        status: GameStatus::Active.as_str().to_owned(),
        to_move: game.to_move().map(|color: Color| color.as_str().to_owned()),
        draw_offer: None,
    };
    let staged = state
        .events
        .stage(conn, event, request.white_id, request.black_id)
        .await?;
    Ok(Created {
        id,
        variant: request.variant,
        staged,
        reply_queued,
    })
}
