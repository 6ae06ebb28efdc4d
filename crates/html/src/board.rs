//! The board view model: everything a board template shows, computed here so that the
//! template only loops. Pure: built from an [`AnyGame`] and the page's query.

use std::collections::BTreeMap;

use askama::Template;
use rules::{
    AnyGame, Cell, Color, InputNode, MoveInput, Pick, PieceKind, Square, StepKind,
    input::selection_text,
};

use crate::pieces;
use vocab::i18n::Tr;

/// What the page asks of the board.
#[derive(Debug, Clone, Default)]
pub struct BoardOptions {
    /// The page's query parameters. The selection so far is read from those named after
    /// the game's input steps (`from=e2&to=a8`, `piece=Q`), in step order.
    pub query: Vec<(String, String)>,
    /// Whether the board is turned (the viewer sees it from the other side than the
    /// natural one for their colour).
    pub flip: bool,
    /// Shade the squares each side attacks (in the games that count attacks).
    pub attacks: bool,
    /// Whether the viewer may move now (their turn, live position, game active).
    pub interactive: bool,
    /// The colour the viewer plays, if any (Black sees the board from Black's side).
    pub viewer: Option<Color>,
    /// The page's path, such as `/games/abc` (links are built on it).
    pub base: String,
    /// Where a move chosen on the board goes.
    pub form: BoardForm,
}

/// Where the board's form sends a chosen move, and what it carries besides.
#[derive(Debug, Clone, Default)]
pub struct BoardForm {
    /// The form's action: `/games/{id}/move`, or the analysis board's own page.
    pub action: String,
    /// Whether the form only reads a page (the analysis board, which sends nothing)
    /// instead of posting the move.
    pub get: bool,
    /// Its hidden fields besides the view settings: the ply the move is meant for, or
    /// the analysis board's line.
    pub fields: Vec<(String, String)>,
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
        /// The selection it makes, its picks joined by commas (`e2`, `Q`, `b7,a8`).
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
    /// The visible text: a number, or nothing.
    pub glyph: String,
    /// The piece standing there, as its drawing's name (`king`; see [`pieces`]), or empty.
    pub piece: &'static str,
    /// CSS class of the content (`piece white`, `disc black`, `number`, …).
    pub glyph_class: &'static str,
    /// What clicking does.
    pub action: Action,
    /// With attack shading: how many white and black pieces attack it (empty when none).
    pub attacked_by: Option<(u8, u8)>,
    /// A target in a game that counts points: the mover's and the opponent's points
    /// after the move, shown on the square.
    pub preview: String,
    /// With a preview: the label without it (the script restores it when the
    /// selection changes).
    pub plain_label: String,
}

impl BoardModel {
    /// Every square, row by row from the top.
    pub fn squares(&self) -> impl Iterator<Item = &SquareView> + '_ {
        self.rows.iter().flat_map(|row| row.squares.iter())
    }
}

/// A choice beside the board: a piece from the hand to place, or a promotion piece.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The pick it stands for: the piece's letter (`Q`).
    pub pick: String,
    /// What a screen reader says: `white queen`.
    pub label: String,
    /// The piece's drawing's name (`queen`).
    pub piece: &'static str,
    /// CSS class of the symbol.
    pub glyph_class: &'static str,
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

/// The board alone, as `templates/board.html` renders it inside a page.
#[derive(Template)]
#[template(path = "board.html")]
struct BoardTemplate<'a> {
    board: &'a BoardModel,
    ctx: Translator<'a>,
}

/// What `board.html` reads of its page's context: the translator.
struct Translator<'a> {
    t: &'a Tr,
}

