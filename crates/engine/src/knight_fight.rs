//! Knight Fight: alpha-beta with the point difference, the knights' mobility (the
//! numbered squares each knight could land on next) and their reach (the numbered squares
//! each could get to in one or two jumps) as the evaluation.

use std::hash::{Hash, Hasher};

use rand::{SeedableRng, rngs::StdRng};
use rules::{Color, Game, KnightFight, KnightMove, Square};
use rustc_hash::FxHasher;

use crate::{
    Reply, Request,
    search::{self, Limits, Node, Profile, game_end},
};

/// Evaluation units per point.
const POINT: i32 = 10;
/// Evaluation units per square a knight could land on next.
const MOBILITY: i32 = 25;
/// Evaluation units per numbered square a knight could get to in one or two jumps.
const REACH: i32 = 25;

/// A position with a key made from the path that reached it (cheap, and transpositions
/// are rare in this game).
#[derive(Debug, Clone)]
struct Position {
    game: KnightFight,
    key: u64,
}

/// The numbered squares `color`'s knight could land on if it were to move now (before
/// it is placed: the numbered squares of its first rank).
fn mobility(game: &KnightFight, color: Color) -> i32 {
    let Some(from) = game.knight(color) else {
        let rank = color.fold(0, 9);
        return (0..10)
            .filter_map(|file| Square::new(file, rank))
            .filter(|&square| game.number_at(square).is_some())
            .count() as i32;
    };
    let guard = game.knight(!color);
    numbered_jumps(game, from)
        .filter(|&square| !guard.is_some_and(|at| is_jump(at, square)))
        .count() as i32
}

/// The numbered squares a knight on `from` jumps to.
fn numbered_jumps(game: &KnightFight, from: Square) -> impl Iterator<Item = Square> + '_ {
    rules::KNIGHT_JUMPS
        .iter()
        .filter_map(move |&(files, ranks)| from.offset(files, ranks, 10))
        .filter(|&square| game.number_at(square).is_some())
}

/// The numbered squares `color`'s knight could get to in one or two jumps over numbered
/// squares, the opponent's guard aside (none before it is placed: by the time a search
/// evaluates, both knights stand on the board).
fn reach(game: &KnightFight, color: Color) -> i32 {
    let Some(from) = game.knight(color) else {
        return 0;
    };
    let mut reached: u128 = 0;
    for first in numbered_jumps(game, from) {
        reached |= 1 << first.index(10);
        for second in numbered_jumps(game, first) {
            reached |= 1 << second.index(10);
        }
    }
    reached.count_ones() as i32
}

fn is_jump(a: Square, b: Square) -> bool {
    let files = a.file().abs_diff(b.file());
    let ranks = a.rank().abs_diff(b.rank());
    (files, ranks) == (1, 2) || (files, ranks) == (2, 1)
}

fn margin(game: &KnightFight, color: Color) -> i32 {
    game.points(color) as i32 - game.points(!color) as i32
}

impl Node for Position {
    type Move = KnightMove;

    fn moves(&self, out: &mut Vec<KnightMove>) {
        out.extend(self.game.legal_moves());
    }

    fn play(&self, mv: KnightMove) -> Position {
        let mut game = self.game.clone();
        game.play_unchecked(&mv);
        let mut hasher = FxHasher::default();
        (self.key, mv).hash(&mut hasher);
        Position {
            game,
            key: hasher.finish(),
        }
    }

    fn end_score(&self, _ply: u32) -> i32 {
        game_end(margin(&self.game, self.game.to_move()))
    }

    fn evaluate(&self, moves: &[KnightMove]) -> i32 {
        let us = self.game.to_move();
        // The mover's own mobility counts each landing once (not each erase choice).
        let mut landings: Vec<Square> = moves.iter().map(|mv| mv.to).collect();
        landings.dedup();
        POINT * margin(&self.game, us)
            + MOBILITY * (landings.len() as i32 - mobility(&self.game, !us))
            + REACH * (reach(&self.game, us) - reach(&self.game, !us))
    }

    fn key(&self) -> u64 {
        self.key
    }

    /// The number landed on first.
    fn order(&self, mv: KnightMove) -> i32 {
        self.game.number_at(mv.to).map_or(0, i32::from)
    }
}

/// How each level searches: depth and noise (tenths of a point). Levels 1 to 3 choose
/// by the evaluation after their next move, with less and less noise (1 at random); from level 4
/// the search looks 2, 4, 6 and 9 plies ahead, and level 8 as deep as its budget allows.
/// Knight Fight rewards depth more than anything else measured here, and level 8
/// searches most games to their end in the last twenty plies, so the levels are set by
/// depth: each pair of neighbours was measured (the README's ladder).
const PROFILES: [(u32, i32); 8] = [
    (1, 3000),
    (1, 1500),
    (1, 600),
    (2, 0),
    (4, 0),
    (6, 0),
    (9, 0),
    (64, 0),
];

/// The engine's move in a Knight Fight game that has at least two legal moves.
pub(crate) fn best_move(game: &KnightFight, request: &Request, limits: Limits<'_>) -> Reply {
    let mut hasher = FxHasher::default();
    game.hash(&mut hasher);
    let root = Position {
        key: hasher.finish(),
        game: game.clone(),
    };
    let (depth, noise) = PROFILES[request.level.index()];
    let profile = Profile { depth, noise };
    let mut rng = StdRng::seed_from_u64(request.seed);
    let found = search::search(&root, Vec::new(), &profile, &mut rng, limits);
    Reply {
        text: root.game.move_text(&found.mv),
        nodes: found.nodes,
        depth: found.depth,
        score: found.score,
    }
}

#[cfg(test)]
mod tests {
    use rules::KnightFightSetup;

    use super::*;

    #[test]
    fn reach_counts_numbered_squares_one_or_two_jumps_away() {
        // 00–99 in row-major order from a1. White lands on b1 (01), which erases 10 on
        // a2; Black lands on i10 (98), which erases 89 on j9.
        let numbers: [u8; 100] = std::array::from_fn(|i| i as u8);
        let mut game = KnightFight::new(&KnightFightSetup::from_numbers(numbers).unwrap());
        game.play("b1").unwrap();
        game.play("i10").unwrap();
        // From b1: a3, c3 and d2; then c2, c4, b5 (from a3), a4, d1, d5, e2, e4 (from
        // c3, whose jump to a2 finds no number) and b3, f1, f3 (from d2).
        assert_eq!(reach(&game, Color::White), 14);
        // From i10: g9, h8 and j8; then e10, e8, f7, h7, i8, f9, g6, i6, j7, g10 and h9.
        assert_eq!(reach(&game, Color::Black), 14);
    }
}
