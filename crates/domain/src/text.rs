//! The one rule for the characters of everything a person types that others read: names
//! (usernames, tournament names, token names) and free texts (chat lines, notes, report
//! reasons and moderation notes). No control characters (a free text keeps its line
//! breaks and tabs) and no bidirectional overrides or isolates (U+202A–U+202E,
//! U+2066–U+2069), which make a text display other than it reads. Each check refuses with
//! 422 `control_character`; lengths and other shapes stay each field's own.

use vocab::error::AppError;

/// What a typed text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    /// A name: one line, no tab.
    Name,
    /// A free text: line breaks and tabs allowed.
    FreeText,
}

/// Whether `c` may not appear in a text of kind `typed`.
#[must_use]
pub fn refused_char(c: char, typed: Typed) -> bool {
    let layout = matches!(typed, Typed::FreeText) && (c == '\n' || c == '\t');
    (c.is_control() && !layout)
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// Checks the characters of `text` (of kind `typed`) against the rule.
///
/// # Errors
///
/// 422 `control_character`, saying which characters may not be used.
pub fn check(text: &str, typed: Typed) -> Result<(), AppError> {
    if !text.chars().any(|c| refused_char(c, typed)) {
        return Ok(());
    }
    Err(AppError::invalid(
        "control_character",
        match typed {
            Typed::Name => {
                "a name may not hold control characters, line breaks or direction overrides"
            }
            Typed::FreeText => {
                "the text holds a control character or direction override (only line breaks \
                 and tabs are allowed)"
            }
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every input a person types, through the check its feature applies, with the
    /// characters the rule refuses: each refused with `control_character`, and the same
    /// text without them accepted.
    #[test]
    fn every_typed_name_and_text_refuses_control_and_direction_characters() {
        type Check = fn(&str) -> Result<(), AppError>;
        let fields: &[(&str, Typed, Check)] = &[
            ("username", Typed::Name, crate::accounts::validate_username),
            ("tournament name", Typed::Name, |text| {
                crate::tournaments::settings::check_name(text).map(drop)
            }),
            ("token name", Typed::Name, |text| {
                crate::accounts::token_name(Some(text)).map(drop)
            }),
            ("chat line", Typed::FreeText, |text| {
                crate::chat::check_line(text).map(drop)
            }),
            ("note", Typed::FreeText, |text| {
                crate::chat::check_note(text).map(drop)
            }),
            (
                "report reason or moderation note",
                Typed::FreeText,
                |text| crate::moderation::clean_reason(text).map(drop),
            ),
        ];
        let refused = [
            '\u{0}', '\u{7}', '\u{1B}', '\u{7F}', '\u{85}', '\u{202A}', '\u{202B}', '\u{202C}',
            '\u{202D}', '\u{202E}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
        ];
        for (field, typed, check) in fields {
            assert!(check("abc_de").is_ok(), "{field}: a plain text");
            for c in refused {
                let text = format!("abc{c}de");
                assert_eq!(
                    check(&text).map_err(|error| error.code().to_owned()),
                    Err("control_character".to_owned()),
                    "{field} with U+{:04X}",
                    u32::from(c)
                );
            }
            let broken = check("abc\nde");
            assert_eq!(
                broken.is_ok(),
                *typed == Typed::FreeText,
                "{field}: a line break"
            );
        }
    }
}
