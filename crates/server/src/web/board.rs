//! The board view model: everything a board template shows, computed here so that the
//! template only loops. Pure: built from an [`AnyGame`] and the page's query.

use rules::{AnyGame, Cell, Color, PieceKind, Square, Variant};

use crate::web::i18n::Tr;

/// What the page asks of the board.
#[derive(Debug, Clone, Default)]
pub struct BoardOptions {
    /// The selection so far: a chess piece's square (`e2`), a Chess Reversi piece letter
    /// (`Q`), or a Knight Fight landing square on a double (`e3`).
    pub selection: Option<String>,
    /// Chess: the promotion square chosen after the selection.
    pub to: Option<String>,
    /// Whether the board is turned (the viewer sees it from the other side than the
    /// natural one for their colour).
    pub flip: bool,
    /// Chess Reversi: shade the squares each side attacks.
    pub attacks: bool,
    /// Whether the viewer may move now (their turn, live position, game active).
    pub interactive: bool,
    /// The colour the viewer plays, if any (Black sees the board from Black's side).
    pub viewer: Option<Color>,
    /// The page's path, such as `/games/abc` (links are built on it).
    pub base: String,
}

/// What clicking a square does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Nothing: the square is not playable now.
    None,
    /// Submits this move (a button in the board's form).
    Move(String),
    /// Selects: a link to this address (the selection text is kept for the script).
    Select {
        /// The link.
        href: String,
        /// The selection it makes (`e2`, `Q`, `e3`).
        selection: String,
    },
}

impl Action {
    /// `move`, `select` or `none`, for the template.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Move(_) => "move",
            Self::Select { .. } => "select",
        }
    }

    /// The move a button submits, or the link of a selection.
    #[must_use]
    pub fn value(&self) -> &str {
        match self {
            Self::None => "",
            Self::Move(text) => text,
            Self::Select { href, .. } => href,
        }
    }

    /// The selection a link makes (empty otherwise).
    #[must_use]
    pub fn selects(&self) -> &str {
        match self {
            Self::Select { selection, .. } => selection,
            _ => "",
        }
    }
}

/// One square as shown.
#[derive(Debug, Clone)]
pub struct SquareView {
    /// Its name, `e4`.
    pub name: String,
    /// What a screen reader says: `e4, white knight`.
    pub label: String,
    /// CSS classes: light/dark, last, selected, target, attack shading.
    pub classes: String,
    /// The visible content: a piece symbol, a number, or nothing.
    pub glyph: String,
    /// CSS class of the content (`piece white`, `disc black`, `number`, …).
    pub glyph_class: String,
    /// What clicking does.
    pub action: Action,
}

impl BoardModel {
    /// Every square, row by row from the top.
    pub fn squares(&self) -> impl Iterator<Item = &SquareView> + '_ {
        self.rows.iter().flat_map(|row| row.squares.iter())
    }
}

/// A choice beside the board: a Chess Reversi piece to place, or a promotion piece.
#[derive(Debug, Clone)]
pub struct Choice {
    /// What a screen reader says: `white queen`.
    pub label: String,
    /// The symbol.
    pub glyph: String,
    /// CSS class of the symbol.
    pub glyph_class: String,
    /// What choosing it does (`None` when it cannot be chosen now).
    pub action: Action,
    /// Whether it is the current selection.
    pub selected: bool,
}

/// One row of squares, from the left, with its rank number.
#[derive(Debug, Clone)]
pub struct RowView {
    /// The rank number shown beside the row.
    pub rank: String,
    /// The squares from the left.
    pub squares: Vec<SquareView>,
}

