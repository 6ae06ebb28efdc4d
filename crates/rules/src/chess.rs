//! Chess under the FIDE Laws, on top of shakmaty, with the automatic and claimable draws
//! of `RULES.md`.

use std::fmt;

use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, EnPassantMode, Move, Position, Role,
    fen::Fen,
    san::{San, SanPlus},
    uci::UciMove,
    zobrist::Zobrist64,
};

use crate::saved::{Fields, RestoreError, Saved};
use crate::{
    BoardView, Cell, Chess960Start, Color, DrawClaim, EndReason, Game, GameResult, Input, Outcome,
    Pick, PieceKind, PlayError, PositionSnapshot, SetupError, Square, Step, StepKind,
};

/// Half-moves without a capture or pawn move after which the game is drawn at once.
const SEVENTY_FIVE_MOVES: u32 = 150;
/// Half-moves without a capture or pawn move after which the player to move may claim.
const FIFTY_MOVES: u32 = 100;

/// A chess game: the position, the positions seen since the last capture or pawn move
/// (for repetitions), and the outcome once the game has ended on the board. A Chess960
/// game is one too, its position in shakmaty's Chess960 castling mode: castling is
/// written as the king taking its own rook (`e1h1`), and may be entered so.
///
/// Its `Debug` form draws the board, White at the bottom:
///
/// ```
/// let text = format!("{:?}", rules::Chess::new());
/// assert!(text.starts_with("r n b q k b n r\n"));
/// ```
#[derive(Clone)]
pub struct Chess {
    position: shakmaty::Chess,
    ply: u32,
    /// Zobrist keys of every position since the last capture or pawn move, the current
    /// one last. Keys cover piece placement, side to move, castling rights and the en
    /// passant square only when a capture there is legal.
    history: Vec<u64>,
    outcome: Option<Outcome>,
}

impl Chess {
    /// The standard start position.
    #[must_use]
    pub fn new() -> Chess {
        Chess::from_position(shakmaty::Chess::default(), 0)
    }

    /// Chess960's start position `start`.
    #[must_use]
    pub fn chess960(start: Chess960Start) -> Chess {
        Chess::from_fen_in(&start.fen(), CastlingMode::Chess960)
            .unwrap_or_else(|_| unreachable!("every Chess960 start is a legal position"))
    }

    /// The position a FEN describes. The ply count is taken from its full-move number and
    /// side to move; earlier positions are unknown, so repetitions count from here.
    ///
    /// # Errors
    ///
    /// [`SetupError::Invalid`] when the text is not FEN, or names no legal chess position
    /// (such as a side without a king, or the side not to move in check).
    pub fn from_fen(fen: &str) -> Result<Chess, SetupError> {
        Chess::from_fen_in(fen, CastlingMode::Standard)
    }

    /// Like [`Chess::from_fen`], for a Chess960 game: castling rights may name any rook
    /// on the back rank (X-FEN `KQkq` or Shredder-FEN files such as `HFhf`).
    ///
    /// # Errors
    ///
    /// As [`Chess::from_fen`].
    pub fn from_chess960_fen(fen: &str) -> Result<Chess, SetupError> {
        Chess::from_fen_in(fen, CastlingMode::Chess960)
    }

    fn from_fen_in(fen: &str, mode: CastlingMode) -> Result<Chess, SetupError> {
        let fen =
            Fen::from_ascii(fen.as_bytes()).map_err(|_| SetupError::Invalid("not a valid fen"))?;
        let position: shakmaty::Chess = fen
            .into_position(mode)
            .map_err(|_| SetupError::Invalid("the fen is not a legal chess position"))?;
        let full_moves = position.fullmoves().get() - 1;
        let ply = full_moves
            .saturating_mul(2)
            .saturating_add(position.turn().fold_wb(0, 1));
        Ok(Chess::from_position(position, ply))
    }

    fn from_position(position: shakmaty::Chess, ply: u32) -> Chess {
        let mut chess = Chess {
            position,
            ply,
            history: Vec::new(),
            outcome: None,
        };
        chess.history.push(chess.key());
        chess.outcome = chess.compute_outcome();
        chess
    }

    /// How castling is written and checked: shakmaty's standard or Chess960 mode.
    #[must_use]
    pub fn mode(&self) -> CastlingMode {
        self.position.castles().mode()
    }

