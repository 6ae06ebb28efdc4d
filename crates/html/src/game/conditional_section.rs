//! The game page's conditional-moves section: its view model, built from the lines the
//! page's viewer may see. The forms that enter and delete a line (which come back to
//! this page) are the handlers of `POST /games/{id}/conditional`. See
//! docs/conditional-moves.md.

use domain::{
    accounts::User,
    game::{
        GameDetail, GameStatus,
        conditional::{self, ConditionalLine, LINE_ACTIONS, MAX_LINE_TEXT, MAX_LINES},
    },
    repertoire,
};
use rules::{Color, numbered_line};
use vocab::{error::AppError, i18n::Tr};

/// One line as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineView {
    /// Its id (the delete form's target).
    pub id: String,
    /// Its owner's name.
    pub player: String,
    /// `white` or `black`: the owner's side (a class).
    pub side: &'static str,
    /// Its moves as people read them, with move numbers ("12… e5 13. Nf3 Nc6").
    pub text: String,
}

/// The conditional-moves section of the game page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConditionalSection {
    /// Whether the section is shown: to a player while the game goes on, to everyone
    /// once it has ended and lines were pending at its end.
    pub shown: bool,
    /// Whether the viewer may enter and delete lines (a player of a game going on).
    pub editable: bool,
    /// Whether the game has ended (the lines are then the record's).
    pub ended: bool,
    /// The lines, oldest first.
    pub lines: Vec<LineView>,
    /// The game's ply, which a new line starts at.
    pub ply: u32,
    /// The hint on how to write a line, for this game and viewer.
    pub help: String,
    /// A refused line's error.
    pub error: String,
    /// A refused line's text, kept in the box.
    pub draft: String,
    /// The longest text of a line, for the box's `maxlength`.
    pub max_text: usize,
    /// The choices of the action a line may end with: its name (empty: with its last
    /// move), its label, whether it is chosen.
    pub actions: Vec<(&'static str, String, bool)>,
    /// For a player of a game going on: whether their repertoire answers in it (the
    /// switch); `None` for everyone else.
    pub repertoire: Option<bool>,
    /// For a player of a finished game whose variant takes a repertoire: the button that
    /// adds its opening to theirs.
    pub add_to_repertoire: bool,
}

impl ConditionalSection {
    /// The section with the switch of the viewer's repertoire (`here`: whether it
    /// answers in this game, `None` when they do not play in it), shown while the game
    /// goes on.
    #[must_use]
    pub fn with_repertoire(mut self, here: Option<bool>) -> ConditionalSection {
        if self.editable {
            self.repertoire = here;
        }
        self
    }

    /// Marks `name` as the chosen action (a refused line's, kept with its text).
    pub fn choose_action(&mut self, name: &str) {
        for (action, _, chosen) in &mut self.actions {
            *chosen = *action == name;
        }
    }
}

/// The steps of `line`, numbered as the record numbers them; `*` and the actions in the
/// reader's words.
fn numbered(t: &Tr, line: &ConditionalLine) -> String {
    let words: Vec<String> = line
        .display
        .iter()
        .map(|step| {
            let key = conditional::step_key(step);
            if t.has(&key) {
                t.get(&key).to_owned()
            } else {
                step.clone()
            }
        })
        .collect();
    numbered_line(
        usize::try_from(line.ply).unwrap_or(0),
        words.iter().map(String::as_str),
    )
}

/// The action choices of the form, none chosen.
fn action_choices(t: &Tr) -> Vec<(&'static str, String, bool)> {
    let mut choices = vec![("", t.get("conditional.action.none").to_owned(), true)];
    choices.extend(LINE_ACTIONS.iter().map(|action| {
        let name = action.as_str();
        (name, t.get(&conditional::step_key(name)).to_owned(), false)
    }));
    choices
}

