//! The game page: the board, the record, the actions allowed now, replay; the move and
//! action forms; the records (PGN for chess, plain text otherwise) and the SVG image.

use std::sync::Arc;

use askama::Template;
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use rules::{AnyGame, Color, Family, GameResult, Variant};
use serde::Deserialize;
use sqlx::AnyConnection;

use crate::{
    Ctx, Form, PendingCtx,
    board::{self, BoardForm, BoardOptions, color_key, side_key},
    chat::{self, ChatSection},
    conditional::{self, ConditionalSection},
    format::{
        Countdown, clock_text, computer_badge, result_text, stop_text, time_left, variant_key,
    },
    render, render_html, see_other, svg,
};
use domain::game::export::numbered_line;
use domain::{
    Services,
    accounts::{AccountKind, User},
    chat::{self as domain_chat, ChatView},
    computer,
    game::{
        self, EndReason, GameAction, GameDetail, GameSource, GameStatus, TimeControl,
        actions::{MAX_PAUSES, MAX_TIME_GIFTS},
        snapshots::{RenderedGamePage, ViewerPage},
        time_control::bank_index,
    },
    ratings::SideChange,
    settings::{self, AfterMove, GamePageViewer, PlaySettings},
};
use edge::extract::{Path, Query};
use vocab::clock::deadline_text;
use vocab::{error::AppError, i18n::Tr};

/// The game page's query.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct GameQuery {
    /// Show the position after this many moves.
    ply: Option<u32>,
    /// Turn the board around.
    flip: Option<String>,
    /// Chess Reversi: shade attacked squares.
    attacks: Option<String>,
    /// `resign`: ask for confirmation.
    confirm: Option<String>,
    /// `note`: the viewer's note was just saved.
    saved: Option<String>,
    /// Every parameter, for the board: the selection so far is kept in parameters named
    /// after the game's input steps (`from=e2`, `piece=Q`).
    #[serde(skip)]
    params: Vec<(String, String)>,
}

/// One numbered line of the move list.
#[derive(Debug, Clone)]
pub struct MovePair {
    /// The move number.
    pub number: usize,
    /// White's move: (text, link, shown now).
    pub white: (String, String, bool),
    /// Black's move, if played.
    pub black: Option<(String, String, bool)>,
}

/// A replay link.
#[derive(Debug, Clone)]
pub struct ReplayLink {
    /// The translation key of its text.
    pub key: &'static str,
    /// `first`, `prev`, `next` or `last`: the script follows it on Home, the left arrow,
    /// the right arrow or End.
    pub nav: &'static str,
    /// The link (empty when it goes nowhere).
    pub href: String,
}

/// An action button: where it posts and its translated text.
#[derive(Debug, Clone)]
pub struct ActionButton {
    /// The action's name in the URL (`resign`, `draw-offer`, …).
    pub action: &'static str,
    /// The button text.
    pub text: String,
}

/// One player's clock on the game page.
#[derive(Debug, Clone)]
pub struct ClockLine {
    /// The colour's name.
    pub color: String,
    /// The time left in words (empty when untimed).
    pub text: String,
    /// The countdown, while the clock runs.
    pub countdown: Option<Countdown>,
    /// Why the clock stands still on the player's turn ("Weekend", "On vacation until
    /// …"), empty when it does not.
    pub stopped: String,
}

fn clock_lines(t: &Tr, detail: &GameDetail, now: i64) -> Vec<ClockLine> {
    if detail.status != GameStatus::Active || detail.time_control == TimeControl::Untimed {
        return Vec::new();
    }
    [Color::White, Color::Black]
        .into_iter()
        .map(|color| {
            let clock = detail.clock_of(color, now);
            let countdown = match (clock.running, clock.left) {
                (true, Some(left)) => Some(Countdown::of(t, left, clock.stops_in)),
                _ => None,
            };
            ClockLine {
                color: t.get(side_key(color)).to_owned(),
                text: clock
                    .left
                    .map_or_else(String::new, |left| time_left(t, left)),
                countdown,
                stopped: clock
                    .stopped
                    .map_or_else(String::new, |stop| stop_text(t, stop)),
            }
        })
        .collect()
}

