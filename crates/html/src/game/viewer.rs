//! What the game page shows its viewer besides the game (the chat and their notes, their
//! conditional lines, their next game and playing settings), read with the game: from
//! the kept pages and snapshots when fresh, else on one pooled connection.

use std::sync::Arc;

use sqlx::AnyConnection;

use super::{
    chat_section::{self as chat, ChatSection},
    conditional_section::{self as conditional, ConditionalSection},
};
use crate::{Ctx, PendingCtx};
use domain::{
    Services,
    accounts::{HeaderCounts, User},
    chat::{self as domain_chat, ChatView},
    game::{
        self, GameDetail, GameStatus,
        snapshots::{SignedIn, ViewerPage},
    },
    settings::{self, GamePageViewer, PlaySettings},
};
use vocab::{error::AppError, i18n::Tr};

/// What the game page shows for the viewer besides the game: the chat (and their notes),
/// and when signed in their next game and their playing settings.
#[derive(Debug, Clone, Default)]
pub(super) struct ViewerExtras {
    /// The next game where it is the viewer's turn.
    pub(super) next_game: Option<String>,
    /// The viewer's playing settings.
    pub(super) play: PlaySettings,
    /// The chat and the viewer's notes.
    pub(super) chat: ChatSection,
    /// The viewer's conditional lines (everyone's once the game has ended).
    pub(super) conditional: ConditionalSection,
}

/// Game `id` and what its page shows `ctx`'s viewer besides, with the viewer's context.
/// A session cookie's page is kept warm per session and game ([`ViewerPage`]) until
/// something it shows changes, and read otherwise on one pooled connection, the session
/// in the same statement as the viewer's settings. A spectator's chat (the same for every
/// viewer who does not play) comes from the snapshots when fresh. So a page whose game
/// was shown in the last second, to a guest or to a session seen before, needs no
/// connection at all. A page the
/// player `opened` (not fetched again by the script) marks their notices of the game read.
pub(super) async fn game_and_extras(
    state: &Services,
    ctx: PendingCtx,
    id: &str,
    opened: bool,
) -> Result<(Ctx, Arc<GameDetail>, ViewerExtras, PageSources), AppError> {
    let mut ctx = match ctx {
        PendingCtx::Ready(ctx) => ctx,
        PendingCtx::Session { ref token, .. } => {
            let key = viewer_key(token, id);
            let viewers = &state.caches.viewers;
            let now = state.now();
            let kept = viewers.get_if(key.as_str(), |page| {
                page.expires_at > now && !has_notices_to_read(page, opened)
            });
            let ticket = match kept {
                Ok(page) => {
                    let (detail, extras, chat) =
                        kept_viewer_game_and_extras(state, ctx.t(), &page, id).await?;
                    let viewer = Some((page.user.clone(), page.counts));
                    let sources = PageSources::Viewer(page, chat);
                    return Ok((ctx.resolve(viewer), detail, extras, sources));
                }
                Err(ticket) => ticket,
            };
            // The session is read with the page: kept for the viewer's other pages too,
            // unless it is kept already.
            let session_hash = session_of(&key).to_owned();
            let sessions = &state.caches.sessions;
            let session_ticket = sessions.get(session_hash.as_str()).err();
            let mut conn = state.db.pool.acquire().await?;
            if let Some((session, mut viewer)) =
                settings::game_page_session(&mut conn, token, id, now).await?
            {
                let SignedIn {
                    user,
                    mut counts,
                    expires_at,
                } = session;
                if opened {
                    read_notices_here(state, &mut conn, &user, &mut counts, &mut viewer, id)
                        .await?;
                }
                let (detail, extras, chat) =
                    signed_in_game_and_extras(state, ctx.t(), &user, &mut conn, viewer.clone(), id)
                        .await?;
                let (own_chat, spectators) = match chat {
                    Shown::Own(own) => (Some(own), None),
                    Shown::Spectators(view) => (None, Some(view)),
                };
                let page = Arc::new(ViewerPage {
                    user,
                    counts,
                    viewer,
                    own_chat,
                    expires_at,
                });
                let viewer = Some((page.user.clone(), counts));
                viewers.keep(ticket, key, page.clone());
                if let Some(ticket) = session_ticket {
                    let session = SignedIn {
                        user: page.user.clone(),
                        counts,
                        expires_at,
                    };
                    sessions.keep(ticket, session_hash, Arc::new(session));
                }
                let sources = PageSources::Viewer(page, spectators);
                return Ok((ctx.resolve(viewer), detail, extras, sources));
            }
            ctx.resolve(None)
        }
    };
    let (detail, extras, sources) = match ctx.user.as_ref() {
        Some(user) => {
            let mut conn = state.db.pool.acquire().await?;
            let mut viewer = settings::game_page_viewer(&mut conn, user, id).await?;
            let mut counts = HeaderCounts {
                your_turn: ctx.your_turn,
                unread: ctx.unread,
                open_reports: ctx.open_reports,
            };
            if opened {
                read_notices_here(state, &mut conn, user, &mut counts, &mut viewer, id).await?;
                ctx.unread = counts.unread;
            }
            let (detail, extras, _) =
                signed_in_game_and_extras(state, &ctx.t, user, &mut conn, viewer, id).await?;
            (detail, extras, PageSources::Read)
        }
        None => {
            let (detail, extras, chat) = guest_game_and_extras(state, &ctx.t, id).await?;
            (detail, extras, PageSources::Guest(chat))
        }
    };
    Ok((ctx, detail, extras, sources))
}

