//! A game as the domain holds it: [`GameDetail`], decoded once from its row (in
//! [`super::read`]), with what follows from it alone: whose move it is, each side's
//! clock, the live event it makes, whether it counts for the ratings. Nothing here reads
//! or writes the database.

use rules::{AnyGame, Color, GameResult, Variant};

use super::{
    deadline::{Adjudication, GameDeadline},
    errors::corrupt,
    pauses::{Pauses, PlayerTime, StopRules},
    time_control::{self, PlayerClock, TimeControl, bank_index},
    vocabulary::{EndReason, GameSource, GameStatus, Termination},
    warnings::TurnWarnings,
};
use crate::{
    accounts::user::AccountKind,
    computer::players::level_of,
    events::payloads::GameEvent,
    ratings::{RatingPool, glicko::RatingChange},
};
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
    /// Whether it is rated (a casual game changes no rating).
    pub rated: bool,
    /// Whether the players may use engines (its challenge's or tournament's policy).
    pub engines_allowed: bool,
    /// How its time is counted.
    pub time_control: TimeControl,
    /// White's and Black's time banks (seconds; `None` unless a time bank).
    pub banks: time_control::Banks,
    /// What may stop its clocks (weekends, vacations).
    pub stop_rules: StopRules,
    /// White's and Black's time zones and vacations.
    pub player_times: Box<[PlayerTime; 2]>,
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
    pub rating_change: Option<Box<RatingChange>>,
    /// The position and record, from the position cache (or replayed from the moves).
    pub game: AnyGame,
    /// How many conditional lines its players held when it was read (a move reads the
    /// lines only when there are some; the count is not kept up to date after the read).
    pub conditional_lines: u32,
    /// How many lines of their repertoires for its variant its players held when it was
    /// read (the conditional step looks a reply up only when there are some).
    pub repertoire_lines: u32,
    /// Whether (White's, Black's) repertoire answers in the game.
    pub repertoire: [bool; 2],
    /// The game's own deadline and its rule, if it has one.
    pub game_deadline: Option<GameDeadline>,
    /// How it was decided at that deadline, once it was.
    pub adjudication: Option<Box<Adjudication>>,
}

impl GameDetail {
    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The ratings it counts in, when rated: its variant's, or their engines pool.
    #[must_use]
    pub fn rating_pool(&self) -> RatingPool {
        RatingPool {
            variant: self.variant(),
            engines_allowed: self.engines_allowed,
        }
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

    /// Whether `color`'s repertoire answers in the game.
    #[must_use]
    pub const fn repertoire_on(&self, color: Color) -> bool {
        match color {
            Color::White => self.repertoire[0],
            Color::Black => self.repertoire[1],
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
            level_of(id, kind).map(|level| (color, level))
        })
    }
}

impl GameDetail {
    /// When `color`'s clock stands still in this game: their weekends and vacation as
    /// the game allows, and a pause both players agreed to.
    #[must_use]
    pub fn pauses_of(&self, color: Color) -> Pauses {
        let pauses = self.player_times[bank_index(color)].pauses(self.stop_rules);
        match self.pause {
            Some((from, until)) => pauses.with_pause(from, until),
            None => pauses,
        }
    }

    /// `color`'s clock at `now`.
    #[must_use]
    pub fn clock_of(&self, color: Color, now: i64) -> PlayerClock {
        let idle = PlayerClock {
            left: None,
            running: false,
            stopped: None,
            stops_in: None,
        };
        if self.time_control == TimeControl::Untimed || self.status != GameStatus::Active {
            return idle;
        }
        match (self.to_move() == Some(color), self.deadline) {
            (true, Some(deadline)) => {
                let clock = self.pauses_of(color).turn_clock(now, deadline);
                PlayerClock {
                    left: Some(clock.left),
                    running: clock.stopped.is_none(),
                    stopped: clock.stopped,
                    stops_in: clock.stops_in,
                }
            }
            _ => PlayerClock {
                left: self.time_control.turn_time(self.banks[bank_index(color)]),
                ..idle
            },
        }
    }

    /// The running time the player to move has left at `now` (0 without a clock).
    #[must_use]
    pub fn time_left_to_move(&self, now: i64) -> i64 {
        match (self.to_move(), self.deadline) {
            (Some(color), Some(deadline)) => self.pauses_of(color).running_between(now, deadline),
            _ => 0,
        }
    }

