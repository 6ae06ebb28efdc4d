//! Swiss pairings.

use std::collections::HashMap;

use crate::{Game, Pairing, Round, Seed};

/// Work allowed to one attempt (one bye candidate at one strictness), counted in
/// possible partners looked at.
const ATTEMPT_BUDGET: u64 = 2_000_000;
/// Work allowed to all attempts of one call.
const TOTAL_BUDGET: u64 = 20_000_000;
/// From this many unpaired players down, each step checks that all of them still have a
/// possible partner.
const PRUNE_BELOW: usize = 24;

/// What the pairing knows about one active player.
#[derive(Debug, Clone, Default)]
struct Player {
    seed: Seed,
    /// Half points, byes included.
    score: u32,
    /// Whites minus blacks.
    balance: i32,
    /// Colours of the games played, in order (true = White).
    colours: Vec<bool>,
    /// Active players met, as indices into the player list.
    met: Vec<usize>,
    had_bye: bool,
}

impl Player {
    /// Whether the last two games were both of `white`'s colour.
    fn two_in_a_row(&self, white: bool) -> bool {
        matches!(self.colours.as_slice(), [.., x, y] if *x == white && *y == white)
    }
}

/// How strict one attempt is: which colour rules are absolute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    /// No repeat, |whites − blacks| ≤ 2, no three of one colour in a row.
    Strict,
    /// No repeat, |whites − blacks| ≤ 2.
    Balance,
    /// No repeat.
    Loose,
}

