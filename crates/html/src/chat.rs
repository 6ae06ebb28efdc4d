//! The game page's chat and private notes: the section's view model, and the plain forms
//! that write a line and save a note (the page comes back with the chat; the script only
//! posts them without a reload and adds the lines that arrive by the event stream).

use axum::{extract::State, http::StatusCode, response::Response};
use rules::Color;
use serde::Deserialize;

use crate::{Ctx, Form, error_text, game, see_other};
use domain::{
    Services,
    accounts::User,
    chat::{self, ChatView, Closed, MAX_LINE_CHARS, MAX_NOTE_CHARS},
    game::GameDetail,
};
use edge::extract::Path;
use vocab::clock::deadline_text;
use vocab::{clock::rfc3339, error::AppError, i18n::Tr};

/// One chat line as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineView {
    /// Its number in the game's chat.
    pub seq: i64,
    /// Its author's name.
    pub author: String,
    /// `white` or `black`: the author's side (a class).
    pub side: &'static str,
    /// When, as text (`2026-12-01 10:00 UTC`).
    pub when: String,
    /// When, in RFC 3339 (a `datetime`).
    pub iso: String,
    /// The text (escaped by the template; line breaks kept by the style sheet).
    pub text: String,
    /// The viewer plays and the line is their opponent's: a Report button.
    pub reportable: bool,
}

/// The chat and notes section of the game page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChatSection {
    /// Whether the viewer may read the chat (else a sentence says it is private).
    pub readable: bool,
    /// The lines, oldest first.
    pub lines: Vec<LineView>,
    /// Whether the viewer may write now (a player, no block between the two).
    pub may_write: bool,
    /// Why the viewer, a player, may not write (empty: they may, or they do not play).
    pub closed: String,
    /// The viewer blocks the opponent: an unblock button.
    pub you_block: bool,
    /// The opponent's name (empty unless the viewer plays).
    pub opponent: String,
    /// The box's label ("Message to bob").
    pub write_label: String,
    /// The block button ("Block bob").
    pub block_label: String,
    /// The unblock button ("Unblock bob").
    pub unblock_label: String,
    /// For players: who else reads the chat, in words.
    pub audience: String,
    /// A refused line's error.
    pub error: String,
    /// A refused line's text, kept in the box.
    pub draft: String,
    /// The viewer's note (`None`: the viewer does not play).
    pub note: Option<String>,
    /// When the note was saved, in words (empty: never).
    pub note_when: String,
    /// The note was just saved.
    pub note_saved: bool,
    /// A refused note's error.
    pub note_error: String,
    /// Where a block form comes back to.
    pub back: String,
    /// The longest line, for the box's `maxlength`.
    pub max_line: usize,
    /// The longest note.
    pub max_note: usize,
}

/// The section for `viewer` of `detail`, from its chat.
#[must_use]
pub fn section(t: &Tr, detail: &GameDetail, chat: ChatView) -> ChatSection {
    let opponent = chat.viewer.map_or_else(String::new, |color| {
        color
            .other()
            .fold(detail.white.clone(), detail.black.clone())
    });
    let closed = match chat.closed {
        Some(Closed::YouBlock) => t.fmt("chat.closed_you_block", &[("name", &opponent)]),
        Some(Closed::Blocked) => t.get("chat.closed").to_owned(),
        Some(Closed::Muted) => t.get("error.muted").to_owned(),
        None => String::new(),
    };
    let audience = match (chat.viewer, chat.spectators) {
        (None, _) => String::new(),
        (Some(_), true) => t.get("chat.audience_public").to_owned(),
        (Some(_), false) => t.get("chat.audience_private").to_owned(),
    };
    let note = chat.note.clone();
    let viewer = chat.viewer;
    ChatSection {
        readable: chat.readable,
        may_write: chat.may_write(),
        you_block: chat.closed == Some(Closed::YouBlock),
        lines: chat
            .lines
            .into_iter()
            .map(|line| LineView {
                reportable: viewer.is_some() && line.color == viewer.map(Color::other),
                seq: line.seq,
                side: match line.color {
                    Some(Color::White) => "white",
                    Some(Color::Black) => "black",
                    None => "",
                },
                author: line.author,
                when: deadline_text(line.created_at),
                iso: rfc3339(line.created_at),
                text: line.text,
            })
            .collect(),
        closed,
        write_label: t.fmt("chat.write_to", &[("name", &opponent)]),
        block_label: t.fmt("chat.block", &[("name", &opponent)]),
        unblock_label: t.fmt("chat.unblock", &[("name", &opponent)]),
        opponent,
        audience,
        note_when: note
            .as_ref()
            .and_then(|note| note.updated_at)
            .map_or_else(String::new, |at| {
                t.fmt("chat.note_saved_at", &[("when", &deadline_text(at))])
            }),
        note: note.map(|note| note.text),
        back: format!("/games/{}#chat", detail.id),
        max_line: MAX_LINE_CHARS,
        max_note: MAX_NOTE_CHARS,
        ..ChatSection::default()
    }
}

/// Loads the section of `detail` for the page's viewer.
///
/// # Errors
///
/// Database errors.
pub async fn load(
    conn: &mut sqlx::AnyConnection,
    t: &Tr,
    viewer: Option<&User>,
    detail: &GameDetail,
) -> Result<ChatSection, AppError> {
    let chat = chat::for_page(conn, viewer, detail).await?;
    Ok(section(t, detail, chat))
}

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
    show: impl FnOnce(&mut ChatSection, String),
) -> Result<Response, AppError> {
    match result {
        Ok(_) => Ok(see_other(done)),
        Err(error) if shown_on_page(&error) => {
            let message = error_text(&ctx.t, error.code(), &error.message(), error.retry_after());
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
