//! Learning the weights of Reversi's evaluation from positions whose worth is known:
//! what `examples/train.rs` uses to make the weight files built into the crate.
//!
//! A [`Sample`] is a position and the final disc margin it led to. [`fit`] learns the
//! weights by stochastic gradient descent on the squared error, each sample seen in all
//! eight of the board's symmetries, in an order fixed by a seed: the same samples give
//! the same weights.

use rand::{SeedableRng, rngs::StdRng, seq::SliceRandom};
use rules::{Color, Game, Reversi, Square};

use crate::reversi::{
    board::Geometry,
    patterns::{self, Evaluation, Patterns, SCALARS, STAGES},
};

/// A position, from the side to move, and what it is worth to that side.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    size: u8,
    me: u128,
    opp: u128,
    /// The final disc margin for the side to move, in hundredths of a disc.
    target: f32,
}

impl Sample {
    /// `game`'s position, worth the final disc margin `margin` to the side to move
    /// (its discs minus the other's at the end). `None` in the opening phase (the centre
    /// not yet filled) and once the game is over.
    #[must_use]
    pub fn new(game: &Reversi, margin: i32) -> Option<Sample> {
        if game.is_over() {
            return None;
        }
        let mover = game.to_move();
        let size = game.size();
        let (mut me, mut opp) = (0u128, 0u128);
        for square in Square::all(size) {
            let at = 1u128 << square.index(size);
            match game.disc(square) {
                Some(color) if color == mover => me |= at,
                Some(_) => opp |= at,
                None => {}
            }
        }
        let geometry = Geometry::of(size);
        if (me | opp) & geometry.centre != geometry.centre {
            return None;
        }
        Some(Sample {
            size,
            me,
            opp,
            target: margin as f32 * 100.0,
        })
    }

    /// Bytes a sample takes in [`Sample::write`]'s form.
    pub const BYTES: usize = 35;

    /// Appends the sample to `out`: size, the mover's discs, the other's (each a `u128`,
    /// little endian), and the margin in discs (`i16`).
    pub fn write(&self, out: &mut Vec<u8>) {
        out.push(self.size);
        out.extend_from_slice(&self.me.to_le_bytes());
        out.extend_from_slice(&self.opp.to_le_bytes());
        out.extend_from_slice(&((self.target / 100.0) as i16).to_le_bytes());
    }

    /// The sample [`Sample::write`] wrote in `bytes` (exactly [`Sample::BYTES`] long).
    #[must_use]
    pub fn read(bytes: &[u8]) -> Option<Sample> {
        if bytes.len() != Sample::BYTES || !matches!(bytes[0], 6 | 8 | 10) {
            return None;
        }
        Some(Sample {
            size: bytes[0],
            me: u128::from_le_bytes(bytes[1..17].try_into().ok()?),
            opp: u128::from_le_bytes(bytes[17..33].try_into().ok()?),
            target: f32::from(i16::from_le_bytes(bytes[33..35].try_into().ok()?)) * 100.0,
        })
    }

    /// The sample seen through symmetry `which` of the board (0 to 7).
    fn turned(&self, which: u8) -> Sample {
        let turn = |bits: u128| {
            let mut out = 0u128;
            let mut rest = bits;
            while rest != 0 {
                let index = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let (f, r) =
                    patterns::symmetry(self.size, which, (index % self.size, index / self.size));
                out |= 1u128 << (r * self.size + f);
            }
            out
        };
        Sample {
            me: turn(self.me),
            opp: turn(self.opp),
            ..*self
        }
    }

    /// The mover's legal moves (passes count none).
    fn mobility(&self, geometry: &Geometry) -> i32 {
        geometry.moves(self.me, self.opp).count_ones() as i32
    }
}

/// Weights learned by [`fit`], before they are rounded for the file.
#[derive(Debug, Clone)]
pub struct Fit {
    size: u8,
    weights: Vec<f32>,
}

/// The learning rate of the table entries at the first pass; each pass after uses
/// [`DECAY`] times the one before.
const RATE: f32 = 0.002;
/// The scalars' rate, smaller as their features are larger than a table's 0 or 1.
const SCALAR_RATE: f32 = 0.00002;
const DECAY: f32 = 0.7;
/// How many sightings a table entry needs before its weight counts fully: a weight seen
/// `n` times is kept at `n / (n + SHRINK)` of its learned value.
const SHRINK: f32 = 8.0;

/// Learns the weights of `size` from `samples` (all of that size) in `passes` passes.
#[must_use]
pub fn fit(size: u8, samples: &[Sample], passes: u32, seed: u64) -> Fit {
    let patterns = Patterns::of(size);
    let geometry = Geometry::of(size);
    let mut all: Vec<(Sample, usize, [f32; SCALARS])> = samples
        .iter()
        .filter(|sample| sample.size == size)
        .flat_map(|sample| (0..8).map(|which| sample.turned(which)))
        .map(|sample| {
            let stage = patterns.stage((sample.me | sample.opp).count_ones());
            let [mobility, frontier] =
                Patterns::scalars(geometry, sample.me, sample.opp, sample.mobility(geometry));
            (sample, stage, [mobility as f32, frontier as f32, 1.0])
        })
        .collect();
    let mut weights = vec![0f32; STAGES * patterns.stage_len];
    let mut seen = vec![0u32; weights.len()];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut entries = Vec::new();
    for pass in 0..passes {
        let rate = RATE * DECAY.powi(pass as i32);
        let scalar_rate = SCALAR_RATE * DECAY.powi(pass as i32);
        all.shuffle(&mut rng);
        for (sample, stage, scalars) in &all {
            let base = stage * patterns.stage_len;
            entries.clear();
            patterns.entries(sample.me, sample.opp, |entry| entries.push(base + entry));
            let tail = base + patterns.stage_len - SCALARS;
            let mut predicted: f32 = entries.iter().map(|&entry| weights[entry]).sum();
            for (k, value) in scalars.iter().enumerate() {
                predicted += weights[tail + k] * value;
            }
            let error = sample.target - predicted;
            for &entry in &entries {
                weights[entry] += rate * error;
                if pass == 0 {
                    seen[entry] += 1;
                }
            }
            for (k, value) in scalars.iter().enumerate() {
                weights[tail + k] += scalar_rate * error * value;
            }
        }
    }
    for stage in 0..STAGES {
        let base = stage * patterns.stage_len;
        for entry in base..base + patterns.stage_len - SCALARS {
            let count = seen[entry] as f32;
            weights[entry] *= count / (count + SHRINK);
        }
    }
    Fit { size, weights }
}

