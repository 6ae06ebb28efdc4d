//! Chess and Chess960 as RULES.md states them: one named test per rule, perft as data,
//! and a naive move counter written here to cross-check the move generator.

mod chess960;
mod endings;
mod notation;
mod perft;
mod position;

use rules::{Cell, Chess, Color, Game, PieceKind, Square};

/// A chess game from a FEN that must be valid.
fn chess(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// Plays moves (UCI or SAN) that must all be legal.
fn play_all(game: &mut Chess, moves: &[&str]) {
    for text in moves {
        game.play(text)
            .unwrap_or_else(|error| panic!("{text} in {}: {error}", game.fen()));
    }
}

/// The canonical text of every legal move, sorted.
fn legal_texts(game: &Chess) -> Vec<String> {
    let mut texts: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|mv| game.move_text(mv))
        .collect();
    texts.sort();
    texts
}

/// What stands on `at` (such as `"c1"`), as `(colour, piece)`.
fn piece_at(game: &Chess, at: &str) -> Option<(Color, PieceKind)> {
    match game.board().cell(square(at)) {
        Some(Cell::Piece { color, piece }) => Some((color, piece)),
        _ => None,
    }
}

fn square(text: &str) -> Square {
    text.parse().unwrap()
}
