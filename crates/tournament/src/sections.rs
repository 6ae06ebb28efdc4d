//! Splitting a large field into sections (groups) of similar strength.

use crate::Seed;

/// Splits seeds 0..count into the fewest sections of at most `max_size` players, sizes
/// differing by at most one, balanced by strength by snake order (1st section gets seed
/// 0, 2nd seed 1, …, then back). Each section's seeds ascending. count 0 → no sections;
/// max_size < 2 treated as 2.
pub fn split(count: usize, max_size: usize) -> Vec<Vec<Seed>> {
    let max_size = max_size.max(2);
    let sections = count.div_ceil(max_size);
    let mut out = vec![Vec::new(); sections];
    if sections == 0 {
        return out;
    }
    let lap = 2 * sections;
    for seed in 0..count {
        let place = seed % lap;
        let section = if place < sections {
            place
        } else {
            lap - 1 - place
        };
        out[section].push(seed);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn snake_order() {
        assert_eq!(split(7, 4), vec![vec![0, 3, 4], vec![1, 2, 5, 6]]);
        assert_eq!(split(3, 0), vec![vec![0], vec![1, 2]]);
        assert!(split(0, 5).is_empty());
        assert_eq!(split(1, 5), vec![vec![0]]);
    }
}
