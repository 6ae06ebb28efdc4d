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