/// Pairs the next Swiss round among `active` (the seeds still playing; withdrawn players
/// left out), from `games` (every earlier game of the tournament, finished) and `byes`
/// (seeds that have already had a bye).
/// Rules: no two players meet twice; players of equal score are paired where possible
/// (score groups from the top, a player who cannot be paired in their group floats down
/// to the next); within a score group the top half meets the bottom half by seed; an
/// odd count gives the bye to the lowest-scoring, lowest-seeded player who has not had
/// one; colours: the player with the larger (whites − blacks) gets Black, ties broken
/// by who had White in their last game (they get Black), then the higher seed gets
/// White; avoid three of one colour in a row where the pairing allows.
/// Returns None when no round without a repeat pairing exists.
///
/// Details: `games` are taken in the order played (for colour history); games of
/// withdrawn players still count for their opponents' scores. When the colours tie on the
/// last game too, earlier games decide (the one who had White most recently where the two
/// differ gets Black) before the seed. The search tries, in this order: every colour rule
/// absolute (|whites − blacks| ≤ 2, no three in a row) with each score group sending down
/// at most one player (the last one left unpaired); the same letting more float; then
/// without the three-in-a-row rule (one floater per group, then more); then without the
/// balance rule. The bye rule comes before the colour rules: these tiers are all tried
/// for a bye candidate before the bye passes to the next, and a player gets a second bye
/// only when no round gives it to someone without one. The search is bounded: in a
/// large field where almost every pair has met it may answer None although a round
/// exists (small fields are searched exhaustively).
pub fn pair(active: &[Seed], games: &[Game], byes: &[Seed]) -> Option<Round> {
    let mut players: Vec<Player> = Vec::with_capacity(active.len());
    let mut index: HashMap<Seed, usize> = HashMap::with_capacity(active.len());
    for &seed in active {
        index.entry(seed).or_insert_with(|| {
            players.push(Player {
                seed,
                ..Player::default()
            });
            players.len() - 1
        });
    }
    for game in games {
        let w = index.get(&game.white).copied();
        let b = index.get(&game.black).copied();
        if w.is_some() && w == b {
            continue;
        }
        for (me, other, white) in [(w, b, true), (b, w, false)] {
            let Some(me) = me else { continue };
            let player = &mut players[me];
            let seed = if white { game.white } else { game.black };
            player.score = player
                .score
                .saturating_add(game.half_points_of(seed).unwrap_or(0));
            player.balance = player.balance.saturating_add(if white { 1 } else { -1 });
            player.colours.push(white);
            if let Some(other) = other {
                player.met.push(other);
            }
        }
    }
    for seed in byes {
        if let Some(&i) = index.get(seed) {
            players[i].score = players[i].score.saturating_add(2);
            players[i].had_bye = true;
        }
    }
    // Pairing order: score down, then seed up.
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&x, &y| {
        let (x, y) = (&players[x], &players[y]);
        y.score.cmp(&x.score).then(x.seed.cmp(&y.seed))
    });
    match players.len() {
        0 => return Some(Round::default()),
        1 => {
            return Some(Round {
                pairings: Vec::new(),
                bye: Some(players[0].seed),
            });
        }
        _ => {}
    }
    // Bye candidates (positions in the pairing order): lowest score first, then lowest
    // seed; those without a bye before those with one.
    let n = order.len();
    let candidates: Vec<Option<usize>> = if n.is_multiple_of(2) {
        vec![None]
    } else {
        (0..n).rev().map(Some).collect()
    };
    // Each position's score group ends (exclusive) at:
    let mut group_end = vec![n; n];
    for pos in (0..n.saturating_sub(1)).rev() {
        group_end[pos] = if players[order[pos]].score == players[order[pos + 1]].score {
            group_end[pos + 1]
        } else {
            pos + 1
        };
    }
    let mut search = Search::new(&players, &order, group_end);
    let mut left = TOTAL_BUDGET;
    let mut attempt = |level, tight, bye| {
        if left == 0 {
            return None;
        }
        let budget = left.min(ATTEMPT_BUDGET);
        search.level = level;
        search.tight = tight;
        search.budget = budget;
        let found = search.run(bye);
        left -= budget - search.budget;
        found
    };
    for had_bye in [false, true] {
        for &bye in &candidates {
            if bye.map_or(had_bye, |b| players[order[b]].had_bye != had_bye) {
                continue;
            }
            // The strictest search first; if it fails, the loosest shows whether this bye
            // allows any round at all before the ones in between are tried.
            let mut found = attempt(Level::Strict, true, bye);
            if found.is_none() {
                let Some(loosest) = attempt(Level::Loose, false, bye) else {
                    continue;
                };
                let between = [
                    (Level::Strict, false),
                    (Level::Balance, true),
                    (Level::Balance, false),
                    (Level::Loose, true),
                ];
                found = between
                    .into_iter()
                    .find_map(|(level, tight)| attempt(level, tight, bye))
                    .or(Some(loosest));
            }
            if let Some(pairs) = found {
                let pairings = pairs
                    .iter()
                    .map(|&(p, q)| {
                        let (white, black) = colours(&players[p], &players[q]);
                        Pairing {
                            white: white.seed,
                            black: black.seed,
                        }
                    })
                    .collect();
                return Some(Round {
                    pairings,
                    bye: bye.map(|b| players[order[b]].seed),
                });
            }
        }
    }
    None
}

/// Who gets White: the smaller whites − blacks; then the one who had Black in the last
/// game where their colours differ; then the higher seed.
fn colours<'a>(a: &'a Player, b: &'a Player) -> (&'a Player, &'a Player) {
    let a_white = if a.balance != b.balance {
        a.balance < b.balance
    } else if let Some((x, _)) = a
        .colours
        .iter()
        .rev()
        .zip(b.colours.iter().rev())
        .find(|(x, y)| x != y)
    {
        !x
    } else {
        a.seed < b.seed
    };
    if a_white { (a, b) } else { (b, a) }
}

/// Counts of the players still unpaired, by position (a Fenwick tree): how many lie
/// before a position, and where the k-th lies, in O(log n).
struct Counts {
    tree: Vec<i64>,
}

impl Counts {
    fn new(n: usize) -> Self {
        let mut tree = vec![0; n + 1];
        for i in 1..=n {
            tree[i] += 1;
            let parent = i + (i & i.wrapping_neg());
            if parent <= n {
                tree[parent] += tree[i];
            }
        }
        Counts { tree }
    }

    fn add(&mut self, pos: usize, delta: i64) {
        let mut i = pos + 1;
        while i < self.tree.len() {
            self.tree[i] += delta;
            i += i & i.wrapping_neg();
        }
    }

