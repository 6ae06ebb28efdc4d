//! The text of a conditional line: its steps, read and checked by the rules when the line
//! is entered, and how a new line stands to one already entered.
//!
//! A step is a move (canonical text, or SAN in chess), `*` for any move of the opponent
//! (in Reversi also a pass), or, as the line's last step and in place of its owner's
//! move, one of the [`LINE_ACTIONS`] by its name (`draw-offer`, `draw-accept`,
//! `draw-claim`, `resign`). Up to its first `*` a line is played out by the rules; after
//! it, its moves can only be read when they come, so they are kept as written and
//! checked then.

use rules::{AnyGame, Color, PlayError};

use super::step::ANY;
use crate::game::action_rules::GameAction;
use vocab::error::AppError;

/// The most moves in one line (both sides', forced passes not counted).
pub const MAX_LINE_MOVES: usize = 40;
/// The longest text of a line, in bytes.
pub const MAX_LINE_TEXT: usize = 1_000;

/// The actions a line may end with, in place of its owner's move.
pub const LINE_ACTIONS: [GameAction; 4] = [
    GameAction::OfferDraw,
    GameAction::AcceptDraw,
    GameAction::ClaimDraw,
    GameAction::Resign,
];

/// One step of a stored line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step<'a> {
    /// A move: canonical where the line was played out, else as its owner wrote it.
    Move(&'a str),
    /// Any move (or pass) of the opponent.
    Any,
    /// An action of the owner, in place of their move.
    Action(GameAction),
}

impl<'a> Step<'a> {
    /// Reads one stored or written step.
    pub(crate) fn of(text: &'a str) -> Step<'a> {
        if text == ANY {
            return Step::Any;
        }
        match text.parse::<GameAction>() {
            Ok(action) if LINE_ACTIONS.contains(&action) => Step::Action(action),
            _ => Step::Move(text),
        }
    }
}

/// A line as checked by the rules: its plies from the game's ply on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CheckedLine {
    /// Canonical texts (as written after a `*`), forced passes written out.
    pub(crate) moves: Vec<String>,
    /// The texts people read.
    pub(crate) display: Vec<String>,
    /// Who plays each.
    pub(crate) sides: Vec<Color>,
}

impl CheckedLine {
    fn add(&mut self, text: &str, display: &str, side: Color) {
        self.moves.push(text.to_owned());
        self.display.push(display.to_owned());
        self.sides.push(side);
    }

    /// The action the line ends with, if it ends with one.
    pub(crate) fn action(&self) -> Option<GameAction> {
        match self.moves.last().map(|text| Step::of(text)) {
            Some(Step::Action(action)) => Some(action),
            _ => None,
        }
    }
}

