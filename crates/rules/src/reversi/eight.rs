//! The 8x8 board's own kernels: mobility, flips and perft on plain `u64` pairs (the
//! mover's discs, the opponent's), written for speed; the generic kernels of the parent
//! module stay the reference they are tested against.
//!
//! - Mobility shifts the mover's discs through runs of opponent discs, one fill per
//!   direction (at most six steps: two single ones, then two double ones).
//! - Flips look along the eight rays from the placed square (precomputed per square):
//!   along a ray towards higher bit indices the nearest square that is no opponent disc
//!   is the lowest set bit of `ray & !opp`, and the run before it flips if that square
//!   holds a disc of the mover's. The three rays towards lower indices that cross ranks
//!   become such rays on the board mirrored top to bottom (`swap_bytes`); the west one
//!   takes a leading-zero count. No loop, no branch.
//! - Perft counts the last ply in bulk (a popcount of the mobility, one leaf for a
//!   pass or an end) and the last but one without recursing, two children at a time.
//! - On `x86_64` the kernels run two 64-bit lanes per SSE2 instruction, through
//!   `safe_arch`'s safe wrappers of the intrinsics (the crate forbids `unsafe`), and
//!   leave part of the work in general registers, which run beside the vector units;
//!   elsewhere plain Rust over the same tables ([`portable`], tested on every target).
//! - In a build whose target has AVX2 (`-C target-cpu=native` on a recent processor,
//!   or `x86-64-v3`) four lanes per instruction instead, each shifted by its own count:
//!   mobility along the four lines both ways without the mirrored board, and flips
//!   along the four rays down in one register too (the mover's discs one step back,
//!   cleared wherever a square that is no opponent disc lies at or beyond them). The
//!   choice is made when compiling: choosing at run time would need `unsafe`. Such a
//!   build still has the SSE2 kernels, for tests and as the same-run baseline
//!   ([`baseline_perft`]).

/// Every square but those on files `a` and `h`: where a disc can sit between two others
/// along a line that crosses files.
const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The squares from `square`'s neighbour in the direction `(dx, dy)` (files and ranks)
/// up to the edge of the board, `square` itself left out.
const fn ray(square: i32, dx: i32, dy: i32) -> u64 {
    let (mut file, mut rank) = (square % 8 + dx, square / 8 + dy);
    let mut bits = 0;
    while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        bits |= 1 << (rank * 8 + file);
        file += dx;
        rank += dy;
    }
    bits
}

/// The rays a flip looks along from one square, as eight lanes that all run towards
/// higher bit indices: east, north-west, north and north-east on the board, then (after
/// a lane that is always empty) north-west, north and north-east from the mirrored square
/// on the board mirrored top to bottom (`swap_bytes`), which are south-west, south and
/// south-east on the board. West, the one ray left, is [`WEST`].
static RAYS: [Lanes; 64] = {
    let mut rays = [Lanes([0; 8]); 64];
    let mut square = 0;
    while square < 64 {
        let (s, m) = (square as i32, (square ^ 56) as i32);
        rays[square] = Lanes([
            ray(s, 1, 0),
            ray(s, -1, 1),
            ray(s, 0, 1),
            ray(s, 1, 1),
            0,
            ray(m, -1, 1),
            ray(m, 0, 1),
            ray(m, 1, 1),
        ]);
        square += 1;
    }
    rays
};

/// Eight rays, aligned for loading two at a time.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Lanes([u64; 8]);

/// The ray west of each square.
static WEST: [u64; 64] = {
    let mut rays = [0; 64];
    let mut square = 0;
    while square < 64 {
        rays[square] = ray(square as i32, -1, 0);
        square += 1;
    }
    rays
};