/// Whether a kept page of this viewer can no longer serve: the player `opened` the game,
/// which reads its notices, and the page was kept with some of them unread.
pub(super) fn has_notices_to_read(page: &ViewerPage, opened: bool) -> bool {
    opened && page.viewer.unread_here > 0
}

/// Opening a game reads its notices: marks the viewer's unread ones of game `id` read (when
/// the page's read found any) and takes them off the bell's count.
async fn read_notices_here(
    state: &Services,
    conn: &mut sqlx::AnyConnection,
    user: &User,
    counts: &mut HeaderCounts,
    viewer: &mut GamePageViewer,
    id: &str,
) -> Result<(), AppError> {
    if viewer.unread_here > 0 {
        let read = domain::notifications::read_game(state, conn, user, id).await?;
        counts.unread = (counts.unread - i64::try_from(read).unwrap_or(0)).max(0);
        viewer.unread_here = 0;
    }
    Ok(())
}

/// What a game page's viewer and chat were built from besides the game, to tell whether
/// the page may be kept rendered ([`RenderedGamePage`]).
pub(super) enum PageSources {
    /// A session's kept page, and the spectators' chat when they do not play.
    Viewer(Arc<ViewerPage>, Option<Arc<ChatView>>),
    /// A guest: the spectators' chat.
    Guest(Arc<ChatView>),
    /// Read for this request alone (an API token, or a session that ended): not kept.
    Read,
}

/// The chat a signed-in viewer was shown: their own view as a player, else the
/// spectators'.
enum Shown {
    Own(ChatView),
    Spectators(Arc<ChatView>),
}

/// The key of session `token`'s page of game `id` among the kept [`ViewerPage`]s: the
/// token's hash (as stored), never the token itself.
pub(super) fn viewer_key(token: &str, id: &str) -> String {
    let mut key = domain::accounts::token_hash(token);
    key.push('/');
    key.push_str(id);
    key
}

/// The session's token hash in a [`viewer_key`] (its key among the kept sessions).
fn session_of(viewer_key: &str) -> &str {
    viewer_key
        .split_once('/')
        .map_or(viewer_key, |(hash, _)| hash)
}

