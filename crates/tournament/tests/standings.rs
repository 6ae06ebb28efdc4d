//! Standings: each tie-break step on hand-made examples, and the points total.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tournament::standings::{self, Standing};
use tournament::{Game, Outcome, Seed, swiss};

fn g(white: Seed, black: Seed, outcome: Outcome) -> Game {
    Game {
        white,
        black,
        outcome: Some(outcome),
    }
}

fn order(table: &[Standing]) -> Vec<Seed> {
    table.iter().map(|s| s.seed).collect()
}

#[test]
fn points_first() {
    // 2 beat 0; 1 drew with 0 and had a bye.
    let games = [g(2, 0, Outcome::WhiteWon), g(1, 0, Outcome::Draw)];
    let table = standings::rank(&[0, 1, 2], &games, &[1]);
    assert_eq!(order(&table), vec![1, 2, 0]);
    assert_eq!(
        table.iter().map(|s| s.rank).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    let points: Vec<u32> = table.iter().map(|s| s.half_points).collect();
    assert_eq!(points, vec![3, 2, 1]);
}

#[test]
fn a_game_both_lost_scores_nothing_for_either() {
    use Outcome::*;
    // 0 and 1 both lost their game; 2 beat 1. 0 has played once and scored nothing.
    let games = [g(0, 1, BothLost), g(2, 1, WhiteWon)];
    let table = standings::rank(&[0, 1, 2], &games, &[]);
    assert_eq!(order(&table), vec![2, 0, 1]);
    let lines: Vec<(u32, u32, u32, u32)> = table
        .iter()
        .map(|s| (s.half_points, s.played, s.wins, s.sonneborn_berger))
        .collect();
    assert_eq!(lines, vec![(2, 1, 1, 0), (0, 1, 0, 0), (0, 2, 0, 0)]);
    let total: u32 = table.iter().map(|s| s.half_points).sum();
    assert_eq!(total, 2, "one game decided, one both lost");
}

#[test]
fn sonneborn_berger_decides() {
    use Outcome::*;
    // 1 beat 2 (who has 2 points), 0 beat 3 (who has none): 1 ahead of 0 on SB.
    let games = [g(1, 2, WhiteWon), g(0, 3, WhiteWon), g(2, 3, WhiteWon)];
    let table = standings::rank(&[0, 1, 2, 3], &games, &[]);
    assert_eq!(order(&table), vec![1, 0, 2, 3]);
    assert_eq!((table[0].half_points, table[0].sonneborn_berger), (2, 4));
    assert_eq!((table[1].half_points, table[1].sonneborn_berger), (2, 0));
}

#[test]
fn direct_encounter_decides() {
    use Outcome::*;
    // 0 and 1: 2 points and SB 4 each; 1 beat 0.
    let games = [
        g(1, 0, WhiteWon),
        g(0, 2, Draw),
        g(3, 0, Draw),
        g(2, 3, WhiteWon),
    ];
    let table = standings::rank(&[0, 1, 2, 3], &games, &[]);
    assert_eq!(order(&table), vec![2, 1, 0, 3]);
    let (one, zero) = (&table[1], &table[2]);
    assert_eq!(
        (one.half_points, one.sonneborn_berger),
        (zero.half_points, zero.sonneborn_berger)
    );
    assert_eq!((one.direct_encounter, zero.direct_encounter), (2, 0));
}

#[test]
fn wins_decide() {
    use Outcome::*;
    // 0: two draws; 1: a win and a loss; equal points, SB 2 each, never met.
    let games = [
        g(0, 2, Draw),
        g(3, 0, Draw),
        g(1, 4, WhiteWon),
        g(5, 1, WhiteWon),
        g(4, 5, Draw),
    ];
    let table = standings::rank(&[0, 1, 2, 3, 4, 5], &games, &[]);
    assert_eq!(order(&table), vec![5, 1, 0, 4, 2, 3]);
    assert_eq!(table[1].sonneborn_berger, table[2].sonneborn_berger);
    assert_eq!((table[1].wins, table[2].wins), (1, 0));
}

#[test]
fn seed_decides_last() {
    use Outcome::*;
    // A cycle: everyone 2 points, SB 4, direct encounter 2, one win.
    let games = [g(1, 0, WhiteWon), g(0, 2, WhiteWon), g(2, 1, WhiteWon)];
    let table = standings::rank(&[2, 1, 0], &games, &[]);
    assert_eq!(order(&table), vec![0, 1, 2]);
    assert!(table.iter().all(|s| (
        s.half_points,
        s.sonneborn_berger,
        s.direct_encounter,
        s.wins,
        s.played
    ) == (2, 4, 2, 1, 2)));
}

#[test]
fn unfinished_foreign_games_byes_and_duplicates() {
    let games = [
        Game {
            white: 0,
            black: 1,
            outcome: None,
        },
        g(0, 9, Outcome::WhiteWon),
        g(1, 0, Outcome::Draw),
    ];
    let table = standings::rank(&[0, 1, 1, 2], &games, &[2, 7]);
    assert_eq!(table.len(), 3);
    assert_eq!(order(&table), vec![2, 0, 1]);
    assert_eq!(
        (table[0].half_points, table[0].played, table[0].wins),
        (2, 0, 0)
    );
    assert_eq!((table[1].half_points, table[1].played), (1, 1));
    assert!(standings::rank(&[], &games, &[1]).is_empty());
}

#[test]
fn points_total_matches_games_and_byes() {
    for n in [2, 3, 7, 8, 9, 33] {
        for seed in 0..30 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let players: Vec<Seed> = (0..n).collect();
            let (mut games, mut byes) = (Vec::new(), Vec::new());
            for _ in 0..(n - 1).min(5) {
                let round = swiss::pair(&players, &games, &byes).expect("pairs");
                for p in round.pairings {
                    let outcome = [Outcome::WhiteWon, Outcome::BlackWon, Outcome::Draw]
                        [rng.random_range(0..3)];
                    games.push(g(p.white, p.black, outcome));
                }
                byes.extend(round.bye);
            }
            let table = standings::rank(&players, &games, &byes);
            let total: u32 = table.iter().map(|s| s.half_points).sum();
            assert_eq!(total as usize, 2 * games.len() + 2 * byes.len());
            let ranks: Vec<usize> = table.iter().map(|s| s.rank).collect();
            assert_eq!(ranks, (1..=n).collect::<Vec<_>>());
            for w in table.windows(2) {
                let key = |s: &Standing| (s.half_points, s.sonneborn_berger);
                assert!(key(&w[0]) >= key(&w[1]));
            }
        }
    }
}