/// The placements along one direction and its opposite, by shifts of `step` squares.
#[inline(always)]
fn line_moves(me: u64, between: u64, step: u32) -> u64 {
    let mut up = between & (me << step);
    let mut down = between & (me >> step);
    up |= between & (up << step);
    down |= between & (down >> step);
    let pairs_up = between & (between << step);
    let pairs_down = pairs_up >> step;
    up |= pairs_up & (up << (2 * step));
    down |= pairs_down & (down >> (2 * step));
    up |= pairs_up & (up << (2 * step));
    down |= pairs_down & (down >> (2 * step));
    (up << step) | (down >> step)
}

/// The discs a placement on `square` flips to the west (along the rank, towards lower
/// bit indices): the nearest square there that is no opponent disc is the highest bit
/// (`| 1` keeps the count below 64; an empty `stops` gives no stop).
#[inline(always)]
fn west_flips(me: u64, opp: u64, square: u32) -> u64 {
    let ray = WEST[square as usize];
    let stops = ray & !opp;
    let stop = (1u64 << 63 >> (stops | 1).leading_zeros()) & stops;
    (stop.wrapping_neg() << 1) & ray & 0u64.wrapping_sub(u64::from(stop & me != 0))
}

/// The discs flipped along one ray towards higher bit indices: the run before the
/// nearest square that is no opponent disc (the lowest bit), if that square holds a
/// disc of the mover's.
#[inline(always)]
fn up_run(ray: u64, me: u64, opp: u64) -> u64 {
    let stops = ray & !opp;
    let stop = stops & stops.wrapping_neg();
    stop.wrapping_sub(1) & ray & 0u64.wrapping_sub(u64::from(stop & me != 0))
}

/// One set of the kernels perft runs on: [`portable`], `sse2` or `avx2` (as the build
/// has them).
trait Kernels {
    /// A position prepared for [`Kernels::flips`].
    type Sides: Copy;
    /// Every empty square where `me` may place a disc.
    fn mobility(me: u64, opp: u64) -> u64;
    /// Perft at depth 1 of two positions `(me, opp)`, added up.
    fn leaves_of_two(a: (u64, u64), b: (u64, u64)) -> u64;
    fn sides(me: u64, opp: u64) -> Self::Sides;
    /// The opponent discs a placement on `square` (empty) flips.
    fn flips(sides: &Self::Sides, square: u32) -> u64;
}

