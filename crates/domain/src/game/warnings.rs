//! Warnings before time runs out: each turn, the player to move is warned once when they
//! have used four fifths of the turn's time, once when a day is left and once when an
//! hour is left (the last two only when the turn began with more than that). The
//! warnings are domain events ([`ClockWarning`]) that the sweeper finds
//! ([`sweep_warnings`](super::timeout::sweep_warnings)), which writes each as a notice (`clock_warning`) in the
//! transaction that gives it; push and e-mail will deliver them through the outbox.
//!
//! Each game stores the running time its turn began with (`turn_time`), the warnings
//! already given this turn (`warnings_sent`, a bit per [`WarningKind`]) and a moment no
//! later than the next one is due (`next_warning_at`): now plus the running time until
//! it, never later than the real moment because a stopped clock only delays it. The
//! sweeper looks at games whose moment has come, computes the real running time left,
//! gives what is due and sets the next moment. A move starts a new turn and resets all
//! three; a change of the clock's stops (a vacation, a time zone) asks for a look at once.

use rules::Color;

use vocab::ids::DAY;

/// An hour in seconds.
const HOUR: i64 = 3_600;

/// What a warning says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarningKind {
    /// Four fifths of the turn's time are used.
    FourFifthsUsed,
    /// A day of running time is left.
    DayLeft,
    /// An hour of running time is left.
    HourLeft,
}

impl WarningKind {
    /// Every kind, in the order they come.
    pub const ALL: [WarningKind; 3] = [
        WarningKind::FourFifthsUsed,
        WarningKind::DayLeft,
        WarningKind::HourLeft,
    ];

    /// Its bit in `warnings_sent`.
    #[must_use]
    pub const fn bit(self) -> i64 {
        match self {
            WarningKind::FourFifthsUsed => 1,
            WarningKind::DayLeft => 2,
            WarningKind::HourLeft => 4,
        }
    }

    /// `four_fifths_used`, `day_left`, `hour_left`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            WarningKind::FourFifthsUsed => "four_fifths_used",
            WarningKind::DayLeft => "day_left",
            WarningKind::HourLeft => "hour_left",
        }
    }

    /// The running time left (seconds) at which it is due, in a turn that began with
    /// `turn_time`; `None` when it does not apply to such a turn.
    #[must_use]
    pub const fn due_at_left(self, turn_time: i64) -> Option<i64> {
        match self {
            WarningKind::FourFifthsUsed => Some(turn_time / 5),
            WarningKind::DayLeft if turn_time > DAY => Some(DAY),
            WarningKind::HourLeft if turn_time > HOUR => Some(HOUR),
            WarningKind::DayLeft | WarningKind::HourLeft => None,
        }
    }
}

/// A warning given: the player to move in a game has reached a point of their turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockWarning {
    /// The game.
    pub game_id: String,
    /// The player warned (the one to move).
    pub user_id: String,
    /// Their colour.
    pub color: Color,
    /// Which warning.
    pub kind: WarningKind,
    /// Their running time left when it was given (seconds).
    pub seconds_left: i64,
    /// Their deadline (unix seconds).
    pub deadline: i64,
    /// The game's ply: the move the warning belongs to.
    pub ply: i64,
    /// The opponent's name, which the notice names the game by.
    pub opponent: String,
    /// The game's variant.
    pub variant: rules::Variant,
}

/// A turn's warning state: what was given and when to look next.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnWarnings {
    /// The running time the turn began with (seconds); `None` untimed.
    pub turn_time: Option<i64>,
    /// The warnings given this turn (and those that do not apply), a bit per kind.
    pub sent: i64,
    /// No later than the next warning is due; `None` when none is left.
    pub next_at: Option<i64>,
}

impl TurnWarnings {
    /// A new turn that begins at `now` with `turn_time` of running time.
    #[must_use]
    pub fn new_turn(turn_time: Option<i64>, now: i64) -> TurnWarnings {
        let Some(turn_time) = turn_time else {
            return TurnWarnings::default();
        };
        let sent = WarningKind::ALL
            .into_iter()
            .filter(|kind| kind.due_at_left(turn_time).is_none())
            .fold(0, |sent, kind| sent | kind.bit());
        let mut warnings = TurnWarnings {
            turn_time: Some(turn_time),
            sent,
            next_at: None,
        };
        warnings.next_at = warnings.next_check(now, turn_time);
        warnings
    }

    /// The kinds due with `left` seconds of running time left, not yet given.
    #[must_use]
    pub fn due(&self, left: i64) -> Vec<WarningKind> {
        let Some(turn_time) = self.turn_time else {
            return Vec::new();
        };
        WarningKind::ALL
            .into_iter()
            .filter(|kind| self.sent & kind.bit() == 0)
            .filter(|kind| kind.due_at_left(turn_time).is_some_and(|at| left <= at))
            .collect()
    }

    /// When to look next, at `now` with `left` seconds left: for each warning still to
    /// come, now plus the running time until it (a lower bound of the moment, since the
    /// clock may stop on the way).
    #[must_use]
    pub fn next_check(&self, now: i64, left: i64) -> Option<i64> {
        let turn_time = self.turn_time?;
        WarningKind::ALL
            .into_iter()
            .filter(|kind| self.sent & kind.bit() == 0)
            .filter_map(|kind| kind.due_at_left(turn_time))
            .map(|at| now + (left - at).max(0))
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_three_day_turn_is_warned_at_four_fifths_a_day_and_an_hour() {
        let turn = 3 * DAY;
        let warnings = TurnWarnings::new_turn(Some(turn), 0);
        assert_eq!(warnings.sent, 0);
        // Four fifths used: 14.4 hours left, which comes after the day left.
        assert_eq!(warnings.next_at, Some(2 * DAY));
        assert_eq!(warnings.due(DAY + 1), Vec::new());
        assert_eq!(warnings.due(DAY), vec![WarningKind::DayLeft]);
        assert_eq!(
            warnings.due(HOUR),
            WarningKind::ALL.to_vec(),
            "all three when the sweeper comes late"
        );
    }

    #[test]
    fn short_turns_skip_what_does_not_apply() {
        let warnings = TurnWarnings::new_turn(Some(DAY), 0);
        assert_eq!(warnings.sent, WarningKind::DayLeft.bit());
        assert_eq!(warnings.next_at, Some(DAY - DAY / 5));
        let warnings = TurnWarnings::new_turn(Some(HOUR), 0);
        assert_eq!(
            warnings.sent,
            WarningKind::DayLeft.bit() | WarningKind::HourLeft.bit()
        );
        assert_eq!(TurnWarnings::new_turn(None, 0), TurnWarnings::default());
    }

    #[test]
    fn what_was_given_is_not_given_again() {
        let mut warnings = TurnWarnings::new_turn(Some(2 * DAY), 0);
        warnings.sent |= WarningKind::DayLeft.bit();
        assert_eq!(warnings.due(DAY / 2), Vec::new());
        assert_eq!(warnings.next_check(0, DAY / 2), Some(DAY / 2 - 2 * DAY / 5));
        warnings.sent |= WarningKind::FourFifthsUsed.bit();
        assert_eq!(warnings.next_check(10, DAY / 2), Some(10 + DAY / 2 - HOUR));
        warnings.sent |= WarningKind::HourLeft.bit();
        assert_eq!(warnings.next_check(10, 5), None);
    }
}
