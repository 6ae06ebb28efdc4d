//! Chess move text: SAN and UCI in, UCI recorded with SAN shown, malformed text told apart
//! from illegal moves, and replaying a record.

use rules::{AnyGame, Chess, Color, Game, PlayError, Variant};

use super::{chess, play_all, square};

#[test]
fn san_input_is_recorded_as_uci_with_san_display() {
    let mut game = AnyGame::new(Variant::Chess, None).unwrap();
    assert_eq!(game.play("Nf3"), Ok("g1f3".to_owned()));
    assert_eq!(game.play("d5"), Ok("d7d5".to_owned()));
    assert_eq!(game.play("e2e4"), Ok("e2e4".to_owned()));
    assert_eq!(game.play("dxe4"), Ok("d5e4".to_owned()));
    let record: Vec<(&str, &str)> = game
        .record()
        .iter()
        .map(|played| (played.text.as_str(), played.display.as_str()))
        .collect();
    assert_eq!(
        record,
        [
            ("g1f3", "Nf3"),
            ("d7d5", "d5"),
            ("e2e4", "e4"),
            ("d5e4", "dxe4")
        ]
    );
    assert_eq!(game.movetext(), "1. Nf3 d5 2. e4 dxe4");
    assert_eq!(
        game.fen().unwrap(),
        "rnbqkbnr/ppp1pppp/8/8/4p3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
    );
}

#[test]
fn san_accepts_check_and_mate_signs_and_castling() {
    let mut game = Chess::new();
    play_all(&mut game, &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    let mv = game.parse_move("Qxf7#").unwrap();
    assert_eq!(game.move_text(&mv), "h5f7");
    assert_eq!(game.display_text(&mv), "Qxf7#");
    assert_eq!(game.parse_move("Qxf7"), Ok(mv));
    let mut castle = Chess::new();
    play_all(&mut castle, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]);
    let mv = castle.parse_move("O-O").unwrap();
    assert_eq!(castle.move_text(&mv), "e1g1");
    assert_eq!(castle.display_text(&mv), "O-O");
    assert_eq!(castle.move_squares(&mv), [square("e1"), square("g1")]);
}

#[test]
fn san_display_disambiguates() {
    let game = chess("4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1");
    let mv = game.parse_move("a1b3").unwrap();
    assert_eq!(game.display_text(&mv), "Nab3");
    assert_eq!(game.parse_move("Nab3"), Ok(mv));
    assert_eq!(
        game.parse_move("Nb3"),
        Err(PlayError::Illegal("Nb3".to_owned()))
    );
}

#[test]
fn malformed_text_is_told_apart_from_illegal_moves() {
    let mut game = Chess::new();
    for text in [
        "", "hello", "e9e4", "i2i4", "Zf3", "e2e4e5", "0000", "--", "N@f3", "E2E4", " e2e4",
    ] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Malformed(text.to_owned())),
            "{text:?}"
        );
    }
    for text in [
        "e2e5", "e2", "e1g1", "e1e2", "e3e4", "a7a6", "e7e8q", "Nf6", "Ke2", "Bc4", "exd5", "O-O",
        "O-O-O", "e8=Q",
    ] {
        assert_eq!(
            game.play(text),
            Err(PlayError::Illegal(text.to_owned())),
            "{text:?}"
        );
    }
    assert_eq!(game.ply(), 0);
    assert_eq!(game.fen(), Chess::new().fen());
    assert_eq!(
        PlayError::Malformed("x".to_owned()).to_string(),
        "malformed move `x`"
    );
}

#[test]
fn any_game_lists_uci_moves_and_targets() {
    let game = AnyGame::new(Variant::Chess, None).unwrap();
    let moves = game.legal_moves();
    assert_eq!(moves.len(), 20);
    assert!(moves.iter().all(|text| text.len() == 4));
    let input = game.input();
    let mut targets: Vec<String> = input
        .node(&["g1".parse().unwrap()])
        .unwrap()
        .options
        .iter()
        .map(|option| option.pick.to_string())
        .collect();
    targets.sort();
    assert_eq!(targets, ["f3", "h3"]);
    assert!(game.draw_claims().is_empty());
    assert_eq!(game.to_move(), Some(Color::White));
}

#[test]
fn replay_reproduces_the_position() {
    let moves = [
        "e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6",
    ];
    let game = AnyGame::replay(Variant::Chess, None, moves).unwrap();
    let mut direct = Chess::new();
    play_all(&mut direct, &moves);
    assert_eq!(game.fen(), Some(direct.fen()));
    assert_eq!(game.ply(), 8);
    assert_eq!(game.moves().collect::<Vec<_>>(), moves);
}

#[test]
fn random_games_round_trip_every_move_text_and_replay() {
    use rand::{Rng, SeedableRng, rngs::SmallRng};

    let mut rng = SmallRng::seed_from_u64(2026);
    for _ in 0..12 {
        let mut game = Chess::new();
        let mut any = AnyGame::new(Variant::Chess, None).unwrap();
        while !game.is_over() && game.ply() < 300 {
            let moves = game.legal_moves();
            for mv in &moves {
                assert_eq!(game.parse_move(&game.move_text(mv)).as_ref(), Ok(mv));
                assert_eq!(game.parse_move(&game.display_text(mv)).as_ref(), Ok(mv));
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let text = game.move_text(&mv);
            game.play_unchecked(&mv);
            assert_eq!(any.play(&text), Ok(text));
            assert_eq!(any.fen(), Some(game.fen()));
        }
        assert_eq!(any.outcome(), game.outcome());
        let from_uci = AnyGame::replay(Variant::Chess, None, any.moves()).unwrap();
        let sans: Vec<&str> = any.record().iter().map(|m| m.display.as_str()).collect();
        let from_san = AnyGame::replay(Variant::Chess, None, sans).unwrap();
        for replayed in [from_uci, from_san] {
            assert_eq!(replayed.fen(), any.fen());
            assert_eq!(replayed.record(), any.record());
            assert_eq!(replayed.outcome(), any.outcome());
            assert_eq!(replayed.draw_claims(), any.draw_claims());
        }
    }
}