/// The section of `detail` for a viewer playing `viewer` (their colour, `None` when they
/// do not play), from the lines they may
/// see.
#[must_use]
pub fn section(
    t: &Tr,
    detail: &GameDetail,
    viewer: Option<Color>,
    lines: Vec<ConditionalLine>,
) -> ConditionalSection {
    let active = detail.status == GameStatus::Active;
    let editable = active && viewer.is_some();
    let add_to_repertoire =
        !active && viewer.is_some() && repertoire::takes_repertoire(detail.variant());
    ConditionalSection {
        shown: editable || (!active && (!lines.is_empty() || add_to_repertoire)),
        add_to_repertoire,
        editable,
        ended: !active,
        lines: lines
            .iter()
            .map(|line| LineView {
                id: line.id.clone(),
                player: line.player.clone(),
                side: line.color.map_or("", |color| color.fold("white", "black")),
                text: numbered(t, line),
            })
            .collect(),
        ply: detail.game.ply(),
        help: if editable {
            t.fmt(
                "conditional.help",
                &[
                    ("lines", &MAX_LINES.to_string()),
                    ("example", &example_line(&detail.game, viewer)),
                ],
            )
        } else {
            String::new()
        },
        max_text: MAX_LINE_TEXT,
        actions: if editable {
            action_choices(t)
        } else {
            Vec::new()
        },
        ..ConditionalSection::default()
    }
}

/// A line of legal moves from `game`'s position, in the game's own notation, to show
/// `viewer`'s player how a line is written in this game (`e5 Nf3 Nc6` in chess, `d3 c5`
/// in Reversi): three moves on their turn, their move first, else their opponent's move
/// and their answer (a line ends with the player's answer); shorter where the game ends
/// sooner.
#[must_use]
pub fn example_line(game: &rules::AnyGame, viewer: Option<Color>) -> String {
    let length = if game.to_move().is_some() && game.to_move() == viewer {
        3
    } else {
        2
    };
    let mut game = game.clone();
    let mut moves = Vec::new();
    for _ in 0..length {
        let legal = game.legal_moves();
        let Some(chosen) = legal.get(legal.len() / 2) else {
            break;
        };
        if game.play(chosen).is_err() {
            break;
        }
        // A line is read word by word: a display with spaces in it (Knight Fight's
        // points) is given as the canonical text.
        if let Some(played) = game.record().last() {
            let word = if played.display.contains(' ') {
                &played.text
            } else {
                &played.display
            };
            moves.push(word.clone());
        }
    }
    moves.join(" ")
}

/// Loads the section of `detail` for the page's viewer; `none_held` when it is known
/// that none of the lines the viewer may see exists (nothing is read then).
///
/// # Errors
///
/// Database errors.
pub async fn load(
    conn: &mut sqlx::AnyConnection,
    t: &Tr,
    viewer: Option<&User>,
    detail: &GameDetail,
    none_held: bool,
) -> Result<ConditionalSection, AppError> {
    let plays = viewer.and_then(|user| detail.color_of(&user.id));
    let lines = if none_held {
        Vec::new()
    } else {
        conditional::for_page(conn, viewer, detail).await?
    };
    Ok(section(t, detail, plays, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_as_the_record_is() {
        let line = |ply, display: &[&str]| ConditionalLine {
            id: "x".into(),
            player: "p".into(),
            color: None,
            ply,
            moves: Vec::new(),
            display: display.iter().map(|s| (*s).to_owned()).collect(),
            created_at: 0,
        };
        let t = Tr::new(vocab::i18n::Lang::En);
        assert_eq!(
            numbered(&t, &line(0, &["e4", "e5", "Nf3"])),
            "1. e4 e5 2. Nf3"
        );
        assert_eq!(
            numbered(&t, &line(3, &["Nc6", "Bb5"])),
            "2\u{2026} Nc6 3. Bb5"
        );
        assert_eq!(
            numbered(&t, &line(0, &["*", "Nf6", "Bxh7", "resign"])),
            "1. (any move) Nf6 2. Bxh7 resign"
        );
    }
}
