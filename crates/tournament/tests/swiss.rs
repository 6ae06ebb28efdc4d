//! Swiss tournaments played to the end with random results.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tournament::{Game, Outcome, Pairing, Round, Seed, standings, swiss};

/// What a whole tournament's checks counted.
#[derive(Debug, Default)]
struct Tally {
    three_in_a_row: usize,
    cross_score_pairs: usize,
    pairs: usize,
    slowest: Duration,
}

fn random_outcome(rng: &mut SmallRng) -> Outcome {
    [Outcome::WhiteWon, Outcome::BlackWon, Outcome::Draw][rng.random_range(0..3)]
}

fn scores(players: &[Seed], games: &[Game], byes: &[Seed]) -> HashMap<Seed, u32> {
    standings::rank(players, games, byes)
        .into_iter()
        .map(|s| (s.seed, s.half_points))
        .collect()
}

/// Plays `rounds` rounds among `n` players, checking every rule as it goes.
fn play(n: usize, rounds: usize, seed: u64, tally: &mut Tally) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let players: Vec<Seed> = (0..n).collect();
    let (mut games, mut byes): (Vec<Game>, Vec<Seed>) = (Vec::new(), Vec::new());
    let mut met: HashSet<(Seed, Seed)> = HashSet::new();
    let mut colours: HashMap<Seed, Vec<bool>> = HashMap::new();
    for r in 0..rounds {
        let before = scores(&players, &games, &byes);
        let start = Instant::now();
        let round: Round = swiss::pair(&players, &games, &byes)
            .unwrap_or_else(|| panic!("n={n} seed={seed} round {r}: no pairing"));
        tally.slowest = tally.slowest.max(start.elapsed());
        let mut seen: Vec<Seed> = round.bye.into_iter().collect();
        for p in &round.pairings {
            seen.extend([p.white, p.black]);
        }
        seen.sort_unstable();
        assert_eq!(
            seen, players,
            "n={n} seed={seed} round {r}: everyone exactly once"
        );
        assert_eq!(round.bye.is_some(), n % 2 == 1);
        if let Some(b) = round.bye {
            assert!(!byes.contains(&b), "n={n} seed={seed}: second bye for {b}");
            // The bye goes to the lowest score, then the lowest seed, among those without one.
            let best = players
                .iter()
                .filter(|p| !byes.contains(p))
                .map(|&p| (before[&p], std::cmp::Reverse(p)))
                .min();
            let got = (before[&b], std::cmp::Reverse(b));
            assert!(
                Some(got) == best || before[&b] == best.map_or(0, |x| x.0),
                "bye to {b}, expected {best:?}"
            );
            byes.push(b);
        }
        if r == 1 {
            check_score_groups(&round, &before, &met);
        }
        for &Pairing { white, black } in &round.pairings {
            assert!(
                met.insert((white.min(black), white.max(black))),
                "n={n} seed={seed} round {r}: {white} and {black} meet again"
            );
            tally.pairs += 1;
            if before[&white] != before[&black] {
                tally.cross_score_pairs += 1;
            }
            for (p, white) in [(white, true), (black, false)] {
                let history = colours.entry(p).or_default();
                history.push(white);
                let balance: i32 = history.iter().map(|&w| if w { 1 } else { -1 }).sum();
                assert!(
                    balance.abs() <= 2,
                    "n={n} seed={seed} round {r}: {p} {history:?}"
                );
                if history.len() >= 3 && history[history.len() - 3..].iter().all(|&c| c == white) {
                    tally.three_in_a_row += 1;
                }
            }
            games.push(Game {
                white,
                black,
                outcome: Some(random_outcome(&mut rng)),
            });
        }
    }
}

/// In round 2, when every score group (the bye aside) is even and can pair within
/// itself, every pairing is between equal scores.
fn check_score_groups(round: &Round, before: &HashMap<Seed, u32>, met: &HashSet<(Seed, Seed)>) {
    let mut groups: HashMap<u32, Vec<Seed>> = HashMap::new();
    for (&p, &s) in before {
        if Some(p) != round.bye {
            groups.entry(s).or_default().push(p);
        }
    }
    let pairable = groups.values().all(|g| {
        g.len() % 2 == 0 && !(g.len() == 2 && met.contains(&(g[0].min(g[1]), g[0].max(g[1]))))
    });
    if pairable {
        for p in &round.pairings {
            assert_eq!(
                before[&p.white], before[&p.black],
                "round 2 pairs within score groups"
            );
        }
    }
}

