//! How a move is entered, step by step: the one input model the HTML board, the page's
//! script, the JSON API and bots all read.
//!
//! Every game declares its [`Step`]s in order (chess: the piece to move, where it goes,
//! the promotion piece; Chess Reversi: a piece from the hand, then its square; Knight
//! Fight: the landing square, then the double to erase; Reversi: the square) and the
//! [`Pick`]s that enter each legal move, one per step it uses. [`MoveInput`] arranges the
//! legal moves of a position as a tree of those picks: at every selection so far it says
//! what can be picked next and whether that completes a move (its canonical text) or leads
//! to a further step.
//!
//! ```
//! use rules::{AnyGame, Pick, Variant};
//!
//! let game = AnyGame::new(Variant::Chess, None).unwrap();
//! let input = game.input();
//! let names: Vec<&str> = input.steps().iter().map(|step| step.name).collect();
//! assert_eq!(names, ["from", "to", "promote"]);
//!
//! // First the piece: e2 leads to a further step, the target.
//! let e2: Pick = "e2".parse().unwrap();
//! let targets = input.node(&[e2]).unwrap();
//! assert_eq!(targets.step, "to");
//! let e4 = targets.options.iter().find(|o| o.pick.to_string() == "e4").unwrap();
//! assert_eq!(e4.move_text.as_deref(), Some("e2e4"));
//!
//! // A selection that leads nowhere is cut back to what does.
//! assert_eq!(input.resolve(&["e4".parse().unwrap()]), []);
//! ```

use std::{fmt, str::FromStr};

use serde::{Serialize, Serializer};

use crate::{Game, PieceKind, Square};

/// One thing a player picks while entering a move. Its text form is the square (`e2`), the
/// piece's upper-case letter (`Q`) or `pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pick {
    /// A square on the board.
    Square(Square),
    /// A piece: one from the hand (Chess Reversi) or one to promote to (chess).
    Piece(PieceKind),
    /// Passing (Reversi, when nothing else is legal; the server plays it by itself).
    Pass,
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick::Square(square) => square.fmt(f),
            Pick::Piece(piece) => write!(f, "{}", piece.letter()),
            Pick::Pass => f.write_str("pass"),
        }
    }
}

/// The text is no square, piece letter or `pass`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePickError;

impl fmt::Display for ParsePickError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square, a piece letter or pass")
    }
}

impl std::error::Error for ParsePickError {}

impl FromStr for Pick {
    type Err = ParsePickError;
    fn from_str(text: &str) -> Result<Pick, ParsePickError> {
        if text == "pass" {
            return Ok(Pick::Pass);
        }
        let mut chars = text.chars();
        if let (Some(letter), None) = (chars.next(), chars.next()) {
            return PieceKind::from_letter(letter)
                .map(Pick::Piece)
                .ok_or(ParsePickError);
        }
        text.parse().map(Pick::Square).map_err(|_| ParsePickError)
    }
}

impl Serialize for Pick {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads a selection written as picks joined by commas (`b7,a8`); the empty text is the
/// empty selection.
///
/// # Errors
///
/// [`ParsePickError`] when a part is no pick.
pub fn parse_selection(text: &str) -> Result<Vec<Pick>, ParsePickError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',').map(str::parse).collect()
}

/// Writes a selection as its picks joined by commas (`b7,a8`), as
/// [`parse_selection`] reads it.
#[must_use]
pub fn selection_text(selection: &[Pick]) -> String {
    selection
        .iter()
        .map(Pick::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// What a step asks the player for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// The square of the piece that moves (chess). Its options are the player's own
    /// pieces, not places anything goes, so boards do not mark them as targets.
    Origin,
    /// Where something goes: a chess piece's target, a disc's or a placed piece's square,
    /// a knight's landing.
    Destination,
    /// A piece from the hand, to be placed (Chess Reversi). A hand step with a single
    /// option is taken by itself.
    Hand,
    /// The piece a pawn promotes to (chess).
    Promotion,
    /// A square whose content a move also removes (Knight Fight's other double).
    Erase,
}

/// One step of entering a move, as a game declares it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Step {
    /// The step's stable name; the HTML board keeps the step's pick in the query parameter
    /// of this name (`?from=e2&to=e8`).
    pub name: &'static str,
    /// What the step asks for.
    pub kind: StepKind,
    /// What the player is told, a stable id; pages show the text `hint.<prompt>` of their
    /// locale.
    pub prompt: &'static str,
}

