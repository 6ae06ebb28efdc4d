use super::*;

#[test]
fn lines_are_trimmed_and_checked() {
    assert_eq!(
        clean("  hi\r\nthere \r", TextKind::Line).unwrap(),
        "hi\nthere"
    );
    let code = |text: &str, kind| clean(text, kind).err().map(|error| error.code());
    assert_eq!(code("   \n ", TextKind::Line), Some("empty_message"));
    assert_eq!(code("bell\u{7}", TextKind::Line), Some("control_character"));
    assert_eq!(code("nul\0", TextKind::Note), Some("control_character"));
    assert_eq!(
        code("a\u{202E}b", TextKind::Line),
        Some("control_character")
    );
    assert_eq!(code("a\u{85}b", TextKind::Line), Some("control_character"));
    assert!(clean("tab\there, emoji 👍🏽 and <b>tags</b>", TextKind::Line).is_ok());
    let long = "ä".repeat(MAX_LINE_CHARS);
    assert!(clean(&long, TextKind::Line).is_ok());
    assert_eq!(
        code(&format!("{long}x"), TextKind::Line),
        Some("message_too_long")
    );
    let tall = "x\n".repeat(MAX_LINE_BREAKS + 2);
    assert_eq!(code(&tall, TextKind::Line), Some("message_too_long"));
    // A note may be empty, keeps its leading blanks and is longer.
    assert_eq!(clean("", TextKind::Note).unwrap(), "");
    assert_eq!(clean("  plan\n", TextKind::Note).unwrap(), "  plan");
    assert!(clean(&"n".repeat(MAX_NOTE_CHARS), TextKind::Note).is_ok());
    assert_eq!(
        code(&"n".repeat(MAX_NOTE_CHARS + 1), TextKind::Note),
        Some("note_too_long")
    );
}