/// The steps of a stored line's text (separated by spaces).
pub(crate) fn split(text: &str) -> Vec<String> {
    text.split(' ')
        .filter(|part| !part.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Whether `token` is a move number as people write them (`12.`, `12...`), skipped.
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `token` may be a move of some game: what can be said of a move after a `*`,
/// before its position is known.
fn may_be_a_move(token: &str) -> bool {
    token.len() <= 12
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+#=-x@:".contains(&b))
}

/// Checks `text`, steps separated by white space, as a line of `owner` from `game`'s
/// position: every move legal in turn up to the first `*`, forced passes filled in.
///
/// # Errors
///
/// 422 `empty_line`, `line_too_long`, `malformed_move` / `illegal_move` (naming the move
/// and its number in the line), `line_past_end` (a move after the game would have ended),
/// `any_for_opponent` (a `*` at a move of the owner), `action_not_yours` /
/// `action_not_last` (an action stands at the owner's turn and ends the line),
/// `no_draw_claim` (a claim where the rules allow none), `no_reply` (the line does not
/// end with an answer of its owner to a move of the opponent).
pub(crate) fn check_line(
    game: &AnyGame,
    owner: Color,
    text: &str,
) -> Result<CheckedLine, AppError> {
    if text.len() > MAX_LINE_TEXT {
        return Err(AppError::invalid(
            "line_too_long",
            format!("a line is at most {MAX_LINE_TEXT} characters long"),
        ));
    }
    let tokens: Vec<&str> = text
        .split_whitespace()
        .filter(|token| !is_move_number(token))
        .collect();
    if tokens.is_empty() {
        return Err(AppError::invalid(
            "empty_line",
            "write the moves of the line, separated by spaces",
        ));
    }
    if tokens.len() > MAX_LINE_MOVES {
        return Err(AppError::invalid(
            "line_too_long",
            format!(
                "a line has at most {MAX_LINE_MOVES} moves (this one has {})",
                tokens.len()
            ),
        ));
    }
    // The game as the line has it while its moves are known: up to its first `*`. After
    // it the sides simply alternate (a pass is a step too).
    let mut known = Some(game.clone());
    let mut next_side = game.to_move();
    let mut line = CheckedLine::default();
    for (index, token) in tokens.iter().enumerate() {
        let number = index + 1;
        let refuse = |code: &'static str, why: &dyn std::fmt::Display| {
            AppError::invalid(code, format!("move {number} of the line ({token}): {why}"))
        };
        let side = match &mut known {
            Some(game) => {
                if let Some(pass) = game.forced_pass()
                    && *token != pass
                {
                    push(game, pass, &mut line).map_err(AppError::internal)?;
                }
                game.to_move()
            }
            None => next_side,
        };
        let Some(side) = side else {
            return Err(refuse("line_past_end", &"the game is over before it"));
        };
        match Step::of(token) {
            Step::Any if side == owner => {
                return Err(refuse(
                    "any_for_opponent",
                    &"only your opponent's moves may be any move",
                ));
            }
            Step::Any => {
                known = None;
                line.add(ANY, ANY, side);
            }
            Step::Action(_) if side != owner => {
                return Err(refuse(
                    "action_not_yours",
                    &"an action comes at your turn, in place of your move",
                ));
            }
            Step::Action(_) if number != tokens.len() => {
                return Err(refuse("action_not_last", &"an action ends a line"));
            }
            Step::Action(action) => {
                if action == GameAction::ClaimDraw
                    && known
                        .as_ref()
                        .is_some_and(|game| game.draw_claims().is_empty())
                {
                    return Err(refuse("no_draw_claim", &"there is no draw to claim there"));
                }
                line.add(token, token, side);
            }
            Step::Move(text) => match &mut known {
                Some(game) => {
                    push(game, text, &mut line).map_err(|error| {
                        let code = match error {
                            PlayError::Malformed(_) => "malformed_move",
                            _ => "illegal_move",
                        };
                        refuse(code, &error)
                    })?;
                }
                None if may_be_a_move(text) => line.add(text, text, side),
                None => return Err(refuse("malformed_move", &"this is no move")),
            },
        }
        next_side = Some(side.other());
    }
    let answers = line
        .sides
        .windows(2)
        .any(|pair| pair[0] != owner && pair[1] == owner);
    if line.sides.last() != Some(&owner) || !answers {
        return Err(AppError::invalid(
            "no_reply",
            "a line holds a move of your opponent and ends with your answer",
        ));
    }
    Ok(line)
}

/// Plays `text` in `game` and adds it to `line`.
fn push(game: &mut AnyGame, text: &str, line: &mut CheckedLine) -> Result<String, PlayError> {
    let side = game.to_move();
    let played = game.play(text)?;
    if let Some(side) = side {
        let display = game
            .record()
            .last()
            .map_or_else(|| played.clone(), |mv| mv.display.clone());
        line.add(&played, &display, side);
    }
    Ok(played)
}

/// How a new line stands to a player's line already entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overlap {
    /// They part at a move of the opponent (or at the first): both stand.
    Apart,
    /// The new line is the old one, or its start: nothing new.
    Duplicate,
    /// The old line is the start of the new one: the new one replaces it.
    Extends,
    /// They answer one position differently, at this index of the new line.
    Conflict(usize),
}

/// How `new` stands to `old` (the steps of a line of the same `owner`). Lines that part
/// at a move of the opponent stand side by side, also where one of them says `*` there:
/// when both fit, the named move wins over the `*`.
pub(crate) fn overlap(new: &CheckedLine, old: &[String], owner: Color) -> Overlap {
    match new.moves.iter().zip(old).position(|(a, b)| a != b) {
        Some(index) if index > 0 && new.sides[index] == owner => Overlap::Conflict(index),
        Some(_) => Overlap::Apart,
        None if new.moves.len() <= old.len() => Overlap::Duplicate,
        None => Overlap::Extends,
    }
}

