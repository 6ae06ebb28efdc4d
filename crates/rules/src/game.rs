//! The small core every game implements, with checked play written once on top.

use std::fmt;

use crate::{BoardView, Color, DrawClaim, Outcome, PlayError, PositionSnapshot, Scores, Square};

/// What differs per game. Checked play ([`Game::check_move`], [`Game::play`]),
/// [`Game::is_legal`] and [`Game::is_over`] are provided on top of it.
///
/// What only some games have (a king in check, a forced pass, draw claims, a FEN, attack
/// counts, a snapshot of their own shape) are provided methods whose default says the
/// game has none; the games that have it override them, so [`crate::AnyGame`] asks every
/// game the same way.
pub trait Game: Clone + fmt::Debug {
    /// A move in this game's own representation.
    type Move: Clone + PartialEq + fmt::Debug;

    /// The side whose turn it is (meaningless once the game is over).
    fn to_move(&self) -> Color;

    /// Moves played so far, forced passes included.
    fn ply(&self) -> u32;

    /// Every legal move; empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv` without checking it. A move not in [`Game::legal_moves`] leaves the
    /// position in an unspecified (but memory-safe) state.
    fn play_unchecked(&mut self, mv: &Self::Move);

    /// The result and reason once the game has ended on the board.
    fn outcome(&self) -> Option<Outcome>;

    /// Reads a move in this game's notation.
    ///
    /// # Errors
    ///
    /// [`PlayError::Malformed`] when the text is no move of this game at all;
    /// [`PlayError::Illegal`] when it names one that cannot be resolved here (such as SAN
    /// for a piece that is not on the board). A returned move may still be illegal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, PlayError>;

    /// The canonical text of a move in this position (UCI for chess).
    fn move_text(&self, mv: &Self::Move) -> String;

    /// The text people read for a move in this position (SAN for chess).
    fn display_text(&self, mv: &Self::Move) -> String {
        self.move_text(mv)
    }

    /// The squares a move touches, for highlighting it as the last move.
    fn move_squares(&self, mv: &Self::Move) -> Vec<Square>;

    /// The board as people see it.
    fn board(&self) -> BoardView;

    /// Disc counts or points, in the games that keep them.
    fn scores(&self) -> Option<Scores> {
        None
    }

    /// Whether the game has ended on the board.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: &Self::Move) -> bool {
        !self.is_over() && self.legal_moves().contains(mv)
    }

    /// Counts the leaf positions `depth` plies ahead (a finished game is a leaf, as
    /// Reversi perft counts), counting the last ply in bulk. Games may override it: chess
    /// counts as chess perft does, where a mate or stalemate before `depth` adds nothing.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.is_over() {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play_unchecked(mv);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// Reads a move given as text and checks that it can be played here: the one check
    /// behind [`Game::play`] and `AnyGame::play`.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] once the game has ended, else [`PlayError::Malformed`] or
    /// [`PlayError::Illegal`].
    fn check_move(&self, text: &str) -> Result<Self::Move, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let mv = self.parse_move(text)?;
        if !self.is_legal(&mv) {
            return Err(PlayError::Illegal(text.to_owned()));
        }
        Ok(mv)
    }

    /// Reads, checks and plays a move given as text, returning the move played.
    ///
    /// # Errors
    ///
    /// As [`Game::check_move`]. On error the position is unchanged.
    fn play(&mut self, text: &str) -> Result<Self::Move, PlayError> {
        let mv = self.check_move(text)?;
        self.play_unchecked(&mv);
        Ok(mv)
    }

    /// The square of the king in check: in chess the side to move's king when it is
    /// attacked (also once checkmated). `None` in games without check.
    fn checked_king(&self) -> Option<Square> {
        None
    }

    /// The text of the move the side to move must play when passing is its only legal
    /// move (Reversi's `pass`), which the server plays at once. `None` in games without
    /// passes.
    fn forced_pass(&self) -> Option<&'static str> {
        None
    }

    /// The draws the side to move may claim now (chess: threefold repetition, fifty
    /// moves); empty in games without claims.
    fn draw_claims(&self) -> Vec<DrawClaim> {
        Vec::new()
    }

    /// The position in Forsyth–Edwards Notation, in the games that have one (chess).
    fn fen(&self) -> Option<String> {
        None
    }

    /// How many of `color`'s pieces attack each empty square (row-major from `a1`), for
    /// shading the board, in the games scored by attacks (Chess Reversi).
    fn attack_counts(&self, _color: Color) -> Option<Vec<u8>> {
        None
    }

    /// The position in the API's JSON shape: by default the occupied squares by letter
    /// ([`PositionSnapshot::squares`]).
    fn snapshot(&self) -> PositionSnapshot {
        PositionSnapshot::squares(&self.board())
    }
}
