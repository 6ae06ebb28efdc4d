//! Reversi on every size: the engine's own bitboards ([`board`]), an evaluation (learned
//! pattern weights on 8x8, [`patterns`]; a hand-made one on 6x6 and 10x10, [`hand`]), and
//! an exact solver for the last empties ([`solve`]).

pub(crate) mod board;
mod hand;
pub(crate) mod patterns;
mod solve;

use std::hash::{Hash, Hasher};

use rand::{SeedableRng, rngs::StdRng};
use rules::{Color, Game, Reversi, Square, Variant};
use rustc_hash::FxHasher;

use self::{board::Geometry, patterns::Evaluation, solve::solve};
use crate::{
    Reply, Request,
    search::{self, Limits, Node, Profile, WIN, game_end},
};

/// The move that passes.
const PASS: u8 = u8::MAX;

/// A position from the mover's side, and whether the search solves it exactly.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Position {
    geometry: &'static Geometry,
    me: u128,
    opp: u128,
    /// Whether this position (and so every one below it) is solved to the end.
    exact: bool,
}

impl Position {
    /// The position of a rules game.
    pub(crate) fn of(game: &Reversi) -> Position {
        let size = game.size();
        let mut white = 0;
        let mut black = 0;
        for square in Square::all(size) {
            let at = 1u128 << square.index(size);
            match game.disc(square) {
                Some(Color::White) => white |= at,
                Some(Color::Black) => black |= at,
                None => {}
            }
        }
        let (me, opp) = match game.to_move() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        Position {
            geometry: Geometry::of(size),
            me,
            opp,
            exact: false,
        }
    }

    fn empties(&self) -> u32 {
        (self.geometry.full & !(self.me | self.opp)).count_ones()
    }

    fn in_opening(&self) -> bool {
        (self.me | self.opp) & self.geometry.centre != self.geometry.centre
    }

    /// The disc difference, mover minus opponent.
    fn margin(&self) -> i32 {
        self.me.count_ones() as i32 - self.opp.count_ones() as i32
    }
}

impl Node for Position {
    type Move = u8;

    fn moves(&self, out: &mut Vec<u8>) {
        let geometry = self.geometry;
        let mut targets = if self.in_opening() {
            geometry.centre & !(self.me | self.opp)
        } else {
            geometry.moves(self.me, self.opp)
        };
        if targets == 0 {
            if !self.in_opening() && geometry.moves(self.opp, self.me) != 0 {
                out.push(PASS);
            }
            return;
        }
        while targets != 0 {
            out.push(targets.trailing_zeros() as u8);
            targets &= targets - 1;
        }
    }

    fn play(&self, mv: u8) -> Position {
        if mv == PASS {
            return Position {
                me: self.opp,
                opp: self.me,
                ..*self
            };
        }
        let at = 1u128 << mv;
        let flips = if self.in_opening() {
            0
        } else {
            self.geometry.flips(self.me, self.opp, at)
        };
        Position {
            me: self.opp & !flips,
            opp: self.me | flips | at,
            ..*self
        }
    }

    fn end_score(&self, _ply: u32) -> i32 {
        game_end(self.margin())
    }

    fn evaluate(&self, moves: &[u8]) -> i32 {
        if self.in_opening() {
            return 0;
        }
        let mine = if moves == [PASS] {
            0
        } else {
            moves.len() as i32
        };
        match Evaluation::of(self.geometry.size as u8) {
            Some(learned) => learned.score(self.geometry, self.me, self.opp, mine),
            None => hand::evaluate(self.geometry, self.me, self.opp, mine),
        }
    }

    fn key(&self) -> u64 {
        let mut hasher = FxHasher::default();
        (self.me, self.opp).hash(&mut hasher);
        hasher.finish()
    }

    fn order(&self, mv: u8) -> i32 {
        if mv == PASS {
            return 0;
        }
        let at = 1u128 << mv;
        let mut score = 0;
        for &(corner, x_square, c_squares) in &self.geometry.corners {
            if at == corner {
                score += 1000;
            } else if at == x_square && (self.me | self.opp) & corner == 0 {
                score -= 500;
            } else if at & c_squares != 0 && (self.me | self.opp) & corner == 0 {
                score -= 200;
            }
        }
        // Fewer replies for the opponent first.
        let child = self.play(mv);
        score - 20 * child.geometry.moves(child.me, child.opp).count_ones() as i32
    }

