//! A finished game reviewed move by move: every position searched at the best level, each
//! move's loss against the best the engine found, and the costly ones marked (see
//! [`review`] and [`Mark`]).

use std::sync::atomic::AtomicBool;

use rules::{AnyGame, Color, Family};

use crate::{
    Budget, EngineError, Level, Request, best_move, score_unit,
    search::{MATE, WIN},
};

/// How costly a move was, by the loss it caused against the engine's best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// At least the family's first threshold.
    Inaccuracy,
    /// At least the second.
    Mistake,
    /// At least the third.
    Blunder,
}

impl Mark {
    /// `inaccuracy`, `mistake` or `blunder`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// The mark of `loss` (whole units, see [`score_unit`]) in `family`; `None` below the
    /// first threshold. The thresholds (inaccuracy, mistake, blunder): chess 0.5, 1 and
    /// 2 pawns; Reversi 2, 4 and 8 discs; Chess Reversi 2, 4 and 8 points; Knight Fight
    /// 5, 10 and 20 points.
    #[must_use]
    pub fn of(loss: f64, family: Family) -> Option<Mark> {
        let [inaccuracy, mistake, blunder] = thresholds(family);
        if loss >= blunder {
            Some(Mark::Blunder)
        } else if loss >= mistake {
            Some(Mark::Mistake)
        } else if loss >= inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// The losses (whole units) from which a move is an inaccuracy, a mistake, a blunder.
#[must_use]
pub const fn thresholds(family: Family) -> [f64; 3] {
    match family {
        Family::Chess => [0.5, 1.0, 2.0],
        Family::Reversi | Family::ChessReversi => [2.0, 4.0, 8.0],
        _ => [5.0, 10.0, 20.0],
    }
}

/// The most a score counts for, in whole units, either way: a mate or a won ending counts
/// as this much, so a move that keeps a won game won loses little.
#[must_use]
pub const fn cap(family: Family) -> f64 {
    match family {
        Family::Chess => 10.0,
        Family::Reversi => 32.0,
        Family::ChessReversi => 30.0,
        _ => 60.0,
    }
}

/// One move of a reviewed game.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewedMove {
    /// The side that played it.
    pub mover: Color,
    /// The move played (canonical text).
    pub played: String,
    /// The engine's best move there; `None` when the move was forced.
    pub best: Option<String>,
    /// The position after it, for White, in whole units (capped, see [`cap`]).
    pub white_after: f64,
    /// What it cost the mover against the best move, in whole units (0 when forced).
    pub loss: f64,
    /// The mark its loss earns.
    pub mark: Option<Mark>,
}

/// A reviewed game.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    /// The start position for White, in whole units (capped).
    pub white_start: f64,
    /// Each move of the record, in order.
    pub moves: Vec<ReviewedMove>,
    /// Positions visited, all searches together.
    pub nodes: u64,
}

/// Reviews the game `start` then `moves` (canonical texts, every one legal) with `budget`
/// for each position's search at the best level. With a node budget (and no time limit)
/// the review depends only on the game and the budget.
///
/// # Errors
///
/// [`EngineError::Unsupported`] for a variant without a search; [`EngineError::GameOver`]
/// when a move does not replay.
pub fn review(
    start: &AnyGame,
    moves: &[String],
    budget: Budget,
    stop: &AtomicBool,
) -> Result<Review, EngineError> {
    let family = start.variant().family();
    // Each position's value for its mover (internal units) and the best move there;
    // `None` for a forced move, whose value comes from the position after it.
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut game = start.clone();
    let mut nodes = 0;
    let mut last_mover = None;
    for index in 0..=moves.len() {
        // A finished game's "mover": the side after the last one that moved.
        let mover = game
            .to_move()
            .unwrap_or_else(|| last_mover.map_or(Color::White, Color::other));
        let searched = match game.to_move() {
            None => (Some(final_value(&game, mover)), None),
            Some(_) if game.legal_moves().len() == 1 => (None, None),
            Some(_) => {
                let reply = best_move(&game, &Request::new(Level::MAX, budget, 0), stop)?;
                nodes += reply.nodes;
                (reply.score, Some(reply.text))
            }
        };
        positions.push((mover, searched.0, searched.1));
        last_mover = Some(mover);
        if let Some(text) = moves.get(index) {
            game.play(text).map_err(|_| EngineError::GameOver)?;
        }
    }
    // Values still unknown (forced moves, searches that found nothing) take the next
    // position's, seen from the other side.
    let mut values = vec![0_i32; positions.len()];
    for index in (0..positions.len()).rev() {
        values[index] = match positions[index].1 {
            Some(value) => value,
            None if index + 1 < positions.len() => -values[index + 1],
            None => 0,
        };
    }
    let white = |index: usize| {
        let units = units(values[index], family);
        if positions[index].0 == Color::White {
            units
        } else {
            -units
        }
    };
    let reviewed = moves
        .iter()
        .enumerate()
        .map(|(index, played)| {
            let (mover, _, best) = &positions[index];
            let loss = match best {
                Some(best) if best != played => {
                    (units(values[index], family) + units(values[index + 1], family)).max(0.0)
                }
                _ => 0.0,
            };
            ReviewedMove {
                mover: *mover,
                played: played.clone(),
                best: best.clone(),
                white_after: white(index + 1),
                loss,
                mark: Mark::of(loss, family),
            }
        })
        .collect();
    Ok(Review {
        white_start: white(0),
        moves: reviewed,
        nodes,
    })
}

