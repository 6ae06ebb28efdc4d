//! Deciding a game that has run out of days: the built-in search at its best level
//! judges the position, and only a clear result counts as a win (see
//! [`adjudicate`]).

use std::{path::Path, sync::atomic::AtomicBool};

use rules::{AnyGame, Color, Family};

use crate::{
    Budget, EngineError, Level, Request, best_move, best_move_with_uci,
    search::{MATE, WIN},
};

/// How a game cut short is decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// The search's score of the position for the side to move after the forced moves
    /// (see `mover`), in the family's units; `None` when no search ran.
    pub score: Option<i32>,
    /// Whose view `score` takes.
    pub mover: Color,
    /// Whether the search saw the game's end (an exact Reversi solve, a mate, the last
    /// placement): the result is then certain, not an estimate.
    pub certain: bool,
    /// The moves the judgement rests on: any forced moves, then the best move found.
    pub line: Vec<String>,
    /// The depth of the search's last completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// How far ahead an estimate must put a side for the game to go to it, in the family's
/// units: 4 discs in Reversi (hundredths of a disc), 3 pawns in chess (centipawns), 3
/// points in Chess Reversi and 10 in Knight Fight (tenths of a point). Nearer than that
/// is a draw; a certain result (the game's end seen) needs no margin.
#[must_use]
pub const fn win_margin(family: Family) -> i32 {
    match family {
        Family::Reversi => 400,
        Family::Chess => 300,
        Family::ChessReversi => 30,
        _ => 100,
    }
}

/// How a family's scores read in whole units: how many of the search's points make one,
/// and the unit's name: `pawns` in chess, `discs` in Reversi, `points` in Chess Reversi
/// and Knight Fight.
#[must_use]
pub const fn score_unit(family: Family) -> (i32, &'static str) {
    match family {
        Family::Reversi => (100, "discs"),
        Family::Chess => (100, "pawns"),
        _ => (10, "points"),
    }
}

/// The most forced moves played out before the search (a Reversi pass, a single legal
/// move), so a position whose only moves are forced is judged where a choice begins.
const MAX_FORCED: usize = 16;

/// Decides `game`, which has not ended, within `budget` at the best level: the game's end
/// when the search reaches it (a mate, an exact Reversi solve, the last placement), else
/// a win for the side the estimate puts at least [`win_margin`] ahead, else a draw. With a
/// node budget (and no time limit) the verdict depends only on the position and the
/// budget.
///
/// # Errors
///
/// [`EngineError::GameOver`] when the game has ended; [`EngineError::Unsupported`] for a
/// variant without a search.
pub fn adjudicate(
    game: &AnyGame,
    budget: Budget,
    stop: &AtomicBool,
) -> Result<Verdict, EngineError> {
    decide(game, budget, stop, None)
}

/// Like [`adjudicate`], but chess asks the UCI engine at `uci` (Stockfish, see
/// [`crate::stockfish_path`]) for its score, within `budget`; the other games use the
/// built-in search.
///
/// # Errors
///
/// As [`adjudicate`]; [`EngineError::Uci`] when the external engine fails.
pub fn adjudicate_with_uci(
    game: &AnyGame,
    budget: Budget,
    stop: &AtomicBool,
    uci: &Path,
) -> Result<Verdict, EngineError> {
    decide(game, budget, stop, Some(uci))
}

fn decide(
    game: &AnyGame,
    budget: Budget,
    stop: &AtomicBool,
    uci: Option<&Path>,
) -> Result<Verdict, EngineError> {
    if game.outcome().is_some() {
        return Err(EngineError::GameOver);
    }
    let mut position = game.clone();
    let mut line = Vec::new();
    loop {
        let Some(mover) = position.to_move() else {
            // The forced moves ended the game: its result is the verdict.
            let winner = position
                .outcome()
                .and_then(|outcome| outcome.result.winner());
            return Ok(Verdict {
                winner,
                score: None,
                mover: game.to_move().unwrap_or(Color::White),
                certain: true,
                line,
                depth: 0,
                nodes: 0,
            });
        };
        let legal = position.legal_moves();
        if legal.is_empty() {
            return Err(EngineError::GameOver);
        }
        if legal.len() == 1 && line.len() < MAX_FORCED {
            position
                .play(&legal[0])
                .map_err(|_| EngineError::GameOver)?;
            line.push(legal[0].clone());
            continue;
        }
        let request = Request::new(Level::MAX, budget, 0);
        let reply = match uci {
            Some(path) => best_move_with_uci(&position, &request, stop, path)?,
            None => best_move(&position, &request, stop)?,
        };
        line.push(reply.text.clone());
        let family = position.variant().family();
        let (winner, certain) = match reply.score {
            Some(score) => judge(score, mover, win_margin(family)),
            None => (None, false),
        };
        return Ok(Verdict {
            winner,
            score: reply.score,
            mover,
            certain,
            line,
            depth: reply.depth,
            nodes: reply.nodes,
        });
    }
}