    fn solve(&self, alpha: i32, beta: i32, limits: &mut Limits<'_>) -> Option<i32> {
        if !self.exact || self.in_opening() {
            return None;
        }
        // The solver works in disc margins; map the window onto them (see `game_end`).
        let low = if alpha >= WIN {
            alpha - WIN
        } else if alpha <= -WIN {
            (alpha + WIN).min(-1)
        } else if alpha >= 0 {
            0
        } else {
            -1
        };
        let high = if beta >= WIN {
            (beta - WIN).max(1)
        } else if beta <= -WIN {
            beta + WIN
        } else if beta > 0 {
            1
        } else {
            0
        };
        Some(game_end(solve(
            self.geometry,
            self.me,
            self.opp,
            low,
            high,
            limits,
        )))
    }

    fn plies_left(&self) -> Option<u32> {
        if self.exact {
            Some(1)
        } else {
            Some(2 * self.empties())
        }
    }
}

/// How each level searches: depth, noise (hundredths of a disc), and the most empties
/// it solves exactly (fewer when its share of the budget is small).
const PROFILES: [(u32, i32, u32); 8] = [
    (1, 3000, 0),
    (1, 300, 0),
    (2, 120, 4),
    (3, 50, 6),
    (4, 15, 8),
    (64, 0, 10),
    (64, 0, 12),
    (64, 0, 14),
];

/// The most empties the solver finishes within `nodes`, with room to spare (an
/// unfinished solve leaves only a part-searched root).
fn solvable_empties(nodes: u64) -> u32 {
    match nodes {
        0..10_000 => 6,
        10_000..100_000 => 8,
        100_000..1_000_000 => 10,
        1_000_000..10_000_000 => 12,
        _ => 14,
    }
}

