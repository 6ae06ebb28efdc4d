//! The server's words for a game's life: status, termination, end reason, source. Each
//! has one stable text form (`FromStr` and `Display`), which is what the database and the
//! API hold; rows are decoded into these types once, where they are read
//! ([`super::read`]).
//!
//! What belongs to the game itself (the result, why it ended on the board, which draw
//! may be claimed) is the rules crate's: [`rules::GameResult`], [`rules::EndReason`],
//! [`rules::DrawClaim`].

use std::{fmt, str::FromStr};

use rules::{Color, DrawClaim, GameResult, ParseNameError};

/// Whether a game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Being played.
    Active,
    /// Ended with a result.
    Finished,
    /// Called off before both sides moved: no result, counted nowhere.
    Aborted,
}

impl GameStatus {
    /// Every status.
    pub const ALL: [GameStatus; 3] = [
        GameStatus::Active,
        GameStatus::Finished,
        GameStatus::Aborted,
    ];

    /// `active`, `finished` or `aborted`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }
}

rules::text_form!(GameStatus, "game status");

/// How a finished game ended, in broad terms (the API's `termination`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// On the board: mate, stalemate, automatic draw, no move left, final score.
    Normal,
    /// A player resigned.
    Resignation,
    /// A draw offer was accepted.
    Agreement,
    /// The player to move ran out of time.
    Timeout,
    /// The player to move claimed a draw.
    Claim,
    /// The game's own deadline passed and its rule decided it.
    Adjudicated,
}

impl Termination {
    /// Every termination.
    pub const ALL: [Termination; 6] = [
        Termination::Normal,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Timeout,
        Termination::Claim,
        Termination::Adjudicated,
    ];

    /// `normal`, `resignation`, `agreement`, `timeout`, `claim` or `adjudicated`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Timeout => "timeout",
            Termination::Claim => "claim",
            Termination::Adjudicated => "adjudicated",
        }
    }
}

rules::text_form!(Termination, "termination");

/// The detail of a game's end (the API's `end_reason`): the rules' reason when it ended
/// on the board, the claimed draw, or what the server decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Ended on the board (`checkmate`, `board_full`, …).
    Board(rules::EndReason),
    /// The player to move claimed this draw (`threefold_repetition`, `fifty_move_rule`).
    Claim(DrawClaim),
    /// `resignation`.
    Resignation,
    /// `agreement`: a draw offer was accepted.
    Agreement,
    /// `timeout`: the player to move ran out of time.
    Timeout,
    /// `adjudicated`: the game's own deadline passed and its rule decided it.
    Adjudicated,
    /// `aborted`: called off before both sides moved.
    Aborted,
}

impl EndReason {
    /// The text form: the rules' own for board ends and claims, otherwise
    /// `resignation`, `agreement`, `timeout`, `adjudicated` or `aborted`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Board(reason) => reason.as_str(),
            EndReason::Claim(claim) => claim.as_str(),
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Timeout => "timeout",
            EndReason::Adjudicated => "adjudicated",
            EndReason::Aborted => "aborted",
        }
    }

    /// The termination it belongs to; `None` for an aborted game (it has none).
    #[must_use]
    pub const fn termination(self) -> Option<Termination> {
        match self {
            EndReason::Board(_) => Some(Termination::Normal),
            EndReason::Claim(_) => Some(Termination::Claim),
            EndReason::Resignation => Some(Termination::Resignation),
            EndReason::Agreement => Some(Termination::Agreement),
            EndReason::Timeout => Some(Termination::Timeout),
            EndReason::Adjudicated => Some(Termination::Adjudicated),
            EndReason::Aborted => None,
        }
    }

    /// Every end reason.
    #[must_use]
    pub fn all() -> Vec<EndReason> {
        rules::EndReason::ALL
            .into_iter()
            .map(EndReason::Board)
            .chain(DrawClaim::ALL.into_iter().map(EndReason::Claim))
            .chain([
                EndReason::Resignation,
                EndReason::Agreement,
                EndReason::Timeout,
                EndReason::Adjudicated,
                EndReason::Aborted,
            ])
            .collect()
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EndReason {
    type Err = ParseNameError;
    fn from_str(s: &str) -> Result<EndReason, ParseNameError> {
        if let Ok(reason) = s.parse() {
            return Ok(EndReason::Board(reason));
        }
        if let Ok(claim) = s.parse() {
            return Ok(EndReason::Claim(claim));
        }
        [
            EndReason::Resignation,
            EndReason::Agreement,
            EndReason::Timeout,
            EndReason::Adjudicated,
            EndReason::Aborted,
        ]
        .into_iter()
        .find(|reason| reason.as_str() == s)
        .ok_or_else(|| ParseNameError::new("end reason", s))
    }
}

/// Where a game comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSource {
    /// An accepted challenge.
    Challenge,
    /// A tournament pairing.
    Tournament,
    /// A rematch of a finished game.
    Rematch,
    /// A game against the computer.
    Computer,
    /// A game carried over from elsewhere: an accepted challenge that brought the
    /// moves played so far.
    Import,
}

