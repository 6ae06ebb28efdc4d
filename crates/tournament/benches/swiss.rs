//! Swiss pairing and standings on a 1,000-player field.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tournament::{Game, Outcome, Seed, standings, swiss};

const PLAYERS: usize = 1000;

/// Plays `rounds` Swiss rounds with random results; the games and byes so far.
fn play(rounds: usize) -> (Vec<Seed>, Vec<Game>, Vec<Seed>) {
    let mut rng = SmallRng::seed_from_u64(7);
    let players: Vec<Seed> = (0..PLAYERS).collect();
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let round = swiss::pair(&players, &games, &byes).expect("a pairing exists");
        for p in round.pairings {
            let outcome = match rng.random_range(0..3) {
                0 => Outcome::WhiteWon,
                1 => Outcome::BlackWon,
                _ => Outcome::Draw,
            };
            games.push(Game {
                white: p.white,
                black: p.black,
                outcome: Some(outcome),
            });
        }
        byes.extend(round.bye);
    }
    (players, games, byes)
}

fn bench(c: &mut Criterion) {
    for round in [1, 5, 10] {
        let (players, games, byes) = play(round - 1);
        c.bench_function(&format!("swiss 1000 players, pair round {round}"), |b| {
            b.iter(|| swiss::pair(black_box(&players), black_box(&games), black_box(&byes)))
        });
    }
    let (players, games, byes) = play(10);
    c.bench_function("standings 1000 players after 10 rounds", |b| {
        b.iter(|| standings::rank(black_box(&players), black_box(&games), black_box(&byes)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