/// The whole board, ready to render.
#[derive(Debug, Clone)]
pub struct BoardModel {
    /// Squares per side.
    pub size: u8,
    /// The rows from the top of the screen.
    pub rows: Vec<RowView>,
    /// The file letters from the left.
    pub files: Vec<String>,
    /// The rank numbers from the top.
    pub ranks: Vec<String>,
    /// The variant's family class: `chess`, `reversi`, `chess-reversi`, `knight-fight`.
    pub family: &'static str,
    /// The ply the board shows; forms carry it.
    pub ply: u32,
    /// Whether the board accepts moves.
    pub interactive: bool,
    /// The current selection (empty when none).
    pub selection: String,
    /// The legal moves, space-separated, for the script (empty unless interactive).
    pub legal: String,
    /// Pieces to choose from (Chess Reversi) or promotion pieces (chess).
    pub choices: Vec<Choice>,
    /// The heading above the choices (a translation key), empty when none.
    pub choices_title: &'static str,
    /// A hint for the player (a translation key), empty when none.
    pub hint: &'static str,
    /// The link that turns the board around.
    pub flip_href: String,
    /// The link that turns attack shading on or off (Chess Reversi), else empty.
    pub attacks_href: String,
}

/// The family class of a variant.
#[must_use]
pub const fn family(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "chess",
        Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10 => "reversi",
        Variant::ChessReversi => "chess-reversi",
        Variant::KnightFight => "knight-fight",
    }
}

/// The Unicode symbol of a piece (the solid shapes; CSS colours them).
#[must_use]
pub const fn piece_glyph(piece: PieceKind) -> &'static str {
    match piece {
        PieceKind::King => "\u{265A}",
        PieceKind::Queen => "\u{265B}",
        PieceKind::Rook => "\u{265C}",
        PieceKind::Bishop => "\u{265D}",
        PieceKind::Knight => "\u{265E}",
        PieceKind::Pawn => "\u{265F}",
    }
}

/// The translation key of a piece's name.
#[must_use]
pub const fn piece_key(piece: PieceKind) -> &'static str {
    match piece {
        PieceKind::King => "piece.king",
        PieceKind::Queen => "piece.queen",
        PieceKind::Rook => "piece.rook",
        PieceKind::Bishop => "piece.bishop",
        PieceKind::Knight => "piece.knight",
        PieceKind::Pawn => "piece.pawn",
    }
}

/// The translation key of a colour's adjective.
#[must_use]
pub const fn color_key(color: Color) -> &'static str {
    match color {
        Color::White => "color.white",
        Color::Black => "color.black",
    }
}

/// The spoken label of a square and its content: `e4, white knight`, `f6, 57`.
#[must_use]
pub fn square_label(t: &Tr, square: Square, cell: Cell) -> String {
    let name = square.to_string();
    match cell {
        Cell::Empty => t.fmt("label.empty", &[("square", &name)]),
        Cell::Dead => t.fmt("label.dead", &[("square", &name)]),
        Cell::Number { number } => format!("{name}, {number:02}"),
        Cell::Disc { color } => t.fmt(
            "label.disc",
            &[("square", &name), ("color", t.get(color_key(color)))],
        ),
        Cell::Piece { color, piece } => t.fmt(
            "label.piece",
            &[
                ("square", &name),
                ("color", t.get(color_key(color))),
                ("piece", t.get(piece_key(piece))),
            ],
        ),
    }
}

fn color_class(color: Color) -> &'static str {
    color.fold("white", "black")
}

/// The symbol and its class for a cell.
#[must_use]
pub fn glyph(cell: Cell) -> (String, String) {
    match cell {
        Cell::Empty => (String::new(), String::new()),
        Cell::Dead => (String::new(), "dead".to_owned()),
        Cell::Number { number } => (format!("{number:02}"), "number".to_owned()),
        Cell::Disc { color } => (String::new(), format!("disc {}", color_class(color))),
        Cell::Piece { color, piece } => (
            piece_glyph(piece).to_owned(),
            format!("piece {}", color_class(color)),
        ),
    }
}

/// Builds links on the page's path, keeping the view settings (flip, attacks).
struct Links<'a> {
    options: &'a BoardOptions,
}