impl GameSource {
    /// Every source.
    pub const ALL: [GameSource; 5] = [
        GameSource::Challenge,
        GameSource::Tournament,
        GameSource::Rematch,
        GameSource::Computer,
        GameSource::Import,
    ];

    /// `challenge`, `tournament`, `rematch`, `computer` or `import`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameSource::Challenge => "challenge",
            GameSource::Tournament => "tournament",
            GameSource::Rematch => "rematch",
            GameSource::Computer => "computer",
            GameSource::Import => "import",
        }
    }
}

rules::text_form!(GameSource, "game source");

/// How a game ends: what the one finisher ([`super::finish::finish`]) is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The last move ended it on the board.
    OnBoard(rules::Outcome),
    /// `loser` resigned.
    Resignation {
        /// Who resigned.
        loser: Color,
    },
    /// A draw offer was accepted.
    Agreement,
    /// The player to move claimed a draw.
    Claim(DrawClaim),
    /// `loser`, to move, ran out of time.
    Timeout {
        /// Who ran out of time.
        loser: Color,
    },
    /// The game's own deadline passed and its rule gave this result.
    Adjudicated(GameResult),
    /// Called off before both sides moved.
    Aborted,
}

impl Ending {
    /// The result; `None` for an aborted game.
    #[must_use]
    pub const fn result(self) -> Option<GameResult> {
        match self {
            Ending::OnBoard(outcome) => Some(outcome.result),
            Ending::Resignation { loser } | Ending::Timeout { loser } => {
                Some(GameResult::win(loser.other()))
            }
            Ending::Agreement | Ending::Claim(_) => Some(GameResult::Draw),
            Ending::Adjudicated(result) => Some(result),
            Ending::Aborted => None,
        }
    }

    /// The end reason it is stored as.
    #[must_use]
    pub const fn reason(self) -> EndReason {
        match self {
            Ending::OnBoard(outcome) => EndReason::Board(outcome.reason),
            Ending::Resignation { .. } => EndReason::Resignation,
            Ending::Agreement => EndReason::Agreement,
            Ending::Claim(claim) => EndReason::Claim(claim),
            Ending::Timeout { .. } => EndReason::Timeout,
            Ending::Adjudicated(_) => EndReason::Adjudicated,
            Ending::Aborted => EndReason::Aborted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_form_reads_back_as_itself() {
        for status in GameStatus::ALL {
            assert_eq!(status.to_string().parse(), Ok(status));
        }
        for termination in Termination::ALL {
            assert_eq!(termination.to_string().parse(), Ok(termination));
        }
        for source in GameSource::ALL {
            assert_eq!(source.to_string().parse(), Ok(source));
        }
        let reasons = EndReason::all();
        assert_eq!(reasons.len(), 16);
        for reason in reasons {
            assert_eq!(reason.to_string().parse(), Ok(reason));
        }
        assert_eq!(
            "won".parse::<GameStatus>().unwrap_err().to_string(),
            "unknown game status `won`"
        );
        assert!("claim".parse::<EndReason>().is_err());
    }

    #[test]
    fn end_reasons_name_their_termination() {
        assert_eq!(
            "checkmate".parse::<EndReason>().unwrap().termination(),
            Some(Termination::Normal)
        );
        assert_eq!(
            "fifty_move_rule"
                .parse::<EndReason>()
                .unwrap()
                .termination(),
            Some(Termination::Claim)
        );
        assert_eq!(EndReason::Aborted.termination(), None);
        assert_eq!(
            Ending::Timeout {
                loser: Color::White
            }
            .result(),
            Some(GameResult::BlackWins)
        );
    }
}