/// `board` as HTML in `t`'s language, for a page that keeps it rendered.
///
/// # Errors
///
/// When the template fails to render.
pub fn render(board: &BoardModel, t: &Tr) -> askama::Result<String> {
    BoardTemplate {
        board,
        ctx: Translator { t },
    }
    .render()
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
    /// The board's look, a CSS class from the rules (`chess`, `reversi`, …).
    pub family: &'static str,
    /// Whether pieces are shown (on the board or beside it): the page then carries their
    /// drawings.
    pub pieces: bool,
    /// The ply the board shows; forms carry it.
    pub ply: u32,
    /// Whether the board accepts moves.
    pub interactive: bool,
    /// The current selection, its picks joined by commas (empty when none).
    pub selection: String,
    /// The legal moves, space-separated, for the script (empty unless interactive).
    pub legal: String,
    /// The rules' input model as JSON, for the script (empty unless interactive).
    pub input: String,
    /// The hint of each step of the input model, translated, as a JSON array: the script
    /// shows the one of the selection it makes (empty unless interactive).
    pub hints: String,
    /// Pieces to choose from: the hand of the side to move, or promotion pieces.
    pub choices: Vec<Choice>,
    /// The heading above the choices (translated), empty when none.
    pub choices_title: String,
    /// A hint for the player (translated), empty when none.
    pub hint: String,
    /// Whether the board is turned (moves carry it, so the fresh page is turned too).
    pub flipped: bool,
    /// Whether attacked squares are shaded (moves carry it too); the legend explains it.
    pub shaded: bool,
    /// Whether the targets show the points they would give; the legend explains it.
    pub previews: bool,
    /// The link that turns the board around.
    pub flip_href: String,
    /// The link that turns attack shading on or off (games that count attacks), else empty.
    pub attacks_href: String,
    /// In games that count points, on a board that takes moves: every legal move's
    /// points after it, the mover's and the opponent's, as JSON (`{"Qe4":[3,2]}`), so the
    /// script previews them on the targets of a selection it makes; empty otherwise.
    pub points: String,
    /// The spoken preview with `{mine}` and `{theirs}` to fill in (with `points`).
    pub points_label: String,
    /// Where a chosen move goes.
    pub form: BoardForm,
    /// The page the selection links are built on (the script keeps a selection on it).
    pub base: String,
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

/// The translation key of a side's name as a label or at a sentence's start (`White`).
#[must_use]
pub const fn side_key(color: Color) -> &'static str {
    match color {
        Color::White => "color.White",
        Color::Black => "color.Black",
    }
}

/// The spoken label of the square called `name` and its content: `e4, white knight`,
/// `f6, 57`.
#[must_use]
pub fn square_label(t: &Tr, name: &str, cell: Cell) -> String {
    match cell {
        Cell::Empty => t.fmt("label.empty", &[("square", name)]),
        Cell::Dead => t.fmt("label.dead", &[("square", name)]),
        Cell::Number { number } => format!("{name}, {number:02}"),
        Cell::Disc { color } => t.fmt(
            "label.disc",
            &[("square", name), ("color", t.get(color_key(color)))],
        ),
        Cell::Piece { color, piece } => t.fmt(
            "label.piece",
            &[
                ("square", name),
                ("color", t.get(color_key(color))),
                ("piece", t.get(piece_key(piece))),
            ],
        ),
    }
}

/// The text, the piece drawing's name and the CSS class of a cell's content.
#[must_use]
pub fn glyph(cell: Cell) -> (String, &'static str, &'static str) {
    match cell {
        Cell::Empty => (String::new(), "", ""),
        Cell::Dead => (String::new(), "", "dead"),
        Cell::Number { number } => (format!("{number:02}"), "", "number"),
        Cell::Disc { color } => (String::new(), "", color.fold("disc white", "disc black")),
        Cell::Piece { color, piece } => (String::new(), pieces::name(piece), piece_class(color)),
    }
}

/// The CSS class of a piece of `color`.
fn piece_class(color: Color) -> &'static str {
    color.fold("piece white", "piece black")
}

/// Builds links on the page's path, keeping the view settings (flip, attacks).
struct Links<'a> {
    options: &'a BoardOptions,
}

