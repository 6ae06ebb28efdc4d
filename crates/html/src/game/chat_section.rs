//! The game page's chat and notes section: its view model, built from the domain's view
//! of the chat for the page's viewer. The forms that write a line and save a note (which
//! come back to this page) are the handlers of `POST /games/{id}/chat` and `/note`.

use rules::Color;

use domain::{
    accounts::User,
    chat::{self, ChatView, Closed, MAX_LINE_CHARS, MAX_NOTE_CHARS},
    game::GameDetail,
};
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
    /// When (unix seconds; the page shows it in the viewer's zone).
    pub at: i64,
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
    /// Whether the game has a chat at all: not against the computer, which reads none.
    pub shown: bool,
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
    /// When the note was saved (unix seconds; 0: never).
    pub note_at: i64,
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

/// The section for `viewer` of `detail`, from its chat (borrowed: a kept view serves
/// many pages).
#[must_use]
pub fn section(t: &Tr, detail: &GameDetail, chat: &ChatView) -> ChatSection {
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
    let note = chat.note.as_ref();
    let viewer = chat.viewer;
    ChatSection {
        shown: detail.computer().is_none(),
        readable: chat.readable,
        may_write: chat.may_write(),
        you_block: chat.closed == Some(Closed::YouBlock),
        lines: chat
            .lines
            .iter()
            .map(|line| LineView {
                reportable: viewer.is_some() && line.color == viewer.map(Color::other),
                seq: line.seq,
                side: match line.color {
                    Some(Color::White) => "white",
                    Some(Color::Black) => "black",
                    None => "",
                },
                author: line.author.clone(),
                at: line.created_at,
                iso: rfc3339(line.created_at),
                text: line.text.clone(),
            })
            .collect(),
        closed,
        write_label: t.fmt("chat.write_to", &[("name", &opponent)]),
        block_label: t.fmt("chat.block", &[("name", &opponent)]),
        unblock_label: t.fmt("chat.unblock", &[("name", &opponent)]),
        opponent,
        audience,
        note_at: note.and_then(|note| note.updated_at).unwrap_or(0),
        note: note.map(|note| note.text.clone()),
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
    Ok(section(t, detail, &chat))
}
