//! A board as a standalone SVG image, for sharing (`/games/{id}.svg`).

use std::fmt::Write;

use rules::{BoardView, Cell, Color, Square};

use crate::pieces;

/// Pixels per square.
const CELL: u32 = 48;
/// The margin holding the file and rank labels.
const MARGIN: u32 = 20;

/// Draws `board` (from White's side, or Black's when `flip`), with coordinates, the last
/// move and the king in check (on `check`) marked; Reversi boards are green.
#[must_use]
pub fn render(board: &BoardView, reversi: bool, flip: bool, check: Option<Square>) -> String {
    let size = u32::from(board.size);
    let side = size * CELL + 2 * MARGIN;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{side}" height="{side}" font-family="DejaVu Sans, sans-serif"><rect width="{side}" height="{side}" fill="#3b3024"/>"##
    );
    if check.is_some() {
        svg.push_str(r##"<defs><radialGradient id="check"><stop offset="0" stop-color="#e3261c"/><stop offset=".45" stop-color="#e3261c" stop-opacity=".7"/><stop offset="1" stop-color="#e3261c" stop-opacity="0"/></radialGradient></defs>"##);
    }
    let place = |square: Square| {
        let (file, rank) = (u32::from(square.file()), u32::from(square.rank()));
        let (column, row) = if flip {
            (size - 1 - file, rank)
        } else {
            (file, size - 1 - rank)
        };
        (MARGIN + column * CELL, MARGIN + row * CELL)
    };
    for (square, cell) in board.squares() {
        let (x, y) = place(square);
        let mut fill = if square.is_dark() {
            "#b58863"
        } else {
            "#f0d9b5"
        };
        if reversi {
            fill = "#2e7d4f";
        }
        if cell == Cell::Dead {
            fill = "#7a6a5a";
        }
        let _ = write!(
            svg,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#00000033"/>"##
        );
        if board.last_move.contains(&square) {
            let _ = write!(
                svg,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#f6e05e66"/>"##
            );
        }
        if check == Some(square) {
            let _ = write!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="url(#check)" data-check="{square}"/>"#
            );
        }
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        match cell {
            Cell::Empty | Cell::Dead => {}
            Cell::Disc { color } => {
                let (fill, stroke) = colors(color);
                let _ = write!(
                    svg,
                    r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#,
                    CELL * 2 / 5
                );
            }
            Cell::Number { number } => {
                let _ = write!(
                    svg,
                    r##"<text x="{cx}" y="{}" font-size="18" text-anchor="middle" fill="#1d1d1d">{number:02}</text>"##,
                    cy + 6
                );
            }
            Cell::Piece { color, piece } => {
                svg.push_str(&pieces::draw(piece, color, x, y, CELL));
            }
        }
    }
    for index in 0..size {
        let file = if flip { size - 1 - index } else { index };
        let rank = if flip { index } else { size - 1 - index };
        let letter = char::from(b'a' + u8::try_from(file).unwrap_or(0));
        let x = MARGIN + index * CELL + CELL / 2;
        let _ = write!(
            svg,
            r##"<text x="{x}" y="{}" font-size="13" text-anchor="middle" fill="#f0d9b5">{letter}</text>"##,
            side - 5
        );
        let y = MARGIN + index * CELL + CELL / 2 + 5;
        let _ = write!(
            svg,
            r##"<text x="{}" y="{y}" font-size="13" text-anchor="middle" fill="#f0d9b5">{}</text>"##,
            MARGIN / 2,
            rank + 1
        );
    }
    svg.push_str("</svg>");
    svg
}

fn colors(color: Color) -> (&'static str, &'static str) {
    color.fold(("#fafafa", "#222"), ("#1b1b1b", "#ddd"))
}

#[cfg(test)]
mod tests {
    use rules::{AnyGame, Variant};

    use super::*;

    #[test]
    fn an_svg_with_every_square_and_the_pieces() {
        let game = AnyGame::replay(Variant::Chess, None, ["e2e4"]).unwrap();
        let image = render(&game.board(), false, false, None);
        assert!(image.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(image.ends_with("</svg>"));
        assert_eq!(
            image.matches("<rect x=").count(),
            64 + 2,
            "squares plus two last-move marks"
        );
        assert_eq!(image.matches("data-piece=\"white pawn\"").count(), 8);
        assert_eq!(image.matches("data-piece=\"black pawn\"").count(), 8);
        assert_eq!(
            image.matches("<text").count(),
            16,
            "the coordinates are the only text"
        );
    }

    #[test]
    fn the_king_in_check_is_marked() {
        let game = AnyGame::replay(Variant::Chess, None, ["e2e4", "f7f6", "d1h5"]).unwrap();
        let image = render(&game.board(), false, false, game.checked_king());
        assert_eq!(image.matches("data-check=").count(), 1);
        assert!(image.contains(r#"data-check="e8""#));
        assert!(image.contains("<radialGradient id=\"check\">"));
    }

    #[test]
    fn reversi_discs_are_circles() {
        let game = AnyGame::replay(Variant::Reversi8x8, None, ["d4", "e4", "d5", "e5"]).unwrap();
        let image = render(&game.board(), true, true, None);
        assert_eq!(image.matches("<circle").count(), 4);
    }
}
