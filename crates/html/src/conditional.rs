//! The game page's conditional moves: the plain forms that enter a line (moves as text)
//! and delete one. The section they come back to is the game page's
//! ([`game::conditional_section`]). See docs/conditional-moves.md.

use axum::{extract::State, http::StatusCode, response::Response};
use serde::Deserialize;

use crate::{Ctx, Form, error_text, game, see_other};
use domain::{
    Services,
    game::conditional::{self, LINE_ACTIONS, MAX_LINE_TEXT, MAX_LINES},
};
use edge::extract::Path;
use vocab::{error::AppError, i18n::Tr};

/// The form that enters a line.
#[derive(Debug, Deserialize)]
pub(crate) struct LineForm {
    #[serde(default)]
    moves: String,
    #[serde(default)]
    ply: String,
    /// The action the line ends with (`draw-offer`, `draw-accept`, `draw-claim`,
    /// `resign`), or empty: it ends with its last move.
    #[serde(default)]
    action: String,
}

impl LineForm {
    /// The line's text: the moves, then the chosen action.
    fn line(&self) -> Result<String, AppError> {
        let action = self.action.trim();
        if action.is_empty() {
            return Ok(self.moves.clone());
        }
        if !LINE_ACTIONS.iter().any(|known| known.as_str() == action) {
            return Err(AppError::invalid(
                "invalid_body",
                "a line ends with a move, a draw offered, accepted or claimed, or a resignation",
            ));
        }
        Ok(format!("{} {action}", self.moves))
    }
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
    let result = match (form.ply.trim().parse::<u32>(), form.line()) {
        (Ok(ply), Ok(line)) => conditional::add(&state, &user, &id, &line, ply)
            .await
            .map(|_| ()),
        (_, Err(error)) => Err(error),
        (Err(_), _) => Err(AppError::invalid(
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
            let action = form.action;
            game::page_with_conditional(&state, ctx, &id, status, move |section| {
                section.error = message;
                section.draft = draft;
                section.choose_action(&action);
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
