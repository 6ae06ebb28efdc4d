//! At the table: a game's chat between its two players, each player's private notes on
//! the game, and blocks between players. See docs/chat.md.
//!
//! - **Who reads the chat**: the game's two players, always; anyone else only when both
//!   players let spectators read the chat of their games (their setting, off by default).
//!   After the game has ended the chat is part of its record, for the same readers.
//! - **Who writes**: the two players, before and after the game's end, unless one of them
//!   blocks the other. A line is at most [`MAX_LINE_CHARS`] characters (and
//!   [`MAX_LINE_BREAKS`] line breaks), without control characters; a game holds at most
//!   [`MAX_LINES_PER_GAME`] lines; each player sends at most `CHAT_MESSAGES_PER_MINUTE`.
//! - **Notes**: one per player and game, read and written only by that player, at most
//!   [`MAX_NOTE_CHARS`] characters.
//! - **Blocks**: a player may block another. Between the two there is then no chat in
//!   their games (either way), no challenge addressed from one to the other (either
//!   way), and neither sees nor accepts the other's open challenges; the challenges they
//!   had addressed to each other are cancelled. Games already running go on.
//!
//! Every text is stored as written (checked, line breaks as `\n`) and escaped where it is
//! shown: the pages (askama), JSON (serde), the record (a PGN comment cannot close early).

use std::sync::Arc;

use rules::Color;
use serde_json::json;

pub mod view;

pub use view::{Block, ChatLine, ChatView, Closed, Note};

use crate::{
    Services,
    accounts::user::User,
    events::{ChatNotice, ChatWire},
    game::{GameDetail, GameStatus, read, snapshots::ReadTicket},
    notifications::{self, Kind, Link},
    throttle::PlayerAction,
};
use store::{
    chat::{self as rows, ChatRow, NewLine},
    games::GameRow,
    users,
};
use vocab::error::AppError;

/// The largest body of a note (10 000 characters, each up to 12 bytes as escaped JSON
/// or a form).
pub const NOTE_BODY_LIMIT: usize = 128 * 1024;

/// The longest chat line, in characters.
pub const MAX_LINE_CHARS: usize = 500;
/// The most line breaks in one chat line.
pub const MAX_LINE_BREAKS: usize = 20;
/// The longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 10_000;
/// The most lines one game's chat holds.
pub const MAX_LINES_PER_GAME: i64 = 1_000;
/// The most players one player may block.
pub const MAX_BLOCKS: i64 = 1_000;

/// What is a chat line and what is a note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TextKind {
    Line,
    Note,
}

/// A chat line as [`post`] would store it.
///
/// # Errors
///
/// As [`post`]'s checks of the text.
pub fn check_line(text: &str) -> Result<String, AppError> {
    clean(text, TextKind::Line)
}

/// A note as [`save_note`] would store it.
///
/// # Errors
///
/// As [`save_note`]'s checks of the text.
pub fn check_note(text: &str) -> Result<String, AppError> {
    clean(text, TextKind::Note)
}

/// Checks a text as a person sent it: line breaks become `\n`; a chat line is trimmed
/// and must not be empty.
fn clean(text: &str, kind: TextKind) -> Result<String, AppError> {
    // The limits count the characters as sent, as the API document's `maxLength` does:
    // blanks trimmed away count too.
    let chars = text.chars().count();
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let text = match kind {
        TextKind::Line => text.trim().to_owned(),
        TextKind::Note => text.trim_end().to_owned(),
    };
    crate::text::check(&text, crate::text::Typed::FreeText)?;
    match kind {
        TextKind::Line if text.is_empty() => Err(AppError::invalid(
            "empty_message",
            "write something first: the line is empty",
        )),
        TextKind::Line
            if chars > MAX_LINE_CHARS || text.matches('\n').count() > MAX_LINE_BREAKS =>
        {
            Err(AppError::invalid(
                "message_too_long",
                format!(
                    "a chat line has at most {MAX_LINE_CHARS} characters and {MAX_LINE_BREAKS} \
                     line breaks (this one has {chars} characters)"
                ),
            ))
        }
        TextKind::Note if chars > MAX_NOTE_CHARS => Err(AppError::invalid(
            "note_too_long",
            format!("a note has at most {MAX_NOTE_CHARS} characters (this one has {chars})"),
        )),
        _ => Ok(text),
    }
}