impl Links<'_> {
    fn href(&self, params: &[(&str, &str)], flip: bool, attacks: bool) -> String {
        let base = &self.options.base;
        let mut href = String::with_capacity(base.len() + 32);
        href.push_str(base);
        let mut join = if base.contains('?') { '&' } else { '?' };
        let flags = [(flip, ("flip", "1")), (attacks, ("attacks", "1"))];
        let flags = flags
            .into_iter()
            .filter_map(|(on, flag)| on.then_some(flag));
        for (name, value) in params.iter().copied().chain(flags) {
            href.push(join);
            href.push_str(name);
            href.push('=');
            href.push_str(value);
            join = '&';
        }
        href
    }

    fn with(&self, params: &[(&str, &str)]) -> String {
        self.href(params, self.options.flip, self.options.attacks)
    }
}

/// Per-square actions, the choices beside the board and the hint, from the game's input
/// model and the selection the page asks for.
struct Plan {
    actions: Vec<Action>,
    selected: Vec<Square>,
    targets: Vec<Square>,
    choices: Vec<Choice>,
    choices_title: String,
    hint: String,
    selection: Vec<Pick>,
    /// The input model as JSON for the script (empty unless the board takes moves).
    input: String,
    /// Each step's hint (translated) as a JSON array, for the script (with `input`).
    hints: String,
}

/// The selection the query asks for: the pick of each step, in order, from the parameter
/// named after the step, up to the first one missing or unreadable.
fn wanted(input: &MoveInput, query: &[(String, String)]) -> Vec<Pick> {
    input
        .steps()
        .iter()
        .map_while(|step| {
            query
                .iter()
                .find(|(name, _)| name == step.name)
                .and_then(|(_, value)| value.parse().ok())
        })
        .collect()
}

/// The spoken label of a piece: `white queen`.
fn piece_label(t: &Tr, color: Color, piece: PieceKind) -> String {
    t.fmt(
        "label.piece_choice",
        &[
            ("color", t.get(color_key(color))),
            ("piece", t.get(piece_key(piece))),
        ],
    )
}

fn choice(t: &Tr, color: Color, piece: PieceKind, action: Action, selected: bool) -> Choice {
    Choice {
        label: piece_label(t, color, piece),
        piece: pieces::name(piece),
        glyph_class: piece_class(color),
        pick: piece.letter().to_string(),
        action,
        selected,
    }
}

