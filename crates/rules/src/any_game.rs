//! One type over every variant, for the server: canonical move strings in and out.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{
    BoardView, Cell, Chess, ChessReversi, Color, DrawClaim, Family, Game, KnightFight,
    KnightFightSetup, MoveInput, Outcome, PieceKind, PlayError, Reversi, Scores, SetupError,
    Square, Variant,
    saved::{Fields, RestoreError, Saved},
};

/// A game of any variant, with its record.
///
/// Built from a variant and its setup ([`AnyGame::new`]) or by replaying a stored record
/// ([`AnyGame::replay`]); moves go in and come out as canonical text.
#[derive(Debug, Clone)]
pub struct AnyGame {
    variant: Variant,
    setup: Option<KnightFightSetup>,
    position: AnyPosition,
    record: Vec<PlayedMove>,
    last_move: Vec<Square>,
}

/// The position of one of the game families.
#[derive(Debug, Clone)]
enum AnyPosition {
    Chess(Chess),
    Reversi(Reversi),
    ChessReversi(ChessReversi),
    KnightFight(KnightFight),
}

/// Runs one expression on whichever position `$position` holds.
macro_rules! dispatch {
    ($position:expr, $game:ident => $body:expr) => {
        match $position {
            AnyPosition::Chess($game) => $body,
            AnyPosition::Reversi($game) => $body,
            AnyPosition::ChessReversi($game) => $body,
            AnyPosition::KnightFight($game) => $body,
        }
    };
}

/// A move of the record, in both its text forms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayedMove {
    /// The canonical text (UCI for chess): what the API and the database use.
    pub text: String,
    /// The text people read (SAN for chess; the canonical text elsewhere).
    pub display: String,
}

/// The position in the API's JSON shape (see API.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PositionSnapshot {
    /// Chess: `{"fen"}`.
    Chess {
        /// The position in Forsyth–Edwards Notation.
        fen: String,
    },
    /// Reversi and Chess Reversi: `{"squares": {"d4": "W", …}}`.
    Squares {
        /// Reversi discs `W`/`B`; Chess Reversi pieces `KQRBN` (White), `kqrbn` (Black).
        squares: BTreeMap<Square, char>,
    },
    /// Knight Fight: the numbers left and both knights.
    KnightFight {
        /// Only squares that still hold a number.
        numbers: BTreeMap<Square, u8>,
        /// Where each knight stands, `null` before it is placed.
        knights: Knights,
    },
}

/// Where the two Knight Fight knights stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Knights {
    /// White's knight.
    pub white: Option<Square>,
    /// Black's knight.
    pub black: Option<Square>,
}

/// A stored record did not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The variant and setup do not make a game.
    Setup(SetupError),
    /// The move at index `ply` (0-based) was refused.
    Move {
        /// Index of the refused move in the record.
        ply: usize,
        /// Why it was refused.
        error: PlayError,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(error) => error.fmt(f),
            ReplayError::Move { ply, error } => {
                write!(f, "move {} of the record: {error}", ply + 1)
            }
        }
    }
}

impl std::error::Error for ReplayError {}

impl AnyGame {
    /// A new game of `variant` from its start.
    ///
    /// # Errors
    ///
    /// [`SetupError::Missing`] for Knight Fight without a setup, [`SetupError::Unexpected`]
    /// for any other variant given one.
    pub fn new(variant: Variant, setup: Option<KnightFightSetup>) -> Result<AnyGame, SetupError> {
        let position = match (variant, &setup) {
            (Variant::KnightFight, Some(setup)) => {
                AnyPosition::KnightFight(KnightFight::new(setup))
            }
            (Variant::KnightFight, None) => return Err(SetupError::Missing),
            (_, Some(_)) => return Err(SetupError::Unexpected),
            (Variant::Chess, None) => AnyPosition::Chess(Chess::new()),
            (Variant::Reversi6x6, None) => AnyPosition::Reversi(Reversi::new(6)),
            (Variant::Reversi8x8, None) => AnyPosition::Reversi(Reversi::new(8)),
            (Variant::Reversi10x10, None) => AnyPosition::Reversi(Reversi::new(10)),
            (Variant::ChessReversi, None) => AnyPosition::ChessReversi(ChessReversi::new()),
        };
        Ok(AnyGame {
            variant,
            setup,
            position,
            record: Vec::new(),
            last_move: Vec::new(),
        })
    }

    /// The setup a new game of `variant` needs, drawn from `rng` (`None` if it needs none).
    pub fn random_setup<R: rand::Rng + ?Sized>(
        variant: Variant,
        rng: &mut R,
    ) -> Option<KnightFightSetup> {
        variant.needs_setup().then(|| KnightFightSetup::random(rng))
    }

