//! The game page's chat and private notes: the plain forms that write a line and save a
//! note (the page comes back with the chat; the script only posts them without a reload
//! and adds the lines that arrive by the event stream). The section they come back to is
//! the game page's ([`game::chat_section`]).

use axum::{extract::State, http::StatusCode, response::Response};
use serde::Deserialize;

use crate::{Ctx, Form, game, refusal_text, see_other};
use domain::{
    Services,
    chat::{self, MAX_LINE_CHARS, MAX_NOTE_CHARS},
};
use edge::extract::Path;
use vocab::error::AppError;

/// The chat and note forms: the text.
#[derive(Debug, Deserialize)]
pub(crate) struct TextForm {
    #[serde(default)]
    text: String,
}

/// Whether a refused request shows the game page with its error (else the error page).
fn shown_on_page(error: &AppError) -> bool {
    !(error.status() == StatusCode::NOT_FOUND
        || error.status() == StatusCode::UNAUTHORIZED
        || error.status().is_server_error())
}

/// Answers a chat form: to `done` after `result`'s success; on a refusal, the game
/// page at the refusal's status with its text put in the chat section by `show` (or the
/// error page, see [`shown_on_page`]).
async fn answer<T>(
    state: &Services,
    ctx: Ctx,
    id: &str,
    result: Result<T, AppError>,
    done: &str,
    show: impl FnOnce(&mut game::chat_section::ChatSection, String),
) -> Result<Response, AppError> {
    match result {
        Ok(_) => Ok(see_other(done)),
        Err(error) if shown_on_page(&error) => {
            let message = refusal_text(&ctx.t, &error);
            game::page_with_chat(state, ctx, id, error.status(), move |chat| {
                show(chat, message);
            })
            .await
        }
        Err(error) => Err(error),
    }
}

/// `POST /games/{id}/chat`: writes a line as the signed-in player; back to the game's
/// chat, or the game page with the error and the line kept in the box.
pub(crate) async fn post_line(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<TextForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = chat::post(&state, &user, &id, &form.text).await;
    let mut draft = form.text;
    // A line far too long is not sent back whole.
    if draft.len() > MAX_LINE_CHARS * 8 {
        draft.clear();
    }
    let done = format!("/games/{id}#chat");
    answer(&state, ctx, &id, result, &done, move |chat, message| {
        chat.error = message;
        chat.draft = draft;
    })
    .await
}

/// `POST /games/{id}/note`: saves the signed-in player's note; back to it saying so, or
/// the game page with the error and the text kept.
pub(crate) async fn save_note(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<TextForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let result = chat::save_note(&state, &user, &id, &form.text).await;
    let text = form.text;
    let done = format!("/games/{id}?saved=note#note");
    answer(&state, ctx, &id, result, &done, move |chat, message| {
        chat.note_error = message;
        if chat.note.is_some() && text.chars().count() <= MAX_NOTE_CHARS * 2 {
            chat.note = Some(text);
        }
    })
    .await
}