/// Lays the input model over the board. At the selection's depth every option is offered
/// (a button for a pick that completes a move, a link for one that leads on); the options
/// of earlier steps that lead on stay offered, so another piece can be chosen instead; a
/// picked square or piece links back to the selection without it.
fn plan(game: &AnyGame, options: &BoardOptions, t: &Tr) -> Plan {
    let size = game.variant().board_size();
    let cells = usize::from(size) * usize::from(size);
    let mut plan = Plan {
        actions: vec![Action::None; cells],
        selected: Vec::new(),
        targets: Vec::new(),
        choices: Vec::new(),
        choices_title: String::new(),
        hint: String::new(),
        selection: Vec::new(),
        input: String::new(),
        hints: String::new(),
    };
    let links = Links { options };
    // Piece picks by depth, later entries overriding earlier ones.
    let mut piece_actions: Vec<(usize, PieceKind, Action)> = Vec::new();
    let input = options
        .interactive
        .then(|| game.input())
        .filter(|input| !input.is_empty());
    if let Some(input) = &input {
        let steps = input.steps();
        let selection = input.resolve(&wanted(input, &options.query));
        let depth = selection.len();
        let select = |picks: &[Pick]| {
            let texts: Vec<String> = picks.iter().map(Pick::to_string).collect();
            let params: Vec<(&str, &str)> = steps
                .iter()
                .zip(&texts)
                .map(|(step, text)| (step.name, text.as_str()))
                .collect();
            Action::Select {
                href: links.with(&params),
                selection: selection_text(picks),
            }
        };
        let nodes: Vec<&InputNode> = (0..=depth)
            .filter_map(|k| input.node(&selection[..k]))
            .collect();
        // Targets: the squares of the deepest step that offers squares, unless they are
        // the pieces that move.
        let target_depth = (0..nodes.len())
            .rev()
            .find(|&k| {
                nodes[k]
                    .options
                    .iter()
                    .any(|option| matches!(option.pick, Pick::Square(_)))
            })
            .filter(|&k| {
                steps
                    .get(k)
                    .is_some_and(|step| step.kind != StepKind::Origin)
            });
        for (k, node) in nodes.iter().enumerate() {
            for option in &node.options {
                if k < depth && option.next.is_none() {
                    continue;
                }
                let action = match &option.move_text {
                    Some(text) => Action::Move(text.clone()),
                    None => {
                        let mut next = selection[..k].to_vec();
                        next.push(option.pick);
                        select(&next)
                    }
                };
                match option.pick {
                    Pick::Square(square) => {
                        plan.actions[square.index(size)] = action;
                        if target_depth == Some(k) {
                            plan.targets.push(square);
                        }
                    }
                    Pick::Piece(piece) => piece_actions.push((k, piece, action)),
                    // The server plays a forced pass by itself.
                    Pick::Pass => {}
                }
            }
        }
        for (k, pick) in selection.iter().enumerate() {
            let back = select(&selection[..k]);
            match *pick {
                Pick::Square(square) => {
                    plan.selected.push(square);
                    plan.actions[square.index(size)] = back;
                }
                Pick::Piece(piece) => piece_actions.push((k, piece, back)),
                Pick::Pass => {}
            }
        }
        if let Some(step) = steps.get(depth) {
            plan.hint = t.get(&format!("hint.{}", step.prompt)).to_owned();
        }
        if let Some(step) = steps.get(depth).filter(|_| game.board().hand.is_empty()) {
            // Pieces to choose at this step (a promotion) go beside the board.
            let color = game.to_move().unwrap_or(Color::White);
            for (_, piece, action) in piece_actions.iter().filter(|(k, ..)| *k == depth) {
                plan.choices
                    .push(choice(t, color, *piece, action.clone(), false));
            }
            if !plan.choices.is_empty() {
                plan.choices_title = t.get(&format!("board.{}", step.name)).to_owned();
            }
        }
        plan.input = serde_json::to_string(input).unwrap_or_default();
        let hints: Vec<String> = steps
            .iter()
            .map(|step| t.get(&format!("hint.{}", step.prompt)).to_owned())
            .collect();
        plan.hints = serde_json::to_string(&hints).unwrap_or_default();
        plan.selection = selection;
    }
    // The hand of the side to move, shown while the game goes on, each piece offered as
    // the input model allows.
    if let Some(color) = game.to_move() {
        let hand: Vec<PieceKind> = game
            .board()
            .hand
            .into_iter()
            .filter(|(side, _)| *side == color)
            .map(|(_, piece)| piece)
            .collect();
        for piece in &hand {
            let action = piece_actions
                .iter()
                .rev()
                .find(|(_, offered, _)| offered == piece)
                .map_or(Action::None, |(.., action)| action.clone());
            let selected = plan.selection.contains(&Pick::Piece(*piece));
            plan.choices
                .push(choice(t, color, *piece, action, selected));
        }
        if !hand.is_empty() {
            t.get("board.unplaced").clone_into(&mut plan.choices_title);
        }
    }
    plan
}

/// The mover's and the opponent's points after `move_text` (games that keep points).
fn points_after(game: &AnyGame, move_text: &str) -> Option<(u32, u32)> {
    let mover = game.to_move()?;
    let mut after = game.clone();
    after.play(move_text).ok()?;
    let scores = after.scores()?;
    Some(match mover {
        Color::White => (scores.white, scores.black),
        Color::Black => (scores.black, scores.white),
    })
}

