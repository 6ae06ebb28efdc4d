//! One type over every variant, for the server: canonical move strings in and out.

use serde::Serialize;

use crate::{
    BoardView, Chess, ChessReversi, Color, DrawClaim, Family, Game, KnightFight, MoveInput,
    Outcome, PlayError, PositionSnapshot, Reversi, Scores, Setup, SetupError, Square, Variant,
    saved::{Fields, RestoreError, Saved},
};

/// A game of any variant, with its record.
///
/// Built from a variant and its setup ([`AnyGame::new`]) or by replaying a stored record
/// ([`AnyGame::replay`]); moves go in and come out as canonical text.
#[derive(Debug, Clone)]
pub struct AnyGame {
    variant: Variant,
    setup: Setup,
    position: AnyPosition,
    record: Vec<PlayedMove>,
    last_move: Vec<Square>,
}

/// The typed position of a game, one arm per game family: what [`AnyGame::position`]
/// lends to code that works on a family's own type (the engine's searches), so that it
/// starts from the position as it stands instead of replaying the record.
///
/// More games may be added: code outside this crate keeps an arm for the others.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AnyPosition {
    /// Chess.
    Chess(Chess),
    /// Reversi, any board size.
    Reversi(Reversi),
    /// Chess Reversi.
    ChessReversi(ChessReversi),
    /// Knight Fight.
    KnightFight(KnightFight),
}

