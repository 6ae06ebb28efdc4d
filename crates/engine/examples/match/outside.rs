//! Opponents from outside the project, to place level 8 on scales of their own:
//! Stockfish held to a chosen Elo over UCI, and the strongest preset of the `ai-othello`
//! crate in Reversi 8x8.

use std::{
    path::{Path, PathBuf},
    sync::atomic::AtomicBool,
    time::Duration,
};

use ai_othello::{EvaluationProfile, Move, Position, Side, search, search_preset};
use engine::{Budget, Reply, UciEngine};
use rules::{AnyGame, BoardView, Cell, Variant};

/// The Stockfish binary: `STOCKFISH_PATH`, else Debian's.
pub(crate) fn stockfish_path() -> PathBuf {
    engine::stockfish_path().unwrap_or_else(|| PathBuf::from("/usr/games/stockfish"))
}

/// A Stockfish process for one game, held to `UCI_Elo` with `UCI_LimitStrength`.
pub(crate) struct Stockfish {
    engine: UciEngine,
    move_time: Duration,
}

impl Stockfish {
    /// Starts Stockfish at `path` on one thread with 16 MB of hash, its strength limited
    /// to `elo`, each move searched for `move_time`.
    pub(crate) fn start(path: &Path, elo: u32, move_time: Duration) -> Result<Self, String> {
        let elo = elo.to_string();
        let options = [
            ("Hash", "16"),
            ("UCI_LimitStrength", "true"),
            ("UCI_Elo", elo.as_str()),
        ];
        Ok(Stockfish {
            engine: UciEngine::start(path, &options)?,
            move_time,
        })
    }

    /// Stockfish's move in `game` (chess, from the standard start or the game's own).
    pub(crate) fn best_move(&mut self, game: &AnyGame) -> Result<Reply, String> {
        let start = game.start_fen();
        let moves: Vec<&str> = game.moves().collect();
        self.engine.search(
            (start.as_deref(), &moves),
            &Budget::time(self.move_time),
            &AtomicBool::new(false),
        )
    }
}

/// The `ai-othello` crate's strongest preset (`maximum`: 7 plies, the exact solver from
/// 8 empties) with its phase-aware evaluation, on a Reversi 8x8 game of this server.
pub(crate) fn othello_move(game: &AnyGame) -> Result<Reply, String> {
    if game.variant() != Variant::Reversi8x8 {
        return Err(format!(
            "ai-othello plays 8x8 Reversi, not {}",
            game.variant()
        ));
    }
    let mover = game.to_move().ok_or("the game is over")?;
    let legal = game.legal_moves();
    if legal == ["pass"] {
        return Ok(Reply {
            text: "pass".to_owned(),
            score: None,
            nodes: 0,
            depth: 0,
        });
    }
    // The crate's squares are numbered like this server's (a1 = 0, b1 = 1, … h8 = 63).
    // Its side to move is called Black; which colour that is here does not matter.
    let discs = |board: &BoardView, of: bool| -> u64 {
        board
            .cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| matches!(cell, Cell::Disc { color } if (*color == mover) == of))
            .fold(0, |bits, (index, _)| bits | 1 << index)
    };
    let board = game.board();
    let position = Position::from_bits(discs(&board, true), discs(&board, false), Side::Black)?;
    let preset = search_preset("maximum").ok_or("ai-othello has no `maximum` preset")?;
    let report = search(position, preset.config(EvaluationProfile::Phase));
    let chosen = report.best_move.ok_or("ai-othello found no move")?;
    let text = match chosen {
        Move::Place(square) => square.to_string(),
        Move::Pass => "pass".to_owned(),
    };
    if !legal.contains(&text) {
        return Err(format!("ai-othello chose {text}, which is not legal here"));
    }
    Ok(Reply {
        text,
        score: None,
        nodes: report.stats.nodes,
        depth: u32::from(preset.depth),
    })
}
