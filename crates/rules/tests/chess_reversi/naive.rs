//! Chess Reversi cross-checked against a deliberately naive second move generator: random
//! games and the perft table (tests/data/perft-chess-reversi.txt).

use rand::{Rng, SeedableRng, rngs::SmallRng};
use rules::{AnyGame, ChessReversi, Color, Game};

use super::{Naive, game, play_until};

/// Both implementations agree on the legal moves (as sets), scores and attack counts.
fn assert_agree(game: &AnyGame, naive: &Naive) {
    let mut fast = game.legal_moves();
    let mut slow = naive.legal();
    fast.sort();
    slow.sort();
    let record: Vec<&str> = game.moves().collect();
    assert_eq!(fast, slow, "after {record:?}");
    let scores = game.scores().unwrap();
    assert_eq!(scores.white, naive.score(0), "after {record:?}");
    assert_eq!(scores.black, naive.score(1), "after {record:?}");
    assert_eq!(
        game.attack_counts(Color::White).unwrap(),
        naive.attack_counts(0)
    );
    assert_eq!(
        game.attack_counts(Color::Black).unwrap(),
        naive.attack_counts(1)
    );
}

#[test]
fn random_games_agree_with_the_naive_generator() {
    let mut rng = SmallRng::seed_from_u64(2026);
    for _ in 0..150 {
        let mut g = game("");
        let mut naive = Naive::new();
        loop {
            assert_agree(&g, &naive);
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Keep to the a1-d4 corner now and then, where rules 8 and 9 bite.
            let corner: Vec<&String> = moves
                .iter()
                .filter(|m| m.as_bytes()[1] <= b'd' && m.as_bytes()[2] <= b'4')
                .collect();
            let mv = if !corner.is_empty() && rng.random_bool(0.7) {
                corner[rng.random_range(0..corner.len())].clone()
            } else {
                moves[rng.random_range(0..moves.len())].clone()
            };
            g.play(&mv).unwrap();
            naive.play(&mv);
        }
    }
}

/// The perft table: `(depth, nodes)`.
fn perft_table() -> Vec<(u32, u64)> {
    include_str!("../data/perft-chess-reversi.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (depth, nodes) = line.split_once(' ').unwrap();
            (depth.parse().unwrap(), nodes.trim().parse().unwrap())
        })
        .collect()
}

#[test]
fn perft_matches_the_table() {
    let table = perft_table();
    assert!(table.len() >= 5);
    let start = game("");
    for (depth, nodes) in table {
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
}

#[test]
fn perft_agrees_with_the_naive_generator() {
    let naive = Naive::new();
    let start = ChessReversi::new();
    for (depth, nodes) in perft_table().into_iter().filter(|&(depth, _)| depth <= 3) {
        assert_eq!(naive.perft(depth), nodes, "depth {depth}");
        assert_eq!(start.perft(depth), nodes, "depth {depth}");
    }
    // Deeper from a middle position, where more rules are in play.
    let record = "Kd4 Qd5 Qc5 Nb5 Rc6 Bb6";
    let mut naive = Naive::new();
    record.split_whitespace().for_each(|mv| naive.play(mv));
    let g = game(record);
    assert_eq!(g.perft(3), naive.perft(3));
    // And from near the end, through rules 7, 8 and 9.
    let mut g = game("");
    play_until(&mut g, 11, |mv| {
        mv.as_bytes()[1] <= b'd' && mv.as_bytes()[2] <= b'4'
    });
    let mut naive = Naive::new();
    g.moves().for_each(|mv| naive.play(mv));
    assert_eq!(g.perft(5), naive.perft(5));
}
