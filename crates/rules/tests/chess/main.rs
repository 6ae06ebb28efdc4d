//! Chess as RULES.md states it: one named test per rule, perft as data, and a naive
//! move counter written here to cross-check the move generator.

mod endings;
mod notation;
mod perft;
mod position;

use rules::{Chess, Game, Square};

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

fn square(text: &str) -> Square {
    text.parse().unwrap()
}
