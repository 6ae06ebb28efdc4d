//! The search every family shares: iterative deepening, alpha-beta (negamax, fail-soft)
//! with a transposition table, optional quiescence and an optional exact solver at the
//! leaves, under a node budget, a deadline and a stop flag.

use std::{
    sync::atomic::{AtomicBool, Ordering},
    time::Instant,
};

use rand::{Rng, rngs::StdRng};

use crate::Budget;

/// A game won on the board: `WIN + margin` (the margin is the family's score difference).
pub(crate) const WIN: i32 = 1_000_000;
/// A chess mate: `MATE - plies to the mate`.
pub(crate) const MATE: i32 = 2_000_000;
/// Scores at least this far from zero are mates, stored in the table relative to the node.
const MATE_BOUND: i32 = MATE - 10_000;
/// Above every score.
const INFINITY: i32 = 3_000_000;
/// The deepest ply the search goes to, extensions and quiescence included.
const MAX_PLY: u32 = 128;

/// The score of a finished game from the mover's view, given its score difference.
pub(crate) fn game_end(margin: i32) -> i32 {
    match margin.signum() {
        1 => WIN + margin,
        -1 => -WIN + margin,
        _ => 0,
    }
}

/// The node budget, deadline and stop flag of one call, and the nodes visited so far.
pub(crate) struct Limits<'a> {
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    aborted: bool,
}