/// A score in whole units, at most [`cap`] either way: a mate counts as the cap, a
/// finished game as its margin (at least one unit).
fn units(score: i32, family: Family) -> f64 {
    let cap = cap(family);
    let sign = f64::from(score.signum());
    if score.abs() >= MATE - 10_000 {
        return cap * sign;
    }
    if score.abs() >= WIN {
        return f64::from(score.abs() - WIN).clamp(1.0, cap) * sign;
    }
    let (per_unit, _) = score_unit(family);
    (f64::from(score) / f64::from(per_unit)).clamp(-cap, cap)
}

/// The value of a finished game for `mover`, the side after the last to move: a win, a
/// loss (with the margin where the game scores) or a draw.
fn final_value(game: &AnyGame, mover: Color) -> i32 {
    let Some(outcome) = game.outcome() else {
        return 0;
    };
    let Some(winner) = outcome.result.winner() else {
        return 0;
    };
    let value = if game.variant().family() == Family::Chess {
        MATE
    } else {
        let margin = game.scores().map_or(0, |scores| {
            i32::try_from(scores.white.abs_diff(scores.black)).unwrap_or(0)
        });
        WIN + margin
    };
    if winner == mover { value } else { -value }
}

#[cfg(test)]
mod tests {
    use rand::{SeedableRng, rngs::SmallRng, seq::IndexedRandom};
    use rules::{AnyPosition, Game, Setup, Variant};

    use super::*;
    use crate::test_support::{after, margin_for_mover};

    fn no_stop() -> AtomicBool {
        AtomicBool::new(false)
    }

    #[test]
    fn a_missed_mate_in_one_is_a_blunder_and_the_mate_is_the_best_move() {
        let setup = Setup::chosen(Variant::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
            .unwrap()
            .unwrap();
        let start = AnyGame::new(Variant::Chess, setup).unwrap();
        let moves = ["g1f1", "g8h8", "a1a8"].map(str::to_owned);
        let review = review(&start, &moves, Budget::nodes(20_000), &no_stop()).unwrap();
        let missed = &review.moves[0];
        assert_eq!(missed.best.as_deref(), Some("a1a8"));
        assert_eq!(missed.mark, Some(Mark::Blunder), "{missed:?}");
        assert!(missed.loss >= 2.0 && missed.loss <= cap(Family::Chess));
        // The mate at last: the best move, no loss, and White won.
        let mate = &review.moves[2];
        assert_eq!((mate.loss, mate.mark), (0.0, None), "{mate:?}");
        assert!((mate.white_after - cap(Family::Chess)).abs() < f64::EPSILON);
        assert!(review.white_start >= 5.0, "a rook up: {review:?}");
    }

    #[test]
    fn reversi_endgame_losses_are_the_exact_solvers() {
        let mut rng = SmallRng::seed_from_u64(41);
        let mut checked = 0;
        while checked < 6 {
            let mut game = AnyGame::new(Variant::Reversi8x8, None).unwrap();
            let empties = |game: &AnyGame| 60 - game.moves().filter(|mv| *mv != "pass").count();
            while game.outcome().is_none() && empties(&game) > 7 {
                let moves = game.legal_moves();
                game.play(moves.choose(&mut rng).unwrap()).unwrap();
            }
            let AnyPosition::Reversi(position) = game.position() else {
                unreachable!()
            };
            if game.outcome().is_some() || position.legal_moves().len() < 2 {
                continue;
            }
            let best = margin_for_mover(position);
            // The move that loses most, kept when it loses enough and no margin is capped.
            let (worst, value) = position
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let value = -margin_for_mover(&after(position, &mv));
                    (mv, value)
                })
                .min_by_key(|(_, value)| *value)
                .unwrap();
            let exact = f64::from(best - value);
            if exact < 8.0 || best.abs() > 32 || value.abs() > 32 || best == 0 || value == 0 {
                continue;
            }
            let worst = position.move_text(&worst);
            let reviewed = review(&game, &[worst], Budget::nodes(2_000_000), &no_stop()).unwrap();
            let played = &reviewed.moves[0];
            assert_eq!(played.mark, Some(Mark::Blunder), "{played:?}");
            assert!(
                (played.loss - exact).abs() < f64::EPSILON,
                "{played:?} vs {exact}"
            );
            checked += 1;
        }
    }

    #[test]
    fn marks_follow_the_familys_thresholds() {
        assert_eq!(Mark::of(0.4, Family::Chess), None);
        assert_eq!(Mark::of(0.5, Family::Chess), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(1.5, Family::Chess), Some(Mark::Mistake));
        assert_eq!(Mark::of(3.0, Family::Reversi), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(8.0, Family::Reversi), Some(Mark::Blunder));
        assert_eq!(Mark::of(19.0, Family::KnightFight), Some(Mark::Mistake));
    }
}
