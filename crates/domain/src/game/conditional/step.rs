//! A line's steps as words: the one step that is not a move, and the key of each step's
//! text. A leaf, so that notices can name steps without the lines' rules.

/// The step that stands for any move of the opponent.
pub const ANY: &str = "*";

/// The translation key of a line's step in the reader's words: `*` is "any move", an
/// action is its name; a move has none (it is shown as written).
#[must_use]
pub fn step_key(step: &str) -> String {
    let name = if step == ANY { "any" } else { step };
    format!("conditional.step.{name}")
}