impl Links<'_> {
    fn href(&self, params: &[(&str, &str)], flip: bool, attacks: bool) -> String {
        let mut query: Vec<String> = params
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        if flip {
            query.push("flip=1".to_owned());
        }
        if attacks {
            query.push("attacks=1".to_owned());
        }
        if query.is_empty() {
            self.options.base.clone()
        } else {
            let join = if self.options.base.contains('?') {
                '&'
            } else {
                '?'
            };
            format!("{}{join}{}", self.options.base, query.join("&"))
        }
    }

    fn with(&self, params: &[(&str, &str)]) -> String {
        self.href(params, self.options.flip, self.options.attacks)
    }
}

/// The destination square of a legal move after its selection prefix, as
/// [`AnyGame::targets`] reads it.
fn destination(move_text: &str, selection: &str) -> Option<Square> {
    let rest = move_text.strip_prefix(selection)?;
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    [3, 2]
        .into_iter()
        .find_map(|len| rest.get(..len)?.parse::<Square>().ok())
}

/// The first square named by a move text (chess: the origin; Knight Fight: the landing;
/// Reversi: the square).
fn leading_square(move_text: &str) -> Option<Square> {
    destination(move_text, "")
}

/// Per-square actions and the choices, by variant.
struct Plan {
    actions: Vec<Action>,
    selected: Option<Square>,
    targets: Vec<Square>,
    choices: Vec<Choice>,
    choices_title: &'static str,
    hint: &'static str,
    selection: String,
}

fn plan(game: &AnyGame, options: &BoardOptions, t: &Tr) -> Plan {
    let size = game.variant().board_size();
    let cells = usize::from(size) * usize::from(size);
    let mut plan = Plan {
        actions: vec![Action::None; cells],
        selected: None,
        targets: Vec::new(),
        choices: Vec::new(),
        choices_title: "",
        hint: "",
        selection: String::new(),
    };
    let links = Links { options };
    let legal = if options.interactive {
        game.legal_moves()
    } else {
        Vec::new()
    };
    if options.variant_is(game, Variant::ChessReversi) {
        chess_reversi_choices(game, options, t, &legal, &links, &mut plan);
    }
    if legal.is_empty() {
        return plan;
    }
    match family(game.variant()) {
        "reversi" => {
            for move_text in &legal {
                if let Some(square) = leading_square(move_text) {
                    plan.actions[square.index(size)] = Action::Move(move_text.clone());
                    plan.targets.push(square);
                }
            }
            plan.hint = "hint.reversi";
        }
        "chess" => chess_plan(game, options, t, &legal, &links, &mut plan),
        "knight-fight" => knight_fight_plan(game, options, &legal, &links, &mut plan),
        _ => {}
    }
    plan
}

impl BoardOptions {
    fn variant_is(&self, game: &AnyGame, variant: Variant) -> bool {
        game.variant() == variant
    }
}

fn selection_of(
    options: &BoardOptions,
    legal: &[String],
    valid: impl Fn(&str) -> bool,
) -> Option<String> {
    options
        .selection
        .as_deref()
        .filter(|selection| valid(selection))
        .filter(|selection| {
            legal
                .iter()
                .any(|m| destination(m, selection).is_some() && m.starts_with(*selection))
        })
        .map(str::to_owned)
}