/// A [`Kernels`] set named `$set` over the module `$module`'s functions.
macro_rules! kernel_set {
    ($(#[$attr:meta])* $set:ident, $module:ident) => {
        $(#[$attr])*
        struct $set;

        $(#[$attr])*
        impl Kernels for $set {
            type Sides = $module::Sides;
            #[inline(always)]
            fn mobility(me: u64, opp: u64) -> u64 {
                $module::mobility(me, opp)
            }
            #[inline(always)]
            fn leaves_of_two(a: (u64, u64), b: (u64, u64)) -> u64 {
                $module::leaves_of_two(a, b)
            }
            #[inline(always)]
            fn sides(me: u64, opp: u64) -> Self::Sides {
                $module::Sides::new(me, opp)
            }
            #[inline(always)]
            fn flips(sides: &Self::Sides, square: u32) -> u64 {
                sides.flips(square)
            }
        }
    };
}

kernel_set!(
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
    Portable,
    portable
);
kernel_set!(
    #[cfg(target_arch = "x86_64")]
    Sse2,
    sse2
);
kernel_set!(
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    Avx2,
    avx2
);

/// The kernels of this build: the widest its target's features allow.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
type Fast = Avx2;
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
type Fast = Sse2;
#[cfg(not(target_arch = "x86_64"))]
type Fast = Portable;

/// The kernels of a build for the architecture's baseline (no optional features): the
/// same-run baseline [`baseline_perft`] measures.
#[cfg(target_arch = "x86_64")]
type Baseline = Sse2;
#[cfg(not(target_arch = "x86_64"))]
type Baseline = Portable;

/// Every empty square where `me` may place a disc.
#[inline(always)]
pub(super) fn mobility(me: u64, opp: u64) -> u64 {
    Fast::mobility(me, opp)
}

/// The kernels in plain Rust, lane by lane: the reference for [`sse2`] and the kernels
/// on other targets.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
mod portable {
    use super::{INNER_FILES, RAYS, line_moves, up_run, west_flips};

    /// Two lanes, one direction: the squares reached from a disc of `me` through a run
    /// of `between` discs by shifts of `step` towards higher bit indices.
    #[inline(always)]
    fn lanes_up(me: [u64; 2], between: [u64; 2], step: u32) -> [u64; 2] {
        let mut out = [0; 2];
        for lane in 0..2 {
            let (me, between) = (me[lane], between[lane]);
            let mut run = between & (me << step);
            run |= between & (run << step);
            let pairs = between & (between << step);
            run |= pairs & (run << (2 * step));
            run |= pairs & (run << (2 * step));
            out[lane] = run << step;
        }
        out
    }

    /// Every empty square where `me` may place a disc. The six lines that cross ranks
    /// are filled upwards only, on the board and on the board mirrored top to bottom
    /// (where the downward ones run up); the horizontal one both ways.
    #[inline(always)]
    pub(super) fn mobility(me: u64, opp: u64) -> u64 {
        let me2 = [me, me.swap_bytes()];
        let opp2 = [opp, opp.swap_bytes()];
        let inner2 = [opp2[0] & INNER_FILES, opp2[1] & INNER_FILES];
        let north = lanes_up(me2, opp2, 8);
        let north_west = lanes_up(me2, inner2, 7);
        let north_east = lanes_up(me2, inner2, 9);
        let up = north[0] | north_west[0] | north_east[0];
        let down = north[1] | north_west[1] | north_east[1];
        let moves = up | down.swap_bytes() | line_moves(me, opp & INNER_FILES, 1);
        moves & !(me | opp)
    }

    /// Perft at depth 1 of two positions `(me, opp)`, added up.
    #[inline(always)]
    pub(super) fn leaves_of_two(a: (u64, u64), b: (u64, u64)) -> u64 {
        let count = |(me, opp)| u64::from(mobility(me, opp).count_ones().max(1));
        count(a) + count(b)
    }

    /// A position prepared for flips: the discs, and the discs mirrored top to bottom,
    /// one per lane of [`RAYS`].
    #[derive(Clone, Copy)]
    pub(super) struct Sides {
        me: [u64; 8],
        opp: [u64; 8],
    }

    impl Sides {
        #[inline(always)]
        pub(super) fn new(me: u64, opp: u64) -> Sides {
            let (me_m, opp_m) = (me.swap_bytes(), opp.swap_bytes());
            Sides {
                me: [me, me, me, me, me_m, me_m, me_m, me_m],
                opp: [opp, opp, opp, opp, opp_m, opp_m, opp_m, opp_m],
            }
        }

        /// The opponent discs a placement on `square` (empty) flips.
        #[inline(always)]
        pub(super) fn flips(&self, square: u32) -> u64 {
            let rays = &RAYS[square as usize].0;
            let mut runs = [0u64; 8];
            for lane in 0..8 {
                runs[lane] = up_run(rays[lane], self.me[lane], self.opp[lane]);
            }
            let up = runs[0] | runs[1] | runs[2] | runs[3];
            let down = runs[4] | runs[5] | runs[6] | runs[7];
            up | down.swap_bytes() | west_flips(self.me[0], self.opp[0], square)
        }
    }
}

/// The same kernels on SSE2 (every `x86_64` processor has it), two 64-bit lanes per
/// instruction: [`portable`]'s pairs made explicit, through `safe_arch`'s safe wrappers
/// of the intrinsics. The kernels of builds without AVX2; in every `x86_64` build those
/// of [`baseline_perft`], and tested.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use safe_arch::{
        add_i64_m128i, bitand_m128i, bitandnot_m128i, bitor_m128i, get_i64_from_m128i_s, m128i,
        set_i64_m128i, set_splat_i64_m128i, shl_imm_u64_m128i, shr_imm_u64_m128i, sub_i64_m128i,
        sum_of_u8_abs_diff_m128i, unpack_high_i64_m128i, zeroed_m128i,
    };

    use super::{INNER_FILES, RAYS, line_moves, up_run, west_flips};

    /// Two lanes `[low, high]`.
    #[inline(always)]
    fn pair(low: u64, high: u64) -> m128i {
        set_i64_m128i(high as i64, low as i64)
    }

    /// The low lane and the high lane.
    #[inline(always)]
    fn lanes(v: m128i) -> (u64, u64) {
        (
            get_i64_from_m128i_s(v) as u64,
            get_i64_from_m128i_s(unpack_high_i64_m128i(v, v)) as u64,
        )
    }

    /// Both lanes, one direction: the squares reached from a disc of `me` through a run
    /// of `between` discs by shifts of `S` (and `S2 = 2 * S`) towards higher indices.
    #[inline(always)]
    fn fill_up<const S: i32, const S2: i32>(me: m128i, between: m128i) -> m128i {
        let mut run = bitand_m128i(between, shl_imm_u64_m128i::<S>(me));
        run = bitor_m128i(run, bitand_m128i(between, shl_imm_u64_m128i::<S>(run)));
        let pairs = bitand_m128i(between, shl_imm_u64_m128i::<S>(between));
        run = bitor_m128i(run, bitand_m128i(pairs, shl_imm_u64_m128i::<S2>(run)));
        run = bitor_m128i(run, bitand_m128i(pairs, shl_imm_u64_m128i::<S2>(run)));
        shl_imm_u64_m128i::<S>(run)
    }

    /// Every empty square where `me` may place a disc (as [`super::portable`]'s).
    #[inline(always)]
    pub(super) fn mobility(me: u64, opp: u64) -> u64 {
        let me2 = pair(me, me.swap_bytes());
        let opp2 = pair(opp, opp.swap_bytes());
        let inner2 = bitand_m128i(opp2, set_splat_i64_m128i(INNER_FILES as i64));
        let found = bitor_m128i(
            fill_up::<8, 16>(me2, opp2),
            bitor_m128i(fill_up::<7, 14>(me2, inner2), fill_up::<9, 18>(me2, inner2)),
        );
        let (up, down) = lanes(found);
        let moves = up | down.swap_bytes() | line_moves(me, opp & INNER_FILES, 1);
        moves & !(me | opp)
    }

    /// Both lanes, one direction: as [`fill_up`], towards lower indices.
    #[inline(always)]
    fn fill_down<const S: i32, const S2: i32>(me: m128i, between: m128i) -> m128i {
        let mut run = bitand_m128i(between, shr_imm_u64_m128i::<S>(me));
        run = bitor_m128i(run, bitand_m128i(between, shr_imm_u64_m128i::<S>(run)));
        let pairs = bitand_m128i(between, shr_imm_u64_m128i::<S>(between));
        run = bitor_m128i(run, bitand_m128i(pairs, shr_imm_u64_m128i::<S2>(run)));
        run = bitor_m128i(run, bitand_m128i(pairs, shr_imm_u64_m128i::<S2>(run)));
        shr_imm_u64_m128i::<S>(run)
    }

    /// Each lane's number of set bits (in its low byte; the rest zero).
    #[inline(always)]
    fn count_ones(v: m128i) -> m128i {
        let splat = |bits: u64| set_splat_i64_m128i(bits as i64);
        let halves = sub_i64_m128i(
            v,
            bitand_m128i(shr_imm_u64_m128i::<1>(v), splat(0x5555_5555_5555_5555)),
        );
        let quarters = add_i64_m128i(
            bitand_m128i(halves, splat(0x3333_3333_3333_3333)),
            bitand_m128i(shr_imm_u64_m128i::<2>(halves), splat(0x3333_3333_3333_3333)),
        );
        let bytes = bitand_m128i(
            add_i64_m128i(quarters, shr_imm_u64_m128i::<4>(quarters)),
            splat(0x0f0f_0f0f_0f0f_0f0f),
        );
        sum_of_u8_abs_diff_m128i(bytes, zeroed_m128i())
    }

    /// Perft at depth 1 of two positions `(me, opp)`, added up: one in each lane, each
    /// direction that crosses ranks a fill; the horizontal ones in general registers
    /// (which keeps the vector units less crowded).
    #[inline(always)]
    pub(super) fn leaves_of_two(a: (u64, u64), b: (u64, u64)) -> u64 {
        let me = pair(a.0, b.0);
        let opp = pair(a.1, b.1);
        let inner = bitand_m128i(opp, set_splat_i64_m128i(INNER_FILES as i64));
        let up = bitor_m128i(
            fill_up::<8, 16>(me, opp),
            bitor_m128i(fill_up::<7, 14>(me, inner), fill_up::<9, 18>(me, inner)),
        );
        let down = bitor_m128i(
            fill_down::<8, 16>(me, opp),
            bitor_m128i(fill_down::<7, 14>(me, inner), fill_down::<9, 18>(me, inner)),
        );
        let across = pair(
            line_moves(a.0, a.1 & INNER_FILES, 1),
            line_moves(b.0, b.1 & INNER_FILES, 1),
        );
        let found = bitor_m128i(across, bitor_m128i(up, down));
        let moves = bitandnot_m128i(bitor_m128i(me, opp), found);
        // With `popcnt` the lanes are counted one by one by the instruction; without it
        // both at once in the vector.
        let (first, second) = if cfg!(target_feature = "popcnt") {
            let (first, second) = lanes(moves);
            (
                u64::from(first.count_ones()),
                u64::from(second.count_ones()),
            )
        } else {
            lanes(count_ones(moves))
        };
        first.max(1) + second.max(1)
    }

    /// The runs two rays flip: per lane, the run before the nearest square that is no
    /// opponent disc, if that square holds a disc of the mover's.
    #[inline(always)]
    fn runs(rays: m128i, me: m128i, opp: m128i) -> m128i {
        let zero = zeroed_m128i();
        let stops = bitandnot_m128i(opp, rays);
        let stop = bitand_m128i(stops, sub_i64_m128i(zero, stops));
        let run = bitand_m128i(rays, add_i64_m128i(stop, set_splat_i64_m128i(-1)));
        // All ones where the stop is the mover's: the top bit of `-(stop & me)`.
        let hit = bitand_m128i(stop, me);
        let top = shr_imm_u64_m128i::<63>(sub_i64_m128i(zero, hit));
        bitand_m128i(run, sub_i64_m128i(zero, top))
    }

    /// A position prepared for flips: the discs and the mirrored discs, and the same as
    /// pairs `[board, board]` and `[mirrored, mirrored]` for the lanes of [`RAYS`] two at
    /// a time.
    #[derive(Clone, Copy)]
    pub(super) struct Sides {
        me: u64,
        opp: u64,
        me_mirrored: u64,
        opp_mirrored: u64,
        me2: m128i,
        opp2: m128i,
        me2_mirrored: m128i,
        opp2_mirrored: m128i,
    }

    impl Sides {
        #[inline(always)]
        pub(super) fn new(me: u64, opp: u64) -> Sides {
            let (me_m, opp_m) = (me.swap_bytes(), opp.swap_bytes());
            Sides {
                me,
                opp,
                me_mirrored: me_m,
                opp_mirrored: opp_m,
                me2: pair(me, me),
                opp2: pair(opp, opp),
                me2_mirrored: pair(me_m, me_m),
                opp2_mirrored: pair(opp_m, opp_m),
            }
        }

        /// The opponent discs a placement on `square` (empty) flips: six rays in
        /// vectors, one (and the west) in general registers, which keeps the vector
        /// units less crowded.
        #[inline(always)]
        pub(super) fn flips(&self, square: u32) -> u64 {
            let rays = &RAYS[square as usize].0;
            let up = runs(pair(rays[2], rays[3]), self.me2, self.opp2);
            let up_scalar = up_run(rays[0], self.me, self.opp) | up_run(rays[1], self.me, self.opp);
            let down = runs(
                pair(rays[6], rays[7]),
                self.me2_mirrored,
                self.opp2_mirrored,
            );
            let (up_low, up_high) = lanes(up);
            let (down_low, down_high) = lanes(down);
            let down_scalar = up_run(rays[5], self.me_mirrored, self.opp_mirrored);
            let west = west_flips(self.me, self.opp, square);
            up_low | up_high | up_scalar | (down_low | down_high | down_scalar).swap_bytes() | west
        }
    }
}

/// The kernels on AVX2, four 64-bit lanes per instruction, for builds whose target has
/// it (`-C target-cpu=native` on a recent `x86_64` processor): the four lines through a
/// square in one register, each lane shifted by its own count (`vpsllvq`, `vpsrlvq`), so
/// both directions of every line take two fills and no mirrored board; popcounts by
/// [`u64::count_ones`], one instruction when the target also has `popcnt`.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2 {
    use safe_arch::{
        add_i64_m256i, bitand_m256i, bitandnot_m256i, bitor_m128i, bitor_m256i,
        cast_to_m128i_from_m256i, cmp_eq_mask_i64_m256i, extract_m128i_m256i, get_i64_from_m128i_s,
        m256i, set_i64_m256i, set_splat_i64_m256i, shl_each_u64_m256i, shr_each_u64_m256i,
        sub_i64_m256i, unpack_high_i64_m128i, zeroed_m256i,
    };

    use super::{INNER_FILES, ray};

    /// The step of each lane's line, in bit indices: east-west, north-south,
    /// north-east to south-west, north-west to south-east.
    #[inline(always)]
    fn steps() -> m256i {
        set_i64_m256i(7, 9, 8, 1)
    }

    /// The squares a disc may sit on between two others, per lane of [`steps`]: the
    /// files `b` to `g` for the lines that cross files, every square for north-south.
    #[inline(always)]
    fn inner() -> m256i {
        let inner = INNER_FILES as i64;
        set_i64_m256i(inner, inner, -1, inner)
    }

    /// The four lanes ORed together.
    #[inline(always)]
    fn or_lanes(v: m256i) -> u64 {
        let half = bitor_m128i(cast_to_m128i_from_m256i(v), extract_m128i_m256i::<1>(v));
        get_i64_from_m128i_s(bitor_m128i(half, unpack_high_i64_m128i(half, half))) as u64
    }

    /// Every empty square where `me` may place a disc: in each lane the squares reached
    /// from a disc of `me` through a run of opponent discs along the lane's line, both
    /// ways (one step, one more, then two double steps over pairs of opponent discs).
    #[inline(always)]
    pub(super) fn mobility(me: u64, opp: u64) -> u64 {
        let steps = steps();
        let steps2 = add_i64_m256i(steps, steps);
        let me4 = set_splat_i64_m256i(me as i64);
        let between = bitand_m256i(set_splat_i64_m256i(opp as i64), inner());
        let mut up = bitand_m256i(between, shl_each_u64_m256i(me4, steps));
        let mut down = bitand_m256i(between, shr_each_u64_m256i(me4, steps));
        up = bitor_m256i(up, bitand_m256i(between, shl_each_u64_m256i(up, steps)));
        down = bitor_m256i(down, bitand_m256i(between, shr_each_u64_m256i(down, steps)));
        let pairs_up = bitand_m256i(between, shl_each_u64_m256i(between, steps));
        let pairs_down = shr_each_u64_m256i(pairs_up, steps);
        up = bitor_m256i(up, bitand_m256i(pairs_up, shl_each_u64_m256i(up, steps2)));
        down = bitor_m256i(
            down,
            bitand_m256i(pairs_down, shr_each_u64_m256i(down, steps2)),
        );
        up = bitor_m256i(up, bitand_m256i(pairs_up, shl_each_u64_m256i(up, steps2)));
        down = bitor_m256i(
            down,
            bitand_m256i(pairs_down, shr_each_u64_m256i(down, steps2)),
        );
        let found = bitor_m256i(
            shl_each_u64_m256i(up, steps),
            shr_each_u64_m256i(down, steps),
        );
        or_lanes(found) & !(me | opp)
    }

    /// Perft at depth 1 of two positions `(me, opp)`, added up.
    #[inline(always)]
    pub(super) fn leaves_of_two(a: (u64, u64), b: (u64, u64)) -> u64 {
        let count = |(me, opp)| u64::from(mobility(me, opp).count_ones().max(1));
        count(a) + count(b)
    }

    /// Four rays, one per lane of [`steps`], aligned for one load.
    #[derive(Clone, Copy)]
    #[repr(align(32))]
    struct Quad([u64; 4]);

    /// Per square, the rays towards higher bit indices (east, north, north-east,
    /// north-west) and those towards lower ones (west, south, south-west, south-east).
    static QUADS: [[Quad; 2]; 64] = {
        let mut quads = [[Quad([0; 4]); 2]; 64];
        let mut square = 0;
        while square < 64 {
            let s = square as i32;
            quads[square] = [
                Quad([ray(s, 1, 0), ray(s, 0, 1), ray(s, 1, 1), ray(s, -1, 1)]),
                Quad([ray(s, -1, 0), ray(s, 0, -1), ray(s, -1, -1), ray(s, 1, -1)]),
            ];
            square += 1;
        }
        quads
    };

    /// The rays of `square` towards higher and lower bit indices, as vectors.
    #[inline(always)]
    fn quads(square: u32) -> (m256i, m256i) {
        let [up, down] = &QUADS[square as usize];
        (m256i::from(up.0), m256i::from(down.0))
    }

    /// A position prepared for flips: each side's discs in all four lanes.
    #[derive(Clone, Copy)]
    pub(super) struct Sides {
        me: m256i,
        opp: m256i,
    }

    impl Sides {
        #[inline(always)]
        pub(super) fn new(me: u64, opp: u64) -> Sides {
            Sides {
                me: set_splat_i64_m256i(me as i64),
                opp: set_splat_i64_m256i(opp as i64),
            }
        }

        /// The opponent discs a placement on `square` (empty) flips. Towards higher
        /// indices the nearest square that is no opponent disc is the lowest set bit of
        /// `ray & !opp`; the run before it flips if it holds a disc of the mover's.
        /// Towards lower indices the mover's discs are shifted one step back along the
        /// ray, and each is cleared where a square that is no opponent disc lies at or
        /// beyond it towards lower indices (those squares smeared down seven steps, by
        /// one, two and four); what is left, if anything, is the square just past the
        /// run that flips, and the run is the ray's bits from there up.
        #[inline(always)]
        pub(super) fn flips(&self, square: u32) -> u64 {
            let (up_rays, down_rays) = quads(square);
            let zero = zeroed_m256i();
            let steps = steps();

            let stops = bitandnot_m256i(self.opp, up_rays);
            let stop = bitand_m256i(stops, sub_i64_m256i(zero, stops));
            let outflank = bitand_m256i(stop, self.me);
            // All ones where no run flips, else the bits from the stop up.
            let eraser = sub_i64_m256i(cmp_eq_mask_i64_m256i(outflank, zero), outflank);
            let up = bitandnot_m256i(eraser, up_rays);

            let mut eraser = bitandnot_m256i(self.opp, down_rays);
            let mut outflank = shl_each_u64_m256i(bitand_m256i(self.me, down_rays), steps);
            eraser = bitor_m256i(eraser, shr_each_u64_m256i(eraser, steps));
            outflank = bitandnot_m256i(eraser, outflank);
            let steps2 = add_i64_m256i(steps, steps);
            outflank = bitandnot_m256i(shr_each_u64_m256i(eraser, steps2), outflank);
            let steps4 = add_i64_m256i(steps2, steps2);
            outflank = bitandnot_m256i(shr_each_u64_m256i(eraser, steps4), outflank);
            let down = bitand_m256i(down_rays, sub_i64_m256i(zero, outflank));

            or_lanes(bitor_m256i(up, down))
        }
    }
}

