//! Chess perft as data (tests/data/perft-chess.txt), famous games replayed, and a naive
//! second move generator, sharing nothing with shakmaty, that counts the same.

use rules::{
    AnyGame, Cell, Color, EndReason, Game, GameResult, Outcome, PieceKind, Square, Variant,
};

use super::{chess, legal_texts, square};

// ---------------------------------------------------------------------------------------
// Perft

/// Every `(fen, depth, count)` a perft table lists (tests/data/perft-*.txt): a FEN, then
/// `;Dn count` for each depth.
pub(super) fn perft_table(text: &str) -> Vec<(String, u32, u64)> {
    let mut rows = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().unwrap().trim().to_owned();
        for field in fields {
            let (depth, count) = field.trim().split_once(' ').unwrap();
            let depth: u32 = depth.strip_prefix('D').unwrap().parse().unwrap();
            rows.push((fen.clone(), depth, count.trim().parse().unwrap()));
        }
    }
    rows
}

#[test]
fn perft_matches_the_published_table() {
    let table = perft_table(include_str!("../data/perft-chess.txt"));
    assert!(table.len() >= 25, "table too short: {}", table.len());
    assert!(table.contains(&(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
        5,
        4_865_609
    )));
    for (fen, depth, expected) in table {
        assert_eq!(chess(&fen).perft(depth), expected, "{fen} depth {depth}");
    }
}

#[test]
fn perft_through_any_game() {
    let game = AnyGame::new(Variant::Chess, None).unwrap();
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(1), 20);
    assert_eq!(game.perft(3), 8_902);
    assert_eq!(game.perft(4), 197_281);
}

#[test]
fn kiwipete_is_reached_and_counted_through_any_game() {
    let moves = [
        "e4", "e6", "d4", "g6", "d5", "Bg7", "Nc3", "Qe7", "Nf3", "Nf6", "Ne5", "b5", "Bd2", "b4",
        "Qf3", "Nc6", "Be2", "Na5", "Nb1", "Nc4", "Nc3", "Nb6", "Nb1", "Ba6", "Nc3", "h5", "Nb1",
        "h4", "Nc3", "h3",
    ];
    let game = AnyGame::replay(Variant::Chess, None, moves).unwrap();
    assert_eq!(
        game.fen().unwrap(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 16"
    );
    assert_eq!(game.perft(3), 97_862);
}

#[test]
fn opera_game_replays_to_mate() {
    let moves = [
        "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
        "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
        "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
    ];
    let game = AnyGame::replay(Variant::Chess, None, moves).unwrap();
    let displays: Vec<&str> = game
        .record()
        .iter()
        .map(|played| played.display.as_str())
        .collect();
    assert_eq!(displays, moves);
    assert_eq!(game.record()[22].text, "e1c1");
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            result: GameResult::WhiteWins,
            reason: EndReason::Checkmate
        })
    );
    // Replaying the canonical texts gives the same game.
    let again = AnyGame::replay(Variant::Chess, None, game.moves()).unwrap();
    assert_eq!(again.fen(), game.fen());
    assert_eq!(again.record(), game.record());
}

#[test]
fn perft_counts_nothing_below_a_mate() {
    let game = chess("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(game.is_over());
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(1), 0);
    assert_eq!(game.perft(2), 0);
}

// ---------------------------------------------------------------------------------------
// A naive second move generator, sharing nothing with shakmaty: a mailbox board,
// pseudo-legal moves by walking directions, and a king-not-attacked filter.

#[derive(Clone)]
struct Naive {
    cells: [Option<(Color, PieceKind)>; 64],
    turn: Color,
    /// White short, white long, black short, black long.
    castling: [bool; 4],
    en_passant: Option<usize>,
}

const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK_STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