fn chess_plan(
    game: &AnyGame,
    options: &BoardOptions,
    t: &Tr,
    legal: &[String],
    links: &Links<'_>,
    plan: &mut Plan,
) {
    let size = game.variant().board_size();
    // Every piece with a move can be selected (or, when selected, unselected).
    for move_text in legal {
        if let Some(from) = move_text
            .get(..2)
            .and_then(|text| text.parse::<Square>().ok())
        {
            let name = from.to_string();
            plan.actions[from.index(size)] = Action::Select {
                href: links.with(&[("from", &name)]),
                selection: name,
            };
        }
    }
    plan.hint = "hint.chess_select";
    let Some(selection) = selection_of(options, legal, |s| s.parse::<Square>().is_ok()) else {
        return;
    };
    let from: Square = selection
        .parse()
        .unwrap_or_else(|_| unreachable!("checked above"));
    plan.selected = Some(from);
    plan.actions[from.index(size)] = Action::Select {
        href: links.with(&[]),
        selection: String::new(),
    };
    plan.hint = "hint.chess_target";
    let targets = game.targets(&selection);
    for target in &targets {
        let same: Vec<&str> = targets
            .iter()
            .filter(|other| other.square == target.square)
            .map(|other| other.move_text.as_str())
            .collect();
        let to = target.square.to_string();
        plan.actions[target.square.index(size)] = if same.len() > 1 {
            Action::Select {
                href: links.with(&[("from", &selection), ("to", &to)]),
                selection: selection.clone(),
            }
        } else {
            Action::Move(target.move_text.clone())
        };
        if !plan.targets.contains(&target.square) {
            plan.targets.push(target.square);
        }
    }
    // A promotion square chosen: offer Q, R, B, N.
    let Some(to) = options
        .to
        .as_deref()
        .and_then(|to| to.parse::<Square>().ok())
    else {
        plan.selection = selection;
        return;
    };
    let color = game.to_move().unwrap_or(Color::White);
    for target in targets.iter().filter(|target| target.square == to) {
        let letter = target
            .move_text
            .chars()
            .last()
            .unwrap_or('q')
            .to_ascii_uppercase();
        let Some(piece) = PieceKind::from_letter(letter) else {
            continue;
        };
        plan.choices.push(Choice {
            label: format!("{} {}", t.get(color_key(color)), t.get(piece_key(piece))),
            glyph: piece_glyph(piece).to_owned(),
            glyph_class: format!("piece {}", color_class(color)),
            action: Action::Move(target.move_text.clone()),
            selected: false,
        });
    }
    if !plan.choices.is_empty() {
        plan.choices_title = "board.promote";
        plan.hint = "hint.promote";
    }
    plan.selection = selection;
}

/// The pieces each side places in Chess Reversi.
const CHESS_REVERSI_SET: [(PieceKind, u8); 5] = [
    (PieceKind::King, 1),
    (PieceKind::Queen, 1),
    (PieceKind::Rook, 2),
    (PieceKind::Bishop, 2),
    (PieceKind::Knight, 2),
];

fn chess_reversi_choices(
    game: &AnyGame,
    options: &BoardOptions,
    t: &Tr,
    legal: &[String],
    links: &Links<'_>,
    plan: &mut Plan,
) {
    let size = game.variant().board_size();
    let Some(color) = game.to_move() else {
        return;
    };
    let board = game.board();
    let selection = selection_of(options, legal, |s| s.len() == 1).or_else(|| {
        // Only one kind may be placed (the queen call, the king first or last): take it.
        let mut letters: Vec<&str> = legal.iter().filter_map(|m| m.get(..1)).collect();
        letters.dedup();
        (letters.len() == 1).then(|| letters[0].to_owned())
    });
    for (piece, count) in CHESS_REVERSI_SET {
        let placed = board
            .cells
            .iter()
            .filter(|cell| **cell == Cell::Piece { color, piece })
            .count();
        let letter = piece.letter().to_string();
        let playable = legal.iter().any(|m| m.starts_with(&letter));
        for _ in placed..usize::from(count) {
            let selected = selection.as_deref() == Some(letter.as_str());
            plan.choices.push(Choice {
                label: format!("{} {}", t.get(color_key(color)), t.get(piece_key(piece))),
                glyph: piece_glyph(piece).to_owned(),
                glyph_class: format!("piece {}", color_class(color)),
                action: if playable {
                    Action::Select {
                        href: links.with(&[("piece", &letter)]),
                        selection: letter.clone(),
                    }
                } else {
                    Action::None
                },
                selected,
            });
        }
    }
    plan.choices_title = "board.unplaced";
    if legal.is_empty() {
        return;
    }
    plan.hint = "hint.chess_reversi_piece";
    let Some(selection) = selection else {
        return;
    };
    plan.hint = "hint.chess_reversi_square";
    for target in game.targets(&selection) {
        plan.actions[target.square.index(size)] = Action::Move(target.move_text);
        plan.targets.push(target.square);
    }
    plan.selection = selection;
}