fn rounds_for(n: usize) -> usize {
    let log = usize::BITS - (n - 1).leading_zeros();
    (log as usize + 1).min(n - 1)
}

#[test]
fn small_and_medium_fields() {
    for n in [2, 3, 7, 8, 9, 33] {
        let mut tally = Tally::default();
        for seed in 0..200 {
            play(n, rounds_for(n), seed, &mut tally);
        }
        eprintln!(
            "n={n} rounds={}: {} pairs, {} across score groups, {} three-in-a-row, slowest {:?}",
            rounds_for(n),
            tally.pairs,
            tally.cross_score_pairs,
            tally.three_in_a_row,
            tally.slowest
        );
    }
}

#[test]
fn a_thousand_players_ten_rounds() {
    let mut tally = Tally::default();
    for seed in 0..2 {
        play(1000, 10, seed, &mut tally);
        play(999, 10, seed, &mut tally);
    }
    eprintln!(
        "1000/999 players, 10 rounds: {} pairs, {} across score groups, {} three-in-a-row, slowest {:?}",
        tally.pairs, tally.cross_score_pairs, tally.three_in_a_row, tally.slowest
    );
    assert!(
        tally.slowest < Duration::from_secs(2),
        "{:?}",
        tally.slowest
    );
}

#[test]
fn first_round_top_half_meets_bottom_half() {
    let round = swiss::pair(&[0, 1, 2, 3, 4, 5, 6, 7], &[], &[]).expect("pairs");
    let pairs: Vec<(Seed, Seed)> = round.pairings.iter().map(|p| (p.white, p.black)).collect();
    assert_eq!(pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    let round = swiss::pair(&[0, 1, 2, 3, 4], &[], &[]).expect("pairs");
    assert_eq!(round.bye, Some(4));
    assert_eq!(round.pairings.len(), 2);
}

#[test]
fn colours_follow_balance_then_last_game_then_seed() {
    let win = Some(Outcome::Draw);
    let g = |white, black| Game {
        white,
        black,
        outcome: win,
    };
    // 0 has had White once more than 1: 0 gets Black.
    let round = swiss::pair(&[0, 1], &[g(0, 2), g(3, 1), g(0, 3), g(1, 2)], &[]).expect("pairs");
    assert_eq!(round.pairings, vec![Pairing { white: 1, black: 0 }]);
    // Equal balance; 1 had White last: 1 gets Black.
    let round = swiss::pair(&[0, 1], &[g(0, 2), g(3, 1), g(2, 0), g(1, 3)], &[]).expect("pairs");
    assert_eq!(round.pairings, vec![Pairing { white: 0, black: 1 }]);
    let round = swiss::pair(&[0, 1], &[g(2, 0), g(1, 3), g(0, 2), g(3, 1)], &[]).expect("pairs");
    assert_eq!(round.pairings, vec![Pairing { white: 1, black: 0 }]);
    // All equal: the higher seed has White.
    let round = swiss::pair(&[5, 3], &[], &[]).expect("pairs");
    assert_eq!(round.pairings, vec![Pairing { white: 3, black: 5 }]);
}

#[test]
fn none_when_everyone_has_met() {
    let g = |white, black| Game {
        white,
        black,
        outcome: Some(Outcome::Draw),
    };
    assert_eq!(swiss::pair(&[0, 1], &[g(0, 1)], &[]), None);
    let all = [g(0, 1), g(2, 3), g(0, 2), g(1, 3), g(0, 3), g(1, 2)];
    assert_eq!(swiss::pair(&[0, 1, 2, 3], &all, &[]), None);
    // 3 players after everyone met: still a bye but nobody to pair.
    let three = [g(0, 1), g(1, 2), g(0, 2)];
    assert_eq!(swiss::pair(&[0, 1, 2], &three, &[0, 1, 2]), None);
}

#[test]
fn degenerate_and_withdrawn() {
    assert_eq!(swiss::pair(&[], &[], &[]), Some(Round::default()));
    assert_eq!(
        swiss::pair(&[4], &[], &[]),
        Some(Round {
            pairings: vec![],
            bye: Some(4)
        })
    );
    // 2 withdrew after round 1: 0, 1, 3 remain; 3 (lowest score and seed) gets the bye
    // unless it had one.
    let games = [
        Game {
            white: 0,
            black: 2,
            outcome: Some(Outcome::WhiteWon),
        },
        Game {
            white: 1,
            black: 3,
            outcome: Some(Outcome::BlackWon),
        },
    ];
    let round = swiss::pair(&[0, 1, 3], &games, &[]).expect("pairs");
    assert_eq!(round.bye, Some(1));
    assert_eq!(round.pairings, vec![Pairing { white: 3, black: 0 }]);
    // Duplicated seeds in `active` count once.
    let round = swiss::pair(&[0, 1, 1], &[], &[]).expect("pairs");
    assert_eq!(round.pairings.len(), 1);
    assert_eq!(round.bye, None);
}

#[test]
fn withdrawals_along_the_way() {
    let mut none_seen = 0;
    for n in [7, 8, 9, 33] {
        for seed in 0..50 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut active: Vec<Seed> = (0..n).collect();
            let (mut games, mut byes): (Vec<Game>, Vec<Seed>) = (Vec::new(), Vec::new());
            let mut met: HashSet<(Seed, Seed)> = HashSet::new();
            for _ in 0..rounds_for(n) {
                let Some(round) = swiss::pair(&active, &games, &byes) else {
                    // Only when no round without a repeat exists.
                    assert!(
                        active.len() <= 12 && !any_round(&active, &met),
                        "n={n} seed={seed}"
                    );
                    none_seen += 1;
                    break;
                };
                let mut seen: Vec<Seed> = round.bye.into_iter().collect();
                for p in &round.pairings {
                    seen.extend([p.white, p.black]);
                    assert!(met.insert((p.white.min(p.black), p.white.max(p.black))));
                    games.push(Game {
                        white: p.white,
                        black: p.black,
                        outcome: Some(random_outcome(&mut rng)),
                    });
                }
                seen.sort_unstable();
                assert_eq!(seen, active);
                byes.extend(round.bye);
                if active.len() > 4 && rng.random_range(0..2) == 0 {
                    active.remove(rng.random_range(0..active.len()));
                }
            }
        }
    }
    eprintln!("withdrawals: {none_seen} tournaments ended with no possible round");
}