/// How a game's moves are entered: its steps and the picks of each move. Every game the
/// server hosts implements it; [`AnyGame::input`](crate::AnyGame::input) builds the
/// [`MoveInput`] of a position from it.
pub trait Input: Game {
    /// The steps, in the order they are taken. A move uses the first few of them.
    fn input_steps(&self) -> &'static [Step];

    /// The picks that enter `mv`, one per step it uses, in step order. No move's picks
    /// may be the start of another move's picks.
    fn move_picks(&self, mv: &Self::Move) -> Vec<Pick>;
}

/// What can be picked at one step, after the selection that leads to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputNode {
    /// The name of the step (the [`Step`] at this depth).
    pub step: &'static str,
    /// What can be picked, in the order of the legal moves they lead to.
    pub options: Vec<InputOption>,
}

/// One pick at a step and where it leads: a whole move or a further step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InputOption {
    /// What is picked.
    pub pick: Pick,
    /// The canonical text of the move this pick completes.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub move_text: Option<String>,
    /// The same move as people read it (SAN in chess), where that differs from the
    /// canonical text: what a page names the move by before it is sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub display: Option<String>,
    /// The step this pick leads to, when it does not complete a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<InputNode>,
}

/// The legal moves of a position arranged by the steps that enter them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveInput {
    /// The game's steps, in order.
    steps: &'static [Step],
    /// The first step's options (no options once the game is over).
    #[serde(flatten)]
    root: InputNode,
}

impl MoveInput {
    /// Arranges the legal moves of `game` by their picks.
    ///
    /// # Panics
    ///
    /// When a game's picks break the rules of [`Input::move_picks`] (no picks, more picks
    /// than steps, or one move's picks the start of another's): a bug in that game.
    pub fn of<G: Input>(game: &G) -> MoveInput {
        let steps = game.input_steps();
        let name = |depth: usize| steps.get(depth).map_or("", |step| step.name);
        let mut root = InputNode {
            step: name(0),
            options: Vec::new(),
        };
        for mv in game.legal_moves() {
            let picks = game.move_picks(&mv);
            assert!(
                !picks.is_empty() && picks.len() <= steps.len(),
                "{} picks for {} steps",
                picks.len(),
                steps.len()
            );
            let mut node = &mut root;
            for (depth, pick) in picks.iter().enumerate() {
                let index = match node.options.iter().position(|o| o.pick == *pick) {
                    Some(index) => index,
                    None => {
                        node.options.push(InputOption {
                            pick: *pick,
                            move_text: None,
                            display: None,
                            next: None,
                        });
                        node.options.len() - 1
                    }
                };
                let option = &mut node.options[index];
                if depth + 1 == picks.len() {
                    assert!(
                        option.move_text.is_none() && option.next.is_none(),
                        "two moves share the picks of {}",
                        game.move_text(&mv)
                    );
                    let text = game.move_text(&mv);
                    let display = game.display_text(&mv);
                    option.display = (display != text).then_some(display);
                    option.move_text = Some(text);
                    break;
                }
                assert!(option.move_text.is_none(), "a move's picks start another's");
                node = option.next.get_or_insert_with(|| InputNode {
                    step: name(depth + 1),
                    options: Vec::new(),
                });
            }
        }
        MoveInput { steps, root }
    }

