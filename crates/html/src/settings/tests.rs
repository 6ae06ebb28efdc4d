use super::*;

#[test]
fn the_stored_settings_are_the_checked_choices_with_their_labels() {
    let t = Tr::new(vocab::i18n::Lang::En);
    let play = PlaySettings {
        after_move: AfterMove::NextGame,
        confirm_moves: false,
    };
    let (after_move, confirm_moves) = choices(&t, play);
    let ids: Vec<&str> = after_move.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["after-move-stay", "after-move-next-game"]);
    let checked = |list: &[Choice]| -> Vec<&str> {
        list.iter().filter(|c| c.checked).map(|c| c.value).collect()
    };
    assert_eq!(checked(&after_move), ["next_game"]);
    assert_eq!(checked(&confirm_moves), ["0"]);
    let (after_move, confirm_moves) = choices(&t, PlaySettings::default());
    assert_eq!(checked(&after_move), ["stay"]);
    assert_eq!(checked(&confirm_moves), ["1"]);
    assert_eq!(
        confirm_moves[1].label,
        "Off: send a move as soon as it is chosen"
    );
    for choice in after_move.iter().chain(&confirm_moves) {
        assert!(!choice.label.starts_with("settings."), "{choice:?}");
    }
}

#[test]
fn times_are_shown_to_the_minute_in_utc() {
    assert_eq!(utc_minute(0), "1970-01-01 00:00 UTC");
    assert_eq!(utc_minute(1_764_590_399), "2025-12-01 11:59 UTC");
}
