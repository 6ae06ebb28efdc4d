//! Leagues: promotion, relegation, newcomers, nobody lost or duplicated.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tournament::league;

/// Division index of every player in a season.
fn division_of(season: &[Vec<Vec<u32>>], player: u32) -> Option<usize> {
    season
        .iter()
        .position(|d| d.iter().any(|g| g.contains(&player)))
}

fn everyone(season: &[Vec<Vec<u32>>]) -> Vec<u32> {
    let mut all: Vec<u32> = season.iter().flatten().flatten().copied().collect();
    all.sort_unstable();
    all
}

#[test]
fn promotion_relegation_and_newcomers() {
    // Division d has 2^d groups of 6; players numbered 100·d + 10·g + rank.
    let old: Vec<Vec<Vec<u32>>> = (0..3u32)
        .map(|d| {
            (0..1u32 << d)
                .map(|g| (0..6).map(|r| 100 * d + 10 * g + r).collect())
                .collect()
        })
        .collect();
    let newcomers: Vec<u32> = (900..905).collect();
    let new = league::next_season(&old, 2, 2, &newcomers, 6);
    for (d, division) in old.iter().enumerate() {
        for group in division {
            for (r, &p) in group.iter().enumerate() {
                let expected = if d > 0 && r < 2 {
                    d - 1
                } else if d < 2 && r >= 4 {
                    d + 1
                } else {
                    d
                };
                assert_eq!(division_of(&new, p), Some(expected), "player {p}");
            }
        }
    }
    // Division 2 would hold 24 - 8 + 4 + 5 = 25 > 6·4: the last newcomer opens division 3.
    assert_eq!(new.len(), 4);
    for p in 900..904 {
        assert_eq!(division_of(&new, p), Some(2));
    }
    assert_eq!(division_of(&new, 904), Some(3));
    let mut expected: Vec<u32> = everyone(&old);
    expected.extend(&newcomers);
    expected.sort_unstable();
    assert_eq!(everyone(&new), expected);
    // Sizes: division 0 has 6 - 2 + 2·2 = 8 → two groups of 4.
    assert_eq!(new[0].iter().map(Vec::len).collect::<Vec<_>>(), vec![4, 4]);
    // Relegated players (from above) are ordered first: they lead the groups' snake.
    assert!(new[1][0].contains(&4) && new[1][1].contains(&5));
}

#[test]
fn empty_league_fills_from_the_top() {
    let newcomers: Vec<u32> = (0..10).collect();
    let new = league::next_season(&[], 1, 1, &newcomers, 4);
    assert_eq!(
        new,
        vec![vec![vec![0, 1, 2, 3]], vec![vec![4, 7, 8], vec![5, 6, 9]]]
    );
    assert!(league::next_season::<u32>(&[], 1, 1, &[], 4).is_empty());
}

#[test]
fn small_groups_never_lose_more_than_they_have() {
    let old = vec![
        vec![vec![1u32, 2]],
        vec![vec![3], vec![]],
        vec![vec![4, 5, 6]],
    ];
    let new = league::next_season(&old, 2, 2, &[], 0);
    assert_eq!(everyone(&new), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(division_of(&new, 3), Some(0), "promotion counted first");
    assert_eq!(division_of(&new, 1), Some(1));
}

#[test]
fn random_leagues_keep_everyone_once() {
    for seed in 0..200 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let (promote, relegate, size) = (
            rng.random_range(0..4),
            rng.random_range(0..4),
            rng.random_range(0..10),
        );
        // Some seeds have groups that all move away: the division is then dropped.
        let least = if seed % 2 == 0 {
            promote + relegate + 1
        } else {
            0
        };
        let mut next = 0u32;
        let divisions = rng.random_range(0..5);
        let old: Vec<Vec<Vec<u32>>> = (0..divisions)
            .map(|_| {
                (0..rng.random_range(0..4))
                    .map(|_| {
                        (0..rng.random_range(least..least + 9))
                            .map(|_| {
                                next += 1;
                                next
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let newcomers: Vec<u32> = (0..rng.random_range(0..30)).map(|i| 1000 + i).collect();
        let new = league::next_season(&old, promote, relegate, &newcomers, size);
        let mut expected = everyone(&old);
        expected.extend(&newcomers);
        expected.sort_unstable();
        assert_eq!(everyone(&new), expected, "seed {seed}");
        for division in &new {
            assert!(!division.is_empty());
            let sizes: Vec<usize> = division.iter().map(Vec::len).collect();
            let (lo, hi) = (
                sizes.iter().min().unwrap_or(&0),
                sizes.iter().max().unwrap_or(&0),
            );
            assert!(hi - lo <= 1 && *hi <= size.max(2), "{sizes:?}");
        }
        // Without empty divisions (which are dropped), nobody moves more than one division,
        // except players pushed out of an overfull lowest division.
        // (A division emptied by the moves is dropped too: then the indices shift.)
        let full = old.iter().all(|d| d.iter().any(|g| !g.is_empty())) && seed % 2 == 0;
        for (d, division) in old.iter().enumerate() {
            for group in division {
                for &p in group {
                    let now = division_of(&new, p).expect("kept");
                    if full {
                        assert!(now + 1 >= d, "moves up at most one division");
                        assert!(now <= d + 1 || d + 1 == old.len(), "moves down at most one");
                    }
                }
            }
        }
        for &p in &newcomers {
            // Newcomers sit in the lowest old division or below it.
            let now = division_of(&new, p).expect("placed");
            assert!(
                !full || now + 1 >= old.len().max(1),
                "seed {seed}: newcomer {p}"
            );
        }
    }
}

#[test]
fn seasons_played_with_random_rankings() {
    use rand::seq::SliceRandom;
    for n in [2u32, 3, 7, 8, 9, 33] {
        for seed in 0..20 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let players: Vec<u32> = (0..n).collect();
            let mut season = league::next_season(&[], 2, 2, &players, 4);
            for year in 0..6u32 {
                // Play: each group's final ranking is random.
                for group in season.iter_mut().flatten() {
                    group.shuffle(&mut rng);
                }
                let newcomers: Vec<u32> = (0..rng.random_range(0..4))
                    .map(|i| 100 * (year + 1) + i)
                    .collect();
                let next = league::next_season(&season, 1, 1, &newcomers, 4);
                let mut expected = everyone(&season);
                expected.extend(&newcomers);
                expected.sort_unstable();
                assert_eq!(everyone(&next), expected);
                // Promotion and relegation: one up from each group below the top, one
                // down from each group above the bottom (groups of 2+ here).
                for (d, division) in season.iter().enumerate() {
                    for group in division {
                        if group.len() < 2 || next.len() < season.len() {
                            continue;
                        }
                        let (first, last) = (group[0], group[group.len() - 1]);
                        let up = if d == 0 { 0 } else { d - 1 };
                        assert_eq!(
                            division_of(&next, first),
                            Some(up),
                            "n={n} first of {group:?}"
                        );
                        if d + 1 < season.len() {
                            assert_eq!(division_of(&next, last), Some(d + 1));
                        }
                    }
                }
                for &p in &newcomers {
                    assert!(division_of(&next, p).expect("placed") + 1 >= season.len());
                }
                season = next;
            }
        }
    }
}
