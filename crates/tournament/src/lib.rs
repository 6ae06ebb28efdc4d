//! Tournament formats for the server: round robin, sections, Swiss, knock-out,
//! standings with tie-breaks, and leagues with promotion and relegation.
//!
//! The crate is pure: no I/O, no clock, no randomness, no global state, and no panics
//! on any input. Players are named by their [`Seed`], their place in the entrant list.
//! The rules the functions follow are written for players in `docs/tournament-rules.md`.
//!
//! ```
//! use tournament::{Game, Outcome, standings, swiss};
//!
//! let players = [0, 1, 2, 3, 4];
//! let round = swiss::pair(&players, &[], &[]).expect("a first round always exists");
//! assert_eq!(round.bye, Some(4)); // the lowest seed sits out
//! let games: Vec<Game> = round
//!     .pairings
//!     .iter()
//!     .map(|p| Game { white: p.white, black: p.black, outcome: Some(Outcome::WhiteWon) })
//!     .collect();
//! let table = standings::rank(&players, &games, &[4]);
//! assert_eq!(table[0].rank, 1);
//! assert_eq!(table.iter().map(|s| s.half_points).sum::<u32>(), 2 * 2 + 2);
//! ```

pub mod knockout;
pub mod league;
pub mod round_robin;
pub mod sections;
pub mod standings;
pub mod swiss;

/// A player's place in the tournament's entrant list, 0-based; index 0 is the top seed
/// (highest rating at the start). Lower seed number = higher seed.
pub type Seed = usize;

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// White won.
    WhiteWon,
    /// Black won.
    BlackWon,
    /// Drawn.
    Draw,
    /// Both lost: the game's deadline passed under the both-lose rule; neither scores.
    BothLost,
}

impl Outcome {
    /// The half points (win 2, draw 1, loss 0) White and Black scored.
    #[must_use]
    pub const fn half_points(self) -> (u32, u32) {
        match self {
            Outcome::WhiteWon => (2, 0),
            Outcome::Draw => (1, 1),
            Outcome::BlackWon => (0, 2),
            Outcome::BothLost => (0, 0),
        }
    }
}

/// A game between two entrants; `outcome` None while it is being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// The player with White.
    pub white: Seed,
    /// The player with Black.
    pub black: Seed,
    /// The result, None while the game is being played.
    pub outcome: Option<Outcome>,
}

impl Game {
    /// The half points (win 2, draw 1, loss 0, both lost 0) `player` scored in this game: None when the
    /// game is unfinished or `player` did not play in it.
    pub fn half_points_of(&self, player: Seed) -> Option<u32> {
        let (white, black) = self.outcome?.half_points();
        if player == self.white {
            Some(white)
        } else if player == self.black {
            Some(black)
        } else {
            None
        }
    }
}

/// Two entrants to play a game, with their colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The player with White.
    pub white: Seed,
    /// The player with Black.
    pub black: Seed,
}

/// One round: its games, and the player who sits out (if any).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    /// The games of the round.
    pub pairings: Vec<Pairing>,
    /// The player who sits out this round.
    pub bye: Option<Seed>,
}