    /// Moves the deadline of the player to move at `now`: `change` turns the running time
    /// they have left into what they are to have, counted from now under their stops
    /// (so a pause or a gift both land where the clock says). The next time warning is
    /// looked at again at once.
    pub(super) fn move_deadline(&mut self, now: i64, change: impl FnOnce(i64) -> i64) {
        let (Some(color), Some(_)) = (self.to_move(), self.deadline) else {
            return;
        };
        let left = change(self.time_left_to_move(now));
        self.deadline = Some(self.pauses_of(color).deadline(now, left));
        if self.warnings.next_at.is_some() {
            self.warnings.next_at = Some(now);
        }
    }

    /// The clocks after `mover` moved at `now` (before the deadline) and the game goes
    /// on: the mover's bank keeps the running time that was left plus the increment, and
    /// the player now to move gets their deadline (the same player again after forced
    /// passes), their weekends and vacation skipped.
    pub(super) fn restart_clock(&mut self, mover: Color, now: i64) {
        let control = self.time_control;
        let left = self
            .deadline
            .map(|deadline| self.pauses_of(mover).running_between(now, deadline));
        if let Some(bank) = left.and_then(|left| control.bank_after_move(left)) {
            self.banks[bank_index(mover)] = Some(bank);
        }
        let turn_time = self
            .to_move()
            .and_then(|next| control.turn_time(self.banks[bank_index(next)]));
        self.deadline = self
            .to_move()
            .zip(turn_time)
            .map(|(next, time)| self.pauses_of(next).deadline(now, time));
        self.warnings = TurnWarnings::new_turn(turn_time, now);
    }
}

/// Ends the turn of `mover`, who has just moved at `now` (the game goes on): their clock
/// stops and the next player's starts; an offer (of a draw or a pause) lapses when the
/// offering player's opponent moves.
pub(super) fn end_turn(detail: &mut GameDetail, mover: rules::Color, now: i64) {
    detail.restart_clock(mover, now);
    detail.draw_offer = detail.draw_offer.filter(|offerer| *offerer == mover);
    detail.pause_offer = detail.pause_offer.filter(|asker| *asker == mover);
}

/// Plays the forced passes of the position (a side whose only move is `pass`).
///
/// # Errors
///
/// A pass the rules refuse (a 500).
pub(super) fn play_forced_passes(
    detail: &mut GameDetail,
    played: &mut Vec<String>,
) -> Result<(), AppError> {
    while let Some(pass) = detail.game.forced_pass() {
        let pass = detail
            .game
            .play(pass)
            .map_err(|error| corrupt(format!("pass: {error}")))?;
        played.push(pass);
    }
    Ok(())
}

/// The moves each side played in `detail` (White's, Black's), passes not counted.
#[must_use]
pub fn moves_by_side(detail: &GameDetail) -> (usize, usize) {
    detail
        .game
        .record()
        .iter()
        .enumerate()
        .filter(|(_, played)| played.text != "pass")
        .fold((0, 0), |(white, black), (ply, _)| {
            if ply % 2 == 0 {
                (white + 1, black)
            } else {
                (white, black + 1)
            }
        })
}

/// Whether a game that has ended changes ratings: the one decision, used by the end of
/// every game and by `server ratings rebuild` alike. A game counts when it is rated (not
/// casual), finished with a result (not aborted), and each side played at least two
/// moves.
///
/// A serial timeout (a loss on time within 72 hours after another of the same player:
/// they have left the site, and their games run out one after another) does not count:
/// the first loss of the run is rated, the ones after it change neither rating. The mark
/// is stored with the game's end, so the live update and the rebuild follow it alike.
#[must_use]
pub fn counts_for_rating(detail: &GameDetail) -> bool {
    let (white_moves, black_moves) = moves_by_side(detail);
    detail.rated
        && !detail.serial_timeout
        && detail.status == GameStatus::Finished
        && detail.result.is_some()
        && white_moves >= 2
        && black_moves >= 2
}

#[cfg(test)]
mod tests {
    /// The warm snapshots hold tens of thousands of games (docs/benchmarks.md, the
    /// memory figures), each a `GameDetail` behind an `Arc`, whose two counters add 16
    /// bytes: at most 880 bytes keeps that allocation in mimalloc's 896-byte class
    /// rather than the next. What a game seldom has (a rating change, an adjudication)
    /// and what a read rarely needs (the players' time zones and pauses) sit behind a
    /// `Box`.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_game_detail_fits_its_allocation_class() {
        let size = std::mem::size_of::<super::GameDetail>();
        assert!(
            size <= 880,
            "GameDetail is {size} bytes: box what a game seldom has"
        );
    }
}
