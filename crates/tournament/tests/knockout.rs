//! Knock-out: brackets, matches, tie-breaks, whole events with random results.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tournament::knockout::{self, MatchState};
use tournament::{Game, Outcome, Pairing, Seed};

fn game(white: Seed, black: Seed, outcome: Outcome) -> Game {
    Game {
        white,
        black,
        outcome: Some(outcome),
    }
}

#[test]
fn brackets_hold_everyone_once_with_top_seeds_apart() {
    for count in 0..=140usize {
        let bracket = knockout::bracket(count);
        let size = if count == 0 {
            0
        } else {
            count.next_power_of_two()
        };
        assert_eq!(bracket.len(), size / 2 + usize::from(size == 1));
        let mut all: Vec<Seed> = bracket
            .iter()
            .flat_map(|&(a, b)| std::iter::once(a).chain(b))
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..count).collect::<Vec<_>>(), "count={count}");
        let byes: Vec<Seed> = bracket
            .iter()
            .filter(|(_, b)| b.is_none())
            .map(|&(a, _)| a)
            .collect();
        let mut sorted = byes.clone();
        sorted.sort_unstable();
        let expected: Vec<Seed> = if count == 1 {
            vec![0]
        } else {
            (0..size - count).collect()
        };
        assert_eq!(sorted, expected, "count={count}: byes to the top seeds");
        for &(a, b) in &bracket {
            if let Some(b) = b {
                assert!(a < b, "higher seed first");
            }
        }
        if count >= 2 {
            let half = bracket.len() / 2;
            let in_first = |s: Seed| {
                bracket[..half.max(1)]
                    .iter()
                    .any(|&(a, b)| a == s || b == Some(s))
            };
            assert!(in_first(0));
            assert!(!in_first(1) || half == 0 && count == 2);
        }
        // With the higher seed always winning, every round is top against bottom, and the
        // final is seeds 0 and 1.
        let mut alive: Vec<Seed> = bracket.iter().map(|&(a, _)| a).collect();
        while alive.len() > 1 {
            let k = alive.len();
            for (i, pair) in alive.chunks(2).enumerate() {
                assert_eq!(
                    pair[0].min(pair[1]) + pair[0].max(pair[1]),
                    k - 1,
                    "{alive:?} {i}"
                );
            }
            alive = alive.chunks(2).map(|p| p[0].min(p[1])).collect();
        }
    }
}

#[test]
fn standard_sixteen() {
    let pairs: Vec<(Seed, Seed)> = knockout::bracket(16)
        .into_iter()
        .map(|(a, b)| (a + 1, b.map_or(0, |b| b + 1)))
        .collect();
    assert_eq!(
        pairs,
        vec![
            (1, 16),
            (8, 9),
            (4, 13),
            (5, 12),
            (2, 15),
            (7, 10),
            (3, 14),
            (6, 11)
        ]
    );
}

#[test]
fn opening_games_alternate_and_round_up() {
    let p = |white, black| Pairing { white, black };
    assert_eq!(knockout::opening_games(3, 9, 0), vec![p(3, 9), p(9, 3)]);
    assert_eq!(knockout::opening_games(3, 9, 1), vec![p(3, 9), p(9, 3)]);
    assert_eq!(knockout::opening_games(3, 9, 2), vec![p(3, 9), p(9, 3)]);
    assert_eq!(
        knockout::opening_games(3, 9, 3),
        vec![p(3, 9), p(9, 3), p(3, 9), p(9, 3)]
    );
}