#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    ctx: Ctx,
    id: String,
    /// The tournament's page for a tournament game; else empty.
    tournament_href: String,
    variant_id: &'static str,
    variant: String,
    white: String,
    black: String,
    /// "computer, level 3" beside White's name when White is the computer; else empty.
    white_badge: String,
    /// The same for Black.
    black_badge: String,
    /// Whether a bot plays White's account (shown as BOT).
    white_bot: bool,
    /// Whether a bot plays Black's account.
    black_bot: bool,
    status: String,
    deadline: String,
    time_control: String,
    /// Said of a serial timeout, empty otherwise.
    serial_timeout: String,
    clocks: Vec<ClockLine>,
    scores: String,
    draw_offer: String,
    message: String,
    moves: Vec<MovePair>,
    /// The board, rendered ([`rendered_board`]).
    board: Arc<String>,
    replay: Vec<ReplayLink>,
    /// "You are viewing move 12… e5 (23 of 40)" when the page shows an earlier
    /// position than the live one; empty otherwise.
    viewing: String,
    /// The live position's page (the banner's way back).
    live_href: String,
    /// The analysis board from the position shown.
    analysis_href: String,
    actions: Vec<ActionButton>,
    confirm_resign: bool,
    resign_href: String,
    live_ply: u32,
    /// The live state's id, as the event stream names it.
    live_state: String,
    record_href: String,
    svg_href: String,
    /// "rated" or "casual", translated.
    kind: String,
    /// White's rating change ("1500? → 1512? (+12)"), once rated.
    white_rating: String,
    /// Black's.
    black_rating: String,
    /// The next game where it is the viewer's turn (its id), empty when there is none.
    next_game: String,
    /// The script asks for Confirm before it sends a move chosen on the board.
    confirm_moves: bool,
    /// It is the viewer's turn in the game (whatever move the page shows): the title
    /// says so.
    your_turn: bool,
    /// Said when the move shown was a forced pass ("Black had no legal move and passed:
    /// White moves again."), empty otherwise.
    pass: String,
    /// What the script reads out (through the page's live region) when it swaps this
    /// game in: the last move, a pass, whose turn or the result.
    announce: String,
    /// The chat and the viewer's notes (outside the part the script swaps in).
    chat: ChatSection,
    /// The viewer's conditional lines (everyone's once the game has ended).
    conditional: ConditionalSection,
}

/// What the game page shows for the viewer besides the game: the chat (and their notes),
/// and when signed in their next game and their playing settings.
#[derive(Debug, Clone, Default)]
struct ViewerExtras {
    next_game: Option<String>,
    play: PlaySettings,
    chat: ChatSection,
    conditional: ConditionalSection,
}