/// Where `new` goes among a player's lines `old` (id, steps, display texts each) of the
/// same `owner`: the indices of the lines it replaces (those that are its start).
///
/// # Errors
///
/// 409 `duplicate_line` when a line already holds its moves, `conflicting_line` when
/// one answers a position differently.
pub(crate) fn place(
    new: &CheckedLine,
    old: &[(String, Vec<String>, Vec<String>)],
    owner: Color,
) -> Result<Vec<usize>, AppError> {
    let mut replaced = Vec::new();
    for (index, (_, moves, display)) in old.iter().enumerate() {
        match overlap(new, moves, owner) {
            Overlap::Apart => {}
            Overlap::Extends => replaced.push(index),
            Overlap::Duplicate => {
                return Err(AppError::conflict(
                    "duplicate_line",
                    format!("your line {} already holds these moves", index + 1),
                ));
            }
            Overlap::Conflict(step) => {
                return Err(AppError::conflict(
                    "conflicting_line",
                    format!(
                        "your line {} answers the same position with {} instead of {}",
                        index + 1,
                        display.get(step).map_or("another move", String::as_str),
                        new.display[step],
                    ),
                ));
            }
        }
    }
    Ok(replaced)
}

#[cfg(test)]
mod tests {
    use rules::Variant;

    use super::*;

    fn chess() -> AnyGame {
        AnyGame::new(Variant::Chess, None).unwrap()
    }