/// [`game_and_extras`] for the signed-in `user`, whose [`GamePageViewer`] was read on
/// `conn`, which reads the rest; with the player's own view of the chat, to keep.
async fn signed_in_game_and_extras(
    state: &Services,
    t: &Tr,
    user: &User,
    conn: &mut AnyConnection,
    viewer: GamePageViewer,
    id: &str,
) -> Result<(Arc<GameDetail>, ViewerExtras, Shown), AppError> {
    let detail = game::shown_on(state, conn, id).await?;
    let (chat, shown) = if detail.color_of(&user.id).is_some() {
        let own = domain_chat::for_page(conn, Some(user), &detail).await?;
        (chat::section(t, &detail, &own), Shown::Own(own))
    } else {
        let view = match domain_chat::spectators_snapshot(state, &detail.id) {
            Ok(view) => view,
            Err(ticket) => domain_chat::read_for_spectators(state, conn, &detail, ticket).await?,
        };
        (chat::section(t, &detail, &view), Shown::Spectators(view))
    };
    let none_held = none_held(&detail, &viewer);
    let conditional = conditional::load(conn, t, Some(user), &detail, none_held)
        .await?
        .with_repertoire(viewer.repertoire_here);
    let extras = ViewerExtras {
        next_game: viewer.next_game,
        play: viewer.play,
        chat,
        conditional,
    };
    Ok((detail, extras, shown))
}

/// Whether the signed-in viewer of `detail` is known to see no conditional line: while
/// the game goes on they see only their own; after it, everyone's (which no longer
/// change, so the snapshot's count is right).
fn none_held(detail: &GameDetail, viewer: &GamePageViewer) -> bool {
    if detail.status == GameStatus::Active {
        viewer.conditional_lines == 0
    } else {
        detail.conditional_lines == 0
    }
}

/// [`game_and_extras`] for a kept [`ViewerPage`]: a connection only for what the
/// snapshots lack (the game or the spectators' chat when not fresh, conditional lines
/// when there are some).
async fn kept_viewer_game_and_extras(
    state: &Services,
    t: &Tr,
    page: &ViewerPage,
    id: &str,
) -> Result<(Arc<GameDetail>, ViewerExtras, Option<Arc<ChatView>>), AppError> {
    let detail = game::shown(state, id).await?;
    let mut conn = None;
    let (chat, spectators) = match &page.own_chat {
        Some(own) => (chat::section(t, &detail, own), None),
        None => {
            let view = match domain_chat::spectators_snapshot(state, &detail.id) {
                Ok(view) => view,
                Err(ticket) => {
                    let conn = conn.insert(state.db.pool.acquire().await?);
                    domain_chat::read_for_spectators(state, conn, &detail, ticket).await?
                }
            };
            (chat::section(t, &detail, &view), Some(view))
        }
    };
    let conditional = if none_held(&detail, &page.viewer) {
        conditional::section(t, &detail, detail.color_of(&page.user.id), Vec::new())
    } else {
        let conn = match &mut conn {
            Some(conn) => conn,
            empty => empty.insert(state.db.pool.acquire().await?),
        };
        conditional::load(conn, t, Some(&page.user), &detail, false).await?
    }
    .with_repertoire(page.viewer.repertoire_here);
    let extras = ViewerExtras {
        next_game: page.viewer.next_game.clone(),
        play: page.viewer.play,
        chat,
        conditional,
    };
    Ok((detail, extras, spectators))
}

/// [`game_and_extras`] for a guest: a connection only for what the snapshots lack.
async fn guest_game_and_extras(
    state: &Services,
    t: &Tr,
    id: &str,
) -> Result<(Arc<GameDetail>, ViewerExtras, Arc<ChatView>), AppError> {
    let detail = game::shown(state, id).await?;
    // A guest holds no conditional lines; once the game is over they see everyone's.
    let none_held = detail.status == GameStatus::Active || detail.conditional_lines == 0;
    let snapshot = domain_chat::spectators_snapshot(state, &detail.id);
    let (view, conditional) = match (snapshot, none_held) {
        (Ok(view), true) => (view, conditional::section(t, &detail, None, Vec::new())),
        (snapshot, _) => {
            let mut conn = state.db.pool.acquire().await?;
            let view = match snapshot {
                Ok(view) => view,
                Err(ticket) => {
                    domain_chat::read_for_spectators(state, &mut conn, &detail, ticket).await?
                }
            };
            let conditional = conditional::load(&mut conn, t, None, &detail, none_held).await?;
            (view, conditional)
        }
    };
    let extras = ViewerExtras {
        chat: chat::section(t, &detail, &view),
        conditional,
        ..ViewerExtras::default()
    };
    Ok((detail, extras, view))
}