    /// The position in Forsyth–Edwards Notation, with both clocks; the en passant square
    /// is given only when a capture there is legal. Chess960 castling rights are X-FEN:
    /// `K`/`Q` for the outermost rook, the rook's file otherwise.
    #[must_use]
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }

    /// How many times the current position has stood, counting this time, since the
    /// last capture or pawn move (or since the game or FEN started).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let current = self.history.last().copied();
        self.history
            .iter()
            .filter(|&&key| Some(key) == current)
            .count()
    }

    /// Half-moves since the last capture or pawn move.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.position.halfmoves()
    }

    /// Whether neither side can ever mate, as `RULES.md` defines it: only the two kings
    /// remain, plus either a single knight or any number of bishops all on squares of
    /// one colour.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let board = self.position.board();
        if (board.pawns() | board.rooks_and_queens()).any() {
            return false;
        }
        let knights = board.knights();
        let bishops = board.bishops();
        if knights.any() {
            return knights.count() == 1 && bishops.is_empty();
        }
        (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty()
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.position.is_check()
    }

    /// The underlying shakmaty position.
    #[must_use]
    pub const fn position(&self) -> &shakmaty::Chess {
        &self.position
    }

    /// The repetition keys of the positions since the last capture or pawn move (or
    /// since the game or FEN started), oldest first, the current position's last: each
    /// shakmaty's `Zobrist64` hash with the en passant square counted only when a capture
    /// there is legal.
    #[must_use]
    pub fn repetition_keys(&self) -> &[u64] {
        &self.history
    }

    /// The repetition key of the current position.
    fn key(&self) -> u64 {
        self.position
            .zobrist_hash::<Zobrist64>(EnPassantMode::Legal)
            .0
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let outcome = |result, reason| Some(Outcome { result, reason });
        if self.position.legal_moves().is_empty() {
            return if self.position.is_check() {
                outcome(
                    GameResult::win(color_of(self.position.turn()).other()),
                    EndReason::Checkmate,
                )
            } else {
                outcome(GameResult::Draw, EndReason::Stalemate)
            };
        }
        if self.is_insufficient_material() {
            outcome(GameResult::Draw, EndReason::InsufficientMaterial)
        } else if self.repetitions() >= 5 {
            outcome(GameResult::Draw, EndReason::FivefoldRepetition)
        } else if self.position.halfmoves() >= SEVENTY_FIVE_MOVES {
            outcome(GameResult::Draw, EndReason::SeventyFiveMoveRule)
        } else {
            None
        }
    }
}

impl Default for Chess {
    fn default() -> Chess {
        Chess::new()
    }
}

impl fmt::Debug for Chess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.position.board();
        for rank in (0..8).rev() {
            for file in 0..8 {
                let square = shakmaty::Square::from_coords(
                    shakmaty::File::new(file),
                    shakmaty::Rank::new(rank),
                );
                let letter = board.piece_at(square).map_or('.', shakmaty::Piece::char);
                let end = if file == 7 { '\n' } else { ' ' };
                write!(f, "{letter}{end}")?;
            }
        }
        write!(f, "{}", self.fen())
    }
}

/// The crate's colour for a shakmaty colour.
fn color_of(color: shakmaty::Color) -> Color {
    color.fold_wb(Color::White, Color::Black)
}

/// The crate's square for a shakmaty square.
fn square_of(square: shakmaty::Square) -> Square {
    // Both coordinates are below 8, so the square always exists.
    Square::new(square.file().to_u32() as u8, square.rank().to_u32() as u8)
        .unwrap_or_else(|| unreachable!("a chess square lies on a 10x10 board"))
}

/// The crate's piece kind for a shakmaty role.
const fn kind_of(role: Role) -> PieceKind {
    match role {
        Role::King => PieceKind::King,
        Role::Queen => PieceKind::Queen,
        Role::Rook => PieceKind::Rook,
        Role::Bishop => PieceKind::Bishop,
        Role::Knight => PieceKind::Knight,
        Role::Pawn => PieceKind::Pawn,
    }
}

/// Counts leaf positions `depth` plies ahead over bare shakmaty positions, the last ply
/// in bulk.
fn perft_position(position: &shakmaty::Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in &moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        total += perft_position(&child, depth - 1);
    }
    total
}

impl Game for Chess {
    type Move = Move;

    fn to_move(&self) -> Color {
        color_of(self.position.turn())
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        self.position.legal_moves().to_vec()
    }

