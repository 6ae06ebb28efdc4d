//! Chess960's start positions, numbered 0 to 959 in the standard (Scharnagl) order:
//! number 518 is the usual chess start.

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::{PieceKind, SetupError};

/// One of Chess960's 960 start positions, by its standard number.
///
/// Both sides get the same back rank, mirrored; the bishops stand on squares of both
/// colours and the king between the rooks.
///
/// ```
/// use rules::Chess960Start;
///
/// assert_eq!(Chess960Start::new(518).unwrap().back_rank_text(), "RNBQKBNR");
/// assert_eq!(Chess960Start::new(0).unwrap().back_rank_text(), "BBQNNRKR");
/// assert!(Chess960Start::new(960).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub struct Chess960Start(u16);

/// The knights' two places among the five squares left after the bishops and the
/// queen, by the number's last digit (0 to 9).
const KNIGHT_PLACES: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

impl Chess960Start {
    /// How many start positions there are.
    pub const COUNT: u16 = 960;

    /// The usual chess start's number.
    pub const STANDARD: Chess960Start = Chess960Start(518);

    /// The start position with `number`.
    ///
    /// # Errors
    ///
    /// [`SetupError::Invalid`] when `number` is 960 or more.
    pub const fn new(number: u16) -> Result<Chess960Start, SetupError> {
        if number < Chess960Start::COUNT {
            Ok(Chess960Start(number))
        } else {
            Err(SetupError::Invalid("a Chess960 start is numbered 0 to 959"))
        }
    }

    /// A start drawn uniformly from all 960.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Chess960Start {
        Chess960Start(rng.random_range(0..Chess960Start::COUNT))
    }

    /// Every start, in number order.
    pub fn all() -> impl Iterator<Item = Chess960Start> {
        (0..Chess960Start::COUNT).map(Chess960Start)
    }

    /// The start whose pieces stand as the FEN's board field (its first) has them, as
    /// a record or a client names a Chess960 start; `None` when it is none of them.
    #[must_use]
    pub fn from_fen(fen: &str) -> Option<Chess960Start> {
        let board = fen.split_whitespace().next()?;
        Chess960Start::all().find(|start| start.fen().split(' ').next() == Some(board))
    }

    /// Its number, 0 to 959.
    #[must_use]
    pub const fn number(self) -> u16 {
        self.0
    }

    /// The first rank from the a-file to the h-file. The number's digits in mixed base
    /// place the light-squared bishop (b, d, f, h), the dark-squared bishop (a, c, e,
    /// g), the queen on one of the six squares left and the knights on two of the five
    /// left after that; rook, king and rook fill the last three squares in that order.
    #[must_use]
    pub fn back_rank(self) -> [PieceKind; 8] {
        let mut rank: [Option<PieceKind>; 8] = [None; 8];
        let mut n = usize::from(self.0);
        rank[2 * (n % 4) + 1] = Some(PieceKind::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(PieceKind::Bishop);
        n /= 4;
        let queen = n % 6;
        n /= 6;
        let (first_knight, second_knight) = KNIGHT_PLACES[n];
        let mut place = |nth: usize, piece: PieceKind| {
            let file = (0..8)
                .filter(|&file| rank[file].is_none())
                .nth(nth)
                .unwrap_or_else(|| unreachable!("fewer than eight pieces are placed"));
            rank[file] = Some(piece);
        };
        place(queen, PieceKind::Queen);
        // The later knight goes first, so the earlier one's count of empty squares holds.
        place(second_knight, PieceKind::Knight);
        place(first_knight, PieceKind::Knight);
        for piece in [PieceKind::Rook, PieceKind::King, PieceKind::Rook] {
            place(0, piece);
        }
        rank.map(|piece| piece.unwrap_or_else(|| unreachable!("every square is filled")))
    }

    /// The first rank as White's letters, such as `RNBQKBNR`.
    #[must_use]
    pub fn back_rank_text(self) -> String {
        self.back_rank()
            .iter()
            .map(|piece| piece.letter())
            .collect()
    }

    /// The start position in FEN, castling rights as `KQkq` (X-FEN: the rook on each
    /// side of the king).
    #[must_use]
    pub fn fen(self) -> String {
        let white = self.back_rank_text();
        format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
            white.to_ascii_lowercase()
        )
    }
}

impl fmt::Display for Chess960Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u16> for Chess960Start {
    type Error = SetupError;
    fn try_from(number: u16) -> Result<Chess960Start, SetupError> {
        Chess960Start::new(number)
    }
}

impl From<Chess960Start> for u16 {
    fn from(start: Chess960Start) -> u16 {
        start.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_follow_the_standard_order() {
        let text = |n| Chess960Start::new(n).unwrap().back_rank_text();
        assert_eq!(text(0), "BBQNNRKR");
        assert_eq!(text(1), "BQNBNRKR");
        assert_eq!(text(518), "RNBQKBNR");
        assert_eq!(text(959), "RKRNNQBB");
        assert_eq!(Chess960Start::STANDARD.back_rank_text(), "RNBQKBNR");
    }

    #[test]
    fn every_start_is_different_and_keeps_the_rules_of_the_draw() {
        let mut seen = std::collections::HashSet::new();
        for start in Chess960Start::all() {
            let rank = start.back_rank();
            assert!(seen.insert(rank), "{start} repeats a rank");
            let files = |kind| (0..8).filter(move |&f| rank[f] == kind).collect::<Vec<_>>();
            let bishops = files(PieceKind::Bishop);
            assert_eq!(bishops.len(), 2);
            assert_ne!(
                bishops[0] % 2,
                bishops[1] % 2,
                "{start}: bishops on one colour"
            );
            let rooks = files(PieceKind::Rook);
            let king = files(PieceKind::King);
            assert_eq!((rooks.len(), king.len()), (2, 1));
            assert!(
                rooks[0] < king[0] && king[0] < rooks[1],
                "{start}: king not between"
            );
            assert_eq!(files(PieceKind::Knight).len(), 2);
            assert_eq!(files(PieceKind::Queen).len(), 1);
        }
        assert_eq!(seen.len(), 960);
    }
}