/// The opponent discs a placement by `me` on `square` (empty, index 0 to 63) flips.
#[inline(always)]
pub(super) fn flips(me: u64, opp: u64, square: u32) -> u64 {
    Fast::flips(&Fast::sides(me, opp), square)
}

/// Perft of a position past the opening phase, `depth >= 1`: a pass is a ply, and a
/// finished game is one leaf at every depth beyond its end.
pub(super) fn perft(me: u64, opp: u64, depth: u32) -> u64 {
    perft_with::<Fast>(me, opp, depth)
}

/// [`perft`] on the kernels of a build for the architecture's baseline (SSE2 on
/// `x86_64`), whatever this build's target features: the same-run baseline for the
/// wider kernels (the same kernels as [`perft`] in a baseline build).
pub(super) fn baseline_perft(me: u64, opp: u64, depth: u32) -> u64 {
    perft_with::<Baseline>(me, opp, depth)
}

/// [`perft`] on the kernel set `K`.
fn perft_with<K: Kernels>(me: u64, opp: u64, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(K::mobility(me, opp).count_ones().max(1)),
        2 => perft2::<K>(me, opp),
        _ => {
            let mut moves = K::mobility(me, opp);
            if moves == 0 {
                return if K::mobility(opp, me) == 0 {
                    1
                } else {
                    perft_with::<K>(opp, me, depth - 1)
                };
            }
            let sides = K::sides(me, opp);
            let mut leaves = 0;
            while moves != 0 {
                let square = moves.trailing_zeros();
                moves &= moves - 1;
                let flipped = K::flips(&sides, square);
                leaves += perft_with::<K>(opp ^ flipped, me | flipped | 1 << square, depth - 1);
            }
            leaves
        }
    }
}

