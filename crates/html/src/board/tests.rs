use rules::{KnightFightSetup, Variant};

use super::*;
use vocab::i18n::Lang;

fn en() -> Tr {
    Tr::new(Lang::En)
}

fn options(interactive: bool) -> BoardOptions {
    BoardOptions {
        interactive,
        base: "/games/g1".to_owned(),
        ..BoardOptions::default()
    }
}

fn query(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
        .collect()
}

fn square<'a>(model: &'a BoardModel, name: &str) -> &'a SquareView {
    model
        .squares()
        .find(|square| square.name == name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

fn game(variant: Variant, moves: &[&str]) -> AnyGame {
    let setup = variant.needs_setup().then(|| {
        KnightFightSetup::from_numbers(std::array::from_fn(|i| u8::try_from(i).unwrap())).unwrap()
    });
    AnyGame::replay(variant, setup, moves).unwrap()
}

#[test]
fn labels_name_square_and_content() {
    let t = en();
    let knight = Cell::Piece {
        color: Color::White,
        piece: PieceKind::Knight,
    };
    assert_eq!(square_label(&t, "e4", knight), "e4, white knight");
    assert_eq!(
        square_label(&t, "f6", Cell::Number { number: 57 }),
        "f6, 57"
    );
    assert_eq!(square_label(&t, "a1", Cell::Number { number: 5 }), "a1, 05");
    assert_eq!(
        square_label(
            &t,
            "d5",
            Cell::Disc {
                color: Color::Black
            }
        ),
        "d5, black disc"
    );
    assert_eq!(square_label(&t, "c3", Cell::Empty), "c3, empty");
    let et = Tr::new(Lang::Et);
    assert_eq!(square_label(&et, "e4", knight), "e4, valge ratsu");
}

#[test]
fn white_sees_rank_8_on_top_and_black_sees_it_below() {
    let chess = game(Variant::Chess, &[]);
    let model = build(&chess, &options(false), &en());
    assert_eq!(model.rows[0].squares[0].name, "a8");
    assert_eq!(model.rows[7].squares[7].name, "h1");
    assert_eq!(model.files.first().map(String::as_str), Some("a"));
    assert_eq!(model.ranks.first().map(String::as_str), Some("8"));
    let mut black = options(false);
    black.viewer = Some(Color::Black);
    let model = build(&chess, &black, &en());
    assert_eq!(model.rows[0].squares[0].name, "h1");
    assert_eq!(model.ranks.first().map(String::as_str), Some("1"));
    black.flip = true;
    let model = build(&chess, &black, &en());
    assert_eq!(model.rows[0].squares[0].name, "a8");
    assert_eq!(model.flip_href, "/games/g1");
}

#[test]
fn the_king_in_check_is_marked_and_said() {
    let check = game(Variant::Chess, &["e2e4", "f7f6", "d1h5"]);
    let model = build(&check, &options(false), &en());
    assert!(
        square(&model, "e8")
            .classes
            .split(' ')
            .any(|c| c == "check")
    );
    assert_eq!(square(&model, "e8").label, "e8, black king, in check");
    assert_eq!(
        model
            .squares()
            .filter(|s| s.classes.contains("check"))
            .count(),
        1
    );
    let quiet = build(&game(Variant::Chess, &["e2e4"]), &options(false), &en());
    assert!(quiet.squares().all(|s| !s.classes.contains("check")));
}

#[test]
fn square_colours_follow_a1_dark() {
    let model = build(&game(Variant::Chess, &[]), &options(false), &en());
    assert!(square(&model, "a1").classes.contains("dark"));
    assert!(square(&model, "h1").classes.contains("light"));
}

#[test]
fn chess_pieces_with_moves_are_selection_links_until_one_is_chosen() {
    let chess = game(Variant::Chess, &[]);
    let model = build(&chess, &options(true), &en());
    assert_eq!(
        square(&model, "e2").action,
        Action::Select {
            href: "/games/g1?from=e2".to_owned(),
            selection: "e2".to_owned(),
        }
    );
    assert_eq!(
        square(&model, "e1").action,
        Action::None,
        "the king cannot move"
    );
    assert_eq!(square(&model, "e4").action, Action::None);
    let mut selected = options(true);
    selected.query = query(&[("from", "e2")]);
    let model = build(&chess, &selected, &en());
    assert_eq!(square(&model, "e4").action, Action::Move("e2e4".to_owned()));
    assert_eq!(square(&model, "e3").action, Action::Move("e2e3".to_owned()));
    assert!(square(&model, "e2").classes.contains("selected"));
    assert!(square(&model, "e4").classes.contains("target"));
    assert_eq!(square(&model, "e5").action, Action::None);
}

#[test]
fn a_board_not_to_move_has_no_buttons() {
    let model = build(&game(Variant::Chess, &[]), &options(false), &en());
    assert!(model.squares().all(|s| s.action == Action::None));
    assert!(model.legal.is_empty());
}

#[test]
fn chess_promotion_offers_four_pieces() {
    // White's pawn takes on b7 and can take the rook on a8 or the bishop on c8.
    let chess = game(
        Variant::Chess,
        &[
            "a2a4", "h7h6", "a4a5", "h6h5", "a5a6", "h5h4", "a6b7", "h4h3",
        ],
    );
    let mut selected = options(true);
    selected.query = query(&[("from", "b7")]);
    let model = build(&chess, &selected, &en());
    assert_eq!(square(&model, "c8").action.kind(), "select");
    assert_eq!(
        square(&model, "c8").action.value(),
        "/games/g1?from=b7&to=c8"
    );
    assert_eq!(
        square(&model, "b8").action.kind(),
        "none",
        "the knight blocks b8"
    );
    selected.query = query(&[("from", "b7"), ("to", "a8")]);
    let model = build(&chess, &selected, &en());
    let moves: Vec<&str> = model.choices.iter().map(|c| c.action.value()).collect();
    assert_eq!(moves.len(), 4);
    for promotion in ["b7a8q", "b7a8r", "b7a8b", "b7a8n"] {
        assert!(moves.contains(&promotion), "{moves:?}");
    }
    assert_eq!(model.choices[0].label.split(' ').next(), Some("white"));
}

#[test]
fn reversi_legal_squares_are_buttons_and_discs_are_labelled() {
    let reversi = game(Variant::Reversi6x6, &["c3", "d3", "d4", "c4"]);
    let model = build(&reversi, &options(true), &en());
    let buttons: Vec<&str> = model
        .squares()
        .filter(|s| s.action.kind() == "move")
        .map(|s| s.name.as_str())
        .collect();
    let mut legal = reversi.legal_moves();
    legal.sort();
    let mut buttons_sorted: Vec<String> = buttons.iter().map(|s| (*s).to_owned()).collect();
    buttons_sorted.sort();
    assert_eq!(buttons_sorted, legal);
    assert_eq!(square(&model, "c3").label, "c3, white disc");
    assert!(square(&model, "c4").classes.contains("last"));
    assert_eq!(square(&model, "c3").glyph_class, "disc white");
}

#[test]
fn reversi_opening_offers_the_empty_centre() {
    let model = build(&game(Variant::Reversi8x8, &[]), &options(true), &en());
    let buttons: Vec<&str> = model
        .squares()
        .filter(|s| s.action.kind() == "move")
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(buttons.len(), 4);
    for centre in ["d4", "e4", "d5", "e5"] {
        assert!(buttons.contains(&centre));
    }
}

#[test]
fn chess_reversi_piece_first_then_square() {
    let cr = game(Variant::ChessReversi, &["Kd4"]);
    let model = build(&cr, &options(true), &en());
    // Black has all eight pieces unplaced, the king not yet choosable.
    assert_eq!(model.choices.len(), 8);
    let king = model.choices.iter().find(|c| c.piece == "king").unwrap();
    assert_eq!(king.action, Action::None);
    let queen = model.choices.iter().find(|c| c.piece == "queen").unwrap();
    assert_eq!(queen.action.value(), "/games/g1?piece=Q");
    assert!(model.squares().all(|s| s.action.kind() == "none"));
    let mut chosen = options(true);
    chosen.query = query(&[("piece", "Q")]);
    let model = build(&cr, &chosen, &en());
    assert_eq!(square(&model, "e5").action, Action::Move("Qe5".to_owned()));
    assert_eq!(
        square(&model, "a1").action,
        Action::None,
        "not next to White's king"
    );
    assert!(model.choices.iter().any(|c| c.selected));
}

#[test]
fn chess_reversi_first_move_selects_the_king_by_itself() {
    let model = build(&game(Variant::ChessReversi, &[]), &options(true), &en());
    assert_eq!(model.selection, "K");
    assert_eq!(square(&model, "a1").action, Action::Move("Ka1".to_owned()));
    assert_eq!(
        model
            .squares()
            .filter(|s| s.action.kind() == "move")
            .count(),
        64
    );
}

#[test]
fn chess_reversi_targets_preview_their_points() {
    let cr = game(Variant::ChessReversi, &["Kd4", "Qe5"]);
    let mut chosen = options(true);
    chosen.query = query(&[("piece", "R")]);
    let model = build(&cr, &chosen, &en());
    assert!(model.previews);
    // Every target shows the points after its move, White's (the mover's) first.
    let targets: Vec<&SquareView> = model
        .squares()
        .filter(|sq| matches!(sq.action, Action::Move(_)))
        .collect();
    assert!(!targets.is_empty());
    for target in targets {
        let mut after = cr.clone();
        after.play(target.action.value()).unwrap();
        let scores = after.scores().unwrap();
        assert_eq!(target.preview, format!("{}:{}", scores.white, scores.black));
        assert!(
            target.label.contains(&format!(
                "gives you {} points, your opponent {}",
                scores.white, scores.black
            )),
            "{}",
            target.label
        );
    }
    // Occupied squares are no targets and preview nothing.
    assert!(square(&model, "d4").preview.is_empty());
    // A game that keeps no points previews nothing.
    let reversi = game(Variant::Reversi8x8, &[]);
    let model = build(&reversi, &options(true), &en());
    assert!(
        model
            .squares()
            .any(|sq| matches!(sq.action, Action::Move(_)))
    );
    assert!(!model.previews);
    assert!(model.squares().all(|sq| sq.preview.is_empty()));
}

#[test]
fn chess_reversi_attack_shading_on_request() {
    let cr = game(Variant::ChessReversi, &["Kd4", "Qe5"]);
    let mut shaded = options(false);
    shaded.attacks = true;
    let model = build(&cr, &shaded, &en());
    assert!(square(&model, "c3").classes.contains("att-white"));
    assert!(square(&model, "e4").classes.contains("att-both"));
    assert!(square(&model, "h8").classes.contains("att-black"));
    assert!(
        square(&model, "a8")
            .classes
            .split(' ')
            .all(|c| !c.starts_with("att"))
    );
    assert_eq!(model.attacks_href, "/games/g1");
    // The counts are on the squares (and in their labels): e4 is attacked by White's
    // king and Black's queen.
    let e4 = square(&model, "e4");
    assert_eq!(e4.attacked_by, Some((1, 1)));
    assert!(
        e4.label.contains("attacked by white 1, by black 1"),
        "{}",
        e4.label
    );
    assert_eq!(square(&model, "a8").attacked_by, None);
    assert!(model.shaded);
    let model = build(&cr, &options(false), &en());
    assert!(!square(&model, "c3").classes.contains("att"));
    assert_eq!(model.attacks_href, "/games/g1?attacks=1");
}

#[test]
fn knight_fight_numbers_knights_and_dead_squares() {
    // Numbers 0..99 row-major: a1 = 00, b1 = 01, …, j10 = 99.
    let kf = game(Variant::KnightFight, &["b1"]);
    let model = build(&kf, &options(true), &en());
    assert_eq!(square(&model, "f6").label, "f6, 55");
    assert_eq!(square(&model, "c1").glyph, "02");
    assert_eq!(square(&model, "b1").label, "b1, white knight");
    // b1 held 01, whose mirror 10 (a2) is gone.
    assert_eq!(square(&model, "a2").label, "a2, erased");
    assert_eq!(square(&model, "a2").glyph_class, "dead");
    // Black lands on rank 10 away from the white knight.
    assert_eq!(square(&model, "c10").action, Action::Move("c10".to_owned()));
    assert_eq!(square(&model, "c5").action, Action::None);
}

#[test]
fn knight_fight_double_landing_leads_to_choosing_the_double() {
    // a1 holds 00, a double; the other doubles are still there.
    let kf = game(Variant::KnightFight, &[]);
    let model = build(&kf, &options(true), &en());
    assert_eq!(square(&model, "a1").action.value(), "/games/g1?from=a1");
    assert_eq!(square(&model, "b1").action, Action::Move("b1".to_owned()));
    let mut chosen = options(true);
    chosen.query = query(&[("from", "a1")]);
    let model = build(&kf, &chosen, &en());
    // 11 is on b2: erasing it is one of the choices.
    assert_eq!(
        square(&model, "b2").action,
        Action::Move("a1:b2".to_owned())
    );
    assert_eq!(square(&model, "b1").action, Action::None);
    assert!(square(&model, "a1").classes.contains("selected"));
    let choices = model
        .squares()
        .filter(|s| s.action.kind() == "move")
        .count();
    assert_eq!(choices, 9);
}

#[test]
fn the_script_gets_the_input_model_only_when_the_board_takes_moves() {
    let chess = game(Variant::Chess, &[]);
    let model = build(&chess, &options(true), &en());
    let input: serde_json::Value = serde_json::from_str(&model.input).unwrap();
    assert_eq!(input["steps"][0]["name"], "from");
    assert_eq!(
        input["options"].as_array().unwrap().len(),
        10,
        "pieces that move"
    );
    assert!(build(&chess, &options(false), &en()).input.is_empty());
}

#[test]
fn a_selection_is_read_only_from_the_games_own_steps() {
    // `from` is no step of Chess Reversi: the king is still chosen by itself.
    let mut other = options(true);
    other.query = query(&[("from", "e2")]);
    let model = build(&game(Variant::ChessReversi, &[]), &other, &en());
    assert_eq!(model.selection, "K");
    assert_eq!(model.hint, "Choose the square for the piece.");
    // A promotion square without its piece is no selection.
    let mut dangling = options(true);
    dangling.query = query(&[("to", "e4")]);
    let model = build(&game(Variant::Chess, &[]), &dangling, &en());
    assert_eq!(model.selection, "");
    assert_eq!(model.hint, "Choose a piece to move.");
}

#[test]
fn a_picked_square_or_piece_links_back_and_the_others_stay_choosable() {
    let chess = game(Variant::Chess, &[]);
    let mut selected = options(true);
    selected.query = query(&[("from", "e2")]);
    let model = build(&chess, &selected, &en());
    assert_eq!(
        square(&model, "e2").action,
        Action::Select {
            href: "/games/g1".to_owned(),
            selection: String::new(),
        }
    );
    assert_eq!(square(&model, "d2").action.value(), "/games/g1?from=d2");
    let cr = game(Variant::ChessReversi, &["Kd4"]);
    let mut chosen = options(true);
    chosen.query = query(&[("piece", "Q")]);
    let model = build(&cr, &chosen, &en());
    let rook = model.choices.iter().find(|c| c.pick == "R").unwrap();
    assert_eq!(rook.action.value(), "/games/g1?piece=R");
    let queen = model.choices.iter().find(|c| c.pick == "Q").unwrap();
    assert!(queen.selected);
    assert_eq!(queen.action.value(), "/games/g1");
    assert_eq!(model.choices_title, "Pieces to place");
}
