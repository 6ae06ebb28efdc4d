//! The evaluation of a position for a player studying it: the search's score at the best
//! level, in the family's units, and the best line a few moves deep (see [`evaluate`]).

use std::sync::atomic::AtomicBool;

use rules::{AnyGame, Color};

use crate::{
    Budget, EngineError, Level, Request, best_move,
    search::{MATE, WIN},
};

/// How many plies the best line shows at most.
pub const LINE_PLIES: usize = 6;

/// What a score says, read from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Assessment {
    /// An estimate: ahead by this many of the family's units (pawns, discs, points;
    /// negative: behind).
    Ahead(f64),
    /// The game's end seen: the side to move mates (positive) or is mated (negative) in
    /// this many of its own moves (chess).
    Mate(i32),
    /// The game's end seen: the side to move wins (positive) or loses (negative) by this
    /// many units, or draws (0), with best play.
    Ends(i32),
}

/// The engine's view of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The side to move, whose view the score takes.
    pub mover: Color,
    /// The search's score for `mover` in the family's internal units; `None` when the
    /// move was forced (nothing was searched).
    pub score: Option<i32>,
    /// The best line from the position: the best move, then each side's best reply, at
    /// most [`LINE_PLIES`] plies.
    pub line: Vec<String>,
    /// The depth of the first search's last completed iteration.
    pub depth: u32,
    /// Positions visited, all searches together.
    pub nodes: u64,
}

impl Evaluation {
    /// The score read as words want it (see [`Assessment`]); `None` without a score.
    #[must_use]
    pub fn assessment(&self, family: rules::Family) -> Option<Assessment> {
        let score = self.score?;
        let (per_unit, _) = crate::score_unit(family);
        Some(if score.abs() >= MATE - 10_000 {
            let plies = MATE - score.abs();
            Assessment::Mate(score.signum() * (plies + 1) / 2)
        } else if score.abs() >= WIN {
            // A finished game's score holds the raw margin (discs, points).
            Assessment::Ends(score.signum() * (score.abs() - WIN))
        } else {
            Assessment::Ahead(f64::from(score) / f64::from(per_unit))
        })
    }
}

/// Evaluates `game`, which has not ended, at the best level within `budget`; then finds
/// the line's later moves, each with an eighth of the budget. With a node budget (and no
/// time limit) the answer depends only on the position and the budget.
///
/// # Errors
///
/// [`EngineError::GameOver`] when the game has ended; [`EngineError::Unsupported`] for a
/// variant without a search.
pub fn evaluate(
    game: &AnyGame,
    budget: Budget,
    stop: &AtomicBool,
) -> Result<Evaluation, EngineError> {
    let mover = game.to_move().ok_or(EngineError::GameOver)?;
    let first = best_move(game, &Request::new(Level::MAX, budget, 0), stop)?;
    let mut evaluation = Evaluation {
        mover,
        score: first.score,
        line: vec![first.text],
        depth: first.depth,
        nodes: first.nodes,
    };
    let rest = Budget {
        nodes: (budget.nodes / 8).max(budget.nodes.min(500)),
        time: budget.time.map(|time| time / 8),
    };
    let mut position = game.clone();
    while evaluation.line.len() < LINE_PLIES {
        let last = evaluation.line.last().cloned().unwrap_or_default();
        if position.play(&last).is_err() || position.outcome().is_some() {
            break;
        }
        let reply = best_move(&position, &Request::new(Level::MAX, rest, 0), stop)?;
        evaluation.nodes += reply.nodes;
        evaluation.line.push(reply.text);
    }
    Ok(evaluation)
}

#[cfg(test)]
mod tests {
    use rules::{Family, Setup, Variant};

    use super::*;

    fn chess(fen: &str) -> AnyGame {
        let setup = Setup::chosen(Variant::Chess, fen).unwrap().unwrap();
        AnyGame::new(Variant::Chess, setup).unwrap()
    }

    #[test]
    fn a_mate_in_one_is_found_and_read_as_one() {
        // White mates with Ra8.
        let game = chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        let evaluation = evaluate(&game, Budget::nodes(20_000), &AtomicBool::new(false)).unwrap();
        assert_eq!(evaluation.line, ["a1a8"]);
        assert_eq!(evaluation.mover, Color::White);
        assert_eq!(
            evaluation.assessment(Family::Chess),
            Some(Assessment::Mate(1))
        );
    }

    #[test]
    fn the_line_is_legal_and_at_most_its_length() {
        let mut game = AnyGame::new(Variant::Reversi8x8, None).unwrap();
        for text in ["d4", "e5", "d5", "e4"] {
            game.play(text).unwrap();
        }
        let evaluation = evaluate(&game, Budget::nodes(20_000), &AtomicBool::new(false)).unwrap();
        assert_eq!(evaluation.line.len(), LINE_PLIES);
        let mut replay = game.clone();
        for text in &evaluation.line {
            replay.play(text).unwrap();
        }
        assert!(matches!(
            evaluation.assessment(Family::Reversi),
            Some(Assessment::Ahead(_))
        ));
        // The same budget gives the same answer.
        let again = evaluate(&game, Budget::nodes(20_000), &AtomicBool::new(false)).unwrap();
        assert_eq!(again, evaluation);
    }

    #[test]
    fn a_finished_game_has_nothing_to_evaluate() {
        let mut game = AnyGame::new(Variant::Chess, None).unwrap();
        for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            game.play(text).unwrap();
        }
        assert_eq!(
            evaluate(&game, Budget::nodes(1_000), &AtomicBool::new(false)),
            Err(EngineError::GameOver)
        );
    }
}
