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
