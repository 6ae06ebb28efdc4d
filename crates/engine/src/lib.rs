//! Computer opponents for every game the server hosts.
//!
//! Pure and synchronous like `rules`: one call, [`best_move`], takes a game, a [`Level`]
//! from 1 (plays almost at random) to 8 (its best within the budget), a [`Budget`] of
//! nodes and/or time, a seed and a stop flag, and returns a legal move as the game's
//! canonical text. With a node budget (and no time limit) the answer depends only on the
//! position, the level, the budget and the seed: the same call gives the same move.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//!
//! use engine::{Budget, Level, Request, best_move};
//! use rules::{AnyGame, AnyPosition, Variant};
//!
//! let mut game = AnyGame::new(Variant::Reversi8x8, None).unwrap();
//! for text in ["d4", "e5", "d5", "e4"] {
//!     game.play(text).unwrap();
//! }
//! let request = Request::new(Level::MAX, Budget::nodes(20_000), 7);
//! let reply = best_move(&game, &request, &AtomicBool::new(false)).unwrap();
//! assert!(game.legal_moves().contains(&reply.text));
//! assert!(reply.nodes <= 20_000);
//! ```
//!
//! Each family has its own search (see the crate's README): alpha-beta with a
//! transposition table everywhere, plus an exact endgame solver in Reversi and quiescence
//! search in chess.

mod adjudicate;
mod chess;
mod chess_reversi;
mod evaluate;
mod knight_fight;
mod level;
mod reversi;
mod review;
mod search;
#[cfg(test)]
mod test_support;
pub mod training;
mod uci;

use std::{
    fmt,
    path::{Path, PathBuf},
    sync::atomic::AtomicBool,
    time::{Duration, Instant},
};

use rules::{AnyGame, AnyPosition, Variant};

pub use adjudicate::{Verdict, adjudicate, adjudicate_with_uci, score_unit, win_margin};
pub use evaluate::{Assessment, Evaluation, LINE_PLIES, evaluate};
pub use level::{Level, ParseLevelError};
pub use review::{Mark, Review, ReviewedMove, cap as review_cap, review, thresholds};
pub use uci::UciEngine;

/// How much work one call may do: level 8 may use all of it, the levels below a share
/// ([`level_budget`]). The search stops at whichever limit comes first and answers with
/// the best move it has found (its last iteration's, or what beat it in the iteration
/// under way).
///
/// Only a node budget keeps the answer deterministic; a time limit depends on the
/// machine's speed and load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most positions the search may visit (each visited position counts one).
    pub nodes: u64,
    /// Wall-clock time after which the search stops, if any.
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of `nodes` positions and no time limit.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes, time: None }
    }

    /// A time limit, with no node limit beyond it.
    #[must_use]
    pub const fn time(time: Duration) -> Budget {
        Budget {
            nodes: u64::MAX,
            time: Some(time),
        }
    }
}

impl Default for Budget {
    /// One million nodes: a few seconds at most on one core (see the README's speed
    /// table).
    fn default() -> Budget {
        Budget::nodes(1_000_000)
    }
}

/// What to search for: the level, the budget, and the seed of the level's randomness.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// How well to play.
    pub level: Level,
    /// How much work the search may do.
    pub budget: Budget,
    /// Seeds the random choices (the noise of the lower levels, ties): the same seed,
    /// position, level and node budget give the same move.
    pub seed: u64,
}

impl Request {
    /// A request for `level` within `budget`, its randomness seeded by `seed`.
    #[must_use]
    pub const fn new(level: Level, budget: Budget, seed: u64) -> Request {
        Request {
            level,
            budget,
            seed,
        }
    }
}

/// The engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The move, as the game's canonical text (UCI in chess); always legal.
    pub text: String,
    /// Positions visited.
    pub nodes: u64,
    /// The depth of the last completed iteration (plies), 0 when the move was forced or
    /// no iteration completed.
    pub depth: u32,
    /// The search's score of the move for the side to move, in the family's own units
    /// (see the README), when a search ran.
    pub score: Option<i32>,
}