impl<'a> Limits<'a> {
    /// The limits of `budget`, its time counted from `start`.
    pub(crate) fn new(budget: &Budget, start: Instant, stop: &'a AtomicBool) -> Limits<'a> {
        Limits {
            nodes: 0,
            max_nodes: budget.nodes,
            deadline: budget.time.and_then(|time| start.checked_add(time)),
            stop,
            aborted: false,
        }
    }

    /// Counts a visit to one more position; `false` (and the search must unwind) once a
    /// limit is reached. Never lets the count pass the node budget.
    #[inline]
    pub(crate) fn visit(&mut self) -> bool {
        if self.aborted {
            return false;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(256)
            && (self.stop.load(Ordering::Relaxed)
                || self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline))
        {
            self.aborted = true;
            return false;
        }
        true
    }

    /// Whether a limit was reached.
    pub(crate) const fn aborted(&self) -> bool {
        self.aborted
    }

    /// Positions visited so far.
    pub(crate) const fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// A position the search can walk: what each family provides.
pub(crate) trait Node: Clone {
    /// A move of the family, small and copyable.
    type Move: Copy + Eq;

    /// Whether leaves are searched on through [`Node::is_noisy`] moves (chess).
    const QUIESCENCE: bool = false;

    /// Appends the legal moves to `out`; none once the game is over.
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv`.
    fn play(&self, mv: Self::Move) -> Self;

    /// The score of the finished game (no legal move), from the mover's view, `ply`
    /// plies below the root.
    fn end_score(&self, ply: u32) -> i32;

    /// The static evaluation from the mover's view; `moves` are the mover's legal moves.
    fn evaluate(&self, moves: &[Self::Move]) -> i32;

    /// The transposition-table key.
    fn key(&self) -> u64;

    /// How promising `mv` looks: higher is searched first.
    fn order(&self, mv: Self::Move) -> i32;

    /// Whether the position is drawn by a rule other than having no move (chess: the
    /// 75-move rule, insufficient material).
    fn is_drawn(&self) -> bool {
        false
    }

    /// Plies since the last irreversible move: how far back a repetition may lie (0 in
    /// games without repetitions).
    fn reversible_plies(&self) -> u32 {
        0
    }

    /// Whether the mover is in check (searched one ply deeper, never stood pat on).
    fn in_check(&self) -> bool {
        false
    }

    /// Whether quiescence searches `mv` (captures and promotions in chess).
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The exact score when the family can solve the position outright (Reversi's last
    /// empties), as a fail-soft bound against `alpha` and `beta`.
    fn solve(&self, _alpha: i32, _beta: i32, _limits: &mut Limits<'_>) -> Option<i32> {
        None
    }

    /// An upper bound on the plies left in the game: deeper iterations are pointless.
    fn plies_left(&self) -> Option<u32> {
        None
    }
}

/// How a level searches.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Profile {
    /// The deepest iteration (plies).
    pub(crate) depth: u32,
    /// Each root move's score gets a random bonus from 0 to this, drawn once per call;
    /// the move with the highest sum is played. Zero plays the search's best move.
    pub(crate) noise: i32,
}

/// What a search found.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found<M> {
    /// The move to play.
    pub(crate) mv: M,
    /// Its score (from the mover's view), when an iteration scored it.
    pub(crate) score: Option<i32>,
    /// The last completed iteration.
    pub(crate) depth: u32,
    /// Positions visited.
    pub(crate) nodes: u64,
}

/// Which side of the true score a stored score is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true score is at least the stored one.
    Lower,
    /// The true score is at most the stored one.
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry<M> {
    key: u64,
    mv: Option<M>,
    score: i32,
    depth: u32,
    bound: Bound,
}

/// One search: the limits, the table and the path from the game's start.
struct Searcher<'a, N: Node> {
    limits: Limits<'a>,
    table: Vec<Option<Entry<N::Move>>>,
    /// Keys of the positions before the current one (the game's, then the search's).
    path: Vec<u64>,
    /// The depth of the iteration under way, bounding check extensions.
    iteration: u32,
}

/// Searches `root` (which has at least one legal move) as `profile` says, within
/// `limits`. `history` holds the keys of the game's earlier positions, oldest first, for
/// repetitions.
pub(crate) fn search<N: Node>(
    root: &N,
    history: Vec<u64>,
    profile: &Profile,
    rng: &mut StdRng,
    limits: Limits<'_>,
) -> Found<N::Move> {
    let mut moves = Vec::new();
    root.moves(&mut moves);
    assert!(
        !moves.is_empty(),
        "search needs a position with a legal move"
    );
    let table = vec![None; 1 << table_bits(limits.max_nodes)];
    let mut searcher = Searcher::<N> {
        limits,
        table,
        path: history,
        iteration: 0,
    };
    // Order once by the family's guess; each iteration moves its best to the front.
    let mut ranked: Vec<(N::Move, i32)> = moves
        .iter()
        .map(|&mv| {
            let bonus = if profile.noise > 0 {
                rng.random_range(0..=profile.noise)
            } else {
                0
            };
            (mv, bonus)
        })
        .collect();
    ranked.sort_by_key(|&(mv, _)| -root.order(mv));
    let mut found = Found {
        mv: ranked[0].0,
        score: None,
        depth: 0,
        nodes: 0,
    };
    let max_depth = root
        .plies_left()
        .map_or(profile.depth, |left| profile.depth.min(left.max(1)));
    let root_key = root.key();
    for depth in 1..=max_depth {
        searcher.iteration = depth;
        let mut best: Option<(usize, i32, i32)> = None;
        let mut alpha = -INFINITY;
        for (index, &(mv, bonus)) in ranked.iter().enumerate() {
            let child = root.play(mv);
            searcher.path.push(root_key);
            let score = if profile.noise > 0 {
                -searcher.negamax(&child, depth - 1, -INFINITY, INFINITY, 1)
            } else {
                -searcher.negamax(&child, depth - 1, -INFINITY, -alpha, 1)
            };
            searcher.path.pop();
            if searcher.limits.aborted() {
                break;
            }
            let total = score.saturating_add(bonus);
            if best.is_none_or(|(_, _, best_total)| total > best_total) {
                best = Some((index, score, total));
            }
            alpha = alpha.max(score);
        }
        if let Some((index, score, _)) = best {
            // A part-searched iteration still counts: its first move was the last
            // iteration's best, so what beat it is better.
            found.mv = ranked[index].0;
            found.score = Some(score);
            let entry = ranked.remove(index);
            ranked.insert(0, entry);
        }
        if searcher.limits.aborted() {
            break;
        }
        found.depth = depth;
    }
    found.nodes = searcher.limits.nodes();
    found
}

impl<N: Node> Searcher<'_, N> {
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry<N::Move>> {
        self.table[self.slot(key)].filter(|entry| entry.key == key)
    }

    fn store(&mut self, entry: Entry<N::Move>) {
        let slot = self.slot(entry.key);
        let keep =
            self.table[slot].is_some_and(|old| old.key != entry.key && old.depth > entry.depth + 2);
        if !keep {
            self.table[slot] = Some(entry);
        }
    }

    /// Whether the position `key` stood before, the same side to move, since the last
    /// irreversible move.
    fn is_repetition(&self, node: &N, key: u64) -> bool {
        let reversible = node.reversible_plies() as usize;
        let length = self.path.len();
        (4..=reversible.min(length))
            .step_by(2)
            .any(|back| self.path[length - back] == key)
    }

    fn negamax(&mut self, node: &N, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if !self.limits.visit() {
            return 0;
        }
        let key = node.key();
        if node.is_drawn() || self.is_repetition(node, key) {
            return 0;
        }
        let mut moves = Vec::new();
        node.moves(&mut moves);
        if moves.is_empty() {
            return node.end_score(ply);
        }
        if let Some(score) = node.solve(alpha, beta, &mut self.limits) {
            return score;
        }
        let mut depth = depth;
        if node.in_check() && ply < 2 * self.iteration + 2 {
            depth += 1;
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.leaf(node, &moves, alpha, beta, ply);
        }
        let mut table_move = None;
        if let Some(entry) = self.probe(key) {
            table_move = entry.mv;
            if entry.depth >= depth {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        order(node, &mut moves, table_move);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for mv in moves {
            let child = node.play(mv);
            self.path.push(key);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            self.path.pop();
            if self.limits.aborted() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(Entry {
            key,
            mv: best_move,
            score: to_table(best, ply),
            depth,
            bound,
        });
        best
    }

    /// The score at the search horizon: the evaluation, or with quiescence the best of
    /// standing pat and the noisy moves (every move when in check).
    fn leaf(&mut self, node: &N, moves: &[N::Move], mut alpha: i32, beta: i32, ply: u32) -> i32 {
        let in_check = N::QUIESCENCE && node.in_check();
        let mut best = -INFINITY;
        if !in_check {
            best = node.evaluate(moves);
            if !N::QUIESCENCE || best >= beta || ply >= MAX_PLY {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut noisy: Vec<N::Move> = if in_check {
            moves.to_vec()
        } else {
            moves
                .iter()
                .copied()
                .filter(|&mv| node.is_noisy(mv))
                .collect()
        };
        order(node, &mut noisy, None);
        for mv in noisy {
            let child = node.play(mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.limits.aborted() {
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

    fn quiesce(&mut self, node: &N, alpha: i32, beta: i32, ply: u32) -> i32 {
        if !self.limits.visit() {
            return 0;
        }
        if node.is_drawn() {
            return 0;
        }
        let mut moves = Vec::new();
        node.moves(&mut moves);
        if moves.is_empty() {
            return node.end_score(ply);
        }
        self.leaf(node, &moves, alpha, beta, ply)
    }
}

/// The transposition table's size for a node budget: about one entry per two nodes,
/// from 2^12 to 2^20 entries.
fn table_bits(max_nodes: u64) -> u32 {
    let wanted = (max_nodes / 2).max(1);
    (64 - wanted.leading_zeros()).clamp(12, 20)
}

/// Sorts `moves` best guess first: the table's move, then by the family's order.
fn order<N: Node>(node: &N, moves: &mut [N::Move], first: Option<N::Move>) {
    moves.sort_by_cached_key(|&mv| {
        if Some(mv) == first {
            i32::MIN
        } else {
            -node.order(mv)
        }
    });
}

/// A score as the table keeps it: mates counted from this node, not the root.
const fn to_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A score from the table, mates counted from the root again.
const fn from_table(score: i32, ply: u32) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
