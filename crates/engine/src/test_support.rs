//! What the engine's tests share: plain minimax over the rules' own Reversi game, to
//! check the search's exact endgames against.

use rules::{Color, Game, Reversi, ReversiMove};

/// The final disc margin for the side to move with best play on both sides.
pub(crate) fn margin_for_mover(game: &Reversi) -> i32 {
    if game.is_over() {
        let scores = game.scores().expect("Reversi keeps scores");
        let margin = i32::try_from(scores.white).unwrap() - i32::try_from(scores.black).unwrap();
        return if game.to_move() == Color::White {
            margin
        } else {
            -margin
        };
    }
    game.legal_moves()
        .iter()
        .map(|mv| -margin_for_mover(&after(game, mv)))
        .max()
        .expect("a game not over has a move")
}

/// The game after `mv`.
pub(crate) fn after(game: &Reversi, mv: &ReversiMove) -> Reversi {
    let mut child = game.clone();
    child.play_unchecked(mv);
    child
}