/// The engine's move in a Reversi game that has at least two legal moves.
pub(crate) fn best_move(
    game: &Reversi,
    variant: Variant,
    request: &Request,
    limits: Limits<'_>,
) -> Reply {
    let size = game.size();
    let (depth, noise, solve_limit) = PROFILES[request.level.index()];
    let share = crate::level_budget(variant, &request.budget, request.level);
    let solve_limit = solve_limit.min(solvable_empties(share.nodes));
    let mut root = Position::of(game);
    root.exact = root.empties() <= solve_limit && !root.in_opening();
    let profile = Profile { depth, noise };
    let mut rng = StdRng::seed_from_u64(request.seed);
    let found = search::search(&root, Vec::new(), &profile, &mut rng, limits);
    let text = if found.mv == PASS {
        "pass".to_owned()
    } else {
        Square::from_index(usize::from(found.mv), size)
            .expect("a move on the board")
            .to_string()
    };
    Reply {
        text,
        nodes: found.nodes,
        depth: found.depth,
        score: found.score,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use rand::{Rng, SeedableRng, rngs::SmallRng, seq::IndexedRandom};
    use rules::AnyGame;

    use super::*;
    use crate::Budget;

    /// A random game of `size` played until `empties` squares are left (or it ends),
    /// as a rules position and as the record the engine reads.
    fn random_position(size: u8, empties: u32, rng: &mut SmallRng) -> (Reversi, AnyGame) {
        let variant = match size {
            6 => rules::Variant::Reversi6x6,
            8 => rules::Variant::Reversi8x8,
            _ => rules::Variant::Reversi10x10,
        };
        let mut game = Reversi::new(size);
        let mut record = AnyGame::new(variant, None).unwrap();
        while !game.is_over() && Position::of(&game).empties() > empties {
            let moves = game.legal_moves();
            let text = game.move_text(moves.choose(rng).unwrap());
            game.play(&text).unwrap();
            record.play(&text).unwrap();
        }
        (game, record)
    }

    /// The final margin for the mover by plain minimax over the rules crate's own game.
    fn minimax(game: &Reversi) -> i32 {
        if let Some(scores) = game.scores().filter(|_| game.is_over()) {
            let margin = scores.white as i32 - scores.black as i32;
            return match game.to_move() {
                Color::White => margin,
                Color::Black => -margin,
            };
        }
        game.legal_moves()
            .iter()
            .map(|mv| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                -minimax(&child)
            })
            .max()
            .expect("a game not over has a move")
    }

    #[test]
    fn the_move_generator_agrees_with_the_rules() {
        let mut rng = SmallRng::seed_from_u64(1);
        for size in [6, 8, 10] {
            for _ in 0..30 {
                let mut game = Reversi::new(size);
                while !game.is_over() {
                    let position = Position::of(&game);
                    let mut ours = Vec::new();
                    position.moves(&mut ours);
                    let theirs: Vec<String> = game
                        .legal_moves()
                        .iter()
                        .map(|mv| game.move_text(mv))
                        .collect();
                    let ours: Vec<String> = ours
                        .iter()
                        .map(|&mv| {
                            if mv == PASS {
                                "pass".to_owned()
                            } else {
                                Square::from_index(usize::from(mv), size)
                                    .unwrap()
                                    .to_string()
                            }
                        })
                        .collect();
                    assert_eq!(ours, theirs, "{game:?}");
                    let index = rng.random_range(0..theirs.len());
                    game.play(&theirs[index]).unwrap();
                    let mut after = position.play(position_move(&position, &theirs[index], size));
                    after.exact = false;
                    let expected = Position::of(&game);
                    assert_eq!((after.me, after.opp), (expected.me, expected.opp));
                }
            }
        }
    }

    fn position_move(_position: &Position, text: &str, size: u8) -> u8 {
        if text == "pass" {
            PASS
        } else {
            text.parse::<Square>().unwrap().index(size) as u8
        }
    }

    #[test]
    fn the_solver_agrees_with_a_full_search() {
        let mut rng = SmallRng::seed_from_u64(2);
        let stop = AtomicBool::new(false);
        for size in [6, 8, 10] {
            for _ in 0..40 {
                let empties = rng.random_range(1..=7);
                let (game, _) = random_position(size, empties, &mut rng);
                if game.is_over() {
                    continue;
                }
                let position = Position::of(&game);
                let mut limits =
                    Limits::new(&Budget::nodes(u64::MAX), std::time::Instant::now(), &stop);
                let solved = solve(
                    position.geometry,
                    position.me,
                    position.opp,
                    -200,
                    200,
                    &mut limits,
                );
                assert_eq!(solved, minimax(&game), "{game:?}");
            }
        }
    }

    #[test]
    fn the_solver_keeps_its_bounds_on_narrow_windows() {
        let mut rng = SmallRng::seed_from_u64(3);
        let stop = AtomicBool::new(false);
        for _ in 0..60 {
            let (game, _) = random_position(8, 8, &mut rng);
            if game.is_over() {
                continue;
            }
            let position = Position::of(&game);
            let exact = minimax(&game);
            let alpha = rng.random_range(-20..20);
            let beta = alpha + rng.random_range(1..6);
            let mut limits =
                Limits::new(&Budget::nodes(u64::MAX), std::time::Instant::now(), &stop);
            let score = solve(
                position.geometry,
                position.me,
                position.opp,
                alpha,
                beta,
                &mut limits,
            );
            if score <= alpha {
                assert!(exact <= score, "{exact} > fail-low {score}");
            } else if score >= beta {
                assert!(exact >= score, "{exact} < fail-high {score}");
            } else {
                assert_eq!(score, exact);
            }
        }
    }

    #[test]
    fn the_exact_search_plays_a_move_of_best_margin() {
        let mut rng = SmallRng::seed_from_u64(4);
        let stop = AtomicBool::new(false);
        let mut checked = 0;
        while checked < 25 {
            let (game, record) = random_position(8, 9, &mut rng);
            if game.is_over() || game.legal_moves().len() < 2 {
                continue;
            }
            let request = Request::new(crate::Level::MAX, Budget::nodes(u64::MAX), 0);
            let reply = crate::best_move(&record, &request, &stop).unwrap();
            let mut child = game.clone();
            child.play(&reply.text).unwrap();
            assert_eq!(-minimax(&child), minimax(&game), "{game:?} {}", reply.text);
            checked += 1;
        }
    }
}
