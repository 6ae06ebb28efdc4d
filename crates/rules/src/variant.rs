//! The closed set of games, by their stable ids.

use std::{fmt, str::FromStr};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A game this server hosts. The id text is stable: URLs, the API and the database use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// `chess`: the FIDE Laws of Chess.
    Chess,
    /// `chess960`: chess from one of 960 start positions, drawn per game.
    Chess960,
    /// `reversi-6x6`.
    Reversi6x6,
    /// `reversi-8x8`.
    Reversi8x8,
    /// `reversi-10x10`.
    Reversi10x10,
    /// `chess-reversi`: a placement game scored by attacked squares.
    ChessReversi,
    /// `knight-fight`: two knights collecting numbers on a 10x10 board.
    KnightFight,
}

impl Variant {
    /// Every variant, in the order the site lists them.
    pub const ALL: [Variant; 7] = [
        Variant::Chess,
        Variant::Chess960,
        Variant::Reversi6x6,
        Variant::Reversi8x8,
        Variant::Reversi10x10,
        Variant::ChessReversi,
        Variant::KnightFight,
    ];

    /// The variant a form or a page starts on when none is chosen.
    pub const DEFAULT: Variant = Variant::Chess;

    /// The variant the "Play the computer" form starts on.
    pub const COMPUTER_DEFAULT: Variant = Variant::Reversi8x8;

    /// The stable id, such as `reversi-8x8`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Chess960 => "chess960",
            Variant::Reversi6x6 => "reversi-6x6",
            Variant::Reversi8x8 => "reversi-8x8",
            Variant::Reversi10x10 => "reversi-10x10",
            Variant::ChessReversi => "chess-reversi",
            Variant::KnightFight => "knight-fight",
        }
    }

    /// The English display name, such as `Reversi 8x8`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "Chess",
            Variant::Chess960 => "Chess960",
            Variant::Reversi6x6 => "Reversi 6x6",
            Variant::Reversi8x8 => "Reversi 8x8",
            Variant::Reversi10x10 => "Reversi 10x10",
            Variant::ChessReversi => "Chess Reversi",
            Variant::KnightFight => "Knight Fight",
        }
    }

    /// The board's width, which is also its height.
    #[must_use]
    pub const fn board_size(self) -> u8 {
        match self {
            Variant::Chess | Variant::Chess960 | Variant::Reversi8x8 | Variant::ChessReversi => 8,
            Variant::Reversi6x6 => 6,
            Variant::Reversi10x10 | Variant::KnightFight => 10,
        }
    }

    /// Whether the game keeps a score (discs or points) during play.
    #[must_use]
    pub const fn has_scores(self) -> bool {
        !matches!(self.family(), Family::Chess)
    }

    /// Whether a game needs a setup made at creation (Knight Fight's numbers,
    /// Chess960's start position).
    #[must_use]
    pub const fn needs_setup(self) -> bool {
        matches!(self, Variant::KnightFight | Variant::Chess960)
    }

    /// How a game of it is written down for download: PGN for chess, the plain text
    /// record for the others (no standard format holds them).
    #[must_use]
    pub const fn record_format(self) -> RecordFormat {
        match self.family() {
            Family::Chess => RecordFormat::Pgn,
            _ => RecordFormat::Text,
        }
    }

    /// The family it belongs to: the Reversi sizes are one.
    #[must_use]
    pub const fn family(self) -> Family {
        match self {
            Variant::Chess | Variant::Chess960 => Family::Chess,
            Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10 => Family::Reversi,
            Variant::ChessReversi => Family::ChessReversi,
            Variant::KnightFight => Family::KnightFight,
        }
    }
}

/// Variants that share their rules, their rules text and their board's look, whatever
/// the board size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Chess and Chess960.
    Chess,
    /// Reversi on any board (6x6, 8x8, 10x10): its scores count discs.
    Reversi,
    /// Chess Reversi.
    ChessReversi,
    /// Knight Fight.
    KnightFight,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 4] = [
        Family::Chess,
        Family::Reversi,
        Family::ChessReversi,
        Family::KnightFight,
    ];

    /// The stable lower-case name (`chess`, `reversi`, `chess-reversi`, `knight-fight`):
    /// pages use it as a CSS class and in the key of the rules text.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Family::Chess => "chess",
            Family::Reversi => "reversi",
            Family::ChessReversi => "chess-reversi",
            Family::KnightFight => "knight-fight",
        }
    }

    /// Whether it is played with discs on a one-coloured board (Reversi): its scores
    /// count discs, and its board is drawn green.
    #[must_use]
    pub const fn is_disc_game(self) -> bool {
        matches!(self, Family::Reversi)
    }
}

crate::text_form!(Family, "variant family");

/// How a game's record is written down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordFormat {
    /// Portable Game Notation, with its tags and comments (chess).
    Pgn,
    /// A plain text record: the game, its setup, the moves and the chat as lines.
    Text,
}

impl RecordFormat {
    /// The downloaded file's extension: `pgn` or `txt`.
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "pgn",
            RecordFormat::Text => "txt",
        }
    }

    /// The downloaded file's content type.
    #[must_use]
    pub const fn content_type(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "application/x-chess-pgn",
            RecordFormat::Text => "text/plain; charset=utf-8",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not one of the variant ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVariantError;

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown variant id")
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.as_str() == s)
            .ok_or(ParseVariantError)
    }
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
