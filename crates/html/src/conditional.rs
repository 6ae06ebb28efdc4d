//! The game page's conditional moves: the section's view model, and the plain forms that
//! enter a line (moves as text) and delete one. See docs/conditional-moves.md.

use axum::{extract::State, http::StatusCode, response::Response};
use serde::Deserialize;

use crate::{Ctx, Form, error_text, game, see_other};
use domain::{
    Services,
    accounts::User,
    game::{
        GameDetail, GameStatus,
        conditional::{self, ConditionalLine, MAX_LINE_TEXT, MAX_LINES},
    },
};
use edge::extract::Path;
use rules::numbered_line;
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
}

/// The moves of `line`, numbered as the record numbers them.
fn numbered(line: &ConditionalLine) -> String {
    numbered_line(
        usize::try_from(line.ply).unwrap_or(0),
        line.display.iter().map(String::as_str),
    )
}

/// The section of `detail` for a viewer playing `viewer_plays`, from the lines they may
/// see.
#[must_use]
pub fn section(
    t: &Tr,
    detail: &GameDetail,
    viewer_plays: bool,
    lines: Vec<ConditionalLine>,
) -> ConditionalSection {
    let active = detail.status == GameStatus::Active;
    let editable = active && viewer_plays;
    ConditionalSection {
        shown: editable || (!active && !lines.is_empty()),
        editable,
        ended: !active,
        lines: lines
            .iter()
            .map(|line| LineView {
                id: line.id.clone(),
                player: line.player.clone(),
                side: line.color.map_or("", |color| color.fold("white", "black")),
                text: numbered(line),
            })
            .collect(),
        ply: detail.game.ply(),
        help: t.fmt("conditional.help", &[("lines", &MAX_LINES.to_string())]),
        max_text: MAX_LINE_TEXT,
        ..ConditionalSection::default()
    }
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
    let plays = viewer.is_some_and(|user| detail.color_of(&user.id).is_some());
    let lines = if none_held {
        Vec::new()
    } else {
        conditional::for_page(conn, viewer, detail).await?
    };
    Ok(section(t, detail, plays, lines))
}

/// The form that enters a line.
#[derive(Debug, Deserialize)]
pub(crate) struct LineForm {
    #[serde(default)]
    moves: String,
    #[serde(default)]
    ply: String,
}

/// The refusal of a line in the viewer's language: the code's own text, with the move and
/// its number in the line when the domain named them ("move 3 of the line (Ke5): …").
fn refusal_text(t: &Tr, error: &AppError) -> String {
    let message = error.message();
    let key = format!("conditional.error.{}", error.code());
    let named = message
        .strip_prefix("move ")
        .and_then(|rest| rest.split_once(" of the line ("))
        .and_then(|(number, rest)| Some((number, rest.split_once("):")?.0)));
    match named {
        Some((number, token)) if t.has(&key) => t.fmt(&key, &[("number", number), ("move", token)]),
        _ if t.has(&key) => t.fmt(&key, &[("lines", &MAX_LINES.to_string())]),
        _ => error_text(t, error.code(), &message, error.retry_after()),
    }
}

/// Whether a refused request shows the game page with its error (else the error page).
fn shown_on_page(error: &AppError) -> bool {
    !(error.status() == StatusCode::NOT_FOUND
        || error.status() == StatusCode::UNAUTHORIZED
        || error.status().is_server_error())
}

/// `POST /games/{id}/conditional`: enters a line as the signed-in player; back to the
/// section, or the game page with the error and the line kept in the box.
pub(crate) async fn add_line(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<LineForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = match form.ply.trim().parse::<u32>() {
        Ok(ply) => conditional::add(&state, &user, &id, &form.moves, ply)
            .await
            .map(|_| ()),
        Err(_) => Err(AppError::invalid(
            "invalid_body",
            "the form does not say which ply it was made at",
        )),
    };
    match result {
        Ok(()) => Ok(see_other(&format!("/games/{id}#conditional"))),
        Err(error) if shown_on_page(&error) => {
            let message = refusal_text(&ctx.t, &error);
            let status = error.status();
            let mut draft = form.moves;
            if draft.len() > MAX_LINE_TEXT * 2 {
                draft.clear();
            }
            game::page_with_conditional(&state, ctx, &id, status, move |section| {
                section.error = message;
                section.draft = draft;
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// `POST /games/{id}/conditional/{line}/delete`: deletes one of the signed-in player's
/// lines; back to the section (also when it was played or dropped meanwhile).
pub(crate) async fn delete_line(
    State(state): State<Services>,
    ctx: Ctx,
    Path((id, line)): Path<(String, String)>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    match conditional::delete(&state, &user, &id, &line).await {
        Ok(()) => Ok(see_other(&format!("/games/{id}#conditional"))),
        // Played or dropped meanwhile: gone all the same.
        Err(AppError::NotFound(conditional::LINE)) => {
            Ok(see_other(&format!("/games/{id}#conditional")))
        }
        Err(error) if shown_on_page(&error) => {
            let message = refusal_text(&ctx.t, &error);
            let status = error.status();
            game::page_with_conditional(&state, ctx, &id, status, move |section| {
                section.error = message;
            })
            .await
        }
        Err(error) => Err(error),
    }
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
        assert_eq!(numbered(&line(0, &["e4", "e5", "Nf3"])), "1. e4 e5 2. Nf3");
        assert_eq!(numbered(&line(3, &["Nc6", "Bb5"])), "2\u{2026} Nc6 3. Bb5");
    }
}