/// The two players of a game and what the chat needs of it.
#[derive(Debug, Clone, Copy)]
struct Table<'a> {
    id: &'a str,
    white_id: &'a str,
    black_id: &'a str,
    variant: &'a str,
    ply: i64,
}

impl<'a> Table<'a> {
    fn of_row(row: &'a GameRow) -> Table<'a> {
        Table {
            id: &row.id,
            white_id: &row.white_id,
            black_id: &row.black_id,
            variant: &row.variant,
            ply: row.ply,
        }
    }

    fn of_detail(detail: &'a GameDetail) -> Table<'a> {
        Table {
            id: &detail.id,
            white_id: &detail.white_id,
            black_id: &detail.black_id,
            variant: detail.variant().as_str(),
            ply: detail.stored_ply(),
        }
    }

    fn color_of(&self, user_id: &str) -> Option<Color> {
        if user_id == self.white_id {
            Some(Color::White)
        } else if user_id == self.black_id {
            Some(Color::Black)
        } else {
            None
        }
    }

    fn id_of(&self, color: Color) -> &'a str {
        color.fold(self.white_id, self.black_id)
    }
}

fn line_of(table: &Table<'_>, row: ChatRow) -> ChatLine {
    ChatLine {
        color: table.color_of(&row.user_id),
        seq: row.seq,
        author: row.author,
        ply: row.ply,
        text: row.body,
        created_at: row.created_at,
    }
}

/// Why `a` may not chat with or challenge `b`, if one blocks the other.
async fn closed_between(
    conn: &mut sqlx::AnyConnection,
    a: &str,
    b: &str,
) -> Result<Option<Closed>, sqlx::Error> {
    let blockers = rows::blockers_between(conn, a, b).await?;
    Ok(if blockers.iter().any(|id| id == a) {
        Some(Closed::YouBlock)
    } else if blockers.is_empty() {
        None
    } else {
        Some(Closed::Blocked)
    })
}

/// The chat of `table` as `viewer` sees it: the lines after number `after` when they may
/// read them, and their note when `with_note` and they play. One statement for the
/// standing (settings, mute, blocks, note, whether there are lines), a second for the
/// lines when there are some.
async fn view(
    conn: &mut sqlx::AnyConnection,
    viewer: Option<&User>,
    table: Table<'_>,
    after: i64,
    with_note: bool,
) -> Result<ChatView, AppError> {
    let color = viewer.and_then(|user| table.color_of(&user.id));
    let player = color.map(|color| (table.id_of(color), table.id_of(color.other())));
    let after = after.max(0);
    let standing = rows::standing(
        conn,
        table.id,
        (table.white_id, table.black_id),
        player,
        after,
    )
    .await?;
    let spectators = standing.white_spectators && standing.black_spectators;
    let readable = color.is_some() || spectators;
    let closed = match color {
        Some(_) if standing.muted => Some(Closed::Muted),
        Some(_) if standing.viewer_blocks => Some(Closed::YouBlock),
        Some(_) if standing.opponent_blocks => Some(Closed::Blocked),
        _ => None,
    };
    let lines = if readable && standing.lines_after {
        rows::lines(conn, table.id, after, MAX_LINES_PER_GAME)
            .await?
            .into_iter()
            .map(|row| line_of(&table, row))
            .collect()
    } else {
        Vec::new()
    };
    let note = (color.is_some() && with_note).then(|| {
        standing
            .note
            .map(|(text, at)| Note {
                text,
                updated_at: Some(at),
            })
            .unwrap_or_default()
    });
    Ok(ChatView {
        viewer: color,
        spectators,
        readable,
        closed,
        lines,
        note,
    })
}

/// The game page's chat and note for `viewer`.
///
/// # Errors
///
/// Database errors.
pub async fn for_page(
    conn: &mut sqlx::AnyConnection,
    viewer: Option<&User>,
    detail: &GameDetail,
) -> Result<ChatView, AppError> {
    view(conn, viewer, Table::of_detail(detail), 0, true).await
}

/// What a spectator (a guest, or a signed-in player who does not play in the game) sees
/// of game `game_id`'s chat, from this instance's fresh snapshot; else the ticket to keep
/// a read of it ([`read_for_spectators`]).
///
/// # Errors
///
/// The ticket, when there is no fresh snapshot.
pub fn spectators_snapshot(state: &Services, game_id: &str) -> Result<Arc<ChatView>, ReadTicket> {
    state.caches.chats.get(game_id)
}

/// Reads what spectators see of `detail`'s chat on `conn` and keeps it as its snapshot,
/// unless a drop came since `ticket`.
///
/// # Errors
///
/// Database errors.
pub async fn read_for_spectators(
    state: &Services,
    conn: &mut sqlx::AnyConnection,
    detail: &GameDetail,
    ticket: ReadTicket,
) -> Result<Arc<ChatView>, AppError> {
    let view = Arc::new(for_page(conn, None, detail).await?);
    let snapshots = &state.caches.chats;
    snapshots.keep(ticket, detail.id.clone(), view.clone());
    Ok(view)
}

/// The chat of game `id` after line number `after` (0: all of it), for `viewer`.
///
/// # Errors
///
/// 404 no such game; 403 `chat_private` when the viewer does not play in it and the
/// players keep the chat to themselves; database errors.
pub async fn read(
    state: &Services,
    viewer: Option<&User>,
    id: &str,
    after: i64,
) -> Result<ChatView, AppError> {
    let row = read::row(state, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    let chat = view(&mut conn, viewer, Table::of_row(&row), after, false).await?;
    if !chat.readable {
        return Err(AppError::forbidden(
            "chat_private",
            "the players of this game keep its chat to themselves",
        ));
    }
    Ok(chat)
}

/// The chat lines that go into the record of `detail` for `viewer`: all of them once the
/// game has ended, when the viewer may read the chat; none while it is going on.
///
/// # Errors
///
/// Database errors.
pub async fn for_record(
    state: &Services,
    viewer: Option<&User>,
    detail: &GameDetail,
) -> Result<Vec<ChatLine>, AppError> {
    if detail.status == GameStatus::Active {
        return Ok(Vec::new());
    }
    let mut conn = state.db.pool.acquire().await?;
    let chat = view(&mut conn, viewer, Table::of_detail(detail), 0, false).await?;
    Ok(chat.lines)
}

fn closed_error(closed: Closed) -> AppError {
    match closed {
        Closed::YouBlock => AppError::forbidden(
            "you_block",
            "you block this player: unblock them to write to them",
        ),
        Closed::Blocked => AppError::forbidden(
            "blocked",
            "this player does not accept messages or challenges from you",
        ),
        Closed::Muted => AppError::forbidden(
            "muted",
            "an administrator has muted you: you cannot write in the chat",
        ),
    }
}

/// Writes `text` in the chat of game `id` as `user`, one of its players; tells the
/// opponent's open game page at once, and leaves them a notice when they are not
/// watching the game.
///
/// # Errors
///
/// 422 `empty_message`, `message_too_long`, `control_character`; 403 `muted` (an
/// administrator muted the writer); 429 `chat_rate_limited`; 404 no such game; 403
/// `not_a_player`, `blocked` (the opponent
/// blocks the writer), `you_block` (the writer blocks the opponent); 409 `chat_full`;
/// database errors.
pub async fn post(
    state: &Services,
    user: &User,
    id: &str,
    text: &str,
) -> Result<ChatLine, AppError> {
    let text = clean(text, TextKind::Line)?;
    {
        let mut conn = state.db.pool.acquire().await?;
        check_may_chat(&mut conn, &user.id).await?;
    }
    state.player_limits.check(PlayerAction::Chat, &user.id)?;
    let row = read::row(state, id).await?;
    let table = Table::of_row(&row);
    let color = table.color_of(&user.id).ok_or_else(|| {
        AppError::forbidden(
            "not_a_player",
            "only the two players write in a game's chat",
        )
    })?;
    let opponent_id = table.id_of(color.other());
    let (spectators, closed) = {
        let mut conn = state.db.pool.acquire().await?;
        let (white, black) =
            rows::spectators_allowed(&mut conn, table.white_id, table.black_id).await?;
        (
            white && black,
            closed_between(&mut conn, &user.id, opponent_id).await?,
        )
    };
    if let Some(closed) = closed {
        return Err(closed_error(closed));
    }
    let watching = crate::events::presence::is_watching(state, opponent_id, id).await?;
    let now = state.now();
    let line = NewLine {
        game_id: id,
        user_id: &user.id,
        ply: table.ply,
        body: &text,
        created_at: now,
    };
    let (seq, noticed, staged) = {
        let mut tx = state.db.begin_write().await?;
        // The counter's update is the transaction's first statement (a write, for
        // SQLite); it holds the game's row until the commit, so lines never collide.
        let seq = match rows::insert_line(&mut tx, &line, MAX_LINES_PER_GAME).await {
            Ok(Some(seq)) => seq,
            Ok(None) => {
                tx.rollback().await?;
                return Err(AppError::conflict(
                    "chat_full",
                    format!("this game's chat holds {MAX_LINES_PER_GAME} lines, its most"),
                ));
            }
            Err(error) => return Err(error.into()),
        };
        let noticed = if watching {
            None
        } else {
            notifications::record(
                &mut tx,
                opponent_id,
                Kind::ChatMessage,
                Link::Game(id),
                json!({"opponent": user.username, "variant": table.variant}),
                now,
            )
            .await?
        };
        let staged = state
            .events
            .stage_chat(
                &mut tx,
                ChatWire {
                    chat: ChatNotice {
                        game_id: id.to_owned(),
                        seq,
                    },
                    players: vec![table.white_id.to_owned(), table.black_id.to_owned()],
                    spectators,
                },
            )
            .await?;
        tx.commit().await?;
        (seq, noticed, staged)
    };
    staged.committed(&state.events);
    if noticed.is_some() {
        state.wake_outbox();
    }
    metrics::counter!("chat_lines_total").increment(1);
    Ok(ChatLine {
        seq,
        author: user.username.clone(),
        color: Some(color),
        ply: table.ply,
        text,
        created_at: now,
    })
}

/// The player's game for notes: 404 no such game, 403 `not_a_player`.
async fn own_game(state: &Services, user: &User, id: &str) -> Result<GameRow, AppError> {
    let row = read::row(state, id).await?;
    if Table::of_row(&row).color_of(&user.id).is_none() {
        return Err(AppError::forbidden(
            "not_a_player",
            "only the players of a game keep notes on it",
        ));
    }
    Ok(row)
}

/// `user`'s note on game `id`.
///
/// # Errors
///
/// 404 no such game; 403 `not_a_player`; database errors.
pub async fn note(state: &Services, user: &User, id: &str) -> Result<Note, AppError> {
    own_game(state, user, id).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::note(&mut conn, id, &user.id)
        .await?
        .map(|(text, at)| Note {
            text,
            updated_at: Some(at),
        })
        .unwrap_or_default())
}

/// Saves `user`'s note on game `id` (empty: deletes it).
///
/// # Errors
///
/// 422 `note_too_long`, `control_character`; 429 `rate_limited`; 404 no such game; 403
/// `not_a_player`; database errors.
pub async fn save_note(
    state: &Services,
    user: &User,
    id: &str,
    text: &str,
) -> Result<Note, AppError> {
    let text = clean(text, TextKind::Note)?;
    state
        .player_limits
        .check(PlayerAction::SaveNote, &user.id)?;
    own_game(state, user, id).await?;
    let now = state.now();
    let mut conn = state.db.pool.acquire().await?;
    rows::save_note(&mut conn, id, &user.id, &text, now).await?;
    state
        .events
        .stage_users_changed(&mut conn, &[&user.id])
        .await?
        .committed(&state.events);
    Ok(Note {
        updated_at: (!text.is_empty()).then_some(now),
        text,
    })
}

/// Whether `user` lets spectators read the chat of their games.
///
/// # Errors
///
/// 401 when the account is gone; database errors.
pub async fn spectators_setting(state: &Services, user: &User) -> Result<bool, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    rows::chat_spectators(&mut conn, &user.id)
        .await?
        .ok_or_else(|| AppError::Unauthenticated("the account is gone".to_owned()))
}