/// Game `id` and what its page shows `ctx`'s viewer besides, with the viewer's context.
/// A session cookie's page is kept for a second per session and game
/// ([`ViewerPage`]), and read otherwise on one pooled connection, the session in the
/// same statement as the viewer's settings. A spectator's chat (the same for every
/// viewer who does not play) comes from the snapshots when fresh. So a page shown in the
/// last second, to a guest or to the same session, needs no connection at all.
async fn game_and_extras(
    state: &Services,
    ctx: PendingCtx,
    id: &str,
) -> Result<(Ctx, Arc<GameDetail>, ViewerExtras, PageSources), AppError> {
    let ctx = match ctx {
        PendingCtx::Ready(ctx) => ctx,
        PendingCtx::Session { ref token, .. } => {
            let key = viewer_key(token, id);
            let viewers = &state.events.snapshots().viewers;
            let ticket = match viewers.get(key.as_str()) {
                Ok(page) => {
                    let (detail, extras, chat) =
                        kept_viewer_game_and_extras(state, ctx.t(), &page, id).await?;
                    let viewer = Some((page.user.clone(), page.counts));
                    let sources = PageSources::Viewer(page, chat);
                    return Ok((ctx.resolve(viewer), detail, extras, sources));
                }
                Err(ticket) => ticket,
            };
            let mut conn = state.db.pool.acquire().await?;
            if let Some((user, counts, viewer)) =
                settings::game_page_session(&mut conn, token, id, state.now()).await?
            {
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
                });
                let viewer = Some((page.user.clone(), counts));
                viewers.keep(ticket, key, page.clone());
                let sources = PageSources::Viewer(page, spectators);
                return Ok((ctx.resolve(viewer), detail, extras, sources));
            }
            ctx.resolve(None)
        }
    };
    let (detail, extras, sources) = match ctx.user.as_ref() {
        Some(user) => {
            let mut conn = state.db.pool.acquire().await?;
            let viewer = settings::game_page_viewer(&mut conn, user, id).await?;
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

/// What a game page's viewer and chat were built from besides the game, to tell whether
/// the page may be kept rendered ([`RenderedGamePage`]).
enum PageSources {
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
fn viewer_key(token: &str, id: &str) -> String {
    let mut key = domain::accounts::token_hash(token);
    key.push('/');
    key.push_str(id);
    key
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
        (chat::section(t, &detail, own.clone()), Shown::Own(own))
    } else {
        let view = match domain_chat::spectators_snapshot(state, &detail.id) {
            Ok(view) => view,
            Err(ticket) => domain_chat::read_for_spectators(state, conn, &detail, ticket).await?,
        };
        (
            chat::section(t, &detail, (*view).clone()),
            Shown::Spectators(view),
        )
    };
    let none_held = none_held(&detail, &viewer);
    let conditional = conditional::load(conn, t, Some(user), &detail, none_held).await?;
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
    let (view, spectators) = match &page.own_chat {
        Some(own) => (own.clone(), None),
        None => {
            let view = match domain_chat::spectators_snapshot(state, &detail.id) {
                Ok(view) => view,
                Err(ticket) => {
                    let conn = conn.insert(state.db.pool.acquire().await?);
                    domain_chat::read_for_spectators(state, conn, &detail, ticket).await?
                }
            };
            ((*view).clone(), Some(view))
        }
    };
    let plays = detail.color_of(&page.user.id).is_some();
    let conditional = if none_held(&detail, &page.viewer) {
        conditional::section(t, &detail, plays, Vec::new())
    } else {
        let conn = match &mut conn {
            Some(conn) => conn,
            empty => empty.insert(state.db.pool.acquire().await?),
        };
        conditional::load(conn, t, Some(&page.user), &detail, false).await?
    };
    let extras = ViewerExtras {
        next_game: page.viewer.next_game.clone(),
        play: page.viewer.play,
        chat: chat::section(t, &detail, view),
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
        (Ok(view), true) => (view, conditional::section(t, &detail, false, Vec::new())),
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
        chat: chat::section(t, &detail, (*view).clone()),
        conditional,
        ..ViewerExtras::default()
    };
    Ok((detail, extras, view))
}

/// A player's rating change as the game page shows it.
fn change_text(side: SideChange) -> String {
    format!(
        "{} \u{2192} {} ({})",
        side.before.display(),
        side.after.display(),
        side.signed()
    )
}

fn end_text(t: &Tr, detail: &GameDetail) -> String {
    match detail.status {
        GameStatus::Active => String::new(),
        GameStatus::Aborted => t.get("game.aborted").to_owned(),
        GameStatus::Finished => t.fmt(
            "game.result",
            &[
                (
                    "outcome",
                    &outcome_text(t, detail.result, detail.end_reason),
                ),
                ("result", result_text(detail.result)),
            ],
        ),
    }
}

/// Who won and how, in words: `Black won by checkmate`, `Draw by agreement`, `White won
/// on time`; a reason without words of its own is named in brackets.
#[must_use]
pub fn outcome_text(t: &Tr, result: Option<GameResult>, reason: Option<EndReason>) -> String {
    let reason = reason.map_or("normal", EndReason::as_str);
    let reason_key = format!("end.{reason}");
    let reason_words = if t.has(&reason_key) {
        t.get(&reason_key)
    } else {
        reason
    };
    let (kind, winner) = match result {
        Some(GameResult::WhiteWins) => ("win", Some(Color::White)),
        Some(GameResult::BlackWins) => ("win", Some(Color::Black)),
        Some(GameResult::Draw) | None => ("draw", None),
    };
    let key = format!("result.{kind}.{reason}");
    let key = if t.has(&key) {
        key
    } else {
        format!("result.{kind}.other")
    };
    let winner = winner.map_or("", |color| t.get(side_key(color)));
    t.fmt(&key, &[("winner", winner), ("reason", reason_words)])
}

/// The words for a forced pass, when `last` (the move that led to `shown`) is one: the
/// side that passed is the one not to move now.
fn pass_text(t: &Tr, shown: &AnyGame, last: Option<&rules::PlayedMove>) -> String {
    let passed = last.is_some_and(|played| played.text == "pass");
    match (passed, shown.to_move()) {
        (true, Some(next)) => t.fmt(
            "game.passed",
            &[
                ("color", t.get(color_key(next.other()))),
                ("other", t.get(color_key(next))),
            ],
        ),
        _ => String::new(),
    }
}

/// Discs or points of both sides in `game` ("Discs: White 12, Black 9"), empty in chess.
pub(crate) fn scores_text(t: &Tr, game: &AnyGame) -> String {
    game.scores().map_or_else(String::new, |scores| {
        let key = if game.family() == Family::Reversi {
            "game.scores_discs"
        } else {
            "game.scores_points"
        };
        t.fmt(
            key,
            &[
                ("white", &scores.white.to_string()),
                ("black", &scores.black.to_string()),
            ],
        )
    })
}

/// The replay banner: which position of the record the page shows.
fn viewing_text(t: &Tr, record: &[rules::PlayedMove], shown_ply: u32, live_ply: u32) -> String {
    let total = live_ply.to_string();
    match shown_ply
        .checked_sub(1)
        .and_then(|index| record.get(index as usize).map(|played| (index, played)))
    {
        None => t.fmt("replay.viewing_start", &[("total", &total)]),
        Some((index, played)) => t.fmt(
            "replay.viewing",
            &[
                (
                    "move",
                    &numbered_line(index as usize, [played.display.as_str()]),
                ),
                ("ply", &shown_ply.to_string()),
                ("total", &total),
            ],
        ),
    }
}

/// The position after `ply` moves of `detail` (the live one when `ply` is the end).
pub(crate) fn position_at(detail: &GameDetail, ply: u32) -> Result<AnyGame, AppError> {
    if ply >= detail.game.ply() {
        return Ok(detail.game.clone());
    }
    let moves: Vec<&str> = detail.game.moves().take(ply as usize).collect();
    AnyGame::replay(detail.variant(), detail.game.setup().clone(), moves)
        .map_err(AppError::internal)
}

/// The key the game page's board is kept rendered under: the game, its ply and the ply
/// shown (moves are never taken back, so these name the position and whether it is the
/// live one), whether the viewer may move, their colour, the language and the query
/// (the view and the selection so far). `None` for a query too long to be worth keeping,
/// so a flood of odd queries cannot fill the store with large keys.
fn board_key(
    detail: &GameDetail,
    shown_ply: u32,
    options: &BoardOptions,
    t: &Tr,
) -> Option<String> {
    const MAX_QUERY: usize = 96;
    let query_len: usize = options
        .query
        .iter()
        .map(|(k, v)| k.len() + v.len() + 2)
        .sum();
    if query_len > MAX_QUERY {
        return None;
    }
    let mut key = format!(
        "{}/{}/{shown_ply}/{}{}/{}?",
        detail.id,
        detail.game.ply(),
        u8::from(options.interactive),
        match options.viewer {
            Some(Color::White) => "w",
            Some(Color::Black) => "b",
            None => "-",
        },
        t.lang.code(),
    );
    for (name, value) in &options.query {
        key.push_str(name);
        key.push('=');
        key.push_str(value);
        key.push('&');
    }
    Some(key)
}

/// The game page's board as HTML: kept under `key` for a second (a game watched by many,
/// or a page reloaded, renders it once), else built and rendered, and kept.
fn rendered_board(
    state: &Services,
    key: Option<String>,
    shown: &AnyGame,
    options: &BoardOptions,
    t: &Tr,
) -> Result<Arc<String>, AppError> {
    let boards = &state.events.snapshots().boards;
    let ticket = match key.as_deref().map(|key| boards.get(key)) {
        Some(Ok(html)) => return Ok(html),
        Some(Err(ticket)) => Some(ticket),
        None => None,
    };
    let html = board::render(&board::build(shown, options, t), t).map_err(AppError::internal)?;
    let html = Arc::new(html);
    if let (Some(key), Some(ticket)) = (key, ticket) {
        boards.keep(ticket, key, html.clone());
    }
    Ok(html)
}

fn build_page(
    state: &Services,
    ctx: Ctx,
    detail: &GameDetail,
    query: &GameQuery,
    message: String,
    extras: ViewerExtras,
) -> Result<GamePage, AppError> {
    let t = ctx.t;
    let live_ply = detail.game.ply();
    let shown_ply = query.ply.unwrap_or(live_ply).min(live_ply);
    let live = shown_ply == live_ply;
    let shown = position_at(detail, shown_ply)?;
    let viewer = ctx.user.as_ref().and_then(|user| detail.color_of(&user.id));
    let interactive = live && viewer.is_some() && detail.to_move() == viewer;
    let base = format!("/games/{}", detail.id);
    let flip = query.flip.is_some();
    let options = BoardOptions {
        query: query.params.clone(),
        flip,
        attacks: query.attacks.is_some(),
        interactive,
        viewer,
        base: if live {
            base.clone()
        } else {
            format!("{base}?ply={shown_ply}")
        },
        form: BoardForm {
            action: format!("{base}/move"),
            get: false,
            fields: vec![("ply".to_owned(), shown_ply.to_string())],
        },
    };
    let board = rendered_board(
        state,
        board_key(detail, shown_ply, &options, &t),
        &shown,
        &options,
        &t,
    )?;
    let view = |ply: u32| {
        let mut href = if ply == live_ply {
            base.clone()
        } else {
            format!("{base}?ply={ply}")
        };
        if flip {
            href.push_str(if href.contains('?') {
                "&flip=1"
            } else {
                "?flip=1"
            });
        }
        href
    };
    let record = detail.game.record();
    let moves = record
        .chunks(2)
        .enumerate()
        .map(|(index, pair)| {
            let ply_of = |offset: usize| u32::try_from(index * 2 + offset + 1).unwrap_or(u32::MAX);
            let entry = |offset: usize, display: &str| {
                let ply = ply_of(offset);
                (display.to_owned(), view(ply), ply == shown_ply)
            };
            MovePair {
                number: index + 1,
                white: entry(0, &pair[0].display),
                black: pair.get(1).map(|played| entry(1, &played.display)),
            }
        })
        .collect();
    let replay = vec![
        ReplayLink {
            key: "replay.first",
            nav: "first",
            href: if shown_ply > 0 {
                view(0)
            } else {
                String::new()
            },
        },
        ReplayLink {
            key: "replay.prev",
            nav: "prev",
            href: if shown_ply > 0 {
                view(shown_ply - 1)
            } else {
                String::new()
            },
        },
        ReplayLink {
            key: "replay.next",
            nav: "next",
            href: if live {
                String::new()
            } else {
                view(shown_ply + 1)
            },
        },
        ReplayLink {
            key: "replay.last",
            nav: "last",
            href: if live { String::new() } else { view(live_ply) },
        },
    ];
    let mut actions = Vec::new();
    let mut push = |action: GameAction, key: &str| {
        actions.push(ActionButton {
            action: action.as_str(),
            text: t.get(key).to_owned(),
        });
    };
    let active = detail.status == GameStatus::Active;
    // The computer takes no draw offer or pause, and needs no time given.
    let against_computer = detail.computer().is_some();
    if let (Some(color), true) = (viewer, active) {
        match detail.draw_offer {
            Some(offerer) if offerer != color => {
                push(GameAction::AcceptDraw, "action.draw_accept");
                push(GameAction::DeclineDraw, "action.draw_decline");
            }
            Some(_) => {}
            None if against_computer => {}
            None => push(GameAction::OfferDraw, "action.draw_offer"),
        }
        if detail.to_move() == Some(color) && !detail.game.draw_claims().is_empty() {
            push(GameAction::ClaimDraw, "action.draw_claim");
        }
        // A tournament game is never aborted (it would leave its round without a result).
        if live_ply < 2 && detail.source != GameSource::Tournament {
            push(GameAction::Abort, "action.abort");
        }
        let now = state.now();
        let timed = detail.deadline.is_some();
        let paused = detail.pause.is_some_and(|(_, until)| until > now);
        if timed && !paused && !against_computer {
            if detail.to_move() == Some(color.other())
                && detail.time_gifts[bank_index(color)] < MAX_TIME_GIFTS
            {
                push(GameAction::GiveTime, "action.give_time");
            }
            match detail.pause_offer {
                Some(asker) if asker != color => {
                    push(GameAction::AcceptPause, "action.pause_accept");
                    push(GameAction::DeclinePause, "action.pause_decline");
                }
                Some(_) => {}
                None if detail.pauses_agreed < MAX_PAUSES => {
                    push(GameAction::OfferPause, "action.pause_offer");
                }
                None => {}
            }
        }
    }
    let status = if active {
        let side = detail.to_move().map_or("", |c| t.get(side_key(c)));
        let mut text = t.fmt("game.to_move", &[("color", side)]);
        if interactive {
            text = format!("{text} \u{2014} {}", t.get("game.your_move"));
        }
        text
    } else {
        end_text(&t, detail)
    };
    let deadline = match (active, detail.deadline) {
        (true, Some(deadline)) => t.fmt(
            "game.deadline",
            &[
                ("when", &deadline_text(deadline)),
                (
                    "left",
                    &time_left(&t, detail.time_left_to_move(state.now())),
                ),
            ],
        ),
        _ => String::new(),
    };
    let time_control = clock_text(&t, detail.time_control, detail.stop_rules);
    let clocks = clock_lines(&t, detail, state.now());
    let scores = scores_text(&t, &shown);
    let mut draw_offer = match (active, detail.draw_offer) {
        (true, Some(color)) => t.fmt("game.draw_offered", &[("color", t.get(color_key(color)))]),
        _ => String::new(),
    };
    if let (true, Some(color)) = (active, detail.pause_offer) {
        if !draw_offer.is_empty() {
            draw_offer.push(' ');
        }
        draw_offer.push_str(&t.fmt("game.pause_offered", &[("color", t.get(side_key(color)))]));
    }
    let last_played = shown_ply
        .checked_sub(1)
        .and_then(|index| record.get(index as usize));
    let pass = pass_text(&t, &shown, last_played);
    let last_move = last_played
        .filter(|played| played.text != "pass")
        .or_else(|| {
            // A forced pass: the move before it is the one played.
            shown_ply
                .checked_sub(2)
                .and_then(|index| record.get(index as usize))
        });
    let announce = [
        last_move.map_or_else(String::new, |played| {
            t.fmt("game.announce_last", &[("move", &played.display)])
        }),
        pass.clone(),
        status.clone(),
    ]
    .into_iter()
    .filter(|part| !part.is_empty())
    .collect::<Vec<_>>()
    .join(" ");
    Ok(GamePage {
        tournament_href: match (detail.source, &detail.source_id) {
            (GameSource::Tournament, Some(tournament)) => format!("/tournaments/{tournament}"),
            _ => String::new(),
        },
        id: detail.id.clone(),
        variant_id: detail.variant().as_str(),
        variant: t.get(&variant_key(detail.variant())).to_owned(),
        white: detail.white.clone(),
        black: detail.black.clone(),
        white_badge: computer_badge(&t, computer::level_of(&detail.white_id, detail.white_kind)),
        black_badge: computer_badge(&t, computer::level_of(&detail.black_id, detail.black_kind)),
        white_bot: detail.white_kind.is_bot(),
        black_bot: detail.black_kind.is_bot(),
        status,
        deadline,
        time_control,
        serial_timeout: if detail.serial_timeout {
            t.get("game.serial_timeout").to_owned()
        } else {
            String::new()
        },
        clocks,
        scores,
        draw_offer,
        message,
        moves,
        board,
        replay,
        viewing: if live {
            String::new()
        } else {
            viewing_text(&t, record, shown_ply, live_ply)
        },
        live_href: view(live_ply),
        analysis_href: if shown_ply == live_ply {
            format!("{base}/analysis")
        } else {
            format!("{base}/analysis?ply={shown_ply}")
        },
        actions,
        confirm_resign: query.confirm.as_deref() == Some("resign") && viewer.is_some() && active,
        resign_href: if viewer.is_some() && active {
            format!("{base}?confirm=resign")
        } else {
            String::new()
        },
        live_ply,
        live_state: detail.event().state_id(),
        record_href: format!("{base}/record"),
        svg_href: format!("{base}.svg?ply={shown_ply}"),
        kind: t
            .get(if detail.rated {
                "lobby.rated"
            } else if detail.computer().is_some() {
                "computer.game_kind"
            } else {
                "lobby.casual"
            })
            .to_owned(),
        white_rating: detail
            .rating_change
            .map(|change| change_text(change.white))
            .unwrap_or_default(),
        black_rating: detail
            .rating_change
            .map(|change| change_text(change.black))
            .unwrap_or_default(),
        next_game: extras.next_game.unwrap_or_default(),
        confirm_moves: ctx.user.is_some() && extras.play.confirm_moves,
        your_turn: viewer.is_some() && detail.to_move() == viewer,
        pass,
        announce,
        chat: extras.chat,
        conditional: extras.conditional,
        ctx,
    })
}

/// The SVG query.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SvgQuery {
    ply: Option<u32>,
    flip: Option<String>,
}

/// `GET /games/{id}` (the page) and `GET /games/{id}.svg` (the image).
pub(crate) async fn page(
    State(state): State<Services>,
    ctx: PendingCtx,
    Path(id): Path<String>,
    Query(mut query): Query<GameQuery>,
    Query(params): Query<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    query.params = params;
    if let Some(id) = id.strip_suffix(".svg") {
        let detail = game::shown(&state, id).await?;
        let svg_query = SvgQuery {
            ply: query.ply,
            flip: query.flip,
        };
        let shown = position_at(&detail, svg_query.ply.unwrap_or(u32::MAX))?;
        let image = svg::render(
            &shown.board(),
            shown.family() == Family::Reversi,
            svg_query.flip.is_some(),
            shown.checked_king(),
        );
        return Ok((
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("image/svg+xml"),
                ),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            image,
        )
            .into_response());
    }
    let now = state.now();
    let pages = &state.events.snapshots().game_pages;
    let kept = rendered_key(&ctx, &id).map(|(key, viewer)| {
        let current = |page: &RenderedGamePage| still_current(&state, &id, &viewer, page, now);
        (pages.get_if(key.as_str(), current), key)
    });
    let ticket = match kept {
        Some((Ok(page), _)) => return Ok(Html(page.html.clone()).into_response()),
        Some((Err(ticket), key)) => Some((ticket, key)),
        None => None,
    };
    let (ctx, detail, mut extras, sources) = game_and_extras(&state, ctx, &id).await?;
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
/// key, or every guest), the language and the address; with the session's viewer key.
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
        "{} {} {here}",
        viewer.as_deref().unwrap_or("guest"),
        ctx.t().lang.code()
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
    let snapshots = state.events.snapshots();
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

async fn page_with(
    state: &Services,
    ctx: Ctx,
    id: &str,
    status: StatusCode,
    adjust: impl FnOnce(&mut ViewerExtras),
) -> Result<Response, AppError> {
    let (ctx, detail, mut extras, _) = game_and_extras(state, PendingCtx::Ready(ctx), id).await?;
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

/// A move or action form: what it carries besides the move.
#[derive(Debug, Deserialize)]
pub(crate) struct MoveForm {
    #[serde(rename = "move", default)]
    move_text: String,
    #[serde(default)]
    ply: String,
    /// The board was turned: so is the page after the move.
    #[serde(default)]
    flip: Option<String>,
    /// Attacked squares were shaded: so they are after the move.
    #[serde(default)]
    attacks: Option<String>,
}

impl MoveForm {
    /// The page's view settings the form carried, as a query (`?flip=1&attacks=1`, or
    /// empty).
    fn view_query(&self) -> String {
        let mut query = Vec::new();
        if self.flip.is_some() {
            query.push("flip=1");
        }
        if self.attacks.is_some() {
            query.push("attacks=1");
        }
        if query.is_empty() {
            String::new()
        } else {
            format!("?{}", query.join("&"))
        }
    }

    /// The game page's query with those view settings.
    fn view(&self) -> GameQuery {
        GameQuery {
            flip: self.flip.clone(),
            attacks: self.attacks.clone(),
            ..GameQuery::default()
        }
    }
}

/// Renders the fresh game with the error's message, for a refused move or action (a
/// stale page gets the new board, never a wrong move).
async fn refused(
    state: &Services,
    ctx: Ctx,
    id: &str,
    error: &AppError,
    view: &GameQuery,
) -> Result<Response, AppError> {
    let (ctx, detail, extras, _) = game_and_extras(state, PendingCtx::Ready(ctx), id).await?;
    let key = format!("error.{}", error.code());
    let message = if ctx.t.has(&key) {
        ctx.t.get(&key).to_owned()
    } else {
        error.message()
    };
    let page = build_page(state, ctx, &detail, view, message, extras)?;
    Ok((error.status(), render(&page)?).into_response())
}

/// A bot account plays through the bot API only: the forms refuse it.
fn bot_refused(user: &User) -> Option<AppError> {
    (user.kind == AccountKind::Bot).then(|| {
        AppError::forbidden(
            "bot_plays_through_api",
            "a bot account plays through the bot API (`/api/bot/…`), not the site's forms",
        )
    })
}

fn stale(seen: &str, current: u32) -> Option<AppError> {
    (seen.parse::<u32>().ok() != Some(current)).then(|| {
        AppError::conflict(
            "stale_ply",
            format!("the game is at ply {current}, not {seen}"),
        )
    })
}

/// `POST /games/{id}/move`: plays the move for the signed-in player at the ply the page
/// showed; back to the game, or on to the next game where it is their turn when their
/// `after_move` setting says so and there is one.
pub(crate) async fn play(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<MoveForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    if let Some(error) = bot_refused(&user) {
        return refused(&state, ctx, &id, &error, &form.view()).await;
    }
    let Ok(seen) = form.ply.parse::<u32>() else {
        let detail = game::get(&state, &id).await?;
        let error = stale(&form.ply, detail.game.ply())
            .unwrap_or_else(|| AppError::invalid("invalid_form", "ply"));
        return refused(&state, ctx, &id, &error, &form.view()).await;
    };
    match game::play_move(&state, &user, &id, form.move_text.trim(), seen).await {
        Ok(_) => {
            let next = match settings::play_settings(&state, &user).await?.after_move {
                AfterMove::NextGame => game::next_for_user(&state, &user, Some(&id)).await?,
                AfterMove::Stay => None,
            };
            // Straight on to another game, or back to this one as the player left it.
            Ok(see_other(&match next {
                Some(next) => format!("/games/{next}"),
                None => format!("/games/{id}{}", form.view_query()),
            }))
        }
        Err(error)
            if error.status() == StatusCode::NOT_FOUND || error.status().is_server_error() =>
        {
            Err(error)
        }
        Err(error) => refused(&state, ctx, &id, &error, &form.view()).await,
    }
}

/// `POST /games/{id}/action/{action}`: resign, abort, draw offer / accept / decline /
/// claim, at the ply the page showed (the domain checks it).
pub(crate) async fn action(
    State(state): State<Services>,
    ctx: Ctx,
    Path((id, action)): Path<(String, String)>,
    Form(form): Form<MoveForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let action: GameAction = action.parse().map_err(|_| AppError::NotFound("action"))?;
    if let Some(error) = bot_refused(&user) {
        return refused(&state, ctx, &id, &error, &form.view()).await;
    }
    let result = match form.ply.parse::<u32>() {
        Ok(seen) => game::act(&state, &user, &id, action, Some(seen)).await,
        Err(_) => {
            let detail = game::get(&state, &id).await?;
            Err(stale(&form.ply, detail.game.ply())
                .unwrap_or_else(|| AppError::invalid("invalid_form", "ply")))
        }
    };
    match result {
        Ok(_) => Ok(see_other(&format!("/games/{id}"))),
        Err(error) if error.status().is_server_error() => Err(error),
        Err(error) => refused(&state, ctx, &id, &error, &form.view()).await,
    }
}

/// `GET /games/{id}/record`: a download; with the chat once the game has ended, for
/// those who may read it, and the conditional lines pending at the end.
pub(crate) async fn record(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let detail = game::shown(&state, &id).await?;
    let text = domain::game::export::record_for(&state, ctx.user.as_ref(), &detail).await?;
    let (kind, extension) = if detail.variant() == Variant::Chess {
        ("application/x-chess-pgn", "pgn")
    } else {
        ("text/plain; charset=utf-8", "txt")
    };
    let disposition = format!(
        "attachment; filename=\"{}-{id}.{extension}\"",
        detail.variant().as_str()
    );
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).map_err(AppError::internal)?,
            ),
        ],
        text,
    )
        .into_response())
}