    /// How many are unpaired among positions 0..pos.
    fn before(&self, pos: usize) -> usize {
        let (mut i, mut sum) = (pos.min(self.tree.len() - 1), 0);
        while i > 0 {
            sum += self.tree[i];
            i -= i & i.wrapping_neg();
        }
        usize::try_from(sum).unwrap_or(0)
    }

    /// The position of the k-th (0-based) unpaired player, if there are that many.
    fn kth(&self, k: usize) -> Option<usize> {
        let n = self.tree.len() - 1;
        let (mut pos, mut left) = (0, i64::try_from(k).ok()?);
        let mut step = if n == 0 { 0 } else { 1 << n.ilog2() };
        while step > 0 {
            if pos + step <= n && self.tree[pos + step] <= left {
                pos += step;
                left -= self.tree[pos];
            }
            step >>= 1;
        }
        (pos < n).then_some(pos)
    }
}

/// Where one player of the search stands in going through their possible partners.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// The player's position.
    p: usize,
    /// The end (exclusive) of the player's score group.
    end: usize,
    /// The partner in the middle of the group (the first choice), or `HEAD`.
    half: usize,
    /// Whether the player may float to a lower score group.
    may_float: bool,
    /// 0: from the middle of the group down, 1: from the middle up, 2: lower groups.
    phase: u8,
    /// The next position to look at in this phase.
    cursor: usize,
    /// The partner chosen now, if any.
    chosen: Option<usize>,
}

/// The depth-first search for one round's pairs, over the players in pairing order.
/// The unpaired players form a doubly linked list (removed and restored in the reverse
/// order), so a step costs about the partners it looks at, whatever the field's size.
struct Search<'a> {
    players: &'a [Player],
    order: &'a [usize],
    group_end: Vec<usize>,
    level: Level,
    /// Whether a player may float down only as the last one unpaired in their score
    /// group (so each group sends down at most one player).
    tight: bool,
    budget: u64,
    /// Links of the unpaired list; index `n` (`head`) is the list's head and end.
    next: Vec<usize>,
    prev: Vec<usize>,
    counts: Counts,
    unpaired: usize,
}

impl<'a> Search<'a> {
    fn new(players: &'a [Player], order: &'a [usize], group_end: Vec<usize>) -> Self {
        let n = order.len();
        Search {
            players,
            order,
            group_end,
            level: Level::Strict,
            tight: true,
            budget: 0,
            next: Vec::new(),
            prev: Vec::new(),
            counts: Counts::new(n),
            unpaired: n,
        }
    }

    fn head(&self) -> usize {
        self.order.len()
    }

    /// Takes `cost` from the budget; false when it is spent.
    fn spend(&mut self, cost: u64) -> bool {
        if self.budget < cost {
            self.budget = 0;
            return false;
        }
        self.budget -= cost;
        true
    }

    fn remove(&mut self, pos: usize) {
        let (before, after) = (self.prev[pos], self.next[pos]);
        self.next[before] = after;
        self.prev[after] = before;
        self.counts.add(pos, -1);
        self.unpaired -= 1;
    }

    fn restore(&mut self, pos: usize) {
        let (before, after) = (self.prev[pos], self.next[pos]);
        self.next[before] = pos;
        self.prev[after] = pos;
        self.counts.add(pos, 1);
        self.unpaired += 1;
    }

    /// Whether the players at positions `p` and `q` may meet at this level.
    fn allowed(&self, p: usize, q: usize) -> bool {
        let (i, j) = (self.order[p], self.order[q]);
        let (a, b) = (&self.players[i], &self.players[j]);
        if a.met.contains(&j) {
            return false;
        }
        if self.level == Level::Loose {
            return true;
        }
        let (white, black) = colours(a, b);
        if white.balance >= 2 || black.balance <= -2 {
            return false;
        }
        self.level == Level::Balance || !(white.two_in_a_row(true) || black.two_in_a_row(false))
    }