/// Perft at depth 2: every child counted by its mobility (one leaf for a child that
/// must pass or has ended the game).
#[inline]
fn perft2<K: Kernels>(me: u64, opp: u64) -> u64 {
    let mut moves = K::mobility(me, opp);
    if moves == 0 {
        // A pass leaves the opponent to move: its placements are the leaves, or the
        // game is over.
        return u64::from(K::mobility(opp, me).count_ones().max(1));
    }
    let sides = K::sides(me, opp);
    let mut next_child = || {
        let square = moves.trailing_zeros();
        moves &= moves - 1;
        let flipped = K::flips(&sides, square);
        ((opp ^ flipped, me | flipped | 1 << square), moves == 0)
    };
    let one = |(me, opp)| u64::from(K::mobility(me, opp).count_ones().max(1));
    // Two children at a time, the next two placed before these two's replies are
    // counted: independent work, so it overlaps.
    let (mut a, last) = next_child();
    if last {
        return one(a);
    }
    let (mut b, mut last) = next_child();
    let mut leaves = 0;
    while !last {
        let (c, last_c) = next_child();
        if last_c {
            return leaves + K::leaves_of_two(a, b) + one(c);
        }
        let (d, last_d) = next_child();
        leaves += K::leaves_of_two(a, b);
        (a, b, last) = (c, d, last_d);
    }
    leaves + K::leaves_of_two(a, b)
}

#[cfg(test)]
mod tests;
