//! Thematic starts: a chess game from a position given as FEN ([`StartFen`]), and the
//! start a player chooses for a new game, read from text ([`Setup::chosen`]): a FEN in
//! chess, a number in Chess960, an opening of the project's list in Reversi.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Chess, Chess960Start, Game, Setup, SetupError, Variant};

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

impl Setup {
    /// The start a player chose for a new game of `variant`, from `text`: a FEN (White to
    /// move) in chess, a start number 0–959 in Chess960, an opening's name
    /// (`8x8-07`, [`crate::ReversiOpening`]) in Reversi. `None` when the text is empty,
    /// or names the variant's usual start (the standard chess position): the game
    /// starts as usual (drawn at random where the variant draws its start).
    ///
    /// # Errors
    ///
    /// [`SetupError::Unexpected`] for a variant whose start cannot be chosen (Chess
    /// Reversi, Knight Fight); [`SetupError::Invalid`] when the text is no start of the
    /// variant.
    pub fn chosen(variant: Variant, text: &str) -> Result<Option<Setup>, SetupError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        match variant {
            Variant::Chess => {
                let fen = StartFen::parse(text)?;
                Ok((!fen.is_standard()).then_some(Setup::Fen(fen)))
            }
            Variant::Chess960 => {
                let number = text
                    .parse::<u16>()
                    .map_err(|_| SetupError::Invalid("a Chess960 start is a number 0–959"))?;
                Ok(Some(Setup::Chess960(Chess960Start::new(number)?)))
            }
            Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10 => {
                opening_of(variant, text).map(Some)
            }
            Variant::ChessReversi | Variant::KnightFight => Err(SetupError::Unexpected),
        }
    }

    /// Whether the game starts from a position its player chose (a FEN, a Reversi
    /// opening): the variant's statistics count only usual starts.
    #[must_use]
    pub const fn is_thematic(&self) -> bool {
        matches!(self, Setup::Fen(_) | Setup::Opening(_))
    }
}

/// The opening of `variant` named `name`.
fn opening_of(variant: Variant, name: &str) -> Result<Setup, SetupError> {
    crate::ReversiOpening::named(name)
        .filter(|opening| opening.size == variant.board_size())
        .map(Setup::Opening)
        .ok_or(SetupError::Invalid(
            "not an opening of this board from the list",
        ))
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

    #[test]
    fn a_game_from_a_chosen_start_stores_restores_and_names_it() {
        let fen =
            StartFen::parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let opening = crate::ReversiOpening::of_size(8).next().unwrap();
        for (variant, setup) in [
            (Variant::Chess, Setup::Fen(fen.clone())),
            (Variant::Reversi8x8, Setup::Opening(opening)),
        ] {
            let stored = setup.to_stored();
            assert_eq!(
                Setup::from_stored(variant, stored.as_deref()),
                Ok(setup.clone())
            );
            assert!(setup.is_thematic());
            let mut game = crate::AnyGame::new(variant, setup.clone()).unwrap();
            assert_eq!((game.ply(), game.record().len()), (0, 0));
            assert_eq!(game.to_move(), Some(crate::Color::White));
            let first = game.legal_moves()[0].clone();
            game.play(&first).unwrap();
            let back = crate::AnyGame::restore(
                variant,
                setup.clone(),
                &game.saved_position(),
                game.record().to_vec(),
            )
            .unwrap();
            assert_eq!(back.saved_position(), game.saved_position());
            let replayed = crate::AnyGame::replay(variant, setup, [first]).unwrap();
            assert_eq!(replayed.saved_position(), game.saved_position());
        }
        let chess = crate::AnyGame::new(Variant::Chess, Setup::Fen(fen.clone())).unwrap();
        assert_eq!(chess.start_fen().as_deref(), Some(fen.as_str()));
        assert_eq!(
            chess.pgn_start_tags(),
            [("SetUp", "1".to_owned()), ("FEN", fen.to_string())]
        );
        // A start of one variant is no other's.
        assert_eq!(
            crate::AnyGame::new(Variant::ChessReversi, Setup::Fen(fen)).err(),
            Some(SetupError::Unexpected)
        );
        assert!(crate::AnyGame::new(Variant::Reversi6x6, Setup::Opening(opening)).is_err());
    }

    #[test]
    fn a_chosen_start_is_read_per_variant() {
        assert_eq!(Setup::chosen(Variant::Chess, "  "), Ok(None));
        assert_eq!(Setup::chosen(Variant::Chess, &Chess::new().fen()), Ok(None));
        assert!(matches!(
            Setup::chosen(
                Variant::Chess,
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
            ),
            Ok(Some(Setup::Fen(_)))
        ));
        assert_eq!(
            Setup::chosen(Variant::Chess960, "518"),
            Ok(Some(Setup::Chess960(Chess960Start::new(518).unwrap())))
        );
        assert!(Setup::chosen(Variant::Chess960, "960").is_err());
        assert!(Setup::chosen(Variant::Chess960, "x").is_err());
        assert_eq!(
            Setup::chosen(Variant::KnightFight, "1"),
            Err(SetupError::Unexpected)
        );
        assert_eq!(
            Setup::chosen(Variant::ChessReversi, "1"),
            Err(SetupError::Unexpected)
        );
        let opening = crate::ReversiOpening::of_size(8).next().unwrap();
        assert_eq!(
            Setup::chosen(Variant::Reversi8x8, opening.name),
            Ok(Some(Setup::Opening(opening)))
        );
        assert!(Setup::chosen(Variant::Reversi6x6, opening.name).is_err());
        assert!(Setup::chosen(Variant::Reversi8x8, "8x8-999").is_err());
    }
}
