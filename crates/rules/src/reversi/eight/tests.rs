//! The 8x8 kernels checked against the generic ones every board size shares, on
//! random positions, for every kernel set the build has.

use rand::{Rng, SeedableRng, rngs::SmallRng};

use super::*;
use crate::reversi::{Eight, flips as generic_flips, moves as generic_moves, perft_placing};

/// Random positions past the opening phase at every stage of filling: the centre
/// full, every other square empty or a disc, the mover's share of the discs varying
/// (a small share makes passes common).
fn positions(count: usize) -> Vec<(u64, u64)> {
    let mut rng = SmallRng::seed_from_u64(12);
    let centre: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);
    (0..count)
        .map(|i| {
            let fill = (i % 64) as u32;
            let share = [4, 2, 6, 1][i / 64 % 4];
            let (mut me, mut opp) = (0u64, 0u64);
            for square in 0..64 {
                let bit = 1u64 << square;
                if bit & centre != 0 || rng.random_range(0..64) < fill {
                    if rng.random_range(0..8) < share {
                        me |= bit;
                    } else {
                        opp |= bit;
                    }
                }
            }
            (me, opp)
        })
        .collect()
}

#[test]
fn rays_stop_at_the_edges() {
    // a1: east to h1, north to a8, north-east to h8; nothing west or south.
    let a1 = &RAYS[0].0;
    assert_eq!(
        a1[..4],
        [0xfe, 0, 0x0101_0101_0101_0100, 0x8040_2010_0804_0200]
    );
    assert_eq!(a1[4..], [0; 4]);
    assert_eq!(WEST[0], 0);
    // h8: nothing up; west to a8; south (north from h1 mirrored) to h1.
    assert_eq!(RAYS[63].0[..4], [0; 4]);
    assert_eq!(WEST[63], 0x7f00_0000_0000_0000);
    assert_eq!(RAYS[63].0[6], 0x8080_8080_8080_8000);
    assert_eq!(RAYS[63].0[6].swap_bytes(), 0x0080_8080_8080_8080);
}

/// Runs `check` on every kernel set this build has: [`Portable`] always, `Sse2`
/// on `x86_64`, `Avx2` when the target has AVX2 (`-C target-cpu=native` on a
/// recent processor; `.ci/run` runs the tests in such a build too).
macro_rules! for_every_kernel_set {
    ($check:ident) => {
        $check::<Portable>("portable");
        #[cfg(target_arch = "x86_64")]
        $check::<Sse2>("sse2");
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        $check::<Avx2>("avx2");
    };
}

#[test]
fn mobility_matches_the_generic_kernel() {
    fn check<K: Kernels>(set: &str) {
        for (me, opp) in positions(20_000) {
            let expected = generic_moves::<Eight>(me, opp);
            assert_eq!(K::mobility(me, opp), expected, "{set} {me:x} {opp:x}");
        }
    }
    for_every_kernel_set!(check);
    let (me, opp) = positions(1)[0];
    assert_eq!(mobility(me, opp), Fast::mobility(me, opp));
}

#[test]
fn flips_match_the_generic_kernel_on_every_empty_square() {
    fn check<K: Kernels>(set: &str) {
        for (me, opp) in positions(5_000) {
            let sides = K::sides(me, opp);
            let mut empty = !(me | opp);
            while empty != 0 {
                let square = empty.trailing_zeros();
                empty &= empty - 1;
                let expected = generic_flips::<Eight>(me, opp, 1 << square);
                let found = K::flips(&sides, square);
                assert_eq!(found, expected, "{set} {me:x} {opp:x} {square}");
            }
        }
    }
    for_every_kernel_set!(check);
    let (me, opp) = positions(1)[0];
    let square = (!(me | opp)).trailing_zeros();
    assert_eq!(
        flips(me, opp, square),
        generic_flips::<Eight>(me, opp, 1 << square)
    );
}

#[test]
fn leaves_of_two_count_both_positions() {
    fn check<K: Kernels>(set: &str) {
        let all = positions(4_000);
        let one = |(me, opp)| u64::from(generic_moves::<Eight>(me, opp).count_ones().max(1));
        for (&a, &b) in all.iter().zip(all.iter().rev()) {
            let expected = one(a) + one(b);
            assert_eq!(K::leaves_of_two(a, b), expected, "{set} {a:x?} {b:x?}");
        }
    }
    for_every_kernel_set!(check);
}

#[test]
fn perft_matches_the_generic_kernel_with_passes_and_ends() {
    fn check<K: Kernels>(set: &str) {
        // Late positions (few empty squares) pass and end often.
        let mut passes = 0;
        for (me, opp) in positions(6_000) {
            let empty = (!(me | opp)).count_ones();
            if !(1..=14).contains(&empty) {
                continue;
            }
            if K::mobility(me, opp) == 0 {
                passes += 1;
            }
            for depth in 1..=5 {
                assert_eq!(
                    perft_with::<K>(me, opp, depth),
                    perft_placing::<Eight>(me, opp, depth),
                    "{set} {me:x} {opp:x} {depth}"
                );
            }
        }
        assert!(
            passes >= 10,
            "{set}: only {passes} positions without a placement"
        );
    }
    for_every_kernel_set!(check);
    let (me, opp) = positions(200)[150];
    for depth in 1..=4 {
        let expected = perft_placing::<Eight>(me, opp, depth);
        assert_eq!(perft(me, opp, depth), expected);
        assert_eq!(baseline_perft(me, opp, depth), expected);
    }
}
