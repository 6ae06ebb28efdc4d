//! Reversi on every size: the engine's own bitboards (one `u128` per side, bit
//! `rank * size + file`), an evaluation of mobility, corners, the squares next to empty
//! corners, frontier discs and stable discs, and an exact solver for the last empties.

use std::hash::{Hash, Hasher};

use rand::{SeedableRng, rngs::StdRng};
use rules::{Color, Game, Reversi, Square, Variant};
use rustc_hash::FxHasher;

use crate::{
    Reply, Request,
    search::{self, Limits, Node, Profile, WIN, game_end},
};

/// The move that passes.
const PASS: u8 = u8::MAX;

/// The eight directions as (files, ranks).
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// A board size's masks.
#[derive(Debug)]
pub(crate) struct Geometry {
    size: u32,
    full: u128,
    /// Every square but those of the first file (a shift eastwards must land here).
    not_first_file: u128,
    /// Every square but those of the last file (a shift westwards must land here).
    not_last_file: u128,
    centre: u128,
    /// Each corner, with its diagonal neighbour (X-square) and its two edge neighbours
    /// (C-squares).
    corners: [(u128, u128, u128); 4],
    /// The board's lines along each axis (rows, columns, both diagonals), unused slots 0.
    lines: [[u128; 19]; 4],
}

const fn bit(size: u32, file: u32, rank: u32) -> u128 {
    1 << (rank * size + file)
}

const fn geometry(size: u32) -> Geometry {
    let full = (1u128 << (size * size)) - 1;
    let mut first_file = 0;
    let mut last_file = 0;
    let mut rank = 0;
    while rank < size {
        first_file |= bit(size, 0, rank);
        last_file |= bit(size, size - 1, rank);
        rank += 1;
    }
    let low = size / 2 - 1;
    let centre = bit(size, low, low)
        | bit(size, low + 1, low)
        | bit(size, low, low + 1)
        | bit(size, low + 1, low + 1);
    let m = size - 1;
    let corners = [
        (
            bit(size, 0, 0),
            bit(size, 1, 1),
            bit(size, 1, 0) | bit(size, 0, 1),
        ),
        (
            bit(size, m, 0),
            bit(size, m - 1, 1),
            bit(size, m - 1, 0) | bit(size, m, 1),
        ),
        (
            bit(size, 0, m),
            bit(size, 1, m - 1),
            bit(size, 1, m) | bit(size, 0, m - 1),
        ),
        (
            bit(size, m, m),
            bit(size, m - 1, m - 1),
            bit(size, m - 1, m) | bit(size, m, m - 1),
        ),
    ];
    let mut lines = [[0u128; 19]; 4];
    let mut index = 0;
    while index < size {
        let mut along = 0;
        while along < size {
            lines[0][index as usize] |= bit(size, along, index);
            lines[1][index as usize] |= bit(size, index, along);
            along += 1;
        }
        index += 1;
    }
    // Diagonals: file - rank constant (axis 2) and file + rank constant (axis 3).
    let mut file = 0;
    while file < size {
        let mut rank = 0;
        while rank < size {
            let rising = (file + m - rank) as usize;
            let falling = (file + rank) as usize;
            lines[2][rising] |= bit(size, file, rank);
            lines[3][falling] |= bit(size, file, rank);
            rank += 1;
        }
        file += 1;
    }
    Geometry {
        size,
        full,
        not_first_file: full & !first_file,
        not_last_file: full & !last_file,
        centre,
        corners,
        lines,
    }
}

static SIX: Geometry = geometry(6);
static EIGHT: Geometry = geometry(8);
static TEN: Geometry = geometry(10);