/// Runs one expression on whichever position `$position` holds, the position bound to
/// `$game` (and, in the second form, the arm's constructor to `$family`, to wrap a new
/// position of the same family).
macro_rules! dispatch {
    ($position:expr, $game:ident => $body:expr) => {
        dispatch!($position, _family, $game => $body)
    };
    ($position:expr, $family:ident, $game:ident => $body:expr) => {
        match $position {
            AnyPosition::Chess($game) => {
                let $family = AnyPosition::Chess;
                $body
            }
            AnyPosition::Reversi($game) => {
                let $family = AnyPosition::Reversi;
                $body
            }
            AnyPosition::ChessReversi($game) => {
                let $family = AnyPosition::ChessReversi;
                $body
            }
            AnyPosition::KnightFight($game) => {
                let $family = AnyPosition::KnightFight;
                $body
            }
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
    /// A new game of `variant` from its start. `setup` is a [`Setup`], or anything that
    /// becomes one (such as an `Option<KnightFightSetup>`).
    ///
    /// # Errors
    ///
    /// [`SetupError::Missing`] for Knight Fight without its numbers,
    /// [`SetupError::Unexpected`] for any other variant given them.
    pub fn new(variant: Variant, setup: impl Into<Setup>) -> Result<AnyGame, SetupError> {
        let setup = setup.into();
        let position = match (variant, &setup) {
            (Variant::KnightFight, Setup::KnightFight(numbers)) => {
                AnyPosition::KnightFight(KnightFight::new(numbers))
            }
            (Variant::Chess960, Setup::Chess960(start)) => {
                AnyPosition::Chess(Chess::chess960(*start))
            }
            (Variant::KnightFight | Variant::Chess960, _) => return Err(SetupError::Missing),
            (Variant::Chess, Setup::Fen(fen)) => AnyPosition::Chess(Chess::from_fen(fen.as_str())?),
            (
                Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10,
                Setup::Opening(opening),
            ) if opening.size == variant.board_size() => {
                AnyPosition::Reversi(Reversi::after_opening(opening)?)
            }
            (_, Setup::KnightFight(_) | Setup::Chess960(_) | Setup::Fen(_) | Setup::Opening(_)) => {
                return Err(SetupError::Unexpected);
            }
            (Variant::Chess, Setup::Standard) => AnyPosition::Chess(Chess::new()),
            (Variant::Reversi6x6, Setup::Standard) => AnyPosition::Reversi(Reversi::new(6)),
            (Variant::Reversi8x8, Setup::Standard) => AnyPosition::Reversi(Reversi::new(8)),
            (Variant::Reversi10x10, Setup::Standard) => AnyPosition::Reversi(Reversi::new(10)),
            (Variant::ChessReversi, Setup::Standard) => {
                AnyPosition::ChessReversi(ChessReversi::new())
            }
        };
        Ok(AnyGame {
            variant,
            setup,
            position,
            record: Vec::new(),
            last_move: Vec::new(),
        })
    }

    /// The setup a new game of `variant` needs, drawn from `rng` ([`Setup::random`]).
    pub fn random_setup<R: rand::Rng + ?Sized>(variant: Variant, rng: &mut R) -> Setup {
        Setup::random(variant, rng)
    }

    /// Rebuilds a game from its variant, setup and record of canonical (or SAN) moves.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] naming the setup problem or the first refused move.
    pub fn replay<I>(
        variant: Variant,
        setup: impl Into<Setup>,
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
        setup: impl Into<Setup>,
        saved: &str,
        record: Vec<PlayedMove>,
    ) -> Result<AnyGame, RestoreError> {
        let start =
            AnyGame::new(variant, setup).map_err(|_| RestoreError("the variant's setup"))?;
        let (fields, last) = saved
            .split_once('|')
            .ok_or(RestoreError("no last move section"))?;
        let fields = Fields::new(fields);
        let position = dispatch!(&start.position, family, game => family(game.restore(fields)?));
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

    /// The setup the game was created with ([`Setup::Standard`] but in Knight Fight and
    /// Chess960).
    #[must_use]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The start position as FEN where it is not the variant's usual one (a Chess960
    /// start, a chosen chess start), for records and APIs that name it; `None`
    /// otherwise.
    #[must_use]
    pub fn start_fen(&self) -> Option<String> {
        self.setup.start_fen()
    }

    /// The tags a PGN record of the game carries for its start, after the seven standard
    /// ones: `SetUp` and `FEN` where it starts from a position of its own, after
    /// `Variant` for Chess960; none otherwise.
    #[must_use]
    pub fn pgn_start_tags(&self) -> Vec<(&'static str, String)> {
        let Some(fen) = self.start_fen() else {
            return Vec::new();
        };
        let mut tags = Vec::with_capacity(3);
        if self.variant == Variant::Chess960 {
            tags.push(("Variant", self.variant.name().to_owned()));
        }
        tags.extend([("SetUp", "1".to_owned()), ("FEN", fen)]);
        tags
    }

    /// The position as it stands, typed by its family, for code that searches or reads
    /// one family's own position: clone the arm's position to own it.
    #[must_use]
    pub const fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Reads, checks and plays a move (canonical text, or SAN in chess), returning its
    /// canonical text.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`], [`PlayError::Malformed`] or [`PlayError::Illegal`]
    /// ([`Game::check_move`]); on error the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<String, PlayError> {
        let played = dispatch!(&mut self.position, game => {
            let mv = game.check_move(text)?;
            let played = PlayedMove { text: game.move_text(&mv), display: game.display_text(&mv) };
            self.last_move = game.move_squares(&mv);
            game.play_unchecked(&mv);
            played
        });
        let text = played.text.clone();
        self.record.push(played);
        Ok(text)
    }

    /// The canonical text of a move (canonical text, or SAN in chess) if it can be played
    /// here, without playing it.
    ///
    /// # Errors
    ///
    /// As [`AnyGame::play`].
    pub fn canonical(&self, text: &str) -> Result<String, PlayError> {
        dispatch!(&self.position, game => {
            let mv = game.check_move(text)?;
            Ok(game.move_text(&mv))
        })
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
    /// attacked, also once checkmated), or `None` ([`Game::checked_king`]).
    #[must_use]
    pub fn checked_king(&self) -> Option<Square> {
        dispatch!(&self.position, game => game.checked_king())
    }

    /// The move the side to move must play when it has exactly one and it is `pass`
    /// ([`Game::forced_pass`]). The server plays it at once.
    #[must_use]
    pub fn forced_pass(&self) -> Option<&'static str> {
        dispatch!(&self.position, game => game.forced_pass())
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

    /// The draws the side to move may claim now (chess: threefold repetition, fifty
    /// moves; [`Game::draw_claims`]).
    #[must_use]
    pub fn draw_claims(&self) -> Vec<DrawClaim> {
        dispatch!(&self.position, game => game.draw_claims())
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

    /// The position as FEN (chess only; [`Game::fen`]).
    #[must_use]
    pub fn fen(&self) -> Option<String> {
        // The trait's: `Chess` has an inherent `fen` giving the text itself.
        dispatch!(&self.position, game => Game::fen(game))
    }

    /// The record as numbered movetext in the display notation (`1. e4 e5 2. Nf3`), the
    /// body of a PGN file for chess.
    #[must_use]
    pub fn movetext(&self) -> String {
        crate::numbered_line(0, self.record.iter().map(|played| played.display.as_str()))
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

    /// The position in the API's JSON shape ([`Game::snapshot`]).
    #[must_use]
    pub fn snapshot(&self) -> PositionSnapshot {
        dispatch!(&self.position, game => game.snapshot())
    }

    /// Counts leaf positions `depth` plies ahead, with the family's own fast generator.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(&self.position, game => game.perft(depth))
    }

    /// Chess Reversi: how many of `color`'s pieces attack each empty square (row-major
    /// from `a1`), for shading the board. `None` in the other variants
    /// ([`Game::attack_counts`]).
    #[must_use]
    pub fn attack_counts(&self, color: Color) -> Option<Vec<u8>> {
        // The trait's: `ChessReversi` has an inherent `attack_counts` without the option.
        dispatch!(&self.position, game => Game::attack_counts(game, color))
    }
}
