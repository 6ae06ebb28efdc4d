//! A thematic chess start: a game from a position given as FEN ([`StartFen`]). The start
//! a player chooses is read by [`Setup::chosen`](crate::Setup::chosen).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Chess, Game, SetupError};

/// A chess start position given as FEN: a legal position with White to move and moves
/// left, kept with its move counters reset (the game counts its moves from here, and
/// the fifty-move rule too).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StartFen(String);

impl StartFen {
    /// Reads and checks `text` as the start of a chess game.
    ///
    /// # Errors
    ///
    /// [`SetupError::Invalid`] when it is no FEN of a legal position, Black is to move
    /// (White always moves first), or the game would be over already.
    pub fn parse(text: &str) -> Result<StartFen, SetupError> {
        let chess = Chess::from_fen(text.trim())?;
        let fen = chess.fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let [board, turn, castling, en_passant, ..] = fields[..] else {
            return Err(SetupError::Invalid("not a valid fen"));
        };
        if turn != "w" {
            return Err(SetupError::Invalid(
                "White is to move in a start position: White always moves first",
            ));
        }
        if Game::outcome(&chess).is_some() {
            return Err(SetupError::Invalid("the game is over in that position"));
        }
        Ok(StartFen(format!(
            "{board} {turn} {castling} {en_passant} 0 1"
        )))
    }

    /// The FEN, move counters `0 1`.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether it is the standard start position.
    #[must_use]
    pub fn is_standard(&self) -> bool {
        self.0 == Chess::new().fen()
    }
}

impl fmt::Display for StartFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for StartFen {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for StartFen {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<StartFen, D::Error> {
        let text = String::deserialize(deserializer)?;
        StartFen::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_start_is_checked_and_kept_with_its_counters_reset() {
        let fen =
            StartFen::parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 12 40")
                .unwrap();
        assert_eq!(
            fen.as_str(),
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"
        );
        assert!(!fen.is_standard());
        let refused = |text: &str| StartFen::parse(text).unwrap_err();
        assert!(matches!(refused("not a fen"), SetupError::Invalid(_)));
        // Black to move, a side without its king, a mate already on the board.
        assert!(matches!(
            refused("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            SetupError::Invalid(_)
        ));
        assert!(matches!(
            refused("8/8/8/8/8/8/8/4K3 w - - 0 1"),
            SetupError::Invalid(_)
        ));
        assert!(matches!(
            refused("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
            SetupError::Invalid(_)
        ));
    }
}