/// Sets whether `user` lets spectators read the chat of their games.
///
/// # Errors
///
/// Database errors.
pub async fn set_spectators(state: &Services, user: &User, on: bool) -> Result<bool, AppError> {
    let mut tx = state.db.begin_write().await?;
    rows::set_chat_spectators(&mut tx, &user.id, on).await?;
    // Who may read the chat of the player's games changes: every instance drops what
    // spectators saw of it.
    let flush = state.events.stage_flush(&mut tx).await?;
    tx.commit().await?;
    flush.committed(&state.events);
    Ok(on)
}

/// The players `user` blocks, by name.
///
/// # Errors
///
/// Database errors.
pub async fn blocks(state: &Services, user: &User) -> Result<Vec<Block>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(rows::blocked_by(&mut conn, &user.id)
        .await?
        .into_iter()
        .map(|(username, created_at)| Block {
            username,
            created_at,
        })
        .collect())
}

/// Whether `user` blocks the player `other_id`.
///
/// # Errors
///
/// Database errors.
pub async fn blocks_player(
    state: &Services,
    user: &User,
    other_id: &str,
) -> Result<bool, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(closed_between(&mut conn, &user.id, other_id).await? == Some(Closed::YouBlock))
}

async fn player_named(
    conn: &mut sqlx::AnyConnection,
    name: &str,
) -> Result<users::UserRow, AppError> {
    users::by_name(conn, name.trim())
        .await?
        .ok_or(AppError::NotFound("player"))
}

