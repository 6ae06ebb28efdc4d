//! The request fields read into the domain's types once, at the edge: a variant id, a
//! colour choice, a tournament format. Each has one place that turns bad text into its
//! error, whether the text comes from a form, a query or a JSON body.
//!
//! In a JSON body, such a field is read with `#[serde(deserialize_with = ...)]`: the serde
//! error carries the code, and [`Json`](crate::extract::Json) answers with it (see
//! [`coded`]).

use rules::Variant;
use serde::{Deserialize, Deserializer};

use domain::{challenges::ColorChoice, tournaments::Format};
use vocab::error::AppError;

/// The 422 codes of the fields read here; a field's serde error carries its code as
/// `<code>: <message>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FieldCode {
    /// `unknown_variant`: a variant id that names no game.
    UnknownVariant,
    /// `invalid_color`: a colour choice other than `white`, `black` or `random`.
    InvalidColor,
    /// `unknown_format`: a tournament format other than `round_robin`, `swiss`,
    /// `knockout` or `league`.
    UnknownFormat,
}

impl FieldCode {
    /// Every code.
    const ALL: [FieldCode; 3] = [
        FieldCode::UnknownVariant,
        FieldCode::InvalidColor,
        FieldCode::UnknownFormat,
    ];

    /// The code's text.
    const fn as_str(self) -> &'static str {
        match self {
            FieldCode::UnknownVariant => "unknown_variant",
            FieldCode::InvalidColor => "invalid_color",
            FieldCode::UnknownFormat => "unknown_format",
        }
    }

    /// The 422 with this code and `message`.
    fn error(self, message: impl Into<String>) -> AppError {
        AppError::invalid(self.as_str(), message)
    }
}

/// The variant `text` names.
///
/// # Errors
///
/// 422 `unknown_variant`.
pub fn variant(text: &str) -> Result<Variant, AppError> {
    text.parse()
        .map_err(|_| FieldCode::UnknownVariant.error(format!("unknown variant `{text}`")))
}

/// A query's variant filter: empty or absent is every variant (`None`).
///
/// # Errors
///
/// 422 `unknown_variant`.
pub fn variant_filter(text: Option<&str>) -> Result<Option<Variant>, AppError> {
    text.filter(|text| !text.is_empty())
        .map(variant)
        .transpose()
}

/// The colour choice `text` names.
///
/// # Errors
///
/// 422 `invalid_color`.
pub fn color(text: &str) -> Result<ColorChoice, AppError> {
    text.parse()
        .map_err(|_| FieldCode::InvalidColor.error("color is `white`, `black` or `random`"))
}

/// The tournament format `text` names.
///
/// # Errors
///
/// 422 `unknown_format`.
pub fn format(text: &str) -> Result<Format, AppError> {
    text.parse().map_err(|_| {
        FieldCode::UnknownFormat.error("format is `round_robin`, `swiss`, `knockout` or `league`")
    })
}

/// The error a field's deserializer fails with: its code and message in one text, which
/// [`coded`] reads back.
fn field_error<E: serde::de::Error>(error: &AppError) -> E {
    E::custom(format!("{}: {}", error.code(), error.message()))
}

/// A JSON body's serde error as the field error it carries (one of the `FieldCode`s), if it
/// carries one.
#[must_use]
pub fn coded(message: &str) -> Option<AppError> {
    FieldCode::ALL.into_iter().find_map(|code| {
        let rest = message.strip_prefix(code.as_str())?.strip_prefix(": ")?;
        Some(code.error(rest))
    })
}

/// Reads text with `parse`, its error carried by serde's (see [`coded`]).
fn read_text<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    parse: fn(&str) -> Result<T, AppError>,
) -> Result<T, D::Error> {
    let text = String::deserialize(deserializer)?;
    parse(&text).map_err(|error| field_error(&error))
}

/// Reads a variant id (`#[serde(deserialize_with = "edge::field::variant_id")]`).
///
/// # Errors
///
/// Not text, or [`variant`]'s error.
pub fn variant_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
    read_text(deserializer, variant)
}

/// Reads an optional variant id: null or absent (with `#[serde(default)]`) is `None`.
///
/// # Errors
///
/// Neither null nor text, or [`variant`]'s error.
pub fn optional_variant_id<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Variant>, D::Error> {
    Option::<String>::deserialize(deserializer)?
        .map(|text| variant(&text).map_err(|error| field_error(&error)))
        .transpose()
}

/// Reads a colour choice (`#[serde(deserialize_with = "edge::field::color_choice")]`).
///
/// # Errors
///
/// Not text, or [`color`]'s error.
pub fn color_choice<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ColorChoice, D::Error> {
    read_text(deserializer, color)
}

/// Reads a tournament format (`#[serde(deserialize_with = "edge::field::tournament_format")]`).
///
/// # Errors
///
/// Not text, or [`format`](fn@format)'s error.
pub fn tournament_format<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Format, D::Error> {
    read_text(deserializer, format)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Body {
        #[serde(deserialize_with = "variant_id")]
        variant: Variant,
        #[serde(deserialize_with = "color_choice")]
        color: ColorChoice,
    }

    fn read(json: serde_json::Value) -> Result<Body, AppError> {
        serde_json::from_value(json).map_err(|error| {
            coded(&error.to_string()).unwrap_or_else(|| AppError::invalid("invalid_body", ""))
        })
    }

    #[test]
    fn a_field_error_keeps_its_code_through_serde() {
        let body = read(serde_json::json!({"variant": "reversi-8x8", "color": "black"}));
        let body = body.unwrap();
        assert_eq!(
            (body.variant.as_str(), body.color),
            ("reversi-8x8", ColorChoice::Black)
        );
        let error = read(serde_json::json!({"variant": "go", "color": "black"})).unwrap_err();
        assert_eq!(error.code(), "unknown_variant");
        assert_eq!(error.message(), "unknown variant `go`");
        let error = read(serde_json::json!({"variant": "chess", "color": "green"})).unwrap_err();
        assert_eq!(error.code(), "invalid_color");
        let error = read(serde_json::json!({"variant": 3, "color": "white"})).unwrap_err();
        assert_eq!(error.code(), "invalid_body");
    }

    #[test]
    fn a_tournament_format_is_read_with_its_code() {
        assert_eq!(format("swiss").unwrap(), Format::Swiss);
        let error = format("ladder").unwrap_err();
        assert_eq!(error.code(), "unknown_format");
        let carried = coded(&field_error::<serde_json::Error>(&error).to_string()).unwrap();
        assert_eq!(carried.code(), "unknown_format");
    }
}
