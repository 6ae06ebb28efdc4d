//! Chess over shakmaty: material, piece-square terms (from formulas, tapered between
//! the middlegame and the endgame), the bishop pair and a mop-up term that drives a bare
//! king to the edge; quiescence over captures and promotions; repetitions, the 75-move
//! rule and insufficient material scored as draws.

use rand::{SeedableRng, rngs::StdRng};
use shakmaty::{
    Bitboard, Chess, Color, EnPassantMode, Move, Position as _, Role, Square, uci::UciMove,
    zobrist::Zobrist64,
};

use crate::{
    Reply, Request,
    search::{self, Limits, MATE, Node, Profile},
};

/// A position with its Zobrist key.
#[derive(Debug, Clone)]
struct Position {
    board: Chess,
    key: u64,
}

impl Position {
    fn new(board: Chess) -> Position {
        let key = key_of(&board);
        Position { board, key }
    }
}

fn key_of(board: &Chess) -> u64 {
    board.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// Piece values in centipawns, indexed by `Role as usize - 1` (pawn first).
const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

fn value(role: Role) -> i32 {
    VALUES[role as usize - 1]
}

/// How far `square` lies from the centre, 0 (d4–e5) to 3 (the rim).
fn centre_distance(square: Square) -> i32 {
    let file = square.file().to_u32() as i32;
    let rank = square.rank().to_u32() as i32;
    let from_centre = |coordinate: i32| {
        if coordinate < 4 {
            3 - coordinate
        } else {
            coordinate - 4
        }
    };
    from_centre(file).max(from_centre(rank))
}

/// The piece-square bonus of `role` of `color` on `square`: (middlegame, endgame).
fn placement(role: Role, color: Color, square: Square) -> (i32, i32) {
    // Ranks counted from the piece's own side, 0 to 7.
    let rank = color.fold_wb(square.rank().to_u32(), 7 - square.rank().to_u32()) as i32;
    let file = square.file().to_u32() as i32;
    let centre = centre_distance(square);
    match role {
        Role::Pawn => {
            let central = if (3..=4).contains(&file) && (2..=4).contains(&rank) {
                12
            } else {
                0
            };
            (6 * rank + central, 12 * rank)
        }
        Role::Knight => (30 - 12 * centre, 20 - 8 * centre),
        Role::Bishop => (15 - 6 * centre, 10 - 4 * centre),
        Role::Rook => (
            if rank == 6 { 20 } else { 0 } + if (2..=5).contains(&file) { 4 } else { 0 },
            0,
        ),
        Role::Queen => (4 - 2 * centre, 10 - 4 * centre),
        Role::King => {
            let sheltered = if rank == 0 && !(3..=4).contains(&file) {
                20
            } else {
                0
            };
            (sheltered - 15 * rank, 30 - 12 * centre)
        }
    }
}

/// The middlegame weight of the material left, 0 (bare endgame) to 24.
fn phase(board: &shakmaty::Board) -> i32 {
    let count = |bits: Bitboard| bits.count() as i32;
    (count(board.knights())
        + count(board.bishops())
        + 2 * count(board.rooks())
        + 4 * count(board.queens()))
    .min(24)
}

/// The evaluation from White's side.
fn evaluate_white(chess: &Chess) -> i32 {
    let board = chess.board();
    let phase = phase(board);
    let (mut middle, mut end) = (0, 0);
    let mut material = [0; 2];
    for (square, piece) in board.iter() {
        let sign = piece.color.fold_wb(1, -1);
        let (m, e) = placement(piece.role, piece.color, square);
        middle += sign * m;
        end += sign * e;
        material[piece.color as usize] += value(piece.role);
    }
    let mut score = material[Color::White as usize] - material[Color::Black as usize];
    score += (middle * phase + end * (24 - phase)) / 24;
    for color in Color::ALL {
        if (board.bishops() & board.by_color(color)).count() >= 2 {
            score += color.fold_wb(30, -30);
        }
    }
    // Mop-up: the side ahead without pawns to push corners the lone defender.
    let advantage = score.signum();
    let strong = if advantage > 0 {
        Color::White
    } else {
        Color::Black
    };
    let weak = !strong;
    if advantage != 0
        && (board.by_color(weak) & !board.kings()).is_empty()
        && let (Some(strong_king), Some(weak_king)) = (board.king_of(strong), board.king_of(weak))
    {
        let distance = strong_king.distance(weak_king) as i32;
        score += advantage * (40 * centre_distance(weak_king) + 10 * (7 - distance) + 200);
    }
    score
}

impl Node for Position {
    type Move = Move;
    const QUIESCENCE: bool = true;

    fn moves(&self, out: &mut Vec<Move>) {
        out.extend(self.board.legal_moves());
    }

    fn play(&self, mv: Move) -> Position {
        let key = self
            .board
            .update_zobrist_hash(Zobrist64(self.key), mv, EnPassantMode::Legal);
        let mut board = self.board.clone();
        board.play_unchecked(mv);
        let key = key.map_or_else(|| key_of(&board), |key| key.0);
        Position { board, key }
    }

    fn end_score(&self, ply: u32) -> i32 {
        if self.board.is_check() {
            -(MATE - ply as i32)
        } else {
            0
        }
    }

    fn evaluate(&self, _moves: &[Move]) -> i32 {
        let white = evaluate_white(&self.board);
        self.board.turn().fold_wb(white, -white)
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn order(&self, mv: Move) -> i32 {
        let mut score = 0;
        if let Some(victim) = mv.capture() {
            score += 10_000 + 10 * value(victim) - value(mv.role()) / 10;
        }
        if let Some(role) = mv.promotion() {
            score += 9_000 + value(role);
        }
        if score == 0
            && let Some(from) = mv.from()
        {
            let color = self.board.turn();
            score = placement(mv.role(), color, mv.to()).0 - placement(mv.role(), color, from).0;
        }
        score
    }

    fn is_drawn(&self) -> bool {
        self.board.halfmoves() >= 150 || self.board.is_insufficient_material()
    }

    fn reversible_plies(&self) -> u32 {
        self.board.halfmoves()
    }

    fn in_check(&self) -> bool {
        self.board.is_check()
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.is_promotion()
    }
}

/// How each level searches: depth and noise (centipawns).
const PROFILES: [(u32, i32); 8] = [
    (1, 2000),
    (1, 300),
    (2, 100),
    (3, 40),
    (4, 15),
    (5, 0),
    (6, 0),
    (64, 0),
];

/// The engine's move in a chess game that has at least two legal moves.
pub(crate) fn best_move(game: &rules::Chess, request: &Request, limits: Limits<'_>) -> Reply {
    let board = game.position().clone();
    // Keys of the positions before this one since the last capture or pawn move, for
    // repetitions: the rules keep the same keys, the current position's last.
    let mut history = game.repetition_keys().to_vec();
    history.pop();
    let (depth, noise) = PROFILES[request.level.index()];
    let profile = Profile { depth, noise };
    let mut rng = StdRng::seed_from_u64(request.seed);
    let found = search::search(&Position::new(board), history, &profile, &mut rng, limits);
    Reply {
        text: UciMove::from_move(found.mv, game.mode()).to_string(),
        nodes: found.nodes,
        depth: found.depth,
        score: found.score,
    }
}
