//! A game's own deadline: the most days a game of a challenge or a tournament may last,
//! and how a game still going then is decided (see `jobs::adjudication` for the job that
//! decides it, and `docs/time.md`).

use rules::{Color, GameResult};
use vocab::error::AppError;

/// The days a game's limit may be set to.
pub const GAME_DAYS: std::ops::RangeInclusive<i64> = 1..=365;

const DAY: i64 = 86_400;

/// How a game still going at its deadline is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DeadlineRule {
    /// The engines judge the position: a clear advantage wins, anything closer is a draw.
    #[default]
    Adjudicate,
    /// The game is drawn.
    Draw,
    /// Both players lose: neither scores, and each is rated as having lost to the other.
    BothLose,
}

impl DeadlineRule {
    /// Every rule.
    pub const ALL: [DeadlineRule; 3] = [
        DeadlineRule::Adjudicate,
        DeadlineRule::Draw,
        DeadlineRule::BothLose,
    ];

    /// `adjudicate`, `draw` or `both_lose`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DeadlineRule::Adjudicate => "adjudicate",
            DeadlineRule::Draw => "draw",
            DeadlineRule::BothLose => "both_lose",
        }
    }

    /// The result this rule gives without a search: `None` for [`DeadlineRule::Adjudicate`].
    #[must_use]
    pub const fn fixed_result(self) -> Option<GameResult> {
        match self {
            DeadlineRule::Adjudicate => None,
            DeadlineRule::Draw => Some(GameResult::Draw),
            DeadlineRule::BothLose => Some(GameResult::BothLose),
        }
    }
}

rules::text_form!(DeadlineRule, "deadline rule");

/// The most days a game may last, and its rule: what a challenge or a tournament sets
/// for its games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameLimit {
    days: i64,
    rule: DeadlineRule,
}

impl GameLimit {
    /// At most `days` days (see [`GAME_DAYS`]), then `rule`.
    ///
    /// # Errors
    ///
    /// 422 `invalid_game_days` when `days` is out of [`GAME_DAYS`].
    pub fn new(days: i64, rule: DeadlineRule) -> Result<GameLimit, AppError> {
        if !GAME_DAYS.contains(&days) {
            return Err(AppError::invalid(
                "invalid_game_days",
                format!(
                    "a game may be limited to {} to {} days, not {days}",
                    GAME_DAYS.start(),
                    GAME_DAYS.end()
                ),
            ));
        }
        Ok(GameLimit { days, rule })
    }

    /// The limit asked for by a form or a body: `days` (none or 0: no limit) and the
    /// rule's text (none: [`DeadlineRule::Adjudicate`]).
    ///
    /// # Errors
    ///
    /// 422 `invalid_game_days`; 422 `invalid_deadline_rule` for a rule not in
    /// [`DeadlineRule::ALL`].
    pub fn asked(days: Option<i64>, rule: Option<&str>) -> Result<Option<GameLimit>, AppError> {
        let rule = match rule.map(str::trim).filter(|rule| !rule.is_empty()) {
            None => DeadlineRule::default(),
            Some(text) => text.parse().map_err(|_| {
                AppError::invalid(
                    "invalid_deadline_rule",
                    format!(
                        "a game's deadline rule is adjudicate, draw or both_lose, not {text:?}"
                    ),
                )
            })?,
        };
        match days {
            None | Some(0) => Ok(None),
            Some(days) => GameLimit::new(days, rule).map(Some),
        }
    }

    /// The limit stored as `days` (null: none) and `rule`; a stored value out of range or
    /// a rule not known reads as none, and as [`DeadlineRule::Adjudicate`].
    #[must_use]
    pub fn stored(days: Option<i64>, rule: &str) -> Option<GameLimit> {
        let rule = rule.parse().unwrap_or_default();
        days.and_then(|days| GameLimit::new(days, rule).ok())
    }

    /// The days.
    #[must_use]
    pub const fn days(self) -> i64 {
        self.days
    }