    fn code(result: Result<CheckedLine, AppError>) -> &'static str {
        result.err().map_or("ok", |error| error.code())
    }

    #[test]
    fn a_line_is_checked_move_by_move_and_stored_canonical() {
        let line = check_line(&chess(), Color::Black, "1. e4 e5 2. Nf3 Nc6").unwrap();
        assert_eq!(line.moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(line.display, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(
            line.sides,
            [Color::White, Color::Black, Color::White, Color::Black]
        );
        let error = check_line(&chess(), Color::Black, "e4 e5 Nf3 Ke5").unwrap_err();
        assert_eq!(error.code(), "illegal_move");
        assert!(error.message().contains("move 4"), "{}", error.message());
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 zz")),
            "malformed_move"
        );
        assert_eq!(code(check_line(&chess(), Color::Black, "  ")), "empty_line");
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 e5 Nf3")),
            "no_reply"
        );
        assert_eq!(code(check_line(&chess(), Color::White, "e4")), "no_reply");
        let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(11);
        assert_eq!(
            code(check_line(&chess(), Color::Black, &long)),
            "line_too_long"
        );
        let mate = "f3 e5 g4 Qh4 a3";
        assert_eq!(
            code(check_line(&chess(), Color::Black, mate)),
            "line_past_end"
        );
        assert_eq!(
            code(check_line(&chess(), Color::Black, "f3 e5 g4 Qh4")),
            "ok"
        );
    }

    #[test]
    fn any_move_stands_for_the_opponent_and_what_follows_is_kept_as_written() {
        let line = check_line(&chess(), Color::Black, "* Nf6 c4 e6").unwrap();
        assert_eq!(line.moves, ["*", "Nf6", "c4", "e6"]);
        assert_eq!(
            line.sides,
            [Color::White, Color::Black, Color::White, Color::Black]
        );
        // Played out up to the `*`, kept as written after it.
        let line = check_line(&chess(), Color::Black, "e4 c5 * d6").unwrap();
        assert_eq!(line.moves, ["e2e4", "c7c5", "*", "d6"]);
        assert_eq!(line.display, ["e4", "c5", "*", "d6"]);
        // Only the opponent's moves may be any move; an illegal move before the `*` is
        // still refused; after it, only what is no move at all.
        assert_eq!(
            code(check_line(&chess(), Color::White, "* e5 Nf3")),
            "any_for_opponent"
        );
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 Ke5 * d6")),
            "illegal_move"
        );
        assert_eq!(
            code(check_line(&chess(), Color::Black, "* Nf6!?")),
            "malformed_move"
        );
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 *")),
            "any_for_opponent"
        );
        assert_eq!(
            code(check_line(&chess(), Color::Black, "* Nf6 *")),
            "no_reply"
        );
    }

    #[test]
    fn an_action_ends_a_line_at_its_owners_turn() {
        let line = check_line(&chess(), Color::Black, "e4 e5 Nf3 draw-offer").unwrap();
        assert_eq!(line.action(), Some(GameAction::OfferDraw));
        assert_eq!(line.moves.last().map(String::as_str), Some("draw-offer"));
        for action in ["resign", "draw-accept"] {
            let line = check_line(&chess(), Color::Black, &format!("* {action}")).unwrap();
            assert_eq!(line.moves, ["*", action]);
        }
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 resign Nf3")),
            "action_not_last"
        );
        assert_eq!(
            code(check_line(&chess(), Color::Black, "resign")),
            "action_not_yours"
        );
        // A claim where the position allows none is refused while the line is known.
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 draw-claim")),
            "no_draw_claim"
        );
        let repeat = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 draw-claim";
        assert_eq!(code(check_line(&chess(), Color::White, repeat)), "ok");
        // Other actions are no steps of a line: read as moves, and refused as such.
        assert_eq!(
            code(check_line(&chess(), Color::Black, "e4 abort")),
            "malformed_move"
        );
    }

    #[test]
    fn lines_part_only_at_the_opponents_moves() {
        let game = chess();
        let new = check_line(&game, Color::Black, "e4 e5 Nf3 Nc6").unwrap();
        let old = |text: &str| check_line(&game, Color::Black, text).unwrap().moves;
        assert_eq!(overlap(&new, &old("d4 d5"), Color::Black), Overlap::Apart);
        assert_eq!(
            overlap(&new, &old("e4 e5 d4 exd4"), Color::Black),
            Overlap::Apart
        );
        assert_eq!(
            overlap(&new, &old("e4 c5"), Color::Black),
            Overlap::Conflict(1)
        );
        assert_eq!(
            overlap(&new, &old("e4 e5 Nf3 Nc6 Bb5 a6"), Color::Black),
            Overlap::Duplicate
        );
        assert_eq!(overlap(&new, &old("e4 e5"), Color::Black), Overlap::Extends);
        // A `*` parts from a named move of the opponent; two answers to one `*` conflict.
        assert_eq!(overlap(&new, &old("* d5"), Color::Black), Overlap::Apart);
        let any = check_line(&game, Color::Black, "* Nf6").unwrap();
        assert_eq!(
            overlap(&any, &old("* d5"), Color::Black),
            Overlap::Conflict(1)
        );
        // On White's own turn, lines may begin with different moves of White.
        let white = check_line(&game, Color::White, "e4 e5 Nf3").unwrap();
        let other = check_line(&game, Color::White, "d4 d5 c4").unwrap().moves;
        assert_eq!(overlap(&white, &other, Color::White), Overlap::Apart);
    }

    #[test]
    fn forced_passes_may_be_written_or_left_out() {
        // A 6x6 Reversi position where White, to move, must pass after Black's a move is
        // found by playing: take any game where a pass comes up and check both forms.
        let mut game = AnyGame::new(Variant::Reversi6x6, None).unwrap();
        let mut moves: Vec<String> = Vec::new();
        // Play the first legal move until someone must pass (or 200 plies).
        let mut found = None;
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            if game.forced_pass().is_some() {
                found = Some(game.clone());
                break;
            }
            let next = game.legal_moves()[0].clone();
            moves.push(next.clone());
            game.play(&next).unwrap();
        }
        let Some(at_pass) = found else {
            return;
        };
        // Back one ply: the move before the pass.
        let before = AnyGame::replay(Variant::Reversi6x6, None, &moves[..moves.len() - 1]).unwrap();
        let last = moves.last().unwrap().clone();
        let mover = before.to_move().unwrap();
        let mut after = at_pass.clone();
        after.play("pass").unwrap();
        if after.outcome().is_some() {
            return;
        }
        let next = after.legal_moves()[0].clone();
        // The mover's line on their own turn: their move, the opponent's forced pass, their
        // next move; with or without the pass written.
        let text = format!("{last} {next}");
        let line = check_line(&before, mover, &text).unwrap();
        assert_eq!(line.moves, [last.clone(), "pass".to_owned(), next.clone()]);
        let written = check_line(&before, mover, &format!("{last} pass {next}")).unwrap();
        assert_eq!(written, line);
    }
}
