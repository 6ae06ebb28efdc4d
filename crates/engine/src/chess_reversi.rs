//! Chess Reversi: a full-width alpha-beta over the placements, the current score
//! difference as the evaluation, searched to the end of the game in the last plies.

use std::hash::{Hash, Hasher};

use rand::{SeedableRng, rngs::StdRng};
use rules::{ChessReversi, Color, EndReason, Game, Placement};
use rustc_hash::FxHasher;

use crate::{
    Reply, Request,
    search::{self, Limits, Node, Profile, WIN, game_end},
};

/// Evaluation units per point.
const POINT: i32 = 10;

/// Plies in a whole game.
const PLIES: u32 = 16;

/// The score difference, `color` minus its opponent.
fn margin(game: &ChessReversi, color: Color) -> i32 {
    game.score(color) as i32 - game.score(!color) as i32
}

impl Node for ChessReversi {
    type Move = Placement;

    fn moves(&self, out: &mut Vec<Placement>) {
        out.extend(self.legal_moves());
    }

    fn play(&self, mv: Placement) -> ChessReversi {
        let mut next = *self;
        next.play_unchecked(&mv);
        next
    }

    fn end_score(&self, _ply: u32) -> i32 {
        match self.outcome() {
            // Rule 9: the side with no legal placement has lost.
            Some(outcome) if outcome.reason == EndReason::NoLegalPlacement => -WIN,
            _ => game_end(margin(self, self.to_move())),
        }
    }

    fn evaluate(&self, _moves: &[Placement]) -> i32 {
        POINT * margin(self, self.to_move())
    }

    fn key(&self) -> u64 {
        let mut hasher = FxHasher::default();
        self.hash(&mut hasher);
        hasher.finish()
    }

    /// The mover's margin right after the placement.
    fn order(&self, mv: Placement) -> i32 {
        margin(&self.play(mv), self.to_move())
    }

    fn plies_left(&self) -> Option<u32> {
        Some(PLIES.saturating_sub(Game::ply(self)))
    }
}

/// How each level searches: depth and noise (tenths of a point). Iterative deepening
/// stops at the game's end, so a level whose depth (and budget) reaches it searches
/// the last plies exhaustively; level 8 does so as soon as its budget allows.
const PROFILES: [(u32, i32); 8] = [
    (1, 1000),
    (1, 200),
    (1, 80),
    (2, 30),
    (3, 10),
    (4, 0),
    (6, 0),
    (PLIES, 0),
];

/// The engine's move in a Chess Reversi game that has at least two legal moves.
pub(crate) fn best_move(game: &ChessReversi, request: &Request, limits: Limits<'_>) -> Reply {
    let (depth, noise) = PROFILES[request.level.index()];
    let profile = Profile { depth, noise };
    let mut rng = StdRng::seed_from_u64(request.seed);
    let found = search::search(game, Vec::new(), &profile, &mut rng, limits);
    Reply {
        text: game.move_text(&found.mv),
        nodes: found.nodes,
        depth: found.depth,
        score: found.score,
    }
}