fn step(index: usize, (files, ranks): (i8, i8)) -> Option<usize> {
    let file = (index % 8) as i8 + files;
    let rank = (index / 8) as i8 + ranks;
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn name(index: usize) -> String {
    Square::new((index % 8) as u8, (index / 8) as u8)
        .unwrap()
        .to_string()
}

fn index_of(text: &str) -> usize {
    square(text).index(8)
}

/// A naive move: from, to, promotion.
type NaiveMove = (usize, usize, Option<PieceKind>);

impl Naive {
    fn from_fen(fen: &str) -> Naive {
        let board = chess(fen).board();
        let mut cells = [None; 64];
        for (at, cell) in board.squares() {
            if let Cell::Piece { color, piece } = cell {
                cells[at.index(8)] = Some((color, piece));
            }
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let castling = ['K', 'Q', 'k', 'q'].map(|letter| fields[2].contains(letter));
        Naive {
            cells,
            turn: if fields[1] == "w" {
                Color::White
            } else {
                Color::Black
            },
            castling,
            en_passant: (fields[3] != "-").then(|| index_of(fields[3])),
        }
    }

    fn attacked(&self, at: usize, by: Color) -> bool {
        let holds = |index: Option<usize>, kinds: &[PieceKind]| {
            index
                .and_then(|index| self.cells[index])
                .is_some_and(|(color, kind)| color == by && kinds.contains(&kind))
        };
        let pawn_rank = if by == Color::White { -1 } else { 1 };
        if [(-1, pawn_rank), (1, pawn_rank)]
            .into_iter()
            .any(|offset| holds(step(at, offset), &[PieceKind::Pawn]))
        {
            return true;
        }
        if KNIGHT_STEPS
            .into_iter()
            .any(|offset| holds(step(at, offset), &[PieceKind::Knight]))
            || KING_STEPS
                .into_iter()
                .any(|offset| holds(step(at, offset), &[PieceKind::King]))
        {
            return true;
        }
        let slides = |steps: [(i8, i8); 4], kinds: &[PieceKind]| {
            steps.into_iter().any(|offset| {
                let mut next = step(at, offset);
                while let Some(index) = next {
                    if self.cells[index].is_some() {
                        return holds(Some(index), kinds);
                    }
                    next = step(index, offset);
                }
                false
            })
        };
        slides(ROOK_STEPS, &[PieceKind::Rook, PieceKind::Queen])
            || slides(BISHOP_STEPS, &[PieceKind::Bishop, PieceKind::Queen])
    }

    fn pseudo_moves(&self) -> Vec<NaiveMove> {
        let mut moves = Vec::new();
        let us = self.turn;
        for from in 0..64 {
            let Some((color, kind)) = self.cells[from] else {
                continue;
            };
            if color != us {
                continue;
            }
            let free_or_enemy = |to: usize| self.cells[to].is_none_or(|(color, _)| color != us);
            match kind {
                PieceKind::Pawn => self.pawn_moves(from, &mut moves),
                PieceKind::Knight | PieceKind::King => {
                    let steps = if kind == PieceKind::Knight {
                        KNIGHT_STEPS
                    } else {
                        KING_STEPS
                    };
                    for to in steps.into_iter().filter_map(|offset| step(from, offset)) {
                        if free_or_enemy(to) {
                            moves.push((from, to, None));
                        }
                    }
                }
                PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen => {
                    let mut steps = Vec::new();
                    if kind != PieceKind::Bishop {
                        steps.extend(ROOK_STEPS);
                    }
                    if kind != PieceKind::Rook {
                        steps.extend(BISHOP_STEPS);
                    }
                    for offset in steps {
                        let mut next = step(from, offset);
                        while let Some(to) = next {
                            if free_or_enemy(to) {
                                moves.push((from, to, None));
                            }
                            if self.cells[to].is_some() {
                                break;
                            }
                            next = step(to, offset);
                        }
                    }
                }
            }
        }
        self.castling_moves(&mut moves);
        moves
    }

    fn pawn_moves(&self, from: usize, moves: &mut Vec<NaiveMove>) {
        let us = self.turn;
        let (forward, start_rank, last_rank) = if us == Color::White {
            (1, 1, 7)
        } else {
            (-1, 6, 0)
        };
        let mut push = |to: usize| {
            if to / 8 == last_rank {
                for kind in [
                    PieceKind::Queen,
                    PieceKind::Rook,
                    PieceKind::Bishop,
                    PieceKind::Knight,
                ] {
                    moves.push((from, to, Some(kind)));
                }
            } else {
                moves.push((from, to, None));
            }
        };
        if let Some(one) = step(from, (0, forward))
            && self.cells[one].is_none()
        {
            push(one);
            if from / 8 == start_rank
                && let Some(two) = step(one, (0, forward))
                && self.cells[two].is_none()
            {
                push(two);
            }
        }
        for side in [-1, 1] {
            if let Some(to) = step(from, (side, forward)) {
                let enemy = self.cells[to].is_some_and(|(color, _)| color != us);
                if enemy || self.en_passant == Some(to) {
                    push(to);
                }
            }
        }
    }

    fn castling_moves(&self, moves: &mut Vec<NaiveMove>) {
        let us = self.turn;
        let (rank, short, long) = if us == Color::White {
            ("1", self.castling[0], self.castling[1])
        } else {
            ("8", self.castling[2], self.castling[3])
        };
        let at = |file: &str| index_of(&format!("{file}{rank}"));
        let empty = |files: &[&str]| files.iter().all(|file| self.cells[at(file)].is_none());
        let safe = |files: &[&str]| {
            files
                .iter()
                .all(|file| !self.attacked(at(file), us.other()))
        };
        if short && empty(&["f", "g"]) && safe(&["e", "f", "g"]) {
            moves.push((at("e"), at("g"), None));
        }
        if long && empty(&["b", "c", "d"]) && safe(&["e", "d", "c"]) {
            moves.push((at("e"), at("c"), None));
        }
    }

    fn play(&self, (from, to, promotion): NaiveMove) -> Naive {
        let mut next = self.clone();
        let (color, kind) = self.cells[from].unwrap();
        next.cells[from] = None;
        next.cells[to] = Some((color, promotion.unwrap_or(kind)));
        next.en_passant = None;
        if kind == PieceKind::Pawn {
            if Some(to) == self.en_passant && from % 8 != to % 8 {
                // The captured pawn stands beside the mover, on the file it moves to.
                next.cells[(from / 8) * 8 + to % 8] = None;
            }
            if from.abs_diff(to) == 16 {
                next.en_passant = Some((from + to) / 2);
            }
        }
        if kind == PieceKind::King && from.abs_diff(to) == 2 {
            let (rook_from, rook_to) = if to > from {
                (from + 3, from + 1)
            } else {
                (from - 4, from - 1)
            };
            next.cells[rook_to] = next.cells[rook_from].take();
        }
        for (right, corner, king) in [
            (0, "h1", "e1"),
            (1, "a1", "e1"),
            (2, "h8", "e8"),
            (3, "a8", "e8"),
        ] {
            let touched = [corner, king].map(index_of);
            if touched.contains(&from) || touched[0] == to {
                next.castling[right] = false;
            }
        }
        next.turn = self.turn.other();
        next
    }

    fn legal_moves(&self) -> Vec<NaiveMove> {
        self.pseudo_moves()
            .into_iter()
            .filter(|&mv| {
                let next = self.play(mv);
                let king = (0..64)
                    .find(|&index| next.cells[index] == Some((self.turn, PieceKind::King)))
                    .unwrap();
                !next.attacked(king, next.turn)
            })
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| self.play(mv).perft(depth - 1))
            .sum()
    }
}

fn naive_text((from, to, promotion): NaiveMove) -> String {
    let suffix = promotion.map_or(String::new(), |kind| {
        kind.letter().to_ascii_lowercase().to_string()
    });
    format!("{}{}{suffix}", name(from), name(to))
}

#[test]
fn naive_counter_agrees_at_depth_three() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let naive = Naive::from_fen(fen);
        let game = chess(fen);
        // Move by move, so a difference names the move below which it lies.
        for mv in naive.legal_moves() {
            let text = naive_text(mv);
            let mut next = game.clone();
            next.play(&text)
                .unwrap_or_else(|error| panic!("{fen}: naive {text}: {error}"));
            assert_eq!(
                next.perft(2),
                naive.play(mv).perft(2),
                "{fen}: below {text}"
            );
        }
        assert_eq!(naive.perft(3), game.perft(3), "{fen}");
    }
}

#[test]
fn naive_move_lists_agree_on_tricky_positions() {
    for fen in [
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/4p3/8/3P4/8/8/8/4K3 b - - 0 1",
        "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    ] {
        let naive = Naive::from_fen(fen);
        let mut expected: Vec<String> = naive.legal_moves().into_iter().map(naive_text).collect();
        expected.sort();
        assert_eq!(legal_texts(&chess(fen)), expected, "{fen}");
        assert_eq!(naive.perft(2), chess(fen).perft(2), "{fen}");
    }
}