#[test]
fn match_rules() {
    use Outcome::*;
    let (a, b) = (2, 5);
    assert_eq!(knockout::match_state(a, b, 2, &[]), MatchState::Playing);
    let unfinished = Game {
        white: b,
        black: a,
        outcome: None,
    };
    let first = game(a, b, Draw);
    assert_eq!(
        knockout::match_state(a, b, 2, &[first, unfinished]),
        MatchState::Playing
    );
    // The lower seed leads after both games.
    let won_b = MatchState::Won {
        winner: b,
        loser: a,
    };
    let won_a = MatchState::Won {
        winner: a,
        loser: b,
    };
    assert_eq!(
        knockout::match_state(a, b, 2, &[first, game(b, a, WhiteWon)]),
        won_b
    );
    // Tied: a tie-break pair, one with each colour.
    let tied = [first, game(b, a, Draw)];
    let extra = vec![
        Pairing { white: a, black: b },
        Pairing { white: b, black: a },
    ];
    assert_eq!(
        knockout::match_state(a, b, 2, &tied),
        MatchState::NeedsGames(extra)
    );
    // Only one of the pair so far: the other is asked for.
    let one = [tied[0], tied[1], game(a, b, WhiteWon)];
    assert_eq!(
        knockout::match_state(a, b, 2, &one),
        MatchState::NeedsGames(vec![Pairing { white: b, black: a }])
    );
    // The tie-break pair decides...
    let decided = [tied[0], tied[1], game(a, b, BlackWon), game(b, a, Draw)];
    assert_eq!(knockout::match_state(a, b, 2, &decided), won_b);
    // ...and when still tied the higher seed goes through.
    let still = [tied[0], tied[1], game(a, b, WhiteWon), game(b, a, WhiteWon)];
    assert_eq!(knockout::match_state(a, b, 2, &still), won_a);
    // Games of other players are ignored.
    let others = [
        first,
        game(b, a, WhiteWon),
        game(a, 7, BlackWon),
        game(8, b, WhiteWon),
    ];
    assert_eq!(knockout::match_state(a, b, 2, &others), won_b);
}

/// Plays a whole knock-out with random results; checks every match ends by the rule.
fn play(count: usize, seed: u64) -> Seed {
    let mut rng = SmallRng::seed_from_u64(seed);
    let games_per_match = rng.random_range(0..5);
    let mut alive: Vec<Seed> = knockout::bracket(count)
        .into_iter()
        .map(|(a, b)| match b {
            None => a,
            Some(b) => play_match(a, b, games_per_match, &mut rng),
        })
        .collect();
    while alive.len() > 1 {
        alive = alive
            .chunks(2)
            .map(|p| play_match(p[0].min(p[1]), p[0].max(p[1]), games_per_match, &mut rng))
            .collect();
    }
    alive[0]
}

fn play_match(a: Seed, b: Seed, games_per_match: u32, rng: &mut SmallRng) -> Seed {
    let mut games: Vec<Game> = knockout::opening_games(a, b, games_per_match)
        .into_iter()
        .map(|p| Game {
            white: p.white,
            black: p.black,
            outcome: None,
        })
        .collect();
    let regular = games.len();
    for step in 0.. {
        assert!(step < 10, "a match ends");
        match knockout::match_state(a, b, games_per_match, &games) {
            MatchState::Playing => {
                let g = games
                    .iter_mut()
                    .find(|g| g.outcome.is_none())
                    .expect("a game to play");
                g.outcome = Some(
                    [Outcome::WhiteWon, Outcome::BlackWon, Outcome::Draw][rng.random_range(0..3)],
                );
            }
            MatchState::NeedsGames(extra) => {
                assert_eq!(games.len(), regular, "tie-break games only once");
                assert_eq!(extra.len(), 2);
                games.extend(extra.into_iter().map(|p| Game {
                    white: p.white,
                    black: p.black,
                    outcome: None,
                }));
            }
            MatchState::Won { winner, loser } => {
                let points =
                    |s: Seed| -> u32 { games.iter().filter_map(|g| g.half_points_of(s)).sum() };
                assert_eq!([winner.min(loser), winner.max(loser)], [a, b]);
                assert!(points(winner) >= points(loser));
                if points(winner) == points(loser) {
                    assert_eq!(winner, a, "the higher seed wins a tie");
                    assert_eq!(games.len(), regular + 2);
                }
                return winner;
            }
        }
    }
    a
}

#[test]
fn whole_events_with_random_results() {
    for count in [2, 3, 7, 8, 9, 33] {
        for seed in 0..100 {
            assert!(play(count, seed) < count);
        }
    }
}
