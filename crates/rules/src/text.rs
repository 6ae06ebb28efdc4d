//! Text forms: closed sets of values with one stable text each (the database, the API
//! and URLs hold it). [`text_form!`](crate::text_form) gives such a type `Display` and
//! `FromStr` from its `ALL` and `as_str`; the server's vocabulary uses it too.

use std::fmt;

/// The text was not the text form of a value of this kind (it says which kind).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseNameError {
    kind: &'static str,
    text: String,
}

impl ParseNameError {
    /// `text` is not the text form of any `kind` (`end reason`, `game action`, …).
    #[must_use]
    pub fn new(kind: &'static str, text: &str) -> ParseNameError {
        ParseNameError {
            kind,
            text: text.to_owned(),
        }
    }

    /// What kind of value was expected.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        self.kind
    }
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} `{}`", self.kind, self.text)
    }
}

impl std::error::Error for ParseNameError {}

/// Implements `Display` and `FromStr` (with [`ParseNameError`]) for `$type` from its
/// `ALL` (every value) and `as_str` (its text form); `$kind` names it in errors.
#[macro_export]
macro_rules! text_form {
    ($type:ident, $kind:literal) => {
        impl ::std::fmt::Display for $type {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::std::str::FromStr for $type {
            type Err = $crate::ParseNameError;
            fn from_str(s: &str) -> ::std::result::Result<$type, $crate::ParseNameError> {
                $type::ALL
                    .into_iter()
                    .find(|value| value.as_str() == s)
                    .ok_or_else(|| $crate::ParseNameError::new($kind, s))
            }
        }
    };
}

/// The move at `ply` (counting from 0) as a record writes it, with its number where the
/// record needs one: White's move always (`12. Nf3`), Black's only when `black_number`
/// says how (`12… e5` opening a line, `12... e5` after a PGN comment), else bare (`e5`).
/// A full move is White's ply and Black's. Every record, page and line numbers moves
/// through this one function.
#[must_use]
pub fn numbered_move(ply: usize, text: &str, black_number: Option<&str>) -> String {
    let number = ply / 2 + 1;
    match (ply.is_multiple_of(2), black_number) {
        (true, _) => format!("{number}. {text}"),
        (false, Some(dots)) => format!("{number}{dots} {text}"),
        (false, None) => text.to_owned(),
    }
}

/// Moves as a line of the record, the first being the move at `first_ply` (counting from
/// 0): `1. e4 e5 2. Nf3`, or `12… e5 13. Nf3 Nc6` when the line opens with Black's move.
#[must_use]
pub fn numbered_line<'a>(first_ply: usize, moves: impl IntoIterator<Item = &'a str>) -> String {
    let mut line = String::new();
    for (index, text) in moves.into_iter().enumerate() {
        if index > 0 {
            line.push(' ');
        }
        let opens = (index == 0).then_some("\u{2026}");
        line.push_str(&numbered_move(first_ply + index, text, opens));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_by_full_moves() {
        assert_eq!(numbered_line(0, ["e4", "e5", "Nf3"]), "1. e4 e5 2. Nf3");
        assert_eq!(
            numbered_line(23, ["e5", "Nf3", "Nc6"]),
            "12\u{2026} e5 13. Nf3 Nc6"
        );
        assert_eq!(numbered_line(4, []), "");
        assert_eq!(numbered_move(1, "e5", Some("...")), "1... e5");
        assert_eq!(numbered_move(1, "e5", None), "e5");
        assert_eq!(numbered_move(2, "Nf3", None), "2. Nf3");
    }
}
