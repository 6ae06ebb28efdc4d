//! Round robin schedules: every pair once (twice when double), byes, colours.

use std::collections::HashMap;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tournament::{Game, Outcome, Seed, round_robin, standings};

const SIZES: [usize; 6] = [2, 3, 7, 8, 9, 33];

fn check(players: &[Seed], double: bool) {
    let n = players.len();
    let rounds = round_robin::schedule(players, double);
    let cycle = if n.is_multiple_of(2) { n - 1 } else { n };
    assert_eq!(
        rounds.len(),
        if double { 2 * cycle } else { cycle },
        "n={n}"
    );
    let mut meetings: HashMap<(Seed, Seed), u32> = HashMap::new();
    let mut balance: HashMap<Seed, i32> = HashMap::new();
    for (c, cycle_rounds) in rounds.chunks(cycle).enumerate() {
        let mut byes: HashMap<Seed, u32> = HashMap::new();
        for round in cycle_rounds {
            let mut seen: Vec<Seed> = round.bye.into_iter().collect();
            for p in &round.pairings {
                seen.extend([p.white, p.black]);
                *meetings.entry((p.white, p.black)).or_default() += 1;
                *balance.entry(p.white).or_default() += 1;
                *balance.entry(p.black).or_default() -= 1;
            }
            seen.sort_unstable();
            let mut all = players.to_vec();
            all.sort_unstable();
            assert_eq!(seen, all, "everyone once in each round (n={n})");
            assert_eq!(round.bye.is_some(), n % 2 == 1);
            if let Some(b) = round.bye {
                *byes.entry(b).or_default() += 1;
            }
        }
        if n % 2 == 1 {
            assert_eq!(byes.len(), n, "cycle {c}: everyone has a bye");
            assert!(byes.values().all(|&b| b == 1), "one bye each per cycle");
        }
        if c == 0 {
            assert!(balance.values().all(|b| b.abs() <= 1), "n={n}: {balance:?}");
        }
    }
    for (i, &a) in players.iter().enumerate() {
        for &b in &players[i + 1..] {
            let ab = meetings.get(&(a, b)).copied().unwrap_or(0);
            let ba = meetings.get(&(b, a)).copied().unwrap_or(0);
            if double {
                assert_eq!((ab, ba), (1, 1), "{a} and {b} meet once with each colour");
            } else {
                assert_eq!(ab + ba, 1, "{a} and {b} meet once");
            }
        }
    }
    if double {
        assert!(balance.values().all(|&b| b == 0), "double: equal colours");
    }
}

#[test]
fn every_pair_meets_once_or_twice() {
    for n in SIZES.into_iter().chain(4..=20) {
        let players: Vec<Seed> = (0..n).collect();
        check(&players, false);
        check(&players, true);
    }
}

#[test]
fn any_seeds_and_degenerate_sizes() {
    check(&[40, 3, 17], false);
    check(&[40, 3, 17, 9, 12, 100], true);
    assert!(round_robin::schedule(&[], false).is_empty());
    assert!(round_robin::schedule(&[5], true).is_empty());
}

#[test]
fn played_to_the_end_with_random_results() {
    for n in SIZES {
        for seed in 0..20 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let players: Vec<Seed> = (0..n).collect();
            let (mut games, mut byes) = (Vec::new(), Vec::new());
            for round in round_robin::schedule(&players, seed % 2 == 0) {
                for p in round.pairings {
                    let outcome = [Outcome::WhiteWon, Outcome::BlackWon, Outcome::Draw]
                        [rng.random_range(0..3)];
                    games.push(Game {
                        white: p.white,
                        black: p.black,
                        outcome: Some(outcome),
                    });
                }
                byes.extend(round.bye);
            }
            let table = standings::rank(&players, &games, &byes);
            let total: u32 = table.iter().map(|s| s.half_points).sum();
            assert_eq!(total as usize, 2 * games.len() + 2 * byes.len());
            let played: u32 = table.iter().map(|s| s.played).sum();
            assert_eq!(played as usize, 2 * games.len());
        }
    }
}

#[test]
fn colours_alternate() {
    for n in SIZES {
        let players: Vec<Seed> = (0..n).collect();
        let mut history: HashMap<Seed, Vec<bool>> = HashMap::new();
        for round in round_robin::schedule(&players, false) {
            for p in round.pairings {
                history.entry(p.white).or_default().push(true);
                history.entry(p.black).or_default().push(false);
            }
        }
        let longest = history
            .values()
            .map(|h| {
                h.chunk_by(|a, b| a == b)
                    .map(<[bool]>::len)
                    .max()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        eprintln!("round robin n={n}: longest run of one colour {longest}");
        assert!(longest <= 2, "n={n}");
    }
}
