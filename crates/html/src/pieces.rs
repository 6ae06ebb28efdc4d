//! The project's own chess pieces, drawn as SVG shapes (not font glyphs, which every phone
//! draws differently, some as coloured emoji). One drawing per piece on a 100 by 100 grid:
//! body shapes take the piece's fill and outline, detail lines the contrast colour. The
//! HTML board uses them as `<symbol>`s that CSS colours; the SVG image draws them inline
//! with the colours of [`Palette::of`].

use std::{fmt::Write, sync::LazyLock};

use rules::{Color, PieceKind};

/// One piece's drawing: the filled and outlined body shapes, back to front, then the
/// detail lines drawn in the contrast colour.
struct Drawing {
    body: &'static [&'static str],
    detail: &'static [&'static str],
}

/// The plinth every piece but the knight stands on.
const BASE: &str =
    r#"<path d="M25 89h50a4 4 0 0 0 4-4v-2a7 7 0 0 0-7-7H28a7 7 0 0 0-7 7v2a4 4 0 0 0 4 4z"/>"#;

const KING: Drawing = Drawing {
    body: &[
        r#"<path d="M46 50V32h-7v-8h7v-9h8v9h7v8h-7v18z"/>"#,
        r#"<path d="M29 76C19 62 18 46 32 43c8-2 14 4 18 12 4-8 10-14 18-12 14 3 13 19 3 33z"/>"#,
        BASE,
    ],
    detail: &[r#"<path d="M31 67h38"/>"#],
};

const QUEEN: Drawing = Drawing {
    body: &[
        r#"<path d="M29 76L18 35l13 17 3-27 10 23 6-29 6 29 10-23 3 27 13-17-11 41z"/>"#,
        r#"<circle cx="18" cy="32" r="5"/>"#,
        r#"<circle cx="34" cy="23" r="5"/>"#,
        r#"<circle cx="50" cy="16" r="5"/>"#,
        r#"<circle cx="66" cy="23" r="5"/>"#,
        r#"<circle cx="82" cy="32" r="5"/>"#,
        BASE,
    ],
    detail: &[r#"<path d="M31 67h38"/>"#],
};

const ROOK: Drawing = Drawing {
    body: &[
        r#"<path d="M32 76l3-32h30l3 32z"/>"#,
        r#"<path d="M28 44V19h9v7h7v-7h12v7h7v-7h9v25z"/>"#,
        BASE,
    ],
    detail: &[r#"<path d="M35 36h30"/>"#],
};

const BISHOP: Drawing = Drawing {
    body: &[
        r#"<path d="M33 76c2-10 6-17 11-21h12c5 4 9 11 11 21z"/>"#,
        r#"<path d="M50 17c-10 8-16 16-16 24 0 6 4 10 7 10h18c3 0 7-4 7-10 0-8-6-16-16-24z"/>"#,
        r#"<path d="M40 50h20a3 3 0 0 1 0 6H40a3 3 0 0 1 0-6z"/>"#,
        r#"<circle cx="50" cy="13" r="5"/>"#,
        BASE,
    ],
    detail: &[r#"<path d="M56 27l-10 13"/>"#],
};

const KNIGHT: Drawing = Drawing {
    body: &[
        r#"<path d="M30 76c0-11 5-19 14-25l-13 5c-6 2-11-1-12-6-1-4 1-7 4-10l13-17c2-5 6-8 10-9l2-7 5 8c14 4 23 19 22 37-1 9-2 17-4 24z"/>"#,
        BASE,
    ],
    detail: &[
        r#"<circle cx="39" cy="30" r="2.5" fill="currentColor" stroke="none"/>"#,
        r#"<path d="M57 25c7 6 11 16 11 28"/>"#,
    ],
};

const PAWN: Drawing = Drawing {
    body: &[
        r#"<path d="M32 76c1-12 6-21 12-27h12c6 6 11 15 12 27z"/>"#,
        r#"<path d="M40 44h20a3 3 0 0 1 0 6H40a3 3 0 0 1 0-6z"/>"#,
        r#"<circle cx="50" cy="31" r="12"/>"#,
        BASE,
    ],
    detail: &[],
};

const fn drawing(piece: PieceKind) -> &'static Drawing {
    match piece {
        PieceKind::King => &KING,
        PieceKind::Queen => &QUEEN,
        PieceKind::Rook => &ROOK,
        PieceKind::Bishop => &BISHOP,
        PieceKind::Knight => &KNIGHT,
        PieceKind::Pawn => &PAWN,
    }
}

/// Every piece kind, in the order K, Q, R, B, N, P.
const KINDS: [PieceKind; 6] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// The lines' width and joins, shared by every drawing.
const STROKE: &str = r#"stroke-width="3" stroke-linejoin="round" stroke-linecap="round""#;

/// A piece's name in ids and classes: `king`, `queen`, …
#[must_use]
pub const fn name(piece: PieceKind) -> &'static str {
    match piece {
        PieceKind::King => "king",
        PieceKind::Queen => "queen",
        PieceKind::Rook => "rook",
        PieceKind::Bishop => "bishop",
        PieceKind::Knight => "knight",
        PieceKind::Pawn => "pawn",
    }
}

/// The colours a side's pieces are drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    /// The body.
    pub fill: &'static str,
    /// The outline.
    pub outline: &'static str,
    /// The detail lines (contrasting with the body).
    pub detail: &'static str,
}

impl Palette {
    /// White's pieces are light with dark lines, Black's dark with light details.
    #[must_use]
    pub const fn of(color: Color) -> Palette {
        match color {
            Color::White => Palette {
                fill: "#fafafa",
                outline: "#1b1b1b",
                detail: "#1b1b1b",
            },
            Color::Black => Palette {
                fill: "#262626",
                outline: "#0a0a0a",
                detail: "#e8e8e8",
            },
        }
    }
}

fn shapes(out: &mut String, piece: PieceKind) {
    let drawing = drawing(piece);
    for shape in drawing.body {
        out.push_str(shape);
    }
    if !drawing.detail.is_empty() {
        out.push_str(r#"<g fill="none" stroke="currentColor">"#);
        for line in drawing.detail {
            out.push_str(line);
        }
        out.push_str("</g>");
    }
}

/// A hidden `<svg>` holding one `<symbol id="piece-king">` (…) per piece, for a page's
/// board to `<use>`: the bodies take the CSS `fill` and `stroke`, the details `color`.
#[must_use]
pub fn symbols() -> &'static str {
    static SYMBOLS: LazyLock<String> = LazyLock::new(build_symbols);
    &SYMBOLS
}

fn build_symbols() -> String {
    let mut out = String::from(
        r#"<svg class="piece-defs" width="0" height="0" aria-hidden="true" focusable="false">"#,
    );
    for piece in KINDS {
        let _ = write!(
            out,
            r#"<symbol id="piece-{}" viewBox="0 0 100 100"><g {STROKE}>"#,
            name(piece)
        );
        shapes(&mut out, piece);
        out.push_str("</g></symbol>");
    }
    out.push_str("</svg>");
    out
}

/// One piece drawn inline in an SVG image: `size` pixels square with its top left corner
/// at (`x`, `y`), in its side's colours. Marked `data-piece="white king"`.
#[must_use]
pub fn draw(piece: PieceKind, color: Color, x: u32, y: u32, size: u32) -> String {
    let palette = Palette::of(color);
    let side = color.fold("white", "black");
    let mut out = String::new();
    let scale = f64::from(size) / 100.0;
    let _ = write!(
        out,
        r#"<g data-piece="{side} {}" transform="translate({x} {y}) scale({scale})" fill="{}" stroke="{}" color="{}" {STROKE}>"#,
        name(piece),
        palette.fill,
        palette.outline,
        palette.detail,
    );
    shapes(&mut out, piece);
    out.push_str("</g>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_a_symbol_and_no_glyphs() {
        let defs = symbols();
        for piece in KINDS {
            assert_eq!(
                defs.matches(&format!("id=\"piece-{}\"", name(piece)))
                    .count(),
                1
            );
        }
        assert!(!defs.contains("<text"));
        assert!(!defs.contains("<rect"), "a rect in the image is a square");
        assert!(defs.is_ascii());
    }

    #[test]
    fn pieces_take_their_sides_colours() {
        let white = draw(PieceKind::King, Color::White, 0, 0, 48);
        let black = draw(PieceKind::Queen, Color::Black, 48, 0, 48);
        assert!(white.contains(r##"data-piece="white king""##));
        assert!(white.contains(r##"fill="#fafafa" stroke="#1b1b1b""##));
        assert!(black.contains(r##"data-piece="black queen""##));
        assert!(black.contains(r##"fill="#262626""##));
        assert!(black.contains("translate(48 0) scale(0.48)"));
    }
}
