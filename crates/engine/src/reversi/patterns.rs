//! Reversi's evaluation: a table of weights for each shape the discs make (a corner's
//! 3x3 block, a corner's 2x5 rectangles, an edge, the lines parallel to the edges, the
//! diagonals), one set of tables per stage of the game, plus weights for mobility,
//! frontier discs and the move. The weights are learned by [`crate::training`] from the
//! engine's own games and built into the crate (`weights/reversi-8x8.bin`, for 8x8
//! only).

use std::sync::OnceLock;

use super::board::Geometry;

/// Stages of the game, by the discs on the board; each has weights of its own.
pub(crate) const STAGES: usize = 6;
/// The weights after the tables in each stage: mobility, frontier, and a constant.
pub(crate) const SCALARS: usize = 3;

/// The shapes of one board size and every place each lies on the board.
#[derive(Debug)]
pub(crate) struct Patterns {
    pub(crate) size: u8,
    /// Each placement of a shape: where its table starts within a stage, and its squares
    /// (a range of `squares`).
    placements: Vec<(u32, u16, u16)>,
    /// The squares of every placement, in the order that reads its table index: the
    /// k-th from the end counts 3^k times its state (0 empty, 1 the mover's, 2 the
    /// opponent's).
    squares: Vec<u8>,
    /// The weights of one stage: every shape's table, then the scalars.
    pub(crate) stage_len: usize,
}

/// The squares of each shape, placed at the corner of file 0 and rank 0, as (file,
/// rank).
fn shapes(size: u8) -> Vec<Vec<(u8, u8)>> {
    let n = size;
    let mut shapes: Vec<Vec<(u8, u8)>> = vec![
        (0..3).flat_map(|r| (0..3).map(move |f| (f, r))).collect(),
        (0..2).flat_map(|r| (0..5).map(move |f| (f, r))).collect(),
    ];
    let mut edge: Vec<(u8, u8)> = (0..n).map(|f| (f, 0)).collect();
    if n <= 8 {
        // The X-squares, which decide whether the edge's corners are safe.
        edge.extend([(1, 1), (n - 2, 1)]);
    }
    shapes.push(edge);
    for rank in 1..n / 2 {
        shapes.push((0..n).map(|f| (f, rank)).collect());
    }
    for length in 4..=n {
        shapes.push((0..length).map(|i| (i, length - 1 - i)).collect());
    }
    shapes
}

/// The eight symmetries of a square board of `size`, applied to `(file, rank)`.
pub(crate) fn symmetry(size: u8, which: u8, (f, r): (u8, u8)) -> (u8, u8) {
    let m = size - 1;
    let (f, r) = if which & 4 != 0 { (r, f) } else { (f, r) };
    let f = if which & 1 != 0 { m - f } else { f };
    let r = if which & 2 != 0 { m - r } else { r };
    (f, r)
}

impl Patterns {
    fn new(size: u8) -> Patterns {
        let mut placements = Vec::new();
        let mut squares = Vec::new();
        let mut offset = 0usize;
        for shape in shapes(size) {
            let mut seen: Vec<Vec<u8>> = Vec::new();
            for which in 0..8 {
                let placed: Vec<u8> = shape
                    .iter()
                    .map(|&at| {
                        let (f, r) = symmetry(size, which, at);
                        r * size + f
                    })
                    .collect();
                let mut set = placed.clone();
                set.sort_unstable();
                if seen.contains(&set) {
                    continue;
                }
                seen.push(set);
                let start = squares.len() as u16;
                squares.extend_from_slice(&placed);
                placements.push((offset as u32, start, squares.len() as u16));
            }
            offset += 3usize.pow(shape.len() as u32);
        }
        Patterns {
            size,
            placements,
            squares,
            stage_len: offset + SCALARS,
        }
    }