/// Builds the board of `game` for the viewer.
#[must_use]
pub fn build(game: &AnyGame, options: &BoardOptions, t: &Tr) -> BoardModel {
    let variant = game.variant();
    let size = variant.board_size();
    let board = game.board();
    let mut plan = plan(game, options, t);
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
    let checked = game.checked_king();
    // Chess Reversi scores the squares each side attacks: a target shows what it gives.
    let counts_points = game.attack_counts(Color::White).is_some();
    // On the mover's board: every legal move's points after it (the targets show theirs,
    // and the script reads them all for the selections it makes).
    let points_by_move: BTreeMap<String, (u32, u32)> = if options.interactive && counts_points {
        game.legal_moves()
            .into_iter()
            .filter_map(|text| {
                let points = points_after(game, &text)?;
                Some((text, points))
            })
            .collect()
    } else {
        BTreeMap::new()
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
            let name = square.to_string();
            let mut classes = String::from(if square.is_dark() { "dark" } else { "light" });
            let mut class = |extra: &str| {
                classes.push(' ');
                classes.push_str(extra);
            };
            if board.last_move.contains(&square) {
                class("last");
            }
            if plan.selected.contains(&square) {
                class("selected");
            }
            if plan.targets.contains(&square) {
                class("target");
            }
            let mut label = square_label(t, &name, cell);
            if checked == Some(square) {
                class("check");
                label.push_str(t.get("label.check"));
            }
            if let Some((white, black)) = &attacks {
                match (white[index] > 0, black[index] > 0) {
                    (true, true) => class("att-both"),
                    (true, false) => class("att-white"),
                    (false, true) => class("att-black"),
                    (false, false) => {}
                }
            }
            let attacked_by = attacks
                .as_ref()
                .map(|(white, black)| (white[index], black[index]))
                .filter(|&(white, black)| white > 0 || black > 0);
            if let Some((white, black)) = attacked_by {
                label.push_str(&t.fmt(
                    "label.attacked",
                    &[("white", &white.to_string()), ("black", &black.to_string())],
                ));
            }
            let previewed = match &plan.actions[index] {
                Action::Move(text) if plan.targets.contains(&square) => {
                    points_by_move.get(text).copied()
                }
                _ => None,
            };
            let (plain_label, preview) = match previewed {
                Some((mine, theirs)) => {
                    let plain = label.clone();
                    label.push_str(&t.fmt(
                        "label.preview",
                        &[("mine", &mine.to_string()), ("theirs", &theirs.to_string())],
                    ));
                    (plain, format!("{mine}:{theirs}"))
                }
                None => (String::new(), String::new()),
            };
            let (glyph, piece, glyph_class) = glyph(cell);
            row.push(SquareView {
                name,
                label,
                classes,
                glyph,
                piece,
                glyph_class,
                action: std::mem::replace(&mut plan.actions[index], Action::None),
                attacked_by,
                plain_label,
                preview,
            });
        }
        rows.push(RowView {
            rank: (rank + 1).to_string(),
            squares: row,
        });
    }
    let points = if points_by_move.is_empty() {
        String::new()
    } else {
        serde_json::to_string(&points_by_move).unwrap_or_default()
    };
    let previews = !points.is_empty()
        || rows
            .iter()
            .flat_map(|row| &row.squares)
            .any(|square| !square.preview.is_empty());
    let links = Links { options };
    let flip_href = links.href(&[], !options.flip, options.attacks);
    let attacks_href = if game.attack_counts(Color::White).is_some() {
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
        family: game.family().as_str(),
        pieces: !plan.choices.is_empty()
            || board
                .cells
                .iter()
                .any(|cell| matches!(cell, Cell::Piece { .. })),
        ply: game.ply(),
        interactive: options.interactive && game.to_move().is_some(),
        selection: selection_text(&plan.selection),
        input: plan.input,
        hints: plan.hints,
        legal: if options.interactive {
            game.legal_moves().join(" ")
        } else {
            String::new()
        },
        choices: plan.choices,
        choices_title: plan.choices_title,
        hint: plan.hint,
        flipped: options.flip,
        shaded: options.attacks && counts_points,
        previews,
        flip_href,
        attacks_href,
        points_label: if points.is_empty() {
            String::new()
        } else {
            t.get("label.preview").to_owned()
        },
        points,
        form: options.form.clone(),
        base: options.base.clone(),
    }
}

#[cfg(test)]
mod tests;