/// `user` blocks the player called `name` (again is fine): the challenges the two
/// addressed to each other are cancelled. Returns the block and whether it is new.
///
/// # Errors
///
/// 404 no such player; 422 `block_yourself`; 409 `too_many_blocks`; database errors.
pub async fn block(state: &Services, user: &User, name: &str) -> Result<(Block, bool), AppError> {
    let now = state.now();
    let mut conn = state.db.pool.acquire().await?;
    let other = player_named(&mut conn, name).await?;
    if other.id == user.id {
        return Err(AppError::invalid(
            "block_yourself",
            "you cannot block yourself",
        ));
    }
    if rows::count_blocks(&mut conn, &user.id).await? >= MAX_BLOCKS {
        return Err(AppError::conflict(
            "too_many_blocks",
            format!("you block {MAX_BLOCKS} players, the most: unblock one first"),
        ));
    }
    drop(conn);
    let mut tx = state.db.begin_write().await?;
    let new = rows::block(&mut tx, &user.id, &other.id, now).await?;
    rows::cancel_challenges_between(&mut tx, &user.id, &other.id).await?;
    // Both players' chats close.
    let told = state
        .events
        .stage_users_changed(&mut tx, &[&user.id, &other.id])
        .await?;
    tx.commit().await?;
    told.committed(&state.events);
    let created_at = if new {
        now
    } else {
        let mut conn = state.db.pool.acquire().await?;
        rows::blocked_by(&mut conn, &user.id)
            .await?
            .into_iter()
            .find(|(username, _)| *username == other.username)
            .map_or(now, |(_, at)| at)
    };
    Ok((
        Block {
            username: other.username,
            created_at,
        },
        new,
    ))
}