    /// The rule.
    #[must_use]
    pub const fn rule(self) -> DeadlineRule {
        self.rule
    }

    /// How long a game may last, in seconds.
    #[must_use]
    pub const fn length(self) -> i64 {
        self.days * DAY
    }

    /// The deadline of a game that starts at `start` (unix seconds).
    #[must_use]
    pub const fn deadline_from(self, start: i64) -> i64 {
        start + self.length()
    }
}

/// A game's own deadline, as its row holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameDeadline {
    /// When it passes (unix seconds).
    pub at: i64,
    /// How the game is decided then.
    pub rule: DeadlineRule,
}

impl GameDeadline {
    /// Whether it has passed at `now`.
    #[must_use]
    pub const fn passed(self, now: i64) -> bool {
        self.at <= now
    }
}

/// Which engine judged an adjudicated game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Judge {
    /// The server's own search, at its best level.
    BuiltIn,
    /// The UCI engine at `STOCKFISH_PATH` (chess only).
    Stockfish,
}

impl Judge {
    /// Every judge.
    pub const ALL: [Judge; 2] = [Judge::BuiltIn, Judge::Stockfish];

    /// `built_in` or `stockfish`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Judge::BuiltIn => "built_in",
            Judge::Stockfish => "stockfish",
        }
    }
}

rules::text_form!(Judge, "adjudication engine");

/// How an adjudicated game was decided, kept with it for its page and the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjudication {
    /// The rule that applied.
    pub rule: DeadlineRule,
    /// The search's score in the family's units (hundredths of a disc, centipawns,
    /// tenths of a point), for `mover`; `None` when no search ran (the draw rule, or
    /// forced moves that ended the game).
    pub score: Option<i64>,
    /// Whose view `score` takes.
    pub mover: Color,
    /// The moves the judgement rests on (forced moves, then the best move found).
    pub line: Vec<String>,
    /// The depth the search completed.
    pub depth: i64,
    /// Whether the search saw the game's end: the result is then certain.
    pub certain: bool,
    /// Which engine judged; `None` under the draw rule.
    pub judge: Option<Judge>,
}

/// 409 `past_game_deadline`: the game's own deadline has passed, so it takes no more
/// moves: it is being decided by its rule.
#[must_use]
pub fn past_deadline(deadline: GameDeadline) -> AppError {
    AppError::conflict(
        super::Refusal::PastGameDeadline.code(),
        format!(
            "the game's deadline passed at {}: it takes no more moves and is decided by its \
             rule ({})",
            vocab::clock::rfc3339(deadline.at),
            deadline.rule
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_read_checked_and_stored() {
        assert_eq!(GameLimit::asked(None, None).unwrap(), None);
        assert_eq!(GameLimit::asked(Some(0), Some("draw")).unwrap(), None);
        let limit = GameLimit::asked(Some(30), Some("draw")).unwrap().unwrap();
        assert_eq!((limit.days(), limit.rule()), (30, DeadlineRule::Draw));
        assert_eq!(
            GameLimit::asked(Some(30), None).unwrap().unwrap().rule(),
            DeadlineRule::Adjudicate
        );
        for days in [-1, 366] {
            let error = GameLimit::asked(Some(days), None).unwrap_err();
            assert_eq!(error.code(), "invalid_game_days", "{days}");
        }
        let error = GameLimit::asked(Some(3), Some("both_win")).unwrap_err();
        assert_eq!(error.code(), "invalid_deadline_rule");
        assert_eq!(
            GameLimit::stored(Some(7), "draw"),
            Some(limit_of(7, "draw"))
        );
        assert_eq!(GameLimit::stored(None, "draw"), None);
        assert_eq!(
            GameLimit::stored(Some(7), "??").unwrap().rule(),
            DeadlineRule::Adjudicate
        );
        assert_eq!(limit_of(2, "draw").deadline_from(1_000), 1_000 + 2 * 86_400);
    }

    fn limit_of(days: i64, rule: &str) -> GameLimit {
        GameLimit::new(days, rule.parse().unwrap()).unwrap()
    }
}