    /// The patterns of a 6, 8 or 10 board.
    pub(crate) fn of(size: u8) -> &'static Patterns {
        static SIX: OnceLock<Patterns> = OnceLock::new();
        static EIGHT: OnceLock<Patterns> = OnceLock::new();
        static TEN: OnceLock<Patterns> = OnceLock::new();
        let cell = match size {
            6 => &SIX,
            8 => &EIGHT,
            _ => &TEN,
        };
        cell.get_or_init(|| Patterns::new(size))
    }

    /// The stage of a position with `discs` on the board.
    pub(crate) fn stage(&self, discs: u32) -> usize {
        let squares = u32::from(self.size) * u32::from(self.size);
        ((discs.saturating_sub(4) as usize * STAGES) / (squares - 3) as usize).min(STAGES - 1)
    }

    /// Calls `found` with the table entry (within a stage) of every placement.
    #[inline]
    pub(crate) fn entries(&self, me: u128, opp: u128, found: impl FnMut(usize)) {
        if self.size == 8 {
            // The same reading on machine words.
            let (me, opp) = (me as u64, opp as u64);
            self.read(
                |square| (me >> square) as usize & 1 | ((opp >> square) as usize & 1) << 1,
                found,
            );
        } else {
            self.read(
                |square| (me >> square) as usize & 1 | ((opp >> square) as usize & 1) << 1,
                found,
            );
        }
    }

    /// [`Patterns::entries`], given each square's state (0 empty, 1 the mover's, 2 the
    /// opponent's).
    #[inline(always)]
    fn read(&self, state: impl Fn(u8) -> usize, mut found: impl FnMut(usize)) {
        for &(offset, start, end) in &self.placements {
            let mut index = 0usize;
            for &square in &self.squares[usize::from(start)..usize::from(end)] {
                index = index * 3 + state(square);
            }
            found(offset as usize + index);
        }
    }

    /// The scalar features: the mover's legal moves minus the opponent's (`mine` is the
    /// mover's count), and the opponent's discs next to an empty square minus the
    /// mover's.
    pub(crate) fn scalars(geometry: &Geometry, me: u128, opp: u128, mine: i32) -> [i32; 2] {
        let theirs = geometry.moves(opp, me).count_ones() as i32;
        let near_empty = geometry.neighbours(geometry.full & !(me | opp));
        let frontier =
            (opp & near_empty).count_ones() as i32 - (me & near_empty).count_ones() as i32;
        [mine - theirs, frontier]
    }
}

/// The patterns of one size with the weights built into the crate.
#[derive(Debug)]
pub(crate) struct Evaluation {
    patterns: &'static Patterns,
    weights: Vec<i16>,
}

impl Evaluation {
    /// The learned evaluation of a board size, if the crate has weights for it: 8x8 only.
    /// 6x6 and 10x10 play with the hand-made evaluation, which learned weights have not
    /// beaten there (see the README).
    pub(crate) fn of(size: u8) -> Option<&'static Evaluation> {
        static EIGHT: OnceLock<Evaluation> = OnceLock::new();
        if size != 8 {
            return None;
        }
        Some(EIGHT.get_or_init(|| {
            let patterns = Patterns::of(size);
            let bytes = include_bytes!("../../weights/reversi-8x8.bin");
            let weights = decode(bytes, patterns).expect("the built-in weights decode");
            Evaluation { patterns, weights }
        }))
    }

    /// The score of `me` to move against `opp`, in hundredths of a disc; `mine` is the
    /// mover's number of legal moves (0 when it must pass).
    pub(crate) fn score(&self, geometry: &Geometry, me: u128, opp: u128, mine: i32) -> i32 {
        let patterns = self.patterns;
        let stage = patterns.stage((me | opp).count_ones());
        let weights = &self.weights[stage * patterns.stage_len..(stage + 1) * patterns.stage_len];
        let mut sum = 0i32;
        patterns.entries(me, opp, |entry| sum += i32::from(weights[entry]));
        let scalars = &weights[patterns.stage_len - SCALARS..];
        let [mobility, frontier] = Patterns::scalars(geometry, me, opp, mine);
        sum + mobility * i32::from(scalars[0])
            + frontier * i32::from(scalars[1])
            + i32::from(scalars[2])
    }
}

/// The first bytes of a weights file.
pub(crate) const MAGIC: &[u8; 4] = b"RVW1";

