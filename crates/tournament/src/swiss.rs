//! Swiss pairings.

use std::collections::HashMap;

use crate::{Game, Pairing, Round, Seed};

/// Work allowed to one attempt (one bye candidate at one strictness), in steps of the
/// search (each costs about the number of players still unpaired).
const ATTEMPT_BUDGET: u64 = 2_000_000;
/// Work allowed to all attempts of one call.
const TOTAL_BUDGET: u64 = 40_000_000;
/// Below this many unpaired players each step checks that all of them still have a partner.
const PRUNE_BELOW: usize = 48;

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
/// Details: the search first lets each score group send down at most one player (the
/// last one left unpaired), and only when that fails lets more float. `games` are taken in the order played (for colour history); games of
/// withdrawn players still count for their opponents' scores. When the colours tie on
/// the last game too, earlier games decide (the one who had White most recently where
/// the two differ gets Black) before the seed. The search first keeps every colour
/// rule absolute (|whites − blacks| ≤ 2, no three in a row), then drops the three-in-a-row
/// rule, then the balance rule, before it passes the bye to the next candidate (the bye
/// rule comes before the colour rules); a player gets a second bye only when no pairing
/// gives it to someone without one. The search is bounded: in a huge field where almost every
/// pair has met it may answer None although a pairing exists.
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
            player.score += game.half_points_of(seed).unwrap_or(0);
            player.balance += if white { 1 } else { -1 };
            player.colours.push(white);
            if let Some(other) = other {
                player.met.push(other);
            }
        }
    }
    for seed in byes {
        if let Some(&i) = index.get(seed) {
            players[i].score += 2;
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
    // Bye candidates: lowest score first, then lowest seed; those without a bye first.
    let candidates: Vec<Option<usize>> = if players.len().is_multiple_of(2) {
        vec![None]
    } else {
        order.iter().rev().map(|&i| Some(i)).collect()
    };
    let mut search = Search {
        players: &players,
        level: Level::Strict,
        tight: true,
        budget: 0,
        exhausted: false,
        pairs: Vec::new(),
    };
    let mut left = TOTAL_BUDGET;
    for had_bye in [false, true] {
        for &bye in &candidates {
            if bye.map_or(had_bye, |b| players[b].had_bye != had_bye) {
                continue;
            }
            let remaining: Vec<usize> = order.iter().copied().filter(|&i| Some(i) != bye).collect();
            let tiers = [Level::Strict, Level::Balance, Level::Loose]
                .into_iter()
                .flat_map(|level| [(level, true), (level, false)]);
            for (level, tight) in tiers {
                if left == 0 {
                    return None;
                }
                search.level = level;
                search.tight = tight;
                search.budget = left.min(ATTEMPT_BUDGET);
                search.exhausted = false;
                search.pairs.clear();
                let found = search.solve(&remaining);
                left -= left.min(ATTEMPT_BUDGET) - search.budget;
                if found {
                    search.pairs.reverse();
                    let pairings = search
                        .pairs
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
                        bye: bye.map(|b| players[b].seed),
                    });
                }
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

/// The depth-first search for one round's pairs.
struct Search<'a> {
    players: &'a [Player],
    level: Level,
    /// Whether a player may float down only as the last one unpaired in their score
    /// group (so each group sends down at most one player).
    tight: bool,
    budget: u64,
    exhausted: bool,
    /// The pairs found, last first.
    pairs: Vec<(usize, usize)>,
}

impl Search<'_> {
    /// Whether `p` and `q` may meet at this level.
    fn allowed(&self, p: usize, q: usize) -> bool {
        let (a, b) = (&self.players[p], &self.players[q]);
        if a.met.contains(&q) {
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

    /// Pairs everyone in `remaining` (in pairing order); true when it could.
    fn solve(&mut self, remaining: &[usize]) -> bool {
        let Some(&p) = remaining.first() else {
            return true;
        };
        let cost = remaining.len() as u64;
        if self.exhausted || self.budget < cost {
            self.exhausted = true;
            return false;
        }
        self.budget -= cost;
        if remaining.len() <= PRUNE_BELOW {
            let stuck = remaining
                .iter()
                .any(|&x| !remaining.iter().any(|&y| x != y && self.allowed(x, y)));
            if stuck {
                return false;
            }
        }
        let score = self.players[p].score;
        let group = remaining
            .iter()
            .take_while(|&&q| self.players[q].score == score)
            .count();
        let half = group / 2;
        // The bottom half from its top, then the top half from its bottom, then the
        // lower score groups from the top.
        let floats = if self.tight && group > 1 {
            remaining.len()..remaining.len()
        } else {
            group..remaining.len()
        };
        let choices = (half.max(1)..group).chain((1..half).rev()).chain(floats);
        let mut next = Vec::with_capacity(remaining.len().saturating_sub(2));
        for j in choices {
            if self.exhausted {
                return false;
            }
            let q = remaining[j];
            if !self.allowed(p, q) {
                continue;
            }
            next.clear();
            next.extend(
                remaining
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != 0 && i != j)
                    .map(|(_, &x)| x),
            );
            if self.solve(&next) {
                self.pairs.push((p, q));
                return true;
            }
        }
        false
    }
}