    /// The game's steps, in order.
    #[must_use]
    pub const fn steps(&self) -> &'static [Step] {
        self.steps
    }

    /// Whether there is nothing to enter (the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.root.options.is_empty()
    }

    /// The step after `selection` with its options, or `None` when the selection is not
    /// the start of a legal move's picks (or is a whole move).
    #[must_use]
    pub fn node(&self, selection: &[Pick]) -> Option<&InputNode> {
        let mut node = &self.root;
        for pick in selection {
            node = node
                .options
                .iter()
                .find(|option| option.pick == *pick)?
                .next
                .as_ref()?;
        }
        Some(node)
    }

    /// The step of the node after `selection` (see [`MoveInput::node`]).
    #[must_use]
    pub fn step(&self, selection: &[Pick]) -> Option<&Step> {
        self.node(selection)?;
        self.steps.get(selection.len())
    }

    /// The longest start of `wanted` that leads to a further step, followed by the picks
    /// that are taken by themselves (a [`StepKind::Hand`] step with a single option).
    #[must_use]
    pub fn resolve(&self, wanted: &[Pick]) -> Vec<Pick> {
        let mut selection = Vec::new();
        let mut node = &self.root;
        for pick in wanted {
            let Some(next) = node
                .options
                .iter()
                .find(|option| option.pick == *pick)
                .and_then(|option| option.next.as_ref())
            else {
                break;
            };
            selection.push(*pick);
            node = next;
        }
        while let (Some(step), [only]) = (self.steps.get(selection.len()), &node.options[..]) {
            let Some(next) = only.next.as_ref().filter(|_| step.kind == StepKind::Hand) else {
                break;
            };
            selection.push(only.pick);
            node = next;
        }
        selection
    }

    /// The picks that enter `move_text`, if it is one of the legal moves.
    #[must_use]
    pub fn picks_of(&self, move_text: &str) -> Option<Vec<Pick>> {
        fn walk(node: &InputNode, move_text: &str, path: &mut Vec<Pick>) -> bool {
            node.options.iter().any(|option| {
                path.push(option.pick);
                let found = option.move_text.as_deref() == Some(move_text)
                    || option
                        .next
                        .as_ref()
                        .is_some_and(|next| walk(next, move_text, path));
                if !found {
                    path.pop();
                }
                found
            })
        }
        let mut path = Vec::new();
        walk(&self.root, move_text, &mut path).then_some(path)
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng, rngs::SmallRng};

    use super::*;
    use crate::{AnyGame, KnightFightSetup, Setup, Variant};

    fn picks(text: &str) -> Vec<Pick> {
        parse_selection(text).unwrap()
    }

    fn option<'a>(node: &'a InputNode, pick: &str) -> &'a InputOption {
        node.options
            .iter()
            .find(|option| option.pick.to_string() == pick)
            .unwrap_or_else(|| panic!("no option {pick} at {}", node.step))
    }

    fn counting_setup() -> KnightFightSetup {
        // a1 = 00, b1 = 01, …, j10 = 99.
        KnightFightSetup::from_numbers(std::array::from_fn(|i| u8::try_from(i).unwrap())).unwrap()
    }

    fn game(variant: Variant, moves: &[&str]) -> AnyGame {
        let setup = match variant {
            Variant::KnightFight => Setup::KnightFight(counting_setup()),
            Variant::Chess960 => Setup::Chess960(crate::Chess960Start::STANDARD),
            _ => Setup::Standard,
        };
        AnyGame::replay(variant, setup, moves).unwrap()
    }

    /// Every move reachable from the root, with the picks that lead to it.
    fn all_moves(node: &InputNode, path: &mut Vec<Pick>, out: &mut Vec<(Vec<Pick>, String)>) {
        for option in &node.options {
            path.push(option.pick);
            assert!(
                option.move_text.is_some() != option.next.is_some(),
                "{path:?}: a pick completes a move or leads on, never both"
            );
            if let Some(text) = &option.move_text {
                out.push((path.clone(), text.clone()));
            }
            if let Some(next) = &option.next {
                assert!(!next.options.is_empty());
                all_moves(next, path, out);
            }
            path.pop();
        }
    }

    #[test]
    fn picks_read_and_write_their_text() {
        for text in ["e2", "j10", "Q", "K", "pass"] {
            assert_eq!(text.parse::<Pick>().unwrap().to_string(), text);
        }
        for bad in ["", "q", "X", "k11", "e2e4", "pas"] {
            assert_eq!(bad.parse::<Pick>(), Err(ParsePickError), "{bad}");
        }
        assert_eq!(selection_text(&picks("b7,a8")), "b7,a8");
        assert_eq!(picks(""), []);
        assert!(parse_selection("b7,,a8").is_err());
        assert_eq!(
            serde_json::to_value(picks("e2,Q")).unwrap(),
            serde_json::json!(["e2", "Q"])
        );
    }

    #[test]
    fn chess_piece_then_target_then_promotion() {
        // White's pawn on b7 can take on a8 or c8 and promote.
        let chess = game(
            Variant::Chess,
            &[
                "a2a4", "h7h6", "a4a5", "h6h5", "a5a6", "h5h4", "a6b7", "h4h3",
            ],
        );
        let input = chess.input();
        let root = input.node(&[]).unwrap();
        assert_eq!(root.step, "from");
        assert!(root.options.iter().all(|o| o.next.is_some()));
        let targets = input.node(&picks("b7")).unwrap();
        assert_eq!(targets.step, "to");
        let pieces: Vec<String> = option(targets, "a8")
            .next
            .as_ref()
            .unwrap()
            .options
            .iter()
            .map(|o| o.move_text.clone().unwrap())
            .collect();
        assert_eq!(pieces.len(), 4);
        for promotion in ["b7a8q", "b7a8r", "b7a8b", "b7a8n"] {
            assert!(pieces.iter().any(|p| p == promotion), "{pieces:?}");
        }
        assert_eq!(
            input.step(&picks("b7,a8")).unwrap().kind,
            StepKind::Promotion
        );
        assert_eq!(input.node(&picks("b7,b8")), None, "the knight blocks b8");
        assert_eq!(
            option(input.node(&picks("g2")).unwrap(), "g4")
                .move_text
                .as_deref(),
            Some("g2g4")
        );
        assert_eq!(input.steps()[0].kind, StepKind::Origin);
        assert_eq!(input.resolve(&picks("b7,a8,Q")), picks("b7,a8"));
        assert_eq!(input.resolve(&picks("a2")), [], "no piece on a2");
    }

    #[test]
    fn chess_castling_is_the_kings_two_squares() {
        let chess = game(
            Variant::Chess,
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"],
        );
        let input = chess.input();
        let king = input.node(&picks("e1")).unwrap();
        assert_eq!(option(king, "g1").move_text.as_deref(), Some("e1g1"));
        assert_eq!(input.picks_of("e1g1"), Some(picks("e1,g1")));
    }

    #[test]
    fn reversi_is_one_square() {
        for (variant, moves) in [
            (Variant::Reversi6x6, &["c3", "d3", "d4", "c4"][..]),
            (Variant::Reversi8x8, &[][..]),
            (Variant::Reversi10x10, &[][..]),
        ] {
            let reversi = game(variant, moves);
            let input = reversi.input();
            assert_eq!(input.steps().len(), 1);
            assert_eq!(input.steps()[0].prompt, "reversi");
            let mut squares: Vec<String> = input
                .node(&[])
                .unwrap()
                .options
                .iter()
                .map(|o| o.move_text.clone().unwrap())
                .collect();
            squares.sort();
            let mut legal = reversi.legal_moves();
            legal.sort();
            assert_eq!(squares, legal, "{variant}");
        }
    }

    #[test]
    fn reversi_pass_is_a_pick() {
        // Random games until one reaches a forced pass.
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..200 {
            let mut reversi = game(Variant::Reversi6x6, &[]);
            while reversi.to_move().is_some() {
                if reversi.forced_pass().is_some() {
                    let input = reversi.input();
                    let root = input.node(&[]).unwrap();
                    assert_eq!(root.options.len(), 1);
                    assert_eq!(root.options[0].pick, Pick::Pass);
                    assert_eq!(root.options[0].move_text.as_deref(), Some("pass"));
                    return;
                }
                let legal = reversi.legal_moves();
                let mv = legal[rng.random_range(0..legal.len())].clone();
                reversi.play(&mv).unwrap();
            }
        }
        panic!("no forced pass in 200 random games");
    }

    #[test]
    fn chess_reversi_piece_from_the_hand_then_square() {
        let cr = game(Variant::ChessReversi, &["Kd4"]);
        let input = cr.input();
        assert_eq!(input.steps()[0].kind, StepKind::Hand);
        let root = input.node(&[]).unwrap();
        let letters: Vec<String> = root.options.iter().map(|o| o.pick.to_string()).collect();
        assert!(!letters.contains(&"K".to_owned()), "the king goes last");
        assert!(letters.contains(&"Q".to_owned()));
        let squares = input.node(&picks("Q")).unwrap();
        assert_eq!(squares.step, "square");
        assert_eq!(squares.options.len(), 8, "around White's king");
        assert_eq!(option(squares, "e5").move_text.as_deref(), Some("Qe5"));
        assert_eq!(input.resolve(&[]), [], "several kinds to choose from");
        // The first move: only the king, taken by itself.
        let start = game(Variant::ChessReversi, &[]).input();
        assert_eq!(start.resolve(&[]), picks("K"));
        assert_eq!(start.node(&picks("K")).unwrap().options.len(), 64);
        // The queen call: Black must answer White's queen with its own.
        let call = game(Variant::ChessReversi, &["Kd4", "Re5", "Qf5"]).input();
        assert_eq!(call.resolve(&picks("R")), picks("Q"));
    }

    #[test]
    fn knight_fight_landing_then_the_double_to_erase() {
        let kf = game(Variant::KnightFight, &[]);
        let input = kf.input();
        let root = input.node(&[]).unwrap();
        assert_eq!(root.step, "from");
        // a1 holds 00, a double: landing there leads to erasing one of the other nine.
        assert!(option(root, "a1").next.is_some());
        assert_eq!(option(root, "b1").move_text.as_deref(), Some("b1"));
        let doubles = input.node(&picks("a1")).unwrap();
        assert_eq!(doubles.step, "erase");
        assert_eq!(doubles.options.len(), 9);
        assert_eq!(option(doubles, "b2").move_text.as_deref(), Some("a1:b2"));
        assert_eq!(input.step(&picks("a1")).unwrap().kind, StepKind::Erase);
        assert_eq!(input.resolve(&picks("b1")), [], "b1 is a whole move");
        assert_eq!(input.picks_of("a1:b2"), Some(picks("a1,b2")));
        assert_eq!(input.picks_of("a1"), None, "not a move by itself");
    }

    #[test]
    fn a_finished_game_has_nothing_to_enter() {
        let mate = game(Variant::Chess, &["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert!(mate.input().is_empty());
        assert_eq!(mate.input().resolve(&picks("e2")), []);
    }

    #[test]
    fn every_legal_move_is_entered_exactly_once_in_every_variant() {
        let mut rng = SmallRng::seed_from_u64(42);
        for variant in Variant::ALL {
            for _ in 0..20 {
                let mut any = game(variant, &[]);
                while any.to_move().is_some() {
                    let input = any.input();
                    let mut found = Vec::new();
                    all_moves(input.node(&[]).unwrap(), &mut Vec::new(), &mut found);
                    let mut entered: Vec<&str> = found.iter().map(|(_, m)| m.as_str()).collect();
                    entered.sort_unstable();
                    let mut legal = any.legal_moves();
                    legal.sort();
                    assert_eq!(entered, legal, "{variant} at ply {}", any.ply());
                    for (path, text) in &found {
                        assert!(path.len() <= input.steps().len());
                        assert_eq!(input.picks_of(text).as_ref(), Some(path));
                        assert_eq!(
                            input.resolve(path).len(),
                            path.len() - 1,
                            "{variant}: {text} completes"
                        );
                    }
                    let mv = legal[rng.random_range(0..legal.len())].clone();
                    any.play(&mv).unwrap();
                }
            }
        }
    }

    #[test]
    fn the_model_serialises_for_the_api() {
        let kf = game(Variant::KnightFight, &[]);
        let json = serde_json::to_value(kf.input()).unwrap();
        assert_eq!(json["steps"][0]["name"], "from");
        assert_eq!(json["steps"][1]["kind"], "erase");
        assert_eq!(json["step"], "from");
        let a1 = json["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["pick"] == "a1")
            .unwrap();
        assert!(a1.get("move").is_none());
        assert_eq!(a1["next"]["step"], "erase");
        assert_eq!(
            a1["next"]["options"][0]["move"].as_str().unwrap()[..3],
            *"a1:"
        );
    }
}