/// The winner and certainty of `score`, the search's value for `mover`.
fn judge(score: i32, mover: Color, margin: i32) -> (Option<Color>, bool) {
    let certain = score.abs() >= WIN || score.abs() >= MATE - 10_000;
    let ahead = if certain { 1 } else { margin };
    let winner = if score >= ahead {
        Some(mover)
    } else if score <= -ahead {
        Some(mover.other())
    } else {
        None
    };
    (winner, certain)
}

#[cfg(test)]
mod tests {
    use rand::{SeedableRng, rngs::SmallRng, seq::IndexedRandom};
    use rules::{AnyPosition, Game, Setup, Variant};

    use super::*;
    use crate::test_support::margin_for_mover;

    fn no_stop() -> AtomicBool {
        AtomicBool::new(false)
    }

    /// The result of a Reversi game by plain minimax over the rules' own game: the
    /// winner, or `None` for a draw.
    fn solved(game: &AnyGame) -> Option<Color> {
        let AnyPosition::Reversi(position) = game.position() else {
            panic!("a Reversi game");
        };
        let margin = margin_for_mover(position);
        let mover = position.to_move();
        match margin.signum() {
            1 => Some(mover),
            -1 => Some(mover.other()),
            _ => None,
        }
    }

    #[test]
    fn reversi_endgames_are_decided_as_the_exact_solver_decides_them() {
        let mut rng = SmallRng::seed_from_u64(39);
        let mut decided = 0;
        while decided < 24 {
            let mut game = AnyGame::new(Variant::Reversi8x8, None).unwrap();
            let empties = |game: &AnyGame| 60 - game.moves().filter(|mv| *mv != "pass").count();
            while game.outcome().is_none() && empties(&game) > 7 {
                let moves = game.legal_moves();
                game.play(moves.choose(&mut rng).unwrap()).unwrap();
            }
            if game.outcome().is_some() {
                continue;
            }
            let verdict = adjudicate(&game, Budget::nodes(100_000), &no_stop()).unwrap();
            assert!(verdict.certain, "{verdict:?}");
            assert_eq!(verdict.winner, solved(&game), "{}", game.movetext());
            decided += 1;
        }
    }

    fn chess(fen: &str) -> AnyGame {
        let setup = Setup::chosen(Variant::Chess, fen).unwrap().unwrap();
        AnyGame::new(Variant::Chess, setup).unwrap()
    }

    #[test]
    fn chess_goes_to_a_mate_or_a_clear_lead_and_is_drawn_otherwise() {
        let budget = Budget::nodes(300_000);
        // A mate in one: certain, and the line names it.
        let mate = chess("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        let verdict = adjudicate(&mate, budget, &no_stop()).unwrap();
        assert_eq!(
            (verdict.winner, verdict.certain),
            (Some(Color::White), true)
        );
        assert_eq!(verdict.line, ["a1a8"]);
        // A rook up and no mate in sight: White wins on the estimate.
        let rook_up = chess("r3k3/pppp4/8/8/8/8/PPPP4/R3K2R w - - 0 1");
        let verdict = adjudicate(&rook_up, budget, &no_stop()).unwrap();
        assert_eq!(verdict.winner, Some(Color::White), "{verdict:?}");
        assert_eq!(verdict.mover, Color::White);
        assert!(verdict.score.unwrap() >= win_margin(Family::Chess));
        // The start: nobody is clearly ahead.
        let start = AnyGame::new(Variant::Chess, None).unwrap();
        let verdict = adjudicate(&start, budget, &no_stop()).unwrap();
        assert_eq!(
            (verdict.winner, verdict.certain),
            (None, false),
            "{verdict:?}"
        );
    }

    #[test]
    fn estimates_need_the_margin_and_certain_results_do_not() {
        assert_eq!(judge(399, Color::White, 400), (None, false));
        assert_eq!(judge(400, Color::White, 400), (Some(Color::White), false));
        assert_eq!(judge(-450, Color::White, 400), (Some(Color::Black), false));
        assert_eq!(
            judge(WIN + 1, Color::Black, 400),
            (Some(Color::Black), true)
        );
        assert_eq!(
            judge(-WIN - 2, Color::Black, 400),
            (Some(Color::White), true)
        );
        assert_eq!(
            judge(MATE - 3, Color::White, 300),
            (Some(Color::White), true)
        );
        assert_eq!(judge(0, Color::White, 300), (None, false));
    }

    #[test]
    fn an_ended_game_is_not_adjudicated() {
        let mut game = AnyGame::new(Variant::Chess, None).unwrap();
        for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            game.play(mv).unwrap();
        }
        assert_eq!(
            adjudicate(&game, Budget::nodes(1_000), &no_stop()),
            Err(EngineError::GameOver)
        );
    }
}
