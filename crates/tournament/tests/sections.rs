//! Sections: sizes, balance, every seed once.

use tournament::sections;

#[test]
fn sizes_balance_and_every_seed_once() {
    for count in 0..=120 {
        for max in 0..=14 {
            let cap = max.max(2);
            let split = sections::split(count, max);
            assert_eq!(split.len(), count.div_ceil(cap), "count={count} max={max}");
            let sizes: Vec<usize> = split.iter().map(Vec::len).collect();
            if let (Some(lo), Some(hi)) = (sizes.iter().min(), sizes.iter().max()) {
                assert!(hi - lo <= 1 && *hi <= cap, "{sizes:?}");
            }
            let mut all: Vec<usize> = split.concat();
            all.sort_unstable();
            assert_eq!(all, (0..count).collect::<Vec<_>>());
            let k = split.len();
            for section in &split {
                assert!(section.windows(2).all(|w| w[0] < w[1]), "ascending");
                // Snake order: a section's i-th player comes from the i-th pass.
                for (i, &seed) in section.iter().enumerate() {
                    assert_eq!(seed / k, i, "count={count} max={max} {split:?}");
                }
            }
        }
    }
}

#[test]
fn examples() {
    assert_eq!(
        sections::split(10, 4),
        vec![vec![0, 5, 6], vec![1, 4, 7], vec![2, 3, 8, 9]]
    );
    assert_eq!(sections::split(8, 8), vec![(0..8).collect::<Vec<_>>()]);
    assert_eq!(sections::split(1, 1), vec![vec![0]]);
}

#[test]
fn sections_played_as_round_robins() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use tournament::{Game, Outcome, round_robin, standings};
    for n in [2, 3, 7, 8, 9, 33] {
        for seed in 0..20 {
            let mut rng = SmallRng::seed_from_u64(seed);
            for section in sections::split(n, 4) {
                let (mut games, mut byes) = (Vec::new(), Vec::new());
                for round in round_robin::schedule(&section, false) {
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
                let k = section.len();
                assert_eq!(games.len(), k * (k - 1) / 2);
                let table = standings::rank(&section, &games, &byes);
                let total: u32 = table.iter().map(|s| s.half_points).sum();
                assert_eq!(total as usize, 2 * games.len() + 2 * byes.len());
            }
        }
    }
}