/// Why no move was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The game has ended: there is no move to make.
    GameOver,
    /// The built-in search does not play this variant (a game `rules` has and this
    /// crate does not know yet).
    Unsupported(Variant),
    /// The external UCI engine failed (would not start, closed, answered nonsense or an
    /// illegal move); the built-in search ([`best_move`]) still works.
    Uci(String),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::GameOver => f.write_str("the game is over: there is no move to make"),
            EngineError::Unsupported(variant) => {
                write!(f, "the computer does not play {variant}")
            }
            EngineError::Uci(error) => write!(f, "the external chess engine failed: {error}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Finds a move for the side to move in `game`.
///
/// Synchronous: it returns when the search is done, the budget is spent or `stop` is set
/// (checked every few hundred nodes; setting it from another thread makes the call
/// return promptly with the best move found so far). A forced move (a Reversi pass, or
/// any single legal move) is returned at once without a search.
///
/// It searches from the game's position as it stands ([`AnyGame::position`]), whether the
/// game was played, replayed or restored; the record is not read.
///
/// # Errors
///
/// [`EngineError::GameOver`] when the game has ended; [`EngineError::Unsupported`] for a
/// variant without a search.
pub fn best_move(
    game: &AnyGame,
    request: &Request,
    stop: &AtomicBool,
) -> Result<Reply, EngineError> {
    let legal = game.legal_moves();
    if legal.is_empty() {
        return Err(EngineError::GameOver);
    }
    if legal.len() == 1 {
        return Ok(Reply {
            text: legal[0].clone(),
            nodes: 0,
            depth: 0,
            score: None,
        });
    }
    let budget = level_budget(game.variant(), &request.budget, request.level);
    let limits = search::Limits::new(&budget, Instant::now(), stop);
    let reply = match game.position() {
        AnyPosition::Chess(position) => chess::best_move(position, request, limits),
        AnyPosition::Reversi(position) => {
            reversi::best_move(position, game.variant(), request, limits)
        }
        AnyPosition::ChessReversi(position) => chess_reversi::best_move(position, request, limits),
        AnyPosition::KnightFight(position) => knight_fight::best_move(position, request, limits),
        _ => return Err(EngineError::Unsupported(game.variant())),
    };
    debug_assert!(
        legal.contains(&reply.text),
        "the engine chose an illegal move"
    );
    Ok(reply)
}

/// The external UCI engine `STOCKFISH_PATH` names, if it is set and not empty.
#[must_use]
pub fn stockfish_path() -> Option<PathBuf> {
    std::env::var_os("STOCKFISH_PATH")
        .filter(|path| !path.is_empty())
        .map(PathBuf::from)
}

/// Whether a UCI engine plays `variant` (chess) in [`best_move_with_uci`] and
/// [`adjudicate_with_uci`]; the others always use the built-in search.
#[must_use]
pub fn uses_uci(variant: Variant) -> bool {
    variant == Variant::Chess
}

/// Like [`best_move`], but chess at levels 7 and 8 asks the UCI engine at `uci` (such as
/// Debian's `stockfish`, see [`stockfish_path`]) instead of the built-in search: a new
/// process per call, one thread, `go nodes` with the level's share of the node budget
/// (and `movetime` for a time budget), `stop` when `stop` is set. Stockfish on one
/// thread with a node limit is deterministic, but the seed plays no part. Other variants
/// and levels use the built-in search.
///
/// # Errors
///
/// [`EngineError::GameOver`]; [`EngineError::Uci`] when the external engine fails.
pub fn best_move_with_uci(
    game: &AnyGame,
    request: &Request,
    stop: &AtomicBool,
    uci: &Path,
) -> Result<Reply, EngineError> {
    if !uses_uci(game.variant()) || request.level < Level::new(7).unwrap_or(Level::MAX) {
        return best_move(game, request, stop);
    }
    let legal = game.legal_moves();
    if legal.is_empty() {
        return Err(EngineError::GameOver);
    }
    let moves: Vec<&str> = game.moves().collect();
    let budget = level_budget(Variant::Chess, &request.budget, request.level);
    let start = game.start_fen();
    let reply =
        uci::best_move(uci, (start.as_deref(), &moves), &budget, stop).map_err(EngineError::Uci)?;
    if !legal.contains(&reply.text) {
        return Err(EngineError::Uci(format!(
            "it chose {}, not a legal move",
            reply.text
        )));
    }
    Ok(reply)
}

/// The share of `budget` a level uses in `variant`: level 8 all of it, 7 a quarter (an
/// eighth in Chess Reversi, where a quarter plays too close to level 8), 6 a sixteenth,
/// and each level below half of the one above (5: 1/32 … 2: 1/256, 1 like 2). Reversi
/// 6x6 is small enough for a quarter to play nearly as well as all of it: there level 7
/// takes a sixteenth, level 6 a 256th, and each level below half of the one above. Never
/// fewer than 500 nodes (or the whole budget when it is smaller). So the levels differ
/// in effort at any budget, besides their depth caps and noise.
#[must_use]
pub fn level_budget(variant: Variant, budget: &Budget, level: Level) -> Budget {
    // Each level's share is the budget divided by 2 to these powers, levels 1 to 8.
    let powers: [u32; 8] = match variant {
        Variant::ChessReversi => [8, 8, 7, 6, 5, 4, 3, 0],
        Variant::Reversi6x6 => [12, 12, 11, 10, 9, 8, 4, 0],
        _ => [8, 8, 7, 6, 5, 4, 2, 0],
    };
    let shift = powers[level.index()];
    Budget {
        nodes: (budget.nodes >> shift).max(budget.nodes.min(500)),
        time: budget.time.map(|time| time / (1 << shift)),
    }
}