/// `user` unblocks the player called `name`.
///
/// # Errors
///
/// 404 no such player, or `user` does not block them; database errors.
pub async fn unblock(state: &Services, user: &User, name: &str) -> Result<(), AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let other = player_named(&mut conn, name).await?;
    if rows::unblock(&mut conn, &user.id, &other.id).await? {
        state
            .events
            .stage_users_changed(&mut conn, &[&user.id, &other.id])
            .await?
            .committed(&state.events);
        Ok(())
    } else {
        Err(AppError::NotFound("block"))
    }
}

/// Refuses a challenge between `challenger_id` and `opponent_id` when one blocks the
/// other (in the caller's connection or transaction).
///
/// # Errors
///
/// 403 `blocked` (the opponent blocks the challenger) or `you_block`; database errors.
pub async fn check_challenge(
    conn: &mut sqlx::AnyConnection,
    challenger_id: &str,
    opponent_id: &str,
) -> Result<(), AppError> {
    match closed_between(conn, challenger_id, opponent_id).await? {
        Some(closed) => Err(closed_error(closed)),
        None => Ok(()),
    }
}

/// Everyone `user_id` blocks or is blocked by (their open challenges are hidden from
/// each other).
///
/// # Errors
///
/// Database errors.
pub async fn block_partners(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
) -> Result<std::collections::HashSet<String>, AppError> {
    Ok(rows::block_partners(conn, user_id)
        .await?
        .into_iter()
        .collect())
}

/// 403 `muted` when `user_id` may not write chat lines.
///
/// # Errors
///
/// 403 `muted`; database errors.
pub async fn check_may_chat(conn: &mut sqlx::AnyConnection, user_id: &str) -> Result<(), AppError> {
    if store::moderation::is_muted(conn, user_id).await? {
        Err(AppError::forbidden(
            "muted",
            "an administrator has muted you: you cannot write in the chat",
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