impl Geometry {
    /// The masks of a 6, 8 or 10 board.
    pub(crate) fn of(size: u8) -> &'static Geometry {
        match size {
            6 => &SIX,
            8 => &EIGHT,
            _ => &TEN,
        }
    }

    /// Every square moved one step in direction `(files, ranks)`, dropping what leaves
    /// the board.
    #[inline(always)]
    fn shift(&self, bits: u128, (files, ranks): (i32, i32)) -> u128 {
        let step = ranks * self.size as i32 + files;
        let moved = if step > 0 {
            bits << step
        } else {
            bits >> -step
        };
        let moved = match files {
            1 => moved & self.not_first_file,
            -1 => moved & self.not_last_file,
            _ => moved,
        };
        moved & self.full
    }

    /// The squares where `me` may place a disc after the opening phase.
    pub(crate) fn moves(&self, me: u128, opp: u128) -> u128 {
        let empty = self.full & !(me | opp);
        let mut found = 0;
        for direction in DIRECTIONS {
            let mut run = self.shift(me, direction) & opp;
            for _ in 2..self.size {
                run |= self.shift(run, direction) & opp;
            }
            found |= self.shift(run, direction) & empty;
        }
        found
    }

    /// The discs a placement by `me` on `square` flips.
    pub(crate) fn flips(&self, me: u128, opp: u128, square: u128) -> u128 {
        let mut flipped = 0;
        for direction in DIRECTIONS {
            let mut run = 0;
            let mut next = self.shift(square, direction);
            while next & opp != 0 {
                run |= next;
                next = self.shift(next, direction);
            }
            if next & me != 0 {
                flipped |= run;
            }
        }
        flipped
    }

    /// Discs of `mine` that can never be flipped: on each axis the line is full, or a
    /// neighbour is off the board or itself such a disc.
    fn stable(&self, mine: u128, occupied: u128) -> u128 {
        let mut full_lines = [0u128; 4];
        for (axis, lines) in self.lines.iter().enumerate() {
            for &line in lines {
                if line != 0 && occupied & line == line {
                    full_lines[axis] |= line;
                }
            }
        }
        let axes = [(1, 0), (0, 1), (1, -1), (1, 1)];
        let mut stable = 0;
        for _ in 0..self.size * 2 {
            let mut next = mine;
            for (axis, &direction) in axes.iter().enumerate() {
                let back = (-direction.0, -direction.1);
                let edge =
                    self.full & !(self.shift(self.full, back) & self.shift(self.full, direction));
                next &= full_lines[axis]
                    | edge
                    | self.shift(stable, back)
                    | self.shift(stable, direction);
            }
            if next == stable {
                break;
            }
            stable = next;
        }
        stable
    }

    /// The squares next to any of `squares`.
    fn neighbours(&self, squares: u128) -> u128 {
        DIRECTIONS.iter().fold(0, |around, &direction| {
            around | self.shift(squares, direction)
        })
    }
}

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
        evaluate(self, moves)
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

/// Weights of the evaluation, in hundredths of a disc.
const CORNER: i32 = 800;
const X_SQUARE: i32 = 250;
const C_SQUARE: i32 = 80;
const MOBILITY: i32 = 70;
const FRONTIER: i32 = 15;
const STABLE: i32 = 120;

/// The evaluation from the mover's view; `moves` are the mover's.
fn evaluate(position: &Position, moves: &[u8]) -> i32 {
    let geometry = position.geometry;
    let (me, opp) = (position.me, position.opp);
    if position.in_opening() {
        return 0;
    }
    let occupied = me | opp;
    let empty = geometry.full & !occupied;
    let mine = if moves == [PASS] {
        0
    } else {
        moves.len() as i32
    };
    let theirs = geometry.moves(opp, me).count_ones() as i32;
    let mut score = MOBILITY * (mine - theirs);
    let mut any_corner = false;
    for &(corner, x_square, c_squares) in &geometry.corners {
        let count = |side: u128, squares: u128| (side & squares).count_ones() as i32;
        if occupied & corner != 0 {
            any_corner = true;
            score += CORNER * (count(me, corner) - count(opp, corner));
        } else {
            score -= X_SQUARE * (count(me, x_square) - count(opp, x_square));
            score -= C_SQUARE * (count(me, c_squares) - count(opp, c_squares));
        }
    }
    let near_empty = geometry.neighbours(empty);
    score -=
        FRONTIER * ((me & near_empty).count_ones() as i32 - (opp & near_empty).count_ones() as i32);
    if any_corner {
        let stable_mine = geometry.stable(me, occupied).count_ones() as i32;
        let stable_theirs = geometry.stable(opp, occupied).count_ones() as i32;
        score += STABLE * (stable_mine - stable_theirs);
    }
    score
}

/// The exact final disc margin for `me` (mover minus opponent) with both playing their
/// best, fail-soft against the window `alpha`–`beta`. Passes are played as the rules
/// say; the game ends when neither side can place.
pub(crate) fn solve(
    geometry: &Geometry,
    me: u128,
    opp: u128,
    mut alpha: i32,
    beta: i32,
    limits: &mut Limits<'_>,
) -> i32 {
    if !limits.visit() {
        return 0;
    }
    let mut targets = geometry.moves(me, opp);
    if targets == 0 {
        if geometry.moves(opp, me) == 0 {
            return me.count_ones() as i32 - opp.count_ones() as i32;
        }
        return -solve(geometry, opp, me, -beta, -alpha, limits);
    }
    let mut children: Vec<(u128, u128, i32)> = Vec::with_capacity(targets.count_ones() as usize);
    let sort = targets.count_ones() > 1 && (geometry.full & !(me | opp)).count_ones() > 6;
    while targets != 0 {
        let at = targets & targets.wrapping_neg();
        targets ^= at;
        let flips = geometry.flips(me, opp, at);
        let (child_me, child_opp) = (opp & !flips, me | flips | at);
        let replies = if sort {
            geometry.moves(child_me, child_opp).count_ones() as i32
                - if geometry.corners.iter().any(|&(corner, _, _)| corner == at) {
                    4
                } else {
                    0
                }
        } else {
            0
        };
        children.push((child_me, child_opp, replies));
    }
    if sort {
        children.sort_by_key(|&(_, _, replies)| replies);
    }
    let mut best = i32::MIN + 1;
    for (child_me, child_opp, _) in children {
        let score = -solve(geometry, child_me, child_opp, -beta, -alpha, limits);
        if limits.aborted() {
            return 0;
        }
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
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
