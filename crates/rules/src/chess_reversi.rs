//! Stub: replaced by the real implementation.
#![allow(missing_docs, unreachable_pub, clippy::all)]

use crate::{BoardView, Color, Game, Outcome, PlayError, Square};

#[derive(Debug, Clone)]
pub struct ChessReversi;

impl ChessReversi {
    pub fn new() -> ChessReversi { ChessReversi }
    pub fn attack_counts(&self, _color: Color) -> Vec<u8> { unimplemented!() }
}

impl Game for ChessReversi {
    type Move = ();
    fn to_move(&self) -> Color { unimplemented!() }
    fn ply(&self) -> u32 { unimplemented!() }
    fn legal_moves(&self) -> Vec<()> { unimplemented!() }
    fn play_unchecked(&mut self, _: &()) { unimplemented!() }
    fn outcome(&self) -> Option<Outcome> { unimplemented!() }
    fn parse_move(&self, _: &str) -> Result<(), PlayError> { unimplemented!() }
    fn move_text(&self, _: &()) -> String { unimplemented!() }
    fn move_squares(&self, _: &()) -> Vec<Square> { unimplemented!() }
    fn board(&self) -> BoardView { unimplemented!() }
}
