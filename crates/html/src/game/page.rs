//! `GET /games/{id}`: the game page, kept rendered for a second per viewer and address
//! while what it was built from is still current.

use std::sync::Arc;

use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{Html, IntoResponse, Response},
};

use super::{
    chat_section::ChatSection,
    conditional_section::ConditionalSection,
    image,
    parts::GameQuery,
    view::build_page,
    viewer::{PageSources, ViewerExtras, game_and_extras, has_notices_to_read, viewer_key},
};
use crate::{Ctx, PendingCtx, render, render_html};
use domain::{Services, game::snapshots::RenderedGamePage};
use edge::extract::{Path, Query};
use vocab::error::AppError;

/// `GET /games/{id}`: the page; and `GET /games/{id}.svg`, the image's first address,
/// handed to [`image::image`] (the router cannot match a suffix after a parameter).
pub(crate) async fn page(
    State(state): State<Services>,
    ctx: PendingCtx,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(mut query): Query<GameQuery>,
    Query(params): Query<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    if let Some(id) = id.strip_suffix(".svg") {
        let view = image::ImageQuery {
            ply: query.ply,
            flip: query.flip,
        };
        return image::image(State(state), Path(id.to_owned()), Query(view)).await;
    }
    query.params = params;
    // A page the player opens (not the script fetching it again for a live change)
    // reads the game's notices.
    let opened = headers
        .get("sec-fetch-mode")
        .and_then(|mode| mode.to_str().ok())
        .is_none_or(|mode| mode == "navigate");
    let now = state.now();
    let pages = &state.caches.game_pages;
    let kept = rendered_key(&ctx, &id).map(|(key, viewer)| {
        let current = |page: &RenderedGamePage| {
            still_current(&state, &id, &viewer, page, now)
                && !page
                    .viewer
                    .as_ref()
                    .is_some_and(|kept| has_notices_to_read(kept, opened))
        };
        (pages.get_if(key.as_str(), current), key)
    });
    let ticket = match kept {
        Some((Ok(page), _)) => return Ok(Html(page.html.clone()).into_response()),
        Some((Err(ticket), key)) => Some((ticket, key)),
        None => None,
    };
    let (ctx, detail, mut extras, sources) = game_and_extras(&state, ctx, &id, opened).await?;
    extras.chat.note_saved = query.saved.as_deref() == Some("note") && extras.chat.note.is_some();
    let page = build_page(&state, ctx, &detail, &query, String::new(), extras)?;
    let (viewer, chat) = match sources {
        PageSources::Viewer(viewer, chat) => (Some(viewer), chat),
        PageSources::Guest(chat) => (None, Some(chat)),
        PageSources::Read => return render(&page),
    };
    let Some((ticket, key)) = ticket else {
        return render(&page);
    };
    let html = Bytes::from(render_html(&page)?);
    let rendered = RenderedGamePage {
        detail,
        viewer,
        chat,
        now,
        html: html.clone(),
    };
    pages.keep(ticket, key, Arc::new(rendered));
    Ok(Html(html).into_response())
}

/// The key of a game page among the rendered ones: the viewer (the session's kept page
/// key, or every guest), the language, the time zone and the address; with the session's viewer key.
/// `None` for a page not kept (signed in by an API token, or a long address).
fn rendered_key(ctx: &PendingCtx, id: &str) -> Option<(String, Option<String>)> {
    const MAX_ADDRESS: usize = 160;
    let here = ctx.here();
    if here.len() > MAX_ADDRESS {
        return None;
    }
    let viewer = match ctx {
        PendingCtx::Session { token, .. } => Some(viewer_key(token, id)),
        PendingCtx::Ready(ctx) if ctx.user.is_none() => None,
        PendingCtx::Ready(_) => return None,
    };
    let key = format!(
        "{} {} {} {here}",
        viewer.as_deref().unwrap_or("guest"),
        ctx.t().lang.code(),
        ctx.zone().name()
    );
    Some((key, viewer))
}

/// Whether `page` is what rendering game `id` for its viewer at `now` would give again:
/// rendered in this second from the snapshots that are still the fresh ones.
fn still_current(
    state: &Services,
    id: &str,
    viewer_key: &Option<String>,
    page: &RenderedGamePage,
    now: i64,
) -> bool {
    let snapshots = &state.caches;
    page.now == now
        && snapshots
            .games
            .get(id)
            .is_ok_and(|detail| Arc::ptr_eq(&detail, &page.detail))
        && match (&page.viewer, viewer_key) {
            (None, None) => true,
            (Some(kept), Some(key)) => snapshots
                .viewers
                .get(key.as_str())
                .is_ok_and(|current| Arc::ptr_eq(&current, kept)),
            _ => false,
        }
        && page.chat.as_ref().is_none_or(|kept| {
            snapshots
                .chats
                .get(id)
                .is_ok_and(|current| Arc::ptr_eq(&current, kept))
        })
}

/// The game page of `id` at `status`, its viewer's extras changed by `adjust`.
pub(super) async fn page_with(
    state: &Services,
    ctx: Ctx,
    id: &str,
    status: StatusCode,
    adjust: impl FnOnce(&mut ViewerExtras),
) -> Result<Response, AppError> {
    let (ctx, detail, mut extras, _) =
        game_and_extras(state, PendingCtx::Ready(ctx), id, true).await?;
    adjust(&mut extras);
    let page = build_page(
        state,
        ctx,
        &detail,
        &GameQuery::default(),
        String::new(),
        extras,
    )?;
    Ok((status, render(&page)?).into_response())
}

/// The game page of `id` at `status`, its chat section changed by `adjust` (a refused
/// line or note), for the chat's forms.
pub(crate) async fn page_with_chat(
    state: &Services,
    ctx: Ctx,
    id: &str,
    status: StatusCode,
    adjust: impl FnOnce(&mut ChatSection),
) -> Result<Response, AppError> {
    page_with(state, ctx, id, status, |extras| adjust(&mut extras.chat)).await
}

/// The game page of `id` at `status`, its conditional section changed by `adjust` (a
/// refused line), for the conditional forms.
pub(crate) async fn page_with_conditional(
    state: &Services,
    ctx: Ctx,
    id: &str,
    status: StatusCode,
    adjust: impl FnOnce(&mut ConditionalSection),
) -> Result<Response, AppError> {
    page_with(state, ctx, id, status, |extras| {
        adjust(&mut extras.conditional);
    })
    .await
}