/// Whose side a colour is, for templates.
#[must_use]
pub fn side_class(color: Color) -> &'static str {
    color.fold("white", "black")
}

#[cfg(test)]
mod tests {
    use super::*;
    use vocab::i18n::Lang;

    #[test]
    fn the_result_says_who_won_and_how_in_both_languages() {
        let en = Tr::new(Lang::En);
        let et = Tr::new(Lang::Et);
        let mate = Some(EndReason::Board(rules::EndReason::Checkmate));
        assert_eq!(
            outcome_text(&en, Some(GameResult::BlackWins), mate),
            "Black won by checkmate"
        );
        assert_eq!(
            outcome_text(&et, Some(GameResult::BlackWins), mate),
            "Must võitis matiga"
        );
        assert_eq!(
            outcome_text(&en, Some(GameResult::WhiteWins), Some(EndReason::Timeout)),
            "White won on time"
        );
        assert_eq!(
            outcome_text(&en, Some(GameResult::Draw), Some(EndReason::Agreement)),
            "Draw by agreement"
        );
        assert_eq!(
            outcome_text(&et, Some(GameResult::Draw), Some(EndReason::Agreement)),
            "Viik kokkuleppel"
        );
        // Every reason reads as words in both languages, won or drawn.
        for t in [en, et] {
            for reason in EndReason::all() {
                for result in GameResult::ALL {
                    let text = outcome_text(&t, Some(result), Some(reason));
                    assert!(!text.contains('{') && !text.contains('_'), "{text}");
                }
            }
        }
    }
}