    /// Rebuilds a game from its variant, setup and record of canonical (or SAN) moves.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the setup problem or the first refused move.
    pub fn replay<I>(
        variant: Variant,
        setup: Option<KnightFightSetup>,
        moves: I,
    ) -> Result<AnyGame, ReplayError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let mut game = AnyGame::new(variant, setup).map_err(ReplayError::Setup)?;
        for (ply, text) in moves.into_iter().enumerate() {
            game.play(text.as_ref())
                .map_err(|error| ReplayError::Move { ply, error })?;
        }
        Ok(game)
    }

    /// The position as a short text (the form `saved.rs` describes), to be kept beside the
    /// record and given back to [`AnyGame::restore`].
    #[must_use]
    pub fn saved_position(&self) -> String {
        let mut saved = String::new();
        dispatch!(&self.position, game => game.save(&mut saved));
        saved.push_str(" |");
        for square in &self.last_move {
            saved.push(' ');
            saved.push_str(&square.to_string());
        }
        saved
    }

    /// Rebuilds a game from its variant, setup, [saved position](AnyGame::saved_position)
    /// and record without replaying the record: the record is taken as it is, so it must
    /// be the one the position was saved with (the position's ply must equal its length).
    ///
    /// # Errors
    ///
    /// [`RestoreError`] when the saved text is no position of this variant, or its ply is
    /// not the record's length.
    pub fn restore(
        variant: Variant,
        setup: Option<KnightFightSetup>,
        saved: &str,
        record: Vec<PlayedMove>,
    ) -> Result<AnyGame, RestoreError> {
        let start =
            AnyGame::new(variant, setup).map_err(|_| RestoreError("the variant's setup"))?;
        let (fields, last) = saved
            .split_once('|')
            .ok_or(RestoreError("no last move section"))?;
        let fields = Fields::new(fields);
        let position = match &start.position {
            AnyPosition::Chess(game) => AnyPosition::Chess(game.restore(fields)?),
            AnyPosition::Reversi(game) => AnyPosition::Reversi(game.restore(fields)?),
            AnyPosition::ChessReversi(game) => AnyPosition::ChessReversi(game.restore(fields)?),
            AnyPosition::KnightFight(game) => AnyPosition::KnightFight(game.restore(fields)?),
        };
        let size = variant.board_size();
        let last_move = last
            .split_ascii_whitespace()
            .map(|text| {
                text.parse::<Square>()
                    .ok()
                    .filter(|square| square.on_board(size))
            })
            .collect::<Option<Vec<Square>>>()
            .ok_or(RestoreError("a last-move square"))?;
        let game = AnyGame {
            variant,
            setup: start.setup,
            position,
            record,
            last_move,
        };
        if game.ply() as usize != game.record.len() {
            return Err(RestoreError("the ply is not the record's length"));
        }
        Ok(game)
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The setup the game was created with (Knight Fight only).
    #[must_use]
    pub const fn setup(&self) -> Option<&KnightFightSetup> {
        self.setup.as_ref()
    }

    /// Reads, checks and plays a move (canonical text, or SAN in chess), returning its
    /// canonical text.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`], [`PlayError::Malformed`] or [`PlayError::Illegal`]; on
    /// error the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<String, PlayError> {
        let played = dispatch!(&mut self.position, game => {
            if game.is_over() {
                return Err(PlayError::GameOver);
            }
            let mv = game.parse_move(text)?;
            if !game.legal_moves().contains(&mv) {
                return Err(PlayError::Illegal(text.to_owned()));
            }
            let played = PlayedMove { text: game.move_text(&mv), display: game.display_text(&mv) };
            self.last_move = game.move_squares(&mv);
            game.play_unchecked(&mv);
            played
        });
        let text = played.text.clone();
        self.record.push(played);
        Ok(text)
    }

    /// The side to move, or `None` once the game is over.
    #[must_use]
    pub fn to_move(&self) -> Option<Color> {
        dispatch!(&self.position, game => (!game.is_over()).then(|| game.to_move()))
    }

    /// Moves played so far, forced passes included.
    #[must_use]
    pub fn ply(&self) -> u32 {
        dispatch!(&self.position, game => game.ply())
    }

    /// The canonical text of every legal move; empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        dispatch!(&self.position, game => game
            .legal_moves()
            .iter()
            .map(|mv| game.move_text(mv))
            .collect())
    }

    /// The square of the king in check (chess: the side to move's king when it is
    /// attacked, also once checkmated), or `None`.
    #[must_use]
    pub fn checked_king(&self) -> Option<Square> {
        let AnyPosition::Chess(game) = &self.position else {
            return None;
        };
        if !game.is_check() {
            return None;
        }
        let side = game.to_move();
        game.board().squares().find_map(|(square, cell)| {
            (cell
                == Cell::Piece {
                    color: side,
                    piece: PieceKind::King,
                })
            .then_some(square)
        })
    }

    /// The move the side to move must play when it has exactly one and it is `pass`.
    /// The server plays it at once.
    #[must_use]
    pub fn forced_pass(&self) -> Option<&'static str> {
        match &self.position {
            AnyPosition::Reversi(game) if game.must_pass() => Some("pass"),
            _ => None,
        }
    }

    /// The result and reason once the game has ended on the board.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(&self.position, game => game.outcome())
    }

    /// Disc counts or points; `None` for chess.
    #[must_use]
    pub fn scores(&self) -> Option<Scores> {
        dispatch!(&self.position, game => game.scores())
    }

    /// The draws the side to move may claim now (chess: threefold repetition, fifty moves).
    #[must_use]
    pub fn draw_claims(&self) -> Vec<DrawClaim> {
        match &self.position {
            AnyPosition::Chess(game) => game.draw_claims(),
            _ => Vec::new(),
        }
    }

    /// The record: every move played, in both text forms.
    #[must_use]
    pub fn record(&self) -> &[PlayedMove] {
        &self.record
    }

    /// The record's canonical move texts.
    pub fn moves(&self) -> impl Iterator<Item = &str> + '_ {
        self.record.iter().map(|played| played.text.as_str())
    }

    /// The position as FEN (chess only).
    #[must_use]
    pub fn fen(&self) -> Option<String> {
        match &self.position {
            AnyPosition::Chess(game) => Some(game.fen()),
            _ => None,
        }
    }

    /// The record as numbered movetext in the display notation (`1. e4 e5 2. Nf3`), the
    /// body of a PGN file for chess.
    #[must_use]
    pub fn movetext(&self) -> String {
        let mut text = String::new();
        for (index, played) in self.record.iter().enumerate() {
            if index % 2 == 0 {
                if index > 0 {
                    text.push(' ');
                }
                text.push_str(&format!("{}. ", index / 2 + 1));
            } else {
                text.push(' ');
            }
            text.push_str(&played.display);
        }
        text
    }

    /// The board as people see it, with the last move marked.
    #[must_use]
    pub fn board(&self) -> BoardView {
        let mut board = dispatch!(&self.position, game => game.board());
        board.last_move.clone_from(&self.last_move);
        board
    }

    /// How a move is entered here, step by step: the [`crate::input`] model of the legal
    /// moves (empty once the game is over).
    #[must_use]
    pub fn input(&self) -> MoveInput {
        dispatch!(&self.position, game => MoveInput::of(game))
    }

    /// The variant's family, which also names the board's look (its CSS class).
    #[must_use]
    pub const fn family(&self) -> Family {
        self.variant().family()
    }

    /// The position in the API's JSON shape.
    #[must_use]
    pub fn snapshot(&self) -> PositionSnapshot {
        if let AnyPosition::Chess(game) = &self.position {
            return PositionSnapshot::Chess { fen: game.fen() };
        }
        let board = self.board();
        if let AnyPosition::KnightFight(_) = &self.position {
            let mut numbers = BTreeMap::new();
            let mut knights = Knights {
                white: None,
                black: None,
            };
            for (square, cell) in board.squares() {
                match cell {
                    Cell::Number { number } => {
                        numbers.insert(square, number);
                    }
                    Cell::Piece {
                        color: Color::White,
                        ..
                    } => knights.white = Some(square),
                    Cell::Piece {
                        color: Color::Black,
                        ..
                    } => knights.black = Some(square),
                    _ => {}
                }
            }
            return PositionSnapshot::KnightFight { numbers, knights };
        }
        let squares = board
            .squares()
            .filter_map(|(square, cell)| {
                let letter = match cell {
                    Cell::Disc { color } => color.fold('W', 'B'),
                    Cell::Piece { color, piece } => {
                        color.fold(piece.letter(), piece.letter().to_ascii_lowercase())
                    }
                    _ => return None,
                };
                Some((square, letter))
            })
            .collect();
        PositionSnapshot::Squares { squares }
    }

    /// Counts leaf positions `depth` plies ahead, with the family's own fast generator.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(&self.position, game => game.perft(depth))
    }

    /// Chess Reversi: how many of `color`'s pieces attack each empty square (row-major
    /// from `a1`), for shading the board. `None` in the other variants.
    #[must_use]
    pub fn attack_counts(&self, color: Color) -> Option<Vec<u8>> {
        match &self.position {
            AnyPosition::ChessReversi(game) => Some(game.attack_counts(color)),
            _ => None,
        }
    }
}