impl Fit {
    /// The weights as the crate's weights file for their size.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let rounded: Vec<i16> = self
            .weights
            .iter()
            .map(|&weight| {
                weight
                    .round()
                    .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
            })
            .collect();
        patterns::encode(self.size, &rounded, Patterns::of(self.size).stage_len)
    }

    /// The root-mean-square error on `samples`, in discs.
    #[must_use]
    pub fn error(&self, samples: &[Sample]) -> f64 {
        let patterns = Patterns::of(self.size);
        let geometry = Geometry::of(self.size);
        rms(samples, |sample| {
            let stage = patterns.stage((sample.me | sample.opp).count_ones());
            let base = stage * patterns.stage_len;
            let mut predicted = 0f32;
            patterns.entries(sample.me, sample.opp, |entry| {
                predicted += self.weights[base + entry];
            });
            let tail = base + patterns.stage_len - SCALARS;
            let [mobility, frontier] =
                Patterns::scalars(geometry, sample.me, sample.opp, sample.mobility(geometry));
            predicted
                + self.weights[tail] * mobility as f32
                + self.weights[tail + 1] * frontier as f32
                + self.weights[tail + 2]
        })
    }
}

/// The root-mean-square error of the learned evaluation built into the crate on
/// `samples` (all of one size), in discs; `None` for a size without weights.
#[must_use]
pub fn built_in_error(samples: &[Sample]) -> Option<f64> {
    let size = samples.first()?.size;
    let learned = Evaluation::of(size)?;
    let geometry = Geometry::of(size);
    Some(rms(samples, |sample| {
        learned.score(geometry, sample.me, sample.opp, sample.mobility(geometry)) as f32
    }))
}

/// The root-mean-square error of guessing 0 (a draw) for every sample, in discs.
#[must_use]
pub fn guess_error(samples: &[Sample]) -> f64 {
    rms(samples, |_| 0.0)
}

fn rms(samples: &[Sample], predict: impl Fn(&Sample) -> f32) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|sample| f64::from((sample.target - predict(sample)) / 100.0).powi(2))
        .sum();
    (sum / samples.len() as f64).sqrt()
}

/// The disc margin for `color` when `game` is over.
#[must_use]
pub fn final_margin(game: &Reversi, color: Color) -> Option<i32> {
    let scores = game.scores()?;
    let margin = scores.white as i32 - scores.black as i32;
    Some(match color {
        Color::White => margin,
        Color::Black => -margin,
    })
}

#[cfg(test)]
mod tests {
    use rand::{SeedableRng, rngs::SmallRng, seq::IndexedRandom};

    use super::*;

    /// Positions of random 6x6 games, each worth ten discs per corner the mover holds
    /// more than the opponent.
    fn corner_samples(games: u64) -> Vec<Sample> {
        let mut rng = SmallRng::seed_from_u64(5);
        let corners = [0u128, 5, 30, 35].map(|square| 1u128 << square);
        let mut samples = Vec::new();
        for _ in 0..games {
            let mut game = Reversi::new(6);
            while !game.is_over() {
                let moves = game.legal_moves();
                let mv = moves.choose(&mut rng).unwrap();
                game.play_unchecked(mv);
                if let Some(sample) = Sample::new(&game, 0) {
                    let held = |side: u128| corners.iter().filter(|&&c| side & c != 0).count();
                    let margin = 10 * (held(sample.me) as i32 - held(sample.opp) as i32);
                    samples.push(Sample {
                        target: margin as f32 * 100.0,
                        ..sample
                    });
                }
            }
        }
        samples
    }

    #[test]
    fn fitting_learns_what_the_samples_say() {
        let samples = corner_samples(1000);
        let (held, learned) = samples.split_at(samples.len() / 10);
        let fit = fit(6, learned, 6, 1);
        let guess = guess_error(held);
        assert!(guess > 5.0, "the samples vary: {guess}");
        assert!(
            fit.error(held) < guess / 3.0,
            "{} against {guess}",
            fit.error(held)
        );
        // The same samples and seed give the same file.
        assert_eq!(fit.to_bytes(), super::fit(6, learned, 6, 1).to_bytes());
    }

    #[test]
    fn samples_survive_their_bytes() {
        for sample in corner_samples(3) {
            let mut bytes = Vec::new();
            sample.write(&mut bytes);
            let read = Sample::read(&bytes).unwrap();
            assert_eq!(
                (read.me, read.opp, read.target),
                (sample.me, sample.opp, sample.target)
            );
        }
        assert!(Sample::read(&[7; Sample::BYTES]).is_none());
        assert!(Sample::read(&[6; 3]).is_none());
    }
}
