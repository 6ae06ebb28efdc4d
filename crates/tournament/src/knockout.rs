//! Knock-out brackets and matches.

use crate::{Game, Pairing, Seed};

/// The first round of a bracket of `count` seeds: the bracket size is the next power of
/// two; the top seeds get the byes; pairs are in bracket order so that the winners of
/// pairs 2k and 2k+1 meet in the next round, and seeds 0 and 1 can only meet in the
/// final (standard seeding: 1–16, 8–9, … ). Each pair is (higher seed, Some(lower)) or
/// (seed, None) for a bye. `count` 0 gives no pairs; 1 gives the lone player a bye.
pub fn bracket(count: usize) -> Vec<(Seed, Option<Seed>)> {
    if count == 0 {
        return Vec::new();
    }
    let Some(size) = count.checked_next_power_of_two() else {
        return Vec::new();
    };
    if size == 1 {
        return vec![(0, None)];
    }
    // The seeding order of a bracket of half the size, built by doubling: each seed x of a
    // bracket of s players becomes the pair x, 2s - 1 - x in the bracket of 2s players.
    let mut lines: Vec<Seed> = vec![0];
    let mut slots = 1;
    while slots * 2 < size {
        lines = lines.iter().flat_map(|&x| [x, 2 * slots - 1 - x]).collect();
        slots *= 2;
    }
    lines
        .iter()
        .map(|&top| {
            let other = size - 1 - top;
            (top, (other < count).then_some(other))
        })
        .collect()
}

/// The number of regular games of a match: at least 1, an odd number rounded up to even.
fn regular_games(games_per_match: u32) -> u32 {
    let n = games_per_match.max(1);
    n.saturating_add(n % 2)
}

/// The games that open a match of `games_per_match` games (at least 1; an odd number is
/// rounded up to even), colours alternating, the higher seed `a` White in the first.
pub fn opening_games(a: Seed, b: Seed, games_per_match: u32) -> Vec<Pairing> {
    (0..regular_games(games_per_match))
        .map(|i| {
            if i % 2 == 0 {
                Pairing { white: a, black: b }
            } else {
                Pairing { white: b, black: a }
            }
        })
        .collect()
}

/// Where a knock-out match stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchState {
    /// Some game is still being played.
    Playing,
    /// Tied after all games: these games are added (a tie-break pair, one with each colour).
    NeedsGames(Vec<Pairing>),
    /// Decided.
    Won {
        /// The player who goes through.
        winner: Seed,
        /// The player who is out.
        loser: Seed,
    },
}

/// Where a match between `a` (the higher seed) and `b` stands from its `games` so far
/// (only games between these two). All games finished and one leads → Won. Tied after
/// the regular games → two more games (one with each colour). Still tied after that
/// pair → the higher seed `a` wins.
///
/// Games between other players are ignored. While a game is unfinished, or fewer than the
/// regular games exist, the state is [`MatchState::Playing`]; when only one game of the
/// tie-break pair exists and is finished, the missing one is asked for.
pub fn match_state(a: Seed, b: Seed, games_per_match: u32, games: &[Game]) -> MatchState {
    let regular = regular_games(games_per_match) as usize;
    let ours = games
        .iter()
        .filter(|g| (g.white == a && g.black == b) || (g.white == b && g.black == a));
    let (mut finished, mut points_a, mut points_b, mut whites_a, mut whites_b) = (0, 0, 0, 0, 0);
    for game in ours {
        if game.outcome.is_none() {
            return MatchState::Playing;
        }
        finished += 1;
        points_a += game.half_points_of(a).unwrap_or(0);
        points_b += game.half_points_of(b).unwrap_or(0);
        if game.white == a {
            whites_a += 1;
        } else {
            whites_b += 1;
        }
    }
    let won = |winner, loser| MatchState::Won { winner, loser };
    let decided = if points_a > points_b {
        won(a, b)
    } else if points_b > points_a {
        won(b, a)
    } else {
        won(a, b)
    };
    if finished < regular {
        MatchState::Playing
    } else if finished == regular {
        if points_a == points_b {
            MatchState::NeedsGames(vec![
                Pairing { white: a, black: b },
                Pairing { white: b, black: a },
            ])
        } else {
            decided
        }
    } else if finished == regular + 1 {
        // One game of the tie-break pair is missing: the one with the other colours.
        let missing = if whites_a > whites_b {
            Pairing { white: b, black: a }
        } else {
            Pairing { white: a, black: b }
        };
        MatchState::NeedsGames(vec![missing])
    } else {
        decided
    }
}

#[cfg(test)]
mod tests {
    use super::bracket;

    #[test]
    fn standard_order() {
        let eight: Vec<_> = bracket(8)
            .iter()
            .map(|&(a, b)| (a, b.unwrap_or(99)))
            .collect();
        assert_eq!(eight, vec![(0, 7), (3, 4), (1, 6), (2, 5)]);
        assert_eq!(bracket(3), vec![(0, None), (1, Some(2))]);
        assert_eq!(bracket(2), vec![(0, Some(1))]);
        assert_eq!(bracket(1), vec![(0, None)]);
        assert!(bracket(0).is_empty());
    }
}