/// Whether any round without a repeat exists among `players` (brute force, small fields).
fn any_round(players: &[Seed], met: &HashSet<(Seed, Seed)>) -> bool {
    fn pairs_all(left: &[Seed], met: &HashSet<(Seed, Seed)>) -> bool {
        let Some((&p, rest)) = left.split_first() else {
            return true;
        };
        rest.iter().enumerate().any(|(i, &q)| {
            let others: Vec<Seed> = rest
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x)
                .collect();
            !met.contains(&(p.min(q), p.max(q))) && pairs_all(&others, met)
        })
    }
    if players.len().is_multiple_of(2) {
        pairs_all(players, met)
    } else {
        (0..players.len()).any(|b| {
            let others: Vec<Seed> = players
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != b)
                .map(|(_, &x)| x)
                .collect();
            pairs_all(&others, met)
        })
    }
}

#[test]
fn none_only_when_no_round_exists() {
    let (mut nones, mut rounds_played) = (0, 0);
    for n in 4..=10 {
        for seed in 0..40 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let players: Vec<Seed> = (0..n).collect();
            let (mut games, mut byes): (Vec<Game>, Vec<Seed>) = (Vec::new(), Vec::new());
            let mut met: HashSet<(Seed, Seed)> = HashSet::new();
            for _ in 0..n {
                let Some(round) = swiss::pair(&players, &games, &byes) else {
                    assert!(
                        !any_round(&players, &met),
                        "n={n} seed={seed}: a round exists"
                    );
                    nones += 1;
                    break;
                };
                rounds_played += 1;
                for p in &round.pairings {
                    assert!(met.insert((p.white.min(p.black), p.white.max(p.black))));
                    games.push(Game {
                        white: p.white,
                        black: p.black,
                        outcome: Some(random_outcome(&mut rng)),
                    });
                }
                byes.extend(round.bye);
            }
        }
    }
    eprintln!("small fields to exhaustion: {rounds_played} rounds, {nones} ended with None");
}

#[test]
fn large_fields_stay_fast() {
    for (n, rounds) in [(4001, 12), (1000, 10)] {
        let mut tally = Tally::default();
        play(n, rounds, 11, &mut tally);
        eprintln!(
            "{n} players, {rounds} rounds: {} across score groups, {} three-in-a-row, slowest round {:?}",
            tally.cross_score_pairs, tally.three_in_a_row, tally.slowest
        );
        assert!(tally.slowest < Duration::from_secs(2));
    }
}