fn knight_fight_plan(
    game: &AnyGame,
    options: &BoardOptions,
    legal: &[String],
    links: &Links<'_>,
    plan: &mut Plan,
) {
    let size = game.variant().board_size();
    plan.hint = "hint.knight_fight";
    for move_text in legal {
        let Some(landing) = leading_square(move_text) else {
            continue;
        };
        let name = landing.to_string();
        plan.actions[landing.index(size)] = if move_text.contains(':') {
            Action::Select {
                href: links.with(&[("from", &name)]),
                selection: name,
            }
        } else {
            Action::Move(move_text.clone())
        };
        if !plan.targets.contains(&landing) {
            plan.targets.push(landing);
        }
    }
    let Some(selection) = selection_of(options, legal, |s| s.parse::<Square>().is_ok())
        .filter(|s| legal.iter().any(|m| m.starts_with(&format!("{s}:"))))
    else {
        return;
    };
    let landing: Square = selection
        .parse()
        .unwrap_or_else(|_| unreachable!("checked above"));
    plan.hint = "hint.knight_fight_double";
    plan.selected = Some(landing);
    plan.targets.clear();
    plan.actions = vec![Action::None; plan.actions.len()];
    plan.actions[landing.index(size)] = Action::Select {
        href: links.with(&[]),
        selection: String::new(),
    };
    for target in game.targets(&selection) {
        plan.actions[target.square.index(size)] = Action::Move(target.move_text);
        plan.targets.push(target.square);
    }
    plan.selection = selection;
}

/// Builds the board of `game` for the viewer.
#[must_use]
pub fn build(game: &AnyGame, options: &BoardOptions, t: &Tr) -> BoardModel {
    let variant = game.variant();
    let size = variant.board_size();
    let board = game.board();
    let plan = plan(game, options, t);
    let natural_black = options.viewer == Some(Color::Black);
    let black_at_bottom = natural_black != options.flip;
    let attacks = if options.attacks {
        game.attack_counts(Color::White)
            .zip(game.attack_counts(Color::Black))
    } else {
        None
    };
    let order: Vec<u8> = (0..size).collect();
    let rank_order: Vec<u8> = if black_at_bottom {
        order.clone()
    } else {
        order.iter().rev().copied().collect()
    };
    let file_order: Vec<u8> = if black_at_bottom {
        order.iter().rev().copied().collect()
    } else {
        order
    };
    let mut rows = Vec::with_capacity(usize::from(size));
    for &rank in &rank_order {
        let mut row = Vec::with_capacity(usize::from(size));
        for &file in &file_order {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            let index = square.index(size);
            let cell = board.cells[index];
            let mut classes = vec![if square.is_dark() { "dark" } else { "light" }];
            if board.last_move.contains(&square) {
                classes.push("last");
            }
            if plan.selected == Some(square) {
                classes.push("selected");
            }
            if plan.targets.contains(&square) {
                classes.push("target");
            }
            let mut label = square_label(t, square, cell);
            if let Some((white, black)) = &attacks {
                let (w, b) = (white[index], black[index]);
                match (w > 0, b > 0) {
                    (true, true) => classes.push("att-both"),
                    (true, false) => classes.push("att-white"),
                    (false, true) => classes.push("att-black"),
                    (false, false) => {}
                }
                if w > 0 || b > 0 {
                    label.push_str(&t.fmt(
                        "label.attacked",
                        &[("white", &w.to_string()), ("black", &b.to_string())],
                    ));
                }
            }
            let (glyph, glyph_class) = glyph(cell);
            row.push(SquareView {
                name: square.to_string(),
                label,
                classes: classes.join(" "),
                glyph,
                glyph_class,
                action: plan.actions[index].clone(),
            });
        }
        rows.push(RowView {
            rank: (rank + 1).to_string(),
            squares: row,
        });
    }
    let links = Links { options };
    let flip_href = links.href(&[], !options.flip, options.attacks);
    let attacks_href = if variant == Variant::ChessReversi {
        links.href(&[], options.flip, !options.attacks)
    } else {
        String::new()
    };
    BoardModel {
        size,
        files: file_order
            .iter()
            .map(|&file| char::from(b'a' + file).to_string())
            .collect(),
        ranks: rank_order
            .iter()
            .map(|&rank| (rank + 1).to_string())
            .collect(),
        rows,
        family: family(variant),
        ply: game.ply(),
        interactive: options.interactive && game.to_move().is_some(),
        selection: plan.selection,
        legal: if options.interactive {
            game.legal_moves().join(" ")
        } else {
            String::new()
        },
        choices: plan.choices,
        choices_title: plan.choices_title,
        hint: if options.interactive { plan.hint } else { "" },
        flip_href,
        attacks_href,
    }
}