/// A weights file: [`MAGIC`], the board size, [`STAGES`], the stage length (u32, little
/// endian), then the weights of every stage as varints: an even `2k` stands for `k`
/// zeros, an odd `2v + 1` for the non-zero weight `v` (zigzag: 0, -1, 1, -2 …).
pub(crate) fn encode(size: u8, weights: &[i16], stage_len: usize) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.push(size);
    out.push(STAGES as u8);
    out.extend_from_slice(&(stage_len as u32).to_le_bytes());
    let mut zeros = 0u64;
    let push = |out: &mut Vec<u8>, mut value: u64| {
        while value >= 0x80 {
            out.push((value as u8) | 0x80);
            value >>= 7;
        }
        out.push(value as u8);
    };
    for &weight in weights {
        if weight == 0 {
            zeros += 1;
            continue;
        }
        if zeros > 0 {
            push(&mut out, zeros * 2);
            zeros = 0;
        }
        let zigzag = ((i64::from(weight) << 1) ^ (i64::from(weight) >> 63)) as u64;
        push(&mut out, (zigzag - 1) * 2 + 1);
    }
    if zeros > 0 {
        push(&mut out, zeros * 2);
    }
    out
}

/// The weights a file of [`encode`] holds, if it fits `patterns`.
pub(crate) fn decode(bytes: &[u8], patterns: &Patterns) -> Option<Vec<i16>> {
    let header = bytes.get(..10)?;
    if &header[..4] != MAGIC
        || header[4] != patterns.size
        || usize::from(header[5]) != STAGES
        || u32::from_le_bytes(header[6..10].try_into().ok()?) as usize != patterns.stage_len
    {
        return None;
    }
    let total = STAGES * patterns.stage_len;
    let mut weights = Vec::with_capacity(total);
    let mut rest = &bytes[10..];
    while !rest.is_empty() {
        let mut value = 0u64;
        let mut shift = 0;
        loop {
            let (&byte, tail) = rest.split_first()?;
            rest = tail;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 63 {
                return None;
            }
        }
        if value.is_multiple_of(2) {
            weights.resize(weights.len() + (value / 2) as usize, 0);
        } else {
            let zigzag = value / 2 + 1;
            let weight = ((zigzag >> 1) as i64) ^ -((zigzag & 1) as i64);
            weights.push(i16::try_from(weight).ok()?);
        }
        if weights.len() > total {
            return None;
        }
    }
    (weights.len() == total).then_some(weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_weights_decode_and_say_something() {
        let evaluation = Evaluation::of(8).expect("weights for 8x8");
        let zero = evaluation
            .weights
            .iter()
            .filter(|&&weight| weight == 0)
            .count();
        assert!(
            zero < evaluation.weights.len() * 9 / 10,
            "{zero} of {}",
            evaluation.weights.len()
        );
        assert!(Evaluation::of(6).is_none() && Evaluation::of(10).is_none());
    }

    #[test]
    fn weights_survive_their_file() {
        let patterns = Patterns::of(6);
        let weights: Vec<i16> = (0..STAGES * patterns.stage_len)
            .map(|index| match index % 7 {
                0 => i16::MIN,
                1 => i16::MAX,
                2 => -1,
                3 => 1,
                _ => 0,
            })
            .collect();
        let bytes = encode(6, &weights, patterns.stage_len);
        assert_eq!(decode(&bytes, patterns), Some(weights));
        assert_eq!(decode(&bytes[..bytes.len() - 1], patterns), None);
        assert_eq!(decode(&bytes, Patterns::of(8)), None);
    }

    #[test]
    fn each_shape_lies_on_distinct_squares() {
        for size in [6u8, 8, 10] {
            let patterns = Patterns::of(size);
            let squares = u32::from(size) * u32::from(size);
            for &(_, start, end) in &patterns.placements {
                let mut placed = patterns.squares[usize::from(start)..usize::from(end)].to_vec();
                assert!(placed.iter().all(|&square| u32::from(square) < squares));
                placed.sort_unstable();
                placed.dedup();
                assert_eq!(placed.len(), usize::from(end - start));
            }
        }
    }
}
