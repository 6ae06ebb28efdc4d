//! The rules of every game the server hosts: Chess, Reversi (6x6, 8x8, 10x10), Chess
//! Reversi and Knight Fight, exactly as `RULES.md` states them.
//!
//! The crate is pure: no I/O, no async, no clock, no global state. The server works
//! through [`AnyGame`], which takes and gives moves as canonical text:
//!
//! ```
//! use rules::{AnyGame, Color, Variant};
//!
//! let mut game = AnyGame::new(Variant::Reversi8x8, None).unwrap();
//! assert_eq!(game.legal_moves(), ["d4", "e4", "d5", "e5"]);
//! game.play("d4").unwrap();
//! assert_eq!(game.to_move(), Some(Color::Black));
//! assert_eq!(game.ply(), 1);
//! ```
//!
//! How a move is entered (a square, a piece from the hand, a target, a final choice) is
//! described by [`AnyGame::input`], the [`input`] model every face of the server builds
//! on.

mod any_game;
mod board;
mod chess;
mod chess960;
mod chess_reversi;
mod color;
mod error;
mod game;
mod import;
pub mod input;
mod knight_fight;
mod outcome;
mod reversi;
mod saved;
mod setup;
mod snapshot;
mod square;
mod start;
mod text;
mod variant;

pub use any_game::{AnyGame, AnyPosition, PlayedMove, ReplayError};
pub use board::{BoardView, Cell, PieceKind};
pub use chess::Chess;
pub use chess_reversi::{ChessReversi, Placement};
pub use chess960::Chess960Start;
pub use color::{Color, ParseColorError};
pub use error::{PlayError, SetupError};
pub use game::Game;
pub use import::{MAX_RECORD_PLIES, PastedRecord, RecordError};
pub use input::{Input, InputNode, InputOption, MoveInput, Pick, Step, StepKind};
pub use knight_fight::{JUMP_OFFSETS as KNIGHT_JUMPS, KnightFight, KnightMove};
pub use outcome::{DrawClaim, EndReason, GameResult, Outcome, ParseResultError, Scores};
pub use reversi::{Reversi, ReversiMove, ReversiOpening};
pub use saved::RestoreError;
pub use setup::{KnightFightSetup, Setup};
pub use snapshot::{Knights, PositionSnapshot};
pub use square::{MAX_BOARD_SIZE, ParseSquareError, Square};
pub use start::StartFen;
pub use text::{ParseNameError, numbered_line, numbered_move};
pub use variant::{Family, ParseVariantError, RecordFormat, Variant};