    fn play_unchecked(&mut self, mv: &Move) {
        self.position.play_unchecked(*mv);
        self.ply += 1;
        if self.position.halfmoves() == 0 {
            // A capture or pawn move: no earlier position can ever stand again.
            self.history.clear();
        }
        self.history.push(self.key());
        self.outcome = self.compute_outcome();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Reads UCI (`e2e4`, `e7e8q`, castling as `e1g1` or king takes rook `e1h1`; in
    /// Chess960 the king taking its rook, or two squares from `e1`/`e8`) or SAN
    /// (`Nf3`, `O-O`, `exd6`, `e8=Q+`, with or without a check or mate sign).
    fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        let illegal = || PlayError::Illegal(text.to_owned());
        let malformed = || PlayError::Malformed(text.to_owned());
        if let Ok(uci) = UciMove::from_ascii(text.as_bytes()) {
            return match uci {
                UciMove::Normal { .. } => uci.to_move(&self.position).map_err(|_| illegal()),
                UciMove::Put { .. } | UciMove::Null => Err(malformed()),
            };
        }
        let san = SanPlus::from_ascii(text.as_bytes())
            .map_err(|_| malformed())?
            .san;
        match san {
            San::Normal { .. } | San::Castle(_) => {
                san.to_move(&self.position).map_err(|_| illegal())
            }
            San::Put { .. } | San::Null => Err(malformed()),
        }
    }

    /// UCI, castling as the king's two squares in chess (`e1g1`) and as the king taking
    /// its rook in Chess960 (`b1a1`).
    fn move_text(&self, mv: &Move) -> String {
        UciMove::from_move(*mv, self.mode()).to_string()
    }

    fn checked_king(&self) -> Option<Square> {
        if !self.is_check() {
            return None;
        }
        self.position
            .board()
            .king_of(self.position.turn())
            .map(square_of)
    }

    /// The draws the player to move may claim now: threefold repetition when the current
    /// position has stood three times or more, the fifty-move rule when fifty moves by
    /// each side have passed without a capture or a pawn move. Empty once the game is over.
    fn draw_claims(&self) -> Vec<DrawClaim> {
        let mut claims = Vec::new();
        if self.outcome.is_some() {
            return claims;
        }
        if self.repetitions() >= 3 {
            claims.push(DrawClaim::ThreefoldRepetition);
        }
        if self.position.halfmoves() >= FIFTY_MOVES {
            claims.push(DrawClaim::FiftyMoveRule);
        }
        claims
    }

    fn fen(&self) -> Option<String> {
        Some(Chess::fen(self))
    }

    /// `{"fen"}`.
    fn snapshot(&self) -> PositionSnapshot {
        PositionSnapshot::Chess {
            fen: Chess::fen(self),
        }
    }

    fn display_text(&self, mv: &Move) -> String {
        SanPlus::from_move(self.position.clone(), *mv).to_string()
    }

    fn move_squares(&self, mv: &Move) -> Vec<Square> {
        match *mv {
            Move::Normal { from, to, .. } | Move::EnPassant { from, to } => {
                vec![square_of(from), square_of(to)]
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                let to = shakmaty::Square::from_coords(side.king_to_file(), king.rank());
                vec![square_of(king), square_of(to)]
            }
            Move::Put { to, .. } => vec![square_of(to)],
        }
    }

    fn board(&self) -> BoardView {
        let mut view = BoardView::empty(8);
        for (square, piece) in self.position.board().iter() {
            view.set(
                square_of(square),
                Cell::Piece {
                    color: color_of(piece.color),
                    piece: kind_of(piece.role),
                },
            );
        }
        view
    }

    /// Chess perft: counts the legal move paths of exactly `depth` plies on the board
    /// alone, as standard perft tables do. A mate or stalemate before `depth` adds
    /// nothing; repetitions, the 75-move rule and insufficient material are not applied.
    fn perft(&self, depth: u32) -> u64 {
        perft_position(&self.position, depth)
    }
}

/// Chess is entered as the piece, its target, and the promotion piece when a pawn promotes.
const CHESS_STEPS: [Step; 3] = [
    Step {
        name: "from",
        kind: StepKind::Origin,
        prompt: "chess_select",
    },
    Step {
        name: "to",
        kind: StepKind::Destination,
        prompt: "chess_target",
    },
    Step {
        name: "promote",
        kind: StepKind::Promotion,
        prompt: "promote",
    },
];

impl Input for Chess {
    fn input_steps(&self) -> &'static [Step] {
        &CHESS_STEPS
    }

    /// The squares of the UCI text (castling is the king's two squares in chess, the
    /// king's and its rook's in Chess960), then the promotion piece.
    fn move_picks(&self, mv: &Move) -> Vec<Pick> {
        match UciMove::from_move(*mv, self.mode()) {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => [Pick::Square(square_of(from)), Pick::Square(square_of(to))]
                .into_iter()
                .chain(promotion.map(|role| Pick::Piece(kind_of(role))))
                .collect(),
            UciMove::Put { to, .. } => vec![Pick::Square(square_of(to))],
            UciMove::Null => Vec::new(),
        }
    }
}

/// Saved as the FEN (its six fields) and then the repetition keys since the last capture
/// or pawn move, oldest first, the current position's last.
impl Saved for Chess {
    fn save(&self, out: &mut String) {
        out.push_str(&self.fen());
        for key in &self.history {
            out.push_str(&format!(" {key:x}"));
        }
    }

    fn restore(&self, mut fields: Fields<'_>) -> Result<Chess, RestoreError> {
        let mut fen = String::new();
        for _ in 0..6 {
            fen.push_str(fields.text("chess: the fen")?);
            fen.push(' ');
        }
        let mut chess = Chess::from_fen_in(fen.trim_end(), self.mode())
            .map_err(|_| RestoreError("chess: the fen"))?;
        let history = fields
            .rest()
            .map(|key| u64::from_str_radix(key, 16))
            .collect::<Result<Vec<u64>, _>>()
            .map_err(|_| RestoreError("chess: a repetition key"))?;
        if history.last() != chess.history.last() {
            return Err(RestoreError(
                "chess: the last repetition key is not the position's",
            ));
        }
        chess.history = history;
        chess.outcome = chess.compute_outcome();
        Ok(chess)
    }
}
