use super::*;

#[test]
fn the_stored_settings_are_the_checked_choices_with_their_labels() {
    let t = Tr::new(vocab::i18n::Lang::En);
    let play = PlaySettings {
        after_move: AfterMove::NextGame,
        confirm_moves: false,
        repertoire: false,
    };
    let (after_move, confirm_moves, repertoire) = choices(&t, play);
    let ids: Vec<&str> = after_move.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["after-move-stay", "after-move-next-game"]);
    let checked = |list: &[Choice]| -> Vec<&str> {
        list.iter().filter(|c| c.checked).map(|c| c.value).collect()
    };
    assert_eq!(checked(&after_move), ["next_game"]);
    assert_eq!(checked(&confirm_moves), ["0"]);
    assert_eq!(checked(&repertoire), ["0"]);
    assert_eq!(repertoire[0].id, "repertoire-on");
    let (after_move, confirm_moves, repertoire) = choices(&t, PlaySettings::default());
    assert_eq!(checked(&after_move), ["stay"]);
    assert_eq!(checked(&confirm_moves), ["1"]);
    assert_eq!(checked(&repertoire), ["1"]);
    assert_eq!(
        confirm_moves[1].label,
        "Off: send a move as soon as it is chosen"
    );
    for choice in after_move.iter().chain(&confirm_moves).chain(&repertoire) {
        assert!(!choice.label.starts_with("settings."), "{choice:?}");
    }
}