#[cfg(test)]
mod tests {
    use rules::KnightFightSetup;

    use super::*;
    use crate::web::i18n::Lang;

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

    fn square<'a>(model: &'a BoardModel, name: &str) -> &'a SquareView {
        model
            .squares()
            .find(|square| square.name == name)
            .unwrap_or_else(|| panic!("no square {name}"))
    }

    fn game(variant: Variant, moves: &[&str]) -> AnyGame {
        let setup = variant.needs_setup().then(|| {
            KnightFightSetup::from_numbers(std::array::from_fn(|i| u8::try_from(i).unwrap()))
                .unwrap()
        });
        AnyGame::replay(variant, setup, moves).unwrap()
    }

    #[test]
    fn labels_name_square_and_content() {
        let t = en();
        let e4: Square = "e4".parse().unwrap();
        let knight = Cell::Piece {
            color: Color::White,
            piece: PieceKind::Knight,
        };
        assert_eq!(square_label(&t, e4, knight), "e4, white knight");
        assert_eq!(
            square_label(&t, "f6".parse().unwrap(), Cell::Number { number: 57 }),
            "f6, 57"
        );
        assert_eq!(
            square_label(&t, "a1".parse().unwrap(), Cell::Number { number: 5 }),
            "a1, 05"
        );
        assert_eq!(
            square_label(
                &t,
                "d5".parse().unwrap(),
                Cell::Disc {
                    color: Color::Black
                }
            ),
            "d5, black disc"
        );
        assert_eq!(
            square_label(&t, "c3".parse().unwrap(), Cell::Empty),
            "c3, empty"
        );
        let et = Tr::new(Lang::Et);
        assert_eq!(square_label(&et, e4, knight), "e4, valge ratsu");
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
        selected.selection = Some("e2".to_owned());
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
        selected.selection = Some("b7".to_owned());
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
        selected.to = Some("a8".to_owned());
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
        let king = model
            .choices
            .iter()
            .find(|c| c.glyph == piece_glyph(PieceKind::King))
            .unwrap();
        assert_eq!(king.action, Action::None);
        let queen = model
            .choices
            .iter()
            .find(|c| c.glyph == piece_glyph(PieceKind::Queen))
            .unwrap();
        assert_eq!(queen.action.value(), "/games/g1?piece=Q");
        assert!(model.squares().all(|s| s.action.kind() == "none"));
        let mut chosen = options(true);
        chosen.selection = Some("Q".to_owned());
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
        chosen.selection = Some("a1".to_owned());
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
}