    /// With few players left: whether one of them has nobody left to play.
    fn stuck(&mut self) -> bool {
        if self.unpaired > PRUNE_BELOW {
            return false;
        }
        let head = self.head();
        let mut left = Vec::with_capacity(self.unpaired);
        let mut pos = self.next[head];
        while pos != head {
            left.push(pos);
            pos = self.next[pos];
        }
        let cost = (left.len() * left.len()) as u64;
        if !self.spend(cost) {
            return true;
        }
        left.iter()
            .any(|&x| !left.iter().any(|&y| x != y && self.allowed(x, y)))
    }

    /// The frame of the first unpaired player `p`.
    fn frame(&self, p: usize) -> Frame {
        let end = self.group_end[p];
        let before = self.counts.before(p);
        let in_group = self.counts.before(end) - before;
        let half = in_group / 2;
        let half_pos = if half >= 1 {
            self.counts.kth(before + half).unwrap_or(self.head())
        } else {
            self.head()
        };
        Frame {
            p,
            end,
            half: half_pos,
            may_float: !self.tight || in_group == 1,
            phase: if half >= 1 { 0 } else { 2 },
            cursor: if half >= 1 {
                half_pos
            } else {
                self.first_below(end)
            },
            chosen: None,
        }
    }

    /// The first unpaired position at or after `end`, or `head`.
    fn first_below(&self, end: usize) -> usize {
        let k = self.counts.before(end);
        self.counts.kth(k).unwrap_or(self.head())
    }

    /// The frame's next possible partner, in order of preference: the middle of the
    /// score group and down from there, then up from the middle, then the lower groups
    /// from the top.
    fn next_partner(&mut self, f: &mut Frame) -> Option<usize> {
        let head = self.head();
        loop {
            let c = f.cursor;
            let candidate = match f.phase {
                0 if c != head && c < f.end => {
                    f.cursor = self.next[c];
                    c
                }
                0 => {
                    f.phase = 1;
                    f.cursor = self.prev[f.half];
                    continue;
                }
                1 if c != f.p && c != head => {
                    f.cursor = self.prev[c];
                    c
                }
                1 => {
                    f.phase = 2;
                    f.cursor = self.first_below(f.end);
                    continue;
                }
                2 if f.may_float && c != head => {
                    f.cursor = self.next[c];
                    c
                }
                _ => return None,
            };
            if !self.spend(1) {
                return None;
            }
            if self.allowed(f.p, candidate) {
                return Some(candidate);
            }
        }
    }

    /// Pairs everyone but the player at `bye`; the pairs as player indices, top first.
    fn run(&mut self, bye: Option<usize>) -> Option<Vec<(usize, usize)>> {
        let n = self.order.len();
        let head = n;
        self.next = (1..=n).chain([0]).collect();
        self.prev = [n].into_iter().chain(0..n).collect();
        self.counts = Counts::new(n);
        self.unpaired = n;
        if let Some(b) = bye {
            self.remove(b);
        }
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            // Enter: the first unpaired player looks for a partner.
            let p = self.next[head];
            if p == head {
                let pairs = stack
                    .iter()
                    .filter_map(|f| Some((self.order[f.p], self.order[f.chosen?])))
                    .collect();
                return Some(pairs);
            }
            if !self.spend(1) {
                return None;
            }
            if !self.stuck() {
                let frame = self.frame(p);
                stack.push(frame);
            } else if self.budget == 0 {
                return None;
            }
            // Go on with the innermost frame: undo its choice and try its next partner;
            // a frame with none left is dropped and its parent tries again.
            loop {
                let mut frame = *stack.last()?;
                if let Some(q) = frame.chosen.take() {
                    self.restore(q);
                    self.restore(frame.p);
                }
                let found = self.next_partner(&mut frame);
                if let Some(q) = found {
                    self.remove(frame.p);
                    self.remove(q);
                    frame.chosen = Some(q);
                    if let Some(top) = stack.last_mut() {
                        *top = frame;
                    }
                    break;
                }
                if self.budget == 0 {
                    return None;
                }
                stack.pop();
            }
        }
    }
}
