//! Chess speed: perft through `AnyGame` against shakmaty's own `perft` on the same
//! positions, legal-move listing, and replaying a game through `AnyGame`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rules::{AnyGame, Variant};
use shakmaty::{CastlingMode, fen::Fen};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Morphy's Opera Game (Paris 1858), 33 plies ending in mate.
const OPERA_GAME: [&str; 33] = [
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
    "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
    "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
];

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    Fen::from_ascii(fen.as_bytes())
        .expect("valid fen")
        .into_position(CastlingMode::Standard)
        .expect("legal position")
}

/// A game that reaches the kiwipete placement (with all castling rights and no en
/// passant square) from the start, so `AnyGame` itself can be measured on it.
const TO_KIWIPETE: [&str; 30] = [
    "e4", "e6", "d4", "g6", "d5", "Bg7", "Nc3", "Qe7", "Nf3", "Nf6", "Ne5", "b5", "Bd2", "b4",
    "Qf3", "Nc6", "Be2", "Na5", "Nb1", "Nc4", "Nc3", "Nb6", "Nb1", "Ba6", "Nc3", "h5", "Nb1", "h4",
    "Nc3", "h3",
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_perft");
    group.sample_size(10);

    let start = AnyGame::new(Variant::Chess, None).expect("chess needs no setup");
    let start_shakmaty = shakmaty_position(START);
    group.throughput(Throughput::Elements(start.perft(4)));
    group.bench_function(BenchmarkId::new("any_game", "start/4"), |b| {
        b.iter(|| black_box(&start).perft(black_box(4)));
    });
    group.bench_function(BenchmarkId::new("shakmaty", "start/4"), |b| {
        b.iter(|| shakmaty::perft(black_box(&start_shakmaty), black_box(4)));
    });

    let kiwipete = AnyGame::replay(Variant::Chess, None, TO_KIWIPETE).expect("legal moves");
    let kiwipete_shakmaty = shakmaty_position(KIWIPETE);
    assert_eq!(
        kiwipete
            .fen()
            .expect("chess has a fen")
            .split(' ')
            .take(4)
            .collect::<Vec<_>>(),
        KIWIPETE.split(' ').take(4).collect::<Vec<_>>()
    );
    group.throughput(Throughput::Elements(kiwipete.perft(3)));
    group.bench_function(BenchmarkId::new("any_game", "kiwipete/3"), |b| {
        b.iter(|| black_box(&kiwipete).perft(black_box(3)));
    });
    group.bench_function(BenchmarkId::new("shakmaty", "kiwipete/3"), |b| {
        b.iter(|| shakmaty::perft(black_box(&kiwipete_shakmaty), black_box(3)));
    });
    group.finish();
}

fn moves_and_play(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_any_game");

    let opening = AnyGame::replay(Variant::Chess, None, &OPERA_GAME[..12]).expect("legal moves");
    group.bench_function("legal_moves/opera_game_ply_12", |b| {
        b.iter(|| black_box(&opening).legal_moves());
    });

    let uci: Vec<String> = AnyGame::replay(Variant::Chess, None, OPERA_GAME)
        .expect("legal moves")
        .moves()
        .map(str::to_owned)
        .collect();
    group.throughput(Throughput::Elements(uci.len() as u64));
    group.bench_function("replay_uci/opera_game", |b| {
        b.iter(|| AnyGame::replay(Variant::Chess, None, black_box(&uci)).expect("legal moves"));
    });
    group.bench_function("replay_san/opera_game", |b| {
        b.iter(|| {
            AnyGame::replay(Variant::Chess, None, black_box(OPERA_GAME)).expect("legal moves")
        });
    });
    group.finish();
}

criterion_group!(benches, perft, moves_and_play);
criterion_main!(benches);
