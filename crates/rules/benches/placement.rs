//! Benchmarks of the placement games, Chess Reversi and Knight Fight, through [`AnyGame`]
//! (canonical move strings, as the server uses them), with the typed [`Game`] calls beside
//! them as a baseline for the cost of the string layer.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rules::{AnyGame, ChessReversi, Color, Game, KnightFight, KnightFightSetup, Variant};

/// A whole Chess Reversi game (16 moves), found by always playing the middle legal move.
fn chess_reversi_record() -> Vec<String> {
    let mut game = AnyGame::new(Variant::ChessReversi, None).unwrap();
    while game.outcome().is_none() {
        let moves = game.legal_moves();
        game.play(&moves[moves.len() / 2]).unwrap();
    }
    game.moves().map(str::to_owned).collect()
}

/// The Knight Fight setup of the perft table.
fn knight_fight_setup() -> KnightFightSetup {
    let numbers: Vec<u8> = include_str!("../tests/data/perft-knight-fight.txt")
        .lines()
        .filter_map(|line| line.strip_prefix("setup "))
        .flat_map(|line| line.split_whitespace().map(|n| n.parse::<u8>().unwrap()))
        .collect();
    KnightFightSetup::from_numbers(numbers.try_into().unwrap()).unwrap()
}

/// A whole Knight Fight game on `setup`, found by always playing the middle legal move.
fn knight_fight_record(setup: &KnightFightSetup) -> Vec<String> {
    let mut game = AnyGame::new(Variant::KnightFight, Some(setup.clone())).unwrap();
    while game.outcome().is_none() {
        let moves = game.legal_moves();
        game.play(&moves[moves.len() / 2]).unwrap();
    }
    game.moves().map(str::to_owned).collect()
}

fn chess_reversi(c: &mut Criterion) {
    let record = chess_reversi_record();
    let middle = AnyGame::replay(Variant::ChessReversi, None, &record[..8]).unwrap();
    let full = AnyGame::replay(Variant::ChessReversi, None, &record).unwrap();
    let mut typed_middle = ChessReversi::new();
    for mv in &record[..8] {
        typed_middle.play(mv).unwrap();
    }
    let mut group = c.benchmark_group("chess-reversi");
    group.bench_function("legal_moves (typed, ply 8)", |b| {
        b.iter(|| black_box(&typed_middle).legal_moves());
    });
    group.bench_function("legal_moves (AnyGame strings, ply 8)", |b| {
        b.iter(|| black_box(&middle).legal_moves());
    });
    group.bench_function("replay 16 moves (AnyGame)", |b| {
        b.iter(|| AnyGame::replay(Variant::ChessReversi, None, black_box(&record)).unwrap());
    });
    group.bench_function("scores (full board)", |b| {
        b.iter(|| black_box(&full).scores());
    });
    group.bench_function("attack_counts (full board)", |b| {
        b.iter(|| black_box(&full).attack_counts(Color::White));
    });
    group.bench_function("perft 4 from the start", |b| {
        let start = AnyGame::new(Variant::ChessReversi, None).unwrap();
        b.iter(|| black_box(&start).perft(4));
    });
    group.finish();
}

fn knight_fight(c: &mut Criterion) {
    let setup = knight_fight_setup();
    let record = knight_fight_record(&setup);
    let middle = AnyGame::replay(Variant::KnightFight, Some(setup.clone()), &record[..6]).unwrap();
    let mut typed_middle = KnightFight::new(&setup);
    for mv in &record[..6] {
        typed_middle.play(mv).unwrap();
    }
    let mut group = c.benchmark_group("knight-fight");
    group.bench_function("legal_moves (typed, ply 6)", |b| {
        b.iter(|| black_box(&typed_middle).legal_moves());
    });
    group.bench_function("legal_moves (AnyGame strings, ply 6)", |b| {
        b.iter(|| black_box(&middle).legal_moves());
    });
    group.bench_function(format!("replay {} moves (AnyGame)", record.len()), |b| {
        b.iter(|| {
            AnyGame::replay(
                Variant::KnightFight,
                Some(setup.clone()),
                black_box(&record),
            )
            .unwrap()
        });
    });
    group.bench_function("scores", |b| {
        b.iter(|| black_box(&middle).scores());
    });
    group.bench_function("perft 5 from the start", |b| {
        let start = KnightFight::new(&setup);
        b.iter(|| black_box(&start).perft(5));
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = chess_reversi, knight_fight
}
criterion_main!(benches);
