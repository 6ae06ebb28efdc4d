//! Reversi speed: legal-move generation and play on every size, through [`AnyGame`]
//! (canonical text in and out, the server's path) and through [`Reversi`] directly; and
//! perft(8) of the classic start on 8x8: the board's own kernels (`perft(8)`), with the
//! same-run baselines of the board's kernels for the baseline `x86_64` target, SSE2
//! (`perft(8)/baseline`, [`Reversi::baseline_perft`]: the same kernels as `perft(8)`
//! unless the build has AVX2) and of the generic kernels every size shares
//! (`perft(8)/generic`, [`Reversi::generic_perft`]). The perft example's `--compare`
//! prints the ratios itself.
//!
//! `cargo bench -p rules --bench reversi`; for the AVX2 kernels,
//! `RUSTFLAGS="-C target-cpu=native" cargo bench -p rules --bench reversi --target-dir
//! target/native` on a processor that has AVX2.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rules::{AnyGame, Game, Reversi, Variant};

/// A middle-game position: from the empty board, twenty plies each taking the legal move
/// in the middle of the list (deterministic, so runs compare).
fn middle_game(variant: Variant) -> (AnyGame, Reversi) {
    let mut game = AnyGame::new(variant, None).expect("reversi needs no setup");
    let mut reversi = Reversi::new(variant.board_size());
    for _ in 0..20 {
        let moves = game.legal_moves();
        let Some(text) = moves.get(moves.len() / 2) else {
            break;
        };
        reversi.play(text).expect("a listed move is legal");
        game.play(text).expect("a listed move is legal");
    }
    (game, reversi)
}

fn legal_moves_and_play(c: &mut Criterion) {
    for variant in [
        Variant::Reversi6x6,
        Variant::Reversi8x8,
        Variant::Reversi10x10,
    ] {
        let (game, reversi) = middle_game(variant);
        let moves = game.legal_moves();
        let text = moves[0].clone();
        let mv = reversi.parse_move(&text).expect("a listed move parses");
        let mut group = c.benchmark_group(variant.as_str());
        group.bench_function("legal_moves/any_game", |b| {
            b.iter(|| black_box(&game).legal_moves());
        });
        group.bench_function("legal_moves/reversi", |b| {
            b.iter(|| black_box(&reversi).legal_moves());
        });
        group.bench_function("play/any_game", |b| {
            b.iter_batched(
                || game.clone(),
                |mut game| {
                    game.play(black_box(&text)).expect("legal");
                    game
                },
                BatchSize::SmallInput,
            );
        });
        group.bench_function("play/reversi", |b| {
            b.iter_batched(
                || reversi.clone(),
                |mut reversi| {
                    reversi.play_unchecked(black_box(&mv));
                    reversi
                },
                BatchSize::SmallInput,
            );
        });
        group.bench_function("play_checked/reversi", |b| {
            b.iter_batched(
                || reversi.clone(),
                |mut reversi| {
                    reversi.play(black_box(&text)).expect("legal");
                    reversi
                },
                BatchSize::SmallInput,
            );
        });
        group.finish();
    }
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("reversi-8x8-standard");
    group.sample_size(20);
    let game = Reversi::standard(8);
    group.bench_function("perft(8)", |b| {
        b.iter(|| black_box(&game).perft(black_box(8)))
    });
    group.bench_function("perft(8)/baseline", |b| {
        b.iter(|| black_box(&game).baseline_perft(black_box(8)))
    });
    group.bench_function("perft(8)/generic", |b| {
        b.iter(|| black_box(&game).generic_perft(black_box(8)))
    });
    group.finish();
}

criterion_group!(benches, legal_moves_and_play, perft);
criterion_main!(benches);
